/* lower-calyx-to-hw: each calyx.component whose groups and control are
 * already compiled away (calyx-compile-control, calyx-remove-groups) becomes
 * one hw.module with the port interface of docs/dialects/calyx.md, built
 * through the hw/comb/seq builders.  Every cell input port and component
 * output gets one driver: a mux chain over its guarded assignments, the
 * first assignment in the wires winning.  `debug-disable-fix=<fix>` brings
 * back one of the four CIRCT defects, so the tests can show that each fix
 * matters. */
#include "c2h.h"
#include "strata/conversions/calyx_to_hw.h"
#include "strata/pass.h"
#include "strata/ptrmap.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

st_type *st__c2h_int(c2h *s, unsigned width) { return st_integer_type(s->ctx, width, ST_SIGNLESS); }

st_value *st__c2h_value(c2h *s, st_value *v) {
	if (!v)
		return NULL;
	st_value *hw = st_value_map_lookup(s->map, v);
	if (hw)
		return hw;
	hw = st_hw_backedge(s->edges, st_value_type(v), s->b.loc);
	if (!hw)
		s->status = ST_FAIL;
	else
		st_value_map_add(s->map, v, hw);
	return hw;
}

void st__c2h_define(c2h *s, st_value *v, st_value *hw) {
	if (!v || !hw) {
		s->status = ST_FAIL;
		return;
	}
	st_value *old = st_value_map_lookup(s->map, v);
	if (old && st_hw_backedge_pending(s->edges, old))
		st_hw_backedge_set(s->edges, old, hw);
	st_value_map_add(s->map, v, hw);
}

st_value *st__c2h_cell_port(st_op *cell, const char *port) {
	st_calyx_port ports[ST_CALYX_MAX_PORTS];
	size_t n = st_calyx_cell_ports(cell, ports, ST_CALYX_MAX_PORTS);
	for (size_t i = 0; n != SIZE_MAX && i < n && i < ST_CALYX_MAX_PORTS && i < st_op_num_results(cell); i++)
		if (st_str_eq_c(ports[i].name, port))
			return st_op_result(cell, i);
	return NULL;
}

st_value *st__c2h_port(c2h *s, st_op *cell, const char *port) { return st__c2h_value(s, st__c2h_cell_port(cell, port)); }

void st__c2h_define_port(c2h *s, st_op *cell, const char *port, st_value *hw) {
	st__c2h_define(s, st__c2h_cell_port(cell, port), hw);
}

st_value *st__c2h_const(c2h *s, unsigned width, int64_t v) { return st_hw_build_constant(&s->b, st__c2h_int(s, width), v); }

st__c2h_mem *st__c2h_find_mem(c2h *s, const char *name) {
	for (size_t i = 0; i < s->nmems; i++)
		if (!strcmp(s->mems[i].name, name))
			return &s->mems[i];
	return NULL;
}

static unsigned vwidth(st_value *v) { return st_type_int_width(st_value_type(v)); }

/* The comb ops compile-control leaves in a component, copied over. */
static const struct {
	const char *name;
	st_comb_kind kind;
} plain[] = {
	{"comb.add", ST_COMB_ADD},   {"comb.mul", ST_COMB_MUL},   {"comb.and", ST_COMB_AND}, {"comb.or", ST_COMB_OR},
	{"comb.xor", ST_COMB_XOR},   {"comb.sub", ST_COMB_SUB},   {"comb.divu", ST_COMB_DIVU},
	{"comb.divs", ST_COMB_DIVS}, {"comb.modu", ST_COMB_MODU}, {"comb.mods", ST_COMB_MODS},
	{"comb.shl", ST_COMB_SHL},   {"comb.shru", ST_COMB_SHRU}, {"comb.shrs", ST_COMB_SHRS},
};

/* hw.constant, calyx.constant, calyx.undef and comb ops, copied over. */
static void logic_op(c2h *s, st_op *op) {
	const char *n = st_op_name_cstr(op);
	st_hw_builder *b = &s->b;
	if (st_op_num_results(op) != 1)
		goto bad;
	st_value *r = st_op_result(op, 0);
	unsigned w = vwidth(r);
	if (!strcmp(n, "hw.constant") || !strcmp(n, "calyx.constant") || !strcmp(n, "calyx.undef")) {
		st_attr *v = st_op_get_attr(op, "value");
		if (w > 64)
			goto bad;
		st__c2h_define(s, r, st__c2h_const(s, w, v ? st_attr_int_value(v) : 0));
		return;
	}
	for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++) {
		if (strcmp(n, plain[i].name) != 0)
			continue;
		size_t k = st_op_num_operands(op);
		st_value *small[8], **ops = k <= 8 ? small : st_ctx_alloc(s->ctx, k * sizeof *ops);
		if (!ops) {
			s->status = ST_FAIL;
			return;
		}
		for (size_t j = 0; j < k; j++)
			ops[j] = st__c2h_value(s, st_op_operand(op, j));
		st__c2h_define(s, r, st_comb_build(b, plain[i].kind, k, ops));
		if (ops != small)
			st_ctx_free(s->ctx, ops, k * sizeof *ops);
		return;
	}
	if (!strcmp(n, "comb.icmp")) {
		int64_t pr = st_attr_int_value(st_op_get_attr(op, "predicate"));
		if (pr < 0 || pr > 9)
			goto bad;
		st__c2h_define(s, r, st_comb_build_icmp(b, (st_comb_pred)pr, st__c2h_value(s, st_op_operand(op, 0)),
		                                    st__c2h_value(s, st_op_operand(op, 1))));
		return;
	}
	if (!strcmp(n, "comb.mux")) {
		st__c2h_define(s, r, st_comb_build_mux(b, st__c2h_value(s, st_op_operand(op, 0)), st__c2h_value(s, st_op_operand(op, 1)),
		                                   st__c2h_value(s, st_op_operand(op, 2))));
		return;
	}
	if (!strcmp(n, "comb.extract")) {
		int64_t lo = st_attr_int_value(st_op_get_attr(op, "lowBit"));
		st__c2h_define(s, r, st_comb_build_extract(b, st__c2h_value(s, st_op_operand(op, 0)), (unsigned)lo, w));
		return;
	}
	if (!strcmp(n, "comb.concat") && st_op_num_operands(op) == 2) {
		st_value *cat[2] = {st__c2h_value(s, st_op_operand(op, 0)), st__c2h_value(s, st_op_operand(op, 1))};
		st__c2h_define(s, r, st_comb_build_concat(b, 2, cat));
		return;
	}
bad:
	if (s->status == ST_OK)
		s->status = st_op_error(op, "cannot be lowered to hw by lower-calyx-to-hw");
}

/* The assignments of a component by destination: `head` maps a value to
 * 1 + the index of its last assignment, `next[i]` is 1 + the index of the
 * assignment to the same value before assignment i (0: none).  Scanning
 * every assignment for each port made the lowering quadratic (a soft-float
 * kernel's few thousand assignments took seconds). */
typedef struct assign_index {
	st_op **assigns;
	size_t n;
	st_ptr_map *head;
	size_t *next;
	/* The ORs of guards built so far: hw value a -> (calyx guard g ->
	 * the hw value a | g), so that ports assigned in the same groups
	 * share one OR chain. */
	st_ptr_map *ors;
} assign_index;

/* acc | the hw value of guard g, built once per pair. */
static st_value *or_guard(c2h *s, assign_index *ix, st_value *acc, st_value *g) {
	st_ptr_map *inner = st_ptr_map_get(ix->ors, acc);
	st_value *r = inner ? st_ptr_map_get(inner, g) : NULL;
	if (r)
		return r;
	if (!inner && (!(inner = st_ptr_map_create(s->ctx)) || !st_ptr_map_put(ix->ors, acc, inner))) {
		st_ptr_map_destroy(inner);
		s->status = ST_FAIL;
		return acc;
	}
	r = st_comb_build_binary(&s->b, ST_COMB_OR, acc, st__c2h_value(s, g));
	if (!r || !st_ptr_map_put(inner, g, r))
		s->status = ST_FAIL;
	return r ? r : acc;
}

static void free_inner(void *ud, const void *key, void *val) {
	(void)key;
	(void)ud;
	st_ptr_map_destroy(val);
}

/* The driver of `dest`: the guarded assignments to it, first one winning.
 * Consecutive assignments of the same source are one mux on the OR of
 * their guards: a value a cone of comb cells computes for several groups
 * (each of a soft-float datapath's multiplications is a group of its own,
 * and every group assigns the whole cone before it) was a chain of as many
 * full-width muxes per port, which made yosys take many minutes. */
static void driver(c2h *s, st_value *dest, assign_index *ix, bool data) {
	unsigned w = vwidth(dest);
	size_t first = ix->head ? (size_t)(uintptr_t)st_ptr_map_get(ix->head, dest) : 0;
	/* A data port (below) takes its last assignment when no guard holds. */
	st_value *val = data && first && (s->fixes & C2H_FIX_MUX_CHAIN) ? NULL : st__c2h_const(s, w, 0);
	/* Last assignment first, so that the first one is the outermost mux. */
	for (size_t k = first; k;) {
		st_op *a = ix->assigns[k - 1];
		/* CIRCT's defect: only the last assignment reaches the port. */
		bool fixed = s->fixes & C2H_FIX_MUX_CHAIN;
		if (!fixed && k != first)
			break;
		st_value *gv = st_calyx_assign_guard(a), *from = st_op_operand(a, 1);
		st_value *src = st__c2h_value(s, from);
		k = ix->next[k - 1];
		if (!gv || !val) {
			val = src;
			continue;
		}
		if (src == val)
			continue; /* a data port's default already */
		st_value *g = st__c2h_value(s, gv);
		for (; fixed && k && st_op_operand(ix->assigns[k - 1], 1) == from; k = ix->next[k - 1]) {
			st_value *g2 = st_calyx_assign_guard(ix->assigns[k - 1]);
			if (!g2)
				break;
			g = or_guard(s, ix, g, g2);
		}
		val = st_comb_build_mux(&s->b, g, src, val);
	}
	st__c2h_define(s, dest, st_hw_build_wire(&s->b, val, NULL));
}

static bool is_clock_port(st_str name) { return st_str_eq_c(name, "clk") || st_str_eq_c(name, "reset"); }

/* Whether input port `name` of `cell` is a data port in Calyx's sense
 * (`@data`): what it holds while no assignment drives it is never
 * observed, so the Verilog backend of the Calyx compiler leaves it
 * undefined rather than 0, and a single assignment drives it unguarded.
 * Here: every input of a combinational primitive but std_wire (which
 * carries control: the holes of compiled groups), whose outputs are read
 * only by the groups that drive them (a group's assignments are all
 * guarded by its go once groups are removed), and a register's `in` (it
 * is written only under write_en).  Each soft-float op is some 130 such
 * cells, and each input was a full-width mux on a group's go. */
static bool is_data_port(const c2h *s, const st_op *cell, st_str name) {
	st_calyx_cell_kind k = st_calyx_cell_kind_of(cell);
	if (k == ST_CALYX_REG) /* (only when write_en gates the load) */
		return st_str_eq_c(name, "in") && (s->fixes & C2H_FIX_WRITE_EN);
	return (k >= ST_CALYX_ADD && k <= ST_CALYX_NOT) || k == ST_CALYX_SLICE || k == ST_CALYX_PAD ||
	       k == ST_CALYX_MUX;
}

static bool is_mem(const st_op *o) {
	st_calyx_cell_kind k = st_calyx_cell_kind_of(o);
	return k == ST_CALYX_MEM || k == ST_CALYX_SEQ_MEM;
}

static bool is_seq_mem(const st_op *o) { return st_calyx_cell_kind_of(o) == ST_CALYX_SEQ_MEM; }

/* The memories at a component's interface: its external memory cells and,
 * forwarded through the ports of its instances (as CIRCT passes memories
 * up), those of the components it instantiates, named <instance>_<name>.
 * `fn` sees each with its interface name and cell, in one fixed order that
 * the ports, the calyx.memories entries, the instances and hw.output share. */
typedef void (*mem_fn)(c2h *s, const char *name, st_op *cell, void *ud);
static void each_memory(c2h *s, st_op *comp, const char *prefix, int depth, mem_fn fn, void *ud) {
	for (st_op *o = st_block_first_op(st_calyx_comp_body(comp)); o && s->status == ST_OK; o = st_op_next(o)) {
		char name[256];
		st_str sym = st_calyx_sym_name(o);
		if (is_mem(o) && st_calyx_is_external(o)) {
			snprintf(name, sizeof name, "%s%.*s", prefix, (int)sym.len, sym.data);
			fn(s, name, o, ud);
		}
		if (st_calyx_cell_kind_of(o) != ST_CALYX_INSTANCE)
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

/* The number of output ports of a memory at the interface. */
static size_t mem_num_outs(const st_op *cell, size_t dims) { return dims + (is_seq_mem(cell) ? 3 : 2); }

/* The name of output port i of a memory (addr<i>, write_data, write_en,
 * content_en). */
static void mem_out_name(size_t dims, size_t i, char *buf, size_t n) {
	static const char *const outs[] = {"write_data", "write_en", "content_en"};
	if (i < dims)
		snprintf(buf, n, "addr%zu", i);
	else
		snprintf(buf, n, "%s", outs[i - dims]);
}

/* A name kept as long as the context (an identifier), for port lists. */
static st_str keep(c2h *s, const char *text) {
	st_ident *id = st_ident_get_c(s->ctx, text);
	if (!id)
		s->status = ST_FAIL;
	return id ? st_ident_str(id) : st_str_c("");
}

/* Named values with types: an instance's operands or results, a module's
 * ports. */
typedef struct port_list {
	st_hw_port *ports;
	st_value **vals;
	size_t n, cap;
	const char *inst; /* an instance's name, for the memories it forwards */
} port_list;

static void add(c2h *s, port_list *l, st_hw_dir dir, st_str name, st_value *v, st_type *t) {
	size_t cap = l->cap;
	if (!st_ctx_grow(s->ctx, (void **)&l->ports, &l->cap, NULL, sizeof *l->ports, l->n + 1) ||
	    !st_ctx_grow(s->ctx, (void **)&l->vals, &cap, NULL, sizeof *l->vals, l->n + 1)) {
		s->status = ST_FAIL;
		return;
	}
	l->ports[l->n] = (st_hw_port){dir, name, t};
	l->vals[l->n++] = v;
}

static void port_list_free(c2h *s, port_list *l) {
	if (l->ports) {
		st_ctx_free(s->ctx, l->ports, l->cap * sizeof *l->ports);
		st_ctx_free(s->ctx, l->vals, l->cap * sizeof *l->vals);
	}
	memset(l, 0, sizeof *l);
}

/* The names of an instance's ports, for st_hw_build_instance. */
static st_str *names_of(c2h *s, const port_list *l) {
	st_str *n = st_ctx_alloc(s->ctx, (l->n + 1) * sizeof *n);
	if (!n)
		s->status = ST_FAIL;
	for (size_t i = 0; n && i < l->n; i++)
		n[i] = l->ports[i].name;
	return n;
}

/* The output ports of a memory at the interface, in order; into `l` as
 * ports named <m>_<port> (a module's, or with `inputs` its read_data and
 * done after them; an instance's outputs without). */
static void mem_outputs(c2h *s, port_list *l, const char *m, st_op *cell, bool inputs) {
	int64_t sizes[4], aw[4];
	size_t dims = st_calyx_mem_dims(cell, sizes, aw);
	unsigned w = st_calyx_mem_width(cell);
	char pn[300], out[32];
	for (size_t i = 0; i < mem_num_outs(cell, dims); i++) {
		mem_out_name(dims, i, out, sizeof out);
		snprintf(pn, sizeof pn, "%s_%s", m, out);
		add(s, l, ST_HW_OUT, keep(s, pn), NULL, st__c2h_int(s, i < dims ? (unsigned)aw[i] : i == dims ? w : 1));
	}
	if (!inputs)
		return;
	snprintf(pn, sizeof pn, "%s_read_data", m);
	add(s, l, ST_HW_IN, keep(s, pn), NULL, st__c2h_int(s, w));
	snprintf(pn, sizeof pn, "%s_done", m);
	add(s, l, ST_HW_IN, keep(s, pn), NULL, st__c2h_int(s, 1));
}

/* An instance's inputs for a memory it forwards: <name>_read_data and
 * <name>_done, bound to the parent's ports <instance>_<name>_.... */
static void instance_mem_inputs(c2h *s, const char *name, st_op *cell, void *ud) {
	port_list *l = ud;
	char pn[300];
	snprintf(pn, sizeof pn, "%s_%s", l->inst, name);
	st__c2h_mem *m = st__c2h_find_mem(s, pn);
	snprintf(pn, sizeof pn, "%s_read_data", name);
	add(s, l, ST_HW_IN, keep(s, pn), m ? m->read_data : NULL, st__c2h_int(s, st_calyx_mem_width(cell)));
	snprintf(pn, sizeof pn, "%s_done", name);
	add(s, l, ST_HW_IN, keep(s, pn), m ? m->done : NULL, st__c2h_int(s, 1));
}

static void instance_mem_outputs(c2h *s, const char *name, st_op *cell, void *ud) {
	mem_outputs(s, ud, name, cell, false);
}

/* The instance's forwarded outputs, in the same order: the parent's memory
 * <instance>_<name> carries them to its own ports. */
typedef struct fw_results {
	const char *inst;
	st_op *op;
	size_t next;
} fw_results;

static void instance_mem_results(c2h *s, const char *name, st_op *cell, void *ud) {
	fw_results *f = ud;
	int64_t sizes[4], aw[4];
	size_t dims = st_calyx_mem_dims(cell, sizes, aw);
	char pn[300];
	snprintf(pn, sizeof pn, "%s_%s", f->inst, name);
	st__c2h_mem *m = st__c2h_find_mem(s, pn);
	for (size_t i = 0; i < mem_num_outs(cell, dims); i++, f->next++)
		if (m && i < C2H_MEM_OUTS && f->next < st_op_num_results(f->op))
			m->outs[i] = st_op_result(f->op, f->next);
}

static st_str port_name(c2h *s, st_op *comp, size_t i) {
	char pn[256];
	st_str name = st_calyx_comp_port_name(comp, i);
	snprintf(pn, sizeof pn, "%.*s", (int)name.len, name.data);
	return keep(s, pn);
}

static void instance(c2h *s, st_op *cell) {
	st_op *target = st_symbol_lookup_nearest(cell, st_op_get_attr(cell, "componentName"));
	char iname[128];
	st_str sym = st_calyx_sym_name(cell);
	snprintf(iname, sizeof iname, "%.*s", (int)sym.len, sym.data);
	size_t nin = st_calyx_comp_num_inputs(target), np = st_calyx_comp_num_ports(target);
	int done = st_calyx_comp_special(target, "done"), go = st_calyx_comp_special(target, "go");
	port_list in = {.inst = iname}, out = {.inst = iname};
	add(s, &in, ST_HW_IN, st_str_c("clk"), s->clk, st_seq_clock_type(s->ctx));
	add(s, &in, ST_HW_IN, st_str_c("reset"), s->reset, st__c2h_int(s, 1));
	add(s, &in, ST_HW_IN, st_str_c("go"), st__c2h_value(s, st_op_result(cell, (size_t)go)), st__c2h_int(s, 1));
	for (size_t i = 0; i < nin; i++)
		if ((int)i != go && (int)i != st_calyx_comp_special(target, "clk") &&
		    (int)i != st_calyx_comp_special(target, "reset"))
			add(s, &in, ST_HW_IN, port_name(s, target, i), st__c2h_value(s, st_op_result(cell, i)),
			    st_value_type(st_op_result(cell, i)));
	each_memory(s, target, "", 0, instance_mem_inputs, &in);
	/* Results: done, then the data outputs (the module's output order). */
	add(s, &out, ST_HW_OUT, st_str_c("done"), NULL, st__c2h_int(s, 1));
	for (size_t i = nin; i < np; i++)
		if ((int)i != done)
			add(s, &out, ST_HW_OUT, port_name(s, target, i), NULL, st_value_type(st_op_result(cell, i)));
	each_memory(s, target, "", 0, instance_mem_outputs, &out);
	st_str *in_names = names_of(s, &in), *out_names = names_of(s, &out);
	st_type **out_types = st_ctx_alloc(s->ctx, (out.n + 1) * sizeof *out_types);
	for (size_t i = 0; out_types && i < out.n; i++)
		out_types[i] = out.ports[i].type;
	st_op *op = NULL;
	if (s->status == ST_OK && in_names && out_names && out_types)
		op = st_hw_build_instance(&s->b, sym, st_ident_str(st_attr_symbol_leaf(st_op_get_attr(cell, "componentName"))),
		                          in.n, in_names, in.vals, out.n, out_names, out_types);
	if (op) {
		size_t k = 0;
		st__c2h_define(s, st_op_result(cell, (size_t)done), st_op_result(op, k++));
		for (size_t i = nin; i < np; i++)
			if ((int)i != done)
				st__c2h_define(s, st_op_result(cell, i), st_op_result(op, k++));
		fw_results f = {iname, op, k};
		each_memory(s, target, "", 0, instance_mem_results, &f);
	} else if (s->status == ST_OK) {
		s->status = ST_FAIL;
	}
	if (in_names)
		st_ctx_free(s->ctx, in_names, (in.n + 1) * sizeof *in_names);
	if (out_names)
		st_ctx_free(s->ctx, out_names, (out.n + 1) * sizeof *out_names);
	if (out_types)
		st_ctx_free(s->ctx, out_types, (out.n + 1) * sizeof *out_types);
	port_list_free(s, &in);
	port_list_free(s, &out);
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

/* A memory of the module's interface: its ports, and its entry. */
static void mem_ports(c2h *s, const char *m, st_op *o, void *ud) {
	if (!st_ctx_grow(s->ctx, (void **)&s->mems, &s->cap_mems, NULL, sizeof *s->mems, s->nmems + 1)) {
		s->status = ST_FAIL;
		return;
	}
	st__c2h_mem *e = &s->mems[s->nmems++];
	memset(e, 0, sizeof *e);
	snprintf(e->name, sizeof e->name, "%s", m);
	e->cell = o;
	e->own = st_op_parent_op(o) == s->comp;
	mem_outputs(s, ud, m, o, true);
}

/* One #calyx.memory in calyx.memories per memory; the banks of one logical
 * memory make one entry, named after it and of its shape
 * (docs/dialects/calyx.md). */
typedef struct entries {
	st_attr **v;
	size_t n, cap;
} entries;

static void mem_entry(c2h *s, const char *m, st_op *o, void *ud) {
	entries *es = ud;
	int64_t aw[4], nb = 1, dim = 0;
	/* A further read port (lower-to-calyx's <name>_p<k>) is described by
	 * its memory's entry: read_ports. */
	if (st_op_get_attr(o, "calyx.port_of"))
		return;
	st_attr *rp = st_op_get_attr(o, "calyx.read_ports");
	st_calyx_memory_info info = {.seq = is_seq_mem(o), .width = st_calyx_mem_width(o), .banks = 1,
	                             .read_ports = rp && st_attr_get_kind(rp) == ST_ATTR_INTEGER ? (unsigned)st_attr_int_value(rp) : 1};
	info.rank = (unsigned)st_calyx_mem_dims(o, info.shape, aw);
	st_attr *of = bank_info(o, &nb, &dim);
	char name[256];
	snprintf(name, sizeof name, "%s", m);
	if (of) {
		if (st_attr_int_value(st_op_get_attr(o, "calyx.bank")) || dim < 0 || (size_t)dim >= info.rank)
			return;
		/* <prefix><logical>_b0 -> <prefix><logical> */
		st_str l = st_attr_string(of);
		size_t len = strlen(name);
		if (len > 3 && !strcmp(name + len - 3, "_b0"))
			name[len - 3] = 0;
		else
			snprintf(name, sizeof name, "%.*s", (int)l.len, l.data);
		info.shape[dim] *= nb;
		info.banks = (unsigned)nb;
		info.bank_dim = (unsigned)dim;
	}
	info.name = st_str_c(name);
	st_attr *a = st_calyx_memory_attr(s->ctx, &info);
	if (!a) {
		s->status = st_op_error(o, "lower-calyx-to-hw: memory '%s' has no valid interface description", name);
		return;
	}
	if (!st_ctx_grow(s->ctx, (void **)&es->v, &es->cap, NULL, sizeof *es->v, es->n + 1)) {
		s->status = ST_FAIL;
		return;
	}
	es->v[es->n++] = a;
}

/* The discardable attributes of the module: hw.top on the entry
 * component's, calyx.memories on one with external memories. */
static st_attr *module_attrs(c2h *s, bool entry) {
	st_context *ctx = s->ctx;
	entries es = {0};
	each_memory(s, s->comp, "", 0, mem_entry, &es);
	st_named_attr e[2];
	size_t n = 0;
	if (entry)
		e[n++] = (st_named_attr){st_ident_get_c(ctx, "hw.top"), st_unit_attr(ctx)};
	if (s->nmems)
		e[n++] = (st_named_attr){st_ident_get_c(ctx, "calyx.memories"), st_array_attr(ctx, es.n, es.v)};
	if (es.v)
		st_ctx_free(ctx, es.v, es.cap * sizeof *es.v);
	return st_dict_attr(ctx, n, e);
}

/* The module and its ports: clk, reset, go, the data inputs, done, the
 * data outputs, then the memories'.  Binds the component's ports and the
 * memories' inputs to the body's arguments. */
static void header(c2h *s, bool entry, st_block *into) {
	st_op *comp = s->comp;
	st_block *cb = st_calyx_comp_body(comp);
	port_list l = {0};
	int go = st_calyx_comp_special(comp, "go"), clk = st_calyx_comp_special(comp, "clk"),
	    reset = st_calyx_comp_special(comp, "reset"), done = st_calyx_comp_special(comp, "done");
	add(s, &l, ST_HW_IN, st_str_c("clk"), NULL, st_seq_clock_type(s->ctx));
	add(s, &l, ST_HW_IN, st_str_c("reset"), NULL, st__c2h_int(s, 1));
	add(s, &l, ST_HW_IN, st_str_c("go"), NULL, st__c2h_int(s, 1));
	size_t nin = st_calyx_comp_num_inputs(comp), np = st_calyx_comp_num_ports(comp);
	for (size_t i = 0; i < nin; i++)
		if ((int)i != go && (int)i != clk && (int)i != reset)
			add(s, &l, ST_HW_IN, port_name(s, comp, i), st_block_arg(cb, i), st_calyx_comp_port_type(comp, i));
	add(s, &l, ST_HW_OUT, st_str_c("done"), NULL, st__c2h_int(s, 1));
	for (size_t i = nin; i < np; i++)
		if ((int)i != done)
			add(s, &l, ST_HW_OUT, port_name(s, comp, i), NULL, st_calyx_comp_port_type(comp, i));
	s->nmems = 0;
	each_memory(s, comp, "", 0, mem_ports, &l);
	st_attr *attrs = s->status == ST_OK ? module_attrs(s, entry) : NULL;
	st_hw_builder mb = st_builder_at_end(s->ctx, into, st_op_loc(comp));
	s->module = attrs ? st_hw_build_module(&mb, st_calyx_sym_name(comp), l.n, l.ports, attrs) : NULL;
	if (s->module) {
		st_block *body = st_hw_module_body(s->module);
		size_t arg = 0, mem = 0;
		for (size_t i = 0; i < l.n; i++) {
			if (l.ports[i].dir != ST_HW_IN)
				continue;
			st_value *v = st_block_arg(body, arg++);
			if (i == 0)
				s->clk = v;
			else if (i == 1)
				s->reset = v;
			else if (i == 2 && go >= 0)
				st__c2h_define(s, st_block_arg(cb, (size_t)go), v);
			else if (i == 2)
				continue;
			else if (l.vals[i])
				st__c2h_define(s, l.vals[i], v); /* a data input */
			else if (mem < s->nmems && !s->mems[mem].read_data)
				s->mems[mem].read_data = v;
			else if (mem < s->nmems)
				s->mems[mem++].done = v;
		}
		s->b = st_builder_at_end(s->ctx, body, st_op_loc(comp));
		s->clk1 = st_seq_build_from_clock(&s->b, s->clk);
		if (clk >= 0)
			st__c2h_define(s, st_block_arg(cb, (size_t)clk), s->clk1);
		if (reset >= 0)
			st__c2h_define(s, st_block_arg(cb, (size_t)reset), s->reset);
	} else if (s->status == ST_OK) {
		s->status = ST_FAIL;
	}
	port_list_free(s, &l);
}

/* hw.output: done, the data outputs, then each memory's outputs: its
 * cell's address, data and enable drivers, or an instance's results. */
static void output(c2h *s) {
	st_op *comp = s->comp;
	size_t nin = st_calyx_comp_num_inputs(comp), np = st_calyx_comp_num_ports(comp);
	st_block *cb = st_calyx_comp_body(comp);
	int done = st_calyx_comp_special(comp, "done");
	st_value *zero_en = st__c2h_const(s, 1, 0);
	port_list l = {0};
	add(s, &l, ST_HW_OUT, st_str_c("done"), st__c2h_value(s, st_block_arg(cb, (size_t)done)), NULL);
	for (size_t i = nin; i < np; i++)
		if ((int)i != done)
			add(s, &l, ST_HW_OUT, st_str_c(""), st__c2h_value(s, st_block_arg(cb, i)), NULL);
	for (size_t k = 0; k < s->nmems; k++) {
		st__c2h_mem *m = &s->mems[k];
		int64_t sizes[4], aw[4];
		size_t dims = st_calyx_mem_dims(m->cell, sizes, aw);
		for (size_t i = 0; i < mem_num_outs(m->cell, dims) && i < C2H_MEM_OUTS; i++) {
			char pn[32];
			mem_out_name(dims, i, pn, sizeof pn);
			st_value *v;
			if (!m->own)
				v = m->outs[i];
			else if (i > dims && !(s->fixes & C2H_FIX_MEM_EN))
				v = zero_en;
			else
				v = st__c2h_port(s, m->cell, pn);
			add(s, &l, ST_HW_OUT, st_str_c(""), v, NULL);
		}
	}
	st_hw_build_output(&s->b, l.n, l.vals);
	port_list_free(s, &l);
}

static bool compiled(st_op *comp) {
	st_op *control = st_calyx_comp_control(comp), *wires = st_calyx_comp_wires(comp);
	st_block *cb = control ? st_region_first_block(st_op_region(control, 0)) : NULL;
	if (cb && st_block_first_op(cb))
		return false;
	st_block *wb = wires ? st_region_first_block(st_op_region(wires, 0)) : NULL;
	for (st_op *o = wb ? st_block_first_op(wb) : NULL; o; o = st_op_next(o))
		if (st_calyx_is_group_like(o))
			return false;
	return true;
}

static void component(c2h *s, bool entry, st_block *into) {
	st_op *comp = s->comp;
	if (!compiled(comp)) {
		s->status = st_op_error(comp, "still has groups or control; run calyx-compile-control and calyx-remove-groups first");
		return;
	}
	header(s, entry, into);
	if (s->status != ST_OK)
		return;
	st_block *body = st_calyx_comp_body(comp);
	st_op *wires = st_calyx_comp_wires(comp);
	st_block *wb = st_region_first_block(st_op_region(wires, 0));
	/* The assignments, in order, indexed by destination. */
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
	assign_index ix = {.assigns = assigns, .n = n, .head = st_ptr_map_create(s->ctx),
	                   .next = n ? st_ctx_alloc(s->ctx, n * sizeof *ix.next) : NULL,
	                   .ors = st_ptr_map_create(s->ctx)};
	if (!ix.head || !ix.ors || (n && !ix.next))
		s->status = ST_FAIL;
	for (size_t i = 0; s->status == ST_OK && i < n; i++) {
		st_value *dest = st_op_operand(assigns[i], 0);
		ix.next[i] = (size_t)(uintptr_t)st_ptr_map_get(ix.head, dest);
		if (!st_ptr_map_put(ix.head, dest, (void *)(uintptr_t)(i + 1)))
			s->status = ST_FAIL;
	}
	for (st_op *o = st_block_first_op(body); o && s->status == ST_OK; o = st_op_next(o)) {
		if (o == wires || strcmp(st_op_name_cstr(o), "calyx.control") == 0)
			continue;
		s->b.loc = st_op_loc(o);
		if (!st_calyx_is_cell(o)) {
			logic_op(s, o);
			continue;
		}
		st_calyx_port ports[ST_CALYX_MAX_PORTS];
		size_t np = st_calyx_cell_ports(o, ports, ST_CALYX_MAX_PORTS);
		for (size_t i = 0; i < np && i < ST_CALYX_MAX_PORTS; i++)
			if (ports[i].input && !is_clock_port(ports[i].name))
				driver(s, st_op_result(o, i), &ix, is_data_port(s, o, ports[i].name));
		if (st_calyx_cell_kind_of(o) == ST_CALYX_INSTANCE)
			instance(s, o);
		else
			st__c2h_cell(s, o);
	}
	for (st_op *o = wb ? st_block_first_op(wb) : NULL; o && s->status == ST_OK; o = st_op_next(o))
		if (strcmp(st_op_name_cstr(o), "calyx.assign") != 0) {
			s->b.loc = st_op_loc(o);
			logic_op(s, o);
		}
	s->b.loc = st_op_loc(comp);
	for (size_t i = st_calyx_comp_num_inputs(comp); i < st_calyx_comp_num_ports(comp); i++)
		driver(s, st_block_arg(body, i), &ix, false);
	output(s);
	st_ptr_map_destroy(ix.head);
	if (ix.ors)
		st_ptr_map_each(ix.ors, free_inner, NULL);
	st_ptr_map_destroy(ix.ors);
	if (ix.next)
		st_ctx_free(s->ctx, ix.next, n * sizeof *ix.next);
	if (assigns != small)
		st_ctx_free(s->ctx, assigns, cap * sizeof *assigns);
	if (s->status == ST_OK && s->b.failed)
		s->status = st_op_error(comp, "lower-calyx-to-hw could not build its hw.module (out of memory)");
}

typedef struct st__c2h_options {
	const char *disable;
	int roms;
} st__c2h_options;

static const char *const rom_kinds[] = {"logic", "memory", NULL};

static const char *const fix_names[] = {"mux-chain", "write-enable", "bitwise-not", "mem-enables", NULL};

static st_status run(st_pass *pass, st_op *module) {
	st_context *ctx = st_pass_context(pass);
	const st__c2h_options *opt = st_pass_options(pass);
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
	/* The modules are built aside and replace the components only when all
	 * of them succeeded. */
	st_block *built = st_block_create(ctx);
	c2h s = {.ctx = ctx, .fixes = fixes, .rom_memories = opt->roms == 1, .status = ST_OK, .map = st_value_map_create(ctx),
	         .edges = st_hw_backedges_create(ctx)};
	if (!built || !s.map || !s.edges)
		s.status = ST_FAIL;
	for (st_op *o = mb ? st_block_first_op(mb) : NULL; o && s.status == ST_OK; o = st_op_next(o))
		if (strcmp(st_op_name_cstr(o), "calyx.component") == 0) {
			s.comp = o;
			component(&s, o == entry, built);
		}
	if (s.status == ST_OK)
		s.status = st_hw_backedges_check(s.edges, "lower-calyx-to-hw");
	if (s.status == ST_OK) {
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
		while (st_block_first_op(built)) {
			st_op *o = st_block_first_op(built);
			st_op_remove(o);
			st_block_append_op(mb, o);
		}
	}
	/* On failure the modules built so far go (with the uses of their
	 * backedges), then the backedges. */
	if (built)
		st_block_destroy(built);
	st_hw_backedges_destroy(s.edges);
	if (s.map)
		st_value_map_destroy(s.map);
	if (s.mems)
		st_ctx_free(ctx, s.mems, s.cap_mems * sizeof *s.mems);
	return s.status;
}

static const st_pass_option_def st__c2h_opts[] = {
	{.name = "debug-disable-fix",
	 .summary = "bring back one CIRCT defect (mux-chain, write-enable, bitwise-not, mem-enables), for tests",
	 .kind = ST_PASS_OPT_STRING,
	 .offset = offsetof(st__c2h_options, disable)},
	{.name = "roms",
	 .summary = "read-only memories (calyx.init): logic (one wide constant shifted by the address) or memory (a "
	            "seq.hlmem with its contents as init, which synthesis can put in block RAM)",
	 .kind = ST_PASS_OPT_ENUM,
	 .default_value = "logic",
	 .offset = offsetof(st__c2h_options, roms),
	 .cases = rom_kinds},
};

static const st_pass_def st__c2h_pass = {
	.name = "lower-calyx-to-hw",
	.summary = "lower compiled calyx components to hw/comb/seq modules",
	.anchor = "builtin.module",
	.options = st__c2h_opts,
	.noptions = 2,
	.options_size = sizeof(st__c2h_options),
	.run = run,
	.display_name = "CalyxToHW",
};

st_status st_register_calyx_to_hw_passes(st_context *ctx) { return st_context_register_pass(ctx, &st__c2h_pass); }
