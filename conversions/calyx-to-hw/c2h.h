/* Shared by the files of lower-calyx-to-hw: the hw.module being built for
 * one component, the hw value of each calyx value (a backedge until its
 * op is built: a register's input is logic its output feeds), the
 * memories at the module's interface, and the fixes that a debug option
 * can disable. */
#ifndef STRATA_C2H_H
#define STRATA_C2H_H

#include "strata/calyx.h"
#include "strata/comb.h"
#include "strata/seq.h"

/* The four CIRCT defects this lowering fixes (docs/dialects/calyx.md). */
enum {
	C2H_FIX_MUX_CHAIN = 1, /* several guarded drivers of a port */
	C2H_FIX_WRITE_EN = 2,  /* registers honour write_en */
	C2H_FIX_NOT = 4,       /* std_not flips every bit */
	C2H_FIX_MEM_EN = 8,    /* memory enables are connected */
};

/* Most output ports a memory has at the interface: 4 addresses,
 * write_data, write_en, content_en. */
#define C2H_MEM_OUTS 7

/* A memory at the module's interface: an external memory cell of the
 * component, or one of a component it instantiates, forwarded up through
 * the instance's ports and named <instance>_<name>. */
typedef struct st__c2h_mem {
	char name[256];
	st_op *cell;
	bool own;                  /* a cell of this component */
	st_value *read_data, *done; /* the module's input ports for it */
	/* What its output ports carry: the cell's address, data and enable
	 * inputs, or for a forwarded memory the instance's results. */
	st_value *outs[C2H_MEM_OUTS];
} st__c2h_mem;

typedef struct c2h {
	st_context *ctx;
	st_op *comp;
	unsigned fixes; /* C2H_FIX_* bits that are on */
	bool rom_memories; /* option roms=memory: a calyx.init memory is a seq.hlmem with init */
	st_hw_builder b;
	st_op *module;
	st_value_map *map;       /* calyx value -> hw value (or backedge) */
	st_hw_backedges *edges;
	st_value *clk, *reset;   /* the module's clock and reset inputs */
	st_value *clk1;          /* the clock as an i1 (a calyx clk port) */
	st__c2h_mem *mems;
	size_t nmems, cap_mems;
	st_status status;
} c2h;

/* iW */
st_type *st__c2h_int(c2h *s, unsigned width);
/* The hw value of a calyx value, a backedge until st__c2h_define gives it. */
st_value *st__c2h_value(c2h *s, st_value *v);
/* Calyx value v is hw value `hw` from now on. */
void st__c2h_define(c2h *s, st_value *v, st_value *hw);
/* The calyx value of port `port` of a cell (NULL when it has none). */
st_value *st__c2h_cell_port(st_op *cell, const char *port);
/* The hw value of a cell's port, and its definition. */
st_value *st__c2h_port(c2h *s, st_op *cell, const char *port);
void st__c2h_define_port(c2h *s, st_op *cell, const char *port, st_value *hw);
/* hw.constant of the given width. */
st_value *st__c2h_const(c2h *s, unsigned width, int64_t v);
/* The interface memory named `name`, or NULL. */
st__c2h_mem *st__c2h_find_mem(c2h *s, const char *name);
/* Builds the hw ops of a cell (its outputs from its input drivers). */
void st__c2h_cell(c2h *s, st_op *cell);

#endif
