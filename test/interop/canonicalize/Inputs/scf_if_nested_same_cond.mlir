// Inside scf.if %c, the condition %c is known to be true.
func @scf_if_nested_same_cond(%c: i1, %x: i32, %y: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    %s = select %c, %x, %y : i32
    scf.yield %s : i32
  } else {
    %s = select %c, %y, %x : i32
    scf.yield %s : i32
  }
  return %r : i32
}
