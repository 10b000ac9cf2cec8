/* Typed accessors of the rda dialect (include/strata/rda.h): where an op
 * sits, what a context holds, and what an op computes on the hardware
 * (the `.acg` capability it needs). */
#include "rda_internal.h"

#include <string.h>

static bool named(const st_op *op, const char *name) { return op && strcmp(st_op_name_cstr(op), name) == 0; }

st_op *st_rda_design_of(st_op *op) {
	for (; op; op = st_op_parent_op(op))
		if (named(op, "rda.design"))
			return op;
	return NULL;
}

st_block *st_rda_body(st_op *op) {
	if (!op || st_op_num_regions(op) != 1)
		return NULL;
	return st_region_first_block(st_op_region(op, 0));
}

st_rda_unit_kind st_rda_unit_kind_of(const st_op *unit) {
	st_attr *k = unit ? st_op_get_attr(unit, "kind") : NULL;
	return k ? (st_rda_unit_kind)st_attr_int_value(k) : ST_RDA_COMPUTE;
}

static st_op *lookup_child(st_op *parent, const char *opname, const st_ident *name) {
	st_block *b = st_rda_body(parent);
	for (st_op *o = b ? st_block_first_op(b) : NULL; o; o = st_op_next(o))
		if (named(o, opname) && st_symbol_name(o) == name)
			return o;
	return NULL;
}

st_op *st_rda_lookup_dram(st_op *design, const st_ident *name) { return lookup_child(design, "rda.dram", name); }
st_op *st_rda_lookup_scratch(st_op *unit, const st_ident *name) { return lookup_child(unit, "rda.scratch", name); }

/* Whether `op` writes the stream through operand `i`. */
static bool writes_through(const st_op *op, size_t i) {
	const char *n = st_op_name_cstr(op);
	if (!strcmp(n, "rda.enq") || !strcmp(n, "rda.signal"))
		return i == 0;
	if (!strcmp(n, "rda.load") && i == 1)
		return true;
	/* The ack token of a DRAM access. */
	size_t start, count;
	if ((!strcmp(n, "rda.store") || !strcmp(n, "rda.load")) && st_succeeded(st_op_operand_group(op, 3, &start, &count)))
		return i >= start && i < start + count;
	return false;
}

st_op *st_rda_stream_writer(const st_value *s) {
	st_op *w = NULL;
	for (st_use *u = st_value_first_use(s); u; u = st_use_next(u))
		if (writes_through(st_use_owner(u), st_use_operand_index(u))) {
			if (w)
				return NULL;
			w = st_use_owner(u);
		}
	return w;
}

size_t st_rda_context_counters(st_op *context, st_op **out, size_t cap) {
	size_t n = 0;
	st_block *b = st_rda_body(context);
	for (st_op *o = b ? st_block_first_op(b) : NULL; o; o = st_op_next(o))
		if (named(o, "rda.counter")) {
			if (n < cap)
				out[n] = o;
			n++;
		}
	return n;
}

int64_t st__rda_levels_of(st_op *op) {
	st_op *ctx = st_op_parent_op(op);
	if (!named(ctx, "rda.context"))
		return -1;
	return (int64_t)st_rda_context_counters(ctx, NULL, 0);
}

int64_t st_rda_context_lanes(const st_op *context) {
	st_attr *l = context ? st_op_get_attr(context, "lanes") : NULL;
	return l ? st_attr_int_value(l) : 1;
}

/* Casts that keep the bits (or only reinterpret an integer as an index of
 * the same 32-bit datapath) are wires, not stages. */
static bool is_wire_cast(const st_op *op) {
	const char *n = st_op_name_cstr(op);
	return !strcmp(n, "arith.index_cast") || !strcmp(n, "arith.index_castui") || !strcmp(n, "arith.bitcast");
}

bool st_rda_takes_stage(const st_op *op) {
	const char *n = st_op_name_cstr(op);
	if (!strncmp(n, "rda.", 4))
		return !strcmp(n, "rda.fold") || !strcmp(n, "rda.read") || !strcmp(n, "rda.write") ||
		       !strcmp(n, "rda.load") || !strcmp(n, "rda.store");
	if (!strcmp(n, "arith.constant") || is_wire_cast(op))
		return false;
	return true;
}

int64_t st_rda_context_stages(st_op *context) {
	int64_t n = 0;
	st_block *b = st_rda_body(context);
	for (st_op *o = b ? st_block_first_op(b) : NULL; o; o = st_op_next(o))
		n += st_rda_takes_stage(o);
	return n;
}

/* ----------------------------------------------------------- capabilities */

typedef struct cap_row {
	const char *op;  /* without the dialect prefix */
	const char *cap; /* the .acg capability */
	char cls;        /* 'c': a comparison (an i1 result); anything else: the result's datapath */
} cap_row;

static const cap_row arith_rows[] = {
	{"addi", "ADD", 'i'},     {"subi", "SUB", 'i'},     {"muli", "MUL", 'i'},      {"divsi", "DIV", 'i'},
	{"divui", "DIV", 'i'},    {"ceildivsi", "DIV", 'i'}, {"floordivsi", "DIV", 'i'}, {"ceildivui", "DIV", 'i'},
	{"remsi", "REM", 'i'},    {"remui", "REM", 'i'},    {"andi", "AND", 'i'},      {"ori", "OR", 'i'},
	{"xori", "XOR", 'i'},     {"shli", "SHL", 'i'},     {"shrsi", "SHR", 'i'},     {"shrui", "SHR", 'i'},
	{"maxsi", "MAX", 'i'},    {"minsi", "MIN", 'i'},    {"maxui", "MAX", 'i'},     {"minui", "MIN", 'i'},
	{"extsi", "CVT", 'i'},    {"extui", "CVT", 'i'},    {"trunci", "CVT", 'i'},    {"fptosi", "CVT", 'i'},
	{"fptoui", "CVT", 'i'},   {"addf", "ADD", 'f'},     {"subf", "SUB", 'f'},      {"mulf", "MUL", 'f'},
	{"divf", "DIV", 'f'},     {"negf", "NEG", 'f'},     {"maximumf", "MAX", 'f'},  {"minimumf", "MIN", 'f'},
	{"maxnumf", "MAX", 'f'},  {"minnumf", "MIN", 'f'},  {"sitofp", "CVT", 'f'},    {"uitofp", "CVT", 'f'},
	{"cmpi", "CMP", 'c'},     {"cmpf", "CMP", 'c'},     {"select", "SELECT", 's'},
};
static const cap_row math_rows[] = {
	{"exp", "EXP", 'f'}, {"log", "LOG", 'f'}, {"sqrt", "SQRT", 'f'}, {"absf", "ABS", 'f'},
	{"fma", "FMA", 'f'}, {"floor", "FLOOR", 'f'}, {"absi", "ABS", 'i'},
};

static const char *const cmpi_preds[] = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"};
static const char *const cmpf_preds[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                         "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};

/* The datapath type of a value type: floats keep theirs, integers of up
 * to 32 bits and indices use the 32-bit integer datapath, wider integers
 * keep their width (and find no capability on a 32-bit machine). */
static st_type *datapath_type(st_context *ctx, st_type *t) {
	if (st_type_is_float(t))
		return t;
	if (st_type_is_index(t) || (st_type_is_integer(t) && st_type_int_width(t) <= 32))
		return st_integer_type(ctx, 32, ST_SIGNLESS);
	return t;
}

/* The first operand that is data (a select's condition is not). */
static st_type *data_operand_type(const st_op *op) {
	size_t i = !strcmp(st_op_name_cstr(op), "arith.select") ? 1 : 0;
	return i < st_op_num_operands(op) ? st_value_type(st_op_operand(op, i)) : NULL;
}

bool st_rda_op_cap(const st_op *op, st_rda_cap *out) {
	const char *n = st_op_name_cstr(op);
	st_context *ctx = st_op_context(op);
	out->pred = NULL;
	if (!strcmp(n, "rda.fold")) {
		out->name = "REDUCE";
		out->out = out->in = datapath_type(ctx, st_value_type(st_op_result((st_op *)op, 0)));
		return true;
	}
	const cap_row *rows = NULL;
	size_t nrows = 0;
	const char *base = NULL;
	if (!strncmp(n, "arith.", 6)) {
		rows = arith_rows, nrows = sizeof arith_rows / sizeof arith_rows[0], base = n + 6;
	} else if (!strncmp(n, "math.", 5)) {
		rows = math_rows, nrows = sizeof math_rows / sizeof math_rows[0], base = n + 5;
	}
	for (size_t i = 0; i < nrows; i++) {
		if (strcmp(rows[i].op, base) != 0)
			continue;
		st_type *in = data_operand_type(op);
		if (!in || st_op_num_results(op) != 1)
			return false;
		out->name = rows[i].cap;
		out->in = datapath_type(ctx, in);
		if (rows[i].cls == 'c') {
			out->out = st_integer_type(ctx, 1, ST_SIGNLESS);
			st_attr *p = st_op_get_attr(op, "predicate");
			int64_t k = p ? st_attr_int_value(p) : -1;
			bool f = !strcmp(base, "cmpf");
			if (k >= 0 && k < (f ? 16 : 10))
				out->pred = f ? cmpf_preds[k] : cmpi_preds[k];
		} else {
			out->out = datapath_type(ctx, st_value_type(st_op_result((st_op *)op, 0)));
		}
		return true;
	}
	return false;
}
