/* Strided memref layouts: current MLIR's `strided<[s0, s1], offset: o>`
 * builtin attribute, its text, the affine map it stands for (how MLIR 14
 * wrote every such layout), and the strides and offset of any memref type
 * (MLIR's getStridesAndOffset).  The attribute is kept as a builtin dialect
 * attribute `strided` with two parameters, the strides as array<i64> and
 * the offset as an i64, so it is uniqued like every other attribute. */
#include "internal.h"

#include "strata/affine_map.h"
#include "strata/asm.h"

static st_dialect *builtin_of(st_context *ctx) { return st_context_get_dialect(ctx, st_str_c("builtin")); }

st_attr *st_strided_layout_attr(st_context *ctx, size_t rank, const int64_t *strides, int64_t offset) {
	st_dialect *d = builtin_of(ctx);
	st_type *i64 = st_integer_type(ctx, 64, ST_SIGNLESS);
	st_attr *params[2] = {
		st_dense_int_array_attr(ctx, i64, rank, strides),
		st_integer_attr(ctx, i64, offset),
	};
	if (!d || !params[0] || !params[1])
		return NULL;
	return st_dialect_attr(ctx, d, st_str_c("strided"), 2, params);
}

bool st_attr_is_strided_layout(const st_attr *a) {
	if (!a || st_attr_get_kind(a) != ST_ATTR_DIALECT || st_attr_num_params(a) != 2)
		return false;
	return strcmp(st_ident_cstr(st_attr_mnemonic(a)), "strided") == 0 &&
	       strcmp(st_ident_cstr(st_dialect_name(st_attr_dialect(a))), "builtin") == 0;
}

size_t st_strided_layout_rank(const st_attr *a) { return st_attr_dense_array_size(st_attr_param(a, 0)); }
int64_t st_strided_layout_stride(const st_attr *a, size_t i) { return st_attr_dense_array_int(st_attr_param(a, 0), i); }
int64_t st_strided_layout_offset(const st_attr *a) { return st_attr_int_value(st_attr_param(a, 1)); }

/* MLIR's makeStridedLinearLayoutMap: offset + d0 * s0 + d1 * s1 + ...,
 * with a new symbol for the offset (first) and each stride that is
 * dynamic, built in that order so that simplification gives MLIR's text. */
const st_affine_map *st_strided_layout_map(st_context *ctx, const st_attr *a) {
	size_t rank = st_strided_layout_rank(a);
	unsigned nsyms = 0;
	int64_t off = st_strided_layout_offset(a);
	st_affine_expr *e = off == ST_DYNAMIC ? st_affine_symbol(ctx, nsyms++) : st_affine_const(ctx, off);
	for (size_t i = 0; i < rank && e; i++) {
		int64_t s = st_strided_layout_stride(a, i);
		st_affine_expr *m = s == ST_DYNAMIC ? st_affine_symbol(ctx, nsyms++) : st_affine_const(ctx, s);
		e = st_affine_add(ctx, e, st_affine_mul(ctx, st_affine_dim(ctx, (unsigned)i), m));
	}
	return e ? st_affine_map_get(ctx, (unsigned)rank, nsyms, 1, &e) : NULL;
}

/* ------------------------------------------------------------------ text */

static st_status parse_int_or_dynamic(st_parser *p, int64_t *out) {
	if (st_parser_optional_punct(p, "?")) {
		*out = ST_DYNAMIC;
		return ST_OK;
	}
	return st_parser_integer(p, out);
}

/* After the `strided` keyword: `<[1, ?], offset: ?>`. */
st_status st__parse_strided_body(st_parser *p, st_attr **out) {
	st_context *ctx = st_parser_context(p);
	int64_t small[8];
	int64_t *strides = small;
	size_t n = 0, cap = 8;
	int64_t offset = 0;
	st_status st = st_parser_expect_punct(p, "<");
	if (st_succeeded(st))
		st = st_parser_expect_punct(p, "[");
	if (st_succeeded(st) && !st_parser_optional_punct(p, "]")) {
		do {
			if (!st_ctx_grow(ctx, (void **)&strides, &cap, small, sizeof *strides, n + 1))
				st = ST_FAIL;
			else
				st = parse_int_or_dynamic(p, &strides[n++]);
		} while (st_succeeded(st) && st_parser_optional_punct(p, ","));
		if (st_succeeded(st))
			st = st_parser_expect_punct(p, "]");
	}
	if (st_succeeded(st) && st_parser_optional_punct(p, ",")) {
		if (st_failed(st = st_parser_expect_keyword(p, "offset")) || st_failed(st = st_parser_expect_punct(p, ":")))
			;
		else
			st = parse_int_or_dynamic(p, &offset);
	}
	if (st_succeeded(st))
		st = st_parser_expect_punct(p, ">");
	*out = st_succeeded(st) ? st_strided_layout_attr(ctx, n, strides, offset) : NULL;
	if (strides != small)
		st_ctx_free(ctx, strides, cap * sizeof *strides);
	return *out ? ST_OK : ST_FAIL;
}

static void print_int_or_dynamic(st_printer *p, int64_t v) {
	if (v == ST_DYNAMIC)
		st_printer_write(p, "?", 1);
	else
		st_printer_printf(p, "%lld", (long long)v);
}

void st__print_strided(st_printer *p, const st_attr *a) {
	st_printer_write(p, "strided<[", 9);
	for (size_t i = 0; i < st_strided_layout_rank(a); i++) {
		if (i)
			st_printer_write(p, ", ", 2);
		print_int_or_dynamic(p, st_strided_layout_stride(a, i));
	}
	st_printer_write(p, "]", 1);
	if (st_strided_layout_offset(a) != 0) {
		st_printer_write(p, ", offset: ", 10);
		print_int_or_dynamic(p, st_strided_layout_offset(a));
	}
	st_printer_write(p, ">", 1);
}

st_attr *st__strided_as_mlir14(st_context *ctx, st_attr *layout) {
	if (!st_attr_is_strided_layout(layout))
		return layout;
	const st_affine_map *m = st_strided_layout_map(ctx, layout);
	/* MLIR 14 dropped an identity layout from the type. */
	if (!m || st_affine_map_is_identity(m))
		return NULL;
	return st_affine_map_attr(ctx, m);
}

static bool add_term(const st_affine_expr *e, int64_t *strides, size_t rank, int64_t *offset);

st_attr *st__strided_from_mlir14(st_context *ctx, st_attr *map, size_t rank) {
	if (!map || st_attr_get_kind(map) != ST_ATTR_AFFINE_MAP || rank > 64)
		return map;
	const st_affine_map *m = st_attr_affine_map(map);
	if (st_affine_map_num_results(m) != 1 || st_affine_map_num_dims(m) != rank)
		return map;
	int64_t strides[64], offset = 0;
	for (size_t i = 0; i < rank; i++)
		strides[i] = 0;
	if (!add_term(st_affine_map_result(m, 0), strides, rank, &offset))
		return map;
	st_attr *l = st_strided_layout_attr(ctx, rank, strides, offset);
	/* Only the maps MLIR 14 wrote for strided layouts, symbol for symbol. */
	return l && st_strided_layout_map(ctx, l) == m ? l : map;
}

/* ------------------------------------------------- strides and offsets */

/* Adds `e` (a term of a flattened sum) to the strides/offset, or fails
 * when it is not `c`, `s`, `d * c`, `d * s` or `d`. */
static bool add_term(const st_affine_expr *e, int64_t *strides, size_t rank, int64_t *offset) {
	switch (st_affine_expr_kind(e)) {
	case ST_AFFINE_ADD:
		return add_term(st_affine_expr_lhs(e), strides, rank, offset) &&
		       add_term(st_affine_expr_rhs(e), strides, rank, offset);
	case ST_AFFINE_CONST:
		if (*offset != ST_DYNAMIC)
			*offset += st_affine_expr_value(e);
		return true;
	case ST_AFFINE_SYMBOL:
		*offset = ST_DYNAMIC;
		return true;
	case ST_AFFINE_DIM: {
		unsigned d = st_affine_expr_position(e);
		if (d >= rank || strides[d] != 0)
			return false;
		strides[d] = 1;
		return true;
	}
	case ST_AFFINE_MUL: {
		st_affine_expr *l = st_affine_expr_lhs(e), *r = st_affine_expr_rhs(e);
		if (st_affine_expr_kind(l) != ST_AFFINE_DIM) {
			/* s * c adds to the offset, dynamically. */
			if (st_affine_expr_is_symbolic_or_constant(l) && st_affine_expr_is_symbolic_or_constant(r)) {
				*offset = ST_DYNAMIC;
				return true;
			}
			return false;
		}
		unsigned d = st_affine_expr_position(l);
		if (d >= rank || strides[d] != 0)
			return false;
		if (st_affine_expr_kind(r) == ST_AFFINE_CONST)
			strides[d] = st_affine_expr_value(r);
		else if (st_affine_expr_is_symbolic_or_constant(r))
			strides[d] = ST_DYNAMIC;
		else
			return false;
		return true;
	}
	default:
		return false;
	}
}

st_status st_memref_strides_and_offset(const st_type *t, int64_t *strides, int64_t *offset) {
	if (st_type_get_kind(t) != ST_TYPE_MEMREF)
		return ST_FAIL;
	size_t rank = st_type_rank(t);
	st_attr *layout = st_type_memref_layout(t);
	if (!layout) {
		/* The identity layout: row-major strides from the shape. */
		int64_t run = 1;
		for (size_t i = rank; i-- > 0;) {
			strides[i] = run;
			int64_t d = st_type_dim(t, i);
			run = run == ST_DYNAMIC || d == ST_DYNAMIC ? ST_DYNAMIC : run * d;
		}
		*offset = 0;
		return ST_OK;
	}
	if (st_attr_is_strided_layout(layout)) {
		if (st_strided_layout_rank(layout) != rank)
			return ST_FAIL;
		for (size_t i = 0; i < rank; i++)
			strides[i] = st_strided_layout_stride(layout, i);
		*offset = st_strided_layout_offset(layout);
		return ST_OK;
	}
	if (st_attr_get_kind(layout) != ST_ATTR_AFFINE_MAP)
		return ST_FAIL;
	const st_affine_map *m = st_attr_affine_map(layout);
	if (st_affine_map_num_results(m) != 1 || st_affine_map_num_dims(m) != rank)
		return ST_FAIL;
	for (size_t i = 0; i < rank; i++)
		strides[i] = 0;
	*offset = 0;
	return add_term(st_affine_map_result(m, 0), strides, rank, offset) ? ST_OK : ST_FAIL;
}
