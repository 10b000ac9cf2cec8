/* The lower-to-calyx pass: a module of func/affine/scf/arith/memref becomes
 * one calyx.component per function (the top one marked `toplevel`, its
 * memref arguments external memories).  Affine ops are first lowered by the
 * affine dialect's own lower-affine pass, run from here, so the lowering
 * proper sees scf/arith/memref only. */
#include "a2c.h"
#include "strata/func.h"
#include "strata/pass.h"
#include "strata/conversions/affine_to_calyx.h"


typedef struct options {
	const char *top;
	bool pipeline;
	int64_t parallel;
	int memories;
	int64_t read_ports;
} options;

static const char *const memory_kinds[] = {"comb", "seq", NULL};

static const st_pass_option_def option_defs[] = {
	{"top", "the function that becomes the toplevel component (default: the only public one)", ST_PASS_OPT_STRING,
	 "", offsetof(options, top), NULL},
	{"pipeline", "pipeline innermost loops with a static (modulo) schedule", ST_PASS_OPT_BOOL, "false",
	 offsetof(options, pipeline), NULL},
	{"parallel", "threads of each affine.parallel (a power of two up to 16; its shared memories are banked; 1: "
	             "sequential)", ST_PASS_OPT_INT, "4", offsetof(options, parallel), NULL},
	{"memories", "the memories: comb (read in the same cycle) or seq (registered read, one cycle)",
	 ST_PASS_OPT_ENUM, "comb", offsetof(options, memories), memory_kinds},
	{"read-ports", "read ports of a memory (1 to 4): a pipelined loop reads a memory it does not write that many "
	               "times a cycle (the target's block RAM ports)",
	 ST_PASS_OPT_INT, "1", offsetof(options, read_ports), NULL},
};

/* ------------------------------------------------------------ checking */

/* Floats are integers by the time this pass runs: arith-soft-float
 * (memrefs, scalars) makes f32 and f64 their bits (docs/soft-float.md), so
 * a float here had no such pass before it, and the message says which. */
static const char *type_problem(const st_type *t) {
	if (st_type_is_float(t))
		return "floating-point values cannot be lowered to calyx (only integers and index; arith-soft-float with "
		       "memrefs and scalars makes f32 and f64 their bits)";
	if (st_type_get_kind(t) == ST_TYPE_MEMREF) {
		int64_t n = st_type_num_elements_static(t);
		if (n == -2)
			return "memrefs of more than 2^63 elements cannot be lowered to calyx";
		if (n < 0)
			return "memrefs with dynamic shapes cannot be lowered to calyx (memories have static sizes)";
		if (!st__a2c_width(st_type_element(t)))
			return st_type_is_float(st_type_element(t))
			           ? "memrefs of floats cannot be lowered to calyx (only memrefs of integers; arith-soft-float "
			             "with memrefs makes f32 and f64 ones memories of their bits)"
			           : "only memrefs of integers can be lowered to calyx";
		if (st_type_rank(t) < 1 || st_type_rank(t) > 4)
			return "calyx memories have 1 to 4 dimensions";
		if (st_type_memref_layout(t))
			return "memrefs with a layout cannot be lowered to calyx";
		return NULL;
	}
	if (!st__a2c_width(t) && st_type_get_kind(t) != ST_TYPE_FUNCTION)
		return "only integer, index and memref values can be lowered to calyx";
	if (st__a2c_width(t) > 64)
		return "integers wider than 64 bits cannot be lowered to calyx";
	return NULL;
}

typedef struct checker {
	st_status status;
} checker;

static st_walk_result check_op(st_op *op, void *ud) {
	checker *ck = ud;
	const char *why = NULL;
	for (size_t i = 0; !why && i < st_op_num_results(op); i++)
		why = type_problem(st_value_type(st_op_result(op, i)));
	for (size_t i = 0; !why && i < st_op_num_operands(op); i++)
		why = type_problem(st_value_type(st_op_operand(op, i)));
	for (size_t r = 0; !why && r < st_op_num_regions(op); r++)
		if (st_region_num_blocks(st_op_region(op, r)) > 1)
			why = "regions with several blocks (unstructured control flow) cannot be lowered to calyx";
	if (!why)
		why = st__a2c_table_problem(op);
	/* lower-affine rebuilds affine ops without their other attributes. */
	if (!why && st_op_get_attr(op, "calyx.par") && !strncmp(st_op_name_cstr(op), "affine.", 7))
		why = "calyx.par would be dropped by lower-affine: mark scf ops (e.g. scf.for) instead";
	if (why) {
		ck->status = st_op_error(op, "lower-to-calyx: %s", why);
		return ST_WALK_INTERRUPT;
	}
	return ST_WALK_ADVANCE;
}

st_status st__a2c_check_func(st_op *func) {
	st_block *b = st_region_first_block(st_op_region(func, 0));
	for (size_t i = 0; i < st_block_num_args(b); i++) {
		st_type *t = st_value_type(st_block_arg(b, i));
		const char *why = type_problem(t);
		if (why)
			return st_op_error(func, "lower-to-calyx: argument #%zu: %s", i, why);
	}
	st_type *ft = st_attr_type_value(st_op_get_attr(func, "function_type"));
	for (size_t i = 0; i < st_type_num_results(ft); i++)
		if (!st__a2c_width(st_type_result(ft, i)) || st__a2c_width(st_type_result(ft, i)) > 64)
			return st_op_error(func, "lower-to-calyx: result #%zu: only integer and index results can be "
			                         "lowered to calyx", i);
	checker ck = {ST_OK};
	st_walk(func, ST_WALK_PRE, check_op, &ck);
	return ck.status;
}

/* ----------------------------------------------------------- components */

/* The component op with its ports (st__a2c_ports.c), an empty wires and a
 * control holding one seq. */
static st_op *make_component(st__a2c_comp *c, bool top, st_block **seq_out) {
	st_context *ctx = c->ctx;
	st_op *f = c->func;
	size_t cap = st__a2c_func_ports_cap(f), nin;
	st__a2c_port *ports = st_ctx_alloc(ctx, cap * sizeof *ports);
	st_type **types = st_ctx_alloc(ctx, cap * sizeof *types);
	st_attr **names = st_ctx_alloc(ctx, cap * sizeof *names), **pattrs = st_ctx_alloc(ctx, cap * sizeof *pattrs);
	st_op *comp = NULL;
	if (!ports || !types || !names || !pattrs)
		goto out;
	size_t k = st__a2c_func_ports(c, f, top, ports, &nin);
	for (size_t i = 0; i < k; i++)
		types[i] = ports[i].type, names[i] = ports[i].name, pattrs[i] = ports[i].attrs;
	c->result_port = nin;
	const char *an[] = {"sym_name", "function_type", "portNames", "portAttributes"};
	st_attr *av[] = {st_op_get_attr(f, "sym_name"), st_type_attr(ctx, st_function_type(ctx, nin, types, k - nin, types + nin)),
	                 st_array_attr(ctx, k, names), st_array_attr(ctx, k, pattrs)};
	comp = st__a2c_create(c, "calyx.component", st_op_loc(f), 0, NULL, 0, NULL, st__a2c_named(c, 4, an, av), 1);
	st_block *body = comp ? st__a2c_region_block(c, comp, 0) : NULL;
	for (size_t i = 0; body && i < k; i++)
		if (!st_block_add_arg(body, types[i], st_op_loc(f)))
			body = NULL;
	c->comp = comp, c->body = body;
	c->wires = body ? st__a2c_ctl(c, body, "calyx.wires", st_op_loc(f), 0, NULL, NULL, 1) : NULL;
	st_op *control = c->wires ? st__a2c_ctl(c, body, "calyx.control", st_op_loc(f), 0, NULL, NULL, 1) : NULL;
	c->wires_body = c->wires ? st__a2c_region_block(c, c->wires, 0) : NULL;
	c->control = control ? st__a2c_region_block(c, control, 0) : NULL;
	st_op *seq = c->control ? st__a2c_ctl(c, c->control, "calyx.seq", st_op_loc(f), 0, NULL, NULL, 1) : NULL;
	*seq_out = seq ? st__a2c_region_block(c, seq, 0) : NULL;
	/* Arguments: scalars read their ports; a memref of a function that
	 * is not the top one is reached through its ports. */
	st_block *fb = st_region_first_block(st_op_region(f, 0));
	for (size_t i = 0; *seq_out && i < k; i++) {
		if (ports[i].arg < 0)
			continue;
		st_value *a = st_block_arg(fb, (size_t)ports[i].arg), *p = st_block_arg(body, i);
		if (ports[i].slot < 0) {
			if (!st__a2c_bind(c, a, st__a2c_val_new(c, p)))
				*seq_out = NULL;
			continue;
		}
		st__a2c_mem *m = st__a2c_map_get(&c->mems, a);
		if (!m && !(m = st__a2c_mem_ports(c, a, st_value_type(a))))
			*seq_out = NULL;
		else
			m->port[ports[i].slot] = p;
	}
	if (!*seq_out && comp) {
		st_op_destroy(comp);
		comp = c->comp = NULL;
	}
out:
	st_ctx_free(ctx, ports, cap * sizeof *ports);
	st_ctx_free(ctx, types, cap * sizeof *types);
	st_ctx_free(ctx, names, cap * sizeof *names);
	st_ctx_free(ctx, pattrs, cap * sizeof *pattrs);
	return comp;
}

/* The top function's memrefs are its external memories. */
static bool bind_memories(st__a2c_comp *c, bool top) {
	st_block *fb = st_region_first_block(st_op_region(c->func, 0));
	for (size_t i = 0; top && i < st_block_num_args(fb); i++) {
		st_value *a = st_block_arg(fb, i);
		st_type *t = st_value_type(a);
		if (st_type_get_kind(t) != ST_TYPE_MEMREF)
			continue;
		char name[64];
		st__a2c_arg_name(c->func, i, true, name, sizeof name);
		if (!st__a2c_mem_new(c, a, t, name, true, NULL, st_op_loc(c->func)))
			return false;
	}
	return true;
}

static void comp_free(st__a2c_comp *c) {
	for (st__a2c_val *v = c->all_vals, *n; v; v = n)
		n = v->next, st_ctx_free(c->ctx, v, sizeof *v);
	for (st__a2c_mem *m = c->all_mems, *n; m; m = n)
		n = m->next, st_ctx_free(c->ctx, m, sizeof *m);
	st__a2c_map_free(&c->vals);
	st__a2c_map_free(&c->mems);
	st__a2c_map_free(&c->banks);
}

static st_op *lower_func(st_op *module, st_op *func, bool top, const options *o) {
	st__a2c_comp c;
	memset(&c, 0, sizeof c);
	c.ctx = st_op_context(func), c.module = module, c.func = func, c.pipeline = o->pipeline;
	c.seq_mems = o->memories == 1;
	c.read_ports = (unsigned)o->read_ports;
	st__a2c_map_init(&c.vals, c.ctx);
	st__a2c_map_init(&c.mems, c.ctx);
	st__a2c_map_init(&c.banks, c.ctx);
	st_block *seq;
	bool ok = st__a2c_par_plan(&c, o->parallel) && make_component(&c, top, &seq) && bind_memories(&c, top) &&
	          st__a2c_lower_block(&c, st_region_first_block(st_op_region(func, 0)), seq);
	if (ok && top)
		st_op_set_attr(c.comp, "toplevel", st_unit_attr(c.ctx));
	if (ok && c.max_ii)
		st_op_set_attr(c.comp, "calyx.ii", st_integer_attr(c.ctx, st__a2c_int(&c, 64), c.max_ii));
	if (!ok && c.comp) {
		st_op_destroy(c.comp);
		c.comp = NULL;
	}
	comp_free(&c);
	return c.comp;
}

/* ------------------------------------------------------------------ pass */

static bool is_func(st_op *op) { return !strcmp(st_op_name_cstr(op), "func.func") && !st_region_is_empty(st_op_region(op, 0)); }

static st_status run(st_pass *pass, st_op *module) {
	const options *o = st_pass_options(pass);
	st_context *ctx = st_pass_context(pass);
	if (o->parallel < 1 || o->parallel > A2C_MAX_BANKS || (o->parallel & (o->parallel - 1)))
		return st_pass_option_error(pass, "parallel", module,
		                            "lower-to-calyx: option parallel=%lld: the threads of an affine.parallel are "
		                            "a power of two from 1 to %d",
		                            (long long)o->parallel, A2C_MAX_BANKS);
	if (o->read_ports < 1 || o->read_ports > ST_CALYX_MAX_READ_PORTS)
		return st_pass_option_error(pass, "read-ports", module,
		                            "lower-to-calyx: option read-ports=%lld: a memory has 1 to %d read ports",
		                            (long long)o->read_ports, ST_CALYX_MAX_READ_PORTS);
	st_op *top = st_func_find_top(module, o->top ? o->top : "", "lower-to-calyx", "the top one");
	if (!top)
		return ST_FAIL;
	st_block *mb = st_region_first_block(st_op_region(module, 0));
	for (st_op *op = st_block_first_op(mb); op; op = st_op_next(op))
		if (is_func(op) && st_failed(st__a2c_check_func(op)))
			return ST_FAIL;
	st_pass_manager *pm = st_pass_manager_create(ctx, "builtin.module");
	st_pass_instrument ins = {.verify_each = false};
	if (!pm)
		return ST_FAIL;
	st_pass_manager_set_instrument(pm, &ins);
	st__a2c_par_marks marks = {.ctx = ctx};
	st_status s = o->parallel == 1 || st__a2c_par_mark(module, &marks) ? ST_OK : ST_FAIL;
	if (st_succeeded(s))
		s = st_pass_manager_add(pm, "lower-affine", NULL);
	/* Index arithmetic of affine maps arrives unsimplified (the Halide
	 * frontend's tile offsets `d0 * 62 + d2 - d0 * 62`, single-iteration
	 * tile loops): every multiplication left would be a multi-cycle
	 * std_mult_pipe group per access, most of the .hl cascade's cycles. */
	if (st_succeeded(s))
		s = st_pass_manager_add(pm, "canonicalize", NULL);
	/* Dividers are w cycles deep: a constant divisor's multiplier, 3. */
	if (st_succeeded(s))
		s = st_pass_manager_add(pm, "div-by-constant", NULL);
	if (st_succeeded(s))
		s = st_pass_manager_add(pm, "cse", NULL);
	if (st_succeeded(s))
		s = st_pass_manager_run(pm, module);
	st__a2c_par_unmark(module, &marks);
	st_pass_manager_destroy(pm);
	if (st_failed(s))
		return ST_FAIL;
	/* Build every component before changing the module, so that a failure
	 * leaves the functions as they were. */
	size_t n = 0, cap = 0;
	st_op **made = NULL, **funcs = NULL;
	for (st_op *op = st_block_first_op(mb); op; op = st_op_next(op)) {
		if (!is_func(op))
			continue;
		st_op *comp = lower_func(module, op, op == top, o);
		if (!comp || !st_ctx_grow(ctx, (void **)&made, &cap, NULL, sizeof *made, n + 1)) {
			if (comp)
				st_op_destroy(comp);
			s = ST_FAIL;
			break;
		}
		made[n++] = comp;
	}
	if (st_succeeded(s) && n && !(funcs = st_ctx_alloc(ctx, n * sizeof *funcs)))
		s = ST_FAIL;
	size_t k = 0;
	for (st_op *op = st_block_first_op(mb); funcs && op; op = st_op_next(op))
		if (is_func(op))
			funcs[k++] = op;
	for (size_t i = 0; i < n; i++) {
		if (st_succeeded(s)) {
			st_block_insert_op_before(mb, funcs[i], made[i]);
			st_op_erase(funcs[i]);
		} else {
			st_op_destroy(made[i]);
		}
	}
	/* Declarations left behind have no hardware. */
	for (st_op *op = st_block_first_op(mb), *next; st_succeeded(s) && op; op = next) {
		next = st_op_next(op);
		if (!strcmp(st_op_name_cstr(op), "func.func"))
			st_op_erase(op);
	}
	if (made)
		st_ctx_free(ctx, made, cap * sizeof *made);
	if (funcs)
		st_ctx_free(ctx, funcs, n * sizeof *funcs);
	return s;
}

static const st_pass_def lower_to_calyx = {
	.name = "lower-to-calyx",
	.summary = "func/affine/scf/arith/memref to calyx components (one per function)",
	.anchor = "builtin.module",
	.options = option_defs,
	.noptions = sizeof option_defs / sizeof *option_defs,
	.options_size = sizeof(options),
	.run = run,
	.display_name = "LowerToCalyx",
};

st_status st_register_affine_to_calyx_passes(st_context *ctx) {
	st_status s = st_context_register_pass(ctx, &lower_to_calyx);
	return st_succeeded(s) ? st__a2c_register_div_pass(ctx) : s;
}
