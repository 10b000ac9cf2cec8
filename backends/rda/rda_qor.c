/* What the rda target reports (docs/qor-schema.md, "rda"): the resources a
 * mapped design takes of its target, ideal_cycles, and the `rda` object
 * (allocation, DRAM traffic, activity and stalls of the simulation).
 *
 * ideal_cycles is the larger of two lower bounds: the kernel's operations
 * on data (the reference run's data_ops: arithmetic whose result is no
 * index) over the operations the fabric's PCUs can start per cycle (lanes
 * x stages of every PCU), and the bytes the kernel must move over the
 * DRAM's bytes per cycle.  The bytes it must move are every memory it
 * reads, read once, and every memory it writes, written once, but never
 * more than the simulation moved (a kernel that reads a few words of a
 * large buffer need not move the rest). */
#include "rda_target.h"

#include <string.h>

static bool named(const st_op *op, const char *name) { return op && strcmp(st_op_name_cstr(op), name) == 0; }

void rda_report_usage(st_target_run *run, const rda_state *st) {
	const st_rda_machine *m = &st->m;
	st_op *design = st->design;
	for (size_t i = 0; i < m->npus; i++) {
		int64_t used = 0;
		for (st_op *u = st_block_first_op(st_rda_body(design)); u; u = st_op_next(u)) {
			st_attr *pu = named(u, "rda.unit") ? st_op_get_attr(u, "pu") : NULL;
			used += pu && st_str_eq_c(st_attr_string(pu), m->pus[i].name);
		}
		st_qor_add_utilization(run->qor, m->pus[i].name, used, m->pus[i].count);
	}
	/* Static links: directed links between neighbouring tiles that carry at
	 * least one stream, of all the grid's directed links. */
	int64_t cols = m->cols + 2, places = (m->rows + 2) * cols, links = 0, used = 0, dyn = 0;
	for (int64_t r0 = -1; r0 <= m->rows; r0++)
		for (int64_t c0 = -1; c0 <= m->cols; c0++)
			if (st_rda_machine_pu_at(m, r0, c0)) {
				static const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
				for (int d = 0; d < 4; d++)
					links += st_rda_machine_pu_at(m, r0 + dr[d], c0 + dc[d]) != NULL;
			}
	uint8_t *seen = st_ctx_alloc(st_op_context(design), (size_t)places * 4 * 2);
	if (seen) {
		memset(seen, 0, (size_t)places * 4 * 2);
		for (st_op *s = st_block_first_op(st_rda_body(design)); s; s = st_op_next(s)) {
			st_attr *route = named(s, "rda.stream") ? st_op_get_attr(s, "route") : NULL;
			st_attr *net = route ? st_op_get_attr(s, "net") : NULL;
			for (size_t i = 0; route && i < st_attr_array_size(route); i++) {
				st_attr *p = st_attr_array_elt(route, i);
				bool dynamic = net && st_attr_dense_array_int(net, i);
				size_t n = st_attr_dense_array_size(p);
				for (size_t k = 0; k + 3 < n; k += 2) {
					int64_t a = st_attr_dense_array_int(p, k), b = st_attr_dense_array_int(p, k + 1);
					int64_t a2 = st_attr_dense_array_int(p, k + 2), b2 = st_attr_dense_array_int(p, k + 3);
					int d = a2 < a ? 0 : b2 > b ? 1 : a2 > a ? 2 : 3;
					size_t slot = ((size_t)((a + 1) * cols + (b + 1)) * 4 + (size_t)d) * 2 + dynamic;
					if (slot < (size_t)places * 8 && !seen[slot]) {
						seen[slot] = 1;
						if (dynamic)
							dyn++;
						else
							used++;
					}
				}
			}
		}
		st_ctx_free(st_op_context(design), seen, (size_t)places * 4 * 2);
	}
	st_qor_add_utilization(run->qor, "links", used, links);
	st_qor_add_utilization(run->qor, "dynamic_links", dyn, m->vcs ? links : 0);
}

static int64_t ceil_div(double a, double b) {
	double q = b > 0 ? a / b : 0;
	int64_t n = (int64_t)q;
	return (double)n < q ? n + 1 : n;
}

static void set_or_null(st_json *o, const char *key, bool set, double v, int decimals) {
	if (set)
		st_json_set_real(o, key, v, decimals);
	else
		st_json_set_null(o, key);
}

st_status rda_report(st_target_run *run) {
	const rda_state *st = run->state;
	const st_rda_machine *m = &st->m;
	const st_rda_sim_stats *s = &st->stats;
	uint64_t moved = s->dram_read_bits + s->dram_write_bits;
	if (st->simulated && run->referenced) {
		int64_t slots = 0;
		for (size_t i = 0; i < m->npus; i++)
			if (m->pus[i].kind == ST_RDA_COMPUTE)
				slots += m->pus[i].count * m->pus[i].lanes * m->pus[i].stages;
		double bits = 0;
		for (size_t i = 0; i < run->nbuffers; i++) {
			const st_buffer *b = &run->buffers[i];
			if (b->kind == ST_BUFFER_MEMORY)
				bits += (double)b->size * (double)((b->width + 7) / 8 * 8) * ((b->loads > 0) + (b->stores > 0));
		}
		if (bits > (double)moved)
			bits = (double)moved;
		int64_t ideal = ceil_div((double)run->data_ops, (double)slots);
		int64_t dram = ceil_div(bits, (double)m->dram_bits_per_cycle);
		ideal = dram > ideal ? dram : ideal;
		st_qor_set_ideal_cycles(run->qor, ideal > 0 ? ideal : 1);
	}
	st_json *o = st_qor_class_object(run->qor);
	const st_rda_alloc_result *a = &st->alloc;
	/* With alloc=ilp every count has its ILP figure: where the heuristic
	 * found one unit (the least there is) no ILP is solved and its answer
	 * stands, optimal. */
	bool ilp = ((const rda_options *)run->options)->alloc != 0;
	st_json_set_int(o, "units_virtual", a->units_before);
	st_json *p = st_json_set_object(o, "compute_units_partitioned");
	st_json_set_int(p, "heuristic", a->split_heuristic);
	if (ilp)
		st_json_set_int(p, "ilp", a->split_ilp);
	else
		st_json_set_null(p, "ilp");
	p = st_json_set_object(o, "compute_units_merged");
	st_json_set_int(p, "heuristic", a->merged_heuristic);
	if (ilp)
		st_json_set_int(p, "ilp", a->merged_ilp);
	else
		st_json_set_null(p, "ilp");
	st_json_set_int(o, "units_mapped", a->units_after);
	st_json_set_real(o, "heuristic_ms", a->heuristic_ms, 3);
	if (ilp) {
		p = st_json_set_object(o, "ilp");
		st_json_set_int(p, "solved", a->ilp_solved);
		st_json_set_real(p, "ms", a->ilp_ms, 3);
		st_json_set_real(p, "gap", a->ilp_gap, 6);
		st_json_set_bool(p, "optimal", a->ilp_optimal);
		st_json_set_bool(p, "timed_out", a->ilp_timed_out);
	} else
		st_json_set_null(o, "ilp");
	st_json_set_int(o, "dram_bits_per_cycle", m->dram_bits_per_cycle);
	if (run->referenced)
		st_json_set_int(o, "operations", (int64_t)run->data_ops);
	else
		st_json_set_null(o, "operations");
	bool sim = st->simulated;
	if (sim) {
		st_json_set_int(o, "dram_read_bytes", (int64_t)(s->dram_read_bits / 8));
		st_json_set_int(o, "dram_write_bytes", (int64_t)(s->dram_write_bits / 8));
	} else {
		st_json_set_null(o, "dram_read_bytes");
		st_json_set_null(o, "dram_write_bytes");
	}
	set_or_null(o, "dram_bandwidth_used", sim && s->cycles,
	            s->cycles ? (double)moved / ((double)s->cycles * (double)m->dram_bits_per_cycle) : 0, 6);
	set_or_null(o, "unit_activity", sim, st->unit_activity, 6);
	if (sim) {
		p = st_json_set_object(o, "stalls");
		st_json_set_int(p, "input", (int64_t)s->stall_input);
		st_json_set_int(p, "output", (int64_t)s->stall_output);
		st_json_set_int(p, "dram", (int64_t)s->stall_dram);
		st_json_set_int(p, "port", (int64_t)s->stall_port);
	} else
		st_json_set_null(o, "stalls");
	return ST_OK;
}
