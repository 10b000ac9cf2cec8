/* convert-affine-to-rda (docs/rda.md, "Lowering"): the kernel function of
 * a module of func/affine/scf/arith/math/memref becomes an rda.design
 * beside it, for the module's rda target (an acg.graph; strata-opt
 * --acg=FILE inserts one).  The kernel is copied, its calls inlined and its
 * affine ops lowered by lower-affine (an affine.parallel is remembered
 * through a marker location, as lower-to-calyx does), its copies expanded,
 * its dead fills dropped and the tables it computes folded (a2r_copy.c,
 * a2r_dead.c, a2r_table.c), then read into a
 * control tree, planned (memories, vectorised and copied loops, tokens) and
 * emitted.  The kernel itself stays: it is the reference the design is
 * checked against. */
#include "a2r.h"

#include "strata/func.h"
#include "strata/conversions/affine_to_rda.h"
#include "strata/pass.h"

#include <string.h>

typedef struct options {
	const char *top;
	const char *target;
	int64_t vec;
	int64_t par;
	int onchip;
	int64_t depth;
} options;

static const char *const onchip_cases[] = {"auto", "all", "none", NULL};

static const st_pass_option_def option_defs[] = {
	{"top", "the kernel function (default: the only public one)", ST_PASS_OPT_STRING, "", offsetof(options, top),
	 NULL},
	{"target", "the acg.graph of the rda target (default: the only one)", ST_PASS_OPT_STRING, "",
	 offsetof(options, target), NULL},
	{"vec", "lanes of the vectorised loops (0: the target's lanes; 1: none)", ST_PASS_OPT_INT, "0",
	 offsetof(options, vec), NULL},
	{"par", "spatial copies of the outermost loop with independent iterations", ST_PASS_OPT_INT, "1",
	 offsetof(options, par), NULL},
	{"onchip", "kernel arguments copied into memory units: auto (reused, irregular or read and written, when "
	           "they fit), all (when they fit) or none",
	 ST_PASS_OPT_ENUM, "auto", offsetof(options, onchip), onchip_cases},
	{"depth", "the buffer of every stream at each reader (0: the target's buffer_depth)", ST_PASS_OPT_INT, "0",
	 offsetof(options, depth), NULL},
};

/* ------------------------------------------------------------- markers */

typedef struct marks {
	a2r *a;
	st_attr **orig;
	st_op **ops;
	size_t norig, caporig, nops, capops;
} marks;

static st_walk_result mark(st_op *op, void *ud) {
	marks *mk = ud;
	a2r *a = mk->a;
	if (strcmp(st_op_name_cstr(op), "affine.parallel") || st_op_num_results(op))
		return ST_WALK_ADVANCE;
	st_attr *orig = st_op_loc(op);
	st_attr *marker = st_loc_name(a->ctx, st_str_c("rda.parallel"), orig);
	if (!marker || !st__a2r_push(a, (void **)&mk->orig, &mk->norig, &mk->caporig, sizeof orig, &orig) ||
	    !st__a2r_push(a, (void **)&mk->ops, &mk->nops, &mk->capops, sizeof op, &op) ||
	    !st__a2r_push(a, (void **)&a->markers, &a->nmarkers, &a->capmarkers, sizeof marker, &marker))
		return ST_WALK_INTERRUPT;
	st_op_set_loc(op, marker);
	return ST_WALK_ADVANCE;
}

/* ------------------------------------------------------------------ run */

static st_status prepare(st_context *ctx, st_op *clone) {
	st_pass_manager *pm = st_pass_manager_create(ctx, "builtin.module");
	if (!pm)
		return ST_FAIL;
	static const char *const pipeline[] = {"inline", "lower-affine", "canonicalize", "cse"};
	st_status s = ST_OK;
	for (size_t i = 0; i < sizeof pipeline / sizeof pipeline[0] && st_succeeded(s); i++)
		s = st_pass_manager_add(pm, pipeline[i], NULL);
	if (st_succeeded(s))
		s = st_pass_manager_run(pm, clone);
	st_pass_manager_destroy(pm);
	return s;
}

static st_status lower(a2r *a, st_op *module) {
	if (st_failed(st__a2r_expand_copies(a)) || st_failed(st__a2r_drop_dead_fills(a)) ||
	    st_failed(st__a2r_fold_tables(a)) || st_failed(st__a2r_build_tree(a)))
		return ST_FAIL;
	st__a2r_find_parallel(a);
	bool split = false;
	if (a->failed || st_failed(st__a2r_split_reduction(a, &split)))
		return ST_FAIL;
	if (split) {
		/* The kernel changed: read it again. */
		st__a2r_free(a);
		if (st_failed(st__a2r_build_tree(a)))
			return ST_FAIL;
		st__a2r_find_parallel(a);
	}
	if (a->failed || st_failed(st__a2r_plan_memories(a)) || st_failed(st__a2r_plan_parallelism(a)))
		return ST_FAIL;
	st__a2r_plan_tokens(a);
	if (a->failed)
		return ST_FAIL;
	st_op *design = st__a2r_emit(a, module);
	if (!design)
		return ST_FAIL;
	st_ident *g = st_symbol_name(a->m->graph);
	st_op_set_attr(design, "target", st_symbol_ref_attr(a->ctx, st_ident_str(g), 0, NULL));
	return st_rda_check_units(design, "after the lowering");
}

static st_status run(st_pass *pass, st_op *module) {
	const options *o = st_pass_options(pass);
	st_context *ctx = st_pass_context(pass);
	st_op *graph = st_acg_find_target(module, o->target);
	st_rda_machine machine;
	if (!graph || st_failed(st_rda_machine_read(graph, &machine)))
		return ST_FAIL;
	st_op *kernel = st_func_find_top(module, o->top ? o->top : "", "convert-affine-to-rda", "the kernel");
	if (!kernel)
		return ST_FAIL;
	a2r a = {.ctx = ctx, .original = kernel, .m = &machine};
	a.opt.vec = o->vec, a.opt.par = o->par, a.opt.onchip = o->onchip, a.opt.depth = o->depth;
	if (o->vec < 0 || o->depth < 0)
		return st_op_error(kernel, "convert-affine-to-rda: vec and depth are not negative");
	marks mk = {.a = &a};
	st_walk(module, ST_WALK_PRE, mark, &mk);
	st_op *clone = a.failed ? NULL : st_op_clone(module, NULL);
	for (size_t i = 0; i < mk.nops; i++)
		st_op_set_loc(mk.ops[i], mk.orig[i]);
	if (mk.orig)
		st_ctx_free(ctx, mk.orig, mk.caporig * sizeof *mk.orig);
	if (mk.ops)
		st_ctx_free(ctx, mk.ops, mk.capops * sizeof *mk.ops);
	st_status s = clone ? prepare(ctx, clone) : ST_FAIL;
	if (st_succeeded(s)) {
		a.func = st_symbol_lookup(clone, st_ident_str(st_symbol_name(kernel)));
		s = a.func ? lower(&a, module) : st_op_error(kernel, "convert-affine-to-rda: the kernel was inlined away");
	}
	st__a2r_free(&a);
	if (a.markers)
		st_ctx_free(ctx, a.markers, a.capmarkers * sizeof *a.markers);
	if (clone)
		st_op_destroy(clone);
	return s;
}

static const st_pass_def convert_pass = {
	.name = "convert-affine-to-rda",
	.summary = "Lower a func/affine/scf/memref kernel to an rda.design of virtual units (SARA)",
	.anchor = "builtin.module",
	.options = option_defs,
	.noptions = sizeof option_defs / sizeof option_defs[0],
	.options_size = sizeof(options),
	.run = run,
};

st_status st_register_affine_to_rda_passes(st_context *ctx) { return st_context_register_pass(ctx, &convert_pass); }
