// What ub-extract refuses, each located at the op at fault.
// RUN: strata-opt %s --split-input-file --verify-diagnostics --ub-extract

func.func @f(%in: memref<8xi16>, %out: memref<8xi16>) attributes {accel.kernel} {
  affine.for %x = 0 to 8 {
    // expected-error @+1 {{ub-extract: the index is not an affine function of the pure loops}}
    %v = affine.load %in[%x mod 3] : memref<8xi16>
    affine.store %v, %out[%x] : memref<8xi16>
  }
  return
}

// -----

// Strip-mining adds a dimension: eight loops and a divided one are nine.
func.func @f(%in: memref<2x2x2x2x2x2x2x2xi16>, %out: memref<2x2x2x2x2x2x2x4xi16>) attributes {accel.kernel} {
  // expected-error @+1 {{ub-extract: at most 8 loops in a stage (with 0 tile loops), strip-mined loops counting twice}}
  affine.for %a = 0 to 2 {
   affine.for %b = 0 to 2 {
    affine.for %c = 0 to 2 {
     affine.for %d = 0 to 2 {
      affine.for %e = 0 to 2 {
       affine.for %f = 0 to 2 {
        affine.for %g = 0 to 2 {
         affine.for %h = 0 to 4 {
          %v = affine.load %in[%a, %b, %c, %d, %e, %f, %g, %h floordiv 2] : memref<2x2x2x2x2x2x2x2xi16>
          affine.store %v, %out[%a, %b, %c, %d, %e, %f, %g, %h] : memref<2x2x2x2x2x2x2x4xi16>
         }
        }
       }
      }
     }
    }
   }
  }
  return
}

// -----

// Strip-mining splits a loop by one factor.
func.func @f(%in: memref<8xi16>, %out: memref<8xi16>) attributes {accel.kernel} {
  affine.for %x = 0 to 8 {
    // expected-error @+1 {{ub-extract: a loop index divided by two different constants (a loop is strip-mined by one factor)}}
    %v = affine.load %in[%x floordiv 2 + %x floordiv 4] : memref<8xi16>
    affine.store %v, %out[%x] : memref<8xi16>
  }
  return
}

// -----

// (x + 1) floordiv 2 after x = 2q + r is q + (r + 1) floordiv 2 = q + r, but
// (x + 1) floordiv 3 over x = 3q + r is q + 0, 0, 1: no affine function.
func.func @f(%in: memref<8xi16>, %out: memref<9xi16>) attributes {accel.kernel} {
  affine.for %x = 0 to 9 {
    // expected-error @+1 {{ub-extract: the index is not an affine function of the pure loops}}
    %v = affine.load %in[(%x + 1) floordiv 3] : memref<8xi16>
    affine.store %v, %out[%x] : memref<9xi16>
  }
  return
}

// -----

func.func @f(%in: memref<8xi16>, %out: memref<8xi16>) attributes {accel.kernel} {
  affine.for %x = 0 to 7 {
    %v = affine.load %in[%x] : memref<8xi16>
    affine.store %v, %out[%x] : memref<8xi16>
  }
  affine.for %x = 0 to 7 {
    // expected-error @+1 {{ub-extract: a stage reads its own buffer at another element (recursion is not supported)}}
    %v = affine.load %out[%x + 1] : memref<8xi16>
    affine.store %v, %out[%x] : memref<8xi16>
  }
  return
}

// -----

func.func @f(%in: memref<8xi16>, %out: memref<8xi16>) attributes {accel.kernel} {
  affine.for %x = 0 to 8 {
    // expected-error @+1 {{ub-extract: the value is read before the stage stores it}}
    %v = affine.load %out[%x] : memref<8xi16>
    affine.store %v, %out[%x] : memref<8xi16>
  }
  return
}

// -----

memref.global "private" @g : memref<8xi16> = dense<1>
func.func @f(%out: memref<8xi16>) attributes {accel.kernel} {
  %g = memref.get_global @g : memref<8xi16>
  affine.for %x = 0 to 8 {
    // expected-error @+1 {{ub-extract: a load from a memref that is neither an argument, an allocation of the function, nor a constant table at constant indices}}
    %v = affine.load %g[%x] : memref<8xi16>
    affine.store %v, %out[%x] : memref<8xi16>
  }
  return
}

// -----

func.func @f(%in: memref<8xi16>, %out: memref<8xi16>, %o2: memref<8xi16>) attributes {accel.kernel} {
  affine.for %x = 0 to 8 {
    %v = affine.load %in[%x] : memref<8xi16>
    affine.store %v, %out[%x] : memref<8xi16>
    // expected-error @+1 {{ub-extract: a stage stores one element of one buffer per iteration}}
    affine.store %v, %o2[%x] : memref<8xi16>
  }
  return
}

// -----

func.func @f(%in: memref<8xi16>, %out: memref<8xi16>, %s: i16) attributes {accel.kernel} {
  affine.for %x = 0 to 8 {
    // expected-error @+1 {{ub-extract: the stored value is not computed inside the stage}}
    affine.store %s, %out[%x] : memref<8xi16>
  }
  return
}

// -----

func.func @f(%in: memref<8xi16>, %out: memref<8xi16>) attributes {accel.kernel} {
  affine.for %x = 0 to 8 {
    // expected-error @+1 {{ub-extract: a reduction loop needs constant bounds and no results}}
    affine.for %r = 0 to affine_map<(d0) -> (d0)>(%x) {
      %v = affine.load %in[%x] : memref<8xi16>
      affine.store %v, %out[%x] : memref<8xi16>
    }
  }
  return
}

// -----

func.func @f(%in: memref<8xi16>, %out: memref<8xi16>) attributes {accel.kernel} {
  affine.for %x = 0 to 8 {
    // expected-error @+1 {{ub-extract: an index computation that is not affine in the loops}}
    %i = affine.apply affine_map<(d0) -> (d0 mod 3)>(%x)
    %v = affine.load %in[%i] : memref<8xi16>
    affine.store %v, %out[%x] : memref<8xi16>
  }
  return
}

// -----

// A scalar argument becomes a ub.param (param.mlir); an index one has no
// hardware width.
func.func @f(%in: memref<8xindex>, %out: memref<8xindex>, %s: index) attributes {accel.kernel} {
  affine.for %x = 0 to 8 {
    %v = affine.load %in[%x] : memref<8xindex>
    // expected-error @+1 {{ub-extract: operand #1 is the kernel's scalar argument #2 of type index; a stage takes integer, f32 and f64 parameters only}}
    %w = arith.addi %v, %s : index
    affine.store %w, %out[%x] : memref<8xindex>
  }
  return
}

// -----

func.func @f(%in: memref<8xi16>, %out: memref<8xi16>) attributes {accel.kernel} {
  %c0 = arith.constant 0 : index
  %s = memref.load %in[%c0] : memref<8xi16>
  affine.for %x = 0 to 8 {
    %v = affine.load %in[%x] : memref<8xi16>
    // expected-error @+1 {{ub-extract: operand #1 is defined outside the stage and is not a constant}}
    %w = arith.addi %v, %s : i16
    affine.store %w, %out[%x] : memref<8xi16>
  }
  return
}

// -----

func.func @f(%in: memref<8xi16>, %out: memref<8xi16>, %c: i1) attributes {accel.kernel} {
  affine.for %x = 0 to 8 {
    %v = affine.load %in[%x] : memref<8xi16>
    // expected-error @+1 {{ub-extract: an op with regions or successors inside a stage}}
    %w = scf.if %c -> (i16) {
      scf.yield %v : i16
    } else {
      scf.yield %v : i16
    }
    affine.store %w, %out[%x] : memref<8xi16>
  }
  return
}

// -----

func.func @f(%in: memref<8xi16>, %out: memref<8xi16>) attributes {accel.kernel} {
  // expected-error @+1 {{ub-extract: a stage stores nothing}}
  affine.for %x = 0 to 8 {
    %v = affine.load %in[%x] : memref<8xi16>
  }
  return
}

// -----

memref.global "private" @g : memref<8xi16> = dense<1>
func.func @f(%in: memref<8xi16>) attributes {accel.kernel} {
  %g = memref.get_global @g : memref<8xi16>
  affine.for %x = 0 to 8 {
    %v = affine.load %in[%x] : memref<8xi16>
    // expected-error @+1 {{ub-extract: a stage stores into a memref that is not an argument or an allocation of the function}}
    affine.store %v, %g[%x] : memref<8xi16>
  }
  return
}

// -----

func.func @f(%in: memref<8xi16>, %out: memref<8xi16>) attributes {accel.kernel} {
  // expected-error @+1 {{ub-extract: a pure loop needs constant bounds and step 1}}
  affine.for %x = 0 to 8 step 2 {
    %v = affine.load %in[%x] : memref<8xi16>
    affine.store %v, %out[%x] : memref<8xi16>
  }
  return
}

// -----

func.func @f(%in: memref<8xi16>, %out: memref<8xi16>) attributes {accel.kernel} {
  // expected-error @+1 {{ub-extract: the outer loop of a stage must be a pure loop of its store}}
  affine.for %r = 0 to 2 {
    affine.for %x = 0 to 8 {
      %v = affine.load %in[%x] : memref<8xi16>
      affine.store %v, %out[%x] : memref<8xi16>
    }
  }
  return
}

// -----

func.func @f(%in: memref<8xi16>, %out: memref<8xi16>) attributes {accel.kernel} {
  affine.for %x = 0 to 8 {
    %v = affine.load %in[%x] : memref<8xi16>
    affine.store %v, %out[%x] : memref<8xi16>
  }
  // expected-error @+1 {{ub-extract: an update of 'arg1' over another domain than its definition}}
  affine.for %x = 0 to 4 {
    %v = affine.load %out[%x] : memref<8xi16>
    affine.store %v, %out[%x] : memref<8xi16>
  }
  return
}

// -----

// expected-error @+1 {{ub-extract: the accelerated function has no loop nest}}
func.func @f(%in: memref<8xi16>) attributes {accel.kernel} {
  return
}

// -----

// expected-error @+1 {{ub-extract: the function has no body}}
func.func private @f(%in: memref<8xi16>) attributes {accel.kernel}

// -----

// The .hl form: one accelerator per function.
// expected-error @+1 {{ub-extract: 2 accelerators in one function (one graph each is not supported)}}
func.func @f(%in: memref<8xi16>, %out: memref<8xi16>) {
  affine.for %b = 0 to 1 {
    affine.for %x = 0 to 8 {
      %v = affine.load %in[%x] : memref<8xi16>
      affine.store %v, %out[%x] : memref<8xi16>
    }
  } {accel.launch = "a"}
  affine.for %b = 0 to 1 {
    affine.for %x = 0 to 8 {
      %v = affine.load %in[%x] : memref<8xi16>
      affine.store %v, %out[%x] : memref<8xi16>
    }
  } {accel.launch = "b"}
  return
}

// -----

// A tiled accelerator (several runs, tiled-*.test): a run's footprint of a
// buffer moves as a whole, so two reads of one buffer that move
// differently with the tile loop are refused.
func.func @f(%in: memref<8xi16>, %out: memref<8xi16>) {
  affine.for %b = 0 to 2 {
    // expected-error @+1 {{ub-extract: the accesses of a buffer of stage 'arg1' move differently with the tile loops (a run's footprint must move as a whole)}}
    affine.for %x = 0 to 4 {
      %v = affine.load %in[%b * 4 + %x] : memref<8xi16>
      %w = affine.load %in[%x] : memref<8xi16>
      %s = arith.addi %v, %w : i16
      affine.store %s, %out[%b * 4 + %x] : memref<8xi16>
    }
  } {accel.launch = "a"}
  return
}

// -----

// A host stage beside a tiled accelerator that does not read it.
func.func @f(%in: memref<8xi16>, %out: memref<8xi16>) {
  %t = memref.alloc() : memref<8xi16>
  // expected-error @+1 {{ub-extract: the host computes 'buf2' in a nest of its own beside a tiled accelerator that does not read it (only a copy to an argument is supported)}}
  affine.for %x = 0 to 8 {
    %v = affine.load %in[%x] : memref<8xi16>
    %w = arith.addi %v, %v : i16
    affine.store %w, %t[%x] : memref<8xi16>
  }
  affine.for %b = 0 to 2 {
    affine.for %x = 0 to 4 {
      %v = affine.load %in[%b * 4 + %x] : memref<8xi16>
      affine.store %v, %out[%b * 4 + %x] : memref<8xi16>
    }
  } {accel.launch = "a"}
  return
}

// -----

// A host stage before a tiled accelerator becomes part of each run, which
// needs its store to name each dimension by one loop.
func.func @f(%in: memref<8xi16>, %out: memref<8xi16>) {
  %t = memref.alloc() : memref<16xi16>
  // expected-error @+1 {{ub-extract: the host computes 'buf2' before a tiled accelerator; each run computes its tile of it, which needs a store naming each dimension by one pure loop (at most 7 loops)}}
  affine.for %x = 0 to 8 {
    %v = affine.load %in[%x] : memref<8xi16>
    affine.store %v, %t[%x * 2] : memref<16xi16>
  }
  affine.for %b = 0 to 2 {
    affine.for %x = 0 to 4 {
      %v = affine.load %t[%b * 8 + %x * 2] : memref<16xi16>
      affine.store %v, %out[%b * 4 + %x] : memref<8xi16>
    }
  } {accel.launch = "a"}
  return
}

// -----

// ... and each run to read only what the host computes.
func.func @f(%in: memref<8xi16>, %out: memref<8xi16>) {
  %t = memref.alloc() : memref<8xi16>
  // expected-error @+1 {{ub-extract: a run reads 'buf2' beyond what the host computes of it}}
  affine.for %x = 0 to 6 {
    %v = affine.load %in[%x] : memref<8xi16>
    %w = arith.addi %v, %v : i16
    affine.store %w, %t[%x] : memref<8xi16>
  }
  affine.for %b = 0 to 2 {
    affine.for %x = 0 to 4 {
      %v = affine.load %t[%b * 4 + %x] : memref<8xi16>
      affine.store %v, %out[%b * 4 + %x] : memref<8xi16>
    }
  } {accel.launch = "a"}
  return
}

// -----

// ... and not to compute from its coordinates (a run would need its
// tile's).
func.func @f(%out: memref<8xi16>) {
  %t = memref.alloc() : memref<8xi16>
  // expected-error @+1 {{ub-extract: the host computes 'buf1' from its coordinates before a tiled accelerator (each run would need its tile's)}}
  affine.for %x = 0 to 8 {
    %v = arith.index_cast %x : index to i16
    affine.store %v, %t[%x] : memref<8xi16>
  }
  affine.for %b = 0 to 2 {
    affine.for %x = 0 to 4 {
      %v = affine.load %t[%b * 4 + %x] : memref<8xi16>
      affine.store %v, %out[%b * 4 + %x] : memref<8xi16>
    }
  } {accel.launch = "a"}
  return
}

// -----

func.func @f(%in: memref<8xi16>, %out: memref<8xi16>, %n: index) {
  // expected-error @+1 {{ub-extract: a loop around the accelerator or its fabric tiles needs constant bounds}}
  affine.for %c = 0 to %n {
    affine.for %b = 0 to 1 {
      affine.for %x = 0 to 8 {
        %v = affine.load %in[%x] : memref<8xi16>
        affine.store %v, %out[%x] : memref<8xi16>
      }
    } {accel.launch = "a"}
  }
  return
}

// -----

// A ROM is computed at compile time: its nest may read nothing else.
func.func @f(%in: memref<8xi16>, %out: memref<8xi16>) {
  affine.for %b = 0 to 1 {
    %rom = memref.alloc() {accel.name = "curve", accel.store_in = "rom"} : memref<8xi16>
    // expected-error @+1 {{ub-extract: the ROM 'curve' cannot be computed at compile time (it must be a table of integers or f32 whose nest reads no other buffer)}}
    affine.for %v = 0 to 8 {
      %w = affine.load %in[%v] : memref<8xi16>
      affine.store %w, %rom[%v] : memref<8xi16>
    }
    affine.for %x = 0 to 8 {
      %i = affine.load %in[%x] : memref<8xi16>
      %j = arith.index_cast %i : i16 to index
      %v = memref.load %rom[%j] : memref<8xi16>
      affine.store %v, %out[%x] : memref<8xi16>
    }
  } {accel.launch = "a"}
  return
}

// -----

// Tile loops take the affine slots stages leave: 7 pure loops with one.
func.func @f(%in: memref<2x1x1x1x1x1x1x2xi16>, %out: memref<2x1x1x1x1x1x1x2xi16>) {
  affine.for %b = 0 to 2 {
    affine.for %a0 = 0 to 1 {
     affine.for %a1 = 0 to 1 {
      affine.for %a2 = 0 to 1 {
       affine.for %a3 = 0 to 1 {
        affine.for %a4 = 0 to 1 {
         affine.for %a5 = 0 to 1 {
          affine.for %a6 = 0 to 1 {
           // expected-error @+1 {{ub-extract: at most 7 pure loops (with 1 tile loops)}}
           affine.for %a7 = 0 to 2 {
             %v = affine.load %in[%b + %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7] : memref<2x1x1x1x1x1x1x2xi16>
             affine.store %v, %out[%b + %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7] : memref<2x1x1x1x1x1x1x2xi16>
           }
          }
         }
        }
       }
      }
     }
    }
  } {accel.launch = "a"}
  return
}

// -----

func.func @f(%in: memref<64xi16>, %out: memref<64xi16>) {
  affine.for %t0 = 0 to 2 {
   affine.for %t1 = 0 to 2 {
    affine.for %t2 = 0 to 2 {
     affine.for %t3 = 0 to 2 {
      // expected-error @+1 {{ub-extract: at most 4 tile loops around the accelerator and its fabric tiles}}
      affine.for %t4 = 0 to 2 {
        affine.for %x = 0 to 2 {
          %v = affine.load %in[%t0 * 32 + %t1 * 16 + %t2 * 8 + %t3 * 4 + %t4 * 2 + %x] : memref<64xi16>
          affine.store %v, %out[%t0 * 32 + %t1 * 16 + %t2 * 8 + %t3 * 4 + %t4 * 2 + %x] : memref<64xi16>
        }
      } {accel.launch = "a"}
     }
    }
   }
  }
  return
}

// -----

// A run reads what the host computed at places that move differently.
func.func @f(%in: memref<8xi16>, %out: memref<8xi16>) {
  %t = memref.alloc() : memref<8xi16>
  affine.for %x = 0 to 8 {
    %v = affine.load %in[%x] : memref<8xi16>
    %w = arith.addi %v, %v : i16
    affine.store %w, %t[%x] : memref<8xi16>
  }
  affine.for %b = 0 to 2 {
    // expected-error @+1 {{ub-extract: stage 'arg1' reads 'buf2' at places that move differently with the tile loops}}
    affine.for %x = 0 to 4 {
      %v = affine.load %t[%b * 4 + %x] : memref<8xi16>
      %u = affine.load %t[%x] : memref<8xi16>
      %s = arith.addi %v, %u : i16
      affine.store %s, %out[%b * 4 + %x] : memref<8xi16>
    }
  } {accel.launch = "a"}
  return
}

// -----

// Two-level tiles: one nest of fabric tiles in a run of the accelerator.
func.func @f(%in: memref<8xi16>, %out: memref<8xi16>) {
  affine.for %b = 0 to 1 {
    affine.for %t = 0 to 2 {
      %a = memref.alloc() : memref<4xi16>
      affine.for %x = 0 to 4 {
        %v = affine.load %in[%t * 4 + %x] : memref<8xi16>
        affine.store %v, %a[%x] : memref<4xi16>
      }
      affine.for %x = 0 to 4 {
        %v = affine.load %a[%x] : memref<4xi16>
        affine.store %v, %out[%t * 4 + %x] : memref<8xi16>
      }
    }
    // expected-error @+1 {{ub-extract: a second nest of fabric tiles in one accelerator run}}
    affine.for %t = 0 to 2 {
      %a = memref.alloc() : memref<4xi16>
    }
  } {accel.launch = "a"}
  return
}

// -----

// Beside the fabric tiles a run only copies into and out of its global
// buffers.
func.func @f(%in: memref<8xi16>, %out: memref<8xi16>) {
  affine.for %b = 0 to 1 {
    %g = memref.alloc() {accel.store_in = "global"} : memref<8xi16>
    // expected-error @+1 {{ub-extract: beside the fabric's tile loops a run of the accelerator only copies between its global buffers and the host's (two-level tiles)}}
    affine.for %x = 0 to 8 {
      %v = affine.load %in[%x] : memref<8xi16>
      %w = arith.addi %v, %v : i16
      affine.store %w, %g[%x] : memref<8xi16>
    }
    affine.for %t = 0 to 2 {
      %a = memref.alloc() : memref<4xi16>
      affine.for %x = 0 to 4 {
        %v = affine.load %g[%t * 4 + %x] : memref<8xi16>
        affine.store %v, %a[%x] : memref<4xi16>
      }
      affine.for %x = 0 to 4 {
        %v = affine.load %a[%x] : memref<4xi16>
        affine.store %v, %out[%t * 4 + %x] : memref<8xi16>
      }
    }
  } {accel.launch = "a"}
  return
}
