/* The custom forms of the affine ops, as mlir-opt prints them:
 * `affine.for %i = max #map(%a)[%n] to 10 step 2 iter_args(%x = %y) -> (f32)`,
 * `affine.if #set(%i)[%n]`, `affine.load %A[%i + 1, symbol(%n)]`,
 * `affine.apply #map(%i)`, and affine.parallel's bound tuples with
 * max(...)/min(...) groups.  A bound written as one SSA value is the
 * symbol identity map `()[s0] -> (s0)`, an integer a constant map, as in
 * MLIR's parser; the printer writes those two forms back the same way. */
#include "affine_internal.h"

#define RESULTS_SMALL 8

static st_context *pctx(st_parser *p) { return st_parser_context(p); }

/* A growable list of types starting in a small buffer. */
typedef struct typevec {
	st_type *small[RESULTS_SMALL];
	st_type **v;
	size_t n, cap;
} typevec;

static void typevec_init(typevec *t) {
	t->v = t->small;
	t->n = 0;
	t->cap = RESULTS_SMALL;
}

static st_status typevec_push(st_context *ctx, typevec *t, st_type *ty) {
	if (!st_ctx_grow(ctx, (void **)&t->v, &t->cap, t->small, sizeof *t->v, t->n + 1))
		return ST_FAIL;
	t->v[t->n++] = ty;
	return ST_OK;
}

static void typevec_free(st_context *ctx, typevec *t) {
	if (t->v != t->small)
		st_ctx_free(ctx, t->v, t->cap * sizeof *t->v);
}

/* A list of types after `->`: `(t1, t2)`, `()` or one type; they become
 * the op's result types too. */
static st_status parse_arrow_types(st_parser *p, st_parse_state *s, typevec *out) {
	st_type *t;
	bool paren = st_parser_optional_punct(p, "(");
	if (paren && st_parser_optional_punct(p, ")"))
		return ST_OK;
	do {
		if (st_failed(st_parser_type(p, &t)) || st_failed(typevec_push(pctx(p), out, t)) ||
		    st_failed(st_parse_state_add_result_type(s, t)))
			return ST_FAIL;
	} while (paren && st_parser_optional_punct(p, ","));
	return paren ? st_parser_expect_punct(p, ")") : ST_OK;
}

/* Parses a region whose entry arguments are `first` (index, when given)
 * then refs[i] of types[i], and adds the implicit affine.yield. */
static st_status parse_body(st_parser *p, st_parse_state *s, const st_operand_ref *first, size_t nfirst,
                            const st__affine_refs *refs, st_type *const *types) {
	st_context *ctx = pctx(p);
	size_t n = nfirst + (refs ? refs->n : 0);
	st_region_arg small[RESULTS_SMALL];
	st_region_arg *args = n <= RESULTS_SMALL ? small : st_ctx_alloc(ctx, n * sizeof *args);
	st_region *r = st_parse_state_add_region(s);
	if (!args || !r)
		return ST_FAIL;
	memset(args, 0, n * sizeof *args);
	for (size_t i = 0; i < nfirst; i++) {
		args[i].ref = first[i];
		args[i].type = st_index_type(ctx);
	}
	for (size_t i = nfirst; i < n; i++) {
		args[i].ref = refs->v[i - nfirst];
		args[i].type = types[i - nfirst];
	}
	st_status st = st_parser_region(p, r, n, args);
	if (args != small)
		st_ctx_free(ctx, args, n * sizeof *args);
	return st_succeeded(st) ? st__affine_ensure_yield(s, r) : ST_FAIL;
}

static void print_types(st_printer *p, st_op *op, size_t start, size_t n, bool results) {
	for (size_t i = 0; i < n; i++) {
		if (i)
			st_printer_write(p, ", ", 2);
		st_printer_type(p, st_value_type(results ? st_op_result(op, start + i) : st_op_operand(op, start + i)));
	}
}

/* --------------------------------------------------------------- bounds */

/* One loop bound: `%v`, an integer, or `[max|min] #map(%d)[%s]`.  Adds its
 * operands to the state and stores its map attribute under `attr`. */
static st_status parse_bound(st_parser *p, st_parse_state *s, bool lower, const char *attr, size_t *count) {
	st_context *ctx = pctx(p);
	const char *prefix = lower ? "max" : "min";
	bool has_prefix = st_parser_optional_keyword(p, prefix);
	*count = 0;
	if (!has_prefix && st_parser_peek_operand(p)) {
		st_operand_ref r;
		st_value *v;
		if (st_failed(st_parser_operand(p, &r)) ||
		    st_failed(st_parser_resolve_operand(p, &r, st_index_type(ctx), &v)) ||
		    st_failed(st_parse_state_add_operand(s, v)))
			return ST_FAIL;
		*count = 1;
		st_affine_expr *s0 = st_affine_symbol(ctx, 0);
		return st_parse_state_add_attr(s, attr, st_affine_map_attr(ctx, st_affine_map_get(ctx, 0, 1, 1, &s0)));
	}
	st_attr *loc = st_parser_loc(p), *a;
	if (st_failed(st_parser_attr(p, st_index_type(ctx), &a)))
		return ST_FAIL;
	if (st_attr_get_kind(a) == ST_ATTR_INTEGER && !has_prefix)
		return st_parse_state_add_attr(s, attr, st_affine_map_attr(ctx, st_affine_map_constant(ctx, st_attr_int_value(a))));
	if (st_attr_get_kind(a) != ST_ATTR_AFFINE_MAP)
		return st_parser_error_at(p, loc, "expected valid affine map representation for loop bounds");
	const st_affine_map *m = st_attr_affine_map(a);
	if (st_affine_map_num_results(m) == 0)
		return st_parser_error_at(p, loc, "%s loop bound affine map with no results", lower ? "lower" : "upper");
	if (st_affine_map_num_results(m) > 1 && !has_prefix)
		return st_parser_error_at(p, loc, "%s loop bound affine map with multiple results requires '%s' prefix",
		                          lower ? "lower" : "upper", prefix);
	if (st_failed(st_parse_state_add_attr(s, attr, a)))
		return ST_FAIL;
	return st__affine_parse_dim_sym_list(p, s, st_affine_map_num_dims(m), st_affine_map_num_symbols(m), count);
}

static void print_bound(st_printer *p, st_op *op, const st_affine_map *m, size_t start, const char *prefix,
                        const char *attr) {
	if (st_affine_map_num_results(m) == 1) {
		st_affine_expr *e = st_affine_map_result(m, 0);
		unsigned nd = st_affine_map_num_dims(m), ns = st_affine_map_num_symbols(m);
		if (nd == 0 && ns == 0 && st_affine_expr_kind(e) == ST_AFFINE_CONST) {
			st_printer_printf(p, "%lld", (long long)st_affine_expr_value(e));
			return;
		}
		if (nd == 0 && ns == 1 && st_affine_expr_kind(e) == ST_AFFINE_SYMBOL) {
			st_printer_operand(p, st_op_operand(op, start));
			return;
		}
	} else {
		st_printer_puts(p, prefix);
		st_printer_write(p, " ", 1);
	}
	st_printer_attr(p, st_op_get_attr(op, attr));
	st__affine_print_dim_sym_list(p, op, start, st_affine_map_num_dims(m), st_affine_map_num_symbols(m));
}

/* ------------------------------------------------------------ affine.for */

st_status st__affine_parse_for(st_parser *p, st_parse_state *s) {
	st_context *ctx = pctx(p);
	st_operand_ref iv;
	st__affine_refs inner, outer;
	st__affine_refs_init(&inner);
	st__affine_refs_init(&outer);
	typevec types;
	typevec_init(&types);
	int64_t step = 1;
	size_t nlb = 0, nub = 0;
	st_status st = ST_OK;
	if (st_failed(st_parser_operand(p, &iv)) || st_failed(st_parser_expect_punct(p, "=")) ||
	    st_failed(parse_bound(p, s, true, "lowerBoundMap", &nlb)) || st_failed(st_parser_expect_keyword(p, "to")) ||
	    st_failed(parse_bound(p, s, false, "upperBoundMap", &nub)))
		st = ST_FAIL;
	if (st_succeeded(st) && st_parser_optional_keyword(p, "step")) {
		st_attr *loc = st_parser_loc(p);
		if (st_failed(st_parser_integer(p, &step)))
			st = ST_FAIL;
		else if (step <= 0)
			st = st_parser_error_at(p, loc, "expected step to be representable as a positive signed integer");
	}
	if (st_succeeded(st))
		st = st_parse_state_add_attr(s, "step", st_integer_attr(ctx, st_index_type(ctx), step));
	if (st_succeeded(st) && st_parser_optional_keyword(p, "iter_args")) {
		st = st_parser_expect_punct(p, "(");
		if (st_succeeded(st) && !st_parser_optional_punct(p, ")")) {
			do {
				st_operand_ref *a = st__affine_refs_push(ctx, &inner), *b = a ? st__affine_refs_push(ctx, &outer) : NULL;
				if (!b || st_failed(st_parser_operand(p, a)) || st_failed(st_parser_expect_punct(p, "=")) ||
				    st_failed(st_parser_operand(p, b)))
					st = ST_FAIL;
			} while (st_succeeded(st) && st_parser_optional_punct(p, ","));
			if (st_succeeded(st))
				st = st_parser_expect_punct(p, ")");
		}
		if (st_succeeded(st))
			st = st_parser_expect_punct(p, "->");
		if (st_succeeded(st))
			st = parse_arrow_types(p, s, &types);
		if (st_succeeded(st) && types.n != inner.n)
			st = st_parser_error_at(p, st_parse_state_loc(s),
			                        "mismatch between the number of loop-carried values and results");
	}
	for (size_t i = 0; st_succeeded(st) && i < outer.n; i++) {
		st_value *v;
		if (st_failed(st_parser_resolve_operand(p, &outer.v[i], types.v[i], &v)) ||
		    st_failed(st_parse_state_add_operand(s, v)))
			st = ST_FAIL;
	}
	(void)nlb;
	(void)nub;
	if (st_succeeded(st))
		st = parse_body(p, s, &iv, 1, &inner, types.v);
	if (st_succeeded(st))
		st = st_parser_optional_attr_dict(p, s);
	st__affine_refs_free(ctx, &inner);
	st__affine_refs_free(ctx, &outer);
	typevec_free(ctx, &types);
	return st;
}

void st__affine_print_for(st_printer *p, st_op *op) {
	st_block *b = st_affine_for_body(op);
	size_t lb_start, ub_start, init_start;
	st_affine_for_lb_operands(op, &lb_start);
	st_affine_for_ub_operands(op, &ub_start);
	size_t ninit = st_affine_for_inits(op, &init_start);
	st_printer_write(p, " ", 1);
	st_printer_operand(p, st_block_arg(b, 0));
	st_printer_write(p, " = ", 3);
	print_bound(p, op, st_affine_for_lb_map(op), lb_start, "max", "lowerBoundMap");
	st_printer_write(p, " to ", 4);
	print_bound(p, op, st_affine_for_ub_map(op), ub_start, "min", "upperBoundMap");
	int64_t step = st_affine_for_step(op);
	if (step != 1)
		st_printer_printf(p, " step %lld", (long long)step);
	if (ninit) {
		st_printer_write(p, " iter_args(", 11);
		for (size_t i = 0; i < ninit; i++) {
			if (i)
				st_printer_write(p, ", ", 2);
			st_printer_operand(p, st_block_arg(b, i + 1));
			st_printer_write(p, " = ", 3);
			st_printer_operand(p, st_op_operand(op, init_start + i));
		}
		st_printer_write(p, ") -> (", 6);
		print_types(p, op, 0, st_op_num_results(op), true);
		st_printer_write(p, ")", 1);
	}
	st_printer_write(p, " ", 1);
	st_printer_region(p, st_op_region(op, 0), false, ninit != 0 || !st__affine_implicit_yield(st_op_region(op, 0)));
	static const char *const elided[] = {"lowerBoundMap", "upperBoundMap", "step", NULL};
	st_printer_attr_dict(p, op, elided, false);
}

/* ------------------------------------------------------------- affine.if */

st_status st__affine_parse_if(st_parser *p, st_parse_state *s) {
	st_context *ctx = pctx(p);
	st_attr *loc = st_parser_loc(p), *a;
	if (st_failed(st_parser_attr(p, NULL, &a)))
		return ST_FAIL;
	if (st_attr_get_kind(a) != ST_ATTR_INTEGER_SET)
		return st_parser_error_at(p, loc, "expected an integer set attribute");
	const st_integer_set *set = st_attr_integer_set(a);
	if (st_failed(st_parse_state_add_attr(s, "condition", a)) ||
	    st_failed(st__affine_parse_dim_sym_list(p, s, st_integer_set_num_dims(set), st_integer_set_num_symbols(set),
	                                            NULL)))
		return ST_FAIL;
	typevec types;
	typevec_init(&types);
	st_status st = ST_OK;
	if (st_parser_optional_punct(p, "->"))
		st = parse_arrow_types(p, s, &types);
	typevec_free(ctx, &types);
	if (st_failed(st) || st_failed(parse_body(p, s, NULL, 0, NULL, NULL)))
		return ST_FAIL;
	st_region *else_region = st_parse_state_add_region(s);
	if (!else_region)
		return ST_FAIL;
	if (st_parser_optional_keyword(p, "else")) {
		if (st_failed(st_parser_region(p, else_region, 0, NULL)) || st_failed(st__affine_ensure_yield(s, else_region)))
			return ST_FAIL;
	}
	return st_parser_optional_attr_dict(p, s);
}

void st__affine_print_if(st_printer *p, st_op *op) {
	const st_integer_set *set = st_affine_if_set(op);
	size_t nres = st_op_num_results(op);
	st_printer_write(p, " ", 1);
	st_printer_attr(p, st_op_get_attr(op, "condition"));
	st__affine_print_dim_sym_list(p, op, 0, st_integer_set_num_dims(set), st_integer_set_num_symbols(set));
	if (nres) {
		st_printer_write(p, " -> ", 4);
		bool paren = nres > 1 || st_type_get_kind(st_value_type(st_op_result(op, 0))) == ST_TYPE_FUNCTION;
		if (paren)
			st_printer_write(p, "(", 1);
		print_types(p, op, 0, nres, true);
		if (paren)
			st_printer_write(p, ")", 1);
	}
	st_printer_write(p, " ", 1);
	st_region *then_r = st_op_region(op, 0), *else_r = st_op_region(op, 1);
	st_printer_region(p, then_r, false, nres != 0 || !st__affine_implicit_yield(then_r));
	if (!st_region_is_empty(else_r)) {
		st_printer_write(p, " else ", 6);
		st_printer_region(p, else_r, false, nres != 0 || !st__affine_implicit_yield(else_r));
	}
	static const char *const elided[] = {"condition", NULL};
	st_printer_attr_dict(p, op, elided, false);
}

/* ------------------------------------------- affine.apply, .min, .max */

st_status st__affine_parse_map_op(st_parser *p, st_parse_state *s) {
	st_context *ctx = pctx(p);
	st_attr *loc = st_parser_loc(p), *a;
	if (st_failed(st_parser_attr(p, NULL, &a)))
		return ST_FAIL;
	if (st_attr_get_kind(a) != ST_ATTR_AFFINE_MAP)
		return st_parser_error_at(p, loc, "expected an affine map attribute");
	const st_affine_map *m = st_attr_affine_map(a);
	if (st_failed(st_parse_state_add_attr(s, "map", a)) ||
	    st_failed(st__affine_parse_dim_sym_list(p, s, st_affine_map_num_dims(m), st_affine_map_num_symbols(m), NULL)) ||
	    st_failed(st_parser_optional_attr_dict(p, s)))
		return ST_FAIL;
	return st_parse_state_add_result_type(s, st_index_type(ctx));
}

void st__affine_print_map_op(st_printer *p, st_op *op) {
	const st_affine_map *m = st_affine_op_map(op);
	st_printer_write(p, " ", 1);
	st_printer_attr(p, st_op_get_attr(op, "map"));
	st__affine_print_dim_sym_list(p, op, 0, st_affine_map_num_dims(m), st_affine_map_num_symbols(m));
	static const char *const elided[] = {"map", NULL};
	st_printer_attr_dict(p, op, elided, false);
}

/* ------------------------------------------------- affine.load, .store */

/* `%A[e, ...]`: the memref reference and the subscript map with its ids. */
static st_status parse_access(st_parser *p, st_operand_ref *memref, st__affine_ids *ids, const st_affine_map **map) {
	st_context *ctx = pctx(p);
	st_affine_expr *small[8], **exprs = small;
	size_t n = 0, cap = 8;
	st_status st = ST_OK;
	if (st_failed(st_parser_operand(p, memref)) || st_failed(st_parser_expect_punct(p, "[")))
		return ST_FAIL;
	if (!st_parser_optional_punct(p, "]")) {
		do {
			if (!st_ctx_grow(ctx, (void **)&exprs, &cap, small, sizeof *exprs, n + 1) ||
			    st_failed(st_parser_affine_expr(p, st__affine_ids_resolve, ids, &exprs[n])))
				st = ST_FAIL;
			else
				n++;
		} while (st_succeeded(st) && st_parser_optional_punct(p, ","));
		if (st_succeeded(st))
			st = st_parser_expect_punct(p, "]");
	}
	if (st_succeeded(st))
		*map = st_affine_map_get(ctx, (unsigned)ids->dims.n, (unsigned)ids->syms.n, n, exprs);
	if (exprs != small)
		st_ctx_free(ctx, exprs, cap * sizeof *exprs);
	return st;
}

/* After the access: attr-dict `:` memref-type; adds the memref, then the
 * map operands. */
static st_status finish_access(st_parser *p, st_parse_state *s, const st_operand_ref *memref,
                               const st__affine_ids *ids, const st_affine_map *map, st_type **type) {
	st_context *ctx = pctx(p);
	st_value *m;
	if (st_failed(st_parser_optional_attr_dict(p, s)) || st_failed(st_parser_expect_punct(p, ":")))
		return ST_FAIL;
	st_attr *loc = st_parser_loc(p);
	if (st_failed(st_parser_type(p, type)))
		return ST_FAIL;
	if (st_type_get_kind(*type) != ST_TYPE_MEMREF)
		return st_parser_error_at(p, loc, "expected a memref type");
	if (st_failed(st_parser_resolve_operand(p, memref, *type, &m)) || st_failed(st_parse_state_add_operand(s, m)) ||
	    st_failed(st__affine_ids_add_operands(p, s, ids)))
		return ST_FAIL;
	return st_parse_state_add_attr(s, "map", st_affine_map_attr(ctx, map));
}

st_status st__affine_parse_load(st_parser *p, st_parse_state *s) {
	st__affine_ids ids;
	st__affine_ids_init(&ids, pctx(p));
	st_operand_ref memref;
	const st_affine_map *map = NULL;
	st_type *t = NULL;
	st_status st = parse_access(p, &memref, &ids, &map);
	if (st_succeeded(st))
		st = finish_access(p, s, &memref, &ids, map, &t);
	if (st_succeeded(st))
		st = st_parse_state_add_result_type(s, st_type_element(t));
	st__affine_ids_free(&ids);
	return st;
}

st_status st__affine_parse_store(st_parser *p, st_parse_state *s) {
	st__affine_ids ids;
	st__affine_ids_init(&ids, pctx(p));
	st_operand_ref value, memref;
	const st_affine_map *map = NULL;
	st_type *t = NULL;
	st_value *v;
	st_status st = ST_OK;
	if (st_failed(st_parser_operand(p, &value)) || st_failed(st_parser_expect_punct(p, ",")))
		st = ST_FAIL;
	if (st_succeeded(st))
		st = parse_access(p, &memref, &ids, &map);
	if (st_succeeded(st) && (st_failed(st_parser_optional_attr_dict(p, s)) || st_failed(st_parser_expect_punct(p, ":"))))
		st = ST_FAIL;
	st_attr *loc = st_succeeded(st) ? st_parser_loc(p) : NULL;
	if (st_succeeded(st) && st_failed(st_parser_type(p, &t)))
		st = ST_FAIL;
	if (st_succeeded(st) && st_type_get_kind(t) != ST_TYPE_MEMREF)
		st = st_parser_error_at(p, loc, "expected a memref type");
	st_value *m;
	if (st_succeeded(st) &&
	    (st_failed(st_parser_resolve_operand(p, &value, st_type_element(t), &v)) ||
	     st_failed(st_parse_state_add_operand(s, v)) || st_failed(st_parser_resolve_operand(p, &memref, t, &m)) ||
	     st_failed(st_parse_state_add_operand(s, m)) || st_failed(st__affine_ids_add_operands(p, s, &ids))))
		st = ST_FAIL;
	if (st_succeeded(st))
		st = st_parse_state_add_attr(s, "map", st_affine_map_attr(pctx(p), map));
	st__affine_ids_free(&ids);
	return st;
}

static void print_access(st_printer *p, st_op *op) {
	size_t start;
	st_affine_op_map_operands(op, &start);
	const st_affine_map *m = st_affine_op_map(op);
	st_printer_operand(p, st_affine_access_memref(op));
	st_printer_write(p, "[", 1);
	st__affine_print_map_ssa(p, op, m, start, 0, st_affine_map_num_results(m));
	st_printer_write(p, "]", 1);
	static const char *const elided[] = {"map", NULL};
	st_printer_attr_dict(p, op, elided, false);
	st_printer_write(p, " : ", 3);
	st_printer_type(p, st_value_type(st_affine_access_memref(op)));
}

void st__affine_print_load(st_printer *p, st_op *op) {
	st_printer_write(p, " ", 1);
	print_access(p, op);
}

void st__affine_print_store(st_printer *p, st_op *op) {
	st_printer_write(p, " ", 1);
	st_printer_operand(p, st_affine_store_value(op));
	st_printer_write(p, ", ", 2);
	print_access(p, op);
}
