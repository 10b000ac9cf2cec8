// What the interpreter reports when a codelet goes wrong at run time: a
// slice outside its surrogate, a template run unbound, a parameter without
// a value, a read of a local nothing wrote, a division by zero, a layer
// reading uninitialised memory, a layer over the work limit.
// RUN: not strata-run %s --entry=outside --arg=index:20 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// RUN: not strata-run %s --entry=nodiv 2>&1 | FileCheck %s --check-prefix=MAP
// RUN: not strata-run %s --entry=template 2>&1 | FileCheck %s --check-prefix=TEMPLATE
// RUN: not strata-run %s --entry=param 2>&1 | FileCheck %s --check-prefix=PARAM
// RUN: not strata-run %s --entry=unwritten 2>&1 | FileCheck %s --check-prefix=UNWRITTEN
// RUN: not strata-run %s --entry=divzero 2>&1 | FileCheck %s --check-prefix=DIVZERO
// RUN: not strata-run %s --entry=uninit 2>&1 | FileCheck %s --check-prefix=UNINIT
// RUN: not strata-run %s --entry=uninit --limit=codelet-layer-work=7 2>&1 | FileCheck %s --check-prefix=WORK

// OUTSIDE: error: undefined behaviour: access 0 reaches elements 20..20 of dimension 0, which has 4
func.func @outside(%n: index) {
  %A = memref.alloc() : memref<4xi32>
  codelet.cdlt "x" {
    %a = codelet.inp %A : memref<4xi32>
    %t = codelet.transfer %a[%n][1] : memref<4xi32>
  }
  return
}

// MAP: error: undefined behaviour: the offsets of access 0 cannot be evaluated
func.func @nodiv() {
  %A = memref.alloc() : memref<4xi32>
  codelet.cdlt "x" {
    %a = codelet.inp %A : memref<4xi32>
    codelet.loop %i = 0 to 2 {
      %t = codelet.transfer %a[%i mod 0][1] : memref<4xi32>
    }
  }
  return
}

// TEMPLATE: error: a template surrogate is bound to no layer operand: instantiate the codelet first
func.func @template() {
  codelet.cdlt "x" {
    %a = codelet.inp : memref<4xi32>
  }
  return
}

// PARAM: error: parameter 'N' has no value: map the layer first
func.func @param() {
  codelet.cdlt "x" {
    %n = codelet.param "N"
    codelet.loop %i = 0 to %n {
    }
  }
  return
}

// UNWRITTEN: error: undefined behaviour: access 1 reads an element nothing wrote (element 0)
func.func @unwritten() {
  codelet.cdlt "x" {
    %l = codelet.local : memref<4xi32>
    %m = codelet.local 0 : memref<4xi32>
    codelet.compute "RELU" %m[0][4] : memref<4xi32> = %l[0][4] : memref<4xi32>
  }
  return
}

// DIVZERO: error: undefined behaviour: 'DIV' divides by zero (element 0)
func.func @divzero() {
  codelet.cdlt "x" {
    %z = codelet.local 0 : memref<1xi32>
    %m = codelet.local 7 : memref<4xi32>
    codelet.compute "DIV" %m[0][4] : memref<4xi32> = %m[0][4] : memref<4xi32>, %z[0][1] : memref<1xi32>
  }
  return
}

// UNINIT: error: undefined behaviour: operand 0: element 0 is uninitialised
// WORK: error: the layer's 8 steps are too many to run (limit codelet-layer-work = 7; raise it with --limit=codelet-layer-work=<n>)
func.func @uninit() {
  %A = memref.alloc() : memref<2x2xi8>
  %B = memref.alloc() : memref<2x2xi8>
  %C = memref.alloc() : memref<2x2xi32>
  codelet.gemm %A, %B, %C : memref<2x2xi8>, memref<2x2xi8>, memref<2x2xi32>
  return
}
