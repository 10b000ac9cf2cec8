/* Unit test of the API version check: what a program or plugin compiled
 * against these headers is told about the library it runs with.  The
 * version strings the headers and the CMake package carry must agree
 * (cmake/StrataInstall.cmake checks that when configuring). */
#include "core_test.h"

#include <stdio.h>

int main(void) {
	CHECK(st_api_version() == ST_API_VERSION);
	CHECK(st_check_api_version(ST_API_VERSION));
	/* Any other version is incompatible, older or newer: the version only
	 * changes with an incompatible change. */
	CHECK(!st_check_api_version(ST_API_VERSION + 1));
	CHECK(!st_check_api_version(ST_API_VERSION - 1));
	CHECK(!st_check_api_version(0));
	/* ST_VERSION_STRING is major.minor.patch. */
	unsigned major, minor, patch;
	char tail;
	CHECK(sscanf(ST_VERSION_STRING, "%u.%u.%u%c", &major, &minor, &patch, &tail) == 3);
	return test_summary();
}
