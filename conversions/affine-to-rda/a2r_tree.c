/* The control tree of a kernel (a2r.h): loops, clauses of branches holding
 * loops, and blocks of straight-line ops (an scf.if without loops stays in
 * its block, to be predicated).  What the lowering cannot take is refused
 * here with an error at the op. */
#include "a2r.h"

#include "strata/arith.h"

#include <stdio.h>
#include <string.h>

/* An scf.for from 0 to `n` with the given carried values, its body holding
 * nothing (the caller adds the ops and the yield). */
st_op *st__a2r_new_for(st_builder *b, st_value *n, size_t ninit, st_value *const *init, st_type *const *types) {
	st_context *ctx = b->ctx;
	st_type *ix = st_index_type(ctx);
	st_value *ops[3 + 8] = {st_arith_build_constant(b, ix, 0), n, st_arith_build_constant(b, ix, 1)};
	if (ninit > 8)
		return NULL;
	for (size_t k = 0; k < ninit; k++)
		ops[3 + k] = init[k];
	st_op *loop = st_build_op(b, "scf.for", 3 + ninit, ops, ninit, types, NULL, 1);
	st_block *body = loop ? st_block_create(ctx) : NULL;
	if (!body)
		return NULL;
	st_region_append_block(st_op_region(loop, 0), body);
	st_block_add_arg(body, ix, b->loc);
	for (size_t k = 0; k < ninit; k++)
		st_block_add_arg(body, types[k], b->loc);
	return loop;
}

bool st__a2r_push(a2r *a, void **arr, size_t *n, size_t *cap, size_t elt, const void *item) {
	if (*n == *cap && !st_ctx_grow(a->ctx, arr, cap, NULL, elt, *n + 1)) {
		a->failed = true;
		return false;
	}
	memcpy((char *)*arr + *n * elt, item, elt);
	(*n)++;
	return true;
}

static bool named(const st_op *op, const char *name) { return op && strcmp(st_op_name_cstr(op), name) == 0; }

static a2r_node *new_node(a2r *a, a2r_kind kind, a2r_node *parent, st_op *op) {
	a2r_node *n = st_ctx_alloc(a->ctx, sizeof *n);
	if (!n) {
		a->failed = true;
		return NULL;
	}
	memset(n, 0, sizeof *n);
	n->kind = kind, n->parent = parent, n->op = op, n->par = 1, n->trip = -1;
	if (parent) {
		n->level = parent->level + (parent->kind == A2R_LOOP || parent->kind == A2R_CLAUSE);
		if (!st__a2r_push(a, (void **)&parent->kids, &parent->nkids, &parent->capkids, sizeof n, &n))
			return NULL;
	}
	if (!st__a2r_push(a, (void **)&a->nodes, &a->nnodes, &a->capnodes, sizeof n, &n))
		return NULL;
	return n;
}

static bool holds_loops_walk(st_op *op) {
	for (size_t r = 0; r < st_op_num_regions(op); r++)
		for (st_block *b = st_region_first_block(st_op_region(op, r)); b; b = st_block_next(b))
			for (st_op *o = st_block_first_op(b); o; o = st_op_next(o))
				if (named(o, "scf.for") || named(o, "scf.parallel") || named(o, "scf.while") || holds_loops_walk(o))
					return true;
	return false;
}

/* Ops a block may hold: arith, math, memory accesses and predicated ifs. */
static const char *refusal(st_op *op) {
	const char *n = st_op_name_cstr(op);
	if (!strncmp(n, "arith.", 6) || !strncmp(n, "math.", 5))
		return NULL;
	if (named(op, "memref.load") || named(op, "memref.store") || named(op, "memref.alloc") ||
	    named(op, "memref.alloca") || named(op, "memref.dealloc") || named(op, "memref.get_global"))
		return NULL;
	if (named(op, "scf.while"))
		return "scf.while is not supported by the rda lowering yet";
	return "is not supported by the rda lowering";
}

static st_status build_region(a2r *a, st_block *body, a2r_node *parent);

static void type_word(const st_type *t, char *buf, size_t n) {
	if (st_type_is_float(t))
		snprintf(buf, n, "f%u", (unsigned)st_type_float_width(t));
	else if (st_type_is_integer(t))
		snprintf(buf, n, "i%u", (unsigned)st_type_int_width(t));
	else
		snprintf(buf, n, "?");
}

/* An operation that takes a pipeline stage needs a capability of the
 * rda datapath, and the target must have it (issue 27: the error names
 * the operation and what the .acg lacks). */
static st_status check_cap(a2r *a, st_op *op) {
	st_rda_cap cap;
	const char *n = st_op_name_cstr(op);
	if ((strncmp(n, "arith.", 6) && strncmp(n, "math.", 5)) || !st_rda_takes_stage(op))
		return ST_OK;
	if (!st_rda_op_cap(op, &cap))
		return st_op_error(op, "no capability of the rda datapath computes %s (docs/rda.md lists what a PCU can "
		                       "have)",
		                   st_op_name_cstr(op));
	if (st_rda_machine_computes(a->m, &cap))
		return ST_OK;
	char out[16], in[16];
	type_word(cap.out, out, sizeof out);
	type_word(cap.in, in, sizeof in);
	return st_op_error(op, "no unit of target '%s' computes %s: its .acg has no capability %s from %s to %s "
	                       "(`cap (%s, N) = %s((%s, N), ...);`)",
	                   a->m->name, st_op_name_cstr(op), cap.name, in, out, out, cap.name, in);
}

/* The ops of an scf.if without loops join the block (checked recursively). */
static st_status check_inner(a2r *a, st_op *op) {
	for (size_t r = 0; r < st_op_num_regions(op); r++)
		for (st_op *o = st_block_first_op(st_region_first_block(st_op_region(op, r))); o; o = st_op_next(o)) {
			if (named(o, "scf.yield"))
				continue;
			if (named(o, "scf.if")) {
				if (st_failed(check_inner(a, o)))
					return ST_FAIL;
				continue;
			}
			const char *why = refusal(o);
			if (why)
				return st_op_error(o, "%s", why);
			if (st_failed(check_cap(a, o)))
				return ST_FAIL;
			if (named(o, "memref.alloc") || named(o, "memref.alloca"))
				return st_op_error(o, "an allocation inside a branch is not supported by the rda lowering");
		}
	return ST_OK;
}

static st_status add_loop(a2r *a, a2r_node *parent, st_op *op, st_value *iv, st_value *lb, st_value *ub, st_value *step,
                          bool parallel, a2r_node **out) {
	int64_t s, l, u;
	if (!st_arith_constant_int(step, &s) || s <= 0)
		return st_op_error(op, "the rda lowering needs a loop step that is a positive constant");
	if (parent->level >= A2R_MAX_DEPTH - 1)
		return st_op_error(op, "loops nest deeper than %d, the most a context's counter chain takes here",
		                   A2R_MAX_DEPTH - 1);
	a2r_node *n = new_node(a, A2R_LOOP, parent, op);
	if (!n)
		return ST_FAIL;
	n->iv = iv, n->lb = lb, n->ub = ub, n->step = s, n->parallel = parallel;
	if (st_arith_constant_int(lb, &l) && st_arith_constant_int(ub, &u))
		n->trip = u > l ? (u - l + s - 1) / s : 0;
	*out = n;
	return ST_OK;
}

static st_status add_for(a2r *a, a2r_node *parent, st_op *op) {
	st_block *body = st_region_first_block(st_op_region(op, 0));
	if (st_op_num_results(op) && holds_loops_walk(op))
		return st_op_error(op, "a value carried by a loop that holds loops is not supported by the rda lowering");
	/* lower-affine keeps the location of an affine.parallel, which
	 * convert-affine-to-rda marked before lowering. */
	bool parallel = false;
	for (size_t i = 0; i < a->nmarkers && !st_op_num_results(op); i++)
		parallel |= st_op_loc(op) == a->markers[i];
	a2r_node *n;
	if (st_failed(add_loop(a, parent, op, st_block_arg(body, 0), st_op_operand(op, 0), st_op_operand(op, 1),
	                       st_op_operand(op, 2), parallel, &n)))
		return ST_FAIL;
	return build_region(a, body, n);
}

static st_status add_parallel(a2r *a, a2r_node *parent, st_op *op) {
	size_t ls, ln, us, un, ss, sn, is, in;
	if (st_failed(st_op_operand_group(op, 0, &ls, &ln)) || st_failed(st_op_operand_group(op, 1, &us, &un)) ||
	    st_failed(st_op_operand_group(op, 2, &ss, &sn)) || st_failed(st_op_operand_group(op, 3, &is, &in)))
		return st_op_error(op, "malformed scf.parallel");
	if (in)
		return st_op_error(op, "an scf.parallel with reductions is not supported by the rda lowering");
	st_block *body = st_region_first_block(st_op_region(op, 0));
	a2r_node *n = parent;
	for (size_t d = 0; d < ln; d++)
		if (st_failed(add_loop(a, n, op, st_block_arg(body, d), st_op_operand(op, ls + d), st_op_operand(op, us + d),
		                       st_op_operand(op, ss + d), true, &n)))
			return ST_FAIL;
	return build_region(a, body, n);
}

static st_status add_if(a2r *a, a2r_node *parent, st_op *op) {
	if (st_op_num_results(op))
		return st_op_error(op, "an scf.if that holds loops and yields values is not supported by the rda lowering");
	for (int r = 0; r < 2; r++) {
		st_block *b = st_region_first_block(st_op_region(op, (size_t)r));
		if (!b)
			continue;
		if (parent->level >= A2R_MAX_DEPTH - 1)
			return st_op_error(op, "loops nest deeper than %d, the most a context's counter chain takes here",
			                   A2R_MAX_DEPTH - 1);
		a2r_node *c = new_node(a, A2R_CLAUSE, parent, op);
		if (!c)
			return ST_FAIL;
		c->cond = st_op_operand(op, 0), c->then = r == 0, c->trip = -1;
		if (st_failed(build_region(a, b, c)))
			return ST_FAIL;
	}
	return ST_OK;
}

static st_status build_region(a2r *a, st_block *body, a2r_node *parent) {
	a2r_node *cur = NULL;
	for (st_op *op = st_block_first_op(body); op; op = st_op_next(op)) {
		if (st_op_has_trait(op, ST_TRAIT_TERMINATOR) || named(op, "scf.reduce"))
			continue;
		st_status s = ST_OK;
		if (named(op, "scf.for")) {
			s = add_for(a, parent, op), cur = NULL;
		} else if (named(op, "scf.parallel")) {
			s = add_parallel(a, parent, op), cur = NULL;
		} else if (named(op, "scf.if") && holds_loops_walk(op)) {
			s = add_if(a, parent, op), cur = NULL;
		} else {
			if (named(op, "scf.if"))
				s = check_inner(a, op);
			else if (refusal(op))
				return st_op_error(op, "%s", refusal(op));
			else
				s = check_cap(a, op);
			if (st_succeeded(s) && !cur && !(cur = new_node(a, A2R_BLOCK, parent, NULL)))
				return ST_FAIL;
			if (st_succeeded(s) &&
			    !st__a2r_push(a, (void **)&cur->ops, &cur->nops, &cur->capops, sizeof op, &op))
				return ST_FAIL;
		}
		if (st_failed(s) || a->failed)
			return ST_FAIL;
	}
	return ST_OK;
}

st_status st__a2r_build_tree(a2r *a) {
	st_region *r = st_op_region(a->func, 0);
	if (st_region_num_blocks(r) != 1)
		return st_op_error(a->original, "the rda lowering needs structured control flow (one block per region)");
	a->root = new_node(a, A2R_ROOT, NULL, a->func);
	if (!a->root)
		return ST_FAIL;
	return build_region(a, st_region_first_block(r), a->root);
}

void st__a2r_free(a2r *a) {
	for (size_t i = 0; i < a->nnodes; i++) {
		a2r_node *n = a->nodes[i];
		if (n->kids)
			st_ctx_free(a->ctx, n->kids, n->capkids * sizeof *n->kids);
		if (n->ops)
			st_ctx_free(a->ctx, n->ops, n->capops * sizeof *n->ops);
		st_ctx_free(a->ctx, n, sizeof *n);
	}
	if (a->nodes)
		st_ctx_free(a->ctx, a->nodes, a->capnodes * sizeof *a->nodes);
	if (a->mems)
		st_ctx_free(a->ctx, a->mems, a->capmems * sizeof *a->mems);
	if (a->sites)
		st_ctx_free(a->ctx, a->sites, a->capsites * sizeof *a->sites);
	if (a->tokens)
		st_ctx_free(a->ctx, a->tokens, a->captokens * sizeof *a->tokens);
	a->nodes = NULL, a->mems = NULL, a->sites = NULL, a->tokens = NULL, a->root = NULL;
	a->nnodes = a->capnodes = a->nmems = a->capmems = a->nsites = a->capsites = a->ntokens = a->captokens = 0;
}

/* The block holding `op`: the op itself, or an scf.if of a block around it. */
a2r_node *st__a2r_block_of(a2r *a, st_op *op) {
	for (; op; op = st_op_parent_op(op))
		for (size_t i = 0; i < a->nnodes; i++) {
			a2r_node *n = a->nodes[i];
			if (n->kind != A2R_BLOCK)
				continue;
			for (size_t k = 0; k < n->nops; k++)
				if (n->ops[k] == op)
					return n;
		}
	return NULL;
}

st_op *st__a2r_top_of(st_op *op, st_op *func) {
	while (op && st_op_parent_op(op) != func)
		op = st_op_parent_op(op);
	return op;
}

bool st__a2r_encloses(const a2r_node *n, const a2r_node *m) {
	for (; m; m = m->parent)
		if (m == n)
			return true;
	return false;
}

size_t st__a2r_chain(const a2r_node *n, const a2r_node **out, size_t cap) {
	const a2r_node *tmp[A2R_MAX_DEPTH];
	size_t k = 0;
	for (; n && k < A2R_MAX_DEPTH; n = n->parent)
		if (n->kind == A2R_LOOP || n->kind == A2R_CLAUSE)
			tmp[k++] = n;
	for (size_t i = 0; i < k && i < cap; i++)
		out[i] = tmp[k - 1 - i];
	return k;
}
