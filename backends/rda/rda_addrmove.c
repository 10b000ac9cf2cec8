/* Memory units and address generators whose access contexts need more
 * stages, vector or scalar inputs, or counters than their tile has: the
 * address (and predicate) arithmetic of the biggest ones moves out into
 * address contexts on compute units, which stream the addresses to the
 * memory unit or address generator (SARA section 3.3.1: "address contexts
 * may be moved out of the memory VU if address stages run out"; an address
 * computed from many streams, a lookup table indexed by data, takes one
 * input once moved; a DRAM address of a strided window, more arithmetic
 * than an AG's five stages, becomes a stream the AG requests).  The
 * access itself, its tokens and its counters stay; counters nothing reads
 * any more are coalesced when the tile has too few (rda_coalesce.c). */
#include "rda_backend_internal.h"

#include <stdint.h>

#include <stdio.h>
#include <string.h>

static bool named(const st_op *op, const char *name) { return op && strcmp(st_op_name_cstr(op), name) == 0; }

static st_op *access_of(st_op *context) {
	for (st_op *o = st_block_first_op(st_rda_body(context)); o; o = st_op_next(o))
		if (named(o, "rda.read") || named(o, "rda.write") || named(o, "rda.load") || named(o, "rda.store"))
			return o;
	return NULL;
}

/* The operand index of an access's address and of its predicate (SIZE_MAX:
 * none): read (addr, pred?), write (value, addr, pred?), load (addr,
 * stream, pred?, acks), store (value, addr, pred?, acks). */
static void access_operands(const st_op *acc, size_t *addr_i, size_t *pred_i) {
	bool read = named(acc, "rda.read") || named(acc, "rda.load");
	size_t start, n;
	*addr_i = read ? 0 : 1;
	*pred_i = SIZE_MAX;
	if (st_succeeded(st_op_operand_group(acc, named(acc, "rda.read") ? 1 : 2, &start, &n)) && n == 1)
		*pred_i = start;
}

/* The stages of the context spent on what the access's address and
 * predicate depend on. */
static int64_t address_stages(st_op *context) {
	return st_rda_context_stages(context) - 1;
}

/* Whether the access of `context` computes its address or predicate
 * there: one already dequeued from a stream has nothing left to move (a
 * second move made a unit that only passed the stream on). */
static bool movable(st_op *context) {
	st_op *acc = access_of(context);
	size_t idx[2];
	access_operands(acc, &idx[0], &idx[1]);
	for (size_t k = 0; k < 2; k++) {
		st_op *d = idx[k] < st_op_num_operands(acc) ? st_value_defining_op(st_op_operand(acc, idx[k])) : NULL;
		if (d && st_op_parent_op(d) == context && !named(d, "rda.deq"))
			return true;
	}
	return false;
}

/* Whether value v is needed (transitively) by operand `i` of the access. */
static void mark(st_value *v, st_op *context, st_value_map *keep, int depth) {
	st_op *d = st_value_defining_op(v);
	if (!d || st_op_parent_op(d) != context || depth > 64 || st_value_map_lookup(keep, v))
		return;
	st_value_map_add(keep, v, v);
	for (size_t i = 0; i < st_op_num_operands(d); i++)
		mark(st_op_operand(d, i), context, keep, depth + 1);
}

static bool effect(const st_op *o) {
	const char *n = st_op_name_cstr(o);
	return !strcmp(n, "rda.read") || !strcmp(n, "rda.write") || !strcmp(n, "rda.load") || !strcmp(n, "rda.store") ||
	       !strcmp(n, "rda.enq") || !strcmp(n, "rda.signal") ||
	       !strcmp(n, "rda.wait") || !strcmp(n, "rda.counter") || !strcmp(n, "rda.reg_set");
}

/* Moves the address of `context`'s access into a new compute unit. */
static st_status move_address(st_op *context, int64_t depth) {
	st_context *ctx = st_op_context(context);
	st_op *acc = access_of(context), *unit = st_op_parent_op(context);
	st_attr *loc = st_op_loc(context);
	size_t addr_i, pred_i;
	access_operands(acc, &addr_i, &pred_i);
	st_value *addr = st_op_operand(acc, addr_i);
	st_value *pred = pred_i < st_op_num_operands(acc) ? st_op_operand(acc, pred_i) : NULL;
	int64_t lanes = st_rda_context_lanes(context);
	int64_t nlevels = (int64_t)st_rda_context_counters(context, NULL, 0);
	/* The new context: the counters (with what their bounds need), then
	 * everything the address and predicate need, cloned in order. */
	st_value_map *keep = st_value_map_create(ctx), *map = st_value_map_create(ctx);
	if (!keep || !map)
		return ST_FAIL;
	mark(addr, context, keep, 0);
	if (pred)
		mark(pred, context, keep, 0);
	for (st_op *o = st_block_first_op(st_rda_body(context)); o; o = st_op_next(o))
		if (named(o, "rda.counter"))
			for (size_t i = 0; i < 2; i++)
				mark(st_op_operand(o, i), context, keep, 0);
	/* Named by its unit and context: the copies of a memory unit hold
	 * contexts of the same names (GEMM with par=8 made two a0_q0_addr). */
	char name[160];
	snprintf(name, sizeof name, "%s_%s_addr", st_ident_cstr(st_symbol_name(unit)),
	         st_ident_cstr(st_symbol_name(context)));
	for (int k = 2; st_symbol_lookup(st_op_parent_op(unit), st_str_c(name)); k++)
		snprintf(name, sizeof name, "%s_%s_addr%d", st_ident_cstr(st_symbol_name(unit)),
		         st_ident_cstr(st_symbol_name(context)), k);
	st_builder db = st_builder_before(unit);
	st_op *nu = st_rda_build_unit(&db, name, ST_RDA_COMPUTE);
	st_builder ub = st_builder_at_end(ctx, st_rda_body(nu), loc);
	st_op *nc = st_rda_build_context(&ub, name, lanes);
	st_status s = nc ? ST_OK : ST_FAIL;
	for (st_op *o = st_block_first_op(st_rda_body(context)); o && st_succeeded(s); o = st_op_next(o)) {
		bool need = named(o, "rda.counter") || (st_op_num_results(o) && st_value_map_lookup(keep, st_op_result(o, 0)));
		if (!need)
			continue;
		st_op *cl = st_op_clone(o, map);
		if (!cl)
			s = ST_FAIL;
		else
			st_block_append_op(st_rda_body(nc), cl);
	}
	/* The streams: the address (and predicate) each firing. */
	st_builder sb = st_builder_before(unit);
	st_builder cb = st_builder_at_end(ctx, st_rda_body(nc), loc);
	st_value *vals[2] = {addr, pred}, *streams[2] = {NULL, NULL};
	for (int k = 0; k < 2 && st_succeeded(s); k++) {
		if (!vals[k])
			continue;
		st_type *t = st_rda_stream_type(ctx, st_value_type(vals[k]), lanes > 1 ? st_attr_int_value(st_op_get_attr(st_rda_design_of(context), "lanes")) : 0);
		streams[k] = st_rda_build_stream(&sb, t, depth, 0, NULL);
		st_value *v = st_value_map_lookup(map, vals[k]);
		if (!streams[k] || !v || !st_rda_build_enq(&cb, streams[k], v, nlevels, NULL))
			s = ST_FAIL;
	}
	/* The memory's context dequeues them; what only they needed goes. */
	if (st_succeeded(s)) {
		st_builder ab = st_builder_before(acc);
		st_value *a = st_rda_build_deq(&ab, streams[0], nlevels);
		st_value *p = streams[1] ? st_rda_build_deq(&ab, streams[1], nlevels) : NULL;
		if (!a || (streams[1] && !p))
			s = ST_FAIL;
		else {
			st_op_set_operand(acc, addr_i, a);
			if (p)
				st_op_set_operand(acc, pred_i, p);
		}
	}
	for (bool changed = true; st_succeeded(s) && changed;) {
		changed = false;
		for (st_op *o = st_block_last_op(st_rda_body(context)), *prev; o; o = prev) {
			prev = st_op_prev(o);
			if (!effect(o) && st_op_results_unused(o)) {
				st_op_erase(o);
				changed = true;
			}
		}
	}
	st_value_map_destroy(keep);
	st_value_map_destroy(map);
	return s;
}

static int64_t excess(int64_t used, int64_t avail) { return used > avail ? used - avail : 0; }

st_status st__rda_move_addresses(st_op *design, const st_rda_machine *m) {
	const st_rda_pu *cpu = st__rda_kind_for(m, ST_RDA_COMPUTE);
	if (!cpu)
		return ST_OK;
	int64_t depth = cpu->buffer_depth > 0 ? cpu->buffer_depth : 2;
	for (st_op *u = st_block_first_op(st_rda_body(design)); u; u = st_op_next(u)) {
		if (!named(u, "rda.unit") ||
		    (st_rda_unit_kind_of(u) != ST_RDA_MEMORY && st_rda_unit_kind_of(u) != ST_RDA_DRAM))
			continue;
		const st_rda_pu *pu = st__rda_kind_for(m, st_rda_unit_kind_of(u));
		if (!pu)
			continue;
		/* Each move must take stages, inputs or counters off the unit (a
		 * context whose address arithmetic stays, or came back, stops the
		 * moves; the unit's fit is checked after).  Counters a PMU lacks
		 * are sought in the chains' counters nothing reads, unless the
		 * memory is copied instead (rda_memcopy.c: copies also give its
		 * readers more ports). */
		st_rda_needs n;
		if (st_failed(st_rda_unit_needs(m, u, &n)))
			return ST_FAIL;
		bool coalesce = n.counters > pu->counters && (st_rda_unit_kind_of(u) == ST_RDA_DRAM || !st__rda_copyable(u));
		for (st_op *c = st_block_first_op(st_rda_body(u)); coalesce && c; c = st_op_next(c))
			if (named(c, "rda.context") && st__rda_coalesce_context(c) < 0)
				return ST_FAIL;
		for (int64_t before = INT64_MAX;;) {
			if (st_failed(st_rda_unit_needs(m, u, &n)))
				return ST_FAIL;
			int64_t over = excess(n.stages, pu->stages) + excess(n.in[ST_RDA_NET_VECTOR], pu->vector_in) +
			               excess(n.in[ST_RDA_NET_SCALAR], pu->scalar_in) +
			               (coalesce ? excess(n.counters, pu->counters) : 0);
			if (!over || over >= before)
				break;
			before = over;
			/* the context spending the most stages on addresses, or, when
			 * only counters are short, the one with the most counters */
			bool by_counters = !excess(n.stages, pu->stages) && !excess(n.in[ST_RDA_NET_VECTOR], pu->vector_in) &&
			                   !excess(n.in[ST_RDA_NET_SCALAR], pu->scalar_in);
			st_op *best = NULL;
			int64_t most = 0;
			for (st_op *c = st_block_first_op(st_rda_body(u)); c; c = st_op_next(c)) {
				if (!named(c, "rda.context") || !access_of(c) || !movable(c))
					continue;
				int64_t score = by_counters ? (int64_t)st_rda_context_counters(c, NULL, 0) : address_stages(c);
				if (score > most)
					best = c, most = score;
			}
			if (!best)
				break;
			if (st_failed(move_address(best, depth)) || (coalesce && st__rda_coalesce_context(best) < 0))
				return ST_FAIL;
		}
	}
	return ST_OK;
}
