/* The accel dialect (strata/accel.h, docs/dialects/accel.md): no ops, a
 * small closed vocabulary of discardable attributes that mark what runs on
 * an accelerator.  The verifier checks each attribute's op and value, so a
 * misspelt or misplaced mark is an error instead of being ignored; the
 * accessors read them for the conversions and drivers. */
#include "strata/accel.h"
#include "strata/dialect.h"

#include <string.h>

static const char *const level_names[] = {NULL, "host", "global", "tile", "register", "rom"};

const char *st_accel_level_name(st_accel_level level) {
	return (unsigned)level < sizeof level_names / sizeof level_names[0] ? level_names[level] : NULL;
}

static bool op_is(const st_op *op, const char *name) { return st_str_eq_c(st_ident_str(st_op_name(op)), name); }

static bool is_alloc(const st_op *op) { return op_is(op, "memref.alloc") || op_is(op, "memref.alloca"); }

/* The level a string names, NONE when it names none. */
static st_accel_level level_of(st_attr *a) {
	if (!a || st_attr_get_kind(a) != ST_ATTR_STRING)
		return ST_ACCEL_LEVEL_NONE;
	for (int i = ST_ACCEL_LEVEL_HOST; i <= ST_ACCEL_LEVEL_ROM; i++)
		if (st_str_eq_c(st_attr_string(a), level_names[i]))
			return (st_accel_level)i;
	return ST_ACCEL_LEVEL_NONE;
}

/* ------------------------------------------------------------ verifier */

/* A name is a non-empty string (ub buffers and hardware signals are named
 * after it, made identifiers there). */
static bool valid_name(st_attr *a) { return st_attr_get_kind(a) == ST_ATTR_STRING && st_attr_string(a).len > 0; }

static st_status verify_op_attr(st_op *op, st_named_attr attr) {
	st_str name = st_ident_str(attr.name);
	st_attr *v = attr.value;
	st_attr_kind k = st_attr_get_kind(v);
	if (st_str_eq_c(name, ST_ACCEL_KERNEL)) {
		if (!op_is(op, "func.func"))
			return st_op_error(op, "'accel.kernel' marks a func.func");
		if (k != ST_ATTR_UNIT)
			return st_op_error(op, "'accel.kernel' is a unit attribute");
	} else if (st_str_eq_c(name, ST_ACCEL_LAUNCH)) {
		if (!op_is(op, "affine.for"))
			return st_op_error(op, "'accel.launch' marks an affine.for");
		if (!valid_name(v))
			return st_op_error(op, "'accel.launch' is the accelerator's name, a non-empty string");
	} else if (st_str_eq_c(name, ST_ACCEL_UNROLL)) {
		if (!op_is(op, "affine.for"))
			return st_op_error(op, "'accel.unroll' marks an affine.for");
		if (k != ST_ATTR_UNIT)
			return st_op_error(op, "'accel.unroll' is a unit attribute");
	} else if (st_str_eq_c(name, ST_ACCEL_LATENCY)) {
		if (!op_is(op, "affine.for"))
			return st_op_error(op, "'accel.latency' marks an affine.for (a stage's outer loop)");
		if (k != ST_ATTR_INTEGER || st_attr_int_value(v) < 0)
			return st_op_error(op, "'accel.latency' is a non-negative integer of cycles");
	} else if (st_str_eq_c(name, ST_ACCEL_OUTPUT_RATE)) {
		if (!op_is(op, "affine.for") || !st_accel_is_launch(op))
			return st_op_error(op, "'accel.output_rate' marks an accelerator's launch loop (an affine.for with "
			                       "accel.launch)");
		if (k != ST_ATTR_INTEGER || st_attr_int_value(v) < 1)
			return st_op_error(op, "'accel.output_rate' is a positive integer of values per cycle");
	} else if (st_str_eq_c(name, ST_ACCEL_NAME)) {
		if (!is_alloc(op))
			return st_op_error(op, "'accel.name' names a memref.alloc or alloca (or a function argument)");
		if (!valid_name(v))
			return st_op_error(op, "'accel.name' is a non-empty string");
	} else if (st_str_eq_c(name, ST_ACCEL_STORE_IN)) {
		if (!is_alloc(op))
			return st_op_error(op, "'accel.store_in' places a memref.alloc or alloca");
		if (level_of(v) == ST_ACCEL_LEVEL_NONE)
			return st_op_error(op, "'accel.store_in' is one of \"host\", \"global\", \"tile\", \"register\", \"rom\"");
	} else {
		return st_op_error(op, "unknown accel attribute '%.*s'", (int)name.len, name.data);
	}
	return ST_OK;
}

/* Of a function argument (a buffer the host passes), its name and level. */
static st_status verify_arg_attr(st_op *op, size_t arg, st_named_attr attr) {
	st_str name = st_ident_str(attr.name);
	if (st_str_eq_c(name, ST_ACCEL_NAME) && !valid_name(attr.value))
		return st_op_error(op, "argument %zu: 'accel.name' is a non-empty string", arg);
	if (st_str_eq_c(name, ST_ACCEL_STORE_IN) && level_of(attr.value) == ST_ACCEL_LEVEL_NONE)
		return st_op_error(op,
		                   "argument %zu: 'accel.store_in' is one of \"host\", \"global\", \"tile\", \"register\", "
		                   "\"rom\"",
		                   arg);
	if (!st_str_eq_c(name, ST_ACCEL_NAME) && !st_str_eq_c(name, ST_ACCEL_STORE_IN))
		return st_op_error(op, "argument %zu: '%.*s' is no argument attribute (accel.name and accel.store_in are)", arg,
		                   (int)name.len, name.data);
	return ST_OK;
}

static const st_dialect_def accel_dialect = {
        .name = "accel",
        .summary = "frontend-neutral marks of accelerated code: kernels, launches, unrolling, latencies, buffer names "
                   "and memory levels",
        .verify_op_attr = verify_op_attr,
        .verify_arg_attr = verify_arg_attr,
};

st_status st_register_accel_dialect(st_context *ctx) { return st_context_register_dialect(ctx, &accel_dialect); }

/* ------------------------------------------------------------ accessors */

bool st_accel_is_kernel(const st_op *fn) { return st_op_get_attr(fn, ST_ACCEL_KERNEL) != NULL; }
bool st_accel_is_launch(const st_op *loop) { return st_op_get_attr(loop, ST_ACCEL_LAUNCH) != NULL; }
bool st_accel_is_unrolled(const st_op *loop) { return st_op_get_attr(loop, ST_ACCEL_UNROLL) != NULL; }

static st_walk_result find_marked(st_op *op, void *ud) {
	if (!st_accel_is_kernel(op) && !st_accel_is_launch(op))
		return ST_WALK_ADVANCE;
	*(bool *)ud = true;
	return ST_WALK_INTERRUPT;
}

bool st_accel_contains_accelerated(st_op *root) {
	bool found = false;
	st_walk(root, ST_WALK_PRE, find_marked, &found);
	return found;
}

int64_t st_accel_latency(const st_op *loop) {
	st_attr *a = st_op_get_attr(loop, ST_ACCEL_LATENCY);
	return a && st_attr_get_kind(a) == ST_ATTR_INTEGER ? st_attr_int_value(a) : 0;
}

int64_t st_accel_output_rate(const st_op *loop) {
	st_attr *a = st_op_get_attr(loop, ST_ACCEL_OUTPUT_RATE);
	return a && st_attr_get_kind(a) == ST_ATTR_INTEGER ? st_attr_int_value(a) : 0;
}

static st_str name_in(st_attr *a) {
	return a && st_attr_get_kind(a) == ST_ATTR_STRING ? st_attr_string(a) : st_str_make("", 0);
}

st_str st_accel_name(const st_op *alloc) { return name_in(st_op_get_attr(alloc, ST_ACCEL_NAME)); }

st_str st_accel_arg_name(const st_op *fn, size_t arg) {
	st_attr *aa = st_op_get_attr(fn, "arg_attrs");
	if (!aa || st_attr_get_kind(aa) != ST_ATTR_ARRAY || arg >= st_attr_array_size(aa))
		return st_str_make("", 0);
	st_attr *d = st_attr_array_elt(aa, arg);
	return name_in(st_attr_get_kind(d) == ST_ATTR_DICTIONARY ? st_attr_dict_get_c(d, ST_ACCEL_NAME) : NULL);
}

st_accel_level st_accel_store_in(const st_op *alloc) { return level_of(st_op_get_attr(alloc, ST_ACCEL_STORE_IN)); }
