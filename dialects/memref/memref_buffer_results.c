/* buffer-results-to-out-params: functions stop returning memrefs (as MLIR's
 * pass of that name).  Hardware flows (Calyx, stratac) take kernels whose
 * memories are all arguments, and the srDFG lowering returns its output and
 * state buffers.  A memref result that every return gives back as the same
 * argument is simply dropped: the caller already holds that buffer, so its
 * uses of the call's result become the operand it passed.  Any other memref
 * result becomes a new trailing argument the function copies the value into
 * before each return (memref.copy), and callers pass a buffer they allocate
 * (memref.alloc: only static shapes, a dynamic one is a located error). */
#include "strata/pass.h"
#include "strata/memref.h"


#include <string.h>

static bool is(const st_op *op, const char *name) { return !strcmp(st_op_name_cstr(op), name); }

/* What becomes of one function's results, and scratch space for the new
 * signature and operand lists (sized for the arguments plus the results). */
typedef struct rewrite {
	st_context *ctx;
	size_t nres, nargs_before, cap;
	bool *memref;
	/* Forwarded results: the argument every return gives; -1: an out-param. */
	int64_t *arg_of;
	st_type **types, **ins;
	st_value **vals, **repl;
} rewrite;

static bool rewrite_init(rewrite *rw, st_context *ctx, st_type *ft) {
	*rw = (rewrite){.ctx = ctx, .nres = st_type_num_results(ft), .nargs_before = st_type_num_inputs(ft)};
	rw->cap = rw->nres + rw->nargs_before + 1;
	rw->memref = st_ctx_alloc(ctx, rw->cap * sizeof *rw->memref);
	rw->arg_of = st_ctx_alloc(ctx, rw->cap * sizeof *rw->arg_of);
	rw->types = st_ctx_alloc(ctx, rw->cap * sizeof *rw->types);
	rw->ins = st_ctx_alloc(ctx, rw->cap * sizeof *rw->ins);
	rw->vals = st_ctx_alloc(ctx, rw->cap * sizeof *rw->vals);
	rw->repl = st_ctx_alloc(ctx, rw->cap * sizeof *rw->repl);
	return rw->memref && rw->arg_of && rw->types && rw->ins && rw->vals && rw->repl;
}

static void rewrite_free(rewrite *rw) {
	st_ctx_free(rw->ctx, rw->memref, rw->cap * sizeof *rw->memref);
	st_ctx_free(rw->ctx, rw->arg_of, rw->cap * sizeof *rw->arg_of);
	st_ctx_free(rw->ctx, rw->types, rw->cap * sizeof *rw->types);
	st_ctx_free(rw->ctx, rw->ins, rw->cap * sizeof *rw->ins);
	st_ctx_free(rw->ctx, rw->vals, rw->cap * sizeof *rw->vals);
	st_ctx_free(rw->ctx, rw->repl, rw->cap * sizeof *rw->repl);
}

/* The ops a walk collects: func.return ops of `fn` (set), or every
 * func.call and func.constant (fn NULL). */
typedef struct oplist {
	st_op *fn;
	st_op **ops;
	size_t n, cap;
	bool failed;
} oplist;

static st_walk_result collect(st_op *op, void *ud) {
	oplist *l = ud;
	if (l->fn && op != l->fn && is(op, "func.func"))
		return ST_WALK_SKIP;
	bool want = l->fn ? is(op, "func.return") && st_op_parent_op(op) == l->fn
	                  : is(op, "func.call") || is(op, "func.constant");
	if (want) {
		if (!st_ctx_grow(st_op_context(op), (void **)&l->ops, &l->cap, NULL, sizeof *l->ops, l->n + 1)) {
			l->failed = true;
			return ST_WALK_INTERRUPT;
		}
		l->ops[l->n++] = op;
	}
	return ST_WALK_ADVANCE;
}

static bool static_identity(const st_type *t) {
	return st_type_has_rank(t) && st_type_num_elements_static(t) >= 0 && !st_type_memref_layout(t);
}

/* The argument `v` is, or -1. */
static int entry_arg(st_op *fn, st_value *v) {
	st_block *entry = st_region_first_block(st_op_region(fn, 0));
	return st_value_is_block_arg(v) && st_value_owner_block(v) == entry ? (int)st_value_index(v) : -1;
}

static st_attr *dict1(st_context *ctx, const char *name, st_attr *v) {
	st_named_attr e = {st_ident_get_c(ctx, name), v};
	return st_dict_attr(ctx, 1, &e);
}

static st_op *create(st_context *ctx, const char *name, st_attr *loc, size_t nops, st_value *const *ops,
                     size_t nres, st_type *const *types, st_attr *attrs) {
	st_op_state s = {.name = st_str_c(name), .loc = loc, .noperands = nops, .operands = ops, .nresults = nres,
	                 .result_types = types, .attrs = attrs};
	return st_op_create(ctx, &s);
}

/* Decides the fate of each result; false after a located error. */
static bool plan(st_op *fn, st_type *ft, rewrite *rw, oplist *rets) {
	bool body = st_op_num_regions(fn) && !st_region_is_empty(st_op_region(fn, 0));
	for (size_t i = 0; i < rw->nres; i++) {
		st_type *t = st_type_result(ft, i);
		rw->memref[i] = st_type_get_kind(t) == ST_TYPE_MEMREF;
		rw->arg_of[i] = -1;
		if (!rw->memref[i])
			continue;
		int a = body && rets->n ? entry_arg(fn, st_op_operand(rets->ops[0], i)) : -1;
		for (size_t k = 1; a >= 0 && k < rets->n; k++)
			if (entry_arg(fn, st_op_operand(rets->ops[k], i)) != a)
				a = -1;
		rw->arg_of[i] = a;
		if (a < 0 && !static_identity(t)) {
			st_op_error(fn,
			            "buffer-results-to-out-params: result #%zu is neither an argument nor a memref of static "
			            "shape and identity layout (its out-parameter could not be allocated)",
			            i);
			return false;
		}
	}
	return true;
}

static bool any_memref(const rewrite *rw) {
	for (size_t i = 0; i < rw->nres; i++)
		if (rw->memref[i])
			return true;
	return false;
}

/* res_attrs without the dropped results; arg_attrs with empty dictionaries
 * for the `nnew` new arguments. */
static bool fix_attr_arrays(st_op *fn, rewrite *rw, size_t nnew) {
	st_context *ctx = rw->ctx;
	st_attr *ra = st_op_get_attr(fn, "res_attrs"), *aa = st_op_get_attr(fn, "arg_attrs");
	/* The verifier keeps both as long as the results and arguments. */
	st_attr **elts = (st_attr **)rw->vals;
	size_t n = 0;
	for (size_t i = 0; ra && i < st_attr_array_size(ra); i++)
		if (!rw->memref[i])
			elts[n++] = st_attr_array_elt(ra, i);
	if (ra && !n)
		st_op_remove_attr(fn, "res_attrs");
	else if (ra)
		st_op_set_attr(fn, "res_attrs", st_array_attr(ctx, n, elts));
	if (!aa)
		return true;
	size_t m = st_attr_array_size(aa);
	st_attr **all = st_ctx_alloc(ctx, (m + nnew + 1) * sizeof *all);
	if (!all)
		return false;
	for (size_t i = 0; i < m + nnew; i++)
		all[i] = i < m ? st_attr_array_elt(aa, i) : st_dict_attr(ctx, 0, NULL);
	st_op_set_attr(fn, "arg_attrs", st_array_attr(ctx, m + nnew, all));
	st_ctx_free(ctx, all, (m + nnew + 1) * sizeof *all);
	return true;
}

/* Rewrites the function's signature, its returns and its body. */
static bool rewrite_function(st_op *fn, st_type *ft, rewrite *rw, oplist *rets) {
	st_context *ctx = rw->ctx;
	size_t nin = rw->nargs_before, nout = 0, nnew = 0;
	for (size_t i = 0; i < nin; i++)
		rw->ins[i] = st_type_input(ft, i);
	for (size_t i = 0; i < rw->nres; i++) {
		st_type *t = st_type_result(ft, i);
		if (!rw->memref[i])
			rw->types[nout++] = t;
		else if (rw->arg_of[i] < 0)
			rw->ins[nin + nnew++] = t;
	}
	bool body = st_op_num_regions(fn) && !st_region_is_empty(st_op_region(fn, 0));
	st_block *entry = body ? st_region_first_block(st_op_region(fn, 0)) : NULL;
	/* repl[i]: the out-parameter of result i. */
	for (size_t i = 0, k = 0; body && i < rw->nres; i++)
		if (rw->memref[i] && rw->arg_of[i] < 0)
			rw->repl[i] = st_block_add_arg(entry, rw->ins[nin + k++], st_op_loc(fn));
	for (size_t r = 0; r < rets->n; r++) {
		st_op *ret = rets->ops[r];
		size_t nkeep = 0;
		for (size_t i = 0; i < rw->nres; i++) {
			st_value *v = st_op_operand(ret, i);
			if (!rw->memref[i]) {
				rw->vals[nkeep++] = v;
				continue;
			}
			if (rw->arg_of[i] >= 0)
				continue;
			st_value *cp[2] = {v, rw->repl[i]};
			st_op *c = create(ctx, "memref.copy", st_op_loc(ret), 2, cp, 0, NULL, NULL);
			if (!c)
				return false;
			st_block_insert_op_before(st_op_block(ret), ret, c);
		}
		if (st_failed(st_op_set_operands(ret, nkeep, rw->vals)))
			return false;
	}
	st_type *nft = st_function_type(ctx, nin + nnew, rw->ins, nout, rw->types);
	if (!nft)
		return false;
	st_op_set_attr(fn, "function_type", st_type_attr(ctx, nft));
	return fix_attr_arrays(fn, rw, nnew);
}

/* A call of a rewritten function (the verifier matched it with the old
 * signature): the same call without the memref results, passing a new
 * buffer for each out-parameter. */
static bool rewrite_call(st_op *call, rewrite *rw) {
	st_context *ctx = rw->ctx;
	size_t nops = rw->nargs_before, nres = 0;
	for (size_t i = 0; i < nops; i++)
		rw->vals[i] = st_op_operand(call, i);
	for (size_t i = 0; i < rw->nres; i++) {
		st_value *r = st_op_result(call, i);
		if (!rw->memref[i]) {
			rw->types[nres++] = st_value_type(r);
			continue;
		}
		if (rw->arg_of[i] >= 0) {
			rw->repl[i] = st_op_operand(call, (size_t)rw->arg_of[i]);
			continue;
		}
		st_attr *seg = st_dense_int_array_attr(ctx, st_integer_type(ctx, 32, ST_SIGNLESS), 2, (const int64_t[]){0, 0});
		st_type *t = st_value_type(r);
		st_op *a = create(ctx, "memref.alloc", st_op_loc(call), 0, NULL, 1, &t,
		                  dict1(ctx, "operandSegmentSizes", seg));
		if (!a)
			return false;
		st_block_insert_op_before(st_op_block(call), call, a);
		rw->repl[i] = rw->vals[nops++] = st_op_result(a, 0);
	}
	st_op *nc = create(ctx, "func.call", st_op_loc(call), nops, rw->vals, nres, rw->types, st_op_attrs(call));
	if (!nc)
		return false;
	st_block_insert_op_before(st_op_block(call), call, nc);
	for (size_t i = 0, k = 0; i < rw->nres; i++)
		st_value_replace_all_uses(st_op_result(call, i), rw->memref[i] ? rw->repl[i] : st_op_result(nc, k++));
	st_op_erase(call);
	return true;
}

/* `use` (a func.call or func.constant) names `fn` itself. */
static bool names(st_op *use, st_ident *fn) {
	st_attr *ref = st_op_get_attr(use, is(use, "func.call") ? "callee" : "value");
	return ref && st_attr_symbol_root(ref) == fn && !st_attr_symbol_num_nested(ref);
}

/* A function used as a value keeps its type wherever the value flows
 * (call_indirect, other functions' signatures), which this pass cannot
 * follow: refuse rather than leave those uses with the old signature. */
static bool no_function_values(st_ident *name, const oplist *cs) {
	for (size_t i = 0; i < cs->n; i++)
		if (cs->ops[i] && is(cs->ops[i], "func.constant") && names(cs->ops[i], name)) {
			st_op_error(cs->ops[i],
			            "buffer-results-to-out-params: @%s is used as a function value, but its memref results "
			            "would become out-parameters",
			            st_ident_cstr(name));
			return false;
		}
	return true;
}

/* One function and its calls. */
static bool convert(st_op *fn, st_type *ft, oplist *cs) {
	st_context *ctx = st_op_context(fn);
	oplist rets = {.fn = fn};
	rewrite rw;
	bool ok = rewrite_init(&rw, ctx, ft);
	st_walk(fn, ST_WALK_PRE, collect, &rets);
	ok = ok && !rets.failed && plan(fn, ft, &rw, &rets);
	if (ok && any_memref(&rw)) {
		st_ident *name = st_symbol_name(fn);
		ok = (!name || no_function_values(name, cs)) && rewrite_function(fn, ft, &rw, &rets);
		for (size_t i = 0; ok && name && i < cs->n; i++) {
			if (cs->ops[i] && is(cs->ops[i], "func.call") && names(cs->ops[i], name)) {
				ok = rewrite_call(cs->ops[i], &rw);
				cs->ops[i] = NULL;
			}
		}
	}
	rewrite_free(&rw);
	st_ctx_free(ctx, rets.ops, rets.cap * sizeof *rets.ops);
	return ok;
}

static st_status run(st_pass *pass, st_op *module) {
	(void)pass;
	oplist cs = {0};
	st_walk(module, ST_WALK_PRE, collect, &cs);
	bool ok = !cs.failed;
	st_block *top = st_op_num_regions(module) ? st_region_first_block(st_op_region(module, 0)) : NULL;
	for (st_op *fn = top ? st_block_first_op(top) : NULL; ok && fn; fn = st_op_next(fn)) {
		st_attr *fta = is(fn, "func.func") ? st_op_get_attr(fn, "function_type") : NULL;
		st_type *ft = fta ? st_attr_type_value(fta) : NULL;
		if (ft)
			ok = convert(fn, ft, &cs);
	}
	st_ctx_free(st_op_context(module), cs.ops, cs.cap * sizeof *cs.ops);
	return ok ? ST_OK : ST_FAIL;
}

static const st_pass_def buffer_results_pass = {
	.name = "buffer-results-to-out-params",
	.summary = "Turn memref results into out-parameters (a returned argument is dropped, others copied out)",
	.anchor = "builtin.module",
	.run = run,
	.display_name = "BufferResultsToOutParams",
};

st_status st_register_memref_passes(st_context *ctx) { return st_context_register_pass(ctx, &buffer_results_pass); }
