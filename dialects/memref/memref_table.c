/* Compile-time tables (strata/memref.h): loop nests that fill an
 * allocation from their loop indices and constants alone (the camera
 * pipeline's tone curve, an FFT's twiddles) run once in the interpreter,
 * in order inside a temporary function writing the allocation, and the contents
 * become a constant memref.global; ub-extract's ROMs and the rda lowering's
 * tables are made so.  The interpreter computes what the reference run of
 * the program computes, so the table holds its bits. */
#include "strata/memref.h"

#include "strata/interp.h"

#include <stdio.h>
#include <string.h>

static st_attr *named_dict(st_context *ctx, size_t n, const char *const *names, st_attr *const *vals) {
	st_named_attr na[4];
	for (size_t i = 0; i < n; i++)
		na[i] = (st_named_attr){st_ident_get_c(ctx, names[i]), vals[i]};
	return st_dict_attr(ctx, n, na);
}

static bool outside_constant(const st_op *def) {
	return def && st_op_has_trait(def, ST_TRAIT_CONSTANT_LIKE) && !st_op_num_operands(def);
}

/* Copies into the temporary function each constant the nest uses from
 * outside it (once: `vm` maps it then). */
typedef struct constants {
	st_block *b;
	st_value_map *vm;
	st_op *nest;
} constants;

static st_walk_result copy_constants(st_op *op, void *ud) {
	constants *k = ud;
	for (size_t i = 0; i < st_op_num_operands(op); i++) {
		st_value *v = st_op_operand(op, i);
		st_op *def = st_value_defining_op(v), *cl;
		if (!outside_constant(def) || st_op_is_ancestor(k->nest, def) || st_value_map_lookup(k->vm, v))
			continue;
		if (!(cl = st_op_clone(def, NULL)))
			return ST_WALK_INTERRUPT;
		st_block_append_op(k->b, cl);
		st_value_map_add(k->vm, v, st_op_result(cl, 0));
	}
	return ST_WALK_ADVANCE;
}

/* func.func @name(%m: memref) { constants for the fixed values and those
 * the nests use; the nests writing %m, in order; return }, inserted before
 * `before`. */
static st_op *init_function(st_context *ctx, st_op *before, st_op *const *nests, size_t nnests, st_value *mem,
                            size_t nfixed, st_value *const *fixed, const int64_t *vals, const char *name) {
	st_op *nest = nests[0];
	st_type *mt = st_value_type(mem);
	st_attr *fv[2] = {st_string_attr(ctx, st_str_c(name)), st_type_attr(ctx, st_function_type(ctx, 1, &mt, 0, NULL))};
	const char *fnames[2] = {"sym_name", "function_type"};
	st_op_state fs = {.name = st_str_c("func.func"), .loc = st_op_loc(nest), .attrs = named_dict(ctx, 2, fnames, fv),
	                  .nregions = 1};
	st_op *fn = st_op_create(ctx, &fs);
	st_block *b = fn ? st_block_create(ctx) : NULL;
	st_value_map *vm = b ? st_value_map_create(ctx) : NULL;
	if (!vm) {
		if (b)
			st_block_destroy(b);
		if (fn)
			st_op_destroy(fn);
		return NULL;
	}
	st_region_append_block(st_op_region(fn, 0), b);
	st_value_map_add(vm, mem, st_block_add_arg(b, mt, st_op_loc(nest)));
	st_type *index = st_index_type(ctx);
	for (size_t i = 0; i < nfixed; i++) {
		st_attr *cv = st_integer_attr(ctx, index, vals[i]);
		const char *cn = "value";
		st_op_state cs = {.name = st_str_c("arith.constant"), .loc = st_op_loc(nest), .nresults = 1,
		                  .result_types = &index, .attrs = named_dict(ctx, 1, &cn, &cv)};
		st_op *c = st_op_create(ctx, &cs);
		if (c) {
			st_block_append_op(b, c);
			st_value_map_add(vm, fixed[i], st_op_result(c, 0));
		}
	}
	bool ok = true;
	for (size_t i = 0; i < nnests && ok; i++) {
		constants k = {b, vm, nests[i]};
		ok = st_walk(nests[i], ST_WALK_PRE, copy_constants, &k) != ST_WALK_INTERRUPT;
	}
	for (size_t i = 0; i < nnests && ok; i++) {
		st_op *copy = st_op_clone(nests[i], vm);
		if (copy)
			st_block_append_op(b, copy);
		ok = copy != NULL;
	}
	st_op_state rs = {.name = st_str_c("func.return"), .loc = st_op_loc(nest)};
	st_op *ret = ok ? st_op_create(ctx, &rs) : NULL;
	st_value_map_destroy(vm);
	if (!ret) {
		st_op_destroy(fn);
		return NULL;
	}
	st_block_append_op(b, ret);
	st_op_move_before(fn, before);
	return fn;
}

/* The table's contents as dense elements of the allocation's type. */
static st_attr *contents(st_context *ctx, st_interp *it, const st_ival *m, st_type *mt) {
	int64_t n = st_interp_memref_num_elements(m);
	st_type *et = st_type_element(mt);
	bool f32 = st_type_get_kind(et) == ST_TYPE_F32;
	if (!f32 && !st_type_is_integer(et))
		return NULL;
	int64_t *iv = st_ctx_alloc(ctx, (size_t)n * sizeof *iv);
	double *dv = st_ctx_alloc(ctx, (size_t)n * sizeof *dv);
	bool ok = iv && dv;
	unsigned w = f32 ? 32 : st_type_int_width(et);
	for (int64_t k = 0; ok && k < n; k++) {
		st_ival v;
		ok = st_interp_memref_get(it, m, k, &v) && !v.poison;
		uint64_t bits = ok ? v.u.bits : 0;
		if (!f32 && w < 64 && w > 1 && (bits >> (w - 1)) & 1)
			bits |= ~0ull << w; /* sign-extend: dense integers are signed */
		float f;
		uint32_t b32 = (uint32_t)bits;
		memcpy(&f, &b32, sizeof f);
		iv[k] = (int64_t)bits;
		dv[k] = f;
	}
	st_type *tt = st_tensor_type(ctx, st_type_rank(mt), st_type_shape(mt), et, NULL);
	st_attr *a = !ok || !tt ? NULL
	             : f32      ? st_dense_float_elements_attr(ctx, tt, (size_t)n, dv)
	                        : st_dense_int_elements_attr(ctx, tt, (size_t)n, iv);
	if (iv)
		st_ctx_free(ctx, iv, (size_t)n * sizeof *iv);
	if (dv)
		st_ctx_free(ctx, dv, (size_t)n * sizeof *dv);
	return a;
}

typedef struct closed {
	st_op *nest;
	st_value *mem;
	size_t nfixed;
	st_value *const *fixed;
	bool ok;
} closed;

/* Whether every operand inside the nest is defined in it, is the table,
 * or is a fixed index: the nest reads no other buffer or value. */
static st_walk_result check_operands(st_op *op, void *ud) {
	closed *c = ud;
	for (size_t i = 0; i < st_op_num_operands(op); i++) {
		st_value *v = st_op_operand(op, i);
		st_op *def = st_value_defining_op(v);
		st_block *owner = def ? NULL : st_value_owner_block(v);
		st_op *where = def ? def : owner ? st_block_parent_op(owner) : NULL;
		bool ok = v == c->mem || (where && (where == c->nest || st_op_is_ancestor(c->nest, where)));
		for (size_t k = 0; k < c->nfixed && !ok; k++)
			ok = v == c->fixed[k];
		/* a constant defined outside (canonicalize hoists them) is copied */
		ok = ok || outside_constant(def);
		if (!ok) {
			c->ok = false;
			return ST_WALK_INTERRUPT;
		}
	}
	return ST_WALK_ADVANCE;
}

st_op *st_memref_eval_table(st_op *fn, st_op *const *nests, size_t nnests, st_value *mem, size_t nfixed,
                            st_value *const *fixed, const int64_t *vals, const char *gname) {
	st_op *nest = nnests ? nests[0] : NULL;
	if (!nest)
		return NULL;
	st_context *ctx = st_op_context(fn);
	char fname[128];
	snprintf(fname, sizeof fname, "__table_init_%s", gname);
	st_type *mt = st_value_type(mem);
	closed c = {NULL, mem, nfixed, fixed, true};
	for (size_t i = 0; i < nnests && c.ok; i++) {
		c.nest = nests[i];
		st_walk(nests[i], ST_WALK_PRE, check_operands, &c);
	}
	st_op *init = c.ok ? init_function(ctx, fn, nests, nnests, mem, nfixed, fixed, vals, fname) : NULL;
	if (!c.ok)
		return NULL;
	if (!init) {
		st_op_error(nest, "out of memory");
		return NULL;
	}
	st_interp *it = st_interp_create(ctx, NULL);
	st_ival m = {0};
	st_attr *data = NULL;
	if (it && st_interp_memref_alloc(it, NULL, mt, NULL, ST_BUF_HEAP, true, &m) == ST_OK) {
		if (st_interp_call(it, init, 1, &m, 0, NULL) == ST_OK)
			data = contents(ctx, it, &m, mt);
		st_ival_release(it, &m);
	}
	if (it)
		st_interp_destroy(it);
	st_op_erase(init);
	if (!data)
		return NULL;
	const char *gn[4] = {"sym_name", "sym_visibility", "type", "initial_value"};
	st_attr *gv[4] = {st_string_attr(ctx, st_str_c(gname)), st_string_attr(ctx, st_str_c("private")),
	                  st_type_attr(ctx, mt), data};
	st_op_state gs = {.name = st_str_c("memref.global"), .loc = st_op_loc(nest), .attrs = named_dict(ctx, 4, gn, gv)};
	st_op *g = st_op_create(ctx, &gs);
	if (!g) {
		st_op_error(nest, "out of memory");
		return NULL;
	}
	st_op_set_attr(g, "constant", st_unit_attr(ctx));
	st_op_move_before(g, fn);
	return g;
}
