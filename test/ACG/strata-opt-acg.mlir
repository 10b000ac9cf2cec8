// RUN: strata-opt %s --acg=%strata_src_root/archs/toy-dnn.acg | FileCheck %s
// RUN: not strata-opt %s --acg=%S/errors/edge-self.acg 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not strata-opt %S/Inputs/has-target.mlir --acg=%strata_src_root/archs/toy-dnn.acg 2>&1 | FileCheck %s --check-prefix=TAKEN
// --acg=FILE puts the target description first in the module, as @target,
// before any pass runs; a bad description stops the tool with its error.

// CHECK: module {
// CHECK-NEXT: "acg.graph"() ({
// CHECK: "acg.storage"() {{.*}}sym_name = "GSPAD"
// CHECK: }) {class = "dnn", opcode_bits = 4 : i64, sym_name = "target"} : () -> ()
// CHECK-NEXT: func.func @f() {

// BAD: edge-self.acg:8:3: error: 'acg.edge' op edge from 'M' to itself

// TAKEN: error: 'builtin.module' op already holds a symbol named @target; --acg adds one

func.func @f() {
  return
}
