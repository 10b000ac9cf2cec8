/* arith-soft-float: f32 arithmetic as integer arith ops on the IEEE-754
 * bits, for targets without floating point (the streaming hardware of
 * docs/streaming-hw.md, comb and Calyx).  Each lowered op reads its
 * operands' bits through an arith.bitcast placed once beside the value's
 * definition (or the integer a lowered op already made), and a lowered
 * result that other ops still read as f32 goes back through a bitcast, so
 * f32 loads, stores, arguments and block arguments keep their types
 * (unless `memrefs` makes f32 memories i32 ones, st__sf_memref.c, and the f32
 * carried by loops and ifs i32 too, st__sf_carry.c); `within`
 * limits the pass to some ops (the stream flow's kernels, Calyx's top).
 * The results are the interpreter's bit for bit (docs/soft-float.md).
 * Every other float op or type in arith and math is refused by name before
 * anything changes. */
#include "sf.h"
#include "strata/pass.h"
#include "strata/conversions/arith_soft_float.h"


#include <stddef.h>
#include <string.h>

typedef enum kind { K_ADD, K_SUB, K_MUL, K_DIV, K_MAXIMUM, K_MINIMUM, K_MAXNUM, K_MINNUM, K_NEG, K_CMP, K_SITOFP,
	                K_UITOFP, K_FPTOSI, K_FPTOUI, K_CONST, K_SELECT, K_SQRT, K_KEEP, K_NONE } kind;

static const struct {
	const char *name;
	kind k;
} lowered[] = {
	{"arith.addf", K_ADD},       {"arith.subf", K_SUB},       {"arith.mulf", K_MUL},       {"arith.divf", K_DIV},
	{"arith.maximumf", K_MAXIMUM}, {"arith.minimumf", K_MINIMUM}, {"arith.maxnumf", K_MAXNUM}, {"arith.minnumf", K_MINNUM},
	{"arith.negf", K_NEG},       {"arith.cmpf", K_CMP},       {"arith.sitofp", K_SITOFP},  {"arith.uitofp", K_UITOFP},
	{"arith.fptosi", K_FPTOSI},  {"arith.fptoui", K_FPTOUI},  {"arith.constant", K_CONST}, {"arith.select", K_SELECT},
	{"math.sqrt", K_SQRT},        {"arith.bitcast", K_KEEP},
};

typedef struct options {
	/* Lower only inside ops of this name, or with this symbol (@name);
	 * "": everywhere. */
	const char *within;
	bool memrefs;       /* f32 memrefs become i32 ones (st__sf_memref.c) */
} options;

typedef struct state {
	st_context *ctx;
	const char *within;
	bool memrefs;
	st_value **mems; /* f32 memrefs to retype */
	size_t nmems, cap_mems;
	st_op **carriers; /* loops and ifs carrying f32, to retype */
	size_t ncarriers, cap_carriers;
	st_value_map *bits; /* f32 value -> its i32 bits */
	/* The ops to lower, all found (and every refusal reported) before the
	 * first one changes. */
	st_op **lowering;
	size_t nlowering, cap_lowering;
	st_op **back; /* the bitcasts back to f32 this pass made */
	size_t nback, cap_back;
	st_status status;
} state;

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
static bool is_f32(st_type *t) { return st_type_get_kind(t) == ST_TYPE_F32; }
static bool small_int(st_type *t) { return st_type_is_integer(t) && st_type_int_width(t) <= 32; }

/* Whether the op is one this pass must lower; refusals are reported. */
static bool wanted(state *s, st_op *op) {
	const char *n = st_op_name_cstr(op);
	if (strncmp(n, "arith.", 6) && strncmp(n, "math.", 5))
		return false;
	size_t no = st_op_num_operands(op), nr = st_op_num_results(op);
	bool any = false, all_f32 = true, ints_ok = true;
	for (size_t i = 0; i < no + nr; i++) {
		st_type *t = st_value_type(i < no ? st_op_operand(op, i) : st_op_result(op, i - no));
		if (floaty(t)) {
			any = true;
			all_f32 = all_f32 && is_f32(t);
		} else {
			ints_ok = ints_ok && small_int(t);
		}
	}
	kind k = kind_of(op);
	if (!any || k == K_KEEP)
		return false;
	if (k == K_NONE) {
		s->status = st_op_error(op, "arith-soft-float: '%s' has no soft-float lowering", n);
		return false;
	}
	if (!all_f32) {
		s->status = st_op_error(op, "arith-soft-float: '%s' is lowered on f32 scalars only", n);
		return false;
	}
	if (!ints_ok && k >= K_SITOFP && k <= K_FPTOUI) {
		s->status = st_op_error(op, "arith-soft-float: '%s' converts between f32 and integers of at most 32 bits only", n);
		return false;
	}
	return true;
}

static bool add_memref(state *s, st_value *m, st_op *where) {
	if (!st__sf_is_f32_memref(st_value_type(m)))
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
	if (!wanted(s, op))
		return ST_WALK_ADVANCE;
	if (!st_ctx_grow(s->ctx, (void **)&s->lowering, &s->cap_lowering, NULL, sizeof *s->lowering, s->nlowering + 1)) {
		s->status = ST_FAIL;
		return ST_WALK_INTERRUPT;
	}
	s->lowering[s->nlowering++] = op;
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

/* The i32 bits of an f32 value: made by a lowered op, the source of a
 * bitcast from i32, or a bitcast placed right after the definition, where
 * it dominates every use. */
static st_value *bits_of(state *s, st_value *v) {
	st_value *m = st_value_map_lookup(s->bits, v);
	if (m)
		return m;
	st_op *def = st_value_defining_op(v);
	if (def && !strcmp(st_op_name_cstr(def), "arith.bitcast") && st_type_is_integer(st_value_type(st_op_operand(def, 0))))
		return st_op_operand(def, 0);
	st__sf_b b;
	if (def)
		st__sf_builder(&b, s->ctx, st_op_block(def), st_op_next(def), st_value_loc(v));
	else
		st__sf_builder(&b, s->ctx, st_value_owner_block(v), st_block_first_op(st_value_owner_block(v)), st_value_loc(v));
	m = st__sf_cast(&b, "arith.bitcast", v, b.i32);
	if (m)
		st_value_map_add(s->bits, v, m);
	return m;
}

static st_value *lower(state *s, st__sf_b *b, st_op *op, kind k) {
	st_value *x = NULL, *y = NULL;
	if (k == K_SELECT)
		return st__sf_sel(b, st_op_operand(op, 0), bits_of(s, st_op_operand(op, 1)), bits_of(s, st_op_operand(op, 2)));
	if (k == K_CONST)
		return st__sf_k(b, (int64_t)st_attr_float_bits(st_op_get_attr(op, "value")));
	if (k == K_SITOFP || k == K_UITOFP)
		return st__sf_itof(b, st_op_operand(op, 0), k == K_SITOFP);
	x = bits_of(s, st_op_operand(op, 0));
	if (st_op_num_operands(op) > 1)
		y = bits_of(s, st_op_operand(op, 1));
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
		return st__sf_bink(b, "arith.xori", x, SF_SIGN);
	case K_SQRT:
		return st__sf_sqrtf(b, x);
	case K_CMP:
		return st__sf_cmpf(b, (int)st_attr_int_value(st_op_get_attr(op, "predicate")), x, y);
	default: /* K_FPTOSI, K_FPTOUI */
		return st__sf_ftoi(b, x, st_value_type(st_op_result(op, 0)), k == K_FPTOSI);
	}
}

static void replace(state *s, st_op *op, kind k) {
	st__sf_b b;
	st__sf_builder(&b, s->ctx, st_op_block(op), op, st_op_loc(op));
	st_value *r = lower(s, &b, op, k);
	if (!r || b.a.failed) {
		s->status = ST_FAIL;
		return;
	}
	st_value *old = st_op_result(op, 0);
	if (is_f32(st_value_type(old))) {
		st_value_map_add(s->bits, old, r);
		if (st_value_has_uses(old)) {
			st_value *f = st__sf_cast(&b, "arith.bitcast", r, st_value_type(old));
			if (!f || !st_ctx_grow(s->ctx, (void **)&s->back, &s->cap_back, NULL, sizeof *s->back, s->nback + 1)) {
				s->status = ST_FAIL;
				return;
			}
			s->back[s->nback++] = st_value_defining_op(f);
			st_value_map_add(s->bits, f, r);
			st_value_replace_all_uses(old, f);
		}
	} else {
		st_value_replace_all_uses(old, r);
	}
	st_op_erase(op);
}

/* A function argument's new type goes into the function's type too. */
static st_status retype(state *s, st_value *m) {
	if (st_failed(st__sf_retype_memref(s->ctx, m)))
		return ST_FAIL;
	if (!st_value_is_block_arg(m))
		return ST_OK;
	st_op *fn = st_block_parent_op(st_value_owner_block(m));
	st_type *ft = st_attr_type_value(st_op_get_attr(fn, "function_type"));
	size_t nin = st_block_num_args(st_value_owner_block(m)), nout = st_type_num_results(ft);
	size_t bytes = (nin + nout + 1) * sizeof(st_type *);
	st_type **types = st_ctx_alloc(s->ctx, bytes);
	if (!types)
		return ST_FAIL;
	for (size_t i = 0; i < nin; i++)
		types[i] = st_value_type(st_block_arg(st_value_owner_block(m), i));
	for (size_t i = 0; i < nout; i++)
		types[nin + i] = st_type_result(ft, i);
	st_op_set_attr(fn, "function_type",
	               st_type_attr(s->ctx, st_function_type(s->ctx, nin, types, nout, types + nin)));
	st_ctx_free(s->ctx, types, bytes);
	return ST_OK;
}

static st_status run(st_pass *pass, st_op *root) {
	st_context *ctx = st_pass_context(pass);
	const options *o = st_pass_options(pass);
	state s = {.ctx = ctx, .within = o->within, .memrefs = o->memrefs, .bits = st_value_map_create(ctx), .status = ST_OK};
	if (!s.bits)
		return ST_FAIL;
	st_walk(root, ST_WALK_PRE, s.within && *s.within ? find_scopes : collect, &s);
	for (size_t i = 0; i < s.nlowering && st_succeeded(s.status); i++)
		replace(&s, s.lowering[i], kind_of(s.lowering[i]));
	/* Bitcasts back to f32 read only by ops lowered later. */
	for (size_t i = 0; i < s.nback && st_succeeded(s.status); i++)
		if (st_op_results_unused(s.back[i]))
			st_op_erase(s.back[i]);
	st_ctx_free(ctx, s.lowering, s.cap_lowering * sizeof *s.lowering);
	st_ctx_free(ctx, s.back, s.cap_back * sizeof *s.back);
	for (size_t i = 0; i < s.nmems && st_succeeded(s.status); i++)
		s.status = retype(&s, s.mems[i]);
	st_ctx_free(ctx, s.mems, s.cap_mems * sizeof *s.mems);
	for (size_t i = 0; i < s.ncarriers && st_succeeded(s.status); i++)
		s.status = st__sf_retype_carrier(ctx, s.carriers[i]);
	st_ctx_free(ctx, s.carriers, s.cap_carriers * sizeof *s.carriers);
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
	 .summary = "also make f32 memrefs (arguments, allocations) i32 ones, and the f32 carried by loops and ifs "
	            "i32 values, for memories and registers of integers (Calyx)",
	 .kind = ST_PASS_OPT_BOOL,
	 .offset = offsetof(options, memrefs)},
};

static const st_pass_def soft_float_pass = {
	.name = "arith-soft-float",
	.summary = "Rewrite f32 arithmetic into integer arith ops on the IEEE-754 bits",
	.options = opts,
	.noptions = 2,
	.options_size = sizeof(options),
	.run = run,
};

st_status st_register_arith_soft_float_passes(st_context *ctx) {
	return st_context_register_pass(ctx, &soft_float_pass);
}
