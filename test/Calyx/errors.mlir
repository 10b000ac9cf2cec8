// The component and cell rules of the calyx verifier, one chunk each.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{requires exactly one input port marked {go}}}
calyx.component @main(%clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {}
  calyx.control {}
}

// -----

// expected-error @+1 {{port marked {done} must be an output}}
calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}, %done: i1 {done}) -> () {
  calyx.wires {}
  calyx.control {}
}

// -----

// expected-error @+1 {{port marked {clk} must be i1}}
calyx.component @main(%go: i1 {go}, %clk: i2 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {}
  calyx.control {}
}

// -----

// expected-error @+1 {{port 0 must be a signless integer}}
calyx.component @main(%x: index, %go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {}
  calyx.control {}
}

// -----

// expected-error @+1 {{requires 'portNames' and 'portAttributes' with one entry per port}}
"calyx.component"() ({
}) {sym_name = "main", function_type = () -> (), portNames = ["a"], portAttributes = []} : () -> ()

// -----

// expected-error @+1 {{body must have one argument per port}}
"calyx.component"() ({
^bb0:
}) {sym_name = "main", function_type = (i1) -> (), portNames = ["a"], portAttributes = [{}]} : () -> ()

// -----

// expected-error @+1 {{argument 0 does not have the type of its port}}
"calyx.component"() ({
^bb0(%a: i2):
}) {sym_name = "main", function_type = (i1) -> (), portNames = ["a"], portAttributes = [{}]} : () -> ()

// -----

// expected-error @+1 {{requires exactly one of each: 'calyx.wires', 'calyx.control'}}
calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  // expected-error @+1 {{cannot be directly in a calyx.component}}
  %u = calyx.undef : i1
  calyx.wires {}
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  %a.left, %a.right, %a.out = calyx.std_add @a : i8, i8, i8
  // expected-error @+1 {{redefines the cell name 'a'}}
  %b.left, %b.right, %b.out = calyx.std_add @a : i8, i8, i8
  calyx.wires {}
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  // expected-error @+1 {{has the name of a port of its component: 'go'}}
  %a.left, %a.right, %a.out = calyx.std_add @go : i8, i8, i8
  calyx.wires {}
  calyx.control {}
}

// -----

// expected-error @+1 {{must be in the body of a calyx.component}}
%a.left, %a.right, %a.out = calyx.std_add @a : i8, i8, i8

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  // expected-error @+1 {{has a wrong number of results; expected: 6 but got 5}}
  %r.in, %r.write_en, %r.clk, %r.reset, %r.out = calyx.register @r : i8, i1, i1, i1, i8
  calyx.wires {}
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  // expected-error @+1 {{port 'write_en' must be i1}}
  %r.in, %r.write_en, %r.clk, %r.reset, %r.out, %r.done = calyx.register @r : i8, i8, i1, i1, i8, i1
  calyx.wires {}
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  // expected-error @+1 {{port 'out' must have the data width of the other ports}}
  %a.left, %a.right, %a.out = calyx.std_add @a : i8, i8, i9
  calyx.wires {}
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  // expected-error @+1 {{output width 9 must not exceed the input width 8}}
  %s.in, %s.out = calyx.std_slice @s : i8, i9
  calyx.wires {}
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  // expected-error @+1 {{output width 7 must not be below the input width 8}}
  %p.in, %p.out = calyx.std_pad @p : i8, i7
  calyx.wires {}
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  // expected-error @+1 {{requires 1 to 4 dimensions, with as many 'sizes' as 'addrSizes'}}
  %m.write_data, %m.write_en, %m.clk, %m.read_data, %m.done = calyx.memory @m <[2, 2, 2, 2, 2] x 8> [1, 1, 1, 1, 1] : i8, i1, i1, i8, i1
  calyx.wires {}
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  // expected-error @+1 {{a memory has at most 4 dimensions}}
  %m.write_data = calyx.memory @m <[2, 2, 2, 2, 2, 2, 2, 2, 2] x 8> [1] : i8
  calyx.wires {}
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  // expected-error @+1 {{requires a positive 'width'}}
  %m.addr0, %m.write_data, %m.write_en, %m.clk, %m.read_data, %m.done = calyx.memory @m <[16] x 0> [4] : i4, i1, i1, i1, i1, i1
  calyx.wires {}
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  // expected-error @+1 {{dimension 0 has size 0; sizes must be positive}}
  %m.addr0, %m.write_data, %m.write_en, %m.clk, %m.read_data, %m.done = calyx.memory @m <[0] x 8> [4] : i4, i8, i1, i1, i8, i1
  calyx.wires {}
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  // expected-error @+1 {{address width 3 of dimension 0 cannot address 16 elements}}
  %m.addr0, %m.write_data, %m.write_en, %m.clk, %m.read_data, %m.done = calyx.memory @m <[16] x 8> [3] : i3, i8, i1, i1, i8, i1
  calyx.wires {}
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  // expected-error @+1 {{port 'addr0' must be i4}}
  %m.addr0, %m.write_data, %m.write_en, %m.clk, %m.read_data, %m.done = calyx.memory @m <[16] x 8> [4] : i5, i8, i1, i1, i8, i1
  calyx.wires {}
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  // expected-error @+1 {{port 'write_data' must be i8}}
  %m.addr0, %m.clk, %m.reset, %m.content_en, %m.write_en, %m.write_data, %m.read_data, %m.done = calyx.seq_mem @m <[16] x 8> [4] : i4, i1, i1, i1, i1, i7, i8, i1
  calyx.wires {}
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  // expected-error @+1 {{is referencing component: B, which does not exist}}
  %b.go = calyx.instance @b of @B : i1
  calyx.wires {}
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  // expected-error @+1 {{instantiates its own component}}
  %b.go, %b.clk, %b.reset, %b.done = calyx.instance @b of @main : i1, i1, i1, i1
  calyx.wires {}
  calyx.control {}
}

// -----

calyx.component @B(%in: i16, %go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  calyx.wires {}
  calyx.control {}
}
calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  // expected-error @+1 {{result type for "in" must be 'i16', but got 'i1'}}
  %b0.in, %b0.go, %b0.clk, %b0.reset, %b0.done = calyx.instance @b0 of @B : i1, i1, i1, i1, i1
  calyx.wires {}
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  // expected-error @+1 {{value must have the result's type}}
  %k = calyx.constant @k <42 : i8> : i32
  calyx.wires {}
  calyx.control {}
}

// -----

calyx.component @main(%go: i1 {go}, %clk: i1 {clk}, %reset: i1 {reset}) -> (%done: i1 {done}) {
  // expected-error @+1 {{'calyx.init' must be dense<...> : tensor<4xi8>, its elements row-major}}
  %m.addr0, %m.write_data, %m.write_en, %m.clk, %m.read_data, %m.done = calyx.memory @m <[4] x 8> [2] {calyx.init = dense<[1, 2, 3]> : tensor<3xi8>} : i2, i8, i1, i1, i8, i1
  calyx.wires {}
  calyx.control {}
}
