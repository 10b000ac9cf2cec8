/* Unit tests of the arith folders: each case parses a small function,
 * calls the fold hook of its last op (before the return) through
 * st_op_def(op)->fold with the constant operands, and compares a
 * description of the outcome with the expected one:
 *   none                  the folder declined
 *   a<k>                  block argument k
 *   v<k>, v<k>#j          result (j) of the k-th op of the body
 *   0x3FC00000 : f32      a float constant, as its bit pattern
 *   <attr>                any other constant, as Strata prints it
 *   inplace: <op> <operands> [pred=N]   the op was rewritten in place
 * Multiple results are joined with "; ".  Float expectations are bit
 * patterns (computed independently, e.g. with Python's struct module) so
 * that they do not depend on the float printer.
 *
 * `test_arith_fold --fold` reads functions on stdin and prints, per
 * function, `@name <outcome>` for the op before its return;
 * test/unit/arith_fold_vs_mlir.py compares that with mlir-opt-14.
 */
#include "strata/asm.h"
#include "strata/registry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int npassed, nfailed;

#define CHECK(cond)                                                                                                \
	do {                                                                                                           \
		if (cond)                                                                                                  \
			npassed++;                                                                                             \
		else {                                                                                                     \
			nfailed++;                                                                                             \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                               \
		}                                                                                                          \
	} while (0)

/* ------------------------------------------------------------ describing */

typedef struct sbuf {
	char data[1024];
	size_t len;
} sbuf;

static void put(sbuf *b, const char *s) {
	size_t n = strlen(s);
	if (b->len + n >= sizeof b->data)
		n = sizeof b->data - 1 - b->len;
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = 0;
}

static void describe_value(sbuf *b, st_block *body, st_value *v) {
	char buf[64];
	if (st_value_is_block_arg(v)) {
		snprintf(buf, sizeof buf, "a%u", st_value_index(v));
		put(b, buf);
		return;
	}
	st_op *def = st_value_defining_op(v);
	unsigned k = 0;
	for (st_op *o = st_block_first_op(body); o && o != def; o = st_op_next(o))
		k++;
	if (st_value_index(v))
		snprintf(buf, sizeof buf, "v%u#%u", k, st_value_index(v));
	else
		snprintf(buf, sizeof buf, "v%u", k);
	put(b, buf);
}

static void describe_attr(sbuf *b, st_context *ctx, st_attr *a) {
	char buf[512];
	if (st_attr_get_kind(a) == ST_ATTR_FLOAT) {
		char t[64];
		st_type *ty = st_attr_type(a);
		unsigned w = st_type_float_width(ty);
		snprintf(buf, sizeof buf, "0x%0*llX : %s", (int)(w / 4), (unsigned long long)st_attr_float_bits(a),
		         st_type_str(ctx, ty, t, sizeof t));
		put(b, buf);
		return;
	}
	put(b, st_attr_str(ctx, a, buf, sizeof buf));
}

/* The constant `v` holds when a constant-like op defines it, else NULL. */
static st_attr *const_value(st_value *v) {
	st_op *d = st_value_defining_op(v);
	const st_constant_like_iface *c = d ? st_op_interface(d, ST_IFACE_CONSTANT_LIKE) : NULL;
	return c ? c->value(d) : NULL;
}

/* Folds `op` (in `body`) and describes the outcome into `b`; with
 * `by_value`, a result that is an existing constant is described by its
 * value (as a canonicalizer would leave it). */
static void fold_and_describe(sbuf *b, st_block *body, st_op *op, bool by_value) {
	st_context *ctx = st_op_context(op);
	const st_opdef *def = st_op_def(op);
	st_attr *operands[8] = {0};
	st_fold_result results[4];
	memset(results, 0, sizeof results);
	if (!def || !def->fold || st_op_num_operands(op) > 8 || st_op_num_results(op) > 4) {
		put(b, "nofold-hook");
		return;
	}
	for (size_t i = 0; i < st_op_num_operands(op); i++)
		operands[i] = const_value(st_op_operand(op, i));
	if (!def->fold(op, operands, results)) {
		put(b, "none");
		return;
	}
	if (!results[0].attr && !results[0].value) {
		put(b, "inplace: ");
		put(b, st_op_name_cstr(op));
		for (size_t i = 0; i < st_op_num_operands(op); i++) {
			put(b, " ");
			describe_value(b, body, st_op_operand(op, i));
		}
		st_attr *pred = st_op_get_attr(op, "predicate");
		if (pred) {
			char buf[32];
			snprintf(buf, sizeof buf, " pred=%lld", (long long)st_attr_int_value(pred));
			put(b, buf);
		}
		return;
	}
	for (size_t i = 0; i < st_op_num_results(op); i++) {
		if (i)
			put(b, "; ");
		st_attr *known = by_value && results[i].value ? const_value(results[i].value) : NULL;
		if (results[i].attr || known)
			describe_attr(b, ctx, results[i].attr ? results[i].attr : known);
		else if (results[i].value)
			describe_value(b, body, results[i].value);
		else
			put(b, "<missing>");
	}
}

static st_context *new_context(void) {
	st_context *ctx = st_context_create();
	if (!ctx || st_failed(st_register_all_dialects(ctx))) {
		fprintf(stderr, "cannot create a context\n");
		exit(2);
	}
	return ctx;
}

static st_block *func_body(st_op *func) { return st_region_first_block(st_op_region(func, 0)); }

/* The op before the terminator of a function's entry block. */
static st_op *target_of(st_op *func) {
	st_block *b = func_body(func);
	st_op *term = b ? st_block_last_op(b) : NULL;
	return term ? st_op_prev(term) : NULL;
}

/* ------------------------------------------------------------------ cases */

typedef struct fold_case {
	int line;
	const char *args; /* function arguments */
	const char *body; /* ops, without the return */
	const char *want;
} fold_case;

#define C(args, body, want) {__LINE__, args, body, want}

static const fold_case cases[] = {
	/* arith.constant */
	C("", "%c = arith.constant 42 : i32", "42 : i32"),
	C("", "%c = arith.constant dense<[1, 2]> : vector<2xi32>", "dense<[1, 2]> : vector<2xi32>"),

	/* addi */
	C("%x: i32", "%c = arith.constant 0 : i32\n %r = arith.addi %x, %c : i32", "a0"),
	C("%x: i32", "%c = arith.constant 0 : i32\n %r = arith.addi %c, %x : i32", "none"),
	C("", "%a = arith.constant 5 : i32\n %b = arith.constant 7 : i32\n %r = arith.addi %a, %b : i32", "12 : i32"),
	C("", "%a = arith.constant 127 : i8\n %b = arith.constant 1 : i8\n %r = arith.addi %a, %b : i8", "-128 : i8"),
	C("", "%a = arith.constant true\n %r = arith.addi %a, %a : i1", "false"),
	C("", "%a = arith.constant 5 : index\n %b = arith.constant -7 : index\n %r = arith.addi %a, %b : index",
	  "-2 : index"),
	C("", "%a = arith.constant 9223372036854775807 : i64\n %b = arith.constant 1 : i64\n %r = arith.addi %a, %b : i64",
	  "-9223372036854775808 : i64"),
	C("%a: i32, %b: i32", "%s = arith.subi %a, %b : i32\n %r = arith.addi %s, %b : i32", "a0"),
	C("%a: i32, %b: i32", "%s = arith.subi %a, %b : i32\n %r = arith.addi %b, %s : i32", "a0"),
	C("%a: i32, %b: i32", "%r = arith.addi %a, %b : i32", "none"),
	C("", "%a = arith.constant dense<1> : vector<4xi32>\n %b = arith.constant dense<2> : vector<4xi32>\n"
	      " %r = arith.addi %a, %b : vector<4xi32>",
	  "dense<3> : vector<4xi32>"),
	C("", "%a = arith.constant dense<[1, 2]> : vector<2xi32>\n %b = arith.constant dense<[3, 4]> : vector<2xi32>\n"
	      " %r = arith.addi %a, %b : vector<2xi32>",
	  "dense<[4, 6]> : vector<2xi32>"),
	C("", "%a = arith.constant dense<1> : vector<2xi32>\n %b = arith.constant dense<[3, 4]> : vector<2xi32>\n"
	      " %r = arith.addi %a, %b : vector<2xi32>",
	  "dense<[4, 5]> : vector<2xi32>"),
	C("", "%a = arith.constant dense<[127, -128]> : vector<2xi8>\n %b = arith.constant dense<1> : vector<2xi8>\n"
	      " %r = arith.addi %a, %b : vector<2xi8>",
	  "dense<[-128, -127]> : vector<2xi8>"),
	/* wider than 64 bits: APInt arithmetic, as MLIR's folders */
	C("", "%a = arith.constant 1 : i128\n %r = arith.addi %a, %a : i128", "2 : i128"),
	C("", "%a = arith.constant 18446744073709551615 : i128\n %b = arith.constant 1 : i128\n"
	      " %r = arith.addi %a, %b : i128",
	  "18446744073709551616 : i128"),
	C("", "%a = arith.constant 18446744073709551616 : i128\n %b = arith.constant 3 : i128\n"
	      " %r = arith.muli %a, %b : i128",
	  "55340232221128654848 : i128"),
	C("", "%a = arith.constant -170141183460469231731687303715884105728 : i128\n %b = arith.constant -1 : i128\n"
	      " %r = arith.divsi %a, %b : i128",
	  "none"),
	C("", "%a = arith.constant -170141183460469231731687303715884105728 : i128\n %b = arith.constant -1 : i128\n"
	      " %r = arith.remsi %a, %b : i128",
	  "0 : i128"),
	C("", "%a = arith.constant 7 : i128\n %b = arith.constant 0 : i128\n %r = arith.divui %a, %b : i128", "none"),
	C("", "%a = arith.constant -7 : i128\n %b = arith.constant 2 : i128\n %r = arith.floordivsi %a, %b : i128",
	  "-4 : i128"),
	C("", "%a = arith.constant -7 : i128\n %b = arith.constant 2 : i128\n %r = arith.ceildivsi %a, %b : i128",
	  "-3 : i128"),
	C("", "%a = arith.constant 3 : i128\n %b = arith.constant 127 : i128\n %r = arith.shli %a, %b : i128",
	  "-170141183460469231731687303715884105728 : i128"),
	C("", "%a = arith.constant 3 : i128\n %b = arith.constant 128 : i128\n %r = arith.shli %a, %b : i128", "none"),
	C("", "%a = arith.constant -1 : i128\n %r = arith.extui %a : i128 to i256",
	  "340282366920938463463374607431768211455 : i256"),
	C("", "%a = arith.constant -1 : i64\n %r = arith.extsi %a : i64 to i128", "-1 : i128"),
	C("", "%a = arith.constant 18446744073709551617 : i128\n %r = arith.trunci %a : i128 to i64", "1 : i64"),
	C("%x: i128", "%c = arith.constant 0 : i128\n %r = arith.addi %x, %c : i128", "a0"),
	C("%x: vector<4xi32>", "%c = arith.constant dense<0> : vector<4xi32>\n %r = arith.addi %x, %c : vector<4xi32>", "a0"),

	/* subi */
	C("%x: i32", "%r = arith.subi %x, %x : i32", "0 : i32"),
	C("%x: vector<4xi32>", "%r = arith.subi %x, %x : vector<4xi32>", "dense<0> : vector<4xi32>"),
	C("%x: tensor<?xi32>", "%r = arith.subi %x, %x : tensor<?xi32>", "none"),
	C("%x: i32", "%c = arith.constant 0 : i32\n %r = arith.subi %x, %c : i32", "a0"),
	C("%a: i32, %b: i32", "%s = arith.addi %a, %b : i32\n %r = arith.subi %s, %b : i32", "a0"),
	C("%a: i32, %b: i32", "%s = arith.addi %a, %b : i32\n %r = arith.subi %s, %a : i32", "a1"),
	C("", "%a = arith.constant 3 : i32\n %b = arith.constant 5 : i32\n %r = arith.subi %a, %b : i32", "-2 : i32"),
	C("", "%a = arith.constant -128 : i8\n %b = arith.constant 1 : i8\n %r = arith.subi %a, %b : i8", "127 : i8"),

	/* muli */
	C("%x: i32", "%c = arith.constant 0 : i32\n %r = arith.muli %x, %c : i32", "v0"),
	C("%x: i32", "%c = arith.constant 1 : i32\n %r = arith.muli %x, %c : i32", "a0"),
	C("", "%a = arith.constant 6 : i32\n %b = arith.constant -7 : i32\n %r = arith.muli %a, %b : i32", "-42 : i32"),
	C("", "%a = arith.constant 16 : i8\n %r = arith.muli %a, %a : i8", "0 : i8"),
	C("", "%a = arith.constant 4294967296 : i64\n %r = arith.muli %a, %a : i64", "0 : i64"),
	C("", "%a = arith.constant 4294967297 : i64\n %r = arith.muli %a, %a : i64", "8589934593 : i64"),

	/* divui */
	C("%x: i32", "%c = arith.constant 1 : i32\n %r = arith.divui %x, %c : i32", "a0"),
	C("", "%a = arith.constant 7 : i32\n %b = arith.constant 2 : i32\n %r = arith.divui %a, %b : i32", "3 : i32"),
	C("", "%a = arith.constant -1 : i8\n %b = arith.constant 2 : i8\n %r = arith.divui %a, %b : i8", "127 : i8"),
	C("", "%a = arith.constant 7 : i32\n %b = arith.constant 0 : i32\n %r = arith.divui %a, %b : i32", "none"),
	C("", "%a = arith.constant dense<[4, 6]> : vector<2xi32>\n %b = arith.constant dense<[2, 0]> : vector<2xi32>\n"
	      " %r = arith.divui %a, %b : vector<2xi32>",
	  "none"),
	C("%a: i32, %b: i32", "%m = arith.muli %a, %b overflow<nuw> : i32\n %r = arith.divui %m, %b : i32", "a0"),
	C("%a: i32, %b: i32", "%m = arith.muli %a, %b overflow<nuw> : i32\n %r = arith.divui %m, %a : i32", "a1"),
	C("%a: i32, %b: i32", "%m = arith.muli %a, %b overflow<nsw> : i32\n %r = arith.divui %m, %b : i32", "none"),
	C("%a: i32, %b: i32", "%m = arith.muli %a, %b : i32\n %r = arith.divui %m, %b : i32", "none"),

	/* divsi */
	C("%x: i32", "%c = arith.constant 1 : i32\n %r = arith.divsi %x, %c : i32", "a0"),
	C("", "%a = arith.constant -7 : i32\n %b = arith.constant 2 : i32\n %r = arith.divsi %a, %b : i32", "-3 : i32"),
	C("", "%a = arith.constant 7 : i32\n %b = arith.constant -2 : i32\n %r = arith.divsi %a, %b : i32", "-3 : i32"),
	C("", "%a = arith.constant -2147483648 : i32\n %b = arith.constant -1 : i32\n %r = arith.divsi %a, %b : i32",
	  "none"),
	C("", "%a = arith.constant -128 : i8\n %b = arith.constant -1 : i8\n %r = arith.divsi %a, %b : i8", "none"),
	C("", "%a = arith.constant -9223372036854775808 : i64\n %b = arith.constant -1 : i64\n"
	      " %r = arith.divsi %a, %b : i64",
	  "none"),
	C("", "%a = arith.constant -128 : i8\n %b = arith.constant 2 : i8\n %r = arith.divsi %a, %b : i8", "-64 : i8"),
	C("", "%a = arith.constant 1 : i32\n %b = arith.constant 0 : i32\n %r = arith.divsi %a, %b : i32", "none"),
	/* For i1, true is the value 1: x / true is x (before any overflow check). */
	C("", "%a = arith.constant true\n %r = arith.divsi %a, %a : i1", "v0"),
	C("%a: i32, %b: i32", "%m = arith.muli %a, %b overflow<nsw> : i32\n %r = arith.divsi %m, %b : i32", "a0"),
	C("%a: i32, %b: i32", "%m = arith.muli %a, %b overflow<nuw> : i32\n %r = arith.divsi %m, %b : i32", "none"),

	/* ceildivui */
	C("%x: i32", "%c = arith.constant 1 : i32\n %r = arith.ceildivui %x, %c : i32", "a0"),
	C("", "%a = arith.constant 7 : i32\n %b = arith.constant 2 : i32\n %r = arith.ceildivui %a, %b : i32", "4 : i32"),
	C("", "%a = arith.constant 8 : i32\n %b = arith.constant 2 : i32\n %r = arith.ceildivui %a, %b : i32", "4 : i32"),
	C("", "%a = arith.constant 0 : i32\n %b = arith.constant 5 : i32\n %r = arith.ceildivui %a, %b : i32", "0 : i32"),
	C("", "%a = arith.constant -1 : i8\n %b = arith.constant 2 : i8\n %r = arith.ceildivui %a, %b : i8", "-128 : i8"),
	C("", "%a = arith.constant 5 : i32\n %b = arith.constant 0 : i32\n %r = arith.ceildivui %a, %b : i32", "none"),

	/* ceildivsi */
	C("%x: i32", "%c = arith.constant 1 : i32\n %r = arith.ceildivsi %x, %c : i32", "a0"),
	C("", "%a = arith.constant 7 : i32\n %b = arith.constant 2 : i32\n %r = arith.ceildivsi %a, %b : i32", "4 : i32"),
	C("", "%a = arith.constant -7 : i32\n %b = arith.constant 2 : i32\n %r = arith.ceildivsi %a, %b : i32", "-3 : i32"),
	C("", "%a = arith.constant 7 : i32\n %b = arith.constant -2 : i32\n %r = arith.ceildivsi %a, %b : i32", "-3 : i32"),
	C("", "%a = arith.constant -7 : i32\n %b = arith.constant -2 : i32\n %r = arith.ceildivsi %a, %b : i32", "4 : i32"),
	C("", "%a = arith.constant 6 : i32\n %b = arith.constant 3 : i32\n %r = arith.ceildivsi %a, %b : i32", "2 : i32"),
	C("", "%a = arith.constant -6 : i32\n %b = arith.constant 3 : i32\n %r = arith.ceildivsi %a, %b : i32", "-2 : i32"),
	C("", "%a = arith.constant 0 : i32\n %b = arith.constant -2 : i32\n %r = arith.ceildivsi %a, %b : i32", "0 : i32"),
	C("", "%a = arith.constant -128 : i8\n %b = arith.constant -1 : i8\n %r = arith.ceildivsi %a, %b : i8", "none"),
	C("", "%a = arith.constant -128 : i8\n %b = arith.constant 2 : i8\n %r = arith.ceildivsi %a, %b : i8", "none"),
	C("", "%a = arith.constant 5 : i8\n %b = arith.constant -128 : i8\n %r = arith.ceildivsi %a, %b : i8", "none"),
	C("", "%a = arith.constant 127 : i8\n %b = arith.constant 3 : i8\n %r = arith.ceildivsi %a, %b : i8", "43 : i8"),
	C("", "%a = arith.constant 5 : i32\n %b = arith.constant 0 : i32\n %r = arith.ceildivsi %a, %b : i32", "none"),

	/* floordivsi */
	C("%x: i32", "%c = arith.constant 1 : i32\n %r = arith.floordivsi %x, %c : i32", "a0"),
	C("", "%a = arith.constant 7 : i32\n %b = arith.constant 2 : i32\n %r = arith.floordivsi %a, %b : i32", "3 : i32"),
	C("", "%a = arith.constant -7 : i32\n %b = arith.constant 2 : i32\n %r = arith.floordivsi %a, %b : i32",
	  "-4 : i32"),
	C("", "%a = arith.constant 7 : i32\n %b = arith.constant -2 : i32\n %r = arith.floordivsi %a, %b : i32",
	  "-4 : i32"),
	C("", "%a = arith.constant -7 : i32\n %b = arith.constant -2 : i32\n %r = arith.floordivsi %a, %b : i32",
	  "3 : i32"),
	C("", "%a = arith.constant -6 : i32\n %b = arith.constant 3 : i32\n %r = arith.floordivsi %a, %b : i32",
	  "-2 : i32"),
	C("", "%a = arith.constant -128 : i8\n %b = arith.constant -1 : i8\n %r = arith.floordivsi %a, %b : i8", "none"),
	C("", "%a = arith.constant 5 : i32\n %b = arith.constant 0 : i32\n %r = arith.floordivsi %a, %b : i32", "none"),

	/* remui, remsi */
	C("", "%a = arith.constant 7 : i32\n %b = arith.constant 3 : i32\n %r = arith.remui %a, %b : i32", "1 : i32"),
	C("", "%a = arith.constant -1 : i8\n %b = arith.constant 10 : i8\n %r = arith.remui %a, %b : i8", "5 : i8"),
	C("%x: i32", "%c = arith.constant 1 : i32\n %r = arith.remui %x, %c : i32", "0 : i32"),
	C("%x: vector<2xi32>", "%c = arith.constant dense<1> : vector<2xi32>\n %r = arith.remui %x, %c : vector<2xi32>",
	  "dense<0> : vector<2xi32>"),
	C("", "%a = arith.constant 7 : i32\n %b = arith.constant 0 : i32\n %r = arith.remui %a, %b : i32", "none"),
	C("", "%a = arith.constant -7 : i32\n %b = arith.constant 3 : i32\n %r = arith.remsi %a, %b : i32", "-1 : i32"),
	C("", "%a = arith.constant 7 : i32\n %b = arith.constant -3 : i32\n %r = arith.remsi %a, %b : i32", "1 : i32"),
	C("", "%a = arith.constant -2147483648 : i32\n %b = arith.constant -1 : i32\n %r = arith.remsi %a, %b : i32",
	  "0 : i32"),
	C("", "%a = arith.constant -9223372036854775808 : i64\n %b = arith.constant -1 : i64\n"
	      " %r = arith.remsi %a, %b : i64",
	  "0 : i64"),
	C("%x: i32", "%c = arith.constant 1 : i32\n %r = arith.remsi %x, %c : i32", "0 : i32"),
	C("", "%a = arith.constant 7 : i32\n %b = arith.constant 0 : i32\n %r = arith.remsi %a, %b : i32", "none"),

	/* andi */
	C("%x: i32", "%c = arith.constant 0 : i32\n %r = arith.andi %x, %c : i32", "v0"),
	C("%x: i32", "%c = arith.constant -1 : i32\n %r = arith.andi %x, %c : i32", "a0"),
	C("", "%a = arith.constant 12 : i32\n %b = arith.constant 10 : i32\n %r = arith.andi %a, %b : i32", "8 : i32"),
	C("%x: i32", "%c = arith.constant -1 : i32\n %n = arith.xori %x, %c : i32\n %r = arith.andi %x, %n : i32",
	  "0 : i32"),
	C("%x: i32", "%c = arith.constant -1 : i32\n %n = arith.xori %x, %c : i32\n %r = arith.andi %n, %x : i32",
	  "0 : i32"),
	C("%x: i32", "%c = arith.constant -2 : i32\n %n = arith.xori %x, %c : i32\n %r = arith.andi %n, %x : i32",
	  "none"),
	C("%a: i32, %b: i32", "%i = arith.andi %a, %b : i32\n %r = arith.andi %a, %i : i32", "v0"),
	C("%a: i32, %b: i32", "%i = arith.andi %a, %b : i32\n %r = arith.andi %i, %b : i32", "v0"),
	C("%x: i128", "%c = arith.constant 0 : i128\n %r = arith.andi %x, %c : i128", "v0"),
	C("%x: i128", "%c = arith.constant -1 : i128\n %r = arith.andi %x, %c : i128", "a0"),

	/* ori */
	C("%x: i32", "%c = arith.constant 0 : i32\n %r = arith.ori %x, %c : i32", "a0"),
	C("%x: i32", "%c = arith.constant -1 : i32\n %r = arith.ori %x, %c : i32", "-1 : i32"),
	C("", "%a = arith.constant 12 : i32\n %b = arith.constant 10 : i32\n %r = arith.ori %a, %b : i32", "14 : i32"),
	C("%x: i32", "%c = arith.constant -1 : i32\n %n = arith.xori %x, %c : i32\n %r = arith.ori %x, %n : i32", "v0"),
	C("%x: i32", "%c = arith.constant -1 : i32\n %n = arith.xori %x, %c : i32\n %r = arith.ori %n, %x : i32", "v0"),

	/* xori */
	C("%x: i32", "%c = arith.constant 0 : i32\n %r = arith.xori %x, %c : i32", "a0"),
	C("%x: i32", "%r = arith.xori %x, %x : i32", "0 : i32"),
	C("%x: i32, %a: i32", "%p = arith.xori %x, %a : i32\n %r = arith.xori %p, %a : i32", "a0"),
	C("%x: i32, %a: i32", "%p = arith.xori %a, %x : i32\n %r = arith.xori %p, %a : i32", "a0"),
	C("%x: i32, %a: i32", "%p = arith.xori %x, %a : i32\n %r = arith.xori %a, %p : i32", "a0"),
	C("%x: i32, %a: i32", "%p = arith.xori %a, %x : i32\n %r = arith.xori %a, %p : i32", "a0"),
	C("", "%a = arith.constant 12 : i32\n %b = arith.constant 10 : i32\n %r = arith.xori %a, %b : i32", "6 : i32"),
	C("", "%a = arith.constant true\n %r = arith.xori %a, %a : i1", "false"),

	/* shifts */
	C("%x: i32", "%c = arith.constant 0 : i32\n %r = arith.shli %x, %c : i32", "a0"),
	C("", "%a = arith.constant 1 : i32\n %b = arith.constant 4 : i32\n %r = arith.shli %a, %b : i32", "16 : i32"),
	C("", "%a = arith.constant 1 : i32\n %b = arith.constant 31 : i32\n %r = arith.shli %a, %b : i32",
	  "-2147483648 : i32"),
	C("", "%a = arith.constant 1 : i32\n %b = arith.constant 32 : i32\n %r = arith.shli %a, %b : i32", "none"),
	C("", "%a = arith.constant 1 : i32\n %b = arith.constant -1 : i32\n %r = arith.shli %a, %b : i32", "none"),
	C("", "%a = arith.constant 3 : i8\n %b = arith.constant 7 : i8\n %r = arith.shli %a, %b : i8", "-128 : i8"),
	C("%x: i32", "%c = arith.constant 0 : i32\n %r = arith.shrui %x, %c : i32", "a0"),
	C("", "%a = arith.constant -1 : i32\n %b = arith.constant 28 : i32\n %r = arith.shrui %a, %b : i32", "15 : i32"),
	C("", "%a = arith.constant -1 : i32\n %b = arith.constant 32 : i32\n %r = arith.shrui %a, %b : i32", "none"),
	C("%x: i32", "%c = arith.constant 0 : i32\n %r = arith.shrsi %x, %c : i32", "a0"),
	C("", "%a = arith.constant -16 : i32\n %b = arith.constant 2 : i32\n %r = arith.shrsi %a, %b : i32", "-4 : i32"),
	C("", "%a = arith.constant -1 : i32\n %b = arith.constant 31 : i32\n %r = arith.shrsi %a, %b : i32", "-1 : i32"),
	C("", "%a = arith.constant 16 : i32\n %b = arith.constant 2 : i32\n %r = arith.shrsi %a, %b : i32", "4 : i32"),
	C("", "%a = arith.constant -128 : i8\n %b = arith.constant 7 : i8\n %r = arith.shrsi %a, %b : i8", "-1 : i8"),
	C("", "%a = arith.constant -9223372036854775808 : i64\n %b = arith.constant 63 : i64\n"
	      " %r = arith.shrsi %a, %b : i64",
	  "-1 : i64"),
	C("", "%a = arith.constant -1 : i8\n %b = arith.constant 8 : i8\n %r = arith.shrsi %a, %b : i8", "none"),
	C("", "%a = arith.constant dense<[1, 1]> : vector<2xi8>\n %b = arith.constant dense<[1, 8]> : vector<2xi8>\n"
	      " %r = arith.shli %a, %b : vector<2xi8>",
	  "none"),

	/* max/min */
	C("%x: i32", "%r = arith.maxsi %x, %x : i32", "a0"),
	C("%x: i32", "%c = arith.constant 2147483647 : i32\n %r = arith.maxsi %x, %c : i32", "v0"),
	C("%x: i32", "%c = arith.constant -2147483648 : i32\n %r = arith.maxsi %x, %c : i32", "a0"),
	C("", "%a = arith.constant -3 : i32\n %b = arith.constant 5 : i32\n %r = arith.maxsi %a, %b : i32", "5 : i32"),
	C("%x: i32", "%c = arith.constant -1 : i32\n %r = arith.maxui %x, %c : i32", "v0"),
	C("%x: i32", "%c = arith.constant 0 : i32\n %r = arith.maxui %x, %c : i32", "a0"),
	C("", "%a = arith.constant -1 : i32\n %b = arith.constant 5 : i32\n %r = arith.maxui %a, %b : i32", "-1 : i32"),
	C("%x: i32", "%c = arith.constant -2147483648 : i32\n %r = arith.minsi %x, %c : i32", "v0"),
	C("%x: i32", "%c = arith.constant 2147483647 : i32\n %r = arith.minsi %x, %c : i32", "a0"),
	C("", "%a = arith.constant -3 : i32\n %b = arith.constant 5 : i32\n %r = arith.minsi %a, %b : i32", "-3 : i32"),
	C("%x: i32", "%c = arith.constant 0 : i32\n %r = arith.minui %x, %c : i32", "v0"),
	C("%x: i32", "%c = arith.constant -1 : i32\n %r = arith.minui %x, %c : i32", "a0"),
	C("", "%a = arith.constant -1 : i32\n %b = arith.constant 5 : i32\n %r = arith.minui %a, %b : i32", "5 : i32"),
	C("%x: i8", "%r = arith.minui %x, %x : i8", "a0"),

	/* addui_extended */
	C("%x: i32", "%c = arith.constant 0 : i32\n %r:2 = arith.addui_extended %x, %c : i32, i1", "a0; false"),
	C("", "%a = arith.constant -1 : i32\n %b = arith.constant 1 : i32\n %r:2 = arith.addui_extended %a, %b : i32, i1",
	  "0 : i32; true"),
	C("", "%a = arith.constant 5 : i32\n %b = arith.constant 7 : i32\n %r:2 = arith.addui_extended %a, %b : i32, i1",
	  "12 : i32; false"),
	C("", "%a = arith.constant dense<-1> : vector<2xi32>\n %b = arith.constant dense<1> : vector<2xi32>\n"
	      " %r:2 = arith.addui_extended %a, %b : vector<2xi32>, vector<2xi1>",
	  "dense<0> : vector<2xi32>; dense<true> : vector<2xi1>"),
	C("%x: vector<2xi32>", "%c = arith.constant dense<0> : vector<2xi32>\n"
	                       " %r:2 = arith.addui_extended %x, %c : vector<2xi32>, vector<2xi1>",
	  "a0; dense<false> : vector<2xi1>"),

	/* mulsi_extended, mului_extended */
	C("%x: i32", "%c = arith.constant 0 : i32\n %r:2 = arith.mulsi_extended %x, %c : i32", "0 : i32; 0 : i32"),
	C("", "%a = arith.constant -1 : i32\n %r:2 = arith.mulsi_extended %a, %a : i32", "1 : i32; 0 : i32"),
	C("", "%a = arith.constant -2147483648 : i32\n %r:2 = arith.mulsi_extended %a, %a : i32",
	  "0 : i32; 1073741824 : i32"),
	C("", "%a = arith.constant -2 : i32\n %b = arith.constant 3 : i32\n %r:2 = arith.mulsi_extended %a, %b : i32",
	  "-6 : i32; -1 : i32"),
	C("", "%a = arith.constant -9223372036854775808 : i64\n %r:2 = arith.mulsi_extended %a, %a : i64",
	  "0 : i64; 4611686018427387904 : i64"),
	C("", "%a = arith.constant -1 : i64\n %b = arith.constant 5 : i64\n %r:2 = arith.mulsi_extended %a, %b : i64",
	  "-5 : i64; -1 : i64"),
	C("", "%a = arith.constant 100 : i8\n %b = arith.constant 100 : i8\n %r:2 = arith.mulsi_extended %a, %b : i8",
	  "16 : i8; 39 : i8"),
	C("%x: i32", "%c = arith.constant 0 : i32\n %r:2 = arith.mului_extended %x, %c : i32", "0 : i32; 0 : i32"),
	C("%x: i32", "%c = arith.constant 1 : i32\n %r:2 = arith.mului_extended %x, %c : i32", "a0; 0 : i32"),
	C("", "%a = arith.constant -1 : i32\n %r:2 = arith.mului_extended %a, %a : i32", "1 : i32; -2 : i32"),
	C("", "%a = arith.constant -1 : i64\n %r:2 = arith.mului_extended %a, %a : i64", "1 : i64; -2 : i64"),
	C("", "%a = arith.constant 4294967296 : i64\n %r:2 = arith.mului_extended %a, %a : i64", "0 : i64; 1 : i64"),
	C("", "%a = arith.constant -56 : i8\n %b = arith.constant 100 : i8\n %r:2 = arith.mului_extended %a, %b : i8",
	  "32 : i8; 78 : i8"),

	/* negf */
	C("", "%a = arith.constant 1.5 : f32\n %r = arith.negf %a : f32", "0xBFC00000 : f32"),
	C("%x: f32", "%n = arith.negf %x : f32\n %r = arith.negf %n : f32", "a0"),
	C("", "%a = arith.constant 0x7FC00000 : f32\n %r = arith.negf %a : f32", "0xFFC00000 : f32"),
	C("", "%a = arith.constant -0.0 : f64\n %r = arith.negf %a : f64", "0x0000000000000000 : f64"),
	C("", "%a = arith.constant 1.0 : f16\n %r = arith.negf %a : f16", "0xBC00 : f16"),

	/* addf, subf */
	C("%x: f32", "%c = arith.constant -0.0 : f32\n %r = arith.addf %x, %c : f32", "a0"),
	C("%x: f32", "%c = arith.constant 0.0 : f32\n %r = arith.addf %x, %c : f32", "none"),
	C("", "%a = arith.constant 1.5 : f32\n %b = arith.constant 2.25 : f32\n %r = arith.addf %a, %b : f32",
	  "0x40700000 : f32"),
	C("", "%a = arith.constant 16777216.0 : f32\n %b = arith.constant 1.0 : f32\n %r = arith.addf %a, %b : f32",
	  "0x4B800000 : f32"),
	C("", "%a = arith.constant 16777216.0 : f32\n %b = arith.constant 3.0 : f32\n %r = arith.addf %a, %b : f32",
	  "0x4B800002 : f32"),
	C("", "%a = arith.constant 0x7F800000 : f32\n %b = arith.constant 0xFF800000 : f32\n %r = arith.addf %a, %b : f32",
	  "0x7FC00000 : f32"),
	C("", "%a = arith.constant 0x7FC00001 : f32\n %b = arith.constant 1.0 : f32\n %r = arith.addf %a, %b : f32",
	  "0x7FC00001 : f32"),
	C("", "%a = arith.constant 0x7F800001 : f32\n %b = arith.constant 1.0 : f32\n %r = arith.addf %a, %b : f32",
	  "0x7FC00001 : f32"),
	C("", "%a = arith.constant 1.0 : f32\n %b = arith.constant 0xFFC00000 : f32\n %r = arith.addf %a, %b : f32",
	  "0xFFC00000 : f32"),
	C("", "%a = arith.constant 1.0 : f16\n %b = arith.constant 0.0009765625 : f16\n %r = arith.addf %a, %b : f16",
	  "0x3C01 : f16"),
	C("", "%a = arith.constant 65504.0 : f16\n %r = arith.addf %a, %a : f16", "0x7C00 : f16"),
	C("", "%a = arith.constant 1.0 : bf16\n %b = arith.constant 0.00390625 : bf16\n %r = arith.addf %a, %b : bf16",
	  "0x3F80 : bf16"),
	C("", "%a = arith.constant 0.1 : f64\n %b = arith.constant 0.2 : f64\n %r = arith.addf %a, %b : f64",
	  "0x3FD3333333333334 : f64"),
	C("", "%a = arith.constant 1.0e-45 : f32\n %r = arith.addf %a, %a : f32", "0x00000002 : f32"),
	C("%x: f32", "%c = arith.constant 0.0 : f32\n %r = arith.subf %x, %c : f32", "a0"),
	C("%x: f32", "%c = arith.constant -0.0 : f32\n %r = arith.subf %x, %c : f32", "none"),
	C("", "%a = arith.constant 5.0 : f32\n %b = arith.constant 1.5 : f32\n %r = arith.subf %a, %b : f32",
	  "0x40600000 : f32"),
	C("", "%a = arith.constant dense<[1.0, 2.0]> : vector<2xf32>\n %b = arith.constant dense<0.5> : vector<2xf32>\n"
	      " %r = arith.subf %a, %b : vector<2xf32>",
	  "dense<[5.000000e-01, 1.500000e+00]> : vector<2xf32>"),

	/* mulf, divf, remf */
	C("%x: f32", "%c = arith.constant 1.0 : f32\n %r = arith.mulf %x, %c : f32", "a0"),
	C("%x: f32", "%c = arith.constant 0.0 : f32\n %r = arith.mulf %x, %c : f32", "none"),
	C("%x: f32", "%c = arith.constant 0.0 : f32\n %r = arith.mulf %x, %c fastmath<nnan,nsz> : f32", "v0"),
	C("%x: f32", "%c = arith.constant -0.0 : f32\n %r = arith.mulf %x, %c fastmath<fast> : f32", "v0"),
	C("%x: f32", "%c = arith.constant 0.0 : f32\n %r = arith.mulf %x, %c fastmath<nnan> : f32", "none"),
	C("", "%a = arith.constant 1.5 : f32\n %b = arith.constant 2.0 : f32\n %r = arith.mulf %a, %b : f32",
	  "0x40400000 : f32"),
	C("", "%a = arith.constant 0.0 : f32\n %b = arith.constant 0x7F800000 : f32\n %r = arith.mulf %a, %b : f32",
	  "0x7FC00000 : f32"),
	C("", "%a = arith.constant -2.0 : f32\n %b = arith.constant 0xFFC00001 : f32\n %r = arith.mulf %a, %b : f32",
	  "0xFFC00001 : f32"),
	C("%x: f32", "%c = arith.constant 1.0 : f32\n %r = arith.divf %x, %c : f32", "a0"),
	C("", "%a = arith.constant 1.0 : f32\n %b = arith.constant 0.0 : f32\n %r = arith.divf %a, %b : f32",
	  "0x7F800000 : f32"),
	C("", "%a = arith.constant -1.0 : f32\n %b = arith.constant 0.0 : f32\n %r = arith.divf %a, %b : f32",
	  "0xFF800000 : f32"),
	C("", "%a = arith.constant 0.0 : f32\n %r = arith.divf %a, %a : f32", "0x7FC00000 : f32"),
	C("", "%a = arith.constant 1.0 : f32\n %b = arith.constant 3.0 : f32\n %r = arith.divf %a, %b : f32",
	  "0x3EAAAAAB : f32"),
	C("", "%a = arith.constant 1.0 : f64\n %b = arith.constant 3.0 : f64\n %r = arith.divf %a, %b : f64",
	  "0x3FD5555555555555 : f64"),
	C("", "%a = arith.constant 7.5 : f32\n %b = arith.constant 2.0 : f32\n %r = arith.remf %a, %b : f32",
	  "0x3FC00000 : f32"),
	C("", "%a = arith.constant -7.5 : f32\n %b = arith.constant 2.0 : f32\n %r = arith.remf %a, %b : f32",
	  "0xBFC00000 : f32"),
	C("", "%a = arith.constant 1.0 : f32\n %b = arith.constant 0.0 : f32\n %r = arith.remf %a, %b : f32",
	  "0x7FC00000 : f32"),
	C("", "%a = arith.constant 5.0 : f32\n %b = arith.constant 0x7F800000 : f32\n %r = arith.remf %a, %b : f32",
	  "0x40A00000 : f32"),
	C("", "%a = arith.constant -4.0 : f32\n %b = arith.constant 2.0 : f32\n %r = arith.remf %a, %b : f32",
	  "0x80000000 : f32"),

	/* maximumf, minimumf, maxnumf, minnumf */
	C("%x: f32", "%r = arith.maximumf %x, %x : f32", "a0"),
	C("%x: f32", "%c = arith.constant 0xFF800000 : f32\n %r = arith.maximumf %x, %c : f32", "a0"),
	C("", "%a = arith.constant 1.0 : f32\n %b = arith.constant 2.0 : f32\n %r = arith.maximumf %a, %b : f32",
	  "0x40000000 : f32"),
	C("", "%a = arith.constant -0.0 : f32\n %b = arith.constant 0.0 : f32\n %r = arith.maximumf %a, %b : f32",
	  "0x00000000 : f32"),
	C("", "%a = arith.constant 0x7FC00000 : f32\n %b = arith.constant 1.0 : f32\n %r = arith.maximumf %a, %b : f32",
	  "0x7FC00000 : f32"),
	C("", "%a = arith.constant 1.0 : f32\n %b = arith.constant 0x7F800001 : f32\n %r = arith.maximumf %a, %b : f32",
	  "0x7FC00001 : f32"),
	C("%x: f32", "%c = arith.constant 0x7F800000 : f32\n %r = arith.minimumf %x, %c : f32", "a0"),
	C("", "%a = arith.constant 0.0 : f32\n %b = arith.constant -0.0 : f32\n %r = arith.minimumf %a, %b : f32",
	  "0x80000000 : f32"),
	C("", "%a = arith.constant 1.0 : f32\n %b = arith.constant 2.0 : f32\n %r = arith.minimumf %a, %b : f32",
	  "0x3F800000 : f32"),
	C("%x: f32", "%c = arith.constant 0x7FC00000 : f32\n %r = arith.maxnumf %x, %c : f32", "a0"),
	C("", "%a = arith.constant 0x7FC00000 : f32\n %b = arith.constant 1.0 : f32\n %r = arith.maxnumf %a, %b : f32",
	  "0x3F800000 : f32"),
	C("", "%a = arith.constant 1.0 : f32\n %b = arith.constant 2.0 : f32\n %r = arith.maxnumf %a, %b : f32",
	  "0x40000000 : f32"),
	C("%x: f32", "%c = arith.constant 0x7FC00000 : f32\n %r = arith.minnumf %x, %c : f32", "a0"),
	C("", "%a = arith.constant 0x7FC00000 : f32\n %b = arith.constant 1.0 : f32\n %r = arith.minnumf %a, %b : f32",
	  "0x3F800000 : f32"),
	C("", "%a = arith.constant -1.0 : f32\n %b = arith.constant 2.0 : f32\n %r = arith.minnumf %a, %b : f32",
	  "0xBF800000 : f32"),

	/* extui, extsi, trunci */
	C("", "%a = arith.constant -1 : i8\n %r = arith.extui %a : i8 to i32", "255 : i32"),
	C("", "%a = arith.constant true\n %r = arith.extui %a : i1 to i64", "1 : i64"),
	C("%x: i8", "%e = arith.extui %x : i8 to i16\n %r = arith.extui %e : i16 to i32", "inplace: arith.extui a0"),
	C("", "%a = arith.constant dense<[-1, 1]> : vector<2xi8>\n %r = arith.extui %a : vector<2xi8> to vector<2xi32>",
	  "dense<[255, 1]> : vector<2xi32>"),
	C("", "%a = arith.constant -1 : i8\n %r = arith.extsi %a : i8 to i32", "-1 : i32"),
	C("", "%a = arith.constant true\n %r = arith.extsi %a : i1 to i32", "-1 : i32"),
	C("%x: i8", "%e = arith.extsi %x : i8 to i16\n %r = arith.extsi %e : i16 to i32", "inplace: arith.extsi a0"),
	C("%x: i8", "%e = arith.extui %x : i8 to i16\n %r = arith.extsi %e : i16 to i32", "none"),
	C("", "%a = arith.constant 257 : i32\n %r = arith.trunci %a : i32 to i8", "1 : i8"),
	C("", "%a = arith.constant -1 : i32\n %r = arith.trunci %a : i32 to i8", "-1 : i8"),
	C("", "%a = arith.constant 3 : i32\n %r = arith.trunci %a : i32 to i1", "true"),
	C("%x: i16", "%e = arith.extsi %x : i16 to i32\n %r = arith.trunci %e : i32 to i8", "inplace: arith.trunci a0"),
	C("%x: i8", "%e = arith.extui %x : i8 to i32\n %r = arith.trunci %e : i32 to i8", "a0"),
	C("%x: i8", "%e = arith.extui %x : i8 to i32\n %r = arith.trunci %e : i32 to i16", "none"),
	C("%x: i64", "%t = arith.trunci %x : i64 to i32\n %r = arith.trunci %t : i32 to i16", "inplace: arith.trunci a0"),

	/* extf, truncf */
	C("", "%a = arith.constant 1.5 : f32\n %r = arith.extf %a : f32 to f64", "0x3FF8000000000000 : f64"),
	C("", "%a = arith.constant 0x7E00 : f16\n %r = arith.extf %a : f16 to f32", "0x7FC00000 : f32"),
	C("", "%a = arith.constant 0xFE01 : f16\n %r = arith.extf %a : f16 to f32", "0xFFC02000 : f32"),
	C("", "%a = arith.constant 0x7F800001 : f32\n %r = arith.extf %a : f32 to f64", "none"),
	C("", "%a = arith.constant 1.0e-40 : f32\n %r = arith.extf %a : f32 to f64", "0x37A16C2000000000 : f64"),
	C("", "%a = arith.constant 3.0 : bf16\n %r = arith.extf %a : bf16 to f32", "0x40400000 : f32"),
	C("%x: f32", "%t = arith.truncf %x fastmath<contract> : f32 to f16\n"
	             " %r = arith.extf %t fastmath<contract> : f16 to f32",
	  "a0"),
	C("%x: f32", "%t = arith.truncf %x : f32 to f16\n %r = arith.extf %t fastmath<contract> : f16 to f32", "none"),
	C("%x: f32", "%t = arith.truncf %x fastmath<fast> : f32 to f16\n %r = arith.extf %t : f16 to f32", "none"),
	C("", "%a = arith.constant 1.5 : f64\n %r = arith.truncf %a : f64 to f32", "0x3FC00000 : f32"),
	C("", "%a = arith.constant 0.1 : f64\n %r = arith.truncf %a : f64 to f32", "none"),
	C("", "%a = arith.constant 1.0e300 : f64\n %r = arith.truncf %a : f64 to f32", "none"),
	C("", "%a = arith.constant 0x7FF0000000000000 : f64\n %r = arith.truncf %a : f64 to f32", "0x7F800000 : f32"),
	C("", "%a = arith.constant -0.0 : f64\n %r = arith.truncf %a : f64 to f16", "0x8000 : f16"),
	C("", "%a = arith.constant 0x7FF8000000000000 : f64\n %r = arith.truncf %a : f64 to f32", "0x7FC00000 : f32"),
	C("", "%a = arith.constant 0x7FF8000000000001 : f64\n %r = arith.truncf %a : f64 to f32", "none"),
	C("", "%a = arith.constant 5.9604644775390625E-8 : f32\n %r = arith.truncf %a : f32 to f16", "0x0001 : f16"),
	C("", "%a = arith.constant 1.5 : f32\n %r = arith.truncf %a downward : f32 to bf16", "0x3FC0 : bf16"),
	C("", "%a = arith.constant 65520.0 : f32\n %r = arith.truncf %a : f32 to f16", "none"),
	C("%x: f32", "%e = arith.extf %x : f32 to f64\n %r = arith.truncf %e : f64 to f32", "a0"),
	C("%x: f32", "%e = arith.extf %x : f32 to f64\n %r = arith.truncf %e : f64 to f16", "inplace: arith.truncf a0"),
	C("%x: f16", "%e = arith.extf %x : f16 to f64\n %r = arith.truncf %e : f64 to f32", "none"),

	/* int <-> float */
	C("", "%a = arith.constant -1 : i8\n %r = arith.uitofp %a : i8 to f32", "0x437F0000 : f32"),
	C("", "%a = arith.constant -1 : i32\n %r = arith.uitofp %a : i32 to f32", "0x4F800000 : f32"),
	C("", "%a = arith.constant -1 : i16\n %r = arith.uitofp %a : i16 to f16", "0x7C00 : f16"),
	C("", "%a = arith.constant 65519 : i32\n %r = arith.uitofp %a : i32 to f16", "0x7BFF : f16"),
	C("", "%a = arith.constant 0 : i32\n %r = arith.uitofp %a : i32 to f32", "0x00000000 : f32"),
	C("", "%a = arith.constant -1 : i64\n %r = arith.uitofp %a : i64 to f64", "0x43F0000000000000 : f64"),
	C("", "%a = arith.constant -1 : i32\n %r = arith.sitofp %a : i32 to f32", "0xBF800000 : f32"),
	C("", "%a = arith.constant true\n %r = arith.sitofp %a : i1 to f32", "0xBF800000 : f32"),
	C("", "%a = arith.constant -9223372036854775808 : i64\n %r = arith.sitofp %a : i64 to f32", "0xDF000000 : f32"),
	C("", "%a = arith.constant 9007199254740993 : i64\n %r = arith.sitofp %a : i64 to f64",
	  "0x4340000000000000 : f64"),
	C("", "%a = arith.constant 9007199254740995 : i64\n %r = arith.sitofp %a : i64 to f64",
	  "0x4340000000000002 : f64"),
	C("", "%a = arith.constant 16777217 : i32\n %r = arith.sitofp %a : i32 to f32", "0x4B800000 : f32"),
	C("", "%a = arith.constant 16777219 : i32\n %r = arith.sitofp %a : i32 to f32", "0x4B800002 : f32"),
	C("", "%a = arith.constant 257 : i32\n %r = arith.sitofp %a : i32 to bf16", "0x4380 : bf16"),
	C("", "%a = arith.constant 3.7 : f32\n %r = arith.fptoui %a : f32 to i32", "3 : i32"),
	C("", "%a = arith.constant -0.5 : f32\n %r = arith.fptoui %a : f32 to i32", "0 : i32"),
	C("", "%a = arith.constant -1.0 : f32\n %r = arith.fptoui %a : f32 to i32", "none"),
	C("", "%a = arith.constant 4294967296.0 : f32\n %r = arith.fptoui %a : f32 to i32", "none"),
	C("", "%a = arith.constant 255.9 : f32\n %r = arith.fptoui %a : f32 to i8", "-1 : i8"),
	C("", "%a = arith.constant 0x7FC00000 : f32\n %r = arith.fptoui %a : f32 to i32", "none"),
	C("", "%a = arith.constant 0x7F800000 : f32\n %r = arith.fptosi %a : f32 to i32", "none"),
	C("", "%a = arith.constant -3.7 : f32\n %r = arith.fptosi %a : f32 to i32", "-3 : i32"),
	C("", "%a = arith.constant 2147483648.0 : f32\n %r = arith.fptosi %a : f32 to i32", "none"),
	C("", "%a = arith.constant -2147483648.0 : f32\n %r = arith.fptosi %a : f32 to i32", "-2147483648 : i32"),
	C("", "%a = arith.constant -1.0 : f32\n %r = arith.fptosi %a : f32 to i1", "true"),
	C("", "%a = arith.constant 1.0 : f32\n %r = arith.fptosi %a : f32 to i1", "none"),
	C("", "%a = arith.constant 1.8446744073709552E+19 : f64\n %r = arith.fptoui %a : f64 to i64", "none"),
	C("", "%a = arith.constant 1.8446744073709550E+19 : f64\n %r = arith.fptoui %a : f64 to i64",
	  "-2048 : i64"),

	/* index casts */
	C("", "%a = arith.constant -1 : index\n %r = arith.index_cast %a : index to i32", "-1 : i32"),
	C("", "%a = arith.constant 4294967301 : index\n %r = arith.index_cast %a : index to i32", "5 : i32"),
	C("", "%a = arith.constant -1 : i8\n %r = arith.index_cast %a : i8 to index", "-1 : index"),
	C("%x: i32", "%i = arith.index_cast %x : i32 to index\n %r = arith.index_cast %i : index to i32", "a0"),
	C("%x: index", "%i = arith.index_cast %x : index to i32\n %r = arith.index_cast %i : i32 to index", "none"),
	C("", "%a = arith.constant -1 : i8\n %r = arith.index_castui %a : i8 to index", "255 : index"),
	C("", "%a = arith.constant -1 : i32\n %r = arith.index_castui %a : i32 to index", "4294967295 : index"),
	C("", "%a = arith.constant -1 : index\n %r = arith.index_castui %a : index to i16", "-1 : i16"),
	C("%x: i32", "%i = arith.index_castui %x : i32 to index\n %r = arith.index_castui %i : index to i32", "a0"),
	C("%x: i32", "%i = arith.index_cast %x : i32 to index\n %r = arith.index_castui %i : index to i32", "none"),

	/* bitcast */
	C("", "%a = arith.constant 1.0 : f32\n %r = arith.bitcast %a : f32 to i32", "1065353216 : i32"),
	C("", "%a = arith.constant 1065353216 : i32\n %r = arith.bitcast %a : i32 to f32", "0x3F800000 : f32"),
	C("", "%a = arith.constant -1 : i64\n %r = arith.bitcast %a : i64 to f64", "0xFFFFFFFFFFFFFFFF : f64"),
	C("", "%a = arith.constant -2.0 : f16\n %r = arith.bitcast %a : f16 to i16", "-16384 : i16"),
	C("", "%a = arith.constant 1.0 : bf16\n %r = arith.bitcast %a : bf16 to f16", "0x3F80 : f16"),
	C("", "%a = arith.constant dense<1.0> : vector<2xf32>\n %r = arith.bitcast %a : vector<2xf32> to vector<2xi32>",
	  "dense<1065353216> : vector<2xi32>"),

	/* cmpi */
	C("%x: i32", "%r = arith.cmpi sle, %x, %x : i32", "true"),
	C("%x: i32", "%r = arith.cmpi slt, %x, %x : i32", "false"),
	C("%x: i32", "%r = arith.cmpi uge, %x, %x : i32", "true"),
	C("%x: i32", "%r = arith.cmpi ne, %x, %x : i32", "false"),
	C("%x: vector<4xi32>", "%r = arith.cmpi eq, %x, %x : vector<4xi32>", "dense<true> : vector<4xi1>"),
	C("%x: tensor<?xi32>", "%r = arith.cmpi eq, %x, %x : tensor<?xi32>", "none"),
	C("%b: i1", "%e = arith.extui %b : i1 to i32\n %c = arith.constant 0 : i32\n %r = arith.cmpi ne, %e, %c : i32",
	  "a0"),
	C("%b: i1", "%e = arith.extsi %b : i1 to i32\n %c = arith.constant 0 : i32\n %r = arith.cmpi ne, %e, %c : i32",
	  "a0"),
	C("%b: i1", "%e = arith.extsi %b : i1 to i32\n %c = arith.constant 0 : i32\n %r = arith.cmpi eq, %e, %c : i32",
	  "none"),
	C("%b: i1", "%c = arith.constant false\n %r = arith.cmpi ne, %b, %c : i1", "a0"),
	C("%b: i1", "%c = arith.constant true\n %r = arith.cmpi eq, %b, %c : i1", "a0"),
	C("%x: i32", "%c = arith.constant 5 : i32\n %r = arith.cmpi slt, %c, %x : i32",
	  "inplace: arith.cmpi a0 v0 pred=4"),
	C("%x: i32", "%c = arith.constant 5 : i32\n %r = arith.cmpi uge, %c, %x : i32",
	  "inplace: arith.cmpi a0 v0 pred=7"),
	C("%x: i32", "%c = arith.constant 5 : i32\n %r = arith.cmpi eq, %c, %x : i32", "inplace: arith.cmpi a0 v0 pred=0"),
	C("", "%a = arith.constant -1 : i32\n %b = arith.constant 0 : i32\n %r = arith.cmpi slt, %a, %b : i32", "true"),
	C("", "%a = arith.constant -1 : i32\n %b = arith.constant 0 : i32\n %r = arith.cmpi ult, %a, %b : i32", "false"),
	C("", "%a = arith.constant -128 : i8\n %b = arith.constant 127 : i8\n %r = arith.cmpi uge, %a, %b : i8", "true"),
	C("", "%a = arith.constant -128 : i8\n %b = arith.constant 127 : i8\n %r = arith.cmpi sge, %a, %b : i8", "false"),
	C("", "%a = arith.constant dense<[1, 2]> : vector<2xi32>\n %b = arith.constant dense<[2, 1]> : vector<2xi32>\n"
	      " %r = arith.cmpi slt, %a, %b : vector<2xi32>",
	  "dense<[true, false]> : vector<2xi1>"),
	C("", "%a = arith.constant 1 : i128\n %b = arith.constant 2 : i128\n %r = arith.cmpi slt, %a, %b : i128", "true"),
	C("", "%a = arith.constant -1 : i128\n %b = arith.constant 2 : i128\n %r = arith.cmpi ult, %a, %b : i128",
	  "false"),

	/* cmpf */
	C("", "%a = arith.constant 1.0 : f32\n %r = arith.cmpf oeq, %a, %a : f32", "true"),
	C("%x: f32", "%a = arith.constant 0x7FC00000 : f32\n %r = arith.cmpf olt, %a, %x : f32", "false"),
	C("%x: f32", "%a = arith.constant 0x7FC00000 : f32\n %r = arith.cmpf uno, %x, %a : f32", "true"),
	C("", "%a = arith.constant 1.0 : f32\n %b = arith.constant 2.0 : f32\n %r = arith.cmpf une, %a, %b : f32", "true"),
	C("", "%a = arith.constant 0x7FC00000 : f32\n %b = arith.constant 1.0 : f32\n %r = arith.cmpf one, %a, %b : f32",
	  "false"),
	C("", "%a = arith.constant -0.0 : f32\n %b = arith.constant 0.0 : f32\n %r = arith.cmpf ueq, %a, %b : f32", "true"),
	C("", "%a = arith.constant 1.0 : f32\n %b = arith.constant 2.0 : f32\n %r = arith.cmpf ord, %a, %b : f32", "true"),
	C("", "%a = arith.constant 1.0 : f32\n %b = arith.constant 2.0 : f32\n %r = arith.cmpf oge, %a, %b : f32",
	  "false"),
	C("", "%a = arith.constant 1.0 : f32\n %b = arith.constant 2.0 : f32\n %r = arith.cmpf false, %a, %b : f32",
	  "false"),
	C("%x: f32, %y: f32", "%r = arith.cmpf true, %x, %y : f32", "none"),
	C("%x: f32", "%r = arith.cmpf oeq, %x, %x : f32", "none"),

	/* select */
	C("%c: i1, %x: i32", "%r = arith.select %c, %x, %x : i32", "a1"),
	C("%x: i32, %y: i32", "%c = arith.constant true\n %r = arith.select %c, %x, %y : i32", "a0"),
	C("%x: i32, %y: i32", "%c = arith.constant false\n %r = arith.select %c, %x, %y : i32", "a1"),
	C("%c: i1", "%t = arith.constant true\n %f = arith.constant false\n %r = arith.select %c, %t, %f : i1", "a0"),
	C("%x: i32, %y: i32", "%e = arith.cmpi eq, %x, %y : i32\n %r = arith.select %e, %x, %y : i32", "a1"),
	C("%x: i32, %y: i32", "%e = arith.cmpi ne, %x, %y : i32\n %r = arith.select %e, %y, %x : i32", "a1"),
	C("%x: i32, %y: i32", "%e = arith.cmpi slt, %x, %y : i32\n %r = arith.select %e, %x, %y : i32", "none"),
	C("", "%c = arith.constant dense<[true, false]> : vector<2xi1>\n"
	      " %a = arith.constant dense<[1, 2]> : vector<2xi32>\n %b = arith.constant dense<[3, 4]> : vector<2xi32>\n"
	      " %r = arith.select %c, %a, %b : vector<2xi1>, vector<2xi32>",
	  "dense<[1, 4]> : vector<2xi32>"),
	C("%x: vector<2xi32>, %y: vector<2xi32>",
	  "%c = arith.constant dense<true> : vector<2xi1>\n %r = arith.select %c, %x, %y : vector<2xi1>, vector<2xi32>", "a0"),
};

static void run_case(const fold_case *fc) {
	st_context *ctx = new_context();
	char text[4096];
	snprintf(text, sizeof text, "func.func @t(%s) {\n %s\n return\n}\n", fc->args, fc->body);
	st_op *module = st_parse_source(ctx, st_str_c(text), "case.mlir", NULL);
	sbuf b = {{0}, 0};
	if (!module || st_failed(st_verify(module))) {
		put(&b, "invalid input");
	} else {
		st_op *func = st_block_first_op(st_region_first_block(st_op_region(module, 0)));
		st_op *op = target_of(func);
		if (op)
			fold_and_describe(&b, func_body(func), op, false);
		else
			put(&b, "no op");
	}
	if (strcmp(b.data, fc->want) == 0) {
		npassed++;
	} else {
		nfailed++;
		fprintf(stderr, "%s:%d: fold of\n %s\n  got:  %s\n  want: %s\n", __FILE__, fc->line, fc->body, b.data,
		        fc->want);
	}
	if (module)
		st_op_destroy(module);
	st_context_destroy(ctx);
}

/* ------------------------------------------------------- materialization */

static void test_materialize(void) {
	st_context *ctx = new_context();
	const st_dialect_def *d = st_dialect_get_def(st_context_get_dialect(ctx, st_str_c("arith")));
	CHECK(d && d->materialize_constant);
	if (!d || !d->materialize_constant) {
		st_context_destroy(ctx);
		return;
	}
	st_type *i32 = st_integer_type(ctx, 32, ST_SIGNLESS), *i64 = st_integer_type(ctx, 64, ST_SIGNLESS);
	st_type *ui32 = st_integer_type(ctx, 32, ST_UNSIGNED), *f32 = st_float_type(ctx, ST_TYPE_F32);
	st_attr *five = st_integer_attr(ctx, i32, 5);
	st_op *op = d->materialize_constant(ctx, five, i32, NULL);
	CHECK(op && strcmp(st_op_name_cstr(op), "arith.constant") == 0);
	CHECK(op && st_op_get_attr(op, "value") == five && st_value_type(st_op_result(op, 0)) == i32);
	CHECK(op && st_succeeded(st_verify(op)));
	if (op)
		st_op_destroy(op);
	CHECK(d->materialize_constant(ctx, five, i64, NULL) == NULL);
	CHECK(d->materialize_constant(ctx, st_integer_attr(ctx, ui32, 5), ui32, NULL) == NULL);
	CHECK(d->materialize_constant(ctx, st_string_attr(ctx, st_str_c("x")), i32, NULL) == NULL);
	st_attr *half = st_float_attr(ctx, f32, 0.5);
	op = d->materialize_constant(ctx, half, f32, NULL);
	CHECK(op && st_op_get_attr(op, "value") == half);
	if (op)
		st_op_destroy(op);
	int64_t v[2] = {1, 2};
	int64_t shape[1] = {2};
	st_type *vt = st_vector_type(ctx, 1, shape, NULL, i32);
	st_attr *dense = st_dense_int_elements_attr(ctx, vt, 2, v);
	op = d->materialize_constant(ctx, dense, vt, NULL);
	CHECK(op && st_value_type(st_op_result(op, 0)) == vt);
	if (op)
		st_op_destroy(op);
	st_context_destroy(ctx);
}

/* ----------------------------------------------------- printing bad ops */

static void sbuf_write(void *ud, const char *data, size_t len) {
	sbuf *b = ud;
	char tmp[256];
	while (len) {
		size_t n = len < sizeof tmp - 1 ? len : sizeof tmp - 1;
		memcpy(tmp, data, n);
		tmp[n] = 0;
		put(b, tmp);
		data += n;
		len -= n;
	}
}

static bool swallow(void *ud, const st_diag_info *d) {
	(void)d;
	++*(int *)ud;
	return true;
}

/* The printer does not verify first, so custom printers must survive ops
 * that break their definition (a missing predicate, wrong arity). */
static void print_malformed(const char *name, size_t noperands, size_t nresults, bool with_pred) {
	st_context *ctx = new_context();
	int nerrors = 0;
	st_context_push_diag_handler(ctx, swallow, &nerrors);
	st_type *i32 = st_integer_type(ctx, 32, ST_SIGNLESS);
	st_block *b = st_block_create(ctx);
	st_value *arg = st_block_add_arg(b, i32, NULL);
	st_value *operands[4] = {arg, arg, arg, arg};
	st_type *results[2] = {i32, i32};
	st_named_attr pred = {st_ident_get_c(ctx, "predicate"), st_integer_attr(ctx, i32, 99)};
	st_op_state state = {
		.name = st_str_c(name),
		.loc = st_loc_unknown(ctx),
		.noperands = noperands,
		.operands = operands,
		.nresults = nresults,
		.result_types = results,
		.attrs = with_pred ? st_dict_attr(ctx, 1, &pred) : NULL,
	};
	st_op *op = st_op_create(ctx, &state);
	CHECK(op != NULL);
	if (op) {
		st_block_append_op(b, op);
		sbuf out = {{0}, 0};
		st_print_op(op, NULL, sbuf_write, &out);
		/* IR that does not verify prints in the generic form, as in MLIR. */
		if (!strstr(out.data, "\"arith."))
			fprintf(stderr, "printing a malformed %s gave: %s\n", name, out.data);
		CHECK(strstr(out.data, "\"arith.") != NULL);
		CHECK(st_failed(st_verify(op)) && nerrors == 1);
	}
	st_block_destroy(b);
	st_context_destroy(ctx);
}

static void test_malformed_print(void) {
	print_malformed("arith.cmpf", 2, 1, false);
	print_malformed("arith.cmpf", 2, 1, true);
	print_malformed("arith.select", 1, 1, false);
	print_malformed("arith.addf", 3, 1, false);
	print_malformed("arith.constant", 0, 1, false);
	print_malformed("arith.constant", 1, 1, false);
	print_malformed("arith.addui_extended", 2, 1, false);
	print_malformed("arith.mulsi_extended", 1, 2, false);
}

/* ------------------------------------------------------------- --fold mode */

static int fold_stdin(void) {
	size_t cap = 1 << 16, len = 0;
	char *text = malloc(cap);
	size_t n;
	while (text && (n = fread(text + len, 1, cap - len, stdin)) > 0) {
		len += n;
		if (len == cap) {
			char *t = realloc(text, cap *= 2);
			if (!t)
				free(text);
			text = t;
		}
	}
	if (!text)
		return 2;
	st_context *ctx = new_context();
	st_op *module = st_parse_source(ctx, st_str_make(text, len), "<stdin>", NULL);
	int rc = 0;
	if (!module || st_failed(st_verify(module))) {
		rc = 1;
	} else {
		for (st_op *f = st_block_first_op(st_region_first_block(st_op_region(module, 0))); f; f = st_op_next(f)) {
			st_op *op = target_of(f);
			sbuf b = {{0}, 0};
			if (op)
				fold_and_describe(&b, func_body(f), op, true);
			st_ident *name = st_symbol_name(f);
			printf("@%s %s\n", name ? st_ident_cstr(name) : "?", b.data);
		}
	}
	if (module)
		st_op_destroy(module);
	st_context_destroy(ctx);
	free(text);
	return rc;
}

int main(int argc, char **argv) {
	if (argc > 1 && strcmp(argv[1], "--fold") == 0)
		return fold_stdin();
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		run_case(&cases[i]);
	test_materialize();
	test_malformed_print();
	printf("%d passed, %d failed\n", npassed, nfailed);
	return nfailed ? 1 : 0;
}
