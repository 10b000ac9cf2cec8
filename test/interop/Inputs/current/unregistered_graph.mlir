// INTEROP-STRATA-FLAGS: --allow-unregistered-dialect
// Unregistered ops may hold graph regions (MLIR: mayBeGraphRegion), so a
// use before its definition and cycles are valid there.
"x.graph"() ({
  %b = "x.uses_later"(%a) : (i32) -> i32
  %a = "x.def"(%b) : (i32) -> i32
  "x.self"(%c) : (i1) -> ()
  %c = "x.cycle"(%c) : (i1) -> i1
}) : () -> ()
"x.graph_nested"() ({
  "x.inner"() ({
    "x.use"(%late) : (f32) -> ()
  }) : () -> ()
  %late = "x.def"() : () -> f32
}) : () -> ()
