/* What the Calyx flow needs to know of a design: the hw.module of the
 * lowered design with its external memories (the typed `calyx.memories`
 * attribute, strata/calyx.h, and the ports of the Calyx interface,
 * documented in docs/stratac.md) matched with the kernel's buffers, and
 * the II the lowering reports (`calyx.ii`). */
#include "fpga.h"

#include "strata/calyx.h"
#include "strata/seq.h"

#include <stdlib.h>
#include <string.h>

static st_block *body(st_op *module) { return st_region_first_block(st_op_region(module, 0)); }

static bool is_op(const st_op *op, const char *name) { return strcmp(st_op_name_cstr(op), name) == 0; }

bool fpga_calyx_has_hw(st_op *module) {
	for (st_op *op = st_block_first_op(body(module)); op; op = st_op_next(op))
		if (is_op(op, "hw.module") && st_op_get_attr(op, "calyx.memories"))
			return true;
	return false;
}

/* The hw.module the testbench drives: the one carrying calyx.memories (the
 * entry component), preferring one named after the kernel. */
static st_op *find_hw_top(st_op *lowered, const char *kernel) {
	st_op *only = NULL;
	size_t n = 0;
	for (st_op *op = st_block_first_op(body(lowered)); op; op = st_op_next(op)) {
		if (!is_op(op, "hw.module") || !st_op_get_attr(op, "calyx.memories"))
			continue;
		if (strcmp(st_ident_cstr(st_symbol_name(op)), kernel) == 0 || st_op_get_attr(op, "hw.top"))
			return op;
		only = op;
		n++;
	}
	return n == 1 ? only : NULL;
}

/* A memory of calyx.memories (checked by the calyx dialect's verifier),
 * within what the testbench simulates. */
static bool read_mem(const st_op *top, const st_calyx_memory_info *info, fpga_port *m) {
	int64_t size = 1;
	bool fits = info->name.len < sizeof m->name && info->width <= 64 && info->banks <= FPGA_MAX_BANKS;
	for (unsigned i = 0; fits && i < info->rank; i++) {
		fits = size <= (1L << 24) / info->shape[i];
		size *= info->shape[i];
	}
	if (!fits)
		return st_op_error(top, "has memory '%.*s' beyond what the testbench simulates (width 1..64, at most 2^24 "
		                        "words, at most %d banks, a name under %zu bytes)",
		                   (int)info->name.len, info->name.data, FPGA_MAX_BANKS, sizeof m->name),
		       false;
	memcpy(m->name, info->name.data, info->name.len);
	m->name[info->name.len] = 0;
	m->seq = info->seq;
	m->width = info->width;
	m->ndims = info->rank;
	memcpy(m->dims, info->shape, info->rank * sizeof *m->dims);
	m->size = size;
	m->nbanks = info->banks > 1 ? info->banks : 0;
	m->bank_dim = info->bank_dim;
	m->read_ports = info->read_ports > 1 && !m->nbanks ? info->read_ports : 1;
	return true;
}

static bool find_port(const st_op *top, st_hw_dir dir, const char *name, int64_t *width) {
	for (size_t i = 0; i < st_hw_module_num_ports(top); i++) {
		st_hw_port p = st_hw_module_port(top, i);
		if (p.dir == dir && st_str_eq_c(p.name, name)) {
			*width = st_seq_is_clock(p.type) ? 1 : st_hw_bit_width(p.type);
			return true;
		}
	}
	return false;
}

unsigned fpga_port_sets(const fpga_port *m) {
	return m->kind != ST_BUFFER_MEMORY ? 0 : m->nbanks ? m->nbanks : m->read_ports > 1 ? m->read_ports : 1;
}

bool fpga_port_read_only(const fpga_port *m, unsigned j) { return !m->nbanks && j > 0; }

const char *fpga_port_prefix(const fpga_port *m, unsigned j, char *buf, size_t n) {
	if (m->nbanks)
		snprintf(buf, n, "%s_b%u", m->name, j);
	else if (j)
		snprintf(buf, n, "%s_p%u", m->name, j);
	else
		snprintf(buf, n, "%s", m->name);
	return buf;
}

/* A port of memory `m`, with the width the contract gives it; `need`: its
 * absence is an error. */
static bool mem_port(const st_op *top, const fpga_port *m, unsigned bank, st_hw_dir dir, const char *suffix,
                     int64_t want, bool need, bool *has) {
	char name[160], prefix[96];
	int64_t w;
	fpga_port_prefix(m, bank, prefix, sizeof prefix);
	snprintf(name, sizeof name, "%s_%s", prefix, suffix);
	*has = find_port(top, dir, name, &w);
	if (!*has && need) {
		st_op_error(top, "has no %s port '%s' for memory '%s'", dir == ST_HW_IN ? "input" : "output", name, m->name);
		return false;
	}
	if (*has && want > 0 && w != want) {
		st_op_error(top, "port '%s' is %lld bits wide; memory '%s' needs %lld", name, (long long)w, m->name,
		            (long long)want);
		return false;
	}
	return true;
}

static unsigned addr_bits(int64_t n) {
	unsigned b = 1;
	while (b < 62 && (1LL << b) < n)
		b++;
	return b;
}

static bool check_ports(const st_op *top, fpga_port *m) {
	bool has;
	for (unsigned b = 0; b < fpga_port_sets(m); b++) {
		for (size_t k = 0; k < m->ndims; k++) {
			char suffix[32];
			snprintf(suffix, sizeof suffix, "addr%zu", k);
			int64_t size = m->dims[k] / (m->nbanks && k == m->bank_dim ? m->nbanks : 1);
			if (!mem_port(top, m, b, ST_HW_OUT, suffix, addr_bits(size), true, &has))
				return false;
		}
		bool has_data;
		if (fpga_port_read_only(m, b)) { /* the memory's own port set decided the rest */
			if (!mem_port(top, m, b, ST_HW_IN, "read_data", m->width, true, &has) ||
			    !mem_port(top, m, b, ST_HW_OUT, "content_en", 1, m->seq, &has))
				return false;
			continue;
		}
		if (!mem_port(top, m, b, ST_HW_IN, "read_data", m->width, false, &m->has_read) ||
		    !mem_port(top, m, b, ST_HW_OUT, "write_en", 1, false, &m->has_write) ||
		    !mem_port(top, m, b, ST_HW_OUT, "write_data", m->width, m->has_write, &has_data) ||
		    !mem_port(top, m, b, ST_HW_IN, "done", 1, false, &m->has_done) ||
		    !mem_port(top, m, b, ST_HW_OUT, "content_en", 1, m->seq && m->has_read, &m->has_content_en))
			return false;
	}
	return true;
}

/* Whether a port belongs to one of the memories (or banks) of the design. */
static bool is_mem_port(const fpga_design *d, st_str name) {
	static const char *const tails[] = {"write_data", "write_en", "content_en", "read_data", "done",
	                                    "addr0", "addr1", "addr2", "addr3"};
	for (size_t i = 0; i < d->nports; i++) {
		const fpga_port *m = &d->ports[i];
		for (unsigned b = 0; b < fpga_port_sets(m); b++) {
			char prefix[96];
			fpga_port_prefix(m, b, prefix, sizeof prefix);
			size_t n = strlen(prefix);
			if (name.len <= n || memcmp(name.data, prefix, n) || name.data[n] != '_')
				continue;
			for (size_t k = 0; k < sizeof tails / sizeof *tails; k++)
				if (st_str_eq_c(st_str_make(name.data + n + 1, name.len - n - 1), tails[k]))
					return true;
		}
	}
	return false;
}

/* Every data port that is not a memory's is a scalar: an input the
 * testbench drives for the whole run, an output it reads at done. */
static bool add_scalar(fpga_design *d, const st_op *top, st_hw_port p, st_buffer_kind kind) {
	if (p.name.len >= sizeof d->ports[0].name || st_seq_is_clock(p.type) || st_hw_bit_width(p.type) < 1 ||
	    st_hw_bit_width(p.type) > 64)
		return st_op_error(top, "has the data port '%.*s', which is no integer of 1 to 64 bits", (int)p.name.len,
		                   p.name.data),
		       false;
	fpga_port *grown = realloc(d->ports, (d->nports + 1) * sizeof *d->ports);
	if (!grown) {
		fprintf(stderr, "error: out of memory\n");
		return false;
	}
	d->ports = grown;
	fpga_port *m = &d->ports[d->nports++];
	memset(m, 0, sizeof *m);
	snprintf(m->name, sizeof m->name, "%.*s", (int)p.name.len, p.name.data);
	m->kind = kind;
	m->width = (unsigned)st_hw_bit_width(p.type);
	m->size = 1;
	return true;
}

static bool check_control(const st_op *top, fpga_design *d) {
	int64_t w;
	const char *need[] = {"clk", "reset", "go"};
	for (size_t i = 0; i < 3; i++)
		if (!find_port(top, ST_HW_IN, need[i], &w) || w != 1)
			return st_op_error(top, "needs a 1-bit input port '%s'", need[i]), false;
	if (!find_port(top, ST_HW_OUT, "done", &w) || w != 1)
		return st_op_error(top, "needs a 1-bit output port 'done'"), false;
	for (size_t i = 0; i < st_hw_module_num_ports(top); i++) {
		st_hw_port p = st_hw_module_port(top, i);
		bool in = p.dir == ST_HW_IN;
		if (in ? st_str_eq_c(p.name, "clk") || st_str_eq_c(p.name, "reset") || st_str_eq_c(p.name, "go")
		       : st_str_eq_c(p.name, "done"))
			continue;
		if (!is_mem_port(d, p.name) && !add_scalar(d, top, p, in ? ST_BUFFER_SCALAR_IN : ST_BUFFER_SCALAR_OUT))
			return false;
	}
	return true;
}

/* The name of the kernel's argument i: its `calyx.name` argument
 * attribute, else arg<i> for a memory and in<i> for a scalar (the
 * lowering names them so); result j is out<j>. */
static void arg_name(st_op *fn, size_t i, bool memory, char *buf, size_t n) {
	st_attr *aa = st_op_get_attr(fn, "arg_attrs");
	st_attr *dict = aa && i < st_attr_array_size(aa) ? st_attr_array_elt(aa, i) : NULL;
	st_attr *name = dict ? st_attr_dict_get_c(dict, "calyx.name") : NULL;
	if (name && st_attr_get_kind(name) == ST_ATTR_STRING) {
		st_str s = st_attr_string(name);
		snprintf(buf, n, "%.*s", (int)s.len, s.data);
	} else
		snprintf(buf, n, "%s%zu", memory ? "arg" : "in", i);
}

/* Hardware widths of words: an f32 or f64 is its bits
 * (arith-soft-float{memrefs}); 0 for another type. */
static unsigned word_width(st_type *t) {
	bool soft = st_type_get_kind(t) == ST_TYPE_F32 || st_type_get_kind(t) == ST_TYPE_F64;
	return st_type_is_integer(t) ? st_type_int_width(t) : soft ? st_type_float_width(t) : 0;
}

/* Hardware widths of scalars: index is 32 bits (docs/calyx-lowering.md). */
static unsigned scalar_width(st_type *t) { return st_type_is_index(t) ? 32 : word_width(t); }

/* Entry i (an argument, then the results) is the one of the kernel's
 * name for it, moved to position i, the position of the kit's buffer. */
static bool take(st_op *kernel, fpga_design *d, size_t i, const char *name, st_buffer_kind kind, const char *what) {
	size_t k = i;
	while (k < d->nports && (strcmp(d->ports[k].name, name) || d->ports[k].kind != kind))
		k++;
	if (k == d->nports)
		return st_op_error(kernel, "%s ('%s') is no %s of the design", what, name,
		                   kind == ST_BUFFER_MEMORY      ? "memory"
		                   : kind == ST_BUFFER_SCALAR_IN ? "data input"
		                                                 : "data output"),
		       false;
	fpga_port m = d->ports[k];
	d->ports[k] = d->ports[i];
	d->ports[i] = m;
	return true;
}

/* The design's ports in the order of the kernel's buffers, which take the
 * design's widths (index is 32 bits wide in hardware) and keep their
 * names (the ports' files). */
static bool match_kernel(st_target_run *run, fpga_design *d) {
	st_op *kernel = run->kernel;
	st_type *ft = st_attr_type_value(st_op_get_attr(kernel, "function_type"));
	size_t nargs = st_type_num_inputs(ft), nres = st_type_num_results(ft);
	if (nargs + nres != d->nports)
		return st_op_error(kernel, "has %zu arguments and %zu results; the design has %zu memories and data ports",
		                   nargs, nres, d->nports),
		       false;
	for (size_t i = 0; i < nargs + nres; i++) {
		st_buffer *b = &run->buffers[i];
		st_type *t = b->type;
		bool memory = b->kind == ST_BUFFER_MEMORY;
		char name[64], what[48];
		if (i < nargs) {
			arg_name(kernel, i, memory, name, sizeof name);
			snprintf(what, sizeof what, "argument %zu", i);
		} else {
			snprintf(name, sizeof name, "out%zu", i - nargs);
			snprintf(what, sizeof what, "result %zu", i - nargs);
		}
		if (!memory && !scalar_width(t))
			return st_op_error(kernel, "%s is neither a memref, an integer, an f32 nor an f64", what), false;
		if (!take(kernel, d, i, name, b->kind, what))
			return false;
		fpga_port *m = &d->ports[i];
		bool same;
		if (memory) {
			st_type *e = st_type_element(t);
			/* Float memories hold the bits (arith-soft-float's memrefs). */
			unsigned ew = word_width(e);
			same = ew && ew == m->width && st_type_has_rank(t) && st_type_rank(t) == m->ndims;
			for (size_t j = 0; same && j < m->ndims; j++)
				same = st_type_dim(t, j) == m->dims[j];
		} else
			same = scalar_width(t) == m->width;
		if (!same)
			return st_op_error(kernel, "%s does not match %s '%s' of the design (%u-bit, %zu dims)", what,
			                   memory ? "memory" : "port", m->name, m->width, m->ndims),
			       false;
		snprintf(m->file, sizeof m->file, "%s", b->name);
		b->width = m->width;
	}
	return true;
}

static st_walk_result max_ii(st_op *op, void *ud) {
	st_attr *a = st_op_get_attr(op, "calyx.ii");
	int64_t *ii = ud;
	if (a && st_attr_get_kind(a) == ST_ATTR_INTEGER && st_attr_int_value(a) > *ii)
		*ii = st_attr_int_value(a);
	return ST_WALK_ADVANCE;
}

void fpga_calyx_note_ii(st_op *module, int64_t *ii) { st_walk(module, ST_WALK_PRE, max_ii, ii); }

bool fpga_calyx_read_design(st_target_run *run, st_op *lowered, fpga_design *d) {
	st_op *top = find_hw_top(lowered, run->kernel_name);
	if (!top) {
		st_op_error(lowered, "holds no single hw.module with a calyx.memories attribute for kernel '%s'",
		            run->kernel_name);
		return false;
	}
	d->top = st_ident_cstr(st_symbol_name(top));
	d->nports = st_calyx_module_num_memories(top);
	d->ports = calloc(d->nports ? d->nports : 1, sizeof *d->ports);
	if (!d->ports) {
		fprintf(stderr, "%s: error: out of memory\n", run->opts->tool);
		return false;
	}
	for (size_t i = 0; i < d->nports; i++) {
		st_calyx_memory_info info;
		if (!st_calyx_module_memory(top, i, &info))
			return st_op_error(top, "has a calyx.memories attribute that does not verify"), false;
		if (!read_mem(top, &info, &d->ports[i]) || !check_ports(top, &d->ports[i]))
			return false;
		d->ports[i].kind = ST_BUFFER_MEMORY;
	}
	if (!check_control(top, d) || !match_kernel(run, d))
		return false;
	fpga_calyx_note_ii(lowered, &d->ii);
	return true;
}
