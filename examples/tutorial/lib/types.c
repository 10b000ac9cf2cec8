/* The mod dialect's type !mod.int<N> and attribute #mod.residue<v>: how
 * they are made, read, parsed and printed.  Both are dialect objects
 * uniqued by the context: a mnemonic and parameters (here one i64
 * integer attribute each), so equal ones are the same pointer. */
#include "mod_internal.h"

static st_dialect *mod_dialect(st_context *ctx) { return st_context_get_dialect(ctx, st_str_c("mod")); }

static st_attr *i64_attr(st_context *ctx, uint64_t v) {
	return st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), (int64_t)v);
}

/* The integer parameter of the mod type or attribute called `want`, given
 * the dialect, mnemonic and (only) parameter of a dialect object. */
static bool mod_param(st_dialect *d, st_ident *mnemonic, st_attr *param, const char *want, uint64_t *out) {
	if (!d || !st_str_eq_c(st_ident_str(st_dialect_name(d)), "mod") ||
	    !st_str_eq_c(st_ident_str(mnemonic), want) || st_attr_get_kind(param) != ST_ATTR_INTEGER)
		return false;
	*out = st_attr_int_uvalue(param);
	return true;
}

st_type *mod_int_type(st_context *ctx, uint64_t modulus) {
	st_dialect *d = mod_dialect(ctx);
	if (!d || modulus < 2 || modulus > MOD_MAX_MODULUS)
		return NULL;
	st_attr *n = i64_attr(ctx, modulus);
	return st_dialect_type(ctx, d, st_str_c("int"), 1, &n);
}

uint64_t mod_int_modulus(const st_type *t) {
	uint64_t n;
	if (st_type_get_kind(t) != ST_TYPE_DIALECT || st_type_num_params(t) != 1 ||
	    !mod_param(st_type_dialect(t), st_type_mnemonic(t), st_type_param(t, 0), "int", &n))
		return 0;
	return n;
}

st_attr *mod_residue_attr(st_context *ctx, uint64_t value) {
	st_dialect *d = mod_dialect(ctx);
	if (!d)
		return NULL;
	st_attr *v = i64_attr(ctx, value);
	return st_dialect_attr(ctx, d, st_str_c("residue"), 1, &v);
}

bool mod_residue_value(const st_attr *a, uint64_t *value) {
	return a && st_attr_get_kind(a) == ST_ATTR_DIALECT && st_attr_num_params(a) == 1 &&
	       mod_param(st_attr_dialect(a), st_attr_mnemonic(a), st_attr_param(a, 0), "residue", value);
}

/* Constraints for the op table: they name what they accept in messages
 * ("operand #0 must be integer modulo N, but got 'i32'"). */
static bool is_mod_int(const st_type *t) { return mod_int_modulus(t) != 0; }
static bool is_i64(const st_type *t) { return st_type_is_signless_integer(t, 64); }
static bool is_residue(const st_attr *a) {
	uint64_t v;
	return mod_residue_value(a, &v);
}
const st_type_constraint mod__tc_int = {"integer modulo N", is_mod_int};
const st_type_constraint mod__tc_i64 = {"64-bit signless integer", is_i64};
const st_attr_constraint mod__ac_residue = {"residue attribute", is_residue};

/* `<` integer `>`, the body both share. */
static st_status parse_param(st_parser *p, int64_t *v) {
	if (st_failed(st_parser_expect_punct(p, "<")) || st_failed(st_parser_integer(p, v)))
		return ST_FAIL;
	return st_parser_expect_punct(p, ">");
}

/* Called after `!mod.`: the rest of `!mod.int<7>`. */
st_type *mod__parse_type(st_parser *p, st_dialect *d) {
	(void)d;
	st_attr *loc = st_parser_loc(p);
	int64_t n;
	if (st_failed(st_parser_expect_keyword(p, "int")) || st_failed(parse_param(p, &n)))
		return NULL;
	if (n < 2 || (uint64_t)n > MOD_MAX_MODULUS) {
		st_parser_error_at(p, loc, "modulus must be between 2 and %llu, got %lld", MOD_MAX_MODULUS, (long long)n);
		return NULL;
	}
	return mod_int_type(st_parser_context(p), (uint64_t)n);
}

void mod__print_type(st_printer *p, const st_type *t) {
	st_printer_printf(p, "int<%llu>", (unsigned long long)mod_int_modulus(t));
}

/* Called after `#mod.`: the rest of `#mod.residue<3>`. */
st_attr *mod__parse_attr(st_parser *p, st_dialect *d, st_type *type) {
	(void)d;
	(void)type;
	st_attr *loc = st_parser_loc(p);
	int64_t v;
	if (st_failed(st_parser_expect_keyword(p, "residue")) || st_failed(parse_param(p, &v)))
		return NULL;
	if (v < 0) {
		st_parser_error_at(p, loc, "a residue is not negative, got %lld", (long long)v);
		return NULL;
	}
	return mod_residue_attr(st_parser_context(p), (uint64_t)v);
}

void mod__print_attr(st_printer *p, const st_attr *a) {
	uint64_t v = 0;
	mod_residue_value(a, &v);
	st_printer_printf(p, "residue<%llu>", (unsigned long long)v);
}
