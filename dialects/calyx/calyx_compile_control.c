/* calyx-compile-control: the control program becomes registers and guarded
 * assignments in the wires, as native Calyx's tdcc does.  Every control
 * node is compiled with a go signal and yields a done signal that depends
 * only on registers and leaf groups' done (never on go in the same cycle),
 * so that a child's go can be `parent go & state & !done` without a
 * combinational loop:
 *   seq: a state register counting children; par: one done register per
 *   thread; if/while: a "condition computed" and a "condition value"
 *   register (the comb group runs in the cycle that computes it); repeat: a
 *   counter; static groups and static_seq/static_par: one counter over the
 *   whole static schedule, each static group enabled on its cycle range.
 * A group enabled in several places gets the OR of its go signals in its
 * calyx.group_go; the component's done port is driven by the root's done. */
#include "calyx_internal.h"

#include <stdio.h>
#include <string.h>

enum { PRED_EQ = 0, PRED_NE = 1, PRED_ULT = 6, PRED_UGE = 9 };

typedef struct go_entry {
	st_op *group;
	st_value *go;
} go_entry;

typedef struct cc_state {
	st_context *ctx;
	st_op *comp, *wires;
	st_builder w; /* appends to the wires */
	go_entry *gos;
	size_t ngos, cap;
	unsigned nregs;
	st_status status;
} cc_state;

static unsigned bits_for(uint64_t n) {
	unsigned b = 1;
	while (b < 63 && (n >> b) != 0)
		b++;
	return b;
}

static st_block *body_of(st_op *op) { return st_region_first_block(st_op_region(op, 0)); }

/* A new register cell of `width` bits before the wires: its op. */
static st_op *new_reg(cc_state *s, unsigned width, const char *what) {
	char buf[64];
	for (;;) {
		snprintf(buf, sizeof buf, "%s_%u", what, s->nregs++);
		if (!st__calyx_find_cell(s->comp, (st_str){buf, strlen(buf)}))
			break;
	}
	st_type *w = st_integer_type(s->ctx, width, ST_SIGNLESS), *b = st_integer_type(s->ctx, 1, ST_SIGNLESS);
	st_type *types[6] = {w, b, b, b, w, b};
	/* Marked as the compiler's own: lower-calyx-to-hw's write-enable defect
	 * switch leaves control registers alone (CIRCT's FSMs were not
	 * registers of this kind). */
	st_named_attr na[2] = {{st_ident_get_c(s->ctx, "calyx.fsm"), st_unit_attr(s->ctx)},
	                       {st_ident_get_c(s->ctx, "sym_name"), st_string_attr(s->ctx, (st_str){buf, strlen(buf)})}};
	st_builder cb = {.ctx = s->ctx, .block = st_op_block(s->wires), .before = s->wires, .loc = st_op_loc(s->wires)};
	st_op *r = st_build_op(&cb, "calyx.register", 0, NULL, 6, types, st_dict_attr(s->ctx, 2, na), 0);
	if (!r)
		s->status = ST_FAIL;
	return r;
}

static st_value *reg_out(st_op *r) { return st_op_result(r, 4); }

/* reg := value when guard. */
static void write_reg(cc_state *s, st_op *r, st_value *value, st_value *guard) {
	if (!r || !value || !guard) {
		s->status = ST_FAIL;
		return;
	}
	if (!st_calyx_build_assign(&s->w, st_op_result(r, 0), value, guard) ||
	    !st_calyx_build_assign(&s->w, st_op_result(r, 1), st__calyx_const(&s->w, 1, 1), guard))
		s->status = ST_FAIL;
}

static st_value *konst(cc_state *s, unsigned width, int64_t v) { return st__calyx_const(&s->w, width, v); }
static st_value *and2(cc_state *s, st_value *a, st_value *b) { return st__calyx_and(&s->w, a, b); }
static st_value *eq(cc_state *s, st_value *a, int64_t v) {
	return st__calyx_icmp(&s->w, PRED_EQ, a, konst(s, st_type_int_width(st_value_type(a)), v));
}

static void add_go(cc_state *s, st_op *group, st_value *go) {
	for (size_t i = 0; i < s->ngos; i++)
		if (s->gos[i].group == group) {
			s->gos[i].go = st__calyx_or(&s->w, s->gos[i].go, go);
			return;
		}
	if (!st_ctx_grow(s->ctx, (void **)&s->gos, &s->cap, NULL, sizeof *s->gos, s->ngos + 1)) {
		s->status = ST_FAIL;
		return;
	}
	s->gos[s->ngos++] = (go_entry){group, go};
}

static st_str group_ref(const st_op *op) { return st_ident_str(st_attr_symbol_leaf(st_op_get_attr(op, "groupName"))); }

static int64_t static_latency(cc_state *s, st_op *node) {
	const char *n = st_op_name_cstr(node);
	if (strcmp(n, "calyx.enable") == 0)
		return st_attr_int_value(st_op_get_attr(st__calyx_find_group(s->comp, group_ref(node)), "latency"));
	int64_t t = 0;
	bool seq = strcmp(n, "calyx.static_seq") == 0;
	for (st_op *c = st_block_first_op(body_of(node)); c; c = st_op_next(c)) {
		int64_t l = static_latency(s, c);
		t = seq ? t + l : (l > t ? l : t);
	}
	return t;
}

/* Enables the static groups of `node` on counter values [off, off + L). */
static void schedule_static(cc_state *s, st_op *node, st_value *go, st_value *cnt, int64_t off) {
	const char *n = st_op_name_cstr(node);
	if (strcmp(n, "calyx.enable") == 0) {
		st_op *g = st__calyx_find_group(s->comp, group_ref(node));
		int64_t l = st_attr_int_value(st_op_get_attr(g, "latency"));
		unsigned w = st_type_int_width(st_value_type(cnt));
		st_value *lo = off ? st__calyx_icmp(&s->w, PRED_UGE, cnt, konst(s, w, off)) : NULL;
		st_value *hi = st__calyx_icmp(&s->w, PRED_ULT, cnt, konst(s, w, off + l));
		add_go(s, g, and2(s, go, and2(s, lo, hi)));
		return;
	}
	bool seq = strcmp(n, "calyx.static_seq") == 0;
	for (st_op *c = st_block_first_op(body_of(node)); c; c = st_op_next(c)) {
		schedule_static(s, c, go, cnt, off);
		if (seq)
			off += static_latency(s, c);
	}
}

static st_value *compile(cc_state *s, st_op *node, st_value *go);

/* Compiles `node` with go = base & !done(node): the done is known only
 * afterwards, so a placeholder stands for it meanwhile. */
static st_value *compile_child(cc_state *s, st_op *node, st_value *base) {
	st_type *i1 = st_integer_type(s->ctx, 1, ST_SIGNLESS);
	st_op *ph = st_build_op(&s->w, "calyx.undef", 0, NULL, 1, &i1, NULL, 0);
	if (!ph || !base) {
		s->status = ST_FAIL;
		return NULL;
	}
	st_value *go = and2(s, base, st_op_result(ph, 0));
	st_value *done = compile(s, node, go);
	st_value *nd = done ? st__calyx_not(&s->w, done) : NULL;
	if (!nd) {
		s->status = ST_FAIL;
		return NULL;
	}
	st_value_replace_all_uses(st_op_result(ph, 0), nd);
	st_op_erase(ph);
	return done;
}

static size_t count_children(st_op *node) {
	size_t n = 0;
	for (st_op *c = st_block_first_op(body_of(node)); c; c = st_op_next(c))
		n++;
	return n;
}

/* seq and par of zero or one child need no register: the done is at once
 * (*trivial set) or the child's. */
static st_value *few_children(cc_state *s, st_op *node, st_value *go, size_t *n, bool *trivial) {
	*n = count_children(node);
	*trivial = *n < 2;
	if (*n == 0)
		return konst(s, 1, 1);
	return *n == 1 ? compile(s, st_block_first_op(body_of(node)), go) : NULL;
}

static st_value *compile_seq(cc_state *s, st_op *node, st_value *go) {
	size_t n;
	bool trivial;
	st_value *d = few_children(s, node, go, &n, &trivial);
	if (trivial)
		return d;
	unsigned w = bits_for(n);
	st_op *fsm = new_reg(s, w, "fsm");
	if (!fsm)
		return NULL;
	st_value *state = reg_out(fsm);
	st_value *done = eq(s, state, (int64_t)n);
	write_reg(s, fsm, konst(s, w, 0), done);
	size_t i = 0;
	for (st_op *c = st_block_first_op(body_of(node)); c; c = st_op_next(c), i++) {
		st_value *active = and2(s, go, eq(s, state, (int64_t)i));
		st_value *cd = compile_child(s, c, active);
		write_reg(s, fsm, konst(s, w, (int64_t)i + 1), and2(s, active, cd));
	}
	return done;
}

static st_value *compile_par(cc_state *s, st_op *node, st_value *go) {
	size_t n;
	bool trivial;
	st_value *d = few_children(s, node, go, &n, &trivial);
	if (trivial)
		return d;
	st_op *small[64], **pd = n <= 64 ? small : st_ctx_alloc(s->ctx, n * sizeof *pd);
	if (!pd)
		return NULL;
	st_value *all = NULL;
	for (size_t i = 0; i < n; i++) {
		pd[i] = new_reg(s, 1, "pd");
		if (!pd[i])
			break;
		all = and2(s, all, reg_out(pd[i]));
	}
	/* The reset comes first: the first active driver of a port wins. */
	for (size_t i = 0; all && i < n; i++)
		write_reg(s, pd[i], konst(s, 1, 0), all);
	size_t i = 0;
	for (st_op *c = st_block_first_op(body_of(node)); all && c; c = st_op_next(c), i++) {
		st_value *cd = compile_child(s, c, and2(s, go, st__calyx_not(&s->w, reg_out(pd[i]))));
		write_reg(s, pd[i], konst(s, 1, 1), and2(s, go, cd));
	}
	if (pd != small)
		st_ctx_free(s->ctx, pd, n * sizeof *pd);
	return all;
}

/* if and while: `cc` (condition computed) and `cs` (its value). */
static st_value *compile_cond(cc_state *s, st_op *node, st_value *go, st_op **cc, st_op **cs) {
	*cc = new_reg(s, 1, "cond_computed");
	*cs = new_reg(s, 1, "cond_stored");
	if (!*cc || !*cs)
		return NULL;
	st_value *eval = and2(s, go, st__calyx_not(&s->w, reg_out(*cc)));
	st_attr *gn = st_op_get_attr(node, "groupName");
	if (gn)
		add_go(s, st__calyx_find_group(s->comp, st_ident_str(st_attr_symbol_leaf(gn))), eval);
	write_reg(s, *cc, konst(s, 1, 1), eval);
	write_reg(s, *cs, st_op_operand(node, 0), eval);
	return eval;
}

static st_value *compile_if(cc_state *s, st_op *node, st_value *go) {
	st_op *cc, *cs;
	if (!compile_cond(s, node, go, &cc, &cs))
		return NULL;
	st_value *ready = and2(s, go, reg_out(cc));
	st_value *dones[2];
	for (int k = 0; k < 2; k++) {
		st_block *b = st_region_first_block(st_op_region(node, (size_t)k));
		st_op *child = b ? st_block_first_op(b) : NULL;
		st_value *sel = k == 0 ? reg_out(cs) : st__calyx_not(&s->w, reg_out(cs));
		dones[k] = child ? compile_child(s, child, and2(s, ready, sel)) : konst(s, 1, 1);
	}
	st_value *ops[3] = {reg_out(cs), dones[0], dones[1]};
	if (!dones[0] || !dones[1])
		return NULL;
	st_type *i1 = st_integer_type(s->ctx, 1, ST_SIGNLESS);
	st_op *mux = st_build_op(&s->w, "comb.mux", 3, ops, 1, &i1, NULL, 0);
	st_value *done = mux ? and2(s, reg_out(cc), st_op_result(mux, 0)) : NULL;
	write_reg(s, cc, konst(s, 1, 0), done);
	return done;
}

static st_value *compile_while(cc_state *s, st_op *node, st_value *go) {
	st_op *cc, *cs;
	if (!compile_cond(s, node, go, &cc, &cs))
		return NULL;
	st_value *done = and2(s, reg_out(cc), st__calyx_not(&s->w, reg_out(cs)));
	write_reg(s, cc, konst(s, 1, 0), done);
	st_value *run = and2(s, go, and2(s, reg_out(cc), reg_out(cs)));
	st_op *child = st_block_first_op(body_of(node));
	st_value *bd = child ? compile_child(s, child, run) : konst(s, 1, 1);
	write_reg(s, cc, konst(s, 1, 0), and2(s, run, bd));
	return done;
}

/* counter := counter + 1 when `when`. */
static void increment(cc_state *s, st_op *cnt, st_value *when) {
	st_value *ops[2] = {reg_out(cnt), konst(s, st_type_int_width(st_value_type(reg_out(cnt))), 1)};
	st_type *t = st_value_type(ops[0]);
	st_op *inc = st_build_op(&s->w, "comb.add", 2, ops, 1, &t, NULL, 0);
	if (!inc)
		s->status = ST_FAIL;
	else
		write_reg(s, cnt, st_op_result(inc, 0), when);
}

static st_value *compile_repeat(cc_state *s, st_op *node, st_value *go) {
	int64_t n = st_attr_int_value(st_op_get_attr(node, "count"));
	st_op *child = st_block_first_op(body_of(node));
	if (n == 0 || !child)
		return konst(s, 1, 1);
	unsigned w = bits_for((uint64_t)n);
	st_op *cnt = new_reg(s, w, "repeat");
	if (!cnt)
		return NULL;
	st_value *done = eq(s, reg_out(cnt), n);
	write_reg(s, cnt, konst(s, w, 0), done);
	st_value *run = and2(s, go, st__calyx_not(&s->w, done));
	st_value *bd = compile_child(s, child, run);
	increment(s, cnt, and2(s, run, bd));
	return done;
}

/* Static work from dynamic control: a counter 0..T, the groups enabled on
 * their cycles, done at T (one cycle after the last static cycle). */
static st_value *compile_static(cc_state *s, st_op *node, st_value *go) {
	int64_t t = static_latency(s, node);
	unsigned w = bits_for((uint64_t)t);
	st_op *cnt = new_reg(s, w, "static");
	if (!cnt)
		return NULL;
	st_value *done = eq(s, reg_out(cnt), t);
	write_reg(s, cnt, konst(s, w, 0), done);
	st_value *run = and2(s, go, st__calyx_not(&s->w, done));
	schedule_static(s, node, run, reg_out(cnt), 0);
	increment(s, cnt, run);
	return done;
}

static st_value *compile(cc_state *s, st_op *node, st_value *go) {
	if (s->status == ST_FAIL || !go)
		return NULL;
	const char *n = st_op_name_cstr(node);
	if (strcmp(n, "calyx.enable") == 0) {
		st_op *g = st__calyx_find_group(s->comp, group_ref(node));
		if (strcmp(st_op_name_cstr(g), "calyx.static_group") == 0)
			return compile_static(s, node, go);
		add_go(s, g, go);
		st_op *d = st_block_last_op(body_of(g));
		return st__calyx_and(&s->w, st__calyx_guarded_guard(d), st__calyx_guarded_src(d));
	}
	if (strcmp(n, "calyx.seq") == 0)
		return compile_seq(s, node, go);
	if (strcmp(n, "calyx.par") == 0)
		return compile_par(s, node, go);
	if (strcmp(n, "calyx.if") == 0)
		return compile_if(s, node, go);
	if (strcmp(n, "calyx.while") == 0)
		return compile_while(s, node, go);
	if (strcmp(n, "calyx.repeat") == 0)
		return compile_repeat(s, node, go);
	if (strcmp(n, "calyx.static_seq") == 0 || strcmp(n, "calyx.static_par") == 0)
		return compile_static(s, node, go);
	s->status = st_op_error(node, "cannot be compiled here; run calyx-compile-invoke before calyx-compile-control");
	return NULL;
}

static st_op *group_go_of(st_op *group) {
	for (st_op *o = st_block_first_op(body_of(group)); o; o = st_op_next(o))
		if (strcmp(st_op_name_cstr(o), "calyx.group_go") == 0)
			return o;
	return NULL;
}

st_status st__calyx_compile_control(st_op *comp) {
	if (st_failed(st__calyx_go_insertion(comp)))
		return ST_FAIL;
	st_op *control = st_calyx_comp_control(comp), *wires = st_calyx_comp_wires(comp);
	if (!control || !wires)
		return ST_OK;
	cc_state s = {.ctx = st_op_context(comp), .comp = comp, .wires = wires, .status = ST_OK};
	s.w = (st_builder){.ctx = s.ctx, .block = body_of(wires), .loc = st_op_loc(control)};
	st_block *body = st_calyx_comp_body(comp);
	st_value *go = st_block_arg(body, (size_t)st_calyx_comp_special(comp, "go"));
	st_value *done_port = st_block_arg(body, (size_t)st_calyx_comp_special(comp, "done"));
	st_op *root = st_block_first_op(body_of(control));
	st_value *done = root ? compile_child(&s, root, go) : go;
	if (s.status == ST_OK && (!done || !st_calyx_build_assign(&s.w, done_port, done, NULL)))
		s.status = ST_FAIL;
	/* Every group's go hole: the OR of where it is enabled, else 0. */
	st_block *wb = body_of(wires);
	for (st_op *g = st_block_first_op(wb); s.status == ST_OK && g; g = st_op_next(g)) {
		if (!st_calyx_is_group_like(g))
			continue;
		st_value *v = NULL;
		for (size_t i = 0; i < s.ngos; i++)
			if (s.gos[i].group == g)
				v = s.gos[i].go;
		st_op *go_op = group_go_of(g);
		if (!v)
			v = konst(&s, 1, 0);
		if (!go_op || !v) {
			s.status = ST_FAIL;
			break;
		}
		st_op_set_operand(go_op, 0, v);
		if (st_op_num_operands(go_op) > 1)
			st_op_erase_operands(go_op, 1, 1);
	}
	if (s.gos)
		st_ctx_free(s.ctx, s.gos, s.cap * sizeof *s.gos);
	if (s.status == ST_OK && root)
		st_op_erase(root);
	st_op *next;
	for (st_op *o = st_block_first_op(wb); o; o = next) {
		next = st_op_next(o);
		if (strcmp(st_op_name_cstr(o), "calyx.undef") == 0 && !st_value_has_uses(st_op_result(o, 0)))
			st_op_erase(o);
	}
	return s.status;
}
