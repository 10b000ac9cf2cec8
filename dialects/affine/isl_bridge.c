/* Conversions between Strata's affine expressions, maps and integer sets
 * and isl's affine objects.  Everything that walks a Strata expression or
 * reads an isl_aff apart lives here, so that the nest model, the dependence
 * analysis and the code generator never see either representation's
 * internals.
 */
#include "strata/affine_isl.h"
#include "strata/limit.h"

#include <isl/constraint.h>
#include <isl/local_space.h>
#include <isl/options.h>
#include <isl/space.h>
#include <isl/val.h>

#include <stdio.h>
#include <stdlib.h>

/* A bound at all is what matters, so that a hostile input fails with a
 * diagnostic instead of hanging the compiler inside isl; the default leaves
 * every nest of the test suites and examples far below it (docs/
 * reliability.md, "Limits"). */
const st_limit_def st_isl_operations_limit = {
	.name = "isl-operations",
	.summary = "isl operations (simplex pivots) of one polyhedral analysis of a loop nest",
	.value = 200000,
};

isl_ctx *st_isl_ctx_create(st_context *sctx) {
	isl_ctx *ctx = isl_ctx_alloc();
	if (!ctx)
		return NULL;
	isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
	isl_ctx_set_max_operations(ctx, (unsigned long)st_context_limit(sctx, &st_isl_operations_limit));
	return ctx;
}

bool st_isl_report_exhausted(isl_ctx *ictx, st_op *op, st_severity sev, const char *what) {
	if (!ictx || !st_isl_ctx_exhausted(ictx))
		return false;
	char hint[160];
	st_diag *d = st_op_diag(op, sev, "%s: the polyhedral analysis stopped at its operation bound %s", what,
	                        st_limit_hint(st_op_context(op), &st_isl_operations_limit, hint, sizeof hint));
	st_diag_emit(d);
	return true;
}

bool st_isl_ctx_exhausted(isl_ctx *ctx) { return isl_ctx_last_error(ctx) == isl_error_quota; }

bool st_isl_val_to_i64(isl_val *v, int64_t *out) {
	if (!v || isl_val_is_int(v) != isl_bool_true)
		return false;
	long n = isl_val_get_num_si(v);
	/* get_num_si truncates silently: check it round-trips. */
	isl_val *back = isl_val_int_from_si(isl_val_get_ctx(v), n);
	bool ok = isl_val_eq(back, v) == isl_bool_true;
	isl_val_free(back);
	if (ok)
		*out = (int64_t)n;
	return ok;
}

/* ---------------------------------------------------------- to isl */

static isl_aff *fail(const char **why, const char *msg) {
	if (why)
		*why = msg;
	return NULL;
}

/* The constant value of a constant aff, as a positive divisor. */
static isl_val *positive_divisor(isl_aff *rhs, const char **why) {
	if (isl_aff_is_cst(rhs) != isl_bool_true) {
		if (why)
			*why = "a division or modulo by a symbolic value is not affine in isl";
		return NULL;
	}
	isl_val *c = isl_aff_get_constant_val(rhs);
	if (!c || isl_val_is_int(c) != isl_bool_true || isl_val_is_pos(c) != isl_bool_true) {
		isl_val_free(c);
		if (why)
			*why = "a division or modulo by a constant < 1 has no isl counterpart";
		return NULL;
	}
	return c;
}

isl_aff *st_isl_aff_from_expr(const st_affine_expr *e, isl_local_space *ls, isl_aff *const *dims,
                               isl_aff *const *syms, const char **why) {
	switch (st_affine_expr_kind(e)) {
	case ST_AFFINE_CONST: {
		isl_val *v = isl_val_int_from_si(isl_local_space_get_ctx(ls), st_affine_expr_value(e));
		return isl_aff_val_on_domain(isl_local_space_copy(ls), v);
	}
	case ST_AFFINE_DIM:
		return isl_aff_copy(dims[st_affine_expr_position(e)]);
	case ST_AFFINE_SYMBOL:
		return isl_aff_copy(syms[st_affine_expr_position(e)]);
	default:
		break;
	}
	isl_aff *l = st_isl_aff_from_expr(st_affine_expr_lhs(e), ls, dims, syms, why);
	if (!l)
		return NULL;
	isl_aff *r = st_isl_aff_from_expr(st_affine_expr_rhs(e), ls, dims, syms, why);
	if (!r) {
		isl_aff_free(l);
		return NULL;
	}
	switch (st_affine_expr_kind(e)) {
	case ST_AFFINE_ADD:
		return isl_aff_add(l, r);
	case ST_AFFINE_MUL:
		if (isl_aff_is_cst(l) != isl_bool_true && isl_aff_is_cst(r) != isl_bool_true) {
			isl_aff_free(l);
			isl_aff_free(r);
			return fail(why, "a product of two non-constant values is not affine in isl");
		}
		return isl_aff_mul(l, r);
	default: {
		isl_val *c = positive_divisor(r, why);
		isl_aff_free(r);
		if (!c) {
			isl_aff_free(l);
			return NULL;
		}
		if (st_affine_expr_kind(e) == ST_AFFINE_MOD)
			return isl_aff_mod_val(l, c);
		l = isl_aff_scale_down_val(l, c);
		return st_affine_expr_kind(e) == ST_AFFINE_FLOORDIV ? isl_aff_floor(l) : isl_aff_ceil(l);
	}
	}
}

isl_space *st_isl_space_for(isl_ctx *ctx, unsigned ndims, unsigned nsyms) {
	isl_space *sp = isl_space_set_alloc(ctx, nsyms, ndims);
	char name[24];
	for (unsigned i = 0; i < nsyms; i++) {
		snprintf(name, sizeof name, "s%u", i);
		sp = isl_space_set_dim_name(sp, isl_dim_param, i, name);
	}
	for (unsigned i = 0; i < ndims; i++) {
		snprintf(name, sizeof name, "d%u", i);
		sp = isl_space_set_dim_name(sp, isl_dim_set, i, name);
	}
	return sp;
}

/* One aff per dim and symbol of a space. */
typedef struct var_affs {
	isl_local_space *ls;
	isl_aff **dims, **syms;
	unsigned ndims, nsyms;
} var_affs;

static bool var_affs_make(isl_space *sp, var_affs *v) {
	isl_ctx *ctx = isl_space_get_ctx(sp);
	v->ndims = (unsigned)isl_space_dim(sp, isl_dim_set);
	v->nsyms = (unsigned)isl_space_dim(sp, isl_dim_param);
	v->dims = isl_calloc_array(ctx, isl_aff *, v->ndims + 1);
	v->syms = isl_calloc_array(ctx, isl_aff *, v->nsyms + 1);
	v->ls = isl_local_space_from_space(isl_space_copy(sp));
	if (!v->dims || !v->syms || !v->ls)
		return false;
	for (unsigned i = 0; i < v->ndims; i++)
		v->dims[i] = isl_aff_var_on_domain(isl_local_space_copy(v->ls), isl_dim_set, i);
	for (unsigned i = 0; i < v->nsyms; i++)
		v->syms[i] = isl_aff_var_on_domain(isl_local_space_copy(v->ls), isl_dim_param, i);
	return true;
}

static void var_affs_free(var_affs *v) {
	for (unsigned i = 0; v->dims && i < v->ndims; i++)
		isl_aff_free(v->dims[i]);
	for (unsigned i = 0; v->syms && i < v->nsyms; i++)
		isl_aff_free(v->syms[i]);
	isl_local_space_free(v->ls);
	free(v->dims);
	free(v->syms);
}

isl_multi_aff *st_isl_multi_aff_from_map(isl_ctx *ctx, const st_affine_map *m, const char **why) {
	unsigned nd = st_affine_map_num_dims(m), ns = st_affine_map_num_symbols(m);
	size_t nr = st_affine_map_num_results(m);
	isl_space *dom = st_isl_space_for(ctx, nd, ns);
	var_affs v = {0};
	isl_multi_aff *ma = NULL;
	if (!var_affs_make(dom, &v))
		goto out;
	isl_space *range = isl_space_set_from_params(isl_space_params(isl_space_copy(dom)));
	range = isl_space_add_dims(range, isl_dim_set, (unsigned)nr);
	isl_space *sp = isl_space_map_from_domain_and_range(isl_space_copy(dom), range);
	isl_aff_list *list = isl_aff_list_alloc(ctx, (int)nr);
	for (size_t i = 0; i < nr; i++) {
		isl_aff *a = st_isl_aff_from_expr(st_affine_map_result(m, i), v.ls, v.dims, v.syms, why);
		if (!a) {
			isl_aff_list_free(list);
			isl_space_free(sp);
			goto out;
		}
		list = isl_aff_list_add(list, a);
	}
	ma = isl_multi_aff_from_aff_list(sp, list);
out:
	var_affs_free(&v);
	isl_space_free(dom);
	return ma;
}

isl_set *st_isl_set_from_integer_set(isl_ctx *ctx, const st_integer_set *s, const char **why) {
	unsigned nd = st_integer_set_num_dims(s), ns = st_integer_set_num_symbols(s);
	isl_space *dom = st_isl_space_for(ctx, nd, ns);
	var_affs v = {0};
	isl_set *set = NULL;
	if (!var_affs_make(dom, &v))
		goto out;
	set = isl_set_universe(isl_space_copy(dom));
	for (size_t i = 0; i < st_integer_set_num_constraints(s); i++) {
		isl_aff *a = st_isl_aff_from_expr(st_integer_set_constraint(s, i), v.ls, v.dims, v.syms, why);
		if (!a) {
			set = isl_set_free(set);
			goto out;
		}
		isl_basic_set *c;
		if (st_integer_set_is_eq(s, i))
			c = isl_aff_zero_basic_set(a);
		else
			c = isl_aff_ge_basic_set(a, isl_aff_zero_on_domain(isl_local_space_from_space(isl_aff_get_domain_space(a))));
		set = isl_set_intersect(set, isl_set_from_basic_set(c));
	}
out:
	var_affs_free(&v);
	isl_space_free(dom);
	return set;
}

/* -------------------------------------------------------- from isl */

static st_affine_expr *term(st_context *ctx, st_affine_expr *sum, isl_val *coef, st_affine_expr *var) {
	int64_t c;
	bool ok = st_isl_val_to_i64(coef, &c);
	isl_val_free(coef);
	if (!ok || !sum || !var)
		return NULL;
	if (c == 0)
		return sum;
	return st_affine_add(ctx, sum, st_affine_mul(ctx, var, st_affine_const(ctx, c)));
}

static st_affine_expr *div_to_expr(st_context *ctx, isl_aff *div);

/* The numerator of `aff` (every coefficient times its denominator), so
 * that aff = numerator / den. */
static st_affine_expr *numerator(st_context *ctx, isl_aff *aff, isl_val *den) {
	isl_size nin = isl_aff_dim(aff, isl_dim_in), npar = isl_aff_dim(aff, isl_dim_param);
	isl_size ndiv = isl_aff_dim(aff, isl_dim_div);
	if (nin < 0 || npar < 0 || ndiv < 0)
		return NULL;
	int64_t c0;
	isl_val *cst = isl_val_mul(isl_aff_get_constant_val(aff), isl_val_copy(den));
	bool ok = st_isl_val_to_i64(cst, &c0);
	isl_val_free(cst);
	if (!ok)
		return NULL;
	st_affine_expr *sum = st_affine_const(ctx, 0);
	for (isl_size i = 0; i < nin && sum; i++)
		sum = term(ctx, sum, isl_val_mul(isl_aff_get_coefficient_val(aff, isl_dim_in, i), isl_val_copy(den)),
		           st_affine_dim(ctx, (unsigned)i));
	for (isl_size i = 0; i < npar && sum; i++)
		sum = term(ctx, sum, isl_val_mul(isl_aff_get_coefficient_val(aff, isl_dim_param, i), isl_val_copy(den)),
		           st_affine_symbol(ctx, (unsigned)i));
	for (isl_size i = 0; i < ndiv && sum; i++) {
		isl_val *c = isl_val_mul(isl_aff_get_coefficient_val(aff, isl_dim_div, i), isl_val_copy(den));
		if (isl_val_is_zero(c) == isl_bool_true) {
			isl_val_free(c);
			continue;
		}
		isl_aff *div = isl_aff_get_div(aff, i);
		sum = term(ctx, sum, c, div_to_expr(ctx, div));
		isl_aff_free(div);
	}
	return sum ? st_affine_add(ctx, sum, st_affine_const(ctx, c0)) : NULL;
}

/* isl_aff_get_div gives the quotient's argument, e / d: the division is
 * floor(e / d). */
static st_affine_expr *div_to_expr(st_context *ctx, isl_aff *div) {
	if (!div || isl_aff_is_nan(div) != isl_bool_false)
		return NULL; /* a division without an explicit definition */
	isl_val *den = isl_aff_get_denominator_val(div);
	int64_t d;
	st_affine_expr *e = NULL;
	if (st_isl_val_to_i64(den, &d))
		e = st_affine_floordiv(ctx, numerator(ctx, div, den), st_affine_const(ctx, d));
	isl_val_free(den);
	return e;
}

st_affine_expr *st_isl_aff_to_expr(st_context *ctx, isl_aff *aff) {
	if (!aff || isl_aff_is_nan(aff) != isl_bool_false)
		return NULL;
	isl_val *den = isl_aff_get_denominator_val(aff);
	st_affine_expr *e = NULL;
	if (den && isl_val_is_one(den) == isl_bool_true)
		e = numerator(ctx, aff, den);
	isl_val_free(den);
	return e;
}

const st_affine_map *st_isl_multi_aff_to_map(st_context *ctx, isl_multi_aff *ma) {
	isl_size nin = isl_multi_aff_dim(ma, isl_dim_in), npar = isl_multi_aff_dim(ma, isl_dim_param);
	isl_size nout = isl_multi_aff_dim(ma, isl_dim_out);
	if (nin < 0 || npar < 0 || nout < 0)
		return NULL;
	st_affine_expr *small[8], **res = small;
	if (nout > 8 && !(res = st_ctx_alloc(ctx, sizeof *res * (size_t)nout)))
		return NULL;
	const st_affine_map *m = NULL;
	isl_size i = 0;
	for (; i < nout; i++) {
		isl_aff *a = isl_multi_aff_get_aff(ma, i);
		res[i] = st_isl_aff_to_expr(ctx, a);
		isl_aff_free(a);
		if (!res[i])
			break;
	}
	if (i == nout)
		m = st_affine_map_get(ctx, (unsigned)nin, (unsigned)npar, (size_t)nout, res);
	if (res != small)
		st_ctx_free(ctx, res, sizeof *res * (size_t)nout);
	return m;
}

/* Collects the constraints of the one basic set of a coalesced set. */
typedef struct set_builder {
	st_context *ctx;
	st_affine_expr **exprs;
	bool *eq;
	size_t n, cap;
	bool failed;
} set_builder;

static isl_stat add_constraint(isl_constraint *c, void *ud) {
	set_builder *b = ud;
	isl_aff *a = isl_constraint_get_aff(c);
	bool eq = isl_constraint_is_equality(c) == isl_bool_true;
	isl_constraint_free(c);
	st_affine_expr *e = st_isl_aff_to_expr(b->ctx, a);
	isl_aff_free(a);
	if (!e || b->n == b->cap) {
		b->failed = true;
		return isl_stat_error;
	}
	b->exprs[b->n] = e;
	b->eq[b->n++] = eq;
	return isl_stat_ok;
}

const st_integer_set *st_isl_set_to_integer_set(st_context *ctx, isl_set *set) {
	if (!set || isl_set_is_empty(set) != isl_bool_false)
		return NULL;
	isl_set *c = isl_set_coalesce(isl_set_copy(set));
	isl_size nb = isl_set_n_basic_set(c);
	isl_size nd = isl_set_dim(c, isl_dim_set), np = isl_set_dim(c, isl_dim_param);
	const st_integer_set *out = NULL;
	if (nb != 1 || nd < 0 || np < 0) {
		isl_set_free(c);
		return NULL;
	}
	isl_basic_set_list *bl = isl_set_get_basic_set_list(c);
	isl_basic_set *bs = isl_basic_set_list_get_at(bl, 0);
	isl_basic_set_list_free(bl);
	isl_set_free(c);
	isl_size ncons = isl_basic_set_n_constraint(bs);
	if (ncons < 0) {
		isl_basic_set_free(bs);
		return NULL;
	}
	set_builder b = {.ctx = ctx, .cap = (size_t)ncons};
	if (ncons > 0) {
		b.exprs = st_ctx_alloc(ctx, sizeof *b.exprs * b.cap);
		b.eq = st_ctx_alloc(ctx, sizeof *b.eq * b.cap);
	}
	if (ncons == 0 || (b.exprs && b.eq)) {
		isl_basic_set_foreach_constraint(bs, add_constraint, &b);
		if (!b.failed)
			out = st_integer_set_get(ctx, (unsigned)nd, (unsigned)np, b.n, b.exprs, b.eq);
	}
	if (b.exprs)
		st_ctx_free(ctx, b.exprs, sizeof *b.exprs * b.cap);
	if (b.eq)
		st_ctx_free(ctx, b.eq, sizeof *b.eq * b.cap);
	isl_basic_set_free(bs);
	return out;
}
