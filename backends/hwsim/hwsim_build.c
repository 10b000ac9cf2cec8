/* Elaboration of a hw.module for the simulator: instances are flattened,
 * every value gets a slot of bits, every combinational op a node, registers
 * and memory ports their state; then the nodes are put in topological
 * order, and a cycle among them is reported with its ops named. */
#include "hwsim_internal.h"

#include <string.h>

bool st__hwsim_push(st_context *ctx, vec *v, const void *elt, size_t size) {
	if (!st_ctx_grow(ctx, &v->data, &v->cap, NULL, size, v->n + 1))
		return false;
	memcpy((char *)v->data + v->n * size, elt, size);
	v->n++;
	return true;
}

/* ------------------------------------------------- value -> slot maps */

typedef struct vmap {
	const st_value **keys;
	uint32_t *vals;
	size_t cap, n;
} vmap;

static size_t hash_ptr(const void *p) { return (size_t)(((uintptr_t)p >> 4) * 0x9E3779B97F4A7C15ull); }

static bool vmap_put(st_context *ctx, vmap *m, const st_value *k, uint32_t v) {
	if ((m->n + 1) * 2 > m->cap) {
		size_t ncap = m->cap ? m->cap * 2 : 64;
		const st_value **nk = st_ctx_alloc(ctx, ncap * sizeof *nk);
		uint32_t *nv = st_ctx_alloc(ctx, ncap * sizeof *nv);
		if (!nk || !nv) {
			st_ctx_free(ctx, nk, ncap * sizeof *nk);
			st_ctx_free(ctx, nv, ncap * sizeof *nv);
			return false;
		}
		memset(nk, 0, ncap * sizeof *nk);
		for (size_t i = 0; i < m->cap; i++)
			if (m->keys[i]) {
				size_t h = hash_ptr(m->keys[i]) & (ncap - 1);
				while (nk[h])
					h = (h + 1) & (ncap - 1);
				nk[h] = m->keys[i];
				nv[h] = m->vals[i];
			}
		st_ctx_free(ctx, m->keys, m->cap * sizeof *m->keys);
		st_ctx_free(ctx, m->vals, m->cap * sizeof *m->vals);
		m->keys = nk;
		m->vals = nv;
		m->cap = ncap;
	}
	size_t h = hash_ptr(k) & (m->cap - 1);
	while (m->keys[h] && m->keys[h] != k)
		h = (h + 1) & (m->cap - 1);
	if (!m->keys[h])
		m->n++;
	m->keys[h] = k;
	m->vals[h] = v;
	return true;
}

static uint32_t vmap_get(const vmap *m, const st_value *k) {
	if (!m->cap)
		return NONE;
	size_t h = hash_ptr(k) & (m->cap - 1);
	while (m->keys[h]) {
		if (m->keys[h] == k)
			return m->vals[h];
		h = (h + 1) & (m->cap - 1);
	}
	return NONE;
}

static void vmap_free(st_context *ctx, vmap *m) {
	st_ctx_free(ctx, m->keys, m->cap * sizeof *m->keys);
	st_ctx_free(ctx, m->vals, m->cap * sizeof *m->vals);
}

/* ------------------------------------------------------- elaboration */

static uint32_t new_slot(st_hwsim *sim, uint64_t width) {
	slot s = {sim->nwords, width};
	uint64_t words = width ? (width + 63) / 64 : 1;
	sim->nwords += words;
	if (words > sim->max_words)
		sim->max_words = words;
	if (!st__hwsim_push(sim->ctx, &sim->slots, &s, sizeof s))
		return NONE;
	return (uint32_t)(sim->slots.n - 1);
}

static st_status add_node(st_hwsim *sim, node_kind k, st_op *op, uint32_t out, size_t nin, const uint32_t *in,
                          int64_t param) {
	node n = {.kind = k, .op = op, .out = out, .nin = (uint32_t)nin, .param = param, .mem = NONE};
	n.comb = k == N_COMB ? st_comb_kind_of(op) : ST_COMB_NONE;
	n.in = nin ? st_ctx_alloc(sim->ctx, nin * sizeof *n.in) : NULL;
	if (nin && !n.in)
		return ST_FAIL;
	if (nin)
		memcpy(n.in, in, nin * sizeof *in);
	return st__hwsim_push(sim->ctx, &sim->nodes, &n, sizeof n) ? ST_OK : ST_FAIL;
}

static st_attr *const_of(st_value *v) {
	st_op *d = v ? st_value_defining_op(v) : NULL;
	if (d && strcmp(st_op_name_cstr(d), "hw.constant") == 0)
		return st_op_get_attr(d, "value");
	return NULL;
}

typedef struct elab {
	st_hwsim *sim;
	vmap map;
	vmap mems; /* hlmem results -> memory index */
	int depth;
} elab;

static st_status elaborate(st_hwsim *sim, st_op *module, const uint32_t *in, uint32_t *out, int depth);

static st_status add_register(elab *e, st_op *op, const uint32_t *ops, size_t n) {
	const char *name = st_op_name_cstr(op);
	reg r = {.state = vmap_get(&e->map, st_op_result(op, 0)), .next = ops[0], .en = NONE, .rst = NONE, .rv = NONE};
	size_t first_reset = 2;
	if (strcmp(name, "seq.compreg.ce") == 0) {
		r.en = ops[2];
		first_reset = 3;
	}
	st_value *rv = NULL;
	if (n > first_reset) {
		r.rst = ops[first_reset];
		r.rv = ops[first_reset + 1];
		rv = st_op_operand(op, first_reset + 1);
	}
	r.async = st_op_get_attr(op, "isAsync") != NULL;
	r.init = st_op_get_attr(op, "preset");
	if (!r.init)
		r.init = const_of(rv);
	if (r.async) {
		/* The output follows the reset at once: a node reads the state. */
		uint32_t state = new_slot(e->sim, e->sim->slots.n ? ((slot *)e->sim->slots.data)[r.state].width : 0);
		uint32_t in3[3] = {r.rst, r.rv, state};
		if (state == NONE || st_failed(add_node(e->sim, N_ASYNC_OUT, op, r.state, 3, in3, 0)))
			return ST_FAIL;
		r.state = state;
	}
	return st__hwsim_push(e->sim->ctx, &e->sim->regs, &r, sizeof r) ? ST_OK : ST_FAIL;
}

static st_status add_memory(elab *e, st_op *op) {
	st_type *t = st_value_type(st_op_result(op, 0));
	memory m = {.depth = st_seq_hlmem_depth(t), .width = (uint64_t)st_hw_bit_width(st_seq_hlmem_element(t))};
	m.words_per = m.width ? (m.width + 63) / 64 : 1;
	m.data = st_ctx_alloc(e->sim->ctx, m.depth * m.words_per * sizeof *m.data);
	if (!m.data)
		return ST_FAIL;
	memset(m.data, 0, m.depth * m.words_per * sizeof *m.data);
	/* A memory with `init` (verified: one word of at most 64 bits per
	 * element) starts from it, as the exported Verilog's initial block. */
	st_attr *init = st_op_get_attr(op, "init");
	if (init) {
		uint64_t mask = m.width >= 64 ? ~0ull : (1ull << m.width) - 1;
		bool splat = st_attr_dense_is_splat(init);
		for (uint64_t i = 0; i < m.depth; i++)
			m.data[i * m.words_per] = (uint64_t)st_attr_dense_int(init, splat ? 0 : (size_t)i) & mask;
	}
	if (!st__hwsim_push(e->sim->ctx, &e->sim->mems, &m, sizeof m))
		return ST_FAIL;
	return vmap_put(e->sim->ctx, &e->mems, st_op_result(op, 0), (uint32_t)(e->sim->mems.n - 1)) ? ST_OK : ST_FAIL;
}

static st_status add_port(elab *e, st_op *op, const uint32_t *ops, size_t n) {
	bool write = strcmp(st_op_name_cstr(op), "seq.write") == 0;
	mem_port p = {.write = write, .mem = vmap_get(&e->mems, st_op_operand(op, 0)), .addr = ops[1], .en = NONE,
	              .out = NONE};
	p.latency = (uint64_t)st_attr_int_value(st_op_get_attr(op, "latency"));
	if (p.mem == NONE)
		return st_op_error(op, "the simulator needs the memory to be a seq.hlmem of the same module");
	memory *m = &((memory *)e->sim->mems.data)[p.mem];
	if (write && m->words_per > 64)
		return st_op_error(op, "the simulator writes memory elements of at most 4096 bits");
	if (write) {
		p.data = ops[2];
		if (n > 3)
			p.en = ops[3];
	} else {
		if (n > 2)
			p.en = ops[2];
		p.out = vmap_get(&e->map, st_op_result(op, 0));
		if (p.latency == 0) {
			uint32_t in2[2] = {p.addr, p.en};
			if (st_failed(add_node(e->sim, N_MEM_READ0, op, p.out, p.en == NONE ? 1 : 2, in2, 0)))
				return ST_FAIL;
			((node *)e->sim->nodes.data)[e->sim->nodes.n - 1].mem = p.mem;
			return ST_OK;
		}
	}
	/* Write stages hold (en, addr, data); read stages hold elements. */
	uint64_t per = write ? 2 + m->words_per : m->words_per;
	uint64_t nst = write ? p.latency - 1 : p.latency;
	p.stages = nst ? st_ctx_alloc(e->sim->ctx, nst * per * sizeof *p.stages) : NULL;
	if (nst && !p.stages)
		return ST_FAIL;
	if (nst)
		memset(p.stages, 0, nst * per * sizeof *p.stages);
	return st__hwsim_push(e->sim->ctx, &e->sim->ports, &p, sizeof p) ? ST_OK : ST_FAIL;
}

static const struct {
	const char *name;
	node_kind kind;
} value_ops[] = {
	{"hw.bitcast", N_COPY},          {"hw.wire", N_COPY},
	{"seq.to_clock", N_COPY},        {"seq.from_clock", N_COPY},
	{"hw.array_create", N_ARRAY_CREATE}, {"hw.array_get", N_ARRAY_GET},
	{"hw.array_inject", N_ARRAY_INJECT}, {"hw.array_concat", N_ARRAY_CONCAT},
	{"hw.array_slice", N_ARRAY_SLICE},   {"hw.struct_create", N_STRUCT_CREATE},
	{"hw.struct_extract", N_STRUCT_EXTRACT}, {"hw.struct_inject", N_STRUCT_INJECT},
};

/* Constants are written into their slots once, before the first cycle. */
static void write_attr_bits(st_hwsim *sim, uint64_t *dst, uint64_t off, st_attr *a, st_type *t) {
	if (st_attr_get_kind(a) == ST_ATTR_INTEGER) {
		st_bv_copy_bits(dst, off, st_attr_int_words(a), 0, st_type_int_width(t));
		return;
	}
	/* Arrays: the first element is the highest index; structs: the first
	 * field is the most significant. */
	size_t n = st_attr_array_size(a);
	for (size_t i = 0; i < n; i++) {
		st_type *et = st_hw_is_array(t) ? st_hw_array_element(t) : st_hw_struct_field_type(t, i);
		uint64_t ew = (uint64_t)st_hw_bit_width(et);
		uint64_t eo = st_hw_is_array(t) ? (n - 1 - i) * ew : st_hw_struct_field_offset(t, i);
		write_attr_bits(sim, dst, off + eo, st_attr_array_elt(a, i), et);
	}
}

static st_status elab_op(elab *e, st_op *op, uint32_t *outs) {
	st_hwsim *sim = e->sim;
	const char *name = st_op_name_cstr(op);
	size_t n = st_op_num_operands(op);
	uint32_t small[16], *ops = n <= 16 ? small : st_ctx_alloc(sim->ctx, n * sizeof *ops);
	if (!ops)
		return ST_FAIL;
	for (size_t i = 0; i < n; i++)
		ops[i] = vmap_get(&e->map, st_op_operand(op, i));
	uint32_t res = st_op_num_results(op) ? vmap_get(&e->map, st_op_result(op, 0)) : NONE;
	st_status st = ST_OK;
	if (strncmp(name, "comb.", 5) == 0) {
		int64_t param = 0;
		if (strcmp(name, "comb.icmp") == 0)
			param = st_attr_int_value(st_op_get_attr(op, "predicate"));
		else if (strcmp(name, "comb.extract") == 0)
			param = st_attr_int_value(st_op_get_attr(op, "lowBit"));
		st = add_node(sim, N_COMB, op, res, n, ops, param);
	} else if (strcmp(name, "hw.constant") == 0 || strcmp(name, "hw.aggregate_constant") == 0) {
		/* Written at start-up, see st__hwsim_build. */
	} else if (strcmp(name, "hw.output") == 0) {
		memcpy(outs, ops, n * sizeof *ops);
	} else if (strcmp(name, "hw.instance") == 0) {
		st_op *m = st_hw_instance_target(op);
		size_t nr = st_op_num_results(op);
		uint32_t rsmall[16], *child = nr <= 16 ? rsmall : st_ctx_alloc(sim->ctx, nr * sizeof *child);
		st = child ? elaborate(sim, m, ops, child, e->depth + 1) : ST_FAIL;
		for (size_t i = 0; st_succeeded(st) && i < nr; i++)
			st = add_node(sim, N_COPY, op, vmap_get(&e->map, st_op_result(op, i)), 1, &child[i], 0);
		if (child && child != rsmall)
			st_ctx_free(sim->ctx, child, nr * sizeof *child);
	} else if (strncmp(name, "seq.compreg", 11) == 0 || strcmp(name, "seq.firreg") == 0) {
		st = add_register(e, op, ops, n);
	} else if (strcmp(name, "seq.hlmem") == 0) {
		/* Made before the ports, in elaborate(). */
	} else if (strcmp(name, "seq.read") == 0 || strcmp(name, "seq.write") == 0) {
		st = add_port(e, op, ops, n);
	} else {
		size_t k = 0;
		while (k < sizeof value_ops / sizeof value_ops[0] && strcmp(value_ops[k].name, name) != 0)
			k++;
		if (k == sizeof value_ops / sizeof value_ops[0])
			st = st_op_error(op, "is not supported by the hardware simulator");
		else
			st = add_node(sim, value_ops[k].kind, op, res, n, ops,
			              st_op_get_attr(op, "fieldIndex") ? st_attr_int_value(st_op_get_attr(op, "fieldIndex")) : 0);
	}
	if (ops != small)
		st_ctx_free(sim->ctx, ops, n * sizeof *ops);
	return st;
}

static st_status elaborate(st_hwsim *sim, st_op *module, const uint32_t *in, uint32_t *out, int depth) {
	if (!module || strcmp(st_op_name_cstr(module), "hw.module") != 0)
		return st_error(sim->ctx, module ? st_op_loc(module) : NULL,
		                "the hardware simulator needs a hw.module with a body");
	if (depth > 64)
		return st_op_error(module, "instances nest deeper than 64 levels (a module instantiates itself?)");
	elab e = {.sim = sim, .depth = depth};
	st_block *body = st_region_first_block(st_op_region(module, 0));
	st_status st = ST_OK;
	for (size_t i = 0; i < st_block_num_args(body) && st_succeeded(st); i++)
		if (!vmap_put(sim->ctx, &e.map, st_block_arg(body, i), in[i]))
			st = ST_FAIL;
	for (st_op *op = st_block_first_op(body); op && st_succeeded(st); op = st_op_next(op)) {
		for (size_t i = 0; i < st_op_num_results(op) && st_succeeded(st); i++) {
			st_type *t = st_value_type(st_op_result(op, i));
			int64_t w = st_hw_bit_width(t);
			if (st_seq_is_hlmem(t))
				continue;
			uint32_t s = w < 0 ? NONE : new_slot(sim, (uint64_t)w);
			if (s == NONE || !vmap_put(sim->ctx, &e.map, st_op_result(op, i), s))
				st = w < 0 ? st_op_error(op, "has a result type the simulator cannot hold") : ST_FAIL;
			st_attr *v = st_op_get_attr(op, strcmp(st_op_name_cstr(op), "hw.constant") == 0 ? "value" : "fields");
			bool is_const = strcmp(st_op_name_cstr(op), "hw.constant") == 0 ||
			                strcmp(st_op_name_cstr(op), "hw.aggregate_constant") == 0;
			const_init ci = {s, v, t};
			if (st_succeeded(st) && is_const && !st__hwsim_push(sim->ctx, &sim->consts, &ci, sizeof ci))
				st = ST_FAIL;
		}
		if (st_succeeded(st) && strcmp(st_op_name_cstr(op), "seq.hlmem") == 0)
			st = add_memory(&e, op);
	}
	for (st_op *op = st_block_first_op(body); op && st_succeeded(st); op = st_op_next(op))
		st = elab_op(&e, op, out);
	vmap_free(sim->ctx, &e.map);
	vmap_free(sim->ctx, &e.mems);
	return st;
}

/* ------------------------------------------------------- scheduling */

/* Kahn's algorithm over the nodes; what is left lies on or behind a cycle,
 * and following producers from any leftover node must come back round. */
static st_status schedule(st_hwsim *sim) {
	st_context *ctx = sim->ctx;
	size_t nn = sim->nodes.n, ns = sim->slots.n;
	node *nodes = sim->nodes.data;
	uint32_t *producer = st_ctx_alloc(ctx, (ns ? ns : 1) * sizeof *producer);
	uint32_t *indeg = st_ctx_alloc(ctx, (nn ? nn : 1) * sizeof *indeg);
	uint32_t *ufirst = st_ctx_alloc(ctx, (ns ? ns : 1) * sizeof *ufirst);
	size_t nuses = 0;
	for (size_t i = 0; i < nn; i++)
		nuses += nodes[i].nin;
	uint32_t *unext = st_ctx_alloc(ctx, (nuses ? nuses : 1) * sizeof *unext);
	uint32_t *unode = st_ctx_alloc(ctx, (nuses ? nuses : 1) * sizeof *unode);
	sim->order = st_ctx_alloc(ctx, (nn ? nn : 1) * sizeof *sim->order);
	st_status st = producer && indeg && ufirst && unext && unode && sim->order ? ST_OK : ST_FAIL;
	if (st_succeeded(st)) {
		for (size_t i = 0; i < ns; i++)
			producer[i] = ufirst[i] = NONE;
		for (size_t i = 0; i < nn; i++)
			producer[nodes[i].out] = (uint32_t)i;
		size_t u = 0;
		for (size_t i = 0; i < nn; i++) {
			indeg[i] = 0;
			for (uint32_t k = 0; k < nodes[i].nin; k++) {
				uint32_t s = nodes[i].in[k];
				if (s == NONE || producer[s] == NONE)
					continue;
				indeg[i]++;
				unode[u] = (uint32_t)i;
				unext[u] = ufirst[s];
				ufirst[s] = (uint32_t)u++;
			}
		}
		size_t head = 0, tail = 0;
		for (size_t i = 0; i < nn; i++)
			if (!indeg[i])
				sim->order[tail++] = (uint32_t)i;
		while (head < tail) {
			node *n = &nodes[sim->order[head++]];
			for (uint32_t x = ufirst[n->out]; x != NONE; x = unext[x])
				if (--indeg[unode[x]] == 0)
					sim->order[tail++] = unode[x];
		}
		if (tail < nn) {
			/* Walk producers from a leftover node until one repeats. */
			size_t start = 0;
			while (indeg[start] == 0)
				start++;
			for (size_t i = 0; i < nn; i++)
				indeg[i] = indeg[i] ? 1 : 0; /* 1: leftover, 2: visited */
			uint32_t cur = (uint32_t)start;
			while (indeg[cur] != 2) {
				indeg[cur] = 2;
				uint32_t next = NONE;
				for (uint32_t k = 0; k < nodes[cur].nin && next == NONE; k++) {
					uint32_t s = nodes[cur].in[k];
					if (s != NONE && producer[s] != NONE && indeg[producer[s]])
						next = producer[s];
				}
				cur = next;
			}
			st_diag *d = st_op_diag(nodes[cur].op, ST_SEV_ERROR, "is on a combinational loop:");
			uint32_t c = cur;
			do {
				st_diag_append(d, " %s", st_op_name_cstr(nodes[c].op));
				st_diag_note(d, st_op_loc(nodes[c].op), "'%s' is on the loop", st_op_name_cstr(nodes[c].op));
				uint32_t next = NONE;
				for (uint32_t k = 0; k < nodes[c].nin && next == NONE; k++) {
					uint32_t s = nodes[c].in[k];
					if (s != NONE && producer[s] != NONE && indeg[producer[s]] == 2)
						next = producer[s];
				}
				/* Only nodes that lead back to `cur` stay marked 2. */
				c = next;
			} while (c != cur && c != NONE);
			st = st_diag_emit(d);
		}
	}
	st_ctx_free(ctx, producer, (ns ? ns : 1) * sizeof *producer);
	st_ctx_free(ctx, indeg, (nn ? nn : 1) * sizeof *indeg);
	st_ctx_free(ctx, ufirst, (ns ? ns : 1) * sizeof *ufirst);
	st_ctx_free(ctx, unext, (nuses ? nuses : 1) * sizeof *unext);
	st_ctx_free(ctx, unode, (nuses ? nuses : 1) * sizeof *unode);
	return st;
}

st_status st__hwsim_build(st_hwsim *sim) {
	st_op *top = sim->top;
	size_t nin = st_hw_module_num_inputs(top), nout = st_hw_module_num_outputs(top);
	sim->inputs = st_ctx_alloc(sim->ctx, (nin ? nin : 1) * sizeof *sim->inputs);
	sim->outputs = st_ctx_alloc(sim->ctx, (nout ? nout : 1) * sizeof *sim->outputs);
	if (!sim->inputs || !sim->outputs)
		return ST_FAIL;
	sim->ninputs = nin;
	sim->noutputs = nout;
	for (size_t i = 0; i < nin; i++) {
		int64_t w = st_hw_bit_width(st_hw_module_input(top, i).type);
		sim->inputs[i] = new_slot(sim, (uint64_t)w);
		if (sim->inputs[i] == NONE)
			return ST_FAIL;
	}
	if (st_failed(elaborate(sim, top, sim->inputs, sim->outputs, 0)) || st_failed(schedule(sim)))
		return ST_FAIL;
	sim->words = st_ctx_alloc(sim->ctx, (sim->nwords ? sim->nwords : 1) * sizeof *sim->words);
	sim->scratch = st_ctx_alloc(sim->ctx, 4 * sim->max_words * sizeof *sim->scratch);
	sim->tmp = st_ctx_alloc(sim->ctx, (sim->nwords ? sim->nwords : 1) * sizeof *sim->tmp);
	if (!sim->words || !sim->scratch || !sim->tmp)
		return ST_FAIL;
	memset(sim->words, 0, (sim->nwords ? sim->nwords : 1) * sizeof *sim->words);
	slot *slots = sim->slots.data;
	const_init *cs = sim->consts.data;
	for (size_t i = 0; i < sim->consts.n; i++)
		write_attr_bits(sim, sim->words + slots[cs[i].slot].off, 0, cs[i].value, cs[i].type);
	reg *regs = sim->regs.data;
	for (size_t i = 0; i < sim->regs.n; i++)
		if (regs[i].init && st_attr_get_kind(regs[i].init) == ST_ATTR_INTEGER)
			st_bv_copy_bits(sim->words + slots[regs[i].state].off, 0, st_attr_int_words(regs[i].init), 0,
			                slots[regs[i].state].width);
	return ST_OK;
}
