/* Pipeline stages of a kernel's datapath.  A kernel of latency L is L
 * registers deep; rather than putting them all behind the datapath (where
 * the whole combinational path still sits between two registers), each op
 * gets a stage 0..L from its depth, so that the registers cut the datapath
 * into L + 1 parts of about equal depth.  The depth of an op is a rough
 * logic-level estimate (a divider is much deeper than an adder, a cast is
 * wiring), not a timing model: it only decides where the cuts go, and the
 * result stays exact whatever it says, since every value crossing a cut is
 * registered as many times as the stages it crosses. */
#include "uth.h"

#include <string.h>

/* Constants are the same in every cycle: they are never registered. */
bool st__uth_stage_is_constant(st_value *v) {
	st_op *d = st_value_defining_op(v);
	const char *n = d ? st_op_name_cstr(d) : "";
	return !strcmp(n, "arith.constant") || !strcmp(n, "memref.get_global");
}

static int64_t depth_of(const st_op *op) {
	static const struct {
		const char *name;
		int64_t depth;
	} table[] = {
		{"arith.muli", 4},   {"arith.divui", 16}, {"arith.divsi", 16}, {"arith.remui", 16},
		{"arith.remsi", 16}, {"arith.floordivsi", 17}, {"memref.load", 3}, {"arith.bitcast", 0},
		{"arith.index_cast", 0}, {"arith.index_castui", 0}, {"arith.trunci", 0}, {"arith.extui", 0},
		{"arith.extsi", 0},  {"arith.constant", 0},  {"memref.get_global", 0},
	};
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		if (!strcmp(st_op_name_cstr(op), table[i].name))
			return table[i].depth;
	return 1; /* adders, compares, muxes, logic, shifts */
}

static st__uth_stage_val *find(const st__uth_stages *st, const st_value *v) {
	for (size_t i = 0; i < st->n; i++)
		if (st->vals[i].v == v)
			return &st->vals[i];
	return NULL;
}

st__uth_stage_val *st__uth_stage_entry(st__uth_stages *st, st_value *v) {
	st__uth_stage_val *e = find(st, v);
	if (e)
		return e;
	if (!st_ctx_grow(st->ctx, (void **)&st->vals, &st->cap, NULL, sizeof *st->vals, st->n + 1))
		return NULL;
	e = &st->vals[st->n++];
	*e = (st__uth_stage_val){.v = v};
	return e;
}

int64_t st__uth_stage_of(const st__uth_stages *st, const st_value *v) {
	const st__uth_stage_val *e = find(st, v);
	return e ? e->stage : 0;
}

st_status st__uth_stage_plan(st__uth_stages *st, st_block *body, int64_t latency) {
	/* Depths first (kept in .stage), then the deepest yielded value fixes
	 * the scale: depths 1..D fall into stages 0..L evenly. */
	int64_t deepest = 0;
	for (st_op *op = st_block_first_op(body); op; op = st_op_next(op)) {
		int64_t in = 0;
		for (size_t i = 0; i < st_op_num_operands(op); i++)
			if (st__uth_stage_of(st, st_op_operand(op, i)) > in)
				in = st__uth_stage_of(st, st_op_operand(op, i));
		if (!strcmp(st_op_name_cstr(op), "ub.yield")) {
			deepest = in > deepest ? in : deepest;
			continue;
		}
		for (size_t r = 0; r < st_op_num_results(op); r++) {
			st__uth_stage_val *e = st__uth_stage_entry(st, st_op_result(op, r));
			if (!e)
				return ST_FAIL;
			e->stage = in + depth_of(op);
		}
	}
	for (size_t i = 0; i < st->n; i++) {
		int64_t d = st->vals[i].stage;
		st->vals[i].stage = latency <= 0 || d <= 0 || deepest <= 0 ? 0 : (d - 1) * (latency + 1) / deepest;
		if (st->vals[i].stage > latency)
			st->vals[i].stage = latency;
	}
	return ST_OK;
}

void st__uth_stage_free(st__uth_stages *st) {
	st_ctx_free(st->ctx, st->vals, st->cap * sizeof *st->vals);
	*st = (st__uth_stages){.ctx = st->ctx};
}
