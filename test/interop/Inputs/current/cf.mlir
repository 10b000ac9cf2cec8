// INTEROP-STRATA-FLAGS: --allow-unregistered-dialect
// cf: cf.br and cf.cond_br with and without block arguments, loops,
// unreachable blocks.  Elsewhere: cf.switch and operand segments that are
// a splat in cf_switch.mlir, cf.assert in cf_assert.mlir, two edges from
// one block to the same successor in cf_same_target.mlir.
func.func @branches(%c: i1, %x: i32, %y: i64) -> i32 {
  cf.br ^bb1(%x, %y : i32, i64)
^bb1(%a: i32, %b: i64):
  cf.cond_br %c, ^bb2, ^bb3(%a : i32)
^bb2:
  cf.cond_br %c, ^bb3(%x : i32), ^bb4(%a, %b : i32, i64)
^bb3(%d: i32):
  cf.br ^bb5(%d : i32)
^bb4(%e: i32, %f: i64):
  cf.cond_br %c, ^bb1(%e, %f : i32, i64), ^bb5(%e : i32)
^bb5(%r: i32):
  func.return %r : i32
}
func.func @loop(%n: index) {
  %z = "foo.zero"() : () -> index
  cf.br ^header(%z : index)
^header(%i: index):
  %done = "foo.cmp"(%i, %n) : (index, index) -> i1
  cf.cond_br %done, ^exit, ^body
^body:
  %next = "foo.inc"(%i) : (index) -> index
  cf.br ^header(%next : index)
^exit:
  return
}
func.func @self_loop() {
  cf.br ^bb1
^bb1:
  cf.br ^bb1
}
func.func @unreachable(%c: i1) {
  return
^dead:
  cf.cond_br %c, ^dead, ^dead2
^dead2:
  cf.br ^dead
}
func.func @many_args(%a: i8, %b: i16, %c: i32, %d: i64, %e: index) {
  cf.br ^bb1(%a, %b, %c, %d, %e, %a : i8, i16, i32, i64, index, i8)
^bb1(%0: i8, %1: i16, %2: i32, %3: i64, %4: index, %5: i8):
  return
}
