/* Builders of the rda dialect (include/strata/rda.h): lowerings build
 * designs through these, never by printing text to parse it back. */
#include "rda_internal.h"

#include "strata/builder.h"

#include <string.h>

static st_type *i64(st_context *ctx) { return st_integer_type(ctx, 64, ST_SIGNLESS); }
static st_attr *int_attr(st_context *ctx, int64_t v) { return st_integer_attr(ctx, i64(ctx), v); }

/* A dictionary from up to 8 (name, value) pairs; NULL values are left out. */
static st_attr *dict(st_context *ctx, size_t n, const char *const *names, st_attr *const *values) {
	st_named_attr e[8];
	size_t k = 0;
	for (size_t i = 0; i < n && i < 8; i++) {
		if (!values[i])
			continue;
		e[k].name = st_ident_get_c(ctx, names[i]);
		e[k].value = values[i];
		if (!e[k].name)
			return NULL;
		k++;
	}
	/* st_dict_attr wants sorted names. */
	for (size_t i = 1; i < k; i++)
		for (size_t j = i; j > 0 && strcmp(st_ident_cstr(e[j].name), st_ident_cstr(e[j - 1].name)) < 0; j--) {
			st_named_attr t = e[j];
			e[j] = e[j - 1];
			e[j - 1] = t;
		}
	return st_dict_attr(ctx, k, e);
}

/* An op at the builder's place; its regions get an empty entry block. */
static st_op *emit(st_builder *b, const char *name, size_t nops, st_value *const *ops, size_t nres,
                   st_type *const *types, st_attr *attrs, size_t nregions) {
	if (!b || b->failed)
		return NULL;
	st_op *op = st_build_op(b, name, nops, ops, nres, types, attrs, nregions);
	for (size_t i = 0; op && i < nregions; i++) {
		st_block *blk = st_block_create(b->ctx);
		if (!blk) {
			b->failed = true;
			return NULL;
		}
		st_region_append_block(st_op_region(op, i), blk);
	}
	return op;
}

static st_value *result0(st_op *op) { return op ? st_op_result(op, 0) : NULL; }
static st_attr *str_attr(st_context *ctx, const char *s) { return s ? st_string_attr(ctx, st_str_c(s)) : NULL; }
static st_attr *sym_ref(st_context *ctx, const char *s) { return st_symbol_ref_attr(ctx, st_str_c(s), 0, NULL); }

st_op *st_rda_build_design(st_builder *b, const char *name, int64_t lanes) {
	const char *names[] = {"sym_name", "lanes"};
	st_attr *values[] = {str_attr(b->ctx, name), int_attr(b->ctx, lanes)};
	return emit(b, "rda.design", 0, NULL, 0, NULL, dict(b->ctx, 2, names, values), 1);
}

st_op *st_rda_build_dram(st_builder *b, const char *name, st_type *memref, int64_t arg) {
	const char *names[] = {"sym_name", "type", "arg"};
	st_attr *values[] = {str_attr(b->ctx, name), memref ? st_type_attr(b->ctx, memref) : NULL,
	                     arg >= 0 ? int_attr(b->ctx, arg) : NULL};
	return values[1] ? emit(b, "rda.dram", 0, NULL, 0, NULL, dict(b->ctx, 3, names, values), 0) : NULL;
}

st_value *st_rda_build_stream(st_builder *b, st_type *type, int64_t depth, int64_t init, const char *name) {
	const char *names[] = {"depth", "init", "name"};
	st_attr *values[] = {int_attr(b->ctx, depth), init ? int_attr(b->ctx, init) : NULL, str_attr(b->ctx, name)};
	return result0(emit(b, "rda.stream", 0, NULL, 1, &type, dict(b->ctx, 3, names, values), 0));
}

st_op *st_rda_build_unit(st_builder *b, const char *name, st_rda_unit_kind kind) {
	const char *names[] = {"sym_name", "kind"};
	st_attr *values[] = {str_attr(b->ctx, name), int_attr(b->ctx, kind)};
	return emit(b, "rda.unit", 0, NULL, 0, NULL, dict(b->ctx, 2, names, values), 1);
}

st_op *st_rda_build_context(st_builder *b, const char *name, int64_t lanes) {
	const char *names[] = {"sym_name", "lanes"};
	st_attr *values[] = {str_attr(b->ctx, name), lanes > 1 ? int_attr(b->ctx, lanes) : NULL};
	return emit(b, "rda.context", 0, NULL, 0, NULL, dict(b->ctx, 2, names, values), 1);
}

st_op *st_rda_build_scratch(st_builder *b, const char *name, st_type *memref, int64_t banks) {
	const char *names[] = {"sym_name", "type", "banks"};
	st_attr *values[] = {str_attr(b->ctx, name), memref ? st_type_attr(b->ctx, memref) : NULL,
	                     int_attr(b->ctx, banks)};
	return values[1] ? emit(b, "rda.scratch", 0, NULL, 0, NULL, dict(b->ctx, 3, names, values), 0) : NULL;
}

st_value *st_rda_build_counter(st_builder *b, st_value *lo, st_value *hi, int64_t step, int64_t stride, bool vec) {
	st_value *ops[] = {lo, hi};
	st_type *t = st_index_type(b->ctx);
	const char *names[] = {"step", "stride", "vec"};
	st_attr *values[] = {int_attr(b->ctx, step), stride > 0 ? int_attr(b->ctx, stride) : NULL,
	                     vec ? st_unit_attr(b->ctx) : NULL};
	return result0(emit(b, "rda.counter", 2, ops, 1, &t, dict(b->ctx, 3, names, values), 0));
}

static st_attr *level_dict(st_context *ctx, const char *name, int64_t level) {
	const char *names[] = {name};
	st_attr *values[] = {int_attr(ctx, level)};
	return dict(ctx, 1, names, values);
}

st_value *st_rda_build_deq(st_builder *b, st_value *stream, int64_t level) {
	if (!stream)
		return NULL;
	st_type *t = st_rda_stream_elt(st_value_type(stream));
	return result0(emit(b, "rda.deq", 1, &stream, 1, &t, level_dict(b->ctx, "level", level), 0));
}

st_op *st_rda_build_wait(st_builder *b, st_value *token, int64_t level) {
	return emit(b, "rda.wait", 1, &token, 0, NULL, level_dict(b->ctx, "level", level), 0);
}

st_op *st_rda_build_enq(st_builder *b, st_value *stream, st_value *v, int64_t level, st_value *pred) {
	st_value *ops[] = {stream, v, pred};
	return emit(b, "rda.enq", pred ? 3 : 2, ops, 0, NULL, level_dict(b->ctx, "level", level), 0);
}

st_op *st_rda_build_signal(st_builder *b, st_value *token, int64_t level) {
	return emit(b, "rda.signal", 1, &token, 0, NULL, level_dict(b->ctx, "level", level), 0);
}

st_value *st_rda_build_reg(st_builder *b, st_value *init, int64_t reset) {
	if (!init)
		return NULL;
	st_type *t = st_value_type(init);
	return result0(emit(b, "rda.reg", 1, &init, 1, &t, level_dict(b->ctx, "reset", reset), 0));
}

st_value *st_rda_build_reg_set(st_builder *b, st_value *reg, st_value *next) {
	st_value *ops[] = {reg, next};
	st_type *t = reg ? st_value_type(reg) : NULL;
	return result0(emit(b, "rda.reg_set", 2, ops, 1, &t, NULL, 0));
}

st_value *st_rda_build_fold(st_builder *b, const char *kind, st_value *acc, st_value *v) {
	if (!acc)
		return NULL;
	st_value *ops[] = {acc, v};
	st_type *t = st_value_type(acc);
	const char *names[] = {"kind"};
	st_attr *values[] = {str_attr(b->ctx, kind)};
	return result0(emit(b, "rda.fold", 2, ops, 1, &t, dict(b->ctx, 1, names, values), 0));
}

static st_attr *mem_dict(st_context *ctx, const char *mem) {
	const char *names[] = {"mem"};
	st_attr *values[] = {sym_ref(ctx, mem)};
	return dict(ctx, 1, names, values);
}

st_value *st_rda_build_read(st_builder *b, const char *mem, st_value *addr, st_type *elt, st_value *pred) {
	st_value *ops[] = {addr, pred};
	return result0(emit(b, "rda.read", pred ? 2 : 1, ops, 1, &elt, mem_dict(b->ctx, mem), 0));
}

st_op *st_rda_build_write(st_builder *b, const char *mem, st_value *addr, st_value *v, st_value *pred) {
	st_value *ops[] = {v, addr, pred};
	return emit(b, "rda.write", pred ? 3 : 2, ops, 0, NULL, mem_dict(b->ctx, mem), 0);
}

/* A DRAM access: the value (stores) or the stream (loads) with the address,
 * then the optional predicate and the ack tokens, as the operand groups
 * say. */
static st_op *dram_access(st_builder *b, const char *name, const char *mem, st_value *first, st_value *second,
                          st_value *pred, size_t nack, st_value *const *acks, const int64_t *levels) {
	st_context *ctx = b->ctx;
	enum { MAX_ACKS = 16 };
	if (nack > MAX_ACKS) {
		b->failed = true;
		return NULL;
	}
	st_value *ops[3 + MAX_ACKS];
	size_t n = 0;
	ops[n++] = first;
	ops[n++] = second;
	if (pred)
		ops[n++] = pred;
	for (size_t i = 0; i < nack; i++)
		ops[n++] = acks[i];
	int64_t seg[4] = {1, 1, pred ? 1 : 0, (int64_t)nack};
	const char *names[] = {"mem", "ack_levels", "operandSegmentSizes"};
	st_attr *values[] = {sym_ref(ctx, mem), nack ? st_dense_int_array_attr(ctx, i64(ctx), nack, levels) : NULL,
	                     st_dense_int_array_attr(ctx, st_integer_type(ctx, 32, ST_SIGNLESS), 4, seg)};
	return emit(b, name, n, ops, 0, NULL, dict(ctx, 3, names, values), 0);
}

st_op *st_rda_build_load(st_builder *b, const char *mem, st_value *addr, st_value *stream, st_value *pred, size_t nack,
                         st_value *const *acks, const int64_t *levels) {
	return dram_access(b, "rda.load", mem, addr, stream, pred, nack, acks, levels);
}

st_op *st_rda_build_store(st_builder *b, const char *mem, st_value *addr, st_value *v, st_value *pred, size_t nack,
                          st_value *const *acks, const int64_t *levels) {
	return dram_access(b, "rda.store", mem, v, addr, pred, nack, acks, levels);
}

st_value *st_rda_build_arg(st_builder *b, int64_t index, st_type *type) {
	return result0(emit(b, "rda.arg", 0, NULL, 1, &type, level_dict(b->ctx, "index", index), 0));
}

st_op *st_rda_build_result(st_builder *b, int64_t index, st_value *v) {
	return emit(b, "rda.result", 1, &v, 0, NULL, level_dict(b->ctx, "index", index), 0);
}

st_value *st_rda_build_constant(st_builder *b, st_type *type, int64_t ivalue, double fvalue) {
	if (!type)
		return NULL;
	st_attr *v = st_type_is_float(type) ? st_float_attr(b->ctx, type, fvalue) : st_integer_attr(b->ctx, type, ivalue);
	const char *names[] = {"value"};
	st_attr *values[] = {v};
	return result0(emit(b, "arith.constant", 0, NULL, 1, &type, dict(b->ctx, 1, names, values), 0));
}

st_value *st_rda_build_op(st_builder *b, const char *name, size_t n, st_value *const *operands, st_type *result,
                          st_attr *attrs) {
	return result0(emit(b, name, n, operands, 1, &result, attrs, 0));
}
