func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %y = %c0 to %x step %c1 {
    scf.for %x = %c0 to %n step %c1 {
    }
  }
  return
}
