// Dialects and passes loaded from a plugin (test/plugins/test_plugin.c) are
// registered like built-in ones: parsed, printed in their custom form,
// listed, and run by name in flags and pipelines.

// RUN: strata-opt --load-dialect-plugin=%strata_obj_root/lib/test-plugin-ok.so %s | FileCheck %s --check-prefix=PARSE
// PARSE: %[[X:.*]] = tplug.id %arg0 : i32
// PARSE: return %[[X]] : i32

// The library may follow as the next argument; the same library may be
// loaded both as a dialect and as a pass plugin.
// RUN: strata-opt --load-dialect-plugin %strata_obj_root/lib/test-plugin-ok.so --load-pass-plugin=%strata_obj_root/lib/test-plugin-ok.so --tplug-strip %s | FileCheck %s --check-prefix=STRIP
// RUN: strata-opt --load-dialect-plugin=%strata_obj_root/lib/test-plugin-ok.so --load-pass-plugin=%strata_obj_root/lib/test-plugin-ok.so --pass-pipeline='builtin.module(tplug-strip)' %s | FileCheck %s --check-prefix=STRIP
// STRIP-NOT: tplug.id
// STRIP: return %arg0 : i32

// RUN: strata-opt --load-dialect-plugin=%strata_obj_root/lib/test-plugin-ok.so --show-dialects | FileCheck %s --check-prefix=SHOW
// SHOW: tplug
// SHOW-NEXT: tplug.id
// RUN: strata-opt --load-pass-plugin=%strata_obj_root/lib/test-plugin-ok.so --list-passes | FileCheck %s --check-prefix=LIST
// LIST: tplug-strip [anchor: any op]

// strata-translate offers a plugin's translations.
// RUN: strata-translate --load-dialect-plugin=%strata_obj_root/lib/test-plugin-ok.so --load-pass-plugin=%strata_obj_root/lib/test-plugin-ok.so --export-tplug-count %s | FileCheck %s --check-prefix=TRANSLATE
// TRANSLATE: tplug.id: 1
// RUN: strata-translate --load-pass-plugin=%strata_obj_root/lib/test-plugin-ok.so --list-translations | FileCheck %s --check-prefix=LISTTR
// LISTTR: --export-tplug-count {{ *}}counts the tplug.id ops

// Without the plugin the dialect is unknown, and so is the pass.
// RUN: not strata-opt %s 2>&1 | FileCheck %s --check-prefix=NODIALECT
// NODIALECT: error: Dialect 'tplug' not found for custom op 'tplug.id'
// RUN: not strata-opt --load-dialect-plugin=%strata_obj_root/lib/test-plugin-ok.so --tplug-strip %s 2>&1 | FileCheck %s --check-prefix=NOPASS
// NOPASS: strata-opt: error: unknown option: '--tplug-strip'

func.func @f(%a: i32) -> i32 {
  %0 = tplug.id %a : i32
  return %0 : i32
}
