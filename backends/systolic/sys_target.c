/* The systolic target (ACG class `systolic`, docs/systolic.md, "stratac"):
 * stratac's hooks over the mapper, the code generator and the simulator.
 *
 * compile: systolic-map on a copy of the input carrying the machine, code
 * generation of the kernel's placed codelets, the program written to the
 * work directory (program.sys, its disassembly program.asm) with the
 * mapped IR (mapped.mlir).  simulate: the program is read back from
 * program.sys, so the simulator gets only what the hardware would (the
 * instruction words, the machine's configuration from the .acg, the input
 * tensors the host puts in DRAM), and every tensor the host can see is
 * read back from DRAM after the run for the kit's bit-exact comparison.
 * report: the roofline bound as ideal_cycles, the array and buffer
 * utilization, and the `systolic` object (docs/qor-schema.md); layers.csv
 * has SCALE-Sim's columns. */
#include "sys_map.h"

#include "strata/asm.h"
#include "strata/backend.h"
#include "strata/outfile.h"
#include "strata/pass.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct sys_run {
	st_systolic_program *program;
	st_systolic_bounds bounds;
	st_systolic_stats stats;
	bool simulated;
	/* Each layer's plan, as systolic-map chose it. */
	size_t nplans;
	struct {
		char layer[32], dataflow[8], order[16];
		int64_t tiles[4], estimate, candidates, valid;
	} plans[ST_SYSTOLIC_MAX_TENSORS];
} sys_run;

static const char *tool_of(const st_target_run *run) { return run->opts->tool; }

/* A work file through the kit (st_run_open_file: checked writes, a
 * temporary renamed at the close, the reason in the message). */
static bool write_work_file(st_target_run *run, const char *name, int what, st_op *m) {
	sys_run *s = run->state;
	char *path = st_backend_fmt("%s/%s", run->work, name);
	st_outfile o;
	bool ok = path && st_run_open_file(run, path, &o);
	if (!path)
		fprintf(stderr, "%s: error: out of memory\n", tool_of(run));
	if (!ok) {
		free(path);
		return false;
	}
	bool good;
	if (what == 0)
		good = st_succeeded(st_systolic_program_write(s->program, st_backend_write_file, o.f));
	else if (what == 1)
		good = st_succeeded(st_systolic_disasm(s->program, run->graph, st_backend_write_file, o.f));
	else {
		st_print_options po = {0};
		st_print_op(m, &po, st_backend_write_file, o.f);
		good = true;
	}
	ok = st_run_close_file(run, &o, good) && good;
	free(path);
	return ok;
}

static st_op *find_function(st_op *module, const char *name) {
	st_block *b = st_region_first_block(st_op_region(module, 0));
	for (st_op *op = st_block_first_op(b); op; op = st_op_next(op))
		if (!strcmp(st_op_name_cstr(op), "func.func") && st_str_eq_c(st_ident_str(st_symbol_name(op)), name))
			return op;
	return NULL;
}

/* The plans systolic-map left on the kernel's codelets. */
static void collect_plans(sys_run *s, st_op *fn) {
	for (st_op *c = st_block_first_op(st_region_first_block(st_op_region(fn, 0))); c; c = st_op_next(c)) {
		st_attr *pl = st_op_get_attr(c, "plan");
		if (!pl || s->nplans == ST_SYSTOLIC_MAX_TENSORS)
			continue;
		__typeof__(s->plans[0]) *p = &s->plans[s->nplans++];
		st_attr *name = st_op_get_attr(c, "name"), *t = st_attr_dict_get_c(pl, "tiles");
		snprintf(p->layer, sizeof p->layer, "%s", name ? st_attr_string(name).data : "?");
		snprintf(p->dataflow, sizeof p->dataflow, "%s", st_attr_string(st_attr_dict_get_c(pl, "dataflow")).data);
		snprintf(p->order, sizeof p->order, "%s", st_attr_string(st_attr_dict_get_c(pl, "order")).data);
		for (size_t k = 0; k < 4; k++)
			p->tiles[k] = st_attr_dense_array_int(t, k);
		p->estimate = st_attr_int_value(st_attr_dict_get_c(pl, "cycles"));
		p->candidates = st_attr_int_value(st_attr_dict_get_c(pl, "candidates"));
		p->valid = st_attr_int_value(st_attr_dict_get_c(pl, "valid"));
	}
}

/* The kernel's buffers are tensors the host exchanges with DRAM (argument
 * i is the program's tensor `arg<i>`; the kit names its buffer after the source). */
static st_status check_buffers(st_target_run *run) {
	for (size_t i = 0; i < run->nbuffers; i++) {
		const st_buffer *b = &run->buffers[i];
		if (b->kind != ST_BUFFER_MEMORY)
			return st_op_error(run->kernel, "the systolic target exchanges tensors with the host, not scalars: %s %zu",
			                   b->kind == ST_BUFFER_SCALAR_OUT ? "result" : "argument", b->index);
	}
	return ST_OK;
}

static st_status compile(st_target_run *run) {
	sys_run *s = calloc(1, sizeof *s);
	if (!s) {
		fprintf(stderr, "%s: error: out of memory\n", tool_of(run));
		return ST_FAIL;
	}
	run->state = s;
	double t0 = st_backend_now_ms();
	st_op *m = st_run_lowering_copy(run);
	st_pass_manager *pm = m ? st_pass_manager_create(run->ctx, "builtin.module") : NULL,
	                *map = m ? st_pass_manager_create(run->ctx, "builtin.module") : NULL;
	/* Only the kernel's layers: another function is no part of the run.
	 * Loops (a .hl or .pm program) are raised to layers first; the
	 * roofline is the raised layers' (the loops have none). */
	char *opts = st_backend_fmt("func=%s", run->kernel_name);
	bool ok = pm && map && opts && st_succeeded(st_pass_manager_add(pm, "affine-raise-to-codelet", opts)) &&
	          st_succeeded(st_pass_manager_add(map, "systolic-map", opts)) && st_succeeded(st_pass_manager_run(pm, m));
	st_op *fn = ok ? find_function(m, run->kernel_name) : NULL;
	ok = fn && st_succeeded(st_systolic_bounds_of(fn, run->graph, &s->bounds)) &&
	     st_succeeded(st_pass_manager_run(map, m));
	free(opts);
	if (ok)
		st_qor_time(run->qor, "systolic-map", t0);
	st_op *graph = ok ? st_acg_find_target(m, "target") : NULL;
	t0 = st_backend_now_ms();
	ok = graph && (s->program = st_systolic_codegen(fn, graph)) != NULL;
	if (ok) {
		st_qor_time(run->qor, "codegen", t0);
		collect_plans(s, fn);
		ok = st_succeeded(check_buffers(run));
	}
	ok = ok && write_work_file(run, "program.sys", 0, NULL) && write_work_file(run, "program.asm", 1, NULL) &&
	     write_work_file(run, "mapped.mlir", 2, m);
	if (pm)
		st_pass_manager_destroy(pm);
	if (map)
		st_pass_manager_destroy(map);
	if (m)
		st_op_destroy(m);
	return ok ? ST_OK : ST_FAIL;
}

static int64_t count_of(const st_systolic_tensor *t) {
	int64_t n = 1;
	for (size_t d = 0; d < t->rank; d++)
		n *= t->dims[d];
	return n;
}

/* A word of `width` bits as the int32 the simulator's DRAM holds (tensor
 * elements are signed integers of at most 32 bits). */
static int32_t from_word(uint64_t w, unsigned bits) {
	return bits >= 32 ? (int32_t)(uint32_t)w : (int32_t)((int64_t)(w << (64 - bits)) >> (64 - bits));
}

/* The kernel's buffer of a program tensor: tensor `arg<i>` is argument i,
 * whatever name the kit gave its buffer (the source's, e.g. accel.name). */
static st_buffer *tensor_buffer(st_target_run *run, const st_systolic_tensor *t) {
	unsigned i;
	char end;
	if (sscanf(t->name, "arg%u%c", &i, &end) != 1)
		return NULL;
	for (size_t k = 0; k < run->nbuffers; k++)
		if (run->buffers[k].kind == ST_BUFFER_MEMORY && run->buffers[k].index == i)
			return &run->buffers[k];
	return NULL;
}

/* The simulator on the program read back from the work directory. */
static st_status simulate(st_target_run *run) {
	sys_run *s = run->state;
	double t0 = st_backend_now_ms();
	char *path = st_backend_fmt("%s/program.sys", run->work);
	size_t len = 0;
	char *text = path ? st_backend_slurp(path, &len) : NULL;
	st_systolic_program *p = text ? st_systolic_program_load(run->ctx, run->graph, st_str_make(text, len), path) : NULL;
	if (!text)
		fprintf(stderr, "%s: error: cannot read '%s'\n", tool_of(run), path ? path : "program.sys");
	size_t nt = p ? st_systolic_program_num_tensors(p) : 0, nin = 0, nout = 0, nback = 0;
	int32_t **data = p ? calloc(nt ? nt : 1, sizeof *data) : NULL;
	const int32_t **ins = p ? calloc(nt ? nt : 1, sizeof *ins) : NULL;
	int32_t **outs = p ? calloc(nt ? nt : 1, sizeof *outs) : NULL, **back = p ? calloc(nt ? nt : 1, sizeof *back) : NULL;
	bool ok = p && data && ins && outs && back;
	/* The host's view: inputs (and inouts) go in, outputs (and inouts) and
	 * the inputs' final contents come back. */
	for (size_t i = 0; ok && i < nt; i++) {
		const st_systolic_tensor *t = st_systolic_program_tensor(p, i);
		if (t->kind == ST_SYSTOLIC_LOCAL || t->kind == ST_SYSTOLIC_CONST)
			continue;
		st_buffer *b = tensor_buffer(run, t);
		if (!b || b->size != count_of(t)) {
			fprintf(stderr, "%s: error: the program's tensor '%s' is no buffer of the kernel\n", tool_of(run), t->name);
			ok = false;
			break;
		}
		ok = (data[i] = calloc((size_t)b->size, sizeof *data[i])) != NULL;
		if (ok && (t->kind == ST_SYSTOLIC_INPUT || t->kind == ST_SYSTOLIC_INOUT)) {
			for (int64_t k = 0; k < b->size; k++)
				data[i][k] = from_word(b->init[k], t->bits);
			ins[nin++] = data[i];
		}
		if (ok && t->kind == ST_SYSTOLIC_INPUT)
			back[nback++] = data[i];
		else if (ok)
			outs[nout++] = data[i];
	}
	st_systolic_sim_options so = {.inputs_after = back, .max_cycles = run->opts->max_cycles};
	ok = ok && st_succeeded(st_systolic_simulate(run->ctx, p, run->graph, ins, outs, &so, &s->stats));
	for (size_t i = 0; ok && i < nt; i++) {
		const st_systolic_tensor *t = st_systolic_program_tensor(p, i);
		st_buffer *b = t->kind == ST_SYSTOLIC_LOCAL || t->kind == ST_SYSTOLIC_CONST ? NULL : tensor_buffer(run, t);
		if (!b)
			continue;
		uint64_t mask = b->width >= 64 ? UINT64_MAX : (UINT64_C(1) << b->width) - 1;
		ok = (b->sim = calloc((size_t)b->size, sizeof *b->sim)) != NULL;
		for (int64_t k = 0; ok && k < b->size; k++)
			b->sim[k] = (uint64_t)(int64_t)data[i][k] & mask;
	}
	if (ok) {
		st_qor_set_cycles(run->qor, (int64_t)(s->stats.cycles ? s->stats.cycles : 1));
		st_qor_time(run->qor, "simulate", t0);
		s->simulated = true;
	}
	for (size_t i = 0; data && i < nt; i++)
		free(data[i]);
	free(data);
	free(ins);
	free(outs);
	free(back);
	st_systolic_program_destroy(p);
	free(text);
	free(path);
	return ok ? ST_OK : ST_FAIL;
}

static bool write_csv(st_target_run *run) {
	sys_run *s = run->state;
	char *path = st_backend_fmt("%s/layers.csv", run->work);
	st_outfile o;
	bool ok = path && st_run_open_file(run, path, &o);
	if (ok) {
		st_systolic_csv_header(st_backend_write_file, o.f);
		st_systolic_csv_row(run->kernel_name, &s->stats, &s->bounds, st_backend_write_file, o.f);
		ok = st_run_close_file(run, &o, true);
	} else if (!path) {
		fprintf(stderr, "%s: error: out of memory\n", tool_of(run));
	}
	free(path);
	return ok;
}

/* ideal_cycles: the roofline (docs/qor-schema.md), rounded up. */
static st_status report(st_target_run *run) {
	sys_run *s = run->state;
	const st_systolic_bounds *b = &s->bounds;
	int64_t ideal = (int64_t)b->ideal;
	ideal += (double)ideal < b->ideal;
	st_qor_set_ideal_cycles(run->qor, ideal > 1 ? ideal : 1);
	st_json *o = st_qor_class_object(run->qor);
	st_json_set_int(o, "pes", b->pes);
	st_json_set_int(o, "macs", (int64_t)b->macs);
	st_json_set_int(o, "simd_ops", (int64_t)b->simd_ops);
	st_json *bo = st_json_set_object(o, "bounds");
	st_json_set_real(bo, "mac", b->mac_cycles, 1);
	st_json_set_real(bo, "simd", b->simd_cycles, 1);
	st_json_set_real(bo, "dram", b->dram_cycles, 1);
	st_json_set_int(o, "words", (int64_t)st_systolic_program_num_words(s->program));
	st_json_set_int(o, "dram_bytes", (int64_t)st_systolic_program_dram_bytes(s->program));
	st_json *plans = st_json_set_object(o, "layers");
	for (size_t i = 0; i < s->nplans; i++) {
		char key[48];
		snprintf(key, sizeof key, "%zu:%s", i, s->plans[i].layer);
		st_json *p = st_json_set_object(plans, key);
		st_json_set_string(p, "dataflow", s->plans[i].dataflow);
		st_json_set_string(p, "order", s->plans[i].order);
		st_json *t = st_json_set_object(p, "tiles");
		static const char *const tn[4] = {"p", "q", "k", "c"};
		for (size_t k = 0; k < 4; k++)
			st_json_set_int(t, tn[k], s->plans[i].tiles[k]);
		st_json_set_int(p, "estimate", s->plans[i].estimate);
		st_json_set_int(p, "candidates", s->plans[i].candidates);
		st_json_set_int(p, "valid", s->plans[i].valid);
	}
	if (!s->simulated) {
		st_json_set_null(o, "sim");
		return ST_OK;
	}
	const st_systolic_stats *st = &s->stats;
	st_json *so = st_json_set_object(o, "sim");
	st_json_set_int(so, "compute", (int64_t)st->compute);
	st_json_set_int(so, "onchip_stall", (int64_t)st->onchip_stall);
	st_json_set_int(so, "dram_stall", (int64_t)st->dram_stall);
	st_json_set_int(so, "macs", (int64_t)st->macs);
	st_json_set_int(so, "simd_ops", (int64_t)st->simd_ops);
	st_json_set_real(so, "mapping_efficiency",
	                 st->sa_points ? (double)st->sa_active_pe / ((double)st->sa_points * (double)b->pes) : 0, 4);
	st_json_set_int(so, "dram_read_bytes", (int64_t)st->dram_read_bytes);
	st_json_set_int(so, "dram_write_bytes", (int64_t)st->dram_write_bytes);
	st_json_set_int(so, "instructions", (int64_t)st->instructions);
	st_json_set_int(so, "commands", (int64_t)st->commands);
	/* Utilization: the processing elements a step of the array keeps busy
	 * on average, and each on-chip buffer's highest element used, against
	 * what the .acg gives. */
	if (st->sa_points)
		st_qor_add_utilization(run->qor, "pe", (int64_t)((st->sa_active_pe + st->sa_points - 1) / st->sa_points),
		                       b->pes);
	for (size_t i = 0; i < st->nbuffers; i++) {
		const st_systolic_buffer_stats *bs = &st->buffers[i];
		if (!strcmp(bs->name, "DRAM"))
			continue;
		st_qor_add_utilization(run->qor, bs->name, bs->used, bs->capacity);
		st_json *bj = st_json_set_object(st_json_set_object(so, "buffers"), bs->name);
		st_json_set_int(bj, "reads", (int64_t)bs->reads);
		st_json_set_int(bj, "writes", (int64_t)bs->writes);
	}
	return write_csv(run) ? ST_OK : ST_FAIL;
}

static void release(st_target_run *run) {
	sys_run *s = run->state;
	if (!s)
		return;
	st_systolic_program_destroy(s->program);
	free(s);
	run->state = NULL;
}

static const char *const outputs[] = {"program.sys", "program.asm", "mapped.mlir", "layers.csv", NULL};

static const st_target_def systolic_target = {
	.class_ = "systolic",
	.summary = "GeneSys-like DNN accelerator: codelet layers mapped, encoded from the .acg's mnemonics, simulated",
	.outputs = outputs,
	.compile = compile,
	.simulate = simulate,
	.report = report,
	.release = release,
};

st_status st_register_systolic_target(st_context *ctx) {
	return st_failed(sys_register_limits(ctx)) ? ST_FAIL : st_context_register_target(ctx, &systolic_target);
}
