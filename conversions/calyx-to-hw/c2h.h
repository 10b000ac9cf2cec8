/* Shared by the files of lower-calyx-to-hw: the text being written for one
 * hw.module, value names, and the fixes that a debug option can disable. */
#ifndef STRATA_C2H_H
#define STRATA_C2H_H

#include "../../dialects/calyx/calyx_internal.h"

/* The four CIRCT defects this lowering fixes (docs/dialects/calyx.md). */
enum {
	C2H_FIX_MUX_CHAIN = 1, /* several guarded drivers of a port */
	C2H_FIX_WRITE_EN = 2,  /* registers honour write_en */
	C2H_FIX_NOT = 4,       /* std_not flips every bit */
	C2H_FIX_MEM_EN = 8,    /* memory enables are connected */
};

typedef struct c2h_map_entry {
	const void *key;
	unsigned val;
} c2h_map_entry;

typedef struct c2h {
	st_context *ctx;
	st_op *comp;
	unsigned fixes; /* C2H_FIX_* bits that are on */
	char *buf;      /* the module text */
	size_t len, cap;
	c2h_map_entry *map; /* value -> number of its %v name */
	size_t map_n, map_cap;
	unsigned next;
	st_status status;
} c2h;

void c2h_printf(c2h *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A fresh %tN name (written into buf, which holds 32 bytes). */
const char *c2h_temp(c2h *s, char *buf);
/* The name of a calyx value in the module text (written into buf, 160 bytes). */
const char *c2h_name(c2h *s, st_value *v, char *buf);
/* The name of port `port` of cell `cell`, as defined in the text. */
const char *c2h_port(const st_op *cell, st_str port, char *buf);
/* A constant of the given width, as a fresh name. */
const char *c2h_const(c2h *s, unsigned width, int64_t v, char *buf);
/* Writes the hw ops of a cell (its outputs from its input drivers). */
void c2h_cell(c2h *s, st_op *cell);

#endif
