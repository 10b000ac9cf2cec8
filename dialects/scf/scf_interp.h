/* The interpreter hooks of the scf ops (scf_interp.c), for the op table. */
#ifndef STRATA_SCF_INTERP_H
#define STRATA_SCF_INTERP_H

#include "strata/interp.h"

extern const st_interp_hook st__scf_yield_interp; /* also scf.reduce, scf.reduce.return */
extern const st_interp_hook st__scf_condition_interp;
extern const st_interp_hook st__scf_for_interp;
extern const st_interp_hook st__scf_while_interp;
extern const st_interp_hook st__scf_parallel_interp;
extern const st_interp_hook st__scf_if_interp;
extern const st_interp_hook st__scf_execute_region_interp;
extern const st_interp_hook st__scf_index_switch_interp;

#endif
