/* The calyx dialect (docs/dialects/calyx.md): what other tools need to drive
 * it without knowing its internals. */
#ifndef STRATA_CALYX_H
#define STRATA_CALYX_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the dialect (with hw, comb and seq, and --export-calyx). */
st_status st_register_calyx_dialect(st_context *ctx);
/* Its passes: calyx-go-insertion, calyx-compile-invoke,
 * calyx-compile-control, calyx-remove-groups, ... */
st_status st_register_calyx_passes(st_context *ctx);

/* The pass pipeline that turns a module of calyx components (control,
 * groups and cells) into hw/comb/seq, one hw.module per component. */
#define ST_CALYX_TO_HW_PIPELINE \
	"calyx-go-insertion,calyx-compile-invoke,calyx-compile-control,calyx-remove-groups,lower-calyx-to-hw"

/* The entry component of a module holding calyx components: the one with
 * the unit attribute `toplevel`, else the one named `main`, else the only
 * one no calyx.instance names; NULL when there is none. */
st_op *st_calyx_entry_component(st_op *module);

#ifdef __cplusplus
}
#endif
#endif
