/* The toy machine's compiler: the kernel's one affine.for, whose body
 * loads element i of memories, computes with the operations the .acg's
 * compute nodes can do, and stores element i, becomes the program of
 * toy.h.  Anything else is refused at the op, naming what is missing. */
#include "toy.h"

#include <strata/acg.h>
#include <strata/affine.h>

#include <stdlib.h>
#include <string.h>

/* The arith operations the simulator runs, and the .acg capability each
 * needs. */
static const struct {
	const char *name, *cap;
	toy_opcode op;
} alu_ops[] = {
	{"arith.addi", "ADD", TOY_ADD},
	{"arith.subi", "SUB", TOY_SUB},
	{"arith.muli", "MUL", TOY_MUL},
	{"arith.andi", "AND", TOY_AND},
	{"arith.ori", "OR", TOY_OR},
	{"arith.xori", "XOR", TOY_XOR},
};

/* What compiling the loop body keeps: each value's register and the
 * depth of the operations it waits for. */
typedef struct body {
	st_target_run *run;
	toy_program *p;
	st_op *loop;
	st_value **values; /* register r holds values[r] */
	int64_t *depth;
	int64_t nregs;
	int64_t max_depth, unit_latency;
} body;

static int reg_of(const body *b, st_value *v) {
	for (int64_t r = 0; r < b->nregs; r++)
		if (b->values[r] == v)
			return (int)r;
	return -1;
}

/* A fresh register for v; -1 after an error when the machine has no
 * more. */
static int new_reg(body *b, st_op *op, st_value *v, int64_t depth) {
	if (b->nregs == b->p->registers) {
		st_op_error(op, "toy: the loop needs more than the %lld registers of the toy machine "
		                "(`param registers` of its compute node)",
		            (long long)b->p->registers);
		return -1;
	}
	b->values[b->nregs] = v;
	b->depth[b->nregs] = depth;
	return (int)b->nregs++;
}

/* The buffer `op` (an affine.load or affine.store) accesses at element i
 * of the loop, or NULL after an error. */
static st_buffer *access_buffer(body *b, st_op *op) {
	size_t start;
	size_t n = st_affine_op_map_operands(op, &start);
	st_value *mem = st_affine_access_memref(op);
	st_block *entry = st_region_first_block(st_op_region(b->run->kernel, 0));
	if (n != 1 || !st_affine_map_is_identity(st_affine_op_map(op)) ||
	    st_op_operand(op, start) != st_affine_for_iv(b->loop) || !st_value_is_block_arg(mem) ||
	    st_value_owner_block(mem) != entry) {
		st_op_error(op, "toy: the toy machine accesses element i of a kernel argument in iteration i only");
		return NULL;
	}
	st_buffer *buf = &b->run->buffers[st_value_index(mem)];
	int64_t first, last;
	st_affine_for_constant_bounds(b->loop, &first, &last);
	if (buf->ndims != 1 || last > buf->dims[0]) {
		st_op_error(op, "toy: the loop runs to element %lld; '%s' has %lld", (long long)last - 1, buf->name,
		            (long long)buf->size);
		return NULL;
	}
	return buf;
}

static bool emit(body *b, toy_insn in) {
	if (toy_program_add(b->p, in))
		return true;
	fprintf(stderr, "%s: error: toy: out of memory\n", b->run->opts->tool);
	return false;
}

/* The operand's register, or -1 after an error. */
static int operand_reg(body *b, st_op *op, size_t i) {
	int r = reg_of(b, st_op_operand(op, i));
	if (r < 0)
		st_op_error(op, "toy: operand %zu is not computed in the loop", i);
	return r;
}

static bool compile_op(body *b, st_op *op) {
	const char *name = st_op_name_cstr(op);
	st_type *t = st_op_num_results(op) == 1 ? st_value_type(st_op_result(op, 0)) : NULL;
	toy_insn in = {.dst = -1, .a = -1, .b = -1};
	if (st_affine_is_load(op) || st_affine_is_store(op)) {
		st_buffer *buf = access_buffer(b, op);
		if (!buf)
			return false;
		snprintf(in.memory, sizeof in.memory, "%s", buf->name);
		in.width = buf->width;
		if (st_affine_is_store(op)) {
			in.op = TOY_STORE;
			if ((in.a = operand_reg(b, op, 0)) < 0)
				return false;
		} else {
			in.op = TOY_LOAD;
			if ((in.dst = new_reg(b, op, st_op_result(op, 0), 0)) < 0)
				return false;
		}
		return emit(b, in);
	}
	if (!t || !st_type_is_integer(t)) {
		st_op_error(op, "toy: '%s' is not an operation of the toy machine (integer loads, stores, constants, "
		                "additions, subtractions, multiplications and bitwise logic)",
		            name);
		return false;
	}
	in.width = st_type_int_width(t);
	if (!strcmp(name, "arith.constant")) {
		in.op = TOY_CONST;
		in.imm = st_attr_int_value(st_op_get_attr(op, "value"));
		in.dst = new_reg(b, op, st_op_result(op, 0), 0);
		return in.dst >= 0 && emit(b, in);
	}
	for (size_t k = 0; k < sizeof alu_ops / sizeof *alu_ops; k++) {
		if (strcmp(name, alu_ops[k].name))
			continue;
		/* The .acg says which operations the machine has, and how long
		 * they take. */
		st_op *unit = NULL;
		if (!st_acg_nodes_supporting(b->run->graph, alu_ops[k].cap, t, 1, &unit, 1)) {
			st_op_error(op, "toy: the target has no %s for i%u (no compute node of the .acg has that cap)",
			            alu_ops[k].cap, in.width);
			return false;
		}
		in.op = alu_ops[k].op;
		if ((in.a = operand_reg(b, op, 0)) < 0 || (in.b = operand_reg(b, op, 1)) < 0)
			return false;
		int64_t d = b->depth[in.a] > b->depth[in.b] ? b->depth[in.a] : b->depth[in.b];
		d += st_acg_int(unit, "latency", 1);
		if (d > b->max_depth)
			b->max_depth = d;
		in.dst = new_reg(b, op, st_op_result(op, 0), d);
		return in.dst >= 0 && emit(b, in);
	}
	st_op_error(op, "toy: '%s' is not an operation of the toy machine (integer loads, stores, constants, "
	                "additions, subtractions, multiplications and bitwise logic)",
	            name);
	return false;
}

/* The kernel's body must be one loop and the return. */
static st_op *the_loop(st_target_run *run) {
	st_op *first = st_block_first_op(st_region_first_block(st_op_region(run->kernel, 0)));
	st_op *loop = first && st_affine_is_for(first) ? first : NULL;
	int64_t lb, ub;
	if (!loop)
		st_op_error(first ? first : run->kernel, "toy: the toy machine runs a kernel of one affine.for");
	else if (st_op_next(loop) && strcmp(st_op_name_cstr(st_op_next(loop)), "func.return"))
		st_op_error(st_op_next(loop), "toy: the toy machine runs a kernel of one affine.for");
	else if (!st_affine_for_constant_bounds(loop, &lb, &ub) || st_affine_for_step(loop) != 1 ||
	         st_affine_for_num_iter_args(loop))
		st_op_error(loop, "toy: the toy machine runs a loop of constant bounds, step 1 and no iter_args");
	else
		return loop;
	return NULL;
}

bool toy_compile(st_target_run *run, toy_program *p) {
	const toy_options *o = run->options;
	if (o->lanes < 1) {
		fprintf(stderr, "%s: error: toy: --lanes must be at least 1, not %lld\n", run->opts->tool,
		        (long long)o->lanes);
		return false;
	}
	for (size_t i = 0; i < run->nbuffers; i++)
		if (run->buffers[i].kind != ST_BUFFER_MEMORY) {
			st_op_error(run->kernel, "toy: the toy machine takes memories only, and '%s' is a scalar",
			            run->buffers[i].name);
			return false;
		}
	st_op *loop = the_loop(run);
	if (!loop)
		return false;
	/* The registers are the first compute node's `param registers`. */
	st_op *lane = NULL;
	for (st_op *n = st_block_first_op(st_region_first_block(st_op_region(run->graph, 0))); n && !lane;
	     n = st_op_next(n))
		if (st_acg_node_kind(n) == ST_ACG_COMPUTE)
			lane = n;
	st_attr *regs = lane ? st_acg_param(lane, "registers") : NULL;
	p->registers = regs ? st_attr_int_value(regs) : 0;
	if (p->registers < 1 || p->registers > 4096) {
		st_error(run->ctx, lane ? st_op_loc(lane) : st_op_loc(run->graph),
		         "toy: the toy machine's compute node needs `param registers = N;` with N from 1 to 4096");
		return false;
	}
	st_affine_for_constant_bounds(loop, &p->first, &p->last);
	p->lanes = o->lanes;
	body b = {.run = run, .p = p, .loop = loop, .values = calloc((size_t)p->registers, sizeof(st_value *)),
	          .depth = calloc((size_t)p->registers, sizeof(int64_t))};
	bool ok = b.values && b.depth;
	for (st_op *op = st_block_first_op(st_affine_for_body(loop)); ok && op && !st_affine_is_yield(op);
	     op = st_op_next(op))
		ok = compile_op(&b, op);
	/* A load, the operations of the longest chain, a store. */
	p->latency = b.max_depth + 2;
	free(b.values);
	free(b.depth);
	return ok;
}
