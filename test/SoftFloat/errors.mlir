// arith-soft-float refuses, by name and located, every float op it has no
// lowering for and every float type but scalar f32 and f64; nothing is rewritten
// when it does.  Each refusal is reported, not only the first (@wide).
// RUN: strata-opt --arith-soft-float --verify-diagnostics --split-input-file %s

func.func @remf(%x: f32, %y: f32) -> f32 {
  // expected-error @+1 {{arith-soft-float: 'arith.remf' has no soft-float lowering}}
  %r = arith.remf %x, %y : f32
  return %r : f32
}

// -----

func.func @sin(%x: f32) -> f32 {
  // expected-error @+1 {{arith-soft-float: 'math.sin' has no soft-float lowering}}
  %r = math.sin %x : f32
  return %r : f32
}

// -----

func.func @truncf(%x: f64) -> f32 {
  // expected-error @+1 {{arith-soft-float: 'arith.truncf' is lowered with the nearest-even rounding only}}
  %r = arith.truncf %x to_nearest_away : f64 to f32
  %q = arith.truncf %x to_nearest_even : f64 to f32
  %s = arith.addf %r, %q : f32
  return %s : f32
}

// -----

func.func @f64(%x: f64) -> f64 {
  // expected-error @+1 {{arith-soft-float: 'math.sqrt' has a soft-float lowering on f32 only}}
  %r = math.sqrt %x : f64
  // expected-error @+1 {{arith-soft-float: 'math.exp' has a soft-float lowering on f32 only}}
  %e = math.exp %r : f64
  // expected-error @+1 {{arith-soft-float: 'math.log' has a soft-float lowering on f32 only}}
  %l = math.log %e : f64
  return %l : f64
}

// -----

func.func @wide64(%x: i128, %y: f64) -> (f64, i128) {
  // expected-error @+1 {{arith-soft-float: 'arith.sitofp' converts between f64 and integers of at most 64 bits only}}
  %r = arith.sitofp %x : i128 to f64
  // expected-error @+1 {{arith-soft-float: 'arith.fptosi' converts between f64 and integers of at most 64 bits only}}
  %i = arith.fptosi %y : f64 to i128
  return %r, %i : f64, i128
}

// -----

func.func @f16const() -> f16 {
  // expected-error @+1 {{arith-soft-float: 'arith.constant' on f16: it is lowered on f32 and f64 scalars only}}
  %r = arith.constant 1.0 : f16
  return %r : f16
}

// -----

func.func @vector(%x: vector<4xf32>) -> vector<4xf32> {
  // expected-error @+1 {{arith-soft-float: 'arith.mulf' on vector<4xf32>: it is lowered on f32 and f64 scalars only}}
  %r = arith.mulf %x, %x : vector<4xf32>
  return %r : vector<4xf32>
}

// -----

func.func @wide(%x: i64, %y: f32) -> (f32, i64) {
  // expected-error @+1 {{arith-soft-float: 'arith.sitofp' converts between f32 and integers of at most 32 bits only}}
  %r = arith.sitofp %x : i64 to f32
  // expected-error @+1 {{arith-soft-float: 'arith.fptosi' converts between f32 and integers of at most 32 bits only}}
  %i = arith.fptosi %y : f32 to i64
  return %r, %i : f32, i64
}
