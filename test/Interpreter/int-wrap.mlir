// Integer arithmetic wraps modulo 2^width at every width, also the odd ones
// and those wider than 64 bits.  Expected values: Python big integers
// reduced modulo 2^w and read back as signed.
// RUN: strata-run %s --entry=add_i7 --arg=i7:60 --arg=i7:10 | FileCheck %s --check-prefix=ADD7
// ADD7: i7:-58
// RUN: strata-run %s --entry=sub_i7 --arg=i7:-64 --arg=i7:1 | FileCheck %s --check-prefix=SUB7
// SUB7: i7:63
// RUN: strata-run %s --entry=mul_i7 --arg=i7:12 --arg=i7:11 | FileCheck %s --check-prefix=MUL7
// MUL7: i7:4
// RUN: strata-run %s --entry=add_i1 --arg=i1:1 --arg=i1:1 | FileCheck %s --check-prefix=ADD1
// ADD1: i1:0
// 2^32 - 1 + 2^32 = 2^33 - 1, which is -1 in i33 (2^32 reads as unsigned).
// RUN: strata-run %s --entry=add_i33 --arg=i33:4294967295 --arg=i33:4294967296 | FileCheck %s --check-prefix=ADD33
// ADD33: i33:-1
// RUN: strata-run %s --entry=mul_i33 --arg=i33:100000 --arg=i33:100000 | FileCheck %s --check-prefix=MUL33
// MUL33: i33:1410065408
// The largest i65 plus one: the carry reaches the sign bit in the second word.
// RUN: strata-run %s --entry=add_i65 --arg=i65:18446744073709551615 --arg=i65:1 | FileCheck %s --check-prefix=ADD65
// ADD65: i65:-18446744073709551616
// 3 * 0xAAAAAAAAAAAAAAAB = 2^65 + 1.
// RUN: strata-run %s --entry=mul_i65 --arg=i65:3 --arg=i65:0xAAAAAAAAAAAAAAAB | FileCheck %s --check-prefix=MUL65
// MUL65: i65:1
// RUN: strata-run %s --entry=mul_i65 --arg=i65:-5 --arg=i65:18446744073709551613 | FileCheck %s --check-prefix=MULN65
// MULN65: i65:-18446744073709551601
// RUN: strata-run %s --entry=add_i128 --arg=i128:170141183460469231731687303715884105727 --arg=i128:1 | FileCheck %s --check-prefix=ADD128
// ADD128: i128:-170141183460469231731687303715884105728
// RUN: strata-run %s --entry=sub_i128 --arg=i128:0 --arg=i128:1 | FileCheck %s --check-prefix=SUB128
// SUB128: i128:-1
// RUN: strata-run %s --entry=mul_i128 --arg=i128:0x123456789abcdef0123456789abcdef --arg=i128:0xfedcba9876543210 | FileCheck %s --check-prefix=MUL128
// MUL128: i128:46984172736342910786021214353182788848
// RUN: strata-run %s --entry=add_index --arg=index:9223372036854775807 --arg=index:1 | FileCheck %s --check-prefix=ADDIDX
// ADDIDX: index:-9223372036854775808

func.func @add_i1(%a: i1, %b: i1) -> i1 {
  %r = arith.addi %a, %b : i1
  return %r : i1
}
func.func @add_i7(%a: i7, %b: i7) -> i7 {
  %r = arith.addi %a, %b : i7
  return %r : i7
}
func.func @sub_i7(%a: i7, %b: i7) -> i7 {
  %r = arith.subi %a, %b : i7
  return %r : i7
}
func.func @mul_i7(%a: i7, %b: i7) -> i7 {
  %r = arith.muli %a, %b : i7
  return %r : i7
}
func.func @add_i33(%a: i33, %b: i33) -> i33 {
  %r = arith.addi %a, %b : i33
  return %r : i33
}
func.func @mul_i33(%a: i33, %b: i33) -> i33 {
  %r = arith.muli %a, %b : i33
  return %r : i33
}
func.func @add_i65(%a: i65, %b: i65) -> i65 {
  %r = arith.addi %a, %b : i65
  return %r : i65
}
func.func @mul_i65(%a: i65, %b: i65) -> i65 {
  %r = arith.muli %a, %b : i65
  return %r : i65
}
func.func @add_i128(%a: i128, %b: i128) -> i128 {
  %r = arith.addi %a, %b : i128
  return %r : i128
}
func.func @sub_i128(%a: i128, %b: i128) -> i128 {
  %r = arith.subi %a, %b : i128
  return %r : i128
}
func.func @mul_i128(%a: i128, %b: i128) -> i128 {
  %r = arith.muli %a, %b : i128
  return %r : i128
}
func.func @add_index(%a: index, %b: index) -> index {
  %r = arith.addi %a, %b : index
  return %r : index
}
