/* The func dialect: func.func, func.return, func.call, func.call_indirect,
 * func.constant (MLIR's spelling and semantics). */
#include "func_interp.h"
#include "strata/asm.h"
#include "strata/func.h"


#include <string.h>

/* ----------------------------------------------------------- func.func */

static st_type *func_type(const st_op *op) {
	st_attr *a = st_op_get_attr(op, "function_type");
	return a && st_attr_get_kind(a) == ST_ATTR_TYPE ? st_attr_type_value(a) : NULL;
}

static st_region *func_body(st_op *op) { return st_op_region(op, 0); }

static const st_callable_iface func_callable = {.body = func_body, .function_type = func_type};

/* Each entry of arg_attrs/res_attrs is a dictionary of dialect attributes
 * (MLIR's FunctionOpInterface): the custom form could print nothing else. */
/* `func.default` (Strata's, docs/dialects/func.md): the value a scalar
 * argument takes when a caller outside the IR (strata-run, stratac) gives
 * none, e.g. a PMLang `param float d = 0.85`; an integer or float
 * attribute of the argument's own type. */
static st_status verify_default(st_op *op, st_attr *v, bool args, size_t i) {
	st_type *ft = func_type(op);
	st_type *t = args && i < st_type_num_inputs(ft) ? st_type_input(ft, i) : NULL;
	bool number = t && (st_type_is_integer(t) || st_type_is_index(t) || st_type_is_float(t));
	if (!number)
		return st_op_error(op, "'func.default' belongs on a scalar argument (integer, index or float)");
	st_attr_kind k = st_attr_get_kind(v);
	if ((k != ST_ATTR_INTEGER && k != ST_ATTR_FLOAT) || st_attr_type(v) != t) {
		char tb[64];
		return st_op_error(op, "'func.default' of argument %zu must be a number of its type '%s'", i,
		                   st_type_str(st_op_context(op), t, tb, sizeof tb));
	}
	return ST_OK;
}

static st_status verify_arg_attr_dicts(st_op *op, st_attr *arr, bool args) {
	const char *what = args ? "argument" : "result";
	for (size_t i = 0; i < st_attr_array_size(arr); i++) {
		st_attr *d = st_attr_array_elt(arr, i);
		if (st_attr_get_kind(d) != ST_ATTR_DICTIONARY) {
			char buf[128];
			return st_op_error(op, "expects %s attribute dictionary to be a DictionaryAttr, but got `%s`", what,
			                   st_attr_str(st_op_context(op), d, buf, sizeof buf));
		}
		for (size_t j = 0; j < st_attr_dict_size(d); j++) {
			st_named_attr e = st_attr_dict_entry(d, j);
			st_str name = st_ident_str(e.name);
			const char *dot = memchr(name.data, '.', name.len);
			if (!dot)
				return st_op_error(op, "%s may only have dialect attributes", args ? "arguments" : "results");
			/* A registered dialect checks its own argument attributes. */
			st_dialect *dl = st_context_get_dialect(st_op_context(op), st_str_make(name.data, (size_t)(dot - name.data)));
			const st_dialect_def *def = dl ? st_dialect_get_def(dl) : NULL;
			if (args && def && def->verify_arg_attr && st_failed(def->verify_arg_attr(op, i, e)))
				return ST_FAIL;
			if (st_str_eq_c(name, "func.default") && st_failed(verify_default(op, e.value, args, i)))
				return ST_FAIL;
		}
	}
	return ST_OK;
}

static st_status verify_func(st_op *op) {
	st_type *ft = func_type(op);
	if (!ft || st_type_get_kind(ft) != ST_TYPE_FUNCTION)
		return st_op_error(op, "requires attribute 'function_type' to be a function type");
	st_attr *vis = st_op_get_attr(op, "sym_visibility");
	if (vis) {
		st_str v = st_attr_string(vis);
		if (!st_str_eq_c(v, "public") && !st_str_eq_c(v, "private") && !st_str_eq_c(v, "nested"))
			return st_op_error(op, "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"%.*s\"",
			                   (int)v.len, v.data);
	}
	/* Declarations too: MLIR checks the attributes before the body. */
	for (const char *key = "arg_attrs"; key; key = strcmp(key, "arg_attrs") == 0 ? "res_attrs" : NULL) {
		st_attr *aa = st_op_get_attr(op, key);
		size_t want = strcmp(key, "arg_attrs") == 0 ? st_type_num_inputs(ft) : st_type_num_results(ft);
		if (aa && (st_attr_get_kind(aa) != ST_ATTR_ARRAY || st_attr_array_size(aa) != want))
			return st_op_error(op, "expects %s to be an array of %zu dictionaries", key, want);
		if (aa && st_failed(verify_arg_attr_dicts(op, aa, strcmp(key, "arg_attrs") == 0)))
			return ST_FAIL;
	}
	st_region *body = st_op_region(op, 0);
	if (st_region_is_empty(body)) {
		if (!vis || st_str_eq_c(st_attr_string(vis), "public"))
			return st_op_error(op, "symbol declaration cannot have public visibility");
		return ST_OK;
	}
	st_block *entry = st_region_first_block(body);
	size_t n = st_type_num_inputs(ft);
	if (st_block_num_args(entry) != n)
		return st_op_error(op, "entry block must have %zu arguments to match function signature", n);
	for (size_t i = 0; i < n; i++)
		if (st_value_type(st_block_arg(entry, i)) != st_type_input(ft, i)) {
			char a[128], b[128];
			st_context *ctx = st_op_context(op);
			return st_op_error(op,
			                   "type of entry block argument #%zu('%s') must match the type of the corresponding "
			                   "argument in function signature('%s')",
			                   i, st_type_str(ctx, st_value_type(st_block_arg(entry, i)), a, sizeof a),
			                   st_type_str(ctx, st_type_input(ft, i), b, sizeof b));
		}
	return ST_OK;
}

static void print_arg_attrs(st_printer *p, st_attr *arr, size_t i) {
	if (!arr || i >= st_attr_array_size(arr))
		return;
	st_attr *d = st_attr_array_elt(arr, i);
	if (st_attr_get_kind(d) == ST_ATTR_DICTIONARY && st_attr_dict_size(d)) {
		st_printer_write(p, " ", 1);
		st_printer_attr(p, d);
	}
}

static bool has_attrs(st_attr *arr, size_t i) {
	if (!arr || i >= st_attr_array_size(arr))
		return false;
	st_attr *d = st_attr_array_elt(arr, i);
	return st_attr_get_kind(d) == ST_ATTR_DICTIONARY && st_attr_dict_size(d);
}

static void print_func(st_printer *p, st_op *op) {
	st_type *ft = func_type(op);
	st_attr *vis = st_op_get_attr(op, "sym_visibility");
	st_attr *name = st_op_get_attr(op, "sym_name");
	st_printer_write(p, " ", 1);
	if (vis) {
		st_str v = st_attr_string(vis);
		st_printer_write(p, v.data, v.len);
		st_printer_write(p, " ", 1);
	}
	st_printer_symbol_name(p, st_attr_string(name));
	st_region *body = st_op_region(op, 0);
	bool decl = st_region_is_empty(body);
	st_attr *aa = st_op_get_attr(op, "arg_attrs"), *ra = st_op_get_attr(op, "res_attrs");
	st_printer_write(p, "(", 1);
	for (size_t i = 0; i < st_type_num_inputs(ft); i++) {
		if (i)
			st_printer_write(p, ", ", 2);
		if (decl) {
			st_printer_type(p, st_type_input(ft, i));
			print_arg_attrs(p, aa, i);
			continue;
		}
		/* `%arg0: i32 {attrs} loc(...)`: the location comes last, where the
		 * parser reads it (st_printer_block_arg_decl would put it first). */
		st_value *arg = st_block_arg(st_region_first_block(body), i);
		st_printer_operand(p, arg);
		st_printer_write(p, ": ", 2);
		st_printer_type(p, st_value_type(arg));
		print_arg_attrs(p, aa, i);
		st_attr *loc = st_printer_debuginfo(p) ? st_value_loc(arg) : NULL;
		if (loc) {
			st_printer_write(p, " ", 1);
			st_printer_attr(p, loc);
		}
	}
	st_printer_write(p, ")", 1);
	size_t nr = st_type_num_results(ft);
	if (nr) {
		st_printer_write(p, " -> ", 4);
		bool paren = nr > 1 || has_attrs(ra, 0) || st_type_get_kind(st_type_result(ft, 0)) == ST_TYPE_FUNCTION;
		if (paren)
			st_printer_write(p, "(", 1);
		for (size_t i = 0; i < nr; i++) {
			if (i)
				st_printer_write(p, ", ", 2);
			st_printer_type(p, st_type_result(ft, i));
			print_arg_attrs(p, ra, i);
		}
		if (paren)
			st_printer_write(p, ")", 1);
	}
	static const char *const elided[] = {"sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs", NULL};
	st_printer_attr_dict(p, op, elided, true);
	if (!decl) {
		st_printer_write(p, " ", 1);
		st_printer_region(p, body, false, true);
	}
}

static st_status parse_func(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_str kw;
	if (st_parser_peek_keyword(p, &kw) &&
	    (st_str_eq_c(kw, "private") || st_str_eq_c(kw, "public") || st_str_eq_c(kw, "nested"))) {
		st_parser_keyword(p, &kw);
		if (st_failed(st_parse_state_add_attr(s, "sym_visibility", st_string_attr(ctx, kw))))
			return ST_FAIL;
	}
	st_str name;
	if (st_failed(st_parser_symbol_name(p, &name)) ||
	    st_failed(st_parse_state_add_attr(s, "sym_name", st_string_attr(ctx, name))) ||
	    st_failed(st_parser_expect_punct(p, "(")))
		return ST_FAIL;
	st_region_arg args[64];
	st_region_arg *argv = args;
	size_t nargs = 0, cap = 64, adcap = 64;
	st_attr *arg_dicts[64];
	st_attr **adv = arg_dicts;
	bool named = false, any_attrs = false;
	st_status st = ST_OK;
	if (!st_parser_optional_punct(p, ")")) {
		do {
			if (!st_ctx_grow(ctx, (void **)&argv, &cap, args, sizeof *argv, nargs + 1) ||
			    !st_ctx_grow(ctx, (void **)&adv, &adcap, arg_dicts, sizeof *adv, nargs + 1)) {
				st = ST_FAIL;
				break;
			}
			st_region_arg *a = &argv[nargs];
			memset(a, 0, sizeof *a);
			if (st_parser_peek_operand(p)) {
				if (nargs && !named) {
					st = st_parser_error(p, "expected type instead of SSA identifier");
					break;
				}
				named = true;
				if (st_failed(st = st_parser_operand(p, &a->ref)) || st_failed(st = st_parser_expect_punct(p, ":")))
					break;
			} else if (named) {
				st = st_parser_error(p, "expected SSA identifier");
				break;
			}
			if (st_failed(st = st_parser_type(p, &a->type)))
				break;
			adv[nargs] = NULL;
			if (st_parser_peek_punct(p, "{")) {
				st_attr *d;
				if (st_failed(st = st_parser_attr(p, NULL, &d)))
					break;
				adv[nargs] = d;
				/* As MLIR: only non-empty dictionaries make arg_attrs. */
				any_attrs |= st_attr_dict_size(d) != 0;
			}
			if (named && st_failed(st = st_parser_optional_loc(p, &a->loc)))
				break;
			nargs++;
		} while (st_parser_optional_punct(p, ","));
		if (st_succeeded(st))
			st = st_parser_expect_punct(p, ")");
	}
	st_type *small_results[16];
	st_attr *small_dicts[16];
	st_type **results = small_results;
	st_attr **res_dicts = small_dicts;
	size_t nres = 0, rcap = 16, rdcap = 16;
	bool res_attrs = false;
	if (st_succeeded(st) && st_parser_optional_punct(p, "->")) {
		if (st_parser_optional_punct(p, "(")) {
			if (!st_parser_optional_punct(p, ")")) {
				do {
					if (!st_ctx_grow(ctx, (void **)&results, &rcap, small_results, sizeof *results, nres + 1) ||
					    !st_ctx_grow(ctx, (void **)&res_dicts, &rdcap, small_dicts, sizeof *res_dicts, nres + 1)) {
						st = ST_FAIL;
						break;
					}
					if (st_failed(st = st_parser_type(p, &results[nres])))
						break;
					res_dicts[nres] = NULL;
					if (st_parser_peek_punct(p, "{")) {
						if (st_failed(st = st_parser_attr(p, NULL, &res_dicts[nres])))
							break;
						res_attrs |= st_attr_dict_size(res_dicts[nres]) != 0;
					}
					nres++;
				} while (st_parser_optional_punct(p, ","));
				if (st_succeeded(st))
					st = st_parser_expect_punct(p, ")");
			}
		} else {
			res_dicts[0] = NULL;
			if (st_succeeded(st = st_parser_type(p, &results[0])))
				nres = 1;
		}
	}
	if (st_succeeded(st)) {
		st_type *small[64];
		st_type **in = nargs <= 64 ? small : st_ctx_alloc(ctx, nargs * sizeof *in);
		if (!in)
			st = ST_FAIL;
		for (size_t i = 0; in && i < nargs; i++)
			in[i] = argv[i].type;
		st_type *ft = in ? st_function_type(ctx, nargs, in, nres, results) : NULL;
		if (in && in != small)
			st_ctx_free(ctx, in, nargs * sizeof *in);
		if (!ft || st_failed(st_parse_state_add_attr(s, "function_type", st_type_attr(ctx, ft))))
			st = ST_FAIL;
	}
	st_attr *empty = st_dict_attr(ctx, 0, NULL);
	if (st_succeeded(st) && any_attrs) {
		for (size_t i = 0; i < nargs; i++)
			if (!adv[i])
				adv[i] = empty;
		st = st_parse_state_add_attr(s, "arg_attrs", st_array_attr(ctx, nargs, adv));
	}
	if (st_succeeded(st) && res_attrs) {
		for (size_t i = 0; i < nres; i++)
			if (!res_dicts[i])
				res_dicts[i] = empty;
		st = st_parse_state_add_attr(s, "res_attrs", st_array_attr(ctx, nres, res_dicts));
	}
	if (st_succeeded(st) && st_parser_optional_keyword(p, "attributes")) {
		if (!st_parser_peek_punct(p, "{"))
			st = st_parser_error(p, "expected '{' after 'attributes'");
		else
			st = st_parser_optional_attr_dict(p, s);
	}
	st_region *body = st_succeeded(st) ? st_parse_state_add_region(s) : NULL;
	if (st_succeeded(st) && !body)
		st = ST_FAIL;
	if (st_succeeded(st) && st_parser_peek_punct(p, "{")) {
		st_attr *body_loc = st_parser_loc(p);
		if (!named && nargs)
			st = st_parser_error(p, "expected named arguments for a function with a body");
		else
			st = st_parser_region(p, body, nargs, argv);
		/* `{}` would read back as a declaration: MLIR rejects it. */
		if (st_succeeded(st) && st_region_is_empty(body))
			st = st_parser_error_at(p, body_loc, "expected non-empty function body");
	}
	if (results != small_results)
		st_ctx_free(ctx, results, rcap * sizeof *results);
	if (res_dicts != small_dicts)
		st_ctx_free(ctx, res_dicts, rdcap * sizeof *res_dicts);
	if (argv != args)
		st_ctx_free(ctx, argv, cap * sizeof *argv);
	if (adv != arg_dicts)
		st_ctx_free(ctx, adv, adcap * sizeof *adv);
	return st;
}

/* --------------------------------------------------------- func.return */

static st_status verify_return(st_op *op) {
	st_op *fn = st_op_parent_op(op);
	st_type *ft = fn ? func_type(fn) : NULL;
	if (!ft)
		return ST_OK;
	st_ident *name = st_symbol_name(fn);
	size_t n = st_op_num_operands(op), want = st_type_num_results(ft);
	if (n != want)
		return st_op_error(op, "has %zu operands, but enclosing function (@%s) returns %zu", n,
		                   name ? st_ident_cstr(name) : "?", want);
	for (size_t i = 0; i < n; i++)
		if (st_value_type(st_op_operand(op, i)) != st_type_result(ft, i)) {
			char a[128], b[128];
			st_context *ctx = st_op_context(op);
			return st_op_error(op, "type of return operand %zu ('%s') doesn't match function result type ('%s') in function @%s",
			                   i, st_type_str(ctx, st_value_type(st_op_operand(op, i)), a, sizeof a),
			                   st_type_str(ctx, st_type_result(ft, i), b, sizeof b), name ? st_ident_cstr(name) : "?");
		}
	return ST_OK;
}

/* ----------------------------------------------------------- func.call */

static st_attr *call_callee(const st_op *op) { return st_op_get_attr(op, "callee"); }
static void call_args(const st_op *op, size_t *start, size_t *n) {
	*start = 0;
	*n = st_op_num_operands(op);
}
static const st_call_iface call_iface = {.callee = call_callee, .args = call_args};

static st_status check_call_types(st_op *op, st_type *ft, size_t first_arg) {
	size_t nargs = st_op_num_operands(op) - first_arg;
	if (st_type_num_inputs(ft) != nargs)
		return st_op_error(op, "incorrect number of operands for callee");
	for (size_t i = 0; i < nargs; i++)
		if (st_value_type(st_op_operand(op, first_arg + i)) != st_type_input(ft, i))
			return st_op_error(op, "operand type mismatch: operand #%zu does not match the callee's argument type", i);
	if (st_type_num_results(ft) != st_op_num_results(op))
		return st_op_error(op, "incorrect number of results for callee");
	for (size_t i = 0; i < st_op_num_results(op); i++)
		if (st_value_type(st_op_result(op, i)) != st_type_result(ft, i))
			return st_op_error(op, "result type mismatch at index %zu", i);
	return ST_OK;
}

/* The func.func that `ref` names from `op`, or NULL (MLIR looks up a FuncOp:
 * another op with a function_type attribute is not a callee). */
static st_op *lookup_func(st_op *op, st_attr *ref) {
	st_op *fn = st_symbol_lookup_nearest(op, ref);
	if (!fn || strcmp(st_op_name_cstr(fn), "func.func") != 0 || !func_type(fn))
		return NULL;
	return fn;
}

static st_status verify_call(st_op *op) {
	st_attr *callee = call_callee(op);
	st_op *fn = lookup_func(op, callee);
	if (!fn)
		return st_op_error(op, "'%s' does not reference a valid function", st_ident_cstr(st_attr_symbol_leaf(callee)));
	return check_call_types(op, func_type(fn), 0);
}

/* -------------------------------------------------- func.call_indirect */

static st_value *icall_callee(const st_op *op) { return st_op_operand(op, 0); }
static void icall_args(const st_op *op, size_t *start, size_t *n) {
	*start = 1;
	*n = st_op_num_operands(op) - 1;
}
static const st_call_iface icall_iface = {.callee_value = icall_callee, .args = icall_args};

static st_status verify_icall(st_op *op) { return check_call_types(op, st_value_type(st_op_operand(op, 0)), 1); }

/* func.call_indirect %f(%a) : (i32) -> i32: results come from the callee's type. */
static st_status icall_rest(st_parser *p, st_parse_state *s, const st_operand_ref *callee, const st_operand_ref *args,
                            size_t n) {
	st_type *ft;
	if (st_failed(st_parser_optional_attr_dict(p, s)) || st_failed(st_parser_expect_punct(p, ":")) ||
	    st_failed(st_parser_type(p, &ft)))
		return ST_FAIL;
	if (st_type_get_kind(ft) != ST_TYPE_FUNCTION)
		return st_parser_error(p, "expected function type");
	if (st_type_num_inputs(ft) != n)
		return st_parser_error(p, "%zu operands present, but expected %zu", n, st_type_num_inputs(ft));
	st_value *v;
	if (st_failed(st_parser_resolve_operand(p, callee, ft, &v)) || st_failed(st_parse_state_add_operand(s, v)))
		return ST_FAIL;
	for (size_t i = 0; i < n; i++)
		if (st_failed(st_parser_resolve_operand(p, &args[i], st_type_input(ft, i), &v)) ||
		    st_failed(st_parse_state_add_operand(s, v)))
			return ST_FAIL;
	for (size_t i = 0; i < st_type_num_results(ft); i++)
		if (st_failed(st_parse_state_add_result_type(s, st_type_result(ft, i))))
			return ST_FAIL;
	return ST_OK;
}

static st_status parse_icall(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_operand_ref callee, small[16];
	st_operand_ref *args = small;
	size_t n = 0, cap = 16;
	st_status st = st_parser_operand(p, &callee);
	if (st_succeeded(st))
		st = st_parser_expect_punct(p, "(");
	if (st_succeeded(st) && !st_parser_optional_punct(p, ")")) {
		do {
			if (!st_ctx_grow(ctx, (void **)&args, &cap, small, sizeof *args, n + 1))
				st = ST_FAIL;
			else
				st = st_parser_operand(p, &args[n++]);
		} while (st_succeeded(st) && st_parser_optional_punct(p, ","));
		if (st_succeeded(st))
			st = st_parser_expect_punct(p, ")");
	}
	if (st_succeeded(st))
		st = icall_rest(p, s, &callee, args, n);
	if (args != small)
		st_ctx_free(ctx, args, cap * sizeof *args);
	return st;
}

static void print_icall(st_printer *p, st_op *op) {
	st_printer_write(p, " ", 1);
	st_printer_operand(p, st_op_operand(op, 0));
	st_printer_write(p, "(", 1);
	st_printer_operands(p, op, 1, st_op_num_operands(op) - 1);
	st_printer_write(p, ")", 1);
	st_printer_attr_dict(p, op, NULL, false);
	st_printer_write(p, " : ", 3);
	st_printer_type(p, st_value_type(st_op_operand(op, 0)));
}

/* ------------------------------------------------------- func.constant */

static st_status verify_constant(st_op *op) {
	st_attr *ref = st_op_get_attr(op, "value");
	st_op *fn = lookup_func(op, ref);
	if (!fn)
		return st_op_error(op, "reference to undefined function '%s'", st_ident_cstr(st_attr_symbol_leaf(ref)));
	if (func_type(fn) != st_value_type(st_op_result(op, 0)))
		return st_op_error(op, "reference to function with mismatched type");
	return ST_OK;
}

static st_attr *constant_value(const st_op *op) { return st_op_get_attr(op, "value"); }
static const st_constant_like_iface constant_iface = {.value = constant_value};

static void constant_names(st_op *op, st_name_fn fn, void *ud) {
	/* MLIR names every function constant %f. */
	fn(ud, st_op_result(op, 0), "f");
}

/* ------------------------------------------------------------ the table */

static const st_attr_def func_attrs[] = {
	{.name = "sym_name", .constraint = &st_ac_symbol_name},
	{.name = "function_type", .constraint = &st_ac_function_type},
	{.name = "sym_visibility", .constraint = &st_ac_string, .optional = true},
	{.name = "arg_attrs", .constraint = &st_ac_array, .optional = true},
	{.name = "res_attrs", .constraint = &st_ac_array, .optional = true},
};
static const st_region_def func_regions[] = {{.name = "body", .allow_empty = true}};
static const st_mlir14_attr func_mlir14_attrs[] = {{"type", "function_type", ST_MLIR14_SAME}};
static const st_interface_impl func_ifaces[] = {{ST_IFACE_CALLABLE, &func_callable}};

/* The inliner's branch for a return ending one block of a multi-block body:
 * cf.br, when cf is loaded (func depends on cf for nothing else). */
static st_op *return_branch_to(const st_op *op, st_block *dest, size_t n, st_value *const *operands) {
	st_context *ctx = st_op_context(op);
	if (!st_context_lookup_opdef(ctx, st_str_c("cf.br")))
		return NULL;
	st_op_state s = {.name = st_str_c("cf.br"), .loc = st_op_loc(op), .noperands = n, .operands = operands,
	                 .nsuccessors = 1, .successors = &dest};
	return st_op_create(ctx, &s);
}
static const st_inliner_iface return_inliner = {.branch_to = return_branch_to};
static const st_interface_impl return_ifaces[] = {{ST_IFACE_INLINER, &return_inliner}};

static const st_value_def variadic_operands[] = {{.name = "operands", .arity = ST_VARIADIC}};
static const st_value_def call_results[] = {{.name = "results", .arity = ST_VARIADIC}};
static const st_attr_def call_attrs[] = {{.name = "callee", .constraint = &st_ac_flat_symbol_ref}};
static const st_interface_impl call_ifaces[] = {{ST_IFACE_CALL, &call_iface}};

static const st_value_def icall_operands[] = {
	{.name = "callee", .type = &st_tc_function},
	{.name = "callee_operands", .arity = ST_VARIADIC},
};
static const st_interface_impl icall_ifaces[] = {{ST_IFACE_CALL, &icall_iface}};

static const st_value_def constant_results[] = {{.name = "result", .type = &st_tc_function}};
static const st_attr_def constant_attrs[] = {{.name = "value", .constraint = &st_ac_flat_symbol_ref}};
static const st_interface_impl constant_ifaces[] = {{ST_IFACE_CONSTANT_LIKE, &constant_iface}};

static const st_opdef func_ops[] = {
	{
		.name = "func.func",
		.summary = "a function with a body (or a declaration)",
		.attrs = func_attrs,
		.nattrs = 5,
		.regions = func_regions,
		.nregions = 1,
		.traits = ST_TRAIT_ISOLATED_FROM_ABOVE | ST_TRAIT_SYMBOL | ST_TRAIT_AFFINE_SCOPE,
		.parse = parse_func,
		.print = print_func,
		.verify = verify_func,
		.default_dialect = "func",
		.interfaces = func_ifaces,
		.ninterfaces = 1,
		.mlir14_name = "builtin.func",
		.mlir14_attrs = func_mlir14_attrs,
		.nmlir14_attrs = 1,
	},
	{
		.name = "func.return",
		.interp = &st__func_return_interp,
		.summary = "return from a function",
		.operands = variadic_operands,
		.noperands = 1,
		.nsuccessors = 0,
		.traits = ST_TRAIT_TERMINATOR | ST_TRAIT_PURE | ST_TRAIT_RETURN_LIKE,
		.parent = "func.func",
		.format = "attr-dict ($operands^ `:` type($operands))?",
		.verify = verify_return,
		.interfaces = return_ifaces,
		.ninterfaces = 1,
		.mlir14_name = "std.return",
	},
	{
		.name = "func.call",
		.interp = &st__func_call_interp,
		.summary = "a direct call",
		.operands = variadic_operands,
		.noperands = 1,
		.results = call_results,
		.nresults = 1,
		.attrs = call_attrs,
		.nattrs = 1,
		.format = "$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)",
		.verify = verify_call,
		.mlir14_name = "std.call",
		.interfaces = call_ifaces,
		.ninterfaces = 1,
	},
	{
		.name = "func.call_indirect",
		.interp = &st__func_call_indirect_interp,
		.summary = "an indirect call through a function value",
		.operands = icall_operands,
		.noperands = 2,
		.results = call_results,
		.nresults = 1,
		.parse = parse_icall,
		.print = print_icall,
		.verify = verify_icall,
		.mlir14_name = "std.call_indirect",
		.interfaces = icall_ifaces,
		.ninterfaces = 1,
	},
	{
		.name = "func.constant",
		.interp = &st__func_constant_interp,
		.summary = "a function value from a symbol",
		.results = constant_results,
		.nresults = 1,
		.attrs = constant_attrs,
		.nattrs = 1,
		.traits = ST_TRAIT_PURE,
		.format = "attr-dict $value `:` type(results)",
		.verify = verify_constant,
		.mlir14_name = "std.constant",
		.result_names = constant_names,
		.interfaces = constant_ifaces,
		.ninterfaces = 1,
	},
};

static const st_dialect_def func_dialect = {
	.name = "func",
	.summary = "functions, calls and returns",
	.ops = func_ops,
	.nops = sizeof func_ops / sizeof func_ops[0],
};

st_status st_register_func_dialect(st_context *ctx) { return st_context_register_dialect(ctx, &func_dialect); }

/* ------------------------------------------------------- the top function */

static bool has_body(st_op *op) {
	return !strcmp(st_op_name_cstr(op), "func.func") && !st_region_is_empty(st_op_region(op, 0));
}

static bool is_public(st_op *op) {
	st_attr *v = st_op_get_attr(op, "sym_visibility");
	return !v || st_str_eq_c(st_attr_string(v), "public");
}

st_op *st_func_find_top(st_op *module, const char *name, const char *who, const char *what) {
	st_block *b = st_region_first_block(st_op_region(module, 0));
	st_op *found = NULL;
	size_t npublic = 0;
	for (st_op *op = b ? st_block_first_op(b) : NULL; op; op = st_op_next(op)) {
		if (!has_body(op))
			continue;
		if (*name && st_str_eq_c(st_ident_str(st_symbol_name(op)), name))
			return op;
		if (!*name && is_public(op))
			found = op, npublic++;
	}
	if (*name)
		st_op_error(module, "%s: no function named '%s' (option top)", who, name);
	else if (npublic != 1)
		st_op_error(module, "%s: %s public function; name %s with the option top=<name>", who,
		            npublic ? "more than one" : "no", what);
	return npublic == 1 && !*name ? found : NULL;
}
