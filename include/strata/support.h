/* Strata support: status codes, string slices and the pluggable allocator.
 *
 * Everything in Strata's public API is prefixed `st_`.  Functions that fail
 * return an st_status and report the reason through the context's diagnostic
 * handler; they never abort on bad input.  Internal invariants use assert().
 */
#ifndef STRATA_SUPPORT_H
#define STRATA_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Marks a declaration of the public API.  Every library is built with
 * hidden visibility (-fvisibility=hidden), so only what a public header
 * declares with ST_API leaves its shared library: library-private `st__`
 * functions and file-local helpers never become part of the ABI and cannot
 * be reached from another library.  A plugin's entry point uses
 * ST_PLUGIN_EXPORT (strata/plugin.h), which is the same attribute. */
#if defined(__GNUC__)
#define ST_API __attribute__((visibility("default")))
#else
#define ST_API
#endif

/* API version: bumped on any incompatible change of the public headers.
 * Plugins compare it with st_api_version() at load time. */
#define ST_API_VERSION 2
#define ST_VERSION_STRING "0.1.0"
/* The API version of the library actually loaded (ST_API_VERSION as it was
 * when the library was built). */
ST_API int st_api_version(void);
/* Whether code compiled against the headers of API version `built_against`
 * can use the library actually loaded: any difference is incompatible, as
 * the version only changes with an incompatible change.  A program linking
 * Strata dynamically calls st_check_api_version(ST_API_VERSION) first; the
 * tools check each plugin's st_plugin_info.api_version with it. */
ST_API bool st_check_api_version(int built_against);

/* The outcome of an operation that may fail.  Success is zero so that
 * `if (st_failed(s))` reads naturally and a zeroed struct means success. */
typedef enum st_status { ST_OK = 0, ST_FAIL = 1 } st_status;
static inline bool st_failed(st_status s) { return s != ST_OK; }
static inline bool st_succeeded(st_status s) { return s == ST_OK; }

/* A string slice; not NUL-terminated unless stated. */
typedef struct st_str {
	const char *data;
	size_t len;
} st_str;
static inline st_str st_str_make(const char *data, size_t len) { st_str s = {data, len}; return s; }
ST_API st_str st_str_c(const char *cstr);
ST_API bool st_str_eq(st_str a, st_str b);
ST_API bool st_str_eq_c(st_str a, const char *cstr);

/* The pluggable allocator, after Lua's lua_Alloc: one function does
 * allocate (ptr == NULL), resize and free (nsize == 0).  Returning NULL for
 * nsize > 0 is an allocation failure, which Strata reports as a diagnostic. */
typedef void *(*st_alloc_fn)(void *ud, void *ptr, size_t osize, size_t nsize);

/* A sink for printed text, called with chunks (after MLIR's string callback). */
typedef void (*st_write_fn)(void *ud, const char *data, size_t len);

#ifdef __cplusplus
}
#endif
#endif
