/* The checks of the rda dialect's ops beyond their table entries: what a
 * design, a unit and a context may hold, one writer per stream, levels
 * within a context's counter chain, types that match their stream or
 * memory, and the unit kind each access needs.  A mapped design is checked
 * against its target in rda_target.c. */
#include "rda_internal.h"

#include <string.h>

#define MAX_LANES 1024

static bool named(const st_op *op, const char *name) { return op && strcmp(st_op_name_cstr(op), name) == 0; }

static int64_t int_attr(const st_op *op, const char *name, int64_t dflt) {
	st_attr *a = st_op_get_attr(op, name);
	return a ? st_attr_int_value(a) : dflt;
}

/* ----------------------------------------------------------------- design */

static st_status check_stream_users(st_op *stream) {
	st_value *s = st_op_result(stream, 0);
	size_t writers = 0, readers = 0;
	for (st_use *u = st_value_first_use(s); u; u = st_use_next(u)) {
		st_op *o = st_use_owner(u);
		if (named(o, "rda.deq") || named(o, "rda.wait"))
			readers++;
		else
			writers++;
	}
	if (writers == 0)
		return st_op_error(stream, "the stream has no writer");
	if (writers > 1 || !st_rda_stream_writer(s))
		return st_op_error(stream, "the stream has %zu writers; a stream has exactly one", writers);
	if (readers == 0)
		return st_op_error(stream, "the stream has no reader");
	return ST_OK;
}

st_status st__rda_verify_design(st_op *op) {
	int64_t lanes = int_attr(op, "lanes", 0);
	if (lanes < 1 || lanes > MAX_LANES)
		return st_op_error(op, "lanes must be between 1 and %d", MAX_LANES);
	st_block *b = st_rda_body(op);
	for (st_op *o = b ? st_block_first_op(b) : NULL; o; o = st_op_next(o)) {
		if (!named(o, "rda.dram") && !named(o, "rda.stream") && !named(o, "rda.unit"))
			return st_op_error(o, "a design holds rda.dram, rda.stream and rda.unit ops only");
		if (!named(o, "rda.stream"))
			continue;
		int64_t sl = st_rda_stream_lanes(st_value_type(st_op_result(o, 0)));
		if (sl && sl != lanes)
			return st_op_error(o, "a vector stream of %lld lanes in a design of %lld", (long long)sl, (long long)lanes);
		if (st_failed(check_stream_users(o)))
			return ST_FAIL;
	}
	if (st_op_get_attr(op, "mapped"))
		return st__rda_verify_mapped(op);
	return ST_OK;
}

st_status st__rda_verify_dram(st_op *op) {
	if (int_attr(op, "arg", 0) < 0)
		return st_op_error(op, "arg must be non-negative");
	return ST_OK;
}

st_status st__rda_verify_stream(st_op *op) {
	int64_t depth = int_attr(op, "depth", 0), init = int_attr(op, "init", 0);
	if (depth < 1)
		return st_op_error(op, "depth must be positive");
	if (init < 0 || init > depth)
		return st_op_error(op, "init (%lld) must be between 0 and the depth (%lld)", (long long)init,
		                   (long long)depth);
	st_attr *iv = st_op_get_attr(op, "init_value");
	st_type *t = st_value_type(st_op_result(op, 0));
	if (iv && (!st_rda_is_stream(t) || init == 0))
		return st_op_error(op, "init_value needs a data stream with initial elements");
	if (iv && st_attr_type(iv) != st_rda_stream_elt(t))
		return st_op_error(op, "init_value must have the stream's element type");
	return ST_OK;
}

/* ------------------------------------------------------------------- unit */

st_status st__rda_verify_unit(st_op *op) {
	st_block *b = st_rda_body(op);
	st_rda_unit_kind k = st_rda_unit_kind_of(op);
	for (st_op *o = b ? st_block_first_op(b) : NULL; o; o = st_op_next(o)) {
		if (named(o, "rda.scratch")) {
			if (k != ST_RDA_MEMORY)
				return st_op_error(o, "a scratchpad belongs in a memory unit, not a %s unit",
				                   st_rda_unit_kind_name(k));
			continue;
		}
		if (!named(o, "rda.context"))
			return st_op_error(o, "a unit holds rda.context and rda.scratch ops only");
	}
	return ST_OK;
}

st_status st__rda_verify_scratch(st_op *op) {
	if (int_attr(op, "banks", 0) < 1)
		return st_op_error(op, "banks must be positive");
	if (int_attr(op, "bank_div", 1) < 1)
		return st_op_error(op, "bank_div must be positive");
	if (int_attr(op, "bank_skew", 0) < 0)
		return st_op_error(op, "bank_skew must not be negative");
	st_attr *part = st_op_get_attr(op, "part");
	if (part) {
		if (st_attr_dense_array_size(part) != 3)
			return st_op_error(op, "part must be [index, parts, div]");
		int64_t i = st_attr_dense_array_int(part, 0), n = st_attr_dense_array_int(part, 1),
		        d = st_attr_dense_array_int(part, 2);
		if (n < 1 || i < 0 || i >= n || d < 1)
			return st_op_error(op, "part must be [index, parts, div] with 0 <= index < parts and div >= 1");
	}
	/* A table (a constant memref.global): the words of the whole memref,
	 * of its element type; a part holds its share of them. */
	st_attr *init = st_op_get_attr(op, "init");
	if (init) {
		st_type *t = st_attr_type_value(st_op_get_attr(op, "type")), *it = st_attr_type(init);
		if (st_attr_get_kind(init) != ST_ATTR_DENSE_ELEMENTS || !it ||
		    st_type_num_elements_static(it) != st_type_num_elements_static(t) ||
		    st_type_element(it) != st_type_element(t))
			return st_op_error(op, "init must be dense elements of the scratchpad's shape and element type");
	}
	return ST_OK;
}

/* ---------------------------------------------------------------- context */

/* rda ops, and operations without regions or memory effects (arith and
 * math, whose divisions are not speculatable but touch no memory). */
static bool allowed_in_context(const st_op *o) {
	const char *n = st_op_name_cstr(o);
	if (!strncmp(n, "rda.", 4))
		return true;
	if (st_op_num_regions(o) != 0)
		return false;
	return st_op_has_trait(o, ST_TRAIT_PURE) || !strncmp(n, "arith.", 6) || !strncmp(n, "math.", 5);
}

st_status st__rda_verify_context(st_op *op) {
	st_op *design = st_rda_design_of(op);
	int64_t lanes = int_attr(op, "lanes", 1);
	int64_t max = design ? int_attr(design, "lanes", 1) : MAX_LANES;
	if (lanes < 1 || lanes > max)
		return st_op_error(op, "lanes must be between 1 and the design's %lld", (long long)max);
	if (int_attr(op, "ii", 1) < 1)
		return st_op_error(op, "ii must be positive");
	st_block *b = st_rda_body(op);
	size_t counters = 0, vec = 0;
	for (st_op *o = b ? st_block_first_op(b) : NULL; o; o = st_op_next(o)) {
		if (!allowed_in_context(o))
			return st_op_error(o, "cannot run in a context: a context body holds rda, arith and math ops and "
			                      "pure operations without regions");
		if (named(o, "rda.counter")) {
			counters++;
			vec += st_op_get_attr(o, "vec") != NULL;
		}
		if (named(o, "rda.reg")) {
			size_t sets = 0;
			for (st_use *u = st_value_first_use(st_op_result(o, 0)); u; u = st_use_next(u))
				sets += named(st_use_owner(u), "rda.reg_set") && st_use_operand_index(u) == 0;
			if (sets != 1)
				return st_op_error(o, "a register needs exactly one rda.reg_set, it has %zu", sets);
		}
	}
	if (counters > ST__RDA_MAX_COUNTERS)
		return st_op_error(op, "%zu counters; a context has at most %d", counters, ST__RDA_MAX_COUNTERS);
	if (vec > 1)
		return st_op_error(op, "at most one counter of a context is vectorised");
	if (lanes > 1 && !vec)
		return st_op_error(op, "a context of %lld lanes needs a vectorised counter", (long long)lanes);
	if (lanes == 1 && vec)
		return st_op_error(op, "a vectorised counter needs a context of more than one lane");
	return ST_OK;
}

static st_status check_level(st_op *op, const char *attr) {
	int64_t n = st__rda_levels_of(op), k = int_attr(op, attr, 0);
	if (n >= 0 && (k < 0 || k > n))
		return st_op_error(op, "level %lld is outside 0..%lld (the context's counters)", (long long)k, (long long)n);
	return ST_OK;
}

st_status st__rda_verify_counter(st_op *op) {
	if (int_attr(op, "step", 0) < 1)
		return st_op_error(op, "step must be positive");
	if (int_attr(op, "stride", 1) < 1)
		return st_op_error(op, "stride must be positive");
	return ST_OK;
}

/* A vector stream is read and written by vectorised contexts only. */
static st_status check_lanes(st_op *op, st_type *stream, const char *verb) {
	if (st_rda_stream_lanes(stream) && st_rda_context_lanes(st_op_parent_op(op)) == 1)
		return st_op_error(op, "a context of one lane cannot %s a vector stream", verb);
	return ST_OK;
}

st_status st__rda_verify_deq(st_op *op) {
	st_type *t = st_value_type(st_op_operand(op, 0));
	if (st_value_type(st_op_result(op, 0)) != st_rda_stream_elt(t))
		return st_op_error(op, "the result must have the stream's element type");
	if (st_failed(check_lanes(op, t, "read")))
		return ST_FAIL;
	return check_level(op, "level");
}

st_status st__rda_verify_enq(st_op *op) {
	st_type *t = st_value_type(st_op_operand(op, 0));
	if (st_value_type(st_op_operand(op, 1)) != st_rda_stream_elt(t))
		return st_op_error(op, "the value must have the stream's element type");
	if (st_failed(check_lanes(op, t, "write")))
		return ST_FAIL;
	return check_level(op, "level");
}

st_status st__rda_verify_token_op(st_op *op) { return check_level(op, "level"); }

st_status st__rda_verify_reg(st_op *op) { return check_level(op, "reset"); }

st_status st__rda_verify_reg_set(st_op *op) {
	st_op *def = st_value_defining_op(st_op_operand(op, 0));
	if (!named(def, "rda.reg") || st_op_parent_op(def) != st_op_parent_op(op))
		return st_op_error(op, "expects a register (an rda.reg of the same context)");
	return ST_OK;
}

st_status st__rda_verify_fold(st_op *op) {
	st_attr *k = st_op_get_attr(op, "kind");
	st_str kind = st_attr_string(k);
	size_t i = 0;
	while (st__rda_fold_kinds[i] && !st_str_eq_c(kind, st__rda_fold_kinds[i]))
		i++;
	if (!st__rda_fold_kinds[i])
		return st_op_error(op, "unknown fold kind '%.*s'", (int)kind.len, kind.data);
	bool fkind = kind.len && (kind.data[kind.len - 1] == 'f');
	st_type *t = st_value_type(st_op_result(op, 0));
	if (fkind != st_type_is_float(t))
		return st_op_error(op, "fold '%.*s' needs %s type", (int)kind.len, kind.data, fkind ? "a float" : "an integer");
	return ST_OK;
}

/* -------------------------------------------------------------- accesses */

static st_op *unit_of(st_op *op) {
	st_op *c = st_op_parent_op(op);
	return c ? st_op_parent_op(c) : NULL;
}

static st_status need_kind(st_op *op, st_rda_unit_kind k) {
	st_op *u = unit_of(op);
	if (!named(u, "rda.unit") || st_rda_unit_kind_of(u) != k)
		return st_op_error(op, "needs a context of a %s unit", st_rda_unit_kind_name(k));
	return ST_OK;
}

static st_type *memref_elt(st_op *mem) { return st_type_element(st_attr_type_value(st_op_get_attr(mem, "type"))); }

static st_status check_elt(st_op *op, st_op *mem, st_type *t) {
	if (memref_elt(mem) != t)
		return st_op_error(op, "the memory holds another element type than the access's");
	return ST_OK;
}

st_status st__rda_verify_sram(st_op *op) {
	if (st_failed(need_kind(op, ST_RDA_MEMORY)))
		return ST_FAIL;
	st_ident *name = st_attr_symbol_leaf(st_op_get_attr(op, "mem"));
	st_op *mem = st_rda_lookup_scratch(unit_of(op), name);
	if (!mem)
		return st_op_error(op, "no scratchpad @%s in this unit", st_ident_cstr(name));
	bool read = named(op, "rda.read");
	return check_elt(op, mem, st_value_type(read ? st_op_result(op, 0) : st_op_operand(op, 0)));
}

st_status st__rda_verify_dram_access(st_op *op) {
	if (st_failed(need_kind(op, ST_RDA_DRAM)))
		return ST_FAIL;
	st_ident *name = st_attr_symbol_leaf(st_op_get_attr(op, "mem"));
	st_op *mem = st_rda_lookup_dram(st_rda_design_of(op), name);
	if (!mem)
		return st_op_error(op, "no DRAM buffer @%s in the design", st_ident_cstr(name));
	bool load = named(op, "rda.load");
	st_type *t = load ? st_rda_stream_elt(st_value_type(st_op_operand(op, 1))) : st_value_type(st_op_operand(op, 0));
	if (st_failed(check_elt(op, mem, t)))
		return ST_FAIL;
	size_t start, n = 0;
	if (st_failed(st_op_operand_group(op, 3, &start, &n)))
		n = 0;
	st_attr *levels = st_op_get_attr(op, "ack_levels");
	if ((levels ? st_attr_dense_array_size(levels) : 0) != n)
		return st_op_error(op, "ack_levels needs one level per ack token");
	int64_t max = st__rda_levels_of(op);
	for (size_t i = 0; i < n; i++) {
		int64_t k = st_attr_dense_array_int(levels, i);
		if (max >= 0 && (k < 0 || k > max))
			return st_op_error(op, "level %lld is outside 0..%lld (the context's counters)", (long long)k,
			                   (long long)max);
	}
	return ST_OK;
}

st_status st__rda_verify_host(st_op *op) {
	if (st_failed(need_kind(op, ST_RDA_HOST)))
		return ST_FAIL;
	if (int_attr(op, "index", 0) < 0)
		return st_op_error(op, "index must be non-negative");
	return ST_OK;
}
