/* sccp: sparse conditional constant propagation, as MLIR 14's SCCP pass.
 * Values start unknown and rise to a constant or to overdefined; only
 * blocks reached along executable edges are simulated.  An op is evaluated
 * with its folder on the constants of its operands (never in place: an op
 * that would fold in place is restored and overdefined); a branch with the
 * branch interface's taken_successor hook follows only the edge its
 * constant operands select, others every edge, forwarding their successor
 * operands to the successors' arguments.  Conservative elsewhere: ops with
 * regions (region control flow, functions) enter every region with
 * overdefined arguments and give overdefined results, and calls give
 * overdefined results.  Afterwards every value known constant is replaced
 * by a constant materialised at the top of its function (as MLIR's
 * OperationFolder does), and ops whose results all were replaced and that
 * have no effect are erased.  Like MLIR, blocks found unreachable are left
 * for canonicalize to remove. */
#include "passes_internal.h"
#include "rewrite_internal.h"

enum { UNKNOWN = 0, CONSTANT = 1, OVERDEFINED = 2 };

typedef struct lattice {
	int state;
	st_attr *value;
	st_dialect *dialect;
} lattice;

typedef struct sccp {
	st_context *ctx;
	st__ptrmap index; /* value -> index + 1 in `lat` */
	lattice *lat;
	size_t nlat, latcap;
	st__ptrmap executable; /* blocks reached */
	st__ptrvec blocks;     /* blocks to simulate */
	st__ptrvec ops;        /* ops to revisit */
	bool oom;
} sccp;

static lattice *get(sccp *s, const st_value *v) {
	uintptr_t i;
	return st__ptrmap_get(&s->index, v, &i) ? &s->lat[i - 1] : NULL;
}

static int state_of(sccp *s, const st_value *v) {
	lattice *l = get(s, v);
	return l ? l->state : UNKNOWN;
}

static void users_changed(sccp *s, st_value *v) {
	for (st_use *u = st_value_first_use(v); u; u = st_use_next(u)) {
		st_op *o = st_use_owner(u);
		if (st__ptrmap_has(&s->executable, st_op_block(o)) && !st__ptrvec_push(&s->ops, o))
			s->oom = true;
	}
}

/* Joins `v` with (state, value, dialect). */
static void join(sccp *s, st_value *v, int state, st_attr *value, st_dialect *d) {
	if (state == UNKNOWN)
		return;
	lattice *l = get(s, v);
	if (!l) {
		if (!st_ctx_grow(s->ctx, (void **)&s->lat, &s->latcap, NULL, sizeof *s->lat, s->nlat + 1) ||
		    !st__ptrmap_put(&s->index, v, s->nlat + 1)) {
			s->oom = true;
			return;
		}
		l = &s->lat[s->nlat++];
		*l = (lattice){UNKNOWN, NULL, NULL};
	}
	if (l->state == OVERDEFINED)
		return;
	if (l->state == CONSTANT && state == CONSTANT && l->value == value && l->dialect == d)
		return;
	if (l->state == UNKNOWN && state == CONSTANT)
		*l = (lattice){CONSTANT, value, d};
	else
		*l = (lattice){OVERDEFINED, NULL, NULL};
	users_changed(s, v);
}

static void overdefine(sccp *s, st_value *v) { join(s, v, OVERDEFINED, NULL, NULL); }

static void overdefine_results(sccp *s, st_op *op) {
	for (size_t i = 0; i < st_op_num_results(op); i++)
		overdefine(s, st_op_result(op, i));
}

static void mark_block(sccp *s, st_block *b) {
	if (st__ptrmap_has(&s->executable, b))
		return;
	if (!st__ptrmap_put(&s->executable, b, 1) || !st__ptrvec_push(&s->blocks, b))
		s->oom = true;
}

/* Regions entered with nothing known about their arguments. */
static void enter_regions(sccp *s, st_op *op) {
	for (size_t r = 0; r < st_op_num_regions(op); r++) {
		st_block *entry = st_region_first_block(st_op_region(op, r));
		if (!entry)
			continue;
		for (size_t i = 0; i < st_block_num_args(entry); i++)
			overdefine(s, st_block_arg(entry, i));
		mark_block(s, entry);
	}
}

/* The edge from `term` through successor `k`: the successor runs, and its
 * arguments take the forwarded operands (or anything, unknown forwarding). */
static void take_edge(sccp *s, st_op *term, size_t k) {
	st_block *dest = st_op_successor(term, k);
	if (!dest)
		return;
	const st_branch_iface *br = st_op_interface(term, ST_IFACE_BRANCH);
	size_t start = 0, n = 0;
	if (br && br->successor_operands)
		br->successor_operands(term, k, &start, &n);
	for (size_t i = 0; i < st_block_num_args(dest); i++) {
		st_value *arg = st_block_arg(dest, i);
		if (!br || i >= n) {
			overdefine(s, arg);
			continue;
		}
		st_value *src = st_op_operand(term, start + i);
		lattice *l = get(s, src);
		if (l)
			join(s, arg, l->state, l->value, l->dialect);
	}
	mark_block(s, dest);
}

static void visit_terminator(sccp *s, st_op *op) {
	size_t n = st_op_num_successors(op);
	if (!n)
		return;
	const st_branch_iface *br = st_op_interface(op, ST_IFACE_BRANCH);
	if (br && br->taken_successor) {
		size_t no = st_op_num_operands(op);
		st_attr *small[8];
		st_attr **consts = no <= 8 ? small : st_ctx_alloc(s->ctx, no * sizeof *consts);
		if (!consts) {
			s->oom = true;
			return;
		}
		bool wait = false;
		for (size_t i = 0; i < no; i++) {
			lattice *l = get(s, st_op_operand(op, i));
			wait |= !l || l->state == UNKNOWN;
			consts[i] = l && l->state == CONSTANT ? l->value : NULL;
		}
		st_block *only = wait ? NULL : br->taken_successor(op, consts);
		if (consts != small)
			st_ctx_free(s->ctx, consts, no * sizeof *consts);
		if (wait)
			return;
		if (only) {
			for (size_t k = 0; k < n; k++)
				if (st_op_successor(op, k) == only)
					take_edge(s, op, k);
			return;
		}
	}
	for (size_t k = 0; k < n; k++)
		take_edge(s, op, k);
}

/* An op without regions or successors: evaluated by its folder. */
static void visit_plain(sccp *s, st_op *op) {
	size_t n = st_op_num_operands(op), nr = st_op_num_results(op);
	if (!nr)
		return;
	const st_opdef *def = st_op_def(op);
	if (!def || !def->fold || st_op_interface(op, ST_IFACE_CALL)) {
		overdefine_results(s, op);
		return;
	}
	for (size_t i = 0; i < n; i++)
		if (state_of(s, st_op_operand(op, i)) == UNKNOWN)
			return; /* until every operand is known */
	size_t bytes = n * (sizeof(st_attr *) + sizeof(st_value *)) + nr * sizeof(st_fold_result);
	char small[256];
	char *mem = bytes <= sizeof small ? small : st_ctx_alloc(s->ctx, bytes);
	if (!mem) {
		s->oom = true;
		return;
	}
	st_attr **consts = (st_attr **)mem;
	st_value **saved = (st_value **)(consts + n);
	st_fold_result *res = (st_fold_result *)(saved + n);
	for (size_t i = 0; i < n; i++) {
		lattice *l = get(s, st_op_operand(op, i));
		consts[i] = l->state == CONSTANT ? l->value : NULL;
		saved[i] = st_op_operand(op, i);
	}
	st_attr *attrs = st_op_attrs(op);
	bool ok = st__op_fold_hook(op, consts, res);
	bool in_place = ok;
	for (size_t i = 0; ok && i < nr; i++)
		in_place = in_place && !res[i].attr && !res[i].value;
	if (!ok || in_place) {
		/* Simulated execution, not folding: undo an in-place fold. */
		st_op_set_attrs(op, attrs);
		for (size_t i = 0; i < n; i++)
			if (st_op_operand(op, i) != saved[i])
				st_op_set_operand(op, i, saved[i]);
		overdefine_results(s, op);
	} else {
		for (size_t i = 0; i < nr; i++) {
			st_value *r = st_op_result(op, i);
			if (res[i].attr) {
				join(s, r, CONSTANT, res[i].attr, st_op_dialect(op));
			} else {
				lattice *l = get(s, res[i].value);
				if (l)
					join(s, r, l->state, l->value, l->dialect);
			}
		}
	}
	if (mem != small)
		st_ctx_free(s->ctx, mem, bytes);
}

static void visit(sccp *s, st_op *op) {
	if (st_op_num_regions(op)) {
		overdefine_results(s, op);
		enter_regions(s, op);
	} else if (st_op_num_successors(op) || st_op_has_trait(op, ST_TRAIT_TERMINATOR)) {
		overdefine_results(s, op);
		visit_terminator(s, op);
	} else {
		visit_plain(s, op);
	}
}

static void solve(sccp *s, st_op *root) {
	for (size_t r = 0; r < st_op_num_regions(root); r++) {
		st_block *entry = st_region_first_block(st_op_region(root, r));
		if (!entry)
			continue;
		for (size_t i = 0; i < st_block_num_args(entry); i++)
			overdefine(s, st_block_arg(entry, i));
		mark_block(s, entry);
	}
	while (!s->oom && (s->blocks.n || s->ops.n)) {
		if (s->ops.n) {
			visit(s, s->ops.data[--s->ops.n]);
			continue;
		}
		st_block *b = s->blocks.data[--s->blocks.n];
		for (st_op *o = st_block_first_op(b); o; o = st_op_next(o))
			visit(s, o);
	}
}

/* -------------------------------------------------------------- rewrite */

static bool replace_value(sccp *s, st__folder *f, st_block *at, st_value *v) {
	lattice *l = get(s, v);
	if (!l || l->state != CONSTANT)
		return false;
	st_value *c = st__folder_get_constant(f, at, l->dialect, l->value, st_value_type(v), st_value_loc(v));
	if (!c)
		return false;
	st_value_replace_all_uses(v, c);
	return true;
}

static void rewrite(sccp *s, st_op *root) {
	st__folder *f = st__folder_create(s->ctx);
	st__ptrvec wl;
	st__ptrvec_init(&wl, s->ctx);
	if (!f) {
		s->oom = true;
		return;
	}
	for (size_t r = st_op_num_regions(root); r-- > 0;)
		for (st_block *b = st_region_last_block(st_op_region(root, r)); b; b = st_block_prev(b))
			if (!st__ptrvec_push(&wl, b))
				s->oom = true;
	while (wl.n && !s->oom) {
		st_block *b = wl.data[--wl.n];
		for (st_op *o = st_block_first_op(b), *next; o; o = next) {
			next = st_op_next(o);
			bool all = st_op_num_results(o) != 0;
			for (size_t i = 0; i < st_op_num_results(o); i++)
				all &= replace_value(s, f, b, st_op_result(o, i));
			if (all && st_op_would_be_trivially_dead(o)) {
				st__folder_notify_removal(f, o);
				st_op_erase(o);
				continue;
			}
			for (size_t r = st_op_num_regions(o); r-- > 0;)
				for (st_block *nb = st_region_last_block(st_op_region(o, r)); nb; nb = st_block_prev(nb))
					if (!st__ptrvec_push(&wl, nb))
						s->oom = true;
		}
		for (size_t i = 0; i < st_block_num_args(b); i++)
			replace_value(s, f, b, st_block_arg(b, i));
	}
	st__ptrvec_free(&wl);
	st__folder_destroy(f);
}

static st_status run(st_pass *pass, st_op *op) {
	sccp s = {.ctx = st_pass_context(pass)};
	st__ptrmap_init(&s.index, s.ctx);
	st__ptrmap_init(&s.executable, s.ctx);
	st__ptrvec_init(&s.blocks, s.ctx);
	st__ptrvec_init(&s.ops, s.ctx);
	solve(&s, op);
	if (!s.oom)
		rewrite(&s, op);
	st__ptrmap_free(&s.index);
	st__ptrmap_free(&s.executable);
	st__ptrvec_free(&s.blocks);
	st__ptrvec_free(&s.ops);
	st_ctx_free(s.ctx, s.lat, s.latcap * sizeof *s.lat);
	return s.oom ? ST_FAIL : ST_OK;
}

const st_pass_def st__pass_sccp = {
	.name = "sccp",
	.summary = "Sparse Conditional Constant Propagation",
	.run = run,
	.display_name = "SCCP",
};
