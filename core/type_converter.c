/* The type side of dialect conversion: conversion rules tried newest
 * first (their answers cached per type), and the source/target
 * materialisation hooks the conversion driver calls for values whose users
 * still expect the other type. */
#include "rewrite_internal.h"
#include "strata/conversion.h"

typedef struct trule {
	st_type_rule fn;
	void *ud;
} trule;

typedef struct mat {
	st_materialize_fn fn;
	void *ud;
} mat;

struct st_type_converter {
	st_context *ctx;
	trule *rules;
	size_t nrules, rcap;
	mat *mats[2]; /* source, target */
	size_t nmats[2], mcap[2];
	st__ptrmap cache; /* type -> converted type, or 1: cannot convert */
};

st_type_converter *st_type_converter_create(st_context *ctx) {
	st_type_converter *tc = st_ctx_alloc(ctx, sizeof *tc);
	if (!tc)
		return NULL;
	memset(tc, 0, sizeof *tc);
	tc->ctx = ctx;
	st__ptrmap_init(&tc->cache, ctx);
	return tc;
}

void st_type_converter_destroy(st_type_converter *tc) {
	if (!tc)
		return;
	st_ctx_free(tc->ctx, tc->rules, tc->rcap * sizeof *tc->rules);
	for (int k = 0; k < 2; k++)
		st_ctx_free(tc->ctx, tc->mats[k], tc->mcap[k] * sizeof *tc->mats[k]);
	st__ptrmap_free(&tc->cache);
	st_ctx_free(tc->ctx, tc, sizeof *tc);
}

st_status st_type_converter_add_rule(st_type_converter *tc, st_type_rule rule, void *ud) {
	if (!st_ctx_grow(tc->ctx, (void **)&tc->rules, &tc->rcap, NULL, sizeof *tc->rules, tc->nrules + 1))
		return ST_FAIL;
	tc->rules[tc->nrules++] = (trule){rule, ud};
	st__ptrmap_clear(&tc->cache);
	return ST_OK;
}

static st_type *identity(void *ud, st_type *t, bool *fail) {
	(void)ud;
	(void)fail;
	return t;
}

st_status st_type_converter_add_identity(st_type_converter *tc) { return st_type_converter_add_rule(tc, identity, NULL); }

static st_status add_mat(st_type_converter *tc, int k, st_materialize_fn fn, void *ud) {
	if (!st_ctx_grow(tc->ctx, (void **)&tc->mats[k], &tc->mcap[k], NULL, sizeof *tc->mats[k], tc->nmats[k] + 1))
		return ST_FAIL;
	tc->mats[k][tc->nmats[k]++] = (mat){fn, ud};
	return ST_OK;
}

st_status st_type_converter_add_source_materialization(st_type_converter *tc, st_materialize_fn fn, void *ud) {
	return add_mat(tc, 0, fn, ud);
}

st_status st_type_converter_add_target_materialization(st_type_converter *tc, st_materialize_fn fn, void *ud) {
	return add_mat(tc, 1, fn, ud);
}

st_type *st_type_converter_convert(st_type_converter *tc, st_type *t) {
	uintptr_t c;
	if (st__ptrmap_get(&tc->cache, t, &c))
		return c == 1 ? NULL : (st_type *)c;
	st_type *r = NULL;
	for (size_t i = tc->nrules; i-- > 0;) {
		bool fail = false;
		r = tc->rules[i].fn(tc->rules[i].ud, t, &fail);
		if (fail) {
			r = NULL;
			break;
		}
		if (r)
			break;
	}
	st__ptrmap_put(&tc->cache, t, r ? (uintptr_t)r : 1);
	return r;
}

bool st_type_converter_is_legal(st_type_converter *tc, st_type *t) { return st_type_converter_convert(tc, t) == t; }

bool st_type_converter_is_op_legal(st_type_converter *tc, const st_op *op) {
	for (size_t i = 0; i < st_op_num_operands(op); i++)
		if (!st_type_converter_is_legal(tc, st_value_type(st_op_operand(op, i))))
			return false;
	for (size_t i = 0; i < st_op_num_results(op); i++)
		if (!st_type_converter_is_legal(tc, st_value_type(st_op_result(op, i))))
			return false;
	for (size_t r = 0; r < st_op_num_regions(op); r++)
		for (st_block *b = st_region_first_block(st_op_region((st_op *)op, r)); b; b = st_block_next(b))
			for (size_t i = 0; i < st_block_num_args(b); i++)
				if (!st_type_converter_is_legal(tc, st_value_type(st_block_arg(b, i))))
					return false;
	return true;
}

st_value *st__type_converter_materialize(st_type_converter *tc, bool target, st_rewriter *rw, st_type *type,
                                         st_value *input, st_attr *loc) {
	int k = target ? 1 : 0;
	for (size_t i = tc->nmats[k]; i-- > 0;) {
		st_value *v = tc->mats[k][i].fn(tc->mats[k][i].ud, rw, type, input, loc);
		if (v)
			return v;
	}
	return NULL;
}
