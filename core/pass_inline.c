/* inline: MLIR 14's inliner through the call interfaces.  A call graph of
 * the callables (ST_IFACE_CALLABLE symbols) in the symbol table the pass
 * runs on, with an edge for each direct call (ST_IFACE_CALL with a callee
 * symbol), is split into strongly connected components; they are visited
 * callees first, so inlining is transitive.  For each component: its
 * callables are simplified with the default pipeline (canonicalize), then
 * the calls in them to callees outside any cycle are inlined; both repeat
 * while something was inlined (at most max-iterations times).  A callee
 * body of one block is cloned before the call and its return's operands
 * replace the results; one of several blocks goes between the call's
 * block and a new block holding the rest (whose arguments replace the
 * results), each return becoming a branch to it through the terminator's
 * inliner interface.  Inlined ops get call-site locations.  A private
 * callee whose last use was inlined is erased, as MLIR's inliner does. */
#include "passes_internal.h"
#include "rewrite_internal.h"

#include <stddef.h>

typedef struct options {
	const char *default_pipeline;
	int64_t max_iterations;
} options;

typedef struct node {
	st_op *op;
	st_ident *name;
	size_t *callees; /* node indices */
	size_t ncallees, cap;
	/* Tarjan */
	long index, low;
	bool on_stack;
	size_t scc;
	bool recursive;
	size_t inlined; /* calls to it that were inlined */
} node;

typedef struct inliner {
	st_context *ctx;
	st_op *root;
	node *nodes;
	size_t n, cap;
	st__ptrmap by_op; /* callable -> index + 1 */
	/* Symbol tables looked up so far: a lookup per call must not scan a
	 * module of a million functions. */
	st__ptrmap table_of; /* table op -> st_symbol_table * */
	st__ptrvec tables;   /* the table ops, to drop them */
	st_pass_manager *pipeline;
	bool oom;
	/* Tarjan */
	long counter;
	size_t *stack, sn;
	struct frame {
		size_t v, next;
	} *dfs;
	struct scc {
		size_t *members, len;
	} *sccs;
	size_t nsccs, scccap;
} inliner;

/* ------------------------------------------------------------ call graph */

static st_walk_result find_callables(st_op *op, void *ud) {
	inliner *in = ud;
	const st_callable_iface *c = st_op_interface(op, ST_IFACE_CALLABLE);
	st_ident *name = st_symbol_name(op);
	if (!c || !name || op == in->root)
		return ST_WALK_ADVANCE;
	if (!st_ctx_grow(in->ctx, (void **)&in->nodes, &in->cap, NULL, sizeof *in->nodes, in->n + 1) ||
	    !st__ptrmap_put(&in->by_op, op, in->n + 1)) {
		in->oom = true;
		return ST_WALK_INTERRUPT;
	}
	in->nodes[in->n++] = (node){.op = op, .name = name, .index = -1};
	return ST_WALK_ADVANCE;
}

static long node_of(inliner *in, const st_op *op) {
	uintptr_t i;
	return op && st__ptrmap_get(&in->by_op, op, &i) ? (long)i - 1 : -1;
}

/* The callable node whose body holds `op`, or -1. */
static long enclosing(inliner *in, st_op *op) {
	for (st_op *p = st_op_parent_op(op); p; p = st_op_parent_op(p)) {
		long k = node_of(in, p);
		if (k >= 0)
			return k;
	}
	return -1;
}

/* Drops the cached tables of symbol-table ops inside `within` (NULL: all):
 * a pipeline run on a callable may change the tables it holds. */
static void drop_tables(inliner *in, st_op *within) {
	size_t k = 0;
	for (size_t i = 0; i < in->tables.n; i++) {
		st_op *t = in->tables.data[i];
		uintptr_t tab;
		if (within && !st_op_is_ancestor(within, t)) {
			in->tables.data[k++] = t;
			continue;
		}
		if (st__ptrmap_take(&in->table_of, t, &tab))
			st_symbol_table_destroy((st_symbol_table *)tab);
	}
	in->tables.n = k;
}

/* st_symbol_lookup_nearest through the cached tables (flat references). */
static st_op *callee_of(inliner *in, st_op *call) {
	const st_call_iface *ci = st_op_interface(call, ST_IFACE_CALL);
	st_attr *ref = ci && ci->callee ? ci->callee(call) : NULL;
	if (!ref || st_attr_get_kind(ref) != ST_ATTR_SYMBOL_REF)
		return NULL;
	if (st_attr_symbol_num_nested(ref))
		return st_symbol_lookup_nearest(call, ref);
	st_op *table = st_symbol_table_of(call);
	if (!table)
		return NULL;
	uintptr_t tab;
	if (!st__ptrmap_get(&in->table_of, table, &tab)) {
		/* The map must never keep a table the list does not own (it
		 * would be freed here and looked up later). */
		st_symbol_table *t = st_symbol_table_create(table);
		bool listed = t && st__ptrvec_push(&in->tables, table);
		if (!listed || !st__ptrmap_put(&in->table_of, table, (uintptr_t)t)) {
			if (listed)
				in->tables.n--;
			st_symbol_table_destroy(t);
			in->oom = true;
			return NULL;
		}
		tab = (uintptr_t)t;
	}
	return st_symbol_table_lookup((st_symbol_table *)tab, st_ident_str(st_attr_symbol_root(ref)));
}

static st_walk_result find_calls(st_op *op, void *ud) {
	inliner *in = ud;
	long to = node_of(in, callee_of(in, op)), from = to >= 0 ? enclosing(in, op) : -1;
	if (from < 0)
		return ST_WALK_ADVANCE;
	node *f = &in->nodes[from];
	for (size_t i = 0; i < f->ncallees; i++)
		if (f->callees[i] == (size_t)to)
			return ST_WALK_ADVANCE;
	if (!st_ctx_grow(in->ctx, (void **)&f->callees, &f->cap, NULL, sizeof *f->callees, f->ncallees + 1)) {
		in->oom = true;
		return ST_WALK_INTERRUPT;
	}
	f->callees[f->ncallees++] = (size_t)to;
	return ST_WALK_ADVANCE;
}

/* Closes the component whose root is `v`: the nodes above it on the stack. */
static void pop_component(inliner *in, size_t v) {
	size_t start = in->sn;
	do
		start--;
	while (in->stack[start] != v);
	size_t len = in->sn - start;
	size_t *members = st_ctx_alloc(in->ctx, len * sizeof *members);
	if (!members || !st_ctx_grow(in->ctx, (void **)&in->sccs, &in->scccap, NULL, sizeof *in->sccs, in->nsccs + 1)) {
		st_ctx_free(in->ctx, members, len * sizeof *members);
		in->oom = true;
		return;
	}
	memcpy(members, in->stack + start, len * sizeof *members);
	for (size_t i = 0; i < len; i++) {
		in->nodes[members[i]].on_stack = false;
		in->nodes[members[i]].scc = in->nsccs;
		if (len > 1)
			in->nodes[members[i]].recursive = true;
	}
	in->sn = start;
	in->sccs[in->nsccs++] = (struct scc){members, len};
}

static void enter(inliner *in, size_t v) {
	node *nv = &in->nodes[v];
	nv->index = nv->low = in->counter++;
	in->stack[in->sn++] = v;
	nv->on_stack = true;
}

/* Tarjan's algorithm with an explicit stack (a chain of a million calls
 * must not exhaust the C stack); components come out callees first. */
static void strongconnect(inliner *in, size_t root) {
	size_t depth = 0;
	enter(in, root);
	in->dfs[0] = (struct frame){root, 0};
	while (!in->oom) {
		struct frame *f = &in->dfs[depth];
		node *nv = &in->nodes[f->v];
		if (f->next < nv->ncallees) {
			size_t w = nv->callees[f->next++];
			node *nw = &in->nodes[w];
			if (w == f->v)
				nv->recursive = true;
			if (nw->index < 0) {
				enter(in, w);
				in->dfs[++depth] = (struct frame){w, 0};
			} else if (nw->on_stack && nw->index < nv->low) {
				nv->low = nw->index;
			}
			continue;
		}
		if (nv->low == nv->index)
			pop_component(in, f->v);
		if (depth == 0)
			return;
		node *parent = &in->nodes[in->dfs[--depth].v];
		if (nv->low < parent->low)
			parent->low = nv->low;
	}
}

/* --------------------------------------------------------------- inlining */

static st_walk_result registered_only(st_op *op, void *ud) {
	(void)ud;
	return st_op_is_registered(op) ? ST_WALK_ADVANCE : ST_WALK_INTERRUPT;
}

/* Whether `call` can take the body of `callee`: arguments and results
 * agree, every op is registered (MLIR asks each dialect; one it does not
 * know is never inlined), and returns can be handled. */
static bool can_inline(st_op *call, st_op *callee, st_region *body) {
	st_block *entry = st_region_first_block(body);
	const st_call_iface *ci = st_op_interface(call, ST_IFACE_CALL);
	size_t start, n;
	ci->args(call, &start, &n);
	if (!entry || st_block_num_args(entry) != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (st_value_type(st_block_arg(entry, i)) != st_value_type(st_op_operand(call, start + i)))
			return false;
	bool multi = st_block_next(entry) != NULL;
	for (st_block *b = entry; b; b = st_block_next(b)) {
		st_op *t = st_block_last_op(b);
		if (!t || !st_op_has_trait(t, ST_TRAIT_TERMINATOR))
			return false;
		for (st_op *o = st_block_first_op(b); o; o = st_op_next(o))
			if (st_walk(o, ST_WALK_PRE, registered_only, NULL) == ST_WALK_INTERRUPT)
				return false;
		if (!st_op_has_trait(t, ST_TRAIT_RETURN_LIKE))
			continue;
		if (st_op_num_operands(t) != st_op_num_results(call))
			return false;
		for (size_t i = 0; i < st_op_num_results(call); i++)
			if (st_value_type(st_op_operand(t, i)) != st_value_type(st_op_result(call, i)))
				return false;
		const st_inliner_iface *ii = st_op_interface(t, ST_IFACE_INLINER);
		if (multi && (!ii || !ii->branch_to))
			return false;
	}
	(void)callee;
	return true;
}

static st_walk_result relocate(st_op *op, void *ud) {
	st_attr *call_loc = ud;
	st_op_set_loc(op, st_loc_callsite(st_op_context(op), st_op_loc(op), call_loc));
	return ST_WALK_ADVANCE;
}

static void inline_single(st_rewriter *rw, st_op *call, st_block *entry, st_value_map *map) {
	st_attr *loc = st_op_loc(call);
	st_rewriter_set_insertion_before(rw, call);
	st_op *term = st_block_last_op(entry);
	for (st_op *o = st_block_first_op(entry); o != term; o = st_op_next(o)) {
		st_op *c = st_rewriter_clone(rw, o, map);
		if (c)
			st_walk(c, ST_WALK_PRE, relocate, loc);
	}
	size_t nr = st_op_num_results(call);
	st_value *small[8];
	st_value **vals = nr <= 8 ? small : st_ctx_alloc(rw->ctx, nr * sizeof *vals);
	if (!vals)
		return;
	for (size_t i = 0; i < nr; i++)
		vals[i] = st_value_map_lookup_or_self(map, st_op_operand(term, i));
	st_rewriter_replace_op(rw, call, vals);
	if (vals != small)
		st_ctx_free(rw->ctx, vals, nr * sizeof *vals);
}

static bool inline_multi(st_rewriter *rw, st_op *call, st_region *body, st_value_map *map) {
	st_block *cb = st_op_block(call);
	st_region *region = st_block_parent_region(cb);
	st_block *post = st_rewriter_split_block(rw, cb, st_op_next(call));
	if (!post)
		return false;
	for (size_t i = 0; i < st_op_num_results(call); i++)
		if (!st_block_add_arg(post, st_value_type(st_op_result(call, i)), st_op_loc(call)))
			return false;
	st_block *last = st_region_last_block(region);
	if (st_failed(st_region_clone_into(body, region, map)))
		return false;
	/* The clones were appended: move them between the halves. */
	st_block *first = st_block_next(last);
	for (st_block *b = first, *next; b; b = next) {
		next = st_block_next(b);
		st_block_remove(b);
		st_region_insert_block_before(region, post, b);
		for (st_op *o = st_block_first_op(b); o; o = st_op_next(o))
			st_walk(o, ST_WALK_PRE, relocate, st_op_loc(call));
		st_op *t = st_block_last_op(b);
		if (!st_op_has_trait(t, ST_TRAIT_RETURN_LIKE))
			continue;
		const st_inliner_iface *ii = st_op_interface(t, ST_IFACE_INLINER);
		size_t n = st_op_num_operands(t);
		st_value *small[8];
		st_value **ops = n <= 8 ? small : st_ctx_alloc(rw->ctx, n * sizeof *ops);
		if (!ops)
			return false;
		for (size_t i = 0; i < n; i++)
			ops[i] = st_op_operand(t, i);
		st_op *br = ii->branch_to(t, post, n, ops);
		if (ops != small)
			st_ctx_free(rw->ctx, ops, n * sizeof *ops);
		if (!br)
			return false;
		st_rewriter_set_insertion_before(rw, t);
		st_rewriter_insert(rw, br);
		st_rewriter_erase_op(rw, t);
	}
	/* The entry clone has no arguments (they were mapped): it continues the
	 * call's block. */
	st_rewriter_merge_blocks(rw, first, cb, NULL);
	size_t nr = st_op_num_results(call);
	st_value *small[8];
	st_value **vals = nr <= 8 ? small : st_ctx_alloc(rw->ctx, nr * sizeof *vals);
	if (!vals)
		return false;
	for (size_t i = 0; i < nr; i++)
		vals[i] = st_block_arg(post, i);
	st_rewriter_replace_op(rw, call, vals);
	if (vals != small)
		st_ctx_free(rw->ctx, vals, nr * sizeof *vals);
	return true;
}

/* Inlines `call` when it may; true when it did. */
static bool inline_call(inliner *in, st_rewriter *rw, st_op *call) {
	st_op *callee = callee_of(in, call);
	long k = node_of(in, callee);
	if (k < 0 || in->nodes[k].recursive)
		return false;
	const st_callable_iface *ci = st_op_interface(callee, ST_IFACE_CALLABLE);
	st_region *body = ci->body ? ci->body(callee) : NULL;
	if (!body || st_region_is_empty(body) || !can_inline(call, callee, body))
		return false;
	st_value_map *map = st_value_map_create(in->ctx);
	if (!map) {
		in->oom = true;
		return false;
	}
	const st_call_iface *calli = st_op_interface(call, ST_IFACE_CALL);
	size_t start, n;
	calli->args(call, &start, &n);
	st_block *entry = st_region_first_block(body);
	for (size_t i = 0; i < n; i++)
		st_value_map_add(map, st_block_arg(entry, i), st_op_operand(call, start + i));
	bool ok = true;
	if (st_block_next(entry))
		ok = inline_multi(rw, call, body, map);
	else
		inline_single(rw, call, entry, map);
	st_value_map_destroy(map);
	if (!ok) {
		in->oom = true;
		return false;
	}
	in->nodes[k].inlined++;
	return true;
}

static st_walk_result collect_calls(st_op *op, void *ud) {
	st__ptrvec *v = ud;
	if (st_op_interface(op, ST_IFACE_CALL) && !st__ptrvec_push(v, op))
		return ST_WALK_INTERRUPT;
	return ST_WALK_ADVANCE;
}

/* Inlines the calls nested in `op` (not in nested callables); true when
 * any was. */
static bool inline_in(inliner *in, st_op *op, long self) {
	st__ptrvec calls;
	st__ptrvec_init(&calls, in->ctx);
	for (size_t r = 0; r < st_op_num_regions(op); r++)
		for (st_block *b = st_region_first_block(st_op_region(op, r)); b; b = st_block_next(b))
			for (st_op *o = st_block_first_op(b); o; o = st_op_next(o))
				if (st_walk(o, ST_WALK_PRE, collect_calls, &calls) == ST_WALK_INTERRUPT)
					in->oom = true;
	st_rewriter rw;
	st__rewriter_init(&rw, in->ctx, NULL);
	bool any = false;
	for (size_t i = 0; i < calls.n && !in->oom; i++) {
		st_op *call = calls.data[i];
		if (enclosing(in, call) != self)
			continue;
		any |= inline_call(in, &rw, call);
	}
	st__ptrvec_free(&calls);
	return any;
}

/* ---------------------------------------------------------- dead callees */

static void note_refs(st__ptrmap *used, st_attr *a) {
	switch (st_attr_get_kind(a)) {
	case ST_ATTR_SYMBOL_REF:
		st__ptrmap_put(used, st_attr_symbol_root(a), 1);
		for (size_t i = 0; i < st_attr_symbol_num_nested(a); i++)
			st__ptrmap_put(used, st_attr_symbol_nested(a, i), 1);
		break;
	case ST_ATTR_ARRAY:
		for (size_t i = 0; i < st_attr_array_size(a); i++)
			note_refs(used, st_attr_array_elt(a, i));
		break;
	case ST_ATTR_DICTIONARY:
		for (size_t i = 0; i < st_attr_dict_size(a); i++)
			note_refs(used, st_attr_dict_entry(a, i).value);
		break;
	default:
		break;
	}
}

static st_walk_result find_refs(st_op *op, void *ud) {
	note_refs(ud, st_op_attrs(op));
	return ST_WALK_ADVANCE;
}

/* MLIR erases a discardable (private) callable once inlining took its last
 * use; one never called is symbol-dce's business. */
static void erase_dead(inliner *in) {
	st__ptrmap used;
	st__ptrmap_init(&used, in->ctx);
	st_walk(in->root, ST_WALK_PRE, find_refs, &used);
	for (size_t i = 0; i < in->n; i++) {
		node *nd = &in->nodes[i];
		st_attr *vis = st_op_get_attr(nd->op, "sym_visibility");
		if (!nd->inlined || !vis || !st_str_eq_c(st_attr_string(vis), "private") || st__ptrmap_has(&used, nd->name))
			continue;
		st_op_erase(nd->op);
	}
	st__ptrmap_free(&used);
}

/* ------------------------------------------------------------------ pass */

static st_status init(st_pass *pass) {
	const options *o = st_pass_options(pass);
	if (!o->default_pipeline || !*o->default_pipeline)
		return ST_OK;
	st_context *ctx = st_pass_context(pass);
	st_pass_manager *pm = st_pass_manager_create(ctx, NULL);
	if (!pm)
		return ST_FAIL;
	st_pass_instrument ins = {.verify_each = false};
	st_pass_manager_set_instrument(pm, &ins);
	if (st_failed(st_pass_manager_parse_pipeline(pm, st_str_c(o->default_pipeline), "<inline default-pipeline>"))) {
		st_pass_manager_destroy(pm);
		return ST_FAIL;
	}
	st_pass_set_state(pass, pm);
	return ST_OK;
}

static void destroy(st_pass *pass) {
	st_pass_manager *pm = st_pass_state(pass);
	if (pm)
		st_pass_manager_destroy(pm);
}

static void free_graph(inliner *in) {
	for (size_t i = 0; i < in->n; i++)
		st_ctx_free(in->ctx, in->nodes[i].callees, in->nodes[i].cap * sizeof(size_t));
	for (size_t i = 0; i < in->nsccs; i++)
		st_ctx_free(in->ctx, in->sccs[i].members, in->sccs[i].len * sizeof(size_t));
	st_ctx_free(in->ctx, in->sccs, in->scccap * sizeof *in->sccs);
	st_ctx_free(in->ctx, in->stack, in->n * sizeof *in->stack);
	st_ctx_free(in->ctx, in->dfs, in->n * sizeof *in->dfs);
	st_ctx_free(in->ctx, in->nodes, in->cap * sizeof *in->nodes);
	st__ptrmap_free(&in->by_op);
	drop_tables(in, NULL);
	st__ptrmap_free(&in->table_of);
	st__ptrvec_free(&in->tables);
}

static st_status run(st_pass *pass, st_op *op) {
	const options *o = st_pass_options(pass);
	if (!st_op_has_trait(op, ST_TRAIT_SYMBOL_TABLE))
		return st_op_error(op, "was scheduled to run under the inliner, but does not define a symbol table");
	inliner in = {.ctx = st_pass_context(pass), .root = op, .pipeline = st_pass_state(pass)};
	st__ptrmap_init(&in.by_op, in.ctx);
	st__ptrmap_init(&in.table_of, in.ctx);
	st__ptrvec_init(&in.tables, in.ctx);
	st_walk(op, ST_WALK_PRE, find_callables, &in);
	if (!in.oom)
		st_walk(op, ST_WALK_PRE, find_calls, &in);
	in.stack = in.n ? st_ctx_alloc(in.ctx, in.n * sizeof *in.stack) : NULL;
	in.dfs = in.n ? st_ctx_alloc(in.ctx, in.n * sizeof *in.dfs) : NULL;
	if (in.n && (!in.stack || !in.dfs))
		in.oom = true;
	for (size_t i = 0; i < in.n && !in.oom; i++)
		if (in.nodes[i].index < 0)
			strongconnect(&in, i);
	st_status s = in.oom ? ST_FAIL : ST_OK;
	int64_t max_iter = o->max_iterations > 0 ? o->max_iterations : 1;
	for (size_t c = 0; c < in.nsccs && st_succeeded(s); c++) {
		for (int64_t it = 0; it < max_iter && st_succeeded(s); it++) {
			bool any = false;
			for (size_t m = 0; m < in.sccs[c].len && st_succeeded(s); m++) {
				node *nd = &in.nodes[in.sccs[c].members[m]];
				const st_callable_iface *ci = st_op_interface(nd->op, ST_IFACE_CALLABLE);
				st_region *body = ci->body ? ci->body(nd->op) : NULL;
				if (in.pipeline && body && !st_region_is_empty(body)) {
					s = st_pass_manager_run(in.pipeline, nd->op);
					drop_tables(&in, nd->op);
				}
			}
			for (size_t m = 0; m < in.sccs[c].len && st_succeeded(s); m++)
				any |= inline_in(&in, in.nodes[in.sccs[c].members[m]].op, (long)in.sccs[c].members[m]);
			if (in.oom)
				s = ST_FAIL;
			if (!any)
				break;
		}
	}
	/* Calls outside every callable (in the symbol table's own body). */
	if (st_succeeded(s))
		inline_in(&in, op, -1);
	drop_tables(&in, NULL);
	if (st_succeeded(s) && !in.oom)
		erase_dead(&in);
	if (in.oom)
		s = ST_FAIL;
	free_graph(&in);
	return s;
}

static const st_pass_option_def opts[] = {
	{"default-pipeline", "The default optimizer pipeline used for callables", ST_PASS_OPT_STRING, "canonicalize",
	 offsetof(options, default_pipeline), NULL},
	{"max-iterations", "Maximum number of iterations when inlining within an SCC", ST_PASS_OPT_INT, "4",
	 offsetof(options, max_iterations), NULL},
};

const st_pass_def st__pass_inline = {
	.name = "inline",
	.summary = "Inline function calls",
	.options = opts,
	.noptions = sizeof opts / sizeof opts[0],
	.options_size = sizeof(options),
	.run = run,
	.init = init,
	.destroy = destroy,
	.display_name = "Inliner",
};
