/* hw's types: !hw.array<NxT>, !hw.struct<name: T, ...> and the module type
 * !hw.modty<input a : T, output r : U> that hw.module keeps its ports in;
 * their text forms and the queries the rest of Strata uses (strata/hw.h). */
#include "hw_internal.h"
#include "strata/asm.h"

#include <string.h>

static st_dialect *hw_dialect(st_context *ctx) { return st_context_get_dialect(ctx, st_str_c("hw")); }

static bool is_hw_type(const st_type *t, const char *mnemonic) {
	if (st_type_get_kind(t) != ST_TYPE_DIALECT)
		return false;
	return st_str_eq_c(st_ident_str(st_type_dialect_name(t)), "hw") &&
	       st_str_eq_c(st_ident_str(st_type_mnemonic(t)), mnemonic);
}

static st_type *i64_type(st_context *ctx) { return st_integer_type(ctx, 64, ST_SIGNLESS); }

st_type *st_hw_array_type(st_context *ctx, uint64_t n, st_type *elt) {
	st_dialect *d = hw_dialect(ctx);
	if (!d || !elt)
		return NULL;
	st_attr *params[2] = {st_integer_attr(ctx, i64_type(ctx), (int64_t)n), st_type_attr(ctx, elt)};
	return st_dialect_type(ctx, d, st_str_c("array"), 2, params);
}
bool st_hw_is_array(const st_type *t) { return is_hw_type(t, "array"); }
uint64_t st_hw_array_size(const st_type *t) { return st_attr_int_uvalue(st_type_param(t, 0)); }
st_type *st_hw_array_element(const st_type *t) { return st_attr_type_value(st_type_param(t, 1)); }

st_type *st_hw_struct_type(st_context *ctx, size_t n, const st_str *names, st_type *const *types) {
	st_dialect *d = hw_dialect(ctx);
	st_attr *small[32], **params = n <= 16 ? small : st_ctx_alloc(ctx, 2 * n * sizeof *params);
	if (!d || !params)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		params[2 * i] = st_string_attr(ctx, names[i]);
		params[2 * i + 1] = st_type_attr(ctx, types[i]);
	}
	st_type *t = st_dialect_type(ctx, d, st_str_c("struct"), 2 * n, params);
	if (params != small)
		st_ctx_free(ctx, params, 2 * n * sizeof *params);
	return t;
}
bool st_hw_is_struct(const st_type *t) { return is_hw_type(t, "struct"); }
size_t st_hw_struct_num_fields(const st_type *t) { return st_type_num_params(t) / 2; }
st_str st_hw_struct_field_name(const st_type *t, size_t i) { return st_attr_string(st_type_param(t, 2 * i)); }
st_type *st_hw_struct_field_type(const st_type *t, size_t i) { return st_attr_type_value(st_type_param(t, 2 * i + 1)); }
int st_hw_struct_field_index(const st_type *t, st_str name) {
	for (size_t i = 0; i < st_hw_struct_num_fields(t); i++)
		if (st_str_eq(st_hw_struct_field_name(t, i), name))
			return (int)i;
	return -1;
}
uint64_t st_hw_struct_field_offset(const st_type *t, size_t i) {
	uint64_t off = 0;
	for (size_t k = i + 1; k < st_hw_struct_num_fields(t); k++)
		off += (uint64_t)st_hw_bit_width(st_hw_struct_field_type(t, k));
	return off;
}

int64_t st_hw_bit_width(const st_type *t) {
	if (st_type_is_signless_integer(t, 0) || (st_type_is_integer(t) && st_type_int_width(t) == 0))
		return st_type_int_width(t);
	if (st_type_get_kind(t) != ST_TYPE_DIALECT)
		return -1;
	if (st_hw_is_array(t)) {
		int64_t w = st_hw_bit_width(st_hw_array_element(t));
		return w < 0 ? -1 : w * (int64_t)st_hw_array_size(t);
	}
	if (st_hw_is_struct(t)) {
		int64_t sum = 0;
		for (size_t i = 0; i < st_hw_struct_num_fields(t); i++) {
			int64_t w = st_hw_bit_width(st_hw_struct_field_type(t, i));
			if (w < 0)
				return -1;
			sum += w;
		}
		return sum;
	}
	/* Checked by name: hw links no other dialect. */
	if (st_str_eq_c(st_ident_str(st_type_dialect_name(t)), "seq") &&
	    st_str_eq_c(st_ident_str(st_type_mnemonic(t)), "clock"))
		return 1;
	return -1;
}

bool st_hw_is_value_type(const st_type *t) {
	if (st_type_is_integer(t))
		return st_type_int_signedness(t) == ST_SIGNLESS;
	return (st_hw_is_array(t) || st_hw_is_struct(t)) && st_hw_bit_width(t) >= 0;
}

/* ------------------------------------------------------------ module type */

st_type *st__hw_module_type(st_context *ctx, size_t n, const st_hw_port *ports) {
	st_dialect *d = hw_dialect(ctx);
	st_attr *small[48], **params = n <= 16 ? small : st_ctx_alloc(ctx, 3 * n * sizeof *params);
	if (!d || !params)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		params[3 * i] = st_integer_attr(ctx, i64_type(ctx), ports[i].dir);
		params[3 * i + 1] = st_string_attr(ctx, ports[i].name);
		params[3 * i + 2] = st_type_attr(ctx, ports[i].type);
	}
	st_type *t = st_dialect_type(ctx, d, st_str_c("modty"), 3 * n, params);
	if (params != small)
		st_ctx_free(ctx, params, 3 * n * sizeof *params);
	return t;
}

bool st__hw_is_module_type(const st_type *t) { return is_hw_type(t, "modty"); }
size_t st__hw_modty_num_ports(const st_type *t) { return st_type_num_params(t) / 3; }
st_hw_port st__hw_modty_port(const st_type *t, size_t i) {
	st_hw_port p = {(st_hw_dir)st_attr_int_value(st_type_param(t, 3 * i)), st_attr_string(st_type_param(t, 3 * i + 1)),
	                st_attr_type_value(st_type_param(t, 3 * i + 2))};
	return p;
}

/* ------------------------------------------------------------------ text */

/* `NxT` after `<`: the lexer reads `4xi8` as 4 then `xi8`, and `4x!hw...`
 * as 4, `x` and a type. */
st_status st__hw_parse_dim_and_type(st_parser *p, uint64_t *n, st_type **elt) {
	int64_t v;
	st_str kw;
	if (st_failed(st_parser_integer(p, &v)))
		return ST_FAIL;
	if (v < 0)
		return st_parser_error(p, "expected a non-negative size");
	*n = (uint64_t)v;
	if (!st_parser_peek_keyword(p, &kw) || kw.len == 0 || kw.data[0] != 'x')
		return st_parser_error(p, "expected 'x' after the size");
	st_parser_keyword(p, &kw);
	if (kw.len == 1)
		return st_parser_type(p, elt);
	*elt = st_parse_type_str(st_parser_context(p), st_str_make(kw.data + 1, kw.len - 1));
	return *elt ? ST_OK : ST_FAIL;
}

static st_type *parse_struct_body(st_parser *p, st_context *ctx) {
	st_str names[64];
	st_type *types[64];
	size_t n = 0;
	if (!st_parser_optional_punct(p, ">")) {
		do {
			if (n == 64) {
				st_parser_error(p, "more than 64 struct fields");
				return NULL;
			}
			if (st_failed(st_parser_keyword(p, &names[n])) || st_failed(st_parser_expect_punct(p, ":")) ||
			    st_failed(st_parser_type(p, &types[n])))
				return NULL;
			for (size_t k = 0; k < n; k++)
				if (st_str_eq(names[k], names[n])) {
					st_parser_error(p, "duplicate struct field '%.*s'", (int)names[n].len, names[n].data);
					return NULL;
				}
			n++;
		} while (st_parser_optional_punct(p, ","));
		if (st_failed(st_parser_expect_punct(p, ">")))
			return NULL;
	}
	return st_hw_struct_type(ctx, n, names, types);
}

static st_type *parse_modty_body(st_parser *p, st_context *ctx) {
	st_hw_port ports[64];
	size_t n = 0;
	if (!st_parser_optional_punct(p, ">")) {
		do {
			st_str dir;
			if (n == 64) {
				st_parser_error(p, "more than 64 ports in a module type");
				return NULL;
			}
			if (st_failed(st_parser_keyword(p, &dir)))
				return NULL;
			if (!st_str_eq_c(dir, "input") && !st_str_eq_c(dir, "output")) {
				st_parser_error(p, "expected 'input' or 'output'");
				return NULL;
			}
			ports[n].dir = st_str_eq_c(dir, "input") ? ST_HW_IN : ST_HW_OUT;
			if (st_failed(st_parser_keyword(p, &ports[n].name)) || st_failed(st_parser_expect_punct(p, ":")) ||
			    st_failed(st_parser_type(p, &ports[n].type)))
				return NULL;
			n++;
		} while (st_parser_optional_punct(p, ","));
		if (st_failed(st_parser_expect_punct(p, ">")))
			return NULL;
	}
	return st__hw_module_type(ctx, n, ports);
}

st_type *st__hw_parse_type(st_parser *p, st_dialect *d) {
	(void)d;
	st_context *ctx = st_parser_context(p);
	st_str kw;
	if (st_failed(st_parser_keyword(p, &kw)))
		return NULL;
	if (st_str_eq_c(kw, "array")) {
		uint64_t n;
		st_type *elt;
		if (st_failed(st_parser_expect_punct(p, "<")) || st_failed(st__hw_parse_dim_and_type(p, &n, &elt)) ||
		    st_failed(st_parser_expect_punct(p, ">")))
			return NULL;
		if (!st_hw_is_value_type(elt)) {
			st_parser_error(p, "array element must be an integer, array or struct type");
			return NULL;
		}
		return st_hw_array_type(ctx, n, elt);
	}
	if (st_str_eq_c(kw, "struct"))
		return st_failed(st_parser_expect_punct(p, "<")) ? NULL : parse_struct_body(p, ctx);
	if (st_str_eq_c(kw, "modty"))
		return st_failed(st_parser_expect_punct(p, "<")) ? NULL : parse_modty_body(p, ctx);
	st_parser_error(p, "unknown hw type '%.*s'", (int)kw.len, kw.data);
	return NULL;
}

void st__hw_print_type(st_printer *p, const st_type *t) {
	if (st_hw_is_array(t)) {
		st_printer_printf(p, "array<%llux", (unsigned long long)st_hw_array_size(t));
		st_printer_type(p, st_hw_array_element(t));
		st_printer_puts(p, ">");
	} else if (st_hw_is_struct(t)) {
		st_printer_puts(p, "struct<");
		for (size_t i = 0; i < st_hw_struct_num_fields(t); i++) {
			st_str name = st_hw_struct_field_name(t, i);
			st_printer_printf(p, "%s%.*s: ", i ? ", " : "", (int)name.len, name.data);
			st_printer_type(p, st_hw_struct_field_type(t, i));
		}
		st_printer_puts(p, ">");
	} else {
		st_printer_puts(p, "modty<");
		for (size_t i = 0; i < st__hw_modty_num_ports(t); i++) {
			st_hw_port port = st__hw_modty_port(t, i);
			st_printer_printf(p, "%s%s %.*s : ", i ? ", " : "", port.dir == ST_HW_IN ? "input" : "output",
			                  (int)port.name.len, port.name.data);
			st_printer_type(p, port.type);
		}
		st_printer_puts(p, ">");
	}
}
