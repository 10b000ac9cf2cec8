/* The cf dialect: unstructured control flow (cf.br, cf.cond_br, cf.switch,
 * cf.assert), with MLIR's syntax.  Successor operands are ordinary operands
 * split by operandSegmentSizes, as in MLIR. */
#include "cf_canon.h"
#include "cf_interp.h"
#include "strata/asm.h"
#include "strata/cf.h"


#include <string.h>

/* `^bb1(%a, %b : i32, i64)` */
static void print_dest(st_printer *p, st_op *op, size_t succ, size_t start, size_t n) {
	st_printer_successor(p, st_op_successor(op, succ));
	if (!n)
		return;
	st_printer_write(p, "(", 1);
	st_printer_operands(p, op, start, n);
	st_printer_write(p, " : ", 3);
	for (size_t i = 0; i < n; i++) {
		if (i)
			st_printer_write(p, ", ", 2);
		st_printer_type(p, st_value_type(st_op_operand(op, start + i)));
	}
	st_printer_write(p, ")", 1);
}

static st_status parse_dest(st_parser *p, st_parse_state *s, size_t *count) {
	st_context *ctx = st_parse_state_context(s);
	st_block *b;
	*count = 0;
	if (st_failed(st_parser_successor(p, &b)) || st_failed(st_parse_state_add_successor(s, b)))
		return ST_FAIL;
	if (!st_parser_optional_punct(p, "("))
		return ST_OK;
	st_operand_ref small[16];
	st_operand_ref *refs = small;
	size_t n = 0, cap = 16;
	st_status st = ST_OK;
	do {
		if (!st_ctx_grow(ctx, (void **)&refs, &cap, small, sizeof *refs, n + 1))
			st = ST_FAIL;
		else
			st = st_parser_operand(p, &refs[n++]);
	} while (st_succeeded(st) && st_parser_optional_punct(p, ","));
	if (st_succeeded(st))
		st = st_parser_expect_punct(p, ":");
	for (size_t i = 0; st_succeeded(st) && i < n; i++) {
		st_type *t;
		st_value *v;
		if (i && st_failed(st = st_parser_expect_punct(p, ",")))
			break;
		if (st_failed(st_parser_type(p, &t)) || st_failed(st_parser_resolve_operand(p, &refs[i], t, &v)) ||
		    st_failed(st_parse_state_add_operand(s, v)))
			st = ST_FAIL;
	}
	if (refs != small)
		st_ctx_free(ctx, refs, cap * sizeof *refs);
	*count = n;
	return st_succeeded(st) ? st_parser_expect_punct(p, ")") : ST_FAIL;
}

static st_status set_segments(st_parse_state *s, size_t n, const int64_t *sizes) {
	st_context *ctx = st_parse_state_context(s);
	return st_parse_state_add_attr(s, "operandSegmentSizes",
	                               st_dense_int_array_attr(ctx, st_integer_type(ctx, 32, ST_SIGNLESS), n, sizes));
}

/* ------------------------------------------------- successor operand edits */

/* Replaces operands [start, start + cnt) with `vals`. */
static st_status replace_operand_range(st_op *op, size_t start, size_t cnt, size_t n, st_value *const *vals) {
	st_op_erase_operands(op, start, cnt);
	return st_op_insert_operands(op, start, n, vals);
}

/* Sets entry `i` of the i32 dense-array attribute `name` to `v`. */
static void set_segment(st_op *op, const char *name, size_t i, int64_t v) {
	st_attr *a = st_op_get_attr(op, name);
	size_t n = a ? st_attr_dense_array_size(a) : 0;
	int64_t small[8];
	st_context *ctx = st_op_context(op);
	int64_t *sizes = n <= 8 ? small : st_ctx_alloc(ctx, n * sizeof *sizes);
	if (!sizes || i >= n)
		return;
	for (size_t k = 0; k < n; k++)
		sizes[k] = st_attr_dense_array_int(a, k);
	sizes[i] = v;
	st_op_set_attr(op, name, st_dense_int_array_attr(ctx, st_integer_type(ctx, 32, ST_SIGNLESS), n, sizes));
	if (sizes != small)
		st_ctx_free(ctx, sizes, n * sizeof *sizes);
}

/* ------------------------------------------------------------------ br */

static void br_succ_operands(const st_op *op, size_t succ, size_t *start, size_t *n) {
	(void)succ;
	*start = 0;
	*n = st_op_num_operands(op);
}
static const st_branch_iface br_iface = {.successor_operands = br_succ_operands};

static st_status parse_br(st_parser *p, st_parse_state *s) {
	size_t n;
	if (st_failed(parse_dest(p, s, &n)))
		return ST_FAIL;
	return st_parser_optional_attr_dict(p, s);
}

static void print_br(st_printer *p, st_op *op) {
	st_printer_write(p, " ", 1);
	print_dest(p, op, 0, 0, st_op_num_operands(op));
	st_printer_attr_dict(p, op, NULL, false);
}

/* Successor operands must match the destination's arguments. */
static st_status check_dest(st_op *op, size_t succ, size_t start, size_t n) {
	st_block *b = st_op_successor(op, succ);
	if (st_block_num_args(b) != n)
		return st_op_error(op, "branch has %zu operands for successor #%zu, but target block has %zu", n, succ,
		                   st_block_num_args(b));
	for (size_t i = 0; i < n; i++)
		if (st_value_type(st_op_operand(op, start + i)) != st_value_type(st_block_arg(b, i))) {
			char a[128], c[128];
			st_context *ctx = st_op_context(op);
			return st_op_error(op, "type mismatch for bb argument #%zu of successor #%zu: '%s' vs '%s'", i, succ,
			                   st_type_str(ctx, st_value_type(st_op_operand(op, start + i)), a, sizeof a),
			                   st_type_str(ctx, st_value_type(st_block_arg(b, i)), c, sizeof c));
		}
	return ST_OK;
}

static st_status verify_br(st_op *op) { return check_dest(op, 0, 0, st_op_num_operands(op)); }

/* ------------------------------------------------------------- cond_br */

static void cond_succ_operands(const st_op *op, size_t succ, size_t *start, size_t *n) {
	if (st_failed(st_op_operand_group(op, succ + 1, start, n)))
		*start = *n = 0;
}
static st_status cond_set_succ_operands(st_op *op, size_t succ, size_t n, st_value *const *vals) {
	size_t start, cnt;
	cond_succ_operands(op, succ, &start, &cnt);
	if (st_failed(replace_operand_range(op, start, cnt, n, vals)))
		return ST_FAIL;
	set_segment(op, "operandSegmentSizes", succ + 1, (int64_t)n);
	return ST_OK;
}

static st_block *cond_taken(const st_op *op, st_attr *const *operands) {
	st_attr *c = operands[0];
	if (!c || st_attr_get_kind(c) != ST_ATTR_INTEGER)
		return NULL;
	return st_op_successor(op, st_attr_int_uvalue(c) ? 0 : 1);
}

static const st_branch_iface cond_iface = {
	.successor_operands = cond_succ_operands,
	.set_successor_operands = cond_set_succ_operands,
	.taken_successor = cond_taken,
};

static st_status parse_cond_br(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parse_state_context(s);
	st_operand_ref c;
	st_value *v;
	size_t a, b;
	if (st_failed(st_parser_operand(p, &c)) ||
	    st_failed(st_parser_resolve_operand(p, &c, st_integer_type(ctx, 1, ST_SIGNLESS), &v)) ||
	    st_failed(st_parse_state_add_operand(s, v)) || st_failed(st_parser_expect_punct(p, ",")) ||
	    st_failed(parse_dest(p, s, &a)) || st_failed(st_parser_expect_punct(p, ",")) || st_failed(parse_dest(p, s, &b)))
		return ST_FAIL;
	int64_t seg[3] = {1, (int64_t)a, (int64_t)b};
	if (st_failed(set_segments(s, 3, seg)))
		return ST_FAIL;
	return st_parser_optional_attr_dict(p, s);
}

static void print_cond_br(st_printer *p, st_op *op) {
	size_t s1, n1, s2, n2;
	cond_succ_operands(op, 0, &s1, &n1);
	cond_succ_operands(op, 1, &s2, &n2);
	st_printer_write(p, " ", 1);
	st_printer_operand(p, st_op_operand(op, 0));
	st_printer_write(p, ", ", 2);
	print_dest(p, op, 0, s1, n1);
	st_printer_write(p, ", ", 2);
	print_dest(p, op, 1, s2, n2);
	static const char *const elided[] = {"operandSegmentSizes", NULL};
	st_printer_attr_dict(p, op, elided, false);
}

static st_status verify_cond_br(st_op *op) {
	size_t s1, n1, s2, n2;
	cond_succ_operands(op, 0, &s1, &n1);
	cond_succ_operands(op, 1, &s2, &n2);
	if (st_failed(check_dest(op, 0, s1, n1)))
		return ST_FAIL;
	return check_dest(op, 1, s2, n2);
}

/* -------------------------------------------------------------- switch */

/* Operands: flag, default operands, case operands (split further by
 * case_operand_segments). */
static void switch_succ_operands(const st_op *op, size_t succ, size_t *start, size_t *n) {
	*start = *n = 0;
	if (succ == 0) {
		if (st_failed(st_op_operand_group(op, 1, start, n)))
			*start = *n = 0;
		return;
	}
	size_t cs, cn;
	st_attr *segs = st_op_get_attr(op, "case_operand_segments");
	if (st_failed(st_op_operand_group(op, 2, &cs, &cn)) || !segs || st_attr_get_kind(segs) != ST_ATTR_DENSE_ARRAY ||
	    succ - 1 >= st_attr_dense_array_size(segs))
		return;
	size_t off = cs;
	for (size_t i = 0; i + 1 < succ; i++)
		off += (size_t)st_attr_dense_array_int(segs, i);
	*start = off;
	*n = (size_t)st_attr_dense_array_int(segs, succ - 1);
}
static st_status switch_set_succ_operands(st_op *op, size_t succ, size_t n, st_value *const *vals) {
	size_t start, cnt, cs, cn;
	switch_succ_operands(op, succ, &start, &cnt);
	if (succ && st_failed(st_op_operand_group(op, 2, &cs, &cn)))
		return ST_FAIL;
	if (st_failed(replace_operand_range(op, start, cnt, n, vals)))
		return ST_FAIL;
	if (succ == 0) {
		set_segment(op, "operandSegmentSizes", 1, (int64_t)n);
		return ST_OK;
	}
	set_segment(op, "operandSegmentSizes", 2, (int64_t)(cn - cnt + n));
	set_segment(op, "case_operand_segments", succ - 1, (int64_t)n);
	return ST_OK;
}

/* The matching case's destination, else the default one. */
static st_block *switch_taken(const st_op *op, st_attr *const *operands) {
	st_attr *c = operands[0];
	if (!c || st_attr_get_kind(c) != ST_ATTR_INTEGER)
		return NULL;
	st_attr *vals = st_op_get_attr(op, "case_values");
	size_t ncase = vals ? st_attr_dense_num_values(vals) : 0;
	if (vals && st_attr_dense_is_splat(vals))
		ncase = st_op_num_successors(op) - 1;
	for (size_t i = 0; i < ncase && i + 1 < st_op_num_successors(op); i++)
		if (st_attr_dense_int(vals, st_attr_dense_is_splat(vals) ? 0 : i) == st_attr_int_value(c))
			return st_op_successor(op, i + 1);
	return st_op_successor(op, 0);
}

static const st_branch_iface switch_iface = {
	.successor_operands = switch_succ_operands,
	.set_successor_operands = switch_set_succ_operands,
	.taken_successor = switch_taken,
};

static st_status parse_switch(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parse_state_context(s);
	st_operand_ref f;
	st_type *ft;
	st_value *v;
	if (st_failed(st_parser_operand(p, &f)) || st_failed(st_parser_expect_punct(p, ":")))
		return ST_FAIL;
	st_attr *type_loc = st_parser_loc(p);
	if (st_failed(st_parser_type(p, &ft)))
		return ST_FAIL;
	/* Case values are read at the flag's width, so it must have one. */
	if (!st_type_is_integer(ft))
		return st_parser_error_at(p, type_loc, "expected an integer flag type");
	unsigned w = st_type_int_width(ft);
	if (st_failed(st_parser_resolve_operand(p, &f, ft, &v)) || st_failed(st_parse_state_add_operand(s, v)) ||
	    st_failed(st_parser_expect_punct(p, ",")) || st_failed(st_parser_expect_punct(p, "[")) ||
	    st_failed(st_parser_expect_keyword(p, "default")) || st_failed(st_parser_expect_punct(p, ":")))
		return ST_FAIL;
	size_t ndef;
	if (st_failed(parse_dest(p, s, &ndef)))
		return ST_FAIL;
	int64_t small_vals[64], small_segs[64];
	int64_t *vals = small_vals, *segs = small_segs;
	size_t vcap = 64, scap = 64;
	size_t ncase = 0, ncase_ops = 0;
	st_status st = ST_OK;
	while (st_parser_optional_punct(p, ",")) {
		/* Only case values are limited to 64 bits: a wide switch with a
		 * default alone (as the generic form may write it) prints in
		 * this form and must read back. */
		if (w > 64) {
			st = st_parser_error_at(p, type_loc, "switch flags wider than 64 bits are not supported");
			break;
		}
		if (!st_ctx_grow(ctx, (void **)&vals, &vcap, small_vals, sizeof *vals, ncase + 1) ||
		    !st_ctx_grow(ctx, (void **)&segs, &scap, small_segs, sizeof *segs, ncase + 1)) {
			st = ST_FAIL;
			break;
		}
		/* MLIR prints case values unsigned; read either.  An i0 flag has
		 * one value, 0, read as an i1 that must be 0. */
		st_attr *val_loc = st_parser_loc(p);
		if (st_failed(st = st_parser_integer_of_width(p, w ? w : 1, &vals[ncase])))
			break;
		if (w == 0 && vals[ncase] != 0) {
			st = st_parser_error_at(p, val_loc, "integer value too large for i0");
			break;
		}
		size_t k;
		if (st_failed(st = st_parser_expect_punct(p, ":")) || st_failed(st = parse_dest(p, s, &k)))
			break;
		segs[ncase++] = (int64_t)k;
		ncase_ops += k;
	}
	if (st_succeeded(st))
		st = st_parser_expect_punct(p, "]");
	if (st_succeeded(st) && ncase) {
		int64_t shape[1] = {(int64_t)ncase};
		st_type *vt = st_vector_type(ctx, 1, shape, NULL, ft);
		st = st_parse_state_add_attr(s, "case_values", st_dense_int_elements_attr(ctx, vt, ncase, vals));
	}
	if (st_succeeded(st))
		st = st_parse_state_add_attr(s, "case_operand_segments",
		                             st_dense_int_array_attr(ctx, st_integer_type(ctx, 32, ST_SIGNLESS), ncase, segs));
	if (vals != small_vals)
		st_ctx_free(ctx, vals, vcap * sizeof *vals);
	if (segs != small_segs)
		st_ctx_free(ctx, segs, scap * sizeof *segs);
	if (st_failed(st))
		return ST_FAIL;
	int64_t seg[3] = {1, (int64_t)ndef, (int64_t)ncase_ops};
	if (st_failed(set_segments(s, 3, seg)))
		return ST_FAIL;
	return st_parser_optional_attr_dict(p, s);
}

static void print_switch(st_printer *p, st_op *op) {
	st_printer_write(p, " ", 1);
	st_printer_operand(p, st_op_operand(op, 0));
	st_printer_write(p, " : ", 3);
	st_printer_type(p, st_value_type(st_op_operand(op, 0)));
	st_printer_write(p, ", [", 3);
	size_t s, n;
	switch_succ_operands(op, 0, &s, &n);
	st_printer_newline(p, 2);
	st_printer_write(p, "default: ", 9);
	print_dest(p, op, 0, s, n);
	st_attr *vals = st_op_get_attr(op, "case_values");
	unsigned w = st_type_int_width(st_value_type(st_op_operand(op, 0)));
	for (size_t i = 1; i < st_op_num_successors(op); i++) {
		st_printer_write(p, ",", 1);
		st_printer_newline(p, 2);
		/* MLIR writes case values unsigned, at the flag's width (-1 of an
		 * i8 is 255, true of an i1 is 1). */
		if (vals && st_attr_get_kind(vals) == ST_ATTR_DENSE_ELEMENTS) {
			uint64_t v = (uint64_t)st_attr_dense_int(vals, i - 1);
			if (w < 64)
				v &= w ? (1ull << w) - 1 : 0;
			st_printer_printf(p, "%llu", (unsigned long long)v);
		}
		st_printer_write(p, ": ", 2);
		switch_succ_operands(op, i, &s, &n);
		print_dest(p, op, i, s, n);
	}
	/* As MLIR: the newline before `]` only follows cases. */
	if (st_op_num_successors(op) > 1)
		st_printer_newline(p, 0);
	st_printer_write(p, "]", 1);
	static const char *const elided[] = {"operandSegmentSizes", "case_values", "case_operand_segments", NULL};
	st_printer_attr_dict(p, op, elided, false);
}

static st_status verify_switch(st_op *op) {
	st_attr *vals = st_op_get_attr(op, "case_values");
	st_attr *segs = st_op_get_attr(op, "case_operand_segments");
	size_t ncases = st_op_num_successors(op) - 1;
	if (st_op_num_successors(op) < 1)
		return st_op_error(op, "requires a default destination");
	if (vals) {
		st_type *t = st_attr_type(vals);
		if (st_attr_get_kind(vals) != ST_ATTR_DENSE_ELEMENTS || st_type_num_elements_static(t) != (int64_t)ncases)
			return st_op_error(op, "number of case values (%lld) should match number of case destinations (%zu)",
			                   (long long)(vals ? st_type_num_elements_static(t) : 0), ncases);
		if (st_type_element(t) != st_value_type(st_op_operand(op, 0)))
			return st_op_error(op, "'flag' type and 'case_values' element type must match");
	} else if (ncases) {
		return st_op_error(op, "number of case values (0) should match number of case destinations (%zu)", ncases);
	}
	if (!segs || st_attr_get_kind(segs) != ST_ATTR_DENSE_ARRAY || st_attr_dense_array_size(segs) != ncases)
		return st_op_error(op, "'case_operand_segments' must have one entry per case destination");
	/* The segments split caseOperands: checked before anything reads them
	 * (MLIR's words for VariadicOfVariadic). */
	size_t cs, cn;
	if (st_failed(st_op_operand_group(op, 2, &cs, &cn)))
		return ST_FAIL;
	int64_t total = 0;
	for (size_t i = 0; i < ncases; i++) {
		int64_t k = st_attr_dense_array_int(segs, i);
		if (k < 0)
			return st_op_error(op, "'case_operand_segments' attribute cannot have negative elements");
		total += k;
	}
	if (total != (int64_t)cn)
		return st_op_error(op,
		                   "caseOperands count (%zu) does not match with the total size (%lld) specified in attribute "
		                   "'case_operand_segments'",
		                   cn, (long long)total);
	for (size_t i = 0; i <= ncases; i++) {
		size_t s, n;
		switch_succ_operands(op, i, &s, &n);
		if (st_failed(check_dest(op, i, s, n)))
			return ST_FAIL;
	}
	return ST_OK;
}

/* --------------------------------------------------------------- table */

static const st_value_def br_operands[] = {{.name = "destOperands", .arity = ST_VARIADIC}};
static const st_value_def cond_operands[] = {
	{.name = "condition", .type = &st_tc_bool},
	{.name = "trueDestOperands", .arity = ST_VARIADIC},
	{.name = "falseDestOperands", .arity = ST_VARIADIC},
};
static const st_value_def switch_operands[] = {
	{.name = "flag", .type = &st_tc_signless_int},
	{.name = "defaultOperands", .arity = ST_VARIADIC},
	{.name = "caseOperands", .arity = ST_VARIADIC},
};
static bool int_elements(const st_attr *a) {
	return st_attr_get_kind(a) == ST_ATTR_DENSE_ELEMENTS && st_type_is_integer(st_type_element(st_attr_type(a)));
}
/* MLIR's AnyIntElementsAttr. */
static const st_attr_constraint int_elements_attr = {"integer elements attribute", int_elements};
static const st_attr_def switch_attrs[] = {
	{.name = "case_values", .constraint = &int_elements_attr, .optional = true},
	{.name = "case_operand_segments", .constraint = &st_ac_dense_i32_array},
};
static const st_value_def assert_operands[] = {{.name = "arg", .type = &st_tc_bool, .infer = "i1"}};
/* MLIR 14 stored the per-case operand counts as an I32ElementsAttr. */
static const st_mlir14_attr switch_mlir14_attrs[] = {
	{"case_operand_segments", "case_operand_segments", ST_MLIR14_DENSE_TENSOR},
};
static const st_attr_def assert_attrs[] = {{.name = "msg", .constraint = &st_ac_string}};

static const st_interface_impl br_ifaces[] = {{ST_IFACE_BRANCH, &br_iface}};
static const st_interface_impl cond_ifaces[] = {{ST_IFACE_BRANCH, &cond_iface}};
static const st_interface_impl switch_ifaces[] = {{ST_IFACE_BRANCH, &switch_iface}};

static const st_opdef cf_ops[] = {
	{
		.name = "cf.assert",
		.interp = &st__cf_assert_interp,
		.summary = "abort when the condition is false",
		.operands = assert_operands,
		.noperands = 1,
		.attrs = assert_attrs,
		.nattrs = 1,
		.format = "$arg `,` $msg attr-dict",
		.mlir14_name = "std.assert",
		.canonicalization_patterns = st__cf_assert_patterns,
	},
	{
		.name = "cf.br",
		.interp = &st__cf_br_interp,
		.summary = "an unconditional branch",
		.operands = br_operands,
		.noperands = 1,
		.nsuccessors = 1,
		.traits = ST_TRAIT_TERMINATOR | ST_TRAIT_PURE,
		.parse = parse_br,
		.print = print_br,
		.verify = verify_br,
		.mlir14_name = "std.br",
		.canonicalization_patterns = st__cf_br_patterns,
		.interfaces = br_ifaces,
		.ninterfaces = 1,
	},
	{
		.name = "cf.cond_br",
		.interp = &st__cf_cond_br_interp,
		.summary = "a conditional branch",
		.operands = cond_operands,
		.noperands = 3,
		.nsuccessors = 2,
		.traits = ST_TRAIT_TERMINATOR | ST_TRAIT_PURE | ST_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS,
		.parse = parse_cond_br,
		.print = print_cond_br,
		.verify = verify_cond_br,
		.mlir14_name = "std.cond_br",
		.canonicalization_patterns = st__cf_cond_br_patterns,
		.interfaces = cond_ifaces,
		.ninterfaces = 1,
	},
	{
		.name = "cf.switch",
		.interp = &st__cf_switch_interp,
		.summary = "a multi-way branch on an integer",
		.operands = switch_operands,
		.noperands = 3,
		.attrs = switch_attrs,
		.nattrs = 2,
		.nsuccessors = -1,
		.traits = ST_TRAIT_TERMINATOR | ST_TRAIT_PURE | ST_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS,
		.parse = parse_switch,
		.print = print_switch,
		.verify = verify_switch,
		.mlir14_name = "std.switch",
		.canonicalization_patterns = st__cf_switch_patterns,
		.mlir14_attrs = switch_mlir14_attrs,
		.nmlir14_attrs = 1,
		.interfaces = switch_ifaces,
		.ninterfaces = 1,
	},
};

static const st_dialect_def cf_dialect = {
	.name = "cf",
	.summary = "unstructured control flow",
	.ops = cf_ops,
	.nops = sizeof cf_ops / sizeof cf_ops[0],
};

st_status st_register_cf_dialect(st_context *ctx) { return st_context_register_dialect(ctx, &cf_dialect); }
