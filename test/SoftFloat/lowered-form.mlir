// After arith-soft-float no float op is left: only integer arith ops, with
// arith.bitcast f32 -> i32 right after each f32 value the pass does not own
// (arguments, loop-carried values) and i32 -> f32 where an f32 is still
// read (returned, yielded); integer ops on the bits include an i64 muli,
// and no divider (divf divides bit by bit).  Integers and f64 outside arith
// (func) are left alone.
// RUN: strata-opt --arith-soft-float %s | FileCheck %s --implicit-check-not=arith.divui --implicit-check-not=arith.addf --implicit-check-not=arith.subf --implicit-check-not=arith.mulf --implicit-check-not=arith.divf --implicit-check-not=arith.maximumf --implicit-check-not=arith.minnumf --implicit-check-not=arith.cmpf --implicit-check-not=arith.negf --implicit-check-not=arith.sitofp --implicit-check-not=arith.fptoui --implicit-check-not=arith.select{{.*}}f32 --implicit-check-not=arith.constant{{.*}}f32

// CHECK-LABEL: func.func @all
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[N:.*]]: i16)
// CHECK-DAG: arith.bitcast %[[X]] : f32 to i32
// CHECK-DAG: arith.bitcast %[[Y]] : f32 to i32
// CHECK: arith.muli {{.*}} : i64
// CHECK: arith.extsi %[[N]] : i16 to i32
// CHECK: %[[R:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK: return %[[R]], %{{.*}}, %{{.*}} : f32, i1, i8
func.func @all(%x: f32, %y: f32, %n: i16) -> (f32, i1, i8) {
  %a = arith.addf %x, %y : f32
  %s = arith.subf %a, %y : f32
  %m = arith.mulf %s, %x : f32
  %d = arith.divf %m, %y : f32
  %big = arith.maximumf %d, %x : f32
  %small = arith.minnumf %big, %y : f32
  %neg = arith.negf %small : f32
  %f = arith.sitofp %n : i16 to f32
  %c = arith.cmpf olt, %neg, %f : f32
  %k = arith.constant -0.0 : f32
  %sel = arith.select %c, %neg, %k : f32
  %i = arith.fptoui %x : f32 to i8
  return %sel, %c, %i : f32, i1, i8
}

// A loop-carried f32: read as bits at the top of the body, yielded as f32.
// CHECK-LABEL: func.func @loop
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32)
// CHECK-NEXT: arith.bitcast %[[ACC]] : f32 to i32
// CHECK: %[[NEXT:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK-NEXT: scf.yield %[[NEXT]] : f32
func.func @loop(%x: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f32) {
    %t = arith.mulf %acc, %acc : f32
    scf.yield %t : f32
  }
  return %r : f32
}

// Nothing to do: integer arith and non-arith f64 stay as they are.
// CHECK-LABEL: func.func @ints
// CHECK-NEXT: arith.addi %{{.*}} : i32
// CHECK-NEXT: return
func.func @ints(%a: i32, %g: f64) -> (i32, f64) {
  %s = arith.addi %a, %a : i32
  return %s, %g : i32, f64
}
