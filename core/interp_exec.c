/* Running compiled code: the block loop (step budget, trace, branches and
 * yields), the region API of ops with regions, and calls with their frames.
 * Everything about what an op means is in its hook. */
#include "interp_internal.h"

#include <stdio.h>
#include <string.h>

/* ----------------------------------------------------------------- trace */

/* An op being traced whose nested ops may print lines: its own line opens
 * with `{` when the first nested line appears, and closes with its results. */
typedef struct st__trace_frame {
	const st_interp_op *iop;
	const st_ival *slots;
	bool printed;
	unsigned depth;
	struct st__trace_frame *outer;
} trace_frame;

static void tw(st_interp *it, const char *s) { it->opts.trace(it->opts.trace_ud, s, strlen(s)); }

static void trace_vals(st_interp *it, const st_ival *slots, const uint32_t *idx, uint32_t n) {
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			tw(it, ", ");
		st_ival_print(it, &slots[idx[i]], it->opts.trace, it->opts.trace_ud);
	}
}

static void trace_head(st_interp *it, const trace_frame *tf) {
	char buf[64];
	st_op *op = tf->iop->op;
	for (unsigned i = 0; i < tf->depth; i++)
		tw(it, "  ");
	const st_attr *loc = st_loc_find_file(st_op_loc(op));
	if (loc) {
		tw(it, st_ident_cstr(st_loc_filename(loc)));
		snprintf(buf, sizeof buf, ":%u:%u: ", st_loc_line(loc), st_loc_col(loc));
		tw(it, buf);
	}
	tw(it, "\"");
	tw(it, st_op_name_cstr(op));
	tw(it, "\"(");
	trace_vals(it, tf->slots, tf->iop->operands, tf->iop->noperands);
	tw(it, ")");
	if (st_attr_dict_size(st_op_attrs(op))) {
		tw(it, " ");
		st_print_attr(it->ctx, st_op_attrs(op), it->opts.trace, it->opts.trace_ud);
	}
}

static void trace_results(st_interp *it, const trace_frame *tf) {
	if (tf->iop->nresults) {
		tw(it, " -> ");
		trace_vals(it, tf->slots, tf->iop->results, tf->iop->nresults);
	}
	tw(it, "\n");
}

static void trace_open(st_interp *it, trace_frame *tf) {
	if (!tf || tf->printed)
		return;
	trace_open(it, tf->outer);
	trace_head(it, tf);
	tw(it, " {\n");
	tf->printed = true;
}

static void trace_close(st_interp *it, trace_frame *tf) {
	if (tf->printed) {
		for (unsigned i = 0; i < tf->depth; i++)
			tw(it, "  ");
		tw(it, "}");
	} else {
		trace_open(it, tf->outer);
		trace_head(it, tf);
	}
	trace_results(it, tf);
}

/* ------------------------------------------------------------ the loop */

static bool grow_tmp(st_interp *it, size_t n) {
	return n <= it->tmp_cap || st_ctx_grow(it->ctx, (void **)&it->tmp, &it->tmp_cap, NULL, sizeof *it->tmp, n);
}

/* Moves values into slots as one parallel assignment (a branch may pass a
 * block's own arguments back to it in another order). */
/* The slot lists come with offsets rather than as offset pointers: an op
 * without operands or results has NULL lists, and NULL + 0 is undefined. */
static st_status parallel_copy(st_interp *it, st_ival *slots, const uint32_t *from, size_t from_at, const uint32_t *to,
                               size_t to_at, size_t n) {
	if (!grow_tmp(it, n))
		return st__interp_oom(it);
	for (size_t i = 0; i < n; i++)
		it->tmp[i] = st_ival_retain(&slots[from[from_at + i]]);
	for (size_t i = 0; i < n; i++) {
		st_ival *d = &slots[to[to_at + i]];
		if (st_ival_counted(d))
			st_ival_release(it, d);
		*d = it->tmp[i];
	}
	return ST_OK;
}

/* Runs `r` from its entry block until a terminator yields; `out` learns
 * which op yielded which operands. */
static st_status run_region(st_interp *it, st__interp_frame *fr, const struct st__interp_region *r,
                            st_interp_exec *out) {
	const st__interp_block *b = &r->blocks[0];
	uint64_t limit = it->opts.max_steps ? it->opts.max_steps : UINT64_MAX;
	st_interp_exec x = {.interp = it, .slots = fr->slots, .frame = fr};
	for (;;) {
		x.branch = -1;
		x.yield = false;
		const st_interp_op *iop = b->ops, *end = b->ops + b->nops;
		for (; iop != end; iop++) {
			x.iop = iop;
			if (it->steps >= limit)
				return st__interp_report_c(it, fr, x.iop->op, ST_INTERP_STEPS, "execution exceeded the step budget of %llu operations",
				                  (unsigned long long)limit);
			it->steps++;
			if (!iop->hook)
				return st__interp_report_c(it, fr, x.iop->op, ST_INTERP_UNSUPPORTED, "no interpreter semantics for '%s'",
				                  st_op_name_cstr(iop->op));
			if (!it->observed) {
				if (st_failed(iop->hook->exec(&x)))
					return ST_FAIL;
				continue;
			}
			if (it->opts.on_op)
				it->opts.on_op(it->opts.on_op_ud, iop->op);
			if (!it->opts.trace) {
				if (st_failed(iop->hook->exec(&x)))
					return ST_FAIL;
				continue;
			}
			trace_frame tf = {iop, fr->slots, false, it->trace_depth, it->trace_top};
			it->trace_top = &tf;
			it->trace_depth++;
			st_status s = iop->hook->exec(&x);
			it->trace_depth--;
			it->trace_top = tf.outer;
			if (st_failed(s))
				return ST_FAIL;
			trace_close(it, &tf);
		}
		if (x.branch >= 0) {
			const st_interp_op *t = end - 1;
			const struct st__interp_succ *s = &t->succs[x.branch];
			if (st_failed(parallel_copy(it, fr->slots, t->operands, s->start, s->block->args, 0, s->count)))
				return ST_FAIL;
			b = s->block;
			continue;
		}
		if (x.yield) {
			out->yielder = end - 1;
			out->yielded_start = x.yield_start;
			out->yielded_count = x.yield_count;
			return ST_OK;
		}
		if (b->nops)
			return st__interp_report_c(it, fr, x.iop->op, ST_INTERP_UNSUPPORTED, "execution reached the end of a block after '%s'",
			                  st_op_name_cstr(x.iop->op));
		/* Only a region without terminators (which nothing executes) has one. */
		return st__interp_report_c(it, fr, NULL, ST_INTERP_UNSUPPORTED, "execution reached an empty block");
	}
}

/* ------------------------------------------------------- region API */

void st_interp_set_op_region_arg(st_interp_exec *x, const st_interp_op *owner, size_t region, size_t i, st_ival v) {
	st_ival *slot = &x->slots[owner->regions[region].blocks[0].args[i]];
	if (st_ival_counted(slot))
		st_ival_release(x->interp, slot);
	*slot = v;
}

const st_ival *st_interp_region_arg(const st_interp_exec *x, size_t region, size_t i) {
	return &x->slots[x->iop->regions[region].blocks[0].args[i]];
}

void st_interp_set_region_arg(st_interp_exec *x, size_t region, size_t i, st_ival v) {
	st_interp_set_op_region_arg(x, x->iop, region, i, v);
}

st_status st_interp_run_op_region(st_interp_exec *x, const st_interp_op *owner, size_t region) {
	const struct st__interp_region *r = &owner->regions[region];
	if (!r->nblocks)
		return st_interp_error(x, "region #%zu of '%s' is empty", region, st_op_name_cstr(owner->op));
	return run_region(x->interp, x->frame, r, x);
}

st_status st_interp_run_region(st_interp_exec *x, size_t region) {
	return st_interp_run_op_region(x, x->iop, region);
}

size_t st_interp_num_yielded(const st_interp_exec *x) { return x->yielded_count; }

const st_ival *st_interp_yielded(const st_interp_exec *x, size_t i) {
	return &x->slots[x->yielder->operands[x->yielded_start + i]];
}

st_status st_interp_forward(st_interp_exec *x, size_t skip, int region, size_t first) {
	size_t n = x->yielded_count - skip;
	const uint32_t *to = region < 0 ? x->iop->results : x->iop->regions[region].blocks[0].args;
	return parallel_copy(x->interp, x->slots, x->yielder->operands, x->yielded_start + skip, to, first, n);
}

/* --------------------------------------------------------------- calls */

static const char *fn_name(st_op *fn) {
	st_ident *n = st_symbol_name(fn);
	return n ? st_ident_cstr(n) : "?";
}

/* Compiles `callee` and makes its frame (slots all empty). */
static st_status frame_open(st_interp *it, st__interp_frame *fr, st__interp_frame *parent, const st_interp_op *site,
                            st_op *callee) {
	memset(fr, 0, sizeof *fr);
	fr->parent = parent;
	fr->call_site = site;
	fr->depth = parent ? parent->depth + 1 : 0;
	st_op *at = site ? site->op : callee;
	if (fr->depth >= it->opts.max_depth)
		return st__interp_report_c(it, parent, at, ST_INTERP_STEPS, "call depth exceeded the limit of %u nested calls",
		                           it->opts.max_depth);
	fr->func = st__interp_get_func(it, callee);
	if (!fr->func) {
		if (it->failure != ST_INTERP_OK)
			return ST_FAIL;
		return st__interp_report_c(it, parent, at, ST_INTERP_UNSUPPORTED,
		                           "cannot interpret '@%s': the function has no body", fn_name(callee));
	}
	if (fr->func->nslots) {
		fr->slots = st_ctx_alloc(it->ctx, fr->func->nslots * sizeof *fr->slots);
		if (!fr->slots)
			return st__interp_oom(it);
		memset(fr->slots, 0, fr->func->nslots * sizeof *fr->slots);
	}
	return ST_OK;
}

static void frame_close(st_interp *it, st__interp_frame *fr) {
	if (fr->slots) {
		for (uint32_t i = 0; i < fr->func->nslots; i++)
			if (st_ival_counted(&fr->slots[i]))
				st_ival_release(it, &fr->slots[i]);
		st_ctx_free(it->ctx, fr->slots, fr->func->nslots * sizeof *fr->slots);
	}
	for (size_t i = 0; i < fr->nstack; i++)
		st__interp_buffer_kill(it, fr->stack_bufs[i]);
	if (fr->stack_cap)
		st_ctx_free(it->ctx, fr->stack_bufs, fr->stack_cap * sizeof *fr->stack_bufs);
}

static st_ival *entry_arg(st__interp_frame *fr, size_t i) {
	return &fr->slots[fr->func->body.blocks[0].args[i]];
}

/* Runs the body; on success `ret` says what the return op yielded. */
static st_status frame_run(st_interp *it, st__interp_frame *fr, bool allow_poison, st_interp_exec *ret) {
	memset(ret, 0, sizeof *ret);
	ret->interp = it;
	ret->slots = fr->slots;
	ret->frame = fr;
	if (st_failed(run_region(it, fr, &fr->func->body, ret)))
		return ST_FAIL;
	ret->iop = ret->yielder;
	for (uint32_t i = 0; !allow_poison && i < ret->yielded_count; i++)
		if (st_interp_yielded(ret, i)->poison)
			return st_interp_ub(ret, "poison value returned as result #%u by '%s'", i,
			                    st_op_name_cstr(ret->yielder->op));
	return ST_OK;
}

st_status st_interp_call_op(st_interp_exec *x, st_op *callee, size_t first_operand) {
	st_interp *it = x->interp;
	const st_interp_op *site = x->iop;
	size_t nargs = site->noperands - first_operand;
	for (size_t i = 0; i < nargs; i++)
		if (st_interp_operand(x, first_operand + i)->poison)
			return st_interp_ub(x, "poison value passed as argument #%zu of '%s'", i, st_op_name_cstr(site->op));
	st__interp_frame fr;
	st_status s = frame_open(it, &fr, x->frame, site, callee);
	if (st_succeeded(s) && (fr.func->body.blocks[0].nargs != nargs))
		s = st_interp_error(x, "'@%s' takes %u arguments, %zu given", fn_name(callee), fr.func->body.blocks[0].nargs,
		                    nargs);
	if (st_succeeded(s)) {
		for (size_t i = 0; i < nargs; i++)
			*entry_arg(&fr, i) = st_ival_retain(st_interp_operand(x, first_operand + i));
		st_interp_exec ret;
		s = frame_run(it, &fr, false, &ret);
		if (st_succeeded(s) && ret.yielded_count != site->nresults)
			s = st_interp_error(x, "'@%s' returned %u values, %u expected", fn_name(callee), ret.yielded_count,
			                    site->nresults);
		for (uint32_t i = 0; st_succeeded(s) && i < site->nresults; i++)
			st_interp_set_result(x, i, st_ival_retain(st_interp_yielded(&ret, i)));
	}
	if (fr.func)
		frame_close(it, &fr);
	return s;
}

st_status st_interp_call(st_interp *it, st_op *fn, size_t nargs, const st_ival *args, size_t nresults,
                         st_ival *results) {
	char a[128], b[128];
	it->failure = ST_INTERP_OK;
	it->steps = 0;
	for (size_t i = 0; i < nresults; i++)
		memset(&results[i], 0, sizeof results[i]);
	const st_callable_iface *ci = st_op_interface(fn, ST_IFACE_CALLABLE);
	st_type *ft = ci && ci->function_type ? ci->function_type(fn) : NULL;
	if (!ft)
		return st__interp_report_c(it, NULL, fn, ST_INTERP_UNSUPPORTED, "'%s' is not a function",
		                           st_op_name_cstr(fn));
	if (st_type_num_inputs(ft) != nargs)
		return st__interp_report_c(it, NULL, fn, ST_INTERP_UNSUPPORTED, "'@%s' takes %zu arguments, %zu given",
		                           fn_name(fn), st_type_num_inputs(ft), nargs);
	if (st_type_num_results(ft) != nresults)
		return st__interp_report_c(it, NULL, fn, ST_INTERP_UNSUPPORTED, "'@%s' returns %zu values, %zu expected",
		                           fn_name(fn), st_type_num_results(ft), nresults);
	for (size_t i = 0; i < nargs; i++)
		if (args[i].type != st_type_input(ft, i))
			return st__interp_report_c(it, NULL, fn, ST_INTERP_UNSUPPORTED,
			                           "argument #%zu of '@%s' has type '%s', expected '%s'", i, fn_name(fn),
			                           st_type_str(it->ctx, args[i].type, a, sizeof a),
			                           st_type_str(it->ctx, st_type_input(ft, i), b, sizeof b));
	st__interp_frame fr;
	st_status s = frame_open(it, &fr, NULL, NULL, fn);
	if (st_succeeded(s)) {
		for (size_t i = 0; i < nargs; i++)
			*entry_arg(&fr, i) = st_ival_retain(&args[i]);
		st_interp_exec ret;
		s = frame_run(it, &fr, it->opts.allow_poison_results, &ret);
		for (size_t i = 0; st_succeeded(s) && i < nresults; i++)
			results[i] = st_ival_retain(st_interp_yielded(&ret, i));
	}
	if (fr.func)
		frame_close(it, &fr);
	return s;
}
