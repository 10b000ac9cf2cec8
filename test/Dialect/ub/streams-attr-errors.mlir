// The checks of #ub.stream and of ub.streams, one chunk each.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{#ub.stream: expected 'in' or 'out', got 'inout'}}
hw.module @m() attributes {ub.streams = [#ub.stream<inout, "a", 0, 16, [8]>]} {}

// -----

// expected-error @+1 {{#ub.stream: the argument must be 0 to 1048576}}
hw.module @m() attributes {ub.streams = [#ub.stream<in, "a", -1, 16, [8]>]} {}

// -----

// expected-error @+1 {{#ub.stream: the width must be 1 to 1048576}}
hw.module @m() attributes {ub.streams = [#ub.stream<in, "a", 0, 0, [8]>]} {}

// -----

// expected-error @+1 {{#ub.stream: a dimension must be 1 to 9223372036854775807}}
hw.module @m() attributes {ub.streams = [#ub.stream<in, "a", 0, 16, [8, 0]>]} {}

// -----

// expected-error @+1 {{#ub.stream: a stream has 1 to 8 dimensions}}
hw.module @m() attributes {ub.streams = [#ub.stream<in, "a", 0, 16, [1, 1, 1, 1, 1, 1, 1, 1, 1]>]} {}

// -----

// expected-error @+1 {{#ub.stream: the lanes must be 1 to 1048576}}
hw.module @m() attributes {ub.streams = [#ub.stream<in, "a", 0, 16, [8], lanes = 0>]} {}

// -----

// expected-error @+1 {{#ub.stream: the lanes must divide the stream's elements}}
hw.module @m() attributes {ub.streams = [#ub.stream<in, "a", 0, 16, [4, 2], lanes = 3>]} {}

// -----

// expected-error @+1 {{#ub.stream: a stream needs a buffer name}}
hw.module @m() attributes {ub.streams = [#ub.stream<in, "", 0, 16, [8]>]} {}

// -----

// expected-error @+1 {{unknown attribute `streams` in dialect `ub`}}
hw.module @m() attributes {ub.streams = [#ub.streams<in, "a", 0, 16, [8]>]} {}

// -----

// expected-error @+1 {{'ub.streams' must be an array of #ub.stream attributes}}
hw.module @m() attributes {ub.streams = #ub.stream<in, "a", 0, 16, [8]>} {}

// -----

// expected-error @+1 {{'ub.streams' entry 0 is no #ub.stream attribute}}
hw.module @m() attributes {ub.streams = ["in:a:0:16:8"]} {}

// -----

// expected-error @+1 {{'ub.streams' has two input streams of buffer 'a'}}
hw.module @m() attributes {ub.streams = [#ub.stream<in, "a", 0, 16, [8]>, #ub.stream<in, "a", 1, 16, [8]>]} {}

// -----

// expected-error @+1 {{#ub.stream: expected 'lanes' or 'tiles', got 'tile'}}
hw.module @m() attributes {ub.streams = [#ub.stream<in, "a", 0, 16, [8], tile = [2]>]} {}

// -----

// expected-error @+1 {{#ub.stream: more than 4 tile loops}}
hw.module @m() attributes {ub.streams = [#ub.stream<in, "a", 0, 16, [8], tiles = [1, 1, 1, 1, 1], host = [8], offset = [0, 0, 0, 0, 0, 0]>]} {}

// -----

// expected-error @+1 {{#ub.stream: expected 2 host dimensions, got 1}}
hw.module @m() attributes {ub.streams = [#ub.stream<in, "a", 0, 16, [8, 8], tiles = [2], host = [16], offset = [0, 8, 0, 0]>]} {}

// -----

// expected-error @+1 {{#ub.stream: a tile loop runs at least once}}
hw.module @m() attributes {ub.streams = [#ub.stream<in, "a", 0, 16, [8], tiles = [0], host = [16], offset = [0, 8]>]} {}

// -----

// expected-error @+1 {{#ub.stream: the host array's dimensions are at least 1}}
hw.module @m() attributes {ub.streams = [#ub.stream<in, "a", 0, 16, [8], tiles = [2], host = [0], offset = [0, 8]>]} {}

// -----

// The second run's footprint, elements 9..16, ends past the host array's 16.
// expected-error @+1 {{#ub.stream: a run's footprint lies outside the host array}}
hw.module @m() attributes {ub.streams = [#ub.stream<in, "a", 0, 16, [8], tiles = [2], host = [16], offset = [1, 8]>]} {}

// -----

// expected-error @+1 {{'ub.params' must map each parameter port to an argument number}}
hw.module @m(in %k_param : i32) attributes {ub.params = {k_param = -1 : i64}} {}

// -----

// expected-error @+1 {{'ub.params' must map each parameter port to an argument number}}
hw.module @m(in %k_param : i32) attributes {ub.params = [1]} {}
