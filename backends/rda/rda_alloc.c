/* Resource allocation (SARA section 3.3; docs/rda.md, "Resource
 * allocation"): compute contexts that need more than a PCU has are split
 * (compute partitioning), then compute units are packed together (global
 * merging), each with the source's traversal heuristics and with an ILP
 * solved by CBC from the heuristic's answer under a time limit.
 *
 * Partitioning works on the stage operations of a context, a recurrence
 * (a register, its update and the operations between) being one node.
 * Each part becomes a context of its own with a copy of the counter chain
 * (and of the operations that compute the chain's bounds), the external
 * streams it reads (a broadcast gains a reader) and the values it takes
 * from other parts in new streams; parts are ordered so that values only
 * flow forward (no new cycle).  Merging puts whole compute units into one
 * PCU when their stages and counters add up to what it has, and the
 * streams still crossing its boundary fit its ports. */
#include "rda_backend_internal.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static bool named(const st_op *op, const char *name) { return op && strcmp(st_op_name_cstr(op), name) == 0; }

static double now_ms(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static st_op *unit_of(st_op *op) {
	for (; op; op = st_op_parent_op(op))
		if (named(op, "rda.unit"))
			return op;
	return NULL;
}

static bool is_wire(const st_op *o) {
	const char *n = st_op_name_cstr(o);
	return !strcmp(n, "arith.index_cast") || !strcmp(n, "arith.index_castui") || !strcmp(n, "arith.bitcast");
}

/* ================================================================ parts */

enum { R_CHAIN, R_FREE, R_NODE, R_SINK };

typedef struct src {
	int kind; /* 0 external stream (deq op), 1 a node's value (op index) */
	int32_t op;
} src;

typedef struct pgraph {
	st_context *ctx;
	const st_rda_machine *m;
	const st_rda_pu *pu;
	st_op *context;
	st_op **ops;
	int32_t nops;
	uint8_t *role;
	int32_t *group; /* nodes (and registers, their updates): the group; -1 else */
	int32_t ngroups;
	int64_t *gstages;
	int64_t chain_stages;
	/* sources of each op, through wires: external streams and node values */
	src **srcs;
	int32_t *nsrcs;
	size_t *srcbytes; /* each srcs[i]'s size: its op may be erased before the graph is freed */
	int32_t (*edges)[2];
	int32_t nedges;
	int64_t lanes;
	bool failed;
} pgraph;

static void *zalloc(st_context *ctx, size_t n, bool *failed) {
	void *p = st_ctx_alloc(ctx, n ? n : 1);
	if (!p)
		*failed = true;
	else
		memset(p, 0, n ? n : 1);
	return p;
}

static int32_t op_index(const pgraph *g, const st_op *o) {
	for (int32_t i = 0; i < g->nops; i++)
		if (g->ops[i] == o)
			return i;
	return -1;
}

/* The sources of op k: operands chased through wires to deqs and nodes. */
static void add_src(pgraph *g, int32_t k, st_value *v, int depth) {
	st_op *d = st_value_defining_op(v);
	int32_t i = d ? op_index(g, d) : -1;
	if (i < 0 || depth > 32)
		return;
	if (named(d, "rda.deq")) {
		src s = {0, i};
		g->srcs[k][g->nsrcs[k]++] = s;
	} else if (g->role[i] == R_NODE) {
		src s = {1, i};
		g->srcs[k][g->nsrcs[k]++] = s;
	} else if (is_wire(d)) {
		add_src(g, k, st_op_operand(d, 0), depth + 1);
	}
}

/* Marks the ops computing the chain's bounds (they go into every part). */
static void mark_chain(pgraph *g, st_value *v) {
	st_op *d = st_value_defining_op(v);
	int32_t i = d ? op_index(g, d) : -1;
	if (i < 0 || g->role[i] == R_CHAIN || named(d, "rda.deq") || named(d, "arith.constant"))
		return;
	g->role[i] = R_CHAIN;
	for (size_t k = 0; k < st_op_num_operands(d); k++)
		mark_chain(g, st_op_operand(d, k));
}

static int32_t find(int32_t *uf, int32_t x) {
	while (uf[x] != x)
		x = uf[x] = uf[uf[x]];
	return x;
}

/* Whether value v reaches op `target` through ops of the context. */
static bool reaches(pgraph *g, const st_op *from, const st_op *target, uint8_t *seen) {
	if (from == target)
		return true;
	int32_t i = op_index(g, from);
	if (i < 0 || seen[i])
		return false;
	seen[i] = 1;
	for (size_t r = 0; r < st_op_num_results(from); r++)
		for (st_use *u = st_value_first_use(st_op_result((st_op *)from, r)); u; u = st_use_next(u))
			if (st_op_parent_op(st_use_owner(u)) == g->context && reaches(g, st_use_owner(u), target, seen))
				return true;
	return false;
}

static st_status build_graph(pgraph *g) {
	st_block *b = st_rda_body(g->context);
	for (st_op *o = st_block_first_op(b); o; o = st_op_next(o))
		g->nops++;
	bool *f = &g->failed;
	g->ops = zalloc(g->ctx, (size_t)g->nops * sizeof *g->ops, f);
	g->role = zalloc(g->ctx, (size_t)g->nops, f);
	g->group = zalloc(g->ctx, (size_t)g->nops * sizeof *g->group, f);
	g->srcs = zalloc(g->ctx, (size_t)g->nops * sizeof *g->srcs, f);
	g->nsrcs = zalloc(g->ctx, (size_t)g->nops * sizeof *g->nsrcs, f);
	g->srcbytes = zalloc(g->ctx, (size_t)g->nops * sizeof *g->srcbytes, f);
	if (g->failed)
		return ST_FAIL;
	int32_t k = 0;
	for (st_op *o = st_block_first_op(b); o; o = st_op_next(o))
		g->ops[k++] = o;
	g->lanes = st_rda_context_lanes(g->context);
	for (int32_t i = 0; i < g->nops; i++) {
		st_op *o = g->ops[i];
		g->group[i] = -1;
		if (named(o, "rda.enq") || named(o, "rda.signal"))
			g->role[i] = R_SINK;
		else if (st_rda_takes_stage(o) || named(o, "rda.reg") || named(o, "rda.reg_set"))
			g->role[i] = R_NODE;
		else
			g->role[i] = R_FREE;
	}
	for (int32_t i = 0; i < g->nops; i++)
		if (named(g->ops[i], "rda.counter"))
			for (size_t q = 0; q < 2; q++)
				mark_chain(g, st_op_operand(g->ops[i], q));
	/* Groups: each node alone, then each recurrence merged. */
	int32_t *uf = zalloc(g->ctx, (size_t)g->nops * sizeof *uf, f);
	uint8_t *seen = zalloc(g->ctx, (size_t)g->nops, f);
	if (g->failed)
		return ST_FAIL;
	for (int32_t i = 0; i < g->nops; i++)
		uf[i] = i;
	for (int32_t i = 0; i < g->nops; i++) {
		if (!named(g->ops[i], "rda.reg_set"))
			continue;
		st_op *reg = st_value_defining_op(st_op_operand(g->ops[i], 0));
		int32_t ri = op_index(g, reg);
		uf[find(uf, i)] = find(uf, ri);
		/* Every node on a path from the register to its update. */
		for (int32_t j = 0; j < g->nops; j++) {
			if (g->role[j] != R_NODE || j == i || j == ri)
				continue;
			memset(seen, 0, (size_t)g->nops);
			bool from_reg = reaches(g, reg, g->ops[j], seen);
			memset(seen, 0, (size_t)g->nops);
			if (from_reg && reaches(g, g->ops[j], g->ops[i], seen))
				uf[find(uf, j)] = find(uf, ri);
		}
	}
	int32_t *gid = zalloc(g->ctx, (size_t)g->nops * sizeof *gid, f);
	if (g->failed)
		return ST_FAIL;
	for (int32_t i = 0; i < g->nops; i++)
		gid[i] = -1;
	for (int32_t i = 0; i < g->nops; i++)
		if (g->role[i] == R_NODE) {
			int32_t r = find(uf, i);
			if (gid[r] < 0)
				gid[r] = g->ngroups++;
			g->group[i] = gid[r];
		}
	g->gstages = zalloc(g->ctx, (size_t)(g->ngroups ? g->ngroups : 1) * sizeof *g->gstages, f);
	for (int32_t i = 0; !g->failed && i < g->nops; i++) {
		if (g->role[i] == R_NODE)
			g->gstages[g->group[i]] += st_rda_takes_stage(g->ops[i]);
		else if (g->role[i] == R_CHAIN)
			g->chain_stages += st_rda_takes_stage(g->ops[i]);
	}
	st_ctx_free(g->ctx, uf, (size_t)g->nops * sizeof *uf);
	st_ctx_free(g->ctx, seen, (size_t)g->nops);
	st_ctx_free(g->ctx, gid, (size_t)g->nops * sizeof *gid);
	/* Sources and edges. */
	int32_t capedges = 0;
	for (int32_t i = 0; !g->failed && i < g->nops; i++) {
		size_t n = st_op_num_operands(g->ops[i]);
		g->srcbytes[i] = (n + 1) * 4 * sizeof **g->srcs;
		g->srcs[i] = zalloc(g->ctx, g->srcbytes[i], f);
		if (g->failed)
			break;
		if (g->role[i] == R_NODE || g->role[i] == R_SINK)
			for (size_t q = 0; q < n; q++)
				add_src(g, i, st_op_operand(g->ops[i], q), 0);
		capedges += g->nsrcs[i];
	}
	g->edges = zalloc(g->ctx, (size_t)(capedges ? capedges : 1) * sizeof *g->edges, f);
	for (int32_t i = 0; !g->failed && i < g->nops; i++) {
		if (g->role[i] != R_NODE)
			continue;
		for (int32_t k2 = 0; k2 < g->nsrcs[i]; k2++) {
			src s = g->srcs[i][k2];
			if (s.kind != 1 || g->group[s.op] == g->group[i])
				continue;
			g->edges[g->nedges][0] = g->group[s.op], g->edges[g->nedges][1] = g->group[i];
			g->nedges++;
		}
	}
	return g->failed ? ST_FAIL : ST_OK;
}

static void free_graph(pgraph *g) {
	st_context *ctx = g->ctx;
	for (int32_t i = 0; g->srcs && i < g->nops; i++)
		if (g->srcs[i])
			st_ctx_free(ctx, g->srcs[i], g->srcbytes[i]);
	int32_t capedges = 0;
	for (int32_t i = 0; g->nsrcs && i < g->nops; i++)
		capedges += g->nsrcs[i];
#define FREE(p, n) \
	if (p)     \
	st_ctx_free(ctx, (p), (n))
	FREE(g->edges, (size_t)(capedges ? capedges : 1) * sizeof *g->edges);
	FREE(g->srcs, (size_t)g->nops * sizeof *g->srcs);
	FREE(g->nsrcs, (size_t)g->nops * sizeof *g->nsrcs);
	FREE(g->srcbytes, (size_t)g->nops * sizeof *g->srcbytes);
	FREE(g->gstages, (size_t)(g->ngroups ? g->ngroups : 1) * sizeof *g->gstages);
	FREE(g->ops, (size_t)g->nops * sizeof *g->ops);
	FREE(g->role, (size_t)g->nops);
	FREE(g->group, (size_t)g->nops * sizeof *g->group);
#undef FREE
}

/* The track class of an external stream (its deq op), or of a node's value
 * sent to another part: vector on a vectorised context, except a fold's
 * result (the same on every lane). */
static int class_of_ext(const pgraph *g, int32_t deq) {
	return st_rda_net_class_of(g->m, st_value_type(st_op_operand(g->ops[deq], 0)));
}

static int class_of_value(const pgraph *g, int32_t op) {
	if (g->lanes > 1 && !named(g->ops[op], "rda.fold"))
		return ST_RDA_NET_VECTOR;
	return ST_RDA_NET_SCALAR;
}

static int class_of_sink(const pgraph *g, int32_t op) {
	return st_rda_net_class_of(g->m, st_value_type(st_op_operand(g->ops[op], 0)));
}

/* The part of a sink: its value's producer's, else the first part. */
static int32_t sink_part(const pgraph *g, int32_t k, const int32_t *part_of_group) {
	for (int32_t q = 0; q < g->nsrcs[k]; q++)
		if (g->srcs[k][q].kind == 1)
			return part_of_group[g->group[g->srcs[k][q].op]];
	return 0;
}

/* What part p needs, `part_of_group[x]` giving each group's part (-1: not
 * yet placed, counted as elsewhere). */
static void part_needs(const pgraph *g, const int32_t *pg, int32_t p, st_rda_needs *n) {
	memset(n, 0, sizeof *n);
	n->stages = g->chain_stages;
	n->lanes = g->lanes;
	n->counters = (int64_t)st_rda_context_counters(g->context, NULL, 0);
	/* Inputs: external streams read in the part (and by the chain), node
	 * values from elsewhere; outputs: values read elsewhere, sinks. */
	for (int32_t i = 0; i < g->nops; i++) {
		bool here = (g->role[i] == R_NODE && pg[g->group[i]] == p) || (g->role[i] == R_SINK && sink_part(g, i, pg) == p);
		if (g->role[i] == R_NODE && here)
			n->stages += st_rda_takes_stage(g->ops[i]);
		if (g->role[i] == R_SINK && here)
			n->out[class_of_sink(g, i)]++;
	}
	for (int32_t e = 0; e < g->nops; e++) {
		/* Each external stream (deq op) and node value once. */
		bool used_here = false, used_chain = false, used_elsewhere = false;
		bool is_deq = named(g->ops[e], "rda.deq"), is_node = g->role[e] == R_NODE && st_op_num_results(g->ops[e]);
		if (!is_deq && !is_node)
			continue;
		for (int32_t i = 0; i < g->nops; i++) {
			if (g->role[i] == R_CHAIN) {
				for (size_t q = 0; is_deq && q < st_op_num_operands(g->ops[i]); q++)
					used_chain |= st_value_defining_op(st_op_operand(g->ops[i], q)) == g->ops[e];
				continue;
			}
			if (g->role[i] != R_NODE && g->role[i] != R_SINK)
				continue;
			int32_t ip = g->role[i] == R_NODE ? pg[g->group[i]] : sink_part(g, i, pg);
			for (int32_t q = 0; q < g->nsrcs[i]; q++)
				if (g->srcs[i][q].op == e) {
					if (ip == p)
						used_here = true;
					else
						used_elsewhere = true;
				}
		}
		if (named(g->ops[e], "rda.counter"))
			continue;
		for (int32_t i = 0; is_deq && i < g->nops; i++)
			if (named(g->ops[i], "rda.counter"))
				for (size_t q = 0; q < 2; q++)
					used_chain |= st_value_defining_op(st_op_operand(g->ops[i], q)) == g->ops[e];
		if (is_deq && (used_here || used_chain))
			n->in[class_of_ext(g, e)]++;
		if (is_node) {
			bool mine = pg[g->group[e]] == p;
			if (!mine && used_here)
				n->in[class_of_value(g, e)]++;
			if (mine && used_elsewhere)
				n->out[class_of_value(g, e)]++;
		}
	}
}

static bool part_fits(const pgraph *g, const int32_t *pg, int32_t p) {
	st_rda_needs n;
	part_needs(g, pg, p, &n);
	int64_t used, avail;
	return !st_rda_misfit(g->pu, &n, &used, &avail);
}

/* Cross-part values of an assignment (the streams it adds). */
static int64_t cross_values(const pgraph *g, const int32_t *pg) {
	int64_t n = 0;
	for (int32_t e = 0; e < g->nops; e++) {
		if (g->role[e] != R_NODE || !st_op_num_results(g->ops[e]))
			continue;
		bool elsewhere = false;
		for (int32_t i = 0; i < g->nops && !elsewhere; i++) {
			if (g->role[i] != R_NODE && g->role[i] != R_SINK)
				continue;
			int32_t ip = g->role[i] == R_NODE ? pg[g->group[i]] : sink_part(g, i, pg);
			for (int32_t q = 0; q < g->nsrcs[i]; q++)
				elsewhere |= g->srcs[i][q].op == e && ip != pg[g->group[e]];
		}
		n += elsewhere;
	}
	return n;
}

/* ------------------------------------------------------ traversal orders */

/* A topological order of the groups: breadth first (a queue) or depth
 * first (a stack), on the graph or its reverse. */
static void topo(const pgraph *g, bool dfs, bool backward, int32_t *order) {
	int32_t n = g->ngroups;
	int32_t *indeg = st_ctx_alloc(g->ctx, (size_t)(n ? n : 1) * sizeof *indeg);
	int32_t *work = st_ctx_alloc(g->ctx, (size_t)(n ? n : 1) * sizeof *work);
	if (!indeg || !work)
		return;
	memset(indeg, 0, (size_t)(n ? n : 1) * sizeof *indeg);
	for (int32_t e = 0; e < g->nedges; e++)
		indeg[g->edges[e][backward ? 0 : 1]]++;
	int32_t head = 0, tail = 0, k = 0;
	for (int32_t v = 0; v < n; v++)
		if (!indeg[v])
			work[tail++] = v;
	while (head < tail) {
		int32_t v = dfs ? work[--tail] : work[head++];
		order[k++] = v;
		for (int32_t e = 0; e < g->nedges; e++) {
			int32_t from = g->edges[e][backward ? 1 : 0], to = g->edges[e][backward ? 0 : 1];
			if (from == v && --indeg[to] == 0)
				work[tail++] = to;
		}
	}
	/* Groups on a cycle (cannot happen: recurrences are groups) keep order. */
	for (int32_t v = 0; v < n && k < n; v++) {
		bool in = false;
		for (int32_t j = 0; j < k && !in; j++)
			in = order[j] == v;
		if (!in)
			order[k++] = v;
	}
	st_ctx_free(g->ctx, indeg, (size_t)(n ? n : 1) * sizeof *indeg);
	st_ctx_free(g->ctx, work, (size_t)(n ? n : 1) * sizeof *work);
}

/* Greedy: groups in order into the current part while it fits.  Returns
 * the parts (-1 when a group alone does not fit: *culprit). */
static int32_t traverse(const pgraph *g, const int32_t *order, bool backward, int32_t *pg, int32_t *culprit) {
	for (int32_t v = 0; v < g->ngroups; v++)
		pg[v] = -1;
	int32_t part = 0, in_part = 0;
	for (int32_t k = 0; k < g->ngroups; k++) {
		int32_t v = order[k];
		pg[v] = part;
		if (part_fits(g, pg, part)) {
			in_part++;
			continue;
		}
		if (!in_part) {
			*culprit = v;
			return -1;
		}
		pg[v] = ++part;
		in_part = 1;
		if (!part_fits(g, pg, part)) {
			*culprit = v;
			return -1;
		}
	}
	int32_t nparts = part + 1;
	if (backward)
		for (int32_t v = 0; v < g->ngroups; v++)
			pg[v] = nparts - 1 - pg[v];
	return nparts;
}

/* ------------------------------------------------------------------ ILP */

/* Table 3.6 with pir's ordering encoding: x[v][p] places group v in part p,
 * u[p] uses part p, parts are used in order, every edge goes to a part of
 * the same or a later index, and each part's stages, inputs and outputs
 * per class are within the PCU's.  Inputs and outputs are counted with
 * indicator columns (a value or stream counted once per part). */
static int32_t partition_ilp(const pgraph *g, int32_t P, int32_t *pg, double seconds, st_rda_alloc_result *res) {
	st__rda_ilp *ilp = st__rda_ilp_create(g->ctx);
	if (!ilp)
		return -1;
	int32_t G = g->ngroups;
	int *x = st_ctx_alloc(g->ctx, (size_t)G * (size_t)P * sizeof *x), *u = st_ctx_alloc(g->ctx, (size_t)P * sizeof *u);
	int cols[64];
	double coef[64];
	int32_t nparts = -1;
	if (!x || !u)
		goto out;
	for (int32_t p = 0; p < P; p++)
		u[p] = st__rda_ilp_col(ilp, 0, 1, 1000.0, true);
	for (int32_t v = 0; v < G; v++)
		for (int32_t p = 0; p < P; p++)
			x[v * P + p] = st__rda_ilp_col(ilp, 0, 1, 0, true);
	for (int32_t v = 0; v < G; v++) {
		/* one part each; only in used parts */
		int *row = st_ctx_alloc(g->ctx, (size_t)P * sizeof *row);
		double *one = st_ctx_alloc(g->ctx, (size_t)P * sizeof *one);
		if (!row || !one)
			goto out;
		for (int32_t p = 0; p < P; p++)
			row[p] = x[v * P + p], one[p] = 1;
		st__rda_ilp_row(ilp, P, row, one, 'E', 1);
		st_ctx_free(g->ctx, row, (size_t)P * sizeof *row);
		st_ctx_free(g->ctx, one, (size_t)P * sizeof *one);
		for (int32_t p = 0; p < P; p++) {
			cols[0] = x[v * P + p], coef[0] = 1, cols[1] = u[p], coef[1] = -1;
			st__rda_ilp_row(ilp, 2, cols, coef, 'L', 0);
		}
	}
	for (int32_t p = 0; p + 1 < P; p++) {
		cols[0] = u[p], coef[0] = 1, cols[1] = u[p + 1], coef[1] = -1;
		st__rda_ilp_row(ilp, 2, cols, coef, 'G', 0);
	}
	/* order: sum p*x[from] <= sum p*x[to] */
	{
		int *oc = st_ctx_alloc(g->ctx, (size_t)(2 * P) * sizeof *oc);
		double *ov = st_ctx_alloc(g->ctx, (size_t)(2 * P) * sizeof *ov);
		if (!oc || !ov)
			goto out;
		for (int32_t e = 0; e < g->nedges; e++) {
			int n = 0;
			for (int32_t p = 1; p < P; p++) {
				oc[n] = x[g->edges[e][0] * P + p], ov[n++] = p;
				oc[n] = x[g->edges[e][1] * P + p], ov[n++] = -p;
			}
			if (n)
				st__rda_ilp_row(ilp, n, oc, ov, 'L', 0);
		}
		st_ctx_free(g->ctx, oc, (size_t)(2 * P) * sizeof *oc);
		st_ctx_free(g->ctx, ov, (size_t)(2 * P) * sizeof *ov);
	}
	/* stages */
	for (int32_t p = 0; p < P; p++) {
		int *row = st_ctx_alloc(g->ctx, (size_t)(G + 1) * sizeof *row);
		double *c = st_ctx_alloc(g->ctx, (size_t)(G + 1) * sizeof *c);
		if (!row || !c)
			goto out;
		for (int32_t v = 0; v < G; v++)
			row[v] = x[v * P + p], c[v] = (double)g->gstages[v];
		row[G] = u[p], c[G] = -(double)(g->pu->stages - g->chain_stages);
		st__rda_ilp_row(ilp, G + 1, row, c, 'L', 0);
		st_ctx_free(g->ctx, row, (size_t)(G + 1) * sizeof *row);
		st_ctx_free(g->ctx, c, (size_t)(G + 1) * sizeof *c);
	}
	/* ports: per part and class, indicator columns summed */
	{
		int32_t nrows = P * 6, *rn = st_ctx_alloc(g->ctx, (size_t)nrows * sizeof *rn);
		int **rc = st_ctx_alloc(g->ctx, (size_t)nrows * sizeof *rc);
		double **rv = st_ctx_alloc(g->ctx, (size_t)nrows * sizeof *rv);
		int32_t cap = 4 * g->nops + 8;
		if (!rn || !rc || !rv)
			goto out;
		memset(rn, 0, (size_t)nrows * sizeof *rn);
		for (int32_t r = 0; r < nrows; r++) {
			rc[r] = st_ctx_alloc(g->ctx, (size_t)cap * sizeof **rc);
			rv[r] = st_ctx_alloc(g->ctx, (size_t)cap * sizeof **rv);
			if (!rc[r] || !rv[r])
				goto out;
		}
		for (int32_t e = 0; e < g->nops; e++) {
			bool is_deq = named(g->ops[e], "rda.deq"), is_node = g->role[e] == R_NODE && st_op_num_results(g->ops[e]);
			if (!is_deq && !is_node)
				continue;
			int cls = is_deq ? class_of_ext(g, e) : class_of_value(g, e);
			/* consumers' groups (sinks count in their producer's part) */
			for (int32_t p = 0; p < P; p++) {
				int in = st__rda_ilp_col(ilp, 0, 1, 0.001, true);
				int out_c = is_node ? st__rda_ilp_col(ilp, 0, 1, 0.001, true) : -1;
				bool any = false;
				for (int32_t i = 0; i < g->nops; i++) {
					if (g->role[i] != R_NODE)
						continue;
					bool uses = false;
					for (int32_t q = 0; q < g->nsrcs[i]; q++)
						uses |= g->srcs[i][q].op == e;
					if (!uses || (is_node && g->group[i] == g->group[e]))
						continue;
					any = true;
					/* in >= x[consumer][p] - x[producer][p] */
					int n = 0;
					cols[n] = in, coef[n++] = 1;
					cols[n] = x[g->group[i] * P + p], coef[n++] = -1;
					if (is_node)
						cols[n] = x[g->group[e] * P + p], coef[n++] = 1;
					st__rda_ilp_row(ilp, n, cols, coef, 'G', 0);
					if (is_node) {
						/* out >= x[producer][p] - x[consumer][p] */
						cols[0] = out_c, coef[0] = 1, cols[1] = x[g->group[e] * P + p], coef[1] = -1;
						cols[2] = x[g->group[i] * P + p], coef[2] = 1;
						st__rda_ilp_row(ilp, 3, cols, coef, 'G', 0);
					}
				}
				if (!any)
					continue;
				int32_t ri = p * 6 + cls, ro = p * 6 + 3 + cls;
				if (rn[ri] < cap)
					rc[ri][rn[ri]] = in, rv[ri][rn[ri]++] = 1;
				if (out_c >= 0 && rn[ro] < cap)
					rc[ro][rn[ro]] = out_c, rv[ro][rn[ro]++] = 1;
			}
		}
		/* sinks in their producer's part */
		for (int32_t i = 0; i < g->nops; i++) {
			if (g->role[i] != R_SINK)
				continue;
			int32_t prod = -1;
			for (int32_t q = 0; q < g->nsrcs[i]; q++)
				if (g->srcs[i][q].kind == 1)
					prod = g->group[g->srcs[i][q].op];
			int cls = class_of_sink(g, i);
			for (int32_t p = 0; p < P; p++) {
				int32_t ro = p * 6 + 3 + cls;
				if (prod >= 0 && rn[ro] < cap)
					rc[ro][rn[ro]] = x[prod * P + p], rv[ro][rn[ro]++] = 1;
			}
		}
		const int64_t caps[6] = {g->pu->vector_in, g->pu->scalar_in, g->pu->control_in,
		                         g->pu->vector_out, g->pu->scalar_out, g->pu->control_out};
		for (int32_t r = 0; r < nrows; r++) {
			if (rn[r])
				st__rda_ilp_row(ilp, rn[r], rc[r], rv[r], 'L', (double)caps[r % 6]);
			st_ctx_free(g->ctx, rc[r], (size_t)cap * sizeof **rc);
			st_ctx_free(g->ctx, rv[r], (size_t)cap * sizeof **rv);
		}
		st_ctx_free(g->ctx, rn, (size_t)nrows * sizeof *rn);
		st_ctx_free(g->ctx, rc, (size_t)nrows * sizeof *rc);
		st_ctx_free(g->ctx, rv, (size_t)nrows * sizeof *rv);
	}
	/* start from the heuristic's parts */
	for (int32_t p = 0; p < P; p++)
		st__rda_ilp_start(ilp, u[p], 1);
	for (int32_t v = 0; v < G; v++)
		st__rda_ilp_start(ilp, x[v * P + pg[v]], 1);
	st__rda_ilp_result r;
	int st = st__rda_ilp_solve(ilp, seconds, 0, &r);
	res->ilp_ms += r.ms;
	res->ilp_run = true;
	res->ilp_solved++;
	res->ilp_optimal &= r.optimal;
	res->ilp_timed_out |= r.timed_out;
	if (st == 0) {
		res->ilp_gap = r.gap > res->ilp_gap ? r.gap : res->ilp_gap;
		int32_t *np = st_ctx_alloc(g->ctx, (size_t)(G ? G : 1) * sizeof *np);
		if (np) {
			int32_t used = 0;
			for (int32_t p = 0; p < P; p++)
				used += r.solution[u[p]] > 0.5;
			for (int32_t v = 0; v < G; v++)
				for (int32_t p = 0; p < P; p++)
					if (r.solution[x[v * P + p]] > 0.5)
						np[v] = p;
			/* Parts renumbered densely in their order. */
			int32_t map[1024];
			int32_t k = 0;
			for (int32_t p = 0; p < P && p < 1024; p++) {
				bool any = false;
				for (int32_t v = 0; v < G; v++)
					any |= np[v] == p;
				map[p] = any ? k++ : -1;
			}
			for (int32_t v = 0; v < G; v++)
				pg[v] = map[np[v]];
			nparts = k;
			(void)used;
			st_ctx_free(g->ctx, np, (size_t)(G ? G : 1) * sizeof *np);
		}
	}
out:
	if (x)
		st_ctx_free(g->ctx, x, (size_t)G * (size_t)P * sizeof *x);
	if (u)
		st_ctx_free(g->ctx, u, (size_t)P * sizeof *u);
	st__rda_ilp_destroy(ilp);
	return nparts;
}

/* ------------------------------------------------------------- emission */

/* The parts as contexts of new compute units, in place of the unit of the
 * context. */
static st_status emit_parts(const pgraph *g, const int32_t *pg, int32_t nparts, int64_t depth) {
	st_context *ctx = g->ctx;
	st_op *unit = unit_of(g->context), *design = st_rda_design_of(unit);
	st_attr *loc = st_op_loc(g->context);
	const char *base = st_ident_cstr(st_symbol_name(unit));
	st_value_map **maps = st_ctx_alloc(ctx, (size_t)nparts * sizeof *maps);
	st_op **ctxs = st_ctx_alloc(ctx, (size_t)nparts * sizeof *ctxs);
	/* cross streams: per node op value and destination part */
	st_value **cross = st_ctx_alloc(ctx, (size_t)g->nops * (size_t)nparts * sizeof *cross);
	if (!maps || !ctxs || !cross)
		return ST_FAIL;
	memset(cross, 0, (size_t)g->nops * (size_t)nparts * sizeof *cross);
	st_status s = ST_OK;
	st_builder sb = st_builder_before(unit);
	int64_t lanes = g->lanes, ii = st_op_get_attr(g->context, "ii") ? st_attr_int_value(st_op_get_attr(g->context, "ii")) : 1;
	int64_t nlevels = (int64_t)st_rda_context_counters(g->context, NULL, 0);
	for (int32_t p = 0; p < nparts && st_succeeded(s); p++) {
		char name[96];
		snprintf(name, sizeof name, "%s_%d", base, p);
		st_builder db = st_builder_before(unit);
		st_op *u = st_rda_build_unit(&db, name, ST_RDA_COMPUTE);
		st_builder ub = st_builder_at_end(ctx, st_rda_body(u), loc);
		ctxs[p] = st_rda_build_context(&ub, name, lanes);
		maps[p] = st_value_map_create(ctx);
		if (!ctxs[p] || !maps[p]) {
			s = ST_FAIL;
			break;
		}
		if (ii > 1)
			st_op_set_attr(ctxs[p], "ii", st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), ii));
	}
	/* Clone in order: chain and free ops where needed (every part for the
	 * chain; free ops lazily would need a walk; cloning every free op into
	 * every part and letting the verifier-clean dead ones go is simpler,
	 * but dequeues add readers: so free ops are cloned where used). */
	for (int32_t p = 0; p < nparts && st_succeeded(s); p++) {
		st_builder b = st_builder_at_end(ctx, st_rda_body(ctxs[p]), loc);
		/* which free ops part p uses (deqs and wires reached from its ops) */
		uint8_t *need = st_ctx_alloc(ctx, (size_t)g->nops);
		if (!need) {
			s = ST_FAIL;
			break;
		}
		memset(need, 0, (size_t)g->nops);
		for (int32_t i = g->nops - 1; i >= 0; i--) {
			bool mine = g->role[i] == R_CHAIN || named(g->ops[i], "rda.counter") ||
			            (g->role[i] == R_NODE && pg[g->group[i]] == p) ||
			            (g->role[i] == R_SINK && sink_part(g, i, pg) == p) || need[i];
			if (!mine)
				continue;
			need[i] = 1;
			for (size_t q = 0; q < st_op_num_operands(g->ops[i]); q++) {
				st_op *d = st_value_defining_op(st_op_operand(g->ops[i], q));
				int32_t k = d ? op_index(g, d) : -1;
				if (k >= 0 && g->role[k] == R_FREE)
					need[k] = 1;
			}
		}
		for (int32_t i = 0; i < g->nops && st_succeeded(s); i++) {
			st_op *o = g->ops[i];
			bool here = need[i] && (g->role[i] != R_NODE || pg[g->group[i]] == p);
			if (!here)
				continue;
			/* Operands from another part's node: a stream from it. */
			for (size_t q = 0; q < st_op_num_operands(o); q++) {
				st_value *v = st_op_operand(o, q);
				st_op *d = st_value_defining_op(v);
				int32_t k = d ? op_index(g, d) : -1;
				if (k < 0 || st_value_map_lookup(maps[p], v))
					continue;
				if (g->role[k] == R_NODE && pg[g->group[k]] != p) {
					st_value **slot = &cross[k * nparts + p];
					if (!*slot) {
						st_type *t = st_rda_stream_type(ctx, st_value_type(v),
						                                class_of_value(g, k) == ST_RDA_NET_VECTOR ? lanes : 0);
						*slot = st_rda_build_stream(&sb, t, depth, 0, NULL);
					}
					st_value *x = st_rda_build_deq(&b, *slot, nlevels);
					if (x)
						st_value_map_add(maps[p], v, x);
				}
			}
			st_op *c = st_op_clone(o, maps[p]);
			if (!c) {
				s = ST_FAIL;
				break;
			}
			st_block_append_op(st_rda_body(ctxs[p]), c);
		}
		st_ctx_free(ctx, need, (size_t)g->nops);
	}
	/* The producers enqueue what other parts take. */
	for (int32_t k = 0; k < g->nops && st_succeeded(s); k++)
		for (int32_t p = 0; p < nparts; p++) {
			st_value *stream = cross[k * nparts + p];
			if (!stream)
				continue;
			int32_t home = pg[g->group[k]];
			st_builder b = st_builder_at_end(ctx, st_rda_body(ctxs[home]), loc);
			st_value *v = st_value_map_lookup(maps[home], st_op_result(g->ops[k], 0));
			if (!v || !st_rda_build_enq(&b, stream, v, nlevels, NULL))
				s = ST_FAIL;
		}
	for (int32_t p = 0; p < nparts; p++)
		if (maps[p])
			st_value_map_destroy(maps[p]);
	st_ctx_free(ctx, maps, (size_t)nparts * sizeof *maps);
	st_ctx_free(ctx, ctxs, (size_t)nparts * sizeof *ctxs);
	st_ctx_free(ctx, cross, (size_t)g->nops * (size_t)nparts * sizeof *cross);
	(void)design;
	if (st_succeeded(s)) {
		/* The original context goes; its unit too when empty. */
		st_op_erase(g->context);
		if (st_block_is_empty(st_rda_body(unit)))
			st_op_erase(unit);
	}
	return s;
}

/* Splits one compute context; adds the parts of each method to res. */
static st_status partition_context(st_op *context, const st_rda_machine *m, const st_rda_alloc_options *o,
                                   st_rda_alloc_result *res, int64_t depth) {
	pgraph g = {.ctx = st_op_context(context), .m = m, .context = context};
	g.pu = st__rda_kind_for(m, ST_RDA_COMPUTE);
	if (!g.pu)
		return st_op_error(context, "target '%s' has no compute units", m->name);
	st_status s = build_graph(&g);
	int32_t *best = NULL, *cand = NULL, *order = NULL;
	int32_t nbest = -1;
	if (st_succeeded(s)) {
		size_t n = (size_t)(g.ngroups ? g.ngroups : 1) * sizeof(int32_t);
		best = st_ctx_alloc(g.ctx, n), cand = st_ctx_alloc(g.ctx, n), order = st_ctx_alloc(g.ctx, n);
		if (!best || !cand || !order)
			s = ST_FAIL;
	}
	double t0 = now_ms();
	int64_t best_cross = INT64_MAX;
	int32_t culprit = -1;
	for (int variant = 0; st_succeeded(s) && variant < 4; variant++) {
		bool dfs = variant & 1, backward = variant & 2;
		topo(&g, dfs, backward, order);
		int32_t np = traverse(&g, order, backward, cand, &culprit);
		if (np < 0)
			continue;
		int64_t cr = cross_values(&g, cand);
		if (nbest < 0 || np < nbest || (np == nbest && cr < best_cross)) {
			nbest = np, best_cross = cr;
			memcpy(best, cand, (size_t)g.ngroups * sizeof *best);
		}
	}
	res->heuristic_ms += now_ms() - t0;
	if (st_succeeded(s) && nbest < 0) {
		/* A group that fits no PCU alone: name it and what it lacks. */
		st_op *o = NULL;
		for (int32_t i = 0; i < g.nops && !o; i++)
			if (g.role[i] == R_NODE && g.group[i] == culprit)
				o = g.ops[i];
		for (int32_t v = 0; v < g.ngroups; v++)
			cand[v] = v == culprit ? 0 : -1;
		st_rda_needs n;
		part_needs(&g, cand, 0, &n);
		int64_t used = 0, avail = 0;
		const char *what = st_rda_misfit(g.pu, &n, &used, &avail);
		s = st_op_error(o ? o : context, "this operation%s needs %lld %s, more than the %lld of a %s",
		                g.gstages[culprit] > 1 ? " and the recurrence it is part of" : "", (long long)used,
		                what ? what : "stages", (long long)avail, g.pu->name);
	}
	if (st_succeeded(s)) {
		res->split_heuristic += nbest;
		int32_t nuse = nbest;
		if (o->method == ST_RDA_ALLOC_ILP && nbest > 1)
			s = st__rda_ilp_check_size(context, (int64_t)nbest * (g.ngroups + 2 * (int64_t)g.nops + 1));
		if (st_succeeded(s) && o->method == ST_RDA_ALLOC_ILP && nbest > 1) {
			memcpy(cand, best, (size_t)g.ngroups * sizeof *cand);
			int32_t ni = partition_ilp(&g, nbest, cand, o->ilp_seconds > 0 ? o->ilp_seconds : 60, res);
			/* Kept only when it fits as the model said (it counts no
			 * registers) and is no worse. */
			bool fits = ni > 0 && ni <= nbest;
			for (int32_t p = 0; fits && p < ni; p++)
				fits = part_fits(&g, cand, p);
			if (fits)
				memcpy(best, cand, (size_t)g.ngroups * sizeof *best), nuse = ni;
		}
		res->split_ilp += nuse;
		if (st_succeeded(s))
			s = emit_parts(&g, best, nuse, depth);
	}
	if (best)
		st_ctx_free(g.ctx, best, (size_t)(g.ngroups ? g.ngroups : 1) * sizeof *best);
	if (cand)
		st_ctx_free(g.ctx, cand, (size_t)(g.ngroups ? g.ngroups : 1) * sizeof *cand);
	if (order)
		st_ctx_free(g.ctx, order, (size_t)(g.ngroups ? g.ngroups : 1) * sizeof *order);
	free_graph(&g);
	return s;
}

/* ============================================================== merging */

typedef struct munit {
	st_op *unit;
	st_rda_needs n;
} munit;

/* The needs of the units of bin `b` taken together: stages and counters
 * add up, lanes and registers take the largest, and only the streams
 * crossing the bin's boundary count. */
static void bin_needs(const st_rda_machine *m, munit *u, int32_t nu, const int32_t *bin, int32_t b, st_rda_needs *n) {
	memset(n, 0, sizeof *n);
	n->lanes = 1;
	st_op *design = NULL;
	for (int32_t i = 0; i < nu; i++) {
		if (bin[i] != b)
			continue;
		design = st_rda_design_of(u[i].unit);
		n->stages += u[i].n.stages, n->counters += u[i].n.counters;
		n->lanes = u[i].n.lanes > n->lanes ? u[i].n.lanes : n->lanes;
		n->regs = u[i].n.regs > n->regs ? u[i].n.regs : n->regs;
	}
	if (!design)
		return;
	for (st_op *s = st_block_first_op(st_rda_body(design)); s; s = st_op_next(s)) {
		if (!named(s, "rda.stream"))
			continue;
		st_value *v = st_op_result(s, 0);
		st_op *w = st_rda_stream_writer(v);
		st_op *wu = w ? unit_of(w) : NULL;
		bool writes = false, reads = false, read_outside = false;
		for (int32_t i = 0; i < nu; i++)
			writes |= bin[i] == b && u[i].unit == wu;
		for (st_use *us = st_value_first_use(v); us; us = st_use_next(us)) {
			st_op *o = st_use_owner(us);
			if (o == w)
				continue;
			st_op *ru = unit_of(o);
			bool in = false;
			for (int32_t i = 0; i < nu && !in; i++)
				in = bin[i] == b && u[i].unit == ru;
			if (in)
				reads = true;
			else
				read_outside = true;
		}
		int c = st_rda_net_class_of(m, st_value_type(v));
		if (c < 0)
			continue;
		if (reads && !writes)
			n->in[c]++;
		if (writes && read_outside)
			n->out[c]++;
	}
}

static bool bin_fits(const st_rda_machine *m, const st_rda_pu *pu, munit *u, int32_t nu, const int32_t *bin, int32_t b) {
	st_rda_needs n;
	bin_needs(m, u, nu, bin, b, &n);
	int64_t used, avail;
	return !st_rda_misfit(pu, &n, &used, &avail);
}

/* The traversal merge (Eq. 3.4/3.5): units in order, each into the first
 * open bin it fits, else a new bin. */
static int32_t merge_greedy(const st_rda_machine *m, const st_rda_pu *pu, munit *u, int32_t nu, int32_t *bin) {
	int32_t nbins = 0;
	for (int32_t i = 0; i < nu; i++)
		bin[i] = -1;
	for (int32_t i = 0; i < nu; i++) {
		bool placed = false;
		for (int32_t b = 0; b < nbins && !placed; b++) {
			bin[i] = b;
			placed = bin_fits(m, pu, u, nu, bin, b);
		}
		if (!placed)
			bin[i] = nbins++;
	}
	return nbins;
}

/* The merge ILP: units into bins (at most the heuristic's), stages and
 * counters within a PCU per bin, bins used in order, fewest bins.  Ports
 * are checked on the answer (and the heuristic kept when they do not
 * fit). */
static int32_t merge_ilp(const st_rda_machine *m, const st_rda_pu *pu, munit *u, int32_t nu, int32_t K, int32_t *bin,
                         double seconds, st_rda_alloc_result *res) {
	st_context *ctx = st_op_context(u[0].unit);
	st__rda_ilp *ilp = st__rda_ilp_create(ctx);
	int *x = st_ctx_alloc(ctx, (size_t)nu * (size_t)K * sizeof *x), *y = st_ctx_alloc(ctx, (size_t)K * sizeof *y);
	int *row = st_ctx_alloc(ctx, (size_t)(nu + 1) * sizeof *row);
	double *c = st_ctx_alloc(ctx, (size_t)(nu + 1) * sizeof *c);
	int32_t result = -1;
	if (!ilp || !x || !y || !row || !c)
		goto out;
	for (int32_t k = 0; k < K; k++)
		y[k] = st__rda_ilp_col(ilp, 0, 1, 1, true);
	for (int32_t i = 0; i < nu; i++)
		for (int32_t k = 0; k < K; k++)
			x[i * K + k] = st__rda_ilp_col(ilp, 0, 1, 0, true);
	for (int32_t i = 0; i < nu; i++) {
		for (int32_t k = 0; k < K; k++)
			row[k] = x[i * K + k], c[k] = 1;
		st__rda_ilp_row(ilp, K, row, c, 'E', 1);
	}
	for (int32_t k = 0; k < K; k++) {
		for (int res_kind = 0; res_kind < 2; res_kind++) {
			for (int32_t i = 0; i < nu; i++)
				row[i] = x[i * K + k], c[i] = (double)(res_kind ? u[i].n.counters : u[i].n.stages);
			row[nu] = y[k], c[nu] = -(double)(res_kind ? pu->counters : pu->stages);
			st__rda_ilp_row(ilp, nu + 1, row, c, 'L', 0);
		}
		if (k + 1 < K) {
			int r2[2] = {y[k], y[k + 1]};
			double c2[2] = {1, -1};
			st__rda_ilp_row(ilp, 2, r2, c2, 'G', 0);
		}
	}
	for (int32_t k = 0; k < K; k++)
		st__rda_ilp_start(ilp, y[k], 1);
	for (int32_t i = 0; i < nu; i++)
		st__rda_ilp_start(ilp, x[i * K + bin[i]], 1);
	st__rda_ilp_result r;
	int st = st__rda_ilp_solve(ilp, seconds, 0.999, &r);
	res->ilp_ms += r.ms;
	res->ilp_run = true;
	res->ilp_solved++;
	res->ilp_optimal &= r.optimal;
	res->ilp_timed_out |= r.timed_out;
	if (st == 0) {
		res->ilp_gap = r.gap > res->ilp_gap ? r.gap : res->ilp_gap;
		int32_t *nb = st_ctx_alloc(ctx, (size_t)nu * sizeof *nb);
		if (nb) {
			for (int32_t i = 0; i < nu; i++)
				for (int32_t k = 0; k < K; k++)
					if (r.solution[x[i * K + k]] > 0.5)
						nb[i] = k;
			int32_t map[4096], n = 0;
			for (int32_t k = 0; k < K && k < 4096; k++) {
				bool any = false;
				for (int32_t i = 0; i < nu; i++)
					any |= nb[i] == k;
				map[k] = any ? n++ : -1;
			}
			for (int32_t i = 0; i < nu; i++)
				nb[i] = map[nb[i]];
			bool fits = true;
			for (int32_t k = 0; k < n && fits; k++)
				fits = bin_fits(m, pu, u, nu, nb, k);
			if (fits && n <= K) {
				memcpy(bin, nb, (size_t)nu * sizeof *bin);
				result = n;
			}
			st_ctx_free(ctx, nb, (size_t)nu * sizeof *nb);
		}
	}
out:
	if (x)
		st_ctx_free(ctx, x, (size_t)nu * (size_t)K * sizeof *x);
	if (y)
		st_ctx_free(ctx, y, (size_t)K * sizeof *y);
	if (row)
		st_ctx_free(ctx, row, (size_t)(nu + 1) * sizeof *row);
	if (c)
		st_ctx_free(ctx, c, (size_t)(nu + 1) * sizeof *c);
	st__rda_ilp_destroy(ilp);
	return result;
}

/* Moves the contexts of each bin into its first unit. */
static void apply_bins(munit *u, int32_t nu, const int32_t *bin, int32_t nbins) {
	for (int32_t b = 0; b < nbins; b++) {
		st_op *first = NULL;
		for (int32_t i = 0; i < nu; i++) {
			if (bin[i] != b)
				continue;
			if (!first) {
				first = u[i].unit;
				continue;
			}
			st_block *to = st_rda_body(first);
			for (st_op *o = st_block_first_op(st_rda_body(u[i].unit)), *n; o; o = n) {
				n = st_op_next(o);
				st_op_remove(o);
				st_block_append_op(to, o);
			}
			st_op_erase(u[i].unit);
		}
	}
}

static st_status merge_units(st_op *design, const st_rda_machine *m, const st_rda_alloc_options *o,
                             st_rda_alloc_result *res) {
	const st_rda_pu *pu = st__rda_kind_for(m, ST_RDA_COMPUTE);
	st_context *ctx = st_op_context(design);
	int32_t nu = 0;
	for (st_op *u = st_block_first_op(st_rda_body(design)); u; u = st_op_next(u))
		nu += named(u, "rda.unit") && st_rda_unit_kind_of(u) == ST_RDA_COMPUTE;
	if (!nu || !pu)
		return ST_OK;
	munit *us = st_ctx_alloc(ctx, (size_t)nu * sizeof *us);
	int32_t *bin = st_ctx_alloc(ctx, (size_t)nu * sizeof *bin);
	if (!us || !bin)
		return ST_FAIL;
	int32_t k = 0;
	st_status s = ST_OK;
	for (st_op *u = st_block_first_op(st_rda_body(design)); u && st_succeeded(s); u = st_op_next(u))
		if (named(u, "rda.unit") && st_rda_unit_kind_of(u) == ST_RDA_COMPUTE) {
			us[k].unit = u;
			s = st_rda_unit_needs(m, u, &us[k].n);
			k++;
		}
	if (st_succeeded(s)) {
		double t0 = now_ms();
		int32_t nb = merge_greedy(m, pu, us, nu, bin);
		res->heuristic_ms += now_ms() - t0;
		res->merged_heuristic = nb;
		res->merged_ilp = nb;
		if (o->method == ST_RDA_ALLOC_ILP && nb > 1)
			s = st__rda_ilp_check_size(design, (int64_t)nb * (nu + 1));
		if (st_succeeded(s) && o->method == ST_RDA_ALLOC_ILP && nb > 1) {
			int32_t ni = merge_ilp(m, pu, us, nu, nb, bin, o->ilp_seconds > 0 ? o->ilp_seconds : 60, res);
			if (ni > 0)
				res->merged_ilp = ni, nb = ni;
		}
		if (st_succeeded(s))
			apply_bins(us, nu, bin, nb);
	}
	st_ctx_free(ctx, us, (size_t)nu * sizeof *us);
	st_ctx_free(ctx, bin, (size_t)nu * sizeof *bin);
	return s;
}

/* =================================================================== all */

static int64_t count_units(st_op *design, int kind) {
	int64_t n = 0;
	for (st_op *u = st_block_first_op(st_rda_body(design)); u; u = st_op_next(u))
		n += named(u, "rda.unit") && (kind < 0 || st_rda_unit_kind_of(u) == (st_rda_unit_kind)kind);
	return n;
}

static int64_t tiles_of(const st_rda_machine *m, st_rda_unit_kind k) {
	int64_t n = 0;
	for (size_t i = 0; i < m->npus; i++)
		n += m->pus[i].kind == k ? m->pus[i].count : 0;
	return n;
}

st_status st__rda_allocate(st_op *design, const st_rda_machine *m, const st_rda_alloc_options *o,
                           st_rda_alloc_result *res) {
	memset(res, 0, sizeof *res);
	res->ilp_optimal = true;
	res->units_before = count_units(design, -1);
	int64_t depth = 2;
	const st_rda_pu *cpu = st__rda_kind_for(m, ST_RDA_COMPUTE);
	depth = cpu && cpu->buffer_depth > 0 ? cpu->buffer_depth : depth;
	if (st_failed(st__rda_move_addresses(design, m)) || st_failed(st__rda_copy_memories(design, m)) ||
	    st_failed(st_rda_check_units(design, "after copying memories")))
		return ST_FAIL;
	/* Units other than compute ones must fit as they are. */
	for (st_op *u = st_block_first_op(st_rda_body(design)); u; u = st_op_next(u)) {
		if (!named(u, "rda.unit") || st_rda_unit_kind_of(u) == ST_RDA_COMPUTE)
			continue;
		const st_rda_pu *pu = st__rda_kind_for(m, st_rda_unit_kind_of(u));
		st_rda_needs n;
		if (!pu)
			return st_op_error(u, "target '%s' has no tile for a %s unit", m->name,
			                   st_rda_unit_kind_name(st_rda_unit_kind_of(u)));
		if (st_failed(st_rda_unit_needs(m, u, &n)))
			return ST_FAIL;
		int64_t used, avail;
		const char *what = st_rda_misfit(pu, &n, &used, &avail);
		if (what)
			return st_op_error(u, "the %s unit needs %lld %s, %s has %lld", st_rda_unit_kind_name(st_rda_unit_kind_of(u)),
			                   (long long)used, what, pu->name, (long long)avail);
	}
	/* Compute contexts that do not fit are split. */
	st_op *next;
	for (st_op *u = st_block_first_op(st_rda_body(design)); u; u = next) {
		next = st_op_next(u);
		if (!named(u, "rda.unit") || st_rda_unit_kind_of(u) != ST_RDA_COMPUTE)
			continue;
		st_rda_needs n;
		if (st_failed(st_rda_unit_needs(m, u, &n)))
			return ST_FAIL;
		int64_t used, avail;
		if (!st_rda_misfit(cpu, &n, &used, &avail)) {
			res->split_heuristic++, res->split_ilp++;
			continue;
		}
		st_op *c = st_block_first_op(st_rda_body(u));
		if (!c || st_op_next(c))
			return st_op_error(u, "a compute unit that does not fit holds one context to split");
		if (st_failed(partition_context(c, m, o, res, depth)))
			return ST_FAIL;
	}
	if (st_failed(st_rda_check_units(design, "after partitioning")) || st_failed(merge_units(design, m, o, res)))
		return ST_FAIL;
	res->units_after = count_units(design, -1);
	for (int k = 0; k < 3; k++) {
		int64_t need = count_units(design, k) + (k == ST_RDA_DRAM ? count_units(design, ST_RDA_HOST) : 0);
		int64_t have = tiles_of(m, (st_rda_unit_kind)k);
		if (need > have) {
			const st_rda_pu *pu = st__rda_kind_for(m, (st_rda_unit_kind)k);
			return st_op_error(design, "the design needs %lld %s units; target '%s' has %lld", (long long)need,
			                   pu ? pu->name : st_rda_unit_kind_name((st_rda_unit_kind)k), m->name, (long long)have);
		}
	}
	return ST_OK;
}
