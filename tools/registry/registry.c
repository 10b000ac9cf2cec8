/* The dialects and passes every Strata tool registers. */
#include "strata/registry.h"
#include "strata/accel.h"
#include "strata/acg.h"
#include "strata/affine.h"
#include "strata/arith.h"
#include "strata/calyx.h"
#include "strata/cgra.h"
#include "strata/cgra_backend.h"
#include "strata/cf.h"
#include "strata/comb.h"
#include "strata/conversions/affine_to_calyx.h"
#include "strata/conversions/affine_to_codelet.h"
#include "strata/conversions/affine_to_rda.h"
#include "strata/rda_backend.h"
#include "strata/conversions/affine_to_ub.h"
#include "strata/conversions/arith_soft_float.h"
#include "strata/conversions/calyx_to_hw.h"
#include "strata/conversions/srdfg_to_affine.h"
#include "strata/conversions/ub_to_hw.h"
#include "strata/func.h"
#include "strata/hw.h"
#include "strata/math.h"
#include "strata/memref.h"
#include "strata/pass.h"
#include "strata/scf.h"
#include "strata/seq.h"
#include "strata/srdfg.h"
#include "strata/ub.h"
#include "strata/ub_analysis.h"
#include "strata/verilog.h"
#include "strata/pmlang.h"
#include "strata/halide.h"
#include "strata/rda.h"
#include "strata/codelet.h"
#include "strata/systolic.h"

st_status st_register_all_dialects(st_context *ctx) {
	st_status (*const regs[])(st_context *) = {
		st_register_func_dialect,
		st_register_arith_dialect,
		st_register_cf_dialect,
		st_register_scf_dialect,
		st_register_math_dialect,
		st_register_memref_dialect,
		st_register_acg_dialect,
		st_register_hw_dialect,
		st_register_comb_dialect,
		st_register_seq_dialect,
		st_register_affine_dialect,
		st_register_calyx_dialect,
		st_register_ub_dialect,
		st_register_accel_dialect,
		st_register_srdfg_dialect,
		st_register_rda_dialect,
		st_register_codelet_dialect,
		st_register_cgra_dialect,
	};
	for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++)
		if (st_failed(regs[i](ctx)))
			return ST_FAIL;
	return ST_OK;
}

st_status st_register_all_passes(st_context *ctx) {
	/* Dialect-specific passes are added after the core's. */
	if (st_failed(st_register_core_passes(ctx)))
		return ST_FAIL;
	if (st_failed(st_register_calyx_passes(ctx)) || st_failed(st_register_calyx_to_hw_passes(ctx)))
		return ST_FAIL;
	if (st_failed(st_register_ub_analysis_passes(ctx)) || st_failed(st_register_affine_to_ub_passes(ctx)))
		return ST_FAIL;
	if (st_failed(st_register_ub_to_hw_passes(ctx)))
		return ST_FAIL;
	if (st_failed(st_register_affine_passes(ctx)))
		return ST_FAIL;
	if (st_failed(st_register_srdfg_to_affine_passes(ctx)))
		return ST_FAIL;
	if (st_failed(st_register_srdfg_passes(ctx)))
		return ST_FAIL;
	if (st_failed(st_register_codelet_passes(ctx)) || st_failed(st_register_systolic_passes(ctx)) ||
	    st_failed(st_register_affine_to_codelet_passes(ctx)))
		return ST_FAIL;
	if (st_failed(st_register_memref_passes(ctx)))
		return ST_FAIL;
	if (st_failed(st_register_arith_soft_float_passes(ctx)))
		return ST_FAIL;
	if (st_failed(st_register_cgra_passes(ctx)))
		return ST_FAIL;
	if (st_failed(st_register_affine_to_rda_passes(ctx)) || st_failed(st_register_rda_backend(ctx)))
		return ST_FAIL;
	return st_register_affine_to_calyx_passes(ctx);
}

st_status st_register_all_translations(st_context *ctx) {
	if (st_failed(st_register_pmlang_translations(ctx)))
		return ST_FAIL;
	if (st_failed(st_register_halide_translations(ctx)) || st_failed(st_register_systolic_translations(ctx)))
		return ST_FAIL;
	if (st_failed(st_register_cgra_translations(ctx)))
		return ST_FAIL;
	return st_register_verilog_translations(ctx);
}
