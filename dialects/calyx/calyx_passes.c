/* The calyx passes but compile-control (calyx_compile_control.c): go
 * insertion (a calyx.group_go hole in every group), compile-invoke (an
 * invoke becomes a group driving the instance) and remove-groups (group
 * assignments move into the wires guarded by their group's go), with the
 * pass definitions that run each on every component of a module. */
#include "calyx_internal.h"
#include "strata/calyx.h"


#include <stdio.h>
#include <string.h>

static st_block *body_of(st_op *op) { return st_region_first_block(st_op_region(op, 0)); }

static st_op *group_go_of(st_op *group) {
	st_block *b = body_of(group);
	for (st_op *o = b ? st_block_first_op(b) : NULL; o; o = st_op_next(o))
		if (strcmp(st_op_name_cstr(o), "calyx.group_go") == 0)
			return o;
	return NULL;
}

st_status st__calyx_go_insertion(st_op *comp) {
	st_context *ctx = st_op_context(comp);
	st_op *wires = st_calyx_comp_wires(comp);
	st_block *wb = wires ? body_of(wires) : NULL;
	if (!wb)
		return ST_OK;
	st_type *i1 = st_integer_type(ctx, 1, ST_SIGNLESS);
	st_value *undef = NULL;
	for (st_op *g = st_block_first_op(wb); g; g = st_op_next(g)) {
		if (!st_calyx_is_group_like(g) || group_go_of(g))
			continue;
		if (!undef) {
			st_builder b = {.ctx = ctx, .block = wb, .before = st_block_first_op(wb), .loc = st_op_loc(wires)};
			st_op *u = st_build_op(&b, "calyx.undef", 0, NULL, 1, &i1, NULL, 0);
			if (!u)
				return ST_FAIL;
			undef = st_op_result(u, 0);
		}
		st_builder b = {.ctx = ctx, .block = body_of(g), .before = st_block_first_op(body_of(g)), .loc = st_op_loc(g)};
		if (!st_build_op(&b, "calyx.group_go", 1, &undef, 1, &i1, NULL, 0))
			return ST_FAIL;
	}
	return ST_OK;
}

/* An unused group name starting with `base`. */
static st_attr *fresh_group_name(st_op *comp, const char *base) {
	char buf[256];
	for (unsigned i = 0;; i++) {
		snprintf(buf, sizeof buf, "%s_%u", base, i);
		if (!st__calyx_find_group(comp, (st_str){buf, strlen(buf)}))
			return st_string_attr(st_op_context(comp), (st_str){buf, strlen(buf)});
	}
}

static st_status compile_invoke(st_op *comp, st_op *inv) {
	st_context *ctx = st_op_context(comp);
	st_op *wires = st_calyx_comp_wires(comp);
	st_str callee = st_ident_str(st_attr_symbol_leaf(st_op_get_attr(inv, "callee")));
	st_op *inst = st__calyx_find_cell(comp, callee);
	st_op *target = st_symbol_lookup_nearest(inst, st_op_get_attr(inst, "componentName"));
	int go = st_calyx_comp_special(target, "go"), done = st_calyx_comp_special(target, "done");
	char base[200];
	snprintf(base, sizeof base, "invoke_%.*s", (int)(callee.len < 180 ? callee.len : 180), callee.data);
	st_named_attr na = {st_ident_get_c(ctx, "sym_name"), fresh_group_name(comp, base)};
	st_builder wb = {.ctx = ctx, .block = body_of(wires), .before = NULL, .loc = st_op_loc(inv)};
	st_op_state s = {.name = {"calyx.group", 11}, .loc = st_op_loc(inv), .attrs = st_dict_attr(ctx, 1, &na), .nregions = 1};
	st_op *group = st_op_create(ctx, &s);
	if (!group)
		return ST_FAIL;
	st_block_insert_op_before(wb.block, NULL, group);
	st_block *gb = st_block_create(ctx);
	if (!gb)
		return ST_FAIL;
	st_region_append_block(st_op_region(group, 0), gb);
	st_builder b = {.ctx = ctx, .block = gb, .before = NULL, .loc = st_op_loc(inv)};
	for (size_t i = 0; i + 1 < st_op_num_operands(inv); i += 2)
		if (!st_calyx_build_assign(&b, st_op_operand(inv, i), st_op_operand(inv, i + 1), NULL))
			return ST_FAIL;
	st_value *one = st__calyx_const(&wb, 1, 1);
	st_value *done_v = st_op_result(inst, (size_t)done);
	if (!st_calyx_build_assign(&b, st_op_result(inst, (size_t)go), one, NULL) ||
	    !st_build_op(&b, "calyx.group_done", 1, &done_v, 0, NULL, NULL, 0))
		return ST_FAIL;
	st_named_attr ea = {st_ident_get_c(ctx, "groupName"), st_symbol_ref_attr(ctx, st_calyx_sym_name(group), 0, NULL)};
	st_builder cb = {.ctx = ctx, .block = st_op_block(inv), .before = inv, .loc = st_op_loc(inv)};
	if (!st_build_op(&cb, "calyx.enable", 0, NULL, 0, NULL, st_dict_attr(ctx, 1, &ea), 0))
		return ST_FAIL;
	st_op_erase(inv);
	return ST_OK;
}

static st_walk_result find_invoke(st_op *op, void *ud) {
	if (strcmp(st_op_name_cstr(op), "calyx.invoke") != 0)
		return ST_WALK_ADVANCE;
	*(st_op **)ud = op;
	return ST_WALK_INTERRUPT;
}

st_status st__calyx_compile_invoke(st_op *comp) {
	st_op *control = st_calyx_comp_control(comp);
	for (;;) {
		st_op *inv = NULL;
		if (!control || st_walk(control, ST_WALK_PRE, find_invoke, &inv) != ST_WALK_INTERRUPT)
			return ST_OK;
		if (st_failed(compile_invoke(comp, inv)))
			return ST_FAIL;
	}
}

st_status st__calyx_remove_groups(st_op *comp) {
	st_context *ctx = st_op_context(comp);
	st_op *control = st_calyx_comp_control(comp);
	st_block *cb = control ? body_of(control) : NULL;
	if (cb && st_block_first_op(cb))
		return st_op_error(control, "still holds control; run calyx-compile-control before calyx-remove-groups");
	st_op *wires = st_calyx_comp_wires(comp);
	st_block *wb = wires ? body_of(wires) : NULL;
	st_op *next;
	for (st_op *g = wb ? st_block_first_op(wb) : NULL; g; g = next) {
		next = st_op_next(g);
		if (!st_calyx_is_group_like(g))
			continue;
		st_builder b = {.ctx = ctx, .block = wb, .before = g, .loc = st_op_loc(g)};
		st_op *go_op = group_go_of(g);
		st_value *go = go_op ? st__calyx_and(&b, st__calyx_guarded_guard(go_op), st__calyx_guarded_src(go_op))
		                     : st__calyx_const(&b, 1, 0);
		if (!go)
			return ST_FAIL;
		if (go_op)
			st_value_replace_all_uses(st_op_result(go_op, 0), go);
		st_op *onext;
		for (st_op *o = st_block_first_op(body_of(g)); o; o = onext) {
			onext = st_op_next(o);
			if (strcmp(st_op_name_cstr(o), "calyx.assign") != 0)
				continue;
			st_value *guard = st__calyx_and(&b, go, st_calyx_assign_guard(o));
			if (!guard)
				return ST_FAIL;
			if (st_op_num_operands(o) > 2)
				st_op_set_operand(o, 2, guard);
			else if (st_failed(st_op_insert_operands(o, 2, 1, &guard)))
				return ST_FAIL;
			st_op_move_before(o, g);
		}
		st_op_erase(g);
	}
	for (st_op *o = wb ? st_block_first_op(wb) : NULL; o; o = next) {
		next = st_op_next(o);
		if (strcmp(st_op_name_cstr(o), "calyx.undef") == 0 && !st_value_has_uses(st_op_result(o, 0)))
			st_op_erase(o);
	}
	return ST_OK;
}

/* ------------------------------------------------------------- pass defs */

static st_status each_component(st_op *module, st_status (*fn)(st_op *)) {
	st_block *b = st_op_num_regions(module) ? body_of(module) : NULL;
	for (st_op *o = b ? st_block_first_op(b) : NULL; o; o = st_op_next(o))
		if (strcmp(st_op_name_cstr(o), "calyx.component") == 0 && st_failed(fn(o)))
			return ST_FAIL;
	return ST_OK;
}

static st_status run_go_insertion(st_pass *p, st_op *op) { (void)p; return each_component(op, st__calyx_go_insertion); }
static st_status run_compile_invoke(st_pass *p, st_op *op) { (void)p; return each_component(op, st__calyx_compile_invoke); }
static st_status run_compile_control(st_pass *p, st_op *op) { (void)p; return each_component(op, st__calyx_compile_control); }
static st_status run_remove_groups(st_pass *p, st_op *op) { (void)p; return each_component(op, st__calyx_remove_groups); }

static const st_pass_def calyx_passes[] = {
	{.name = "calyx-go-insertion", .summary = "give every calyx group a go hole (calyx.group_go)",
	 .anchor = "builtin.module", .run = run_go_insertion, .display_name = "GoInsertion"},
	{.name = "calyx-compile-invoke", .summary = "turn calyx.invoke into a group that drives the instance",
	 .anchor = "builtin.module", .run = run_compile_invoke, .display_name = "CompileInvoke"},
	{.name = "calyx-compile-control", .summary = "compile calyx control into FSM registers driving the groups' go",
	 .anchor = "builtin.module", .run = run_compile_control, .display_name = "CompileControl"},
	{.name = "calyx-remove-groups", .summary = "inline calyx groups into the wires, guarded by their go",
	 .anchor = "builtin.module", .run = run_remove_groups, .display_name = "RemoveGroups"},
};

st_status st_register_calyx_passes(st_context *ctx) {
	for (size_t i = 0; i < sizeof calyx_passes / sizeof calyx_passes[0]; i++)
		if (st_failed(st_context_register_pass(ctx, &calyx_passes[i])))
			return ST_FAIL;
	return ST_OK;
}
