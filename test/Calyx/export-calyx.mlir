// --export-calyx writes native Calyx (futil): primitives with their
// parameters, groups with [done], comb and static groups, guards, and the
// control program.  The expected text was checked by hand against the
// Calyx language reference (the fud/futil tools are not installed here).
// RUN: strata-translate --export-calyx %S/Inputs/static.mlir | FileCheck %s --check-prefix=STATIC --strict-whitespace
// RUN: strata-translate --export-calyx %S/Inputs/memory.mlir | FileCheck %s --check-prefix=MEM --strict-whitespace
// RUN: strata-translate --export-calyx %S/Inputs/if.mlir | FileCheck %s --check-prefix=IF --strict-whitespace
// RUN: strata-translate --export-calyx %S/Inputs/mult-div.mlir | FileCheck %s --check-prefix=DIV --strict-whitespace
// RUN: strata-translate --export-calyx %S/defects/mux-chain.mlir | FileCheck %s --check-prefix=GUARD --strict-whitespace

// STATIC:      import "primitives/core.futil";
// STATIC:      component add5(in: 32, @go go: 1, @clk clk: 1, @reset reset: 1) -> (out: 32, @done done: 1) {
// STATIC-NEXT:   cells {
// STATIC-NEXT:     r = std_reg(32);
// STATIC-NEXT:     a = std_add(32);
// STATIC-NEXT:   }
// STATIC-NEXT:   wires {
// STATIC-NEXT:     group g {
// STATIC-NEXT:       a.left = in;
// STATIC-NEXT:       a.right = 32'd5;
// STATIC-NEXT:       r.in = a.out;
// STATIC-NEXT:       r.write_en = 1'd1;
// STATIC-NEXT:       g[done] = r.done;
// STATIC-NEXT:     }
// STATIC-NEXT:     out = r.out;
// STATIC-NEXT:   }
// STATIC-NEXT:   control {
// STATIC-NEXT:     g;
// STATIC-NEXT:   }
// STATIC-NEXT: }
// STATIC-NEXT: component main<"toplevel"=1>(@go go: 1, @clk clk: 1, @reset reset: 1) -> (out: 32, @done done: 1) {
// STATIC:          sh = std_lsh(32);
// STATIC-NEXT:     f = add5();
// STATIC:          static<2> group dblx {
// STATIC:          repeat 3 {
// STATIC-NEXT:       static seq {
// STATIC-NEXT:         incx;
// STATIC-NEXT:         dblx;
// STATIC-NEXT:         copy;
// STATIC-NEXT:       }
// STATIC-NEXT:     }
// STATIC-NEXT:     invoke f(in = x.out)();
// STATIC-NEXT:     save;

// MEM:      m = comb_mem_d1(32, 8, 3);
// MEM-NEXT: s = seq_mem_d1(32, 4, 2);
// MEM-NEXT: sl = std_slice(32, 3);
// MEM-NEXT: lt = std_lt(32);
// MEM:      comb group cond {
// MEM-NEXT:   lt.left = i.out;
// MEM-NEXT:   lt.right = 32'd8;
// MEM-NEXT: }
// MEM:      s.content_en = 1'd1;
// MEM:      while lt.out with cond {
// MEM-NEXT:   seq {
// MEM-NEXT:     write;
// MEM-NEXT:     step;

// IF:      component main<"toplevel"=1>(x: 32, @go go: 1, @clk clk: 1, @reset reset: 1) -> (out: 32, @done done: 1) {
// IF:      if gt.out with cmp {
// IF-NEXT:   then;
// IF-NEXT: } else {
// IF-NEXT:   else;
// IF-NEXT: }

// DIV:      mul = std_mult_pipe(32);
// DIV-NEXT: div = std_sdiv_pipe(32);
// DIV-NEXT: rem = std_div_pipe(32);
// DIV:      q.in = div.out_quotient;
// DIV:      m.in = rem.out_remainder;
// DIV:      par {
// DIV-NEXT:   divide;
// DIV-NEXT:   remainder;

// GUARD:      out = gt.out ? x;
// GUARD-NEXT: out = le.out ? y;
