/* Dead fills: PMLang zero-fills every local before the program writes it
 * (fft.pm's stage buffers), and each fill is one more writer in the memory
 * unit, one more of a PMU's stages.  A top-level loop nest that only
 * stores into a local memory is dropped when the nests after it overwrite
 * every word it wrote before anything reads the memory: unconditional
 * stores, at addresses computed from constant-bounded loop indices by
 * integer arithmetic, enumerated (at most A2R_DEAD_POINTS iterations in
 * all).  Nothing can read what the fill wrote, so the design computes the
 * reference's bits. */
#include "a2r.h"

#include "strata/arith.h"

#include <string.h>

/* Iterations enumerated to prove the overwrite, at most. */
#define A2R_DEAD_POINTS ((int64_t)1 << 16)

static bool named(const st_op *op, const char *name) { return op && strcmp(st_op_name_cstr(op), name) == 0; }

/* How nest `top` uses `mem`: bit 1 stores, bit 2 anything else. */
static int uses_of(st_value *mem, st_op *top, st_op *func) {
	int how = 0;
	for (st_use *u = st_value_first_use(mem); u; u = st_use_next(u)) {
		st_op *user = st_use_owner(u);
		if (st__a2r_top_of(user, func) != top)
			continue;
		how |= named(user, "memref.store") && st_op_operand(user, 1) == mem ? 1 : 2;
	}
	return how;
}

/* The loops of the enumeration: ivs and their values. */
typedef struct points {
	st_value *iv[A2R_MAX_DEPTH];
	int64_t val[A2R_MAX_DEPTH];
	size_t n;
	int64_t budget;
	uint8_t *hit; /* per word of the memory */
	int64_t words;
	bool ok;
} points;

/* The value of an integer or index computed from the loops' values and
 * constants (false: anything else). */
static bool eval(points *p, st_value *v, int64_t *out, int depth) {
	for (size_t i = 0; i < p->n; i++)
		if (p->iv[i] == v) {
			*out = p->val[i];
			return true;
		}
	st_op *d = st_value_defining_op(v);
	if (!d || depth > 32)
		return false;
	if (st_arith_constant_int(v, out))
		return true;
	int64_t x, y;
	const char *n = st_op_name_cstr(d);
	if (!strcmp(n, "arith.index_cast") || !strcmp(n, "arith.index_castui"))
		return eval(p, st_op_operand(d, 0), out, depth + 1);
	if (st_op_num_operands(d) != 2 || !eval(p, st_op_operand(d, 0), &x, depth + 1) ||
	    !eval(p, st_op_operand(d, 1), &y, depth + 1))
		return false;
	if (!strcmp(n, "arith.addi"))
		*out = x + y;
	else if (!strcmp(n, "arith.subi"))
		*out = x - y;
	else if (!strcmp(n, "arith.muli"))
		*out = x * y;
	else if ((!strcmp(n, "arith.divui") || !strcmp(n, "arith.divsi")) && y > 0 && x >= 0)
		*out = x / y;
	else if ((!strcmp(n, "arith.remui") || !strcmp(n, "arith.remsi")) && y > 0 && x >= 0)
		*out = x % y;
	else
		return false;
	return true;
}

/* Whether op writes nothing but the memory *ud (else *ud becomes NULL):
 * loops, branches, arith, math, loads and its stores only. */
static st_walk_result fills_only(st_op *op, void *ud) {
	st_value **mem = ud;
	const char *n = st_op_name_cstr(op);
	bool ok = named(op, "scf.for") || named(op, "scf.if") || named(op, "scf.yield") || named(op, "memref.load") ||
	          !strncmp(n, "arith.", 6) || !strncmp(n, "math.", 5) ||
	          (named(op, "memref.store") && st_op_operand(op, 1) == *mem);
	if (ok)
		return ST_WALK_ADVANCE;
	*mem = NULL;
	return ST_WALK_INTERRUPT;
}

static void visit_block(points *p, st_block *b, st_value *mem);

/* The words the stores of `mem` in `op` write, for every iteration. */
static void visit_op(points *p, st_op *op, st_value *mem) {
	if (!p->ok)
		return;
	if (named(op, "memref.store") && st_op_operand(op, 1) == mem) {
		st_type *t = st_value_type(mem);
		int64_t addr = 0;
		for (size_t k = 0; k < st_type_rank(t) && p->ok; k++) {
			int64_t x;
			p->ok = eval(p, st_op_operand(op, 2 + k), &x, 0) && x >= 0 && x < st_type_dim(t, k);
			addr = addr * st_type_dim(t, k) + x;
		}
		if (p->ok)
			p->hit[addr] = 1;
		return;
	}
	if (!named(op, "scf.for")) {
		/* Stores under a branch are not sure to happen: their words are
		 * not counted (a nest of other ops is no help either). */
		return;
	}
	int64_t lo, hi, step;
	if (p->n == A2R_MAX_DEPTH || !st_arith_constant_int(st_op_operand(op, 0), &lo) ||
	    !st_arith_constant_int(st_op_operand(op, 1), &hi) || !st_arith_constant_int(st_op_operand(op, 2), &step) ||
	    step < 1) {
		p->ok = false;
		return;
	}
	st_block *body = st_region_first_block(st_op_region(op, 0));
	p->iv[p->n] = st_block_arg(body, 0);
	p->n++;
	for (int64_t i = lo; i < hi && p->ok; i += step) {
		if (--p->budget < 0) {
			p->ok = false;
			break;
		}
		p->val[p->n - 1] = i;
		visit_block(p, body, mem);
	}
	p->n--;
}

static void visit_block(points *p, st_block *b, st_value *mem) {
	for (st_op *o = st_block_first_op(b); o && p->ok; o = st_op_next(o))
		visit_op(p, o, mem);
}

st_status st__a2r_drop_dead_fills(a2r *a) {
	st_block *body = st_region_first_block(st_op_region(a->func, 0));
	for (st_op *op = st_block_first_op(body), *next; op; op = next) {
		next = st_op_next(op);
		if (!named(op, "memref.alloc") && !named(op, "memref.alloca"))
			continue;
		st_value *mem = st_op_result(op, 0);
		int64_t words = st_type_num_elements_static(st_value_type(mem));
		if (words <= 0 || words > A2R_DEAD_POINTS)
			continue;
		/* The first nest using it only stores into it, and writes
		 * nothing else; the nests after it that only store into it, up
		 * to the first other use, are the overwriters. */
		st_op *fill = NULL;
		for (st_op *o = st_op_next(op); o && !fill; o = st_op_next(o))
			if (uses_of(mem, o, a->func))
				fill = o;
		if (!named(fill, "scf.for") || uses_of(mem, fill, a->func) != 1)
			continue;
		st_value *target = mem;
		st_walk(fill, ST_WALK_PRE, fills_only, &target);
		if (!target)
			continue;
		uint8_t *hit = st_ctx_alloc(a->ctx, (size_t)words);
		if (!hit)
			return ST_FAIL;
		memset(hit, 0, (size_t)words);
		points p = {.budget = A2R_DEAD_POINTS, .hit = hit, .words = words, .ok = true};
		for (st_op *o = st_op_next(fill); o && p.ok; o = st_op_next(o)) {
			int how = uses_of(mem, o, a->func);
			if (how & 2)
				break;
			if (how & 1)
				visit_op(&p, o, mem);
		}
		bool covered = p.ok;
		for (int64_t w = 0; w < words && covered; w++)
			covered = hit[w];
		st_ctx_free(a->ctx, hit, (size_t)words);
		if (covered && next == fill)
			next = st_op_next(fill);
		if (covered)
			st_op_erase(fill);
	}
	return ST_OK;
}
