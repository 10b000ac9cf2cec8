/* The custom assembly of the arith ops that the declarative format cannot
 * express: the optional `fastmath<...>` / `overflow<...>` flags (printed only
 * when not `none`, as MLIR does), truncf's rounding mode, cmpf's predicate,
 * results whose types follow from other types, select's optional condition
 * type, and arith.constant with its result name hints (%c42_i32, %true,
 * %cst). */
#include "arith_internal.h"

#include <stdio.h>
#include <string.h>

/* What one custom form contains, in order:
 *   [predicate `,`] operand (`,` operand)* [rounding] [flags] attr-dict
 *   `:` type [`to` type]                                                    */
typedef enum result_rule { R_SAME, R_BOOL, R_CAST } result_rule;

typedef struct form {
	int noperands;
	bool predicate;     /* a cmpf predicate keyword */
	bool rounding;      /* an optional rounding-mode keyword (truncf) */
	const char *flags;  /* "fastmath", "overflow" or NULL */
	result_rule result;
} form;

static const char *flags_attr_name(const char *kind) {
	return strcmp(kind, "fastmath") == 0 ? "fastmath" : "overflowFlags";
}

static int find_case(const char *const *cases, st_str kw) {
	for (int i = 0; cases[i]; i++)
		if (st_str_eq_c(kw, cases[i]))
			return i;
	return -1;
}

static st_status parse_form(st_parser *p, st_parse_state *s, const form *f) {
	st_context *ctx = st_parser_context(p);
	if (f->predicate) {
		/* MLIR's generated parser: one message for a missing keyword and
		 * for one that is not a predicate. */
		st_str kw = {0};
		int v = st_parser_peek_keyword(p, &kw) ? find_case(st__arith_cmpf_cases, kw) : -1;
		if (v < 0)
			return st_parser_error(p, "expected string or keyword containing one of the following enum values for "
			                          "attribute 'predicate' [false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, "
			                          "uge, ult, ule, une, uno, true]");
		st_parser_keyword(p, &kw);
		if (st_failed(st_parse_state_add_attr(
			    s, "predicate", st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), v))) ||
		    st_failed(st_parser_expect_punct(p, ",")))
			return ST_FAIL;
	}
	st_operand_ref refs[2];
	for (int i = 0; i < f->noperands; i++)
		if ((i && st_failed(st_parser_expect_punct(p, ","))) || st_failed(st_parser_operand(p, &refs[i])))
			return ST_FAIL;
	st_str kw;
	if (f->rounding && st_parser_peek_keyword(p, &kw)) {
		int v = find_case(st__arith_rounding_cases, kw);
		if (v >= 0) {
			st_parser_keyword(p, &kw);
			if (st_failed(st_parse_state_add_attr(
				    s, "roundingmode", st_integer_attr(ctx, st_integer_type(ctx, 32, ST_SIGNLESS), v))))
				return ST_FAIL;
		}
	}
	if (f->flags && st_parser_optional_keyword(p, f->flags)) {
		uint32_t bits;
		if (st_failed(st__arith_parse_flags_body(p, f->flags, &bits)) ||
		    st_failed(st_parse_state_add_attr(s, flags_attr_name(f->flags), st__arith_flags_attr(ctx, f->flags, bits))))
			return ST_FAIL;
	}
	st_type *t, *out = NULL;
	if (st_failed(st_parser_optional_attr_dict(p, s)) || st_failed(st_parser_expect_punct(p, ":")) ||
	    st_failed(st_parser_type(p, &t)))
		return ST_FAIL;
	if (f->result == R_CAST && (st_failed(st_parser_expect_keyword(p, "to")) || st_failed(st_parser_type(p, &out))))
		return ST_FAIL;
	for (int i = 0; i < f->noperands; i++) {
		st_value *v;
		if (st_failed(st_parser_resolve_operand(p, &refs[i], t, &v)) || st_failed(st_parse_state_add_operand(s, v)))
			return ST_FAIL;
	}
	if (f->result == R_SAME)
		out = t;
	else if (f->result == R_BOOL)
		out = st__arith_i1_same_shape(ctx, t);
	return st_parse_state_add_result_type(s, out);
}

/* The keyword of enum attribute `name` (MLIR's numbering), or NULL when
 * the attribute is missing or out of range. */
static const char *enum_keyword(const st_op *op, const char *name, const char *const *cases) {
	st_attr *a = st_op_get_attr(op, name);
	if (!a || st_attr_get_kind(a) != ST_ATTR_INTEGER)
		return NULL;
	int64_t v = st_attr_int_value(a);
	for (int64_t i = 0; cases[i]; i++)
		if (i == v)
			return cases[i];
	return NULL;
}

/* The printer does not verify first (st_op_dump, debugging): an op whose
 * shape the custom form cannot show is marked instead of crashing. */
static bool printable(st_printer *p, st_op *op, size_t noperands, size_t nresults) {
	if (st_op_num_operands(op) == noperands && st_op_num_results(op) == nresults)
		return true;
	st_printer_puts(p, " <<malformed op>>");
	return false;
}

static void print_form(st_printer *p, st_op *op, const form *f) {
	const char *pred = f->predicate ? enum_keyword(op, "predicate", st__arith_cmpf_cases) : NULL;
	if (!printable(p, op, (size_t)f->noperands, 1))
		return;
	if (f->predicate && !pred) {
		st_printer_puts(p, " <<malformed op>>");
		return;
	}
	st_printer_write(p, " ", 1);
	if (pred) {
		st_printer_puts(p, pred);
		st_printer_write(p, ", ", 2);
	}
	st_printer_operands(p, op, 0, (size_t)f->noperands);
	const char *rm = f->rounding ? enum_keyword(op, "roundingmode", st__arith_rounding_cases) : NULL;
	if (rm) {
		st_printer_write(p, " ", 1);
		st_printer_puts(p, rm);
	}
	uint32_t bits = 0;
	bool flags_ok = f->flags && st__arith_is_flags_attr(st_op_get_attr(op, flags_attr_name(f->flags)), f->flags, &bits);
	if (flags_ok && bits) {
		st_printer_write(p, " ", 1);
		st_printer_puts(p, f->flags);
		st__arith_print_flags_body(p, f->flags, bits);
	}
	/* Only what the form showed is left out of the dictionary: an invalid
	 * rounding mode or flags value stays visible there. */
	const char *elided[] = {rm ? "roundingmode" : "", flags_ok ? flags_attr_name(f->flags) : "",
	                        f->predicate ? "predicate" : NULL, NULL};
	st_printer_attr_dict(p, op, elided, false);
	st_printer_write(p, " : ", 3);
	st_type *in = st_value_type(st_op_operand(op, 0));
	if (f->result == R_CAST) {
		st_printer_type(p, in);
		st_printer_puts(p, " to ");
		st_printer_type(p, st_value_type(st_op_result(op, 0)));
	} else {
		st_printer_type(p, f->result == R_SAME ? st_value_type(st_op_result(op, 0)) : in);
	}
}

static const form int_binary_ovf = {.noperands = 2, .flags = "overflow", .result = R_SAME};
static const form float_binary = {.noperands = 2, .flags = "fastmath", .result = R_SAME};
static const form float_unary = {.noperands = 1, .flags = "fastmath", .result = R_SAME};
static const form cmpf = {.noperands = 2, .predicate = true, .flags = "fastmath", .result = R_BOOL};
static const form extf = {.noperands = 1, .flags = "fastmath", .result = R_CAST};
static const form trunci = {.noperands = 1, .flags = "overflow", .result = R_CAST};
static const form truncf = {.noperands = 1, .rounding = true, .flags = "fastmath", .result = R_CAST};

st_status st__arith_parse_int_binary_ovf(st_parser *p, st_parse_state *s) { return parse_form(p, s, &int_binary_ovf); }
void st__arith_print_int_binary_ovf(st_printer *p, st_op *op) { print_form(p, op, &int_binary_ovf); }
st_status st__arith_parse_float_binary(st_parser *p, st_parse_state *s) { return parse_form(p, s, &float_binary); }
void st__arith_print_float_binary(st_printer *p, st_op *op) { print_form(p, op, &float_binary); }
st_status st__arith_parse_float_unary(st_parser *p, st_parse_state *s) { return parse_form(p, s, &float_unary); }
void st__arith_print_float_unary(st_printer *p, st_op *op) { print_form(p, op, &float_unary); }
st_status st__arith_parse_cmpf(st_parser *p, st_parse_state *s) { return parse_form(p, s, &cmpf); }
void st__arith_print_cmpf(st_printer *p, st_op *op) { print_form(p, op, &cmpf); }
st_status st__arith_parse_extf(st_parser *p, st_parse_state *s) { return parse_form(p, s, &extf); }
void st__arith_print_extf(st_printer *p, st_op *op) { print_form(p, op, &extf); }
st_status st__arith_parse_trunci(st_parser *p, st_parse_state *s) { return parse_form(p, s, &trunci); }
void st__arith_print_trunci(st_printer *p, st_op *op) { print_form(p, op, &trunci); }
st_status st__arith_parse_truncf(st_parser *p, st_parse_state *s) { return parse_form(p, s, &truncf); }
void st__arith_print_truncf(st_printer *p, st_op *op) { print_form(p, op, &truncf); }

/* ------------------------------------------------- extended arithmetic */

/* `%a, %b attr-dict : type`, up to the type; the caller resolves. */
static st_status parse_two(st_parser *p, st_parse_state *s, st_operand_ref *refs, st_type **t) {
	if (st_failed(st_parser_operand(p, &refs[0])) || st_failed(st_parser_expect_punct(p, ",")) ||
	    st_failed(st_parser_operand(p, &refs[1])) || st_failed(st_parser_optional_attr_dict(p, s)) ||
	    st_failed(st_parser_expect_punct(p, ":")) || st_failed(st_parser_type(p, t)))
		return ST_FAIL;
	return ST_OK;
}

static st_status resolve_two(st_parser *p, st_parse_state *s, st_operand_ref *refs, st_type *t) {
	for (int i = 0; i < 2; i++) {
		st_value *v;
		if (st_failed(st_parser_resolve_operand(p, &refs[i], t, &v)) || st_failed(st_parse_state_add_operand(s, v)))
			return ST_FAIL;
	}
	return ST_OK;
}

/* $lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow) */
st_status st__arith_parse_addui_extended(st_parser *p, st_parse_state *s) {
	st_operand_ref refs[2];
	st_type *t, *ovf;
	if (st_failed(parse_two(p, s, refs, &t)) || st_failed(st_parser_expect_punct(p, ",")) ||
	    st_failed(st_parser_type(p, &ovf)) || st_failed(resolve_two(p, s, refs, t)))
		return ST_FAIL;
	if (st_failed(st_parse_state_add_result_type(s, t)))
		return ST_FAIL;
	return st_parse_state_add_result_type(s, ovf);
}

/* ` %lhs, %rhs attr-dict : `, the common start of the two-result forms;
 * false when the op cannot be printed this way. */
static bool print_two_result_head(st_printer *p, st_op *op) {
	if (!printable(p, op, 2, 2))
		return false;
	st_printer_write(p, " ", 1);
	st_printer_operands(p, op, 0, 2);
	st_printer_attr_dict(p, op, NULL, false);
	st_printer_write(p, " : ", 3);
	return true;
}

void st__arith_print_addui_extended(st_printer *p, st_op *op) {
	if (!print_two_result_head(p, op))
		return;
	st_printer_type(p, st_value_type(st_op_result(op, 0)));
	st_printer_write(p, ", ", 2);
	st_printer_type(p, st_value_type(st_op_result(op, 1)));
}

/* $lhs `,` $rhs attr-dict `:` type($lhs) */
st_status st__arith_parse_mul_extended(st_parser *p, st_parse_state *s) {
	st_operand_ref refs[2];
	st_type *t;
	if (st_failed(parse_two(p, s, refs, &t)) || st_failed(resolve_two(p, s, refs, t)) ||
	    st_failed(st_parse_state_add_result_type(s, t)))
		return ST_FAIL;
	return st_parse_state_add_result_type(s, t);
}

void st__arith_print_mul_extended(st_printer *p, st_op *op) {
	if (!print_two_result_head(p, op))
		return;
	st_printer_type(p, st_value_type(st_op_operand(op, 0)));
}

/* --------------------------------------------------------------- select */

/* %c, %t, %f attr-dict : [condition-type `,`] result-type; the condition
 * type is written only when it is shaped (MLIR's SelectOp::print). */
st_status st__arith_parse_select(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_operand_ref refs[3];
	for (int i = 0; i < 3; i++)
		if ((i && st_failed(st_parser_expect_punct(p, ","))) || st_failed(st_parser_operand(p, &refs[i])))
			return ST_FAIL;
	st_type *cond, *res;
	if (st_failed(st_parser_optional_attr_dict(p, s)) || st_failed(st_parser_expect_punct(p, ":")) ||
	    st_failed(st_parser_type(p, &res)))
		return ST_FAIL;
	if (st_parser_optional_punct(p, ",")) {
		cond = res;
		if (st_failed(st_parser_type(p, &res)))
			return ST_FAIL;
	} else {
		cond = st_integer_type(ctx, 1, ST_SIGNLESS);
	}
	for (int i = 0; i < 3; i++) {
		st_value *v;
		if (st_failed(st_parser_resolve_operand(p, &refs[i], i ? res : cond, &v)) ||
		    st_failed(st_parse_state_add_operand(s, v)))
			return ST_FAIL;
	}
	return st_parse_state_add_result_type(s, res);
}

void st__arith_print_select(st_printer *p, st_op *op) {
	if (!printable(p, op, 3, 1))
		return;
	st_printer_write(p, " ", 1);
	st_printer_operands(p, op, 0, 3);
	st_printer_attr_dict(p, op, NULL, false);
	st_printer_write(p, " : ", 3);
	st_type *ct = st_value_type(st_op_operand(op, 0));
	if (st_type_is_shaped(ct)) {
		st_printer_type(p, ct);
		st_printer_write(p, ", ", 2);
	}
	st_printer_type(p, st_value_type(st_op_result(op, 0)));
}

/* ------------------------------------------------------------- constant */

/* attr-dict $value: the result type is the value's type. */
st_status st__arith_parse_constant(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_attr *value;
	if (st_failed(st_parser_optional_attr_dict(p, s)))
		return ST_FAIL;
	if (st_failed(st_parser_attr(p, NULL, &value)))
		return ST_FAIL;
	st_attr_kind k = st_attr_get_kind(value);
	bool typed = k == ST_ATTR_INTEGER || k == ST_ATTR_FLOAT || k == ST_ATTR_DENSE_ELEMENTS || k == ST_ATTR_STRING ||
	             (k == ST_ATTR_OPAQUE && st_attr_type(value));
	/* MLIR points at the attribute; the parser API reports at the current
	 * token only, which is the one after it. */
	if (!typed)
		return st_parser_error(p, "invalid kind of attribute specified");
	st_type *t = st_attr_type(value);
	if (st_failed(st_parse_state_add_attr(s, "value", value)))
		return ST_FAIL;
	return st_parse_state_add_result_type(s, t ? t : st_none_type(ctx));
}

void st__arith_print_constant(st_printer *p, st_op *op) {
	static const char *const elided[] = {"value", NULL};
	if (!printable(p, op, 0, 1))
		return;
	if (!st_op_get_attr(op, "value")) {
		st_printer_puts(p, " <<malformed op>>");
		return;
	}
	st_printer_attr_dict(p, op, elided, false);
	st_printer_write(p, " ", 1);
	st_printer_attr(p, st_op_get_attr(op, "value"));
}

/* The signed decimal of a two's-complement integer of `width` bits held in
 * `n` little-endian words, into buf (as llvm's raw_ostream << APInt). */
static void apint_decimal(const uint64_t *words, size_t n, unsigned width, char *buf, size_t cap) {
	uint64_t v[4];
	if (n > 4 || cap < 2) {
		snprintf(buf, cap, "big");
		return;
	}
	memcpy(v, words, n * sizeof *v);
	bool neg = width && (v[(width - 1) / 64] >> ((width - 1) % 64)) & 1;
	if (neg) {
		uint64_t c = 1;
		for (size_t k = 0; k < n; k++) {
			v[k] = ~v[k] + c;
			c = c && v[k] == 0;
		}
		if (width % 64)
			v[n - 1] &= (1ull << (width % 64)) - 1;
	}
	char digits[100];
	size_t nd = 0;
	bool zero;
	do {
		zero = true;
		uint64_t rem = 0;
		for (size_t k = n; k-- > 0;) {
			/* Long division by 10 on 32-bit halves keeps to 64-bit arithmetic. */
			uint64_t hi = (rem << 32) | (v[k] >> 32);
			uint64_t qh = hi / 10;
			rem = hi % 10;
			uint64_t lo = (rem << 32) | (v[k] & 0xffffffffu);
			uint64_t ql = lo / 10;
			rem = lo % 10;
			v[k] = (qh << 32) | ql;
			if (v[k])
				zero = false;
		}
		digits[nd++] = (char)('0' + rem);
	} while (!zero && nd < sizeof digits);
	size_t o = 0;
	if (neg && o + 1 < cap)
		buf[o++] = '-';
	while (nd && o + 1 < cap)
		buf[o++] = digits[--nd];
	buf[o] = 0;
}

/* MLIR's ConstantOp::getAsmResultNames: %true/%false for i1, c<value> and
 * the type for other integers (c<value> alone for index), %cst otherwise. */
void st__arith_constant_names(st_op *op, st_name_fn fn, void *ud) {
	st_attr *value = st_op_get_attr(op, "value");
	if (st_op_num_results(op) != 1)
		return;
	st_value *res = st_op_result(op, 0);
	st_type *t = st_value_type(res);
	if (!value || st_attr_get_kind(value) != ST_ATTR_INTEGER) {
		fn(ud, res, "cst");
		return;
	}
	st_type *vt = st_attr_type(value);
	bool int_type = st_type_is_integer(t);
	if (int_type && st_type_int_width(t) == 1) {
		fn(ud, res, st_attr_int_uvalue(value) & 1 ? "true" : "false");
		return;
	}
	char name[160];
	name[0] = 'c';
	unsigned width = st_type_is_index(vt) ? 64 : st_type_int_width(vt);
	apint_decimal(st_attr_int_words(value), st_attr_int_num_words(value), width, name + 1, 100);
	if (int_type) {
		size_t n = strlen(name);
		name[n++] = '_';
		st_type_str(st_op_context(op), t, name + n, sizeof name - n);
	}
	fn(ud, res, name);
}
