// A mapped dot product on plasticine-rda.acg: address generators at the
// west side, the reduction on the PCU at (0, 0); the sum goes to the AG at
// (1, -1) through the PMU at (1, 0).
rda.design @dot attributes {lanes = 16 : i64, target = @target, mapped} {
  rda.dram @A : memref<64xi32> {arg = 0 : i64}
  rda.dram @R : memref<1xi32> {arg = 1 : i64}
  %a = rda.stream {depth = 16 : i64, route = [array<i64: 0, -1, 0, 0>], net = array<i64: 0>, vc = array<i64: -1>} : !rda.stream<vector<16xi32>>
  %s = rda.stream {depth = 16 : i64, route = [array<i64: 0, 0, 1, 0, 1, -1>], net = array<i64: 1>, vc = array<i64: 0>} : !rda.stream<i32>
  rda.unit dram @ag0 attributes {pu = "AG_WEST", at = array<i64: 0, -1>} {
    rda.context @loadA attributes {lanes = 16 : i64} {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %i = rda.counter %c0 to %c64 step 1 vec
      rda.load @A[%i] -> %a : !rda.stream<vector<16xi32>>
    }
  }
  rda.unit compute @pcu0 attributes {pu = "PCU", at = array<i64: 0, 0>} {
    rda.context @sum attributes {lanes = 16 : i64} {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %z = arith.constant 0 : i32
      %i = rda.counter %c0 to %c64 step 1 vec
      %x = rda.deq %a at 1 : !rda.stream<vector<16xi32>>
      %acc = rda.reg %z reset 0 : i32
      %sq = arith.muli %x, %x : i32
      %next = rda.fold "addi" %acc, %sq : i32
      %kept = rda.reg_set %acc, %next : i32
      rda.enq %s, %next at 0 : !rda.stream<i32>
    }
  }
  rda.unit dram @ag1 attributes {pu = "AG_WEST", at = array<i64: 1, -1>} {
    rda.context @storeR {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %j = rda.counter %c0 to %c1 step 1
      %v = rda.deq %s at 1 : !rda.stream<i32>
      rda.store %v, @R[%j] : i32
    }
  }
}
