/* The arith dialect's own attributes, #arith.fastmath<...> and
 * #arith.overflow<...> (bit enums held as one i32 parameter), their text
 * form, and small type helpers the other files share. */
#include "arith_internal.h"

#include <string.h>

typedef struct flag_name {
	const char *name;
	uint32_t bits;
} flag_name;

/* Printing order is MLIR's: the `fast` group first, then single bits. */
static const flag_name fastmath_flags[] = {
	{"fast", ST__ARITH_FM_FAST},         {"reassoc", ST__ARITH_FM_REASSOC}, {"nnan", ST__ARITH_FM_NNAN},
	{"ninf", ST__ARITH_FM_NINF},         {"nsz", ST__ARITH_FM_NSZ},         {"arcp", ST__ARITH_FM_ARCP},
	{"contract", ST__ARITH_FM_CONTRACT}, {"afn", ST__ARITH_FM_AFN},         {NULL, 0},
};
static const flag_name overflow_flags[] = {{"nsw", ST__ARITH_OVF_NSW}, {"nuw", ST__ARITH_OVF_NUW}, {NULL, 0}};

static const flag_name *flags_of(const char *kind) {
	return strcmp(kind, "fastmath") == 0 ? fastmath_flags : overflow_flags;
}

/* MLIR joins fastmath flags with "," and overflow flags with ", ". */
static const char *separator_of(const char *kind) { return strcmp(kind, "fastmath") == 0 ? "," : ", "; }

static const char *description_of(const char *kind) {
	return strcmp(kind, "fastmath") == 0 ? "Floating point fast math flags" : "Integer overflow arith flags";
}

st_attr *st__arith_flags_attr(st_context *ctx, const char *kind, uint32_t flags) {
	st_dialect *d = st_context_get_dialect(ctx, st_str_c("arith"));
	st_attr *v = st_integer_attr(ctx, st_integer_type(ctx, 32, ST_SIGNLESS), (int64_t)flags);
	if (!d || !v)
		return NULL;
	return st_dialect_attr(ctx, d, st_str_c(kind), 1, &v);
}

bool st__arith_is_flags_attr(const st_attr *a, const char *kind, uint32_t *flags) {
	if (!a || st_attr_get_kind(a) != ST_ATTR_DIALECT || strcmp(st_ident_cstr(st_attr_mnemonic(a)), kind) != 0 ||
	    strcmp(st_ident_cstr(st_dialect_name(st_attr_dialect(a))), "arith") != 0 || st_attr_num_params(a) != 1)
		return false;
	st_attr *v = st_attr_param(a, 0);
	if (st_attr_get_kind(v) != ST_ATTR_INTEGER)
		return false;
	uint32_t all = 0;
	for (const flag_name *f = flags_of(kind); f->name; f++)
		all |= f->bits;
	uint64_t bits = st_attr_int_uvalue(v);
	if (bits & ~(uint64_t)all)
		return false;
	if (flags)
		*flags = (uint32_t)bits;
	return true;
}

st_status st__arith_parse_flags_body(st_parser *p, const char *kind, uint32_t *flags) {
	*flags = 0;
	if (st_failed(st_parser_expect_punct(p, "<")))
		return ST_FAIL;
	do {
		st_str kw;
		if (!st_parser_peek_keyword(p, &kw))
			return st_parser_error(p, "expected keyword for %s", description_of(kind));
		bool found = st_str_eq_c(kw, "none");
		for (const flag_name *f = flags_of(kind); !found && f->name; f++)
			if (st_str_eq_c(kw, f->name)) {
				*flags |= f->bits;
				found = true;
			}
		if (!found)
			return st_parser_error(p, "invalid %s specification: %.*s", description_of(kind), (int)kw.len, kw.data);
		st_parser_keyword(p, &kw);
	} while (st_parser_optional_punct(p, ","));
	return st_parser_expect_punct(p, ">");
}

void st__arith_print_flags_body(st_printer *p, const char *kind, uint32_t flags) {
	st_printer_write(p, "<", 1);
	if (!flags)
		st_printer_puts(p, "none");
	bool first = true;
	for (const flag_name *f = flags_of(kind); f->name && flags; f++) {
		if ((flags & f->bits) != f->bits)
			continue;
		if (!first)
			st_printer_puts(p, separator_of(kind));
		st_printer_puts(p, f->name);
		flags &= ~f->bits;
		first = false;
	}
	st_printer_write(p, ">", 1);
}

st_attr *st__arith_parse_attr(st_parser *p, st_dialect *d, st_type *type) {
	(void)d;
	(void)type;
	st_str kw;
	if (st_failed(st_parser_keyword(p, &kw)))
		return NULL;
	const char *kind = st_str_eq_c(kw, "fastmath") ? "fastmath" : st_str_eq_c(kw, "overflow") ? "overflow" : NULL;
	if (!kind) {
		st_parser_error(p, "unknown attribute `%.*s` in dialect `arith`", (int)kw.len, kw.data);
		return NULL;
	}
	uint32_t flags;
	if (st_failed(st__arith_parse_flags_body(p, kind, &flags)))
		return NULL;
	return st__arith_flags_attr(st_parser_context(p), kind, flags);
}

void st__arith_print_attr(st_printer *p, const st_attr *a) {
	const char *kind = st_ident_cstr(st_attr_mnemonic(a));
	st_printer_puts(p, kind);
	uint32_t flags;
	if (st__arith_is_flags_attr(a, kind, &flags))
		st__arith_print_flags_body(p, kind, flags);
}

st_type *st__arith_elt(st_type *t) {
	switch (st_type_get_kind(t)) {
	case ST_TYPE_VECTOR:
	case ST_TYPE_RANKED_TENSOR:
	case ST_TYPE_UNRANKED_TENSOR:
		return st_type_element(t);
	default:
		return t;
	}
}

st_type *st__arith_i1_same_shape(st_context *ctx, st_type *t) {
	st_type *i1 = st_integer_type(ctx, 1, ST_SIGNLESS);
	switch (st_type_get_kind(t)) {
	case ST_TYPE_VECTOR:
	case ST_TYPE_RANKED_TENSOR:
	case ST_TYPE_UNRANKED_TENSOR:
	case ST_TYPE_MEMREF:
	case ST_TYPE_UNRANKED_MEMREF:
		return st_type_with_element(ctx, t, i1);
	default:
		return i1;
	}
}
