/* The builders of strata/hw.h: ops of hw created at a builder's place
 * (strata/builder.h), with the attributes the parser gives the same ops,
 * so that a lowering that builds a netlist gets exactly the IR its text
 * would parse to.  And backedges: placeholders for
 * values used before their op exists in a graph region. */
#include "hw_internal.h"
#include "strata/rewrite.h"

#include <string.h>

/* st_build_op without regions. */
static st_op *build(st_hw_builder *b, const char *name, size_t n, st_value *const *operands, size_t nresults,
                    st_type *const *result_types, st_attr *attrs) {
	return st_build_op(b, name, n, operands, nresults, result_types, attrs, 0);
}

static st_value *result(st_op *op) { return op ? st_op_result(op, 0) : NULL; }

/* A dictionary of up to four entries (NULL values left out). */
static st_attr *dict(st_context *ctx, size_t n, const char *const *names, st_attr *const *vals) {
	st_named_attr e[4];
	size_t k = 0;
	for (size_t i = 0; i < n && i < 4; i++)
		if (vals[i])
			e[k++] = (st_named_attr){st_ident_get_c(ctx, names[i]), vals[i]};
	return st_dict_attr(ctx, k, e);
}

st_op *st_hw_build_module(st_hw_builder *b, st_str name, size_t nports, const st_hw_port *ports, st_attr *attrs) {
	st_context *ctx = b->ctx;
	st_type *mt = st__hw_module_type(ctx, nports, ports);
	st_attr *sym = st_string_attr(ctx, name);
	if (!mt || !sym || (attrs && st_attr_get_kind(attrs) != ST_ATTR_DICTIONARY)) {
		b->failed = true;
		return NULL;
	}
	/* The discardable attributes, then the module's own. */
	size_t na = attrs ? st_attr_dict_size(attrs) : 0;
	st_named_attr small[16], *e = na + 2 <= 16 ? small : st_ctx_alloc(ctx, (na + 2) * sizeof *e);
	if (!e) {
		b->failed = true;
		return NULL;
	}
	size_t k = 0;
	for (size_t i = 0; i < na; i++) {
		st_named_attr a = st_attr_dict_entry(attrs, i);
		if (!st_str_eq_c(st_ident_str(a.name), "sym_name") && !st_str_eq_c(st_ident_str(a.name), "module_type"))
			e[k++] = a;
	}
	e[k++] = (st_named_attr){st_ident_get_c(ctx, "sym_name"), sym};
	e[k++] = (st_named_attr){st_ident_get_c(ctx, "module_type"), st_type_attr(ctx, mt)};
	st_attr *all = st_dict_attr(ctx, k, e);
	if (e != small)
		st_ctx_free(ctx, e, (na + 2) * sizeof *e);
	st_op *op = all ? st_build_op(b, "hw.module", 0, NULL, 0, NULL, all, 1) : NULL;
	if (!op) {
		b->failed = true;
		return NULL;
	}
	/* The body: one argument per input port. */
	st_type *tsmall[16], **types = nports <= 16 ? tsmall : st_ctx_alloc(ctx, nports * sizeof *types);
	st_attr *lsmall[16], **locs = nports <= 16 ? lsmall : st_ctx_alloc(ctx, nports * sizeof *locs);
	size_t nin = 0;
	for (size_t i = 0; types && locs && i < nports; i++)
		if (ports[i].dir == ST_HW_IN) {
			types[nin] = ports[i].type;
			locs[nin++] = b->loc;
		}
	st_block *body = NULL;
	if (types && locs && b->rw) {
		body = st_rewriter_create_block(b->rw, st_op_region(op, 0), NULL, nin, types, locs);
	} else if (types && locs && (body = st_block_create(ctx))) {
		st_region_append_block(st_op_region(op, 0), body);
		for (size_t i = 0; i < nin; i++)
			if (!st_block_add_arg(body, types[i], b->loc))
				body = NULL;
	}
	if (types && types != tsmall)
		st_ctx_free(ctx, types, nports * sizeof *types);
	if (locs && locs != lsmall)
		st_ctx_free(ctx, locs, nports * sizeof *locs);
	if (!body) {
		if (b->rw)
			st_rewriter_erase_op(b->rw, op);
		else if (st_op_block(op))
			st_op_erase(op);
		else
			st_op_destroy(op);
		b->failed = true;
		return NULL;
	}
	return op;
}

st_block *st_hw_module_body(st_op *module) { return st_region_first_block(st_op_region(module, 0)); }

st_value *st_hw_module_input_value(st_op *module, size_t i) {
	st_block *body = st_hw_module_body(module);
	return body && i < st_block_num_args(body) ? st_block_arg(body, i) : NULL;
}

st_op *st_hw_build_output(st_hw_builder *b, size_t n, st_value *const *values) {
	return build(b, "hw.output", n, values, 0, NULL, NULL);
}

st_op *st_hw_build_instance(st_hw_builder *b, st_str inst, st_str module, size_t nin, const st_str *in_names,
                            st_value *const *inputs, size_t nout, const st_str *out_names,
                            st_type *const *out_types) {
	st_context *ctx = b->ctx;
	static const char *const names[] = {"instanceName", "moduleName", "argNames", "resultNames"};
	st_attr *vals[4] = {st_string_attr(ctx, inst), st_symbol_ref_attr(ctx, module, 0, NULL),
	                    st__hw_names_attr(ctx, nin, in_names), st__hw_names_attr(ctx, nout, out_names)};
	for (size_t i = 0; i < 4; i++)
		if (!vals[i]) {
			b->failed = true;
			return NULL;
		}
	return build(b, "hw.instance", nin, inputs, nout, out_types, dict(ctx, 4, names, vals));
}

st_value *st_hw_build_constant_attr(st_hw_builder *b, st_attr *value) {
	if (!value || st_attr_get_kind(value) != ST_ATTR_INTEGER) {
		b->failed = true;
		return NULL;
	}
	static const char *const names[] = {"value"};
	st_type *t = st_attr_type(value);
	return result(build(b, "hw.constant", 0, NULL, 1, &t, dict(b->ctx, 1, names, &value)));
}

st_value *st_hw_build_constant(st_hw_builder *b, st_type *type, int64_t value) {
	return st_hw_build_constant_attr(b, type ? st_integer_attr(b->ctx, type, value) : NULL);
}

st_value *st_hw_build_wire(st_hw_builder *b, st_value *input, const char *name) {
	if (!input) {
		b->failed = true;
		return NULL;
	}
	static const char *const names[] = {"name"};
	st_attr *n = name ? st_string_attr(b->ctx, st_str_c(name)) : NULL;
	st_type *t = st_value_type(input);
	return result(build(b, "hw.wire", 1, &input, 1, &t, n ? dict(b->ctx, 1, names, &n) : NULL));
}

st_value *st_hw_build_bitcast(st_hw_builder *b, st_value *input, st_type *type) {
	return result(build(b, "hw.bitcast", 1, &input, 1, &type, NULL));
}

/* ---------------------------------------------------------------- backedges */

struct st_hw_backedges {
	st_context *ctx;
	st_op **ops; /* placeholders; NULL once set */
	size_t n, cap;
};

st_hw_backedges *st_hw_backedges_create(st_context *ctx) {
	st_hw_backedges *set = st_ctx_alloc(ctx, sizeof *set);
	if (set)
		*set = (st_hw_backedges){.ctx = ctx};
	return set;
}

st_value *st_hw_backedge(st_hw_backedges *set, st_type *type, st_attr *loc) {
	if (!type || !st_ctx_grow(set->ctx, (void **)&set->ops, &set->cap, NULL, sizeof *set->ops, set->n + 1))
		return NULL;
	st_op_state s = {.name = st_str_c("builtin.unrealized_conversion_cast"), .loc = loc, .nresults = 1,
	                 .result_types = &type};
	st_op *op = st_op_create(set->ctx, &s);
	if (!op)
		return NULL;
	set->ops[set->n++] = op;
	return st_op_result(op, 0);
}

/* The slot of placeholder `v`, or SIZE_MAX (`v` itself is not read: it
 * may be any value).  The newest edges are looked up most, so the search
 * runs backwards. */
static size_t slot_of(const st_hw_backedges *set, const st_value *v) {
	for (size_t i = set->n; v && i-- > 0;)
		if (set->ops[i] && st_op_result(set->ops[i], 0) == v)
			return i;
	return SIZE_MAX;
}

bool st_hw_backedge_pending(const st_hw_backedges *set, const st_value *v) { return slot_of(set, v) != SIZE_MAX; }

void st_hw_backedge_set(st_hw_backedges *set, st_value *edge, st_value *value) {
	size_t i = slot_of(set, edge);
	if (i == SIZE_MAX || !value)
		return;
	st_value_replace_all_uses(edge, value);
	st_op_destroy(set->ops[i]);
	set->ops[i] = NULL;
}

st_status st_hw_backedges_check(st_hw_backedges *set, const char *what) {
	for (size_t i = 0; i < set->n; i++)
		if (set->ops[i] && st_value_first_use(st_op_result(set->ops[i], 0)))
			return st_error(set->ctx, st_op_loc(set->ops[i]), "%s uses a value it never defines (a bug)", what);
	return ST_OK;
}

void st_hw_backedges_destroy(st_hw_backedges *set) {
	if (!set)
		return;
	for (size_t i = 0; i < set->n; i++)
		if (set->ops[i])
			st_op_destroy(set->ops[i]);
	if (set->ops)
		st_ctx_free(set->ctx, set->ops, set->cap * sizeof *set->ops);
	st_ctx_free(set->ctx, set, sizeof *set);
}
