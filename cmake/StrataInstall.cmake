# Installation of Strata and the packages that let an outside project use it
# (docs/tutorial/): `cmake --install` puts every library (shared and static),
# the public headers, every tool, a CMake package (find_package(Strata),
# imported targets Strata::<library>, Strata::strata, Strata::<tool>) and a
# pkg-config file (strata.pc) under the prefix.
#
# Included at the end of the top-level CMakeLists.txt, when every folder has
# been read: the libraries come from the STRATA_LIBS global property and the
# tools from the folders of tools/, so a new dialect or tool is installed
# without an edit here.

set(STRATA_INSTALL_CMAKEDIR lib/cmake/Strata)

# --- versions -----------------------------------------------------------------

# The headers carry the version programs are compiled against; the package
# carries the project's.  They must agree, or find_package(Strata 0.1)
# would accept headers of another release.
file(STRINGS ${PROJECT_SOURCE_DIR}/include/strata/support.h _strata_vline REGEX "^#define ST_VERSION_STRING ")
string(REGEX REPLACE "^.*\"(.*)\".*$" "\\1" _strata_hversion "${_strata_vline}")
if(NOT _strata_hversion STREQUAL PROJECT_VERSION)
  message(FATAL_ERROR "include/strata/support.h has ST_VERSION_STRING \"${_strata_hversion}\" but "
                      "CMakeLists.txt has project(Strata VERSION ${PROJECT_VERSION}); change both")
endif()
file(STRINGS ${PROJECT_SOURCE_DIR}/include/strata/support.h _strata_vline REGEX "^#define ST_API_VERSION ")
string(REGEX REPLACE "^#define ST_API_VERSION +([0-9]+).*$" "\\1" STRATA_API_VERSION "${_strata_vline}")

# --- what is installed ------------------------------------------------------------

get_property(_strata_libs GLOBAL PROPERTY STRATA_LIBS)
set(_strata_lib_targets)
foreach(_lib IN LISTS _strata_libs)
  list(APPEND _strata_lib_targets ${_lib} ${_lib}_static)
endforeach()

# Usage requirements that name the build tree only hold in the build tree;
# installed, the headers are under <prefix>/include.
foreach(_t IN LISTS _strata_lib_targets)
  get_target_property(_incs ${_t} INTERFACE_INCLUDE_DIRECTORIES)
  set(_new)
  foreach(_inc IN LISTS _incs)
    if(_inc MATCHES "^(${PROJECT_SOURCE_DIR}|${PROJECT_BINARY_DIR})(/|$)")
      list(APPEND _new "$<BUILD_INTERFACE:${_inc}>")
    elseif(_inc)
      list(APPEND _new "${_inc}")
    endif()
  endforeach()
  list(APPEND _new "$<INSTALL_INTERFACE:include>")
  set_property(TARGET ${_t} PROPERTY INTERFACE_INCLUDE_DIRECTORIES "${_new}")
  # A library linking a target of the build that is not a Strata library
  # (a helper library of one folder) cannot be exported; keep the link for
  # the build tree only.
  get_target_property(_deps ${_t} INTERFACE_LINK_LIBRARIES)
  set(_new)
  foreach(_d IN LISTS _deps)
    if(TARGET ${_d} AND NOT _d IN_LIST _strata_lib_targets)
      get_target_property(_imp ${_d} IMPORTED)
      if(NOT _imp)
        set(_d "$<BUILD_INTERFACE:${_d}>")
      endif()
    endif()
    if(_d)
      list(APPEND _new "${_d}")
    endif()
  endforeach()
  set_property(TARGET ${_t} PROPERTY INTERFACE_LINK_LIBRARIES "${_new}")
endforeach()
foreach(_lib IN LISTS _strata_libs)
  set_target_properties(${_lib} PROPERTIES INSTALL_RPATH "$ORIGIN")
endforeach()

# Strata::strata: every shared library, for projects that want all of it.
add_library(strata INTERFACE)
target_link_libraries(strata INTERFACE ${_strata_libs})
add_library(strata_static INTERFACE)
foreach(_lib IN LISTS _strata_libs)
  target_link_libraries(strata_static INTERFACE ${_lib}_static)
endforeach()

# An installed sanitizer build is only usable by code built the same way
# (the libraries need the sanitizer runtimes, and a plugin loaded into an
# instrumented tool must be instrumented too), so the flags travel with it.
set(STRATA_PACKAGE_FLAGS)
if(STRATA_SANITIZE)
  set(STRATA_PACKAGE_FLAGS ${_strata_san})
  foreach(_t strata strata_static ${_strata_lib_targets})
    target_compile_options(${_t} INTERFACE $<INSTALL_INTERFACE:${_strata_san}>)
    target_link_options(${_t} INTERFACE $<INSTALL_INTERFACE:${_strata_san}>)
  endforeach()
endif()

# Tools: the executables named like a folder of tools/.
file(GLOB _strata_tool_dirs LIST_DIRECTORIES true ${PROJECT_SOURCE_DIR}/tools/*)
set(_strata_tools)
foreach(_dir IN LISTS _strata_tool_dirs)
  get_filename_component(_name ${_dir} NAME)
  if(IS_DIRECTORY ${_dir} AND TARGET ${_name})
    get_target_property(_type ${_name} TYPE)
    if(_type STREQUAL "EXECUTABLE")
      list(APPEND _strata_tools ${_name})
      set_target_properties(${_name} PROPERTIES INSTALL_RPATH "$ORIGIN/../lib")
    endif()
  endif()
endforeach()

install(TARGETS ${_strata_lib_targets} strata strata_static ${_strata_tools}
  EXPORT StrataTargets
  RUNTIME DESTINATION bin
  LIBRARY DESTINATION lib
  ARCHIVE DESTINATION lib)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/strata DESTINATION include FILES_MATCHING PATTERN "*.h")
install(EXPORT StrataTargets NAMESPACE Strata:: DESTINATION ${STRATA_INSTALL_CMAKEDIR})

# --- the CMake package ----------------------------------------------------------

include(CMakePackageConfigHelpers)
set(STRATA_PACKAGE_LIBS ${_strata_libs})
set(STRATA_PACKAGE_TOOLS ${_strata_tools})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/StrataConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/StrataConfig.cmake
  INSTALL_DESTINATION ${STRATA_INSTALL_CMAKEDIR})
# 0.x: a minor release may break the API (ST_API_VERSION says when).
write_basic_package_version_file(${PROJECT_BINARY_DIR}/cmake/StrataConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cmake/StrataConfig.cmake ${PROJECT_BINARY_DIR}/cmake/StrataConfigVersion.cmake
  DESTINATION ${STRATA_INSTALL_CMAKEDIR})

# --- pkg-config -------------------------------------------------------------------

# Dependents before their dependencies, for linkers that read once.
set(_strata_pc_libs)
foreach(_lib IN LISTS _strata_libs)
  list(PREPEND _strata_pc_libs "-l${_lib}")
endforeach()
list(JOIN _strata_pc_libs " " STRATA_PC_LIBS)
list(JOIN STRATA_PACKAGE_FLAGS " " STRATA_PC_FLAGS)
configure_file(${CMAKE_CURRENT_LIST_DIR}/strata.pc.in ${PROJECT_BINARY_DIR}/cmake/strata.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/cmake/strata.pc DESTINATION lib/pkgconfig)

# --- tests --------------------------------------------------------------------------

if(EXISTS ${PROJECT_SOURCE_DIR}/test/plugins/CMakeLists.txt)
  add_subdirectory(${PROJECT_SOURCE_DIR}/test/plugins ${PROJECT_BINARY_DIR}/test/plugins)
endif()
if(EXISTS ${PROJECT_SOURCE_DIR}/scripts/test-install.sh AND EXISTS ${PROJECT_SOURCE_DIR}/examples/tutorial)
  # Installs into a temporary prefix and builds the tutorial against it
  # (find_package and pkg-config), loads it as plugins, runs its lit tests
  # and every command of docs/tutorial/.
  add_test(NAME install/tutorial
    COMMAND bash ${PROJECT_SOURCE_DIR}/scripts/test-install.sh ${PROJECT_BINARY_DIR})
  set_tests_properties(install/tutorial PROPERTIES LABELS install PROCESSORS 2 TIMEOUT 600)
endif()
if(EXISTS ${PROJECT_SOURCE_DIR}/scripts/test-install.sh AND EXISTS ${PROJECT_SOURCE_DIR}/test/install/toy-target)
  # Installs into a temporary prefix and runs docs/adding-a-target.md: the
  # toy target (test/install/toy-target) built against the package as a
  # plugin, run by the installed stratac.
  add_test(NAME install/adding-a-target
    COMMAND bash ${PROJECT_SOURCE_DIR}/scripts/test-install.sh ${PROJECT_BINARY_DIR} target)
  set_tests_properties(install/adding-a-target PROPERTIES LABELS install TIMEOUT 600)
endif()
