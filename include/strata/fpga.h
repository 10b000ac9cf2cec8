/* The FPGA target (backends/fpga, ACG class `fpga`, docs/stratac.md):
 * loop kernels through Calyx, accelerated image pipelines as streaming
 * hardware, both as Verilog simulated in Verilator against the
 * interpreter and synthesised by yosys against the .acg's budgets. */
#ifndef STRATA_FPGA_H
#define STRATA_FPGA_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the target of class `fpga` (strata/target.h). */
ST_API st_status st_register_fpga_target(st_context *ctx);

#ifdef __cplusplus
}
#endif
#endif
