/* hw's value ops: constants, bitcast, wire and the array and struct ops.
 * Their custom forms follow CIRCT (`hw.array_get %a[%i] : !hw.array<4xi8>,
 * i2`); result and index types follow from the aggregate type written. */
#include "hw_internal.h"

#include <string.h>

static char *tstr(const st_op *op, const st_type *t, char *buf, size_t n) {
	return (char *)st_type_str(st_op_context(op), t, buf, n);
}

/* Index width of an N-element array: ceil(log2 N), at least 1 (Strata has
 * no i0 ports in Verilog). */
static unsigned index_width(uint64_t n) {
	unsigned w = 1;
	while (w < 64 && (1ull << w) < n)
		w++;
	return w;
}

static st_status resolve_add(st_parser *p, st_parse_state *s, const st_operand_ref *r, st_type *t) {
	st_value *v;
	if (st_failed(st_parser_resolve_operand(p, r, t, &v)))
		return ST_FAIL;
	return st_parse_state_add_operand(s, v);
}

/* --------------------------------------------------------- operand lists */

void st_hw_refs_init(st_hw_refs *l) {
	l->refs = l->small;
	l->n = 0;
	l->cap = sizeof l->small / sizeof l->small[0];
}

st_status st_hw_parse_refs(st_parser *p, st_hw_refs *l) {
	st_context *ctx = st_parser_context(p);
	do {
		if (!st_ctx_grow(ctx, (void **)&l->refs, &l->cap, l->small, sizeof *l->refs, l->n + 1) ||
		    st_failed(st_parser_operand(p, &l->refs[l->n])))
			return ST_FAIL;
		l->n++;
	} while (st_parser_optional_punct(p, ","));
	return ST_OK;
}

st_status st_hw_parse_refs_colon(st_parser *p, st_parse_state *s, st_hw_refs *l) {
	if (st_failed(st_hw_parse_refs(p, l)) || st_failed(st_parser_optional_attr_dict(p, s)))
		return ST_FAIL;
	return st_parser_expect_punct(p, ":");
}

void st_hw_refs_free(st_context *ctx, st_hw_refs *l) {
	if (l->refs != l->small)
		st_ctx_free(ctx, l->refs, l->cap * sizeof *l->refs);
}

/* ------------------------------------------------------------ constants */

st_status st__hw_parse_constant(st_parser *p, st_parse_state *s) {
	st_attr *loc = st_parser_loc(p), *v;
	if (st_failed(st_parser_attr(p, NULL, &v)))
		return ST_FAIL;
	if (st_attr_get_kind(v) != ST_ATTR_INTEGER)
		return st_parser_error_at(p, loc, "expected an integer constant");
	if (st_failed(st_parse_state_add_attr(s, "value", v)) || st_failed(st_parser_optional_attr_dict(p, s)))
		return ST_FAIL;
	return st_parse_state_add_result_type(s, st_attr_type(v));
}

void st__hw_print_constant(st_printer *p, st_op *op) {
	st_printer_puts(p, " ");
	st_printer_attr(p, st_op_get_attr(op, "value"));
	static const char *const elided[] = {"value", NULL};
	st_printer_attr_dict(p, op, elided, false);
}

st_status st__hw_verify_constant(st_op *op) {
	st_attr *v = st_op_get_attr(op, "value");
	if (st_attr_type(v) != st_value_type(st_op_result(op, 0)))
		return st_op_error(op, "value type must match the result type");
	if (!st_type_is_signless_integer(st_attr_type(v), 0))
		return st_op_error(op, "value must be a signless integer");
	return ST_OK;
}

static bool values_equal_width(st_op *op, const st_type *a, const st_type *b) {
	(void)op;
	int64_t wa = st_hw_bit_width(a), wb = st_hw_bit_width(b);
	return wa >= 0 && wa == wb;
}

st_status st__hw_verify_bitcast(st_op *op) {
	st_type *a = st_value_type(st_op_operand(op, 0)), *b = st_value_type(st_op_result(op, 0));
	if (!st_hw_is_value_type(a) || !st_hw_is_value_type(b))
		return st_op_error(op, "operand and result must be hardware value types");
	if (!values_equal_width(op, a, b)) {
		char x[96], y[96];
		return st_op_error(op, "bit widths differ: '%s' has %lld bits, '%s' has %lld", tstr(op, a, x, sizeof x),
		                   (long long)st_hw_bit_width(a), tstr(op, b, y, sizeof y), (long long)st_hw_bit_width(b));
	}
	return ST_OK;
}

void st__hw_name_from_attr(st_op *op, st_name_fn fn, void *ud) {
	st_attr *n = st_op_get_attr(op, "name");
	if (!n)
		n = st_op_get_attr(op, "sv.namehint");
	if (n && st_attr_get_kind(n) == ST_ATTR_STRING && st_op_num_results(op)) {
		char buf[128];
		st_str s = st_attr_string(n);
		if (s.len == 0 || s.len >= sizeof buf)
			return;
		memcpy(buf, s.data, s.len);
		buf[s.len] = 0;
		fn(ud, st_op_result(op, 0), buf);
	}
}

/* -------------------------------------------------------------- arrays */

/* hw.array_create %a, %b : T (the first operand is the highest index) */
st_status st__hw_parse_array_create(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_hw_refs l;
	st_hw_refs_init(&l);
	st_type *t = NULL;
	st_status st = st_hw_parse_refs_colon(p, s, &l);
	st_operand_ref *refs = l.refs;
	size_t n = l.n;
	st_attr *tloc = st_parser_loc(p);
	if (st_succeeded(st))
		st = st_parser_type(p, &t);
	for (size_t i = 0; st_succeeded(st) && i < n; i++)
		st = resolve_add(p, s, &refs[i], t);
	if (st_succeeded(st)) {
		st_type *at = st_hw_is_value_type(t) ? st_hw_array_type(ctx, n, t) : NULL;
		st = at ? st_parse_state_add_result_type(s, at)
		        : st_parser_error_at(p, tloc, "array element must be a hardware value type");
	}
	st_hw_refs_free(ctx, &l);
	return st;
}

void st__hw_print_array_create(st_printer *p, st_op *op) {
	st_printer_puts(p, " ");
	st_printer_operands(p, op, 0, st_op_num_operands(op));
	st_printer_attr_dict(p, op, NULL, false);
	st_printer_puts(p, " : ");
	st_printer_type(p, st_value_type(st_op_operand(op, 0)));
}

st_status st__hw_verify_array_create(st_op *op) {
	st_type *r = st_value_type(st_op_result(op, 0));
	if (!st_hw_is_array(r) || st_hw_array_size(r) != st_op_num_operands(op) || st_op_num_operands(op) == 0)
		return st_op_error(op, "result must be an array of as many elements as operands (at least one)");
	for (size_t i = 0; i < st_op_num_operands(op); i++)
		if (st_value_type(st_op_operand(op, i)) != st_hw_array_element(r))
			return st_op_error(op, "operand %zu is not of the array's element type", i);
	return ST_OK;
}

static st_status check_index(st_op *op, st_type *arr, st_value *idx) {
	char buf[96];
	if (!st_hw_is_array(arr))
		return st_op_error(op, "expected an array, but got '%s'", tstr(op, arr, buf, sizeof buf));
	unsigned want = index_width(st_hw_array_size(arr));
	if (!st_type_is_signless_integer(st_value_type(idx), want))
		return st_op_error(op, "index must be i%u for an array of %llu elements", want,
		                   (unsigned long long)st_hw_array_size(arr));
	return ST_OK;
}

/* array_get `%a[%i] : A, I`, array_inject `%a[%i], %v : A, I` and
 * array_slice `%a[%i] : (A) -> R` (index type implied). */
st_status st__hw_parse_indexed(st_parser *p, st_parse_state *s, st__hw_indexed kind) {
	st_context *ctx = st_parser_context(p);
	st_operand_ref in, idx, val;
	st_type *at, *it = NULL, *rt = NULL;
	if (st_failed(st_parser_operand(p, &in)) || st_failed(st_parser_expect_punct(p, "[")) ||
	    st_failed(st_parser_operand(p, &idx)) || st_failed(st_parser_expect_punct(p, "]")))
		return ST_FAIL;
	if (kind == ST__HW_INJECT && (st_failed(st_parser_expect_punct(p, ",")) || st_failed(st_parser_operand(p, &val))))
		return ST_FAIL;
	if (st_failed(st_parser_optional_attr_dict(p, s)) || st_failed(st_parser_expect_punct(p, ":")))
		return ST_FAIL;
	bool paren = kind == ST__HW_SLICE;
	st_attr *tloc = st_parser_loc(p);
	if ((paren && st_failed(st_parser_expect_punct(p, "("))) || st_failed(st_parser_type(p, &at)))
		return ST_FAIL;
	if (!st_hw_is_array(at))
		return st_parser_error_at(p, tloc, "expected an array type");
	if (paren) {
		if (st_failed(st_parser_expect_punct(p, ")")) || st_failed(st_parser_expect_punct(p, "->")) ||
		    st_failed(st_parser_type(p, &rt)))
			return ST_FAIL;
		it = st_integer_type(ctx, index_width(st_hw_array_size(at)), ST_SIGNLESS);
	} else if (st_failed(st_parser_expect_punct(p, ",")) || st_failed(st_parser_type(p, &it))) {
		return ST_FAIL;
	}
	if (st_failed(resolve_add(p, s, &in, at)) || st_failed(resolve_add(p, s, &idx, it)))
		return ST_FAIL;
	if (kind == ST__HW_INJECT && st_failed(resolve_add(p, s, &val, st_hw_array_element(at))))
		return ST_FAIL;
	return st_parse_state_add_result_type(s, kind == ST__HW_GET ? st_hw_array_element(at) : kind == ST__HW_INJECT ? at : rt);
}

void st__hw_print_indexed(st_printer *p, st_op *op) {
	bool slice = strcmp(st_op_name_cstr(op), "hw.array_slice") == 0;
	st_printer_puts(p, " ");
	st_printer_operand(p, st_op_operand(op, 0));
	st_printer_puts(p, "[");
	st_printer_operand(p, st_op_operand(op, 1));
	st_printer_puts(p, "]");
	if (st_op_num_operands(op) > 2) {
		st_printer_puts(p, ", ");
		st_printer_operand(p, st_op_operand(op, 2));
	}
	st_printer_attr_dict(p, op, NULL, false);
	st_printer_puts(p, slice ? " : (" : " : ");
	st_printer_type(p, st_value_type(st_op_operand(op, 0)));
	if (slice) {
		st_printer_puts(p, ") -> ");
		st_printer_type(p, st_value_type(st_op_result(op, 0)));
	} else {
		st_printer_puts(p, ", ");
		st_printer_type(p, st_value_type(st_op_operand(op, 1)));
	}
}

unsigned st__hw_index_width(uint64_t n) { return index_width(n); }

st_status st__hw_verify_array_get(st_op *op) {
	st_type *arr = st_value_type(st_op_operand(op, 0));
	if (st_failed(check_index(op, arr, st_op_operand(op, 1))))
		return ST_FAIL;
	if (st_value_type(st_op_result(op, 0)) != st_hw_array_element(arr))
		return st_op_error(op, "result must be the array's element type");
	return ST_OK;
}

st_status st__hw_verify_array_inject(st_op *op) {
	st_type *arr = st_value_type(st_op_operand(op, 0));
	if (st_failed(check_index(op, arr, st_op_operand(op, 1))))
		return ST_FAIL;
	if (st_value_type(st_op_operand(op, 2)) != st_hw_array_element(arr))
		return st_op_error(op, "injected element must be the array's element type");
	if (st_value_type(st_op_result(op, 0)) != arr)
		return st_op_error(op, "result must be the input's array type");
	return ST_OK;
}

st_status st__hw_verify_array_slice(st_op *op) {
	st_type *arr = st_value_type(st_op_operand(op, 0)), *r = st_value_type(st_op_result(op, 0));
	if (st_failed(check_index(op, arr, st_op_operand(op, 1))))
		return ST_FAIL;
	if (!st_hw_is_array(r) || st_hw_array_element(r) != st_hw_array_element(arr) ||
	    st_hw_array_size(r) > st_hw_array_size(arr))
		return st_op_error(op, "result must be an array of the same element type, not longer than the input");
	return ST_OK;
}

st_status st__hw_parse_array_concat(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_hw_refs l;
	st_hw_refs_init(&l);
	st_status st = st_hw_parse_refs_colon(p, s, &l);
	st_operand_ref *refs = l.refs;
	size_t n = l.n;
	uint64_t total = 0;
	st_type *elt = NULL;
	for (size_t i = 0; st_succeeded(st) && i < n; i++) {
		st_type *t;
		st_attr *at = st_parser_loc(p);
		if (i && st_failed(st = st_parser_expect_punct(p, ",")))
			break;
		if (st_failed(st = st_parser_type(p, &t)))
			break;
		if (!st_hw_is_array(t) || (elt && st_hw_array_element(t) != elt)) {
			st = st_parser_error_at(p, at, "expected arrays of one element type");
			break;
		}
		elt = st_hw_array_element(t);
		total += st_hw_array_size(t);
		st = resolve_add(p, s, &refs[i], t);
	}
	if (st_succeeded(st))
		st = st_parse_state_add_result_type(s, st_hw_array_type(ctx, total, elt));
	st_hw_refs_free(ctx, &l);
	return st;
}

void st__hw_print_array_concat(st_printer *p, st_op *op) {
	st_printer_puts(p, " ");
	st_printer_operands(p, op, 0, st_op_num_operands(op));
	st_printer_attr_dict(p, op, NULL, false);
	st_printer_puts(p, " : ");
	for (size_t i = 0; i < st_op_num_operands(op); i++) {
		st_printer_puts(p, i ? ", " : "");
		st_printer_type(p, st_value_type(st_op_operand(op, i)));
	}
}

st_status st__hw_verify_array_concat(st_op *op) {
	st_type *r = st_value_type(st_op_result(op, 0));
	uint64_t total = 0;
	if (!st_hw_is_array(r))
		return st_op_error(op, "result must be an array");
	for (size_t i = 0; i < st_op_num_operands(op); i++) {
		st_type *t = st_value_type(st_op_operand(op, i));
		if (!st_hw_is_array(t) || st_hw_array_element(t) != st_hw_array_element(r))
			return st_op_error(op, "operand %zu is not an array of the result's element type", i);
		total += st_hw_array_size(t);
	}
	if (total != st_hw_array_size(r))
		return st_op_error(op, "result has %llu elements, but the operands have %llu",
		                   (unsigned long long)st_hw_array_size(r), (unsigned long long)total);
	return ST_OK;
}

/* ------------------------------------------------------------- structs */

st_status st__hw_verify_struct_create(st_op *op) {
	st_type *t = st_value_type(st_op_result(op, 0));
	if (!st_hw_is_struct(t))
		return st_op_error(op, "result must be a struct");
	if (st_hw_struct_num_fields(t) != st_op_num_operands(op))
		return st_op_error(op, "has %zu operands, but the struct has %zu fields", st_op_num_operands(op),
		                   st_hw_struct_num_fields(t));
	for (size_t i = 0; i < st_op_num_operands(op); i++)
		if (st_value_type(st_op_operand(op, i)) != st_hw_struct_field_type(t, i))
			return st_op_error(op, "operand %zu is not of the type of field '%s'", i,
			                   st_hw_struct_field_name(t, i).data);
	return ST_OK;
}

/* hw.struct_extract %s["a"] : T  and  hw.struct_inject %s["a"], %v : T */
st_status st__hw_parse_struct_field(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_operand_ref in, val;
	st_str field;
	st_type *t;
	bool has_val = false;
	if (st_failed(st_parser_operand(p, &in)) || st_failed(st_parser_expect_punct(p, "[")))
		return ST_FAIL;
	st_attr *floc = st_parser_loc(p);
	if (st_failed(st_parser_string(p, &field)) || st_failed(st_parser_expect_punct(p, "]")))
		return ST_FAIL;
	if (st_parser_optional_punct(p, ",")) {
		has_val = true;
		if (st_failed(st_parser_operand(p, &val)))
			return ST_FAIL;
	}
	if (st_failed(st_parser_optional_attr_dict(p, s)) || st_failed(st_parser_expect_punct(p, ":")))
		return ST_FAIL;
	st_attr *tloc = st_parser_loc(p);
	if (st_failed(st_parser_type(p, &t)))
		return ST_FAIL;
	if (!st_hw_is_struct(t))
		return st_parser_error_at(p, tloc, "expected a struct type");
	int idx = st_hw_struct_field_index(t, field);
	if (idx < 0)
		return st_parser_error_at(p, floc, "struct has no field '%.*s'", (int)field.len, field.data);
	if (st_failed(resolve_add(p, s, &in, t)) ||
	    st_failed(st_parse_state_add_attr(s, "fieldIndex",
	                                      st_integer_attr(ctx, st_integer_type(ctx, 32, ST_SIGNLESS), idx))))
		return ST_FAIL;
	if (has_val)
		return st_failed(resolve_add(p, s, &val, st_hw_struct_field_type(t, (size_t)idx)))
		           ? ST_FAIL
		           : st_parse_state_add_result_type(s, t);
	return st_parse_state_add_result_type(s, st_hw_struct_field_type(t, (size_t)idx));
}

void st__hw_print_struct_field(st_printer *p, st_op *op) {
	st_type *t = st_value_type(st_op_operand(op, 0));
	size_t idx = (size_t)st_attr_int_value(st_op_get_attr(op, "fieldIndex"));
	st_printer_puts(p, " ");
	st_printer_operand(p, st_op_operand(op, 0));
	st_printer_puts(p, "[");
	st_printer_string(p, st_hw_struct_field_name(t, idx));
	st_printer_puts(p, "]");
	if (st_op_num_operands(op) > 1) {
		st_printer_puts(p, ", ");
		st_printer_operand(p, st_op_operand(op, 1));
	}
	static const char *const elided[] = {"fieldIndex", NULL};
	st_printer_attr_dict(p, op, elided, false);
	st_printer_puts(p, " : ");
	st_printer_type(p, t);
}

static st_status check_field(st_op *op, st_type *t, size_t *idx) {
	if (!st_hw_is_struct(t))
		return st_op_error(op, "operand must be a struct");
	int64_t i = st_attr_int_value(st_op_get_attr(op, "fieldIndex"));
	if (i < 0 || (size_t)i >= st_hw_struct_num_fields(t))
		return st_op_error(op, "field index %lld is out of range", (long long)i);
	*idx = (size_t)i;
	return ST_OK;
}

st_status st__hw_verify_struct_extract(st_op *op) {
	st_type *t = st_value_type(st_op_operand(op, 0));
	size_t i;
	if (st_failed(check_field(op, t, &i)))
		return ST_FAIL;
	if (st_value_type(st_op_result(op, 0)) != st_hw_struct_field_type(t, i))
		return st_op_error(op, "result must be of the field's type");
	return ST_OK;
}

st_status st__hw_verify_struct_inject(st_op *op) {
	st_type *t = st_value_type(st_op_operand(op, 0));
	size_t i;
	if (st_failed(check_field(op, t, &i)))
		return ST_FAIL;
	if (st_value_type(st_op_operand(op, 1)) != st_hw_struct_field_type(t, i))
		return st_op_error(op, "new value must be of the field's type");
	if (st_value_type(st_op_result(op, 0)) != t)
		return st_op_error(op, "result must be the input's struct type");
	return ST_OK;
}

/* ---------------------------------------------------- aggregate_constant */

static st_status check_aggregate(st_op *op, st_attr *a, st_type *t) {
	char buf[96];
	if (st_type_is_integer(t)) {
		if (st_attr_get_kind(a) != ST_ATTR_INTEGER || st_attr_type(a) != t)
			return st_op_error(op, "expected an integer of type '%s'", tstr(op, t, buf, sizeof buf));
		return ST_OK;
	}
	/* Hardware types nest only integers, arrays and structs. */
	size_t n = st_hw_is_array(t) ? st_hw_array_size(t) : st_hw_struct_num_fields(t);
	if (st_attr_get_kind(a) != ST_ATTR_ARRAY || st_attr_array_size(a) != n)
		return st_op_error(op, "expected %zu elements for '%s'", n, tstr(op, t, buf, sizeof buf));
	for (size_t i = 0; i < n; i++) {
		st_type *et = st_hw_is_array(t) ? st_hw_array_element(t) : st_hw_struct_field_type(t, i);
		if (st_failed(check_aggregate(op, st_attr_array_elt(a, i), et)))
			return ST_FAIL;
	}
	return ST_OK;
}

st_status st__hw_verify_aggregate_constant(st_op *op) {
	st_type *t = st_value_type(st_op_result(op, 0));
	if (!st_hw_is_array(t) && !st_hw_is_struct(t))
		return st_op_error(op, "result must be an array or a struct");
	return check_aggregate(op, st_op_get_attr(op, "fields"), t);
}
