// Float identities that hold under IEEE rules: x + -0.0 is x, x - 0.0 is
// x, x * 1.0 and x / 1.0 are x; x + 0.0 is not (-0.0 + 0.0 is +0.0).
func @float_identities(%x: f32) -> (f32, f32, f32, f32, f32) {
  %nz = arith.constant -0.0 : f32
  %pz = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %0 = arith.addf %x, %nz : f32
  %1 = arith.subf %x, %pz : f32
  %2 = arith.mulf %x, %one : f32
  %3 = arith.divf %x, %one : f32
  %4 = arith.addf %x, %pz : f32
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
}
