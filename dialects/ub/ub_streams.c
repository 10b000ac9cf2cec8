/* The contract between convert-ub-to-hw and the code that plays the
 * streams of the module it makes (a testbench, a target's flow):
 * `ub.streams`, an array of #ub.stream<in|out, "buffer", arg, width,
 * [shape], lanes = L> attributes, one per host stream, in the order of the
 * module's stream ports.  Typed, checked when parsed, built or verified
 * (the ub dialect's verify_op_attr), read back as st_ub_stream_info. */
#include "ub_private.h"

#include "strata/asm.h"

#include <string.h>

static st_type *i64(st_context *ctx) { return st_integer_type(ctx, 64, ST_SIGNLESS); }

/* Why an info is no stream, or NULL. */
static const char *invalid(const st_ub_stream_info *s) {
	if (!s->name.len)
		return "a stream needs a buffer name";
	if (s->width < 1)
		return "a stream's width is at least 1";
	if (s->rank < 1 || s->rank > ST_UB_MAX_DIMS)
		return "a stream has 1 to 8 dimensions";
	int64_t n = 1;
	for (unsigned i = 0; i < s->rank; i++) {
		if (s->shape[i] < 1)
			return "a stream's dimensions are at least 1";
		n = n > INT64_MAX / s->shape[i] ? INT64_MAX : n * s->shape[i];
	}
	if (s->lanes < 1 || n % s->lanes)
		return "the lanes must divide the stream's elements";
	return NULL;
}

static st_attr *make(st_context *ctx, const st_ub_stream_info *s) {
	st_dialect *d = st_context_get_dialect(ctx, st_str_c("ub"));
	if (!d || invalid(s))
		return NULL;
	st_attr *p[6] = {
		st_integer_attr(ctx, i64(ctx), s->in),
		st_string_attr(ctx, s->name),
		st_integer_attr(ctx, i64(ctx), s->arg),
		st_integer_attr(ctx, i64(ctx), s->width),
		st_dense_int_array_attr(ctx, i64(ctx), s->rank, s->shape),
		st_integer_attr(ctx, i64(ctx), s->lanes),
	};
	for (size_t i = 0; i < 6; i++)
		if (!p[i])
			return NULL;
	return st_dialect_attr(ctx, d, st_str_c("stream"), 6, p);
}

st_attr *st_ub_stream_attr(st_context *ctx, const st_ub_stream_info *info) { return make(ctx, info); }

bool st_ub_stream_attr_read(const st_attr *a, st_ub_stream_info *out) {
	if (!a || st_attr_get_kind(a) != ST_ATTR_DIALECT || !st_str_eq_c(st_ident_str(st_attr_mnemonic(a)), "stream") ||
	    !st_str_eq_c(st_ident_str(st_dialect_name(st_attr_dialect(a))), "ub") || st_attr_num_params(a) != 6)
		return false;
	st_ub_stream_info s = {0};
	st_attr *shape = st_attr_param(a, 4);
	s.in = st_attr_int_value(st_attr_param(a, 0)) != 0;
	s.name = st_attr_string(st_attr_param(a, 1));
	s.arg = (unsigned)st_attr_int_value(st_attr_param(a, 2));
	s.width = (unsigned)st_attr_int_value(st_attr_param(a, 3));
	s.rank = (unsigned)st_attr_dense_array_size(shape);
	for (unsigned i = 0; i < s.rank && i < ST_UB_MAX_DIMS; i++)
		s.shape[i] = st_attr_dense_array_int(shape, i);
	s.lanes = (unsigned)st_attr_int_value(st_attr_param(a, 5));
	if (out)
		*out = s;
	return true;
}

size_t st_ub_module_num_streams(const st_op *module) {
	st_attr *a = st_op_get_attr(module, "ub.streams");
	return a && st_attr_get_kind(a) == ST_ATTR_ARRAY ? st_attr_array_size(a) : 0;
}

bool st_ub_module_stream(const st_op *module, size_t i, st_ub_stream_info *out) {
	if (i >= st_ub_module_num_streams(module))
		return false;
	return st_ub_stream_attr_read(st_attr_array_elt(st_op_get_attr(module, "ub.streams"), i), out);
}

/* ----------------------------------------------------------------- text */

static st_status bounded(st_parser *p, const char *what, int64_t lo, int64_t hi, int64_t *out) {
	st_attr *at = st_parser_loc(p);
	if (st_failed(st_parser_integer(p, out)))
		return ST_FAIL;
	if (*out < lo || *out > hi)
		return st_parser_error_at(p, at, "#ub.stream: %s must be %lld to %lld", what, (long long)lo, (long long)hi);
	return ST_OK;
}

/* stream<in|out, "buffer", arg, width, [d0, d1, ...] (, lanes = L)?> */
static st_attr *parse_stream(st_parser *p) {
	st_ub_stream_info s = {.lanes = 1};
	st_str dir;
	int64_t v;
	st_attr *at = st_parser_loc(p);
	if (st_failed(st_parser_expect_punct(p, "<")))
		return NULL;
	st_attr *dat = st_parser_loc(p);
	if (st_failed(st_parser_keyword(p, &dir)))
		return NULL;
	if (!st_str_eq_c(dir, "in") && !st_str_eq_c(dir, "out")) {
		st_parser_error_at(p, dat, "#ub.stream: expected 'in' or 'out', got '%.*s'", (int)dir.len, dir.data);
		return NULL;
	}
	s.in = st_str_eq_c(dir, "in");
	if (st_failed(st_parser_expect_punct(p, ",")) || st_failed(st_parser_string(p, &s.name)) ||
	    st_failed(st_parser_expect_punct(p, ",")) || st_failed(bounded(p, "the argument", 0, 1 << 20, &v)))
		return NULL;
	s.arg = (unsigned)v;
	if (st_failed(st_parser_expect_punct(p, ",")) || st_failed(bounded(p, "the width", 1, 1 << 20, &v)) ||
	    st_failed(st_parser_expect_punct(p, ",")) || st_failed(st_parser_expect_punct(p, "[")))
		return NULL;
	s.width = (unsigned)v;
	do {
		if (s.rank == ST_UB_MAX_DIMS) {
			st_parser_error(p, "#ub.stream: a stream has 1 to 8 dimensions");
			return NULL;
		}
		if (st_failed(bounded(p, "a dimension", 1, INT64_MAX, &s.shape[s.rank++])))
			return NULL;
	} while (st_parser_optional_punct(p, ","));
	if (st_failed(st_parser_expect_punct(p, "]")))
		return NULL;
	if (st_parser_optional_punct(p, ",")) {
		if (st_failed(st_parser_expect_keyword(p, "lanes")) || st_failed(st_parser_expect_punct(p, "=")) ||
		    st_failed(bounded(p, "the lanes", 1, 1 << 20, &v)))
			return NULL;
		s.lanes = (unsigned)v;
	}
	if (st_failed(st_parser_expect_punct(p, ">")))
		return NULL;
	const char *why = invalid(&s);
	if (why) {
		st_parser_error_at(p, at, "#ub.stream: %s", why);
		return NULL;
	}
	return make(st_parser_context(p), &s);
}

st_attr *st__ub_parse_attr(st_parser *p, st_dialect *d, st_type *type) {
	(void)d;
	(void)type;
	st_str kw;
	if (st_failed(st_parser_keyword(p, &kw)))
		return NULL;
	if (!st_str_eq_c(kw, "stream")) {
		st_parser_error(p, "unknown attribute `%.*s` in dialect `ub`", (int)kw.len, kw.data);
		return NULL;
	}
	return parse_stream(p);
}

void st__ub_print_attr(st_printer *p, const st_attr *a) {
	st_ub_stream_info s;
	st_printer_puts(p, "stream");
	if (!st_ub_stream_attr_read(a, &s))
		return;
	st_printer_printf(p, "<%s, ", s.in ? "in" : "out");
	st_printer_string(p, s.name);
	st_printer_printf(p, ", %u, %u, [", s.arg, s.width);
	for (unsigned i = 0; i < s.rank; i++)
		st_printer_printf(p, "%s%lld", i ? ", " : "", (long long)s.shape[i]);
	st_printer_puts(p, "]");
	if (s.lanes > 1)
		st_printer_printf(p, ", lanes = %u", s.lanes);
	st_printer_puts(p, ">");
}

/* ---------------------------------------------------------- verification */

st_status st__ub_verify_op_attr(st_op *op, st_named_attr attr) {
	if (!st_str_eq_c(st_ident_str(attr.name), "ub.streams"))
		return ST_OK;
	st_attr *a = attr.value;
	if (st_attr_get_kind(a) != ST_ATTR_ARRAY)
		return st_op_error(op, "'ub.streams' must be an array of #ub.stream attributes");
	for (size_t i = 0; i < st_attr_array_size(a); i++) {
		st_ub_stream_info s, t;
		if (!st_ub_stream_attr_read(st_attr_array_elt(a, i), &s))
			return st_op_error(op, "'ub.streams' entry %zu is no #ub.stream attribute", i);
		for (size_t j = 0; j < i; j++)
			if (st_ub_stream_attr_read(st_attr_array_elt(a, j), &t) && t.in == s.in && st_str_eq(t.name, s.name))
				return st_op_error(op, "'ub.streams' has two %s streams of buffer '%.*s'", s.in ? "input" : "output",
				                   (int)s.name.len, s.name.data);
	}
	return ST_OK;
}
