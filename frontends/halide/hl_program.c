/* A checked .hl program (st_halide_program): parsing and semantic
 * analysis of one source, and the descriptions of its inputs and outputs
 * the evaluator's callers need. */
#include "hl_ast.h"

#include <stdio.h>
#include <string.h>

struct st_halide_program {
	st__hl_parser p;
};

st__hl_parser *st__hl_program_parser(st_halide_program *prog) { return &prog->p; }

st_halide_program *st_halide_program_create(st_context *ctx, st_str text, const char *filename) {
	if (!filename)
		filename = "<hl>";
	st_context_add_source(ctx, st_str_c(filename), text);
	/* volatile: read again after a longjmp out of the scanner. */
	st_halide_program *volatile prog = st_ctx_alloc(ctx, sizeof *prog);
	if (!prog)
		return NULL;
	memset(prog, 0, sizeof *prog);
	st__hl_parser *p = &prog->p;
	p->ctx = ctx;
	p->mem.ctx = ctx;
	p->fname = st_str_c(filename);
	p->text = text;
	p->line = p->col = 1;
	bool ok = false;
	if (setjmp(p->bail) == 0)
		ok = st__hl_parse(p) && st__hl_sema(p);
	if (!ok) {
		st_halide_program_destroy(prog);
		return NULL;
	}
	return prog;
}

void st_halide_program_destroy(st_halide_program *prog) {
	if (!prog)
		return;
	st_context *ctx = prog->p.ctx;
	st__hl_free_all(&prog->p);
	st_ctx_free(ctx, prog, sizeof *prog);
}

size_t st_halide_num_inputs(const st_halide_program *prog) { return prog->p.nimages; }
size_t st_halide_num_outputs(const st_halide_program *prog) { return prog->p.noutputs; }

static const char *describe(const st__hl_func *f, st_halide_buffer *desc) {
	memset(desc, 0, sizeof *desc);
	snprintf(desc->type, sizeof desc->type, "%s", st__hl_type_name(f->type));
	desc->rank = (size_t)f->ndims;
	for (int d = 0; d < f->ndims; d++)
		desc->shape[f->ndims - 1 - d] = f->out_extent[d];
	return f->name.data;
}

const char *st_halide_input_desc(const st_halide_program *prog, size_t i, st_halide_buffer *desc) {
	return describe(&prog->p.funcs[prog->p.images[i]], desc);
}

const char *st_halide_output_desc(const st_halide_program *prog, size_t i, st_halide_buffer *desc) {
	return describe(&prog->p.funcs[prog->p.outputs[i]], desc);
}
