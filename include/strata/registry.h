/* Registration of the dialects that ship with Strata. */
#ifndef STRATA_REGISTRY_H
#define STRATA_REGISTRY_H

#include "strata/dialect.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Each registers one shipped dialect (ops, types, attributes, interfaces,
 * interpreter semantics) in `ctx`, after the dialects it depends on;
 * registering twice is harmless. */
st_status st_register_func_dialect(st_context *ctx);
st_status st_register_arith_dialect(st_context *ctx);
st_status st_register_cf_dialect(st_context *ctx);
st_status st_register_scf_dialect(st_context *ctx);
st_status st_register_math_dialect(st_context *ctx);
st_status st_register_memref_dialect(st_context *ctx);
/* buffer-results-to-out-params: memref results become out-parameters. */
st_status st_register_memref_passes(st_context *ctx);
st_status st_register_acg_dialect(st_context *ctx);
st_status st_register_hw_dialect(st_context *ctx);
st_status st_register_comb_dialect(st_context *ctx);
st_status st_register_seq_dialect(st_context *ctx);
st_status st_register_affine_dialect(st_context *ctx);
/* The affine dialect's passes (lower-affine, affine-loop-tile, ...). */
st_status st_register_affine_passes(st_context *ctx);
/* Calyx (docs/dialects/calyx.md) with --export-calyx; its passes
 * (calyx-go-insertion, ..., calyx-remove-groups) and lower-calyx-to-hw. */
st_status st_register_calyx_dialect(st_context *ctx);
st_status st_register_calyx_passes(st_context *ctx);
st_status st_register_calyx_to_hw_passes(st_context *ctx);
/* Unified buffers (docs/dialects/ub.md) and their passes: extraction from
 * affine, scheduling, capacities, mapping, simulation. */
st_status st_register_ub_dialect(st_context *ctx);
st_status st_register_ub_passes(st_context *ctx);
/* convert-ub-to-hw: streaming hardware from ub graphs (docs/streaming-hw.md). */
st_status st_register_ub_to_hw_passes(st_context *ctx);
/* arith-soft-float: f32 arithmetic as integer ops on its bits (docs/soft-float.md). */
st_status st_register_arith_soft_float_passes(st_context *ctx);
/* lower-to-calyx: func/affine/scf/arith/memref to calyx (docs/calyx-lowering.md). */
st_status st_register_affine_to_calyx_passes(st_context *ctx);
/* PMLang's srDFG (docs/dialects/srdfg.md), with --view-srdfg. */
st_status st_register_srdfg_dialect(st_context *ctx);
/* convert-srdfg-to-affine (conversions/srdfg-to-affine). */
st_status st_register_srdfg_to_affine_passes(st_context *ctx);
/* srdfg-flatten, -dead-node-elim, -simplify, -check-bounds, -raise-to-codelet. */
st_status st_register_srdfg_passes(st_context *ctx);

/* Every dialect linked into the tools, in dependency order. */
st_status st_register_all_dialects(st_context *ctx);
/* Every pass linked into the tools: the core's generic passes, then the
 * dialects' own. */
st_status st_register_all_passes(st_context *ctx);
/* Every translation that is not registered with its dialect: those of the
 * backends (Verilog export, the Verilator testbench). */
st_status st_register_all_translations(st_context *ctx);

#ifdef __cplusplus
}
#endif
#endif
