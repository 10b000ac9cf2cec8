/* The custom syntax of codelet programs, close to the listings of Kinzer's
 * chapter 3 (docs/dialects/codelet.md):
 *
 *   codelet.cdlt "add" {
 *     %a = codelet.inp %A : memref<12xi16, "MEM1">
 *     %c1 = codelet.local 0 : memref<6xi16, "MEM2">
 *     codelet.loop %n = 0 to 12 step 6 {
 *       %a1 = codelet.transfer %a[%n][6] : memref<12xi16, "MEM1"> to "MEM2"
 *       codelet.compute "PE2" "ADD" %c1[%n1][2] : memref<6xi16, "MEM2"> = %a1[%n1][2] : ..., %b1[%n1][2] : ...
 *       codelet.transfer %c1[0][6] : memref<6xi16, "MEM2"> into %c[%n] : memref<12xi16, "MEM1">
 *     }
 *   }
 *
 * An access `%v[offsets][sizes]` is a slice: the offsets are affine
 * expressions of SSA index values (loop variables), which become the op's
 * index operands, in order of first appearance, and the dimensions of the
 * access maps.  Bodies end in an implicit codelet.yield. */
#include "codelet_internal.h"

#include <stdio.h>

#define MAX_IDS 32

static st_context *pctx(st_parser *p) { return st_parser_context(p); }

/* -------------------------------------------------------- index operands */

typedef struct ids {
	st_context *ctx;
	size_t n;
	st_operand_ref refs[MAX_IDS];
} ids;

static bool same_ref(const st_operand_ref *a, const st_operand_ref *b) {
	return a->number == b->number && st_str_eq(a->name, b->name);
}

static st_affine_expr *resolve_id(void *ud, const st_operand_ref *ref, bool is_symbol, char *errbuf, size_t errlen) {
	ids *s = ud;
	if (is_symbol) {
		snprintf(errbuf, errlen, "codelet offsets take no symbols");
		return NULL;
	}
	size_t i = 0;
	while (i < s->n && !same_ref(&s->refs[i], ref))
		i++;
	if (i == s->n) {
		if (s->n == MAX_IDS) {
			snprintf(errbuf, errlen, "an op's offsets use at most %d loop variables", MAX_IDS);
			return NULL;
		}
		s->refs[s->n++] = *ref;
	}
	return st_affine_dim(s->ctx, (unsigned)i);
}

/* ---------------------------------------------------------------- accesses */

typedef struct parsed_access {
	st_operand_ref ref;
	st_type *type;
	size_t rank;
	st_affine_expr *offsets[ST_CODELET_MAX_RANK];
	bool has_sizes;
	int64_t sizes[ST_CODELET_MAX_RANK];
	st_attr *loc;
} parsed_access;

/* `[a, b]` of integers. */
static st_status parse_int_list(st_parser *p, int64_t *out, size_t cap, size_t *n) {
	*n = 0;
	if (st_failed(st_parser_expect_punct(p, "[")))
		return ST_FAIL;
	if (st_parser_optional_punct(p, "]"))
		return ST_OK;
	do {
		if (*n == cap)
			return st_parser_error(p, "at most %zu sizes", cap);
		if (st_failed(st_parser_integer(p, &out[(*n)++])))
			return ST_FAIL;
	} while (st_parser_optional_punct(p, ","));
	return st_parser_expect_punct(p, "]");
}

/* `%v[offsets]` and, when `sizes`, `[sizes]`. */
static st_status parse_access(st_parser *p, ids *s, parsed_access *a, bool sizes) {
	memset(a, 0, sizeof *a);
	a->loc = st_parser_loc(p);
	if (st_failed(st_parser_operand(p, &a->ref)) || st_failed(st_parser_expect_punct(p, "[")))
		return ST_FAIL;
	if (!st_parser_optional_punct(p, "]")) {
		do {
			if (a->rank == ST_CODELET_MAX_RANK)
				return st_parser_error(p, "a slice has at most %d dimensions", ST_CODELET_MAX_RANK);
			if (st_failed(st_parser_affine_expr(p, resolve_id, s, &a->offsets[a->rank++])))
				return ST_FAIL;
		} while (st_parser_optional_punct(p, ","));
		if (st_failed(st_parser_expect_punct(p, "]")))
			return ST_FAIL;
	}
	if (!sizes)
		return ST_OK;
	size_t n;
	st_attr *at = st_parser_loc(p);
	if (st_failed(parse_int_list(p, a->sizes, ST_CODELET_MAX_RANK, &n)))
		return ST_FAIL;
	if (n != a->rank)
		return st_parser_error_at(p, at, "%zu sizes for %zu offsets", n, a->rank);
	a->has_sizes = true;
	return ST_OK;
}

static st_status parse_access_type(st_parser *p, parsed_access *a) {
	return st_failed(st_parser_expect_punct(p, ":")) ? ST_FAIL : st_parser_type(p, &a->type);
}

/* Resolves the surrogates, then the index operands, and stores `maps`. */
static st_status finish_accesses(st_parser *p, st_parse_state *s, ids *idv, parsed_access *acc, size_t n) {
	st_context *ctx = pctx(p);
	st_attr *maps[ST_CODELET_MAX_ACCESSES];
	for (size_t i = 0; i < n; i++) {
		st_value *v;
		if (st_failed(st_parser_resolve_operand(p, &acc[i].ref, acc[i].type, &v)) ||
		    st_failed(st_parse_state_add_operand(s, v)))
			return ST_FAIL;
		const st_affine_map *m = st_affine_map_get(ctx, (unsigned)idv->n, 0, acc[i].rank, acc[i].offsets);
		if (!m || !(maps[i] = st_affine_map_attr(ctx, m)))
			return ST_FAIL;
	}
	for (size_t i = 0; i < idv->n; i++) {
		st_value *v;
		if (st_failed(st_parser_resolve_operand(p, &idv->refs[i], st_index_type(ctx), &v)) ||
		    st_failed(st_parse_state_add_operand(s, v)))
			return ST_FAIL;
	}
	return st_parse_state_add_attr(s, "maps", st_array_attr(ctx, n, maps));
}

static st_attr *sizes_attr(st_context *ctx, const int64_t *sizes, size_t n) {
	return st_dense_int_array_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), n, sizes);
}

static void write_printer(void *ud, const char *data, size_t len) { st_printer_write(ud, data, len); }

typedef struct print_ids {
	st_printer *p;
	st_op *op;
	size_t first;
} print_ids;

static void print_id(void *id_ud, bool is_symbol, unsigned pos, st_write_fn w, void *ud) {
	print_ids *n = id_ud;
	(void)w;
	(void)ud;
	(void)is_symbol;
	st_printer_operand(n->p, st_op_operand(n->op, n->first + pos));
}

static void print_access(st_printer *p, st_op *op, size_t i, bool sizes) {
	st_codelet_access a;
	if (!st_codelet_get_access(op, i, &a))
		return;
	print_ids names = {p, op, st_codelet_num_accesses(op)};
	st_printer_operand(p, a.surrogate);
	st_printer_write(p, "[", 1);
	for (size_t d = 0; d < st_affine_map_num_results(a.offsets); d++) {
		if (d)
			st_printer_write(p, ", ", 2);
		st_affine_expr_print_ids(st_affine_map_result(a.offsets, d), print_id, &names, write_printer, p);
	}
	st_printer_write(p, "]", 1);
	if (sizes) {
		st_printer_write(p, "[", 1);
		for (size_t d = 0; d < a.rank; d++)
			st_printer_printf(p, d ? ", %lld" : "%lld", (long long)a.sizes[d]);
		st_printer_write(p, "]", 1);
	}
	st_printer_write(p, " : ", 3);
	st_printer_type(p, st_value_type(a.surrogate));
}

/* ------------------------------------------------------------------ bodies */

static st_status ensure_yield(st_parse_state *s, st_region *r) { return st_parse_ensure_terminator(s, r, "codelet.yield"); }

/* Bodies print without their codelet.yield, unless it carries something. */
static bool implicit_yield(st_region *r) {
	st_block *b = st_region_first_block(r);
	st_op *t = b ? st_block_last_op(b) : NULL;
	return !t || (st__codelet_is(t, "codelet.yield") && st_attr_dict_size(st_op_attrs(t)) == 0);
}

static void print_body(st_printer *p, st_op *op) {
	st_printer_write(p, " ", 1);
	st_printer_region(p, st_op_region(op, 0), false, !implicit_yield(st_op_region(op, 0)));
}

/* ------------------------------------------------------------ codelet.cdlt */

st_status st__codelet_parse_cdlt(st_parser *p, st_parse_state *s) {
	st_context *ctx = pctx(p);
	st_str name, sym;
	if (st_failed(st_parser_string(p, &name)) ||
	    st_failed(st_parse_state_add_attr(s, "name", st_string_attr(ctx, name))))
		return ST_FAIL;
	if (st_parser_optional_keyword(p, "target")) {
		if (st_failed(st_parser_symbol_name(p, &sym)) ||
		    st_failed(st_parse_state_add_attr(s, "target", st_symbol_ref_attr(ctx, sym, 0, NULL))))
			return ST_FAIL;
	}
	if (st_parser_optional_keyword(p, "attributes") && st_failed(st_parser_optional_attr_dict(p, s)))
		return ST_FAIL;
	st_region *r = st_parse_state_add_region(s);
	if (!r || st_failed(st_parser_region(p, r, 0, NULL)))
		return ST_FAIL;
	return ensure_yield(s, r);
}

void st__codelet_print_cdlt(st_printer *p, st_op *op) {
	static const char *const elided[] = {"name", "target", NULL};
	st_printer_write(p, " ", 1);
	st_printer_string(p, st_str_c(st_codelet_name(op) ? st_codelet_name(op) : ""));
	st_attr *t = st_op_get_attr(op, "target");
	if (t) {
		st_printer_write(p, " target ", 8);
		st_printer_attr(p, t);
	}
	st_printer_attr_dict(p, op, elided, true);
	print_body(p, op);
}

/* ------------------------------------------------------ inp, out, local */

/* The memref a surrogate type stands for outside the codelet: the same
 * shape and element type without a memory space. */
static st_type *unplaced(st_context *ctx, st_type *t) {
	if (!t || st_type_get_kind(t) != ST_TYPE_MEMREF)
		return t;
	return st_memref_type(ctx, st_type_rank(t), st_type_shape(t), st_type_element(t), NULL, NULL);
}

st_status st__codelet_parse_surrogate(st_parser *p, st_parse_state *s) {
	st_operand_ref ref;
	bool bound = st_parser_peek_operand(p);
	st_type *t;
	if (bound && st_failed(st_parser_operand(p, &ref)))
		return ST_FAIL;
	if (st_failed(st_parser_optional_attr_dict(p, s)) || st_failed(st_parser_expect_punct(p, ":")) ||
	    st_failed(st_parser_type(p, &t)))
		return ST_FAIL;
	if (bound) {
		st_value *v;
		if (st_failed(st_parser_resolve_operand(p, &ref, unplaced(pctx(p), t), &v)) ||
		    st_failed(st_parse_state_add_operand(s, v)))
			return ST_FAIL;
	}
	return st_parse_state_add_result_type(s, t);
}

void st__codelet_print_surrogate(st_printer *p, st_op *op) {
	if (st_op_num_operands(op)) {
		st_printer_write(p, " ", 1);
		st_printer_operand(p, st_op_operand(op, 0));
	}
	st_printer_attr_dict(p, op, NULL, false);
	st_printer_write(p, " : ", 3);
	st_printer_type(p, st_value_type(st_op_result(op, 0)));
}

st_status st__codelet_parse_local(st_parser *p, st_parse_state *s) {
	st_context *ctx = pctx(p);
	st_attr *at = NULL;
	bool has_fill = false;
	int64_t fill = 0;
	st_type *t;
	if (!st_parser_peek_punct(p, ":") && !st_parser_peek_punct(p, "{")) {
		at = st_parser_loc(p);
		if (st_failed(st_parser_integer(p, &fill)))
			return ST_FAIL;
		has_fill = true;
	}
	if (st_failed(st_parser_optional_attr_dict(p, s)) || st_failed(st_parser_expect_punct(p, ":")) ||
	    st_failed(st_parser_type(p, &t)) || st_failed(st_parse_state_add_result_type(s, t)))
		return ST_FAIL;
	if (!has_fill)
		return ST_OK;
	st_type *elt = st_type_get_kind(t) == ST_TYPE_MEMREF ? st_type_element(t) : NULL;
	if (!elt || !st_type_is_integer(elt))
		return st_parser_error_at(p, at, "a local is filled with an integer of its element type");
	return st_parse_state_add_attr(s, "fill", st_integer_attr(ctx, elt, fill));
}

void st__codelet_print_local(st_printer *p, st_op *op) {
	static const char *const elided[] = {"fill", NULL};
	st_attr *fill = st_codelet_local_fill(op);
	if (fill) {
		st_printer_write(p, " ", 1);
		st_printer_attr_no_type(p, fill);
	}
	st_printer_attr_dict(p, op, elided, false);
	st_printer_write(p, " : ", 3);
	st_printer_type(p, st_value_type(st_op_result(op, 0)));
}

/* ---------------------------------------------------------- codelet.param */

st_status st__codelet_parse_param(st_parser *p, st_parse_state *s) {
	st_context *ctx = pctx(p);
	st_str name;
	if (st_failed(st_parser_string(p, &name)) ||
	    st_failed(st_parse_state_add_attr(s, "name", st_string_attr(ctx, name))))
		return ST_FAIL;
	if (st_parser_optional_punct(p, "=")) {
		int64_t v;
		if (st_failed(st_parser_integer(p, &v)) ||
		    st_failed(st_parse_state_add_attr(s, "value", st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), v))))
			return ST_FAIL;
	}
	if (st_failed(st_parser_optional_attr_dict(p, s)))
		return ST_FAIL;
	return st_parse_state_add_result_type(s, st_index_type(ctx));
}

void st__codelet_print_param(st_printer *p, st_op *op) {
	static const char *const elided[] = {"name", "value", NULL};
	st_printer_write(p, " ", 1);
	st_printer_string(p, st_str_c(st_codelet_param_name(op) ? st_codelet_param_name(op) : ""));
	int64_t v;
	if (st_codelet_param_value(op, &v))
		st_printer_printf(p, " = %lld", (long long)v);
	st_printer_attr_dict(p, op, elided, false);
}

/* ----------------------------------------------------------- codelet.loop */

st_status st__codelet_parse_loop(st_parser *p, st_parse_state *s) {
	st_context *ctx = pctx(p);
	st_type *i64 = st_integer_type(ctx, 64, ST_SIGNLESS);
	st_region_arg iv;
	memset(&iv, 0, sizeof iv);
	int64_t lb, ub = 0, step = 1;
	if (st_failed(st_parser_operand(p, &iv.ref)) || st_failed(st_parser_expect_punct(p, "=")) ||
	    st_failed(st_parser_integer(p, &lb)) || st_failed(st_parser_expect_keyword(p, "to")))
		return ST_FAIL;
	if (st_parser_peek_operand(p)) {
		st_operand_ref r;
		st_value *v;
		if (st_failed(st_parser_operand(p, &r)) || st_failed(st_parser_resolve_operand(p, &r, st_index_type(ctx), &v)) ||
		    st_failed(st_parse_state_add_operand(s, v)))
			return ST_FAIL;
	} else if (st_failed(st_parser_integer(p, &ub))) {
		return ST_FAIL;
	}
	if (st_parser_optional_keyword(p, "step") && st_failed(st_parser_integer(p, &step)))
		return ST_FAIL;
	if (st_failed(st_parse_state_add_attr(s, "lb", st_integer_attr(ctx, i64, lb))) ||
	    st_failed(st_parse_state_add_attr(s, "ub", st_integer_attr(ctx, i64, ub))) ||
	    st_failed(st_parse_state_add_attr(s, "step", st_integer_attr(ctx, i64, step))))
		return ST_FAIL;
	iv.type = st_index_type(ctx);
	st_region *r = st_parse_state_add_region(s);
	if (!r || st_failed(st_parser_region(p, r, 1, &iv)) || st_failed(ensure_yield(s, r)))
		return ST_FAIL;
	return st_parser_optional_attr_dict(p, s);
}

void st__codelet_print_loop(st_printer *p, st_op *op) {
	static const char *const elided[] = {"lb", "ub", "step", NULL};
	st_codelet_loop_info l;
	if (!st_codelet_loop(op, &l))
		return;
	st_printer_write(p, " ", 1);
	st_printer_operand(p, l.iv);
	st_printer_printf(p, " = %lld to ", (long long)l.lb);
	if (l.ub_param)
		st_printer_operand(p, l.ub_param);
	else
		st_printer_printf(p, "%lld", (long long)l.ub);
	if (l.step != 1)
		st_printer_printf(p, " step %lld", (long long)l.step);
	print_body(p, op);
	st_printer_attr_dict(p, op, elided, false);
}

/* ------------------------------------------------------- codelet.transfer */

st_status st__codelet_parse_transfer(st_parser *p, st_parse_state *s) {
	st_context *ctx = pctx(p);
	ids idv = {.ctx = ctx};
	parsed_access acc[2];
	size_t n = 1, nperm = 0;
	int64_t perm[ST_CODELET_MAX_RANK];
	if (st_failed(parse_access(p, &idv, &acc[0], true)) || st_failed(parse_access_type(p, &acc[0])))
		return ST_FAIL;
	if (st_parser_optional_keyword(p, "perm")) {
		if (st_failed(parse_int_list(p, perm, ST_CODELET_MAX_RANK, &nperm)) ||
		    st_failed(st_parse_state_add_attr(s, "perm", sizes_attr(ctx, perm, nperm))))
			return ST_FAIL;
	}
	if (st_parser_optional_keyword(p, "into")) {
		if (st_failed(parse_access(p, &idv, &acc[1], false)) || st_failed(parse_access_type(p, &acc[1])))
			return ST_FAIL;
		n = 2;
	} else {
		st_str to = {0};
		char buf[256] = "";
		if (st_parser_optional_keyword(p, "to")) {
			if (st_failed(st_parser_string(p, &to)) ||
			    st_failed(st_parse_state_add_attr(s, "to", st_string_attr(ctx, to))))
				return ST_FAIL;
			snprintf(buf, sizeof buf, "%.*s", (int)to.len, to.data);
		}
		st_type *elt = st_type_get_kind(acc[0].type) == ST_TYPE_MEMREF ? st_type_element(acc[0].type) : NULL;
		if (!elt)
			return st_parser_error_at(p, acc[0].loc, "a surrogate is a memref");
		int64_t shape[ST_CODELET_MAX_RANK];
		size_t rank = nperm ? nperm : acc[0].rank;
		for (size_t d = 0; d < rank; d++) {
			if (nperm && perm[d] >= (int64_t)acc[0].rank)
				return st_parser_error_at(p, acc[0].loc, "the permutation names dimension %lld of a slice of %zu",
				                          (long long)perm[d], acc[0].rank);
			shape[d] = !nperm ? acc[0].sizes[d] : (perm[d] >= 0 ? acc[0].sizes[perm[d]] : 1);
		}
		st_type *rt = st_codelet_surrogate_type(ctx, rank, shape, elt, to.data ? buf : NULL);
		if (st_failed(st_parse_state_add_result_type(s, rt)))
			return ST_FAIL;
	}
	if (st_parser_optional_keyword(p, "pad")) {
		if (st_failed(st_parse_state_add_attr(s, "pad", st_unit_attr(ctx))))
			return ST_FAIL;
		int64_t v;
		if (st_parser_optional_punct(p, "(") &&
		    (st_failed(st_parser_integer(p, &v)) || st_failed(st_parser_expect_punct(p, ")")) ||
		     st_failed(st_parse_state_add_attr(s, "pad_value", st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), v)))))
			return ST_FAIL;
	}
	if (st_failed(finish_accesses(p, s, &idv, acc, n)) ||
	    st_failed(st_parse_state_add_attr(s, "sizes", sizes_attr(ctx, acc[0].sizes, acc[0].rank))))
		return ST_FAIL;
	return st_parser_optional_attr_dict(p, s);
}

void st__codelet_print_transfer(st_printer *p, st_op *op) {
	static const char *const elided[] = {"maps", "sizes", "to", "pad", "pad_value", "perm", NULL};
	st_printer_write(p, " ", 1);
	print_access(p, op, 0, true);
	st_attr *perm = st_op_get_attr(op, "perm");
	if (perm) {
		st_printer_write(p, " perm [", 7);
		for (size_t d = 0; d < st_attr_dense_array_size(perm); d++)
			st_printer_printf(p, d ? ", %lld" : "%lld", (long long)st_attr_dense_array_int(perm, d));
		st_printer_write(p, "]", 1);
	}
	const char *to = st_codelet_transfer_to(op);
	if (to) {
		st_printer_write(p, " to ", 4);
		st_printer_string(p, st_str_c(to));
	} else if (st_op_num_results(op) == 0) {
		st_printer_write(p, " into ", 6);
		print_access(p, op, 1, false);
	}
	if (st_codelet_transfer_padded(op))
		st_printer_write(p, " pad", 4);
	if (st_codelet_transfer_padded(op) && st_op_get_attr(op, "pad_value"))
		st_printer_printf(p, "(%lld)", (long long)st_codelet_transfer_pad_value(op));
	st_printer_attr_dict(p, op, elided, false);
}

/* -------------------------------------------------------- codelet.compute */

st_status st__codelet_parse_compute(st_parser *p, st_parse_state *s) {
	st_context *ctx = pctx(p);
	st_str a, b;
	if (st_failed(st_parser_string(p, &a)))
		return ST_FAIL;
	st_str cap = a;
	if (!st_parser_peek_operand(p)) {
		if (st_failed(st_parser_string(p, &b)))
			return ST_FAIL;
		cap = b;
		if (st_failed(st_parse_state_add_attr(s, "loc", st_string_attr(ctx, a))))
			return ST_FAIL;
	}
	if (st_failed(st_parse_state_add_attr(s, "cap", st_string_attr(ctx, cap))))
		return ST_FAIL;
	ids idv = {.ctx = ctx};
	parsed_access acc[ST_CODELET_MAX_ACCESSES];
	size_t n = 0;
	if (st_failed(parse_access(p, &idv, &acc[n], true)) || st_failed(parse_access_type(p, &acc[n])))
		return ST_FAIL;
	n++;
	if (st_failed(st_parser_expect_punct(p, "=")))
		return ST_FAIL;
	do {
		if (n == ST_CODELET_MAX_ACCESSES)
			return st_parser_error(p, "a compute has at most %d operands", ST_CODELET_MAX_ACCESSES);
		if (st_failed(parse_access(p, &idv, &acc[n], true)) || st_failed(parse_access_type(p, &acc[n])))
			return ST_FAIL;
		n++;
	} while (st_parser_optional_punct(p, ","));
	st_attr *sizes[ST_CODELET_MAX_ACCESSES];
	for (size_t i = 0; i < n; i++)
		if (!(sizes[i] = sizes_attr(ctx, acc[i].sizes, acc[i].rank)))
			return ST_FAIL;
	if (st_failed(finish_accesses(p, s, &idv, acc, n)) ||
	    st_failed(st_parse_state_add_attr(s, "sizes", st_array_attr(ctx, n, sizes))))
		return ST_FAIL;
	return st_parser_optional_attr_dict(p, s);
}

void st__codelet_print_compute(st_printer *p, st_op *op) {
	static const char *const elided[] = {"maps", "sizes", "cap", "loc", NULL};
	const char *loc = st_codelet_compute_loc(op), *cap = st_codelet_compute_cap(op);
	st_printer_write(p, " ", 1);
	if (loc) {
		st_printer_string(p, st_str_c(loc));
		st_printer_write(p, " ", 1);
	}
	st_printer_string(p, st_str_c(cap ? cap : ""));
	st_printer_write(p, " ", 1);
	print_access(p, op, 0, true);
	st_printer_write(p, " = ", 3);
	for (size_t i = 1; i < st_codelet_num_accesses(op); i++) {
		if (i > 1)
			st_printer_write(p, ", ", 2);
		print_access(p, op, i, true);
	}
	st_printer_attr_dict(p, op, elided, false);
}
