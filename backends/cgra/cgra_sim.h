/* The fabric simulator's state (docs/cgra.md, "Simulator"), shared by its
 * configuration loader (cgra_sim_load.c), its PE datapath
 * (cgra_sim_pe.c) and its cycle loop (cgra_sim.c). */
#ifndef STRATA_CGRA_SIM_H
#define STRATA_CGRA_SIM_H

#include "cgra_bits.h"
#include "cgra_internal.h"

/* A controller being stepped: its next firing (a cycle, or a write event
 * number when it counts writes) and address. */
typedef struct sim_ctrl {
	cg_ctrl c;
	int64_t p[CG_MAX_LEVELS];
	int64_t left, next, addr;
	uint32_t line; /* the bitstream line that configured it */
} sim_ctrl;

void st__cg_sc_start(sim_ctrl *s);
void st__cg_sc_step(sim_ctrl *s);

typedef struct sim_pe {
	int32_t tile;
	int op;
	bool sign, bf16;
	int mul;
	bool konst[2];
	uint64_t cval[2];
	bool lut;
	uint8_t table;
	int lut_in[3];
	int32_t in_data[2], in_bit[3]; /* the pin nodes */
	int32_t out_data, out_bit;
	uint64_t pipe_d[8], pipe_b[8];
	uint8_t pipe_v[8];
	int64_t active;
	bool used;
} sim_pe;

typedef struct sim_reg {
	int32_t tile, d, q;
	int mode; /* 1 every cycle, 2 enabled by its controller */
	sim_ctrl en;
	uint64_t next;
	uint8_t next_v;
	bool load;
	int64_t loads;
	uint32_t line;
} sim_reg;

/* A line segment of a MEM: two controllers counting cycles, or four
 * counting write events (aggregator, SRAM write, SRAM read, transpose). */
typedef struct sim_seg {
	int pin;
	int n;
	sim_ctrl *c[4];
	uint64_t agg[16], nextw[16], cur[16];
	uint64_t out;
	uint8_t out_v;
} sim_seg;

typedef struct sim_mem {
	int32_t tile;
	int mode; /* 1 line, 2 ram, 3 rom */
	int64_t fetch, words;
	size_t nctrls;
	sim_ctrl ctrls[CG_MAX_CTRLS];
	bool has_wev;
	sim_ctrl wev;
	int64_t events;
	uint64_t *data;
	uint64_t *rom; /* ROM words as written, until loaded into data */
	size_t nrom, nrom_cap;
	sim_seg segs[8];
	size_t nsegs;
	int32_t in[8], outp[8];
	int64_t accesses;
	uint32_t line;
} sim_mem;

typedef struct sim_io {
	int32_t tile;
	bool out;
	int arg;
	sim_ctrl c;
	int32_t pin; /* out: the input pin it samples; in: the output pin it drives */
	int64_t first, last, moved;
	uint32_t line;
} sim_io;

struct st_cgra_sim {
	st_context *ctx;
	st_cgra_fabric *f;
	const st_cgra_bitstream *b;
	int32_t D;       /* data width */
	int32_t latency; /* PE output registers */
	size_t V;
	int32_t *sel;      /* per node: its multiplexer's select (0: off) */
	uint32_t *sel_line;
	int32_t *drv;      /* per sink node: the source driving it, -1 */
	uint64_t *val;     /* per source node: its value this cycle */
	uint8_t *vld;      /* and whether it carries data */
	sim_pe *pes;
	size_t npes;
	sim_reg *regs;
	size_t nregs, capregs;
	sim_mem *mems;
	size_t nmems;
	sim_io *ios;
	size_t nios;
	int32_t *tile_pe, *tile_mem, *tile_io; /* per tile: index, -1 */
	uint64_t *glb[32];
	int64_t cycles;
};

/* Decodes the bitstream into the simulator (cgra_sim_load.c). */
st_status st__cg_sim_load(st_cgra_sim *s);
/* One PE's datapath on its current inputs: the data result and the 1-bit
 * output (cgra_sim_pe.c). */
void st__cg_pe_eval(const st_cgra_sim *s, const sim_pe *pe, uint64_t *data, uint64_t *bit, uint8_t *valid);
uint64_t st__cg_mask(int32_t bits);

#endif
