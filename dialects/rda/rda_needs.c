/* What a unit needs of the tile it runs on (Zhang's Table 3.3 with its
 * aggregation rules): stages add up over its contexts, registers and lanes
 * take the largest, counters add up, inputs and outputs count the streams
 * crossing the unit's boundary per track class (a broadcast once), and a
 * memory unit's scratchpads add up in words and take the most banks.  The
 * mapped form's check (rda_target.c), partitioning and merging use it. */
#include "rda_internal.h"

#include <string.h>

static bool named(const st_op *op, const char *name) { return op && strcmp(st_op_name_cstr(op), name) == 0; }

static st_op *unit_of(st_op *op) {
	for (; op; op = st_op_parent_op(op))
		if (named(op, "rda.unit"))
			return op;
	return NULL;
}

/* The most values live across a stage boundary of the context: defined at
 * or before a stage op and used after it. */
int64_t st_rda_context_regs(st_op *context) {
	st_block *b = st_rda_body(context);
	int64_t best = 0, pos = 0;
	for (st_op *o = st_block_first_op(b); o; o = st_op_next(o), pos++) {
		if (!st_rda_takes_stage(o))
			continue;
		int64_t live = 0;
		for (st_op *d = st_block_first_op(b); d; d = st_op_next(d)) {
			if (!st_op_num_results(d) || named(d, "arith.constant"))
				continue;
			if (!st_op_is_before_in_block(d, o) && d != o)
				break;
			bool used_after = false;
			for (st_use *u = st_value_first_use(st_op_result(d, 0)); u && !used_after; u = st_use_next(u)) {
				st_op *user = st_use_owner(u);
				used_after = st_op_parent_op(user) == context && user != o && st_op_is_before_in_block(o, user);
			}
			live += used_after;
		}
		best = live > best ? live : best;
	}
	return best;
}

static int64_t scratch_words(st_op *scratch, int64_t word_bits) {
	st_type *t = st_attr_type_value(st_op_get_attr(scratch, "type"));
	st_type *e = st_type_element(t);
	int64_t bits = st_type_is_index(e) ? 32 : st_type_is_float(e) ? st_type_float_width(e) : st_type_int_width(e);
	int64_t per = word_bits > 0 ? (bits + word_bits - 1) / word_bits : 1;
	int64_t n = st_type_num_elements_static(t);
	st_attr *part = st_op_get_attr(scratch, "part");
	if (part) {
		int64_t parts = st_attr_dense_array_int(part, 1);
		n = (n + parts - 1) / parts;
	}
	return n * per;
}

st_status st_rda_unit_needs(const st_rda_machine *m, st_op *unit, st_rda_needs *n) {
	memset(n, 0, sizeof *n);
	n->lanes = 1;
	st_op *design = st_rda_design_of(unit);
	int64_t word_bits = 32;
	for (size_t i = 0; i < m->npus; i++)
		if (m->pus[i].kind == ST_RDA_MEMORY)
			word_bits = m->pus[i].word_bits;
	for (st_op *o = st_block_first_op(st_rda_body(unit)); o; o = st_op_next(o)) {
		if (named(o, "rda.scratch")) {
			n->words += scratch_words(o, word_bits);
			st_attr *b = st_op_get_attr(o, "banks");
			n->banks = b && st_attr_int_value(b) > n->banks ? st_attr_int_value(b) : n->banks;
			continue;
		}
		n->stages += st_rda_context_stages(o);
		n->counters += (int64_t)st_rda_context_counters(o, NULL, 0);
		int64_t l = st_rda_context_lanes(o), r = st_rda_context_regs(o);
		n->lanes = l > n->lanes ? l : n->lanes;
		n->regs = r > n->regs ? r : n->regs;
	}
	for (st_op *s = design ? st_block_first_op(st_rda_body(design)) : NULL; s; s = st_op_next(s)) {
		if (!named(s, "rda.stream"))
			continue;
		st_value *v = st_op_result(s, 0);
		st_op *w = st_rda_stream_writer(v);
		bool writes = w && unit_of(w) == unit, reads = false, read_outside = false;
		for (st_use *u = st_value_first_use(v); u; u = st_use_next(u)) {
			st_op *o = st_use_owner(u);
			if (o == w)
				continue;
			if (unit_of(o) == unit)
				reads = true;
			else
				read_outside = true;
		}
		int c = st_rda_net_class_of(m, st_value_type(v));
		if (c < 0 && ((writes && read_outside) || (reads && !writes)))
			return st_op_error(s, "the stream is wider than the tracks of its class");
		if (reads && !writes)
			n->in[c]++;
		if (writes && read_outside)
			n->out[c]++;
	}
	return ST_OK;
}

const char *st_rda_misfit(const st_rda_pu *pu, const st_rda_needs *n, int64_t *used, int64_t *avail) {
	/* An address generator's lanes are the words of one burst. */
	int64_t lanes = pu->kind == ST_RDA_DRAM ? pu->burst_bits / 32 : pu->lanes;
	const struct {
		const char *what;
		int64_t used, avail;
	} rows[] = {
		{"lanes", n->lanes, lanes},
		{"stages", n->stages, pu->stages},
		{"counters", n->counters, pu->counters},
		{"pipeline registers", n->regs, pu->regs},
		{"vector inputs", n->in[ST_RDA_NET_VECTOR], pu->vector_in},
		{"scalar inputs", n->in[ST_RDA_NET_SCALAR], pu->scalar_in},
		{"control inputs", n->in[ST_RDA_NET_CONTROL], pu->control_in},
		{"vector outputs", n->out[ST_RDA_NET_VECTOR], pu->vector_out},
		{"scalar outputs", n->out[ST_RDA_NET_SCALAR], pu->scalar_out},
		{"control outputs", n->out[ST_RDA_NET_CONTROL], pu->control_out},
		{"scratchpad words", n->words, pu->kind == ST_RDA_MEMORY ? pu->depth * pu->banks : 0},
		{"banks", n->banks, pu->kind == ST_RDA_MEMORY ? pu->banks : 0},
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (rows[i].used > rows[i].avail) {
			*used = rows[i].used, *avail = rows[i].avail;
			return rows[i].what;
		}
	return NULL;
}
