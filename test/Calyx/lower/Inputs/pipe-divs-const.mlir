// Divisions and remainders by constants in pipelined loops (lower-to-calyx
// pipeline=true): every i8 value divided by 7 and by 4 in the six ways (the
// six bytes of a result packed into one i64 word: one store, II 1), and i32
// values around INT_MIN, INT_MAX and 0 and scattered ones (each kind its own
// memory) divided by 7 (unsigned: its multiplier has 33 bits).
func.func @pipe_divs(%P: memref<256xi64>, %S: memref<256xi64>, %Q0: memref<40xi32>, %Q1: memref<40xi32>, %Q2: memref<40xi32>, %Q3: memref<40xi32>, %Q4: memref<40xi32>, %Q5: memref<40xi32>) {
  %c7 = arith.constant 7 : i8
  %c4 = arith.constant 4 : i8
  %c7w = arith.constant 7 : i32
  %sh1 = arith.constant 8 : i64
  %sh2 = arith.constant 16 : i64
  %sh3 = arith.constant 24 : i64
  %sh4 = arith.constant 32 : i64
  %sh5 = arith.constant 40 : i64
  affine.for %i = 0 to 256 {
    %ii = arith.index_cast %i : index to i32
    %x = arith.trunci %ii : i32 to i8
    %q0 = arith.divsi %x, %c7 : i8
    %w0 = arith.extui %q0 : i8 to i64
    %q1 = arith.remsi %x, %c7 : i8
    %w1 = arith.extui %q1 : i8 to i64
    %s1 = arith.shli %w1, %sh1 : i64
    %p1 = arith.ori %w0, %s1 : i64
    %q2 = arith.floordivsi %x, %c7 : i8
    %w2 = arith.extui %q2 : i8 to i64
    %s2 = arith.shli %w2, %sh2 : i64
    %p2 = arith.ori %p1, %s2 : i64
    %q3 = arith.ceildivsi %x, %c7 : i8
    %w3 = arith.extui %q3 : i8 to i64
    %s3 = arith.shli %w3, %sh3 : i64
    %p3 = arith.ori %p2, %s3 : i64
    %q4 = arith.divui %x, %c7 : i8
    %w4 = arith.extui %q4 : i8 to i64
    %s4 = arith.shli %w4, %sh4 : i64
    %p4 = arith.ori %p3, %s4 : i64
    %q5 = arith.remui %x, %c7 : i8
    %w5 = arith.extui %q5 : i8 to i64
    %s5 = arith.shli %w5, %sh5 : i64
    %p5 = arith.ori %p4, %s5 : i64
    affine.store %p5, %P[%i] : memref<256xi64>
  }
  affine.for %i = 0 to 256 {
    %ii = arith.index_cast %i : index to i32
    %x = arith.trunci %ii : i32 to i8
    %q0 = arith.divsi %x, %c4 : i8
    %w0 = arith.extui %q0 : i8 to i64
    %q1 = arith.remsi %x, %c4 : i8
    %w1 = arith.extui %q1 : i8 to i64
    %s1 = arith.shli %w1, %sh1 : i64
    %p1 = arith.ori %w0, %s1 : i64
    %q2 = arith.floordivsi %x, %c4 : i8
    %w2 = arith.extui %q2 : i8 to i64
    %s2 = arith.shli %w2, %sh2 : i64
    %p2 = arith.ori %p1, %s2 : i64
    %q3 = arith.ceildivsi %x, %c4 : i8
    %w3 = arith.extui %q3 : i8 to i64
    %s3 = arith.shli %w3, %sh3 : i64
    %p3 = arith.ori %p2, %s3 : i64
    %q4 = arith.divui %x, %c4 : i8
    %w4 = arith.extui %q4 : i8 to i64
    %s4 = arith.shli %w4, %sh4 : i64
    %p4 = arith.ori %p3, %s4 : i64
    %q5 = arith.remui %x, %c4 : i8
    %w5 = arith.extui %q5 : i8 to i64
    %s5 = arith.shli %w5, %sh5 : i64
    %p5 = arith.ori %p4, %s5 : i64
    affine.store %p5, %S[%i] : memref<256xi64>
  }
  %imin = arith.constant -2147483648 : i32
  %imax = arith.constant 2147483647 : i32
  %c8 = arith.constant 8 : i32
  %c16 = arith.constant 16 : i32
  %c20 = arith.constant 20 : i32
  %c24 = arith.constant 24 : i32
  %gold = arith.constant -1640531535 : i32
  affine.for %i = 0 to 40 {
    %ii = arith.index_cast %i : index to i32
    %lo = arith.addi %imin, %ii : i32
    %hi0 = arith.addi %imax, %c8 : i32
    %hi = arith.subi %hi0, %ii : i32
    %mid = arith.subi %ii, %c20 : i32
    %far = arith.muli %ii, %gold : i32
    %b8 = arith.cmpi ult, %ii, %c8 : i32
    %b16 = arith.cmpi ult, %ii, %c16 : i32
    %b24 = arith.cmpi ult, %ii, %c24 : i32
    %x2 = arith.select %b24, %mid, %far : i32
    %x1 = arith.select %b16, %hi, %x2 : i32
    %x = arith.select %b8, %lo, %x1 : i32
    %r0 = arith.divsi %x, %c7w : i32
    affine.store %r0, %Q0[%i] : memref<40xi32>
    %r1 = arith.remsi %x, %c7w : i32
    affine.store %r1, %Q1[%i] : memref<40xi32>
    %r2 = arith.floordivsi %x, %c7w : i32
    affine.store %r2, %Q2[%i] : memref<40xi32>
    %r3 = arith.ceildivsi %x, %c7w : i32
    affine.store %r3, %Q3[%i] : memref<40xi32>
    %r4 = arith.divui %x, %c7w : i32
    affine.store %r4, %Q4[%i] : memref<40xi32>
    %r5 = arith.remui %x, %c7w : i32
    affine.store %r5, %Q5[%i] : memref<40xi32>
  }
  return
}
