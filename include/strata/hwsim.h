/* A cycle-accurate simulator of hw/comb/seq designs (backends/hwsim).  The
 * top module is flattened through its instances; each cycle reads one
 * stimulus line, evaluates the combinational logic in topological order,
 * writes one output line, then updates every register and memory at the
 * clock edge.  The file formats are in docs/verilog-export.md. */
#ifndef STRATA_HWSIM_H
#define STRATA_HWSIM_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct st_hwsim st_hwsim;

/* Elaborates `top` (a hw.module); NULL after reporting why (extern modules,
 * combinational loops with the ops of the cycle named, recursion). */
ST_API st_hwsim *st_hwsim_create(st_op *top);
ST_API void st_hwsim_destroy(st_hwsim *sim);
/* Runs one cycle per line of `stimulus` (hex values of the non-clock
 * inputs in port order, '#' lines ignored) and writes the outputs of each
 * cycle through `w`.  ST_FAIL after reporting a malformed line, located at
 * `name`:line:column (the stimulus file's name; NULL: "<stimulus>"). */
ST_API st_status st_hwsim_run(st_hwsim *sim, st_str stimulus, const char *name, st_write_fn w, void *ud);

#ifdef __cplusplus
}
#endif
#endif
