/* Capability checking (docs/stratac.md, "Capability checking"): before a
 * target lowers anything, the program at loop level is checked against its
 * `.acg`, so that an impossible program/target pair is refused with one
 * located error per missing thing instead of failing somewhere inside a
 * backend.  What is checked is what the file says, for every class alike:
 *
 * - each arithmetic operation on data (arith and math ops, not index
 *   arithmetic, which every target's address generators do) needs a compute
 *   node with a capability of that operation on its type: a capability
 *   name (table below: `arith.cmpi` is CMP, EQ, LT, ...), a float type of the
 *   same format, an integer at least as wide.  A compute node with
 *   `param logic = true;` is programmable logic (an FPGA's LUTs): it does
 *   every operation (floats in soft-float);
 * - each memory of the kernel must fit in one memory of the target: a
 *   storage node's depth x banks x data_width bits, times its tiles when it
 *   is a tile kind of a grid;
 * - each buffer the kernel reads needs an edge path from an off-chip memory
 *   to a place that computes, each it writes a path back.
 *
 * A file without compute (or storage) nodes is not checked for operations
 * (memories): it says nothing to hold them against.  A division by a
 * constant needs no DIV (backends strength-reduce it), and an operation the
 * compiler resolves (of constants, or a select of a constant condition)
 * needs nothing.
 *
 * What a class accepts beyond that (a stencil pipeline, DNN layers) its
 * target checks when it compiles. */
#include "common.h"

#include "strata/acg.h"

#include <string.h>

/* The capability names that do an operation; casts that only move bits
 * (extsi, extui, trunci, bitcast, index_cast) need none. */
typedef struct need {
	const char *op;
	const char *caps; /* space-separated */
} need;

static const need needs[] = {
	{"arith.addi", "ADD"},
	{"arith.addf", "ADD"},
	{"arith.subi", "SUB"},
	{"arith.subf", "SUB"},
	{"arith.muli", "MUL MAC MACC FMA"},
	{"arith.mulf", "MUL MAC MACC FMA"},
	{"arith.divsi", "DIV"},
	{"arith.divui", "DIV"},
	{"arith.floordivsi", "DIV"},
	{"arith.ceildivsi", "DIV"},
	{"arith.divf", "DIV"},
	{"arith.remsi", "REM"},
	{"arith.remui", "REM"},
	{"arith.remf", "REM"},
	{"arith.maxsi", "MAX"},
	{"arith.maxui", "MAX"},
	{"arith.maximumf", "MAX"},
	{"arith.maxnumf", "MAX"},
	{"arith.minsi", "MIN"},
	{"arith.minui", "MIN"},
	{"arith.minimumf", "MIN"},
	{"arith.minnumf", "MIN"},
	{"arith.andi", "AND"},
	{"arith.ori", "OR"},
	{"arith.xori", "XOR"},
	{"arith.shli", "SHL LSHIFT"},
	{"arith.shrsi", "SHR ASHR RSHIFT"},
	{"arith.shrui", "SHR RSHIFT"},
	{"arith.cmpi", "CMP EQ NE LT LE GT GE EQUAL NEQ GTE LTE"},
	{"arith.cmpf", "CMP EQ NE LT LE GT GE EQUAL NEQ GTE LTE"},
	{"arith.select", "SELECT SEL"},
	{"arith.negf", "NEG SUB"},
	{"arith.sitofp", "CVT CAST"},
	{"arith.uitofp", "CVT CAST"},
	{"arith.fptosi", "CVT CAST"},
	{"arith.fptoui", "CVT CAST"},
	{"arith.extf", "CVT CAST"},
	{"arith.truncf", "CVT CAST"},
	{"math.absf", "ABS"},
	{"math.absi", "ABS"},
	{"math.exp", "EXP"},
	{"math.log", "LOG"},
	{"math.sqrt", "SQRT"},
	{"math.floor", "FLOOR"},
	{"math.tanh", "TANH"},
};

static const need *need_of(const char *op) {
	for (size_t i = 0; i < sizeof needs / sizeof *needs; i++)
		if (!strcmp(needs[i].op, op))
			return &needs[i];
	return NULL;
}

/* Whether `name` is one of the space-separated `list`. */
static bool listed(const char *list, const char *name) {
	size_t n = strlen(name);
	for (const char *p = list; *p;) {
		const char *e = strchr(p, ' ');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len == n && !strncmp(p, name, n))
			return true;
		p += len + (e != NULL);
	}
	return false;
}

/* Whether a capability's operand type `have` does data of type `t`. */
static bool type_covers(const st_type *have, const st_type *t) {
	if (!have)
		return false;
	if (st_type_is_float(t))
		return st_type_is_float(have) && st_type_get_kind(have) == st_type_get_kind(t);
	return st_type_is_integer(have) && st_type_int_width(have) >= st_type_int_width(t);
}

/* The compute nodes of the graph, its grids' tile kinds included. */
typedef struct nodes {
	st_op *compute[64], *storage[64];
	size_t ncompute, nstorage;
	int64_t instances[64]; /* per storage node: 1, or its tiles in a grid */
} nodes;

static st_walk_result collect(st_op *op, void *ud) {
	nodes *n = ud;
	st_acg_kind k = st_acg_node_kind(op);
	if (k == ST_ACG_COMPUTE && n->ncompute < 64)
		n->compute[n->ncompute++] = op;
	if (k == ST_ACG_STORAGE && n->nstorage < 64) {
		st_op *parent = st_op_parent_op(op);
		int64_t tiles = parent ? st_acg_grid_count(parent, st_ident_cstr(st_symbol_name(op))) : 0;
		n->instances[n->nstorage] = tiles > 0 ? tiles : 1;
		n->storage[n->nstorage++] = op;
	}
	return ST_WALK_ADVANCE;
}

static bool is_logic(st_op *node) {
	st_attr *p = st_acg_param(node, "logic");
	return p && st_attr_is_bool(p) && st_attr_int_value(p) != 0;
}

/* Whether some compute node does `n` on `t`; else `near` names a node
 * with one of its capabilities on another type (NULL: none). */
static bool supported(const nodes *ns, const need *n, const st_type *t, st_op **near) {
	*near = NULL;
	for (size_t i = 0; i < ns->ncompute; i++) {
		if (is_logic(ns->compute[i]))
			return true;
		st_acg_cap c;
		for (size_t k = 0; st_acg_get_cap(ns->compute[i], k, &c); k++) {
			if (!listed(n->caps, c.op))
				continue;
			for (size_t o = 0; o < c.noperands; o++)
				if (type_covers(st_acg_cap_type(&c, o), t))
					return true;
			if (!*near)
				*near = ns->compute[i];
		}
	}
	return false;
}

/* The data type an operation computes on: a comparison's operands, else
 * its result; NULL for index arithmetic and what has no value. */
static st_type *data_type(st_op *op) {
	const char *name = st_ident_cstr(st_op_name(op));
	st_value *v = NULL;
	if (!strcmp(name, "arith.cmpi") || !strcmp(name, "arith.cmpf"))
		v = st_op_num_operands(op) ? st_op_operand(op, 0) : NULL;
	else if (!strcmp(name, "arith.select"))
		v = st_op_num_operands(op) > 1 ? st_op_operand(op, 1) : NULL;
	else
		v = st_op_num_results(op) ? st_op_result(op, 0) : NULL;
	st_type *t = v ? st_value_type(v) : NULL;
	if (t && st_type_is_shaped(t))
		t = st_type_element(t);
	if (!t || st_type_is_index(t) || !(st_type_is_integer(t) || st_type_is_float(t)))
		return NULL;
	return t;
}

/* One missing capability: the first op that needs it and how many do. */
typedef struct missing {
	const need *need;
	const st_type *type;
	st_op *first, *near;
	size_t count;
} missing;

typedef struct check {
	const nodes *ns;
	missing miss[32];
	size_t nmiss;
} check;

/* A division or remainder by a constant: backends strength-reduce it
 * (shifts and masks, or a multiplication by the reciprocal), so it needs
 * no DIV of its own. */
static bool by_constant(st_op *op, const need *n) {
	if (strcmp(n->caps, "DIV") && strcmp(n->caps, "REM"))
		return false;
	st_op *d = st_op_num_operands(op) > 1 ? st_value_defining_op(st_op_operand(op, 1)) : NULL;
	return d && !strcmp(st_ident_cstr(st_op_name(d)), "arith.constant");
}

/* Whether `v` is known when the program is compiled: a constant, or an
 * arith op of such values (Halide's lowering of a shift by a constant
 * leaves comparisons and selects of constants; every backend folds them).
 * Loop variables and loads are not; `depth` bounds the search. */
static bool compile_time(st_value *v, int depth) {
	st_op *d = v ? st_value_defining_op(v) : NULL;
	if (!d || depth > 16)
		return false;
	const char *name = st_ident_cstr(st_op_name(d));
	if (!strcmp(name, "arith.constant"))
		return true;
	if (strncmp(name, "arith.", 6) || !st_op_num_operands(d))
		return false;
	for (size_t i = 0; i < st_op_num_operands(d); i++)
		if (!compile_time(st_op_operand(d, i), depth + 1))
			return false;
	return true;
}

/* An op the compiler resolves: all its operands known at compile time, or
 * a select of a known condition. */
static bool folded(st_op *op) {
	if (!strcmp(st_ident_cstr(st_op_name(op)), "arith.select"))
		return st_op_num_operands(op) && compile_time(st_op_operand(op, 0), 0);
	for (size_t i = 0; i < st_op_num_operands(op); i++)
		if (!compile_time(st_op_operand(op, i), 0))
			return false;
	return true;
}

/* Two values that are the same: one value, or constants of one value. */
static bool same_value(st_value *a, st_value *b) {
	if (a == b)
		return true;
	st_op *x = st_value_defining_op(a), *y = st_value_defining_op(b);
	return x && y && !strcmp(st_ident_cstr(st_op_name(x)), "arith.constant") &&
	       !strcmp(st_ident_cstr(st_op_name(y)), "arith.constant") &&
	       st_op_get_attr(x, "value") == st_op_get_attr(y, "value");
}

/* select(cmp(x, y), x, y) in either order is a maximum or a minimum (how
 * PMLang's max and Halide's clamp lower): MAX or MIN does it. */
static const need max_min = {"arith.select", "MAX MIN SELECT SEL"};

static const need *select_need(st_op *op, const need *n) {
	st_op *cmp = st_op_num_operands(op) == 3 ? st_value_defining_op(st_op_operand(op, 0)) : NULL;
	if (!cmp || st_op_num_operands(cmp) != 2 || (strcmp(st_ident_cstr(st_op_name(cmp)), "arith.cmpi") &&
	                                             strcmp(st_ident_cstr(st_op_name(cmp)), "arith.cmpf")))
		return n;
	st_value *x = st_op_operand(cmp, 0), *y = st_op_operand(cmp, 1), *a = st_op_operand(op, 1),
	         *b = st_op_operand(op, 2);
	bool idiom = (same_value(x, a) && same_value(y, b)) || (same_value(x, b) && same_value(y, a));
	return idiom ? &max_min : n;
}

static st_walk_result check_op(st_op *op, void *ud) {
	check *c = ud;
	const need *n = need_of(st_ident_cstr(st_op_name(op)));
	if (n && !strcmp(n->op, "arith.select"))
		n = select_need(op, n);
	st_type *t = n && !by_constant(op, n) && !folded(op) ? data_type(op) : NULL;
	st_op *near;
	if (!t || supported(c->ns, n, t, &near))
		return ST_WALK_ADVANCE;
	for (size_t i = 0; i < c->nmiss; i++)
		if (c->miss[i].need == n && c->miss[i].type == t) {
			c->miss[i].count++;
			return ST_WALK_ADVANCE;
		}
	if (c->nmiss < 32)
		c->miss[c->nmiss++] = (missing){n, t, op, near, 1};
	return ST_WALK_ADVANCE;
}

/* An integer or float type as the IR writes it ("i16", "bf16"), without
 * the printer: no lowering library both prints and parses IR
 * (test/Layering/no-reparse.test). */
static const char *type_name(const st_type *t, char buf[16]) {
	switch (st_type_get_kind(t)) {
	case ST_TYPE_BF16:
		return "bf16";
	case ST_TYPE_F16:
		return "f16";
	case ST_TYPE_F32:
		return "f32";
	case ST_TYPE_F64:
		return "f64";
	default:
		break;
	}
	st_signedness sg = st_type_int_signedness(t);
	snprintf(buf, 16, "%s%u", sg == ST_SIGNED ? "si" : sg == ST_UNSIGNED ? "ui" : "i", st_type_int_width(t));
	return buf;
}

/* A buffer's type: "memref<64x64xi16>". */
static void buffer_type(const st_buffer *b, char *buf, size_t size) {
	char tn[16];
	size_t len = (size_t)snprintf(buf, size, "memref<");
	for (size_t i = 0; i < b->ndims && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%lldx", (long long)b->dims[i]);
	if (len < size)
		snprintf(buf + len, size - len, "%s>", type_name(b->elt, tn));
}

/* "ADD", or "one of MUL, MAC, MACC, FMA". */
static void caps_phrase(const need *n, char *buf, size_t size) {
	if (!strchr(n->caps, ' ')) {
		snprintf(buf, size, "%s", n->caps);
		return;
	}
	size_t len = (size_t)snprintf(buf, size, "one of ");
	for (const char *p = n->caps; *p && len < size; p++)
		len += (size_t)snprintf(buf + len, size - len, *p == ' ' ? ", " : "%c", *p);
}

static bool check_ops(st_target_run *run, const nodes *ns) {
	if (!ns->ncompute)
		return true; /* the file describes no compute node: nothing to hold against */
	check c = {.ns = ns};
	st_walk(run->input, ST_WALK_PRE, check_op, &c);
	for (size_t i = 0; i < c.nmiss; i++) {
		const missing *m = &c.miss[i];
		char tn[16], caps[160], more[64] = "", near[96] = "";
		if (m->count > 1)
			snprintf(more, sizeof more, " (and %zu more ops)", m->count - 1);
		if (m->near)
			snprintf(near, sizeof near, "; %s has it on other types", st_ident_cstr(st_symbol_name(m->near)));
		caps_phrase(m->need, caps, sizeof caps);
		st_op_error(m->first, "needs %s on %s, which no compute node of target '%s' (%s) has%s%s", caps,
		            type_name(m->type, tn), run->target_name, run->opts->target, near, more);
	}
	return c.nmiss == 0;
}

/* Bits a memory of `instances` tiles holds (saturating). */
static uint64_t capacity(st_op *storage, int64_t instances) {
	uint64_t bits = st_acg_capacity_bits(storage);
	return bits && (uint64_t)instances > UINT64_MAX / bits ? UINT64_MAX : bits * (uint64_t)instances;
}

static bool check_memories(st_target_run *run, const nodes *ns) {
	if (!ns->nstorage)
		return true; /* the file describes no memory: nothing to hold against */
	size_t best = 0;
	for (size_t i = 1; i < ns->nstorage; i++)
		if (capacity(ns->storage[i], ns->instances[i]) > capacity(ns->storage[best], ns->instances[best]))
			best = i;
	uint64_t most = capacity(ns->storage[best], ns->instances[best]);
	bool ok = true;
	for (size_t i = 0; i < run->nbuffers; i++) {
		const st_buffer *b = &run->buffers[i];
		if (b->kind != ST_BUFFER_MEMORY)
			continue;
		uint64_t bits = (uint64_t)b->size * b->width;
		if (bits <= most)
			continue;
		char tn[96];
		buffer_type(b, tn, sizeof tn);
		st_op_error(run->kernel,
		            "buffer '%s' (%s, %llu bits) is larger than every memory of target '%s' (%s): the largest, %s, "
		            "holds %llu bits",
		            b->name, tn, (unsigned long long)bits, run->target_name,
		            run->opts->target, st_ident_cstr(st_symbol_name(ns->storage[best])), (unsigned long long)most);
		ok = false;
	}
	return ok;
}

/* ---------------------------------------------------------------- streams */

/* Where data comes from and goes to (the off-chip memories, `on_chip =
 * false`) and where it is computed on (the top graph's compute nodes, and
 * its grids that have a compute tile kind), as edges see them: an edge of
 * the top graph ends at a node or at a grid as a whole. */
typedef struct places {
	st_op *offchip[8], *compute[16];
	size_t noffchip, ncompute;
} places;

static st_walk_result find_compute(st_op *op, void *ud) {
	if (st_acg_node_kind(op) != ST_ACG_COMPUTE)
		return ST_WALK_ADVANCE;
	*(bool *)ud = true;
	return ST_WALK_INTERRUPT;
}

static void find_places(st_op *graph, places *p) {
	st_block *body = st_op_num_regions(graph) ? st_region_first_block(st_op_region(graph, 0)) : NULL;
	for (st_op *op = body ? st_block_first_op(body) : NULL; op; op = st_op_next(op)) {
		st_acg_kind k = st_acg_node_kind(op);
		bool computes = k == ST_ACG_COMPUTE;
		if (!strcmp(st_ident_cstr(st_op_name(op)), "acg.grid"))
			st_walk(op, ST_WALK_PRE, find_compute, &computes);
		if (computes && p->ncompute < 16)
			p->compute[p->ncompute++] = op;
		if (k == ST_ACG_STORAGE && !st_acg_int(op, "on_chip", 1) && p->noffchip < 8)
			p->offchip[p->noffchip++] = op;
	}
}

/* Whether some edge path leads from one of `from` to one of `to`. */
static bool reaches(st_op *const *from, size_t nfrom, st_op *const *to, size_t nto, bool *failed) {
	for (size_t i = 0; i < nfrom; i++)
		for (size_t j = 0; j < nto; j++) {
			st_acg_path path;
			if (st_failed(st_acg_path_by_hops(from[i], to[j], &path))) {
				*failed = true;
				return true;
			}
			bool found = path.n > 0;
			st_acg_path_free(st_op_context(from[i]), &path);
			if (found)
				return true;
		}
	return false;
}

/* How the kernel uses memory argument `v`: bit 1 read, bit 2 written.  A
 * use that is neither a load nor a store (a call, a view, a copy) counts
 * as both. */
static unsigned access_of(st_value *v) {
	unsigned how = 0;
	for (st_use *u = st_value_first_use(v); u; u = st_use_next(u)) {
		const char *name = st_ident_cstr(st_op_name(st_use_owner(u)));
		const char *dot = strrchr(name, '.');
		const char *verb = dot ? dot + 1 : name;
		if (!strcmp(verb, "load"))
			how |= 1;
		else if (!strcmp(verb, "store") && st_use_operand_index(u) > 0)
			how |= 2;
		else
			how |= 3;
	}
	return how;
}

/* "PE, MEM" */
static void names(st_op *const *ops, size_t n, char *buf, size_t size) {
	size_t len = 0;
	buf[0] = 0;
	for (size_t i = 0; i < n && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? ", " : "", st_ident_cstr(st_symbol_name(ops[i])));
}

/* Every buffer the kernel reads needs a way in from an off-chip memory to
 * a place that computes, every buffer it writes a way out: an `.acg`
 * without those edges describes a machine the data cannot reach.  How wide
 * the way is sets how long transfers take (a tile of B bits takes
 * ceil(B / bandwidth) of them, docs/acg.md), not whether they can happen. */
static bool check_streams(st_target_run *run) {
	places p = {0};
	find_places(run->graph, &p);
	if (!p.noffchip || !p.ncompute)
		return true; /* no host memory or no compute described: nothing to hold against */
	st_block *entry = st_op_num_regions(run->kernel) ? st_region_first_block(st_op_region(run->kernel, 0)) : NULL;
	bool ok = true, failed = false;
	for (size_t i = 0; i < run->nbuffers; i++) {
		const st_buffer *b = &run->buffers[i];
		if (b->kind != ST_BUFFER_MEMORY || !entry || b->index >= st_block_num_args(entry))
			continue;
		unsigned how = access_of(st_block_arg(entry, b->index));
		bool in = !(how & 1) || reaches(p.offchip, p.noffchip, p.compute, p.ncompute, &failed);
		bool out = !(how & 2) || reaches(p.compute, p.ncompute, p.offchip, p.noffchip, &failed);
		if (failed)
			return false;
		if (in && out)
			continue;
		char from[160], to[160];
		names(in ? p.compute : p.offchip, in ? p.ncompute : p.noffchip, from, sizeof from);
		names(in ? p.offchip : p.compute, in ? p.noffchip : p.ncompute, to, sizeof to);
		st_op_error(run->kernel,
		            "buffer '%s' is %s, but no edge path of target '%s' (%s) leads from %s to %s",
		            b->name, in ? "written" : "read", run->target_name, run->opts->target, from, to);
		ok = false;
	}
	return ok;
}

bool st__run_check_capabilities(st_target_run *run) {
	nodes ns = {0};
	st_walk(run->graph, ST_WALK_PRE, collect, &ns);
	bool ops = check_ops(run, &ns);
	bool mems = check_memories(run, &ns);
	bool streams = check_streams(run);
	return ops && mems && streams;
}
