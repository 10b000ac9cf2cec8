/* The generic passes of the core (core/pass_*.c): their definitions, which
 * core/passes.c registers, and the helpers they share. */
#ifndef STRATA_CORE_PASSES_INTERNAL_H
#define STRATA_CORE_PASSES_INTERNAL_H

#include "internal.h"
#include "strata/pass.h"
#include "strata/rewrite.h"

/* One line per pass in st_register_core_passes (core/passes.c). */
extern const st_pass_def st__pass_canonicalize;
extern const st_pass_def st__pass_cse;
extern const st_pass_def st__pass_dce;
extern const st_pass_def st__pass_inline;
extern const st_pass_def st__pass_licm;
extern const st_pass_def st__pass_sccp;
extern const st_pass_def st__pass_symbol_dce;
extern const st_pass_def st__pass_strip_debuginfo;
extern const st_pass_def st__pass_print_op_stats;
extern const st_pass_def st__pass_view_op_graph;

/* --------------------------------------------------------------- helpers */

/* Whether the regions of `r`'s op have SSA dominance (SSA-CFG regions of a
 * registered op; graph regions and unregistered ops' regions do not). */
bool st__region_has_ssa_dominance(const st_region *r);
/* Whether `b` can be reached from its region's entry. */
bool st__dominance_reachable(st_dominance *d, const st_block *b);
/* The blocks `b` immediately dominates (its children in the dominator tree
 * of its region); none for single-block regions. */
size_t st__dominance_children(st_dominance *d, const st_block *b, st_block *const **out);

/* Side effects: st_op_is_memory_effect_free, st_op_is_trivially_dead
 * (strata/rewrite.h, core/effects.c). */

#endif
