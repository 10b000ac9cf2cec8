/* The PE datapath of the fabric simulator: the ALU (integer operations on
 * the data width, the multiplier's low, middle and high outputs, bf16 add,
 * subtract and multiply rounded to nearest even), the comparison flag and
 * the 3-input LUT (docs/cgra.md, "PE").  Written from the operations'
 * definitions, not from the IR the design came from. */
#include "cgra_sim.h"

#include <string.h>

uint64_t st__cg_mask(int32_t bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }

static int64_t sext(uint64_t v, int32_t bits) {
	uint64_t m = st__cg_mask(bits);
	v &= m;
	return bits < 64 && (v >> (bits - 1)) ? (int64_t)(v | ~m) : (int64_t)v;
}

static double bf16_to_double(uint64_t v) {
	uint32_t u = (uint32_t)(v & 0xffff) << 16;
	float f;
	memcpy(&f, &u, sizeof f);
	return f;
}

/* Round to nearest even into bf16 through f32.  Rounding the exact result
 * of one add, subtract or multiply of bf16 values first to 53, then to 24,
 * then to 8 bits gives the correctly rounded bf16: each intermediate
 * precision is at least twice the next one plus two. */
static uint64_t double_to_bf16(double d) {
	float f = (float)d;
	uint32_t u;
	memcpy(&u, &f, sizeof u);
	if ((u & 0x7f800000u) == 0x7f800000u && (u & 0x7fffffu))
		return 0x7fc0;
	uint32_t lsb = (u >> 16) & 1, r = u + 0x7fff + lsb;
	return (r >> 16) & 0xffff;
}

static uint64_t bf16_op(int op, uint64_t a, uint64_t b) {
	double x = bf16_to_double(a), y = bf16_to_double(b);
	double r = op == CG_OP_ADD ? x + y : op == CG_OP_SUB ? x - y : x * y;
	return double_to_bf16(r);
}

static uint64_t alu(const st_cgra_sim *s, const sim_pe *pe, uint64_t a, uint64_t b, uint64_t c, uint64_t *flag) {
	int32_t D = s->D;
	uint64_t m = st__cg_mask(D);
	int64_t sa = sext(a, D), sb = sext(b, D);
	bool sg = pe->sign;
	*flag = 0;
	if (pe->bf16 && (pe->op == CG_OP_ADD || pe->op == CG_OP_SUB || pe->op == CG_OP_MUL))
		return bf16_op(pe->op, a, b);
	switch (pe->op) {
	case CG_OP_ADD:
		return (a + b) & m;
	case CG_OP_SUB:
		return (a - b) & m;
	case CG_OP_MUL: {
		/* A 2D-bit product, of the operands read signed or unsigned. */
		unsigned __int128 p = sg ? (unsigned __int128)((__int128)sa * (__int128)sb)
		                         : (unsigned __int128)a * (unsigned __int128)b;
		int shift = pe->mul == 2 ? D : pe->mul == 1 ? D / 2 : 0;
		return (uint64_t)(p >> shift) & m;
	}
	case CG_OP_SHL:
		return b >= (uint64_t)D ? 0 : (a << b) & m;
	case CG_OP_SHR:
		return b >= (uint64_t)D ? 0 : (a & m) >> b;
	case CG_OP_ASHR:
		return (uint64_t)(sa >> (b >= (uint64_t)D ? D - 1 : (int)b)) & m;
	case CG_OP_AND:
		return a & b & m;
	case CG_OP_OR:
		return (a | b) & m;
	case CG_OP_XOR:
		return (a ^ b) & m;
	case CG_OP_MAX:
		return sg ? (uint64_t)(sa > sb ? sa : sb) & m : (a > b ? a : b) & m;
	case CG_OP_MIN:
		return sg ? (uint64_t)(sa < sb ? sa : sb) & m : (a < b ? a : b) & m;
	case CG_OP_ABS:
		return (uint64_t)(sa < 0 ? -sa : sa) & m;
	case CG_OP_SEL:
		return (c & 1 ? a : b) & m;
	case CG_OP_EQ:
		*flag = a == b;
		return 0;
	case CG_OP_NE:
		*flag = a != b;
		return 0;
	case CG_OP_LT:
		*flag = sg ? sa < sb : a < b;
		return 0;
	case CG_OP_LE:
		*flag = sg ? sa <= sb : a <= b;
		return 0;
	case CG_OP_GT:
		*flag = sg ? sa > sb : a > b;
		return 0;
	case CG_OP_GE:
		*flag = sg ? sa >= sb : a >= b;
		return 0;
	default:
		return 0;
	}
}

void st__cg_pe_eval(const st_cgra_sim *s, const sim_pe *pe, uint64_t *data, uint64_t *bit, uint8_t *valid) {
	uint64_t in[2] = {0, 0}, bits[3] = {0, 0, 0};
	uint8_t v = 1;
	for (int i = 0; i < 2; i++) {
		if (pe->konst[i]) {
			in[i] = pe->cval[i];
			continue;
		}
		int32_t d = pe->in_data[i] >= 0 ? s->drv[pe->in_data[i]] : -1;
		if (d >= 0) {
			in[i] = s->val[d];
			v &= s->vld[d];
		}
	}
	for (int i = 0; i < 3; i++) {
		int32_t d = pe->in_bit[i] >= 0 ? s->drv[pe->in_bit[i]] : -1;
		if (d >= 0) {
			bits[i] = s->val[d] & 1;
			v &= s->vld[d];
		}
	}
	uint64_t flag;
	*data = alu(s, pe, in[0], in[1], bits[0], &flag);
	*bit = flag;
	if (pe->lut) {
		int idx = 0;
		for (int i = 0; i < 3; i++) {
			int src = pe->lut_in[i];
			uint64_t b = src == 3 ? flag : src >= 0 && src < 3 ? bits[src] : 0;
			idx |= (int)(b & 1) << i;
		}
		*bit = (pe->table >> idx) & 1;
	}
	*valid = v;
}
