// The generic op form: operands, results (single, multiple, groups),
// successors, regions with and without entry arguments, block labels,
// forward references, attribute dictionaries and properties.  Values and
// blocks are renumbered as MLIR numbers them: %argN for entry block
// arguments, %N in order of definition with nested regions numbered after
// their parent region, ^bbN per region.  Every print here is mlir-opt-14's
// too, except for the properties block (which MLIR 14 did not have).
// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: bash %S/Inputs/fixed-point.sh strata-opt %s %t --allow-unregistered-dialect

// GENERIC: "builtin.module"() ({

// CHECK-LABEL: "u.operands"
// CHECK-NEXT: %[[A:.*]] = "u.def"() : () -> i32
// CHECK-NEXT: %{{.*}} = "u.add"(%[[A]], %[[A]]) {note = "x"} : (i32, i32) -> i32
// CHECK-NEXT: "u.none"() : () -> ()
"u.operands"() : () -> ()
%a = "u.def"() : () -> i32
%sum = "u.add"(%a, %a) {note = "x"} : (i32, i32) -> i32
"u.none"() : () -> ()

// Several results: one name and a count, uses with #index; a list of names
// prints as one group too.
// CHECK-LABEL: "u.results"
// CHECK-NEXT: %[[R:.*]]:3 = "u.three"() : () -> (i1, i8, i32)
// CHECK-NEXT: "u.use"(%[[R]]#2, %[[R]]#0, %[[R]]#1) : (i32, i1, i8) -> ()
// CHECK-NEXT: %[[S:.*]]:2 = "u.two"() : () -> (f32, f64)
// CHECK-NEXT: "u.use"(%[[S]]#1, %[[S]]#0) : (f64, f32) -> ()
// CHECK-NEXT: %{{.*}} = "u.fn"() : () -> ((i32) -> i32)
"u.results"() : () -> ()
%r:3 = "u.three"() : () -> (i1, i8, i32)
"u.use"(%r#2, %r#0, %r#1) : (i32, i1, i8) -> ()
%s, %t = "u.two"() : () -> (f32, f64)
"u.use"(%t, %s) : (f64, f32) -> ()
%fn = "u.fn"() : () -> ((i32) -> i32)
// A single result of function type keeps its parentheses in both forms.
// GENERIC-LABEL: "u.fn"() : () -> ((i32) -> i32)

// Regions: entry arguments, several blocks with arguments, successors
// (with a predecessor comment), forward references to blocks and to values
// defined in a block that dominates the use but comes later in the text.
// CHECK-LABEL: "u.cfg"() ({
// CHECK-NEXT: ^bb0(%arg0: i32, %arg1: f32):
// CHECK-NEXT:   %[[M:.*]]:2 = "u.multi"(%arg0) : (i32) -> (i32, f32)
// CHECK-NEXT:   "u.br"()[^bb2] : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb2
// CHECK-NEXT:   "u.use"(%[[FWD:.*]], %[[M]]#1) : (i32, f32) -> ()
// CHECK-NEXT:   "u.br"()[^bb3] : () -> ()
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   %[[FWD]] = "u.def"() : () -> i32
// CHECK-NEXT:   "u.cond_br"(%arg0)[^bb1, ^bb3] : (i32) -> ()
// CHECK-NEXT: ^bb3:  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:   "u.ret"(%arg1) : (f32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: }, {
// CHECK-NEXT:   "u.no_args"() : () -> ()
// CHECK-NEXT: }) {attr = 1 : i64} : () -> ()
"u.cfg"() ({
^entry(%x: i32, %y: f32):
  %m:2 = "u.multi"(%x) : (i32) -> (i32, f32)
  "u.br"()[^def] : () -> ()
^use:
  "u.use"(%fwd, %m#1) : (i32, f32) -> ()
  "u.br"()[^exit] : () -> ()
^def:
  %fwd = "u.def"() : () -> i32
  "u.cond_br"(%x)[^use, ^exit] : (i32) -> ()
^exit:
  "u.ret"(%y) : (f32) -> ()
}, {
}, {
  "u.no_args"() : () -> ()
}) {attr = 1} : () -> ()

// Block arguments of later blocks are numbered values; a block used as a
// successor of its own terminator counts as its own predecessor.
// CHECK-LABEL: "u.loop"() ({
// CHECK-NEXT:   "u.br"()[^bb1] : () -> ()
// CHECK-NEXT: ^bb1(%[[B:.*]]: index):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:   "u.loop_br"(%[[B]])[^bb1, ^bb2] : (index) -> ()
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT:   "u.ret"() : () -> ()
"u.loop"() ({
  "u.br"()[^head] : () -> ()
^head(%i: index):
  "u.loop_br"(%i)[^head, ^done] : (index) -> ()
^done:
  "u.ret"() : () -> ()
}) : () -> ()

// An empty block shows its label only in the generic form (the custom form
// of builtin.module prints no ^bb0 for an empty body); an unreachable block
// says it has no predecessors.
// CHECK-LABEL: "u.empty_block"() ({
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: module {
// CHECK-NEXT: }
// GENERIC-LABEL: "u.empty_block"() ({
// GENERIC-NEXT: ^bb0:
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT: ^bb0:
// GENERIC-NEXT: }) : () -> ()
"u.empty_block"() ({
^bb0:
}) : () -> ()
"builtin.module"() ({
^bb0:
}) : () -> ()
// CHECK-LABEL: "u.unreachable"() ({
// CHECK-NEXT:   "u.ret"() : () -> ()
// CHECK-NEXT: ^bb1:  // no predecessors
// CHECK-NEXT:   "u.ret"() : () -> ()
"u.unreachable"() ({
  "u.ret"() : () -> ()
^dead:
  "u.ret"() : () -> ()
}) : () -> ()

// Values defined above a region are visible inside it; nested regions
// number their values after those of the enclosing region, and sibling
// regions reuse the same numbers.
// CHECK-LABEL: "u.nest"
// CHECK-NEXT: %[[OUT:[0-9]+]] = "u.outer"() : () -> i32
// CHECK-NEXT: "u.wrap"() ({
// CHECK-NEXT:   %[[IN:[0-9]+]] = "u.inner"(%[[OUT]]) : (i32) -> i32
// CHECK-NEXT:   "u.wrap"() ({
// CHECK-NEXT:   ^bb0(%arg0: i32):
// CHECK-NEXT:     "u.use"(%[[IN]], %arg0) : (i32, i32) -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT:   %[[IN]] = "u.inner2"() : () -> i32
// CHECK-NEXT: }) : () -> ()
"u.nest"() : () -> ()
%out = "u.outer"() : () -> i32
"u.wrap"() ({
  %in = "u.inner"(%out) : (i32) -> i32
  "u.wrap"() ({
  ^bb0(%arg: i32):
    "u.use"(%in, %arg) : (i32, i32) -> ()
  }) : () -> ()
}, {
  %in2 = "u.inner2"() : () -> i32
}) : () -> ()

// A properties block <{...}> is read into the attribute dictionary (the
// generic printer never writes one).  Attribute values of every kind.
// CHECK-LABEL: "u.props"() {a = 2 : i64, p = 1 : i32, q = "x"} : () -> ()
"u.props"() <{p = 1 : i32, q = "x"}> {a = 2} : () -> ()
// CHECK-LABEL: "u.props_only"() {p = [1, 2]} : () -> ()
"u.props_only"() <{p = [1, 2]}> : () -> ()
// CHECK-LABEL: "u.attrs"
// CHECK-SAME: {array = [1, "two", 3.000000e+00 : f32], dict = {k}, flag, sym = @s::@t, type = tensor<?xf32>, unit_attr}
"u.attrs"() {array = [1, "two", 3.0 : f32], dict = {k = unit}, flag, sym = @s::@t, type = tensor<?xf32>, unit_attr = unit} : () -> ()
