// A combinational loop is reported with the ops on it.
// RUN: not strata-hwsim %s --stimulus=/dev/null 2>&1 | FileCheck %s
// CHECK: error: '{{comb.(xor|and)}}' op is on a combinational loop: {{comb.(xor|and) comb.(xor|and)}}
// CHECK-DAG: note: 'comb.xor' is on the loop
// CHECK-DAG: note: 'comb.and' is on the loop
hw.module @loop(in %a : i4, out r : i4) {
  %x = comb.xor %a, %y : i4
  %y = comb.and %x, %a : i4
  %z = comb.add %y, %a : i4
  hw.output %z : i4
}
