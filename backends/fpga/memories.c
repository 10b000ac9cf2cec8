/* The FPGA target's memory plan (docs/stratac.md "Memories"): every memory
 * inside a design (a Calyx design's internal memories, a stream design's
 * line buffers: the lowered module's seq.hlmem) is placed in the block
 * memory the .acg declares, its first on-chip storage node (archs/fpga.acg:
 * BRAM, 140 blocks of 1024 x 36 bits with two ports, each a read or a
 * write a cycle), or, when the .acg declares none, in registers.  A memory
 * takes ceil(width / data_width) x ceil(words / depth) blocks; more reads or
 * writes a cycle than the block has ports, or more blocks than the target
 * has, is an error naming the memory and the storage.  A memory placed in
 * the block memory whose reads are registered (as a block RAM's are) is
 * marked so for synthesis (the Verilog attribute
 * ram_style = "block", which yosys and the vendors' tools follow even for
 * a memory small enough for LUTs), so what synthesis makes of the design
 * is the plan; registers are what it makes of every memory of a target
 * without block memory (yosys.c), so the .acg's flip-flop budget holds
 * them.  A constant table that the Calyx flow made a memory (seq.hlmem
 * with init: the block memory has ROM mode) is placed the same way and
 * marked rom_style when its reads are registered or their words only
 * latched, which synthesis merges into a block RAM's read port.  External
 * memories (the kernel's memref arguments) are the host's, outside the
 * design. */
#include "fpga.h"

#include "strata/acg.h"
#include "strata/calyx.h"
#include "strata/seq.h"

#include <stdlib.h>
#include <string.h>

/* The block memory of the target: its first on-chip storage node with
 * read and write ports (the .acg's order), or NULL. */
static st_op *block_memory(st_op *graph) {
	st_block *b = st_region_first_block(st_op_region(graph, 0));
	for (st_op *n = b ? st_block_first_op(b) : NULL; n; n = st_op_next(n)) {
		st_attr *on = st_op_get_attr(n, "on_chip");
		if (st_acg_node_kind(n) == ST_ACG_STORAGE && !(on && !st_attr_int_value(on)) &&
		    st_acg_int(n, "ports_in", 1) > 0 && st_acg_int(n, "ports_out", 1) > 0)
			return n;
	}
	return NULL;
}

typedef struct plan {
	st_target_run *run;
	fpga_design *d;
	st_op *node; /* the block memory, or NULL: registers */
	const char *node_name;
	int64_t width, depth, ports_in, ports_out, count;
	int64_t ports; /* reads and writes a cycle in all (param ports) */
	int64_t blocks; /* taken so far */
	bool ok;
} plan;

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

static st_attr *node_loc(plan *p) {
	char key[96];
	snprintf(key, sizeof key, "storage %s", p->node_name);
	return st_backend_acg_loc(p->run->ctx, p->run->opts->target, p->run->acg_text, key);
}

/* Whether every use of `v` (through hw.wire) is the data input of a
 * register: a latency-0 read whose word is only latched is a registered
 * read to synthesis (yosys merges the register into the port), so a block
 * RAM can serve it. */
static bool only_latched(st_value *v, unsigned depth) {
	for (st_use *u = st_value_first_use(v); u; u = st_use_next(u)) {
		st_op *o = st_use_owner(u);
		const char *n = st_op_name_cstr(o);
		if (!strcmp(n, "hw.wire") && depth < 8 && only_latched(st_op_result(o, 0), depth + 1))
			continue;
		if ((strcmp(n, "seq.compreg") && strcmp(n, "seq.compreg.ce")) || st_op_operand(o, 0) != v)
			return false;
	}
	return true;
}

static st_walk_result place(st_op *op, void *ud) {
	plan *p = ud;
	if (strcmp(st_op_name_cstr(op), "seq.hlmem"))
		return ST_WALK_ADVANCE;
	fpga_memory *grown = realloc(p->d->memories, (p->d->nmemories + 1) * sizeof *grown);
	if (!grown) {
		fprintf(stderr, "%s: error: out of memory\n", p->run->opts->tool);
		p->ok = false;
		return ST_WALK_INTERRUPT;
	}
	p->d->memories = grown;
	fpga_memory *m = &grown[p->d->nmemories++];
	memset(m, 0, sizeof *m);
	st_type *t = st_value_type(st_op_result(op, 0));
	m->words = (int64_t)st_seq_hlmem_depth(t);
	m->width = st_hw_bit_width(st_seq_hlmem_element(t));
	/* A write at the address of a read of the memory shares its port (a
	 * Calyx memory's own read and write: one read/write port of the
	 * block, as synthesis merges them); registered reads alone make a
	 * memory that block RAM can hold. */
	int64_t shared = 0;
	bool sync = true, rom = st_op_get_attr(op, "init") != NULL;
	for (st_use *u = st_value_first_use(st_op_result(op, 0)); u; u = st_use_next(u)) {
		st_op *a = st_use_owner(u);
		const char *n = st_op_name_cstr(a);
		m->reads += !strcmp(n, "seq.read");
		m->writes += !strcmp(n, "seq.write");
		if (!strcmp(n, "seq.read")) {
			st_attr *lat = st_op_get_attr(a, "latency");
			sync = sync && ((lat && st_attr_int_value(lat) > 0) || (rom && only_latched(st_op_result(a, 0), 0)));
		}
		if (strcmp(n, "seq.write"))
			continue;
		for (st_use *v = st_value_first_use(st_op_result(op, 0)); v; v = st_use_next(v))
			if (!strcmp(st_op_name_cstr(st_use_owner(v)), "seq.read") &&
			    st_op_operand(st_use_owner(v), 1) == st_op_operand(a, 1)) {
				shared++;
				break;
			}
	}
	st_attr *na = st_op_get_attr(op, "name");
	st_str name = na ? st_attr_string(na) : st_str_c("?");
	snprintf(m->name, sizeof m->name, "%.*s", (int)(name.len < 63 ? name.len : 63), name.data);
	if (!p->node)
		return ST_WALK_ADVANCE;
	if (m->reads > p->ports_out || m->writes > p->ports_in || m->reads + m->writes - shared > p->ports) {
		st_error(p->run->ctx, node_loc(p),
		         "memory '%s' of the design is read %lld and written %lld times a cycle; a block of %s has %lld "
		         "read and %lld write ports, %lld in all",
		         m->name, (long long)m->reads, (long long)m->writes, p->node_name, (long long)p->ports_out,
		         (long long)p->ports_in, (long long)p->ports);
		p->ok = false;
		return ST_WALK_INTERRUPT;
	}
	m->blocks = ceil_div(m->width, p->width) * ceil_div(m->words, p->depth);
	st_context *ctx = p->run->ctx;
	st_named_attr style = {st_ident_get_c(ctx, rom ? "rom_style" : "ram_style"), st_string_attr(ctx, st_str_c("block"))};
	if (sync)
		st_op_set_attr(op, "sv.attributes", st_dict_attr(ctx, 1, &style));
	p->blocks += m->blocks;
	return ST_WALK_ADVANCE;
}

/* A block's ports in all (param ports, else ports_in + ports_out). */
static int64_t all_ports(st_op *node) {
	st_attr *ports = st_acg_param(node, "ports");
	return ports && st_attr_get_kind(ports) == ST_ATTR_INTEGER
	               ? st_attr_int_value(ports)
	               : st_acg_int(node, "ports_in", 1) + st_acg_int(node, "ports_out", 1);
}

unsigned fpga_read_ports(const st_target_run *run) {
	st_op *node = block_memory(run->graph);
	if (!node)
		return 1;
	int64_t r = st_acg_int(node, "ports_out", 1), all = all_ports(node);
	r = r < all ? r : all;
	return r < 1 ? 1 : r > ST_CALYX_MAX_READ_PORTS ? ST_CALYX_MAX_READ_PORTS : (unsigned)r;
}

bool fpga_rom_mode(const st_target_run *run) {
	st_op *node = block_memory(run->graph);
	st_attr *rom = node ? st_acg_param(node, "rom_mode") : NULL, *acc = node ? st_op_get_attr(node, "access") : NULL;
	return (rom && st_attr_int_value(rom)) || (acc && st_attr_get_kind(acc) == ST_ATTR_STRING &&
	                                           st_str_eq_c(st_attr_string(acc), "rom"));
}

bool fpga_plan_memories(st_target_run *run, st_op *hw, fpga_design *d) {
	plan p = {.run = run, .d = d, .node = block_memory(run->graph), .ok = true};
	if (p.node) {
		p.node_name = st_ident_cstr(st_symbol_name(p.node));
		p.width = st_acg_int(p.node, "data_width", 1);
		p.depth = st_acg_int(p.node, "depth", 1);
		p.ports_in = st_acg_int(p.node, "ports_in", 1);
		p.ports_out = st_acg_int(p.node, "ports_out", 1);
		p.count = st_acg_int(p.node, "banks", 1);
		p.ports = all_ports(p.node);
		/* The acg dialect keeps data_width and depth positive. */
		if (p.width < 1 || p.depth < 1)
			p.node = NULL;
	}
	d->mem_registers = !p.node;
	st_walk(hw, ST_WALK_PRE, place, &p);
	if (p.ok && p.node && p.blocks > p.count) {
		st_error(run->ctx, node_loc(&p),
		         "the design's memories need %lld blocks of %s (%lld x %lld bits each); the target has %lld",
		         (long long)p.blocks, p.node_name, (long long)p.depth, (long long)p.width, (long long)p.count);
		p.ok = false;
	}
	return p.ok;
}

void fpga_memories_report(const st_target_run *run, const fpga_design *d, st_json *obj) {
	st_op *node = block_memory(run->graph);
	for (size_t i = 0; i < d->nmemories; i++) {
		const fpga_memory *m = &d->memories[i];
		st_json *o = st_json_set_object(st_json_set_object(obj, "memories"), m->name);
		st_json_set_int(o, "words", m->words);
		st_json_set_int(o, "width", m->width);
		st_json_set_int(o, "reads", m->reads);
		st_json_set_int(o, "writes", m->writes);
		st_json_set_string(o, "in", node ? st_ident_cstr(st_symbol_name(node)) : "registers");
		st_json_set_int(o, "blocks", m->blocks);
	}
}
