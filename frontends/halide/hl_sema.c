/* Semantic analysis of a .hl program: declarations, definitions and the
 * typing of their expressions.  Every name is resolved here (a Var, a
 * reduction variable, a Func, an ImageParam, a Table, an intrinsic or a
 * cast), every expression gets Halide's type, and each mistake is reported
 * at the place it was written. */
#include "hl_ast.h"
#include "strata/limit.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const char *const st__hl_binop_names[] = {"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^",
                                          "<", "<=", ">", ">=", "==", "!=", "&&", "||"};
const char *const st__hl_intrin_names[] = {"select", "min",   "max",  "abs",   "absd", "clamp", "sqrt", "exp", "log",
                                           "pow",    "floor", "ceil", "round", "-",    "!",     "~",    "pow"};

bool st__hl_str_is(st_str s, const char *c) { return s.len == strlen(c) && memcmp(s.data, c, s.len) == 0; }

static bool str_eq(st_str a, st_str b) { return a.len == b.len && memcmp(a.data, b.data, a.len) == 0; }

int st__hl_find_func(const st__hl_parser *p, st_str name) {
	for (size_t i = 0; i < p->nfuncs; i++)
		if (p->funcs[i].kind != ST__HL_F_WRAPPER && str_eq(p->funcs[i].name, name))
			return (int)i;
	return -1;
}

int st__hl_find_var(const st__hl_parser *p, st_str name) {
	for (size_t i = 0; i < p->nvars; i++)
		if (str_eq(p->vars[i].name, name))
			return (int)i;
	return -1;
}

int st__hl_find_rdom(const st__hl_parser *p, st_str name) {
	for (size_t i = 0; i < p->nrdoms; i++)
		if (str_eq(p->rdoms[i].name, name))
			return (int)i;
	return -1;
}

#define S(x) (int)(x).len, (x).data

static const st__hl_type t_i32 = {ST__HL_INT, 32}, t_f32 = {ST__HL_FLOAT, 32}, t_bool = {ST__HL_UINT, 1};

/* --------------------------------------------------------- declarations */

static bool declare(st__hl_parser *p, const st__hl_name *n) {
	const char *what = st__hl_find_var(p, n->s) >= 0    ? "Var"
	                   : st__hl_find_rdom(p, n->s) >= 0 ? "RDom"
	                   : st__hl_find_func(p, n->s) >= 0 ? "Func"
	                                                    : NULL;
	if (what)
		return st_succeeded(st__hl_error(p, n->line, n->col, "redefinition of '%.*s' (already a %s)", S(n->s), what));
	return true;
}

int st__hl_add_var(st__hl_parser *p, st_str name, int line, int col) {
	st__hl_grow(p, (void **)&p->vars, &p->vcap, sizeof *p->vars, p->nvars + 1);
	st__hl_var v = {name, line, col};
	p->vars[p->nvars] = v;
	return (int)p->nvars++;
}

int st__hl_add_func(st__hl_parser *p, st_str name, st__hl_fkind kind, int line, int col) {
	st__hl_grow(p, (void **)&p->funcs, &p->fcap, sizeof *p->funcs, p->nfuncs + 1);
	st__hl_func *f = &p->funcs[p->nfuncs];
	memset(f, 0, sizeof *f);
	f->name = name;
	f->kind = kind;
	f->line = line;
	f->col = col;
	f->ndims = -1;
	f->wrapped = f->wrapper = f->compute_share = f->out_index = f->image_index = -1;
	return (int)p->nfuncs++;
}

/* A type argument: UInt(8), Int(16), Float(32), BFloat(16), Bool(), or a
 * short name (u8 ... bf16). */
static bool type_arg(st__hl_parser *p, const st__hl_expr *e, st__hl_type *out) {
	if (e->kind == ST__HL_E_NAME && st__hl_type_from_name(e->name, out) && !st__hl_is_bool(*out))
		return true;
	if (e->kind == ST__HL_E_CALL) {
		int bits = -1;
		if (e->nargs == 1 && e->args[0]->kind == ST__HL_E_INT)
			bits = (int)e->args[0]->i;
		st__hl_type t = {0, (uint8_t)(bits > 0 && bits <= 32 ? bits : 0)};
		bool ok = false;
		if (st__hl_str_is(e->name, "UInt"))
			t.code = ST__HL_UINT, ok = bits == 8 || bits == 16 || bits == 32;
		else if (st__hl_str_is(e->name, "Int"))
			t.code = ST__HL_INT, ok = bits == 8 || bits == 16 || bits == 32;
		else if (st__hl_str_is(e->name, "Float"))
			t.code = ST__HL_FLOAT, ok = bits == 32;
		else if (st__hl_str_is(e->name, "BFloat"))
			t.code = ST__HL_BFLOAT, ok = bits == 16;
		else
			goto bad;
		if (!ok)
			return st_succeeded(st__hl_error(p, e->line, e->col,
			                                 "unsupported type %.*s(%d) (element types: u8 u16 u32 i8 i16 i32 bf16 f32)",
			                                 S(e->name), bits));
		*out = t;
		return true;
	}
bad:
	return st_succeeded(st__hl_error(p, e->line, e->col, "expected an element type such as UInt(8) or Float(32)"));
}

static bool int_const(st__hl_parser *p, const st__hl_expr *e, const char *what, int64_t *out) {
	int64_t sign = 1;
	if (e->kind == ST__HL_E_UN && e->op == '-' && e->nargs == 1) {
		sign = -1;
		e = e->args[0];
	}
	if (e->kind != ST__HL_E_INT)
		return st_succeeded(st__hl_error(p, e->line, e->col, "%s must be an integer constant", what));
	*out = sign * e->i;
	return true;
}

static bool decl_rdom(st__hl_parser *p, const st__hl_stmt *s) {
	const st__hl_name *n = &s->names[0];
	if (!declare(p, n))
		return false;
	const st__hl_expr *a = s->lhs;
	if (a->nargs == 0 || a->nargs % 2 || a->nargs / 2 > ST__HL_MAX_RDIMS)
		return st_succeeded(st__hl_error(p, n->line, n->col,
		                                 "RDom '%.*s' needs 1 to %d pairs of (min, extent), not %zu arguments",
		                                 S(n->s), ST__HL_MAX_RDIMS, a->nargs));
	st__hl_rdom r = {.name = n->s, .line = n->line, .col = n->col, .n = (int)a->nargs / 2};
	for (int d = 0; d < r.n; d++) {
		if (!int_const(p, a->args[2 * d], "an RDom's min", &r.min[d]) ||
		    !int_const(p, a->args[2 * d + 1], "an RDom's extent", &r.extent[d]))
			return false;
		if (r.extent[d] <= 0)
			return st_succeeded(st__hl_error(p, a->args[2 * d + 1]->line, a->args[2 * d + 1]->col,
			                                 "an RDom's extent must be positive"));
	}
	st__hl_grow(p, (void **)&p->rdoms, &p->rcap, sizeof *p->rdoms, p->nrdoms + 1);
	p->rdoms[p->nrdoms++] = r;
	return true;
}

static bool decl_image(st__hl_parser *p, const st__hl_stmt *s) {
	const st__hl_name *n = &s->names[0];
	if (!declare(p, n))
		return false;
	const st__hl_expr *a = s->lhs;
	if (a->nargs != 2)
		return st_succeeded(st__hl_error(p, n->line, n->col,
		                                 "ImageParam '%.*s' takes (type, dimensions), not %zu arguments", S(n->s),
		                                 a->nargs));
	st__hl_type t;
	int64_t dims;
	if (!type_arg(p, a->args[0], &t) || !int_const(p, a->args[1], "the number of dimensions", &dims))
		return false;
	if (dims < 1 || dims > ST__HL_MAX_DIMS)
		return st_succeeded(st__hl_error(p, a->args[1]->line, a->args[1]->col,
		                                 "an ImageParam has 1 to %d dimensions, not %lld", ST__HL_MAX_DIMS,
		                                 (long long)dims));
	int fi = st__hl_add_func(p, n->s, ST__HL_F_IMAGE, n->line, n->col);
	st__hl_func *f = &p->funcs[fi];
	f->type = t;
	f->ndims = (int)dims;
	f->image_index = (int)p->nimages;
	st__hl_grow(p, (void **)&p->images, &p->icap, sizeof *p->images, p->nimages + 1);
	p->images[p->nimages++] = fi;
	return true;
}

/* The shape of a table's nested list: sizes[0] is the innermost (the
 * first argument), as for images. */
static bool table_shape(st__hl_parser *p, const st__hl_expr *e, int depth, int64_t *sizes, int *ndims) {
	if (e->kind != ST__HL_E_LIST) {
		if (depth == 0)
			return st_succeeded(st__hl_error(p, e->line, e->col, "a Table is initialised with a list { ... }"));
		*ndims = depth;
		return true;
	}
	if (depth == ST__HL_MAX_DIMS)
		return st_succeeded(st__hl_error(p, e->line, e->col, "a Table has at most %d dimensions", ST__HL_MAX_DIMS));
	if (e->nargs == 0)
		return st_succeeded(st__hl_error(p, e->line, e->col, "a Table's list cannot be empty"));
	return table_shape(p, e->args[0], depth + 1, sizes, ndims) &&
	       (sizes[*ndims - depth - 1] = (int64_t)e->nargs, true);
}

static bool table_fill(st__hl_parser *p, st__hl_func *f, const st__hl_expr *e, int depth, size_t *k) {
	if (depth == f->ndims) {
		double sign = 1;
		if (e->kind == ST__HL_E_UN && e->op == '-' && e->nargs == 1) {
			sign = -1;
			e = e->args[0];
		}
		if (e->kind == ST__HL_E_INT && !st__hl_is_float(f->type)) {
			int64_t v = (int64_t)sign * e->i;
			bool fit = f->type.code == ST__HL_INT ? v >= -(INT64_C(1) << (f->type.bits - 1)) &&
			                                            v < (INT64_C(1) << (f->type.bits - 1))
			                                      : v >= 0 && v < (INT64_C(1) << f->type.bits);
			if (!fit)
				return st_succeeded(st__hl_error(p, e->line, e->col, "%lld does not fit in the Table's type %s",
				                                 (long long)v, st__hl_type_name(f->type)));
			f->ivals[(*k)++] = v;
			return true;
		}
		if ((e->kind == ST__HL_E_INT || e->kind == ST__HL_E_FLOAT) && st__hl_is_float(f->type)) {
			f->fvals[(*k)++] = sign * (e->kind == ST__HL_E_INT ? (double)e->i : e->f);
			return true;
		}
		return st_succeeded(st__hl_error(p, e->line, e->col, "a Table entry must be a %s constant",
		                                 st__hl_is_float(f->type) ? "number" : "integer"));
	}
	int64_t want = f->size[f->ndims - depth - 1];
	if (e->kind != ST__HL_E_LIST || (int64_t)e->nargs != want)
		return st_succeeded(st__hl_error(p, e->line, e->col, "a Table must be rectangular: expected a list of %lld",
		                                 (long long)want));
	for (size_t i = 0; i < e->nargs; i++)
		if (!table_fill(p, f, e->args[i], depth + 1, k))
			return false;
	return true;
}

static bool decl_table(st__hl_parser *p, const st__hl_stmt *s) {
	const st__hl_name *n = &s->names[0];
	if (!declare(p, n))
		return false;
	if (s->lhs->nargs != 1)
		return st_succeeded(st__hl_error(p, n->line, n->col, "Table '%.*s' takes one argument, its element type",
		                                 S(n->s)));
	st__hl_type t;
	int64_t sizes[ST__HL_MAX_DIMS] = {0};
	int nd = 0;
	if (!type_arg(p, s->lhs->args[0], &t) || !table_shape(p, s->init, 0, sizes, &nd))
		return false;
	int fi = st__hl_add_func(p, n->s, ST__HL_F_TABLE, n->line, n->col);
	st__hl_func *f = &p->funcs[fi];
	f->type = t;
	f->ndims = nd;
	int64_t count = 1, cap = st_context_limit(p->ctx, &st__hl_table_limit);
	for (int d = 0; d < nd; d++) {
		f->size[d] = sizes[d];
		if (!st_mul_size(count, sizes[d], &count) || count > cap) {
			char hint[160];
			return st_succeeded(st__hl_error(p, n->line, n->col, "Table '%.*s' has more than %lld entries %s",
			                                 S(n->s), (long long)cap,
			                                 st_limit_hint(p->ctx, &st__hl_table_limit, hint, sizeof hint)));
		}
	}
	if (st__hl_is_float(t))
		f->fvals = st__hl_alloc(p, (size_t)count * sizeof *f->fvals);
	else
		f->ivals = st__hl_alloc(p, (size_t)count * sizeof *f->ivals);
	size_t k = 0;
	return table_fill(p, f, s->init, 0, &k);
}

/* ---------------------------------------------------------- expressions */

/* What a definition's expressions may name. */
typedef struct scope {
	st__hl_func *f;   /* the func being defined */
	int fi;
	const int *vars;  /* the pure vars in scope */
	int nvars;
	bool allow_rdom;
	int rdom;         /* the one RDom the definition uses, -1 until seen */
	int rline, rcol;
} scope;

static st__hl_expr *resolve(st__hl_parser *p, scope *sc, st__hl_expr *e);

static bool use_rdom(st__hl_parser *p, scope *sc, int r, const st__hl_expr *at) {
	if (!sc->allow_rdom)
		return st_succeeded(st__hl_error(p, at->line, at->col,
		                                 "the pure definition of '%.*s' cannot use the reduction domain '%.*s' "
		                                 "(write an update definition)",
		                                 S(sc->f->name), S(p->rdoms[r].name)));
	if (sc->rdom >= 0 && sc->rdom != r)
		return st_succeeded(st__hl_error(p, at->line, at->col,
		                                 "an update definition uses one RDom: '%.*s' here, '%.*s' before",
		                                 S(p->rdoms[r].name), S(p->rdoms[sc->rdom].name)));
	sc->rdom = r;
	return true;
}

static st__hl_expr *name_expr(st__hl_parser *p, scope *sc, st__hl_expr *e) {
	int v = st__hl_find_var(p, e->name);
	if (v >= 0) {
		for (int i = 0; i < sc->nvars; i++)
			if (sc->vars[i] == v) {
				e->kind = ST__HL_E_VAR;
				e->ref = v;
				e->type = t_i32;
				return e;
			}
		st__hl_error(p, e->line, e->col, "Var '%.*s' is not an argument of this definition of '%.*s'", S(e->name),
		             S(sc->f->name));
		return NULL;
	}
	int r = st__hl_find_rdom(p, e->name);
	if (r >= 0) {
		if (p->rdoms[r].n != 1) {
			st__hl_error(p, e->line, e->col, "RDom '%.*s' has %d dimensions: name one (%.*s.x)", S(e->name),
			             p->rdoms[r].n, S(e->name));
			return NULL;
		}
		if (!use_rdom(p, sc, r, e))
			return NULL;
		e->kind = ST__HL_E_RVAR;
		e->ref = r;
		e->dim = 0;
		e->type = t_i32;
		return e;
	}
	if (st__hl_find_func(p, e->name) >= 0)
		st__hl_error(p, e->line, e->col, "'%.*s' is a Func: call it with its arguments", S(e->name));
	else
		st__hl_error(p, e->line, e->col, "unknown Var '%.*s'", S(e->name));
	return NULL;
}

static st__hl_expr *member_expr(st__hl_parser *p, scope *sc, st__hl_expr *e) {
	if (e->base->kind != ST__HL_E_NAME || st__hl_find_rdom(p, e->base->name) < 0) {
		st__hl_error(p, e->line, e->col, "'.%.*s' applies to an RDom", S(e->name));
		return NULL;
	}
	int r = st__hl_find_rdom(p, e->base->name);
	static const char dims[] = "xyzw";
	int d = e->name.len == 1 && strchr(dims, e->name.data[0]) ? (int)(strchr(dims, e->name.data[0]) - dims) : -1;
	if (d < 0 || d >= p->rdoms[r].n) {
		st__hl_error(p, e->line, e->col, "RDom '%.*s' has no dimension '%.*s'", S(e->base->name), S(e->name));
		return NULL;
	}
	if (!use_rdom(p, sc, r, e))
		return NULL;
	e->kind = ST__HL_E_RVAR;
	e->ref = r;
	e->dim = d;
	e->type = t_i32;
	return e;
}

static bool arity(st__hl_parser *p, const st__hl_expr *e, size_t lo, size_t hi) {
	if (e->nargs >= lo && e->nargs <= hi)
		return true;
	if (lo == hi)
		return st_succeeded(st__hl_error(p, e->line, e->col, "'%.*s' takes %zu argument%s, not %zu", S(e->name), lo,
		                                 lo == 1 ? "" : "s", e->nargs));
	return st_succeeded(st__hl_error(p, e->line, e->col, "'%.*s' takes %zu to %zu arguments, not %zu", S(e->name),
	                                 lo, hi, e->nargs));
}

static bool need(st__hl_parser *p, const st__hl_expr *e, bool ok, const char *what, const char *fn) {
	if (ok)
		return true;
	return st_succeeded(st__hl_error(p, e->line, e->col, "type mismatch: %s needs %s, not %s", fn, what,
	                                 e->literal ? (e->kind == ST__HL_E_INT ? "an integer constant" : "a float constant")
	                                            : st__hl_type_name(e->type)));
}

static st__hl_expr *resolve_args(st__hl_parser *p, scope *sc, st__hl_expr *e) {
	for (size_t i = 0; i < e->nargs; i++)
		if (!(e->args[i] = resolve(p, sc, e->args[i])))
			return NULL;
	return e;
}

/* A float argument of a math function: integers become f32. */
static bool float_arg(st__hl_parser *p, st__hl_expr **a) {
	if ((*a)->literal && !st__hl_settle(p, *a))
		return false;
	if (!st__hl_is_float((*a)->type))
		*a = st__hl_cast_to(p, *a, t_f32, false);
	return *a != NULL;
}

/* Halide raises to an integer constant power by multiplying (dividing one
 * by the product for a negative power), in the base's own type: pow(x, 3)
 * of an i32 is an i32, and of an f32 is not Halide's pow_f32. */
static st__hl_expr *int_pow(st__hl_parser *p, st__hl_expr *e) {
	st__hl_expr *b = e->args[0];
	if ((b->literal && !st__hl_settle(p, b)) || !st__hl_settle(p, e->args[1]))
		return NULL;
	if (!need(p, b, !st__hl_is_bool(b->type), "a number", "pow"))
		return NULL;
	e->op = ST__HL_POWI;
	e->i = e->args[1]->i;
	e->nargs = 1;
	e->type = b->type;
	return e;
}

static st__hl_expr *intrinsic(st__hl_parser *p, st__hl_expr *e, int op) {
	e->kind = ST__HL_E_INTRIN;
	e->op = op;
	st__hl_expr **a = e->args;
	switch (op) {
	case ST__HL_SELECT:
		if (!arity(p, e, 3, 3))
			return NULL;
		if (!need(p, a[0], !a[0]->literal && st__hl_is_bool(a[0]->type), "a bool condition", "select"))
			return NULL;
		if (!st__hl_match_types(p, &a[1], &a[2]))
			return NULL;
		if (a[1]->literal && (!st__hl_settle(p, a[1]) || !st__hl_settle(p, a[2])))
			return NULL;
		e->type = a[1]->type;
		return e;
	case ST__HL_MIN:
	case ST__HL_MAX:
	case ST__HL_ABSD:
		if (!arity(p, e, 2, 2) || !st__hl_match_types(p, &a[0], &a[1]))
			return NULL;
		if (a[0]->literal && (!st__hl_settle(p, a[0]) || !st__hl_settle(p, a[1])))
			return NULL;
		e->type = a[0]->type;
		if (op == ST__HL_ABSD && !st__hl_is_float(e->type))
			e->type.code = ST__HL_UINT;
		return e;
	case ST__HL_ABS:
		if (!arity(p, e, 1, 1) || (a[0]->literal && !st__hl_settle(p, a[0])))
			return NULL;
		e->type = a[0]->type;
		if (!st__hl_is_float(e->type))
			e->type.code = ST__HL_UINT; /* Halide: abs of a signed integer is unsigned */
		return e;
	case ST__HL_CLAMP:
		if (!arity(p, e, 3, 3) || (a[0]->literal && !st__hl_settle(p, a[0])))
			return NULL;
		for (int i = 1; i < 3; i++)
			if (!(a[i] = st__hl_cast_to(p, a[i], a[0]->type, a[i]->literal)))
				return NULL;
		e->type = a[0]->type;
		return e;
	case ST__HL_POW:
		if (e->nargs == 2 && a[1]->literal && a[1]->kind == ST__HL_E_INT)
			return int_pow(p, e);
		if (!arity(p, e, 2, 2) || !float_arg(p, &a[0]) || !float_arg(p, &a[1]) ||
		    !st__hl_match_types(p, &a[0], &a[1]))
			return NULL;
		e->type = a[0]->type;
		return e;
	default: /* sqrt exp log floor ceil round */
		if (!arity(p, e, 1, 1) || !float_arg(p, &a[0]))
			return NULL;
		e->type = a[0]->type;
		return e;
	}
}

static st__hl_expr *call_expr(st__hl_parser *p, scope *sc, st__hl_expr *e) {
	int fi = st__hl_find_func(p, e->name);
	if (fi >= 0) {
		st__hl_func *f = &p->funcs[fi];
		if (f->kind == ST__HL_F_FUNC && !f->pure) {
			st__hl_error(p, e->line, e->col, "Func '%.*s' is used before it is defined", S(e->name));
			return NULL;
		}
		if (!arity(p, e, (size_t)f->ndims, (size_t)f->ndims) || !resolve_args(p, sc, e))
			return NULL;
		for (size_t i = 0; i < e->nargs; i++) {
			if (e->args[i]->literal && !st__hl_settle(p, e->args[i]))
				return NULL;
			if (!need(p, e->args[i], !st__hl_is_float(e->args[i]->type), "an integer index", "a call"))
				return NULL;
			if (!(e->args[i] = st__hl_cast_to(p, e->args[i], t_i32, false)))
				return NULL;
		}
		e->kind = ST__HL_E_FCALL;
		e->ref = fi;
		e->type = f->type;
		return e;
	}
	st__hl_type t;
	if (st__hl_type_from_name(e->name, &t)) {
		if (!arity(p, e, 1, 1) || !resolve_args(p, sc, e))
			return NULL;
		return st__hl_cast_to(p, e->args[0], t, false);
	}
	if (st__hl_str_is(e->name, "cast")) {
		if (!arity(p, e, 2, 2) || !type_arg(p, e->args[0], &t) || !(e->args[1] = resolve(p, sc, e->args[1])))
			return NULL;
		return st__hl_cast_to(p, e->args[1], t, false);
	}
	for (int op = 0; op < ST__HL_NEG; op++)
		if (st__hl_str_is(e->name, st__hl_intrin_names[op]))
			return resolve_args(p, sc, e) ? intrinsic(p, e, op) : NULL;
	if (st__hl_find_var(p, e->name) >= 0 || st__hl_find_rdom(p, e->name) >= 0)
		st__hl_error(p, e->line, e->col, "'%.*s' is not a Func: it cannot be called", S(e->name));
	else
		st__hl_error(p, e->line, e->col, "unknown Func '%.*s'", S(e->name));
	return NULL;
}

/* Folds an operator on two literals the way C++ computes int and float
 * arithmetic before Halide sees the value. */
static st__hl_expr *fold(st__hl_parser *p, st__hl_expr *e, st__hl_expr *a, st__hl_expr *b) {
	bool fl = a->kind == ST__HL_E_FLOAT || b->kind == ST__HL_E_FLOAT;
	if (fl) {
		float x = a->kind == ST__HL_E_FLOAT ? (float)a->f : (float)a->i;
		float y = b->kind == ST__HL_E_FLOAT ? (float)b->f : (float)b->i;
		float r;
		switch (e->op) {
		case ST__HL_ADD: r = x + y; break;
		case ST__HL_SUB: r = x - y; break;
		case ST__HL_MUL: r = x * y; break;
		case ST__HL_DIV: r = x / y; break;
		default: return e;
		}
		a->kind = ST__HL_E_FLOAT;
		a->f = r;
		return a;
	}
	int64_t x = a->i, y = b->i, r;
	switch (e->op) {
	case ST__HL_ADD: r = x + y; break;
	case ST__HL_SUB: r = x - y; break;
	case ST__HL_MUL: r = x * y; break;
	case ST__HL_DIV:
	case ST__HL_MOD:
		if (y == 0) {
			st__hl_error(p, e->line, e->col, "division by zero in a constant expression");
			return NULL;
		}
		r = e->op == ST__HL_DIV ? x / y : x % y;
		break;
	case ST__HL_SHL: r = y >= 0 && y < 32 ? (int64_t)((uint64_t)x << y) : 0; break;
	case ST__HL_SHR: r = y >= 0 && y < 32 ? x >> y : 0; break;
	case ST__HL_AND: r = x & y; break;
	case ST__HL_OR: r = x | y; break;
	case ST__HL_XOR: r = x ^ y; break;
	default: return e;
	}
	if (r < INT32_MIN || r > (int64_t)UINT32_MAX) {
		st__hl_error(p, e->line, e->col, "constant expression overflows 32 bits");
		return NULL;
	}
	a->i = r;
	return a;
}

static st__hl_expr *binary(st__hl_parser *p, scope *sc, st__hl_expr *e) {
	if (!resolve_args(p, sc, e))
		return NULL;
	st__hl_expr **a = &e->args[0], **b = &e->args[1];
	const char *on = st__hl_binop_names[e->op];
	if ((*a)->literal && (*b)->literal) {
		st__hl_expr *r = fold(p, e, *a, *b);
		if (r != e)
			return r;
	}
	if (e->op == ST__HL_LAND || e->op == ST__HL_LOR) {
		for (int i = 0; i < 2; i++)
			if (!need(p, e->args[i], !e->args[i]->literal && st__hl_is_bool(e->args[i]->type), "bool operands", on))
				return NULL;
		e->type = t_bool;
		return e;
	}
	bool intonly = e->op == ST__HL_SHL || e->op == ST__HL_SHR || e->op == ST__HL_AND || e->op == ST__HL_OR ||
	               e->op == ST__HL_XOR;
	if (intonly)
		for (int i = 0; i < 2; i++) {
			const st__hl_expr *x = e->args[i];
			if (!need(p, x, x->literal ? x->kind == ST__HL_E_INT : !st__hl_is_float(x->type), "integer operands", on))
				return NULL;
		}
	if (!st__hl_match_types(p, a, b))
		return NULL;
	if ((*a)->literal && (!st__hl_settle(p, *a) || !st__hl_settle(p, *b)))
		return NULL;
	bool cmp = e->op >= ST__HL_LT && e->op <= ST__HL_NE;
	if (!cmp && !intonly && st__hl_is_bool((*a)->type) && e->op != ST__HL_EQ) {
		st__hl_error(p, e->line, e->col, "type mismatch: '%s' needs numbers, not bool", on);
		return NULL;
	}
	e->type = cmp ? t_bool : (*a)->type;
	return e;
}

static st__hl_expr *unary(st__hl_parser *p, scope *sc, st__hl_expr *e) {
	if (!resolve_args(p, sc, e))
		return NULL;
	st__hl_expr *a = e->args[0];
	if (e->op == '-' && a->literal) {
		if (a->kind == ST__HL_E_INT)
			a->i = -a->i;
		else
			a->f = -a->f;
		return a;
	}
	if (a->literal && !st__hl_settle(p, a))
		return NULL;
	const char on[2] = {(char)e->op, 0};
	if (e->op == '!' && !need(p, a, st__hl_is_bool(a->type), "a bool operand", on))
		return NULL;
	if (e->op == '~' && !need(p, a, !st__hl_is_float(a->type), "an integer operand", on))
		return NULL;
	if (e->op == '-' && !need(p, a, !st__hl_is_bool(a->type), "a number", on))
		return NULL;
	e->kind = ST__HL_E_INTRIN;
	e->op = e->op == '-' ? ST__HL_NEG : e->op == '!' ? ST__HL_NOT : ST__HL_BITNOT;
	e->type = a->type;
	return e;
}

static st__hl_expr *resolve(st__hl_parser *p, scope *sc, st__hl_expr *e) {
	switch (e->kind) {
	case ST__HL_E_INT:
	case ST__HL_E_FLOAT:
		return e;
	case ST__HL_E_NAME:
		return name_expr(p, sc, e);
	case ST__HL_E_MEMBER:
		return member_expr(p, sc, e);
	case ST__HL_E_CALL:
		return call_expr(p, sc, e);
	case ST__HL_E_BIN:
		return binary(p, sc, e);
	case ST__HL_E_UN:
		return unary(p, sc, e);
	default:
		st__hl_error(p, e->line, e->col, "a %s cannot appear in an expression",
		             e->kind == ST__HL_E_LIST ? "list { ... }" : e->kind == ST__HL_E_SCOPED ? "'::' name" : "method call");
		return NULL;
	}
}

/* ----------------------------------------------------------- definitions */

static st__hl_expr *zero_like(st__hl_parser *p, st__hl_type t, int64_t v, int line, int col) {
	st__hl_expr *z = st__hl_expr_new(p, st__hl_is_float(t) ? ST__HL_E_FLOAT : ST__HL_E_INT, line, col);
	z->i = v;
	z->f = (double)v;
	z->type = t;
	return z;
}

static bool pure_def(st__hl_parser *p, st__hl_func *f, int fi, st__hl_expr *lhs, st__hl_expr *rhs) {
	if (lhs->nargs < 1 || lhs->nargs > ST__HL_MAX_DIMS)
		return st_succeeded(st__hl_error(p, lhs->line, lhs->col, "a Func has 1 to %d arguments", ST__HL_MAX_DIMS));
	for (size_t i = 0; i < lhs->nargs; i++) {
		const st__hl_expr *a = lhs->args[i];
		int v = a->kind == ST__HL_E_NAME ? st__hl_find_var(p, a->name) : -1;
		if (v < 0) {
			if (a->kind == ST__HL_E_NAME && st__hl_find_rdom(p, a->name) < 0 && st__hl_find_func(p, a->name) < 0)
				return st_succeeded(st__hl_error(p, a->line, a->col, "unknown Var '%.*s'", S(a->name)));
			return st_succeeded(st__hl_error(p, a->line, a->col,
			                                 "the pure definition of '%.*s' takes Vars as arguments "
			                                 "(other arguments make an update definition, after a pure one)",
			                                 S(f->name)));
		}
		for (size_t j = 0; j < i; j++)
			if (f->args[j] == v)
				return st_succeeded(st__hl_error(p, a->line, a->col, "Var '%.*s' appears twice in the arguments",
				                                 S(a->name)));
		f->args[i] = v;
	}
	f->ndims = (int)lhs->nargs;
	scope sc = {.f = f, .fi = fi, .vars = f->args, .nvars = f->ndims, .rdom = -1};
	st__hl_expr *e = resolve(p, &sc, rhs);
	if (!e || (e->literal && !st__hl_settle(p, e)))
		return false;
	f->pure = e;
	f->type = e->type;
	f->def_line = lhs->line;
	f->def_col = lhs->col;
	st__hl_stage_init(p, f, 0);
	return true;
}

/* A read of func fi in e that moves along a pure var of the update (its
 * value there would depend on the order of the pure loops), or NULL. */
static const st__hl_expr *self_read(const st__hl_expr *e, int fi, st__hl_expr *const *lhs, size_t n) {
	if (e->kind == ST__HL_E_FCALL && e->ref == fi)
		for (size_t i = 0; i < n && i < e->nargs; i++)
			if (lhs[i]->kind == ST__HL_E_VAR && (e->args[i]->kind != ST__HL_E_VAR || e->args[i]->ref != lhs[i]->ref))
				return e;
	for (size_t i = 0; i < e->nargs; i++) {
		const st__hl_expr *b = self_read(e->args[i], fi, lhs, n);
		if (b)
			return b;
	}
	return NULL;
}

/* An update; `implicit_pure` when the func had no pure definition: it
 * then starts from the op's identity in the type of the right-hand side
 * (Halide: 0 for += and -=, 1 for *=). */
static bool update_def(st__hl_parser *p, st__hl_func *f, int fi, st__hl_expr *lhs, int op, st__hl_expr *rhs,
                       int line, int col, bool implicit_pure) {
	if ((int)lhs->nargs != f->ndims)
		return st_succeeded(st__hl_error(p, lhs->line, lhs->col, "'%.*s' takes %d argument%s, not %zu", S(f->name),
		                                 f->ndims, f->ndims == 1 ? "" : "s", lhs->nargs));
	int vars[ST__HL_MAX_DIMS];
	int nv = 0;
	for (int i = 0; i < f->ndims; i++) {
		const st__hl_expr *a = lhs->args[i];
		int v = a->kind == ST__HL_E_NAME ? st__hl_find_var(p, a->name) : -1;
		if (v < 0)
			continue;
		if (v != f->args[i])
			return st_succeeded(st__hl_error(p, a->line, a->col,
			                                 "Var '%.*s' must be argument %d of an update of '%.*s', as in its pure "
			                                 "definition",
			                                 S(a->name), i + 1, S(f->name)));
		vars[nv++] = v;
	}
	scope sc = {.f = f, .fi = fi, .vars = vars, .nvars = nv, .allow_rdom = true, .rdom = -1};
	st__hl_update u = {.line = line, .col = col};
	u.nlhs = lhs->nargs;
	u.lhs = st__hl_alloc(p, u.nlhs * sizeof *u.lhs);
	for (size_t i = 0; i < lhs->nargs; i++) {
		st__hl_expr *a = resolve(p, &sc, lhs->args[i]);
		if (!a || (a->literal && !st__hl_settle(p, a)))
			return false;
		if (!need(p, a, !st__hl_is_float(a->type), "an integer index", "an update's argument") ||
		    !(a = st__hl_cast_to(p, a, t_i32, false)))
			return false;
		u.lhs[i] = a;
	}
	st__hl_expr *e = resolve(p, &sc, rhs);
	if (!e)
		return false;
	if (implicit_pure) {
		if (e->literal && !st__hl_settle(p, e))
			return false;
		f->type = e->type;
		f->pure = zero_like(p, e->type, op == ST__HL_MUL ? 1 : 0, lhs->line, lhs->col);
	}
	if (op >= 0) {
		/* f(args) op= e is f(args) = f(args) op e. */
		st__hl_expr *self = st__hl_expr_new(p, ST__HL_E_FCALL, lhs->line, lhs->col);
		self->ref = fi;
		self->type = f->type;
		for (size_t i = 0; i < u.nlhs; i++)
			st__hl_expr_push(p, self, u.lhs[i]);
		st__hl_expr *b = st__hl_expr_new(p, ST__HL_E_BIN, line, col);
		b->op = op;
		b->type = f->type;
		st__hl_expr_push(p, b, self);
		st__hl_expr_push(p, b, e);
		if (!st__hl_match_types(p, &b->args[0], &b->args[1]))
			return false;
		b->type = b->args[0]->type;
		e = b;
	}
	if (e->literal && !(e = st__hl_cast_to(p, e, f->type, true)))
		return false;
	if (!st__hl_type_eq(e->type, f->type))
		return st_succeeded(st__hl_error(p, line, col,
		                                 "type mismatch: this update of '%.*s' has type %s, its pure definition %s "
		                                 "(cast the right-hand side)",
		                                 S(f->name), st__hl_type_name(e->type), st__hl_type_name(f->type)));
	u.rhs = e;
	u.rdom = sc.rdom;
	const st__hl_expr *bad = self_read(e, fi, u.lhs, u.nlhs);
	if (bad)
		return st_succeeded(st__hl_error(p, bad->line, bad->col,
		                                 "an update of '%.*s' reads it only at its own coordinates in the positions "
		                                 "of pure Vars",
		                                 S(f->name)));
	if (implicit_pure)
		st__hl_stage_init(p, f, 0);
	st__hl_grow(p, (void **)&f->updates, &f->ucap, sizeof *f->updates, f->nupdates + 1);
	f->updates[f->nupdates++] = u;
	st__hl_stage_init(p, f, (int)f->nupdates);
	return true;
}

static bool definition(st__hl_parser *p, const st__hl_stmt *s) {
	st__hl_expr *lhs = s->lhs;
	if (lhs->kind != ST__HL_E_CALL)
		return st_succeeded(st__hl_error(p, lhs->line, lhs->col, "the left-hand side of a definition is a Func "
		                                                         "applied to arguments, as in f(x, y)"));
	int fi = st__hl_find_func(p, lhs->name);
	if (fi < 0)
		return st_succeeded(st__hl_error(p, lhs->line, lhs->col, "unknown Func '%.*s'", S(lhs->name)));
	st__hl_func *f = &p->funcs[fi];
	if (f->kind != ST__HL_F_FUNC)
		return st_succeeded(st__hl_error(p, lhs->line, lhs->col, "'%.*s' is %s: it cannot be defined", S(lhs->name),
		                                 f->kind == ST__HL_F_IMAGE ? "an ImageParam" : "a Table"));
	if (f->out_index >= 0)
		return st_succeeded(st__hl_error(p, lhs->line, lhs->col, "'%.*s' is defined after it was realized",
		                                 S(lhs->name)));
	if (!f->pure && s->op < 0)
		return pure_def(p, f, fi, lhs, s->rhs);
	if (!f->pure) {
		/* The pure vars are the Vars the update names, or new ones. */
		if (lhs->nargs < 1 || lhs->nargs > ST__HL_MAX_DIMS)
			return st_succeeded(st__hl_error(p, lhs->line, lhs->col, "a Func has 1 to %d arguments",
			                                 ST__HL_MAX_DIMS));
		if (s->op == ST__HL_DIV)
			return st_succeeded(st__hl_error(p, s->line, s->col, "'/=' needs a pure definition of '%.*s' first",
			                                 S(f->name)));
		f->ndims = (int)lhs->nargs;
		for (int i = 0; i < f->ndims; i++) {
			const st__hl_expr *a = lhs->args[i];
			int v = a->kind == ST__HL_E_NAME ? st__hl_find_var(p, a->name) : -1;
			if (v < 0) {
				char name[8];
				int n = snprintf(name, sizeof name, "_%d", i);
				st_str vn = st__hl_strdup(p, name, (size_t)n);
				v = st__hl_find_var(p, vn);
				if (v < 0)
					v = st__hl_add_var(p, vn, lhs->line, lhs->col);
			}
			f->args[i] = v;
		}
		f->def_line = lhs->line;
		f->def_col = lhs->col;
		return update_def(p, f, fi, lhs, s->op, s->rhs, s->line, s->col, true);
	}
	return update_def(p, f, fi, lhs, s->op, s->rhs, s->line, s->col, false);
}

/* -------------------------------------------------------------- realize */

static bool realize(st__hl_parser *p, const st__hl_expr *e) {
	if (e->nargs != 2 || e->args[0]->kind != ST__HL_E_NAME || e->args[1]->kind != ST__HL_E_LIST)
		return st_succeeded(st__hl_error(p, e->line, e->col, "realize takes a Func and its sizes: realize(f, {W, H})"));
	const st__hl_expr *n = e->args[0], *sizes = e->args[1];
	int fi = st__hl_find_func(p, n->name);
	if (fi < 0)
		return st_succeeded(st__hl_error(p, n->line, n->col, "unknown Func '%.*s'", S(n->name)));
	st__hl_func *f = &p->funcs[fi];
	if (f->kind != ST__HL_F_FUNC || !f->pure)
		return st_succeeded(st__hl_error(p, n->line, n->col, "only a defined Func can be realized"));
	if (f->out_index >= 0)
		return st_succeeded(st__hl_error(p, n->line, n->col, "'%.*s' is realized twice", S(n->name)));
	if ((int)sizes->nargs != f->ndims)
		return st_succeeded(st__hl_error(p, sizes->line, sizes->col, "'%.*s' has %d dimension%s: give %d sizes, not %zu",
		                                 S(n->name), f->ndims, f->ndims == 1 ? "" : "s", f->ndims, sizes->nargs));
	for (int d = 0; d < f->ndims; d++) {
		if (!int_const(p, sizes->args[d], "a size", &f->out_extent[d]))
			return false;
		if (f->out_extent[d] <= 0 || f->out_extent[d] > (1 << 20))
			return st_succeeded(st__hl_error(p, sizes->args[d]->line, sizes->args[d]->col,
			                                 "a size must be between 1 and %d", 1 << 20));
	}
	if (!st__hl_check_elements(p, f, f->out_extent, e->line, e->col, "output"))
		return false;
	f->out_index = (int)p->noutputs;
	f->realize_line = e->line;
	f->realize_col = e->col;
	st__hl_grow(p, (void **)&p->outputs, &p->ocap, sizeof *p->outputs, p->noutputs + 1);
	p->outputs[p->noutputs++] = fi;
	return true;
}

/* ------------------------------------------------------------ statements */

bool st__hl_sema(st__hl_parser *p) {
	for (st__hl_stmt *s = p->first; s; s = s->next) {
		bool ok = true;
		switch (s->kind) {
		case ST__HL_S_VAR:
			for (size_t i = 0; i < s->nnames && ok; i++)
				ok = declare(p, &s->names[i]) &&
				     st__hl_add_var(p, s->names[i].s, s->names[i].line, s->names[i].col) >= 0;
			break;
		case ST__HL_S_FUNC:
			for (size_t i = 0; i < s->nnames && ok; i++)
				ok = declare(p, &s->names[i]) &&
				     st__hl_add_func(p, s->names[i].s, ST__HL_F_FUNC, s->names[i].line, s->names[i].col) >= 0;
			break;
		case ST__HL_S_RDOM:
			ok = decl_rdom(p, s);
			break;
		case ST__HL_S_IMAGE:
			ok = decl_image(p, s);
			break;
		case ST__HL_S_TABLE:
			ok = decl_table(p, s);
			break;
		case ST__HL_S_DEF:
			ok = definition(p, s);
			break;
		case ST__HL_S_EXPR:
			if (s->lhs->kind == ST__HL_E_CALL && st__hl_str_is(s->lhs->name, "realize"))
				ok = realize(p, s->lhs);
			else if (s->lhs->kind == ST__HL_E_METHOD)
				ok = st__hl_schedule(p, s->lhs);
			else
				ok = st_succeeded(st__hl_error(p, s->line, s->col,
				                               "expected a definition, a schedule or realize(...)"));
			break;
		}
		if (!ok)
			return false;
	}
	if (p->noutputs == 0)
		return st_succeeded(st__hl_error(p, p->first ? p->first->line : 1, p->first ? p->first->col : 1,
		                                 "no output: end the program with realize(f, {sizes})"));
	return st__hl_check_schedule(p);
}
