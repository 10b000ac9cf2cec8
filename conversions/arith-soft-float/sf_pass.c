/* arith-soft-float: f32 and f64 arithmetic as integer arith ops on the
 * IEEE-754 bits, for targets without floating point (the streaming hardware of
 * docs/streaming-hw.md, comb and Calyx), as a dialect conversion
 * (strata/conversion.h): the ops to lower are illegal, one conversion
 * pattern per op expands it into integer ops, and a type converter takes
 * f32 to i32 and f64 to i64, whose source materialisation is the
 * arith.bitcast by which a
 * lowered result reaches the ops that still read it as f32.  Each lowered
 * op reads its operands' bits through an arith.bitcast placed once beside
 * the value's definition (or the integer a lowered op already made), so
 * f32 loads, stores, arguments and block arguments keep their types
 * (unless `memrefs` makes float memories integer ones, st__sf_memref.c, and
 * the floats carried by loops and ifs integers too, st__sf_carry.c); `within`
 * limits the pass to some ops (the stream flow's kernels, Calyx's top).
 * The results are the interpreter's bit for bit (docs/soft-float.md).
 * Every other float op or type in arith and math is refused by name before
 * anything changes. */
#include "sf.h"
#include "strata/asm.h"
#include "strata/conversion.h"
#include "strata/conversions/arith_soft_float.h"
#include "strata/pass.h"

#include <stddef.h>
#include <string.h>

typedef enum kind { K_ADD, K_SUB, K_MUL, K_DIV, K_MAXIMUM, K_MINIMUM, K_MAXNUM, K_MINNUM, K_NEG, K_CMP, K_SITOFP,
	                K_UITOFP, K_FPTOSI, K_FPTOUI, K_CONST, K_SELECT, K_SQRT, K_EXP, K_LOG, K_ABS, K_FLOOR, K_EXTF, K_TRUNCF,
	                K_KEEP, K_NONE } kind;

static const struct {
	const char *name;
	kind k;
} lowered[] = {
	{"arith.addf", K_ADD},       {"arith.subf", K_SUB},       {"arith.mulf", K_MUL},       {"arith.divf", K_DIV},
	{"arith.maximumf", K_MAXIMUM}, {"arith.minimumf", K_MINIMUM}, {"arith.maxnumf", K_MAXNUM}, {"arith.minnumf", K_MINNUM},
	{"arith.negf", K_NEG},       {"arith.cmpf", K_CMP},       {"arith.sitofp", K_SITOFP},  {"arith.uitofp", K_UITOFP},
	{"arith.fptosi", K_FPTOSI},  {"arith.fptoui", K_FPTOUI},  {"arith.constant", K_CONST}, {"arith.select", K_SELECT},
	{"math.sqrt", K_SQRT},        {"math.exp", K_EXP},         {"math.log", K_LOG},         {"math.absf", K_ABS},
	{"math.floor", K_FLOOR},     {"arith.extf", K_EXTF},      {"arith.truncf", K_TRUNCF},  {"arith.bitcast", K_KEEP},
};

typedef struct options {
	/* Lower only inside ops of this name, or with this symbol (@name);
	 * "": everywhere. */
	const char *within;
	bool memrefs;       /* f32/f64 memrefs become i32/i64 ones (st__sf_memref.c) */
	bool scalars;       /* a function's f32/f64 arguments and results become their bits */
} options;

typedef struct state {
	st_context *ctx;
	const char *within;
	bool memrefs, scalars;
	st_value **mems; /* f32 memrefs to retype */
	size_t nmems, cap_mems;
	st_op **carriers; /* loops and ifs carrying f32, to retype */
	size_t ncarriers, cap_carriers;
	st_op **fns; /* functions whose float arguments and results become bits */
	size_t nfns, cap_fns;
	st_value_map *bits; /* float value -> its bits */
	/* Every refusal is reported before the conversion changes anything. */
	st_status status;
} state;

/* A conversion pattern per lowered op, with the pass's state. */
typedef struct sf_pattern {
	st_pattern p;
	state *s;
	kind k;
} sf_pattern;

static kind kind_of(const st_op *op) {
	const char *n = st_op_name_cstr(op);
	for (size_t i = 0; i < sizeof lowered / sizeof lowered[0]; i++)
		if (!strcmp(n, lowered[i].name))
			return lowered[i].k;
	return K_NONE;
}

static bool floaty(st_type *t) {
	return st_type_is_float(t) || (st_type_is_shaped(t) && st_type_is_float(st_type_element(t)));
}
static bool is_f64(st_type *t) { return st_type_get_kind(t) == ST_TYPE_F64; }

/* Why a wanted op on f32 or f64 (`f64`: an f64 among its types) cannot be
 * lowered, or NULL: the ops with an f32 lowering only, a rounding mode but
 * the nearest-even one, integers wider than the float.  (extf and truncf
 * between the two can only go f32 -> f64 and f64 -> f32: the verifier's
 * rule.) */
static const char *unsupported(st_op *op, kind k, bool f64, unsigned int_width) {
	if (f64 && (k == K_SQRT || k == K_EXP || k == K_LOG))
		return "has a soft-float lowering on f32 only";
	st_attr *rm = k == K_TRUNCF ? st_op_get_attr(op, "roundingmode") : NULL;
	if (rm && st_attr_get_kind(rm) == ST_ATTR_INTEGER && st_attr_int_value(rm) != 0)
		return "is lowered with the nearest-even rounding only";
	if (k >= K_SITOFP && k <= K_FPTOUI && int_width > (f64 ? 64u : 32u))
		return f64 ? "converts between f64 and integers of at most 64 bits only"
		           : "converts between f32 and integers of at most 32 bits only";
	return NULL;
}

/* Whether the op is one this pass must lower; refusals are reported when
 * `report`. */
static bool wanted(state *s, st_op *op, bool report) {
	const char *n = st_op_name_cstr(op);
	if (strncmp(n, "arith.", 6) && strncmp(n, "math.", 5))
		return false;
	size_t no = st_op_num_operands(op), nr = st_op_num_results(op);
	bool any = false, soft = true, has64 = false;
	unsigned int_width = 0; /* the widest integer (index: wider than any) */
	st_type *other = NULL; /* a float type that is not scalar f32 or f64 */
	for (size_t i = 0; i < no + nr; i++) {
		st_type *t = st_value_type(i < no ? st_op_operand(op, i) : st_op_result(op, i - no));
		if (floaty(t)) {
			any = true;
			has64 = has64 || is_f64(t);
			if (!st__sf_is_soft(t) && !other) {
				soft = false;
				other = t;
			}
		} else if (!st_type_is_integer(t)) {
			int_width = 65;
		} else if (st_type_int_width(t) > int_width) {
			int_width = st_type_int_width(t);
		}
	}
	kind k = kind_of(op);
	if (!any || k == K_KEEP)
		return false;
	if (k == K_NONE) {
		if (report)
			s->status = st_op_error(op, "arith-soft-float: '%s' has no soft-float lowering", n);
		return false;
	}
	if (!soft) {
		/* Named, so that a kernel on f16 or vectors says so. */
		char tb[64];
		if (report)
			s->status = st_op_error(op, "arith-soft-float: '%s' on %s: it is lowered on f32 and f64 scalars only", n,
			                        st_type_str(s->ctx, other, tb, sizeof tb));
		return false;
	}
	const char *why = unsupported(op, k, has64, int_width);
	if (why) {
		if (report)
			s->status = st_op_error(op, "arith-soft-float: '%s' %s", n, why);
		return false;
	}
	return true;
}

static bool add_memref(state *s, st_value *m, st_op *where) {
	if (!st__sf_is_soft_memref(st_value_type(m)))
		return true;
	if (st_failed(st__sf_check_memref(m, where))) {
		s->status = ST_FAIL;
		return true;
	}
	if (!st_ctx_grow(s->ctx, (void **)&s->mems, &s->cap_mems, NULL, sizeof *s->mems, s->nmems + 1))
		return false;
	s->mems[s->nmems++] = m;
	return true;
}

/* The f32 memrefs of a function's arguments and of allocations. */
static bool memrefs_of(state *s, st_op *op) {
	const char *n = st_op_name_cstr(op);
	if (!strcmp(n, "memref.alloc") || !strcmp(n, "memref.alloca"))
		return add_memref(s, st_op_result(op, 0), op);
	if (strcmp(n, "func.func") || !st_op_num_regions(op) || st_region_is_empty(st_op_region(op, 0)))
		return true;
	st_block *entry = st_region_first_block(st_op_region(op, 0));
	for (size_t i = 0; i < st_block_num_args(entry); i++)
		if (!add_memref(s, st_block_arg(entry, i), op))
			return false;
	if (!s->scalars)
		return true;
	if (!st_ctx_grow(s->ctx, (void **)&s->fns, &s->cap_fns, NULL, sizeof *s->fns, s->nfns + 1))
		return false;
	s->fns[s->nfns++] = op;
	return true;
}

static bool carrier_of(state *s, st_op *op) {
	if (!st__sf_carries_f32(op, &s->status))
		return true;
	if (!st_ctx_grow(s->ctx, (void **)&s->carriers, &s->cap_carriers, NULL, sizeof *s->carriers, s->ncarriers + 1))
		return false;
	s->carriers[s->ncarriers++] = op;
	return true;
}

static st_walk_result collect(st_op *op, void *ud) {
	state *s = ud;
	if (s->memrefs && (!memrefs_of(s, op) || !carrier_of(s, op))) {
		s->status = ST_FAIL;
		return ST_WALK_INTERRUPT;
	}
	wanted(s, op, true);
	return ST_WALK_ADVANCE;
}

/* Outside the `within` ops: look for them only. */
static bool in_scope(const state *s, st_op *op) {
	if (s->within[0] != '@')
		return !strcmp(st_op_name_cstr(op), s->within);
	st_ident *sym = st_symbol_name(op);
	return sym && st_str_eq_c(st_ident_str(sym), s->within + 1);
}

static st_walk_result find_scopes(st_op *op, void *ud) {
	state *s = ud;
	if (!in_scope(s, op))
		return ST_WALK_ADVANCE;
	return st_walk(op, ST_WALK_PRE, collect, s) == ST_WALK_INTERRUPT ? ST_WALK_INTERRUPT : ST_WALK_SKIP;
}

/* The conversion target: an arith or math op is legal unless this pass
 * lowers it (inside a `within` op, when given); every other op is. */
static bool legal(void *ud, const st_op *op) {
	state *s = ud;
	if (!wanted(s, (st_op *)op, false))
		return true;
	if (!s->within || !*s->within)
		return false;
	for (st_op *a = st_op_parent_op(op); a; a = st_op_parent_op(a))
		if (in_scope(s, a))
			return false;
	return true;
}

static bool always(void *ud, const st_op *op) {
	(void)ud;
	(void)op;
	return true;
}

/* The bits (i32, i64) of an f32 or f64 value: made by a lowered op, the source of a
 * bitcast from i32, or a bitcast placed right after the definition, where
 * it dominates every use. */
static st_value *bits_of(state *s, st_rewriter *rw, st_value *v) {
	st_value *m = st_value_map_lookup(s->bits, v);
	if (m)
		return m;
	/* A bitcast from i32, or the conversion's cast of a lowered result. */
	st_op *def = st_value_defining_op(v);
	if (def && (!strcmp(st_op_name_cstr(def), "arith.bitcast") ||
	            !strcmp(st_op_name_cstr(def), "builtin.unrealized_conversion_cast")) &&
	    st_op_num_operands(def) == 1 && st_type_is_integer(st_value_type(st_op_operand(def, 0))))
		return st_op_operand(def, 0);
	st__sf_b b;
	if (def)
		st__sf_builder(&b, s->ctx, st_op_block(def), st_op_next(def), st_value_loc(v));
	else
		st__sf_builder(&b, s->ctx, st_value_owner_block(v), st_block_first_op(st_value_owner_block(v)), st_value_loc(v));
	b.a.rw = rw;
	m = st__sf_cast(&b, "arith.bitcast", v, st__sf_bits_type(s->ctx, st_value_type(v)));
	if (m)
		st_value_map_add(s->bits, v, m);
	return m;
}

/* Whether the op computes on f64 (its first float operand or result). */
static bool on_f64(st_op *op) {
	size_t no = st_op_num_operands(op), nr = st_op_num_results(op);
	for (size_t i = 0; i < no + nr; i++) {
		st_type *t = st_value_type(i < no ? st_op_operand(op, i) : st_op_result(op, i - no));
		if (st_type_is_float(t))
			return is_f64(t);
	}
	return false;
}

static st_value *lower(state *s, st__sf_b *b, st_op *op, kind k) {
	st_value *x = NULL, *y = NULL;
	st_rewriter *rw = b->a.rw;
	st__sf_set_format(b, on_f64(op));
	if (k == K_SELECT)
		return st__sf_sel(b, st_op_operand(op, 0), bits_of(s, rw, st_op_operand(op, 1)),
		                  bits_of(s, rw, st_op_operand(op, 2)));
	if (k == K_CONST)
		return st__sf_k(b, (int64_t)st_attr_float_bits(st_op_get_attr(op, "value")));
	if (k == K_SITOFP || k == K_UITOFP)
		return st__sf_itof(b, st_op_operand(op, 0), k == K_SITOFP);
	x = bits_of(s, rw, st_op_operand(op, 0));
	if (st_op_num_operands(op) > 1)
		y = bits_of(s, rw, st_op_operand(op, 1));
	switch (k) {
	case K_ADD:
	case K_SUB:
		return st__sf_addf(b, x, y, k == K_SUB);
	case K_MUL:
		return st__sf_mulf(b, x, y);
	case K_DIV:
		return st__sf_divf(b, x, y);
	case K_MAXIMUM:
	case K_MINIMUM:
		return st__sf_maxmin(b, x, y, k == K_MAXIMUM, true);
	case K_MAXNUM:
	case K_MINNUM:
		return st__sf_maxmin(b, x, y, k == K_MAXNUM, false);
	case K_NEG:
		return st__sf_bink(b, "arith.xori", x, st__sf_sign(b));
	case K_ABS:
		return st__sf_mag(b, x);
	case K_FLOOR:
		return st__sf_floorf(b, x);
	case K_EXTF:
		return st__sf_extf(b, x);
	case K_TRUNCF:
		return st__sf_truncf(b, x);
	case K_SQRT:
		return st__sf_sqrtf(b, x);
	case K_EXP:
		return st__sf_expf(b, x);
	case K_LOG:
		return st__sf_logf(b, x);
	case K_CMP:
		return st__sf_cmpf(b, (int)st_attr_int_value(st_op_get_attr(op, "predicate")), x, y);
	default: /* K_FPTOSI, K_FPTOUI */
		return st__sf_ftoi(b, x, st_value_type(st_op_result(op, 0)), k == K_FPTOSI);
	}
}

/* The conversion pattern of every lowered op: the integer expression
 * before it, which replaces it (an f32 result through the conversion's
 * cast, which the source materialisation below makes a bitcast if ops
 * that keep f32 still read it).  The operands the framework remaps are not
 * used: bits_of reads each f32 once, beside its definition. */
static bool convert(const st_pattern *p, st_op *op, st_value *const *operands, st_rewriter *rw) {
	(void)operands;
	const sf_pattern *sp = (const sf_pattern *)p;
	state *s = sp->s;
	st__sf_b b;
	st__sf_builder(&b, s->ctx, st_op_block(op), op, st_op_loc(op));
	b.a.rw = rw;
	st_value *r = lower(s, &b, op, sp->k);
	if (!r || b.a.failed)
		return false;
	st_rewriter_replace_op(rw, op, &r);
	return true;
}

/* i32 or i64 bits back to f32 or f64 for the ops that keep floats. */
static st_value *to_float(void *ud, st_rewriter *rw, st_type *type, st_value *input, st_attr *loc) {
	if (!st__sf_is_soft(type) || st__sf_bits_type(ud, type) != st_value_type(input))
		return NULL;
	st_op_state os = {.name = st_str_c("arith.bitcast"), .loc = loc, .noperands = 1, .operands = &input, .nresults = 1,
	                  .result_types = &type};
	st_op *op = st_rewriter_create(rw, &os);
	return op ? st_op_result(op, 0) : NULL;
}

static st_type *float_to_bits(void *ud, st_type *t, bool *fail) {
	(void)fail;
	return st__sf_bits_type(ud, t);
}

#define NLOWERED (sizeof lowered / sizeof lowered[0])

/* The lowering of every wanted op, all at once: a failure leaves the IR as
 * it was. */
static st_status convert_ops(state *s, st_op *root) {
	st_context *ctx = s->ctx;
	sf_pattern pats[NLOWERED];
	st_type_converter *tc = st_type_converter_create(ctx);
	st_conversion_target *t = st_conversion_target_create(ctx);
	st_pattern_set *set = st_pattern_set_create(ctx);
	st_status st = tc && t && set ? ST_OK : ST_FAIL;
	for (size_t i = 0, n = 0; st_succeeded(st) && i < NLOWERED; i++)
		if (lowered[i].k != K_KEEP) {
			pats[n] = (sf_pattern){{.name = lowered[i].name, .root = lowered[i].name, .benefit = 1, .convert = convert},
			                       s, lowered[i].k};
			st = st_pattern_set_add(set, &pats[n++].p);
		}
	if (st_succeeded(st))
		st = st_type_converter_add_identity(tc);
	if (st_succeeded(st))
		st = st_type_converter_add_rule(tc, float_to_bits, ctx);
	if (st_succeeded(st))
		st = st_type_converter_add_source_materialization(tc, to_float, ctx);
	if (st_succeeded(st))
		st = st_target_add_dynamic_dialect(t, "arith", legal, s);
	if (st_succeeded(st))
		st = st_target_add_dynamic_dialect(t, "math", legal, s);
	if (st_succeeded(st)) {
		st_target_set_unknown_legality(t, always, NULL);
		st_conversion_config cfg = {.type_converter = tc, .no_fold = true};
		st = st_apply_full_conversion(root, t, set, &cfg);
	}
	st_pattern_set_destroy(set);
	st_conversion_target_destroy(t);
	st_type_converter_destroy(tc);
	return st;
}

/* The function's type after its arguments changed type, and (`bits`) its
 * f32 and f64 results became i32 and i64 ones. */
static st_status sync_signature(state *s, st_op *fn, bool bits) {
	st_type *ft = st_attr_type_value(st_op_get_attr(fn, "function_type"));
	st_block *entry = st_region_first_block(st_op_region(fn, 0));
	size_t nin = st_block_num_args(entry), nout = st_type_num_results(ft);
	size_t bytes = (nin + nout + 1) * sizeof(st_type *);
	st_type **types = st_ctx_alloc(s->ctx, bytes);
	if (!types)
		return ST_FAIL;
	for (size_t i = 0; i < nin; i++)
		types[i] = st_value_type(st_block_arg(entry, i));
	for (size_t i = 0; i < nout; i++) {
		st_type *t = st_type_result(ft, i);
		types[nin + i] = bits && st__sf_is_soft(t) ? st__sf_bits_type(s->ctx, t) : t;
	}
	st_op_set_attr(fn, "function_type",
	               st_type_attr(s->ctx, st_function_type(s->ctx, nin, types, nout, types + nin)));
	st_ctx_free(s->ctx, types, bytes);
	return ST_OK;
}

/* A function argument's new type goes into the function's type too. */
static st_status retype(state *s, st_value *m) {
	if (st_failed(st__sf_retype_memref(s->ctx, m)))
		return ST_FAIL;
	if (!st_value_is_block_arg(m))
		return ST_OK;
	return sync_signature(s, st_block_parent_op(st_value_owner_block(m)), false);
}

typedef struct returns {
	state *s;
	st_op *fn;
	st_status status;
} returns;

static st_walk_result return_bits(st_op *op, void *ud) {
	returns *r = ud;
	if (strcmp(st_op_name_cstr(op), "func.return") || st_op_parent_op(op) != r->fn)
		return ST_WALK_ADVANCE;
	for (size_t i = 0; i < st_op_num_operands(op) && st_succeeded(r->status); i++)
		if (st__sf_is_soft(st_value_type(st_op_operand(op, i))))
			r->status = st__sf_operand_to_bits(r->s->ctx, op, i);
	return st_succeeded(r->status) ? ST_WALK_SKIP : ST_WALK_INTERRUPT;
}

/* Argument i's `func.default`, an f32 or f64, becomes its bits as an i32
 * or i64, so that it keeps the argument's type. */
static st_status default_to_bits(state *s, st_op *fn, size_t i) {
	st_attr *aa = st_op_get_attr(fn, "arg_attrs");
	size_t n = aa && st_attr_get_kind(aa) == ST_ATTR_ARRAY ? st_attr_array_size(aa) : 0;
	st_attr *d = i < n ? st_attr_array_elt(aa, i) : NULL;
	st_attr *v = d && st_attr_get_kind(d) == ST_ATTR_DICTIONARY ? st_attr_dict_get_c(d, "func.default") : NULL;
	if (!v || st_attr_get_kind(v) != ST_ATTR_FLOAT || !st__sf_is_soft(st_attr_type(v)))
		return ST_OK;
	bool f64 = is_f64(st_attr_type(v));
	size_t ne = st_attr_dict_size(d);
	st_named_attr *e = st_ctx_alloc(s->ctx, ne * sizeof *e);
	st_attr **elts = st_ctx_alloc(s->ctx, n * sizeof *elts);
	if (!e || !elts) {
		st_ctx_free(s->ctx, e, ne * sizeof *e);
		st_ctx_free(s->ctx, elts, n * sizeof *elts);
		return ST_FAIL;
	}
	for (size_t j = 0; j < ne; j++) {
		e[j] = st_attr_dict_entry(d, j);
		if (st_str_eq_c(st_ident_str(e[j].name), "func.default"))
			e[j].value = st_integer_attr(s->ctx, st_integer_type(s->ctx, f64 ? 64 : 32, ST_SIGNLESS),
			                             f64 ? (int64_t)st_attr_float_bits(v)
			                                 : (int64_t)(int32_t)(uint32_t)st_attr_float_bits(v));
	}
	for (size_t j = 0; j < n; j++)
		elts[j] = j == i ? st_dict_attr(s->ctx, ne, e) : st_attr_array_elt(aa, j);
	st_op_set_attr(fn, "arg_attrs", st_array_attr(s->ctx, n, elts));
	st_ctx_free(s->ctx, e, ne * sizeof *e);
	st_ctx_free(s->ctx, elts, n * sizeof *elts);
	return ST_OK;
}

/* With `scalars` (and `memrefs`), a function's f32 and f64 scalar
 * arguments and results are their bits too (a kernel's scalar ports hold
 * integers): each argument becomes i32 or i64 (its float users read it
 * through a bitcast, which the lowered ops' own cancels), each returned
 * float its bits. */
static st_status scalars_to_bits(state *s, st_op *fn) {
	st_block *entry = st_region_first_block(st_op_region(fn, 0));
	for (size_t i = 0; i < st_block_num_args(entry); i++)
		if (st__sf_is_soft(st_value_type(st_block_arg(entry, i))) &&
		    (st_failed(st__sf_value_to_bits(s->ctx, st_block_arg(entry, i))) || st_failed(default_to_bits(s, fn, i))))
			return ST_FAIL;
	returns r = {s, fn, ST_OK};
	st_walk(fn, ST_WALK_PRE, return_bits, &r);
	return st_succeeded(r.status) ? sync_signature(s, fn, true) : ST_FAIL;
}

static st_status run(st_pass *pass, st_op *root) {
	st_context *ctx = st_pass_context(pass);
	const options *o = st_pass_options(pass);
	state s = {.ctx = ctx,
	           .within = o->within,
	           .memrefs = o->memrefs,
	           .scalars = o->scalars,
	           .bits = st_value_map_create(ctx),
	           .status = ST_OK};
	if (!s.bits)
		return ST_FAIL;
	st_walk(root, ST_WALK_PRE, s.within && *s.within ? find_scopes : collect, &s);
	if (st_succeeded(s.status))
		s.status = convert_ops(&s, root);
	for (size_t i = 0; i < s.nmems && st_succeeded(s.status); i++)
		s.status = retype(&s, s.mems[i]);
	st_ctx_free(ctx, s.mems, s.cap_mems * sizeof *s.mems);
	for (size_t i = 0; i < s.ncarriers && st_succeeded(s.status); i++)
		s.status = st__sf_retype_carrier(ctx, s.carriers[i]);
	st_ctx_free(ctx, s.carriers, s.cap_carriers * sizeof *s.carriers);
	for (size_t i = 0; i < s.nfns && st_succeeded(s.status); i++)
		s.status = scalars_to_bits(&s, s.fns[i]);
	st_ctx_free(ctx, s.fns, s.cap_fns * sizeof *s.fns);
	st_value_map_destroy(s.bits);
	return s.status;
}

static const st_pass_option_def opts[] = {
	{.name = "within",
	 .summary = "lower only inside ops of this name (ub.kernel: the stream flow's datapaths) or symbol (@kernel); "
	            "default: everywhere",
	 .kind = ST_PASS_OPT_STRING,
	 .offset = offsetof(options, within)},
	{.name = "memrefs",
	 .summary = "also make f32/f64 memrefs (arguments, allocations) i32/i64 ones, and the floats carried by loops "
	            "and ifs integer values, for memories and registers of integers (Calyx)",
	 .kind = ST_PASS_OPT_BOOL,
	 .offset = offsetof(options, memrefs)},
	{.name = "scalars",
	 .summary = "with memrefs, also make a function's f32/f64 scalar arguments and results (and an argument's "
	            "func.default) their bits, for data ports of integers (a Calyx kernel's)",
	 .kind = ST_PASS_OPT_BOOL,
	 .offset = offsetof(options, scalars)},
};

static const st_pass_def soft_float_pass = {
	.name = "arith-soft-float",
	.summary = "Rewrite f32 and f64 arithmetic into integer arith ops on the IEEE-754 bits",
	.options = opts,
	.noptions = 3,
	.options_size = sizeof(options),
	.run = run,
};

st_status st_register_arith_soft_float_passes(st_context *ctx) {
	return st_context_register_pass(ctx, &soft_float_pass);
}
