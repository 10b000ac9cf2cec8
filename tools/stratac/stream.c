/* The streaming flow of stratac (docs/streaming-hw.md): an accelerated
 * pipeline (a .hl schedule with hw_accelerate, or a func.func carrying
 * `hw_accelerate`) becomes a ub graph (ub-extract, ub-schedule at the input
 * rate, ub-capacity) and then line-buffered hardware (convert-ub-to-hw).
 * The kernel's memref arguments are the host's streams: the testbench
 * plays each input row-major with a valid signal, collects each output
 * stream, counts the cycles to done, and the outputs are compared with the
 * interpreter's run of the original function, word for word.  The report
 * adds the stream numbers (pixels per cycle, fill) and gives the line
 * buffers' words as `buffers`. */
#include "stratac.h"

#include "strata/asm.h"
#include "strata/pass.h"
#include "strata/ub.h"
#include "strata/verilog.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* arith-soft-float: f32 kernels as integer datapaths on the bits (only
 * the kernels: the host side keeps its floats). */
static const char *const passes[] = {"ub-extract", "arith-soft-float", "ub-schedule", "ub-capacity", "convert-ub-to-hw"};
static const char *const pass_options[] = {NULL, "within=ub.kernel", NULL, NULL, NULL};

/* One host stream of the design ("in:arg0:0:16:64x64", or with a 6th field
 * the lanes: values per transfer, the argument's next elements, on ports
 * <name>_data0..): stc_mem `mem` of the design is the kernel argument it
 * carries. */
typedef struct stream {
	bool in;
	size_t mem;
	unsigned lanes;
} stream;

typedef struct stream_design {
	stream s[STC_MAX_DIMS * 4];
	size_t n;
	int64_t latency;
} stream_design;

static bool has_accelerator(st_op *op) {
	return st_op_get_attr(op, "hw_accelerate") || st_op_get_attr(op, "halide.accelerator");
}

static st_walk_result find_acc(st_op *op, void *ud) {
	if (!has_accelerator(op))
		return ST_WALK_ADVANCE;
	*(bool *)ud = true;
	return ST_WALK_INTERRUPT;
}

bool stc_stream_chosen(const stc_options *o, st_op *module) {
	if (o->flow && strcmp(o->flow, "auto"))
		return !strcmp(o->flow, "stream");
	bool found = false;
	st_walk(module, ST_WALK_PRE, find_acc, &found);
	return found;
}

static void write_file(void *f, const char *data, size_t len) { fwrite(data, 1, len, f); }

/* Each pass in a manager of its own, so that its time is known. */
static bool lower(st_context *ctx, st_op *m, stc_times *t) {
	for (size_t i = 0; i < sizeof passes / sizeof passes[0]; i++) {
		if (!st_context_lookup_pass(ctx, st_str_c(passes[i]))) {
			fprintf(stderr, "stratac: error: the stream flow needs the pass '%s', which this build does not have\n",
			        passes[i]);
			return false;
		}
		st_pass_manager *pm = st_pass_manager_create(ctx, "builtin.module");
		double t0 = stc_now_ms();
		bool ok = pm && st_succeeded(st_pass_manager_add(pm, passes[i], pass_options[i])) &&
		          st_succeeded(st_pass_manager_run(pm, m));
		stc_time_add(t, passes[i], t0);
		st_pass_manager_destroy(pm);
		if (!ok) {
			fprintf(stderr, "stratac: error: the pass '%s' failed (the stream flow)\n", passes[i]);
			return false;
		}
	}
	return true;
}

static st_op *find_stream_module(st_op *m) {
	for (st_op *op = st_block_first_op(st_region_first_block(st_op_region(m, 0))); op; op = st_op_next(op))
		if (!strcmp(st_op_name_cstr(op), "hw.module") && st_op_get_attr(op, "ub.streams"))
			return op;
	return NULL;
}

/* A host stream of ub.streams (checked by the ub dialect's verifier) into
 * memory `mem` of the design, within what the testbench plays. */
static bool read_stream(st_op *top, const st_ub_stream_info *info, stc_mem *mem) {
	int64_t size = 1;
	bool fits = info->name.len < sizeof mem->name && info->width <= 64 && info->rank <= STC_MAX_DIMS;
	for (unsigned i = 0; fits && i < info->rank; i++) {
		fits = size <= INT64_MAX / info->shape[i];
		size *= info->shape[i];
	}
	if (!fits)
		return st_op_error(top, "has host stream '%.*s' beyond what the testbench plays (width 1..64, 1 to %d "
		                        "dimensions, a name under %zu bytes)",
		                   (int)info->name.len, info->name.data, STC_MAX_DIMS, sizeof mem->name),
		       false;
	memcpy(mem->name, info->name.data, info->name.len);
	mem->name[info->name.len] = 0;
	mem->width = info->width;
	mem->ndims = info->rank;
	memcpy(mem->dims, info->shape, info->rank * sizeof *mem->dims);
	mem->size = size;
	mem->has_read = mem->has_write = true;
	return true;
}

/* The kernel's arguments, in order, are the streams. */
static bool read_design(st_op *top, stc_design *d, stream_design *sd) {
	st_type *ft = st_attr_type_value(st_op_get_attr(d->kernel, "function_type"));
	size_t nargs = st_type_num_inputs(ft), n = st_ub_module_num_streams(top);
	if (n != nargs || n > sizeof sd->s / sizeof sd->s[0])
		return st_op_error(d->kernel, "has %zu arguments; the stream design has %zu host streams", nargs, n), false;
	d->mems = calloc(n ? n : 1, sizeof *d->mems);
	if (!d->mems)
		return fprintf(stderr, "stratac: error: out of memory\n"), false;
	d->nmems = n;
	for (size_t i = 0; i < n; i++) {
		stc_mem m = {0};
		st_ub_stream_info info;
		if (!st_ub_module_stream(top, i, &info))
			return st_op_error(top, "has a ub.streams attribute that does not verify"), false;
		if (!read_stream(top, &info, &m))
			return false;
		bool in = info.in;
		int arg = (int)info.arg;
		unsigned lanes = info.lanes;
		st_type *t = arg >= 0 && (size_t)arg < n ? st_type_input(ft, (size_t)arg) : NULL;
		st_type *elt = t && st_type_get_kind(t) == ST_TYPE_MEMREF ? st_type_element(t) : NULL;
		/* An f32 image streams as its bits. */
		unsigned ew = !elt                                    ? 0
		              : st_type_get_kind(elt) == ST_TYPE_F32 ? 32
		              : st_type_is_integer(elt)              ? st_type_int_width(elt)
		                                                     : 0;
		bool same = ew == m.width && st_type_rank(t) == m.ndims &&
		            !d->mems[arg].name[0];
		for (size_t j = 0; same && j < m.ndims; j++)
			same = st_type_dim(t, j) == m.dims[j];
		if (!same)
			return st_op_error(d->kernel, "argument %d does not match host stream '%s' of the design", arg, m.name),
			       false;
		d->mems[arg] = m;
		sd->s[sd->n++] = (stream){in, (size_t)arg, lanes};
	}
	sd->latency = st_attr_int_value(st_op_get_attr(top, "ub.latency"));
	return true;
}

/* The line buffers' words, as the report's `buffers` (wires have none). */
static bool report_buffers(st_op *top, stc_design *rep) {
	st_attr *w = st_op_get_attr(top, "ub.words"), *cap = st_op_get_attr(top, "ub.capacity");
	size_t n = w ? st_attr_dict_size(w) : 0;
	rep->mems = calloc(n ? n : 1, sizeof *rep->mems);
	if (!rep->mems)
		return false;
	for (size_t i = 0; i < n; i++) {
		st_named_attr e = st_attr_dict_entry(w, i);
		st_str name = st_ident_str(e.name);
		int64_t words = st_attr_int_value(e.value);
		st_attr *c = cap ? st_attr_dict_get(cap, e.name) : NULL;
		if (c && st_attr_int_value(c) != words)
			fprintf(stderr, "stratac: warning: buffer '%.*s' takes %lld words; its capacity is %lld\n", (int)name.len,
			        name.data, (long long)words, (long long)st_attr_int_value(c));
		if (words < 1)
			continue;
		stc_mem *m = &rep->mems[rep->nmems++];
		snprintf(m->name, sizeof m->name, "%.*s", (int)(name.len < 63 ? name.len : 63), name.data);
		m->size = words;
	}
	return true;
}

static unsigned long long mask_of(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

static const char *tb_prologue =
	"#include \"verilated.h\"\n#include <cstdint>\n#include <cstdio>\n#include <cstdlib>\n#include <string>\n"
	"#include <vector>\n\n"
	"static bool load(const std::string &path, std::vector<uint64_t> &m, size_t n, uint64_t mask) {\n"
	"\tFILE *f = fopen(path.c_str(), \"r\");\n"
	"\tif (!f)\n\t\treturn fprintf(stderr, \"testbench: cannot read %s\\n\", path.c_str()), false;\n"
	"\tm.assign(n, 0);\n\tsize_t k = 0;\n\tunsigned long long v;\n"
	"\twhile (k < n && fscanf(f, \"%llu\", &v) == 1)\n\t\tm[k++] = v & mask;\n\tfclose(f);\n"
	"\treturn k == n || (fprintf(stderr, \"testbench: %s holds %zu words, not %zu\\n\", path.c_str(), k, n), false);\n"
	"}\n\n"
	"static bool save(const std::string &path, const std::vector<uint64_t> &m) {\n"
	"\tFILE *f = fopen(path.c_str(), \"w\");\n\tif (!f)\n\t\treturn false;\n"
	"\tfor (uint64_t v : m)\n\t\tfprintf(f, \"%llu\\n\", (unsigned long long)v);\n\treturn fclose(f) == 0;\n}\n\n";

/* A stream's data port: <name>_data, or <name>_data<lane> with lanes. */
static const char *data_port(char *buf, size_t n, const char *name, unsigned lanes, unsigned lane) {
	if (lanes > 1)
		snprintf(buf, n, "%s_data%u", name, lane);
	else
		snprintf(buf, n, "%s_data", name);
	return buf;
}

/* The testbench: resets, then each cycle offers every input stream's next
 * value (valid low in every `bubble`-th cycle when asked, to show that the
 * design stalls), takes the output streams' values, and stops when done
 * rises.  Cycles are the clock edges from the first offered value to done. */
static void write_testbench(FILE *f, const stc_design *d, const stream_design *sd) {
	char dp[96];
	fprintf(f,
	        "// Generated by stratac --flow=stream for hw.module @%s (docs/streaming-hw.md).\n"
	        "// usage: V%s_tb <inputs dir> <outputs dir> <max cycles> [bubble period]\n#include \"V%s.h\"\n",
	        d->top, d->top, d->top);
	fputs(tb_prologue, f);
	fprintf(f,
	        "int main(int argc, char **argv) {\n"
	        "\tif (argc < 4)\n\t\treturn fprintf(stderr, \"usage: tb <inputs> <outputs> <max cycles> [bubble]\\n\"), 2;\n"
	        "\tVerilatedContext ctx;\n\tV%s top{&ctx};\n"
	        "\tstd::string in = argv[1], out = argv[2];\n"
	        "\tunsigned long long max = strtoull(argv[3], nullptr, 10), bubble = argc > 4 ? strtoull(argv[4], nullptr, "
	        "10) : 0;\n",
	        d->top);
	for (size_t i = 0; i < sd->n; i++) {
		const stc_mem *m = &d->mems[sd->s[i].mem];
		if (sd->s[i].in)
			fprintf(f, "\tstd::vector<uint64_t> s%zu;\n\tif (!load(in + \"/%s.txt\", s%zu, %lld, %#llxull))\n\t\treturn 2;\n",
			        i, m->name, i, (long long)m->size, mask_of(m->width));
		else
			fprintf(f, "\tstd::vector<uint64_t> s%zu(%lld, 0);\n", i, (long long)m->size);
		fprintf(f, "\tsize_t n%zu = 0;\n\tbool take%zu = false;\n", i, i);
	}
	fputs("\ttop.clk = 0;\n\ttop.reset = 1;\n"
	      "\tfor (int i = 0; i < 2; i++) {\n\t\ttop.eval();\n\t\ttop.clk = 1;\n\t\ttop.eval();\n\t\ttop.clk = 0;\n\t}\n"
	      "\ttop.reset = 0;\n\tunsigned long long cycles = 0, first = 0;\n\tbool seen = false, extra = false;\n"
	      "\tfor (;;) {\n\t\tbool hole = bubble && cycles % bubble == bubble - 1;\n",
	      f);
	for (size_t i = 0; i < sd->n; i++) {
		const char *nm = d->mems[sd->s[i].mem].name;
		unsigned ln = sd->s[i].lanes;
		if (!sd->s[i].in)
			continue;
		fprintf(f, "\t\ttop.%s_valid = n%zu < s%zu.size() && !hole;\n", nm, i, i);
		for (unsigned l = 0; l < ln; l++)
			fprintf(f, "\t\ttop.%s = n%zu < s%zu.size() ? s%zu[n%zu + %u] : 0;\n", data_port(dp, sizeof dp, nm, ln, l),
			        i, i, i, i, l);
	}
	fputs("\t\ttop.eval();\n\t\tif (top.done)\n\t\t\tbreak;\n\t\tif (cycles >= max)\n"
	      "\t\t\treturn fprintf(stderr, \"testbench: done did not rise within %llu cycles\\n\", max), 1;\n",
	      f);
	for (size_t i = 0; i < sd->n; i++) {
		const stc_mem *m = &d->mems[sd->s[i].mem];
		unsigned ln = sd->s[i].lanes;
		if (sd->s[i].in) {
			fprintf(f, "\t\ttake%zu = top.%s_valid && top.%s_ready;\n", i, m->name, m->name);
			continue;
		}
		fprintf(f, "\t\tif (top.%s_valid) {\n\t\t\tif (n%zu < s%zu.size()) {\n", m->name, i, i);
		for (unsigned l = 0; l < ln; l++)
			fprintf(f, "\t\t\t\ts%zu[n%zu + %u] = top.%s & %#llxull;\n", i, i, l,
			        data_port(dp, sizeof dp, m->name, ln, l), mask_of(m->width));
		fprintf(f,
		        "\t\t\t\tn%zu += %u;\n\t\t\t} else\n\t\t\t\textra = true;\n\t\t\tif (!seen)\n\t\t\t\tfirst = cycles;\n"
		        "\t\t\tseen = true;\n\t\t}\n",
		        i, ln);
	}
	fputs("\t\ttop.clk = 1;\n\t\ttop.eval();\n\t\ttop.clk = 0;\n\t\tcycles++;\n", f);
	for (size_t i = 0; i < sd->n; i++)
		if (sd->s[i].in)
			fprintf(f, "\t\tn%zu += take%zu ? %u : 0;\n", i, i, sd->s[i].lanes);
	fputs("\t}\n\tbool ok = !extra;\n\tif (extra)\n\t\tfprintf(stderr, \"testbench: an output stream gave more values than "
	      "its buffer holds\\n\");\n",
	      f);
	for (size_t i = 0; i < sd->n; i++) {
		const char *nm = d->mems[sd->s[i].mem].name;
		fprintf(f,
		        "\tif (n%zu != s%zu.size()) {\n\t\tfprintf(stderr, \"testbench: stream %s moved %%zu of its %%zu values\\n\", "
		        "n%zu, s%zu.size());\n\t\tok = false;\n\t}\n\tif (!save(out + \"/%s.txt\", s%zu))\n\t\treturn 2;\n",
		        i, i, nm, i, i, nm, i);
	}
	fputs("\tprintf(\"cycles %llu\\nfirst_output %llu\\n\", cycles, first);\n\treturn ok ? 0 : 1;\n}\n", f);
}

/* Only the stream module goes to the Verilog export. */
static void keep_only(st_op *m, st_op *keep) {
	for (st_op *op = st_block_first_op(st_region_first_block(st_op_region(m, 0))), *next; op; op = next) {
		next = st_op_next(op);
		if (op != keep)
			st_op_erase(op);
	}
}

static bool export_files(st_op *m, const char *work, const stc_design *d, const stream_design *sd, stc_times *t) {
	static const char *const names[] = {"design.mlir", "design.sv", "tb.cpp"};
	bool ok = true;
	for (int what = 0; what < 3 && ok; what++) {
		char *path = stc_fmt("%s/%s", work, names[what]);
		FILE *f = path ? fopen(path, "w") : NULL;
		double t0 = stc_now_ms();
		ok = f != NULL;
		if (ok && what == 0) {
			st_print_options po = {0};
			st_print_op(m, &po, write_file, f);
		} else if (ok && what == 1)
			ok = st_succeeded(st_export_verilog(m, write_file, f));
		else if (ok)
			write_testbench(f, d, sd);
		ok = f && fclose(f) == 0 && ok;
		if (!ok)
			fprintf(stderr, "stratac: error: cannot write '%s'\n", path ? path : names[what]);
		else if (what == 1)
			stc_time_add(t, "export-verilog", t0);
		free(path);
	}
	return ok;
}

/* pixels: transfers of the largest input stream (a transfer carries a
 * pixel's lanes); fill: the cycles beyond one per input transfer; first:
 * the cycle the first output value leaves. */
static char *stream_json(const stc_qor *q, const stc_design *d, const stream_design *sd, int64_t first) {
	int64_t pixels = 0;
	for (size_t i = 0; i < sd->n; i++)
		if (sd->s[i].in && d->mems[sd->s[i].mem].size / sd->s[i].lanes > pixels)
			pixels = d->mems[sd->s[i].mem].size / sd->s[i].lanes;
	if (q->cycles < 0)
		return stc_fmt("{\"pixels\": %" PRId64 ", \"pixels_per_cycle\": null, \"fill\": null, \"first_output\": null, "
		               "\"schedule_latency\": %" PRId64 "}",
		               pixels, sd->latency);
	return stc_fmt("{\"pixels\": %" PRId64 ", \"pixels_per_cycle\": %.4f, \"fill\": %" PRId64
	               ", \"first_output\": %" PRId64 ", \"schedule_latency\": %" PRId64 "}",
	               pixels, q->cycles ? (double)pixels / (double)q->cycles : 0.0, q->cycles - pixels, first,
	               sd->latency);
}

bool stc_stream_flow(st_context *ctx, const stc_options *o, st_op *module, st_op *acg_module, const char *work,
                     stc_qor *q) {
	stc_design *d = q->design, rep = {0};
	stream_design sd = {0};
	st_op *hw = stc_flow_begin(o, module, acg_module, q);
	if (!hw)
		return false;
	bool ok = lower(ctx, hw, &q->times);
	st_op *top = ok ? find_stream_module(hw) : NULL;
	if (ok && !top) {
		fprintf(stderr, "stratac: error: the stream flow found no accelerated pipeline (a .hl schedule with "
		                "hw_accelerate, or a func.func with the hw_accelerate attribute)\n");
		ok = false;
	}
	if (ok) {
		d->hw_top = top;
		d->top = st_ident_cstr(st_symbol_name(top));
		ok = read_design(top, d, &sd) && report_buffers(top, &rep);
	}
	q->ii = 1;
	if (ok)
		keep_only(hw, top);
	ok = ok && export_files(hw, work, d, &sd, &q->times);
	st_op_destroy(hw);
	d->hw_top = NULL;
	char *p_qor = stc_fmt("%s/qor.json", work);
	const char *bubble = getenv("STRATAC_STREAM_BUBBLE");
	char *log = ok && p_qor ? stc_check_design(ctx, o, acg_module, work, d, q, bubble ? bubble : "0") : NULL;
	const char *fo = log ? strstr(log, "first_output ") : NULL;
	int64_t first = fo ? strtoll(fo + 13, NULL, 10) : -1;
	if (log && !o->no_sim && !fo) {
		fprintf(stderr, "stratac: error: the simulation of '%s' reported no first output:\n%s", d->top, log);
		ok = false;
	}
	ok = ok && log;
	free(log);
	char *js = ok ? stream_json(q, d, &sd, first) : NULL;
	q->stream = js;
	q->design = &rep;
	ok = ok && js && stc_qor_write(q, p_qor);
	if (ok && !o->quiet)
		stc_qor_print(q, stdout);
	q->design = d;
	q->stream = NULL;
	free(js);
	free(rep.mems);
	free(p_qor);
	return ok;
}
