// Locations: every form reads and prints back with --print-debuginfo.
// RUN: strata-opt --allow-unregistered-dialect --print-debuginfo %s | FileCheck %s
// RUN: bash %S/Inputs/fixed-point.sh strata-opt %s %t --allow-unregistered-dialect --print-debuginfo
// Without --print-debuginfo no location is printed, except where one is an
// attribute value.
// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s --check-prefix=NODEBUG
// RUN: bash %S/Inputs/fixed-point.sh strata-opt %s %t --allow-unregistered-dialect
//
// Strata prints locations inline.  mlir-opt (14 and current) prints the same
// locations through aliases instead, `loc(#loc3)` with `#loc3 = loc(...)`
// at the end of the output; both forms read the same in either tool.

// NODEBUG-NOT: loc(
// NODEBUG-LABEL: "u.unknown"() : () -> (){{$}}

// CHECK-LABEL: "u.unknown"
// CHECK-SAME: loc(unknown)
"u.unknown"() : () -> () loc(unknown)

// CHECK-LABEL: "u.file"
// CHECK-SAME: loc("a.mlir":1:2)
"u.file"() : () -> () loc("a.mlir":1:2)

// File names are escaped like other strings.
// CHECK-LABEL: "u.file_escaped"
// CHECK-SAME: loc("dir/q\22uote\0A.c":10:20)
"u.file_escaped"() : () -> () loc("dir/q\"uote\n.c":10:20)

// Ranges (current MLIR; MLIR 14 had none): a range on one line prints its
// end column only; one that ends where it starts is the plain location.
// CHECK-LABEL: "u.range"
// CHECK-SAME: loc("r.c":1:2 to 3:4)
"u.range"() : () -> () loc("r.c":1:2 to 3:4)
// CHECK-LABEL: "u.range_line"
// CHECK-SAME: loc("r.c":5:2 to :9)
"u.range_line"() : () -> () loc("r.c":5:2 to 5:9)
// CHECK-LABEL: "u.range_empty"
// CHECK-SAME: loc("r.c":5:2)
"u.range_empty"() : () -> () loc("r.c":5:2 to :2)

// Names, with and without a child location (an unknown child is not
// printed).
// CHECK-LABEL: "u.name"
// CHECK-SAME: loc("x")
"u.name"() : () -> () loc("x")
// CHECK-LABEL: "u.name_child"
// CHECK-SAME: loc("x"("f.c":3:4))
"u.name_child"() : () -> () loc("x"("f.c":3:4))
// CHECK-LABEL: "u.name_unknown"
// CHECK-SAME: loc("x")
"u.name_unknown"() : () -> () loc("x"(unknown))
// CHECK-LABEL: "u.name_nested"
// CHECK-SAME: loc("outer"("inner"("f.c":1:1)))
"u.name_nested"() : () -> () loc("outer"("inner"("f.c":1:1)))

// Call sites nest on both sides.
// CHECK-LABEL: "u.callsite"
// CHECK-SAME: loc(callsite("callee" at "caller.c":5:6))
"u.callsite"() : () -> () loc(callsite("callee" at "caller.c":5:6))
// CHECK-LABEL: "u.callsite_nested"
// CHECK-SAME: loc(callsite("f"("f.c":1:1) at callsite("g.c":2:2 at "h.c":3:3)))
"u.callsite_nested"() : () -> () loc(callsite("f"("f.c":1:1) at callsite("g.c":2:2 at "h.c":3:3)))

// Fused locations, with metadata of any attribute.  As in MLIR they are
// canonical: unknown parts and duplicates are dropped, fused parts with the
// same metadata are flattened, nothing left is unknown (fused<m>[unknown]
// with metadata) and one part without metadata is that part.
// CHECK-LABEL: "u.fused"
// CHECK-SAME: loc(fused["a.c":1:1, "b.c":2:2])
"u.fused"() : () -> () loc(fused["a.c":1:1, "b.c":2:2])
// CHECK-LABEL: "u.fused_meta"
// CHECK-SAME: loc(fused<"m">["a.c":1:1, "b.c":2:2])
"u.fused_meta"() : () -> () loc(fused<"m">["a.c":1:1, "b.c":2:2])
// CHECK-LABEL: "u.fused_meta_dict"
// CHECK-SAME: loc(fused<{k = 1 : i64}>["a.c":1:1, "x"])
"u.fused_meta_dict"() : () -> () loc(fused<{k = 1}>["a.c":1:1, "x"])
// CHECK-LABEL: "u.fused_flat"
// CHECK-SAME: loc(fused["a.c":1:1, "b.c":2:2, "c.c":3:3])
"u.fused_flat"() : () -> () loc(fused["a.c":1:1, unknown, "a.c":1:1, fused["b.c":2:2, "c.c":3:3]])
// CHECK-LABEL: "u.fused_other_meta"
// CHECK-SAME: loc(fused<"m">["a.c":1:1, "b.c":1:1, fused<"n">["c.c":1:1, "d.c":1:1]])
"u.fused_other_meta"() : () -> () loc(fused<"m">["a.c":1:1, fused<"m">["b.c":1:1], fused<"n">["c.c":1:1, "d.c":1:1]])
// CHECK-LABEL: "u.fused_one"
// CHECK-SAME: loc("a.c":1:1)
"u.fused_one"() : () -> () loc(fused["a.c":1:1])
// CHECK-LABEL: "u.fused_none"
// CHECK-SAME: loc(unknown)
"u.fused_none"() : () -> () loc(fused[])
// CHECK-LABEL: "u.fused_meta_none"
// CHECK-SAME: loc(fused<"m">[unknown])
"u.fused_meta_none"() : () -> () loc(fused<"m">[])

// Ops without a location get their place in the input; so do block
// arguments, which print their location after their type.
// CHECK-LABEL: "u.implicit"
// CHECK-SAME: loc("{{.*}}locations.mlir":[[@LINE+1]]:1)
"u.implicit"() : () -> ()
// CHECK-LABEL: "u.region"
// CHECK-NEXT: ^bb0(%arg0: i32 loc("arg.c":1:1), %arg1: f32 loc("{{.*}}locations.mlir":[[@LINE+2]]:32)):
"u.region"() ({
^bb0(%a: i32 loc("arg.c":1:1), %b: f32):
  "u.end"() : () -> () loc("end.c":2:2)
// CHECK-NEXT: "u.end"() : () -> () loc("end.c":2:2)
// CHECK-NEXT: }) : () -> () loc("region.c":9:9)
}) : () -> () loc("region.c":9:9)

// Locations are attributes too, printed with or without --print-debuginfo.
// CHECK-LABEL: "u.as_attr"
// CHECK-SAME: {a = loc("x.c":1:2), b = loc(unknown), c = [loc("n")]}
// NODEBUG-LABEL: "u.as_attr"
// NODEBUG-SAME: {a = loc("x.c":1:2), b = loc(unknown), c = [loc("n")]} : () -> (){{$}}
"u.as_attr"() {a = loc("x.c":1:2), b = loc(unknown), c = [loc("n")]} : () -> () loc("y.c":3:4)

// The module's own location is printed after its closing brace.
// CHECK: } loc(
