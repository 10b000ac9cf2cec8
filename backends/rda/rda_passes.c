/* The rda backend's passes and translation (docs/rda.md): rda-place-route
 * maps the module's rda.design on its target, export-rda-config writes a
 * mapped design's configuration.  Both read the machine from the acg.graph
 * the design names (`target`). */
#include "rda_backend_internal.h"

#include "strata/acg.h"
#include "strata/pass.h"
#include "strata/translate.h"

#include <string.h>

static bool named(const st_op *op, const char *name) { return op && strcmp(st_op_name_cstr(op), name) == 0; }

st_op *st__rda_find_design(st_op *module) {
	st_block *b = st_region_first_block(st_op_region(module, 0));
	st_op *found = NULL;
	for (st_op *o = b ? st_block_first_op(b) : NULL; o; o = st_op_next(o))
		if (named(o, "rda.design")) {
			if (found) {
				st_op_error(o, "the module holds more than one rda.design");
				return NULL;
			}
			found = o;
		}
	if (!found)
		st_op_error(module, "the module holds no rda.design");
	return found;
}

st_status st__rda_design_machine(st_op *design, st_rda_machine *m) {
	st_attr *t = st_op_get_attr(design, "target");
	st_op *parent = st_op_parent_op(design);
	st_op *g = t && parent ? st_symbol_lookup(parent, st_ident_str(st_attr_symbol_leaf(t))) : NULL;
	if (!named(g, "acg.graph"))
		return st_op_error(design, "the design names no target acg.graph beside it (its `target`)");
	return st_rda_machine_read(g, m);
}

const st_rda_pu *st__rda_kind_for(const st_rda_machine *m, st_rda_unit_kind k) {
	st_rda_unit_kind want = k == ST_RDA_HOST ? ST_RDA_DRAM : k;
	for (size_t i = 0; i < m->npus; i++)
		if (m->pus[i].kind == want)
			return &m->pus[i];
	return NULL;
}

/* ------------------------------------------------------ rda-place-route */

typedef struct par_opts {
	int64_t seed, rounds;
} par_opts;

static const st_pass_option_def par_option_defs[] = {
	{"seed", "the seed of the placement's random moves", ST_PASS_OPT_INT, "1", offsetof(par_opts, seed), NULL},
	{"rounds", "placement moves tried per unit", ST_PASS_OPT_INT, "200", offsetof(par_opts, rounds), NULL},
};

static st_status run_par(st_pass *pass, st_op *module) {
	const par_opts *o = st_pass_options(pass);
	st_op *design = st__rda_find_design(module);
	st_rda_machine m;
	if (!design || st_failed(st__rda_design_machine(design, &m)))
		return ST_FAIL;
	if (o->rounds < 0)
		return st_op_error(design, "rda-place-route: rounds is not negative");
	st_rda_par_options po = {(uint64_t)o->seed, o->rounds};
	return st__rda_place_route(design, &m, &po);
}

static const st_pass_def par_pass = {
	.name = "rda-place-route",
	.summary = "Place the rda.design's units on its target's grid and route its streams (static, then dynamic)",
	.anchor = "builtin.module",
	.options = par_option_defs,
	.noptions = sizeof par_option_defs / sizeof par_option_defs[0],
	.options_size = sizeof(par_opts),
	.run = run_par,
};

/* ---------------------------------------------------- export-rda-config */

static st_status export_config(st_op *module, st_write_fn w, void *ud) {
	st_op *design = st__rda_find_design(module);
	st_rda_machine m;
	if (!design || st_failed(st__rda_design_machine(design, &m)))
		return ST_FAIL;
	return st_rda_write_config(design, &m, w, ud);
}

static const st_translation_def config_translation = {
	.name = "export-rda-config",
	.summary = "write the configuration of a mapped rda.design (docs/rda.md)",
	.export_ = export_config,
};

st_status st_register_rda_backend(st_context *ctx) {
	if (st_failed(st_context_register_limit(ctx, &st__rda_ilp_columns_limit)) ||
	    st_failed(st_context_register_limit(ctx, &st__rda_sim_words_limit)) ||
	    st_failed(st_context_register_pass(ctx, &par_pass)))
		return ST_FAIL;
	return st_context_register_translation(ctx, &config_translation);
}
