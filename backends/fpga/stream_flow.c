/* The stream flow of the FPGA target (docs/streaming-hw.md): an
 * accelerated pipeline (a loop marked `accel.launch`, as a .hl schedule with
 * hw_accelerate lowers, or a func.func marked `accel.kernel`: strata/accel.h)
 * becomes a ub graph (ub-extract, ub-schedule at the input rate,
 * ub-capacity) and then line-buffered hardware (convert-ub-to-hw).  The
 * kernel's memref arguments are the host's streams: the testbench plays
 * each input row-major with a valid signal and collects each output stream;
 * the report gives the line buffers' words as `buffers` and the stream
 * numbers in the class's object. */
#include "fpga.h"

#include "strata/accel.h"
#include "strata/hw.h"
#include "strata/pass.h"
#include "strata/ub.h"

#include <stdlib.h>
#include <string.h>

bool fpga_stream_chosen(const st_target_run *run) {
	int flow = fpga_opts(run)->flow;
	if (flow != FPGA_FLOW_AUTO)
		return flow == FPGA_FLOW_STREAM;
	return st_accel_contains_accelerated(run->input);
}

/* The flow's passes as one pipeline, each timed by the instrument's
 * callbacks; arith-soft-float makes f32 kernels integer datapaths on the
 * bits (only the kernels: the host side keeps its floats); div-by-constant
 * makes a division by a constant a multiply and shift (a power of two a
 * shift), as the Calyx flow does, and arith-expand a flooring division by
 * a variable one divider, not a quotient and a remainder: a combinational
 * divider is as deep as its width, which no clock meets and which yosys
 * takes tens of seconds to synthesise. */
static const char pipeline[] =
	"ub-extract,arith-soft-float{within=ub.kernel},div-by-constant{shifts=true},arith-expand,ub-schedule,ub-capacity,convert-ub-to-hw";
static const char *const passes[] = {"ub-extract",  "arith-soft-float", "div-by-constant",
                                     "arith-expand", "ub-schedule", "ub-capacity",      "convert-ub-to-hw"};

static bool lower(st_target_run *run, st_op *m) {
	for (size_t i = 0; i < sizeof passes / sizeof passes[0]; i++)
		if (!st_context_lookup_pass(run->ctx, st_str_c(passes[i]))) {
			fprintf(stderr, "%s: error: the stream flow needs the pass '%s', which this build does not have\n",
			        run->opts->tool, passes[i]);
			return false;
		}
	return st_run_passes(run, m, pipeline, "(the stream flow)", NULL, NULL);
}

static st_op *find_stream_module(st_op *m) {
	for (st_op *op = st_block_first_op(st_region_first_block(st_op_region(m, 0))); op; op = st_op_next(op))
		if (!strcmp(st_op_name_cstr(op), "hw.module") && st_op_get_attr(op, "ub.streams"))
			return op;
	return NULL;
}

/* A host stream of ub.streams (checked by the ub dialect's verifier) into
 * port `p` of the design, within what the testbench plays. */
static bool read_stream(st_op *top, const st_ub_stream_info *info, fpga_port *p) {
	int64_t size = 1, moved = 1;
	const int64_t *host = info->ntiles ? info->host : info->shape;
	bool fits = info->name.len < sizeof p->name && info->width <= 64 && info->rank <= ST_BUFFER_MAX_DIMS &&
	            info->ntiles <= sizeof p->tiles / sizeof *p->tiles;
	for (unsigned i = 0; fits && i < info->rank; i++) {
		fits = size <= INT64_MAX / host[i] && moved <= INT64_MAX / info->shape[i];
		size *= host[i];
		moved *= info->shape[i];
	}
	for (unsigned j = 0; fits && j < info->ntiles; j++) {
		fits = moved <= INT64_MAX / info->tiles[j];
		moved *= info->tiles[j];
	}
	if (!fits)
		return st_op_error(top, "has host stream '%.*s' beyond what the testbench plays (width 1..64, 1 to %d "
		                        "dimensions, at most 4 tile loops, a name under %zu bytes)",
		                   (int)info->name.len, info->name.data, ST_BUFFER_MAX_DIMS, sizeof p->name),
		       false;
	memcpy(p->name, info->name.data, info->name.len);
	p->name[info->name.len] = 0;
	p->kind = ST_BUFFER_MEMORY;
	p->in = info->in;
	p->lanes = info->lanes;
	p->width = info->width;
	p->ndims = info->rank;
	memcpy(p->dims, host, info->rank * sizeof *p->dims);
	p->size = size;
	p->moved = moved;
	p->ntiles = info->ntiles;
	memcpy(p->tiles, info->tiles, info->ntiles * sizeof *p->tiles);
	memcpy(p->tile, info->shape, info->rank * sizeof *p->tile);
	memcpy(p->offset, info->offset, info->rank * (1 + info->ntiles) * sizeof *p->offset);
	p->has_read = p->has_write = true;
	return true;
}

/* The design's ub.params: each scalar argument the kernel reads is an
 * input port the host sets before the run (of the argument's width). */
static bool read_params(st_target_run *run, st_op *top, fpga_design *d) {
	st_attr *ps = st_op_get_attr(top, "ub.params");
	size_t n = ps && st_attr_get_kind(ps) == ST_ATTR_DICTIONARY ? st_attr_dict_size(ps) : 0;
	for (size_t i = 0; i < n; i++) {
		st_named_attr e = st_attr_dict_entry(ps, i);
		st_str name = st_ident_str(e.name);
		int64_t arg = st_attr_get_kind(e.value) == ST_ATTR_INTEGER ? st_attr_int_value(e.value) : -1;
		st_buffer *b = arg >= 0 && (size_t)arg < run->nbuffers ? &run->buffers[arg] : NULL;
		unsigned w = 0;
		for (size_t k = 0; k < st_hw_module_num_ports(top); k++) {
			st_hw_port p = st_hw_module_port(top, k);
			if (p.dir == ST_HW_IN && st_str_eq(p.name, name) && st_type_is_integer(p.type))
				w = st_type_int_width(p.type);
		}
		fpga_port *p = b ? &d->ports[arg] : NULL;
		if (!p || b->kind != ST_BUFFER_SCALAR_IN || p->name[0] || !w || w != b->width || name.len >= sizeof p->name)
			return st_op_error(run->kernel, "argument %lld does not match parameter port '%.*s' of the design",
			                   (long long)arg, (int)name.len, name.data),
			       false;
		memcpy(p->name, name.data, name.len);
		p->name[name.len] = 0;
		p->width = w;
	}
	return true;
}

/* The kernel's arguments, in order, are the streams and the scalars (the
 * buffers keep their names: the streams' files). */
static bool read_design(st_target_run *run, st_op *top, fpga_design *d) {
	size_t n = st_ub_module_num_streams(top), nmem = 0;
	for (size_t i = 0; i < run->nbuffers; i++)
		if (run->buffers[i].kind == ST_BUFFER_SCALAR_OUT)
			return st_op_error(run->kernel, "returns a value; a stream design gives its results as streams (a kernel "
			                                "returning a scalar goes through the Calyx flow)"),
			       false;
		else
			nmem += run->buffers[i].kind == ST_BUFFER_MEMORY;
	if (n != nmem)
		return st_op_error(run->kernel, "has %zu memory arguments; the stream design has %zu host streams", nmem, n),
		       false;
	size_t nb = run->nbuffers;
	d->ports = calloc(nb ? nb : 1, sizeof *d->ports);
	d->streams = calloc(n ? n : 1, sizeof *d->streams);
	if (!d->ports || !d->streams)
		return fprintf(stderr, "%s: error: out of memory\n", run->opts->tool), false;
	d->nports = nb;
	d->nstreams = n;
	for (size_t i = 0; i < nb; i++)
		if (run->buffers[i].kind == ST_BUFFER_SCALAR_IN) {
			fpga_port *p = &d->ports[i];
			p->kind = ST_BUFFER_SCALAR_IN;
			p->width = run->buffers[i].width;
			p->size = p->moved = 1;
			p->lanes = 1;
			snprintf(p->file, sizeof p->file, "%s", run->buffers[i].name);
		}
	if (!read_params(run, top, d))
		return false;
	for (size_t i = 0; i < n; i++) {
		fpga_port p = {0};
		st_ub_stream_info info;
		if (!st_ub_module_stream(top, i, &info))
			return st_op_error(top, "has a ub.streams attribute that does not verify"), false;
		if (!read_stream(top, &info, &p))
			return false;
		int arg = (int)info.arg;
		st_buffer *b = arg >= 0 && (size_t)arg < nb ? &run->buffers[arg] : NULL;
		/* An f32 image streams as its bits. */
		bool same = b && b->kind == ST_BUFFER_MEMORY && b->width == p.width && b->ndims == p.ndims &&
		            !d->ports[arg].name[0];
		for (size_t j = 0; same && j < p.ndims; j++)
			same = b->dims[j] == p.dims[j];
		if (!same)
			return st_op_error(run->kernel, "argument %d does not match host stream '%s' of the design", arg, p.name),
			       false;
		snprintf(p.file, sizeof p.file, "%s", b->name);
		d->ports[arg] = p;
		d->streams[i] = (size_t)arg;
	}
	d->latency = st_attr_int_value(st_op_get_attr(top, "ub.latency"));
	return true;
}

/* The line buffers' words, as the report's `buffers` (wires have none). */
static void report_buffers(st_target_run *run, st_op *top) {
	st_attr *w = st_op_get_attr(top, "ub.words"), *cap = st_op_get_attr(top, "ub.capacity");
	size_t n = w ? st_attr_dict_size(w) : 0;
	for (size_t i = 0; i < n; i++) {
		st_named_attr e = st_attr_dict_entry(w, i);
		st_str name = st_ident_str(e.name);
		int64_t words = st_attr_int_value(e.value);
		st_attr *c = cap ? st_attr_dict_get(cap, e.name) : NULL;
		if (c && st_attr_int_value(c) != words)
			fprintf(stderr, "%s: warning: buffer '%.*s' takes %lld words; its capacity is %lld\n", run->opts->tool,
			        (int)name.len, name.data, (long long)words, (long long)st_attr_int_value(c));
		if (words < 1)
			continue;
		char nm[64];
		snprintf(nm, sizeof nm, "%.*s", (int)(name.len < 63 ? name.len : 63), name.data);
		st_qor_add_buffer(run->qor, nm, words);
	}
}

/* Only the stream module goes to the Verilog export. */
static void keep_only(st_op *m, st_op *keep) {
	for (st_op *op = st_block_first_op(st_region_first_block(st_op_region(m, 0))), *next; op; op = next) {
		next = st_op_next(op);
		if (op != keep)
			st_op_erase(op);
	}
}

bool fpga_stream_compile(st_target_run *run, fpga_design *d) {
	st_op *hw = st_run_lowering_copy(run);
	if (!hw)
		return false;
	bool ok = lower(run, hw);
	st_op *top = ok ? find_stream_module(hw) : NULL;
	if (ok && !top) {
		fprintf(stderr, "%s: error: the stream flow found no accelerated pipeline (a .hl schedule with "
		                "hw_accelerate, or a func.func marked accel.kernel)\n",
		        run->opts->tool);
		ok = false;
	}
	if (ok) {
		d->top = st_ident_cstr(st_symbol_name(top));
		ok = read_design(run, top, d);
	}
	if (ok) {
		report_buffers(run, top);
		d->ii = 1;
		st_qor_set_ii(run->qor, 1);
		keep_only(hw, top);
		ok = fpga_plan_memories(run, hw, d) && fpga_export(run, hw, d);
	}
	st_op_destroy(hw);
	return ok && fpga_synthesize(run, d);
}
