// A mapped design verifies against its target (plasticine-rda.acg) and
// reads back the same.
// RUN: strata-opt --acg=%strata_src_root/archs/plasticine-rda.acg %S/Inputs/dot-mapped.mlir | FileCheck %s
// RUN: strata-opt --acg=%strata_src_root/archs/plasticine-rda.acg %S/Inputs/dot-mapped.mlir | strata-opt | FileCheck %s

// CHECK: sym_name = "target"
// CHECK: rda.design @dot attributes {lanes = 16 : i64, mapped, target = @target} {
// CHECK: rda.stream {depth = 16 : i64, net = array<i64: 0>, route = [array<i64: 0, -1, 0, 0>], vc = array<i64: -1>} : !rda.stream<vector<16xi32>>
// CHECK: rda.unit dram @ag0 attributes {at = array<i64: 0, -1>, pu = "AG_WEST"} {
// CHECK: rda.unit compute @pcu0 attributes {at = array<i64: 0, 0>, pu = "PCU"} {
