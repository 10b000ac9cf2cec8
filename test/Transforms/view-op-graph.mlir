// view-op-graph writes the op as Graphviz dot to stderr: a cluster per op
// with regions and per block (each with an invisible anchor node), a node
// per other op and per block argument, then the data-flow edges (operand
// numbers as labels when an op has several).  The IR is unchanged.
// RUN: strata-opt %s --view-op-graph 2>&1 >/dev/null | FileCheck %s
// RUN: strata-opt %s --view-op-graph='print-attrs=false print-result-types=false print-data-flow-edges=false print-control-flow-edges=true' 2>&1 >/dev/null | FileCheck %s --check-prefix=CTRL
// RUN: strata-opt %s --view-op-graph='max-label-len=3' 2>&1 >/dev/null | FileCheck %s --check-prefix=CUT

// CHECK:      digraph G {
// CHECK-NEXT:   compound = true;
// CHECK-NEXT:   subgraph cluster_1 {
// CHECK-NEXT:     v2 [label = " ", shape = plain];
// CHECK-NEXT:     label = "builtin.module : ()\n";
// CHECK-NEXT:     subgraph cluster_3 {
// CHECK-NEXT:       v4 [label = " ", shape = plain];
// CHECK-NEXT:       label = "";
// CHECK-NEXT:       subgraph cluster_5 {
// CHECK-NEXT:         v6 [label = " ", shape = plain];
// CHECK-NEXT:         label = "func.func : ()\n\nfunction_type: (i32, i32) -> i32\nsym_name: \"f\"";
// CHECK-NEXT:         subgraph cluster_7 {
// CHECK-NEXT:           v8 [label = " ", shape = plain];
// CHECK-NEXT:           label = "";
// CHECK-NEXT:           v9 [label = "arg0", shape = ellipse];
// CHECK-NEXT:           v10 [label = "arg1", shape = ellipse];
// CHECK-NEXT:           v11 [label = "arith.constant : (i32)\n\nvalue: 7 : i32", shape = ellipse];
// CHECK-NEXT:           v12 [label = "arith.addi : (i32)\n", shape = ellipse];
// CHECK-NEXT:           v13 [label = "arith.muli : (i32)\n", shape = ellipse];
// CHECK-NEXT:           v14 [label = "func.return : ()\n", shape = ellipse];
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   v9 -> v12 [label = "0", style = solid];
// CHECK-NEXT:   v10 -> v12 [label = "1", style = solid];
// CHECK-NEXT:   v12 -> v13 [label = "0", style = solid];
// CHECK-NEXT:   v11 -> v13 [label = "1", style = solid];
// CHECK-NEXT:   v13 -> v14 [label = "", style = solid];
// CHECK-NEXT: }

// CTRL:      label = "func.func";
// CTRL:      v11 [label = "arith.constant", shape = ellipse];
// CTRL-NOT:  v9 ->
// CTRL:      v11 -> v12 [label = "", style = dashed];
// CTRL-NEXT: v12 -> v13 [label = "", style = dashed];
// CTRL-NEXT: v13 -> v14 [label = "", style = dashed];
// CTRL-NEXT: }

// CUT: label = "func.func : ()\n\nfunction_type: (i3...\nsym_name: \"f\""
func.func @f(%a: i32, %b: i32) -> i32 {
  %c = arith.constant 7 : i32
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %0, %c : i32
  return %1 : i32
}
