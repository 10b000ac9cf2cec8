/* The custom forms of the scf ops, as mlir-opt prints them: loops with
 * `%iv = %lb to %ub step %s iter_args(%a = %x) -> (types)`, regions whose
 * empty scf.yield is implicit (added when parsing, left out when printing
 * where MLIR leaves it out), scf.while's functional type, scf.parallel's
 * bound tuples, and MLIR 14's scf.reduce (the MLIR 14 form of a parallel
 * reduction, kept as scf.mlir14_reduce). */
#include "scf_internal.h"

/* ------------------------------------------------------------- vectors */

/* Growable arrays that start in a small buffer inside the struct (so the
 * struct must not be copied once used). */
typedef struct refvec {
	st_operand_ref small[8];
	st_operand_ref *v;
	size_t n, cap;
} refvec;

typedef struct typevec {
	st_type *small[8];
	st_type **v;
	size_t n, cap;
} typevec;

static void refvec_init(refvec *r) {
	r->v = r->small;
	r->n = 0;
	r->cap = 8;
}

static void typevec_init(typevec *t) {
	t->v = t->small;
	t->n = 0;
	t->cap = 8;
}

static st_operand_ref *refvec_push(st_context *ctx, refvec *r) {
	if (!st_ctx_grow(ctx, (void **)&r->v, &r->cap, r->small, sizeof *r->v, r->n + 1))
		return NULL;
	memset(&r->v[r->n], 0, sizeof r->v[r->n]);
	return &r->v[r->n++];
}

static bool typevec_push(st_context *ctx, typevec *t, st_type *ty) {
	if (!st_ctx_grow(ctx, (void **)&t->v, &t->cap, t->small, sizeof *t->v, t->n + 1))
		return false;
	t->v[t->n++] = ty;
	return true;
}

static void refvec_free(st_context *ctx, refvec *r) {
	if (r->v != r->small)
		st_ctx_free(ctx, r->v, r->cap * sizeof *r->v);
}

static void typevec_free(st_context *ctx, typevec *t) {
	if (t->v != t->small)
		st_ctx_free(ctx, t->v, t->cap * sizeof *t->v);
}

/* ------------------------------------------------------ parse helpers */

/* `%a, %b, ...` up to `close` (the opening punctuation was read). */
static st_status parse_ref_list(st_parser *p, refvec *out, const char *close) {
	st_context *ctx = st_parser_context(p);
	if (st_parser_optional_punct(p, close))
		return ST_OK;
	do {
		st_operand_ref *r = refvec_push(ctx, out);
		if (!r || st_failed(st_parser_operand(p, r)))
			return ST_FAIL;
	} while (st_parser_optional_punct(p, ","));
	return st_parser_expect_punct(p, close);
}

/* `type, type, ...` until the list ends (no delimiters). */
static st_status parse_type_list(st_parser *p, typevec *out) {
	do {
		st_type *t;
		if (st_failed(st_parser_type(p, &t)) || !typevec_push(st_parser_context(p), out, t))
			return ST_FAIL;
	} while (st_parser_optional_punct(p, ","));
	return ST_OK;
}

/* After `->`: `(t1, t2)`, `()` or a single type (MLIR's function result
 * types). */
static st_status parse_result_types(st_parser *p, typevec *out) {
	if (!st_parser_optional_punct(p, "("))
		return parse_type_list(p, out);
	if (st_parser_optional_punct(p, ")"))
		return ST_OK;
	if (st_failed(parse_type_list(p, out)))
		return ST_FAIL;
	return st_parser_expect_punct(p, ")");
}

/* `(%inner = %outer, ...)`: region arguments and the operands they start
 * from (the `(` is read by the caller). */
static st_status parse_assignments(st_parser *p, refvec *inner, refvec *outer) {
	st_context *ctx = st_parser_context(p);
	if (st_parser_optional_punct(p, ")"))
		return ST_OK;
	do {
		st_operand_ref *a = refvec_push(ctx, inner), *b = a ? refvec_push(ctx, outer) : NULL;
		if (!b || st_failed(st_parser_operand(p, a)) || st_failed(st_parser_expect_punct(p, "=")) ||
		    st_failed(st_parser_operand(p, b)))
			return ST_FAIL;
	} while (st_parser_optional_punct(p, ","));
	return st_parser_expect_punct(p, ")");
}

static st_status add_results(st_parse_state *s, const typevec *types) {
	for (size_t i = 0; i < types->n; i++)
		if (st_failed(st_parse_state_add_result_type(s, types->v[i])))
			return ST_FAIL;
	return ST_OK;
}

/* Resolves refs[i] with types[i] and adds them as operands. */
static st_status add_operands(st_parser *p, st_parse_state *s, const refvec *refs, st_type *const *types) {
	for (size_t i = 0; i < refs->n; i++) {
		st_value *v;
		if (st_failed(st_parser_resolve_operand(p, &refs->v[i], types[i], &v)) ||
		    st_failed(st_parse_state_add_operand(s, v)))
			return ST_FAIL;
	}
	return ST_OK;
}

/* Region arguments named by `refs` with `types` (and one leading argument
 * `first` when given). */
static st_status parse_region_with_args(st_parser *p, st_region *r, const st_operand_ref *first, st_type *first_type,
                                        const refvec *refs, st_type *const *types) {
	st_context *ctx = st_parser_context(p);
	size_t n = refs->n + (first != NULL);
	st_region_arg small[8];
	st_region_arg *args = n <= 8 ? small : st_ctx_alloc(ctx, n * sizeof *args);
	if (!args)
		return ST_FAIL;
	memset(args, 0, n * sizeof *args);
	size_t k = 0;
	if (first) {
		args[k].ref = *first;
		args[k++].type = first_type;
	}
	for (size_t i = 0; i < refs->n; i++, k++) {
		args[k].ref = refs->v[i];
		args[k].type = types[i];
	}
	st_status st = st_parser_region(p, r, n, args);
	if (args != small)
		st_ctx_free(ctx, args, n * sizeof *args);
	return st;
}

static st_status set_segments(st_parse_state *s, size_t n, const int64_t *sizes) {
	st_context *ctx = st_parse_state_context(s);
	return st_parse_state_add_attr(s, "operandSegmentSizes",
	                               st_dense_int_array_attr(ctx, st_integer_type(ctx, 32, ST_SIGNLESS), n, sizes));
}

/* `attributes {...}` or `{...}`, whichever the op prints. */
static st_status parse_attr_dict_with_keyword(st_parser *p, st_parse_state *s) {
	if (st_parser_optional_keyword(p, "attributes") && !st_parser_peek_punct(p, "{"))
		return st_parser_error(p, "expected '{' after 'attributes'");
	return st_parser_optional_attr_dict(p, s);
}

/* ---------------------------------------------------- print helpers */

static void print_types(st_printer *p, st_op *op, size_t start, size_t n, bool results) {
	for (size_t i = 0; i < n; i++) {
		if (i)
			st_printer_write(p, ", ", 2);
		st_printer_type(p, st_value_type(results ? st_op_result(op, start + i) : st_op_operand(op, start + i)));
	}
}

/* MLIR's printOptionalArrowTypeList: ` -> t` or ` -> (t1, t2)`. */
static void print_arrow_results(st_printer *p, st_op *op) {
	size_t n = st_op_num_results(op);
	if (!n)
		return;
	st_printer_write(p, " -> ", 4);
	bool paren = n > 1 || st_type_get_kind(st_value_type(st_op_result(op, 0))) == ST_TYPE_FUNCTION;
	if (paren)
		st_printer_write(p, "(", 1);
	print_types(p, op, 0, n, true);
	if (paren)
		st_printer_write(p, ")", 1);
}

/* `(%inner = %outer, ...)` after `prefix`. */
static void print_assignments(st_printer *p, const char *prefix, st_block *b, size_t first_arg, st_op *op,
                              size_t start, size_t n) {
	if (!n)
		return;
	st_printer_puts(p, prefix);
	st_printer_write(p, "(", 1);
	for (size_t i = 0; i < n; i++) {
		if (i)
			st_printer_write(p, ", ", 2);
		st_printer_operand(p, st_block_arg(b, first_arg + i));
		st_printer_write(p, " = ", 3);
		st_printer_operand(p, st_op_operand(op, start + i));
	}
	st_printer_write(p, ")", 1);
}

/* Whether the only block of `r` ends in a terminator without operands,
 * attributes or results: what SingleBlockImplicitTerminator prints
 * implicitly. */
static bool implicit_terminator(st_region *r) {
	st_block *b = st_region_first_block(r);
	st_op *t = b ? st_block_last_op(b) : NULL;
	return !t || (st_op_num_operands(t) == 0 && st_op_num_results(t) == 0 && st_attr_dict_size(st_op_attrs(t)) == 0 &&
	              st_op_num_regions(t) == 0);
}

/* ------------------------------------------------------------ scf.for */

st_status st__scf_parse_for(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_operand_ref iv, lb, ub, step;
	refvec inner, outer;
	typevec types;
	refvec_init(&inner);
	refvec_init(&outer);
	typevec_init(&types);
	st_type *ivt = st_index_type(ctx);
	st_status st = ST_OK;
	if (st_parser_optional_keyword(p, "unsigned"))
		st = st_parse_state_add_attr(s, "unsignedCmp", st_unit_attr(ctx));
	if (st_succeeded(st) &&
	    (st_failed(st_parser_operand(p, &iv)) || st_failed(st_parser_expect_punct(p, "=")) ||
	     st_failed(st_parser_operand(p, &lb)) || st_failed(st_parser_expect_keyword(p, "to")) ||
	     st_failed(st_parser_operand(p, &ub)) || st_failed(st_parser_expect_keyword(p, "step")) ||
	     st_failed(st_parser_operand(p, &step))))
		st = ST_FAIL;
	if (st_succeeded(st) && st_parser_optional_keyword(p, "iter_args")) {
		if (st_failed(st_parser_expect_punct(p, "(")) || st_failed(parse_assignments(p, &inner, &outer)) ||
		    st_failed(st_parser_expect_punct(p, "->")) || st_failed(parse_result_types(p, &types)))
			st = ST_FAIL;
	}
	if (st_succeeded(st) && inner.n != types.n)
		st = st_parser_error_at(p, st_parse_state_loc(s), "mismatch in number of loop-carried values and defined values");
	if (st_succeeded(st) && st_parser_optional_punct(p, ":"))
		st = st_parser_type(p, &ivt);
	st_value *v;
	const st_operand_ref *bounds[3] = {&lb, &ub, &step};
	for (size_t i = 0; st_succeeded(st) && i < 3; i++)
		if (st_failed(st_parser_resolve_operand(p, bounds[i], ivt, &v)) || st_failed(st_parse_state_add_operand(s, v)))
			st = ST_FAIL;
	if (st_succeeded(st))
		st = add_operands(p, s, &outer, types.v);
	if (st_succeeded(st))
		st = add_results(s, &types);
	st_region *body = st_succeeded(st) ? st_parse_state_add_region(s) : NULL;
	if (st_succeeded(st) && (!body || st_failed(parse_region_with_args(p, body, &iv, ivt, &inner, types.v)) ||
	                         st_failed(st_parse_ensure_terminator(s, body, "scf.yield"))))
		st = ST_FAIL;
	if (st_succeeded(st))
		st = st_parser_optional_attr_dict(p, s);
	refvec_free(ctx, &inner);
	refvec_free(ctx, &outer);
	typevec_free(ctx, &types);
	return st;
}

void st__scf_print_for(st_printer *p, st_op *op) {
	st_region *body = st_op_region(op, 0);
	st_block *b = st_region_first_block(body);
	size_t ninit = st_op_num_operands(op) - 3;
	if (st_op_get_attr(op, "unsignedCmp"))
		st_printer_write(p, " unsigned", 9);
	st_printer_write(p, " ", 1);
	st_printer_operand(p, st_block_arg(b, 0));
	st_printer_write(p, " = ", 3);
	st_printer_operand(p, st_op_operand(op, 0));
	st_printer_write(p, " to ", 4);
	st_printer_operand(p, st_op_operand(op, 1));
	st_printer_write(p, " step ", 6);
	st_printer_operand(p, st_op_operand(op, 2));
	print_assignments(p, " iter_args", b, 1, op, 3, ninit);
	if (ninit) {
		st_printer_write(p, " -> (", 5);
		print_types(p, op, 3, ninit, false);
		st_printer_write(p, ")", 1);
	}
	st_printer_write(p, " ", 1);
	/* MLIR writes ` : type ` after the space already written. */
	st_type *ivt = st_value_type(st_block_arg(b, 0));
	if (!st_type_is_index(ivt)) {
		st_printer_write(p, " : ", 3);
		st_printer_type(p, ivt);
		st_printer_write(p, " ", 1);
	}
	st_printer_region(p, body, false, ninit != 0);
	static const char *const elided[] = {"unsignedCmp", NULL};
	st_printer_attr_dict(p, op, elided, false);
}

/* ------------------------------------------------------------- scf.if */

st_status st__scf_parse_if(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_operand_ref cond;
	st_value *v;
	typevec types;
	typevec_init(&types);
	st_status st = ST_OK;
	if (st_failed(st_parser_operand(p, &cond)) ||
	    st_failed(st_parser_resolve_operand(p, &cond, st_integer_type(ctx, 1, ST_SIGNLESS), &v)) ||
	    st_failed(st_parse_state_add_operand(s, v)))
		st = ST_FAIL;
	if (st_succeeded(st) && st_parser_optional_punct(p, "->"))
		st = parse_result_types(p, &types);
	if (st_succeeded(st))
		st = add_results(s, &types);
	typevec_free(ctx, &types);
	st_region *then_r = st_succeeded(st) ? st_parse_state_add_region(s) : NULL;
	st_region *else_r = then_r ? st_parse_state_add_region(s) : NULL;
	if (!else_r || st_failed(st_parser_region(p, then_r, 0, NULL)) ||
	    st_failed(st_parse_ensure_terminator(s, then_r, "scf.yield")))
		return ST_FAIL;
	if (st_parser_optional_keyword(p, "else") &&
	    (st_failed(st_parser_region(p, else_r, 0, NULL)) || st_failed(st_parse_ensure_terminator(s, else_r, "scf.yield"))))
		return ST_FAIL;
	return st_parser_optional_attr_dict(p, s);
}

void st__scf_print_if(st_printer *p, st_op *op) {
	bool terms = st_op_num_results(op) != 0;
	st_printer_write(p, " ", 1);
	st_printer_operand(p, st_op_operand(op, 0));
	if (terms) {
		st_printer_write(p, " -> (", 5);
		print_types(p, op, 0, st_op_num_results(op), true);
		st_printer_write(p, ")", 1);
	}
	st_printer_write(p, " ", 1);
	st_printer_region(p, st_op_region(op, 0), false, terms);
	if (!st_region_is_empty(st_op_region(op, 1))) {
		st_printer_write(p, " else ", 6);
		st_printer_region(p, st_op_region(op, 1), false, terms);
	}
	st_printer_attr_dict(p, op, NULL, false);
}

/* ---------------------------------------------------------- scf.while */

st_status st__scf_parse_while(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	refvec inner, outer;
	refvec_init(&inner);
	refvec_init(&outer);
	st_status st = ST_OK;
	if (st_parser_optional_punct(p, "("))
		st = parse_assignments(p, &inner, &outer);
	st_type *ft = NULL;
	st_attr *type_loc = NULL;
	if (st_succeeded(st) && st_succeeded(st = st_parser_expect_punct(p, ":"))) {
		type_loc = st_parser_loc(p);
		st = st_parser_type(p, &ft);
	}
	if (st_succeeded(st) && st_type_get_kind(ft) != ST_TYPE_FUNCTION)
		st = st_parser_error_at(p, type_loc, "invalid kind of type specified: expected a function type");
	if (st_succeeded(st) && st_type_num_inputs(ft) != outer.n)
		st = st_parser_error_at(p, type_loc, "expected as many input types as operands (expected %zu got %zu)", outer.n,
		                        st_type_num_inputs(ft));
	st_type *small[8];
	st_type **ins = small;
	size_t nin = st_succeeded(st) ? st_type_num_inputs(ft) : 0;
	if (nin > 8 && !(ins = st_ctx_alloc(ctx, nin * sizeof *ins)))
		st = ST_FAIL;
	for (size_t i = 0; st_succeeded(st) && i < nin; i++)
		ins[i] = st_type_input(ft, i);
	for (size_t i = 0; st_succeeded(st) && i < st_type_num_results(ft); i++)
		st = st_parse_state_add_result_type(s, st_type_result(ft, i));
	if (st_succeeded(st))
		st = add_operands(p, s, &outer, ins);
	st_region *before = st_succeeded(st) ? st_parse_state_add_region(s) : NULL;
	st_region *after = before ? st_parse_state_add_region(s) : NULL;
	if (st_succeeded(st) &&
	    (!after || st_failed(parse_region_with_args(p, before, NULL, NULL, &inner, ins)) ||
	     st_failed(st_parser_expect_keyword(p, "do")) || st_failed(st_parser_region(p, after, 0, NULL))))
		st = ST_FAIL;
	if (st_succeeded(st))
		st = parse_attr_dict_with_keyword(p, s);
	if (ins != small)
		st_ctx_free(ctx, ins, nin * sizeof *ins);
	refvec_free(ctx, &inner);
	refvec_free(ctx, &outer);
	return st;
}

void st__scf_print_while(st_printer *p, st_op *op) {
	st_context *ctx = st_printer_context(p);
	st_region *before = st_op_region(op, 0);
	st_block *b = st_region_first_block(before);
	size_t n = st_op_num_operands(op), nr = st_op_num_results(op);
	if (b && st_block_num_args(b) == n)
		print_assignments(p, " ", b, 0, op, 0, n);
	st_printer_write(p, " : ", 3);
	st_type *small[16];
	st_type **tys = n + nr <= 16 ? small : st_ctx_alloc(ctx, (n + nr) * sizeof *tys);
	st_type *ft = NULL;
	if (tys) {
		for (size_t i = 0; i < n; i++)
			tys[i] = st_value_type(st_op_operand(op, i));
		for (size_t i = 0; i < nr; i++)
			tys[n + i] = st_value_type(st_op_result(op, i));
		ft = st_function_type(ctx, n, tys, nr, tys + n);
		if (tys != small)
			st_ctx_free(ctx, tys, (n + nr) * sizeof *tys);
	}
	if (ft)
		st_printer_type(p, ft);
	st_printer_write(p, " ", 1);
	st_printer_region(p, before, false, true);
	st_printer_write(p, " do ", 4);
	st_printer_region(p, st_op_region(op, 1), true, true);
	st_printer_attr_dict(p, op, NULL, true);
}

/* -------------------------------------------------- scf.execute_region */

st_status st__scf_parse_execute_region(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	typevec types;
	typevec_init(&types);
	st_status st = ST_OK;
	if (st_parser_optional_punct(p, "->"))
		st = parse_result_types(p, &types);
	if (st_succeeded(st))
		st = add_results(s, &types);
	typevec_free(ctx, &types);
	if (st_succeeded(st) && st_parser_optional_keyword(p, "no_inline"))
		st = st_parse_state_add_attr(s, "no_inline", st_unit_attr(ctx));
	st_region *r = st_succeeded(st) ? st_parse_state_add_region(s) : NULL;
	if (!r || st_failed(st_parser_region(p, r, 0, NULL)))
		return ST_FAIL;
	return st_parser_optional_attr_dict(p, s);
}

void st__scf_print_execute_region(st_printer *p, st_op *op) {
	print_arrow_results(p, op);
	st_printer_write(p, " ", 1);
	if (st_op_get_attr(op, "no_inline"))
		st_printer_write(p, "no_inline ", 10);
	st_printer_region(p, st_op_region(op, 0), false, true);
	static const char *const elided[] = {"no_inline", NULL};
	st_printer_attr_dict(p, op, elided, false);
}

/* -------------------------------------------------------- scf.parallel */

/* `(%a, %b)` after `keyword`, with exactly `want` operands, resolved as
 * index and added. */
static st_status parse_index_tuple(st_parser *p, st_parse_state *s, const char *keyword, size_t want) {
	st_context *ctx = st_parser_context(p);
	refvec refs;
	refvec_init(&refs);
	st_status st = ST_OK;
	if (keyword)
		st = st_parser_expect_keyword(p, keyword);
	st_attr *loc = st_succeeded(st) ? st_parser_loc(p) : NULL;
	if (st_succeeded(st) && st_succeeded(st = st_parser_expect_punct(p, "(")))
		st = parse_ref_list(p, &refs, ")");
	if (st_succeeded(st) && refs.n != want)
		st = st_parser_error_at(p, loc, "expected %zu operands", want);
	st_type *idx = st_index_type(ctx);
	for (size_t i = 0; st_succeeded(st) && i < refs.n; i++) {
		st_value *v;
		if (st_failed(st_parser_resolve_operand(p, &refs.v[i], idx, &v)) || st_failed(st_parse_state_add_operand(s, v)))
			st = ST_FAIL;
	}
	refvec_free(ctx, &refs);
	return st;
}

st_status st__scf_parse_parallel(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	refvec ivs, inits;
	typevec types;
	refvec_init(&ivs);
	refvec_init(&inits);
	typevec_init(&types);
	st_status st = st_parser_expect_punct(p, "(");
	if (st_succeeded(st))
		st = parse_ref_list(p, &ivs, ")");
	size_t n = ivs.n;
	if (st_succeeded(st))
		st = st_parser_expect_punct(p, "=");
	if (st_succeeded(st))
		st = parse_index_tuple(p, s, NULL, n);
	if (st_succeeded(st))
		st = parse_index_tuple(p, s, "to", n);
	if (st_succeeded(st))
		st = parse_index_tuple(p, s, "step", n);
	if (st_succeeded(st) && st_parser_optional_keyword(p, "init")) {
		if (st_succeeded(st = st_parser_expect_punct(p, "(")))
			st = parse_ref_list(p, &inits, ")");
	}
	if (st_succeeded(st) && st_parser_optional_punct(p, "->"))
		st = parse_result_types(p, &types);
	if (st_succeeded(st))
		st = add_results(s, &types);
	st_region *body = st_succeeded(st) ? st_parse_state_add_region(s) : NULL;
	if (st_succeeded(st)) {
		st_type *idx = st_index_type(ctx);
		st_region_arg small[8];
		st_region_arg *args = n <= 8 ? small : st_ctx_alloc(ctx, n * sizeof *args);
		if (!body || !args)
			st = ST_FAIL;
		for (size_t i = 0; st_succeeded(st) && i < n; i++) {
			memset(&args[i], 0, sizeof args[i]);
			args[i].ref = ivs.v[i];
			args[i].type = idx;
		}
		if (st_succeeded(st))
			st = st_parser_region(p, body, n, args);
		if (args && args != small)
			st_ctx_free(ctx, args, n * sizeof *args);
	}
	if (st_succeeded(st))
		st = st_parser_optional_attr_dict(p, s);
	if (st_succeeded(st) && inits.n != types.n)
		st = st_parser_error_at(p, st_parse_state_loc(s), "%zu operands present, but expected %zu", inits.n, types.n);
	if (st_succeeded(st))
		st = add_operands(p, s, &inits, types.v);
	if (st_succeeded(st)) {
		int64_t seg[4] = {(int64_t)n, (int64_t)n, (int64_t)n, (int64_t)inits.n};
		st = set_segments(s, 4, seg);
	}
	/* MLIR 14's body ends in scf.yield after its scf.reduce ops; the
	 * current one in scf.reduce. */
	if (st_succeeded(st))
		st = st_parse_ensure_terminator(s, body, st_parser_mlir14(p) ? "scf.yield" : "scf.reduce");
	refvec_free(ctx, &ivs);
	refvec_free(ctx, &inits);
	typevec_free(ctx, &types);
	return st;
}

/* `(%a, %b)` of n operands from `start`. */
static void print_tuple(st_printer *p, st_op *op, size_t start, size_t n) {
	st_printer_write(p, "(", 1);
	st_printer_operands(p, op, start, n);
	st_printer_write(p, ")", 1);
}

void st__scf_print_parallel(st_printer *p, st_op *op) {
	st_block *b = st_region_first_block(st_op_region(op, 0));
	size_t n = b ? st_block_num_args(b) : 0;
	size_t s[4], c[4];
	for (size_t g = 0; g < 4; g++)
		if (st_failed(st_op_operand_group(op, g, &s[g], &c[g])))
			s[g] = c[g] = 0;
	st_printer_write(p, " (", 2);
	for (size_t i = 0; i < n; i++) {
		if (i)
			st_printer_write(p, ", ", 2);
		st_printer_operand(p, st_block_arg(b, i));
	}
	st_printer_write(p, ") = ", 4);
	print_tuple(p, op, s[0], c[0]);
	st_printer_write(p, " to ", 4);
	print_tuple(p, op, s[1], c[1]);
	st_printer_write(p, " step ", 6);
	print_tuple(p, op, s[2], c[2]);
	if (c[3]) {
		st_printer_write(p, " init ", 6);
		print_tuple(p, op, s[3], c[3]);
	}
	print_arrow_results(p, op);
	st_printer_write(p, " ", 1);
	st_printer_region(p, st_op_region(op, 0), false, true);
	static const char *const elided[] = {"operandSegmentSizes", NULL};
	st_printer_attr_dict(p, op, elided, false);
}

/* ---------------------------------------------------------- scf.reduce */

st_status st__scf_parse_reduce(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	refvec refs;
	typevec types;
	refvec_init(&refs);
	typevec_init(&types);
	st_status st = ST_OK;
	if (st_parser_optional_punct(p, "(")) {
		st_operand_ref *r;
		do {
			if (!(r = refvec_push(ctx, &refs)) || st_failed(st_parser_operand(p, r)))
				st = ST_FAIL;
		} while (st_succeeded(st) && st_parser_optional_punct(p, ","));
		st_attr *loc = NULL;
		if (st_succeeded(st) && st_succeeded(st = st_parser_expect_punct(p, ":"))) {
			loc = st_parser_loc(p);
			st = parse_type_list(p, &types);
		}
		if (st_succeeded(st) && types.n != refs.n)
			st = st_parser_error_at(p, loc, "%zu operands present, but expected %zu", refs.n, types.n);
		if (st_succeeded(st))
			st = st_parser_expect_punct(p, ")");
		if (st_succeeded(st))
			st = add_operands(p, s, &refs, types.v);
	}
	if (st_succeeded(st) && st_parser_peek_punct(p, "{")) {
		do {
			st_region *r = st_parse_state_add_region(s);
			if (!r || st_failed(st_parser_region(p, r, 0, NULL)))
				st = ST_FAIL;
		} while (st_succeeded(st) && st_parser_optional_punct(p, ","));
	}
	if (st_succeeded(st))
		st = st_parser_optional_attr_dict(p, s);
	refvec_free(ctx, &refs);
	typevec_free(ctx, &types);
	return st;
}

void st__scf_print_reduce(st_printer *p, st_op *op) {
	size_t n = st_op_num_operands(op);
	if (n) {
		st_printer_write(p, "(", 1);
		st_printer_operands(p, op, 0, n);
		st_printer_write(p, " : ", 3);
		print_types(p, op, 0, n, false);
		st_printer_write(p, ")", 1);
	}
	for (size_t i = 0; i < st_op_num_regions(op); i++) {
		st_printer_write(p, i ? ", " : " ", i ? 2 : 1);
		st_printer_region(p, st_op_region(op, i), true, true);
	}
	st_printer_attr_dict(p, op, NULL, false);
}

/* MLIR 14: `scf.reduce(%x)  : f32 { ... }` (two spaces, as it printed). */
st_status st__scf_parse_reduce14(st_parser *p, st_parse_state *s) {
	st_operand_ref ref;
	st_type *t;
	st_value *v;
	st_region *r;
	if (st_failed(st_parser_expect_punct(p, "(")) || st_failed(st_parser_operand(p, &ref)) ||
	    st_failed(st_parser_expect_punct(p, ")")) || st_failed(st_parser_expect_punct(p, ":")) ||
	    st_failed(st_parser_type(p, &t)) || st_failed(st_parser_resolve_operand(p, &ref, t, &v)) ||
	    st_failed(st_parse_state_add_operand(s, v)) || !(r = st_parse_state_add_region(s)) ||
	    st_failed(st_parser_region(p, r, 0, NULL)))
		return ST_FAIL;
	return st_parser_optional_attr_dict(p, s);
}

void st__scf_print_reduce14(st_printer *p, st_op *op) {
	st_printer_write(p, "(", 1);
	st_printer_operand(p, st_op_operand(op, 0));
	st_printer_write(p, ")  : ", 5);
	st_printer_type(p, st_value_type(st_op_operand(op, 0)));
	st_printer_write(p, " ", 1);
	st_printer_region(p, st_op_region(op, 0), true, true);
	st_printer_attr_dict(p, op, NULL, false);
}

/* ---------------------------------------------------- scf.index_switch */

st_status st__scf_parse_index_switch(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_operand_ref ref;
	st_value *v;
	typevec types;
	typevec_init(&types);
	st_status st = ST_OK;
	if (st_failed(st_parser_operand(p, &ref)) ||
	    st_failed(st_parser_resolve_operand(p, &ref, st_index_type(ctx), &v)) ||
	    st_failed(st_parse_state_add_operand(s, v)) || st_failed(st_parser_optional_attr_dict(p, s)))
		st = ST_FAIL;
	if (st_succeeded(st) && st_parser_optional_punct(p, "->"))
		st = parse_type_list(p, &types);
	if (st_succeeded(st))
		st = add_results(s, &types);
	typevec_free(ctx, &types);
	/* The default region comes first among the op's regions but last in
	 * the text. */
	st_region *def = st_succeeded(st) ? st_parse_state_add_region(s) : NULL;
	if (!def)
		return ST_FAIL;
	int64_t small[16];
	int64_t *cases = small;
	size_t n = 0, cap = 16;
	while (st_succeeded(st) && st_parser_optional_keyword(p, "case")) {
		st_region *r;
		if (!st_ctx_grow(ctx, (void **)&cases, &cap, small, sizeof *cases, n + 1) ||
		    st_failed(st_parser_integer(p, &cases[n])) || !(r = st_parse_state_add_region(s)) ||
		    st_failed(st_parser_region(p, r, 0, NULL)) || st_failed(st_parse_ensure_terminator(s, r, "scf.yield")))
			st = ST_FAIL;
		n++;
	}
	if (st_succeeded(st)) {
		st_attr *a = st_dense_int_array_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), n, cases);
		st = a ? st_parse_state_add_attr(s, "cases", a) : ST_FAIL;
	}
	if (cases != small)
		st_ctx_free(ctx, cases, cap * sizeof *cases);
	if (st_succeeded(st) &&
	    (st_failed(st_parser_expect_keyword(p, "default")) || st_failed(st_parser_region(p, def, 0, NULL)) ||
	     st_failed(st_parse_ensure_terminator(s, def, "scf.yield"))))
		st = ST_FAIL;
	return st;
}

void st__scf_print_index_switch(st_printer *p, st_op *op) {
	st_printer_write(p, " ", 1);
	st_printer_operand(p, st_op_operand(op, 0));
	static const char *const elided[] = {"cases", NULL};
	st_printer_attr_dict(p, op, elided, false);
	if (st_op_num_results(op)) {
		st_printer_write(p, " -> ", 4);
		print_types(p, op, 0, st_op_num_results(op), true);
	}
	st_printer_write(p, " ", 1);
	st_attr *cases = st_op_get_attr(op, "cases");
	for (size_t i = 1; i < st_op_num_regions(op); i++) {
		st_printer_newline(p, 0);
		st_printer_write(p, "case ", 5);
		if (cases && st_attr_get_kind(cases) == ST_ATTR_DENSE_ARRAY && i - 1 < st_attr_dense_array_size(cases))
			st_printer_printf(p, "%lld", (long long)st_attr_dense_array_int(cases, i - 1));
		st_printer_write(p, " ", 1);
		st_printer_region(p, st_op_region(op, i), false, true);
	}
	st_printer_newline(p, 0);
	st_printer_write(p, "default ", 8);
	st_region *def = st_op_region(op, 0);
	st_printer_region(p, def, true, !implicit_terminator(def));
}
