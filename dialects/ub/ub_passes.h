/* The pass definitions of the ub dialect, one file each. */
#ifndef STRATA_UB_PASSES_H
#define STRATA_UB_PASSES_H

#include "strata/pass.h"

extern const st_pass_def st__ub_capacity_pass;
extern const st_pass_def st__ub_extract_pass;
extern const st_pass_def st__ub_map_pass;
extern const st_pass_def st__ub_map_check_pass;
extern const st_pass_def st__ub_schedule_pass;
extern const st_pass_def st__ub_simulate_pass;
extern const st_pass_def st__ub_schedule_ilp_pass;

#endif
