/* Semantics of the builtin ops.  builtin.module holds functions and is never
 * executed (it has no hook).  builtin.unrealized_conversion_cast, left
 * behind by a partial conversion, passes values through when each result
 * holds the same bits as its input (same type, or integers of one width,
 * or memrefs of one element type and rank); anything else has no meaning
 * the interpreter could guess. */
#include "interp_internal.h"

static bool same_bits(const st_type *a, const st_type *b) {
	if (a == b)
		return true;
	unsigned wa = st_interp_int_width(a), wb = st_interp_int_width(b);
	if (wa && wa == wb)
		return true;
	return st_type_get_kind(a) == ST_TYPE_MEMREF && st_type_get_kind(b) == ST_TYPE_MEMREF &&
	       st_type_element(a) == st_type_element(b) && st_type_rank(a) == st_type_rank(b);
}

static st_status exec_cast(st_interp_exec *x) {
	const st_interp_op *iop = x->iop;
	char a[128], b[128];
	if (iop->noperands != iop->nresults)
		return st_interp_error(x, "cannot interpret '%s' from %u values to %u", st_op_name_cstr(iop->op),
		                       iop->noperands, iop->nresults);
	for (uint32_t i = 0; i < iop->nresults; i++) {
		const st_ival *v = st_interp_operand(x, i);
		st_type *to = st_interp_result_type(x, i);
		if (!same_bits(v->type, to))
			return st_interp_error(x, "cannot interpret '%s' from '%s' to '%s'", st_op_name_cstr(iop->op),
			                       st_type_str(st_interp_exec_context(x), v->type, a, sizeof a),
			                       st_type_str(st_interp_exec_context(x), to, b, sizeof b));
		st_ival r = st_ival_retain(v);
		r.type = to;
		st_interp_set_result(x, i, r);
	}
	return ST_OK;
}

const st_interp_hook st__interp_cast_hook = {.exec = exec_cast};
