/* Capabilities: reading them, the work one operation does, which compute
 * nodes support an operation, and splitting a wide operation over several
 * units with the fewest operations. */
#include "acg_private.h"

#include <string.h>

size_t st_acg_num_caps(const st_op *node) {
	st_attr *c = st_acg_node_kind(node) == ST_ACG_COMPUTE ? st_op_get_attr(node, "caps") : NULL;
	return c ? st_attr_array_size(c) : 0;
}

bool st_acg_get_cap(const st_op *node, size_t i, st_acg_cap *out) {
	if (i >= st_acg_num_caps(node))
		return false;
	st_attr *c = st_attr_array_elt(st_op_get_attr(node, "caps"), i);
	out->op = st_attr_string(st_attr_array_elt(c, 0)).data;
	out->noperands = st_attr_array_size(c) - 1;
	for (size_t k = 0; k < out->noperands && k < 8; k++)
		out->operands[k] = st_attr_array_elt(c, k + 1);
	return true;
}

st_type *st_acg_cap_type(const st_acg_cap *c, size_t i) {
	return i < c->noperands ? st_attr_type_value(st_attr_array_elt(c->operands[i], 0)) : NULL;
}

size_t st_acg_cap_rank(const st_acg_cap *c, size_t i) {
	return i < c->noperands ? st_attr_array_size(c->operands[i]) - 1 : 0;
}

int64_t st_acg_cap_dim(const st_acg_cap *c, size_t i, size_t d) {
	return d < st_acg_cap_rank(c, i) ? st_attr_int_value(st_attr_array_elt(c->operands[i], d + 1)) : 0;
}

int64_t st_acg_cap_elements(const st_acg_cap *c, size_t i) {
	int64_t n = 1;
	for (size_t d = 0; d < st_acg_cap_rank(c, i); d++) {
		int64_t x = st_acg_cap_dim(c, i, d);
		if (x <= 0 || n > INT64_MAX / x)
			return 0;
		n *= x;
	}
	return n;
}

int64_t st_acg_cap_lanes(const st_acg_cap *c) { return st_acg_cap_elements(c, 0); }

int64_t st_acg_cap_macs(const st_acg_cap *c) {
	if (strcmp(c->op, "MMUL") == 0 && c->noperands > 1) {
		int64_t k = st_acg_cap_dim(c, 1, st_acg_cap_rank(c, 1) - 1);
		int64_t out = st_acg_cap_lanes(c);
		return k > 0 && out <= INT64_MAX / k ? out * k : 0;
	}
	if (strcmp(c->op, "MAC") == 0 || strcmp(c->op, "MVMUL") == 0 || strcmp(c->op, "GEMM") == 0) {
		int64_t best = 0;
		for (size_t i = 1; i < c->noperands; i++) {
			int64_t e = st_acg_cap_elements(c, i);
			best = e > best ? e : best;
		}
		return best;
	}
	return st_acg_cap_lanes(c);
}

/* ---------------------------------------------------------------- matching */

typedef bool (*node_fn)(st_op *node, void *ud);

/* Every compute node of `g` and of its grids, in order. */
static void each_compute(st_op *g, node_fn fn, void *ud) {
	st_block *b = st__acg_body(g);
	for (st_op *c = b ? st_block_first_op(b) : NULL; c; c = st_op_next(c)) {
		if (st_acg_node_kind(c) == ST_ACG_COMPUTE) {
			if (!fn(c, ud))
				return;
		} else if (st__acg_is_grid(c)) {
			each_compute(c, fn, ud);
		}
	}
}

/* The most lanes a node does of `op` on `type` in one operation (0: none). */
static int64_t best_lanes(const st_op *node, const char *op, const st_type *type) {
	int64_t best = 0;
	st_acg_cap c;
	for (size_t i = 0; st_acg_get_cap(node, i, &c); i++)
		if (strcmp(c.op, op) == 0 && st_acg_cap_type(&c, 0) == type && st_acg_cap_lanes(&c) > best)
			best = st_acg_cap_lanes(&c);
	return best;
}

typedef struct match {
	const char *op;
	const st_type *type;
	int64_t width;
	st_op **out;
	size_t cap, n;
} match;

static bool match_node(st_op *node, void *ud) {
	match *m = ud;
	int64_t lanes = best_lanes(node, m->op, m->type);
	if (lanes > 0 && lanes >= m->width) {
		if (m->n < m->cap)
			m->out[m->n] = node;
		m->n++;
	}
	return true;
}

size_t st_acg_nodes_supporting(st_op *graph, const char *op, const st_type *type, int64_t width, st_op **out,
                               size_t cap) {
	match m = {op, type, width, out, cap, 0};
	each_compute(graph, match_node, &m);
	return m.n;
}

/* ----------------------------------------------------------- decomposition */

#define MAX_UNITS 16
/* Covers are searched up to this width; beyond it the widest unit
 * takes the bulk first. */
#define DP_LIMIT 4096

typedef struct units {
	const char *op;
	const st_type *type;
	st_op *node[MAX_UNITS];
	int64_t lanes[MAX_UNITS];
	size_t n;
} units;

static bool add_unit(st_op *node, void *ud) {
	units *u = ud;
	int64_t lanes = best_lanes(node, u->op, u->type);
	if (lanes <= 0)
		return true;
	for (size_t i = 0; i < u->n; i++)
		if (u->lanes[i] == lanes)
			return true; /* one unit per width: the first written */
	if (u->n == MAX_UNITS)
		return false;
	/* Keep them widest first. */
	size_t k = u->n++;
	while (k > 0 && u->lanes[k - 1] < lanes) {
		u->lanes[k] = u->lanes[k - 1];
		u->node[k] = u->node[k - 1];
		k--;
	}
	u->lanes[k] = lanes;
	u->node[k] = node;
	return true;
}

static size_t add_part(st_acg_part *out, size_t cap, size_t n, st_op *node, int64_t lanes, int64_t count) {
	if (count <= 0)
		return n;
	for (size_t i = 0; i < n && i < cap; i++)
		if (out[i].node == node && out[i].lanes == lanes) {
			out[i].count += count;
			return n;
		}
	if (n < cap)
		out[n] = (st_acg_part){node, lanes, count};
	return n + 1;
}

size_t st_acg_decompose(st_op *graph, const char *op, const st_type *type, int64_t width, st_acg_part *out,
                        size_t cap) {
	units u = {.op = op, .type = type};
	each_compute(graph, add_unit, &u);
	if (!u.n || width <= 0)
		return 0;
	size_t n = 0;
	int64_t w = width;
	if (w > DP_LIMIT) {
		int64_t bulk = (w - DP_LIMIT) / u.lanes[0] + 1;
		n = add_part(out, cap, n, u.node[0], u.lanes[0], bulk);
		w -= bulk * u.lanes[0];
		if (w < 0)
			w = 0;
	}
	/* ops[x], idle[x]: the fewest operations covering at least x lanes,
	 * then the fewest idle lanes; choice[x]: the unit of the first one
	 * (the widest among equals). */
	st_context *ctx = st_op_context(graph);
	int64_t *ops = st_ctx_alloc(ctx, (size_t)(w + 1) * 2 * sizeof *ops);
	unsigned char *choice = st_ctx_alloc(ctx, (size_t)(w + 1));
	if (!ops || !choice) {
		if (ops)
			st_ctx_free(ctx, ops, (size_t)(w + 1) * 2 * sizeof *ops);
		if (choice)
			st_ctx_free(ctx, choice, (size_t)(w + 1));
		return 0;
	}
	int64_t *idle = ops + w + 1;
	ops[0] = idle[0] = 0;
	for (int64_t x = 1; x <= w; x++) {
		ops[x] = -1;
		for (size_t i = 0; i < u.n; i++) {
			int64_t rest = x > u.lanes[i] ? x - u.lanes[i] : 0;
			int64_t o = ops[rest] + 1, id = idle[rest] + (u.lanes[i] > x ? u.lanes[i] - x : 0);
			if (ops[x] < 0 || o < ops[x] || (o == ops[x] && id < idle[x])) {
				ops[x] = o;
				idle[x] = id;
				choice[x] = (unsigned char)i;
			}
		}
	}
	for (int64_t x = w; x > 0;) {
		size_t i = choice[x];
		n = add_part(out, cap, n, u.node[i], u.lanes[i], 1);
		x = x > u.lanes[i] ? x - u.lanes[i] : 0;
	}
	st_ctx_free(ctx, ops, (size_t)(w + 1) * 2 * sizeof *ops);
	st_ctx_free(ctx, choice, (size_t)(w + 1));
	return n;
}
