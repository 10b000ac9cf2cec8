/* Building the rda.design of a planned kernel (a2r.h).
 *
 * Contexts are made when something needs them: every access site gets its
 * access context (per spatial copy and per memory part) from the start, a
 * block's compute context only when another context needs a value it
 * computes.  A context resolves each value of the kernel it uses: a
 * constant is rebuilt, a loop variable is its counter, an op of its own
 * block (or, in an access context, an integer op of its block, the address
 * arithmetic) is cloned, any pure op of loop variables and constants is
 * recomputed, and everything else is dequeued from the stream its home
 * context enqueues it to, at the level of the value's definition (SARA: a
 * value is peeked by the iterations inside its loop and popped when that
 * loop is done).  A value of the loops inside the vectorised loop travels
 * in a vector stream.  Loads from a memory split over units come from each
 * part (an address outside a part reads 0) and are or-ed. */
#include "a2r.h"

#include <stdio.h>
#include <string.h>

static bool named(const st_op *op, const char *name) { return op && strcmp(st_op_name_cstr(op), name) == 0; }

typedef enum ckind { K_COMPUTE, K_ACCESS, K_ARGS, K_RESULTS, K_COPY_AG, K_COPY_MEM } ckind;

typedef struct cinst {
	ckind kind;
	a2r_node *block;
	a2r_site *site;
	int copy, part;
	st_op *unit, *context;
	st_builder b;
	st_value_map *map;
	const a2r_node *chain[A2R_MAX_DEPTH];
	size_t nchain;
	int64_t lanes;
	const a2r_node *vec_loop;
	st_value *value; /* an on-chip load's value */
	/* Resolving a store's data: it comes from the compute context, not
	 * cloned here with the address arithmetic. */
	bool data_mode;
	st_op *dram_op;  /* a DRAM access */
} cinst;

typedef struct srec {
	st_value *src;
	int copy, part;
	st_value *stream;
	bool produced; /* its home enqueues it already */
} srec;

typedef struct tokrec {
	size_t token;
	int from_copy, to_copy, part;
	st_value *stream;
} tokrec;

typedef struct emitter {
	a2r *a;
	st_op *design;
	st_builder streams_b; /* streams go before the units */
	cinst **insts;
	size_t ninsts, capinsts;
	srec *streams;
	size_t nstreams, capstreams;
	tokrec *toks;
	size_t ntoks, captoks;
	st_op **mem_units; /* per memory, per part */
	st_op *host;
	int64_t depth;
	size_t nunits;
	int64_t depth_guard;
} emitter;

static st_value *resolve(emitter *e, cinst *c, st_value *v);

/* ------------------------------------------------------------ helpers */

static int copies_of(const a2r *a, const a2r_node *n) {
	return a->par_loop && n && st__a2r_encloses(a->par_loop, n) ? (int)a->par_loop->par : 0;
}

static a2r_node *loop_node(a2r *a, st_op *op, size_t dim) {
	size_t k = 0;
	for (size_t i = 0; i < a->nnodes; i++)
		if (a->nodes[i]->kind == A2R_LOOP && a->nodes[i]->op == op && k++ == dim)
			return a->nodes[i];
	return NULL;
}

/* Where a value of the kernel is defined: its counter level (the loops and
 * clauses around its definition) and the node it belongs to. */
static int depth_of(a2r *a, st_value *v, a2r_node **where) {
	*where = NULL;
	st_op *d = st_value_defining_op(v);
	if (!d) {
		st_op *p = st_block_parent_op(st_value_owner_block(v));
		if (p == a->func)
			return 0;
		if (named(p, "scf.for")) {
			a2r_node *l = loop_node(a, p, 0);
			*where = l;
			return l ? l->level + 1 : 0;
		}
		if (named(p, "scf.parallel")) {
			a2r_node *l = loop_node(a, p, st_value_index(v));
			*where = l;
			return l ? l->level + 1 : 0;
		}
		return 0;
	}
	if (named(d, "scf.for")) {
		a2r_node *l = loop_node(a, d, 0);
		*where = l;
		return l ? l->level : 0;
	}
	a2r_node *b = st__a2r_block_of(a, d);
	*where = b;
	return b ? b->level : 0;
}

static st_type *index_t(emitter *e) { return st_index_type(e->a->ctx); }

static st_value *cst(cinst *c, st_type *t, int64_t v) { return st_rda_build_constant(&c->b, t, v, 0); }

static st_value *binop(cinst *c, const char *name, st_value *x, st_value *y) {
	st_value *ops[] = {x, y};
	return x ? st_rda_build_op(&c->b, name, 2, ops, st_value_type(x), NULL) : NULL;
}

static st_value *select_v(cinst *c, st_value *p, st_value *x, st_value *y) {
	st_value *ops[] = {p, x, y};
	return x ? st_rda_build_op(&c->b, "arith.select", 3, ops, st_value_type(x), NULL) : NULL;
}

static st_value *not_v(cinst *c, st_value *p) {
	return binop(c, "arith.xori", p, cst(c, st_integer_type(c->b.ctx, 1, ST_SIGNLESS), 1));
}

static void name_of(char *buf, size_t n, const char *base, size_t idx, int copy, int part) {
	int k = snprintf(buf, n, "%s%zu", base, idx);
	if (copy >= 0 && k > 0 && (size_t)k < n)
		k += snprintf(buf + k, n - (size_t)k, "_q%d", copy);
	if (part > 0 && k > 0 && (size_t)k < n)
		snprintf(buf + k, n - (size_t)k, "_p%d", part);
}

static size_t node_index(a2r *a, const a2r_node *n) {
	for (size_t i = 0; i < a->nnodes; i++)
		if (a->nodes[i] == n)
			return i;
	return 0;
}

static size_t site_index(a2r *a, const a2r_site *s) { return (size_t)(s - a->sites); }

static size_t mem_index(a2r *a, const a2r_mem *m) { return (size_t)(m - a->mems); }

/* ----------------------------------------------------------- contexts */

static st_op *new_unit(emitter *e, const char *name, st_rda_unit_kind kind) {
	st_builder b = st_builder_at_end(e->a->ctx, st_rda_body(e->design), st_op_loc(e->a->original));
	e->nunits++;
	return st_rda_build_unit(&b, name, kind);
}

static void chain_of(cinst *c, const a2r_node *n) {
	c->nchain = n ? st__a2r_chain(n, c->chain, A2R_MAX_DEPTH) : 0;
	c->vec_loop = NULL;
	for (size_t i = 0; i < c->nchain; i++)
		if (c->chain[i]->vec)
			c->vec_loop = c->chain[i];
}

/* The counters of the chain, in the new context. */
static void emit_counters(emitter *e, cinst *c) {
	a2r *a = e->a;
	st_type *it = index_t(e);
	for (size_t k = 0; k < c->nchain; k++) {
		const a2r_node *n = c->chain[k];
		if (n->kind == A2R_CLAUSE) {
			st_value *p = resolve(e, c, n->cond);
			if (!n->then)
				p = not_v(c, p);
			st_value *hi = select_v(c, p, cst(c, it, 1), cst(c, it, 0));
			st_rda_build_counter(&c->b, cst(c, it, 0), hi, 1, 0, false);
			continue;
		}
		st_value *lo = resolve(e, c, n->lb), *hi = resolve(e, c, n->ub);
		bool vec = n->vec && c->lanes > 1;
		int64_t mult = vec ? c->lanes : 1, stride = 0;
		if (n == a->par_loop && c->copy >= 0) {
			lo = binop(c, "arith.addi", lo, cst(c, it, c->copy * n->step * mult));
			stride = n->par * n->step * mult;
		}
		st_value *iv = st_rda_build_counter(&c->b, lo, hi, n->step, stride, vec);
		if (iv)
			st_value_map_add(c->map, n->iv, iv);
	}
}

static cinst *new_inst(emitter *e, ckind kind, a2r_node *block, a2r_site *site, int copy, int part) {
	a2r *a = e->a;
	cinst *c = st_ctx_alloc(a->ctx, sizeof *c);
	if (!c) {
		a->failed = true;
		return NULL;
	}
	memset(c, 0, sizeof *c);
	c->kind = kind, c->block = block, c->site = site, c->copy = copy, c->part = part;
	c->map = st_value_map_create(a->ctx);
	if (!c->map || !st__a2r_push(a, (void **)&e->insts, &e->ninsts, &e->capinsts, sizeof c, &c)) {
		a->failed = true;
		return c;
	}
	chain_of(c, block);
	c->lanes = c->vec_loop ? a->lanes : 1;
	return c;
}

/* A context in `unit` (a new unit of `kind` when NULL) with the chain's
 * counters. */
static st_status open_context(emitter *e, cinst *c, st_op *unit, st_rda_unit_kind kind, const char *name) {
	a2r *a = e->a;
	c->unit = unit ? unit : new_unit(e, name, kind);
	st_builder ub = st_builder_at_end(a->ctx, st_rda_body(c->unit), st_op_loc(a->original));
	c->context = st_rda_build_context(&ub, name, c->lanes);
	if (!c->context)
		return ST_FAIL;
	c->b = st_builder_at_end(a->ctx, st_rda_body(c->context), st_op_loc(a->original));
	emit_counters(e, c);
	return c->b.failed ? ST_FAIL : ST_OK;
}

/* The value that leaves a fold unchanged (a lane that skips it): -0.0 for
 * addf, as x + -0.0 is x for every x (+0.0 included). */
static st_value *identity(cinst *c, const char *kind, st_type *t) {
	st_context *ctx = c->b.ctx;
	st_attr *v;
	if (st_type_is_float(t)) {
		double d = !strcmp(kind, "addf") ? -0.0 : !strcmp(kind, "mulf") ? 1.0 : !strcmp(kind, "maximumf") ? -1.0 / 0.0 : 1.0 / 0.0;
		v = st_float_attr(ctx, t, d);
	} else {
		int64_t i = 0;
		if (!strcmp(kind, "muli"))
			i = 1;
		else if (!strcmp(kind, "andi") || !strcmp(kind, "minui"))
			i = -1;
		unsigned w = st_type_is_index(t) ? 64 : st_type_int_width(t);
		if (!strcmp(kind, "maxsi"))
			i = w >= 64 ? INT64_MIN : -((int64_t)1 << (w - 1));
		else if (!strcmp(kind, "minsi"))
			i = w >= 64 ? INT64_MAX : ((int64_t)1 << (w - 1)) - 1;
		v = st_integer_attr(ctx, t, i);
	}
	st_named_attr na = {st_ident_get_c(ctx, "value"), v};
	return st_rda_build_op(&c->b, "arith.constant", 0, NULL, t, st_dict_attr(ctx, 1, &na));
}

/* A reduction body: each value the loop carries is a register, reset at
 * the loop's level to its initial value; folded across the lanes when the
 * loop is vectorised. */
static void emit_registers(emitter *e, cinst *c) {
	a2r_node *loop = c->block->parent;
	if (!loop || loop->kind != A2R_LOOP || !named(loop->op, "scf.for") || !st_op_num_results(loop->op))
		return;
	st_op *op = loop->op;
	st_block *body = st_region_first_block(st_op_region(op, 0));
	st_op *yield = st_block_terminator(body);
	size_t n = st_op_num_results(op);
	st_value *regs[16];
	if (n > 16) {
		st_op_error(op, "a loop carrying more than 16 values is not supported by the rda lowering");
		e->a->failed = true;
		return;
	}
	for (size_t k = 0; k < n; k++) {
		regs[k] = st_rda_build_reg(&c->b, resolve(e, c, st_op_operand(op, 3 + k)), loop->level);
		if (regs[k])
			st_value_map_add(c->map, st_block_arg(body, k + 1), regs[k]);
	}
	for (size_t k = 0; k < n; k++) {
		st_value *acc = st_block_arg(body, k + 1), *y = st_op_operand(yield, k), *next;
		st_op *combine;
		st_value *x, *cond;
		bool negate;
		if (loop->vec && c->lanes > 1 && st__a2r_match_fold(acc, y, &combine, &x, &cond, &negate)) {
			const char *kind = st__a2r_fold_kind(combine, acc);
			st_value *contrib = resolve(e, c, x);
			if (cond) {
				st_value *p = resolve(e, c, cond);
				if (negate)
					p = not_v(c, p);
				contrib = select_v(c, p, contrib, identity(c, kind, st_value_type(acc)));
			}
			next = st_rda_build_fold(&c->b, kind, regs[k], contrib);
		} else {
			next = resolve(e, c, y);
		}
		st_value *after = next ? st_rda_build_reg_set(&c->b, regs[k], next) : NULL;
		if (after)
			st_value_map_add(c->map, st_op_result(op, k), after);
	}
}

/* The compute context of a block (for one copy), made on first need. */
static cinst *compute_inst(emitter *e, a2r_node *block, int copy) {
	for (size_t i = 0; i < e->ninsts; i++) {
		cinst *c = e->insts[i];
		if (c->kind == K_COMPUTE && c->block == block && c->copy == copy)
			return c;
	}
	cinst *c = new_inst(e, K_COMPUTE, block, NULL, copy, 0);
	if (!c || e->a->failed)
		return NULL;
	char name[64];
	name_of(name, sizeof name, "c", node_index(e->a, block), copy, 0);
	if (st_failed(open_context(e, c, NULL, ST_RDA_COMPUTE, name))) {
		e->a->failed = true;
		return NULL;
	}
	emit_registers(e, c);
	return c;
}

static cinst *host_inst(emitter *e, ckind kind) {
	for (size_t i = 0; i < e->ninsts; i++)
		if (e->insts[i]->kind == kind)
			return e->insts[i];
	cinst *c = new_inst(e, kind, NULL, NULL, -1, 0);
	if (!c || e->a->failed)
		return NULL;
	if (!e->host)
		e->host = new_unit(e, "host", ST_RDA_HOST);
	if (st_failed(open_context(e, c, e->host, ST_RDA_HOST, kind == K_ARGS ? "args" : "results"))) {
		e->a->failed = true;
		return NULL;
	}
	return c;
}

/* ------------------------------------------------------------- streams */

/* Whether `v`, defined under `block`, differs per lane there. */
static bool vector_at(emitter *e, const a2r_node *block, st_value *v) {
	const a2r_node *chain[A2R_MAX_DEPTH], *vec = NULL;
	size_t n = block ? st__a2r_chain(block, chain, A2R_MAX_DEPTH) : 0;
	for (size_t i = 0; i < n; i++)
		if (chain[i]->vec)
			vec = chain[i];
	a2r_node *where;
	return e->a->lanes > 1 && vec && depth_of(e->a, v, &where) > vec->level;
}

static bool vector_value(emitter *e, cinst *home, st_value *v) {
	a2r_node *where;
	int d = depth_of(e->a, v, &where);
	return home->lanes > 1 && home->vec_loop && d > home->vec_loop->level;
}

static st_value *new_stream(emitter *e, st_type *elt, bool vector, int64_t init, const char *name) {
	st_type *t = elt ? st_rda_stream_type(e->a->ctx, elt, vector ? e->a->lanes : 0) : st_rda_token_type(e->a->ctx);
	int64_t depth = init > e->depth ? init : e->depth;
	return st_rda_build_stream(&e->streams_b, t, depth, init, name);
}

static srec *find_stream(emitter *e, st_value *src, int copy, int part) {
	for (size_t i = 0; i < e->nstreams; i++)
		if (e->streams[i].src == src && e->streams[i].copy == copy && e->streams[i].part == part)
			return &e->streams[i];
	return NULL;
}

static srec *add_stream(emitter *e, st_value *src, int copy, int part, st_value *stream) {
	srec r = {src, copy, part, stream, true};
	if (!stream || !st__a2r_push(e->a, (void **)&e->streams, &e->nstreams, &e->capstreams, sizeof r, &r)) {
		e->a->failed = true;
		return NULL;
	}
	return &e->streams[e->nstreams - 1];
}

static a2r_site *site_of_load(a2r *a, st_op *load) {
	for (size_t i = 0; i < a->nsites; i++)
		if (a->sites[i].op == load)
			return &a->sites[i];
	return NULL;
}

static cinst *access_inst(emitter *e, a2r_site *s, int copy, int part) {
	for (size_t i = 0; i < e->ninsts; i++) {
		cinst *c = e->insts[i];
		if ((c->kind == K_ACCESS || c->kind == K_COPY_MEM) && c->site == s && c->copy == copy && c->part == part)
			return c;
	}
	return NULL;
}

/* The stream carrying `v` (of copy `copy`, from part `part` of a memory)
 * to its readers, its home context enqueueing it. */
static st_value *stream_of(emitter *e, st_value *v, int copy, int part) {
	srec *r = find_stream(e, v, copy, part);
	if (r)
		return r->stream;
	a2r *a = e->a;
	a2r_node *where;
	int level = depth_of(a, v, &where);
	st_op *d = st_value_defining_op(v);
	cinst *home = NULL;
	if (!d && st_block_parent_op(st_value_owner_block(v)) == a->func) {
		home = host_inst(e, K_ARGS);
		if (!home)
			return NULL;
		st_value *arg = st_rda_build_arg(&home->b, (int64_t)st_value_index(v), st_value_type(v));
		r = add_stream(e, v, copy, part, new_stream(e, st_value_type(v), false, 0, NULL));
		if (r)
			st_rda_build_enq(&home->b, r->stream, arg, 0, NULL);
		return r ? r->stream : NULL;
	}
	if (named(d, "memref.load")) {
		/* The access context loads into it or enqueues what it reads, now
		 * or when it is made. */
		a2r_site *s = site_of_load(a, d);
		if (!s)
			return NULL;
		home = access_inst(e, s, copy, part);
		bool vec = vector_at(e, s->block, v);
		r = add_stream(e, v, copy, part, new_stream(e, st_value_type(v), vec, 0, NULL));
		if (!r)
			return NULL;
		st_value *stream = r->stream;
		if (s->mem->place == A2R_DRAM)
			r->produced = home != NULL;
		else if (home && home->value)
			st_rda_build_enq(&home->b, stream, home->value, level, NULL);
		else
			r->produced = false;
		return stream;
	}
	/* A block's value, a loop's result or a value it carries. */
	a2r_node *block = where;
	if (block && block->kind == A2R_LOOP)
		block = block->nkids ? block->kids[0] : NULL;
	if (!block || block->kind != A2R_BLOCK) {
		st_op_error(d ? d : a->original, "the rda lowering cannot place this value");
		a->failed = true;
		return NULL;
	}
	home = compute_inst(e, block, copy);
	if (!home)
		return NULL;
	st_value *val = resolve(e, home, v);
	r = add_stream(e, v, copy, part, new_stream(e, st_value_type(v), vector_value(e, home, v), 0, NULL));
	if (r && val)
		st_rda_build_enq(&home->b, r->stream, val, level, NULL);
	return r ? r->stream : NULL;
}

/* ------------------------------------------------------------- values */

static bool integer_like(const st_type *t) { return st_type_is_integer(t) || st_type_is_index(t); }

/* Whether `v` is computed from the counters `c` has; outside a compute
 * context only by integer arithmetic (an address pipeline computes no
 * floats: a table of floats computed from a counter is a compute context's
 * work). */
static bool iv_computable(emitter *e, cinst *c, st_value *v, int depth) {
	if (depth > 32)
		return false;
	if (st_value_map_lookup(c->map, v))
		return true;
	if (c->kind != K_COMPUTE && !integer_like(st_value_type(v)))
		return false;
	st_op *d = st_value_defining_op(v);
	if (!d || st_op_num_regions(d) || !(!strncmp(st_op_name_cstr(d), "arith.", 6) || !strncmp(st_op_name_cstr(d), "math.", 5)))
		return false;
	for (size_t i = 0; i < st_op_num_operands(d); i++)
		if (!iv_computable(e, c, st_op_operand(d, i), depth + 1))
			return false;
	return true;
}

/* Whether `d` is cloned into context `c` rather than dequeued. */
static bool local_op(emitter *e, cinst *c, st_op *d) {
	bool in_block = c->block && st__a2r_block_of(e->a, d) == c->block;
	if (named(d, "scf.if"))
		return c->kind == K_COMPUTE && in_block;
	if (named(d, "memref.load") || named(d, "memref.store") || st_op_num_results(d) != 1)
		return false;
	if (c->kind == K_COMPUTE)
		return in_block;
	if (c->kind == K_ACCESS && !c->data_mode && in_block && integer_like(st_value_type(st_op_result(d, 0))) &&
	    !named(d, "scf.if"))
		return true;
	return false;
}

static st_value *clone_op(emitter *e, cinst *c, st_op *d) {
	size_t n = st_op_num_operands(d);
	st_value *small[8], **ops = n <= 8 ? small : st_ctx_alloc(e->a->ctx, n * sizeof *ops);
	if (!ops)
		return NULL;
	for (size_t i = 0; i < n; i++)
		ops[i] = resolve(e, c, st_op_operand(d, i));
	st_value *r = st_rda_build_op(&c->b, st_op_name_cstr(d), n, ops, st_value_type(st_op_result(d, 0)), st_op_attrs(d));
	if (ops != small)
		st_ctx_free(e->a->ctx, ops, n * sizeof *ops);
	return r;
}

/* An scf.if of the block: both sides, chosen by a select. */
static st_value *if_convert(emitter *e, cinst *c, st_op *d, size_t k) {
	st_value *p = resolve(e, c, st_op_operand(d, 0));
	st_op *ty = st_block_terminator(st_region_first_block(st_op_region(d, 0)));
	st_op *ey = st_block_terminator(st_region_first_block(st_op_region(d, 1)));
	return select_v(c, p, resolve(e, c, st_op_operand(ty, k)), resolve(e, c, st_op_operand(ey, k)));
}

static st_value *dequeue(emitter *e, cinst *c, st_value *v) {
	a2r *a = e->a;
	a2r_node *where;
	int level = depth_of(a, v, &where);
	/* The copy of the value this context sees. */
	int copy = where && copies_of(a, where) ? c->copy : -1;
	st_op *d = st_value_defining_op(v);
	a2r_site *s = named(d, "memref.load") ? site_of_load(a, d) : NULL;
	int parts = s && s->mem->place == A2R_ONCHIP ? (int)s->mem->parts : 1;
	st_value *acc = NULL;
	st_type *t = st_value_type(v), *it = st_integer_type(a->ctx, 32, ST_SIGNLESS);
	for (int p = 0; p < parts; p++) {
		st_value *stream = stream_of(e, v, copy, p);
		st_value *x = stream ? st_rda_build_deq(&c->b, stream, level) : NULL;
		if (parts == 1)
			return x;
		/* An address outside a part reads 0: the parts are or-ed. */
		if (st_type_is_float(t))
			x = x ? st_rda_build_op(&c->b, "arith.bitcast", 1, &x, it, NULL) : NULL;
		acc = acc ? binop(c, "arith.ori", acc, x) : x;
	}
	if (acc && st_type_is_float(t))
		acc = st_rda_build_op(&c->b, "arith.bitcast", 1, &acc, t, NULL);
	return acc;
}

static st_value *resolve(emitter *e, cinst *c, st_value *v) {
	if (!v || e->a->failed)
		return NULL;
	/* Values reach through streams and contexts made on the way; a chain
	 * this deep means a value needs itself. */
	st_value *got = st_value_map_lookup(c->map, v);
	if (got)
		return got;
	st_op *d = st_value_defining_op(v);
	if (e->depth_guard >= 4096) {
		st_op_error(d ? d : e->a->original, "the rda lowering cannot order this value's computation");
		e->a->failed = true;
		return NULL;
	}
	e->depth_guard++;
	st_value *r = NULL;
	if (named(d, "arith.constant")) {
		r = st_rda_build_op(&c->b, "arith.constant", 0, NULL, st_value_type(v), st_op_attrs(d));
	} else if (d && named(d, "scf.if") && local_op(e, c, d)) {
		r = if_convert(e, c, d, st_value_index(v));
	} else if (d && (local_op(e, c, d) || (st_op_num_results(d) == 1 && iv_computable(e, c, v, 0)))) {
		r = clone_op(e, c, d);
	} else {
		r = dequeue(e, c, v);
	}
	e->depth_guard--;
	if (r)
		st_value_map_add(c->map, v, r);
	else if (!e->a->failed) {
		st_op_error(d ? d : e->a->original, "the rda lowering cannot compute this value in context");
		e->a->failed = true;
	}
	return r;
}

/* ------------------------------------------------------------ accesses */

/* The conditions of the scf.ifs of its block around an access: they
 * predicate it. */
static st_value *access_pred(emitter *e, cinst *c, st_op *op) {
	st_value *p = NULL;
	for (st_op *o = op; o; o = st_op_parent_op(o)) {
		st_op *parent = st_op_parent_op(o);
		if (!named(parent, "scf.if") || st__a2r_block_of(e->a, parent) != c->block)
			break;
		st_value *cond = resolve(e, c, st_op_operand(parent, 0));
		if (st_region_parent_op(st_op_parent_region(o)) == parent && st_region_index(st_op_parent_region(o)) == 1)
			cond = not_v(c, cond);
		p = p ? binop(c, "arith.andi", p, cond) : cond;
	}
	return p;
}

/* The word address of an access: sum of index x row-major stride. */
static st_value *access_addr(emitter *e, cinst *c, st_op *op) {
	bool store = named(op, "memref.store");
	st_type *t = st_value_type(st_op_operand(op, store ? 1 : 0));
	size_t rank = st_type_rank(t), first = store ? 2 : 1;
	st_type *it = index_t(e);
	st_value *addr = NULL;
	int64_t stride = 1;
	for (size_t k = rank; k-- > 0;) {
		st_value *x = resolve(e, c, st_op_operand(op, first + k));
		if (stride != 1)
			x = binop(c, "arith.muli", x, cst(c, it, stride));
		addr = addr ? binop(c, "arith.addi", addr, x) : x;
		stride *= st_type_dim(t, k);
	}
	return addr ? addr : cst(c, it, 0);
}

static const char *mem_sym(emitter *e, const a2r_mem *m, int part, char *buf, size_t n) {
	(void)e;
	if (part > 0)
		snprintf(buf, n, "%s_p%d", m->name, part);
	else
		snprintf(buf, n, "%s", m->name);
	return buf;
}

/* Cycles the banks need for lanes at base + l * stride under the bank
 * function (a / div + a / skew) mod banks. */
static int64_t conflicts(int64_t lanes, int64_t base, int64_t stride, int64_t banks, int64_t div, int64_t skew) {
	int64_t count[64] = {0}, worst = 1;
	for (int64_t l = 0; l < lanes && l < 64; l++) {
		int64_t a = base + l * stride;
		if (a < 0)
			continue;
		int64_t b = (a / div + (skew ? a / skew : 0)) % banks;
		if (b < 64 && ++count[b] > worst)
			worst = count[b];
	}
	return stride ? worst : 1;
}

/* The bank function of an on-chip memory (SARA's static banking, section
 * 3.3.2, in the simplest form that serves the apps): among plain cyclic
 * banking, banking by blocks of a lane stride, and cyclic banking skewed
 * by a row (or a stride), the one whose vectorised accesses (and the
 * staging copies, which go word after word) need the fewest bank cycles,
 * each access weighted by how often it runs. */
static void choose_banking(emitter *e, a2r_mem *m, int64_t banks, int64_t *div_out, int64_t *skew_out) {
	a2r *a = e->a;
	int64_t strides[16], weights[16];
	size_t n = 0;
	for (size_t i = 0; i < a->nsites && n < 16; i++) {
		a2r_site *s = &a->sites[i];
		const a2r_node *chain[A2R_MAX_DEPTH], *vec = NULL;
		if (s->mem != m)
			continue;
		if (!s->op) {
			strides[n] = 1, weights[n++] = m->elements / (a->lanes ? a->lanes : 1) + 1;
			continue;
		}
		size_t k = st__a2r_chain(s->block, chain, A2R_MAX_DEPTH);
		int64_t w = 1;
		for (size_t j = 0; j < k; j++) {
			if (chain[j]->vec)
				vec = chain[j];
			if (chain[j]->trip > 0 && w < (int64_t)1 << 40)
				w *= chain[j]->trip;
		}
		a2r_linear l;
		if (vec && st__a2r_access_linear(a, s->op, &l))
			strides[n] = l.coef[vec->level] * vec->step, weights[n++] = w;
	}
	int64_t cands[40][2], nc = 0, row = 1;
	st_type *t = st_value_type(m->value);
	if (st_type_rank(t) >= 2)
		row = st_type_dim(t, st_type_rank(t) - 1);
	cands[nc][0] = 1, cands[nc++][1] = 0;
	if (row > 1)
		cands[nc][0] = 1, cands[nc++][1] = row;
	for (size_t i = 0; i < n && nc < 38; i++) {
		int64_t st = strides[i] < 0 ? -strides[i] : strides[i];
		if (st > 1) {
			cands[nc][0] = st, cands[nc++][1] = 0;
			cands[nc][0] = 1, cands[nc++][1] = st;
		}
	}
	int64_t best = INT64_MAX;
	*div_out = 1, *skew_out = 0;
	for (int64_t c = 0; c < nc; c++) {
		int64_t cost = 0;
		for (size_t i = 0; i < n; i++) {
			static const int64_t bases[] = {0, 1, 5, 17, 100};
			int64_t d = 0;
			for (size_t b = 0; b < 5; b++)
				d += conflicts(a->lanes, bases[b], strides[i], banks, cands[c][0], cands[c][1]);
			cost += d * weights[i];
		}
		if (cost < best)
			best = cost, *div_out = cands[c][0], *skew_out = cands[c][1];
	}
}

static st_op *memory_unit(emitter *e, a2r_mem *m, int part) {
	a2r *a = e->a;
	size_t idx = mem_index(a, m) * 64 + (size_t)part;
	if (e->mem_units[idx])
		return e->mem_units[idx];
	char name[64], sym[64];
	snprintf(name, sizeof name, "m_%s_p%d", m->name, part);
	st_op *u = new_unit(e, name, ST_RDA_MEMORY);
	st_builder b = st_builder_at_end(a->ctx, st_rda_body(u), st_op_loc(a->original));
	int64_t banks = 1;
	for (size_t i = 0; i < a->m->npus; i++)
		if (a->m->pus[i].kind == ST_RDA_MEMORY)
			banks = a->m->pus[i].banks;
	st_op *s = st_rda_build_scratch(&b, mem_sym(e, m, part, sym, sizeof sym), st_value_type(m->value), banks);
	int64_t div, skew;
	choose_banking(e, m, banks, &div, &skew);
	st_type *i64 = st_integer_type(a->ctx, 64, ST_SIGNLESS);
	if (s && div > 1)
		st_op_set_attr(s, "bank_div", st_integer_attr(a->ctx, i64, div));
	if (s && skew > 0)
		st_op_set_attr(s, "bank_skew", st_integer_attr(a->ctx, i64, skew));
	if (s && m->parts > 1) {
		int64_t chunk = (m->elements + m->parts - 1) / m->parts, vals[3] = {part, m->parts, chunk};
		st_op_set_attr(s, "part", st_dense_int_array_attr(a->ctx, st_integer_type(a->ctx, 64, ST_SIGNLESS), 3, vals));
	}
	if (s && m->global)
		st_op_set_attr(s, "init", st_op_get_attr(m->global, "initial_value"));
	e->mem_units[idx] = u;
	return u;
}

/* The stream of token `t` from copy `from_copy` to copy `to_copy` (-1:
 * outside the copies).  Tokens leaving one site at one level with the same
 * initial count share a stream (a broadcast): the writer signals once,
 * every later access waits on its copy of it. */
static tokrec *token_stream(emitter *e, size_t t, int from_copy, int to_copy, int part) {
	a2r_token *tk = &e->a->tokens[t];
	for (size_t i = 0; i < e->ntoks; i++) {
		tokrec *r = &e->toks[i];
		a2r_token *o = &e->a->tokens[r->token];
		if (o->from == tk->from && o->level == tk->level && o->init == tk->init && r->from_copy == from_copy &&
		    (r->to_copy == to_copy || from_copy < 0) && r->part == part)
			return r;
	}
	tokrec r = {t, from_copy, to_copy, part, new_stream(e, NULL, false, tk->init, NULL)};
	if (!r.stream || !st__a2r_push(e->a, (void **)&e->toks, &e->ntoks, &e->captoks, sizeof r, &r)) {
		e->a->failed = true;
		return NULL;
	}
	return &e->toks[e->ntoks - 1];
}

static int site_copies(emitter *e, const a2r_site *s) { return s->block ? copies_of(e->a, s->block) : 0; }

/* Tokens the access context of (site, copy, part) signals: written to
 * `out` (up to 16), with their levels. */
static size_t outgoing(emitter *e, cinst *c, st_value **out, int64_t *levels) {
	a2r *a = e->a;
	size_t n = 0;
	for (size_t t = 0; t < a->ntokens && n < 16; t++) {
		a2r_token *tk = &a->tokens[t];
		if (tk->from != c->site)
			continue;
		int tc = site_copies(e, tk->to);
		if (c->copy >= 0 && !tc) {
			/* A copy signals its own token to the site outside. */
			tokrec *r = token_stream(e, t, c->copy, -1, c->part);
			if (r)
				out[n] = r->stream, levels[n++] = tk->level;
		} else if (c->copy < 0 && tc) {
			tokrec *r = token_stream(e, t, -1, -1, c->part);
			if (r)
				out[n] = r->stream, levels[n++] = tk->level;
		} else {
			tokrec *r = token_stream(e, t, c->copy, c->copy, c->part);
			if (r)
				out[n] = r->stream, levels[n++] = tk->level;
		}
	}
	/* A shared stream is signalled once. */
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		bool dup = false;
		for (size_t j = 0; j < k && !dup; j++)
			dup = out[j] == out[i];
		if (!dup)
			out[k] = out[i], levels[k++] = levels[i];
	}
	return k;
}

static void emit_waits(emitter *e, cinst *c) {
	a2r *a = e->a;
	for (size_t t = 0; t < a->ntokens; t++) {
		a2r_token *tk = &a->tokens[t];
		if (tk->to != c->site)
			continue;
		int fc = site_copies(e, tk->from);
		if (fc && c->copy < 0) {
			/* Outside the copies: a token from each. */
			for (int q = 0; q < fc; q++) {
				tokrec *r = token_stream(e, t, q, -1, c->part);
				if (r)
					st_rda_build_wait(&c->b, r->stream, tk->level);
			}
			continue;
		}
		tokrec *r = token_stream(e, t, fc ? c->copy : -1, fc ? c->copy : -1, c->part);
		if (r)
			st_rda_build_wait(&c->b, r->stream, tk->level);
	}
}

static void emit_signals(emitter *e, cinst *c) {
	st_value *out[16];
	int64_t levels[16];
	size_t n = outgoing(e, c, out, levels);
	for (size_t i = 0; i < n; i++)
		st_rda_build_signal(&c->b, out[i], levels[i]);
}

static st_status emit_site(emitter *e, a2r_site *s, int copy, int part) {
	a2r *a = e->a;
	a2r_mem *m = s->mem;
	bool onchip = m->place == A2R_ONCHIP;
	cinst *c = new_inst(e, K_ACCESS, s->block, s, copy, part);
	if (!c || a->failed)
		return ST_FAIL;
	char name[64], sym[64];
	name_of(name, sizeof name, "a", site_index(a, s), copy, part);
	if (st_failed(open_context(e, c, onchip ? memory_unit(e, m, part) : NULL, onchip ? ST_RDA_MEMORY : ST_RDA_DRAM,
	                           name)))
		return ST_FAIL;
	emit_waits(e, c);
	st_value *addr = access_addr(e, c, s->op), *pred = access_pred(e, c, s->op);
	mem_sym(e, m, onchip ? part : 0, sym, sizeof sym);
	if (s->write) {
		c->data_mode = true;
		st_value *v = resolve(e, c, st_op_operand(s->op, 0));
		c->data_mode = false;
		if (onchip) {
			st_rda_build_write(&c->b, sym, addr, v, pred);
			emit_signals(e, c);
		} else {
			st_value *acks[16];
			int64_t levels[16];
			size_t n = outgoing(e, c, acks, levels);
			c->dram_op = st_rda_build_store(&c->b, sym, addr, v, pred, n, acks, levels);
		}
	} else if (onchip) {
		st_value *v = st_op_result(s->op, 0);
		c->value = st_rda_build_read(&c->b, sym, addr, st_value_type(v), pred);
		a2r_node *where;
		int level = depth_of(a, v, &where);
		for (size_t i = 0; i < e->nstreams; i++) {
			srec *r = &e->streams[i];
			if (r->src == v && r->copy == copy && r->part == part && !r->produced) {
				r->produced = true;
				st_rda_build_enq(&c->b, r->stream, c->value, level, NULL);
			}
		}
		emit_signals(e, c);
	} else {
		st_value *v = st_op_result(s->op, 0);
		srec *r = find_stream(e, v, copy, 0);
		st_value *stream = r ? r->stream : NULL;
		if (r)
			r->produced = true;
		else
			stream = new_stream(e, st_value_type(v), c->lanes > 1, 0, NULL), add_stream(e, v, copy, 0, stream);
		st_value *acks[16];
		int64_t levels[16];
		size_t n = outgoing(e, c, acks, levels);
		c->dram_op = st_rda_build_load(&c->b, sym, addr, stream, pred, n, acks, levels);
	}
	return c->b.failed || a->failed ? ST_FAIL : ST_OK;
}

/* A staged argument: its part of the words copied from DRAM to the
 * memory unit (copy-in) or back (copy-out), a burst of lanes at a time. */
static st_status emit_stage(emitter *e, a2r_site *s, int part) {
	a2r *a = e->a;
	a2r_mem *m = s->mem;
	int64_t chunk = (m->elements + m->parts - 1) / m->parts;
	int64_t lo = part * chunk, hi = lo + chunk < m->elements ? lo + chunk : m->elements;
	char name[64], sym[64], dsym[64];
	cinst *ag = new_inst(e, K_COPY_AG, NULL, s, -1, part), *mc = new_inst(e, K_COPY_MEM, NULL, s, -1, part);
	if (!ag || !mc || a->failed)
		return ST_FAIL;
	ag->lanes = mc->lanes = a->lanes;
	name_of(name, sizeof name, s->stage == 1 ? "in" : "out", mem_index(a, m), -1, part);
	if (st_failed(open_context(e, ag, NULL, ST_RDA_DRAM, name)))
		return ST_FAIL;
	name_of(name, sizeof name, s->stage == 1 ? "fill" : "drain", mem_index(a, m), -1, part);
	if (st_failed(open_context(e, mc, memory_unit(e, m, part), ST_RDA_MEMORY, name)))
		return ST_FAIL;
	st_type *it = index_t(e), *elt = st_type_element(st_value_type(m->value));
	bool vec = a->lanes > 1;
	st_value *i_ag = st_rda_build_counter(&ag->b, cst(ag, it, lo), cst(ag, it, hi), 1, 0, vec);
	st_value *i_m = st_rda_build_counter(&mc->b, cst(mc, it, lo), cst(mc, it, hi), 1, 0, vec);
	st_value *data = new_stream(e, elt, vec, 0, NULL);
	mem_sym(e, m, part, sym, sizeof sym);
	snprintf(dsym, sizeof dsym, "%s", m->name);
	if (s->stage == 1) {
		st_rda_build_load(&ag->b, dsym, i_ag, data, NULL, 0, NULL, NULL);
		st_rda_build_write(&mc->b, sym, i_m, st_rda_build_deq(&mc->b, data, 1), NULL);
		emit_signals(e, mc);
	} else {
		emit_waits(e, mc);
		st_rda_build_enq(&mc->b, data, st_rda_build_read(&mc->b, sym, i_m, elt, NULL), 1, NULL);
		st_rda_build_store(&ag->b, dsym, i_ag, st_rda_build_deq(&ag->b, data, 1), NULL, 0, NULL, NULL);
	}
	return ag->b.failed || mc->b.failed || a->failed ? ST_FAIL : ST_OK;
}

/* ---------------------------------------------------------------- main */

static void free_emitter(emitter *e) {
	st_context *ctx = e->a->ctx;
	for (size_t i = 0; i < e->ninsts; i++) {
		st_value_map_destroy(e->insts[i]->map);
		st_ctx_free(ctx, e->insts[i], sizeof *e->insts[i]);
	}
	if (e->insts)
		st_ctx_free(ctx, e->insts, e->capinsts * sizeof *e->insts);
	if (e->streams)
		st_ctx_free(ctx, e->streams, e->capstreams * sizeof *e->streams);
	if (e->toks)
		st_ctx_free(ctx, e->toks, e->captoks * sizeof *e->toks);
	if (e->mem_units)
		st_ctx_free(ctx, e->mem_units, e->a->nmems * 64 * sizeof *e->mem_units);
}

static int64_t stream_depth(const a2r *a) {
	if (a->opt.depth > 0)
		return a->opt.depth;
	for (size_t i = 0; i < a->m->npus; i++)
		if (a->m->pus[i].kind == ST_RDA_COMPUTE)
			return a->m->pus[i].buffer_depth;
	return 2;
}

st_op *st__a2r_emit(a2r *a, st_op *module) {
	emitter e = {.a = a, .depth = stream_depth(a)};
	st_builder mb = st_builder_at_end(a->ctx, st_region_first_block(st_op_region(module, 0)), st_op_loc(a->original));
	mb.before = a->original;
	mb.block = st_op_block(a->original);
	st_ident *fname = st_symbol_name(a->original);
	char dname[96];
	snprintf(dname, sizeof dname, "%s_rda", fname ? st_ident_cstr(fname) : "kernel");
	e.design = st_rda_build_design(&mb, dname, a->lanes);
	e.mem_units = st_ctx_alloc(a->ctx, (a->nmems ? a->nmems : 1) * 64 * sizeof *e.mem_units);
	if (!e.design || !e.mem_units) {
		free_emitter(&e);
		return NULL;
	}
	memset(e.mem_units, 0, (a->nmems ? a->nmems : 1) * 64 * sizeof *e.mem_units);
	st_op_set_attr(e.design, "kernel", st_string_attr(a->ctx, st_ident_str(fname)));
	st_builder db = st_builder_at_end(a->ctx, st_rda_body(e.design), st_op_loc(a->original));
	for (size_t i = 0; i < a->nmems; i++) {
		a2r_mem *m = &a->mems[i];
		if (m->arg >= 0)
			st_rda_build_dram(&db, m->name, st_value_type(m->value), m->arg);
	}
	/* Streams go between the buffers and the units. */
	st_value *anchor = st_rda_build_stream(&db, st_rda_token_type(a->ctx), 1, 0, NULL);
	e.streams_b = st_builder_before(st_value_defining_op(anchor));
	st_status s = ST_OK;
	for (size_t i = 0; i < a->nsites && st_succeeded(s); i++) {
		a2r_site *site = &a->sites[i];
		int parts = site->mem->place == A2R_ONCHIP ? (int)site->mem->parts : 1;
		if (site->stage) {
			for (int p = 0; p < parts && st_succeeded(s); p++)
				s = emit_stage(&e, site, p);
			continue;
		}
		/* A load whose value nothing reads is not made. */
		if (!site->write && !st_value_has_uses(st_op_result(site->op, 0)))
			continue;
		int copies = site_copies(&e, site);
		for (int q = copies ? 0 : -1; q < (copies ? copies : 0) && st_succeeded(s); q++)
			for (int p = 0; p < parts && st_succeeded(s); p++)
				s = emit_site(&e, site, q, p);
	}
	/* The kernel's results go to the host. */
	st_op *ret = st_block_terminator(st_region_first_block(st_op_region(a->func, 0)));
	if (st_succeeded(s) && ret && st_op_num_operands(ret)) {
		cinst *h = host_inst(&e, K_RESULTS);
		for (size_t k = 0; h && k < st_op_num_operands(ret); k++)
			st_rda_build_result(&h->b, (int64_t)k, resolve(&e, h, st_op_operand(ret, k)));
	}
	st_op_erase(st_value_defining_op(anchor));
	bool ok = st_succeeded(s) && !a->failed;
	free_emitter(&e);
	if (!ok) {
		st_op_erase(e.design);
		return NULL;
	}
	return e.design;
}
