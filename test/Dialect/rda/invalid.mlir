// Every error of the rda dialect's types and of its virtual form: what a
// design, unit and context hold, one writer and a reader per stream,
// levels, lanes, registers, folds and the unit each access needs.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{a vector stream carries a one-dimensional, fixed-length vector}}
func.func private @f(!rda.stream<vector<2x2xf32>>)

// -----

// expected-error @+1 {{a stream carries integers, indices or floats, or vectors of them}}
func.func private @f(!rda.stream<memref<2xf32>>)

// -----

rda.design @d attributes {lanes = 16 : i64} {
  %s = rda.stream {depth = 2 : i64} : !rda.token
  rda.unit compute @u {
    rda.context @c {
      // expected-error @+1 {{expected a data stream type (!rda.stream<...>)}}
      %v = rda.deq %s at 0 : !rda.token
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  // expected-error @+1 {{the stream has no writer}}
  %s = rda.stream {depth = 2 : i64} : !rda.token
  rda.unit compute @u {
    rda.context @c {
      rda.wait %s at 0
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  // expected-error @+1 {{the stream has 2 writers; a stream has exactly one}}
  %s = rda.stream {depth = 2 : i64} : !rda.token
  rda.unit compute @u {
    rda.context @c {
      rda.signal %s at 0
      rda.signal %s at 0
      rda.wait %s at 0
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  // expected-error @+1 {{the stream has no reader}}
  %s = rda.stream {depth = 2 : i64} : !rda.token
  rda.unit compute @u {
    rda.context @c {
      rda.signal %s at 0
    }
  }
}

// -----

// expected-error @+1 {{lanes must be between 1 and 1024}}
rda.design @d attributes {lanes = 0 : i64} {
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  // expected-error @+1 {{a design holds rda.dram, rda.stream and rda.unit ops only}}
  %c = arith.constant 0 : index
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  // expected-error @+1 {{a vector stream of 8 lanes in a design of 16}}
  %s = rda.stream {depth = 2 : i64} : !rda.stream<vector<8xf32>>
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  // expected-error @+1 {{arg must be non-negative}}
  rda.dram @A : memref<4xf32> {arg = -1 : i64}
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  // expected-error @+1 {{depth must be positive}}
  %s = rda.stream {depth = 0 : i64} : !rda.token
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  // expected-error @+1 {{init (3) must be between 0 and the depth (2)}}
  %s = rda.stream {depth = 2 : i64, init = 3 : i64} : !rda.token
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  // expected-error @+1 {{init_value needs a data stream with initial elements}}
  %s = rda.stream {depth = 2 : i64, init_value = 1 : i32} : !rda.stream<i32>
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  // expected-error @+1 {{init_value must have the stream's element type}}
  %s = rda.stream {depth = 2 : i64, init = 1 : i64, init_value = 1.0 : f32} : !rda.stream<i32>
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit compute @u {
    // expected-error @+1 {{a scratchpad belongs in a memory unit, not a compute unit}}
    rda.scratch @M : memref<4xf32> {banks = 1 : i64}
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit compute @u {
    // expected-error @+1 {{a unit holds rda.context and rda.scratch ops only}}
    %c = arith.constant 0 : index
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit memory @u {
    // expected-error @+1 {{banks must be positive}}
    rda.scratch @M : memref<4xf32> {banks = 0 : i64}
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit memory @u {
    // expected-error @+1 {{bank_div must be positive}}
    rda.scratch @M : memref<4xf32> {banks = 1 : i64, bank_div = 0 : i64}
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit memory @u {
    // expected-error @+1 {{bank_skew must not be negative}}
    rda.scratch @M : memref<4xf32> {banks = 1 : i64, bank_skew = -1 : i64}
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit memory @u {
    // expected-error @+1 {{part must be [index, parts, div]}}
    rda.scratch @M : memref<4xf32> {banks = 1 : i64, part = array<i64: 0, 2>}
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit memory @u {
    // expected-error @+1 {{part must be [index, parts, div] with 0 <= index < parts and div >= 1}}
    rda.scratch @M : memref<4xf32> {banks = 1 : i64, part = array<i64: 2, 2, 1>}
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit memory @u {
    // expected-error @+1 {{init must be dense elements of the scratchpad's shape and element type}}
    rda.scratch @M : memref<4xi16> {banks = 1 : i64, init = dense<[1, 2, 3]> : tensor<3xi16>}
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit memory @u {
    // expected-error @+1 {{init must be dense elements of the scratchpad's shape and element type}}
    rda.scratch @M : memref<4xi16> {banks = 1 : i64, init = dense<[1, 2, 3, 4]> : tensor<4xi32>}
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit compute @u {
    // expected-error @+1 {{lanes must be between 1 and the design's 16}}
    rda.context @c attributes {lanes = 32 : i64} {
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit compute @u {
    // expected-error @+1 {{ii must be positive}}
    rda.context @c attributes {ii = 0 : i64} {
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit compute @u {
    rda.context @c {
      // expected-error @+1 {{cannot run in a context: a context body holds rda, arith and math ops and pure operations without regions}}
      %m = memref.alloc() : memref<4xf32>
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit compute @u {
    rda.context @c {
      %z = arith.constant 0 : i32
      // expected-error @+1 {{a register needs exactly one rda.reg_set, it has 0}}
      %r = rda.reg %z reset 0 : i32
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit compute @u {
    // expected-error @+1 {{17 counters; a context has at most 16}}
    rda.context @c {
      %a = arith.constant 0 : index
      %b = arith.constant 2 : index
      %c0 = rda.counter %a to %b step 1
      %c1 = rda.counter %a to %b step 1
      %c2 = rda.counter %a to %b step 1
      %c3 = rda.counter %a to %b step 1
      %c4 = rda.counter %a to %b step 1
      %c5 = rda.counter %a to %b step 1
      %c6 = rda.counter %a to %b step 1
      %c7 = rda.counter %a to %b step 1
      %c8 = rda.counter %a to %b step 1
      %c9 = rda.counter %a to %b step 1
      %c10 = rda.counter %a to %b step 1
      %c11 = rda.counter %a to %b step 1
      %c12 = rda.counter %a to %b step 1
      %c13 = rda.counter %a to %b step 1
      %c14 = rda.counter %a to %b step 1
      %c15 = rda.counter %a to %b step 1
      %c16 = rda.counter %a to %b step 1
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit compute @u {
    // expected-error @+1 {{at most one counter of a context is vectorised}}
    rda.context @c attributes {lanes = 16 : i64} {
      %a = arith.constant 0 : index
      %b = arith.constant 64 : index
      %i = rda.counter %a to %b step 1 vec
      %j = rda.counter %a to %b step 1 vec
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit compute @u {
    // expected-error @+1 {{a context of 16 lanes needs a vectorised counter}}
    rda.context @c attributes {lanes = 16 : i64} {
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit compute @u {
    // expected-error @+1 {{a vectorised counter needs a context of more than one lane}}
    rda.context @c {
      %a = arith.constant 0 : index
      %b = arith.constant 64 : index
      %i = rda.counter %a to %b step 1 vec
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  %s = rda.stream {depth = 2 : i64} : !rda.token
  rda.unit compute @u {
    rda.context @c {
      rda.signal %s at 0
      // expected-error @+1 {{level 1 is outside 0..0 (the context's counters)}}
      rda.wait %s at 1
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit compute @u {
    rda.context @c {
      %a = arith.constant 0 : index
      // expected-error @+1 {{step must be positive}}
      %i = rda.counter %a to %a step 0
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit compute @u {
    rda.context @c {
      %a = arith.constant 0 : index
      // expected-error @+1 {{stride must be positive}}
      %i = rda.counter %a to %a step 1 stride 0
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  %s = rda.stream {depth = 2 : i64} : !rda.stream<vector<16xf32>>
  rda.unit compute @u {
    rda.context @c attributes {lanes = 16 : i64} {
      %a = arith.constant 0 : index
      %b = arith.constant 64 : index
      %i = rda.counter %a to %b step 1 vec
      %f = arith.constant 1.0 : f32
      rda.enq %s, %f at 1 : !rda.stream<vector<16xf32>>
    }
    rda.context @r {
      // expected-error @+1 {{a context of one lane cannot read a vector stream}}
      %v = rda.deq %s at 0 : !rda.stream<vector<16xf32>>
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  %s = rda.stream {depth = 2 : i64} : !rda.stream<vector<16xf32>>
  rda.unit compute @u {
    rda.context @c {
      %f = arith.constant 1.0 : f32
      // expected-error @+1 {{a context of one lane cannot write a vector stream}}
      rda.enq %s, %f at 0 : !rda.stream<vector<16xf32>>
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  %s = rda.stream {depth = 2 : i64} : !rda.stream<f32>
  rda.unit compute @u {
    rda.context @c {
      %f = arith.constant 1.0 : f32
      rda.enq %s, %f at 0 : !rda.stream<f32>
      // expected-error @+1 {{the result must have the stream's element type}}
      %v = "rda.deq"(%s) {level = 0 : i64} : (!rda.stream<f32>) -> i32
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  %s = rda.stream {depth = 2 : i64} : !rda.stream<f32>
  rda.unit compute @u {
    rda.context @c {
      %f = arith.constant 1 : i32
      // expected-error @+1 {{the value must have the stream's element type}}
      "rda.enq"(%s, %f) {level = 0 : i64} : (!rda.stream<f32>, i32) -> ()
      %v = rda.deq %s at 0 : !rda.stream<f32>
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit compute @u {
    rda.context @c {
      %f = arith.constant 1.0 : f32
      // expected-error @+1 {{expects a register (an rda.reg of the same context)}}
      %g = rda.reg_set %f, %f : f32
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit compute @u {
    rda.context @c {
      %f = arith.constant 1.0 : f32
      // expected-error @+1 {{unknown fold kind 'subf'}}
      %g = rda.fold "subf" %f, %f : f32
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit compute @u {
    rda.context @c {
      %f = arith.constant 1 : i32
      // expected-error @+1 {{fold 'addf' needs a float type}}
      %g = rda.fold "addf" %f, %f : i32
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit compute @u {
    rda.context @c {
      %a = arith.constant 0 : index
      // expected-error @+1 {{needs a context of a memory unit}}
      %v = rda.read @M[%a] : f32
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit memory @u {
    rda.scratch @M : memref<4xf32> {banks = 1 : i64}
    rda.context @c {
      %a = arith.constant 0 : index
      // expected-error @+1 {{the memory holds another element type than the access's}}
      %v = rda.read @M[%a] : i32
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit memory @u {
    rda.context @c {
      %a = arith.constant 0 : index
      // expected-error @+1 {{no scratchpad @M in this unit}}
      %v = rda.read @M[%a] : i32
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit dram @u {
    rda.context @c {
      %a = arith.constant 0 : index
      %f = arith.constant 1.0 : f32
      // expected-error @+1 {{no DRAM buffer @A in the design}}
      rda.store %f, @A[%a] : f32
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.dram @A : memref<4xf32>
  rda.unit dram @u {
    rda.context @c {
      %a = arith.constant 0 : index
      %f = arith.constant 1.0 : f32
      // expected-error @+1 {{ack_levels needs one level per ack token}}
      rda.store %f, @A[%a] {ack_levels = array<i64: 0>} : f32
    }
  }
}

// -----

rda.design @d attributes {lanes = 16 : i64} {
  rda.unit host @u {
    rda.context @c {
      // expected-error @+1 {{index must be non-negative}}
      %v = rda.arg -1 : i32
    }
  }
}
