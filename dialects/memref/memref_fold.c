/* The folders of the memref ops (MLIR 14's MemRefOps.cpp): memref.cast
 * sources folded into their users, dim of static sizes and of the sizes an
 * allocation or subview was given, rank of ranked memrefs, cast chains and
 * identity casts, subviews of the whole source. */
#include "memref_internal.h"

/* MLIR's foldMemRefCast: every operand (but `skip`) defined by a
 * memref.cast of a ranked memref reads the cast's source instead. */
static bool fold_casts(st_op *op, size_t skip) {
	bool folded = false;
	for (size_t i = 0; i < st_op_num_operands(op); i++) {
		st_op *c = st_value_defining_op(st_op_operand(op, i));
		if (i == skip || !st__memref_is(c, "memref.cast"))
			continue;
		st_value *src = st_op_operand(c, 0);
		if (st_type_get_kind(st_value_type(src)) != ST_TYPE_MEMREF)
			continue;
		st_op_set_operand(op, i, src);
		folded = true;
	}
	return folded;
}

bool st__memref_fold_cast_operands(st_op *op, st_attr *const *operands, st_fold_result *results) {
	(void)operands;
	(void)results;
	return fold_casts(op, (size_t)-1);
}

/* The stored value is not a memref operand. */
bool st__memref_fold_store(st_op *op, st_attr *const *operands, st_fold_result *results) {
	(void)operands;
	(void)results;
	return fold_casts(op, 0);
}

bool st__memref_fold_cast(st_op *op, st_attr *const *operands, st_fold_result *results) {
	(void)operands;
	st_value *src = st_op_operand(op, 0);
	if (st_value_type(src) == st_value_type(st_op_result(op, 0))) {
		results[0].value = src;
		return true;
	}
	return fold_casts(op, (size_t)-1);
}

/* The operand giving dynamic dimension `dim` of `t`: the how-many-th
 * dynamic dimension it is, from `first`. */
static st_value *dynamic_size(st_op *def, size_t first, st_type *t, size_t dim) {
	size_t k = 0;
	for (size_t i = 0; i < dim; i++)
		k += st_type_dim(t, i) == ST_DYNAMIC;
	return first + k < st_op_num_operands(def) ? st_op_operand(def, first + k) : NULL;
}

bool st__memref_fold_dim(st_op *op, st_attr *const *c, st_fold_result *r) {
	st_type *t = st_value_type(st_op_operand(op, 0));
	if (!c[1] || st_attr_get_kind(c[1]) != ST_ATTR_INTEGER || st_type_get_kind(t) != ST_TYPE_MEMREF)
		return false;
	int64_t i = st_attr_int_value(c[1]);
	if (i < 0 || (uint64_t)i >= st_type_rank(t))
		return false;
	st_context *ctx = st_op_context(op);
	int64_t d = st_type_dim(t, (size_t)i);
	if (d != ST_DYNAMIC) {
		r[0].attr = st_integer_attr(ctx, st_index_type(ctx), d);
		return r[0].attr != NULL;
	}
	st_op *def = st_value_defining_op(st_op_operand(op, 0));
	st_value *v = NULL;
	if (st__memref_is(def, "memref.alloc") || st__memref_is(def, "memref.alloca")) {
		v = dynamic_size(def, 0, t, (size_t)i);
	} else if (st__memref_is(def, "memref.subview") && st_type_rank(st_value_type(st_op_operand(def, 0))) == st_type_rank(t)) {
		/* The size operand of a dynamic size, when nothing was dropped. */
		st_attr *sizes = st__memref_subview_static(def, ST__SV_SIZES);
		size_t gs, gn;
		if (sizes && st_succeeded(st_op_operand_group(def, 2, &gs, &gn)) &&
		    st_attr_dense_array_int(sizes, (size_t)i) == ST_DYNAMIC) {
			size_t k = 0;
			for (size_t j = 0; j < (size_t)i; j++)
				k += st_attr_dense_array_int(sizes, j) == ST_DYNAMIC;
			v = k < gn ? st_op_operand(def, gs + k) : NULL;
		}
	}
	if (v) {
		r[0].value = v;
		return true;
	}
	return fold_casts(op, 1);
}

bool st__memref_fold_rank(st_op *op, st_attr *const *operands, st_fold_result *r) {
	(void)operands;
	st_type *t = st_value_type(st_op_operand(op, 0));
	if (st_type_get_kind(t) != ST_TYPE_MEMREF)
		return false;
	st_context *ctx = st_op_context(op);
	r[0].attr = st_integer_attr(ctx, st_index_type(ctx), (int64_t)st_type_rank(t));
	return r[0].attr != NULL;
}

/* A subview of a static source that has the source's type is the source. */
bool st__memref_fold_subview(st_op *op, st_attr *const *operands, st_fold_result *r) {
	(void)operands;
	st_type *rt = st_value_type(st_op_result(op, 0));
	if (st_type_num_elements_static(rt) < 0 || rt != st_value_type(st_op_operand(op, 0)))
		return false;
	r[0].value = st_op_operand(op, 0);
	return true;
}
