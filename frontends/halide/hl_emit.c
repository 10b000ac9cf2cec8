/* Emission of a bounded .hl program as func/affine/memref/arith/math IR:
 * one func.func taking the inputs then the outputs, every realized func's
 * storage (memref.alloc at its store level), its stages as affine.for
 * nests in the schedule's loop order with the funcs computed inside them
 * at the start of the loop body, loads and stores through affine maps when
 * the coordinates are affine, and Halide's scalar semantics spelled out in
 * arith (hl_emit_expr.c).  The schedule's decisions that are not loop
 * structure become attributes (docs/halide.md lists them). */
#include "hl_emit.h"
#include "strata/accel.h"

#include <stdio.h>
#include <string.h>

#define S(x) (int)(x).len, (x).data

st_attr *st__hl_em_loc(st__hl_em *m, int line, int col) { return st__hl_loc(m->L->p, line, col); }

st_op *st__hl_em_op(st__hl_em *m, const char *name, st_attr *loc, size_t n, st_value *const *ops, st_type *rt,
                    st_attr *attrs, size_t nregions) {
	st_op_state s = {.name = st_str_c(name), .loc = loc, .noperands = n, .operands = ops, .nresults = rt ? 1 : 0,
	                 .result_types = rt ? &rt : NULL, .attrs = attrs, .nregions = nregions};
	st_op *op = st_op_create(m->ctx, &s);
	if (!op)
		st__hl_fatal(m->L->p, "out of memory");
	st_block_append_op(m->blk, op);
	return op;
}

st_value *st__hl_em_op1(st__hl_em *m, const char *name, st_attr *loc, st_type *t, st_value *a) {
	return st_op_result(st__hl_em_op(m, name, loc, 1, &a, t, NULL, 0), 0);
}

st_value *st__hl_em_op2(st__hl_em *m, const char *name, st_attr *loc, st_value *a, st_value *b) {
	st_value *ops[2] = {a, b};
	return st_op_result(st__hl_em_op(m, name, loc, 2, ops, st_value_type(a), NULL, 0), 0);
}

st_value *st__hl_em_const(st__hl_em *m, st_attr *loc, st_type *t, st_attr *v) {
	const char *names[] = {"value"};
	st_attr *vals[] = {v};
	return st_op_result(st__hl_em_op(m, "arith.constant", loc, 0, NULL, t, st__hl_em_attrs(m, 1, names, vals), 0), 0);
}

st_value *st__hl_em_iconst(st__hl_em *m, st_attr *loc, st_type *t, int64_t v) {
	return st__hl_em_const(m, loc, t, st_integer_attr(m->ctx, t, v));
}

st_value *st__hl_em_cmp(st__hl_em *m, const char *name, st_attr *loc, int pred, st_value *a, st_value *b) {
	st_value *ops[2] = {a, b};
	const char *names[] = {"predicate"};
	st_attr *vals[] = {st_integer_attr(m->ctx, st_integer_type(m->ctx, 64, ST_SIGNLESS), pred)};
	return st_op_result(st__hl_em_op(m, name, loc, 2, ops, st_integer_type(m->ctx, 1, ST_SIGNLESS),
	                                 st__hl_em_attrs(m, 1, names, vals), 0),
	                    0);
}

st_value *st__hl_em_sel(st__hl_em *m, st_attr *loc, st_value *c, st_value *a, st_value *b) {
	st_value *ops[3] = {c, a, b};
	return st_op_result(st__hl_em_op(m, "arith.select", loc, 3, ops, st_value_type(a), NULL, 0), 0);
}

/* Dictionaries are kept sorted by name. */
static void sort_named(st_named_attr *a, size_t k) {
	for (size_t i = 1; i < k; i++)
		for (size_t j = i; j > 0 && strcmp(st_ident_cstr(a[j - 1].name), st_ident_cstr(a[j].name)) > 0; j--) {
			st_named_attr t = a[j];
			a[j] = a[j - 1];
			a[j - 1] = t;
		}
}

st_attr *st__hl_em_attrs(st__hl_em *m, size_t n, const char *const *names, st_attr *const *vals) {
	st_named_attr a[16];
	size_t k = 0;
	for (size_t i = 0; i < n && k < 16; i++)
		if (vals[i]) {
			a[k].name = st_ident_get_c(m->ctx, names[i]);
			a[k++].value = vals[i];
		}
	sort_named(a, k);
	return st_dict_attr(m->ctx, k, a);
}

st_type *st__hl_ir_type(st_context *ctx, st__hl_type t) {
	if (t.code == ST__HL_FLOAT)
		return st_float_type(ctx, ST_TYPE_F32);
	if (t.code == ST__HL_BFLOAT)
		return st_float_type(ctx, ST_TYPE_BF16);
	return st_integer_type(ctx, t.bits, ST_SIGNLESS);
}

/* ---------------------------------------------------------- affine maps */

static void used_dims(st_affine_expr *e, bool *used) {
	switch (st_affine_expr_kind(e)) {
	case ST_AFFINE_DIM: used[st_affine_expr_position(e)] = true; return;
	case ST_AFFINE_CONST:
	case ST_AFFINE_SYMBOL: return;
	default: used_dims(st_affine_expr_lhs(e), used); used_dims(st_affine_expr_rhs(e), used);
	}
}

const st_affine_map *st__hl_em_map(st__hl_em *m, size_t n, st_affine_expr *const *es, st_value ***ops, size_t *nops) {
	st__hl_lower *L = m->L;
	bool *used = st__hl_alloc(L->p, L->nphs + 1);
	for (size_t i = 0; i < n; i++)
		used_dims(es[i], used);
	st_affine_expr **repl = st__hl_alloc(L->p, (L->nphs + 1) * sizeof *repl);
	st_value **vals = st__hl_alloc(L->p, (L->nphs + 1) * sizeof *vals);
	size_t k = 0;
	for (size_t ph = 0; ph < L->nphs; ph++) {
		repl[ph] = st_affine_const(m->ctx, L->phs[ph].fixed ? L->phs[ph].fixed_val : 0);
		if (!used[ph] || L->phs[ph].fixed)
			continue;
		if (!L->phs[ph].v)
			st__hl_fatal(L->p, "internal error: a loop value is used outside its loop");
		repl[ph] = st_affine_dim(m->ctx, (unsigned)k);
		vals[k++] = L->phs[ph].v;
	}
	st_affine_expr **res = st__hl_alloc(L->p, (n + 1) * sizeof *res);
	for (size_t i = 0; i < n; i++)
		res[i] = st_affine_expr_replace(m->ctx, es[i], repl, NULL);
	*ops = vals;
	*nops = k;
	return st_affine_map_get(m->ctx, (unsigned)k, 0, n, res);
}

st_value *st__hl_em_apply(st__hl_em *m, st_affine_expr *e, st_attr *loc) {
	if (st_affine_expr_kind(e) == ST_AFFINE_DIM && m->L->phs[st_affine_expr_position(e)].v)
		return m->L->phs[st_affine_expr_position(e)].v;
	st_value **ops;
	size_t n;
	const st_affine_map *map = st__hl_em_map(m, 1, &e, &ops, &n);
	st_affine_expr *r = st_affine_map_result(map, 0);
	if (st_affine_expr_kind(r) == ST_AFFINE_CONST) /* e.g. in a copy of an unrolled loop */
		return st__hl_em_iconst(m, loc, st_index_type(m->ctx), st_affine_expr_value(r));
	const char *names[] = {"map"};
	st_attr *vals[] = {st_affine_map_attr(m->ctx, map)};
	return st_op_result(
		st__hl_em_op(m, "affine.apply", loc, n, ops, st_index_type(m->ctx), st__hl_em_attrs(m, 1, names, vals), 0), 0);
}

bool st__hl_em_const_value(st__hl_em *m, st_affine_expr *e, int64_t *out) {
	st_value **ops;
	size_t n;
	st_affine_expr *r = st_affine_map_result(st__hl_em_map(m, 1, &e, &ops, &n), 0);
	if (st_affine_expr_kind(r) != ST_AFFINE_CONST)
		return false;
	*out = st_affine_expr_value(r);
	return true;
}

/* ------------------------------------------------------------- buffers */

static st_attr *str_attr(st_context *ctx, st_str s) { return st_string_attr(ctx, s); }

static bool str_eq(st_str a, st_str b) { return a.len == b.len && memcmp(a.data, b.data, a.len) == 0; }

static st_type *buffer_type(st__hl_em *m, const st__hl_func *f, const st__hl_region *r) {
	int64_t shape[ST__HL_MAX_DIMS];
	for (int d = 0; d < f->ndims; d++)
		shape[f->ndims - 1 - d] = r->extent[d];
	return st_memref_type(m->ctx, (size_t)f->ndims, shape, st__hl_ir_type(m->ctx, f->type), NULL, NULL);
}

/* The memory level (strata/accel.h) of each store_in(MemoryType::...). */
static const st_accel_level memtype_levels[] = {
	[ST__HL_MEM_DEFAULT] = ST_ACCEL_LEVEL_NONE,  [ST__HL_MEM_GLB] = ST_ACCEL_LEVEL_GLOBAL,
	[ST__HL_MEM_TILE] = ST_ACCEL_LEVEL_TILE,     [ST__HL_MEM_POND] = ST_ACCEL_LEVEL_REGISTER,
	[ST__HL_MEM_ROM] = ST_ACCEL_LEVEL_ROM,        [ST__HL_MEM_HOST] = ST_ACCEL_LEVEL_HOST,
};

/* A func's storage (an allocation, or for an input or output its
 * argument): its name and memory level in the frontend-neutral accel
 * vocabulary that extraction reads, and the rest of its hardware schedule
 * as the frontend's own annotations. */
static st_attr *storage_attrs(st__hl_em *m, const st__hl_func *f) {
	st_context *ctx = m->ctx;
	st__hl_parser *p = m->L->p;
	const char *names[8] = {ST_ACCEL_NAME, ST_ACCEL_STORE_IN, "halide.linebuffer", "halide.compute_share",
	                        "halide.fifo_depth", "halide.accelerator_input", "halide.stream_to_accelerator",
	                        "halide.compute_share_root"};
	st_attr *vals[8] = {str_attr(ctx, f->name)};
	if (f->mem != ST__HL_MEM_DEFAULT)
		vals[1] = st_string_attr(ctx, st_str_c(st_accel_level_name(memtype_levels[f->mem])));
	if (f->linebuffer)
		vals[2] = st_unit_attr(ctx);
	if (f->compute_share >= 0)
		vals[3] = str_attr(ctx, p->funcs[f->compute_share].name);
	if (f->nfifos) {
		st_named_attr q[16];
		size_t k = 0;
		for (size_t i = 0; i < f->nfifos && k < 16; i++) {
			st_ident *id = st_ident_get(ctx, p->funcs[f->fifos[i].dest].name);
			bool dup = false;
			for (size_t j = 0; j < k; j++)
				dup = dup || q[j].name == id;
			if (dup)
				continue;
			q[k].name = id;
			q[k++].value = st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), f->fifos[i].depth);
		}
		sort_named(q, k);
		vals[4] = st_dict_attr(ctx, k, q);
	}
	if (f->accel_input)
		vals[5] = st_unit_attr(ctx);
	if (f->stream_to_accel)
		vals[6] = st_unit_attr(ctx);
	if (f->compute_share_root)
		vals[7] = st_unit_attr(ctx);
	return st__hl_em_attrs(m, 8, names, vals);
}

static void alloc_func(st__hl_em *m, int fi) {
	st__hl_func *f = &m->L->p->funcs[fi];
	st__hl_lfunc *lf = &m->L->lf[fi];
	if (f->out_index >= 0)
		return;
	st_op *a = st__hl_em_op(m, "memref.alloc", st__hl_em_loc(m, f->line, f->col), 0, NULL,
	                        buffer_type(m, f, &lf->storage), storage_attrs(m, f), 0);
	st_op_set_attr(a, "operandSegmentSizes", st_dense_int_array_attr(m->ctx, st_integer_type(m->ctx, 32, ST_SIGNLESS), 2,
	                                                                 (const int64_t[]){0, 0}));
	lf->buffer = st_op_result(a, 0);
}

static void dealloc_func(st__hl_em *m, int fi) {
	st__hl_func *f = &m->L->p->funcs[fi];
	if (f->out_index >= 0)
		return;
	st_value *b = m->L->lf[fi].buffer;
	st__hl_em_op(m, "memref.dealloc", st__hl_em_loc(m, f->line, f->col), 1, &b, NULL, NULL, 0);
}

/* --------------------------------------------------------------- loops */

static void level_begin(st__hl_em *m, int loop);
static void level_end(st__hl_em *m, int loop);
static void emit_dims(st__hl_em *m, int fi, int stage, int d);

static const char *const kind_names[] = {NULL, "unrolled", "vectorized", "parallel"};

static st__hl_func *f_of(const st__hl_lower *L, int loop) { return &L->p->funcs[L->loops[loop].func]; }

static const st__hl_dim *dim_of(const st__hl_lower *L, int loop) {
	const st__hl_loop *l = &L->loops[loop];
	return &st__hl_stage(f_of(L, loop), l->stage)->dims[l->dim];
}

/* The block loop (xo) or cycle loop (xi) of an accelerator. */
static bool accel_loop(const st__hl_lower *L, int loop, bool block) {
	const st__hl_func *f = f_of(L, loop);
	return f->hw_accel && L->loops[loop].stage == 0 &&
	       str_eq(dim_of(L, loop)->name, block ? f->accel_block : f->accel_inner);
}

/* Whether a loop is unrolled in the IR: marked so, and not part of an
 * accelerator (there the unified-buffer extraction wants the loop, marked
 * halide.kind = "unrolled", and builds the copies as hardware itself). */
static bool unrolled(const st__hl_lower *L, int loop) {
	if (dim_of(L, loop)->kind != ST__HL_UNROLLED || accel_loop(L, loop, false))
		return false;
	for (int l = loop; l >= 0; l = st__hl_loop_parent(L, l))
		if (accel_loop(L, l, true))
			return false;
	return true;
}

/* Copies made by nested unrolled loops, at most (Halide has no limit, but
 * every copy is IR: a mistaken unroll of a whole image would not fit). */
#define MAX_UNROLL_COPIES 4096

/* Refuses, at the directive, an unrolled loop whose body would be copied
 * more than MAX_UNROLL_COPIES times with the unrolled loops around it. */
static bool unroll_fits(st__hl_lower *L) {
	for (size_t id = 0; id < L->nloops; id++) {
		if (!unrolled(L, (int)id))
			continue;
		int64_t copies = 1;
		for (int l = (int)id; l >= 0; l = st__hl_loop_parent(L, l)) {
			if (!unrolled(L, l))
				continue;
			if (L->loops[l].extent > MAX_UNROLL_COPIES / copies) {
				const st__hl_dim *d = dim_of(L, (int)id);
				return st_succeeded(st__hl_error(L->p, d->line, d->col,
				                                 "unroll of loop '%.*s' of '%.*s' makes more than %d copies of its "
				                                 "body (nested unrolled loops multiply)",
				                                 S(d->name), S(f_of(L, (int)id)->name), MAX_UNROLL_COPIES));
			}
			copies *= L->loops[l].extent;
		}
	}
	return true;
}

static st_attr *loop_attrs(st__hl_em *m, const st__hl_func *f, int stage, const st__hl_dim *dim, bool block,
                           bool inner) {
	st_context *ctx = m->ctx;
	st_type *i64 = st_integer_type(ctx, 64, ST_SIGNLESS);
	/* An unrolled loop still here is inside an accelerator, and the
	 * accelerator's block loop launches it: both in the accel vocabulary
	 * extraction reads. */
	const char *names[] = {"halide.func",   "halide.stage",       "halide.loop", "halide.kind", ST_ACCEL_LAUNCH,
	                       "halide.accelerator_inner", ST_ACCEL_OUTPUT_RATE, "halide.cycle_loop", ST_ACCEL_UNROLL};
	st_attr *vals[9] = {str_attr(ctx, f->name), st_integer_attr(ctx, i64, stage), str_attr(ctx, dim->name)};
	if (dim->kind == ST__HL_UNROLLED)
		vals[8] = st_unit_attr(ctx);
	else if (kind_names[dim->kind])
		vals[3] = st_string_attr(ctx, st_str_c(kind_names[dim->kind]));
	if (block) {
		vals[4] = str_attr(ctx, f->name);
		vals[5] = str_attr(ctx, f->accel_inner);
		if (f->output_rate)
			vals[6] = st_integer_attr(ctx, i64, f->output_rate);
	}
	if (inner)
		vals[7] = st_unit_attr(ctx);
	return st__hl_em_attrs(m, 9, names, vals);
}

static void emit_shift_bases(st__hl_em *m, int loop, st_attr *loc) {
	st__hl_lower *L = m->L;
	for (size_t ph = 0; ph < L->nphs; ph++) {
		st__hl_ph *h = &L->phs[ph];
		if (!h->src || h->loop != loop || h->v || h->fixed)
			continue;
		st_affine_expr *es[2] = {st_affine_mul(m->ctx, h->src, st_affine_const(m->ctx, h->factor)),
		                         st_affine_const(m->ctx, h->limit)};
		int64_t start;
		if (st__hl_em_const_value(m, es[0], &start)) { /* the tile of an unrolled loop's copy */
			h->fixed = true;
			h->fixed_val = start < h->limit ? start : h->limit;
			continue;
		}
		st_value **ops;
		size_t n;
		const st_affine_map *map = st__hl_em_map(m, 2, es, &ops, &n);
		const char *names[] = {"map"};
		st_attr *vals[] = {st_affine_map_attr(m->ctx, map)};
		h->v = st_op_result(
			st__hl_em_op(m, "affine.min", loc, n, ops, st_index_type(m->ctx), st__hl_em_attrs(m, 1, names, vals), 0),
			0);
	}
}

static st_attr *stage_loc(st__hl_em *m, const st__hl_func *f, int stage) {
	if (stage > 0)
		return st__hl_em_loc(m, f->updates[stage - 1].line, f->updates[stage - 1].col);
	return st__hl_em_loc(m, f->def_line ? f->def_line : f->line, f->def_line ? f->def_col : f->col);
}

/* What runs in one iteration of loop id (dim d of a stage): the funcs it
 * stores and computes, then the stage's inner loops.  The values of the
 * loop and its inner loops are gone after it. */
static void loop_body(st__hl_em *m, int fi, int stage, int d, int id, st_attr *loc) {
	st__hl_lower *L = m->L;
	emit_shift_bases(m, id, loc);
	level_begin(m, id);
	emit_dims(m, fi, stage, d - 1);
	level_end(m, id);
	for (size_t ph = 0; ph < L->nphs; ph++)
		if (L->phs[ph].loop >= 0 && st__hl_loop_encloses(L, id, L->phs[ph].loop)) {
			L->phs[ph].v = NULL;
			L->phs[ph].fixed = false;
		}
}

/* An unrolled loop (outside accelerators, where the unified-buffer
 * extraction wants the loop and unrolls it itself): its body once per
 * iteration, the loop's value a constant in each copy, in order. */
static void emit_unrolled(st__hl_em *m, int fi, int stage, int d) {
	st__hl_lower *L = m->L;
	int id = L->lf[fi].iters[stage].loops[d];
	for (int64_t i = 0; i < L->loops[id].extent; i++) {
		L->phs[L->loops[id].ph].fixed = true;
		L->phs[L->loops[id].ph].fixed_val = i;
		loop_body(m, fi, stage, d, id, stage_loc(m, f_of(L, id), stage));
	}
}

/* The loop nest of one stage from dim d inwards. */
static void emit_dims(st__hl_em *m, int fi, int stage, int d) {
	st__hl_lower *L = m->L;
	st__hl_func *f = &L->p->funcs[fi];
	st__hl_iter *it = &L->lf[fi].iters[stage];
	st_attr *loc = stage_loc(m, f, stage);
	if (d < 0) {
		st__hl_em_body(m, fi, stage, loc);
		return;
	}
	int id = it->loops[d];
	st__hl_loop *lp = &L->loops[id];
	st__hl_stage_sched *s = st__hl_stage(f, stage);
	bool block = accel_loop(L, id, true), inner = accel_loop(L, id, false);
	if (unrolled(L, id)) {
		emit_unrolled(m, fi, stage, d);
		return;
	}
	st_context *ctx = m->ctx;
	st_attr *a = loop_attrs(m, f, stage, &s->dims[d], block, inner);
	const char *names[] = {"lowerBoundMap", "step", "upperBoundMap"};
	st_attr *vals[] = {st_affine_map_attr(ctx, st_affine_map_constant(ctx, 0)),
	                   st_integer_attr(ctx, st_index_type(ctx), 1),
	                   st_affine_map_attr(ctx, st_affine_map_constant(ctx, lp->extent))};
	st_attr *bounds = st__hl_em_attrs(m, 3, names, vals);
	/* Merge the loop's own attributes with the bounds. */
	st_named_attr all[16];
	size_t k = 0;
	for (size_t i = 0; i < st_attr_dict_size(bounds); i++)
		all[k++] = st_attr_dict_entry(bounds, i);
	for (size_t i = 0; i < st_attr_dict_size(a); i++)
		all[k++] = st_attr_dict_entry(a, i);
	sort_named(all, k);
	st_op *loop = st__hl_em_op(m, "affine.for", loc, 0, NULL, NULL, st_dict_attr(ctx, k, all), 1);
	st_block *body = st_block_create(ctx);
	if (!body)
		st__hl_fatal(L->p, "out of memory");
	st_region_append_block(st_op_region(loop, 0), body);
	L->phs[lp->ph].v = st_block_add_arg(body, st_index_type(ctx), loc);
	st_block *saved = m->blk;
	m->blk = body;
	loop_body(m, fi, stage, d, id, loc);
	st__hl_em_op(m, "affine.yield", loc, 0, NULL, NULL, NULL, 0);
	m->blk = saved;
}

static void emit_func(st__hl_em *m, int fi) {
	st__hl_func *f = &m->L->p->funcs[fi];
	for (int s = 0; s <= (int)f->nupdates; s++)
		emit_dims(m, fi, s, (int)m->L->lf[fi].iters[s].nloops - 1);
}

/* What is stored and computed at a loop (or the root): allocations first,
 * then the funcs in producer-first order, before the loop's inner loops;
 * deallocations after them. */
static void level_begin(st__hl_em *m, int loop) {
	st__hl_lower *L = m->L;
	for (size_t k = 0; k < L->ntopo; k++)
		if (L->lf[L->topo[k]].store_loop == loop)
			alloc_func(m, L->topo[k]);
	for (size_t k = 0; k < L->ntopo; k++)
		if (L->lf[L->topo[k]].compute_loop == loop)
			emit_func(m, L->topo[k]);
}

static void level_end(st__hl_em *m, int loop) {
	st__hl_lower *L = m->L;
	for (size_t k = L->ntopo; k-- > 0;)
		if (L->lf[L->topo[k]].store_loop == loop)
			dealloc_func(m, L->topo[k]);
}

/* ------------------------------------------------------------ function */

static st_str file_stem(st__hl_parser *p) {
	st_str f = p->fname;
	size_t start = 0, end = f.len;
	for (size_t i = 0; i < f.len; i++)
		if (f.data[i] == '/')
			start = i + 1;
	for (size_t i = end; i-- > start;)
		if (f.data[i] == '.') {
			end = i;
			break;
		}
	char buf[256];
	size_t k = 0;
	for (size_t i = start; i < end && k < sizeof buf - 1; i++) {
		char c = f.data[i];
		buf[k++] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ? c : '_';
	}
	if (!k)
		buf[k++] = 'f';
	return st__hl_strdup(p, buf, k);
}

st_op *st__hl_emit(st__hl_lower *L) {
	st__hl_parser *p = L->p;
	st_context *ctx = p->ctx;
	if (!unroll_fits(L))
		return NULL;
	st__hl_em em = {.L = L, .ctx = ctx};
	st__hl_em *m = &em;
	st_op_state ms = {.name = st_str_c("builtin.module"), .loc = st__hl_loc(p, 1, 1), .nregions = 1};
	st_op *module = st_op_create(ctx, &ms);
	st_block *mb = module ? st_block_create(ctx) : NULL;
	if (!mb) {
		if (module)
			st_op_destroy(module);
		return NULL;
	}
	st_region_append_block(st_op_region(module, 0), mb);
	L->module = module;
	m->module = module;
	m->mblk = mb;
	size_t nargs = p->nimages + p->noutputs;
	st_type **types = st__hl_alloc(p, (nargs + 1) * sizeof *types);
	st_attr **aattrs = st__hl_alloc(p, (nargs + 1) * sizeof *aattrs);
	for (size_t i = 0; i < p->nimages; i++) {
		st__hl_func *f = &p->funcs[p->images[i]];
		types[i] = buffer_type(m, f, &L->lf[p->images[i]].region);
		aattrs[i] = storage_attrs(m, f);
	}
	for (size_t o = 0; o < p->noutputs; o++) {
		st__hl_func *f = &p->funcs[p->outputs[o]];
		types[p->nimages + o] = buffer_type(m, f, &L->lf[p->outputs[o]].region);
		aattrs[p->nimages + o] = storage_attrs(m, f);
	}
	st_str stem = file_stem(p);
	const char *names[] = {"arg_attrs", "function_type", "sym_name"};
	st_attr *vals[] = {st_array_attr(ctx, nargs, aattrs), st_type_attr(ctx, st_function_type(ctx, nargs, types, 0, NULL)),
	                   st_string_attr(ctx, stem)};
	st_attr *floc = st__hl_loc(p, p->funcs[p->outputs[0]].realize_line, p->funcs[p->outputs[0]].realize_col);
	st_op_state fs = {.name = st_str_c("func.func"), .loc = floc, .attrs = st__hl_em_attrs(m, 3, names, vals),
	                  .nregions = 1};
	st_op *fn = st_op_create(ctx, &fs);
	st_block *body = fn ? st_block_create(ctx) : NULL;
	if (!body) {
		if (fn)
			st_op_destroy(fn);
		L->module = NULL;
		st_op_destroy(module);
		return NULL;
	}
	st_block_append_op(mb, fn);
	st_region_append_block(st_op_region(fn, 0), body);
	for (size_t i = 0; i < nargs; i++) {
		st_value *a = st_block_add_arg(body, types[i], floc);
		int fi = i < p->nimages ? p->images[i] : p->outputs[i - p->nimages];
		L->lf[fi].buffer = a;
	}
	m->blk = body;
	level_begin(m, -1);
	level_end(m, -1);
	st__hl_em_op(m, "func.return", floc, 0, NULL, NULL, NULL, 0);
	return module;
}
