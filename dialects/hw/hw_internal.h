/* Shared between the files of the hw dialect. */
#ifndef STRATA_HW_INTERNAL_H
#define STRATA_HW_INTERNAL_H

#include "strata/asm.h"
#include "strata/hw.h"

st_type *st__hw_module_type(st_context *ctx, size_t n, const st_hw_port *ports);
bool st__hw_is_module_type(const st_type *t);
size_t st__hw_modty_num_ports(const st_type *t);
st_hw_port st__hw_modty_port(const st_type *t, size_t i);
st_status st__hw_parse_dim_and_type(st_parser *p, uint64_t *n, st_type **elt);
st_type *st__hw_parse_type(st_parser *p, st_dialect *d);
void st__hw_print_type(st_printer *p, const st_type *t);

/* hw.module and hw.module.extern */
st_status st__hw_parse_module(st_parser *p, st_parse_state *s);
st_status st__hw_parse_extern(st_parser *p, st_parse_state *s);
void st__hw_print_module(st_printer *p, st_op *op);
st_status st__hw_verify_module(st_op *op);
void st__hw_module_names(st_op *op, st_name_fn fn, void *ud);
st_status st__hw_verify_output(st_op *op);
/* hw.instance */
st_status st__hw_parse_instance(st_parser *p, st_parse_state *s);
void st__hw_print_instance(st_printer *p, st_op *op);
st_status st__hw_verify_instance(st_op *op);
/* An array of string attributes: an instance's argNames or resultNames. */
st_attr *st__hw_names_attr(st_context *ctx, size_t n, const st_str *names);
/* `<name: type = value, ...>` of modules and instances. */
st_status st__hw_parse_params(st_parser *p, st_parse_state *s);
void st__hw_print_params(st_printer *p, st_op *op);

/* The ops of the aggregate, constant and wire families. */
st_status st__hw_parse_constant(st_parser *p, st_parse_state *s);
void st__hw_print_constant(st_printer *p, st_op *op);
st_status st__hw_verify_constant(st_op *op);
st_status st__hw_verify_bitcast(st_op *op);
st_status st__hw_parse_array_create(st_parser *p, st_parse_state *s);
void st__hw_print_array_create(st_printer *p, st_op *op);
st_status st__hw_verify_array_create(st_op *op);
typedef enum st__hw_indexed { ST__HW_GET, ST__HW_INJECT, ST__HW_SLICE } st__hw_indexed;
st_status st__hw_parse_indexed(st_parser *p, st_parse_state *s, st__hw_indexed kind);
void st__hw_print_indexed(st_printer *p, st_op *op);
unsigned st__hw_index_width(uint64_t n);
st_status st__hw_verify_array_get(st_op *op);
st_status st__hw_verify_array_inject(st_op *op);
st_status st__hw_parse_array_concat(st_parser *p, st_parse_state *s);
void st__hw_print_array_concat(st_printer *p, st_op *op);
st_status st__hw_verify_array_concat(st_op *op);
st_status st__hw_verify_array_slice(st_op *op);
st_status st__hw_verify_struct_create(st_op *op);
st_status st__hw_parse_struct_field(st_parser *p, st_parse_state *s);
void st__hw_print_struct_field(st_printer *p, st_op *op);
st_status st__hw_verify_struct_extract(st_op *op);
st_status st__hw_verify_struct_inject(st_op *op);
st_status st__hw_verify_aggregate_constant(st_op *op);
void st__hw_name_from_attr(st_op *op, st_name_fn fn, void *ud);

/* Folders (hw_fold.c). */
bool st__hw_fold_bitcast(st_op *op, st_attr *const *operands, st_fold_result *results);
bool st__hw_fold_constant(st_op *op, st_attr *const *operands, st_fold_result *results);
bool st__hw_fold_array_get(st_op *op, st_attr *const *operands, st_fold_result *results);
bool st__hw_fold_struct_extract(st_op *op, st_attr *const *operands, st_fold_result *results);
bool st__hw_fold_wire(st_op *op, st_attr *const *operands, st_fold_result *results);
st_op *st__hw_materialize_constant(st_context *ctx, st_attr *value, st_type *type, st_attr *loc);

#endif
