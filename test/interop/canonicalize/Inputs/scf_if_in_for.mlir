// An scf.if on the loop's own bound check inside a loop: the comparison
// of the induction variable is not known, both stay; the constant
// condition of the second scf.if is.
func @scf_if_in_for(%n: index, %m: memref<?xi32>, %x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = arith.constant true
  scf.for %i = %c0 to %n step %c1 {
    %b = arith.cmpi ult, %i, %c1 : index
    scf.if %b {
      memref.store %x, %m[%i] : memref<?xi32>
    }
    scf.if %t {
      memref.store %x, %m[%c0] : memref<?xi32>
    }
  }
  return
}
