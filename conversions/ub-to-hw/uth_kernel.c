/* Each ub.kernel as a combinational datapath: its block arguments are the
 * taps of its read ports, its integer arith ops become comb ops of the same
 * width (arith's wrap-around semantics are comb's), and its yielded values
 * pass through `latency` registers that advance with the pipeline, so a
 * pipelined kernel's result is there in the cycle its write port fires. */
#include "uth.h"

#include <inttypes.h>
#include <string.h>

static const char *const cmp_names[] = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"};

/* Arith ops that are one comb op with the same operands. */
static const struct {
	const char *arith, *comb;
} same[] = {
	{"arith.addi", "comb.add"},   {"arith.subi", "comb.sub"},   {"arith.muli", "comb.mul"},
	{"arith.andi", "comb.and"},   {"arith.ori", "comb.or"},     {"arith.xori", "comb.xor"},
	{"arith.divui", "comb.divu"}, {"arith.divsi", "comb.divs"}, {"arith.remui", "comb.modu"},
	{"arith.remsi", "comb.mods"}, {"arith.shli", "comb.shl"},   {"arith.shrui", "comb.shru"},
	{"arith.shrsi", "comb.shrs"},
};

/* max/min: a compare and a mux. */
static const struct {
	const char *arith, *pred;
} minmax[] = {{"arith.maxsi", "sgt"}, {"arith.maxui", "ugt"}, {"arith.minsi", "slt"}, {"arith.minui", "ult"}};

/* The name of a kernel value: a block argument is its read port's tap. */
static const char *name_of(uth *s, size_t ki, st_value *v, char *buf) {
	if (st_value_is_block_arg(v)) {
		st_op *kop = s->m->kernels[ki].op;
		st_block *b = st_region_first_block(st_op_region(kop, 0));
		for (size_t i = 0; i < st_block_num_args(b); i++)
			if (st_block_arg(b, i) == v) {
				st_op *rd = st_value_defining_op(st_op_operand(kop, i));
				for (size_t k = 0; k < s->m->nports; k++)
					if (s->m->ports[k].op == rd) {
						snprintf(buf, 64, "%%b%d_p%" PRId64, s->m->ports[k].buffer, s->tap[k]);
						return buf;
					}
			}
	}
	size_t i = 0;
	while (i < s->nvals && s->vals[i] != v)
		i++;
	if (i == s->nvals) {
		if (!st_ctx_grow(s->ctx, (void **)&s->vals, &s->cap_vals, NULL, sizeof *s->vals, s->nvals + 1)) {
			s->status = ST_FAIL;
			return "%oom";
		}
		s->vals[s->nvals++] = v;
	}
	snprintf(buf, 64, "%%k%zu_v%zu", ki, i);
	return buf;
}

static unsigned width_of(st_value *v) { return st_type_int_width(st_value_type(v)); }

static bool is_int(st_value *v) {
	st_type *t = st_value_type(v);
	return st_type_is_integer(t) && st_type_int_width(t) <= 64;
}

static st_status op_text(uth *s, size_t ki, st_op *op) {
	const char *n = st_op_name_cstr(op);
	char r[64], a[64], b[64], c[64], t[32];
	for (size_t i = 0; i < st_op_num_operands(op); i++)
		if (!is_int(st_op_operand(op, i)))
			goto bad;
	if (st_op_num_results(op) != 1 || !is_int(st_op_result(op, 0)))
		goto bad;
	name_of(s, ki, st_op_result(op, 0), r);
	unsigned w = width_of(st_op_result(op, 0));
	unsigned wi = st_op_num_operands(op) ? width_of(st_op_operand(op, 0)) : w;
	if (!strcmp(n, "arith.constant")) {
		int64_t v = st_attr_int_value(st_op_get_attr(op, "value"));
		uth_printf(s, "  %s = hw.constant %" PRId64 " : i%u\n", r, w == 1 ? (v & 1) : v, w);
		return ST_OK;
	}
	for (size_t i = 0; i < sizeof same / sizeof same[0]; i++)
		if (!strcmp(n, same[i].arith)) {
			uth_printf(s, "  %s = %s %s, %s : i%u\n", r, same[i].comb, name_of(s, ki, st_op_operand(op, 0), a),
			           name_of(s, ki, st_op_operand(op, 1), b), w);
			return ST_OK;
		}
	for (size_t i = 0; i < sizeof minmax / sizeof minmax[0]; i++)
		if (!strcmp(n, minmax[i].arith)) {
			name_of(s, ki, st_op_operand(op, 0), a);
			name_of(s, ki, st_op_operand(op, 1), b);
			uth_printf(s, "  %s = comb.icmp %s %s, %s : i%u\n  %s = comb.mux %s, %s, %s : i%u\n", uth_temp(s, t),
			           minmax[i].pred, a, b, w, r, t, a, b, w);
			return ST_OK;
		}
	if (!strcmp(n, "arith.floordivsi")) {
		/* Truncating division, one less when the remainder's sign differs
		 * from the divisor's (Halide's division). */
		name_of(s, ki, st_op_operand(op, 0), a);
		name_of(s, ki, st_op_operand(op, 1), b);
		uth_temp(s, t);
		uth_printf(s,
		           "  %s_q = comb.divs %s, %s : i%u\n  %s_r = comb.mods %s, %s : i%u\n  %s_z = hw.constant 0 : i%u\n"
		           "  %s_o = hw.constant 1 : i%u\n  %s_nz = comb.icmp ne %s_r, %s_z : i%u\n"
		           "  %s_rn = comb.icmp slt %s_r, %s_z : i%u\n  %s_bn = comb.icmp slt %s, %s_z : i%u\n"
		           "  %s_x = comb.xor %s_rn, %s_bn : i1\n  %s_adj = comb.and %s_nz, %s_x : i1\n"
		           "  %s_m = comb.sub %s_q, %s_o : i%u\n  %s = comb.mux %s_adj, %s_m, %s_q : i%u\n",
		           t, a, b, w, t, a, b, w, t, w, t, w, t, t, t, w, t, t, t, w, t, b, t, w, t, t, t, t, t, t, t, t, t, w,
		           r, t, t, t, w);
		return ST_OK;
	}
	if (!strcmp(n, "arith.cmpi")) {
		int64_t p = st_attr_int_value(st_op_get_attr(op, "predicate"));
		if (p < 0 || p >= (int64_t)(sizeof cmp_names / sizeof cmp_names[0]))
			goto bad;
		uth_printf(s, "  %s = comb.icmp %s %s, %s : i%u\n", r, cmp_names[p], name_of(s, ki, st_op_operand(op, 0), a),
		           name_of(s, ki, st_op_operand(op, 1), b), wi);
		return ST_OK;
	}
	if (!strcmp(n, "arith.select")) {
		uth_printf(s, "  %s = comb.mux %s, %s, %s : i%u\n", r, name_of(s, ki, st_op_operand(op, 0), a),
		           name_of(s, ki, st_op_operand(op, 1), b), name_of(s, ki, st_op_operand(op, 2), c), w);
		return ST_OK;
	}
	if (!strcmp(n, "arith.trunci")) {
		uth_printf(s, "  %s = comb.extract %s from 0 : (i%u) -> i%u\n", r, name_of(s, ki, st_op_operand(op, 0), a), wi,
		           w);
		return ST_OK;
	}
	if (!strcmp(n, "arith.extui") || !strcmp(n, "arith.extsi")) {
		name_of(s, ki, st_op_operand(op, 0), a);
		uth_temp(s, t);
		if (n[9] == 'u')
			uth_printf(s, "  %s = hw.constant 0 : i%u\n", t, w - wi);
		else
			uth_printf(s, "  %s_s = comb.extract %s from %u : (i%u) -> i1\n  %s = comb.replicate %s_s : (i1) -> i%u\n",
			           t, a, wi - 1, wi, t, t, w - wi);
		uth_printf(s, "  %s = comb.concat %s, %s : i%u, i%u\n", r, t, a, w - wi, wi);
		return ST_OK;
	}
bad:
	return st_op_error(op, "ub-to-hw: '%s' has no hardware form here (kernels of integer arith ops only)", n);
}

static st_status kernel(uth *s, size_t ki) {
	st_op *kop = s->m->kernels[ki].op;
	st_block *b = st_region_first_block(st_op_region(kop, 0));
	int64_t lat = s->m->kernels[ki].latency;
	char a[64];
	s->nvals = 0;
	for (st_op *op = st_block_first_op(b); op; op = st_op_next(op)) {
		if (!strcmp(st_op_name_cstr(op), "ub.yield")) {
			for (size_t j = 0; j < st_op_num_operands(op); j++) {
				unsigned w = width_of(st_op_operand(op, j));
				uth_printf(s, "  %%k%zu_r%zu_d0 = hw.wire %s : i%u\n", ki, j, name_of(s, ki, st_op_operand(op, j), a), w);
				for (int64_t d = 1; d <= lat; d++)
					uth_printf(s, "  %%k%zu_r%zu_d%" PRId64 " = seq.compreg.ce %%k%zu_r%zu_d%" PRId64 ", %%clk, %%adv : i%u\n",
					           ki, j, d, ki, j, d - 1, w);
				uth_printf(s, "  %%k%zu_r%zu = hw.wire %%k%zu_r%zu_d%" PRId64 " : i%u\n", ki, j, ki, j, lat, w);
			}
		} else if (!strcmp(st_op_name_cstr(op), "memref.get_global") && !st_value_first_use(st_op_result(op, 0))) {
			continue; /* a table folded into constants leaves its handle behind */
		} else if (st_failed(op_text(s, ki, op)))
			return ST_FAIL;
	}
	return s->status;
}

st_status uth_kernels(uth *s) {
	for (size_t ki = 0; ki < s->m->nkernels; ki++)
		if (st_failed(kernel(s, ki)))
			return ST_FAIL;
	return ST_OK;
}
