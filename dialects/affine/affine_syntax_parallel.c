/* affine.parallel's custom form: `(%i, %j) = (lb, max(a, b)) to (ub, ub2)
 * step (s1, s2) reduce ("addf") -> (f32) { ... }`.  Each bound tuple is
 * one map over SSA ids (dims, and `symbol(%x)`); a `max(...)` / `min(...)`
 * entry contributes several results, counted by the *BoundsGroups
 * attribute (dense<..> : tensor<Nxi32>). */
#include "affine_internal.h"

#include <stdio.h>

/* `(e, max(e, e), ...)` with the opening `(` still to read. */
static st_status parse_bounds(st_parser *p, st_parse_state *s, bool lower, const char *map_name,
                              const char *groups_name, size_t *ndims) {
	st_context *ctx = st_parser_context(p);
	st__affine_ids ids;
	st__affine_ids_init(&ids, ctx);
	st_affine_expr *esmall[8], **exprs = esmall;
	int64_t gsmall[8], *groups = gsmall;
	size_t n = 0, ecap = 8, ng = 0, gcap = 8;
	st_status st = st_parser_expect_punct(p, "(");
	if (st_succeeded(st) && !st_parser_optional_punct(p, ")")) {
		do {
			bool group = st_parser_optional_keyword(p, lower ? "max" : "min");
			size_t before = n;
			if (group && st_failed(st_parser_expect_punct(p, "(")))
				st = ST_FAIL;
			do {
				if (st_failed(st) || !st_ctx_grow(ctx, (void **)&exprs, &ecap, esmall, sizeof *exprs, n + 1) ||
				    st_failed(st_parser_affine_expr(p, st__affine_ids_resolve, &ids, &exprs[n])))
					st = ST_FAIL;
				else
					n++;
			} while (st_succeeded(st) && group && st_parser_optional_punct(p, ","));
			if (st_succeeded(st) && group)
				st = st_parser_expect_punct(p, ")");
			if (st_succeeded(st) && !st_ctx_grow(ctx, (void **)&groups, &gcap, gsmall, sizeof *groups, ng + 1))
				st = ST_FAIL;
			if (st_succeeded(st))
				groups[ng++] = (int64_t)(n - before);
		} while (st_succeeded(st) && st_parser_optional_punct(p, ","));
		if (st_succeeded(st))
			st = st_parser_expect_punct(p, ")");
	}
	if (st_succeeded(st)) {
		const st_affine_map *m = st_affine_map_get(ctx, (unsigned)ids.dims.n, (unsigned)ids.syms.n, n, exprs);
		int64_t shape = (int64_t)ng;
		st_type *t = st_tensor_type(ctx, 1, &shape, st_integer_type(ctx, 32, ST_SIGNLESS), NULL);
		if (st_failed(st_parse_state_add_attr(s, map_name, st_affine_map_attr(ctx, m))) ||
		    st_failed(st_parse_state_add_attr(s, groups_name, st_dense_int_elements_attr(ctx, t, ng, groups))) ||
		    st_failed(st__affine_ids_add_operands(p, s, &ids)))
			st = ST_FAIL;
	}
	*ndims = ng;
	if (exprs != esmall)
		st_ctx_free(ctx, exprs, ecap * sizeof *exprs);
	if (groups != gsmall)
		st_ctx_free(ctx, groups, gcap * sizeof *groups);
	st__affine_ids_free(&ids);
	return st;
}

static st_status parse_reductions(st_parser *p, st_parse_state *s, size_t *n) {
	st_context *ctx = st_parser_context(p);
	st_attr *small[8], **kinds = small;
	size_t cap = 8;
	*n = 0;
	st_status st = st_parser_expect_punct(p, "(");
	const char *const *names = st__affine_reduction_kinds();
	if (st_succeeded(st) && !st_parser_optional_punct(p, ")")) {
		do {
			st_attr *loc = st_parser_loc(p);
			st_str kw;
			if (st_failed(st_parser_string(p, &kw))) {
				st = ST_FAIL;
				break;
			}
			int64_t k = -1;
			for (int64_t i = 0; names[i] && k < 0; i++)
				if (st_str_eq_c(kw, names[i]))
					k = i;
			/* MLIR 14's names of maximumf and minimumf. */
			if (k < 0 && st_str_eq_c(kw, "maxf"))
				k = 3;
			if (k < 0 && st_str_eq_c(kw, "minf"))
				k = 6;
			if (k < 0) {
				st = st_parser_error_at(p, loc, "invalid reduction value: \"%.*s\"", (int)kw.len, kw.data);
				break;
			}
			if (!st_ctx_grow(ctx, (void **)&kinds, &cap, small, sizeof *kinds, *n + 1)) {
				st = ST_FAIL;
				break;
			}
			kinds[(*n)++] = st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), k);
		} while (st_parser_optional_punct(p, ","));
		if (st_succeeded(st))
			st = st_parser_expect_punct(p, ")");
	}
	if (st_succeeded(st))
		st = st_parse_state_add_attr(s, "reductions", st_array_attr(ctx, *n, kinds));
	if (kinds != small)
		st_ctx_free(ctx, kinds, cap * sizeof *kinds);
	return st;
}

st_status st__affine_parse_parallel(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st__affine_refs ivs;
	st__affine_refs_init(&ivs);
	size_t nlb = 0, nub = 0, nred = 0;
	st_attr *loc = st_parse_state_loc(s);
	st_status st = st_parser_expect_punct(p, "(");
	if (st_succeeded(st) && !st_parser_optional_punct(p, ")")) {
		do {
			st_operand_ref *r = st__affine_refs_push(ctx, &ivs);
			if (!r || st_failed(st_parser_operand(p, r)))
				st = ST_FAIL;
		} while (st_succeeded(st) && st_parser_optional_punct(p, ","));
		if (st_succeeded(st))
			st = st_parser_expect_punct(p, ")");
	}
	if (st_succeeded(st))
		st = st_parser_expect_punct(p, "=");
	if (st_succeeded(st))
		st = parse_bounds(p, s, true, "lowerBoundsMap", "lowerBoundsGroups", &nlb);
	if (st_succeeded(st))
		st = st_parser_expect_keyword(p, "to");
	if (st_succeeded(st))
		st = parse_bounds(p, s, false, "upperBoundsMap", "upperBoundsGroups", &nub);
	if (st_succeeded(st) && (nlb != ivs.n || nub != ivs.n))
		st = st_parser_error_at(p, loc, "expected %zu bounds in each bound list, found %zu and %zu", ivs.n, nlb, nub);
	st_attr *ssmall[8], **steps = ssmall;
	size_t scap = 8;
	if (st_succeeded(st) && ivs.n > 8 && !st_ctx_grow(ctx, (void **)&steps, &scap, ssmall, sizeof *steps, ivs.n))
		st = ST_FAIL;
	st_type *i64 = st_integer_type(ctx, 64, ST_SIGNLESS);
	for (size_t i = 0; st_succeeded(st) && i < ivs.n; i++)
		steps[i] = st_integer_attr(ctx, i64, 1);
	if (st_succeeded(st) && st_parser_optional_keyword(p, "step")) {
		st = st_parser_expect_punct(p, "(");
		size_t k = 0;
		do {
			int64_t v;
			st_attr *sloc = st_parser_loc(p);
			if (st_failed(st) || st_failed(st_parser_integer(p, &v)))
				st = ST_FAIL;
			else if (k >= ivs.n)
				st = st_parser_error_at(p, sloc, "expected %zu steps", ivs.n);
			else
				steps[k++] = st_integer_attr(ctx, i64, v);
		} while (st_succeeded(st) && st_parser_optional_punct(p, ","));
		if (st_succeeded(st))
			st = st_parser_expect_punct(p, ")");
		if (st_succeeded(st) && k != ivs.n)
			st = st_parser_error_at(p, loc, "expected %zu steps", ivs.n);
	}
	if (st_succeeded(st))
		st = st_parse_state_add_attr(s, "steps", st_array_attr(ctx, ivs.n, steps));
	if (steps != ssmall)
		st_ctx_free(ctx, steps, scap * sizeof *steps);
	if (st_succeeded(st) && st_parser_optional_keyword(p, "reduce"))
		st = parse_reductions(p, s, &nred);
	else if (st_succeeded(st))
		st = st_parse_state_add_attr(s, "reductions", st_array_attr(ctx, 0, NULL));
	if (st_succeeded(st) && st_parser_optional_punct(p, "->")) {
		st = st_parser_expect_punct(p, "(");
		if (st_succeeded(st) && !st_parser_optional_punct(p, ")")) {
			do {
				st_type *t;
				if (st_failed(st_parser_type(p, &t)) || st_failed(st_parse_state_add_result_type(s, t)))
					st = ST_FAIL;
			} while (st_succeeded(st) && st_parser_optional_punct(p, ","));
			if (st_succeeded(st))
				st = st_parser_expect_punct(p, ")");
		}
	}
	if (st_succeeded(st) && st_parse_state_num_result_types(s) != nred)
		st = st_parser_error_at(p, loc, "result type mismatch");
	st_region *r = st_succeeded(st) ? st_parse_state_add_region(s) : NULL;
	if (st_succeeded(st) && !r)
		st = ST_FAIL;
	if (st_succeeded(st)) {
		st_region_arg small[8], *args = ivs.n <= 8 ? small : st_ctx_alloc(ctx, ivs.n * sizeof *args);
		if (!args)
			st = ST_FAIL;
		else {
			memset(args, 0, ivs.n * sizeof *args);
			for (size_t i = 0; i < ivs.n; i++) {
				args[i].ref = ivs.v[i];
				args[i].type = st_index_type(ctx);
			}
			st = st_parser_region(p, r, ivs.n, args);
			if (args != small)
				st_ctx_free(ctx, args, ivs.n * sizeof *args);
		}
	}
	if (st_succeeded(st))
		st = st__affine_ensure_yield(s, r);
	if (st_succeeded(st))
		st = st_parser_optional_attr_dict(p, s);
	st__affine_refs_free(ctx, &ivs);
	return st;
}

static void print_bounds(st_printer *p, st_op *op, bool lower) {
	const st_affine_map *m = lower ? st_affine_parallel_lb_map(op) : st_affine_parallel_ub_map(op);
	size_t start;
	if (lower)
		st_affine_parallel_lb_operands(op, &start);
	else
		st_affine_parallel_ub_operands(op, &start);
	size_t nd = st_affine_parallel_num_dims(op);
	st_printer_write(p, "(", 1);
	for (size_t d = 0; d < nd; d++) {
		size_t first, n = lower ? st_affine_parallel_lb_group(op, d, &first) : st_affine_parallel_ub_group(op, d, &first);
		if (d)
			st_printer_write(p, ", ", 2);
		if (n != 1)
			st_printer_puts(p, lower ? "max(" : "min(");
		st__affine_print_map_ssa(p, op, m, start, first, n);
		if (n != 1)
			st_printer_write(p, ")", 1);
	}
	st_printer_write(p, ")", 1);
}

void st__affine_print_parallel(st_printer *p, st_op *op) {
	st_block *b = st_region_first_block(st_op_region(op, 0));
	size_t nd = st_affine_parallel_num_dims(op), nres = st_op_num_results(op);
	st_printer_write(p, " (", 2);
	for (size_t i = 0; i < st_block_num_args(b); i++) {
		if (i)
			st_printer_write(p, ", ", 2);
		st_printer_operand(p, st_block_arg(b, i));
	}
	st_printer_write(p, ") = ", 4);
	print_bounds(p, op, true);
	st_printer_write(p, " to ", 4);
	print_bounds(p, op, false);
	bool unit = true;
	for (size_t d = 0; d < nd; d++)
		unit = unit && st_affine_parallel_step(op, d) == 1;
	if (!unit) {
		st_printer_write(p, " step (", 7);
		for (size_t d = 0; d < nd; d++)
			st_printer_printf(p, "%s%lld", d ? ", " : "", (long long)st_affine_parallel_step(op, d));
		st_printer_write(p, ")", 1);
	}
	if (nres) {
		st_printer_write(p, " reduce (", 9);
		for (size_t i = 0; i < nres; i++) {
			const char *k = st_affine_parallel_reduction(op, i);
			st_printer_printf(p, "%s\"%s\"", i ? ", " : "", k ? k : "?");
		}
		st_printer_write(p, ") -> (", 6);
		for (size_t i = 0; i < nres; i++) {
			if (i)
				st_printer_write(p, ", ", 2);
			st_printer_type(p, st_value_type(st_op_result(op, i)));
		}
		st_printer_write(p, ")", 1);
	}
	st_printer_write(p, " ", 1);
	st_printer_region(p, st_op_region(op, 0), false, nres != 0 || !st__affine_implicit_yield(st_op_region(op, 0)));
	static const char *const elided[] = {"reductions", "lowerBoundsMap", "lowerBoundsGroups", "upperBoundsMap",
	                                     "upperBoundsGroups", "steps", NULL};
	st_printer_attr_dict(p, op, elided, false);
}
