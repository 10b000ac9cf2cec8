// ub.streams, the contract convert-ub-to-hw hands whoever plays the module's streams: an array of
// #ub.stream<in|out, "buffer", arg, width, [shape] (, lanes = L)?>, printed as parsed.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s

// CHECK: hw.module @m() attributes {ub.streams = [#ub.stream<in, "a", 0, 16, [64, 64]>, #ub.stream<out, "o", 1, 8, [62, 62, 3], lanes = 3>, #ub.stream<out, "p", 2, 1, [4]>]}
hw.module @m() attributes {ub.streams = [
    #ub.stream<in, "a", 0, 16, [64, 64]>,
    #ub.stream<out, "o", 1, 8, [62, 62, 3], lanes = 3>,
    #ub.stream<out, "p", 2, 1, [4], lanes = 1>]} {
}
