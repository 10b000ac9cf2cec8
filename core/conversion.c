/* The dialect-conversion driver (MLIR's OperationConverter and
 * OperationLegalizer).  Changes are made eagerly through a journaled
 * rewriter, so a failed pattern, or a failed conversion as a whole, is
 * undone exactly.  A replacement value of another type reaches the old
 * users through a builtin.unrealized_conversion_cast the driver records;
 * the operands a conversion pattern receives look through those casts (and
 * get a cast to the converted type when none has it yet).  At the end,
 * casts nobody uses go, cast pairs that undo each other fold, and the rest
 * go to the type converter's materialisation hooks or stay as casts. */
#include "rewrite_internal.h"
#include "strata/conversion.h"

#define CAST_NAME "builtin.unrealized_conversion_cast"

enum { CAST_SOURCE = 1, CAST_TARGET = 2 };

typedef struct conv {
	st_context *ctx;
	st_op *root;
	const st_conversion_target *target;
	const st_pattern_set *patterns;
	const st_conversion_config *cfg;
	st_type_converter *tc;
	bool full;
	unsigned max_depth;
	st_rewriter rw;
	st__journal *journal;
	st__ptrvec created;  /* ops inserted, in order */
	st__ptrvec worklist; /* the ops to legalise: the root first, parents before what they hold */
	st__ptrvec modified; /* ops changed in place */
	st__ptrvec casts;    /* casts the driver made */
	st__ptrmap cast_kind; /* cast -> CAST_SOURCE / CAST_TARGET */
	st__ptrvec active;   /* patterns being applied (no recursion into them) */
	bool oom;
} conv;

/* ---------------------------------------------------------- bookkeeping */

static void on_inserted(void *ud, st_op *op) {
	conv *c = ud;
	if (!st__ptrvec_push(&c->created, op))
		c->oom = true;
}

static void on_modified(void *ud, st_op *op) {
	conv *c = ud;
	if (!st__ptrvec_push(&c->modified, op))
		c->oom = true;
}

typedef struct mark {
	size_t journal, created, modified, casts;
} mark;

static mark take_mark(conv *c) {
	return (mark){st__journal_mark(c->journal), c->created.n, c->modified.n, c->casts.n};
}

static void rollback(conv *c, mark m) {
	for (size_t i = m.casts; i < c->casts.n; i++)
		st__ptrmap_remove(&c->cast_kind, c->casts.data[i]);
	c->casts.n = m.casts;
	c->created.n = m.created;
	c->modified.n = m.modified;
	st__journal_rollback(c->journal, m.journal);
}

static bool is_cast(conv *c, const st_op *op) { return st__ptrmap_has(&c->cast_kind, op); }

static bool erased(conv *c, const st_op *op) { return st__journal_is_erased(c->journal, op); }

/* A cast of `in` to `type` at the insertion point, recorded as the
 * driver's. */
static st_value *make_cast(conv *c, st_value *in, st_type *type, st_attr *loc, int kind) {
	st_op_state s = {.name = st_str_c(CAST_NAME),
	                 .loc = loc,
	                 .noperands = 1,
	                 .operands = &in,
	                 .nresults = 1,
	                 .result_types = &type};
	st_op *op = st_rewriter_create(&c->rw, &s);
	if (!op || !st__ptrvec_push(&c->casts, op) || !st__ptrmap_put(&c->cast_kind, op, (uintptr_t)kind)) {
		c->oom = true;
		return NULL;
	}
	return st_op_result(op, 0);
}

/* The rewriter's replacement hook: a value of another type reaches the
 * old users through a cast placed where the replaced op was. */
static st_value *replacement(void *ud, st_value *from, st_value *to) {
	conv *c = ud;
	if (st_value_type(from) == st_value_type(to))
		return to;
	st_op *def = st_value_defining_op(from);
	st_block *ipb = c->rw.ip_block;
	st_op *ipo = c->rw.ip_before;
	st_rewriter_set_insertion_before(&c->rw, def);
	st_value *v = make_cast(c, to, st_value_type(from), st_op_loc(def), CAST_SOURCE);
	c->rw.ip_block = ipb;
	c->rw.ip_before = ipo;
	return v ? v : to;
}

/* ------------------------------------------------------------- operands */

/* The operand as the conversion has remapped it: through the driver's
 * casts to the newest value, then (with a type converter) a value of the
 * converted type, found on the way or made by a cast.  NULL when the
 * operand's type cannot be converted. */
static st_value *remap(conv *c, st_op *user, st_value *v) {
	st_value *chain[16];
	size_t n = 0;
	chain[n++] = v;
	for (;;) {
		st_op *d = st_value_defining_op(chain[n - 1]);
		if (!d || !is_cast(c, d) || n == 16)
			break;
		chain[n++] = st_op_operand(d, 0);
	}
	if (!c->tc)
		return chain[n - 1];
	st_type *want = st_type_converter_convert(c->tc, st_value_type(v));
	if (!want)
		return NULL;
	for (size_t i = n; i-- > 0;)
		if (st_value_type(chain[i]) == want)
			return chain[i];
	/* One cast per value and type serves every user after it in a block. */
	st_value *src = chain[n - 1];
	for (st_use *u = st_value_first_use(src); u; u = st_use_next(u)) {
		st_op *k = st_use_owner(u);
		if (is_cast(c, k) && !erased(c, k) && st_value_type(st_op_result(k, 0)) == want &&
		    st_op_block(k) == st_op_block(user) && st_op_is_before_in_block(k, user))
			return st_op_result(k, 0);
	}
	st_rewriter_set_insertion_before(&c->rw, user);
	return make_cast(c, src, want, st_op_loc(user), CAST_TARGET);
}

/* --------------------------------------------------------- legalisation */

static bool legalize(conv *c, st_op *op, unsigned depth);

static bool was_modified(conv *c, st_op *op, size_t from) {
	for (size_t i = from; i < c->modified.n; i++)
		if (c->modified.data[i] == op)
			return true;
	return false;
}

/* After a pattern succeeded: what it created and what it changed in place
 * must be legal (or become legal) too. */
static bool legalize_results(conv *c, st_op *root, mark m, unsigned depth) {
	bool root_gone = erased(c, root);
	if (!root_gone && !was_modified(c, root, m.modified))
		return false; /* a pattern must replace, erase or update its root */
	size_t end = c->created.n;
	for (size_t i = m.created; i < end; i++) {
		st_op *o = c->created.data[i];
		if (!erased(c, o) && !is_cast(c, o) && !legalize(c, o, depth + 1))
			return false;
	}
	end = c->modified.n;
	for (size_t i = m.modified; i < end; i++) {
		st_op *o = c->modified.data[i];
		if (!erased(c, o) && !legalize(c, o, depth + 1))
			return false;
	}
	return true;
}

static bool active(conv *c, const st_pattern *p) {
	for (size_t i = 0; i < c->active.n; i++)
		if (c->active.data[i] == p)
			return true;
	return false;
}

static bool try_pattern(conv *c, const st_pattern *p, st_op *op, unsigned depth) {
	mark m = take_mark(c);
	size_t n = st_op_num_operands(op);
	st_value *small[8];
	st_value **operands = small;
	bool ok = true;
	if (p->convert) {
		if (n > 8)
			operands = st_ctx_alloc(c->ctx, n * sizeof *operands);
		ok = operands != NULL;
		for (size_t i = 0; ok && i < n; i++)
			ok = (operands[i] = remap(c, op, st_op_operand(op, i))) != NULL;
	}
	if (ok && st__ptrvec_push(&c->active, (void *)p)) {
		st_rewriter_set_insertion_before(&c->rw, op);
		ok = p->convert ? p->convert(p, op, operands, &c->rw) : p->rewrite(p, op, &c->rw);
		ok = ok && !c->oom && legalize_results(c, op, m, depth);
		c->active.n--;
	} else {
		ok = false;
	}
	if (operands != small && operands)
		st_ctx_free(c->ctx, operands, n * sizeof *operands);
	if (!ok)
		rollback(c, m);
	return ok;
}

/* Folding an illegal op away (MLIR's legalizeWithFold): constants are made
 * in place and must be legal themselves. */
static bool try_fold(conv *c, st_op *op, unsigned depth) {
	/* A constant folds to itself: "folding" it would only make another
	 * illegal constant, again and again (MLIR's tryFold skips constants). */
	if (st_op_constant_value(op))
		return false;
	size_t nr = st_op_num_results(op);
	st_fold_result small[4];
	st_fold_result *res = nr <= 4 ? small : st_ctx_alloc(c->ctx, nr * sizeof *res);
	if (!res)
		return false;
	mark m = take_mark(c);
	st_rewriter_modify_start(&c->rw, op);
	bool in_place = false, ok = st_op_try_fold(op, res, &in_place);
	if (ok && in_place) {
		st_rewriter_modify_end(&c->rw, op);
		ok = st_target_legality(c->target, op) == ST_LEGALITY_LEGAL;
	} else if (ok) {
		st_value *vsmall[4];
		st_value **vals = nr <= 4 ? vsmall : st_ctx_alloc(c->ctx, nr * sizeof *vals);
		ok = vals != NULL;
		st_rewriter_set_insertion_before(&c->rw, op);
		for (size_t i = 0; ok && i < nr; i++) {
			st_type *t = st_value_type(st_op_result(op, i));
			if (res[i].value) {
				vals[i] = res[i].value;
				ok = st_value_type(vals[i]) == t;
				continue;
			}
			st_op *k = st_rewriter_create_constant(&c->rw, st_op_dialect(op), res[i].attr, t, st_op_loc(op));
			ok = k != NULL;
			vals[i] = k ? st_op_result(k, 0) : NULL;
		}
		if (ok)
			st_rewriter_replace_op(&c->rw, op, vals);
		/* The new constants are legalised once they replace the op, as in
		 * MLIR: a pattern converting one then redirects the op's former
		 * users too, instead of leaving them on the constant it erased. */
		for (size_t i = 0; ok && i < nr; i++)
			if (!res[i].value)
				ok = legalize(c, st_value_defining_op(vals[i]), depth + 1);
		if (vals && vals != vsmall)
			st_ctx_free(c->ctx, vals, nr * sizeof *vals);
	}
	if (res != small)
		st_ctx_free(c->ctx, res, nr * sizeof *res);
	if (!ok)
		rollback(c, m);
	return ok;
}

static bool legalize(conv *c, st_op *op, unsigned depth) {
	if (st_target_legality(c->target, op) == ST_LEGALITY_LEGAL || is_cast(c, op))
		return true;
	if (depth > c->max_depth || c->oom)
		return false;
	if (!(c->cfg && c->cfg->no_fold) && try_fold(c, op, depth))
		return true;
	size_t n;
	const st_pattern *const *pats = st_pattern_set_lookup(c->patterns, op, &n);
	for (size_t i = 0; pats && i < n; i++) {
		const st_pattern *p = pats[i];
		if ((p->convert || p->rewrite) && !active(c, p) && try_pattern(c, p, op, depth))
			return true;
	}
	return false;
}

/* ---------------------------------------------------------- finishing */

/* Whether an op that is still in the IR uses `v` (erased ops keep their
 * operands until the journal commits). */
static bool live_uses(conv *c, st_value *v) {
	for (st_use *u = st_value_first_use(v); u; u = st_use_next(u))
		if (!erased(c, st_use_owner(u)))
			return true;
	return false;
}

/* Folds, materialises or keeps the driver's casts that are left. */
static void finish_casts(conv *c) {
	bool again = true;
	while (again && !c->oom) {
		again = false;
		for (size_t i = c->casts.n; i-- > 0;) {
			st_op *k = c->casts.data[i];
			if (!k || erased(c, k))
				continue;
			st_value *res = st_op_result(k, 0), *in = st_op_operand(k, 0);
			st_op *d = st_value_defining_op(in);
			if (!live_uses(c, res)) {
				st_rewriter_erase_op(&c->rw, k);
				again = true;
			} else if (d && is_cast(c, d) && !erased(c, d) && st_value_type(st_op_operand(d, 0)) == st_value_type(res)) {
				st_rewriter_replace_all_uses(&c->rw, res, st_op_operand(d, 0));
				st_rewriter_erase_op(&c->rw, k);
				again = true;
			}
		}
	}
	if (!c->tc)
		return;
	for (size_t i = 0; i < c->casts.n && !c->oom; i++) {
		st_op *k = c->casts.data[i];
		if (erased(c, k))
			continue;
		uintptr_t kind = 0;
		st__ptrmap_get(&c->cast_kind, k, &kind);
		st_rewriter_set_insertion_before(&c->rw, k);
		st_value *res = st_op_result(k, 0);
		st_value *v = st__type_converter_materialize(c->tc, kind == CAST_TARGET, &c->rw, st_value_type(res),
		                                             st_op_operand(k, 0), st_op_loc(k));
		if (v && v != res) {
			st_rewriter_replace_all_uses(&c->rw, res, v);
			st_rewriter_erase_op(&c->rw, k);
		}
	}
}

/* ---------------------------------------------------------------- driver */

static st_walk_result collect(st_op *op, void *ud) {
	conv *c = ud;
	if (!st__ptrvec_push(&c->worklist, op))
		c->oom = true;
	return st__target_recursively_legal(c->target, op) ? ST_WALK_SKIP : ST_WALK_ADVANCE;
}

static st_status apply(st_op *root, const st_conversion_target *target, const st_pattern_set *patterns,
                       const st_conversion_config *cfg, bool full) {
	st_context *ctx = st_op_context(root);
	conv c = {.ctx = ctx, .root = root, .target = target, .patterns = patterns, .cfg = cfg, .full = full};
	c.tc = cfg ? cfg->type_converter : NULL;
	c.max_depth = cfg && cfg->max_depth ? cfg->max_depth : 16;
	st__ptrvec_init(&c.created, ctx);
	st__ptrvec_init(&c.modified, ctx);
	st__ptrvec_init(&c.casts, ctx);
	st__ptrvec_init(&c.active, ctx);
	st__ptrmap_init(&c.cast_kind, ctx);
	st_rewriter_listener l = {.ud = &c, .inserted = on_inserted, .modified = on_modified};
	st__rewriter_init(&c.rw, ctx, &l);
	c.rw.replacement = replacement;
	c.rw.conversion = &c;
	c.journal = c.rw.journal = st__journal_create(ctx);
	st_status status = c.journal ? ST_OK : ST_FAIL;

	st__ptrvec_init(&c.worklist, ctx);
	if (c.journal)
		st_walk(root, ST_WALK_PRE, collect, &c);
	if (c.oom)
		status = ST_FAIL;

	for (size_t i = 0; st_succeeded(status) && i < c.worklist.n; i++) {
		st_op *op = c.worklist.data[i];
		if (erased(&c, op))
			continue;
		c.created.n = c.modified.n = 0;
		if (legalize(&c, op, 0))
			continue;
		st_legality lg = st_target_legality(target, op);
		if (c.oom) {
			status = ST_FAIL;
		} else if (full) {
			status = st_error(ctx, st_op_loc(op), "failed to legalize operation '%s'", st_op_name_cstr(op));
		} else if (lg == ST_LEGALITY_ILLEGAL) {
			status = st_error(ctx, st_op_loc(op),
			                  "failed to legalize operation '%s' that was explicitly marked illegal",
			                  st_op_name_cstr(op));
		} else if (cfg && cfg->unconverted) {
			cfg->unconverted(cfg->ud, op);
		}
	}
	if (st_succeeded(status))
		finish_casts(&c);
	if (c.oom || (c.journal && st_context_out_of_memory(ctx)))
		status = ST_FAIL;
	if (c.journal && st_failed(status))
		st__journal_rollback(c.journal, 0);
	st__journal_destroy(c.journal);
	st__ptrvec_free(&c.worklist);
	st__ptrvec_free(&c.created);
	st__ptrvec_free(&c.modified);
	st__ptrvec_free(&c.casts);
	st__ptrvec_free(&c.active);
	st__ptrmap_free(&c.cast_kind);
	return status;
}

st_status st_apply_partial_conversion(st_op *op, const st_conversion_target *target, const st_pattern_set *patterns,
                                      const st_conversion_config *cfg) {
	return apply(op, target, patterns, cfg, false);
}

st_status st_apply_full_conversion(st_op *op, const st_conversion_target *target, const st_pattern_set *patterns,
                                   const st_conversion_config *cfg) {
	return apply(op, target, patterns, cfg, true);
}

/* ------------------------------------------------- for conversion patterns */

st_type_converter *st_rewriter_type_converter(const st_rewriter *rw) {
	const conv *c = rw->conversion;
	return c ? c->tc : NULL;
}

/* Retypes `arg` to `t` and gives its old users a cast back to the old type,
 * placed at `*at` in the block (after the previous ones). */
static st_status retype_arg(st_rewriter *rw, st_value *arg, st_type *t) {
	st_type *old = st_value_type(arg);
	if (old == t)
		return ST_OK;
	if (rw->journal)
		st__journal_value_type(rw->journal, arg);
	st_value_set_type(arg, t);
	rw->nchanges++;
	if (!st_value_has_uses(arg))
		return ST_OK;
	st_block *b = st_value_owner_block(arg);
	st_op *first = st_block_first_op(b);
	/* After the casts made for earlier arguments, so they keep their order. */
	while (first && rw->conversion && is_cast(rw->conversion, first) &&
	       st_value_is_block_arg(st_op_operand(first, 0)) && st_value_owner_block(st_op_operand(first, 0)) == b &&
	       st_value_index(st_op_operand(first, 0)) < st_value_index(arg))
		first = st_op_next(first);
	rw->ip_block = b;
	rw->ip_before = first;
	st_value *v;
	if (rw->conversion) {
		v = make_cast(rw->conversion, arg, old, st_value_loc(arg), CAST_SOURCE);
	} else {
		st_op_state s = {.name = st_str_c(CAST_NAME),
		                 .loc = st_value_loc(arg),
		                 .noperands = 1,
		                 .operands = &arg,
		                 .nresults = 1,
		                 .result_types = &old};
		st_op *k = st_rewriter_create(rw, &s);
		v = k ? st_op_result(k, 0) : NULL;
	}
	if (!v)
		return ST_FAIL;
	st_rewriter_replace_all_uses_except(rw, arg, v, st_value_defining_op(v));
	return ST_OK;
}

st_status st_rewriter_set_entry_arg_types(st_rewriter *rw, st_block *b, size_t n, st_type *const *types) {
	if (n != st_block_num_args(b))
		return ST_FAIL;
	st_block *ipb = rw->ip_block;
	st_op *ipo = rw->ip_before;
	st_status s = ST_OK;
	for (size_t i = 0; st_succeeded(s) && i < n; i++)
		s = retype_arg(rw, st_block_arg(b, i), types[i]);
	rw->ip_block = ipb;
	rw->ip_before = ipo;
	return s;
}

st_status st_rewriter_convert_region_types(st_rewriter *rw, st_region *r, st_type_converter *tc) {
	for (st_block *b = st_region_first_block(r); b; b = st_block_next(b))
		for (size_t i = 0; i < st_block_num_args(b); i++)
			if (!st_type_converter_convert(tc, st_value_type(st_block_arg(b, i))))
				return ST_FAIL;
	st_block *ipb = rw->ip_block;
	st_op *ipo = rw->ip_before;
	st_status s = ST_OK;
	for (st_block *b = st_region_first_block(r); st_succeeded(s) && b; b = st_block_next(b))
		for (size_t i = 0; st_succeeded(s) && i < st_block_num_args(b); i++) {
			st_value *a = st_block_arg(b, i);
			s = retype_arg(rw, a, st_type_converter_convert(tc, st_value_type(a)));
		}
	rw->ip_block = ipb;
	rw->ip_before = ipo;
	return s;
}
