// output_rate(n) (accel.output_rate on the launch loop, issue 24): stages
// that do not unroll x n times are strip-mined into n lanes (x = n*q + l,
// the lane's schedule coefficient 0) when every stage's extent is a
// multiple of n, so @even runs its 8 points in 4 cycles; @odd's extent 7 is
// not, and its graph stays at one point a cycle (the program's RoundUp
// would make it one).
// RUN: strata-opt %s --ub-extract --ub-schedule | FileCheck %s
// CHECK-LABEL: ub.graph @even_ub
// CHECK-DAG: schedule = "{ host_arg0[i0, i1] -> [i0] : 0 <= i0 <= 3 and 0 <= i1 <= 1 }"
// CHECK-DAG: access = "{ buf2[i0, i1] -> arg0[2*i0 + 1*i1] }"
// CHECK-DAG: schedule = "{ host_arg1[i0, i1] -> [i0] : 0 <= i0 <= 3 and 0 <= i1 <= 1 }"
// CHECK-LABEL: ub.graph @odd_ub
// CHECK-DAG: schedule = "{ host_arg0[i0] -> [i0] : 0 <= i0 <= 6 }"
// CHECK-DAG: schedule = "{ host_arg1[i0] -> [i0] : 0 <= i0 <= 6 }"

func.func @even(%in: memref<8xi16>, %out: memref<8xi16>) {
  affine.for %b = 0 to 1 {
    %a = memref.alloc() : memref<8xi16>
    affine.for %x = 0 to 8 {
      %v = affine.load %in[%x] : memref<8xi16>
      affine.store %v, %a[%x] : memref<8xi16>
    }
    affine.for %x = 0 to 8 {
      %v = affine.load %a[%x] : memref<8xi16>
      %w = arith.addi %v, %v : i16
      affine.store %w, %out[%x] : memref<8xi16>
    }
  } {accel.launch = "a", accel.output_rate = 2 : i64}
  return
}
func.func @odd(%in: memref<7xi16>, %out: memref<7xi16>) {
  affine.for %b = 0 to 1 {
    %a = memref.alloc() : memref<7xi16>
    affine.for %x = 0 to 7 {
      %v = affine.load %in[%x] : memref<7xi16>
      affine.store %v, %a[%x] : memref<7xi16>
    }
    affine.for %x = 0 to 7 {
      %v = affine.load %a[%x] : memref<7xi16>
      %w = arith.addi %v, %v : i16
      affine.store %w, %out[%x] : memref<7xi16>
    }
  } {accel.launch = "b", accel.output_rate = 2 : i64}
  return
}
