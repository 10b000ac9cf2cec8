/* comb's folders (CIRCT's): constant operands are evaluated with the bit
 * vector semantics, and identities fold to an operand (x + 0, x & ~0,
 * x * 1, x ^ x, mux with a constant or twice the same value, full-width
 * extract, ...).  Identity constants among several variadic operands are
 * dropped in place. */
#include "comb_internal.h"

#include <string.h>

#define MAX_FOLD_WORDS 64 /* constants up to 4096 bits are folded */

static bool is_const_value(st_attr *a, unsigned w, bool ones, uint64_t value) {
	if (!a || st_attr_get_kind(a) != ST_ATTR_INTEGER)
		return false;
	const uint64_t *words = st_attr_int_words(a);
	size_t n = st_attr_int_num_words(a);
	for (size_t i = 0; i < st_bv_words(w); i++) {
		uint64_t x = i < n ? words[i] : 0, want = ones ? ~0ull : (i == 0 ? value : 0);
		if (ones && i == st_bv_words(w) - 1 && w % 64)
			want &= (1ull << (w % 64)) - 1;
		if (x != want)
			return false;
	}
	return true;
}

static st_attr *int_attr(st_context *ctx, unsigned w, const uint64_t *words) {
	return st_integer_attr_words(ctx, st_integer_type(ctx, w, ST_SIGNLESS), st_bv_words(w), words);
}

/* Every operand constant: evaluate. */
static bool fold_constants(st_op *op, st_comb_kind k, st_attr *const *operands, st_fold_result *results) {
	size_t nin = st_op_num_operands(op);
	st_type *rt = st_value_type(st_op_result(op, 0));
	if (!st_type_is_integer(rt) || nin > 64)
		return false;
	uint64_t widths[64], maxw = st_type_int_width(rt);
	uint64_t buf[64][MAX_FOLD_WORDS];
	const uint64_t *in[64];
	for (size_t i = 0; i < nin; i++) {
		if (!operands[i] || st_attr_get_kind(operands[i]) != ST_ATTR_INTEGER)
			return false;
		widths[i] = st_type_int_width(st_value_type(st_op_operand(op, i)));
		if (widths[i] > maxw)
			maxw = widths[i];
		if (st_bv_words((unsigned)widths[i]) > MAX_FOLD_WORDS)
			return false;
		memset(buf[i], 0, sizeof buf[i]);
		size_t n = st_attr_int_num_words(operands[i]);
		memcpy(buf[i], st_attr_int_words(operands[i]), (n < MAX_FOLD_WORDS ? n : MAX_FOLD_WORDS) * sizeof(uint64_t));
		in[i] = buf[i];
	}
	if (st_bv_words((unsigned)maxw) > MAX_FOLD_WORDS)
		return false;
	uint64_t out[MAX_FOLD_WORDS] = {0}, scratch[4 * MAX_FOLD_WORDS];
	int64_t param = 0;
	if (k == ST_COMB_ICMP)
		param = st_attr_int_value(st_op_get_attr(op, "predicate"));
	else if (k == ST_COMB_EXTRACT)
		param = st_attr_int_value(st_op_get_attr(op, "lowBit"));
	st_comb_eval(k, param, nin, in, widths, out, st_type_int_width(rt), scratch);
	results[0].attr = int_attr(st_op_context(op), st_type_int_width(rt), out);
	return results[0].attr != NULL;
}

static bool is_identity(st_comb_kind k, st_attr *a, unsigned w) {
	switch (k) {
	case ST_COMB_ADD:
	case ST_COMB_OR:
	case ST_COMB_XOR:
		return is_const_value(a, w, false, 0);
	case ST_COMB_AND:
		return is_const_value(a, w, true, 0);
	case ST_COMB_MUL:
		return is_const_value(a, w, false, 1);
	default:
		return false;
	}
}

/* x & 0 = 0, x | ~0 = ~0, x * 0 = 0. */
static bool is_absorbing(st_comb_kind k, st_attr *a, unsigned w) {
	return ((k == ST_COMB_AND || k == ST_COMB_MUL) && is_const_value(a, w, false, 0)) ||
	       (k == ST_COMB_OR && is_const_value(a, w, true, 0));
}

static bool fold_variadic(st_op *op, st_comb_kind k, st_attr *const *operands, st_fold_result *results) {
	size_t n = st_op_num_operands(op);
	unsigned w = st_type_int_width(st_value_type(st_op_result(op, 0)));
	if (n == 1) {
		results[0].value = st_op_operand(op, 0);
		return true;
	}
	for (size_t i = 0; i < n; i++)
		if (is_absorbing(k, operands[i], w)) {
			results[0].attr = operands[i];
			return true;
		}
	if (n == 2 && st_op_operand(op, 0) == st_op_operand(op, 1)) {
		if (k == ST_COMB_AND || k == ST_COMB_OR) {
			results[0].value = st_op_operand(op, 0);
			return true;
		}
		if (k == ST_COMB_XOR) {
			uint64_t zero[MAX_FOLD_WORDS] = {0};
			if (st_bv_words(w) > MAX_FOLD_WORDS)
				return false;
			results[0].attr = int_attr(st_op_context(op), w, zero);
			return true;
		}
	}
	/* Drop identity constants, keeping at least one operand. */
	size_t keep = n;
	for (size_t i = n; i-- > 0 && keep > 1;)
		if (is_identity(k, operands[i], w)) {
			st_op_erase_operands(op, i, 1);
			keep--;
		}
	if (keep == n)
		return false;
	if (keep == 1)
		results[0].value = st_op_operand(op, 0);
	return true;
}

static bool fold_binary(st_op *op, st_comb_kind k, st_attr *const *operands, st_fold_result *results) {
	st_value *l = st_op_operand(op, 0), *r = st_op_operand(op, 1);
	unsigned w = st_type_int_width(st_value_type(l));
	bool zero_r = is_const_value(operands[1], w, false, 0), one_r = is_const_value(operands[1], w, false, 1);
	switch (k) {
	case ST_COMB_SUB:
	case ST_COMB_SHL:
	case ST_COMB_SHRU:
	case ST_COMB_SHRS:
		if (zero_r) {
			results[0].value = l;
			return true;
		}
		break;
	case ST_COMB_DIVU:
		if (one_r) {
			results[0].value = l;
			return true;
		}
		break;
	case ST_COMB_ICMP: {
		if (l != r)
			return false;
		st_comb_pred p = (st_comb_pred)st_attr_int_value(st_op_get_attr(op, "predicate"));
		bool v = p == ST_COMB_EQ || p == ST_COMB_SLE || p == ST_COMB_SGE || p == ST_COMB_ULE || p == ST_COMB_UGE ||
		         p == ST_COMB_CEQ || p == ST_COMB_WEQ;
		results[0].attr = st_bool_attr(st_op_context(op), v);
		return true;
	}
	default:
		break;
	}
	if (k == ST_COMB_SUB && l == r && st_bv_words(w) <= MAX_FOLD_WORDS) {
		uint64_t zero[MAX_FOLD_WORDS] = {0};
		results[0].attr = int_attr(st_op_context(op), w, zero);
		return true;
	}
	return false;
}

bool st__comb_fold(st_op *op, st_attr *const *operands, st_fold_result *results) {
	st_comb_kind k = st_comb_kind_of(op);
	if (fold_constants(op, k, operands, results))
		return true;
	st_value *in0 = st_op_operand(op, 0);
	st_type *rt = st_value_type(st_op_result(op, 0));
	switch (k) {
	case ST_COMB_ADD:
	case ST_COMB_MUL:
	case ST_COMB_AND:
	case ST_COMB_OR:
	case ST_COMB_XOR:
		return fold_variadic(op, k, operands, results);
	case ST_COMB_CONCAT:
	case ST_COMB_REPLICATE:
	case ST_COMB_EXTRACT:
		if (st_op_num_operands(op) == 1 && st_value_type(in0) == rt) {
			results[0].value = in0;
			return true;
		}
		return false;
	case ST_COMB_PARITY:
	case ST_COMB_MUX:
	case ST_COMB_NONE:
		return false;
	default:
		return fold_binary(op, k, operands, results);
	}
}

bool st__comb_fold_mux(st_op *op, st_attr *const *operands, st_fold_result *results) {
	if (operands[0] && st_attr_get_kind(operands[0]) == ST_ATTR_INTEGER) {
		results[0].value = st_op_operand(op, st_attr_int_uvalue(operands[0]) & 1 ? 1 : 2);
		return true;
	}
	if (st_op_operand(op, 1) == st_op_operand(op, 2)) {
		results[0].value = st_op_operand(op, 1);
		return true;
	}
	return false;
}

st_op *st__comb_materialize_constant(st_context *ctx, st_attr *value, st_type *type, st_attr *loc) {
	if (st_attr_get_kind(value) != ST_ATTR_INTEGER || st_attr_type(value) != type ||
	    !st_type_is_signless_integer(type, 0))
		return NULL;
	st_named_attr a = {st_ident_get_c(ctx, "value"), value};
	st_op_state s = {.name = st_str_c("hw.constant"), .loc = loc, .nresults = 1, .result_types = &type,
	                 .attrs = st_dict_attr(ctx, 1, &a)};
	return st_op_create(ctx, &s);
}
