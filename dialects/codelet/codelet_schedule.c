/* codelet-schedule: Covenant's scheduling steps (Kinzer sections
 * 3.3-3.4, figures 3.7-3.9) for an element-wise codelet on an ACG: a loop
 * over N elements around one unplaced compute, as codelet-expand leaves an
 * element-wise layer, becomes a scheduled codelet.
 *
 * - operand placement: the layer's surrogates go to the storage node with
 *   the longest path to the compute nodes (MEM1, DRAM);
 * - compute mapping and parallelisation: every compute node with the
 *   capability on the element type takes part, widest first, so that a
 *   trip does the sum of their lanes (2 + 1 in Fig. 3.8, 4 + 1 in
 *   Fig. 3.9) rather than padding to the widest;
 * - transfers and tiling: when the compute nodes read an on-chip memory
 *   between the operands' home and them, the loop is tiled, the inputs
 *   moved in and the output moved back per tile; the tile is the largest
 *   divisor of N that Algorithm 3 accepts (each transfer a whole number of
 *   the source's words, all tiles within the memory's capacity), that a
 *   transfer moves in one use of the edge ("maximum bandwidth use") and
 *   that the parallel trip divides.
 * What cannot be scheduled so is an error naming why. */
#include "codelet_internal.h"

#include "strata/acg.h"
#include "strata/pass.h"

#include <stdio.h>

#define MAXN 8

typedef struct sched_options {
	const char *target;
} sched_options;

typedef struct part {
	st_op *node;
	int64_t lanes;
} part;

/* The shape this pass schedules: surrogates, then a loop 0..N step 1
 * around one unplaced compute whose accesses are [iv][1] of rank-1
 * surrogates. */
static st_op *element_loop(st_op *cd, st_op **compute) {
	st_block *b = st_codelet_body(cd);
	st_op *loop = NULL;
	for (st_op *op = st_block_first_op(b); op; op = st_op_next(op)) {
		const char *n = st_op_name_cstr(op);
		if (!strcmp(n, "codelet.inp") || !strcmp(n, "codelet.out") || !strcmp(n, "codelet.yield"))
			continue;
		if (strcmp(n, "codelet.loop") != 0 || loop)
			return NULL;
		loop = op;
	}
	st_codelet_loop_info li;
	if (!loop || !st_codelet_loop(loop, &li) || li.lb != 0 || li.step != 1 || li.ub_param)
		return NULL;
	st_block *body = st_codelet_body(loop);
	st_op *c = st_block_first_op(body);
	if (!c || strcmp(st_op_name_cstr(c), "codelet.compute") != 0 || st_op_next(c) != st_block_terminator(body) ||
	    st_codelet_compute_loc(c))
		return NULL;
	for (size_t i = 0; i < st_codelet_num_accesses(c); i++) {
		st_codelet_access a;
		if (!st_codelet_get_access(c, i, &a) || a.rank != 1 || a.sizes[0] != 1 ||
		    st_type_rank(st_value_type(a.surrogate)) != 1 || st_codelet_location(st_value_type(a.surrogate)))
			return NULL;
	}
	*compute = c;
	return loop;
}

static int64_t hops(st_op *from, st_op *to, st_op **before) {
	st_acg_path p;
	if (st_failed(st_acg_path_by_hops(from, to, &p)) || !p.n)
		return -1;
	int64_t n = (int64_t)p.n - 1;
	if (before)
		*before = p.n >= 2 ? p.nodes[p.n - 2] : NULL;
	st_acg_path_free(st_op_context(from), &p);
	return n;
}

static const char *name_of(st_op *node) { return st_ident_cstr(st_symbol_name(node)); }

static st_status schedule(st_op *graph, st_op *cd) {
	st_op *compute = NULL, *loop = element_loop(cd, &compute);
	if (!loop)
		return ST_OK; /* not an element-wise codelet: left as it is */
	st_context *ctx = st_op_context(cd);
	const char *cap = st_codelet_compute_cap(compute);
	st_codelet_loop_info li;
	st_codelet_loop(loop, &li);
	int64_t N = li.ub;
	size_t na = st_codelet_num_accesses(compute);
	st_codelet_access acc[ST_CODELET_MAX_ACCESSES];
	for (size_t i = 0; i < na; i++)
		st_codelet_get_access(compute, i, &acc[i]);
	st_type *elt = st_type_element(st_value_type(acc[0].surrogate));
	/* Compute mapping: every node with the capability, widest first. */
	st_op *nodes[MAXN];
	size_t nn = st_acg_nodes_supporting(graph, cap, elt, 1, nodes, MAXN);
	if (!nn) {
		char t[32];
		return st_op_error(compute, "no compute node of the ACG has '%s' on %s", cap,
		                   st_type_str(ctx, elt, t, sizeof t));
	}
	part parts[MAXN];
	int64_t W = 0;
	for (size_t i = 0; i < nn && i < MAXN; i++) {
		st_acg_cap c;
		parts[i] = (part){nodes[i], 1};
		for (size_t k = 0; k < st_acg_num_caps(nodes[i]); k++)
			if (st_acg_get_cap(nodes[i], k, &c) && !strcmp(c.op, cap) && st_acg_cap_type(&c, 0) == elt &&
			    st_acg_cap_lanes(&c) > parts[i].lanes)
				parts[i].lanes = st_acg_cap_lanes(&c);
	}
	for (size_t i = 0; i < nn; i++)
		for (size_t j = i + 1; j < nn; j++)
			if (parts[j].lanes > parts[i].lanes) {
				part t = parts[i];
				parts[i] = parts[j];
				parts[j] = t;
			}
	for (size_t i = 0; i < nn; i++)
		W += parts[i].lanes;
	/* Operand placement: the storage node with the longest path to the
	 * compute nodes; staging: the node the computes read from. */
	st_op *home = NULL, *stage = NULL;
	int64_t best = -1;
	st_block *gb = st_region_first_block(st_op_region(graph, 0));
	for (st_op *s = st_block_first_op(gb); s; s = st_op_next(s)) {
		if (st_acg_node_kind(s) != ST_ACG_STORAGE)
			continue;
		int64_t far = 0;
		for (size_t i = 0; i < nn && far >= 0; i++) {
			int64_t h = hops(s, parts[i].node, NULL);
			far = h < 0 ? -1 : (h > far ? h : far);
		}
		if (far > best) {
			best = far;
			home = s;
		}
	}
	if (!home)
		return st_op_error(compute, "no storage node of the ACG reaches every compute node with '%s'", cap);
	for (size_t i = 0; i < nn; i++) {
		st_op *before = NULL;
		hops(home, parts[i].node, &before);
		before = before == home ? NULL : before;
		if (i && before != stage)
			return st_op_error(compute, "the compute nodes with '%s' read from different memories ('%s' and '%s')", cap,
			                   stage ? name_of(stage) : name_of(home), before ? name_of(before) : name_of(home));
		stage = before;
	}
	/* Tiling: Algorithm 3 over the divisors of N, then the bandwidth and
	 * the parallel trip. */
	int64_t bits = st_type_int_width(elt), tile = N;
	if (stage) {
		st_acg_path p;
		int64_t bw = 0;
		if (st_succeeded(st_acg_path_by_hops(home, stage, &p)) && p.n) {
			bw = p.bandwidth;
			st_acg_path_free(ctx, &p);
		}
		int64_t room = (int64_t)st_acg_capacity_elements(stage, elt), width = st_acg_int(home, "data_width", 8);
		tile = 0;
		for (int64_t d = N; d >= 1 && !tile; d--)
			if (N % d == 0 && (d * bits) % width == 0 && (int64_t)na * d <= room && (!bw || d * bits <= bw) && d % W == 0)
				tile = d;
		if (!tile)
			return st_op_error(loop,
			                   "no tile of the %lld elements fits '%s' (Algorithm 3: %zu tiles of a divisor of %lld, each a "
			                   "multiple of the %lld-element trip, at most one use of the edge from '%s')",
			                   (long long)N, name_of(stage), na, (long long)N, (long long)W, name_of(home));
	} else if (N % W) {
		return st_op_error(loop, "%lld elements are no multiple of the %lld the compute nodes do together", (long long)N,
		                   (long long)W);
	}
	/* The scheduled codelet, beside the old one. */
	st_builder b = st_builder_before(cd);
	st_op *nc = st_codelet_build_cdlt(&b, st_codelet_name(cd), NULL);
	if (!nc)
		return ST_FAIL;
	st_builder in = st_builder_at_end(ctx, st_codelet_body(nc), st_op_loc(cd));
	in.before = st_block_terminator(st_codelet_body(nc));
	st_value *sur[ST_CODELET_MAX_ACCESSES];
	for (size_t j = 1; j <= na; j++) {
		size_t i = j % na; /* the inputs, then the output, as the listings have them */
		st_op *d = st_value_defining_op(acc[i].surrogate);
		st_type *t = st_codelet_relocate(ctx, st_value_type(acc[i].surrogate), name_of(home));
		st_value *bound = d && st_op_num_operands(d) ? st_op_operand(d, 0) : NULL;
		st_op *s = i == 0 ? st_codelet_build_out(&in, bound, t) : st_codelet_build_inp(&in, bound, t);
		if (!s)
			return ST_FAIL;
		sur[i] = st_op_result(s, 0);
	}
	st_value *out_tile = NULL;
	if (stage) {
		st_type *tt = st_codelet_surrogate_type(ctx, 1, &tile, elt, name_of(stage));
		st_op *l = st_codelet_build_local(&in, tt, st_integer_attr(ctx, elt, 0));
		if (!l)
			return ST_FAIL;
		out_tile = st_op_result(l, 0);
	}
	st_op *outer = st_codelet_build_loop(&in, 0, N, stage ? tile : W, NULL);
	if (!outer)
		return ST_FAIL;
	st_block *ob = st_codelet_body(outer);
	st_value *n = st_block_arg(ob, 0);
	st_builder ib = st_builder_at_end(ctx, ob, st_op_loc(cd));
	ib.before = st_block_terminator(ob);
	st_affine_expr *d0 = st_affine_dim(ctx, 0);
	const st_affine_map *at_n = st_affine_map_get(ctx, 1, 0, 1, &d0);
	st_value *src[ST_CODELET_MAX_ACCESSES];
	st_value *idx = n;
	st_block *cb = ob;
	st_builder cbld = ib;
	if (stage) {
		/* Tiles of the inputs moved in, the computes over a trip loop. */
		for (size_t i = 1; i < na; i++) {
			st_codelet_access a = {.surrogate = sur[i], .offsets = at_n, .rank = 1, .sizes = {tile}};
			st_op *t = st_codelet_build_transfer(&ib, &a, NULL, name_of(stage), false, NULL, 0, 1, &n);
			if (!t)
				return ST_FAIL;
			src[i] = st_op_result(t, 0);
		}
		src[0] = out_tile;
		st_op *inner = st_codelet_build_loop(&ib, 0, tile, W, NULL);
		if (!inner)
			return ST_FAIL;
		cb = st_codelet_body(inner);
		idx = st_block_arg(cb, 0);
		cbld = st_builder_at_end(ctx, cb, st_op_loc(cd));
		cbld.before = st_block_terminator(cb);
	} else {
		for (size_t i = 0; i < na; i++)
			src[i] = sur[i];
	}
	int64_t off = 0;
	for (size_t k = 0; k < nn; k++) {
		st_affine_expr *e = st_affine_add(ctx, d0, st_affine_const(ctx, off));
		st_codelet_access ca[ST_CODELET_MAX_ACCESSES];
		for (size_t i = 0; i < na; i++)
			ca[i] = (st_codelet_access){.surrogate = src[i], .offsets = st_affine_map_get(ctx, 1, 0, 1, &e), .rank = 1,
			                            .sizes = {parts[k].lanes}};
		if (!st_codelet_build_compute(&cbld, name_of(parts[k].node), cap, na, ca, 1, &idx))
			return ST_FAIL;
		off += parts[k].lanes;
	}
	if (stage) {
		st_affine_expr *z = st_affine_const(ctx, 0);
		st_codelet_access s = {.surrogate = out_tile, .offsets = st_affine_map_get(ctx, 1, 0, 1, &z), .rank = 1,
		                       .sizes = {tile}};
		st_codelet_access d = {.surrogate = sur[0], .offsets = at_n, .rank = 1};
		if (!st_codelet_build_transfer(&ib, &s, &d, NULL, false, NULL, 0, 1, &n))
			return ST_FAIL;
	}
	st_op_erase(cd);
	return ST_OK;
}

static st_walk_result collect(st_op *op, void *ud) {
	st_op ***end = ud;
	if (!strcmp(st_op_name_cstr(op), "codelet.cdlt"))
		*(*end)++ = op;
	return ST_WALK_ADVANCE;
}

static st_walk_result count(st_op *op, void *ud) {
	if (!strcmp(st_op_name_cstr(op), "codelet.cdlt"))
		(*(size_t *)ud)++;
	return ST_WALK_ADVANCE;
}

static st_status run(st_pass *pass, st_op *module) {
	const sched_options *o = st_pass_options(pass);
	st_op *graph = st_acg_find_target(module, o->target);
	if (!graph)
		return ST_FAIL;
	size_t n = 0;
	st_walk(module, ST_WALK_PRE, count, &n);
	if (!n)
		return ST_OK;
	st_context *ctx = st_pass_context(pass);
	st_op **ops = st_ctx_alloc(ctx, n * sizeof *ops), **end = ops;
	if (!ops)
		return ST_FAIL;
	st_walk(module, ST_WALK_PRE, collect, &end);
	st_status st = ST_OK;
	for (size_t i = 0; st_succeeded(st) && i < n; i++)
		st = schedule(graph, ops[i]);
	st_ctx_free(ctx, ops, n * sizeof *ops);
	return st;
}

static const st_pass_option_def opts[] = {
	{"target", "the acg.graph to schedule on (@name; default: the only one)", ST_PASS_OPT_STRING, NULL,
	 offsetof(sched_options, target), NULL},
};

const st_pass_def st__codelet_schedule_pass = {
	.name = "codelet-schedule",
	.summary = "Place, map, tile and parallelise element-wise codelets on an ACG (Kinzer Figs. 3.7-3.9)",
	.anchor = "builtin.module",
	.options = opts,
	.noptions = 1,
	.options_size = sizeof(sched_options),
	.run = run,
};
