// Euclid's greatest common divisor as an explicit control-flow graph: the
// demo input of scripts/demo.sh. strata-opt parses, verifies and prints it
// back, and inlines and canonicalizes it; strata-run executes it; it uses
// only func, arith and cf, spelled as current MLIR does.

func.func @gcd(%a: i32, %b: i32) -> i32 {
  cf.br ^loop(%a, %b : i32, i32)
^loop(%x: i32, %y: i32):
  %zero = arith.constant 0 : i32
  %done = arith.cmpi eq, %y, %zero : i32
  cf.cond_br %done, ^exit(%x : i32), ^step
^step:
  %r = arith.remui %x, %y : i32
  cf.br ^loop(%y, %r : i32, i32)
^exit(%g: i32):
  func.return %g : i32
}

// gcd(1071, 462) = 21
func.func @main() -> i32 {
  %a = arith.constant 1071 : i32
  %b = arith.constant 462 : i32
  %g = func.call @gcd(%a, %b) : (i32, i32) -> i32
  func.return %g : i32
}
