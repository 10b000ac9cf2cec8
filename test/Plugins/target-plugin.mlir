// --load-target-plugin registers a plugin's targets (strata/target.h) after
// its dialects and passes, so that one flag brings everything a target
// needs; stratac lists and runs them (test/Tools/stratac/, test/install/toy-target/).

// RUN: strata-opt --load-target-plugin=%strata_obj_root/lib/test-plugin-ok.so --tplug-strip %s | FileCheck %s --check-prefix=STRIP
// STRIP-NOT: tplug.id
// STRIP: return %arg0 : i32

// A plugin without targets is refused by this flag, naming the others.
// RUN: not strata-opt --load-target-plugin=%strata_obj_root/lib/test-plugin-passes-only.so %s 2>&1 | FileCheck %s --check-prefix=NOTARGETS
// NOTARGETS: strata-opt: error: plugin 'tplug' ({{.*}}test-plugin-passes-only.so) has no targets to register; load it with --load-pass-plugin or --load-dialect-plugin

// A second target of a class that is taken: the registry names the class.
// RUN: not strata-opt --load-target-plugin=%strata_obj_root/lib/test-plugin-target-clash.so %s 2>&1 | FileCheck %s --check-prefix=CLASH
// CLASH: strata-opt: error: plugin 'tplug' ({{.*}}test-plugin-target-clash.so): target class 'tplug' is already registered
// CLASH-NOT: error

// The plugin's dialects come first: a failure there stops the rest.
// RUN: not strata-opt --load-target-plugin=%strata_obj_root/lib/test-plugin-clash.so %s 2>&1 | FileCheck %s --check-prefix=DIALECTS
// DIALECTS: strata-opt: error: plugin 'tplug' ({{.*}}test-plugin-clash.so): dialect 'arith' is already registered
// DIALECTS-NOT: error

// RUN: not strata-opt --load-target-plugin 2>&1 | FileCheck %s --check-prefix=NOARG
// NOARG: strata-opt: error: missing plugin library after '--load-target-plugin'

func.func @f(%a: i32) -> i32 {
  %0 = tplug.id %a : i32
  return %0 : i32
}
