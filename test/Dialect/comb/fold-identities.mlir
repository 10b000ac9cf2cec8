// comb's identities fold to an operand or a constant: x+0, x*1, x&~0, x|0,
// x^0, x-0, shifts by 0, x/1, x&0, x|~0, x*0, x&x, x|x, x^x, x-x, icmp of
// a value with itself, full-width extract, one-operand ops.
// RUN: strata-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: hw.module @identities
// CHECK-DAG: %[[Z:.*]] = hw.constant 0 : i8
// CHECK-DAG: %[[ONES:.*]] = hw.constant -1 : i8
// CHECK-DAG: %[[T:.*]] = hw.constant true
// CHECK-DAG: %[[F:.*]] = hw.constant false
// CHECK:     hw.output %x, %x, %x, %x, %x, %x, %x, %x, %x, %[[Z]], %[[ONES]], %[[Z]], %x, %x, %[[Z]], %[[Z]], %[[T]], %[[F]], %x, %x, %x, %x
hw.module @identities(in %x : i8, out o0 : i8, out o1 : i8, out o2 : i8, out o3 : i8, out o4 : i8, out o5 : i8,
                      out o6 : i8, out o7 : i8, out o8 : i8, out o9 : i8, out o10 : i8, out o11 : i8, out o12 : i8,
                      out o13 : i8, out o14 : i8, out o15 : i8, out o16 : i1, out o17 : i1, out o18 : i8,
                      out o19 : i8, out o20 : i8, out o21 : i8) {
  %c0 = hw.constant 0 : i8
  %c1 = hw.constant 1 : i8
  %cm1 = hw.constant -1 : i8
  %0 = comb.add %x, %c0 : i8
  %1 = comb.mul %x, %c1 : i8
  %2 = comb.and %x, %cm1 : i8
  %3 = comb.or %x, %c0 : i8
  %4 = comb.xor %x, %c0 : i8
  %5 = comb.sub %x, %c0 : i8
  %6 = comb.shl %x, %c0 : i8
  %7 = comb.shru %x, %c0 : i8
  %8 = comb.divu %x, %c1 : i8
  %9 = comb.and %x, %c0 : i8
  %10 = comb.or %x, %cm1 : i8
  %11 = comb.mul %x, %c0 : i8
  %12 = comb.and %x, %x : i8
  %13 = comb.or %x, %x : i8
  %14 = comb.xor %x, %x : i8
  %15 = comb.sub %x, %x : i8
  %16 = comb.icmp uge %x, %x : i8
  %17 = comb.icmp ne %x, %x : i8
  %18 = comb.extract %x from 0 : (i8) -> i8
  %19 = comb.concat %x : i8
  %20 = comb.replicate %x : (i8) -> i8
  %21 = comb.add %x : i8
  hw.output %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21 : i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i1, i1, i8, i8, i8, i8
}
