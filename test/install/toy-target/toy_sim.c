/* The toy machine's simulator: it gets what the hardware would, the
 * program (program.txt) and the input words (inputs/<memory>.txt), runs
 * the loop and leaves each memory's final words in the run's buffers.
 * Timing: `lanes` iterations start each cycle and the last one ends
 * `latency` cycles after it started. */
#include "toy.h"

#include <stdlib.h>

static uint64_t mask(uint64_t v, unsigned width) { return width >= 64 ? v : v & ((UINT64_C(1) << width) - 1); }

/* The memory an instruction names, or NULL after an error. */
static st_buffer *memory(st_target_run *run, const toy_insn *in, int64_t i) {
	st_buffer *b = st_run_buffer(run, in->memory);
	if (!b || b->kind != ST_BUFFER_MEMORY)
		fprintf(stderr, "%s: error: toy: the program names a memory '%s' the machine was not given\n",
		        run->opts->tool, in->memory);
	else if (i < 0 || i >= b->size)
		fprintf(stderr, "%s: error: toy: the program accesses %s[%lld], past its %lld words\n", run->opts->tool,
		        in->memory, (long long)i, (long long)b->size);
	else
		return b;
	return NULL;
}

static bool run_loop(st_target_run *run, const toy_program *p) {
	uint64_t *r = calloc((size_t)p->registers, sizeof *r);
	bool ok = r != NULL;
	for (int64_t i = p->first; ok && i < p->last; i++)
		for (size_t k = 0; ok && k < p->n; k++) {
			const toy_insn *in = &p->insns[k];
			st_buffer *b = in->op == TOY_LOAD || in->op == TOY_STORE ? memory(run, in, i) : NULL;
			switch (in->op) {
			case TOY_LOAD:
				if ((ok = b != NULL))
					r[in->dst] = mask(b->sim[i], in->width);
				break;
			case TOY_STORE:
				if ((ok = b != NULL))
					b->sim[i] = mask(r[in->a], in->width);
				break;
			case TOY_CONST:
				r[in->dst] = mask((uint64_t)in->imm, in->width);
				break;
			case TOY_ADD:
				r[in->dst] = mask(r[in->a] + r[in->b], in->width);
				break;
			case TOY_SUB:
				r[in->dst] = mask(r[in->a] - r[in->b], in->width);
				break;
			case TOY_MUL:
				r[in->dst] = mask(r[in->a] * r[in->b], in->width);
				break;
			case TOY_AND:
				r[in->dst] = r[in->a] & r[in->b];
				break;
			case TOY_OR:
				r[in->dst] = r[in->a] | r[in->b];
				break;
			case TOY_XOR:
				r[in->dst] = r[in->a] ^ r[in->b];
				break;
			default:
				ok = false;
			}
		}
	free(r);
	return ok;
}

bool toy_simulate(st_target_run *run, const char *path, int64_t *cycles) {
	toy_program p = {0};
	char *inputs = st_backend_fmt("%s/inputs", run->work);
	/* The memories start with the input words. */
	bool ok = inputs && toy_read_program(run, path, &p) && st_run_read_words(run, inputs) && run_loop(run, &p);
	if (ok)
		*cycles = (p.last - p.first + p.lanes - 1) / p.lanes + p.latency;
	free(inputs);
	toy_program_free(&p);
	return ok;
}
