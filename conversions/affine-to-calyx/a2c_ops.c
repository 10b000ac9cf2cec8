/* Ops of a straight-line body: constants and integer arith become
 * combinational cells (read inside the groups that use them); loads, stores
 * and multiplications/divisions (st__a2c_div.c) become groups that latch their
 * result into a register and finish on that register's (or the memory's) done. */
#include "a2c.h"

typedef struct binop {
	const char *op, *cell;
} binop;

static const binop comb_binops[] = {
	{"arith.addi", "std_add"}, {"arith.subi", "std_sub"}, {"arith.andi", "std_and"},
	{"arith.ori", "std_or"},   {"arith.xori", "std_xor"}, {"arith.shli", "std_lsh"},
	{"arith.shrui", "std_rsh"}, {"arith.shrsi", "std_srsh"},
};

/* arith.cmpi predicates in MLIR's order (eq, ne, slt, sle, sgt, sge, ult,
 * ule, ugt, uge). */
static const char *const cmp_cells[] = {"std_eq", "std_neq", "std_slt", "std_sle", "std_sgt",
                                        "std_sge", "std_lt",  "std_le",  "std_gt",  "std_ge"};

static const char *lookup(const binop *t, size_t n, const char *name) {
	for (size_t i = 0; i < n; i++)
		if (!strcmp(t[i].op, name))
			return t[i].cell;
	return NULL;
}

static unsigned vwidth(st_value *v) { return st__a2c_width(st_value_type(v)); }

static st__a2c_val *cmp(st__a2c_comp *c, st_attr *loc, const char *cell, st__a2c_val *a, st__a2c_val *b, unsigned w) {
	st__a2c_val *in[] = {a, b};
	unsigned ws[] = {w, w};
	return st__a2c_comb(c, cell, loc, 2, in, ws, 1);
}

static st__a2c_val *mux(st__a2c_comp *c, st_attr *loc, st__a2c_val *cond, st__a2c_val *t, st__a2c_val *f, unsigned w) {
	st__a2c_val *in[] = {cond, t, f};
	unsigned ws[] = {1, w, w};
	return st__a2c_comb(c, "std_mux", loc, 3, in, ws, w);
}

static st__a2c_val *minmax(st__a2c_comp *c, st_op *op, const char *name) {
	static const binop cmps[] = {{"arith.maxsi", "std_sgt"}, {"arith.minsi", "std_slt"},
	                             {"arith.maxui", "std_gt"}, {"arith.minui", "std_lt"}};
	const char *cell = lookup(cmps, 4, name);
	if (!cell)
		return NULL;
	st_attr *loc = st_op_loc(op);
	unsigned w = vwidth(st_op_result(op, 0));
	st__a2c_val *a = st__a2c_lookup(c, st_op_operand(op, 0)), *b = st__a2c_lookup(c, st_op_operand(op, 1));
	st__a2c_val *k = a && b ? cmp(c, loc, cell, a, b, w) : NULL;
	return k ? mux(c, loc, k, a, b, w) : NULL;
}

static st__a2c_val *cast(st__a2c_comp *c, st_op *op, const char *name) {
	bool sign;
	if (!strcmp(name, "arith.extsi") || !strcmp(name, "arith.index_cast") || !strcmp(name, "arith.trunci"))
		sign = true;
	else if (!strcmp(name, "arith.extui") || !strcmp(name, "arith.index_castui"))
		sign = false;
	else
		return NULL;
	st__a2c_val *v = st__a2c_lookup(c, st_op_operand(op, 0));
	return v ? st__a2c_resize(c, st_op_loc(op), v, vwidth(st_op_operand(op, 0)), vwidth(st_op_result(op, 0)), sign)
	         : NULL;
}

bool st__a2c_lower_comb(st__a2c_comp *c, st_op *op, bool *handled) {
	const char *name = st_op_name_cstr(op);
	st_attr *loc = st_op_loc(op);
	*handled = true;
	st__a2c_val *r = NULL;
	if (!strcmp(name, "arith.constant")) {
		st_attr *v = st_op_get_attr(op, "value");
		unsigned w = vwidth(st_op_result(op, 0));
		r = st__a2c_val_new(c, st__a2c_const(c, w, st_attr_int_value(v)));
	} else if (lookup(comb_binops, sizeof comb_binops / sizeof *comb_binops, name)) {
		unsigned w = vwidth(st_op_result(op, 0));
		st__a2c_val *in[] = {st__a2c_lookup(c, st_op_operand(op, 0)), st__a2c_lookup(c, st_op_operand(op, 1))};
		unsigned ws[] = {w, w};
		if (!in[0] || !in[1])
			return false;
		r = st__a2c_comb(c, lookup(comb_binops, sizeof comb_binops / sizeof *comb_binops, name), loc, 2, in, ws, w);
	} else if (!strcmp(name, "arith.cmpi")) {
		int64_t p = st_attr_int_value(st_op_get_attr(op, "predicate"));
		st__a2c_val *a = st__a2c_lookup(c, st_op_operand(op, 0)), *b = st__a2c_lookup(c, st_op_operand(op, 1));
		if (!a || !b)
			return false;
		if (p < 0 || p > 9)
			return st_op_error(op, "lower-to-calyx: unknown predicate %lld", (long long)p), false;
		r = cmp(c, loc, cmp_cells[p], a, b, vwidth(st_op_operand(op, 0)));
	} else if (!strcmp(name, "arith.select")) {
		st__a2c_val *k = st__a2c_lookup(c, st_op_operand(op, 0)), *t = st__a2c_lookup(c, st_op_operand(op, 1)),
			*f = st__a2c_lookup(c, st_op_operand(op, 2));
		if (!k || !t || !f)
			return false;
		r = mux(c, loc, k, t, f, vwidth(st_op_result(op, 0)));
	} else if (!(r = minmax(c, op, name)) && !(r = cast(c, op, name))) {
		return st__a2c_lower_div_const(c, op, handled);
	}
	return st__a2c_bind(c, st_op_result(op, 0), r);
}

/* ------------------------------------------------------------- memories */

enum { P_WDATA = A2C_P_WDATA, P_WEN, P_CEN, P_RDATA, P_DONE };

static st__a2c_mem *mem_alloc(st__a2c_comp *c) {
	st__a2c_mem *m = st_ctx_alloc(c->ctx, sizeof *m);
	if (!m)
		return NULL;
	memset(m, 0, sizeof *m);
	m->next = c->all_mems;
	c->all_mems = m;
	m->shift_dim = -1;
	return m;
}

static unsigned addr_bits(int64_t d) {
	unsigned a = 1;
	while (a < 63 && ((int64_t)1 << a) < d)
		a++;
	return a;
}

/* A calyx.memory (or calyx.seq_mem) cell of the shape in `m`, named `name`
 * (the hardware interface names an external memory's ports after it, so
 * the name is not numbered), with `extra` attributes and the contents
 * `init` of a read-only one (NULL: none). */
static bool mem_cell(st__a2c_comp *c, st__a2c_mem *m, const char *name, bool external, st_attr *loc, size_t nextra,
                     const st_named_attr *extra, st_attr *init) {
	st_type *types[12], *b = st__a2c_int(c, 1), *w = st__a2c_int(c, m->width), *i64 = st__a2c_int(c, 64);
	st_attr *sizes[4], *addrs[4];
	for (size_t i = 0; i < m->rank; i++) {
		m->addr_width[i] = addr_bits(m->sizes[i]);
		sizes[i] = st_integer_attr(c->ctx, i64, m->sizes[i]);
		addrs[i] = st_integer_attr(c->ctx, i64, m->addr_width[i]);
		types[i] = st__a2c_int(c, m->addr_width[i]);
	}
	/* Port order of the cell (docs/dialects/calyx.md) -> st__a2c_mem slots. */
	static const int comb_order[] = {P_WDATA, P_WEN, -1, P_RDATA, P_DONE};
	static const int seq_order[] = {-1, -1, P_CEN, P_WEN, P_WDATA, P_RDATA, P_DONE};
	const int *order = m->seq ? seq_order : comb_order;
	size_t ntail = m->seq ? 7 : 5, k = m->rank;
	for (size_t i = 0; i < ntail; i++)
		types[k++] = order[i] == P_WDATA || order[i] == P_RDATA ? w : b;
	const char *names[] = {"sizes", "width", "addrSizes", "external"};
	st_attr *vals[] = {st_array_attr(c->ctx, m->rank, sizes), st_integer_attr(c->ctx, i64, m->width),
	                   st_array_attr(c->ctx, m->rank, addrs), external ? st_unit_attr(c->ctx) : NULL};
	st_named_attr e[11];
	size_t n = 0;
	for (size_t i = 0; i < 4; i++)
		if (vals[i])
			e[n].name = st_ident_get_c(c->ctx, names[i]), e[n++].value = vals[i];
	for (size_t i = 0; i < nextra && n < 9; i++)
		e[n++] = extra[i];
	if (init && n < 10)
		e[n].name = st_ident_get_c(c->ctx, "calyx.init"), e[n++].value = init;
	e[n].name = st_ident_get_c(c->ctx, "sym_name"), e[n++].value = st_string_attr(c->ctx, st_str_c(name));
	m->cell = st__a2c_create(c, m->seq ? "calyx.seq_mem" : "calyx.memory", loc, 0, NULL, k, types,
	                     st_dict_attr(c->ctx, n, e), 0);
	if (!m->cell)
		return false;
	st_block_insert_op_before(c->body, c->wires, m->cell);
	for (size_t i = 0; i < m->rank; i++)
		m->port[i] = st_op_result(m->cell, i);
	for (size_t i = 0; i < ntail; i++)
		if (order[i] >= 0)
			m->port[order[i]] = st_op_result(m->cell, m->rank + i);
	return true;
}

/* The banking st__a2c_par_plan chose for a memref: threads and dimension. */
static bool banking(st__a2c_comp *c, st_value *memref, unsigned *nbanks, unsigned *dim) {
	uintptr_t v = (uintptr_t)st__a2c_map_get(&c->banks, memref);
	if (!v)
		return false;
	*nbanks = (unsigned)((v - 1) >> 8), *dim = (unsigned)((v - 1) & 0xff);
	return true;
}

/* The contents of bank k of `nb` along dimension `dim` of a table (its
 * indices k, k + nb, ... of that dimension), row-major over the bank's
 * shape, as calyx.init (dense<...> : tensor<N x iW>). */
static st_attr *bank_init(st__a2c_comp *c, const st__a2c_mem *m, const int64_t *init, unsigned nb, unsigned dim, unsigned k) {
	int64_t n = 1, bsizes[4];
	for (size_t i = 0; i < m->rank; i++)
		bsizes[i] = m->sizes[i] / (i == dim ? nb : 1), n *= bsizes[i];
	int64_t *vals = st_ctx_alloc(c->ctx, (size_t)n * sizeof *vals);
	if (!vals)
		return NULL;
	for (int64_t e = 0; e < n; e++) {
		int64_t rest = e, flat = 0, idx[4];
		for (size_t i = m->rank; i-- > 0;)
			idx[i] = rest % bsizes[i], rest /= bsizes[i];
		for (size_t i = 0; i < m->rank; i++)
			flat = flat * m->sizes[i] + (i == dim ? idx[i] * nb + k : idx[i]);
		vals[e] = init[flat];
	}
	st_type *flat = st_tensor_type(c->ctx, 1, &n, st__a2c_int(c, m->width), NULL);
	st_attr *a = flat ? st_dense_int_elements_attr(c->ctx, flat, (size_t)n, vals) : NULL;
	st_ctx_free(c->ctx, vals, (size_t)n * sizeof *vals);
	return a;
}

/* A Calyx memory holds at least one word in every dimension
 * (`memref<0xi32>` made a calyx.memory that does not verify; issue 30,
 * found by the pass harness): false after a located error. */
static bool has_words(st__a2c_comp *c, st_value *memref, st_type *t) {
	for (size_t i = 0; i < st_type_rank(t); i++)
		if (st_type_dim(t, i) <= 0) {
			st_error(c->ctx, st_value_loc(memref),
			         "lower-to-calyx: a memory with no elements (dimension %zu has size %lld) cannot be a Calyx memory", i,
			         (long long)st_type_dim(t, i));
			return false;
		}
	return true;
}

st__a2c_mem *st__a2c_mem_new(st__a2c_comp *c, st_value *memref, st_type *t, const char *name, bool external,
                     const int64_t *init, st_attr *loc) {
	if (!has_words(c, memref, t))
		return NULL;
	st__a2c_mem *m = mem_alloc(c);
	if (!m)
		return NULL;
	m->rank = st_type_rank(t);
	m->width = st__a2c_width(st_type_element(t));
	m->rom = init != NULL;
	/* A table is read in the cycle it is addressed, whatever the option
	 * memories says: it is logic, not a RAM. */
	m->seq = c->seq_mems && !init;
	for (size_t i = 0; i < m->rank; i++)
		m->sizes[i] = st_type_dim(t, i);
	char buf[64];
	if (!name) {
		st__a2c_name(c, "mem", buf);
		name = buf;
	}
	if (!st__a2c_map_put(&c->mems, memref, m))
		return NULL;
	unsigned nb, dim;
	if (!banking(c, memref, &nb, &dim)) {
		st_attr *contents = init ? bank_init(c, m, init, 1, 0, 0) : NULL;
		m->multiport = !init, m->external = external, m->loc = loc;
		snprintf(m->name, sizeof m->name, "%s", name);
		return (!init || contents) && mem_cell(c, m, name, external, loc, 0, NULL, contents) ? m : NULL;
	}
	/* Cyclic banks `<name>_b<k>`; each says whose bank it is, so that the
	 * hardware interface can describe the logical memory (calyx-to-hw). */
	m->nbanks = nb, m->bank_dim = dim;
	unsigned shift = 0;
	while ((1u << shift) < nb)
		shift++;
	st_type *i64 = st__a2c_int(c, 64);
	for (unsigned k = 0; k < nb; k++) {
		st__a2c_mem *bk = m->bank[k] = mem_alloc(c);
		if (!bk)
			return NULL;
		bk->rank = m->rank, bk->width = m->width, bk->seq = m->seq, bk->rom = m->rom;
		memcpy(bk->sizes, m->sizes, sizeof m->sizes);
		bk->sizes[dim] /= nb;
		bk->shift_dim = (int)dim, bk->shift = shift;
		char bname[80];
		snprintf(bname, sizeof bname, "%s_b%u", name, k);
		st_named_attr e[] = {{st_ident_get_c(c->ctx, "calyx.bank_of"), st_string_attr(c->ctx, st_str_c(name))},
		                     {st_ident_get_c(c->ctx, "calyx.bank"), st_integer_attr(c->ctx, i64, k)},
		                     {st_ident_get_c(c->ctx, "calyx.banks"), st_integer_attr(c->ctx, i64, nb)},
		                     {st_ident_get_c(c->ctx, "calyx.bank_dim"), st_integer_attr(c->ctx, i64, dim)}};
		st_attr *contents = init ? bank_init(c, m, init, nb, dim, k) : NULL;
		if ((init && !contents) || !mem_cell(c, bk, bname, external, loc, 4, e, contents))
			return NULL;
	}
	return m;
}

unsigned st__a2c_read_ports(const st__a2c_comp *c, const st__a2c_mem *m) {
	return m->multiport && c->read_ports > 1 ? c->read_ports : 1;
}

st__a2c_mem *st__a2c_read_port(st__a2c_comp *c, st__a2c_mem *m, unsigned p) {
	if (!p)
		return m;
	if (m->rport[p])
		return m->rport[p];
	st__a2c_mem *r = mem_alloc(c);
	if (!r)
		return NULL;
	r->rank = m->rank, r->width = m->width, r->seq = m->seq;
	memcpy(r->sizes, m->sizes, sizeof m->sizes);
	/* The hardware interface names an external port's signals after the
	 * cell (<name>_p<p>_addr0, ...) and describes it in the memory's entry
	 * (read_ports = P, lower-calyx-to-hw). */
	char pname[80];
	snprintf(pname, sizeof pname, "%s_p%u", m->name, p);
	st_type *i64 = st__a2c_int(c, 64);
	st_named_attr e[] = {{st_ident_get_c(c->ctx, "calyx.port_of"), st_string_attr(c->ctx, st_str_c(m->name))},
	                     {st_ident_get_c(c->ctx, "calyx.port"), st_integer_attr(c->ctx, i64, p)}};
	if (!mem_cell(c, r, pname, m->external, m->loc, 2, e, NULL))
		return NULL;
	/* The memory's own cell counts its ports, for the interface. */
	st_attr *have = st_op_get_attr(m->cell, "calyx.read_ports");
	if (!have || st_attr_int_value(have) < (int64_t)p + 1)
		st_op_set_attr(m->cell, "calyx.read_ports", st_integer_attr(c->ctx, i64, p + 1));
	return m->rport[p] = r;
}

st__a2c_mem *st__a2c_mem_ports(st__a2c_comp *c, st_value *memref, st_type *t) {
	unsigned nb, dim;
	if (banking(c, memref, &nb, &dim)) {
		st_error(c->ctx, st_value_loc(memref), "lower-to-calyx: a memory passed to a function cannot be split into "
		                                       "banks for an affine.parallel (option parallel=1 keeps it whole)");
		return NULL;
	}
	if (!has_words(c, memref, t))
		return NULL;
	st__a2c_mem *m = mem_alloc(c);
	if (!m || !st__a2c_map_put(&c->mems, memref, m))
		return NULL;
	m->rank = st_type_rank(t);
	m->width = st__a2c_width(st_type_element(t));
	m->seq = c->seq_mems;
	for (size_t i = 0; i < m->rank; i++) {
		m->sizes[i] = st_type_dim(t, i);
		m->addr_width[i] = addr_bits(m->sizes[i]);
	}
	return m;
}

st__a2c_mem *st__a2c_mem_of(st__a2c_comp *c, st_value *memref, st_op *user) {
	st__a2c_mem *m = st__a2c_map_get(&c->mems, memref);
	if (!m)
		st_op_error(user, "lower-to-calyx: the memref is neither an argument of the function nor a "
		                  "memref.alloc of it");
	return m;
}

st_value *st__a2c_mem_port(st__a2c_mem *m, const char *port, size_t i) {
	static const char *const tail[] = {"write_data", "write_en", "content_en", "read_data", "done"};
	if (!strcmp(port, "addr"))
		return i < m->rank ? m->port[i] : NULL;
	for (size_t k = 0; k < 5; k++)
		if (!strcmp(port, tail[k]))
			return m->port[P_WDATA + k];
	return NULL;
}

bool st__a2c_drive_addr(st__a2c_comp *c, st__a2c_group *g, st__a2c_mem *m, st_op *op, size_t first, st_value *guard) {
	for (size_t i = 0; i < m->rank; i++) {
		st__a2c_val *idx = st__a2c_lookup(c, st_op_operand(op, first + i));
		/* A bank holds every nbanks-th index of its dimension. */
		if (idx && (int)i == m->shift_dim) {
			st__a2c_val *in[] = {idx, st__a2c_val_new(c, st__a2c_const(c, A2C_INDEX_WIDTH, m->shift))};
			unsigned ws[] = {A2C_INDEX_WIDTH, A2C_INDEX_WIDTH};
			idx = in[1] ? st__a2c_comb(c, "std_rsh", st_op_loc(op), 2, in, ws, A2C_INDEX_WIDTH) : NULL;
		}
		st__a2c_val *a = idx ? st__a2c_resize(c, st_op_loc(op), idx, A2C_INDEX_WIDTH, m->addr_width[i], false) : NULL;
		st_value *p = a ? st__a2c_read(c, g, a) : NULL;
		if (!p || !st__a2c_assign(c, g->body, st__a2c_mem_port(m, "addr", i), p, guard))
			return false;
	}
	return true;
}

/* ------------------------------------------------------- sequential ops */

/* A load latches read_data into a register: a comb memory answers in the
 * same cycle; a seq memory a cycle after content_en, when its done rises. */
static bool lower_load(st__a2c_comp *c, st_op *op, st_block *ctl) {
	st__a2c_mem *m = st__a2c_access_mem(c, op, true);
	if (!m || m->nbanks)
		return m && st__a2c_bank_access(c, op, m, true, ctl);
	char gname[64];
	st__a2c_group own, *g = st__a2c_join_load(c, ctl, op, m, 1);
	st_op *r = st__a2c_reg(c, "load", st_op_loc(op), m->width);
	if (!r || (!g && !st__a2c_group_begin(c, g = &own, "calyx.group", "ld", st_op_loc(op), 0, gname)) ||
	    !st__a2c_drive_addr(c, g, m, op, 1, NULL) ||
	    (m->seq && !st__a2c_assign(c, g->body, st__a2c_mem_port(m, "content_en", 0), st__a2c_true(c), NULL)) ||
	    !st__a2c_assign(c, g->body, st_op_result(r, 0), st__a2c_mem_port(m, "read_data", 0), NULL) ||
	    !st__a2c_assign(c, g->body, st_op_result(r, 1), m->seq ? st__a2c_mem_port(m, "done", 0) : st__a2c_true(c), NULL))
		return false;
	/* A joined load is written in the cycle of the first one, whose
	 * register's done ends the group. */
	if (g != &own)
		st__a2c_join_close(g);
	else if (!st__a2c_group_done(c, g, st_op_result(r, 5)) || !st__a2c_enable(c, ctl, gname, st_op_loc(op)))
		return false;
	st__a2c_join_note(c, ctl, g, m, st_op_result(r, 4));
	return st__a2c_bind(c, st_op_result(op, 0), st__a2c_val_new(c, st_op_result(r, 4)));
}

static bool lower_store(st__a2c_comp *c, st_op *op, st_block *ctl) {
	st__a2c_mem *m = st__a2c_access_mem(c, op, false);
	if (m && m->nbanks)
		return st__a2c_bank_access(c, op, m, false, ctl);
	st__a2c_val *v = m ? st__a2c_lookup(c, st_op_operand(op, 0)) : NULL;
	if (!v)
		return false;
	char gname[64];
	st__a2c_group g;
	if (!st__a2c_group_begin(c, &g, "calyx.group", "st", st_op_loc(op), 0, gname) || !st__a2c_drive_addr(c, &g, m, op, 2, NULL))
		return false;
	st_value *p = st__a2c_read(c, &g, v);
	if (!p || !st__a2c_assign(c, g.body, st__a2c_mem_port(m, "write_data", 0), p, NULL) ||
	    !st__a2c_assign(c, g.body, st__a2c_mem_port(m, "write_en", 0), st__a2c_true(c), NULL) ||
	    !st__a2c_group_done(c, &g, st__a2c_mem_port(m, "done", 0)) || !st__a2c_enable(c, ctl, gname, st_op_loc(op)))
		return false;
	st__a2c_join_note(c, ctl, &g, m, NULL);
	return true;
}

/* Multi-cycle units started together on the op's operands (they have
 * one latency): go while the first is not done, latch each `out` into a
 * register on that done, finish on the first register's done: the group's
 * assignments are off in its done cycle (go = !done), so the latch must
 * happen the cycle before. */
bool st__a2c_pipe_units(st__a2c_comp *c, st_op *op, size_t n, const char *const *cells, st_block *ctl, st__a2c_val **out) {
	st__a2c_val *x = st__a2c_lookup(c, st_op_operand(op, 0)), *y = x ? st__a2c_lookup(c, st_op_operand(op, 1)) : NULL;
	return y && st__a2c_pipe_vals(c, st_op_loc(op), vwidth(st_op_result(op, 0)), x, y, n, cells, ctl, out);
}

bool st__a2c_pipe_vals(st__a2c_comp *c, st_attr *loc, unsigned w, st__a2c_val *x, st__a2c_val *y, size_t n, const char *const *cells,
                   st_block *ctl, st__a2c_val **out) {
	st_type *b = st__a2c_int(c, 1), *t = st__a2c_int(c, w);
	st_type *types[] = {b, b, b, t, t, t, b};
	st_type *nt[] = {b, b};
	st_op *not = st__a2c_cell(c, "std_not", "not", loc, 2, nt, NULL, NULL);
	char gname[64];
	st__a2c_group g;
	if (!not || !x || !y || !st__a2c_group_begin(c, &g, "calyx.group", cells[0] + 4, loc, 0, gname))
		return false;
	st_value *px = st__a2c_read(c, &g, x), *py = st__a2c_read(c, &g, y), *done = NULL;
	if (!px || !py)
		return false;
	for (size_t i = 0; i < n; i++) {
		st_op *u = st__a2c_cell(c, cells[i], cells[i] + 4, loc, 7, types, NULL, NULL);
		st_op *r = st__a2c_reg(c, "res", loc, w);
		if (!u || !r)
			return false;
		if (!done)
			done = st_op_result(u, 6);
		if (!st__a2c_assign(c, g.body, st_op_result(u, 3), px, NULL) || !st__a2c_assign(c, g.body, st_op_result(u, 4), py, NULL) ||
		    !st__a2c_assign(c, g.body, st_op_result(u, 2), st__a2c_true(c), st_op_result(not, 1)) ||
		    !st__a2c_assign(c, g.body, st_op_result(r, 0), st_op_result(u, 5), NULL) ||
		    !st__a2c_assign(c, g.body, st_op_result(r, 1), done, NULL) || !(out[i] = st__a2c_val_new(c, st_op_result(r, 4))))
			return false;
	}
	st_op *first = st_value_defining_op(out[0]->port);
	return st__a2c_assign(c, g.body, st_op_result(not, 0), done, NULL) && st__a2c_group_done(c, &g, st_op_result(first, 5)) &&
	       st__a2c_enable(c, ctl, gname, loc);
}

bool st__a2c_lower_seq_op(st__a2c_comp *c, st_op *op, st_block *ctl, bool *handled) {
	const char *name = st_op_name_cstr(op);
	*handled = true;
	if (!strcmp(name, "arith.muli")) {
		static const char *const mult = "std_mult_pipe";
		st__a2c_val *out;
		return st__a2c_pipe_units(c, op, 1, &mult, ctl, &out) && st__a2c_bind(c, st_op_result(op, 0), out);
	}
	bool ok = st__a2c_lower_div(c, op, ctl, handled);
	if (*handled)
		return ok;
	*handled = true;
	if (!strcmp(name, "memref.load"))
		return lower_load(c, op, ctl);
	if (!strcmp(name, "memref.store"))
		return lower_store(c, op, ctl);
	if (!strcmp(name, "memref.alloc") || !strcmp(name, "memref.alloca"))
		return st__a2c_mem_new(c, st_op_result(op, 0), st_value_type(st_op_result(op, 0)), NULL, false, NULL,
		                   st_op_loc(op));
	if (!strcmp(name, "memref.get_global"))
		return st__a2c_lower_get_global(c, op);
	if (!strcmp(name, "memref.dealloc"))
		return true;
	*handled = false;
	return false;
}
