/* The register map of the CGRA bitstream (docs/cgra.md, "Bitstream"),
 * shared by its writer, its reader and the fabric simulator: which
 * register of a tile holds what. */
#ifndef STRATA_CGRA_BITS_H
#define STRATA_CGRA_BITS_H

#include <stdint.h>

#define CG_BITSTREAM_VERSION 1

/* A tile's address: row + 1 in the high half, column + 1 in the low one
 * (the IO ring is row or column -1). */
static inline uint32_t cg_tile_addr(int64_t row, int64_t col) {
	return ((uint32_t)(row + 1) << 16) | (uint32_t)(col + 1);
}

enum {
	/* Switch-box multiplexer of the wire leaving on side s, track t of
	 * track class k: the fan-in index of its input plus one (0: off). */
	CG_REG_SB = 0x0000, /* | k << 10 | s << 8 | t */
	/* Connection box of input pin p (data pins, then 1-bit pins). */
	CG_REG_CB = 0x1000, /* | p */
	/* Register site i of class k: its input multiplexer, and its mode (1:
	 * loads every cycle, 2: loads when its enable controller fires). */
	CG_REG_SITE_IN = 0x1100,   /* | k << 6 | i */
	CG_REG_SITE_MODE = 0x1200, /* | k << 6 | i */
	/* The core: a PE's operation or a MEM's or IO's mode (below). */
	CG_REG_CORE = 0x2000,
	CG_REG_WEV = 0x2F00,  /* a MEM's write-event generator: a controller */
	CG_REG_CTRL = 0x3000, /* controller j: | j << 5 | field */
	CG_REG_SITE_EN = 0x4000, /* register site i of class k's enable: | k << 11 | i << 5 | field */
	CG_REG_ROM = 0x8000,  /* ROM word a: | a */
};

/* PE core registers (CG_REG_CORE + ...). */
enum {
	CG_PE_OP = 0,     /* the cg_op number */
	CG_PE_FLAGS = 1,  /* bit 0 signed, bit 1 bf16, bits 2-3 multiplier output (0 low, 1 middle, 2 high) */
	CG_PE_KONST = 2,  /* bit i: data input i is its constant register */
	CG_PE_CONST0 = 3, /* the constant registers */
	CG_PE_CONST1 = 4,
	CG_PE_LUT = 5,    /* bits 0-7 truth table, bit 8: the 1-bit output is the LUT's */
	CG_PE_LUT_IN = 6, /* 2 bits per LUT input: bit pin 0-2, or 3: the ALU's flag */
};

/* MEM core registers. */
enum {
	CG_MEM_MODE = 0, /* 1 line, 2 ram, 3 rom */
	CG_MEM_FETCH = 1,
	CG_MEM_NCTRLS = 2,
	CG_MEM_HAS_WEV = 3,
	CG_MEM_ADDR_PIN = 4, /* a ROM looked up at a computed address: its data pin + 1 */
};

/* IO core registers; its controller is CG_REG_CTRL's first. */
enum {
	CG_IO_DIR = 0, /* 1 into the fabric, 2 out of it */
	CG_IO_ARG = 1,
};

/* Controller fields (CG_REG_CTRL + j * 32 + field). */
enum {
	CG_CF_HEAD = 0, /* levels | dir << 8 | unit << 9 | on_writes << 11 | (pin + 1) << 12 */
	CG_CF_CYCLE_OFFSET = 1,
	CG_CF_ADDR_OFFSET = 2,
	CG_CF_WRAP = 3,
	CG_CF_BASE = 4,
	CG_CF_EXTENT = 8,
	CG_CF_CYCLE_STRIDE = 16,
	CG_CF_ADDR_STRIDE = 24,
	CG_CF_SIZE = 32,
};

#define CG_MAX_CTRLS 64

#endif
