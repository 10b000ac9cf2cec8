/* The reference run of a kernel (strata/backend.h): the interpreter runs
 * the kernel of the input (before any lowering) on the buffers' initial
 * words; its words are what a simulation must equal bit for bit.  The run
 * also counts what the QoR report derives from it: the operations
 * executed, the multiplications among them, and the elements each memory
 * read and wrote. */
#include "common.h"

#include "strata/codelet.h"
#include "strata/interp.h"

#include <stdlib.h>
#include <string.h>

/* A scalar of type `t` from a word of `width` bits: sign-extended when a
 * target holds an index in fewer bits than the interpreter's 64. */
static st_ival scalar(st_type *t, uint64_t word, unsigned width) {
	if (st_type_is_index(t) && width < 64 && word >> (width - 1) & 1)
		word |= ~st__mask_of(width);
	return st_ival_bits(t, word);
}

typedef struct counter {
	st_ident *muls[2], *constant;
	uint64_t n, data;
	uint64_t extra_ops; /* operations beyond one per executed op */
} counter;

/* A multiplication is a MAC unit's work (docs/qor-schema.md); a codelet
 * layer op is its multiply-accumulates (gemm, conv2d, depthwise) and its
 * element operations (the other layers), one op of the interpreter for a
 * whole layer's work. An arith or math op making a value that is no index
 * is work on data. */
static void count_op(void *ud, const st_op *op) {
	counter *c = ud;
	st_ident *name = st_op_name(op);
	c->n += name == c->muls[0] || name == c->muls[1];
	st_codelet_layer_info l;
	if (st_codelet_layer_get(op, &l)) {
		int64_t work = st_codelet_layer_work(&l);
		if (l.kind == ST_CODELET_GEMM || l.kind == ST_CODELET_CONV2D || l.kind == ST_CODELET_DEPTHWISE)
			c->n += (uint64_t)work;
		if (work == 0)
			work = st_type_num_elements_static(st_value_type(st_op_operand((st_op *)op, l.noperands - 1)));
		c->extra_ops += work > 1 ? (uint64_t)work - 1 : 0;
		return;
	}
	if (st_op_num_results(op) != 1 || name == c->constant)
		return;
	const char *n = st_ident_cstr(name);
	if ((!strncmp(n, "arith.", 6) || !strncmp(n, "math.", 5)) &&
	    !st_type_is_index(st_value_type(st_op_result((st_op *)op, 0))))
		c->data++;
}

bool st__run_reference(st_target_run *run) {
	const char *tool = run->opts->tool;
	st_context *ctx = run->ctx;
	counter c = {{st_ident_get_c(ctx, "arith.muli"), st_ident_get_c(ctx, "arith.mulf")},
	             st_ident_get_c(ctx, "arith.constant"), 0, 0, 0};
	st_interp_options io = {.max_steps = 1000000000ull, .on_op = count_op, .on_op_ud = &c};
	st_interp *it = st_interp_create(ctx, &io);
	st_type *ft = st_attr_type_value(st_op_get_attr(run->kernel, "function_type"));
	size_t nargs = st_type_num_inputs(ft), nres = st_type_num_results(ft);
	st_ival *args = calloc(nargs ? nargs : 1, sizeof *args), *res = calloc(nres ? nres : 1, sizeof *res);
	bool ok = it && args && res;
	if (!ok)
		fprintf(stderr, "%s: error: out of memory for the reference run\n", tool);
	for (size_t i = 0; ok && i < nargs; i++) {
		st_buffer *m = &run->buffers[i];
		if (m->kind != ST_BUFFER_MEMORY) {
			args[i] = scalar(m->type, m->init[0], m->width);
			continue;
		}
		ok = st_succeeded(st_interp_memref_alloc(it, NULL, m->type, NULL, ST_BUF_HEAP, true, &args[i]));
		for (int64_t k = 0; ok && k < m->size; k++) {
			st_ival v = st_ival_bits(m->elt, m->init[k]);
			ok = st_interp_memref_set(it, &args[i], k, &v);
		}
		if (!ok)
			fprintf(stderr, "%s: error: cannot give the reference run buffer '%s'\n", tool, m->name);
	}
	if (ok && st_failed(st_interp_call(it, run->kernel, nargs, args, nres, res))) {
		fprintf(stderr, "%s: error: the reference interpreter failed on the kernel's inputs\n", tool);
		ok = false;
	}
	for (size_t i = 0; ok && i < nargs + nres; i++) {
		st_buffer *m = &run->buffers[i];
		ok = st__alloc_words(run, m, &m->ref);
		if (ok && m->kind != ST_BUFFER_MEMORY) {
			const st_ival *v = i < nargs ? &args[i] : &res[i - nargs];
			m->ref[0] = v->poison ? ~0ull : st_ival_words(v)[0] & st__mask_of(m->width);
			continue;
		}
		if (ok)
			st_interp_memref_accesses(&args[i], &m->loads, &m->stores);
		for (int64_t k = 0; ok && k < m->size; k++) {
			st_ival v;
			ok = st_interp_memref_get(it, &args[i], k, &v);
			/* Poison is never equal to a simulated word. */
			m->ref[k] = v.poison ? ~0ull : st_ival_words(&v)[0] & st__mask_of(m->width);
			if (v.poison && m->width == 64)
				fprintf(stderr, "%s: warning: word %lld of memory '%s' is poison in the reference\n", tool,
				        (long long)k, m->name);
			st_ival_release(it, &v);
		}
	}
	if (ok) {
		run->ops = st_interp_steps(it) + c.extra_ops;
		run->muls = c.n;
		run->data_ops = c.data;
		run->referenced = true;
	}
	if (it) {
		for (size_t i = 0; res && i < nres; i++)
			st_ival_release(it, &res[i]);
		for (size_t i = 0; args && i < nargs; i++)
			st_ival_release(it, &args[i]);
		st_interp_destroy(it);
	}
	free(args);
	free(res);
	return ok;
}
