// Integer width changes: extsi copies the sign bit, extui fills zeros,
// trunci keeps the low bits; index_cast sign-extends into a wider type and
// index_castui zero-extends; bitcast keeps the bits.  Expected values by hand
// (Python for the wide ones).
// RUN: strata-run %s --entry=ext --arg=i8:-1 | FileCheck %s --check-prefix=EXTM1
// EXTM1: i32:-1
// EXTM1-NEXT: i32:255
// RUN: strata-run %s --entry=ext --arg=i8:-128 | FileCheck %s --check-prefix=EXTMIN
// EXTMIN: i32:-128
// EXTMIN-NEXT: i32:128
// RUN: strata-run %s --entry=ext3 --arg=i3:-4 | FileCheck %s --check-prefix=EXT3
// EXT3: i8:-4
// EXT3-NEXT: i8:4
// RUN: strata-run %s --entry=ext128 --arg=i64:-2 | FileCheck %s --check-prefix=EXT128
// EXT128: i128:-2
// EXT128-NEXT: i128:18446744073709551614
// 0x12345678 keeps 0x78 = 120 in i8 and 0x5678 = 22136 in i16.
// RUN: strata-run %s --entry=trunc --arg=i32:0x12345678 | FileCheck %s --check-prefix=TRUNC
// TRUNC: i8:120
// TRUNC-NEXT: i16:22136
// RUN: strata-run %s --entry=trunc --arg=i32:255 | FileCheck %s --check-prefix=TRUNCFF
// TRUNCFF: i8:-1
// TRUNCFF-NEXT: i16:255
// 2^65 + 2^64 + 5 keeps 2^64 + 5 in i65, the sign bit: -2^64 + 5.
// RUN: strata-run %s --entry=trunc65 --arg=i128:55340232221128654853 | FileCheck %s --check-prefix=TRUNC65
// TRUNC65: i65:-18446744073709551611
// RUN: strata-run %s --entry=idx --arg=i32:-5 --arg=index:70000 | FileCheck %s --check-prefix=IDX
// IDX: index:-5
// IDX-NEXT: index:4294967291
// IDX-NEXT: i16:4464
// IDX-NEXT: i16:4464
// RUN: strata-run %s --entry=idx128 --arg=index:-1 | FileCheck %s --check-prefix=IDX128
// IDX128: i128:-1
// IDX128-NEXT: i128:18446744073709551615
// 1.0f is 0x3f800000 = 1065353216; 0x3c00 is f16 1.0.
// RUN: strata-run %s --entry=bits --arg=f32:1 --arg=i16:0x3c00 | FileCheck %s --check-prefix=BITS
// BITS: i32:1065353216
// BITS-NEXT: f16:1{{$}}
// BITS-NEXT: i16:16256

func.func @ext(%a: i8) -> (i32, i32) {
  %s = arith.extsi %a : i8 to i32
  %u = arith.extui %a : i8 to i32
  return %s, %u : i32, i32
}
func.func @ext3(%a: i3) -> (i8, i8) {
  %s = arith.extsi %a : i3 to i8
  %u = arith.extui %a : i3 to i8
  return %s, %u : i8, i8
}
func.func @ext128(%a: i64) -> (i128, i128) {
  %s = arith.extsi %a : i64 to i128
  %u = arith.extui %a : i64 to i128
  return %s, %u : i128, i128
}
func.func @trunc(%a: i32) -> (i8, i16) {
  %0 = arith.trunci %a : i32 to i8
  %1 = arith.trunci %a : i32 to i16
  return %0, %1 : i8, i16
}
func.func @trunc65(%a: i128) -> i65 {
  %0 = arith.trunci %a : i128 to i65
  return %0 : i65
}
func.func @idx(%a: i32, %i: index) -> (index, index, i16, i16) {
  %0 = arith.index_cast %a : i32 to index
  %1 = arith.index_castui %a : i32 to index
  %2 = arith.index_cast %i : index to i16
  %3 = arith.index_castui %i : index to i16
  return %0, %1, %2, %3 : index, index, i16, i16
}
func.func @idx128(%i: index) -> (i128, i128) {
  %0 = arith.index_cast %i : index to i128
  %1 = arith.index_castui %i : index to i128
  return %0, %1 : i128, i128
}
// bf16 1.0 is 0x3f80 = 16256.
func.func @bits(%f: f32, %h: i16) -> (i32, f16, i16) {
  %0 = arith.bitcast %f : f32 to i32
  %1 = arith.bitcast %h : i16 to f16
  %one = arith.constant 1.0 : bf16
  %2 = arith.bitcast %one : bf16 to i16
  return %0, %1, %2 : i32, f16, i16
}
