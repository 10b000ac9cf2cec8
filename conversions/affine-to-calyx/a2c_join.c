/* Steps that share a group: each group costs at least two cycles (the
 * write, then the done that the control waits for), so loads from
 * distinct memories that do not depend on each other are one group (their
 * registers written in one cycle, as Calyx's group fusion would), and a
 * loop's latch (the next induction value and iter_args) joins the store
 * that ends its body: registers and memories are written at the same clock
 * edge, from the values of the cycle before it. */
#include "a2c.h"

static bool last_step(st__a2c_comp *c, st_block *ctl) {
	return c->join.enable && st_block_last_op(ctl) == c->join.enable;
}

/* Whether the lowered value `v` is computed from one of the ports in
 * `outs` (its cone of combinational cells; deep cones count as yes). */
static bool reads(const st__a2c_val *v, st_value *const *outs, size_t n, unsigned depth) {
	if (!v || depth > 64)
		return true;
	for (size_t i = 0; i < n; i++)
		if (v->port == outs[i])
			return true;
	for (size_t i = 0; i < v->ndeps; i++)
		if (reads(v->src[i], outs, n, depth + 1))
			return true;
	return false;
}

st__a2c_group *st__a2c_join_load(st__a2c_comp *c, st_block *ctl, st_op *op, st__a2c_mem *m, size_t first) {
	st__a2c_join *j = &c->join;
	if (!last_step(c, ctl) || j->store || j->seq != m->seq || j->n == A2C_JOIN_MAX)
		return NULL;
	for (size_t i = 0; i < j->n; i++)
		if (j->mems[i] == m)
			return NULL;
	for (size_t i = 0; i < m->rank; i++)
		if (reads(st__a2c_map_get(&c->vals, st_op_operand(op, first + i)), j->outs, j->n, 0))
			return NULL;
	return &j->g;
}

st__a2c_group *st__a2c_join_store(st__a2c_comp *c, st_block *ctl) { return last_step(c, ctl) && c->join.store ? &c->join.g : NULL; }

void st__a2c_join_close(st__a2c_group *g) {
	st_op *last = st_block_last_op(g->body);
	for (st_op *op = st_block_first_op(g->body); op; op = st_op_next(op))
		if (op != last && !strcmp(st_op_name_cstr(op), "calyx.group_done")) {
			st_op_move_after(op, last);
			return;
		}
}

void st__a2c_join_note(st__a2c_comp *c, st_block *ctl, const st__a2c_group *g, st__a2c_mem *m, st_value *out) {
	st__a2c_join *j = &c->join;
	st_op *e = st_block_last_op(ctl);
	if (e != j->enable) {
		memset(j, 0, sizeof *j);
		j->enable = e, j->g = *g, j->store = out == NULL, j->seq = m->seq;
	}
	if (out && j->n < A2C_JOIN_MAX)
		j->mems[j->n] = m, j->outs[j->n++] = out;
}
