// TPC-H query 6 on columns of fixed-point i32 (Table 4.1: 1048576 rows;
// 4096 here): the revenue sum of price * discount over the rows with a
// ship date in [10, 40), a discount in [5, 7] and a quantity under 24.
func.func @tpch6(%date: memref<4096xi32>, %disc: memref<4096xi32>, %qty: memref<4096xi32>,
                 %price: memref<4096xi32>) -> i32 {
  %zero = arith.constant 0 : i32
  %lo = arith.constant 10 : i32
  %hi = arith.constant 40 : i32
  %dlo = arith.constant 5 : i32
  %dhi = arith.constant 7 : i32
  %qmax = arith.constant 24 : i32
  %sum = affine.for %i = 0 to 4096 iter_args(%acc = %zero) -> (i32) {
    %d = affine.load %date[%i] : memref<4096xi32>
    %c = affine.load %disc[%i] : memref<4096xi32>
    %q = affine.load %qty[%i] : memref<4096xi32>
    %p = affine.load %price[%i] : memref<4096xi32>
    %c1 = arith.cmpi sge, %d, %lo : i32
    %c2 = arith.cmpi slt, %d, %hi : i32
    %c3 = arith.cmpi sge, %c, %dlo : i32
    %c4 = arith.cmpi sle, %c, %dhi : i32
    %c5 = arith.cmpi slt, %q, %qmax : i32
    %a1 = arith.andi %c1, %c2 : i1
    %a2 = arith.andi %c3, %c4 : i1
    %a3 = arith.andi %a1, %a2 : i1
    %ok = arith.andi %a3, %c5 : i1
    %rev = arith.muli %p, %c : i32
    %n = arith.addi %acc, %rev : i32
    %next = arith.select %ok, %n, %acc : i32
    affine.yield %next : i32
  }
  return %sum : i32
}
