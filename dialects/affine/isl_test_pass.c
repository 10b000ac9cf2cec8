/* test-affine-isl: prints the polyhedral model of every outermost affine
 * loop nest (statements, iteration domains, access relations, the schedule
 * of the original order) and its dependences with distance and direction
 * vectors, in isl's notation, so that lit tests can FileCheck what the
 * bridge and the dependence analysis compute.  Registered only with
 * strata-opt --enable-test-passes. */
#include "strata/affine.h"
#include "deps.h"
#include "isl_pass_util.h"
#include "isl_passes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void say(st_pass *pass, const char *s) { st_pass_write(pass, s, strlen(s)); }

static void write_cb(void *ud, const char *data, size_t len) { st_pass_write(ud, data, len); }

static void say_loc(st_pass *pass, const st_op *op) {
	const st_attr *loc = st_loc_find_file(st_op_loc(op));
	char buf[48];
	if (loc)
		snprintf(buf, sizeof buf, "%u:%u", st_loc_line(loc), st_loc_col(loc));
	else
		snprintf(buf, sizeof buf, "?");
	say(pass, buf);
}

/* isl's text of an object (malloc'd by isl), then a newline. */
static void say_isl(st_pass *pass, const char *label, char *text) {
	say(pass, label);
	say(pass, text ? text : "<isl error>");
	say(pass, "\n");
	free(text);
}

/* False after an error (isl stopped at its operation bound). */
static bool print_scope(st_pass *pass, st_op *const *roots, size_t nroots) {
	st_context *ctx = st_pass_context(pass);
	isl_ctx *ictx = st_isl_ctx_create(ctx);
	if (!ictx)
		return false;
	say(pass, nroots > 1 ? "nests at" : "nest at");
	for (size_t i = 0; i < nroots; i++) {
		say(pass, " ");
		say_loc(pass, roots[i]);
	}
	say(pass, "\n");
	st__isl_model_error err;
	st__isl_model *m = st__isl_model_build(ctx, ictx, roots, nroots, &err);
	if (!m && st_isl_report_exhausted(ictx, roots[0], ST_SEV_ERROR, "test-affine-isl")) {
		isl_ctx_free(ictx);
		return false;
	}
	if (!m) {
		say(pass, "  not modelled: ");
		say(pass, err.msg);
		say(pass, " ('");
		say(pass, err.op ? st_op_name_cstr(err.op) : "?");
		say(pass, "' at ");
		if (err.op)
			say_loc(pass, err.op);
		say(pass, ")\n");
		isl_ctx_free(ictx);
		return true;
	}
	char buf[64];
	for (size_t i = 0; i < m->nparams; i++) {
		say(pass, "  param ");
		say(pass, st__isl_model_value_name(m, m->params[i], buf, sizeof buf));
		st_op *def = st_value_defining_op(m->params[i]);
		if (def) {
			say(pass, ": ");
			say(pass, st_op_name_cstr(def));
			say(pass, " at ");
			say_loc(pass, def);
		}
		say(pass, "\n");
	}
	for (size_t k = 0; k < m->nstmts; k++) {
		const st__isl_stmt *s = &m->stmts[k];
		snprintf(buf, sizeof buf, "  S%zu: %s at ", k, st_op_name_cstr(s->op));
		say(pass, buf);
		say_loc(pass, s->op);
		say(pass, "\n");
		say_isl(pass, "    domain: ", isl_set_to_str(s->domain));
		/* The access relative to the domain (which the relation also
		 * carries), so that isl prints the subscripts themselves. */
		isl_map *acc = isl_map_gist_domain(isl_map_copy(s->access), isl_set_copy(s->domain));
		say_isl(pass, s->write ? "    write: " : "    read: ", isl_map_to_str(acc));
		isl_map_free(acc);
		say_isl(pass, "    schedule: ", isl_map_to_str(s->schedule));
	}
	st__deps *d = st__deps_compute(m);
	bool ok = true;
	if (!d && st_isl_report_exhausted(ictx, roots[0], ST_SEV_ERROR, "test-affine-isl: the dependences"))
		ok = false;
	else if (!d)
		say(pass, "  dependences: isl failed\n");
	for (size_t i = 0; d && i < d->n; i++) {
		say(pass, "  ");
		st__dep_describe(m, &d->v[i], write_cb, pass);
		say(pass, "\n");
		say_isl(pass, "    relation: ", isl_map_to_str(d->v[i].rel));
	}
	if (d && !d->n)
		say(pass, "  no dependences\n");
	st__deps_destroy(d);
	st__isl_model_destroy(m);
	isl_ctx_free(ictx);
	return ok;
}

typedef struct options {
	int scope; /* 0: each nest; 1: the nests of a block together */
} options;

static const char *const scopes[] = {"nest", "block", NULL};

static st_status run(st_pass *pass, st_op *op) {
	const options *o = st_pass_options(pass);
	st_context *ctx = st_pass_context(pass);
	st_op **nests;
	size_t n, cap;
	st_status status = st__isl_outermost_loops(ctx, op, &nests, &n, &cap);
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;
		/* The block scope takes every outermost nest of the same block. */
		while (o->scope == 1 && j < n && st_op_block(nests[j]) == st_op_block(nests[i]))
			j++;
		if (!print_scope(pass, nests + i, j - i))
			status = ST_FAIL;
		i = j;
	}
	if (nests)
		st_ctx_free(ctx, nests, sizeof *nests * cap);
	st_pass_preserve_all_analyses(pass);
	return status;
}

static const st_pass_option_def opts[] = {
	{"scope", "What one model covers: each outermost nest, or all those of a block", ST_PASS_OPT_ENUM, "nest",
	 offsetof(options, scope), scopes},
};

static const st_pass_def test_affine_isl = {
	.name = "test-affine-isl",
	.summary = "Print the isl model and dependences of each affine loop nest (test only)",
	.options = opts,
	.noptions = 1,
	.options_size = sizeof(options),
	.run = run,
	.display_name = "TestAffineIsl",
};

st_status st_register_affine_test_passes(st_context *ctx) { return st_context_register_pass(ctx, &test_affine_isl); }
