/* The calyx dialect (docs/dialects/calyx.md): its registration and passes,
 * and what other code reads of its cells and components (the lowering to
 * hw), without knowing its internals. */
#ifndef STRATA_CALYX_H
#define STRATA_CALYX_H

#include "strata/builder.h"
#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the dialect (with hw, comb and seq, and --export-calyx). */
ST_API st_status st_register_calyx_dialect(st_context *ctx);
/* Its passes: calyx-go-insertion, calyx-compile-invoke,
 * calyx-compile-control, calyx-remove-groups, ... */
ST_API st_status st_register_calyx_passes(st_context *ctx);

/* The pass pipeline that turns a module of calyx components (control,
 * groups and cells) into hw/comb/seq, one hw.module per component. */
#define ST_CALYX_TO_HW_PIPELINE \
	"calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw"

/* The entry component of a module holding calyx components: the one with
 * the unit attribute `toplevel`, else the one named `main`, else the only
 * one no calyx.instance names; NULL when there is none. */
ST_API st_op *st_calyx_entry_component(st_op *module);

/* ------------------------------------------------------------- reading */

/* What a cell computes, for code that dispatches on it (lower-calyx-to-hw). */
typedef enum st_calyx_cell_kind {
	ST_CALYX_REG,
	ST_CALYX_ADD, ST_CALYX_SUB, ST_CALYX_AND, ST_CALYX_OR, ST_CALYX_XOR, ST_CALYX_LSH, ST_CALYX_RSH, ST_CALYX_SRSH,
	ST_CALYX_LT, ST_CALYX_GT, ST_CALYX_EQ, ST_CALYX_NEQ, ST_CALYX_GE, ST_CALYX_LE,
	ST_CALYX_SLT, ST_CALYX_SGT, ST_CALYX_SEQ, ST_CALYX_SNEQ, ST_CALYX_SGE, ST_CALYX_SLE,
	ST_CALYX_NOT, ST_CALYX_WIRE, ST_CALYX_SLICE, ST_CALYX_PAD, ST_CALYX_MUX,
	ST_CALYX_MULT, ST_CALYX_DIVU, ST_CALYX_REMU, ST_CALYX_DIVS, ST_CALYX_REMS,
	ST_CALYX_MEM, ST_CALYX_SEQ_MEM, ST_CALYX_INSTANCE,
	ST_CALYX_NOT_A_CELL,
} st_calyx_cell_kind;
/* The kind of a cell op, or ST_CALYX_NOT_A_CELL. */
ST_API st_calyx_cell_kind st_calyx_cell_kind_of(const st_op *op);
/* Whether `op` is a cell (a primitive, a memory or an instance). */
ST_API bool st_calyx_is_cell(const st_op *op);

/* One port of a cell or component. */
typedef struct st_calyx_port {
	st_str name;
	bool input;
} st_calyx_port;
/* The ports of a cell op (memories: from their dimensions; instances: from
 * the component, which must exist); at most `cap` are written, the count is
 * returned; SIZE_MAX when an instance's component cannot be found. */
ST_API size_t st_calyx_cell_ports(st_op *cell, st_calyx_port *out, size_t cap);
#define ST_CALYX_MAX_PORTS 64

/* Components: the ports are the entry block's arguments, inputs then
 * outputs, named by `portNames`. */
ST_API size_t st_calyx_comp_num_inputs(const st_op *comp);
ST_API size_t st_calyx_comp_num_ports(const st_op *comp);
ST_API st_str st_calyx_comp_port_name(const st_op *comp, size_t i);
ST_API st_type *st_calyx_comp_port_type(const st_op *comp, size_t i);
/* The index of the port marked {go}/{clk}/{reset}/{done}, or -1. */
ST_API int st_calyx_comp_special(const st_op *comp, const char *which);
ST_API st_block *st_calyx_comp_body(st_op *comp);
/* The component's calyx.wires / calyx.control op, or NULL. */
ST_API st_op *st_calyx_comp_wires(st_op *comp);
ST_API st_op *st_calyx_comp_control(st_op *comp);
/* The symbol name of a cell, group (any kind) or component. */
ST_API st_str st_calyx_sym_name(const st_op *op);
/* Whether `op` is a calyx.group, comb_group or static_group. */
ST_API bool st_calyx_is_group_like(const st_op *op);

/* Where a value comes from: a component port (cell NULL, index = argument)
 * or a cell port (the cell, index = result); false for other values. */
ST_API bool st_calyx_value_port(const st_value *v, st_op **cell, size_t *index);

/* Memory dimensions: sizes and address widths (at most 4); its word width. */
ST_API size_t st_calyx_mem_dims(const st_op *mem, int64_t *sizes, int64_t *addr_widths);
ST_API unsigned st_calyx_mem_width(const st_op *mem);
/* Whether a memory is external: its data path behind the ports of the
 * component (and of the hw.module it lowers to). */
ST_API bool st_calyx_is_external(const st_op *op);
/* calyx.assign operands: dest, src, optional guard (NULL). */
ST_API st_value *st_calyx_assign_guard(const st_op *assign);

/* ------------------------------------------------------------ builders */

/* Each builds at an st_builder's place (strata/builder.h).  A cell `calyx.<kind>` (std_add,
 * register, memory, instance, ...) named `name`, one result per port of
 * the given types, with further attributes (a dictionary or NULL). */
ST_API st_op *st_calyx_build_cell(st_builder *b, const char *kind, st_str name, size_t nports, st_type *const *types,
                           st_attr *attrs);
/* A group of `kind` ("calyx.group", "calyx.comb_group" or
 * "calyx.static_group", which takes a latency > 0) named `name`, with its
 * (empty) body block. */
ST_API st_op *st_calyx_build_group(st_builder *b, const char *kind, st_str name, int64_t latency);
/* calyx.assign dest = guard ? src (guard may be NULL), calyx.group_done,
 * calyx.enable of a group. */
ST_API st_op *st_calyx_build_assign(st_builder *b, st_value *dest, st_value *src, st_value *guard);
ST_API st_op *st_calyx_build_group_done(st_builder *b, st_value *src);
ST_API st_op *st_calyx_build_enable(st_builder *b, st_str group);
/* A control op (calyx.seq, par, if, while, repeat, static_repeat, ...) of
 * the given operands and attributes (or NULL) with `nregions` regions,
 * left empty for the caller to give blocks. */
ST_API st_op *st_calyx_build_control(st_builder *b, const char *name, size_t n, st_value *const *operands, st_attr *attrs,
                              size_t nregions);

/* ----------------------------------------------- the memories contract */

/* What lower-calyx-to-hw tells whoever drives a hw.module it made (a
 * testbench, a target's flow) about each memory at the module's interface:
 * the module's `calyx.memories` attribute, an array of #calyx.memory
 * attributes (docs/dialects/calyx.md), verified by the calyx dialect.  The
 * ports of memory `name` are <name>_addr<i>, _write_data, _write_en,
 * (seq) _content_en, _read_data and _done, or for a banked memory those of
 * each bank <name>_b<k>_...; bank k holds the indices of dimension
 * bank_dim that are k modulo `banks`. */
#define ST_CALYX_MAX_MEM_DIMS 4
typedef struct st_calyx_memory_info {
	st_str name;
	bool seq;       /* calyx.seq_mem: a read takes a cycle (content_en) */
	unsigned width; /* bits of a word */
	unsigned rank;  /* 1 to ST_CALYX_MAX_MEM_DIMS */
	int64_t shape[ST_CALYX_MAX_MEM_DIMS]; /* the logical memory's */
	unsigned banks; /* 1: one memory */
	unsigned bank_dim;
	/* Read ports (0 or 1: one, the memory's own): port p > 0 of memory m
	 * is the ports m_p<p>_addr<i>, m_p<p>_read_data (and content_en, done
	 * for seq memories), reading the same words.  Not with banks. */
	unsigned read_ports;
} st_calyx_memory_info;
/* #calyx.memory<...> of `info`; NULL when it is no valid memory (no name,
 * width 0, 1..4 dimensions of at least 1, banks dividing the banked
 * dimension, more read ports than ST_CALYX_MAX_READ_PORTS or with banks)
 * or calyx is not registered. */
#define ST_CALYX_MAX_READ_PORTS 4
ST_API st_attr *st_calyx_memory_attr(st_context *ctx, const st_calyx_memory_info *info);
/* Reads a #calyx.memory attribute into *out (may be NULL); false when `a`
 * is none.  The name points into the attribute. */
ST_API bool st_calyx_memory_attr_read(const st_attr *a, st_calyx_memory_info *out);
/* The memories a module's `calyx.memories` lists (0 without one), and the
 * i-th; false when out of range or not a #calyx.memory (st_verify rules
 * that out). */
ST_API size_t st_calyx_module_num_memories(const st_op *module);
ST_API bool st_calyx_module_memory(const st_op *module, size_t i, st_calyx_memory_info *out);

#ifdef __cplusplus
}
#endif
#endif
