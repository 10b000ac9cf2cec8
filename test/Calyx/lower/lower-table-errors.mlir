// What lower-to-calyx refuses of memref.global: only constant tables with
// contents become (read-only) memories, and nothing may store into them.
// RUN: strata-opt %s --split-input-file --verify-diagnostics --lower-to-calyx

memref.global "private" @g : memref<4xi8> = dense<[1, 2, 3, 4]>
func.func @f(%a: memref<4xi8>) {
  // expected-error@+1 {{lower-to-calyx: only a constant memref.global (a table) can be lowered to calyx, as a read-only memory}}
  %g = memref.get_global @g : memref<4xi8>
  return
}

// -----

memref.global "private" constant @g : memref<4xi8>
func.func @f(%a: memref<4xi8>) {
  // expected-error@+1 {{lower-to-calyx: a memref.global without a dense initial value cannot be lowered to calyx (its memory would have no contents)}}
  %g = memref.get_global @g : memref<4xi8>
  return
}

// -----

memref.global "private" constant @g : memref<4xi8> = dense<[1, 2, 3, 4]>
func.func @f(%a: memref<4xi8>) {
  %g = memref.get_global @g : memref<4xi8>
  %c1 = arith.constant 1 : i8
  affine.for %i = 0 to 4 {
    // expected-error@+1 {{lower-to-calyx: a store into a memref.global cannot be lowered to calyx (its tables are read-only memories)}}
    affine.store %c1, %g[%i] : memref<4xi8>
  }
  return
}
