// cf.switch with negative case values.  mlir-opt-14's custom form of
// std.switch writes them as unsigned numbers of the flag's width (-7 : i32
// as 4294967289) and cannot read one below about -2^63 + 2^32, so none of
// those here.
func.func @switch_negative(%f: i32, %g: i64, %h: i8) {
  cf.switch %f : i32, [
    default: ^bb1,
    -7: ^bb1,
    -2147483648: ^bb2
  ]
^bb1:
  cf.switch %g : i64, [
    default: ^bb2,
    -1: ^bb1,
    -4294967296: ^bb2
  ]
^bb2:
  cf.switch %h : i8, [
    default: ^bb3,
    -128: ^bb1
  ]
^bb3:
  return
}
