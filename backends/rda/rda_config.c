/* The configuration of a mapped rda design: what the hardware receives and
 * all the simulator reads (docs/rda.md, "Configuration").  One line per
 * item: the DRAM interface, buffers, units, scratchpads, streams with the
 * latency and dynamic links of each reader's route, and each context's
 * counters and instructions over numbered registers.  Operations are
 * written as the capability they use (ADD, DIV.s, CMP.olt, CVT.sitofp,
 * ...), as the PCU's configuration would name them. */
#include "rda_backend_internal.h"

#include "strata/interp.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static bool named(const st_op *op, const char *name) { return op && strcmp(st_op_name_cstr(op), name) == 0; }

typedef struct writer {
	st_write_fn w;
	void *ud;
	st_context *ctx;
	const st_rda_machine *m;
	st_op *design;
	/* Numbering: ops of the design (streams, buffers, units, scratchpads,
	 * contexts) in order of appearance, and values inside a context. */
	st_op **items;
	size_t nitems, capitems;
	const st_value **vals;
	size_t nvals, capvals;
	bool failed;
} writer;

static void out(writer *wr, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out(writer *wr, const char *fmt, ...) {
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n > 0)
		wr->w(wr->ud, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

static bool push(writer *wr, void **arr, size_t *n, size_t *cap, size_t elt, const void *item) {
	if (*n == *cap && !st_ctx_grow(wr->ctx, arr, cap, NULL, elt, *n + 1)) {
		wr->failed = true;
		return false;
	}
	memcpy((char *)*arr + *n * elt, item, elt);
	(*n)++;
	return true;
}

/* The number of an item of `kind` among the items of that kind. */
static long item_id(writer *wr, const st_op *op) {
	long k = 0;
	for (size_t i = 0; i < wr->nitems; i++) {
		if (wr->items[i] == op)
			return k;
		if (!strcmp(st_op_name_cstr(wr->items[i]), st_op_name_cstr(op)))
			k++;
	}
	return -1;
}

static long reg_of(writer *wr, const st_value *v) {
	if (!v)
		return -1;
	for (size_t i = 0; i < wr->nvals; i++)
		if (wr->vals[i] == v)
			return (long)i;
	push(wr, (void **)&wr->vals, &wr->nvals, &wr->capvals, sizeof v, &v);
	return (long)wr->nvals - 1;
}

static const char *type_name(const st_type *t) {
	if (st_type_is_index(t))
		return "index";
	if (st_type_is_float(t))
		return st_type_float_width(t) == 64 ? "f64" : st_type_float_width(t) == 16 ? "f16" : "f32";
	static const char *const ints[] = {"i1", "i8", "i16", "i32", "i64"};
	unsigned w = st_type_int_width(t);
	return w == 1 ? ints[0] : w <= 8 ? ints[1] : w <= 16 ? ints[2] : w <= 32 ? ints[3] : ints[4];
}

static st_op *unit_of(st_op *op) {
	for (; op; op = st_op_parent_op(op))
		if (named(op, "rda.unit"))
			return op;
	return NULL;
}

static st_op *context_of(st_op *op) {
	for (; op; op = st_op_parent_op(op))
		if (named(op, "rda.context"))
			return op;
	return NULL;
}

static bool at_of(const st_op *unit, int64_t *r, int64_t *c) {
	st_attr *a = st_op_get_attr(unit, "at");
	if (!a || st_attr_dense_array_size(a) != 2)
		return false;
	*r = st_attr_dense_array_int(a, 0), *c = st_attr_dense_array_int(a, 1);
	return true;
}

static int64_t int_attr(const st_op *op, const char *name, int64_t dflt) {
	st_attr *a = st_op_get_attr(op, name);
	return a ? st_attr_int_value(a) : dflt;
}

/* ---------------------------------------------------------------- opcodes */

typedef struct opc {
	const char *op, *code;
} opc;

static const opc opcodes[] = {
	{"arith.addi", "ADD"},        {"arith.addf", "ADD"},          {"arith.subi", "SUB"},
	{"arith.subf", "SUB"},        {"arith.muli", "MUL"},          {"arith.mulf", "MUL"},
	{"arith.divf", "DIV"},        {"arith.divsi", "DIV.s"},       {"arith.divui", "DIV.u"},
	{"arith.floordivsi", "DIV.floor"}, {"arith.ceildivsi", "DIV.ceil"}, {"arith.ceildivui", "DIV.ceilu"},
	{"arith.remsi", "REM.s"},     {"arith.remui", "REM.u"},       {"arith.andi", "AND"},
	{"arith.ori", "OR"},          {"arith.xori", "XOR"},          {"arith.shli", "SHL"},
	{"arith.shrsi", "SHR.s"},     {"arith.shrui", "SHR.u"},       {"arith.maxsi", "MAX.s"},
	{"arith.minsi", "MIN.s"},     {"arith.maxui", "MAX.u"},       {"arith.minui", "MIN.u"},
	{"arith.maximumf", "MAX.f"},  {"arith.minimumf", "MIN.f"},    {"arith.maxnumf", "MAX.num"},
	{"arith.minnumf", "MIN.num"}, {"arith.negf", "NEG"},          {"arith.select", "SELECT"},
	{"arith.extsi", "CVT.sext"},  {"arith.extui", "CVT.zext"},    {"arith.trunci", "CVT.trunc"},
	{"arith.sitofp", "CVT.sitofp"}, {"arith.uitofp", "CVT.uitofp"}, {"arith.fptosi", "CVT.fptosi"},
	{"arith.fptoui", "CVT.fptoui"}, {"arith.bitcast", "CVT.bits"}, {"arith.index_cast", "CVT.sext"},
	{"arith.index_castui", "CVT.zext"}, {"math.exp", "EXP"},      {"math.log", "LOG"},
	{"math.sqrt", "SQRT"},        {"math.absf", "ABS"},           {"math.absi", "ABS"},
	{"math.fma", "FMA"},          {"math.floor", "FLOOR"},
};

static const char *const cmpi_preds[] = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"};
static const char *const cmpf_preds[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                         "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};

/* The capability code of an arith/math op, "" when it has none. */
static const char *opcode(const st_op *op, char *buf, size_t n) {
	const char *name = st_op_name_cstr(op);
	bool ci = !strcmp(name, "arith.cmpi"), cf = !strcmp(name, "arith.cmpf");
	if (ci || cf) {
		int64_t p = int_attr(op, "predicate", -1);
		if (p < 0 || p >= (ci ? 10 : 16))
			return "";
		snprintf(buf, n, "CMP.%s", ci ? cmpi_preds[p] : cmpf_preds[p]);
		return buf;
	}
	for (size_t i = 0; i < sizeof opcodes / sizeof opcodes[0]; i++)
		if (!strcmp(opcodes[i].op, name))
			return opcodes[i].code;
	return "";
}

/* ---------------------------------------------------------------- items */

static void write_machine(writer *wr) {
	const st_rda_machine *m = wr->m;
	int64_t burst = 0, outstanding = 0;
	for (size_t i = 0; i < m->npus; i++)
		if (m->pus[i].kind == ST_RDA_DRAM)
			burst = m->pus[i].burst_bits, outstanding = m->pus[i].outstanding;
	out(wr, "rda-config 1\n");
	out(wr, "machine %s rows %" PRId64 " cols %" PRId64 " lanes %" PRId64 "\n", m->name, m->rows, m->cols,
	    int_attr(wr->design, "lanes", 1));
	out(wr, "dram channels %" PRId64 " bits %" PRId64 " latency %" PRId64 " burst %" PRId64 " outstanding %" PRId64 "\n",
	    m->dram_channels, m->dram_bits_per_cycle, m->dram_latency, burst, outstanding);
	out(wr, "network hop %" PRId64 " dynhop %" PRId64 " flit %" PRId64 "\n", m->hop_latency, m->dyn_hop_latency,
	    m->dyn_flit_bits);
}

static const st_rda_pu *pu_of(writer *wr, st_op *unit) {
	int64_t r, c;
	return at_of(unit, &r, &c) ? st_rda_machine_pu_at(wr->m, r, c) : NULL;
}

/* The bits of element `i` of a dense value of element type `t`, masked
 * to the width the memory holds. */
static uint64_t dense_bits(const st_attr *v, const st_type *t, int64_t i) {
	size_t k = st_attr_dense_is_splat(v) ? 0 : (size_t)i;
	if (st_type_is_float(t))
		return st_float_bits_from_double(st_type_get_kind(t), st_attr_dense_float(v, k));
	uint64_t bits = (uint64_t)st_attr_dense_int(v, k);
	unsigned w = st_type_is_index(t) ? 32 : st_type_int_width(t);
	return w >= 64 ? bits : bits & ((1ull << w) - 1);
}

/* A table's contents as the memory unit holds them: `init <scratch> at
 * <local word> <bits>...`, the words of this part in its local order
 * (word a of the memref is local (a / (div * parts)) * div + a % div),
 * 16 a line. */
static void write_init(writer *wr, st_op *scratch, int64_t part, int64_t parts, int64_t div) {
	st_attr *v = st_op_get_attr(scratch, "init");
	st_type *t = st_attr_type_value(st_op_get_attr(scratch, "type"));
	int64_t n = st_type_num_elements_static(t), run = 0;
	if (div < 1 || parts < 1)
		return;
	for (int64_t a = 0; a < n; a++) {
		if ((a / div) % parts != part)
			continue;
		int64_t local = (a / (div * parts)) * div + a % div;
		if (run == 0)
			out(wr, "init %ld at %" PRId64, item_id(wr, scratch), local);
		out(wr, " %" PRIu64, dense_bits(v, st_type_element(t), a));
		bool next = a + 1 < n && ((a + 1) / div) % parts == part;
		if (++run == 16 || !next) {
			out(wr, "\n");
			run = 0;
		}
	}
}

static void write_units(writer *wr) {
	for (size_t i = 0; i < wr->nitems; i++) {
		st_op *o = wr->items[i];
		if (named(o, "rda.dram")) {
			st_type *t = st_attr_type_value(st_op_get_attr(o, "type"));
			out(wr, "buffer %ld %s arg %" PRId64 " elt %s words %" PRId64 "\n", item_id(wr, o),
			    st_ident_cstr(st_symbol_name(o)), int_attr(o, "arg", -1), type_name(st_type_element(t)),
			    st_type_num_elements_static(t));
		} else if (named(o, "rda.unit")) {
			int64_t r, c;
			const st_rda_pu *pu = pu_of(wr, o);
			at_of(o, &r, &c);
			static const char *const kinds[] = {"compute", "memory", "dram", "host"};
			out(wr, "unit %ld %s at %" PRId64 " %" PRId64 " pu %s reads %" PRId64 " writes %" PRId64 "\n",
			    item_id(wr, o), kinds[st_rda_unit_kind_of(o)], r, c, pu ? pu->name : "?",
			    pu ? pu->reads_per_cycle : 0, pu ? pu->writes_per_cycle : 0);
		} else if (named(o, "rda.scratch")) {
			st_type *t = st_attr_type_value(st_op_get_attr(o, "type"));
			st_attr *part = st_op_get_attr(o, "part");
			out(wr, "scratch %ld unit %ld elt %s words %" PRId64 " banks %" PRId64 " bank_div %" PRId64 " skew %" PRId64
			        " part %" PRId64 " %" PRId64 " %" PRId64 "\n",
			    item_id(wr, o), item_id(wr, unit_of(o)), type_name(st_type_element(t)), st_type_num_elements_static(t),
			    int_attr(o, "banks", 1), int_attr(o, "bank_div", 1), int_attr(o, "bank_skew", 0),
			    part ? st_attr_dense_array_int(part, 0) : 0,
			    part ? st_attr_dense_array_int(part, 1) : 1,
			    part ? st_attr_dense_array_int(part, 2) : st_type_num_elements_static(t));
			if (st_op_get_attr(o, "init"))
				write_init(wr, o, part ? st_attr_dense_array_int(part, 0) : 0, part ? st_attr_dense_array_int(part, 1) : 1,
				           part ? st_attr_dense_array_int(part, 2) : st_type_num_elements_static(t));
		}
	}
}

/* The route of `stream` to the unit at (r, c): its path attribute, its
 * network (0 static, 1 dynamic). */
static st_attr *route_to(st_op *stream, int64_t r, int64_t c, int64_t *net) {
	st_attr *route = st_op_get_attr(stream, "route"), *nets = st_op_get_attr(stream, "net");
	size_t n = route ? st_attr_array_size(route) : 0;
	for (size_t i = 0; i < n; i++) {
		st_attr *p = st_attr_array_elt(route, i);
		size_t k = st_attr_dense_array_size(p);
		if (k >= 4 && st_attr_dense_array_int(p, k - 2) == r && st_attr_dense_array_int(p, k - 1) == c) {
			*net = nets ? st_attr_dense_array_int(nets, i) : 0;
			return p;
		}
	}
	return NULL;
}

static int64_t link_id(const st_rda_machine *m, int64_t r, int64_t c, int64_t r2, int64_t c2) {
	int64_t dir = r2 < r ? 0 : c2 > c ? 1 : r2 > r ? 2 : 3;
	return ((r + 1) * (m->cols + 2) + (c + 1)) * 4 + dir;
}

static void write_streams(writer *wr) {
	const st_rda_machine *m = wr->m;
	for (size_t i = 0; i < wr->nitems; i++) {
		st_op *s = wr->items[i];
		if (!named(s, "rda.stream"))
			continue;
		st_value *v = st_op_result(s, 0);
		st_type *t = st_value_type(v);
		st_attr *iv = st_op_get_attr(s, "init_value");
		uint64_t bits = 0;
		if (iv)
			bits = st_attr_get_kind(iv) == ST_ATTR_FLOAT ? st_attr_float_bits(iv) : st_attr_int_uvalue(iv);
		const char *kind = st_rda_is_token(t) ? "token" : st_rda_stream_lanes(t) ? "vector" : "scalar";
		out(wr, "stream %ld %s elt %s lanes %" PRId64 " depth %" PRId64 " init %" PRId64 " value %" PRIu64 "\n",
		    item_id(wr, s), kind, st_rda_is_token(t) ? "i1" : type_name(st_rda_stream_elt(t)),
		    st_rda_stream_lanes(t), int_attr(s, "depth", 1), int_attr(s, "init", 0), bits);
		st_op *w = st_rda_stream_writer(v);
		st_op *wu = w ? unit_of(w) : NULL;
		for (st_use *u = st_value_first_use(v); u; u = st_use_next(u)) {
			st_op *o = st_use_owner(u);
			if (!named(o, "rda.deq") && !named(o, "rda.wait"))
				continue;
			st_op *ru = unit_of(o);
			int64_t r, c, net = 0, lat = 1, nlinks = 0;
			st_attr *path = NULL;
			if (ru != wu && at_of(ru, &r, &c) && (path = route_to(s, r, c, &net))) {
				int64_t hops = (int64_t)st_attr_dense_array_size(path) / 2 - 1;
				lat = hops * (net ? m->dyn_hop_latency : m->hop_latency);
				lat = lat < 1 ? 1 : lat;
				nlinks = net ? hops : 0;
			}
			out(wr, "reader %ld context %ld latency %" PRId64 " links %" PRId64, item_id(wr, s),
			    item_id(wr, context_of(o)), lat, nlinks);
			for (int64_t k = 0; k < nlinks; k++)
				out(wr, " %" PRId64,
				    link_id(m, st_attr_dense_array_int(path, (size_t)(2 * k)), st_attr_dense_array_int(path, (size_t)(2 * k + 1)),
				            st_attr_dense_array_int(path, (size_t)(2 * k + 2)), st_attr_dense_array_int(path, (size_t)(2 * k + 3))));
			out(wr, "\n");
		}
	}
}

/* ------------------------------------------------------------- contexts */

/* The cycles between a context's firings: a fold of a float sum or product
 * over several lanes adds them one after the other (the hardware's
 * reduction tree would change the rounding), one lane a cycle. */
static int64_t context_ii(st_op *context) {
	int64_t ii = int_attr(context, "ii", 1), lanes = st_rda_context_lanes(context);
	for (st_op *o = st_block_first_op(st_rda_body(context)); o; o = st_op_next(o)) {
		st_attr *k = named(o, "rda.fold") ? st_op_get_attr(o, "kind") : NULL;
		if (k && (st_str_eq_c(st_attr_string(k), "addf") || st_str_eq_c(st_attr_string(k), "mulf")) && lanes > ii)
			ii = lanes;
	}
	return ii;
}

static void write_op(writer *wr, st_op *o) {
	const char *n = st_op_name_cstr(o);
	long r = st_op_num_results(o) ? reg_of(wr, st_op_result(o, 0)) : -1;
#define OPND(i) reg_of(wr, st_op_operand(o, (i)))
	if (named(o, "arith.constant")) {
		st_attr *v = st_op_get_attr(o, "value");
		uint64_t bits = st_attr_get_kind(v) == ST_ATTR_FLOAT ? st_attr_float_bits(v) : st_attr_int_uvalue(v);
		out(wr, "  const %ld %s %" PRIu64 "\n", r, type_name(st_value_type(st_op_result(o, 0))), bits);
	} else if (named(o, "rda.counter")) {
		int64_t step = int_attr(o, "step", 1);
		bool vec = st_op_get_attr(o, "vec") != NULL;
		int64_t stride = int_attr(o, "stride", vec ? step * st_rda_context_lanes(st_op_parent_op(o)) : step);
		out(wr, "  ctr %ld %ld %ld %" PRId64 " %" PRId64 " %d\n", r, OPND(0), OPND(1), step, stride, vec);
	} else if (named(o, "rda.deq")) {
		out(wr, "  deq %ld %ld %" PRId64 "\n", r, item_id(wr, st_value_defining_op(st_op_operand(o, 0))),
		    int_attr(o, "level", 0));
	} else if (named(o, "rda.wait") || named(o, "rda.signal")) {
		out(wr, "  %s %ld %" PRId64 "\n", named(o, "rda.wait") ? "wait" : "signal",
		    item_id(wr, st_value_defining_op(st_op_operand(o, 0))), int_attr(o, "level", 0));
	} else if (named(o, "rda.enq")) {
		out(wr, "  enq %ld %ld %" PRId64 " %ld\n", item_id(wr, st_value_defining_op(st_op_operand(o, 0))), OPND(1),
		    int_attr(o, "level", 0), st_op_num_operands(o) > 2 ? OPND(2) : -1);
	} else if (named(o, "rda.reg")) {
		out(wr, "  reg %ld %ld %" PRId64 "\n", r, OPND(0), int_attr(o, "reset", 0));
	} else if (named(o, "rda.reg_set")) {
		out(wr, "  regset %ld %ld %ld\n", r, OPND(0), OPND(1));
	} else if (named(o, "rda.fold")) {
		st_str k = st_attr_string(st_op_get_attr(o, "kind"));
		out(wr, "  fold %ld %.*s %s %ld %ld\n", r, (int)k.len, k.data, type_name(st_value_type(st_op_result(o, 0))),
		    OPND(0), OPND(1));
	} else if (named(o, "rda.read") || named(o, "rda.write")) {
		st_op *mem = st_rda_lookup_scratch(unit_of(o), st_attr_symbol_leaf(st_op_get_attr(o, "mem")));
		if (named(o, "rda.read"))
			out(wr, "  read %ld %ld %ld %ld\n", r, item_id(wr, mem), OPND(0), st_op_num_operands(o) > 1 ? OPND(1) : -1);
		else
			out(wr, "  write %ld %ld %ld %ld\n", item_id(wr, mem), OPND(1), OPND(0),
			    st_op_num_operands(o) > 2 ? OPND(2) : -1);
	} else if (named(o, "rda.load") || named(o, "rda.store")) {
		bool load = named(o, "rda.load");
		st_op *mem = st_rda_lookup_dram(wr->design, st_attr_symbol_leaf(st_op_get_attr(o, "mem")));
		size_t ps, pn, as, an;
		st_op_operand_group(o, 2, &ps, &pn);
		st_op_operand_group(o, 3, &as, &an);
		st_attr *levels = st_op_get_attr(o, "ack_levels");
		if (load)
			out(wr, "  load %ld %ld %ld %ld %zu", item_id(wr, mem), OPND(0),
			    item_id(wr, st_value_defining_op(st_op_operand(o, 1))), pn ? OPND(ps) : -1, an);
		else
			out(wr, "  store %ld %ld %ld %ld %zu", item_id(wr, mem), OPND(1), OPND(0), pn ? OPND(ps) : -1, an);
		for (size_t i = 0; i < an; i++)
			out(wr, " %ld %" PRId64, item_id(wr, st_value_defining_op(st_op_operand(o, as + i))),
			    st_attr_dense_array_int(levels, i));
		out(wr, "\n");
	} else if (named(o, "rda.arg")) {
		out(wr, "  arg %ld %" PRId64 " %s\n", r, int_attr(o, "index", 0), type_name(st_value_type(st_op_result(o, 0))));
	} else if (named(o, "rda.result")) {
		out(wr, "  result %" PRId64 " %ld %s\n", int_attr(o, "index", 0), OPND(0),
		    type_name(st_value_type(st_op_operand(o, 0))));
	} else {
		char buf[32];
		const char *code = opcode(o, buf, sizeof buf);
		size_t nops = st_op_num_operands(o);
		/* The operand type decides comparisons and conversions. */
		st_type *in = nops ? st_value_type(st_op_operand(o, nops == 3 && !strcmp(n, "arith.select") ? 1 : 0)) : NULL;
		out(wr, "  op %ld %s %s %s %zu", r, *code ? code : n, type_name(st_value_type(st_op_result(o, 0))),
		    in ? type_name(in) : "-", nops);
		for (size_t i = 0; i < nops; i++)
			out(wr, " %ld", OPND(i));
		out(wr, "\n");
	}
#undef OPND
}

static int64_t context_latency(writer *wr, st_op *context) {
	st_op *unit = unit_of(context);
	const st_rda_pu *pu = pu_of(wr, unit);
	int64_t lat = pu ? pu->latency : 1;
	if (pu && pu->kind == ST_RDA_MEMORY)
		lat += st_rda_context_stages(context);
	return lat < 1 ? 1 : lat;
}

static void write_contexts(writer *wr) {
	for (size_t i = 0; i < wr->nitems && !wr->failed; i++) {
		st_op *c = wr->items[i];
		if (!named(c, "rda.context"))
			continue;
		wr->nvals = 0;
		/* Number the values first: the header gives their count. */
		for (st_op *o = st_block_first_op(st_rda_body(c)); o; o = st_op_next(o))
			if (st_op_num_results(o))
				reg_of(wr, st_op_result(o, 0));
		out(wr, "context %ld %s unit %ld lanes %" PRId64 " ii %" PRId64 " latency %" PRId64 " regs %zu\n",
		    item_id(wr, c), st_ident_cstr(st_symbol_name(c)), item_id(wr, unit_of(c)), st_rda_context_lanes(c),
		    context_ii(c), context_latency(wr, c), wr->nvals);
		for (st_op *o = st_block_first_op(st_rda_body(c)); o; o = st_op_next(o))
			write_op(wr, o);
		out(wr, "end\n");
	}
}

static st_walk_result collect(st_op *op, void *ud) {
	writer *wr = ud;
	const char *n = st_op_name_cstr(op);
	if (!strcmp(n, "rda.dram") || !strcmp(n, "rda.stream") || !strcmp(n, "rda.unit") || !strcmp(n, "rda.scratch") ||
	    !strcmp(n, "rda.context"))
		push(wr, (void **)&wr->items, &wr->nitems, &wr->capitems, sizeof op, &op);
	return ST_WALK_ADVANCE;
}

st_status st_rda_write_config(st_op *design, const st_rda_machine *m, st_write_fn w, void *ud) {
	if (!named(design, "rda.design") || !st_op_get_attr(design, "mapped"))
		return st_op_error(design, "only a mapped rda.design has a configuration");
	writer wr = {.w = w, .ud = ud, .ctx = st_op_context(design), .m = m, .design = design};
	st_walk(design, ST_WALK_PRE, collect, &wr);
	write_machine(&wr);
	write_units(&wr);
	write_streams(&wr);
	write_contexts(&wr);
	if (wr.items)
		st_ctx_free(wr.ctx, wr.items, wr.capitems * sizeof *wr.items);
	if (wr.vals)
		st_ctx_free(wr.ctx, wr.vals, wr.capvals * sizeof *wr.vals);
	return wr.failed ? ST_FAIL : ST_OK;
}
