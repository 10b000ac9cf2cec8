/* What stratac needs to know of a design: the kernel function of the input
 * (the reference the simulation is compared with), and the hw.module of the
 * lowered design with its external memories (the `calyx.memories`
 * attribute and the ports of /work/notes/calyx-contract.md, documented in
 * docs/stratac.md) and the II the lowering reports (`calyx.ii`). */
#include "stratac.h"

#include "strata/hw.h"

#include <stdlib.h>
#include <string.h>

static st_block *body(st_op *module) { return st_region_first_block(st_op_region(module, 0)); }

static bool is_op(const st_op *op, const char *name) { return strcmp(st_op_name_cstr(op), name) == 0; }

static bool is_public(const st_op *op) {
	st_attr *v = st_op_get_attr(op, "sym_visibility");
	return !v || st_str_eq_c(st_attr_string(v), "public");
}

bool stc_design_find_kernel(st_op *original, const char *top, stc_design *d) {
	st_op *found = NULL;
	size_t n = 0;
	for (st_op *op = st_block_first_op(body(original)); op; op = st_op_next(op)) {
		if (!is_op(op, "func.func") || !st_op_num_regions(op) || !st_region_first_block(st_op_region(op, 0)))
			continue;
		const char *name = st_ident_cstr(st_symbol_name(op));
		if (top ? strcmp(name, top) == 0 : is_public(op)) {
			found = op;
			n++;
		}
	}
	if (top && !found) {
		fprintf(stderr, "stratac: error: --top=%s: the input has no function of that name\n", top);
		return false;
	}
	if (n != 1) {
		fprintf(stderr,
		        "stratac: error: the input has %s public function with a body; name the kernel with --top=<name>\n",
		        n ? "more than one" : "no");
		return false;
	}
	d->kernel = found;
	d->kernel_name = st_ident_cstr(st_symbol_name(found));
	return true;
}

bool stc_design_has_hw(st_op *module) {
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

/* "name:comb|seq:width:size0xsize1..." */
static bool parse_mem(const st_op *top, st_str s, stc_mem *m) {
	char buf[256];
	if (s.len >= sizeof buf) {
		st_op_error(top, "has a calyx.memories entry longer than %zu bytes", sizeof buf - 1);
		return false;
	}
	memcpy(buf, s.data, s.len);
	buf[s.len] = 0;
	char *name = buf, *kind = strchr(name, ':'), *width = kind ? strchr(kind + 1, ':') : NULL,
	     *dims = width ? strchr(width + 1, ':') : NULL;
	if (!dims)
		goto bad;
	*kind++ = *width++ = *dims++ = 0;
	if (!*name || strlen(name) >= sizeof m->name)
		goto bad;
	strcpy(m->name, name);
	if (strcmp(kind, "comb") && strcmp(kind, "seq"))
		goto bad;
	m->seq = strcmp(kind, "seq") == 0;
	char *end;
	long w = strtol(width, &end, 10);
	if (*end || w < 1 || w > 64)
		goto bad;
	m->width = (unsigned)w;
	m->size = 1;
	for (char *p = dims;;) {
		long v = strtol(p, &end, 10);
		if (end == p || v < 1 || m->ndims == STC_MAX_DIMS || m->size > (1L << 24) / v)
			goto bad;
		m->dims[m->ndims++] = v;
		m->size *= v;
		if (!*end)
			break;
		if (*end != 'x')
			goto bad;
		p = end + 1;
	}
	return true;
bad:
	st_op_error(top,
	            "has a malformed calyx.memories entry '%.*s' (want name:comb|seq:width:size0x..., width 1..64, "
	            "1 to %d dimensions, at most 2^24 words)",
	            (int)s.len, s.data, STC_MAX_DIMS);
	return false;
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

/* A port of memory `m`, with the width the contract gives it; `need`: its
 * absence is an error. */
static bool mem_port(const st_op *top, const stc_mem *m, st_hw_dir dir, const char *suffix, int64_t want, bool need,
                     bool *has) {
	char name[128];
	int64_t w;
	snprintf(name, sizeof name, "%s_%s", m->name, suffix);
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

static bool check_ports(const st_op *top, stc_mem *m) {
	bool has;
	for (size_t k = 0; k < m->ndims; k++) {
		char suffix[32];
		snprintf(suffix, sizeof suffix, "addr%zu", k);
		if (!mem_port(top, m, ST_HW_OUT, suffix, addr_bits(m->dims[k]), true, &has))
			return false;
	}
	bool has_data;
	if (!mem_port(top, m, ST_HW_IN, "read_data", m->width, false, &m->has_read) ||
	    !mem_port(top, m, ST_HW_OUT, "write_en", 1, false, &m->has_write) ||
	    !mem_port(top, m, ST_HW_OUT, "write_data", m->width, m->has_write, &has_data) ||
	    !mem_port(top, m, ST_HW_IN, "done", 1, false, &m->has_done) ||
	    !mem_port(top, m, ST_HW_OUT, "content_en", 1, m->seq && m->has_read, &m->has_content_en))
		return false;
	return true;
}

/* Inputs other than clk/reset/go and the memories' would need values the
 * flow does not make yet. */
static bool check_control(const st_op *top, const stc_design *d) {
	int64_t w;
	const char *need[] = {"clk", "reset", "go"};
	for (size_t i = 0; i < 3; i++)
		if (!find_port(top, ST_HW_IN, need[i], &w) || w != 1)
			return st_op_error(top, "needs a 1-bit input port '%s'", need[i]), false;
	if (!find_port(top, ST_HW_OUT, "done", &w) || w != 1)
		return st_op_error(top, "needs a 1-bit output port 'done'"), false;
	for (size_t i = 0; i < st_hw_module_num_inputs(top); i++) {
		st_hw_port p = st_hw_module_input(top, i);
		bool known = st_str_eq_c(p.name, "clk") || st_str_eq_c(p.name, "reset") || st_str_eq_c(p.name, "go");
		for (size_t k = 0; k < d->nmems && !known; k++) {
			size_t n = strlen(d->mems[k].name);
			known = p.name.len > n && memcmp(p.name.data, d->mems[k].name, n) == 0 && p.name.data[n] == '_' &&
			        (st_str_eq_c(st_str_make(p.name.data + n + 1, p.name.len - n - 1), "read_data") ||
			         st_str_eq_c(st_str_make(p.name.data + n + 1, p.name.len - n - 1), "done"));
		}
		if (!known)
			return st_op_error(top, "has the data input '%.*s'; stratac drives only memories yet", (int)p.name.len,
			                   p.name.data),
			       false;
	}
	return true;
}

/* The name of the kernel's argument i as a memory: its `calyx.name`
 * argument attribute, else arg<i> (the lowering names memories so). */
static void arg_name(st_op *fn, size_t i, char *buf, size_t n) {
	st_attr *aa = st_op_get_attr(fn, "arg_attrs");
	st_attr *dict = aa && i < st_attr_array_size(aa) ? st_attr_array_elt(aa, i) : NULL;
	st_attr *name = dict ? st_attr_dict_get_c(dict, "calyx.name") : NULL;
	if (name && st_attr_get_kind(name) == ST_ATTR_STRING) {
		st_str s = st_attr_string(name);
		snprintf(buf, n, "%.*s", (int)s.len, s.data);
	} else
		snprintf(buf, n, "arg%zu", i);
}

/* Memory i is the kernel argument of the same name; it must have the
 * memory's shape and element width.  The memories are put in argument
 * order, which the reference run relies on. */
static bool match_kernel(stc_design *d) {
	st_type *ft = st_attr_type_value(st_op_get_attr(d->kernel, "function_type"));
	size_t nargs = st_type_num_inputs(ft);
	if (nargs != d->nmems)
		return st_op_error(d->kernel, "has %zu arguments; the design has %zu memories", nargs, d->nmems), false;
	for (size_t i = 0; i < nargs; i++) {
		st_type *t = st_type_input(ft, i);
		char name[64];
		arg_name(d->kernel, i, name, sizeof name);
		size_t k = i;
		while (k < d->nmems && strcmp(d->mems[k].name, name))
			k++;
		if (st_type_get_kind(t) != ST_TYPE_MEMREF)
			return st_op_error(d->kernel, "argument %zu is no memref; stratac passes only memories yet", i), false;
		if (k == d->nmems)
			return st_op_error(d->kernel, "argument %zu ('%s') is no memory of the design", i, name), false;
		stc_mem m = d->mems[k];
		d->mems[k] = d->mems[i];
		d->mems[i] = m;
		st_type *e = st_type_element(t);
		bool same = st_type_is_integer(e) && st_type_int_width(e) == m.width && st_type_has_rank(t) &&
		            st_type_rank(t) == m.ndims;
		for (size_t j = 0; same && j < m.ndims; j++)
			same = st_type_dim(t, j) == m.dims[j];
		if (!same)
			return st_op_error(d->kernel, "argument %zu does not match memory '%s' of the design (%u-bit, %zu dims)",
			                   i, m.name, m.width, m.ndims),
			       false;
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

void stc_design_note_ii(st_op *module, int64_t *ii) { st_walk(module, ST_WALK_PRE, max_ii, ii); }

bool stc_design_read(st_op *lowered, stc_design *d) {
	d->hw_top = find_hw_top(lowered, d->kernel_name);
	if (!d->hw_top) {
		st_op_error(lowered, "holds no single hw.module with a calyx.memories attribute for kernel '%s'",
		            d->kernel_name);
		return false;
	}
	d->top = st_ident_cstr(st_symbol_name(d->hw_top));
	st_attr *mems = st_op_get_attr(d->hw_top, "calyx.memories");
	if (st_attr_get_kind(mems) != ST_ATTR_ARRAY) {
		st_op_error(d->hw_top, "has a calyx.memories attribute that is no array of strings");
		return false;
	}
	d->nmems = st_attr_array_size(mems);
	d->mems = calloc(d->nmems ? d->nmems : 1, sizeof *d->mems);
	if (!d->mems) {
		fprintf(stderr, "stratac: error: out of memory\n");
		return false;
	}
	for (size_t i = 0; i < d->nmems; i++) {
		st_attr *e = st_attr_array_elt(mems, i);
		if (st_attr_get_kind(e) != ST_ATTR_STRING) {
			st_op_error(d->hw_top, "has a calyx.memories attribute that is no array of strings");
			return false;
		}
		if (!parse_mem(d->hw_top, st_attr_string(e), &d->mems[i]) || !check_ports(d->hw_top, &d->mems[i]))
			return false;
		for (size_t k = 0; k < i; k++)
			if (strcmp(d->mems[k].name, d->mems[i].name) == 0)
				return st_op_error(d->hw_top, "names memory '%s' twice in calyx.memories", d->mems[i].name), false;
	}
	if (!check_control(d->hw_top, d) || !match_kernel(d))
		return false;
	stc_design_note_ii(lowered, &d->ii);
	return true;
}

void stc_design_free(stc_design *d) {
	for (size_t i = 0; i < d->nmems; i++) {
		free(d->mems[i].init);
		free(d->mems[i].sim);
		free(d->mems[i].ref);
	}
	free(d->mems);
	d->mems = NULL;
	d->nmems = 0;
}
