/* Shared between the files of the calyx dialect and its passes: the port
 * tables of the cells, small IR builders, the syntax hooks.  What other
 * code reads of cells and components is public (strata/calyx.h). */
#ifndef STRATA_CALYX_INTERNAL_H
#define STRATA_CALYX_INTERNAL_H

#include "strata/asm.h"
#include "strata/builder.h"
#include "strata/calyx.h"
#include "strata/dialect.h"
#include "strata/pass.h"


/* A primitive cell: its op name, ports ("name:iW name:o1 ...": direction i/o,
 * width W = the data width, 1 = i1, V = another width) and the native Calyx
 * primitive it prints as. */
typedef struct st__calyx_cell {
	const char *op;
	st_calyx_cell_kind kind;
	const char *ports;
	const char *futil;
} st__calyx_cell;

/* The cell description of an op, or NULL when it is no cell. */
const st__calyx_cell *st__calyx_cell_of(const st_op *op);


/* The group (any kind) named `name` in a component's wires, or NULL. */
st_op *st__calyx_find_group(st_op *comp, st_str name);
/* A cell of the component by name, or NULL. */
st_op *st__calyx_find_cell(st_op *comp, st_str name);


/* group_done / group_go: src, optional guard. */
st_value *st__calyx_guarded_src(const st_op *op);
st_value *st__calyx_guarded_guard(const st_op *op);

/* Builders used by the passes, at an st_builder's place (strata/builder.h);
 * NULL when out of memory. */
st_value *st__calyx_const(st_builder *b, unsigned width, int64_t v);
st_value *st__calyx_and(st_builder *b, st_value *x, st_value *y);
st_value *st__calyx_or(st_builder *b, st_value *x, st_value *y);
st_value *st__calyx_not(st_builder *b, st_value *x);
st_value *st__calyx_icmp(st_builder *b, int pred, st_value *x, st_value *y);

/* Verifiers and syntax hooks of the op table (calyx.c). */
st_status st__calyx_parse_component(st_parser *p, st_parse_state *s);
void st__calyx_print_component(st_printer *p, st_op *op);
st_status st__calyx_verify_component(st_op *op);
void st__calyx_component_names(st_op *op, st_name_fn fn, void *ud);
st_status st__calyx_verify_cell(st_op *op);
void st__calyx_cell_names(st_op *op, st_name_fn fn, void *ud);
st_status st__calyx_parse_memory(st_parser *p, st_parse_state *s);
void st__calyx_print_memory(st_printer *p, st_op *op);
st_status st__calyx_parse_assign(st_parser *p, st_parse_state *s);
void st__calyx_print_assign(st_printer *p, st_op *op);
st_status st__calyx_verify_assign(st_op *op);
st_status st__calyx_parse_guarded(st_parser *p, st_parse_state *s);
st_status st__calyx_parse_group_go(st_parser *p, st_parse_state *s);
void st__calyx_print_guarded(st_printer *p, st_op *op);
st_status st__calyx_verify_guarded(st_op *op);
st_status st__calyx_parse_static_group(st_parser *p, st_parse_state *s);
void st__calyx_print_static_group(st_printer *p, st_op *op);
st_status st__calyx_verify_group(st_op *op);
st_status st__calyx_verify_wires(st_op *op);
st_status st__calyx_verify_control_op(st_op *op);
st_status st__calyx_parse_if(st_parser *p, st_parse_state *s);
void st__calyx_print_if(st_printer *p, st_op *op);
st_status st__calyx_parse_repeat(st_parser *p, st_parse_state *s);
void st__calyx_print_repeat(st_printer *p, st_op *op);
st_status st__calyx_parse_constant(st_parser *p, st_parse_state *s);
void st__calyx_print_constant(st_printer *p, st_op *op);
void st__calyx_constant_names(st_op *op, st_name_fn fn, void *ud);
st_status st__calyx_verify_constant(st_op *op);
st_status st__calyx_parse_invoke(st_parser *p, st_parse_state *s);
void st__calyx_print_invoke(st_printer *p, st_op *op);

/* #calyx.memory's text and the verifier of `calyx.memories`
 * (calyx_memories.c). */
st_attr *st__calyx_parse_attr(st_parser *p, st_dialect *d, st_type *type);
void st__calyx_print_attr(st_printer *p, const st_attr *a);
st_status st__calyx_verify_op_attr(st_op *op, st_named_attr attr);

/* --export-calyx. */
st_status st__calyx_export(st_op *module, st_write_fn w, void *ud);

/* The passes. */
st_status st__calyx_go_insertion(st_op *comp);
st_status st__calyx_compile_invoke(st_op *comp);
st_status st__calyx_compile_control(st_op *comp);
st_status st__calyx_remove_groups(st_op *comp);

#endif
