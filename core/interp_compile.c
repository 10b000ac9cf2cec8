/* Compiling a function for the interpreter: every value of its body gets a
 * slot number, every op becomes an st_interp_op with the slots of its
 * operands and results, its hook, its compiled regions and its successors
 * (with the operand ranges the branch interface forwards).  Running then
 * never searches the IR. */
#include "interp_internal.h"

#include "strata/dialect.h"

#include <string.h>

typedef struct compiler {
	st_interp *it;
	st__interp_map slots;  /* st_value -> slot + 1 */
	st__interp_map blocks; /* st_block -> st__interp_block */
	uint32_t nslots;
	bool failed;
} compiler;

static bool nested_in_frame(st_op *op) { return !st_op_has_trait(op, ST_TRAIT_ISOLATED_FROM_ABOVE); }

static void add_slot(compiler *c, st_value *v) {
	if (!st__interp_map_put(c->it->ctx, &c->slots, v, (void *)(uintptr_t)(++c->nslots)))
		c->failed = true;
}

static void number_region(compiler *c, st_region *r) {
	for (st_block *b = st_region_first_block(r); b && !c->failed; b = st_block_next(b)) {
		for (size_t i = 0; i < st_block_num_args(b); i++)
			add_slot(c, st_block_arg(b, i));
		for (st_op *op = st_block_first_op(b); op; op = st_op_next(op)) {
			for (size_t i = 0; i < st_op_num_results(op); i++)
				add_slot(c, st_op_result(op, i));
			if (nested_in_frame(op))
				for (size_t i = 0; i < st_op_num_regions(op); i++)
					number_region(c, st_op_region(op, i));
		}
	}
}

static uint32_t *slots_of(compiler *c, size_t n) {
	uint32_t *s = n ? st_interp_arena_alloc(c->it, n * sizeof *s) : NULL;
	if (n && !s)
		c->failed = true;
	return s;
}

static bool lookup_slot(compiler *c, const st_value *v, uint32_t *out) {
	uintptr_t s = (uintptr_t)st__interp_map_get(&c->slots, v);
	*out = (uint32_t)(s - 1);
	return s != 0;
}

static st_status compile_region(compiler *c, st_region *r, struct st__interp_region *out);

static st_status compile_op(compiler *c, st_op *op, st_interp_op *iop) {
	st_interp *it = c->it;
	const st_opdef *def = st_op_def(op);
	iop->op = op;
	iop->hook = def ? def->interp : NULL;
	iop->noperands = (uint32_t)st_op_num_operands(op);
	iop->nresults = (uint32_t)st_op_num_results(op);
	uint32_t *ops = slots_of(c, iop->noperands), *res = slots_of(c, iop->nresults);
	st_type **types = iop->nresults ? st_interp_arena_alloc(it, iop->nresults * sizeof *types) : NULL;
	if (c->failed || (iop->nresults && !types))
		return st__interp_oom(it);
	for (uint32_t i = 0; i < iop->noperands; i++)
		if (!lookup_slot(c, st_op_operand(op, i), &ops[i]))
			return st_op_error(op, "uses a value defined outside the function being interpreted");
	for (uint32_t i = 0; i < iop->nresults; i++) {
		lookup_slot(c, st_op_result(op, i), &res[i]);
		types[i] = st_value_type(st_op_result(op, i));
	}
	iop->operands = ops;
	iop->results = res;
	iop->result_types = types;
	if (nested_in_frame(op) && st_op_num_regions(op)) {
		iop->nregions = (uint32_t)st_op_num_regions(op);
		iop->regions = st_interp_arena_alloc(it, iop->nregions * sizeof *iop->regions);
		if (!iop->regions)
			return st__interp_oom(it);
		for (uint32_t i = 0; i < iop->nregions; i++)
			if (st_failed(compile_region(c, st_op_region(op, i), &iop->regions[i])))
				return ST_FAIL;
	}
	iop->nsuccessors = (uint32_t)st_op_num_successors(op);
	if (iop->nsuccessors) {
		iop->succs = st_interp_arena_alloc(it, iop->nsuccessors * sizeof *iop->succs);
		if (!iop->succs)
			return st__interp_oom(it);
		const st_branch_iface *br = st_op_interface(op, ST_IFACE_BRANCH);
		for (uint32_t i = 0; i < iop->nsuccessors; i++) {
			size_t start = 0, n = 0;
			if (br)
				br->successor_operands(op, i, &start, &n);
			iop->succs[i].block = st__interp_map_get(&c->blocks, st_op_successor(op, i));
			iop->succs[i].start = (uint32_t)start;
			iop->succs[i].count = (uint32_t)n;
			if (!iop->succs[i].block || n != iop->succs[i].block->nargs)
				return st_op_error(op, "has a successor the interpreter cannot follow");
		}
	}
	if (iop->hook && iop->hook->prepare && st_failed(iop->hook->prepare(it, iop)))
		return st__interp_oom(it);
	return ST_OK;
}

static st_status compile_region(compiler *c, st_region *r, struct st__interp_region *out) {
	st_interp *it = c->it;
	out->nblocks = (uint32_t)st_region_num_blocks(r);
	if (!out->nblocks)
		return ST_OK;
	out->blocks = st_interp_arena_alloc(it, out->nblocks * sizeof *out->blocks);
	if (!out->blocks)
		return st__interp_oom(it);
	/* Blocks first, so that branches to blocks further down resolve. */
	uint32_t k = 0;
	for (st_block *b = st_region_first_block(r); b; b = st_block_next(b), k++) {
		st__interp_block *cb = &out->blocks[k];
		cb->nargs = (uint32_t)st_block_num_args(b);
		uint32_t *args = slots_of(c, cb->nargs);
		for (uint32_t i = 0; !c->failed && i < cb->nargs; i++)
			lookup_slot(c, st_block_arg(b, i), &args[i]);
		cb->args = args;
		if (c->failed || !st__interp_map_put(it->ctx, &c->blocks, b, cb))
			return st__interp_oom(it);
	}
	k = 0;
	for (st_block *b = st_region_first_block(r); b; b = st_block_next(b), k++) {
		st__interp_block *cb = &out->blocks[k];
		for (st_op *op = st_block_first_op(b); op; op = st_op_next(op))
			cb->nops++;
		cb->ops = cb->nops ? st_interp_arena_alloc(it, cb->nops * sizeof *cb->ops) : NULL;
		if (c->failed || (cb->nops && !cb->ops))
			return st__interp_oom(it);
		uint32_t i = 0;
		for (st_op *op = st_block_first_op(b); op; op = st_op_next(op), i++)
			if (st_failed(compile_op(c, op, &cb->ops[i])))
				return ST_FAIL;
	}
	return ST_OK;
}

const st__interp_func *st__interp_get_func(st_interp *it, st_op *fn) {
	st__interp_func *f = st__interp_map_get(&it->funcs, fn);
	if (f)
		return f;
	const st_callable_iface *ci = st_op_interface(fn, ST_IFACE_CALLABLE);
	st_region *body = ci ? ci->body(fn) : NULL;
	if (!body || st_region_is_empty(body))
		return NULL;
	f = st_interp_arena_alloc(it, sizeof *f);
	if (!f) {
		st__interp_oom(it);
		return NULL;
	}
	compiler c = {.it = it};
	number_region(&c, body);
	st_status s = c.failed ? st__interp_oom(it) : compile_region(&c, body, &f->body);
	st__interp_map_free(it->ctx, &c.slots);
	st__interp_map_free(it->ctx, &c.blocks);
	if (st_failed(s)) {
		if (it->failure == ST_INTERP_OK)
			it->failure = ST_INTERP_UNSUPPORTED;
		return NULL;
	}
	f->fn = fn;
	f->nslots = c.nslots;
	if (!st__interp_map_put(it->ctx, &it->funcs, fn, f)) {
		st__interp_oom(it);
		return NULL;
	}
	return f;
}
