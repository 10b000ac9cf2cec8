/* The builders of strata/seq.h: registers, memories and their ports with
 * the attributes their text would parse to (the operand segment sizes of
 * the optional reset and enable operands, a port's latency as an i64). */
#include "strata/seq.h"

static st_value *result(st_op *op) { return op ? st_op_result(op, 0) : NULL; }

/* operandSegmentSizes (and a second attribute when `name` is given). */
static st_attr *attrs(st_context *ctx, size_t ngroups, const int64_t *segs, const char *name, st_attr *value) {
	st_named_attr e[2] = {
		{st_ident_get_c(ctx, "operandSegmentSizes"),
		 st_dense_int_array_attr(ctx, st_integer_type(ctx, 32, ST_SIGNLESS), ngroups, segs)},
		{name ? st_ident_get_c(ctx, name) : NULL, value},
	};
	return st_dict_attr(ctx, name && value ? 2 : 1, e);
}

static st_value *reg(st_hw_builder *b, const char *op, st_value *input, st_value *clk, st_value *enable,
                     st_value *reset, st_value *reset_value, const char *name) {
	if (!input || (reset != NULL) != (reset_value != NULL)) {
		b->failed = true;
		return NULL;
	}
	st_value *ops[5];
	int64_t segs[5];
	size_t n = 0, g = 0;
	ops[n++] = input, segs[g++] = 1;
	ops[n++] = clk, segs[g++] = 1;
	if (enable)
		ops[n++] = enable, segs[g++] = 1;
	segs[g++] = reset != NULL, segs[g++] = reset != NULL;
	if (reset)
		ops[n++] = reset, ops[n++] = reset_value;
	st_type *t = st_value_type(input);
	st_attr *nm = name ? st_string_attr(b->ctx, st_str_c(name)) : NULL;
	return result(st_build_op(b, op, n, ops, 1, &t, attrs(b->ctx, g, segs, "name", nm), 0));
}

st_value *st_seq_build_compreg(st_hw_builder *b, st_value *input, st_value *clk, st_value *reset,
                               st_value *reset_value, const char *name) {
	return reg(b, "seq.compreg", input, clk, NULL, reset, reset_value, name);
}

st_value *st_seq_build_compreg_ce(st_hw_builder *b, st_value *input, st_value *clk, st_value *enable,
                                  st_value *reset, st_value *reset_value, const char *name) {
	if (!enable) {
		b->failed = true;
		return NULL;
	}
	return reg(b, "seq.compreg.ce", input, clk, enable, reset, reset_value, name);
}

st_value *st_seq_build_hlmem(st_hw_builder *b, st_str name, st_value *clk, st_value *rst, uint64_t depth,
                             st_type *elt) {
	st_context *ctx = b->ctx;
	st_type *t = elt ? st_seq_hlmem_type(ctx, depth, elt) : NULL;
	st_named_attr e = {st_ident_get_c(ctx, "name"), st_string_attr(ctx, name)};
	st_value *ops[2] = {clk, rst};
	return result(st_build_op(b, "seq.hlmem", 2, ops, 1, &t, st_dict_attr(ctx, 1, &e), 0));
}

static st_attr *latency(st_context *ctx, int64_t l) {
	return st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), l);
}

st_value *st_seq_build_read(st_hw_builder *b, st_value *mem, st_value *address, st_value *enable, int64_t lat) {
	if (!mem) {
		b->failed = true;
		return NULL;
	}
	st_value *ops[3] = {mem, address, enable};
	int64_t segs[3] = {1, 1, enable != NULL};
	st_type *t = st_seq_is_hlmem(st_value_type(mem)) ? st_seq_hlmem_element(st_value_type(mem)) : NULL;
	return result(st_build_op(b, "seq.read", enable ? 3 : 2, ops, 1, &t,
	                          attrs(b->ctx, 3, segs, "latency", latency(b->ctx, lat)), 0));
}

st_op *st_seq_build_write(st_hw_builder *b, st_value *mem, st_value *address, st_value *data, st_value *enable,
                          int64_t lat) {
	st_value *ops[4] = {mem, address, data, enable};
	int64_t segs[4] = {1, 1, 1, enable != NULL};
	return st_build_op(b, "seq.write", enable ? 4 : 3, ops, 0, NULL,
	                   attrs(b->ctx, 4, segs, "latency", latency(b->ctx, lat)), 0);
}

st_value *st_seq_build_from_clock(st_hw_builder *b, st_value *clk) {
	st_type *i1 = st_integer_type(b->ctx, 1, ST_SIGNLESS);
	return result(st_build_op(b, "seq.from_clock", 1, &clk, 1, &i1, NULL, 0));
}

st_value *st_seq_build_to_clock(st_hw_builder *b, st_value *input) {
	st_type *clk = st_seq_clock_type(b->ctx);
	return result(st_build_op(b, "seq.to_clock", 1, &input, 1, &clk, NULL, 0));
}
