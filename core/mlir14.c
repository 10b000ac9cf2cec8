/* MLIR 14 spellings (the version Debian ships), for `--mlir14`: op names
 * that moved dialects since, and attributes that were renamed.  See
 * docs/mlir14-compat.md. */
#include "parser_internal.h"

static const struct {
	const char *old_name, *new_name;
} op_names[] = {
	{"builtin.func", "func.func"},
	{"std.return", "func.return"},
	{"std.call", "func.call"},
	{"std.call_indirect", "func.call_indirect"},
	{"std.constant", "func.constant"},
	{"std.br", "cf.br"},
	{"std.cond_br", "cf.cond_br"},
	{"std.switch", "cf.switch"},
	{"std.assert", "cf.assert"},
	{"std.select", "arith.select"},
};

static const struct {
	const char *op, *old_name, *new_name;
} attr_names[] = {
	{"func.func", "type", "function_type"},
	{NULL, "operand_segment_sizes", "operandSegmentSizes"},
	{NULL, "result_segment_sizes", "resultSegmentSizes"},
};

const char *st__mlir14_to_current(st_str name) {
	for (size_t i = 0; i < sizeof op_names / sizeof op_names[0]; i++)
		if (st_str_eq_c(name, op_names[i].old_name))
			return op_names[i].new_name;
	return NULL;
}

const char *st__current_to_mlir14(const char *name) {
	for (size_t i = 0; i < sizeof op_names / sizeof op_names[0]; i++)
		if (strcmp(name, op_names[i].new_name) == 0)
			return op_names[i].old_name;
	return NULL;
}

/* The MLIR 14 name of attribute `attr` of op `op` (current spelling), or
 * NULL when unchanged. */
const char *st__mlir14_attr_name(const char *op, const char *attr);
const char *st__mlir14_attr_name(const char *op, const char *attr) {
	for (size_t i = 0; i < sizeof attr_names / sizeof attr_names[0]; i++)
		if ((!attr_names[i].op || strcmp(attr_names[i].op, op) == 0) && strcmp(attr_names[i].new_name, attr) == 0)
			return attr_names[i].old_name;
	return NULL;
}

/* The current name of MLIR 14 attribute `attr` of op `op` (current op
 * spelling), or NULL when unchanged. */
const char *st__mlir14_attr_to_current(const char *op, const char *attr);
const char *st__mlir14_attr_to_current(const char *op, const char *attr) {
	for (size_t i = 0; i < sizeof attr_names / sizeof attr_names[0]; i++)
		if ((!attr_names[i].op || strcmp(attr_names[i].op, op) == 0) && strcmp(attr_names[i].old_name, attr) == 0)
			return attr_names[i].new_name;
	return NULL;
}
