/* The run-time half of the API version check: headers give a program the
 * version it was compiled against (ST_API_VERSION), this file answers
 * whether the library loaded at run time speaks that version. */
#include "strata/support.h"

bool st_check_api_version(int built_against) { return built_against == st_api_version(); }
