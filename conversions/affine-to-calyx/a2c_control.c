/* Control: a block becomes a calyx.seq of its sequential steps; scf.for a
 * calyx.while over an induction register (iter_args in registers written
 * together by the latch group, so the yield is a parallel copy); scf.if a
 * calyx.if with result registers; func.call an invoke of an instance of the
 * callee's component (one per call site, so a result stays valid after later
 * calls); adjacent ops marked `calyx.par` the threads of a calyx.par. */
#include "a2c.h"

static bool lower_op(st__a2c_comp *c, st_op *op, st_block *ctl);

/* A group writing `n` values into the registers `regs` (their `in` and
 * write_en), done on the first register's done. */
bool st__a2c_write_regs(st__a2c_comp *c, st_block *ctl, st_attr *loc, const char *prefix, size_t n, st_op *const *regs,
                       st__a2c_val *const *vals) {
	char gname[64];
	st__a2c_group own, *g = st__a2c_join_store(c, ctl);
	if (!n)
		return true;
	if (!g && !st__a2c_group_begin(c, g = &own, "calyx.group", prefix, loc, 0, gname))
		return false;
	for (size_t i = 0; i < n; i++) {
		st_value *p = st__a2c_read(c, g, vals[i]);
		if (!p || !st__a2c_assign(c, g->body, st_op_result(regs[i], 0), p, NULL) ||
		    !st__a2c_assign(c, g->body, st_op_result(regs[i], 1), st__a2c_true(c), NULL))
			return false;
	}
	/* Joined to a store: written at its edge, done with it. */
	if (g != &own) {
		st__a2c_join_close(g);
		c->join.enable = NULL;
		return true;
	}
	return st__a2c_group_done(c, g, st_op_result(regs[0], 5)) && st__a2c_enable(c, ctl, gname, loc);
}

static bool lookup_all(st__a2c_comp *c, st_op *op, size_t first, size_t n, st__a2c_val **out) {
	for (size_t i = 0; i < n; i++)
		if (!(out[i] = st__a2c_lookup(c, st_op_operand(op, first + i))))
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
static st_value *cond_port(st__a2c_comp *c, st__a2c_val *v, st_attr *loc, char *gname) {
	gname[0] = 0;
	if (!v->ndeps)
		return v->port;
	st__a2c_group g;
	if (!st__a2c_group_begin(c, &g, "calyx.comb_group", "cond", loc, 0, gname))
		return NULL;
	return st__a2c_read(c, &g, v);
}

static st_attr *group_attr(st__a2c_comp *c, const char *gname) {
	if (!gname[0])
		return NULL;
	const char *n = "groupName";
	st_attr *v = st_symbol_ref_attr(c->ctx, st_str_c(gname), 0, NULL);
	return st__a2c_named(c, 1, &n, &v);
}

static bool lower_for(st__a2c_comp *c, st_op *op, st_block *ctl) {
	if (st_op_get_attr(op, "calyx.parallel"))
		return st__a2c_par_lower(c, op, ctl);
	if (too_many(op, st_op_num_results(op)))
		return false;
	if (c->pipeline) {
		bool done = false;
		if (!st__a2c_pipeline_loop(c, op, ctl, NULL, &done))
			return false;
		if (done)
			return true;
	}
	return st__a2c_plain_loop(c, op, ctl, NULL, NULL);
}

bool st__a2c_plain_loop(st__a2c_comp *c, st_op *op, st_block *ctl, st__a2c_val *lb, st__a2c_val *step) {
	st_attr *loc = st_op_loc(op);
	size_t n = st_op_num_results(op);
	if (too_many(op, n))
		return false;
	st_block *body = st_region_first_block(st_op_region(op, 0));
	st__a2c_val *ub = st__a2c_lookup(c, st_op_operand(op, 1));
	if (!lb)
		lb = st__a2c_lookup(c, st_op_operand(op, 0));
	if (!step)
		step = st__a2c_lookup(c, st_op_operand(op, 2));
	st__a2c_val *init[A2C_MAX_CARRIED + 1], *next[A2C_MAX_CARRIED + 1];
	st_op *regs[A2C_MAX_CARRIED + 1];
	if (!lb || !ub || !step || !lookup_all(c, op, 3, n, init + 1))
		return false;
	init[0] = lb;
	for (size_t i = 0; i <= n; i++) {
		st_value *v = i ? st_op_result(op, i - 1) : st_block_arg(body, 0);
		if (!(regs[i] = st__a2c_reg(c, i ? "iter" : "iv", loc, st__a2c_width(st_value_type(v)))))
			return false;
		st__a2c_val *rv = st__a2c_val_new(c, st_op_result(regs[i], 4));
		if (!st__a2c_bind(c, st_block_arg(body, i), rv) || (i && !st__a2c_bind(c, v, rv)))
			return false;
	}
	if (!st__a2c_write_regs(c, ctl, loc, "init", n + 1, regs, init))
		return false;
	st__a2c_val *iv = st__a2c_lookup(c, st_block_arg(body, 0));
	st__a2c_val *in[] = {iv, ub};
	unsigned ws[] = {A2C_INDEX_WIDTH, A2C_INDEX_WIDTH};
	st__a2c_val *lt = st__a2c_comb(c, "std_slt", loc, 2, in, ws, 1);
	char gname[64];
	st_value *cp = lt ? cond_port(c, lt, loc, gname) : NULL;
	st_op *w = cp ? st__a2c_ctl(c, ctl, "calyx.while", loc, 1, &cp, group_attr(c, gname), 1) : NULL;
	st_op *seq = w ? st__a2c_ctl(c, st__a2c_region_block(c, w, 0), "calyx.seq", loc, 0, NULL, NULL, 1) : NULL;
	if (!seq)
		return false;
	st_block *sb = st__a2c_region_block(c, seq, 0);
	if (!st__a2c_lower_block(c, body, sb))
		return false;
	st_op *y = st_block_last_op(body);
	st__a2c_val *inc[] = {iv, step};
	if (!(next[0] = st__a2c_comb(c, "std_add", loc, 2, inc, ws, A2C_INDEX_WIDTH)) || !lookup_all(c, y, 0, n, next + 1))
		return false;
	return st__a2c_write_regs(c, sb, loc, "latch", n + 1, regs, next);
}

static bool lower_if(st__a2c_comp *c, st_op *op, st_block *ctl) {
	st_attr *loc = st_op_loc(op);
	size_t n = st_op_num_results(op);
	st_op *regs[A2C_MAX_CARRIED];
	if (too_many(op, n))
		return false;
	for (size_t i = 0; i < n; i++) {
		st_value *r = st_op_result(op, i);
		if (!(regs[i] = st__a2c_reg(c, "if_res", loc, st__a2c_width(st_value_type(r)))) ||
		    !st__a2c_bind(c, r, st__a2c_val_new(c, st_op_result(regs[i], 4))))
			return false;
	}
	st__a2c_val *cv = st__a2c_lookup(c, st_op_operand(op, 0));
	char gname[64];
	st_value *cp = cv ? cond_port(c, cv, loc, gname) : NULL;
	st_op *cif = cp ? st__a2c_ctl(c, ctl, "calyx.if", loc, 1, &cp, group_attr(c, gname), 2) : NULL;
	if (!cif)
		return false;
	for (size_t k = 0; k < 2; k++) {
		st_region *r = st_op_region(op, k);
		if (st_region_is_empty(r))
			continue;
		st_op *seq = st__a2c_ctl(c, st__a2c_region_block(c, cif, k), "calyx.seq", loc, 0, NULL, NULL, 1);
		st_block *src = st_region_first_block(r), *sb = seq ? st__a2c_region_block(c, seq, 0) : NULL;
		st__a2c_val *ys[A2C_MAX_CARRIED];
		if (!sb || !st__a2c_lower_block(c, src, sb) || !lookup_all(c, st_block_last_op(src), 0, n, ys) ||
		    !st__a2c_write_regs(c, sb, loc, k ? "else_res" : "then_res", n, regs, ys))
			return false;
	}
	return true;
}

/* Values an invoke passes must be plain ports: a combinational value is
 * first latched into a register by a group of its own. */
static st_value *plain_port(st__a2c_comp *c, st_block *ctl, st_attr *loc, st__a2c_val *v, unsigned width) {
	if (!v->ndeps)
		return v->port;
	st_op *r = st__a2c_reg(c, "arg", loc, width);
	return r && st__a2c_write_regs(c, ctl, loc, "arg", 1, &r, &v) ? st_op_result(r, 4) : NULL;
}

/* The memories a call passes are connected for the call's duration: the
 * callee's address/data/enable outputs drive the caller's memory, whose
 * read data and done go back (a group of its own instead of an invoke). */
static bool connect_memory(st__a2c_comp *c, st__a2c_group *g, st_op *call, st_op *inst, const st__a2c_port *p, size_t i) {
	st__a2c_mem *m = st__a2c_mem_of(c, st_op_operand(call, (size_t)p->arg), call);
	if (m && m->nbanks)
		return st_op_error(call, "lower-to-calyx: a memory split into banks for an affine.parallel cannot be "
		                         "passed to a function (option parallel=1 keeps it whole)"),
		       false;
	if (!m)
		return false;
	st_value *mine = m->port[p->slot], *theirs = st_op_result(inst, i);
	return p->input ? st__a2c_assign(c, g->body, theirs, mine, NULL) : st__a2c_assign(c, g->body, mine, theirs, NULL);
}

static bool lower_call(st__a2c_comp *c, st_op *op, st_block *ctl) {
	st_attr *loc = st_op_loc(op);
	st_attr *callee = st_op_get_attr(op, "callee");
	st_op *f = callee ? st_symbol_lookup_nearest(op, callee) : NULL;
	if (!f || strcmp(st_op_name_cstr(f), "func.func") || st_region_is_empty(st_op_region(f, 0)))
		return st_op_error(op, "lower-to-calyx: the callee must be a func.func with a body"), false;
	st_type *ft = st_attr_type_value(st_op_get_attr(f, "function_type"));
	size_t nin = st_type_num_inputs(ft), nout = st_type_num_results(ft);
	if (nin > A2C_MAX_CARRIED || nout > A2C_MAX_CARRIED)
		return too_many(op, A2C_MAX_CARRIED + 1), false;
	/* The instance's ports are the callee component's (st__a2c_ports.c). */
	st__a2c_port ports[A2C_PORTS_PER_ARG * A2C_MAX_CARRIED + A2C_MAX_CARRIED + 4];
	st_type *types[sizeof ports / sizeof *ports];
	size_t ninputs, np = st__a2c_func_ports(c, f, false, ports, &ninputs);
	bool memories = false;
	for (size_t i = 0; i < np; i++) {
		types[i] = ports[i].type;
		memories |= ports[i].slot >= 0;
	}
	const char *names[] = {"componentName"};
	st_attr *vals[] = {st_symbol_ref_attr(c->ctx, st_attr_symbol_root(callee) ? st_ident_str(st_attr_symbol_root(callee))
	                                                                          : st_str_c(""), 0, NULL)};
	char iname[64], gname[64];
	st_op *inst = st__a2c_cell(c, "instance", "inst", loc, np, types, st__a2c_named(c, 1, names, vals), iname);
	if (!inst)
		return false;
	st_value *ops[2 * A2C_MAX_CARRIED];
	size_t nops = 0;
	for (size_t i = 0; i < np; i++) {
		if (ports[i].arg < 0 || ports[i].slot >= 0)
			continue;
		st__a2c_val *v = st__a2c_lookup(c, st_op_operand(op, (size_t)ports[i].arg));
		st_value *p = v ? plain_port(c, ctl, loc, v, st__a2c_width(st_type_input(ft, (size_t)ports[i].arg))) : NULL;
		if (!p)
			return false;
		ops[nops++] = st_op_result(inst, i), ops[nops++] = p;
	}
	if (!memories) {
		const char *cn = "callee";
		st_attr *cv = st_symbol_ref_attr(c->ctx, st_str_c(iname), 0, NULL);
		if (!st__a2c_ctl(c, ctl, "calyx.invoke", loc, nops, ops, st__a2c_named(c, 1, &cn, &cv), 0))
			return false;
	} else {
		st__a2c_group g;
		if (!st__a2c_group_begin(c, &g, "calyx.group", "call", loc, 0, gname))
			return false;
		for (size_t i = 0; i < nops; i += 2)
			if (!st__a2c_assign(c, g.body, ops[i], ops[i + 1], NULL))
				return false;
		for (size_t i = 0; i < np; i++)
			if (ports[i].slot >= 0 && !connect_memory(c, &g, op, inst, &ports[i], i))
				return false;
		int go = 0, done = 0;
		for (size_t i = 0; i < np; i++) {
			if (ports[i].arg == -1 && ports[i].result < 0 && st_str_eq_c(st_attr_string(ports[i].name), "go"))
				go = (int)i;
			if (ports[i].arg == -1 && ports[i].result < 0 && st_str_eq_c(st_attr_string(ports[i].name), "done"))
				done = (int)i;
		}
		if (!st__a2c_assign(c, g.body, st_op_result(inst, (size_t)go), st__a2c_true(c), NULL) ||
		    !st__a2c_group_done(c, &g, st_op_result(inst, (size_t)done)) || !st__a2c_enable(c, ctl, gname, loc))
			return false;
	}
	for (size_t i = 0; i < np; i++)
		if (ports[i].result >= 0 &&
		    !st__a2c_bind(c, st_op_result(op, (size_t)ports[i].result), st__a2c_val_new(c, st_op_result(inst, i))))
			return false;
	return true;
}

/* func.return: the results go to registers whose outputs drive the
 * component's output ports continuously (valid after done). */
static bool lower_return(st__a2c_comp *c, st_op *op, st_block *ctl) {
	size_t n = st_op_num_operands(op);
	st_op *regs[A2C_MAX_CARRIED];
	st__a2c_val *vals[A2C_MAX_CARRIED];
	if (too_many(op, n) || !lookup_all(c, op, 0, n, vals))
		return false;
	for (size_t i = 0; i < n; i++) {
		if (!(regs[i] = st__a2c_reg(c, "ret", st_op_loc(op), st__a2c_width(st_value_type(st_op_operand(op, i))))))
			return false;
		/* The results are the first outputs (st__a2c_ports.c). */
		if (!st__a2c_assign(c, c->wires_body, st_block_arg(c->body, c->result_port + i), st_op_result(regs[i], 4), NULL))
			return false;
	}
	return st__a2c_write_regs(c, ctl, st_op_loc(op), "ret", n, regs, vals);
}

static bool is_par(st_op *op) { return op && st_op_get_attr(op, "calyx.par") != NULL; }

typedef struct par_scan {
	st__a2c_comp *c;
	st_op *thread;
	st__a2c_map *owner; /* memory -> the thread that accesses it */
	bool ok;
} par_scan;

static st_walk_result scan_thread(st_op *op, void *ud) {
	par_scan *s = ud;
	for (size_t i = 0; i < st_op_num_operands(op); i++) {
		st_value *v = st_op_operand(op, i);
		if (!st__a2c_map_get(&s->c->mems, v))
			continue;
		st_op *o = st__a2c_map_get(s->owner, v);
		if (o && o != s->thread) {
			st_diag *d = st_op_diag(op, ST_SEV_ERROR,
			                        "lower-to-calyx: threads of a calyx.par share a memory (calyx memories "
			                        "have one port)");
			st_diag_note(d, st_op_loc(o), "the other thread");
			st_diag_emit(d);
			s->ok = false;
			return ST_WALK_INTERRUPT;
		}
		if (!st__a2c_map_put(s->owner, v, s->thread)) {
			s->ok = false;
			return ST_WALK_INTERRUPT;
		}
	}
	return ST_WALK_ADVANCE;
}

/* Ops [first, last] of one block, each marked calyx.par: threads of one par.
 * They must not use each other's results nor share a memory. */
static bool lower_par(st__a2c_comp *c, st_op *first, st_op *last, st_block *ctl) {
	st__a2c_map owner;
	st__a2c_map_init(&owner, c->ctx);
	par_scan s = {c, NULL, &owner, true};
	for (st_op *t = first;; t = st_op_next(t)) {
		for (st_op *u = first; u != t; u = st_op_next(u))
			for (size_t r = 0; r < st_op_num_results(u); r++)
				for (st_use *us = st_value_first_use(st_op_result(u, r)); us; us = st_use_next(us))
					if (st_op_is_ancestor(t, st_use_owner(us))) {
						st__a2c_map_free(&owner);
						st_op_error(t, "lower-to-calyx: a calyx.par thread uses a result of another thread");
						return false;
					}
		s.thread = t;
		st_walk(t, ST_WALK_PRE, scan_thread, &s);
		if (!s.ok || t == last)
			break;
	}
	st__a2c_map_free(&owner);
	if (!s.ok)
		return false;
	st_op *par = st__a2c_ctl(c, ctl, "calyx.par", st_op_loc(first), 0, NULL, NULL, 1);
	if (!par)
		return false;
	for (st_op *t = first;; t = st_op_next(t)) {
		st_op *seq = st__a2c_ctl(c, st__a2c_region_block(c, par, 0), "calyx.seq", st_op_loc(t), 0, NULL, NULL, 1);
		if (!seq || !lower_op(c, t, st__a2c_region_block(c, seq, 0)))
			return false;
		if (t == last)
			return true;
	}
}

static bool lower_op(st__a2c_comp *c, st_op *op, st_block *ctl) {
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
	bool ok = st__a2c_lower_comb(c, op, &handled);
	if (handled)
		return ok;
	ok = st__a2c_lower_seq_op(c, op, ctl, &handled);
	if (handled)
		return ok;
	return st_op_error(op, "lower-to-calyx: this op cannot be lowered to calyx"), false;
}

bool st__a2c_lower_block(st__a2c_comp *c, st_block *src, st_block *ctl) {
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
