/* Predefined type and attribute constraints used by op definitions. */
#include "internal.h"

static bool any_t(const st_type *t) { return t != NULL; }
static bool signless_int(const st_type *t) { return st_type_is_signless_integer(t, 0); }
static bool index_t(const st_type *t) { return st_type_is_index(t); }
static bool sl_int_or_index(const st_type *t) { return signless_int(t) || index_t(t); }
static bool bool_t(const st_type *t) { return st_type_is_signless_integer(t, 1); }
static bool float_t(const st_type *t) { return st_type_is_float(t); }
static bool memref_t(const st_type *t) {
	return st_type_get_kind(t) == ST_TYPE_MEMREF || st_type_get_kind(t) == ST_TYPE_UNRANKED_MEMREF;
}
static bool function_t(const st_type *t) { return st_type_get_kind(t) == ST_TYPE_FUNCTION; }
static bool shaped_t(const st_type *t) { return st_type_is_shaped(t); }

/* "-like": the scalar itself, or a vector or tensor of it. */
static const st_type *like_elt(const st_type *t) {
	switch (st_type_get_kind(t)) {
	case ST_TYPE_VECTOR:
	case ST_TYPE_RANKED_TENSOR:
	case ST_TYPE_UNRANKED_TENSOR:
		return st_type_element(t);
	default:
		return t;
	}
}
static bool int_or_index_like(const st_type *t) { return sl_int_or_index(like_elt(t)); }
static bool signless_int_like(const st_type *t) { return signless_int(like_elt(t)); }
static bool float_like(const st_type *t) { return float_t(like_elt(t)); }
static bool bool_like(const st_type *t) { return bool_t(like_elt(t)); }

const st_type_constraint st_tc_any = {"any type", any_t};
const st_type_constraint st_tc_signless_int = {"signless integer", signless_int};
const st_type_constraint st_tc_index = {"index", index_t};
const st_type_constraint st_tc_signless_int_or_index = {"signless integer or index", sl_int_or_index};
const st_type_constraint st_tc_bool = {"1-bit signless integer", bool_t};
const st_type_constraint st_tc_float = {"floating-point", float_t};
const st_type_constraint st_tc_int_or_index_like = {"signless-integer-like or index-like", int_or_index_like};
const st_type_constraint st_tc_signless_int_like = {"signless-integer-like", signless_int_like};
const st_type_constraint st_tc_float_like = {"floating-point-like", float_like};
const st_type_constraint st_tc_bool_like = {"bool-like", bool_like};
const st_type_constraint st_tc_memref = {"memref", memref_t};
const st_type_constraint st_tc_function = {"function type", function_t};
const st_type_constraint st_tc_shaped = {"shaped type", shaped_t};

static bool a_any(const st_attr *a) { return a != NULL; }
static bool a_int(const st_attr *a) { return st_attr_get_kind(a) == ST_ATTR_INTEGER; }
static bool a_int_w(const st_attr *a, unsigned w) {
	return a_int(a) && st_type_is_signless_integer(st_attr_type(a), w);
}
static bool a_i64(const st_attr *a) { return a_int_w(a, 64); }
static bool a_i32(const st_attr *a) { return a_int_w(a, 32); }
static bool a_index(const st_attr *a) { return a_int(a) && st_type_is_index(st_attr_type(a)); }
static bool a_bool(const st_attr *a) { return st_attr_is_bool(a); }
static bool a_float(const st_attr *a) { return st_attr_get_kind(a) == ST_ATTR_FLOAT; }
static bool a_string(const st_attr *a) { return st_attr_get_kind(a) == ST_ATTR_STRING; }
static bool a_unit(const st_attr *a) { return st_attr_get_kind(a) == ST_ATTR_UNIT; }
static bool a_array(const st_attr *a) { return st_attr_get_kind(a) == ST_ATTR_ARRAY; }
static bool a_dict(const st_attr *a) { return st_attr_get_kind(a) == ST_ATTR_DICTIONARY; }
static bool a_type(const st_attr *a) { return st_attr_get_kind(a) == ST_ATTR_TYPE; }
static bool a_fn_type(const st_attr *a) { return a_type(a) && function_t(st_attr_type_value(a)); }
static bool a_symref(const st_attr *a) { return st_attr_get_kind(a) == ST_ATTR_SYMBOL_REF; }
static bool a_flat_symref(const st_attr *a) { return a_symref(a) && st_attr_symbol_num_nested(a) == 0; }
static bool a_map(const st_attr *a) { return st_attr_get_kind(a) == ST_ATTR_AFFINE_MAP; }
static bool a_set(const st_attr *a) { return st_attr_get_kind(a) == ST_ATTR_INTEGER_SET; }
static bool a_typed(const st_attr *a) {
	st_attr_kind k = st_attr_get_kind(a);
	return k == ST_ATTR_INTEGER || k == ST_ATTR_FLOAT || k == ST_ATTR_DENSE_ELEMENTS ||
	       (k == ST_ATTR_OPAQUE && st_attr_type(a)) || k == ST_ATTR_DIALECT;
}
static bool a_dense_w(const st_attr *a, unsigned w) {
	return st_attr_get_kind(a) == ST_ATTR_DENSE_ARRAY && st_type_is_signless_integer(((const st__dense_attr *)a)->type, w);
}
static bool a_dense_i32(const st_attr *a) { return a_dense_w(a, 32); }
static bool a_dense_i64(const st_attr *a) { return a_dense_w(a, 64); }

const st_attr_constraint st_ac_any = {"any attribute", a_any};
const st_attr_constraint st_ac_integer = {"integer attribute", a_int};
const st_attr_constraint st_ac_i64 = {"64-bit signless integer attribute", a_i64};
const st_attr_constraint st_ac_i32 = {"32-bit signless integer attribute", a_i32};
const st_attr_constraint st_ac_index = {"index attribute", a_index};
const st_attr_constraint st_ac_bool = {"bool attribute", a_bool};
const st_attr_constraint st_ac_float = {"float attribute", a_float};
const st_attr_constraint st_ac_string = {"string attribute", a_string};
const st_attr_constraint st_ac_unit = {"unit attribute", a_unit};
const st_attr_constraint st_ac_array = {"array attribute", a_array};
const st_attr_constraint st_ac_dict = {"dictionary of named attribute values", a_dict};
const st_attr_constraint st_ac_type = {"any type attribute", a_type};
const st_attr_constraint st_ac_function_type = {"type attribute of function type", a_fn_type};
const st_attr_constraint st_ac_symbol_ref = {"symbol reference attribute", a_symref};
const st_attr_constraint st_ac_symbol_name = {"symbol name", a_string};
const st_attr_constraint st_ac_flat_symbol_ref = {"flat symbol reference attribute", a_flat_symref};
const st_attr_constraint st_ac_affine_map = {"AffineMap attribute", a_map};
const st_attr_constraint st_ac_integer_set = {"IntegerSet attribute", a_set};
const st_attr_constraint st_ac_typed = {"typed attribute", a_typed};
const st_attr_constraint st_ac_dense_i32_array = {"i32 dense array attribute", a_dense_i32};
const st_attr_constraint st_ac_dense_i64_array = {"i64 dense array attribute", a_dense_i64};
