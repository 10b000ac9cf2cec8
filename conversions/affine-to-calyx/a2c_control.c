/* Control: a block becomes a calyx.seq of its sequential steps; scf.for a
 * calyx.while over an induction register (iter_args in registers written
 * together by the latch group, so the yield is a parallel copy); scf.if a
 * calyx.if with result registers; func.call an invoke of an instance of the
 * callee's component (one per call site, so a result stays valid after later
 * calls); adjacent ops marked `calyx.par` the threads of a calyx.par. */
#include "a2c.h"

static bool lower_op(a2c_comp *c, st_op *op, st_block *ctl);

/* A group writing `n` values into the registers `regs` (their `in` and
 * write_en), done on the first register's done. */
bool a2c_write_regs(a2c_comp *c, st_block *ctl, st_attr *loc, const char *prefix, size_t n, st_op *const *regs,
                       a2c_val *const *vals) {
	char gname[64];
	a2c_group g;
	if (!n)
		return true;
	if (!a2c_group_begin(c, &g, "calyx.group", prefix, loc, 0, gname))
		return false;
	for (size_t i = 0; i < n; i++) {
		st_value *p = a2c_read(c, &g, vals[i]);
		if (!p || !a2c_assign(c, g.body, st_op_result(regs[i], 0), p, NULL) ||
		    !a2c_assign(c, g.body, st_op_result(regs[i], 1), a2c_true(c), NULL))
			return false;
	}
	return a2c_group_done(c, &g, st_op_result(regs[0], 5)) && a2c_enable(c, ctl, gname, loc);
}

static bool lookup_all(a2c_comp *c, st_op *op, size_t first, size_t n, a2c_val **out) {
	for (size_t i = 0; i < n; i++)
		if (!(out[i] = a2c_lookup(c, st_op_operand(op, first + i))))
			return false;
	return true;
}

#define A2C_MAX_CARRIED 16

static bool too_many(st_op *op, size_t n) {
	if (n <= A2C_MAX_CARRIED)
		return false;
	st_op_error(op, "lower-to-calyx: more than %d carried values are not supported", A2C_MAX_CARRIED);
	return true;
}

/* A condition port for calyx.if/while: a cell output read through a comb
 * group that drives its cone (none when it needs nothing). */
static st_value *cond_port(a2c_comp *c, a2c_val *v, st_attr *loc, char *gname) {
	gname[0] = 0;
	if (!v->ndeps)
		return v->port;
	a2c_group g;
	if (!a2c_group_begin(c, &g, "calyx.comb_group", "cond", loc, 0, gname))
		return NULL;
	return a2c_read(c, &g, v);
}

static st_attr *group_attr(a2c_comp *c, const char *gname) {
	if (!gname[0])
		return NULL;
	const char *n = "groupName";
	st_attr *v = st_symbol_ref_attr(c->ctx, st_str_c(gname), 0, NULL);
	return a2c_named(c, 1, &n, &v);
}

static bool lower_for(a2c_comp *c, st_op *op, st_block *ctl) {
	st_attr *loc = st_op_loc(op);
	size_t n = st_op_num_results(op);
	if (too_many(op, n))
		return false;
	if (c->pipeline) {
		bool done = false;
		if (!a2c_pipeline_loop(c, op, ctl, &done))
			return false;
		if (done)
			return true;
	}
	st_block *body = st_region_first_block(st_op_region(op, 0));
	a2c_val *lb = a2c_lookup(c, st_op_operand(op, 0)), *ub = a2c_lookup(c, st_op_operand(op, 1)),
		*step = a2c_lookup(c, st_op_operand(op, 2));
	a2c_val *init[A2C_MAX_CARRIED + 1], *next[A2C_MAX_CARRIED + 1];
	st_op *regs[A2C_MAX_CARRIED + 1];
	if (!lb || !ub || !step || !lookup_all(c, op, 3, n, init + 1))
		return false;
	init[0] = lb;
	for (size_t i = 0; i <= n; i++) {
		st_value *v = i ? st_op_result(op, i - 1) : st_block_arg(body, 0);
		if (!(regs[i] = a2c_reg(c, i ? "iter" : "iv", loc, a2c_width(st_value_type(v)))))
			return false;
		a2c_val *rv = a2c_val_new(c, st_op_result(regs[i], 4));
		if (!a2c_bind(c, st_block_arg(body, i), rv) || (i && !a2c_bind(c, v, rv)))
			return false;
	}
	if (!a2c_write_regs(c, ctl, loc, "init", n + 1, regs, init))
		return false;
	a2c_val *iv = a2c_lookup(c, st_block_arg(body, 0));
	a2c_val *in[] = {iv, ub};
	unsigned ws[] = {A2C_INDEX_WIDTH, A2C_INDEX_WIDTH};
	a2c_val *lt = a2c_comb(c, "std_slt", loc, 2, in, ws, 1);
	char gname[64];
	st_value *cp = lt ? cond_port(c, lt, loc, gname) : NULL;
	st_op *w = cp ? a2c_ctl(c, ctl, "calyx.while", loc, 1, &cp, group_attr(c, gname), 1) : NULL;
	st_op *seq = w ? a2c_ctl(c, a2c_region_block(c, w, 0), "calyx.seq", loc, 0, NULL, NULL, 1) : NULL;
	if (!seq)
		return false;
	st_block *sb = a2c_region_block(c, seq, 0);
	if (!a2c_lower_block(c, body, sb))
		return false;
	st_op *y = st_block_last_op(body);
	a2c_val *inc[] = {iv, step};
	if (!(next[0] = a2c_comb(c, "std_add", loc, 2, inc, ws, A2C_INDEX_WIDTH)) || !lookup_all(c, y, 0, n, next + 1))
		return false;
	return a2c_write_regs(c, sb, loc, "latch", n + 1, regs, next);
}

static bool lower_if(a2c_comp *c, st_op *op, st_block *ctl) {
	st_attr *loc = st_op_loc(op);
	size_t n = st_op_num_results(op);
	st_op *regs[A2C_MAX_CARRIED];
	if (too_many(op, n))
		return false;
	for (size_t i = 0; i < n; i++) {
		st_value *r = st_op_result(op, i);
		if (!(regs[i] = a2c_reg(c, "if_res", loc, a2c_width(st_value_type(r)))) ||
		    !a2c_bind(c, r, a2c_val_new(c, st_op_result(regs[i], 4))))
			return false;
	}
	a2c_val *cv = a2c_lookup(c, st_op_operand(op, 0));
	char gname[64];
	st_value *cp = cv ? cond_port(c, cv, loc, gname) : NULL;
	st_op *cif = cp ? a2c_ctl(c, ctl, "calyx.if", loc, 1, &cp, group_attr(c, gname), 2) : NULL;
	if (!cif)
		return false;
	for (size_t k = 0; k < 2; k++) {
		st_region *r = st_op_region(op, k);
		if (st_region_is_empty(r))
			continue;
		st_op *seq = a2c_ctl(c, a2c_region_block(c, cif, k), "calyx.seq", loc, 0, NULL, NULL, 1);
		st_block *src = st_region_first_block(r), *sb = seq ? a2c_region_block(c, seq, 0) : NULL;
		a2c_val *ys[A2C_MAX_CARRIED];
		if (!sb || !a2c_lower_block(c, src, sb) || !lookup_all(c, st_block_last_op(src), 0, n, ys) ||
		    !a2c_write_regs(c, sb, loc, k ? "else_res" : "then_res", n, regs, ys))
			return false;
	}
	return true;
}

/* Values an invoke passes must be plain ports: a combinational value is
 * first latched into a register by a group of its own. */
static st_value *plain_port(a2c_comp *c, st_block *ctl, st_attr *loc, a2c_val *v, unsigned width) {
	if (!v->ndeps)
		return v->port;
	st_op *r = a2c_reg(c, "arg", loc, width);
	return r && a2c_write_regs(c, ctl, loc, "arg", 1, &r, &v) ? st_op_result(r, 4) : NULL;
}

static bool lower_call(a2c_comp *c, st_op *op, st_block *ctl) {
	st_attr *loc = st_op_loc(op);
	st_attr *callee = st_op_get_attr(op, "callee");
	st_op *f = callee ? st_symbol_lookup_nearest(op, callee) : NULL;
	if (!f || strcmp(st_op_name_cstr(f), "func.func") || st_region_is_empty(st_op_region(f, 0)))
		return st_op_error(op, "lower-to-calyx: the callee must be a func.func with a body"), false;
	st_type *ft = st_attr_type_value(st_op_get_attr(f, "function_type"));
	size_t nin = st_type_num_inputs(ft), nout = st_type_num_results(ft);
	if (nin > A2C_MAX_CARRIED || nout > A2C_MAX_CARRIED)
		return too_many(op, A2C_MAX_CARRIED + 1), false;
	/* The instance's ports in the component's order: inputs, go, clk,
	 * reset, outputs, done (a2c_pass.c builds components that way). */
	st_type *types[2 * A2C_MAX_CARRIED + 4], *b = a2c_int(c, 1);
	size_t k = 0;
	for (size_t i = 0; i < nin; i++) {
		st_type *t = st_type_input(ft, i);
		if (!a2c_width(t))
			return st_op_error(op, "lower-to-calyx: calls may pass only integers and index values"), false;
		types[k++] = a2c_int(c, a2c_width(t));
	}
	types[k++] = b, types[k++] = b, types[k++] = b;
	for (size_t i = 0; i < nout; i++)
		types[k++] = a2c_int(c, a2c_width(st_type_result(ft, i)));
	types[k++] = b;
	const char *names[] = {"componentName"};
	st_attr *vals[] = {st_symbol_ref_attr(c->ctx, st_attr_symbol_root(callee) ? st_ident_str(st_attr_symbol_root(callee))
	                                                                          : st_str_c(""), 0, NULL)};
	char iname[64];
	st_op *inst = a2c_cell(c, "instance", "inst", loc, k, types, a2c_named(c, 1, names, vals), iname);
	if (!inst)
		return false;
	st_value *ops[2 * A2C_MAX_CARRIED];
	for (size_t i = 0; i < nin; i++) {
		a2c_val *v = a2c_lookup(c, st_op_operand(op, i));
		st_value *p = v ? plain_port(c, ctl, loc, v, a2c_width(st_type_input(ft, i))) : NULL;
		if (!p)
			return false;
		ops[2 * i] = st_op_result(inst, i), ops[2 * i + 1] = p;
	}
	const char *cn = "callee";
	st_attr *cv = st_symbol_ref_attr(c->ctx, st_str_c(iname), 0, NULL);
	if (!a2c_ctl(c, ctl, "calyx.invoke", loc, 2 * nin, ops, a2c_named(c, 1, &cn, &cv), 0))
		return false;
	for (size_t i = 0; i < nout; i++)
		if (!a2c_bind(c, st_op_result(op, i), a2c_val_new(c, st_op_result(inst, nin + 3 + i))))
			return false;
	return true;
}

/* func.return: the results go to registers whose outputs drive the
 * component's output ports continuously (valid after done). */
static bool lower_return(a2c_comp *c, st_op *op, st_block *ctl) {
	size_t n = st_op_num_operands(op);
	st_op *regs[A2C_MAX_CARRIED];
	a2c_val *vals[A2C_MAX_CARRIED];
	if (too_many(op, n) || !lookup_all(c, op, 0, n, vals))
		return false;
	st_block *cb = c->body;
	st_type *ft = st_attr_type_value(st_op_get_attr(c->func, "function_type"));
	size_t nin = 0; /* data inputs: the memref arguments are memories, not ports */
	for (size_t i = 0; i < st_type_num_inputs(ft); i++)
		nin += st_type_get_kind(st_type_input(ft, i)) != ST_TYPE_MEMREF;
	for (size_t i = 0; i < n; i++) {
		if (!(regs[i] = a2c_reg(c, "ret", st_op_loc(op), a2c_width(st_value_type(st_op_operand(op, i))))))
			return false;
		/* Output port i is block argument nin + 3 + i (after go, clk, reset). */
		if (!a2c_assign(c, c->wires_body, st_block_arg(cb, nin + 3 + i), st_op_result(regs[i], 4), NULL))
			return false;
	}
	return a2c_write_regs(c, ctl, st_op_loc(op), "ret", n, regs, vals);
}

static bool is_par(st_op *op) { return op && st_op_get_attr(op, "calyx.par") != NULL; }

typedef struct par_scan {
	a2c_comp *c;
	st_op *thread;
	a2c_map *owner; /* memory -> the thread that accesses it */
	bool ok;
} par_scan;

static st_walk_result scan_thread(st_op *op, void *ud) {
	par_scan *s = ud;
	for (size_t i = 0; i < st_op_num_operands(op); i++) {
		st_value *v = st_op_operand(op, i);
		if (!a2c_map_get(&s->c->mems, v))
			continue;
		st_op *o = a2c_map_get(s->owner, v);
		if (o && o != s->thread) {
			st_diag *d = st_op_diag(op, ST_SEV_ERROR,
			                        "lower-to-calyx: threads of a calyx.par share a memory (calyx memories "
			                        "have one port)");
			st_diag_note(d, st_op_loc(o), "the other thread");
			st_diag_emit(d);
			s->ok = false;
			return ST_WALK_INTERRUPT;
		}
		if (!a2c_map_put(s->owner, v, s->thread)) {
			s->ok = false;
			return ST_WALK_INTERRUPT;
		}
	}
	return ST_WALK_ADVANCE;
}

/* Ops [first, last] of one block, each marked calyx.par: threads of one par.
 * They must not use each other's results nor share a memory. */
static bool lower_par(a2c_comp *c, st_op *first, st_op *last, st_block *ctl) {
	a2c_map owner;
	a2c_map_init(&owner, c->ctx);
	par_scan s = {c, NULL, &owner, true};
	for (st_op *t = first;; t = st_op_next(t)) {
		for (st_op *u = first; u != t; u = st_op_next(u))
			for (size_t r = 0; r < st_op_num_results(u); r++)
				for (st_use *us = st_value_first_use(st_op_result(u, r)); us; us = st_use_next(us))
					if (st_op_is_ancestor(t, st_use_owner(us))) {
						a2c_map_free(&owner);
						st_op_error(t, "lower-to-calyx: a calyx.par thread uses a result of another thread");
						return false;
					}
		s.thread = t;
		st_walk(t, ST_WALK_PRE, scan_thread, &s);
		if (!s.ok || t == last)
			break;
	}
	a2c_map_free(&owner);
	if (!s.ok)
		return false;
	st_op *par = a2c_ctl(c, ctl, "calyx.par", st_op_loc(first), 0, NULL, NULL, 1);
	if (!par)
		return false;
	for (st_op *t = first;; t = st_op_next(t)) {
		st_op *seq = a2c_ctl(c, a2c_region_block(c, par, 0), "calyx.seq", st_op_loc(t), 0, NULL, NULL, 1);
		if (!seq || !lower_op(c, t, a2c_region_block(c, seq, 0)))
			return false;
		if (t == last)
			return true;
	}
}

static bool lower_op(a2c_comp *c, st_op *op, st_block *ctl) {
	const char *name = st_op_name_cstr(op);
	bool handled;
	if (!strcmp(name, "scf.for"))
		return lower_for(c, op, ctl);
	if (!strcmp(name, "scf.if"))
		return lower_if(c, op, ctl);
	if (!strcmp(name, "func.call"))
		return lower_call(c, op, ctl);
	if (!strcmp(name, "func.return"))
		return lower_return(c, op, ctl);
	bool ok = a2c_lower_comb(c, op, &handled);
	if (handled)
		return ok;
	ok = a2c_lower_seq_op(c, op, ctl, &handled);
	if (handled)
		return ok;
	return st_op_error(op, "lower-to-calyx: this op cannot be lowered to calyx"), false;
}

bool a2c_lower_block(a2c_comp *c, st_block *src, st_block *ctl) {
	for (st_op *op = st_block_first_op(src); op; op = st_op_next(op)) {
		const char *name = st_op_name_cstr(op);
		if (!strcmp(name, "scf.yield"))
			continue;
		if (is_par(op) && is_par(st_op_next(op))) {
			st_op *last = op;
			while (is_par(st_op_next(last)))
				last = st_op_next(last);
			if (!lower_par(c, op, last, ctl))
				return false;
			op = last;
			continue;
		}
		if (!lower_op(c, op, ctl))
			return false;
	}
	return true;
}
