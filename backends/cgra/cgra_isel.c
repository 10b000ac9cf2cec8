/* Instruction selection and packing (docs/cgra.md, "Instruction
 * selection"): a ub.kernel's arith body covered by PE operations, each
 * checked against the capabilities of the target's compute tile.
 *
 * Values narrower than the data width travel zero-extended; an operation
 * whose result may leave garbage above its width (a narrow add) marks it
 * dirty and the operations that care (shifts right, comparisons, stores)
 * mask it first; signed ones sign-extend.  Constants fold into the PE's
 * constant registers, 1-bit logic into its LUT together with the
 * comparison feeding it, and a product of two extended values shifted
 * right by half or all of the wide width before truncation into the
 * multiplier's middle or high output (div-by-constant's multiply-and-shift). */
#include "cgra_internal.h"

#include "strata/asm.h"

#include <stdio.h>
#include <string.h>

#define MAX_WIDE 128

unsigned st__cg_type_bits(const st_type *t) {
	if (!t)
		return 0;
	if (st_type_is_integer(t))
		return st_type_int_width(t);
	if (st_type_is_float(t))
		return st_type_float_width(t);
	return 0;
}

/* A value wider than the fabric: an extension of a narrow one, a product
 * of two such, or a product shifted right. */
typedef struct wide {
	int kind; /* 0 constant c, 1 ext, 2 product, 3 shifted product */
	int64_t c;
	cg_sig a, b;
	bool sign;
	unsigned abits, bbits, width;
	int64_t shift;
} wide;

typedef struct ival {
	const st_value *v;
	cg_sig s;
	int wide; /* -1: narrow */
} ival;

typedef struct isel {
	cg_netlist *nl;
	int kidx;
	st_op *kernel;
	const char *kname;
	unsigned D;
	ival *vals;
	size_t nv, capv;
	wide wides[MAX_WIDE];
	size_t nw;
	int npe;
} isel;

static const char *const op_names[CG_OP_COUNT] = {
	"NONE", "ADD", "SUB", "MUL", "SHL", "SHR", "ASHR", "AND", "OR", "XOR", "MAX",
	"MIN",  "ABS", "SEL", "EQ",  "NE",  "LT",  "LE",   "GT",  "GE",
};

const char *st__cg_op_name(cg_op op) { return (unsigned)op < CG_OP_COUNT ? op_names[op] : "?"; }

int st__cg_op_of_name(st_str name) {
	for (int i = 1; i < CG_OP_COUNT; i++)
		if (st_str_eq_c(name, op_names[i]))
			return i;
	return -1;
}

bool st__cg_op_is_compare(cg_op op) { return op >= CG_OP_EQ && op <= CG_OP_GE; }

/* ----------------------------------------------------------- bookkeeping */

static void buf_write(void *ud, const char *d, size_t n) {
	char *b = ud;
	size_t have = strlen(b);
	if (have + n >= 64)
		n = 63 - have;
	memcpy(b + have, d, n);
	b[have + n] = 0;
}

static const char *type_str(st_context *ctx, const st_type *t, char buf[64]) {
	buf[0] = 0;
	st_print_type(ctx, t, buf_write, buf);
	return buf;
}

static ival *lookup(isel *s, const st_value *v) {
	for (size_t i = s->nv; i-- > 0;)
		if (s->vals[i].v == v)
			return &s->vals[i];
	return NULL;
}

static st_status bind(isel *s, const st_value *v, cg_sig sig, int wide) {
	if (s->nv == s->capv) {
		size_t nc = s->capv ? 2 * s->capv : 64;
		ival *p = st_ctx_realloc(s->nl->ctx, s->vals, s->capv * sizeof *p, nc * sizeof *p);
		if (!p)
			return ST_FAIL;
		s->vals = p;
		s->capv = nc;
	}
	s->vals[s->nv++] = (ival){v, sig, wide};
	return ST_OK;
}

static bool has_cap(isel *s, const char *name, const st_type *out) {
	st_acg_cap c;
	for (size_t i = 0; st_acg_get_cap(s->nl->pe_kind, i, &c); i++)
		if (!strcmp(c.op, name) && st_acg_cap_type(&c, 0) == out)
			return true;
	return false;
}

static st_status cap_error(isel *s, st_op *op, const char *cap, const st_type *t) {
	char buf[64];
	type_str(s->nl->ctx, t, buf);
	return st_op_error(op, "cgra: '%s' on %s needs the PE capability '%s' (%s), which the compute tiles of target @%s lack",
	                   st_op_name_cstr(op), buf, cap, buf, st_ident_cstr(st_symbol_name(s->nl->target)));
}

static st_type *int_type(isel *s, unsigned bits) { return st_integer_type(s->nl->ctx, bits, ST_SIGNLESS); }

static uint64_t mask_of(unsigned bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }

static cg_sig konst(int64_t c, unsigned bits) {
	return (cg_sig){.node = -1, .is_const = true, .c = (int64_t)((uint64_t)c & mask_of(bits)), .bits = bits};
}

/* --------------------------------------------------------------- emitting */

/* A PE running `op` on data operands a and b (either may be a constant or
 * absent) and bit operand c on bit pin 0. */
static st_status emit(isel *s, st_op *at, cg_op op, bool sign, int mul, const cg_sig *a, const cg_sig *b,
                      const cg_sig *c, cg_sig *out) {
	cg_netlist *nl = s->nl;
	char name[96];
	snprintf(name, sizeof name, "%s_pe%d", s->kname, s->npe++);
	int32_t n = st__cg_add_node(nl, CG_PE, name, at);
	if (n < 0)
		return ST_FAIL;
	nl->nodes[n].kernel = s->kidx;
	cg_pe *pe = &nl->nodes[n].pe;
	pe->op = op;
	pe->sign = sign;
	pe->mul = mul;
	const cg_sig *in[2] = {a, b};
	for (int i = 0; i < 2; i++) {
		if (!in[i])
			continue;
		if (in[i]->is_const) {
			pe->konst[i] = true;
			pe->cval[i] = in[i]->c;
		} else if (st_failed(st__cg_connect(nl, (cg_pin){in[i]->node, in[i]->bit, in[i]->index},
		                                    (cg_pin){n, 0, (uint8_t)i}))) {
			return ST_FAIL;
		}
	}
	if (c && st_failed(st__cg_connect(nl, (cg_pin){c->node, c->bit, c->index}, (cg_pin){n, 1, 0})))
		return ST_FAIL;
	bool flag = st__cg_op_is_compare(op);
	*out = (cg_sig){.node = n, .bit = flag, .bits = flag ? 1 : s->D};
	return ST_OK;
}

static st_status alu(isel *s, st_op *at, cg_op op, bool sign, const cg_sig *a, const cg_sig *b, unsigned bits,
                     cg_sig *out) {
	if (!has_cap(s, op_names[op], int_type(s, st__cg_op_is_compare(op) ? 1 : s->D)))
		return cap_error(s, at, op_names[op], int_type(s, st__cg_op_is_compare(op) ? 1 : s->D));
	if (st_failed(emit(s, at, op, sign, 0, a, b, NULL, out)))
		return ST_FAIL;
	out->bits = st__cg_op_is_compare(op) ? 1 : bits;
	return ST_OK;
}

/* The value zero-extended (its garbage above its width masked off). */
static st_status clean(isel *s, st_op *at, cg_sig *v) {
	if (v->is_const || v->bit || v->bits >= s->D || (!v->dirty && !v->sext))
		return ST_OK;
	cg_sig m = konst((int64_t)mask_of(v->bits), s->D), r;
	if (st_failed(alu(s, at, CG_OP_AND, false, v, &m, v->bits, &r)))
		return ST_FAIL;
	*v = r;
	return ST_OK;
}

/* The value sign-extended to the data width. */
static st_status sext(isel *s, st_op *at, cg_sig *v) {
	if (v->bit || v->bits >= s->D || v->sext)
		return ST_OK;
	if (v->is_const) {
		uint64_t c = (uint64_t)v->c & mask_of(v->bits);
		if (c >> (v->bits - 1))
			c |= ~mask_of(v->bits);
		*v = konst((int64_t)c, s->D);
		v->bits = s->D;
		return ST_OK;
	}
	cg_sig k = konst(s->D - v->bits, s->D), t, r;
	unsigned bits = v->bits;
	if (st_failed(alu(s, at, CG_OP_SHL, false, v, &k, s->D, &t)) ||
	    st_failed(alu(s, at, CG_OP_ASHR, true, &t, &k, bits, &r)))
		return ST_FAIL;
	r.sext = true;
	*v = r;
	return ST_OK;
}

/* ------------------------------------------------------------------- LUTs */

/* The LUT inputs of a PE whose 1-bit output is its LUT's: their sources. */
static int lut_sources(isel *s, int32_t pe, cg_sig src[3]) {
	cg_node *n = &s->nl->nodes[pe];
	int k = 0;
	for (int i = 0; i < 3; i++) {
		int in = n->pe.lut_in[i];
		if (in == 3) {
			src[k++] = (cg_sig){.node = pe, .bit = 1, .bits = 1, .index = 255}; /* the flag */
			continue;
		}
		if (in < 0)
			continue;
		for (size_t c = 0; c < s->nl->nc; c++) {
			cg_conn *e = &s->nl->conns[c];
			if (e->dst.node == pe && e->dst.bit && e->dst.index == in) {
				src[k++] = (cg_sig){.node = e->src.node, .bit = e->src.bit, .index = e->src.index, .bits = 1};
				break;
			}
		}
	}
	return k;
}

static bool same_sig(const cg_sig *a, const cg_sig *b) {
	return a->node == b->node && a->bit == b->bit && a->index == b->index && a->is_const == b->is_const &&
	       (!a->is_const || a->c == b->c);
}

typedef enum lut_fn { L_AND, L_OR, L_XOR, L_SEL } lut_fn;

/* The PE whose 1-bit output is operand `v`, when nothing else reads it and
 * its LUT (or its comparison) can take one more function: -1 otherwise. */
static int32_t absorbable(isel *s, const st_value *v, const cg_sig *sig) {
	if (!st_value_has_one_use(v) || sig->is_const || sig->node < 0 || !sig->bit)
		return -1;
	cg_node *n = &s->nl->nodes[sig->node];
	if (n->kind != CG_PE || n->kernel != s->kidx)
		return -1;
	return n->pe.lut || st__cg_op_is_compare(n->pe.op) ? sig->node : -1;
}

/* A 1-bit function of up to three 1-bit operands as a LUT, merged into the
 * PE that computes one of them when nothing else reads it. */
static st_status lut(isel *s, st_op *at, lut_fn fn, const st_value *const *vals, const cg_sig *ops, int nops,
                     cg_sig *out) {
	if (!has_cap(s, "LUT", int_type(s, 1)))
		return cap_error(s, at, "LUT", int_type(s, 1));
	/* Inputs of the merged LUT: the absorbed PE's, then the others. */
	cg_sig in[6];
	int nin = 0, host = -1, absorbed = -1;
	uint8_t sub_table = 0;
	for (int i = 0; i < nops && host < 0; i++) {
		int32_t p = absorbable(s, vals[i], &ops[i]);
		if (p < 0)
			continue;
		cg_node *n = &s->nl->nodes[p];
		cg_sig src[3];
		int k = n->pe.lut ? lut_sources(s, p, src) : 0;
		if (!n->pe.lut) {
			src[0] = (cg_sig){.node = p, .bit = 1, .bits = 1, .index = 255};
			k = 1;
		}
		int extra = 0;
		for (int j = 0; j < nops; j++)
			if (j != i && !ops[j].is_const) {
				bool dup = false;
				for (int q = 0; q < k; q++)
					dup = dup || same_sig(&src[q], &ops[j]);
				extra += !dup;
			}
		if (k + extra > 3)
			continue;
		host = p;
		absorbed = i;
		sub_table = n->pe.lut ? n->pe.table : 0xAA; /* identity of input 0 */
		for (int q = 0; q < k; q++)
			in[nin++] = src[q];
	}
	int subn = nin;
	int idx[3];
	for (int i = 0; i < nops; i++) {
		if (i == absorbed) {
			idx[i] = -1;
			continue;
		}
		if (ops[i].is_const) {
			idx[i] = -2 - (int)(ops[i].c & 1);
			continue;
		}
		int found = -1;
		for (int q = 0; q < nin && found < 0; q++)
			if (same_sig(&in[q], &ops[i]))
				found = q;
		if (found < 0) {
			found = nin;
			in[nin++] = ops[i];
		}
		idx[i] = found;
	}
	if (nin > 3)
		return st_op_error(at, "cgra: a LUT takes at most 3 inputs");
	/* The truth table over the merged inputs. */
	uint8_t table = 0;
	for (int m = 0; m < 8; m++) {
		int bits[3];
		for (int i = 0; i < nops; i++) {
			if (idx[i] == -1) {
				int sm = 0;
				for (int q = 0; q < subn; q++)
					sm |= ((m >> q) & 1) << q;
				bits[i] = (sub_table >> sm) & 1;
			} else if (idx[i] <= -2) {
				bits[i] = -2 - idx[i];
			} else {
				bits[i] = (m >> idx[i]) & 1;
			}
		}
		int r = fn == L_AND ? bits[0] & bits[1]
		        : fn == L_OR ? bits[0] | bits[1]
		        : fn == L_XOR ? bits[0] ^ bits[1]
		                      : (bits[0] ? bits[1] : bits[2]);
		table |= (uint8_t)(r << m);
	}
	cg_netlist *nl = s->nl;
	int32_t pe = host;
	if (pe < 0) {
		char name[96];
		snprintf(name, sizeof name, "%s_pe%d", s->kname, s->npe++);
		pe = st__cg_add_node(nl, CG_PE, name, at);
		if (pe < 0)
			return ST_FAIL;
		nl->nodes[pe].kernel = s->kidx;
	}
	cg_pe *p = &nl->nodes[pe].pe;
	/* Rewire the bit pins: drop the old ones, connect the merged inputs. */
	for (size_t c = 0; c < nl->nc; c++)
		if (nl->conns[c].dst.node == pe && nl->conns[c].dst.bit)
			nl->conns[c] = nl->conns[--nl->nc], c--;
	int pin = 0;
	for (int q = 0; q < 3; q++)
		p->lut_in[q] = -1;
	for (int q = 0; q < nin; q++) {
		if (in[q].node == pe && in[q].index == 255) {
			p->lut_in[q] = 3;
			continue;
		}
		p->lut_in[q] = pin;
		if (st_failed(st__cg_connect(nl, (cg_pin){in[q].node, in[q].bit, in[q].index}, (cg_pin){pe, 1, (uint8_t)pin})))
			return ST_FAIL;
		pin++;
	}
	p->lut = true;
	p->table = table;
	*out = (cg_sig){.node = pe, .bit = 1, .bits = 1};
	return ST_OK;
}

/* ------------------------------------------------------------- operations */

static st_status select_one(isel *s, st_op *op);

/* A value the kernel reads from outside its body: canonicalisation
 * hoists constants out of kernels, which are not isolated from above. */
static ival *outside(isel *s, st_op *op, size_t i) {
	ival *v = lookup(s, st_op_operand(op, i));
	st_op *def = v ? NULL : st_value_defining_op(st_op_operand(op, i));
	if (def && !strcmp(st_op_name_cstr(def), "arith.constant") && !st_op_is_ancestor(s->kernel, def) &&
	    st_succeeded(select_one(s, def)))
		v = lookup(s, st_op_operand(op, i));
	return v;
}

static cg_sig *operand(isel *s, st_op *op, size_t i) {
	ival *v = outside(s, op, i);
	return v && v->wide < 0 ? &v->s : NULL;
}

static wide *wide_operand(isel *s, st_op *op, size_t i) {
	ival *v = outside(s, op, i);
	return v && v->wide >= 0 ? &s->wides[v->wide] : NULL;
}

static st_status bind_wide(isel *s, st_op *op, wide w) {
	if (s->nw == MAX_WIDE)
		return st_op_error(op, "cgra: too many wide values in one kernel");
	s->wides[s->nw] = w;
	return bind(s, st_op_result(op, 0), (cg_sig){.node = -1}, (int)s->nw++);
}

static const char *cap_of_unsupported(const char *name) {
	static const char *const table[][2] = {
		{"arith.divui", "DIV"}, {"arith.divsi", "DIV"}, {"arith.floordivsi", "DIV"}, {"arith.ceildivsi", "DIV"},
		{"arith.ceildivui", "DIV"}, {"arith.remui", "REM"}, {"arith.remsi", "REM"}, {"arith.divf", "DIV"},
		{"arith.remf", "REM"}, {"math.exp", "EXP"}, {"math.log", "LN"}, {"math.sqrt", "SQRT"},
		{"math.sin", "SIN"}, {"math.cos", "COS"}, {"math.tanh", "TANH"}, {"math.powf", "POW"},
		{"arith.addf", "ADD"}, {"arith.subf", "SUB"}, {"arith.mulf", "MUL"}, {"arith.maximumf", "MAX"},
		{"arith.minimumf", "MIN"}, {"arith.negf", "NEG"}, {"arith.cmpf", "CMP"}, {"math.absf", "ABS"},
	};
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		if (!strcmp(name, table[i][0]))
			return table[i][1];
	return NULL;
}

/* A constant power of two 2^k (k > 0) as operand i, or -1. */
static int pow2_operand(isel *s, st_op *op, size_t i) {
	cg_sig *v = operand(s, op, i);
	if (!v || !v->is_const || v->c <= 1 || (v->c & (v->c - 1)))
		return -1;
	return __builtin_ctzll((uint64_t)v->c);
}

static st_status binary(isel *s, st_op *op, const char *name, unsigned bits) {
	cg_sig *pa = operand(s, op, 0), *pb = operand(s, op, 1);
	if (!pa || !pb)
		return st_op_error(op, "cgra: an operand is wider than the fabric's %u bits", s->D);
	cg_sig a = *pa, b = *pb, r;
	cg_op k = CG_OP_NONE;
	bool sign = false, need_clean = false, need_sext = false, keeps_clean = false;
	if (!strcmp(name, "arith.addi"))
		k = CG_OP_ADD;
	else if (!strcmp(name, "arith.subi"))
		k = CG_OP_SUB;
	else if (!strcmp(name, "arith.muli"))
		k = CG_OP_MUL;
	else if (!strcmp(name, "arith.andi") || !strcmp(name, "arith.ori") || !strcmp(name, "arith.xori")) {
		k = !strcmp(name, "arith.andi") ? CG_OP_AND : !strcmp(name, "arith.ori") ? CG_OP_OR : CG_OP_XOR;
		need_clean = a.dirty || b.dirty || a.sext != b.sext;
		keeps_clean = true;
	} else if (!strcmp(name, "arith.shli")) {
		k = CG_OP_SHL;
		if (st_failed(clean(s, op, &b)))
			return ST_FAIL;
	} else if (!strcmp(name, "arith.shrui")) {
		k = CG_OP_SHR;
		need_clean = true;
		keeps_clean = true;
	} else if (!strcmp(name, "arith.shrsi")) {
		k = CG_OP_ASHR;
		sign = need_sext = true;
		if (st_failed(clean(s, op, &b)))
			return ST_FAIL;
	} else if (!strcmp(name, "arith.maxui") || !strcmp(name, "arith.minui")) {
		k = !strncmp(name + 6, "max", 3) ? CG_OP_MAX : CG_OP_MIN;
		need_clean = keeps_clean = true;
	} else if (!strcmp(name, "arith.maxsi") || !strcmp(name, "arith.minsi")) {
		k = !strncmp(name + 6, "max", 3) ? CG_OP_MAX : CG_OP_MIN;
		sign = need_sext = true;
	}
	if (k == CG_OP_NONE)
		return st_op_error(op, "cgra: no PE operation for '%s'", name);
	if (k == CG_OP_SHR || k == CG_OP_ASHR) {
		if (k == CG_OP_SHR ? st_failed(clean(s, op, &a)) : st_failed(sext(s, op, &a)))
			return ST_FAIL;
		if (st_failed(alu(s, op, k, sign, &a, &b, bits, &r)))
			return ST_FAIL;
		r.sext = k == CG_OP_ASHR && bits < s->D;
		return bind(s, st_op_result(op, 0), r, -1);
	}
	if (need_clean && (st_failed(clean(s, op, &a)) || st_failed(clean(s, op, &b))))
		return ST_FAIL;
	if (need_sext && (st_failed(sext(s, op, &a)) || st_failed(sext(s, op, &b))))
		return ST_FAIL;
	if (st_failed(alu(s, op, k, sign, &a, &b, bits, &r)))
		return ST_FAIL;
	if (bits < s->D) {
		r.sext = need_sext || (keeps_clean && a.sext && b.sext);
		r.dirty = !r.sext && !(keeps_clean && !a.dirty && !b.dirty && !a.sext && !b.sext);
	}
	return bind(s, st_op_result(op, 0), r, -1);
}

/* Division and remainder by a constant power of two, as shifts and masks;
 * anything else needs a divider. */
static st_status divide(isel *s, st_op *op, const char *name, unsigned bits) {
	int k = pow2_operand(s, op, 1);
	cg_sig *pa = operand(s, op, 0);
	if (k < 0 || !pa || k >= (int)bits)
		return cap_error(s, op, cap_of_unsupported(name), st_value_type(st_op_result(op, 0)));
	cg_sig a = *pa, r, t, u, kk = konst(k, s->D);
	if (!strcmp(name, "arith.divui")) {
		if (st_failed(clean(s, op, &a)) || st_failed(alu(s, op, CG_OP_SHR, false, &a, &kk, bits, &r)))
			return ST_FAIL;
	} else if (!strcmp(name, "arith.floordivsi")) {
		if (st_failed(sext(s, op, &a)) || st_failed(alu(s, op, CG_OP_ASHR, true, &a, &kk, bits, &r)))
			return ST_FAIL;
		r.sext = bits < s->D;
	} else if (!strcmp(name, "arith.remui")) {
		cg_sig m = konst((1ll << k) - 1, s->D);
		if (st_failed(alu(s, op, CG_OP_AND, false, &a, &m, bits, &r)))
			return ST_FAIL;
	} else if (!strcmp(name, "arith.divsi")) {
		/* Round toward zero: add 2^k - 1 to negative values first. */
		cg_sig top = konst(s->D - 1, s->D), fill = konst(s->D - k, s->D);
		if (st_failed(sext(s, op, &a)) || st_failed(alu(s, op, CG_OP_ASHR, true, &a, &top, s->D, &t)) ||
		    st_failed(alu(s, op, CG_OP_SHR, false, &t, &fill, s->D, &u)) ||
		    st_failed(alu(s, op, CG_OP_ADD, false, &a, &u, s->D, &t)) ||
		    st_failed(alu(s, op, CG_OP_ASHR, true, &t, &kk, bits, &r)))
			return ST_FAIL;
		r.sext = bits < s->D;
	} else {
		return cap_error(s, op, cap_of_unsupported(name), st_value_type(st_op_result(op, 0)));
	}
	return bind(s, st_op_result(op, 0), r, -1);
}

static st_status compare(isel *s, st_op *op) {
	static const cg_op preds[] = {CG_OP_EQ, CG_OP_NE, CG_OP_LT, CG_OP_LE, CG_OP_GT,
	                              CG_OP_GE, CG_OP_LT, CG_OP_LE, CG_OP_GT, CG_OP_GE};
	int64_t p = st_attr_int_value(st_op_get_attr(op, "predicate"));
	cg_sig *pa = operand(s, op, 0), *pb = operand(s, op, 1);
	if (!pa || !pb || p < 0 || p > 9)
		return st_op_error(op, "cgra: a comparison wider than the fabric's %u bits", s->D);
	cg_sig a = *pa, b = *pb, r;
	bool sign = p >= 2 && p <= 5;
	if (a.bit || b.bit)
		return st_op_error(op, "cgra: a comparison of 1-bit values has no PE operation");
	if (sign ? st_failed(sext(s, op, &a)) || st_failed(sext(s, op, &b))
	         : st_failed(clean(s, op, &a)) || st_failed(clean(s, op, &b)))
		return ST_FAIL;
	if (st_failed(alu(s, op, preds[p], sign, &a, &b, 1, &r)))
		return ST_FAIL;
	return bind(s, st_op_result(op, 0), r, -1);
}

static st_status select_op(isel *s, st_op *op, unsigned bits) {
	cg_sig *pc = operand(s, op, 0), *pa = operand(s, op, 1), *pb = operand(s, op, 2);
	if (!pc || !pa || !pb)
		return st_op_error(op, "cgra: a select wider than the fabric's %u bits", s->D);
	cg_sig c = *pc, a = *pa, b = *pb, r;
	if (bits == 1) {
		const st_value *vs[3] = {st_op_operand(op, 0), st_op_operand(op, 1), st_op_operand(op, 2)};
		cg_sig ops[3] = {c, a, b};
		if (st_failed(lut(s, op, L_SEL, vs, ops, 3, &r)))
			return ST_FAIL;
		return bind(s, st_op_result(op, 0), r, -1);
	}
	if (c.is_const)
		return bind(s, st_op_result(op, 0), (c.c & 1) ? a : b, -1);
	if (a.dirty != b.dirty || a.sext != b.sext) {
		if (st_failed(clean(s, op, &a)) || st_failed(clean(s, op, &b)))
			return ST_FAIL;
	}
	if (!has_cap(s, "SEL", int_type(s, s->D)))
		return cap_error(s, op, "SEL", st_value_type(st_op_result(op, 0)));
	if (st_failed(emit(s, op, CG_OP_SEL, false, 0, &a, &b, &c, &r)))
		return ST_FAIL;
	r.bits = bits;
	r.dirty = a.dirty;
	r.sext = a.sext;
	return bind(s, st_op_result(op, 0), r, -1);
}

static st_status logic1(isel *s, st_op *op, const char *name) {
	cg_sig *pa = operand(s, op, 0), *pb = operand(s, op, 1), r;
	if (!pa || !pb)
		return st_op_error(op, "cgra: a 1-bit operand is missing");
	const st_value *vs[2] = {st_op_operand(op, 0), st_op_operand(op, 1)};
	cg_sig ops[2] = {*pa, *pb};
	lut_fn fn = !strcmp(name, "arith.andi") ? L_AND : !strcmp(name, "arith.ori") ? L_OR : L_XOR;
	if (st_failed(lut(s, op, fn, vs, ops, 2, &r)))
		return ST_FAIL;
	return bind(s, st_op_result(op, 0), r, -1);
}

static st_status extend(isel *s, st_op *op, bool sign, unsigned from, unsigned to) {
	cg_sig *pa = operand(s, op, 0);
	if (!pa)
		return st_op_error(op, "cgra: an extension of a value wider than the fabric's %u bits", s->D);
	cg_sig a = *pa, r;
	if (to > s->D) {
		if (from > s->D)
			return cap_error(s, op, "ADD", st_value_type(st_op_result(op, 0)));
		if (sign ? st_failed(sext(s, op, &a)) : st_failed(clean(s, op, &a)))
			return ST_FAIL;
		return bind_wide(s, op, (wide){.kind = 1, .a = a, .sign = sign, .abits = from, .width = to});
	}
	if (from == 1) {
		cg_sig one = konst(sign ? -1 : 1, s->D), zero = konst(0, s->D);
		if (a.is_const)
			return bind(s, st_op_result(op, 0), konst((a.c & 1) ? one.c : 0, to), -1);
		if (!has_cap(s, "SEL", int_type(s, s->D)))
			return cap_error(s, op, "SEL", st_value_type(st_op_result(op, 0)));
		if (st_failed(emit(s, op, CG_OP_SEL, false, 0, &one, &zero, &a, &r)))
			return ST_FAIL;
		r.bits = to;
		r.dirty = sign && to < s->D;
		return bind(s, st_op_result(op, 0), r, -1);
	}
	if (sign) {
		if (st_failed(sext(s, op, &a)))
			return ST_FAIL;
		a.bits = to;
		a.sext = to < s->D;
		a.dirty = false;
		if (to < s->D && st_failed(clean(s, op, &a)))
			return ST_FAIL;
	} else {
		if (st_failed(clean(s, op, &a)))
			return ST_FAIL;
		a.bits = to;
	}
	return bind(s, st_op_result(op, 0), a, -1);
}

/* trunci: of a narrow value, its low bits (garbage above them); of a
 * shifted product, the multiplier's middle or high output. */
static st_status truncate(isel *s, st_op *op, unsigned to) {
	wide *w = wide_operand(s, op, 0);
	cg_sig *pa = operand(s, op, 0), r;
	if (pa) {
		cg_sig a = *pa;
		if (to == 1) {
			cg_sig one = konst(1, s->D), zero = konst(0, s->D), t;
			if (st_failed(alu(s, op, CG_OP_AND, false, &a, &one, s->D, &t)) ||
			    st_failed(alu(s, op, CG_OP_NE, false, &t, &zero, 1, &r)))
				return ST_FAIL;
			return bind(s, st_op_result(op, 0), r, -1);
		}
		a.dirty = a.dirty || a.sext || a.bits > to;
		a.sext = false;
		a.bits = to;
		return bind(s, st_op_result(op, 0), a, -1);
	}
	if (!w || to > s->D || (w->kind != 2 && w->kind != 3))
		return st_op_error(op, "cgra: truncating a value wider than the fabric's %u bits that is no shifted "
		                       "product",
		                   s->D);
	/* Bits [sh, sh + to) of the product, zero- or sign-filled above the
	 * wide type: the high output holds [D, 2D), the middle one [D/2,
	 * 3D/2), either shifted right by the rest. */
	int64_t sh = w->kind == 3 ? w->shift : 0, D = s->D, half = D / 2;
	unsigned pbits = w->abits + w->bbits;
	int mul;
	int64_t rest;
	if (sh >= D && (sh + to <= 2 * D || w->width <= 2 * D)) {
		mul = 2;
		rest = sh - D;
	} else if (sh >= half && (sh + to <= D + half || pbits <= D + half)) {
		mul = 1;
		rest = sh - half;
	} else if (sh < D && sh + to <= D) {
		mul = 0;
		rest = sh;
	} else {
		return st_op_error(op, "cgra: bits %lld to %lld of a product come from no multiplier output", (long long)sh,
		                   (long long)(sh + to - 1));
	}
	static const char *const outs[] = {"low", "middle", "high"};
	st_attr *mo = st_acg_param(s->nl->pe_kind, "mul_out");
	bool have = mul == 0;
	for (size_t i = 0; mo && !have && i < st_attr_array_size(mo); i++)
		have = st_str_eq_c(st_attr_string(st_attr_array_elt(mo, i)), outs[mul]);
	if (!has_cap(s, "MUL", int_type(s, s->D)) || !have)
		return st_op_error(op, "cgra: '%s' needs the %s output of the PE's multiplier ('MUL' with param mul_out "
		                       "holding \"%s\"), which target @%s does not have",
		                   st_op_name_cstr(op), outs[mul], outs[mul], st_ident_cstr(st_symbol_name(s->nl->target)));
	if (st_failed(emit(s, op, CG_OP_MUL, w->sign, mul, &w->a, &w->b, NULL, &r)))
		return ST_FAIL;
	if (rest > 0) {
		cg_sig k = konst(rest, s->D), t = r;
		if (st_failed(alu(s, op, w->sign ? CG_OP_ASHR : CG_OP_SHR, w->sign, &t, &k, to, &r)))
			return ST_FAIL;
	}
	r.bits = to;
	r.dirty = to < s->D;
	return bind(s, st_op_result(op, 0), r, -1);
}

/* Operand i as a constant, narrow or wide. */
static bool const_operand(isel *s, st_op *op, size_t i, int64_t *c) {
	ival *v = outside(s, op, i);
	if (!v)
		return false;
	if (v->wide >= 0 ? s->wides[v->wide].kind != 0 : !v->s.is_const)
		return false;
	*c = v->wide >= 0 ? s->wides[v->wide].c : v->s.c;
	return true;
}

/* Wide arithmetic: only what builds a shifted product of extensions. */
static st_status wide_op(isel *s, st_op *op, const char *name, unsigned bits) {
	wide *a = wide_operand(s, op, 0), *b = wide_operand(s, op, 1);
	int64_t kc = 0;
	bool kb = const_operand(s, op, 1, &kc);
	if (!strcmp(name, "arith.muli") && a && a->kind == 1 && ((b && b->kind == 1) || (kb && kc >= 0))) {
		bool bconst = !(b && b->kind == 1);
		unsigned bb = bconst ? 0 : b->abits;
		if (bconst)
			for (bb = 0; bb < 64 && ((uint64_t)kc >> bb); bb++)
				;
		bool sign = a->sign || (!bconst && b->sign);
		/* The product must fit the wide type for the truncation to see
		 * what the multiplier gives. */
		if (a->abits + bb <= bits && bb <= s->D && (bconst || a->sign == b->sign) && (!bconst || !sign)) {
			cg_sig bs = bconst ? konst(kc, s->D) : b->a;
			return bind_wide(s, op,
			                 (wide){.kind = 2, .a = a->a, .b = bs, .sign = sign, .abits = a->abits, .bbits = bb,
			                        .width = bits});
		}
	}
	if ((!strcmp(name, "arith.shrui") || !strcmp(name, "arith.shrsi")) && a && a->kind == 2 && kb && kc >= 0 &&
	    !strcmp(name, "arith.shrsi") == a->sign) {
		wide w = *a;
		w.kind = 3;
		w.shift = kc;
		return bind_wide(s, op, w);
	}
	static const struct {
		const char *op, *cap;
	} caps[] = {{"arith.addi", "ADD"}, {"arith.subi", "SUB"}, {"arith.muli", "MUL"}, {"arith.shrui", "SHR"},
	            {"arith.shrsi", "ASHR"}, {"arith.shli", "SHL"}, {"arith.andi", "AND"}, {"arith.ori", "OR"},
	            {"arith.xori", "XOR"}, {"arith.maxsi", "MAX"}, {"arith.maxui", "MAX"}, {"arith.minsi", "MIN"},
	            {"arith.minui", "MIN"}, {"arith.cmpi", "LT"}, {"arith.select", "SEL"}};
	const char *cap = cap_of_unsupported(name);
	for (size_t i = 0; !cap && i < sizeof caps / sizeof caps[0]; i++)
		if (!strcmp(name, caps[i].op))
			cap = caps[i].cap;
	st_type *t = st_value_type(st_op_num_results(op) ? st_op_result(op, 0) : st_op_operand(op, 0));
	if (!strcmp(name, "arith.cmpi") || !strcmp(name, "arith.select"))
		t = st_value_type(st_op_operand(op, !strcmp(name, "arith.cmpi") ? 0 : 1));
	return cap_error(s, op, cap ? cap : "ADD", t);
}

static st_status select_one(isel *s, st_op *op) {
	const char *name = st_op_name_cstr(op);
	st_type *rt = st_op_num_results(op) ? st_value_type(st_op_result(op, 0)) : NULL;
	unsigned bits = st__cg_type_bits(rt);
	if (!strcmp(name, "arith.constant")) {
		st_attr *v = st_op_get_attr(op, "value");
		if (st_type_is_float(rt) && bits <= s->D)
			return bind(s, st_op_result(op, 0), konst((int64_t)st_attr_float_bits(v), bits), -1);
		if (!st_type_is_integer(rt) || bits > 64)
			return st_op_error(op, "cgra: a constant of this type has no register of the PE");
		if (bits > s->D)
			return bind_wide(s, op, (wide){.kind = 0, .c = st_attr_int_value(v), .width = bits});
		return bind(s, st_op_result(op, 0), konst(st_attr_int_value(v), bits), -1);
	}
	bool narrow_result = rt && bits <= s->D && st_type_is_integer(rt);
	if (!strcmp(name, "arith.extui") || !strcmp(name, "arith.extsi"))
		return extend(s, op, !strcmp(name, "arith.extsi"), st__cg_type_bits(st_value_type(st_op_operand(op, 0))), bits);
	if (!strcmp(name, "arith.trunci"))
		return truncate(s, op, bits);
	if (rt && st_type_is_integer(rt) && bits > s->D)
		return wide_op(s, op, name, bits);
	if (!strcmp(name, "arith.cmpi")) {
		if (st__cg_type_bits(st_value_type(st_op_operand(op, 0))) > s->D)
			return wide_op(s, op, name, bits);
		return compare(s, op);
	}
	if (!strcmp(name, "arith.select") && narrow_result)
		return select_op(s, op, bits);
	if (narrow_result && bits == 1 &&
	    (!strcmp(name, "arith.andi") || !strcmp(name, "arith.ori") || !strcmp(name, "arith.xori")))
		return logic1(s, op, name);
	if (narrow_result && (!strcmp(name, "arith.divui") || !strcmp(name, "arith.divsi") ||
	                      !strcmp(name, "arith.floordivsi") || !strcmp(name, "arith.remui")))
		return divide(s, op, name, bits);
	if (narrow_result && !strcmp(name, "math.absi")) {
		cg_sig *pa = operand(s, op, 0), r;
		if (!pa)
			return st_op_error(op, "cgra: an operand is missing");
		cg_sig a = *pa;
		if (st_failed(sext(s, op, &a)) || st_failed(alu(s, op, CG_OP_ABS, true, &a, NULL, bits, &r)))
			return ST_FAIL;
		return bind(s, st_op_result(op, 0), r, -1);
	}
	static const char *const binops[] = {"arith.addi",  "arith.subi",  "arith.muli",  "arith.andi",  "arith.ori",
	                                     "arith.xori",  "arith.shli",  "arith.shrui", "arith.shrsi", "arith.maxui",
	                                     "arith.minui", "arith.maxsi", "arith.minsi"};
	for (size_t i = 0; narrow_result && i < sizeof binops / sizeof binops[0]; i++)
		if (!strcmp(name, binops[i]))
			return binary(s, op, name, bits);
	const char *cap = cap_of_unsupported(name);
	if (cap && rt)
		return cap_error(s, op, cap, st_type_is_integer(rt) && bits == 1 && st_op_num_operands(op)
		                                 ? st_value_type(st_op_operand(op, 0))
		                                 : rt);
	return st_op_error(op, "cgra: no PE operation implements '%s'", name);
}

st_status st__cg_isel_kernel(cg_netlist *nl, st_op *kernel, int kidx, const cg_sig *args, size_t nargs, bool loose,
                             cg_sig *result) {
	st_context *ctx = nl->ctx;
	isel s = {.nl = nl, .kidx = kidx, .kernel = kernel, .D = (unsigned)st_cgra_fabric_data_width(nl->fabric)};
	s.kname = st_ident_cstr(st_ident_get(ctx, st_attr_string(st_op_get_attr(kernel, "name"))));
	st_block *b = st_region_first_block(st_op_region(kernel, 0));
	st_status st = ST_OK;
	for (size_t i = 0; st == ST_OK && i < nargs && i < st_block_num_args(b); i++) {
		unsigned bits = st__cg_type_bits(st_value_type(st_block_arg(b, i)));
		if (bits > s.D || bits == 0)
			st = st_op_error(kernel, "cgra: input #%zu is %u bits wide, wider than the fabric's %u-bit data", i, bits,
			                 s.D);
		else {
			cg_sig a = args[i];
			a.bits = bits;
			st = bind(&s, st_block_arg(b, i), a, -1);
		}
	}
	for (st_op *op = st_block_first_op(b); st == ST_OK && op; op = st_op_next(op)) {
		if (!strcmp(st_op_name_cstr(op), "ub.yield")) {
			cg_sig *r = st_op_num_operands(op) == 1 ? operand(&s, op, 0) : NULL;
			if (!r) {
				st_op *def = st_op_num_operands(op) == 1 ? st_value_defining_op(st_op_operand(op, 0)) : NULL;
				char buf[64];
				if (def)
					st = st_op_error(def, "cgra: the kernel's result, %s, is wider than the %u-bit data the fabric's "
					                      "tracks and PEs carry",
					                 type_str(ctx, st_value_type(st_op_operand(op, 0)), buf), s.D);
				else
					st = st_op_error(op, "cgra: the kernel must yield one value of at most %u bits", s.D);
				break;
			}
			cg_sig v = *r;
			if (!loose)
				st = clean(&s, op, &v);
			if (st == ST_OK && v.is_const) {
				cg_sig z = konst(0, s.D);
				st = alu(&s, op, CG_OP_ADD, false, &v, &z, v.bits, &v);
			}
			*result = v;
			continue;
		}
		st = select_one(&s, op);
	}
	if (s.vals)
		st_ctx_free(ctx, s.vals, s.capv * sizeof *s.vals);
	return st;
}
