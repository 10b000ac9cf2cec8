// strata-run and strata-tv load plugins too: a module holding a plugin's op
// parses (its other functions run), and strata-tv checks that a plugin's
// pass keeps the meaning of a function.

// RUN: strata-opt --load-dialect-plugin=%strata_obj_root/lib/test-plugin-ok.so --load-pass-plugin=%strata_obj_root/lib/test-plugin-ok.so --tplug-strip %s > %t.mlir
// RUN: strata-run --entry=f --arg=i32:7 %t.mlir | FileCheck %s --check-prefix=OUT
// RUN: strata-run --load-dialect-plugin=%strata_obj_root/lib/test-plugin-ok.so --entry=g --arg=i32:7 %s | FileCheck %s --check-prefix=OUT
// OUT: i32:8
// RUN: strata-tv --load-dialect-plugin=%strata_obj_root/lib/test-plugin-ok.so --load-pass-plugin=%strata_obj_root/lib/test-plugin-ok.so --entry=g --pass-pipeline='builtin.module(tplug-strip)' %s | FileCheck %s --check-prefix=TV
// TV: {{[0-9]+}} inputs

func.func @f(%a: i32) -> i32 {
  %0 = tplug.id %a : i32
  %c1 = arith.constant 1 : i32
  %1 = arith.addi %0, %c1 : i32
  return %1 : i32
}

func.func @g(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %1 = arith.addi %a, %c1 : i32
  return %1 : i32
}
