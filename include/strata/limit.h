/* Limits on the sizes an input controls (docs/reliability.md, "Limits").
 *
 * Every size a program or description can make grow without bound (nodes
 * after inlining, component instances, isl operations, elements of a
 * buffer...) has a limit with a default that keeps any run within seconds
 * and a few hundred MB.  A limit is named: going over it is a located error
 * naming the limit, and the tools raise it with `--limit=<name>=<n>`.  The
 * owner of a limit (a frontend, a dialect) defines it as a constant
 * st_limit_def, registers it where it registers the rest (so the tools know
 * its name), and reads it with st_context_limit; the message comes from
 * st_limit_hint. */
#ifndef STRATA_LIMIT_H
#define STRATA_LIMIT_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct st_limit_def {
	const char *name;    /* "hl-inline-nodes": what --limit=<name>=<n> sets */
	const char *summary; /* what is counted, for --help */
	int64_t value;       /* the default (at least 1) */
	int64_t max;         /* the most it may be raised to (0: no bound), for a
	                      * limit that protects something fixed, such as the
	                      * stack a recursion runs on */
} st_limit_def;

/* Makes `def` known by name (registering the same definition twice is
 * fine; another one of the same name is an error). */
ST_API st_status st_context_register_limit(st_context *ctx, const st_limit_def *def);

/* The value of the limit in force: the one set by st_context_set_limit,
 * else the default.  Works whether `def` was registered or not. */
ST_API int64_t st_context_limit(st_context *ctx, const st_limit_def *def);

/* Sets the registered limit `name` to `value` (at least 1, at most the
 * definition's `max` when it has one).  ST_FAIL without a diagnostic when
 * no limit has that name or the value is out of range; the caller says
 * which. */
ST_API st_status st_context_set_limit(st_context *ctx, st_str name, int64_t value);

/* Sets a limit from `<name>=<n>` (the argument of --limit); false with a
 * message in `err` (at most `errlen` bytes) naming the known limits when
 * `spec` names none of them or `n` is no positive integer or above the
 * limit's `max`. */
ST_API bool st_context_parse_limit(st_context *ctx, const char *spec, char *err, size_t errlen);

/* The i-th registered limit in name order, NULL past the end. */
ST_API const st_limit_def *st_context_limit_at(const st_context *ctx, size_t i);

/* The end of every message of a limit's error: "(limit <name> = <n>;
 * raise it with --limit=<name>=<m>)", written into `buf`; returns `buf`. */
ST_API const char *st_limit_hint(st_context *ctx, const st_limit_def *def, char *buf, size_t len);

/* a * b into *out, false (and *out unchanged) when the product of two
 * non-negative sizes overflows int64_t: every product of extents an input
 * gives goes through it. */
ST_API bool st_mul_size(int64_t a, int64_t b, int64_t *out);

#ifdef __cplusplus
}
#endif
#endif
