// memref ops: buffers, views and their checks.  Expected values by hand.
// A 2x3 buffer filled with 10*i + j, read back through a 2x2 subview at
// offset [0, 1] and through a cast to a dynamic shape: dims 2 and 3, rank 2.
// RUN: strata-run %s --entry=views | FileCheck %s --check-prefix=VIEWS
// VIEWS: i32:1
// VIEWS-NEXT: i32:12
// VIEWS-NEXT: index:3
// VIEWS-NEXT: index:2
// VIEWS-NEXT: i32:12
// A subview with strides [1, 2] and a rank-reducing one (row 1, as a 1-D memref).
// RUN: strata-run %s --entry=strided | FileCheck %s --check-prefix=STRIDED
// STRIDED: memref<2x2xi32, strided<[3, 2]>>:{{\[\[}}0, 2], [10, 12]]
// STRIDED-NEXT: memref<3xi32, strided<[1], offset: 3>>:[10, 11, 12]
// copy into a fresh buffer; a constant global and a mutable one.
// RUN: strata-run %s --entry=copy_global | FileCheck %s --check-prefix=GLOBAL
// GLOBAL: memref<2x2xf32>:{{\[\[}}1.5, 2], [3, 4]]
// GLOBAL-NEXT: i32:7
// GLOBAL-NEXT: i32:7
// A memref argument written by the function is printed after the call.
// RUN: strata-run %s --entry=fill --arg=memref:zeros --arg=f16:0.5 | FileCheck %s --check-prefix=FILL
// FILL: memref<3xf16>:[0.5, 0.5, 0.5]
// Elements never written load as poison.
// RUN: strata-run %s --entry=uninit --poison-results | FileCheck %s --check-prefix=UNINIT
// UNINIT: i64:5
// UNINIT-NEXT: i64:poison

// Undefined behaviour.
// RUN: not strata-run %s --entry=oob_load --arg=index:1 --arg=index:3 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: not strata-run %s --entry=oob_store --arg=index:-1 2>&1 | FileCheck %s --check-prefix=OOBST
// RUN: not strata-run %s --entry=after_free 2>&1 | FileCheck %s --check-prefix=UAF
// RUN: not strata-run %s --entry=double_free 2>&1 | FileCheck %s --check-prefix=DFREE
// RUN: not strata-run %s --entry=free_stack 2>&1 | FileCheck %s --check-prefix=FSTACK
// RUN: not strata-run %s --entry=free_global 2>&1 | FileCheck %s --check-prefix=FGLOBAL
// RUN: not strata-run %s --entry=escape 2>&1 | FileCheck %s --check-prefix=ESCAPE
// RUN: not strata-run %s --entry=write_constant 2>&1 | FileCheck %s --check-prefix=CONST
// RUN: not strata-run %s --entry=poison_index --arg=index:1 2>&1 | FileCheck %s --check-prefix=PINDEX
// RUN: not strata-run %s --entry=poison_store --arg=i32:1 2>&1 | FileCheck %s --check-prefix=PSTORE
// RUN: not strata-run %s --entry=bad_cast --arg=index:3 2>&1 | FileCheck %s --check-prefix=CAST
// RUN: not strata-run %s --entry=bad_cast_stride 2>&1 | FileCheck %s --check-prefix=CASTSTRIDE
// RUN: not strata-run %s --entry=bad_cast_offset 2>&1 | FileCheck %s --check-prefix=CASTOFF
// RUN: not strata-run %s --entry=bad_subview --arg=index:2 2>&1 | FileCheck %s --check-prefix=SUBVIEW
// RUN: not strata-run %s --entry=bad_dim --arg=index:2 2>&1 | FileCheck %s --check-prefix=DIM
// RUN: not strata-run %s --entry=negative_size --arg=index:-2 2>&1 | FileCheck %s --check-prefix=NEGSIZE
// RUN: not strata-run %s --entry=bad_copy --arg=index:3 2>&1 | FileCheck %s --check-prefix=COPY
// RUN: not strata-run %s --entry=external 2>&1 | FileCheck %s --check-prefix=EXTERNAL

memref.global "private" constant @table : memref<2x2xf32> = dense<[[1.5, 2.0], [3.0, 4.0]]>
memref.global "private" @counter : memref<i32> = dense<0>
memref.global "private" @scratch : memref<4xi64> = uninitialized
memref.global "private" @extern_table : memref<4xi32>

func.func @fill_2x3(%m: memref<2x3xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : i32
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %t = arith.muli %ii, %c10 : i32
      %v = arith.addi %t, %jj : i32
      memref.store %v, %m[%i, %j] : memref<2x3xi32>
    }
  }
  return
}
// sv[0][0], sv[1][1], dim 1, rank, dynamic cast [1][2]
func.func @views() -> (i32, i32, index, index, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m = memref.alloc() : memref<2x3xi32>
  func.call @fill_2x3(%m) : (memref<2x3xi32>) -> ()
  %sv = memref.subview %m[0, 1] [2, 2] [1, 1] : memref<2x3xi32> to memref<2x2xi32, strided<[3, 1], offset: 1>>
  %a = memref.load %sv[%c0, %c0] : memref<2x2xi32, strided<[3, 1], offset: 1>>
  %b = memref.load %sv[%c1, %c1] : memref<2x2xi32, strided<[3, 1], offset: 1>>
  %d = memref.cast %m : memref<2x3xi32> to memref<?x?xi32>
  %n = memref.dim %d, %c1 : memref<?x?xi32>
  %r = memref.rank %d : memref<?x?xi32>
  %e = memref.load %d[%c1, %c2] : memref<?x?xi32>
  memref.dealloc %m : memref<2x3xi32>
  return %a, %b, %n, %r, %e : i32, i32, index, index, i32
}
func.func @strided() -> (memref<2x2xi32, strided<[3, 2], offset: 0>>, memref<3xi32, strided<[1], offset: 3>>) {
  %m = memref.alloc() : memref<2x3xi32>
  func.call @fill_2x3(%m) : (memref<2x3xi32>) -> ()
  %a = memref.subview %m[0, 0] [2, 2] [1, 2] : memref<2x3xi32> to memref<2x2xi32, strided<[3, 2], offset: 0>>
  %b = memref.subview %m[1, 0] [1, 3] [1, 1] : memref<2x3xi32> to memref<3xi32, strided<[1], offset: 3>>
  return %a, %b : memref<2x2xi32, strided<[3, 2], offset: 0>>, memref<3xi32, strided<[1], offset: 3>>
}
func.func @copy_global() -> (memref<2x2xf32>, i32, i32) {
  %t = memref.get_global @table : memref<2x2xf32>
  %m = memref.alloc() : memref<2x2xf32>
  memref.copy %t, %m : memref<2x2xf32> to memref<2x2xf32>
  %g = memref.get_global @counter : memref<i32>
  %c7 = arith.constant 7 : i32
  memref.store %c7, %g[] : memref<i32>
  %g2 = memref.get_global @counter : memref<i32>
  %v = memref.load %g2[] : memref<i32>
  %w = func.call @read_counter() : () -> i32
  return %m, %v, %w : memref<2x2xf32>, i32, i32
}
func.func @read_counter() -> i32 {
  %g = memref.get_global @counter : memref<i32>
  %v = memref.load %g[] : memref<i32>
  return %v : i32
}
func.func @fill(%m: memref<3xf16>, %x: f16) -> memref<3xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    memref.store %x, %m[%i] : memref<3xf16>
  }
  return %m : memref<3xf16>
}
func.func @uninit() -> (i64, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : i64
  %s = memref.get_global @scratch : memref<4xi64>
  memref.store %c5, %s[%c0] : memref<4xi64>
  %a = memref.load %s[%c0] : memref<4xi64>
  %b = memref.load %s[%c1] : memref<4xi64>
  return %a, %b : i64, i64
}

func.func @oob_load(%i: index, %j: index) -> i32 {
  %m = memref.alloca() : memref<2x3xi32>
  // OOB: memref.mlir:[[@LINE+1]]:8: error: undefined behaviour: out-of-bounds access in 'memref.load': index 3 in dimension 1 is outside [0, 3)
  %v = memref.load %m[%i, %j] : memref<2x3xi32>
  return %v : i32
}
func.func @oob_store(%i: index) {
  %m = memref.alloca() : memref<4xi32>
  %z = arith.constant 0 : i32
  // OOBST: memref.mlir:[[@LINE+1]]:3: error: undefined behaviour: out-of-bounds access in 'memref.store': index -1 in dimension 0 is outside [0, 4)
  memref.store %z, %m[%i] : memref<4xi32>
  return
}
func.func @after_free() -> i32 {
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<4xi32>
  // UAF: memref.mlir:[[@LINE+3]]:8: error: undefined behaviour: access to deallocated memory in 'memref.load'
  // UAF: memref.mlir:[[@LINE+1]]:3: note: deallocated here
  memref.dealloc %m : memref<4xi32>
  %v = memref.load %m[%c0] : memref<4xi32>
  return %v : i32
}
func.func @double_free() {
  %m = memref.alloc() : memref<4xi32>
  memref.dealloc %m : memref<4xi32>
  // DFREE: memref.mlir:[[@LINE+1]]:3: error: undefined behaviour: 'memref.dealloc' of memory that was already deallocated
  memref.dealloc %m : memref<4xi32>
  return
}
func.func @free_stack() {
  %m = memref.alloca() : memref<4xi32>
  // FSTACK: memref.mlir:[[@LINE+1]]:3: error: undefined behaviour: 'memref.dealloc' of stack memory
  memref.dealloc %m : memref<4xi32>
  return
}
func.func @free_global() {
  %g = memref.get_global @counter : memref<i32>
  // FGLOBAL: memref.mlir:[[@LINE+1]]:3: error: undefined behaviour: 'memref.dealloc' of global memory
  memref.dealloc %g : memref<i32>
  return
}
func.func @make_stack() -> memref<4xi32> {
  %m = memref.alloca() : memref<4xi32>
  return %m : memref<4xi32>
}
func.func @escape() -> i32 {
  %c0 = arith.constant 0 : index
  %m = func.call @make_stack() : () -> memref<4xi32>
  // ESCAPE: memref.mlir:[[@LINE+1]]:8: error: undefined behaviour: access to stack memory of a function that returned in 'memref.load'
  %v = memref.load %m[%c0] : memref<4xi32>
  return %v : i32
}
func.func @write_constant() {
  %c0 = arith.constant 0 : index
  %t = memref.get_global @table : memref<2x2xf32>
  %f = arith.constant 0.0 : f32
  // CONST: memref.mlir:[[@LINE+1]]:3: error: undefined behaviour: write to constant global memory in 'memref.store'
  memref.store %f, %t[%c0, %c0] : memref<2x2xf32>
  return
}
func.func @poison_index(%i: index) -> i32 {
  %c64 = arith.constant 64 : index
  %p = arith.shli %i, %c64 : index
  %m = memref.alloca() : memref<4xi32>
  // PINDEX: memref.mlir:[[@LINE+1]]:8: error: undefined behaviour: poison value used as an index of 'memref.load'
  %v = memref.load %m[%p] : memref<4xi32>
  return %v : i32
}
func.func @poison_store(%x: i32) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : i32
  %p = arith.shli %x, %c32 : i32
  %m = memref.alloca() : memref<4xi32>
  // PSTORE: memref.mlir:[[@LINE+1]]:3: error: undefined behaviour: poison value stored by 'memref.store'
  memref.store %p, %m[%c0] : memref<4xi32>
  return
}
func.func @bad_cast(%n: index) {
  %m = memref.alloc(%n) : memref<?xi32>
  // CAST: memref.mlir:[[@LINE+1]]:8: error: undefined behaviour: 'memref.cast' to a static size 4 of dimension 0 that is 3
  %c = memref.cast %m : memref<?xi32> to memref<4xi32>
  memref.dealloc %m : memref<?xi32>
  return
}
func.func @bad_cast_stride() {
  %m = memref.alloca() : memref<2x4xi32>
  %s = memref.subview %m[0, 0] [2, 2] [1, 2] : memref<2x4xi32> to memref<2x2xi32, strided<[4, 2]>>
  %d = memref.cast %s : memref<2x2xi32, strided<[4, 2]>> to memref<2x2xi32, strided<[?, ?]>>
  // CASTSTRIDE: memref.mlir:[[@LINE+1]]:8: error: undefined behaviour: 'memref.cast' to a static stride 1 of dimension 1 that is 2
  %e = memref.cast %d : memref<2x2xi32, strided<[?, ?]>> to memref<2x2xi32, strided<[4, 1]>>
  return
}
func.func @bad_cast_offset() {
  %m = memref.alloca() : memref<2x4xi32>
  %s = memref.subview %m[1, 1] [1, 2] [1, 1] : memref<2x4xi32> to memref<1x2xi32, strided<[4, 1], offset: 5>>
  %d = memref.cast %s : memref<1x2xi32, strided<[4, 1], offset: 5>> to memref<1x2xi32, strided<[4, 1], offset: ?>>
  // CASTOFF: memref.mlir:[[@LINE+1]]:8: error: undefined behaviour: 'memref.cast' to a static offset 6 that is 5
  %e = memref.cast %d : memref<1x2xi32, strided<[4, 1], offset: ?>> to memref<1x2xi32, strided<[4, 1], offset: 6>>
  return
}
func.func @bad_subview(%o: index) {
  %m = memref.alloca() : memref<4xi32>
  // SUBVIEW: memref.mlir:[[@LINE+1]]:8: error: undefined behaviour: 'memref.subview' reaches outside dimension 0 of size 4 (offset 2, size 3, stride 1)
  %s = memref.subview %m[%o] [3] [1] : memref<4xi32> to memref<3xi32, strided<[1], offset: ?>>
  return
}
func.func @bad_dim(%d: index) -> index {
  %m = memref.alloca() : memref<4x4xi32>
  // DIM: memref.mlir:[[@LINE+1]]:8: error: undefined behaviour: dimension 2 of a rank-2 memref in 'memref.dim'
  %n = memref.dim %m, %d : memref<4x4xi32>
  return %n : index
}
func.func @negative_size(%n: index) {
  // NEGSIZE: memref.mlir:[[@LINE+1]]:8: error: undefined behaviour: negative size -2 for dimension 0 in 'memref.alloc'
  %m = memref.alloc(%n) : memref<?xi32>
  return
}
func.func @bad_copy(%n: index) {
  %a = memref.alloc(%n) : memref<?xi32>
  %b = memref.alloca() : memref<4xi32>
  %c = memref.cast %b : memref<4xi32> to memref<?xi32>
  // COPY: memref.mlir:[[@LINE+1]]:3: error: undefined behaviour: 'memref.copy' between shapes that differ in dimension 0 (3 and 4)
  memref.copy %a, %c : memref<?xi32> to memref<?xi32>
  return
}
func.func @external() -> i32 {
  %c0 = arith.constant 0 : index
  // EXTERNAL: memref.mlir:[[@LINE+1]]:8: error: cannot interpret '@extern_table': the global has no initial value (it is external)
  %g = memref.get_global @extern_table : memref<4xi32>
  %v = memref.load %g[%c0] : memref<4xi32>
  return %v : i32
}

// Buffers are limited to 1 GiB; a larger one stops the run (as running out
// of steps does: the validator redraws such inputs).
// RUN: not strata-run %s --entry=huge --arg=index:300000000 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not strata-run %s --entry=huge_static 2>&1 | FileCheck %s --check-prefix=HUGESTATIC
func.func @huge(%n: index) {
  // HUGE: memref.mlir:[[@LINE+1]]:8: error: a buffer of 300000000 elements of 4 bytes is over the limit of 1 GiB
  %m = memref.alloc(%n) : memref<?xi32>
  memref.dealloc %m : memref<?xi32>
  return
}
func.func @huge_static() {
  // HUGESTATIC: memref.mlir:[[@LINE+1]]:8: error: a buffer of type 'memref<4611686018427387904x4xi8>' is over the limit of 1 GiB
  %m = memref.alloca() : memref<4611686018427387904x4xi8>
  return
}
