# lit configuration of the mod dialect's tests.  The Strata tools come from
# the installed package and load the plugin named by the `mod_plugin`
# parameter; `%mod-opt`, `%mod-run` and `%mod-tv` are the tools with the
# plugin loaded as a dialect and a pass plugin.
import os

import lit.formats

config.name = 'mod'
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = ['.mlir']
config.excludes = ['lit.cfg.py']
config.test_source_root = os.path.dirname(os.path.abspath(__file__))

params = lit_config.params
for name in ('strata_tools', 'llvm_tools', 'mod_plugin'):
    if name not in params:
        lit_config.fatal('run lit with --param %s=...' % name)
plugin = os.path.abspath(params['mod_plugin'])
# Temporary files go beside the plugin, into its build directory.
config.test_exec_root = os.path.join(os.path.dirname(plugin), 'test-output')

config.environment['PATH'] = os.pathsep.join(
    [params['strata_tools'], params['llvm_tools'], config.environment.get('PATH', '')])
for var in ('ASAN_OPTIONS', 'UBSAN_OPTIONS', 'LSAN_OPTIONS', 'LD_LIBRARY_PATH'):
    if var in os.environ:
        config.environment[var] = os.environ[var]

loads = '--load-dialect-plugin=%s --load-pass-plugin=%s' % (plugin, plugin)
for tool in ('opt', 'run', 'tv'):
    config.substitutions.append(('%%mod-%s' % tool, 'strata-%s %s' % (tool, loads)))
