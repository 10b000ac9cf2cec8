/* Named limits (include/strata/limit.h): registered definitions and the
 * values the tools set, kept by the context, so that two contexts in one
 * process can have different limits and nothing is global. */
#include "internal.h"
#include "strata/limit.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A registered limit: its name first, as the named table wants. */
typedef struct limit_entry {
	const char *name;
	const st_limit_def *def;
	int64_t value;
} limit_entry;

st_status st_context_register_limit(st_context *ctx, const st_limit_def *def) {
	const limit_entry *e = st__named_table_lookup(&ctx->limits, st_str_c(def->name));
	if (e && e->def == def)
		return ST_OK;
	limit_entry *n = st__arena_alloc(ctx, sizeof *n);
	if (!n)
		return ST_FAIL;
	*n = (limit_entry){def->name, def, def->value};
	return st__named_table_add(ctx, &ctx->limits, n, "limit");
}

int64_t st_context_limit(st_context *ctx, const st_limit_def *def) {
	const limit_entry *e = st__named_table_lookup(&ctx->limits, st_str_c(def->name));
	return e && e->def == def ? e->value : def->value;
}

st_status st_context_set_limit(st_context *ctx, st_str name, int64_t value) {
	limit_entry *e = (limit_entry *)st__named_table_lookup(&ctx->limits, name);
	if (!e || value < 1 || (e->def->max && value > e->def->max))
		return ST_FAIL;
	e->value = value;
	return ST_OK;
}

const st_limit_def *st_context_limit_at(const st_context *ctx, size_t i) {
	return i < ctx->limits.n ? ((const limit_entry *)ctx->limits.items[i])->def : NULL;
}

bool st_context_parse_limit(st_context *ctx, const char *spec, char *err, size_t errlen) {
	const char *eq = strchr(spec, '=');
	st_str name = st_str_make(spec, eq ? (size_t)(eq - spec) : strlen(spec));
	if (!st__named_table_lookup(&ctx->limits, name)) {
		int n = snprintf(err, errlen, "unknown limit '%.*s' (known:", (int)name.len, name.data);
		for (size_t i = 0; i < ctx->limits.n && n >= 0 && (size_t)n < errlen; i++)
			n += snprintf(err + n, errlen - (size_t)n, " %s", ((const limit_entry *)ctx->limits.items[i])->name);
		if (n >= 0 && (size_t)n < errlen)
			snprintf(err + n, errlen - (size_t)n, ")");
		return false;
	}
	char *end = NULL;
	errno = 0;
	long long v = eq && eq[1] >= '0' && eq[1] <= '9' ? strtoll(eq + 1, &end, 10) : 0;
	const limit_entry *e = st__named_table_lookup(&ctx->limits, name);
	if (!end || *end || errno || v < 1) {
		snprintf(err, errlen, "limit '%.*s' takes a positive integer: '%s'", (int)name.len, name.data, spec);
		return false;
	}
	if (e->def->max && v > e->def->max) {
		snprintf(err, errlen, "limit '%.*s' can be raised to %" PRId64 " at most: '%s'", (int)name.len, name.data,
		         e->def->max, spec);
		return false;
	}
	st_context_set_limit(ctx, name, v);
	return true;
}

const char *st_limit_hint(st_context *ctx, const st_limit_def *def, char *buf, size_t len) {
	int64_t v = st_context_limit(ctx, def);
	snprintf(buf, len, "(limit %s = %" PRId64 "; raise it with --limit=%s=<n>)", def->name, v, def->name);
	return buf;
}

bool st_mul_size(int64_t a, int64_t b, int64_t *out) {
	if (a < 0 || b < 0 || (a && b > INT64_MAX / a))
		return false;
	*out = a * b;
	return true;
}
