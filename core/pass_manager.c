/* Pass managers: nesting, running a pipeline on an op (a nested manager
 * runs on each matching op directly inside the regions of its parent's op,
 * as MLIR's OpToOpPassAdaptor does), verification after each pass, failure
 * handling, cached analyses with invalidation, and the warning for passes
 * whose anchor op never occurred. */
#include "pass_internal.h"

#include <stdio.h>

/* ------------------------------------------------------------ managers */

st_pass_manager *st_pass_manager_create(st_context *ctx, const char *anchor) {
	st_pass_manager *pm = st_ctx_alloc(ctx, sizeof *pm);
	if (!pm)
		return NULL;
	memset(pm, 0, sizeof *pm);
	pm->ctx = ctx;
	pm->ins.verify_each = true;
	if (anchor && !(pm->anchor = st_ident_get_c(ctx, anchor))) {
		st_ctx_free(ctx, pm, sizeof *pm);
		return NULL;
	}
	return pm;
}

void st_pass_manager_destroy(st_pass_manager *pm) {
	if (!pm)
		return;
	for (size_t i = 0; i < pm->nentries; i++) {
		if (pm->entries[i].pass)
			st__pass_destroy(pm->entries[i].pass);
		else
			st_pass_manager_destroy(pm->entries[i].nested);
	}
	st_ctx_free(pm->ctx, pm->entries, pm->entry_cap * sizeof *pm->entries);
	st_ctx_free(pm->ctx, pm, sizeof *pm);
}

static st_status add_entry(st_pass_manager *pm, st__pm_entry e) {
	if (!st_ctx_grow(pm->ctx, (void **)&pm->entries, &pm->entry_cap, NULL, sizeof *pm->entries, pm->nentries + 1))
		return ST_FAIL;
	pm->entries[pm->nentries++] = e;
	return ST_OK;
}

st_status st__pm_add_pass(st_pass_manager *pm, st_pass *pass) { return add_entry(pm, (st__pm_entry){pass, NULL}); }

st_status st__pm_add_nested(st_pass_manager *pm, st_pass_manager *nested) {
	return add_entry(pm, (st__pm_entry){NULL, nested});
}

st_pass_manager *st_pass_manager_nest(st_pass_manager *pm, const char *anchor) {
	st_pass_manager *n = st_pass_manager_create(pm->ctx, anchor);
	if (!n)
		return NULL;
	n->parent = pm;
	if (st_failed(st__pm_add_nested(pm, n))) {
		st_pass_manager_destroy(n);
		return NULL;
	}
	return n;
}

size_t st_pass_manager_size(const st_pass_manager *pm) { return pm->nentries; }

const char *st__pm_anchor_name(const st_pass_manager *pm) { return pm->anchor ? st_ident_cstr(pm->anchor) : "any"; }

void st_pass_manager_set_instrument(st_pass_manager *pm, const st_pass_instrument *ins) { pm->ins = *ins; }

/* ------------------------------------------------------------ analyses */

static st__am_node *am_node_create(st_context *ctx, st_op *op, st__am_node *parent) {
	st__am_node *n = st_ctx_alloc(ctx, sizeof *n);
	if (n) {
		memset(n, 0, sizeof *n);
		n->op = op;
		n->parent = parent;
	}
	return n;
}

static void am_node_destroy(st_context *ctx, st__am_node *n) {
	for (size_t i = 0; i < n->nchildren; i++)
		am_node_destroy(ctx, n->children[i]);
	for (size_t i = 0; i < n->nentries; i++)
		n->entries[i].def->destroy(ctx, n->entries[i].value);
	st_ctx_free(ctx, n->children, n->child_cap * sizeof *n->children);
	st_ctx_free(ctx, n->entries, n->entry_cap * sizeof *n->entries);
	st_ctx_free(ctx, n, sizeof *n);
}

/* The node of `op` under `n`: ops are compared by pointer only. */
static st__am_node *am_child(st_context *ctx, st__am_node *n, st_op *op) {
	for (size_t i = 0; i < n->nchildren; i++)
		if (n->children[i]->op == op)
			return n->children[i];
	if (!st_ctx_grow(ctx, (void **)&n->children, &n->child_cap, NULL, sizeof *n->children, n->nchildren + 1))
		return NULL;
	st__am_node *c = am_node_create(ctx, op, n);
	if (c)
		n->children[n->nchildren++] = c;
	return c;
}

static bool preserved(const st_pass *pass, const st_analysis_def *def) {
	for (size_t i = 0; i < pass->npreserved; i++)
		if (pass->preserved[i] == def)
			return true;
	return false;
}

static void am_drop_unpreserved(st_context *ctx, st__am_node *n, const st_pass *pass) {
	size_t k = 0;
	for (size_t i = 0; i < n->nentries; i++) {
		if (preserved(pass, n->entries[i].def))
			n->entries[k++] = n->entries[i];
		else
			n->entries[i].def->destroy(ctx, n->entries[i].value);
	}
	n->nentries = k;
}

/* Drops what `pass` did not preserve below `n`; nodes left empty go, so
 * that the pointer of an op erased by the pass is not found again. */
static void am_invalidate_below(st_context *ctx, st__am_node *n, const st_pass *pass) {
	size_t k = 0;
	for (size_t i = 0; i < n->nchildren; i++) {
		st__am_node *c = n->children[i];
		am_drop_unpreserved(ctx, c, pass);
		am_invalidate_below(ctx, c, pass);
		if (c->nentries || c->nchildren)
			n->children[k++] = c;
		else
			am_node_destroy(ctx, c);
	}
	n->nchildren = k;
}

static void am_invalidate(st_context *ctx, st__am_node *n, const st_pass *pass) {
	if (pass->preserve_all)
		return;
	am_invalidate_below(ctx, n, pass);
	for (st__am_node *a = n; a; a = a->parent)
		am_drop_unpreserved(ctx, a, pass);
}

static void record_analysis_time(st_pass *pass, const st_analysis_def *def, double seconds) {
	st_context *ctx = pass->pm->ctx;
	for (size_t i = 0; i < pass->natimes; i++)
		if (pass->atimes[i].def == def) {
			pass->atimes[i].seconds += seconds;
			return;
		}
	if (st_ctx_grow(ctx, (void **)&pass->atimes, &pass->atime_cap, NULL, sizeof *pass->atimes, pass->natimes + 1))
		pass->atimes[pass->natimes++] = (st__analysis_time){def, seconds};
}

void *st_pass_get_analysis(st_pass *pass, const st_analysis_def *def, st_op *op) {
	st_context *ctx = pass->pm->ctx;
	assert(pass->am && "st_pass_get_analysis outside of the pass's run");
	if (!op)
		op = pass->op;
	st__am_node *n = pass->am;
	for (size_t i = 0; i < n->nentries; i++)
		if (n->entries[i].def == def && n->entries[i].op == op)
			return n->entries[i].value;
	if (!st_ctx_grow(ctx, (void **)&n->entries, &n->entry_cap, NULL, sizeof *n->entries, n->nentries + 1))
		return NULL;
	const st_pass_manager *root = st__pm_root(pass->pm);
	bool timing = root->run && root->run->timing;
	double t0 = timing ? st__now() : 0;
	void *value = def->create(ctx, op);
	if (timing)
		record_analysis_time(pass, def, st__now() - t0);
	if (value)
		n->entries[n->nentries++] = (st__analysis_entry){def, op, value};
	return value;
}

void st_pass_preserve_analysis(st_pass *pass, const st_analysis_def *def) {
	if (preserved(pass, def))
		return;
	if (st_ctx_grow(pass->pm->ctx, (void **)&pass->preserved, &pass->preserved_cap, NULL, sizeof *pass->preserved,
	                pass->npreserved + 1))
		pass->preserved[pass->npreserved++] = def;
}

void st_pass_preserve_all_analyses(st_pass *pass) { pass->preserve_all = true; }

/* ------------------------------------------------------------- running */

static st_status run_pm(st_pass_manager *pm, st_op *op, st__am_node *am);

static st_status verify_after(st_pass *pass, st_op *op) {
	if (st_succeeded(st_verify(op)))
		return ST_OK;
	st_diag *d = st_diag_create(pass->pm->ctx, ST_SEV_NOTE, st_op_loc(op),
	                            "the IR above is invalid after pass '%s' ran on this '%s' op", pass->def->name,
	                            st_op_name_cstr(op));
	st_diag_emit(d);
	return ST_FAIL;
}

static st_status run_pass(st_pass *pass, st_op *op, st__am_node *am) {
	st_context *ctx = pass->pm->ctx;
	const st_pass_manager *root = st__pm_root(pass->pm);
	const st_pass_instrument *ins = &root->ins;
	pass->ran = true;
	pass->op = op;
	pass->am = am;
	pass->preserve_all = false;
	pass->npreserved = 0;
	if (st__pm_should_print_before(root, pass))
		st__pm_print_ir(root, pass, op, "Before", false);
	bool print_after = st__pm_should_print_after(root, pass);
	st__fingerprint before = {0};
	if (print_after && ins->print_after_change)
		before = st__op_fingerprint(op);
	size_t nerrors = ctx->nerrors;
	if (ins->before_pass)
		ins->before_pass(ins->callback_ud, pass, op);
	bool timing = root->run->timing;
	double t0 = timing ? st__now() : 0;
	st_status s = pass->def->run(pass, op);
	if (timing)
		pass->seconds += st__now() - t0;
	if (st_failed(s) && ctx->nerrors == nerrors)
		st_error(ctx, st_op_loc(op), "pass '%s' failed on this '%s' op without reporting why", pass->def->name,
		         st_op_name_cstr(op));
	if (st_succeeded(s)) {
		am_invalidate(ctx, am, pass);
		if (ins->verify_each)
			s = verify_after(pass, op);
	}
	if (ins->after_pass)
		ins->after_pass(ins->callback_ud, pass, op, s);
	if (st_failed(s)) {
		if (print_after || ins->print_after_failure)
			st__pm_print_ir(root, pass, op, "After", true);
	} else if (print_after && !ins->print_after_failure) {
		if (!ins->print_after_change || st__op_fingerprint(op).h != before.h)
			st__pm_print_ir(root, pass, op, "After", false);
	}
	pass->op = NULL;
	pass->am = NULL;
	return s;
}

/* Runs `pm` on each matching op directly inside the regions of `op`. */
static st_status run_nested(st_pass_manager *pm, st_op *op, st__am_node *am) {
	st_context *ctx = pm->ctx;
	st_op *small[64], **ops = small;
	size_t n = 0, cap = 64;
	st_status s = ST_OK;
	/* Taken up front: a pass on one op may add ops beside it (outlining
	 * into the parent is not allowed, but a constant may be hoisted). */
	for (size_t r = 0; r < st_op_num_regions(op) && st_succeeded(s); r++)
		for (st_block *b = st_region_first_block(st_op_region(op, r)); b && st_succeeded(s); b = st_block_next(b))
			for (st_op *o = st_block_first_op(b); o; o = st_op_next(o)) {
				if (pm->anchor && st_op_name(o) != pm->anchor)
					continue;
				if (!st_ctx_grow(ctx, (void **)&ops, &cap, small, sizeof *ops, n + 1)) {
					s = ST_FAIL;
					break;
				}
				ops[n++] = o;
			}
	bool timing = st__pm_root(pm)->run->timing;
	for (size_t i = 0; i < n && st_succeeded(s); i++) {
		st__am_node *child = am_child(ctx, am, ops[i]);
		if (!child) {
			s = ST_FAIL;
			break;
		}
		double t0 = timing ? st__now() : 0;
		s = run_pm(pm, ops[i], child);
		if (timing)
			pm->seconds += st__now() - t0;
	}
	/* Each nested pass has invalidated what it changed, up to `op`. */
	if (ops != small)
		st_ctx_free(ctx, ops, cap * sizeof *ops);
	return s;
}

static st_status run_pm(st_pass_manager *pm, st_op *op, st__am_node *am) {
	pm->ran = true;
	for (size_t i = 0; i < pm->nentries; i++) {
		st__pm_entry *e = &pm->entries[i];
		st_status s = e->pass ? run_pass(e->pass, op, am) : run_nested(e->nested, op, am);
		if (st_failed(s))
			return ST_FAIL;
	}
	return ST_OK;
}

static void reset_run(st_pass_manager *pm) {
	pm->ran = false;
	pm->seconds = 0;
	for (size_t i = 0; i < pm->nentries; i++) {
		st_pass *p = pm->entries[i].pass;
		if (p) {
			p->ran = false;
			p->seconds = 0;
			p->natimes = 0;
		} else {
			reset_run(pm->entries[i].nested);
		}
	}
}

/* ---------------------------------------------- the never-ran warning */

typedef struct find_ctx {
	st_ident *name;
	bool found;
} find_ctx;

static st_walk_result find_walk(st_op *op, void *ud) {
	find_ctx *f = ud;
	if (st_op_name(op) == f->name) {
		f->found = true;
		return ST_WALK_INTERRUPT;
	}
	return ST_WALK_ADVANCE;
}

static void warn_passes(const st_pass_manager *pm, st_op *top, const char *why) {
	for (size_t i = 0; i < pm->nentries; i++) {
		const st_pass *p = pm->entries[i].pass;
		if (!p) {
			warn_passes(pm->entries[i].nested, top, why);
			continue;
		}
		char anchor[300];
		if (pm->anchor)
			snprintf(anchor, sizeof anchor, "'%s'", st_ident_cstr(pm->anchor));
		else
			snprintf(anchor, sizeof anchor, "any op");
		st_warning(pm->ctx, st_op_loc(top), "pass '%s' anchored on %s never ran: %s", p->def->name, anchor, why);
	}
}

/* Every pass under a nested manager that never ran gets a warning that
 * says which anchor was missing. */
static void warn_never_ran(const st_pass_manager *pm, st_op *top) {
	for (size_t i = 0; i < pm->nentries; i++) {
		const st_pass_manager *n = pm->entries[i].nested;
		if (!n)
			continue;
		if (n->ran) {
			warn_never_ran(n, top);
			continue;
		}
		char why[600];
		if (!n->anchor) {
			snprintf(why, sizeof why, "no op is nested in the '%s' ops it runs under", st__pm_anchor_name(pm));
		} else {
			find_ctx f = {n->anchor, false};
			st_walk(top, ST_WALK_PRE, find_walk, &f);
			if (f.found)
				snprintf(why, sizeof why, "no '%s' op is directly inside the '%s' ops it runs under",
				         st_ident_cstr(n->anchor), st__pm_anchor_name(pm));
			else
				snprintf(why, sizeof why, "the input has no '%s' op", st_ident_cstr(n->anchor));
		}
		warn_passes(n, top, why);
	}
}

st_status st_pass_manager_run(st_pass_manager *pm, st_op *op) {
	st_context *ctx = pm->ctx;
	assert(!pm->parent && "run the root pass manager");
	if (pm->anchor && st_op_name(op) != pm->anchor)
		return st_error(ctx, st_op_loc(op), "a pass pipeline on '%s' ops cannot run on a '%s' op",
		                st_ident_cstr(pm->anchor), st_op_name_cstr(op));
	st__run_state rs = {.top = op, .timing = pm->ins.timing};
	rs.am_root = am_node_create(ctx, op, NULL);
	if (!rs.am_root)
		return ST_FAIL;
	reset_run(pm);
	pm->run = &rs;
	double t0 = rs.timing ? st__now() : 0;
	st_status s = run_pm(pm, op, rs.am_root);
	double total = rs.timing ? st__now() - t0 : 0;
	pm->seconds = total;
	if (st_succeeded(s))
		warn_never_ran(pm, op);
	if (rs.timing)
		st__pm_print_timing(pm, total);
	am_node_destroy(ctx, rs.am_root);
	pm->run = NULL;
	return s;
}
