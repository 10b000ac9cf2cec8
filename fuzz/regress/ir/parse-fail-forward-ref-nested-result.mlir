// The same with the result of an op inside a generic op's region.
"t.a"(%v) : (i32) -> ()
"t.b"() ({
  %v = "t.c"() : () -> i32
  "t.d"(
