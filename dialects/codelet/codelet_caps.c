/* The capabilities a codelet.compute can name, and what each computes
 * (Kinzer Table 3.1 plus what GeneSys's SIMD unit does).  The ACG says
 * which node has which capability at which width; this table says what the
 * operation means, so that a compute runs in the interpreter whatever node
 * it is mapped on.  Integer arithmetic wraps at the output width, as
 * arith's does. */
#include "codelet_internal.h"

enum {
	OP_NONE,
	OP_ADD,
	OP_SUB,
	OP_MUL,
	OP_DIV,
	OP_MAX,
	OP_MIN,
	OP_RSHIFT,
	OP_LSHIFT,
	OP_AND,
	OP_OR,
	OP_RELU,
	OP_MOVE,
	OP_NEG,
};

static const st__codelet_cap caps[] = {
	{"ADD", ST__CAP_BINARY, OP_ADD},       {"SUB", ST__CAP_BINARY, OP_SUB},
	{"MUL", ST__CAP_BINARY, OP_MUL},       {"DIV", ST__CAP_BINARY, OP_DIV},
	{"MAX", ST__CAP_BINARY, OP_MAX},       {"MIN", ST__CAP_BINARY, OP_MIN},
	{"RSHIFT", ST__CAP_BINARY, OP_RSHIFT}, {"LSHIFT", ST__CAP_BINARY, OP_LSHIFT},
	{"AND", ST__CAP_BINARY, OP_AND},       {"OR", ST__CAP_BINARY, OP_OR},
	{"RELU", ST__CAP_UNARY, OP_RELU},      {"MOVE", ST__CAP_UNARY, OP_MOVE},
	{"CAST", ST__CAP_UNARY, OP_MOVE},      {"NEG", ST__CAP_UNARY, OP_NEG},
	{"MAC", ST__CAP_MAC, OP_NONE},         {"MACC", ST__CAP_MAC, OP_NONE},
	{"GEMM", ST__CAP_GEMM, OP_NONE},       {"MVMUL", ST__CAP_MVMUL, OP_NONE},
	{"MMUL", ST__CAP_MMUL, OP_NONE},
};

const st__codelet_cap *st__codelet_cap_lookup(const char *name) {
	if (!name)
		return NULL;
	for (size_t i = 0; i < ST__CDLT_N(caps); i++)
		if (strcmp(caps[i].name, name) == 0)
			return &caps[i];
	return NULL;
}

size_t st__codelet_cap_inputs(const st__codelet_cap *c) {
	switch (c->form) {
	case ST__CAP_UNARY:
		return 1;
	case ST__CAP_BINARY:
	case ST__CAP_MVMUL:
	case ST__CAP_MMUL:
		return 2;
	case ST__CAP_MAC:
	case ST__CAP_GEMM:
		return 3;
	default:
		return 0;
	}
}

bool st__codelet_cap_apply(const st__codelet_cap *c, int64_t a, int64_t b, int64_t *out) {
	uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
	switch (c->op) {
	case OP_ADD:
		*out = (int64_t)(ua + ub);
		return true;
	case OP_SUB:
		*out = (int64_t)(ua - ub);
		return true;
	case OP_MUL:
		*out = (int64_t)(ua * ub);
		return true;
	case OP_DIV:
		if (b == 0 || (a == INT64_MIN && b == -1))
			return false;
		*out = a / b;
		return true;
	case OP_MAX:
		*out = a > b ? a : b;
		return true;
	case OP_MIN:
		*out = a < b ? a : b;
		return true;
	case OP_RSHIFT:
		/* A shift by the width or more is all sign bits (never undefined in C). */
		*out = b < 0 ? a : (b >= 63 ? (a < 0 ? -1 : 0) : a >> b);
		return true;
	case OP_LSHIFT:
		*out = (b < 0 || b >= 64) ? 0 : (int64_t)(ua << b);
		return true;
	case OP_AND:
		*out = a & b;
		return true;
	case OP_OR:
		*out = a | b;
		return true;
	case OP_RELU:
		*out = a > 0 ? a : 0;
		return true;
	case OP_MOVE:
		*out = a;
		return true;
	case OP_NEG:
		*out = (int64_t)(0 - ua);
		return true;
	default:
		return false;
	}
}
