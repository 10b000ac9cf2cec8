/* What the flex/bison importers (.acg, .hl, .pm) share besides their
 * memory (strata/blocklist.h): the scanner's source position, integer
 * literals, printable names of stray bytes, and errors reported once at a
 * file location. */
#ifndef STRATA_SCAN_H
#define STRATA_SCAN_H

#include "strata/ir.h"

#include <stdarg.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Moves a 1-based line and column over `len` bytes of text (a newline
 * starts the next line at column 1). */
ST_API void st_scan_advance(int *line, int *col, const char *text, size_t len);

/* How reading an integer literal went. */
typedef enum st_scan_int_status { ST_SCAN_INT_OK, ST_SCAN_INT_INVALID, ST_SCAN_INT_TOO_BIG } st_scan_int_status;

/* Reads a decimal, `0x` hexadecimal, `0o` octal or `0b` binary literal of
 * `len` bytes into `out`; ST_SCAN_INT_INVALID for a byte that is not a
 * digit of the base, ST_SCAN_INT_TOO_BIG when the value exceeds `max`. */
ST_API st_scan_int_status st_scan_int(const char *text, size_t len, uint64_t max, uint64_t *out);

/* st_scan_int for an importer: a literal that is invalid or above `max`
 * (which the message calls `bits` bits wide) is reported at `loc` as by
 * st_scan_errorv, and the result is ST_FAIL. */
ST_API st_status st_scan_int_literal(st_context *ctx, bool *failed, st_attr *loc, const char *text, size_t len,
                              uint64_t max, int bits, int64_t *out);

/* `c` as it can appear in a message: itself when printable, else `\xNN`,
 * written into `buf` (which is returned). */
ST_API const char *st_scan_char_name(char buf[8], unsigned char c);

/* A location in `file` (line and column below 1 become 1). */
ST_API st_attr *st_scan_loc(st_context *ctx, st_str file, int line, int col);

/* Reports an error at `loc` unless `*failed` (an importer reports its
 * first error only: later ones tend to follow from it), then sets it;
 * always ST_FAIL. */
ST_API st_status st_scan_errorv(st_context *ctx, bool *failed, st_attr *loc, const char *fmt, va_list ap);
ST_API st_status st_scan_error(st_context *ctx, bool *failed, st_attr *loc, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#ifdef __cplusplus
}
#endif
#endif
