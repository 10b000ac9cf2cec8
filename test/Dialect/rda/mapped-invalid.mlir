// Every error of a mapped design checked against its target
// (plasticine-rda.acg): units on the right physical units within their
// resources, routes along links, tracks and virtual channels.
// RUN: strata-opt --acg=%strata_src_root/archs/plasticine-rda.acg %s --split-input-file --verify-diagnostics

// The PCU multiplies i32, not i64.
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
      %k = arith.constant 3 : i64
      // expected-error @+1 {{PCU has no MUL for this operation}}
      %q = arith.muli %k, %k : i64
      %sq = arith.muli %x, %x : i32
      %next = rda.fold "addi" %acc, %sq : i32
      rda.reg_set %acc, %next : i32
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


// -----

// Six multiplies and the fold take seven stages.
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
  // expected-error @+1 {{needs 7 stages, PCU has 6}}
  rda.unit compute @pcu0 attributes {pu = "PCU", at = array<i64: 0, 0>} {
    rda.context @sum attributes {lanes = 16 : i64} {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %z = arith.constant 0 : i32
      %i = rda.counter %c0 to %c64 step 1 vec
      %x = rda.deq %a at 1 : !rda.stream<vector<16xi32>>
      %acc = rda.reg %z reset 0 : i32
      %m1 = arith.muli %x, %x : i32
      %m2 = arith.muli %m1, %x : i32
      %m3 = arith.muli %m2, %x : i32
      %m4 = arith.muli %m3, %x : i32
      %m5 = arith.muli %m4, %x : i32
      %sq = arith.muli %m5, %x : i32
      %next = rda.fold "addi" %acc, %sq : i32
      rda.reg_set %acc, %next : i32
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


// -----

rda.design @dot attributes {lanes = 16 : i64, target = @target, mapped} {
  rda.dram @A : memref<64xi32> {arg = 0 : i64}
  rda.dram @R : memref<1xi32> {arg = 1 : i64}
  %a = rda.stream {depth = 16 : i64, route = [array<i64: 0, -1, 0, 0, 0, 1>], net = array<i64: 0>, vc = array<i64: -1>} : !rda.stream<vector<16xi32>>
  %s = rda.stream {depth = 16 : i64, route = [array<i64: 0, 1, 1, 1, 1, 0, 1, -1>], net = array<i64: 1>, vc = array<i64: 0>} : !rda.stream<i32>
  rda.unit dram @ag0 attributes {pu = "AG_WEST", at = array<i64: 0, -1>} {
    rda.context @loadA attributes {lanes = 16 : i64} {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %i = rda.counter %c0 to %c64 step 1 vec
      rda.load @A[%i] -> %a : !rda.stream<vector<16xi32>>
    }
  }
  // expected-error @+1 {{a compute unit cannot run on PMU}}
  rda.unit compute @pcu0 attributes {pu = "PMU", at = array<i64: 0, 1>} {
    rda.context @sum attributes {lanes = 16 : i64} {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %z = arith.constant 0 : i32
      %i = rda.counter %c0 to %c64 step 1 vec
      %x = rda.deq %a at 1 : !rda.stream<vector<16xi32>>
      %acc = rda.reg %z reset 0 : i32
      %sq = arith.muli %x, %x : i32
      %next = rda.fold "addi" %acc, %sq : i32
      rda.reg_set %acc, %next : i32
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


// -----

rda.design @dot attributes {lanes = 16 : i64, target = @target, mapped} {
  rda.dram @A : memref<64xi32> {arg = 0 : i64}
  rda.dram @R : memref<1xi32> {arg = 1 : i64}
  %a = rda.stream {depth = 16 : i64, route = [array<i64: 0, -1, 0, 0, 0, 1>], net = array<i64: 0>, vc = array<i64: -1>} : !rda.stream<vector<16xi32>>
  %s = rda.stream {depth = 16 : i64, route = [array<i64: 0, 1, 1, 1, 1, 0, 1, -1>], net = array<i64: 1>, vc = array<i64: 0>} : !rda.stream<i32>
  rda.unit dram @ag0 attributes {pu = "AG_WEST", at = array<i64: 0, -1>} {
    rda.context @loadA attributes {lanes = 16 : i64} {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %i = rda.counter %c0 to %c64 step 1 vec
      rda.load @A[%i] -> %a : !rda.stream<vector<16xi32>>
    }
  }
  // expected-error @+1 {{target 'target' has PMU at (0, 1), not PCU}}
  rda.unit compute @pcu0 attributes {pu = "PCU", at = array<i64: 0, 1>} {
    rda.context @sum attributes {lanes = 16 : i64} {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %z = arith.constant 0 : i32
      %i = rda.counter %c0 to %c64 step 1 vec
      %x = rda.deq %a at 1 : !rda.stream<vector<16xi32>>
      %acc = rda.reg %z reset 0 : i32
      %sq = arith.muli %x, %x : i32
      %next = rda.fold "addi" %acc, %sq : i32
      rda.reg_set %acc, %next : i32
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


// -----

rda.design @dot attributes {lanes = 16 : i64, target = @target, mapped} {
  rda.dram @A : memref<64xi32> {arg = 0 : i64}
  rda.dram @R : memref<1xi32> {arg = 1 : i64}
  // expected-error @+1 {{a route is a list of at least two (row, col) places}}
  %a = rda.stream {depth = 16 : i64, route = [array<i64: 0, -1>], net = array<i64: 0>, vc = array<i64: -1>} : !rda.stream<vector<16xi32>>
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
      rda.reg_set %acc, %next : i32
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


// -----

rda.design @dot attributes {lanes = 16 : i64, target = @target, mapped} {
  rda.dram @A : memref<64xi32> {arg = 0 : i64}
  rda.dram @R : memref<1xi32> {arg = 1 : i64}
  // expected-error @+1 {{the route goes from (0, -1) to (0, 1), which no link joins}}
  %a = rda.stream {depth = 16 : i64, route = [array<i64: 0, -1, 0, 1, 0, 0>], net = array<i64: 0>, vc = array<i64: -1>} : !rda.stream<vector<16xi32>>
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
      rda.reg_set %acc, %next : i32
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


// -----

rda.design @dot attributes {lanes = 16 : i64, target = @target, mapped} {
  rda.dram @A : memref<64xi32> {arg = 0 : i64}
  rda.dram @R : memref<1xi32> {arg = 1 : i64}
  // expected-error @+1 {{the route passes (-1, -1), where the grid has no tile}}
  %a = rda.stream {depth = 16 : i64, route = [array<i64: 0, -1, -1, -1, -1, 0, 0, 0>], net = array<i64: 0>, vc = array<i64: -1>} : !rda.stream<vector<16xi32>>
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
      rda.reg_set %acc, %next : i32
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


// -----

rda.design @dot attributes {lanes = 16 : i64, target = @target, mapped} {
  rda.dram @A : memref<64xi32> {arg = 0 : i64}
  rda.dram @R : memref<1xi32> {arg = 1 : i64}
  // expected-error @+1 {{needs one route to unit @pcu0 at (0, 0), has 0}}
  %a = rda.stream {depth = 16 : i64, route = []} : !rda.stream<vector<16xi32>>
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
      rda.reg_set %acc, %next : i32
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


// -----

rda.design @dot attributes {lanes = 16 : i64, target = @target, mapped} {
  rda.dram @A : memref<64xi32> {arg = 0 : i64}
  rda.dram @R : memref<1xi32> {arg = 1 : i64}
  // expected-error @+1 {{net and vc need one entry per path of the route}}
  %a = rda.stream {depth = 16 : i64, route = [array<i64: 0, -1, 0, 0>], net = array<i64: 0, 0>} : !rda.stream<vector<16xi32>>
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
      rda.reg_set %acc, %next : i32
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


// -----

rda.design @dot attributes {lanes = 16 : i64, target = @target, mapped} {
  rda.dram @A : memref<64xi32> {arg = 0 : i64}
  rda.dram @R : memref<1xi32> {arg = 1 : i64}
  // expected-error @+1 {{a route starts at the writer's unit (0, -1)}}
  %a = rda.stream {depth = 16 : i64, route = [array<i64: 1, 0, 0, 0>], net = array<i64: 0>, vc = array<i64: -1>} : !rda.stream<vector<16xi32>>
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
      rda.reg_set %acc, %next : i32
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


// -----

rda.design @dot attributes {lanes = 16 : i64, target = @target, mapped} {
  rda.dram @A : memref<64xi32> {arg = 0 : i64}
  rda.dram @R : memref<1xi32> {arg = 1 : i64}
  // expected-error @+1 {{net is 0 (static) or 1 (dynamic) per path}}
  %a = rda.stream {depth = 16 : i64, route = [array<i64: 0, -1, 0, 0>], net = array<i64: 2>, vc = array<i64: -1>} : !rda.stream<vector<16xi32>>
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
      rda.reg_set %acc, %next : i32
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


// -----

rda.design @dot attributes {lanes = 16 : i64, target = @target, mapped} {
  rda.dram @A : memref<64xi32> {arg = 0 : i64}
  rda.dram @R : memref<1xi32> {arg = 1 : i64}
  %a = rda.stream {depth = 16 : i64, route = [array<i64: 0, -1, 0, 0>], net = array<i64: 0>, vc = array<i64: -1>} : !rda.stream<vector<16xi32>>
  // expected-error @+1 {{virtual channel 4 is outside 0..3}}
  %s = rda.stream {depth = 16 : i64, route = [array<i64: 0, 0, 1, 0, 1, -1>], net = array<i64: 1>, vc = array<i64: 4>} : !rda.stream<i32>
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
      rda.reg_set %acc, %next : i32
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


// -----

// expected-error @+1 {{target @nowhere is not an acg.graph beside the design}}
rda.design @dot attributes {lanes = 16 : i64, target = @nowhere, mapped} {
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
      rda.reg_set %acc, %next : i32
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


// -----

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
  // expected-error @+1 {{a unit of a mapped design needs `pu` and `at` = [row, col]}}
  rda.unit compute @pcu0  {
    rda.context @sum attributes {lanes = 16 : i64} {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %z = arith.constant 0 : i32
      %i = rda.counter %c0 to %c64 step 1 vec
      %x = rda.deq %a at 1 : !rda.stream<vector<16xi32>>
      %acc = rda.reg %z reset 0 : i32
      %sq = arith.muli %x, %x : i32
      %next = rda.fold "addi" %acc, %sq : i32
      rda.reg_set %acc, %next : i32
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


// -----

rda.design @dot attributes {lanes = 16 : i64, target = @target, mapped} {
  rda.dram @A : memref<64xi32> {arg = 0 : i64}
  rda.dram @R : memref<1xi32> {arg = 1 : i64}
  %a = rda.stream {depth = 16 : i64, route = [array<i64: 0, -1, 0, 0>], net = array<i64: 0>, vc = array<i64: -1>} : !rda.stream<vector<16xi32>>
  %s = rda.stream {depth = 16 : i64, route = [array<i64: 0, 0, 0, -1>], net = array<i64: 1>, vc = array<i64: 0>} : !rda.stream<i32>
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
      rda.reg_set %acc, %next : i32
      rda.enq %s, %next at 0 : !rda.stream<i32>
    }
  }
  // expected-error @+1 {{shares the physical unit at (0, -1) with unit @ag0}}
  rda.unit dram @ag1 attributes {pu = "AG_WEST", at = array<i64: 0, -1>} {
    rda.context @storeR {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %j = rda.counter %c0 to %c1 step 1
      %v = rda.deq %s at 1 : !rda.stream<i32>
      rda.store %v, @R[%j] : i32
    }
  }
}


// -----

// A 64-bit scalar does not fit the 32-bit scalar tracks.
rda.design @wide attributes {lanes = 16 : i64, target = @target, mapped} {
  rda.dram @R : memref<1xi64> {arg = 1 : i64}
  // expected-error @+1 {{the stream is wider than the tracks of its class}}
  %s = rda.stream {depth = 2 : i64, route = [array<i64: 2, -1, 1, -1>]} : !rda.stream<i64>
  rda.unit host @h attributes {pu = "AG_WEST", at = array<i64: 2, -1>} {
    rda.context @args {
      %w = rda.arg 0 : i64
      rda.enq %s, %w at 0 : !rda.stream<i64>
    }
  }
  rda.unit dram @ag1 attributes {pu = "AG_WEST", at = array<i64: 1, -1>} {
    rda.context @storeR {
      %c0 = arith.constant 0 : index
      %v = rda.deq %s at 0 : !rda.stream<i64>
      rda.store %v, @R[%c0] : i64
    }
  }
}

// -----

// Three vector streams on the AG-to-PCU link, which has two vector tracks.
rda.design @dot attributes {lanes = 16 : i64, target = @target, mapped} {
  rda.dram @A : memref<64xi32> {arg = 0 : i64}
  rda.dram @R : memref<1xi32> {arg = 1 : i64}
  // expected-error @+1 {{3 streams on the link from (0, -1) east, which has 2 tracks of 512 bits}}
  %a = rda.stream {depth = 16 : i64, route = [array<i64: 0, -1, 0, 0>], net = array<i64: 0>, vc = array<i64: -1>} : !rda.stream<vector<16xi32>>
  %b = rda.stream {depth = 16 : i64, route = [array<i64: 0, -1, 0, 0>], net = array<i64: 0>, vc = array<i64: -1>} : !rda.stream<vector<16xi32>>
  %c = rda.stream {depth = 16 : i64, route = [array<i64: 0, -1, 0, 0>], net = array<i64: 0>, vc = array<i64: -1>} : !rda.stream<vector<16xi32>>
  %s = rda.stream {depth = 16 : i64, route = [array<i64: 0, 0, 1, 0, 1, -1>], net = array<i64: 1>, vc = array<i64: 0>} : !rda.stream<i32>
  rda.unit dram @ag0 attributes {pu = "AG_WEST", at = array<i64: 0, -1>} {
    rda.context @loadA attributes {lanes = 16 : i64} {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %i = rda.counter %c0 to %c64 step 1 vec
      rda.load @A[%i] -> %a : !rda.stream<vector<16xi32>>
      rda.load @A[%i] -> %b : !rda.stream<vector<16xi32>>
      rda.load @A[%i] -> %c : !rda.stream<vector<16xi32>>
    }
  }
  rda.unit compute @pcu0 attributes {pu = "PCU", at = array<i64: 0, 0>} {
    rda.context @sum attributes {lanes = 16 : i64} {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %z = arith.constant 0 : i32
      %i = rda.counter %c0 to %c64 step 1 vec
      %x = rda.deq %a at 1 : !rda.stream<vector<16xi32>>
      %x2 = rda.deq %b at 1 : !rda.stream<vector<16xi32>>
      %x3 = rda.deq %c at 1 : !rda.stream<vector<16xi32>>
      %acc = rda.reg %z reset 0 : i32
      %sq = arith.muli %x, %x : i32
      %next = rda.fold "addi" %acc, %sq : i32
      rda.reg_set %acc, %next : i32
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


// -----

// Two streams in virtual channel 0 of one dynamic link can deadlock (SARA Fig. 3.24).
rda.design @dot attributes {lanes = 16 : i64, target = @target, mapped} {
  rda.dram @A : memref<64xi32> {arg = 0 : i64}
  rda.dram @R : memref<1xi32> {arg = 1 : i64}
  %a = rda.stream {depth = 16 : i64, route = [array<i64: 0, -1, 0, 0>], net = array<i64: 0>, vc = array<i64: -1>} : !rda.stream<vector<16xi32>>
  %s2 = rda.stream {depth = 16 : i64, route = [array<i64: 0, 0, 1, 0, 1, -1>], net = array<i64: 1>, vc = array<i64: 0>} : !rda.stream<i32>
  // expected-error @+1 {{shares virtual channel 0 of the dynamic link from (0, 0) south with another stream, which can deadlock}}
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
      rda.reg_set %acc, %next : i32
      rda.enq %s, %next at 0 : !rda.stream<i32>
      rda.enq %s2, %next at 0 : !rda.stream<i32>
    }
  }
  rda.unit dram @ag1 attributes {pu = "AG_WEST", at = array<i64: 1, -1>} {
    rda.context @storeR {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %j = rda.counter %c0 to %c1 step 1
      %v = rda.deq %s at 1 : !rda.stream<i32>
      %v2 = rda.deq %s2 at 1 : !rda.stream<i32>
      rda.store %v, @R[%j] : i32
    }
  }
}


// -----

// Without a target there is no dynamic network to route on.
rda.design @dot attributes {lanes = 16 : i64, mapped} {
  rda.dram @A : memref<64xi32> {arg = 0 : i64}
  rda.dram @R : memref<1xi32> {arg = 1 : i64}
  %a = rda.stream {depth = 16 : i64, route = [array<i64: 0, -1, 0, 0>], net = array<i64: 0>, vc = array<i64: -1>} : !rda.stream<vector<16xi32>>
  // expected-error @+1 {{a dynamic route needs a target with a dynamic network}}
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
      rda.reg_set %acc, %next : i32
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

