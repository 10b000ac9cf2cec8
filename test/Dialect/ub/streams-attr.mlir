// ub.streams, the contract convert-ub-to-hw hands whoever plays the module's streams: an array of
// #ub.stream<in|out, "buffer", arg, width, [shape] (, lanes = L)? (, tiles = [..], host = [..],
// offset = [..])?>, printed as parsed (the last three: a module run once per tile, each run's
// footprint in the host array).
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s

// CHECK: hw.module @m() attributes {ub.streams = [#ub.stream<in, "a", 0, 16, [64, 64]>, #ub.stream<out, "o", 1, 8, [62, 62, 3], lanes = 3>, #ub.stream<out, "p", 2, 1, [4]>]}
hw.module @m() attributes {ub.streams = [
    #ub.stream<in, "a", 0, 16, [64, 64]>,
    #ub.stream<out, "o", 1, 8, [62, 62, 3], lanes = 3>,
    #ub.stream<out, "p", 2, 1, [4], lanes = 1>]} {
}

// CHECK: hw.module @t() attributes {ub.streams = [#ub.stream<in, "a", 0, 16, [10, 10], lanes = 2, tiles = [2, 2], host = [18, 18], offset = [0, 8, 0, 0, 0, 8]>, #ub.stream<out, "o", 1, 8, [4], tiles = [3], host = [12], offset = [8, -4]>]}
hw.module @t() attributes {ub.streams = [
    #ub.stream<in, "a", 0, 16, [10, 10], lanes = 2, tiles = [2, 2], host = [18, 18], offset = [0, 8, 0, 0, 0, 8]>,
    #ub.stream<out, "o", 1, 8, [4], tiles = [3], host = [12], offset = [8, -4]>]} {
}
