/* Private interface of the lower-to-calyx conversion (func/scf/arith/memref,
 * after lower-affine, to calyx components).  docs/calyx-lowering.md gives the
 * rules; this header is what the files of the conversion share. */
#ifndef STRATA_A2C_H
#define STRATA_A2C_H

#include "strata/calyx.h"
#include "strata/hw.h"
#include "strata/ir.h"
#include "strata/ptrmap.h"

#include <stdio.h>
#include <string.h>

/* Width of `index` values in hardware: addresses and loop counters. */
#define A2C_INDEX_WIDTH 32
/* Latency of calyx.std_mult_pipe (docs/dialects/calyx.md), used by the
 * static schedule of pipelined loops. */
#define A2C_MULT_LATENCY 3

/* ----------------------------------------------------------- pointer map */

typedef struct st__a2c_map {
	st_ptr_map *m; /* created on the first put */
	st_context *ctx;
} st__a2c_map;

void st__a2c_map_init(st__a2c_map *m, st_context *ctx);
void st__a2c_map_free(st__a2c_map *m);
void *st__a2c_map_get(const st__a2c_map *m, const void *key);
bool st__a2c_map_put(st__a2c_map *m, const void *key, void *val);

/* ------------------------------------------------------ lowered values */

/* A value of the source function as the component sees it: the port that
 * carries it, and what must be driven in a group for that port to be
 * valid (the inputs of combinational cells, recursively). */
typedef struct st__a2c_val st__a2c_val;
struct st__a2c_val {
	st_value *port;
	size_t ndeps;
	st_value *dst[3]; /* a cell input to drive from src[i], or NULL: src[i] is only needed */
	st__a2c_val *src[3];
	unsigned stamp; /* the group that last drove this value's inputs */
	st__a2c_val *next;  /* every st__a2c_val of a component, for freeing */
};

/* Most banks a memory is split into for an affine.parallel (its threads). */
#define A2C_MAX_BANKS 16

/* A memory as the component reaches it: a calyx.memory / calyx.seq_mem
 * cell, the memory ports of the component itself (a memref argument of a
 * function that is not the top one: `port` holds them), or a logical
 * memory split into banks (`nbanks` > 0, no cell: bank k holds the indices
 * of dimension `bank_dim` that are k modulo nbanks).  A bank's own accesses
 * use index >> shift in dimension shift_dim. */
/* Slots of st__a2c_mem.port: the addresses 0..3, then these. */
enum { A2C_P_WDATA = 4, A2C_P_WEN, A2C_P_CEN, A2C_P_RDATA, A2C_P_DONE };

typedef struct st__a2c_mem {
	st_op *cell;
	size_t rank;
	unsigned width;
	unsigned addr_width[4];
	int64_t sizes[4];
	bool seq;              /* seq_mem: reads take a cycle, content_en */
	bool rom;              /* a constant table: read-only, contents in calyx.init */
	st_value *port[12];    /* the ports by st__a2c_mem_port's numbering */
	unsigned nbanks, bank_dim;
	struct st__a2c_mem *bank[A2C_MAX_BANKS];
	int shift_dim; /* -1: none */
	unsigned shift;
	/* A whole memory cell of this function (not a bank, a table or a
	 * component's ports) may get more read ports (option read-ports):
	 * rport[p] for p >= 1, a cell `<name>_p<p>` reading the same words
	 * (calyx.port_of), made when a schedule first uses it. */
	bool multiport, external;
	char name[64];
	st_attr *loc;
	struct st__a2c_mem *rport[ST_CALYX_MAX_READ_PORTS];
	struct st__a2c_mem *next;
} st__a2c_mem;

/* A group (or comb/static group) being filled. */
typedef struct st__a2c_group {
	st_op *op;
	st_block *body;
	unsigned stamp;
} st__a2c_group;

/* The group the last step of a control block enabled, when the next step
 * may run in it, in the same cycles (st__a2c_join.c): loads of distinct
 * memories of one kind, or a store followed by the writes of the loop's
 * latch.  Valid while its enable is still the block's last op. */
#define A2C_JOIN_MAX 8
typedef struct st__a2c_join {
	st_op *enable;
	st__a2c_group g;
	bool store;       /* a store's group; else loads' */
	bool seq;         /* the loads' memories are seq memories */
	size_t n;
	st__a2c_mem *mems[A2C_JOIN_MAX];
	st_value *outs[A2C_JOIN_MAX]; /* the loads' registers' outputs */
} st__a2c_join;

/* The state of one function being turned into a component. */
typedef struct st__a2c_comp {
	st_context *ctx;
	st_op *module;
	st_op *func;
	st_op *comp;  /* calyx.component */
	st_block *body;
	st_op *wires; /* calyx.wires */
	st_block *wires_body;
	st_block *control; /* the block of calyx.control */
	st__a2c_map vals;      /* source st_value -> st__a2c_val */
	st__a2c_map mems;      /* source memref st_value -> st__a2c_mem */
	st__a2c_val *all_vals;
	st__a2c_mem *all_mems;
	size_t result_port; /* block argument of the first result port */
	unsigned next_name;
	unsigned next_stamp;
	st_value *true_val; /* hw.constant true, made on demand */
	bool pipeline;      /* pipeline innermost loops */
	bool seq_mems;      /* memories are seq_mem (option memories=seq) */
	unsigned read_ports; /* of a memory cell (option read-ports) */
	int64_t max_ii;     /* largest II of the pipelined loops, 0 if none */
	st__a2c_map banks;      /* memref value -> its banking (st__a2c_parallel.c), + 1 */
	/* The thread being lowered of an affine.parallel: its variable (in the
	 * source) and the residue modulo the thread count of its values. */
	st_value *par_iv;
	unsigned par_res, par_threads;
	st__a2c_join join; /* the last group, if the next step may join it */
} st__a2c_comp;

/* ----------------------------------------------------------- building */

/* A fresh cell/group name "<prefix>_<n>" (in a buffer of 64 bytes). */
void st__a2c_name(st__a2c_comp *c, const char *prefix, char *buf);
st_type *st__a2c_int(st__a2c_comp *c, unsigned width);
/* Width of an integer or index type; 0 for anything else. */
unsigned st__a2c_width(const st_type *t);
st_op *st__a2c_create(st__a2c_comp *c, const char *name, st_attr *loc, size_t nops, st_value *const *ops, size_t nres,
                  st_type *const *types, st_attr *attrs, size_t nregions);
/* A cell `calyx.<kind> @name` with the given port types, put before wires. */
st_op *st__a2c_cell(st__a2c_comp *c, const char *kind, const char *prefix, st_attr *loc, size_t nports,
                st_type *const *types, st_attr *extra, char *name_out);
st_value *st__a2c_const(st__a2c_comp *c, unsigned width, int64_t value);
st_value *st__a2c_true(st__a2c_comp *c);
/* A group, comb group (kind "calyx.comb_group") or static group in wires. */
bool st__a2c_group_begin(st__a2c_comp *c, st__a2c_group *g, const char *kind, const char *prefix, st_attr *loc,
                     int64_t latency, char *name_out);
bool st__a2c_assign(st__a2c_comp *c, st_block *b, st_value *dst, st_value *src, st_value *guard);
bool st__a2c_group_done(st__a2c_comp *c, st__a2c_group *g, st_value *src);
/* Control ops, appended to `b`; the op's first region gets one block. */
st_op *st__a2c_ctl(st__a2c_comp *c, st_block *b, const char *name, st_attr *loc, size_t nops, st_value *const *ops,
               st_attr *attrs, size_t nregions);
st_block *st__a2c_region_block(st__a2c_comp *c, st_op *op, size_t i);
bool st__a2c_enable(st__a2c_comp *c, st_block *b, const char *group, st_attr *loc);
st_attr *st__a2c_named(st__a2c_comp *c, size_t n, const char *const *names, st_attr *const *vals);

/* ------------------------------------------------------------- values */

st__a2c_val *st__a2c_val_new(st__a2c_comp *c, st_value *port);
bool st__a2c_val_dep(st__a2c_val *v, st_value *dst, st__a2c_val *src);
st__a2c_val *st__a2c_lookup(st__a2c_comp *c, st_value *v);
bool st__a2c_bind(st__a2c_comp *c, st_value *v, st__a2c_val *lv);
/* Drives what `v` needs in group `g` and returns its port. */
st_value *st__a2c_read(st__a2c_comp *c, st__a2c_group *g, st__a2c_val *v);
/* A combinational cell of kind `kind` over `n` operands (lowered values),
 * output width `width`; the result value reads its `out`. */
st__a2c_val *st__a2c_comb(st__a2c_comp *c, const char *kind, st_attr *loc, size_t n, st__a2c_val *const *in,
                  const unsigned *in_widths, unsigned width);
/* `v` (width `from`) resized to `to` bits, sign- or zero-extended. */
st__a2c_val *st__a2c_resize(st__a2c_comp *c, st_attr *loc, st__a2c_val *v, unsigned from, unsigned to, bool sign);
/* A register of `width` bits: results in, write_en, clk, reset, out, done. */
st_op *st__a2c_reg(st__a2c_comp *c, const char *prefix, st_attr *loc, unsigned width);

/* --------------------------------------------------------- operations */

/* Lowers one combinational op (constants, arith) into the value map;
 * returns false when `op` is not one of them (*handled = false) or on
 * failure. */
bool st__a2c_lower_comb(st__a2c_comp *c, st_op *op, bool *handled);
/* Lowers one sequential op (load, store, mul/div/rem) into a group enabled
 * from `ctl`. */
bool st__a2c_lower_seq_op(st__a2c_comp *c, st_op *op, st_block *ctl, bool *handled);
/* `n` multi-cycle units (std_*_pipe cells of one latency) started together
 * on op's two operands in one group enabled from `ctl`; out[i] is unit i's
 * result, latched in a register. */
bool st__a2c_pipe_units(st__a2c_comp *c, st_op *op, size_t n, const char *const *cells, st_block *ctl, st__a2c_val **out);
/* The same on the values x and y of `w` bits. */
bool st__a2c_pipe_vals(st__a2c_comp *c, st_attr *loc, unsigned w, st__a2c_val *x, st__a2c_val *y, size_t n, const char *const *cells,
                   st_block *ctl, st__a2c_val **out);
/* The division ops, by st__a2c_div_kind: -1 for any other op. */
enum { A2C_DIVU, A2C_REMU, A2C_DIVS, A2C_REMS, A2C_FLOORS, A2C_CEILS };
int st__a2c_div_kind(st_op *op);
/* The divisor of `op` when it is a constant, as the w-bit pattern of its
 * value (w = the width of its type); false for any other divisor. */
bool st__a2c_div_const(st_op *op, unsigned w, uint64_t *d);
/* Whether st__a2c_lower_div_const lowers `op` (a division by a constant power
 * of two): combinational, no unit in a pipelined loop. */
bool st__a2c_div_by_shift(st_op *op);
/* Division by a constant power of two, as shifts and masks (st__a2c_lower_comb);
 * *handled false for any other op. */
bool st__a2c_lower_div_const(st__a2c_comp *c, st_op *op, bool *handled);
/* Registers div-by-constant (st__a2c_div_magic.c), which lower-to-calyx runs
 * first: each division and remainder by another constant that a
 * multiply-and-shift computes exactly becomes those arith ops. */
st_status st__a2c_register_div_pass(st_context *ctx);
/* Division and remainder (arith.div*, rem*, floordivsi, ceildivsi) left
 * by st__a2c_expand_const_divs, on the std_div/rem pipes; *handled false for
 * any other op. */
bool st__a2c_lower_div(st__a2c_comp *c, st_op *op, st_block *ctl, bool *handled);
/* The memory of a memref value, or NULL with an error at `user`. */
st__a2c_mem *st__a2c_mem_of(st__a2c_comp *c, st_value *memref, st_op *user);
/* `init`: the row-major contents of a read-only memory (a constant table),
 * or NULL. */
st__a2c_mem *st__a2c_mem_new(st__a2c_comp *c, st_value *memref, st_type *t, const char *name, bool external,
                     const int64_t *init, st_attr *loc);
/* memref.get_global of a constant table: a read-only memory holding it. */
bool st__a2c_lower_get_global(st__a2c_comp *c, st_op *op);
/* Why `op`, a use of a memref.global, cannot be lowered (a global that is
 * no constant table, a store into one), or NULL. */
const char *st__a2c_table_problem(st_op *op);
/* A memory reached through ports of the component (its `port` slots are
 * filled by the caller); NULL after an error (it cannot be banked). */
st__a2c_mem *st__a2c_mem_ports(st__a2c_comp *c, st_value *memref, st_type *t);
/* Drives the address ports of `m` in `g` from the index operands. */
bool st__a2c_drive_addr(st__a2c_comp *c, st__a2c_group *g, st__a2c_mem *m, st_op *op, size_t first, st_value *guard);
/* The read ports a pipelined loop may use on `m`: the option read-ports on
 * a memory that can have them (st__a2c_mem.multiport), else 1. */
unsigned st__a2c_read_ports(const st__a2c_comp *c, const st__a2c_mem *m);
/* Read port p of `m` (p < st__a2c_read_ports): `m` itself for 0, else its
 * cell `<name>_p<p>`, made on first use; NULL when out of memory. */
st__a2c_mem *st__a2c_read_port(st__a2c_comp *c, st__a2c_mem *m, unsigned p);
/* Ports of a memory cell by name: addr<i>, write_data, write_en, read_data, done. */
st_value *st__a2c_mem_port(st__a2c_mem *m, const char *port, size_t i);

/* ---------------------------------------------------------------- joins */

/* The group of the previous load in `ctl` when a load of `m` at `op` may
 * share its cycles (distinct memory of the same kind, indices not computed
 * from what it loads), else NULL. */
st__a2c_group *st__a2c_join_load(st__a2c_comp *c, st_block *ctl, st_op *op, st__a2c_mem *m, size_t first);
/* The store group just enabled in `ctl`, if the writes of registers may
 * join it, else NULL. */
st__a2c_group *st__a2c_join_store(st__a2c_comp *c, st_block *ctl);
/* Moves the group_done of a joined group back to its end. */
void st__a2c_join_close(st__a2c_group *g);
/* Records the group of a load (its register's output) or store just
 * enabled as the last step of `ctl`. */
void st__a2c_join_note(st__a2c_comp *c, st_block *ctl, const st__a2c_group *g, st__a2c_mem *m, st_value *out);

/* ------------------------------------------------------------- control */

bool st__a2c_lower_block(st__a2c_comp *c, st_block *src, st_block *ctl);
/* A group writing `n` values into registers (in, write_en), done on the
 * first one's done, enabled from `ctl`. */
bool st__a2c_write_regs(st__a2c_comp *c, st_block *ctl, st_attr *loc, const char *prefix, size_t n, st_op *const *regs,
                    st__a2c_val *const *vals);
/* Pipelines an innermost scf.for when it can; *done false: not pipelined
 * (a remark says why when asked), lower it as a plain loop. */
bool st__a2c_pipeline_loop(st__a2c_comp *c, st_op *loop, st_block *ctl, const int64_t *from_step, bool *done);

/* Whether the pipeline schedules an op of this name (st__a2c_pipeline.c). */
bool st__a2c_pipe_op(const char *name);
/* If-conversion (st__a2c_ifconv.c) of the block of a loop about to be
 * pipelined: each scf.if becomes its branches' ops, a select per result and
 * its stores predicated stores (st__a2c_pred_store); false after an error. */
bool st__a2c_if_convert(st__a2c_comp *c, st_block *b);
/* Whether `op` is `scf.if %p { memref.store ... }` with nothing else: a
 * store whose write enable the pipeline also guards by %p. */
bool st__a2c_pred_store(st_op *op);

/* Checks what the lowering cannot handle, with located errors. */
st_status st__a2c_check_func(st_op *func);

/* ---------------------------------------------------------------- ports */

/* A port of the component of a function: a scalar argument (`arg`, slot
 * -1), a port of a memref argument of a function that is not the top one
 * (`arg`, `slot` an A2C_P_* slot or an address), go/clk/reset/done (arg
 * -1), or a result (`result` >= 0). */
typedef struct st__a2c_port {
	st_attr *name, *attrs;
	st_type *type;
	bool input;
	int arg, slot, result;
} st__a2c_port;
/* At most this many ports per argument. */
#define A2C_PORTS_PER_ARG 9
/* The ports of f's component, inputs first; returns their count (at most
 * A2C_PORTS_PER_ARG * args + results + 4) and the number of inputs. */
size_t st__a2c_func_ports(st__a2c_comp *c, st_op *f, bool top, st__a2c_port *out, size_t *nin);
size_t st__a2c_func_ports_cap(st_op *f);
/* The name of argument i: its calyx.name, else arg<i> / in<i>. */
void st__a2c_arg_name(st_op *f, size_t i, bool memory, char *buf, size_t n);

/* --------------------------------------------------- affine.parallel */

/* Before lower-affine: each affine.parallel without reductions gets a
 * marker location; after it, the scf.for of its innermost dimension gets
 * the attribute `calyx.parallel` and the locations are restored. */
typedef struct st__a2c_par_marks {
	st_context *ctx;
	struct {
		st_attr *marker, *orig;
	} *pairs;
	size_t n, cap;
} st__a2c_par_marks;
bool st__a2c_par_mark(st_op *module, st__a2c_par_marks *pm);
void st__a2c_par_unmark(st_op *module, st__a2c_par_marks *pm);
/* Decides the thread count of every calyx.parallel loop of the function
 * (at most `threads`) and the banks of the memories they share, with
 * located errors for accesses the banks cannot serve. */
bool st__a2c_par_plan(st__a2c_comp *c, int64_t threads);
/* Lowers a calyx.parallel loop as a calyx.par of its threads. */
bool st__a2c_par_lower(st__a2c_comp *c, st_op *loop, st_block *ctl);
/* A plain scf.for loop (a while over an induction register) from `lb` by
 * `step`; NULL lb/step: the loop's own. */
bool st__a2c_plain_loop(st__a2c_comp *c, st_op *op, st_block *ctl, st__a2c_val *lb, st__a2c_val *step);
/* The memory (or bank) a load/store reaches: a banked memory itself when
 * the bank is only known at run time; NULL after an error. */
st__a2c_mem *st__a2c_access_mem(st__a2c_comp *c, st_op *op, bool load);
/* The same without errors: NULL for an unknown memref. */
st__a2c_mem *st__a2c_static_mem(st__a2c_comp *c, st_op *op, bool load);
/* A load/store of a banked memory choosing the bank at run time. */
bool st__a2c_bank_access(st__a2c_comp *c, st_op *op, st__a2c_mem *m, bool load, st_block *ctl);

#endif
