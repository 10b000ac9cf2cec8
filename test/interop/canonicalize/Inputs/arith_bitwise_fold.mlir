// andi, ori and xori of constants fold bit by bit.
func @bitwise_fold() -> (i32, i32, i32, i1, i1) {
  %a = arith.constant 12 : i32
  %b = arith.constant 10 : i32
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.andi %a, %b : i32
  %1 = arith.ori %a, %b : i32
  %2 = arith.xori %a, %b : i32
  %3 = arith.xori %t, %f : i1
  %4 = arith.andi %t, %f : i1
  return %0, %1, %2, %3, %4 : i32, i32, i32, i1, i1
}
