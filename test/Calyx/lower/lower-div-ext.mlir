// Division and remainder are std_div/rem pipes (signed or not), used like
// the multiplier; extsi has no primitive: zero-extend, then (x ^ m) - m
// with m the sign bit; extui is a std_pad, trunci a std_slice; a local
// memref.alloc is an internal memory (not external).  (trunci takes an
// argument: of %u, canonicalize would fold it back to %r.)
// RUN: strata-opt %s --lower-to-calyx | FileCheck %s
// CHECK-DAG: calyx.std_divs_pipe @divs_pipe_{{[0-9]+}} : i1, i1, i1, i8, i8, i8, i1
// CHECK-DAG: calyx.std_remu_pipe @remu_pipe_{{[0-9]+}} : i1, i1, i1, i8, i8, i8, i1
// CHECK-DAG: %[[PAD:pad_[0-9]+]].in, %[[PAD]].out = calyx.std_pad @[[PAD]] : i8, i16
// CHECK-DAG: %[[XOR:xor_[0-9]+]].left, %[[XOR]].right, %[[XOR]].out = calyx.std_xor @[[XOR]] : i16, i16, i16
// CHECK-DAG: %[[SUB:sub_[0-9]+]].left, %[[SUB]].right, %[[SUB]].out = calyx.std_sub @[[SUB]] : i16, i16, i16
// CHECK-DAG: calyx.std_pad @pad_{{[0-9]+}} : i8, i32
// CHECK-DAG: calyx.std_slice @slice_{{[0-9]+}} : i32, i8
// CHECK-DAG: calyx.memory @mem_{{[0-9]+}} <[4] x 16> [2] : i2, i16, i1, i1, i16, i1
// CHECK-NOT: calyx.memory @mem_{{[0-9]+}} {{.*}} {external}
// CHECK-DAG: calyx.assign %[[XOR]].left = %[[PAD]].out : i16
// CHECK-DAG: calyx.assign %[[XOR]].right = %c128_i16 : i16
// CHECK-DAG: calyx.assign %[[SUB]].left = %[[XOR]].out : i16
// CHECK-DAG: calyx.assign %[[SUB]].right = %c128_i16 : i16
func.func @f(%x: i8, %y: i8, %z: i32) -> (i16, i32, i8) {
  %q = arith.divsi %x, %y : i8
  %r = arith.remui %q, %y : i8
  %s = arith.extsi %r : i8 to i16
  %m = memref.alloc() : memref<4xi16>
  %c0 = arith.constant 0 : index
  memref.store %s, %m[%c0] : memref<4xi16>
  %l = memref.load %m[%c0] : memref<4xi16>
  %u = arith.extui %r : i8 to i32
  %t = arith.trunci %z : i32 to i8
  return %l, %u, %t : i16, i32, i8
}
