// INTEROP-STRATA-FLAGS: --allow-unregistered-dialect
// Unregistered ops: empty regions, several regions, regions with and
// without entry arguments, multi-block regions with successors (including
// unreachable blocks), nesting with uses of outer values, results in groups
// (%0:3, %a, %b:2 = ..., %0#1), quoted attribute names, odd op names.
// Graph regions (uses before definitions) are in unregistered_graph.mlir.
"x.empty_region"() ({
}) : () -> ()
"x.two_empty"() ({
}, {
}) : () -> ()
"x.no_args"() ({
  "x.op"() : () -> ()
}) : () -> ()
%r:3 = "x.results"() : () -> (i32, f32, index)
"x.uses"(%r#0, %r#2, %r#1) : (i32, index, f32) -> ()
%s, %t:2 = "x.named_groups"() : () -> (i1, i2, i3)
"x.use_groups"(%s, %t#1) : (i1, i3) -> ()
"x.entry_args"(%r#0) ({
^bb0(%a: i32, %b: i32):
  "x.yield"(%a, %b) : (i32, i32) -> ()
}) : (i32) -> ()
"x.multi_block"() ({
^bb0(%a: i32):
  "x.br"(%a)[^bb2] : (i32) -> ()
^bb1:
  "x.dead"() : () -> ()
  "x.br"()[^bb2] : () -> ()
^bb2:
  "x.succ2"(%a)[^bb1, ^bb3] : (i32) -> ()
^bb3:
  "x.ret"() : () -> ()
}) : () -> ()
"x.nested"() ({
  "x.level1"() ({
  ^bb0(%x: f32):
    "x.level2"(%x) ({
    ^bb0(%y: f32):
      "x.level3"() ({
        "x.use_outer"(%x, %y) : (f32, f32) -> ()
      }) : () -> ()
    }, {
      "x.second_region"(%x) : (f32) -> ()
    }) : (f32) -> ()
  }) : () -> ()
}) : () -> ()
"x.attrs_and_regions"(%r#0) ({
  "x.inner"() {inner_attr = 1 : i8} : () -> ()
}) {outer = [1, 2], flag} : (i32) -> ()
"x.no_terminator_multi"() ({
^bb0:
  "x.a"() : () -> ()
  "x.b"()[^bb1] : () -> ()
^bb1:
  "x.c"() : () -> ()
}) : () -> ()
"x.unused_entry_args"() ({
^bb0(%u: i32, %v: tuple<i32>):
}) : () -> ()
"x.name_with.dots$and_more"() : () -> ()
"x.quoted"() {"weird key!" = unit, "0digit" = 0, sym_name = "not_a_symbol_op"} : () -> ()
