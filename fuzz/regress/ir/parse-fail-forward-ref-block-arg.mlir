// The same with the argument of a later block of a region.
"t.a"(%x) : (i32) -> ()
"t.b"() ({
^bb0:
  "t.c"() : () -> ()
^bb1(%x: i32):
  "t.d"(
