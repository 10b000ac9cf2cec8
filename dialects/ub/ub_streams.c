/* The contract between convert-ub-to-hw and the code that plays the
 * streams of the module it makes (a testbench, a target's flow):
 * `ub.streams`, an array of #ub.stream<in|out, "buffer", arg, width,
 * [shape], lanes = L, tiles = [..], host = [..], offset = [..]>
 * attributes, one per host stream, in the order of the module's stream
 * ports (the last three for a module run once per tile).  Typed, checked when parsed, built or verified
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
	if (s->ntiles > ST_UB_MAX_TILE_LOOPS)
		return "a stream has at most 4 tile loops";
	unsigned stride = 1 + s->ntiles;
	for (unsigned j = 0; j < s->ntiles; j++)
		if (s->tiles[j] < 1)
			return "a tile loop runs at least once";
	/* Every run's footprint lies in the host array: the origin's extremes
	 * are at the tile loops' first or last trips. */
	for (unsigned d = 0; s->ntiles && d < s->rank; d++) {
		if (s->host[d] < 1)
			return "the host array's dimensions are at least 1";
		int64_t lo = s->offset[d * stride], hi = lo;
		for (unsigned j = 0; j < s->ntiles; j++) {
			int64_t step = s->offset[d * stride + 1 + j], far = step * (s->tiles[j] - 1);
			if (step && (far / step != s->tiles[j] - 1 || (far > 0 ? hi > INT64_MAX - far : lo < INT64_MIN - far)))
				return "a run's footprint lies outside the host array";
			*(far > 0 ? &hi : &lo) += far;
		}
		if (lo < 0 || hi > s->host[d] - s->shape[d])
			return "a run's footprint lies outside the host array";
	}
	return NULL;
}

static st_attr *make(st_context *ctx, const st_ub_stream_info *s) {
	st_dialect *d = st_context_get_dialect(ctx, st_str_c("ub"));
	if (!d || invalid(s))
		return NULL;
	st_attr *p[9] = {
		st_integer_attr(ctx, i64(ctx), s->in),
		st_string_attr(ctx, s->name),
		st_integer_attr(ctx, i64(ctx), s->arg),
		st_integer_attr(ctx, i64(ctx), s->width),
		st_dense_int_array_attr(ctx, i64(ctx), s->rank, s->shape),
		st_integer_attr(ctx, i64(ctx), s->lanes),
	};
	size_t n = 6;
	if (s->ntiles) {
		p[n++] = st_dense_int_array_attr(ctx, i64(ctx), s->ntiles, s->tiles);
		p[n++] = st_dense_int_array_attr(ctx, i64(ctx), s->rank, s->host);
		p[n++] = st_dense_int_array_attr(ctx, i64(ctx), s->rank * (1 + s->ntiles), s->offset);
	}
	for (size_t i = 0; i < n; i++)
		if (!p[i])
			return NULL;
	return st_dialect_attr(ctx, d, st_str_c("stream"), n, p);
}

/* Reads a dense array parameter into v[0..max); its size, or max + 1. */
static size_t read_array(const st_attr *a, int64_t *v, size_t max) {
	size_t n = st_attr_dense_array_size(a);
	for (size_t i = 0; i < n && i < max; i++)
		v[i] = st_attr_dense_array_int(a, i);
	return n <= max ? n : max + 1;
}

st_attr *st_ub_stream_attr(st_context *ctx, const st_ub_stream_info *info) { return make(ctx, info); }

bool st_ub_stream_attr_read(const st_attr *a, st_ub_stream_info *out) {
	if (!a || st_attr_get_kind(a) != ST_ATTR_DIALECT || !st_str_eq_c(st_ident_str(st_attr_mnemonic(a)), "stream") ||
	    !st_str_eq_c(st_ident_str(st_dialect_name(st_attr_dialect(a))), "ub") ||
	    (st_attr_num_params(a) != 6 && st_attr_num_params(a) != 9))
		return false;
	st_ub_stream_info s = {0};
	s.in = st_attr_int_value(st_attr_param(a, 0)) != 0;
	s.name = st_attr_string(st_attr_param(a, 1));
	s.arg = (unsigned)st_attr_int_value(st_attr_param(a, 2));
	s.width = (unsigned)st_attr_int_value(st_attr_param(a, 3));
	s.rank = (unsigned)read_array(st_attr_param(a, 4), s.shape, ST_UB_MAX_DIMS);
	s.lanes = (unsigned)st_attr_int_value(st_attr_param(a, 5));
	if (st_attr_num_params(a) == 9) {
		s.ntiles = (unsigned)read_array(st_attr_param(a, 6), s.tiles, ST_UB_MAX_TILE_LOOPS);
		if (read_array(st_attr_param(a, 7), s.host, ST_UB_MAX_DIMS) != s.rank ||
		    read_array(st_attr_param(a, 8), s.offset, ST_UB_MAX_DIMS * (1 + ST_UB_MAX_TILE_LOOPS)) !=
		        s.rank * (1 + (size_t)s.ntiles))
			return false;
	}
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

/* `= [v0, v1, ...]`: at most max values into v (*n: how many), or exactly
 * max when n is NULL. */
static st_status int_list(st_parser *p, const char *what, size_t max, int64_t *v, size_t *n) {
	size_t k = 0;
	st_attr *at = st_parser_loc(p);
	if (st_failed(st_parser_expect_punct(p, "=")) || st_failed(st_parser_expect_punct(p, "[")))
		return ST_FAIL;
	do {
		if (k == max)
			return st_parser_error_at(p, at, "#ub.stream: more than %zu %s", max, what), ST_FAIL;
		if (st_failed(st_parser_integer(p, &v[k++])))
			return ST_FAIL;
	} while (st_parser_optional_punct(p, ","));
	if (st_failed(st_parser_expect_punct(p, "]")))
		return ST_FAIL;
	if (!n && k != max)
		return st_parser_error_at(p, at, "#ub.stream: expected %zu %s, got %zu", max, what, k), ST_FAIL;
	if (n)
		*n = k;
	return ST_OK;
}

/* stream<in|out, "buffer", arg, width, [d0, d1, ...] (, lanes = L)?
 *        (, tiles = [..], host = [..], offset = [..])?> */
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
	bool tiled = false;
	while (!tiled && st_parser_optional_punct(p, ",")) {
		st_str kw;
		st_attr *kat = st_parser_loc(p);
		if (st_failed(st_parser_keyword(p, &kw)))
			return NULL;
		if (st_str_eq_c(kw, "lanes") && s.lanes == 1 && !tiled) {
			if (st_failed(st_parser_expect_punct(p, "=")) || st_failed(bounded(p, "the lanes", 1, 1 << 20, &v)))
				return NULL;
			s.lanes = (unsigned)v;
			continue;
		}
		if (!st_str_eq_c(kw, "tiles")) {
			st_parser_error_at(p, kat, "#ub.stream: expected 'lanes' or 'tiles', got '%.*s'", (int)kw.len, kw.data);
			return NULL;
		}
		tiled = true;
		size_t n = 0;
		if (st_failed(int_list(p, "tile loops", ST_UB_MAX_TILE_LOOPS, s.tiles, &n)) ||
		    st_failed(st_parser_expect_punct(p, ",")) || st_failed(st_parser_expect_keyword(p, "host")) ||
		    st_failed(int_list(p, "host dimensions", s.rank, s.host, NULL)) ||
		    st_failed(st_parser_expect_punct(p, ",")) || st_failed(st_parser_expect_keyword(p, "offset")) ||
		    st_failed(int_list(p, "offsets", s.rank * (1 + n), s.offset, NULL)))
			return NULL;
		s.ntiles = (unsigned)n;
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
	if (s.ntiles) {
		const struct {
			const char *key;
			const int64_t *v;
			size_t n;
		} lists[3] = {{"tiles", s.tiles, s.ntiles}, {"host", s.host, s.rank}, {"offset", s.offset, s.rank * (1 + s.ntiles)}};
		for (size_t l = 0; l < 3; l++) {
			st_printer_printf(p, ", %s = [", lists[l].key);
			for (size_t i = 0; i < lists[l].n; i++)
				st_printer_printf(p, "%s%lld", i ? ", " : "", (long long)lists[l].v[i]);
			st_printer_puts(p, "]");
		}
	}
	st_printer_puts(p, ">");
}

/* ---------------------------------------------------------- verification */

/* `ub.params` (convert-ub-to-hw's stream module): each parameter's input
 * port -> the kernel's argument it holds. */
static st_status verify_params(st_op *op, st_attr *a) {
	bool ok = st_attr_get_kind(a) == ST_ATTR_DICTIONARY;
	for (size_t i = 0; ok && i < st_attr_dict_size(a); i++) {
		st_attr *v = st_attr_dict_entry(a, i).value;
		ok = st_attr_get_kind(v) == ST_ATTR_INTEGER && st_attr_int_value(v) >= 0;
	}
	return ok ? ST_OK : st_op_error(op, "'ub.params' must map each parameter port to an argument number");
}

st_status st__ub_verify_op_attr(st_op *op, st_named_attr attr) {
	if (st_str_eq_c(st_ident_str(attr.name), "ub.params"))
		return verify_params(op, attr.value);
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
