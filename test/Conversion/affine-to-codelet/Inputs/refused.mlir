// Loops affine-raise-to-codelet leaves on the host, each with its reason
// (errors.test).
func.func @part(%A: memref<4xi32>, %C: memref<4xi32>) {
  affine.for %i = 0 to 2 {
    %a = affine.load %A[%i] : memref<4xi32>
    affine.store %a, %C[%i] : memref<4xi32>
  }
  return
}

func.func @div(%A: memref<4xi32>, %C: memref<4xi32>) {
  %c3 = arith.constant 3 : i32
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xi32>
    %d = arith.divsi %a, %c3 : i32
    affine.store %d, %C[%i] : memref<4xi32>
  }
  return
}

func.func @shrui(%A: memref<4xi32>, %C: memref<4xi32>) {
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xi32>
    %z = arith.shrui %a, %a : i32
    affine.store %z, %C[%i] : memref<4xi32>
  }
  return
}

func.func @scalar(%n: index, %C: memref<4xi32>) {
  affine.for %i = 0 to 4 {
    %c = arith.constant 1 : i32
    affine.store %c, %C[%i] : memref<4xi32>
  }
  return
}

func.func @twice(%A: memref<4x3xi8>, %B: memref<3x4xi8>, %C: memref<4x4xi32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %z = arith.constant 0 : i32
      affine.store %z, %C[%i, %j] : memref<4x4xi32>
      affine.for %k = 0 to 4 {
        %c = affine.load %C[%i, %j] : memref<4x4xi32>
        %a = affine.load %A[%i, 0] : memref<4x3xi8>
        %b = affine.load %B[0, %j] : memref<3x4xi8>
        %a2 = arith.extsi %a : i8 to i32
        %b2 = arith.extsi %b : i8 to i32
        %p = arith.muli %a2, %b2 : i32
        %s = arith.addi %c, %p : i32
        affine.store %s, %C[%i, %j] : memref<4x4xi32>
      }
    }
  }
  return
}

func.func @steps(%A: memref<64xi32>, %C: memref<64xi32>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xi32>
    affine.store %a, %C[%i] : memref<64xi32>
  }
  return
}

func.func @divui(%A: memref<4xi32>, %C: memref<4xi32>) {
  %c3 = arith.constant 3 : i32
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xi32>
    %d = arith.divui %a, %c3 : i32
    affine.store %d, %C[%i] : memref<4xi32>
  }
  return
}

memref.global "private" constant @table : memref<4xi32> = dense<[1, 2, 3, 4]>
memref.global "private" @state : memref<4xi32> = dense<0>

func.func @storeglobal(%A: memref<4xi32>, %C: memref<4xi32>) {
  %t = memref.get_global @table : memref<4xi32>
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xi32>
    affine.store %a, %t[%i] : memref<4xi32>
  }
  return
}

func.func @mutable(%A: memref<4xi32>, %C: memref<4xi32>) {
  %t = memref.get_global @state : memref<4xi32>
  affine.for %i = 0 to 4 {
    %a = affine.load %t[%i] : memref<4xi32>
    affine.store %a, %C[%i] : memref<4xi32>
  }
  return
}
