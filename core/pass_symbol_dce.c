/* symbol-dce: MLIR's SymbolDCE.  Symbols that are not public, in a symbol
 * table that nothing outside can see, and that no live op references
 * (through nested symbol tables and nested references), are erased.  Runs
 * on an op with the SymbolTable trait. */
#include "passes_internal.h"
#include "rewrite_internal.h"

typedef st__ptrmap opset;

static bool set_has(const opset *s, const st_op *op) { return st__ptrmap_has(s, op); }

/* Inserts; -1 when out of memory, 0 when present, 1 when new. */
static int set_add(opset *s, const st_op *op) {
	if (st__ptrmap_has(s, op))
		return 0;
	return st__ptrmap_put(s, op, 1) ? 1 : -1;
}

typedef struct sdce {
	st_context *ctx;
	opset live;
	st_status status;
} sdce;

typedef struct worklist {
	st_op **ops;
	size_t n, cap;
} worklist;

static bool push(sdce *d, worklist *w, st_op *op) {
	if (!st_ctx_grow(d->ctx, (void **)&w->ops, &w->cap, NULL, sizeof *w->ops, w->n + 1)) {
		d->status = ST_FAIL;
		return false;
	}
	w->ops[w->n++] = op;
	return true;
}

/* Symbols: ops with the Symbol trait, and symbol tables that may carry a
 * name (builtin.module: MLIR's optional symbols). */
static bool is_symbol(const st_op *op) {
	const st_opdef *def = st_op_def(op);
	if (!def)
		return false;
	return (op->name->traits & ST_TRAIT_SYMBOL) ||
	       ((op->name->traits & ST_TRAIT_SYMBOL_TABLE) && st_opdef_attr_index(def, "sym_name") >= 0);
}

static bool has_visibility(const st_op *op, const char *v) {
	st_attr *a = st_op_get_attr(op, "sym_visibility");
	return a && st_attr_get_kind(a) == ST_ATTR_STRING && st_str_eq_c(st_attr_string(a), v);
}
static bool is_private(const st_op *op) { return has_visibility(op, "private"); }
static bool is_public(const st_op *op) { return !is_private(op) && !has_visibility(op, "nested"); }

/* An op of a dialect nobody registered, with one region: it may be a
 * symbol table we cannot see into. */
static bool maybe_unknown_table(const st_op *op) { return !st_op_dialect(op) && op->nregions == 1; }

/* Marks live what `ref` resolves to from `table` (every symbol along a
 * nested reference); references to unknown symbols are ignored. */
static void resolve(sdce *d, worklist *w, st_op *table, const st_attr *ref) {
	st_op *path[16];
	size_t depth = 0, nn = st_attr_symbol_num_nested(ref);
	st_op *s = st_symbol_lookup(table, st_ident_str(st_attr_symbol_root(ref)));
	for (size_t i = 0; s; i++) {
		if (depth < 16)
			path[depth++] = s;
		if (i == nn)
			break;
		s = s->nregions ? st_symbol_lookup(s, st_ident_str(st_attr_symbol_nested(ref, i))) : NULL;
	}
	if (!s)
		return;
	for (size_t i = 0; i < depth; i++) {
		int r = set_add(&d->live, path[i]);
		if (r < 0)
			d->status = ST_FAIL;
		else if (r > 0)
			push(d, w, path[i]);
	}
}

typedef struct use_walk {
	sdce *d;
	worklist *w;
	st_op *root, *table;
} use_walk;

static void scan_attr(use_walk *u, const st_attr *a) {
	switch (st_attr_get_kind(a)) {
	case ST_ATTR_SYMBOL_REF:
		resolve(u->d, u->w, u->table, a);
		break;
	case ST_ATTR_ARRAY:
		for (size_t i = 0; i < st_attr_array_size(a); i++)
			scan_attr(u, st_attr_array_elt(a, i));
		break;
	case ST_ATTR_DICTIONARY:
		for (size_t i = 0; i < st_attr_dict_size(a); i++)
			scan_attr(u, st_attr_dict_entry(a, i).value);
		break;
	default:
		break;
	}
}

/* MLIR's getSymbolUses: the references held by `root` and the ops nested
 * in it, not looking into nested symbol tables (a scope of their own). */
static st_walk_result uses_of(st_op *op, void *ud) {
	use_walk *u = ud;
	bool table = op->name->traits & ST_TRAIT_SYMBOL_TABLE;
	if (!(op == u->root && table) && maybe_unknown_table(op)) {
		st_diag *dg = st_op_diag(op, ST_SEV_ERROR,
		                         "operation contains potentially unknown symbol table, meaning that we can't "
		                         "reliably compute symbol uses");
		u->d->status = st_diag_emit(dg);
		return ST_WALK_INTERRUPT;
	}
	if (!(op == u->root && table))
		scan_attr(u, op->attrs);
	return op != u->root && table ? ST_WALK_SKIP : ST_WALK_ADVANCE;
}

static void compute_liveness(sdce *d, st_op *table, bool hidden) {
	worklist w = {0};
	st_block *body = st__regions(table)[0].first;
	for (st_op *op = body ? body->first : NULL; op; op = op->next) {
		if (!is_symbol(op)) {
			push(d, &w, op);
			continue;
		}
		bool discardable = (hidden || is_private(op)) && !is_public(op);
		if (!discardable) {
			int r = set_add(&d->live, op);
			if (r < 0)
				d->status = ST_FAIL;
			else if (r > 0)
				push(d, &w, op);
		}
	}
	while (w.n && st_succeeded(d->status)) {
		st_op *op = w.ops[--w.n];
		if (op->name->traits & ST_TRAIT_SYMBOL_TABLE) {
			/* Hidden when the parent is, when it is no symbol, or when
			 * it is private. */
			bool nested_hidden = hidden || !is_symbol(op) || is_private(op);
			compute_liveness(d, op, nested_hidden);
		} else {
			/* Symbols inside an op that is no symbol table are seen as if
			 * at the top of their own scope. */
			for (uint32_t r = 0; r < op->nregions; r++)
				for (st_block *b = st__regions(op)[r].first; b; b = b->next)
					for (st_op *o = b->first; o; o = o->next)
						if (o->nregions)
							push(d, &w, o);
		}
		st_op *parent = st_op_parent_op(op);
		if (!parent || !(parent->name->traits & ST_TRAIT_SYMBOL_TABLE))
			continue;
		use_walk u = {d, &w, op, parent};
		st_walk(op, ST_WALK_PRE, uses_of, &u);
	}
	st_ctx_free(d->ctx, w.ops, w.cap * sizeof *w.ops);
}

static st_walk_result collect_tables(st_op *op, void *ud) {
	worklist *w = ud;
	if (!(op->name->traits & ST_TRAIT_SYMBOL_TABLE) || !op->nregions)
		return ST_WALK_ADVANCE;
	if (!st_ctx_grow(op->name->ctx, (void **)&w->ops, &w->cap, NULL, sizeof *w->ops, w->n + 1))
		return ST_WALK_INTERRUPT;
	w->ops[w->n++] = op;
	return ST_WALK_ADVANCE;
}

static st_status run(st_pass *pass, st_op *op) {
	if (!(op->name->traits & ST_TRAIT_SYMBOL_TABLE) || !op->nregions)
		return st_op_error(op, "was scheduled to run under symbol-dce, but does not define a symbol table");
	sdce d = {.ctx = st_pass_context(pass)};
	st__ptrmap_init(&d.live, d.ctx);
	/* A table nothing outside can reference: the top, or a private one. */
	bool hidden = true;
	if (st_op_parent_op(op) && is_symbol(op))
		hidden = is_private(op);
	/* Nothing changes while liveness is computed: cached symbol lookups. */
	st__symcache_begin(d.ctx);
	compute_liveness(&d, op, hidden);
	st__symcache_end(d.ctx);
	size_t nerased = 0;
	if (st_succeeded(d.status)) {
		/* Innermost tables first, so that erasing a table symbol never
		 * frees one still to visit. */
		worklist tables = {0};
		if (st_walk(op, ST_WALK_POST, collect_tables, &tables) == ST_WALK_INTERRUPT)
			d.status = ST_FAIL;
		for (size_t i = 0; i < tables.n && st_succeeded(d.status); i++)
			for (st_block *b = st__regions(tables.ops[i])[0].first; b; b = b->next)
				for (st_op *o = b->first, *next; o; o = next) {
					next = o->next;
					if (is_symbol(o) && !set_has(&d.live, o) && st_op_results_unused(o)) {
						st_op_erase(o);
						nerased++;
					}
				}
		st_ctx_free(d.ctx, tables.ops, tables.cap * sizeof *tables.ops);
	}
	st__ptrmap_free(&d.live);
	if (!nerased)
		st_pass_preserve_all_analyses(pass);
	return d.status;
}

const st_pass_def st__pass_symbol_dce = {
	.name = "symbol-dce",
	.summary = "Erase private symbols that nothing live references",
	.run = run,
	.display_name = "SymbolDCE",
};
