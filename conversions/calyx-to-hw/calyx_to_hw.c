/* lower-calyx-to-hw: each calyx.component whose groups and control are
 * already compiled away (calyx-compile-control, calyx-remove-groups) becomes
 * one hw.module with the port interface of docs/dialects/calyx.md.  Every
 * cell input port and component output gets one driver: a mux chain over
 * its guarded assignments, the first assignment in the wires winning.  The
 * module is written as text and parsed: hw's module type is private to it.
 * `debug-disable-fix=<fix>` brings back one of the four CIRCT defects, so
 * the tests can show that each fix matters. */
#include "c2h.h"
#include "strata/hw.h"
#include "strata/conversions/calyx_to_hw.h"


#include <inttypes.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void c2h_printf(c2h *s, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	char small[512];
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0 || s->status != ST_OK)
		return;
	if (!st_ctx_grow(s->ctx, (void **)&s->buf, &s->cap, NULL, 1, s->len + (size_t)n + 1)) {
		s->status = ST_FAIL;
		return;
	}
	if ((size_t)n < sizeof small) {
		memcpy(s->buf + s->len, small, (size_t)n + 1);
	} else {
		va_start(ap, fmt);
		vsnprintf(s->buf + s->len, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	s->len += (size_t)n;
}

const char *c2h_temp(c2h *s, char *buf) {
	snprintf(buf, 32, "%%_t%u", s->next++);
	return buf;
}

const char *c2h_const(c2h *s, unsigned width, int64_t v, char *buf) {
	c2h_temp(s, buf);
	c2h_printf(s, "  %s = hw.constant %" PRId64 " : i%u\n", buf, width == 1 ? (v & 1) : v, width);
	return buf;
}

const char *c2h_port(const st_op *cell, st_str port, char *buf) {
	st_str sym = st__calyx_sym(cell);
	snprintf(buf, 160, "%%_c_%.*s_%.*s", (int)(sym.len < 100 ? sym.len : 100), sym.data, (int)(port.len < 40 ? port.len : 40),
	         port.data);
	return buf;
}

/* The number of a value's %_vN name, given on first request. */
static unsigned value_number(c2h *s, const st_value *v) {
	for (size_t i = 0; i < s->map_n; i++)
		if (s->map[i].key == v)
			return s->map[i].val;
	if (!st_ctx_grow(s->ctx, (void **)&s->map, &s->map_cap, NULL, sizeof *s->map, s->map_n + 1)) {
		s->status = ST_FAIL;
		return 0;
	}
	s->map[s->map_n] = (c2h_map_entry){v, s->next++};
	return s->map[s->map_n++].val;
}

const char *c2h_name(c2h *s, st_value *v, char *buf) {
	st_op *cell;
	size_t idx;
	if (st__calyx_value_port(v, &cell, &idx)) {
		if (cell) {
			st__calyx_port ports[ST__CALYX_MAX_PORTS];
			size_t n = st__calyx_cell_ports(cell, ports, ST__CALYX_MAX_PORTS);
			return c2h_port(cell, n != SIZE_MAX && idx < n ? ports[idx].name : (st_str){"x", 1}, buf);
		}
		st_str name = st__calyx_comp_port_name(s->comp, idx);
		if ((int)idx == st__calyx_comp_special(s->comp, "clk"))
			snprintf(buf, 160, "%%_clk1");
		else if (idx >= st__calyx_comp_num_inputs(s->comp))
			snprintf(buf, 160, "%%_o_%.*s", (int)(name.len < 140 ? name.len : 140), name.data);
		else
			snprintf(buf, 160, "%%%.*s", (int)(name.len < 150 ? name.len : 150), name.data);
		return buf;
	}
	snprintf(buf, 160, "%%_v%u", value_number(s, v));
	return buf;
}

static unsigned vwidth(st_value *v) { return st_type_int_width(st_value_type(v)); }

/* hw.constant, calyx.constant, calyx.undef and comb ops, copied over. */
static void logic_op(c2h *s, st_op *op) {
	const char *n = st_op_name_cstr(op);
	char r[160], a[160], b[160], c[160];
	if (st_op_num_results(op) != 1)
		goto bad;
	c2h_name(s, st_op_result(op, 0), r);
	unsigned w = vwidth(st_op_result(op, 0));
	if (strcmp(n, "hw.constant") == 0 || strcmp(n, "calyx.constant") == 0 || strcmp(n, "calyx.undef") == 0) {
		st_attr *v = st_op_get_attr(op, "value");
		if (w > 64)
			goto bad;
		int64_t x = v ? st_attr_int_value(v) : 0;
		c2h_printf(s, "  %s = hw.constant %" PRId64 " : i%u\n", r, w == 1 ? (x & 1) : x, w);
		return;
	}
	static const char *const plain[] = {"comb.add", "comb.mul", "comb.and", "comb.or", "comb.xor", "comb.sub",
	                                    "comb.divu", "comb.divs", "comb.modu", "comb.mods", "comb.shl", "comb.shru",
	                                    "comb.shrs", NULL};
	for (size_t i = 0; plain[i]; i++) {
		if (strcmp(n, plain[i]) != 0)
			continue;
		c2h_printf(s, "  %s = %s ", r, n);
		for (size_t k = 0; k < st_op_num_operands(op); k++)
			c2h_printf(s, "%s%s", k ? ", " : "", c2h_name(s, st_op_operand(op, k), a));
		c2h_printf(s, " : i%u\n", w);
		return;
	}
	if (strcmp(n, "comb.icmp") == 0) {
		static const char *const preds[] = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"};
		int64_t pr = st_attr_int_value(st_op_get_attr(op, "predicate"));
		if (pr < 0 || pr > 9)
			goto bad;
		c2h_printf(s, "  %s = comb.icmp %s %s, %s : i%u\n", r, preds[pr], c2h_name(s, st_op_operand(op, 0), a),
		           c2h_name(s, st_op_operand(op, 1), b), vwidth(st_op_operand(op, 0)));
		return;
	}
	if (strcmp(n, "comb.mux") == 0) {
		c2h_printf(s, "  %s = comb.mux %s, %s, %s : i%u\n", r, c2h_name(s, st_op_operand(op, 0), a),
		           c2h_name(s, st_op_operand(op, 1), b), c2h_name(s, st_op_operand(op, 2), c), w);
		return;
	}
	if (strcmp(n, "comb.extract") == 0) {
		c2h_printf(s, "  %s = comb.extract %s from %" PRId64 " : (i%u) -> i%u\n", r, c2h_name(s, st_op_operand(op, 0), a),
		           st_attr_int_value(st_op_get_attr(op, "lowBit")), vwidth(st_op_operand(op, 0)), w);
		return;
	}
	if (strcmp(n, "comb.concat") == 0 && st_op_num_operands(op) == 2) {
		c2h_printf(s, "  %s = comb.concat %s, %s : i%u, i%u\n", r, c2h_name(s, st_op_operand(op, 0), a),
		           c2h_name(s, st_op_operand(op, 1), b), vwidth(st_op_operand(op, 0)), vwidth(st_op_operand(op, 1)));
		return;
	}
bad:
	if (s->status == ST_OK)
		s->status = st_op_error(op, "cannot be lowered to hw by lower-calyx-to-hw");
}

/* The driver of `dest`: the guarded assignments to it, first one winning. */
static void driver(c2h *s, st_value *dest, st_op *const *assigns, size_t n) {
	char d[160], val[160], t[32], g[160], src[160];
	unsigned w = vwidth(dest);
	size_t last = SIZE_MAX, count = 0;
	for (size_t i = 0; i < n; i++)
		if (st_op_operand(assigns[i], 0) == dest) {
			last = i;
			count++;
		}
	c2h_name(s, dest, d);
	c2h_const(s, w, 0, val);
	for (size_t i = n; count && i-- > 0;) {
		if (st_op_operand(assigns[i], 0) != dest)
			continue;
		/* CIRCT's defect: only the last assignment reaches the port. */
		if (!(s->fixes & C2H_FIX_MUX_CHAIN) && i != last)
			continue;
		st_value *gv = st__calyx_assign_guard(assigns[i]);
		c2h_name(s, st_op_operand(assigns[i], 1), src);
		if (!gv) {
			strcpy(val, src);
			continue;
		}
		c2h_printf(s, "  %s = comb.mux %s, %s, %s : i%u\n", c2h_temp(s, t), c2h_name(s, gv, g), src, val, w);
		strcpy(val, t);
	}
	c2h_printf(s, "  %s = hw.wire %s : i%u\n", d, val, w);
}

static bool is_clock_port(st_str name) { return st_str_eq_c(name, "clk") || st_str_eq_c(name, "reset"); }

static bool is_mem(const st_op *o);

/* The memories at a component's interface: its external memory cells and,
 * forwarded through the ports of its instances (as CIRCT passes memories
 * up), those of the components it instantiates, named <instance>_<name>.
 * `fn` sees each with its interface name and cell, in one fixed order that
 * the ports, the calyx.memories entries, the instances and hw.output share. */
typedef void (*mem_fn)(c2h *s, const char *name, st_op *cell, void *ud);
static void each_memory(c2h *s, st_op *comp, const char *prefix, int depth, mem_fn fn, void *ud) {
	for (st_op *o = st_block_first_op(st__calyx_comp_body(comp)); o && s->status == ST_OK; o = st_op_next(o)) {
		char name[256];
		st_str sym = st__calyx_sym(o);
		if (is_mem(o) && st__calyx_is_external(o)) {
			snprintf(name, sizeof name, "%s%.*s", prefix, (int)sym.len, sym.data);
			fn(s, name, o, ud);
		}
		if (!st__calyx_cell_of(o) || st__calyx_cell_of(o)->kind != CX_INSTANCE)
			continue;
		st_op *target = st_symbol_lookup_nearest(o, st_op_get_attr(o, "componentName"));
		if (!target || depth > 16) {
			s->status = st_op_error(o, "instantiates components nested too deeply (or recursively) to forward "
			                           "their memories");
			return;
		}
		snprintf(name, sizeof name, "%s%.*s_", prefix, (int)sym.len, sym.data);
		each_memory(s, target, name, depth + 1, fn, ud);
	}
}

static bool is_seq_mem(const st_op *o) { return st__calyx_cell_of(o)->kind == CX_SEQ_MEM; }

/* An instance's forwarded memory: the child's ports for it are bound to the
 * parent's ports <instance>_<name>_... (inputs) and to fresh values
 * %_fw_<instance>_<name>_... (outputs). */
typedef struct fw {
	const char *inst;
	bool outputs;
	size_t n;
} fw;

static void instance_mem(c2h *s, const char *name, st_op *cell, void *ud) {
	fw *f = ud;
	int64_t sizes[4], aw[4];
	size_t dims = st__calyx_mem_dims(cell, sizes, aw);
	unsigned w = st__calyx_mem_width(cell);
	if (!f->outputs) {
		c2h_printf(s, ", %s_read_data: %%%s_%s_read_data: i%u, %s_done: %%%s_%s_done: i1", name, f->inst, name, w,
		           name, f->inst, name);
		return;
	}
	for (size_t i = 0; i < dims; i++)
		c2h_printf(s, ", %s_addr%zu: i%u", name, i, (unsigned)aw[i]);
	c2h_printf(s, ", %s_write_data: i%u, %s_write_en: i1%s%s%s", name, w, name, is_seq_mem(cell) ? ", " : "",
	           is_seq_mem(cell) ? name : "", is_seq_mem(cell) ? "_content_en: i1" : "");
}

/* The result names of the forwarded outputs, in the same order. */
static void instance_mem_results(c2h *s, const char *name, st_op *cell, void *ud) {
	fw *f = ud;
	int64_t sizes[4], aw[4];
	size_t dims = st__calyx_mem_dims(cell, sizes, aw);
	for (size_t i = 0; i < dims; i++)
		c2h_printf(s, ", %%_fw_%s_%s_addr%zu", f->inst, name, i);
	c2h_printf(s, ", %%_fw_%s_%s_write_data, %%_fw_%s_%s_write_en", f->inst, name, f->inst, name);
	if (is_seq_mem(cell))
		c2h_printf(s, ", %%_fw_%s_%s_content_en", f->inst, name);
}

static void instance(c2h *s, st_op *cell) {
	st_op *target = st_symbol_lookup_nearest(cell, st_op_get_attr(cell, "componentName"));
	char iname[128];
	snprintf(iname, sizeof iname, "%.*s", (int)st__calyx_sym(cell).len, st__calyx_sym(cell).data);
	fw f = {iname, false, 0};
	size_t nin = st__calyx_comp_num_inputs(target), np = st__calyx_comp_num_ports(target);
	int done = st__calyx_comp_special(target, "done");
	char a[160];
	st_str sym = st__calyx_sym(cell);
	/* Results: done, then the data outputs (the module's output order). */
	c2h_printf(s, "  %s", c2h_name(s, st_op_result(cell, (size_t)done), a));
	for (size_t i = nin; i < np; i++)
		if ((int)i != done)
			c2h_printf(s, ", %s", c2h_name(s, st_op_result(cell, i), a));
	each_memory(s, target, "", 0, instance_mem_results, &f);
	c2h_printf(s, " = hw.instance \"%.*s\" @%s(clk: %%clk: !seq.clock, reset: %%reset: i1", (int)sym.len, sym.data,
	           st_ident_cstr(st_attr_symbol_leaf(st_op_get_attr(cell, "componentName"))));
	int go = st__calyx_comp_special(target, "go");
	c2h_printf(s, ", go: %s: i1", c2h_name(s, st_op_result(cell, (size_t)go), a));
	for (size_t i = 0; i < nin; i++) {
		if ((int)i == go || (int)i == st__calyx_comp_special(target, "clk") ||
		    (int)i == st__calyx_comp_special(target, "reset"))
			continue;
		st_str pn = st__calyx_comp_port_name(target, i);
		c2h_printf(s, ", %.*s: %s: i%u", (int)pn.len, pn.data, c2h_name(s, st_op_result(cell, i), a),
		           vwidth(st_op_result(cell, i)));
	}
	each_memory(s, target, "", 0, instance_mem, &f);
	c2h_printf(s, ") -> (done: i1");
	for (size_t i = nin; i < np; i++) {
		st_str pn = st__calyx_comp_port_name(target, i);
		if ((int)i != done)
			c2h_printf(s, ", %.*s: i%u", (int)pn.len, pn.data, vwidth(st_op_result(cell, i)));
	}
	f.outputs = true;
	each_memory(s, target, "", 0, instance_mem, &f);
	c2h_printf(s, ")\n");
}

static bool is_mem(const st_op *o) {
	const st__calyx_cell *c = st__calyx_cell_of(o);
	return c && (c->kind == CX_MEM || c->kind == CX_SEQ_MEM);
}

/* A bank of a logical memory split for an affine.parallel (lower-to-calyx
 * marks it): the logical name, the bank count and the banked dimension. */
static st_attr *bank_info(const st_op *o, int64_t *nb, int64_t *dim) {
	st_attr *of = st_op_get_attr(o, "calyx.bank_of"), *b = st_op_get_attr(o, "calyx.bank"),
	        *n = st_op_get_attr(o, "calyx.banks"), *d = st_op_get_attr(o, "calyx.bank_dim");
	if (!of || st_attr_get_kind(of) != ST_ATTR_STRING || !b || st_attr_get_kind(b) != ST_ATTR_INTEGER || !n ||
	    st_attr_get_kind(n) != ST_ATTR_INTEGER || !d || st_attr_get_kind(d) != ST_ATTR_INTEGER)
		return NULL;
	*nb = st_attr_int_value(n), *dim = st_attr_int_value(d);
	return of;
}

/* Ports of the module: the interface, then each external memory's. */
static void mem_ports(c2h *s, const char *m, st_op *o, void *ud) {
	size_t *n = ud;
	int64_t sizes[4], aw[4];
	size_t dims = st__calyx_mem_dims(o, sizes, aw);
	unsigned w = st__calyx_mem_width(o);
	++*n;
	for (size_t i = 0; i < dims; i++)
		c2h_printf(s, ", out %s_addr%zu : i%u", m, i, (unsigned)aw[i]);
	c2h_printf(s, ", out %s_write_data : i%u, out %s_write_en : i1", m, w, m);
	if (is_seq_mem(o))
		c2h_printf(s, ", out %s_content_en : i1", m);
	c2h_printf(s, ", in %%%s_read_data : i%u, in %%%s_done : i1", m, w, m);
}

/* One calyx.memories entry per memory; the banks of one logical memory
 * make one entry, named after it and of its shape (docs/dialects/calyx.md). */
static void mem_entry(c2h *s, const char *m, st_op *o, void *ud) {
	size_t *k = ud;
	int64_t sizes[4], aw[4], nb, dim;
	size_t dims = st__calyx_mem_dims(o, sizes, aw);
	st_attr *of = bank_info(o, &nb, &dim);
	char name[256];
	snprintf(name, sizeof name, "%s", m);
	if (of) {
		if (st_attr_int_value(st_op_get_attr(o, "calyx.bank")) || (size_t)dim >= dims)
			return;
		/* <prefix><logical>_b0 -> <prefix><logical> */
		st_str l = st_attr_string(of);
		size_t len = strlen(name);
		if (len > 3 && !strcmp(name + len - 3, "_b0"))
			name[len - 3] = 0;
		else
			snprintf(name, sizeof name, "%.*s", (int)l.len, l.data);
		sizes[dim] *= nb;
	}
	c2h_printf(s, "%s\"%s:%s:%u:", (*k)++ ? ", " : "", name, is_seq_mem(o) ? "seq" : "comb", st__calyx_mem_width(o));
	for (size_t i = 0; i < dims; i++)
		c2h_printf(s, "%s%" PRId64, i ? "x" : "", sizes[i]);
	if (of)
		c2h_printf(s, ":banks=%" PRId64 "@%" PRId64, nb, dim);
	c2h_printf(s, "\"");
}

/* Ports of the module: the interface, then the memories'. */
static void header(c2h *s, bool entry) {
	st_op *comp = s->comp;
	st_str name = st__calyx_sym(comp);
	c2h_printf(s, "hw.module @%.*s(in %%clk : !seq.clock, in %%reset : i1, in %%go : i1", (int)name.len, name.data);
	size_t nin = st__calyx_comp_num_inputs(comp), np = st__calyx_comp_num_ports(comp);
	for (size_t i = 0; i < nin; i++)
		if ((int)i != st__calyx_comp_special(comp, "go") && (int)i != st__calyx_comp_special(comp, "clk") &&
		    (int)i != st__calyx_comp_special(comp, "reset")) {
			st_str pn = st__calyx_comp_port_name(comp, i);
			c2h_printf(s, ", in %%%.*s : i%u", (int)pn.len, pn.data, st_type_int_width(st__calyx_comp_port_type(comp, i)));
		}
	c2h_printf(s, ", out done : i1");
	for (size_t i = nin; i < np; i++)
		if ((int)i != st__calyx_comp_special(comp, "done")) {
			st_str pn = st__calyx_comp_port_name(comp, i);
			c2h_printf(s, ", out %.*s : i%u", (int)pn.len, pn.data, st_type_int_width(st__calyx_comp_port_type(comp, i)));
		}
	size_t nmem = 0;
	each_memory(s, comp, "", 0, mem_ports, &nmem);
	c2h_printf(s, ")");
	if (entry || nmem) {
		c2h_printf(s, " attributes {%s", entry ? "hw.top" : "");
		if (nmem) {
			c2h_printf(s, "%scalyx.memories = [", entry ? ", " : "");
			size_t k = 0;
			each_memory(s, comp, "", 0, mem_entry, &k);
			c2h_printf(s, "]");
		}
		c2h_printf(s, "}");
	}
	c2h_printf(s, " {\n  %%_clk1 = seq.from_clock %%clk\n");
}

/* The values of a memory's output ports: the cell's own, or those an
 * instance forwards (%_fw_<name>_...). */
static void mem_outputs(c2h *s, const char *m, st_op *o, void *ud) {
	bool types = *(bool *)ud;
	int64_t sizes[4], aw[4];
	size_t dims = st__calyx_mem_dims(o, sizes, aw);
	bool own = st_op_parent_op(o) == s->comp;
	char a[160];
	if (types) {
		for (size_t i = 0; i < dims; i++)
			c2h_printf(s, ", i%u", (unsigned)aw[i]);
		c2h_printf(s, ", i%u, i1%s", st__calyx_mem_width(o), is_seq_mem(o) ? ", i1" : "");
		return;
	}
	static const char *const outs[] = {"write_data", "write_en", "content_en"};
	for (size_t i = 0; i < dims + (is_seq_mem(o) ? 3 : 2); i++) {
		char pn[32];
		if (i < dims)
			snprintf(pn, sizeof pn, "addr%zu", i);
		else
			snprintf(pn, sizeof pn, "%s", outs[i - dims]);
		if (!own)
			c2h_printf(s, ", %%_fw_%s_%s", m, pn);
		else if (i > dims && !(s->fixes & C2H_FIX_MEM_EN))
			c2h_printf(s, ", %%_zero_en");
		else
			c2h_printf(s, ", %s", c2h_port(o, (st_str){pn, strlen(pn)}, a));
	}
}

static void output(c2h *s) {
	st_op *comp = s->comp;
	char a[160];
	size_t nin = st__calyx_comp_num_inputs(comp), np = st__calyx_comp_num_ports(comp);
	st_block *b = st__calyx_comp_body(comp);
	int done = st__calyx_comp_special(comp, "done");
	c2h_printf(s, "  %%_zero_en = hw.constant 0 : i1\n");
	c2h_printf(s, "  hw.output %s", c2h_name(s, st_block_arg(b, (size_t)done), a));
	for (size_t i = nin; i < np; i++)
		if ((int)i != done)
			c2h_printf(s, ", %s", c2h_name(s, st_block_arg(b, i), a));
	bool types = false;
	each_memory(s, comp, "", 0, mem_outputs, &types);
	c2h_printf(s, " : i1");
	for (size_t i = nin; i < np; i++)
		if ((int)i != done)
			c2h_printf(s, ", i%u", st_type_int_width(st__calyx_comp_port_type(comp, i)));
	types = true;
	each_memory(s, comp, "", 0, mem_outputs, &types);
	c2h_printf(s, "\n}\n");
}

static bool compiled(st_op *comp) {
	st_op *control = st__calyx_comp_control(comp), *wires = st__calyx_comp_wires(comp);
	st_block *cb = control ? st_region_first_block(st_op_region(control, 0)) : NULL;
	if (cb && st_block_first_op(cb))
		return false;
	st_block *wb = wires ? st_region_first_block(st_op_region(wires, 0)) : NULL;
	for (st_op *o = wb ? st_block_first_op(wb) : NULL; o; o = st_op_next(o))
		if (st__calyx_is_group_like(o))
			return false;
	return true;
}

static void component(c2h *s, bool entry) {
	st_op *comp = s->comp;
	if (!compiled(comp)) {
		s->status = st_op_error(comp, "still has groups or control; run calyx-compile-control and calyx-remove-groups first");
		return;
	}
	header(s, entry);
	st_block *body = st__calyx_comp_body(comp);
	st_op *wires = st__calyx_comp_wires(comp);
	st_block *wb = st_region_first_block(st_op_region(wires, 0));
	/* The assignments, in order. */
	st_op *small[64], **assigns = small;
	size_t n = 0, cap = 64;
	for (st_op *o = wb ? st_block_first_op(wb) : NULL; o; o = st_op_next(o)) {
		if (strcmp(st_op_name_cstr(o), "calyx.assign") != 0)
			continue;
		if (!st_ctx_grow(s->ctx, (void **)&assigns, &cap, small, sizeof *assigns, n + 1)) {
			s->status = ST_FAIL;
			break;
		}
		assigns[n++] = o;
	}
	for (st_op *o = st_block_first_op(body); o && s->status == ST_OK; o = st_op_next(o)) {
		if (o == wires || strcmp(st_op_name_cstr(o), "calyx.control") == 0)
			continue;
		if (!st__calyx_is_cell(o)) {
			logic_op(s, o);
			continue;
		}
		st__calyx_port ports[ST__CALYX_MAX_PORTS];
		size_t np = st__calyx_cell_ports(o, ports, ST__CALYX_MAX_PORTS);
		for (size_t i = 0; i < np && i < ST__CALYX_MAX_PORTS; i++)
			if (ports[i].input && !is_clock_port(ports[i].name))
				driver(s, st_op_result(o, i), assigns, n);
		if (st__calyx_cell_of(o)->kind == CX_INSTANCE)
			instance(s, o);
		else
			c2h_cell(s, o);
	}
	for (st_op *o = wb ? st_block_first_op(wb) : NULL; o && s->status == ST_OK; o = st_op_next(o))
		if (strcmp(st_op_name_cstr(o), "calyx.assign") != 0)
			logic_op(s, o);
	for (size_t i = st__calyx_comp_num_inputs(comp); i < st__calyx_comp_num_ports(comp); i++)
		driver(s, st_block_arg(body, i), assigns, n);
	output(s);
	if (assigns != small)
		st_ctx_free(s->ctx, assigns, cap * sizeof *assigns);
}

typedef struct c2h_options {
	const char *disable;
} c2h_options;

static const char *const fix_names[] = {"mux-chain", "write-enable", "bitwise-not", "mem-enables", NULL};

static st_status run(st_pass *pass, st_op *module) {
	st_context *ctx = st_pass_context(pass);
	const c2h_options *opt = st_pass_options(pass);
	unsigned fixes = C2H_FIX_MUX_CHAIN | C2H_FIX_WRITE_EN | C2H_FIX_NOT | C2H_FIX_MEM_EN;
	if (opt->disable && *opt->disable) {
		size_t k = 0;
		while (fix_names[k] && strcmp(fix_names[k], opt->disable) != 0)
			k++;
		if (!fix_names[k])
			return st_error(ctx, st_op_loc(module),
			                "lower-calyx-to-hw: unknown fix '%s' (mux-chain, write-enable, bitwise-not, mem-enables)", opt->disable);
		fixes &= ~(1u << k);
	}
	st_block *mb = st_region_first_block(st_op_region(module, 0));
	st_op *entry = st_calyx_entry_component(module);
	c2h s = {.ctx = ctx, .fixes = fixes, .status = ST_OK};
	for (st_op *o = mb ? st_block_first_op(mb) : NULL; o && s.status == ST_OK; o = st_op_next(o))
		if (strcmp(st_op_name_cstr(o), "calyx.component") == 0) {
			s.comp = o;
			s.map_n = 0;
			component(&s, o == entry);
		}
	st_op *parsed = NULL;
	if (s.status == ST_OK && s.len) {
		parsed = st_parse_source(ctx, (st_str){s.buf, s.len}, "<lower-calyx-to-hw>", NULL);
		if (!parsed)
			s.status = st_error(ctx, st_op_loc(module), "lower-calyx-to-hw wrote hw that does not parse (a bug)");
	}
	if (s.buf)
		st_ctx_free(ctx, s.buf, s.cap);
	if (s.map)
		st_ctx_free(ctx, s.map, s.map_cap * sizeof *s.map);
	if (s.status != ST_OK)
		return ST_FAIL;
	if (!parsed)
		return ST_OK;
	/* Components out (instances first refer to others), modules in. */
	st_op *next;
	for (st_op *o = st_block_first_op(mb); o; o = next) {
		next = st_op_next(o);
		if (strcmp(st_op_name_cstr(o), "calyx.component") == 0)
			st_region_clear(st_op_region(o, 0));
	}
	for (st_op *o = st_block_first_op(mb); o; o = next) {
		next = st_op_next(o);
		if (strcmp(st_op_name_cstr(o), "calyx.component") == 0)
			st_op_erase(o);
	}
	st_block *pb = st_region_first_block(st_op_region(parsed, 0));
	while (pb && st_block_first_op(pb)) {
		st_op *o = st_block_first_op(pb);
		st_op_remove(o);
		st_block_append_op(mb, o);
	}
	st_op_destroy(parsed);
	return ST_OK;
}

static const st_pass_option_def c2h_opts[] = {
	{.name = "debug-disable-fix",
	 .summary = "bring back one CIRCT defect (mux-chain, write-enable, bitwise-not, mem-enables), for tests",
	 .kind = ST_PASS_OPT_STRING,
	 .offset = offsetof(c2h_options, disable)},
};

static const st_pass_def c2h_pass = {
	.name = "lower-calyx-to-hw",
	.summary = "lower compiled calyx components to hw/comb/seq modules",
	.anchor = "builtin.module",
	.options = c2h_opts,
	.noptions = 1,
	.options_size = sizeof(c2h_options),
	.run = run,
	.display_name = "CalyxToHW",
};

st_status st_register_calyx_to_hw_passes(st_context *ctx) { return st_context_register_pass(ctx, &c2h_pass); }
