/* The FPGA target's timing estimate (docs/stratac.md "Timing"): the
 * longest path yosys finds between the design's registers, memories and
 * ports, in cells (logic levels), priced by the delay model the .acg's
 * top graph gives (`param gate_delay_ps` per cell of the generic
 * netlist, `param lut_delay_ps` per cell of synth_xilinx's, and
 * `param clock_overhead_ps` once for the launching and the capturing
 * flip-flop), and checked against its `clock_mhz`.  A path longer than a
 * period is a warning at the clock_mhz line: the design would need a
 * slower clock, and says which. */
#include "fpga.h"

#include "strata/acg.h"

static int64_t param_ps(const st_target_run *run, const char *key) {
	st_attr *a = st_acg_param(run->graph, key);
	return a && st_attr_get_kind(a) == ST_ATTR_INTEGER && st_attr_int_value(a) >= 0 ? st_attr_int_value(a) : -1;
}

/* The picoseconds per level of this run's netlist, or -1. */
static int64_t level_ps(const st_target_run *run) {
	return param_ps(run, fpga_opts(run)->synth == FPGA_SYNTH_XILINX ? "lut_delay_ps" : "gate_delay_ps");
}

void fpga_timing_check(st_target_run *run, fpga_design *d) {
	int64_t per = level_ps(run), overhead = param_ps(run, "clock_overhead_ps");
	if (d->levels < 0 || per < 0)
		return;
	d->delay_ps = d->levels * per + (overhead > 0 ? overhead : 0);
	int64_t mhz = st_acg_int(run->graph, "clock_mhz", 0);
	if (mhz <= 0 || d->delay_ps * mhz <= 1000000)
		return;
	st_attr *loc = st_backend_acg_loc(run->ctx, run->opts->target, run->acg_text, "clock_mhz");
	st_diag_emit(st_diag_create(run->ctx, ST_SEV_WARNING, loc,
	                            "the design's critical path of %lld logic levels takes an estimated %.2f ns, over the "
	                            "clock's period of %.2f ns: it meets %.1f MHz, not clock_mhz = %lld",
	                            (long long)d->levels, (double)d->delay_ps / 1000.0, 1000.0 / (double)mhz,
	                            1e6 / (double)d->delay_ps, (long long)mhz));
}

void fpga_timing_report(const st_target_run *run, const fpga_design *d, st_json *obj) {
	int64_t mhz = st_acg_int(run->graph, "clock_mhz", 0);
	if (d->levels >= 0)
		st_json_set_int(obj, "levels", d->levels);
	else
		st_json_set_null(obj, "levels");
	if (d->delay_ps >= 0) {
		st_json_set_real(obj, "delay_ns", (double)d->delay_ps / 1000.0, 3);
		st_json_set_real(obj, "fmax_mhz", d->delay_ps ? 1e6 / (double)d->delay_ps : 0, 1);
	} else {
		st_json_set_null(obj, "delay_ns");
		st_json_set_null(obj, "fmax_mhz");
	}
	if (mhz > 0)
		st_json_set_int(obj, "clock_mhz", mhz);
	else
		st_json_set_null(obj, "clock_mhz");
	if (d->delay_ps >= 0 && mhz > 0)
		st_json_set_bool(obj, "meets_clock", d->delay_ps * mhz <= 1000000);
	else
		st_json_set_null(obj, "meets_clock");
}
