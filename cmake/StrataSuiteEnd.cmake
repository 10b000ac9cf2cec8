# The last ctest of every run, whatever its labels: /dev/null must still be a
# character device after the whole suite ran (as root, as CI runs it).  A
# tool that renames a temporary file over its `-o` target would turn it into
# a regular file (issue 30); the tools write devices in place now, and no
# test writes `-o /dev/null`, but a test run as root can still break the
# machine another way, and this says so the first time it happens.
#
# It depends on every other test (DEPENDS orders it after them when they are
# in the same run; they are found through the directory tree, since ctest
# has no list of all tests) and carries every label the suite uses, so that
# `ctest -L <label>` runs it too.  Included last by the top-level
# CMakeLists.txt, after every test exists.

function(_strata_collect_tests dir out)
  get_property(tests DIRECTORY ${dir} PROPERTY TESTS)
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    _strata_collect_tests(${sub} more)
    list(APPEND tests ${more})
  endforeach()
  set(${out} ${tests} PARENT_SCOPE)
endfunction()

_strata_collect_tests(${PROJECT_SOURCE_DIR} _strata_all_tests)
if(_strata_all_tests)
  add_test(NAME suite/dev-null-intact
    COMMAND sh -c "if test -c /dev/null; then echo '/dev/null is a character device'; else echo 'error: /dev/null is no longer a character device: a test or tool replaced it during the run (tools older than issue 30 did, given -o /dev/null as root; on a shared machine another checkout may have). Restore it with: rm -f /dev/null && mknod -m 666 /dev/null c 1 3'; ls -l /dev/null; exit 1; fi")
  # Every label the suite's tests carry (test/CMakeLists.txt, fuzz/,
  # cmake/StrataInstall.cmake); a new label belongs here too.
  set_tests_properties(suite/dev-null-intact PROPERTIES
    DEPENDS "${_strata_all_tests}"
    LABELS "unit;lit;interop;verilator;halide;yosys;slow;fuzz;install;e2e;suite;slurm"
    TIMEOUT 30)
endif()
