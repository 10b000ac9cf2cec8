/* The isl objects of a port: its string attributes read by isl with
 * located errors, and a new schedule written back as isl's text. */
#include "ub_private.h"

#include <isl/options.h>
#include <stdlib.h>
#include <string.h>

/* Bounds one isl operation; far above what a tile's ports need. */
#define UB_ISL_MAX_OPERATIONS 20000000

isl_ctx *st_ub_isl_ctx_create(void) {
	isl_ctx *ctx = isl_ctx_alloc();
	if (!ctx)
		return NULL;
	isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
	isl_ctx_set_max_operations(ctx, UB_ISL_MAX_OPERATIONS);
	return ctx;
}

/* The attribute as a NUL-terminated copy (isl reads C strings). */
static char *attr_text(st_op *op, const char *attr, size_t *size) {
	st_attr *a = st_op_get_attr(op, attr);
	if (!a || st_attr_get_kind(a) != ST_ATTR_STRING) {
		st_op_error(op, "requires string attribute '%s'", attr);
		return NULL;
	}
	st_str s = st_attr_string(a);
	*size = s.len + 1;
	char *t = st_ctx_alloc(st_op_context(op), *size);
	if (!t)
		return NULL;
	memcpy(t, s.data, s.len);
	t[s.len] = 0;
	return t;
}

static void parse_error(isl_ctx *ictx, st_op *op, const char *attr, const char *what) {
	const char *msg = isl_ctx_last_error_msg(ictx);
	st_op_error(op, "'%s' is not an isl %s: %s", attr, what, msg ? msg : "syntax error");
	isl_ctx_reset_error(ictx);
}

static bool name_char(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; }

/* Where a tuple holds a name followed by a number (`{ a 0 }`, `{ S[x] -> b
 * 1 }`), or NULL.  isl refuses such text too, but its parser (libisl 0.25)
 * leaks the name's isl_id on that path (issue 30: found by the pass
 * harness), so it is refused here before isl reads it.  A tuple position is
 * the start of the text, of a set or map after `{`, `;` or `->`, up to its
 * `:` (constraints follow), outside brackets and parentheses. */
static const char *leaking_tuple(const char *t) {
	bool tuple = true;
	int depth = 0;
	for (const char *p = t; *p; p++) {
		char c = *p;
		if (c == '[' || c == '(')
			depth++;
		else if ((c == ']' || c == ')') && depth > 0)
			depth--;
		else if (depth == 0 && (c == '{' || c == ';' || (c == '-' && p[1] == '>')))
			tuple = true;
		else if (depth == 0 && (c == ':' || c == '}'))
			tuple = false;
		if (!tuple || depth != 0 || !name_char(c) || (c >= '0' && c <= '9') || (p > t && name_char(p[-1])))
			continue;
		const char *q = p;
		while (name_char(*q))
			q++;
		const char *r = q;
		while (*r == ' ' || *r == '\t' || *r == '\n')
			r++;
		if (r > q && *r >= '0' && *r <= '9')
			return p;
		p = q - 1;
	}
	return NULL;
}

/* The attribute read by isl as a map or a set (returned as void *). */
static void *read_attr(isl_ctx *ictx, st_op *op, const char *attr, bool map) {
	size_t size;
	char *t = attr_text(op, attr, &size);
	if (!t)
		return NULL;
	const char *bad = leaking_tuple(t);
	if (bad) {
		int n = 0;
		while (bad[n] && bad[n] != '}' && bad[n] != ':' && bad[n] != ';' && n < 32)
			n++;
		while (n > 0 && (bad[n - 1] == ' ' || bad[n - 1] == '\t' || bad[n - 1] == '\n'))
			n--;
		st_op_error(op, "'%s' is not an isl %s: a tuple holds a name followed by a number ('%.*s')", attr,
		            map ? "map" : "set", n, bad);
		st_ctx_free(st_op_context(op), t, size);
		return NULL;
	}
	void *r = map ? (void *)isl_map_read_from_str(ictx, t) : (void *)isl_set_read_from_str(ictx, t);
	st_ctx_free(st_op_context(op), t, size);
	if (!r)
		parse_error(ictx, op, attr, map ? "map" : "set");
	return r;
}

isl_set *st_ub_port_domain_isl(isl_ctx *ictx, st_op *port) { return read_attr(ictx, port, "domain", false); }
isl_map *st_ub_port_access_isl(isl_ctx *ictx, st_op *port) { return read_attr(ictx, port, "access", true); }
isl_map *st_ub_port_schedule_isl(isl_ctx *ictx, st_op *port) { return read_attr(ictx, port, "schedule", true); }

void st_ub_port_set_schedule_isl(st_op *port, isl_map *schedule) {
	char *text = isl_map_to_str(schedule);
	if (!text)
		return;
	st_op_set_attr(port, "schedule", st_string_attr(st_op_context(port), st_str_c(text)));
	free(text);
}
