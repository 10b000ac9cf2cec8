/* Halide's scalar types and its rules for mixing them (Halide 14's
 * match_types and the int/float operator overloads): an untyped literal
 * takes the type of the other operand when it fits, a non-float meets a
 * float as that float, two floats or two integers of one signedness widen,
 * and mixed signedness gives a signed integer of the wider width. */
#include "hl_ast.h"

#include <math.h>
#include <string.h>

bool st__hl_type_eq(st__hl_type a, st__hl_type b) { return a.code == b.code && a.bits == b.bits; }
bool st__hl_is_float(st__hl_type t) { return t.code == ST__HL_FLOAT || t.code == ST__HL_BFLOAT; }
bool st__hl_is_bool(st__hl_type t) { return t.code == ST__HL_UINT && t.bits == 1; }
bool st__hl_is_signed(st__hl_type t) { return t.code == ST__HL_INT; }

static const struct {
	const char *name;
	st__hl_type t;
} type_names[] = {
	{"u8", {ST__HL_UINT, 8}},    {"u16", {ST__HL_UINT, 16}}, {"u32", {ST__HL_UINT, 32}},
	{"i8", {ST__HL_INT, 8}},     {"i16", {ST__HL_INT, 16}},  {"i32", {ST__HL_INT, 32}},
	{"f32", {ST__HL_FLOAT, 32}}, {"bf16", {ST__HL_BFLOAT, 16}}, {"bool", {ST__HL_UINT, 1}},
};

const char *st__hl_type_name(st__hl_type t) {
	for (size_t i = 0; i < sizeof type_names / sizeof type_names[0]; i++)
		if (st__hl_type_eq(type_names[i].t, t))
			return type_names[i].name;
	return "?";
}

bool st__hl_type_from_name(st_str name, st__hl_type *out) {
	for (size_t i = 0; i < sizeof type_names / sizeof type_names[0]; i++)
		if (st__hl_str_is(name, type_names[i].name)) {
			*out = type_names[i].t;
			return true;
		}
	return false;
}

static const st__hl_type t_i32 = {ST__HL_INT, 32}, t_f32 = {ST__HL_FLOAT, 32};

static bool fits(int64_t v, st__hl_type t) {
	if (t.code == ST__HL_INT)
		return v >= -(INT64_C(1) << (t.bits - 1)) && v < (INT64_C(1) << (t.bits - 1));
	return v >= 0 && v < (INT64_C(1) << t.bits);
}

/* v wrapped to t's width (an explicit cast of a constant). */
static int64_t wrap(int64_t v, st__hl_type t) {
	if (st__hl_is_bool(t))
		return v != 0;
	uint64_t m = (1ull << t.bits) - 1, u = (uint64_t)v & m;
	return t.code == ST__HL_INT && (u >> (t.bits - 1)) ? (int64_t)(u | ~m) : (int64_t)u;
}



st__hl_expr *st__hl_cast_to(st__hl_parser *p, st__hl_expr *e, st__hl_type t, bool implicit) {
	if (!e->literal && st__hl_type_eq(e->type, t))
		return e;
	if (e->literal && e->kind == ST__HL_E_INT) {
		if (st__hl_is_float(t)) {
			e->kind = ST__HL_E_FLOAT;
			e->f = (double)e->i;
		} else {
			if (implicit && !fits(e->i, t)) {
				st__hl_error(p, e->line, e->col, "integer constant %lld does not fit in %s (the other operand's type)",
				             (long long)e->i, st__hl_type_name(t));
				return NULL;
			}
			e->i = wrap(e->i, t);
		}
		e->type = t;
		e->literal = false;
		return e;
	}
	if (e->literal && e->kind == ST__HL_E_FLOAT && st__hl_is_float(t)) {
		e->type = t;
		e->literal = false;
		return e;
	}
	if (e->literal && !st__hl_settle(p, e))
		return NULL;
	st__hl_expr *c = st__hl_expr_new(p, ST__HL_E_CAST, e->line, e->col);
	c->type = t;
	st__hl_expr_push(p, c, e);
	return c;
}

/* The type of an untyped literal standing alone. */
bool st__hl_settle(st__hl_parser *p, st__hl_expr *e) {
	if (!e->literal)
		return true;
	if (e->kind == ST__HL_E_INT && !fits(e->i, t_i32))
		return st_succeeded(
			st__hl_error(p, e->line, e->col, "integer constant %lld does not fit in i32", (long long)e->i));
	e->type = e->kind == ST__HL_E_INT ? t_i32 : t_f32;
	e->literal = false;
	return true;
}

bool st__hl_match_types(st__hl_parser *p, st__hl_expr **a, st__hl_expr **b) {
	st__hl_expr *x = *a, *y = *b;
	/* A literal meets the other operand's type (Halide's int and float
	 * overloads of the operators). */
	if (x->literal != y->literal) {
		st__hl_expr **lit = x->literal ? a : b, *other = x->literal ? y : x;
		st__hl_type t = other->type;
		if ((*lit)->kind == ST__HL_E_FLOAT && !st__hl_is_float(t)) {
			/* int op float literal: both f32. */
			if (!st__hl_settle(p, *lit))
				return false;
			st__hl_expr **o = x->literal ? b : a;
			*o = st__hl_cast_to(p, *o, t_f32, true);
			return *o != NULL;
		}
		if ((*lit)->kind == ST__HL_E_FLOAT && t.code == ST__HL_BFLOAT) {
			if (!st__hl_settle(p, *lit))
				return false;
			st__hl_expr **o = x->literal ? b : a;
			*o = st__hl_cast_to(p, *o, t_f32, true);
			return *o != NULL;
		}
		if (st__hl_is_bool(t)) {
			/* bool op int literal: the bool becomes an i32. */
			if (!st__hl_settle(p, *lit))
				return false;
			st__hl_expr **o = x->literal ? b : a;
			*o = st__hl_cast_to(p, *o, t_i32, true);
			return *o != NULL;
		}
		*lit = st__hl_cast_to(p, *lit, t, true);
		return *lit != NULL;
	}
	if (x->literal && !st__hl_settle(p, x))
		return false;
	if (y->literal && !st__hl_settle(p, y))
		return false;
	st__hl_type ta = x->type, tb = y->type;
	if (st__hl_type_eq(ta, tb))
		return true;
	st__hl_type t;
	if (st__hl_is_float(ta) != st__hl_is_float(tb))
		t = st__hl_is_float(ta) ? ta : tb;
	else if (st__hl_is_float(ta))
		t = ta.bits > tb.bits || (ta.bits == tb.bits && ta.code == ST__HL_FLOAT) ? ta : tb;
	else if (st__hl_is_bool(ta) || st__hl_is_bool(tb))
		t = st__hl_is_bool(ta) ? tb : ta;
	else if (ta.code == tb.code)
		t = ta.bits > tb.bits ? ta : tb;
	else {
		t.code = ST__HL_INT;
		t.bits = ta.bits > tb.bits ? ta.bits : tb.bits;
	}
	*a = st__hl_cast_to(p, x, t, true);
	*b = st__hl_cast_to(p, y, t, true);
	return *a && *b;
}
