/* The interpreter hooks of the memref ops (memref_interp.c), for the op
 * table.  memref.global is never executed: memref.get_global reads it. */
#ifndef STRATA_MEMREF_INTERP_H
#define STRATA_MEMREF_INTERP_H

#include "strata/interp.h"

extern const st_interp_hook st__memref_alloc_interp;
extern const st_interp_hook st__memref_alloca_interp;
extern const st_interp_hook st__memref_dealloc_interp;
extern const st_interp_hook st__memref_load_interp;
extern const st_interp_hook st__memref_store_interp;
extern const st_interp_hook st__memref_copy_interp;
extern const st_interp_hook st__memref_dim_interp;
extern const st_interp_hook st__memref_rank_interp;
extern const st_interp_hook st__memref_cast_interp;
extern const st_interp_hook st__memref_subview_interp;
extern const st_interp_hook st__memref_get_global_interp;

#endif
