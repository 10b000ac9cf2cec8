// A block argument that every predecessor passes the same value for:
// MLIR 14 keeps it (current MLIR drops such arguments).
func @cf_block_arg_same_value(%c: i1, %x: i32, %m: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cond_br %c, ^bb1, ^bb2
^bb1:
  memref.store %x, %m[%c0] : memref<4xi32>
  br ^bb3(%x : i32)
^bb2:
  %y = arith.muli %x, %x : i32
  memref.store %y, %m[%c1] : memref<4xi32>
  br ^bb3(%x : i32)
^bb3(%a: i32):
  memref.store %a, %m[%c1] : memref<4xi32>
  return
}
