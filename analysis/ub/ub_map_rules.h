/* Shared by the files of the ub memory mapper: what the analysis
 * (ub_map.c) hands to the placement rules (ub_map_place.c), and the
 * target's numbers read from its ACG storage node (ub_map_target.c). */
#ifndef STRATA_UB_MAP_RULES_H
#define STRATA_UB_MAP_RULES_H

#include "ub_analysis_private.h"

/* The physical memory the mapper fills, from an acg.storage node; every
 * field is unbounded (0) without a target. */
typedef struct st__ub_target {
	st_op *node;       /* NULL: no target */
	char name[64];     /* the node's name, "mem" without a target */
	int64_t data_width; /* bits of a word (0: any element is one word) */
	int64_t words;     /* words of one physical memory (depth x fetch) */
	int64_t ports_in, ports_out;
	/* accesses of all kinds a cycle (param `ports`: a true dual-port block
	 * RAM has two ports, each a read or a write); default ports_in +
	 * ports_out */
	int64_t ports;
	int64_t fetch;     /* words per SRAM access; > 1: single-port wide SRAM */
	int64_t ag_levels; /* loop levels of an address generator */
	int64_t count;     /* physical memories available */
	bool chaining, rom;
} st__ub_target;

/* Reads the storage node `name` (NULL: the first on-chip memory of a grid,
 * else the first on-chip one with read and write ports) of the acg.graph
 * `graph` for elements of type `elt`.  An error at `at` when there is
 * none. */
st_status st__ub_target_read(st_op *graph, const char *name, st_op *at, st__ub_target *t);

/* The mapping of one buffer under construction. */
typedef struct st__ub_mapper {
	st_ub_model *model;
	st_ub_map *map;
	const st__ub_target *target;
	int64_t sr_max;
	int64_t tiles_used;
	bool scan; /* no closed form: follow every read */
	bool ram_registers; /* st_ub_map_options's */
} st__ub_mapper;

/* How many of the increasing write cycles wt[0..n) come before cycle t;
 * *hint is where the previous search ended (reads come mostly in time
 * order, so the search usually steps a place or two from there). */
size_t st__ub_writes_before(const int64_t *wt, size_t n, int64_t t, size_t *hint);

/* Appends a zeroed element for buffer bi; NULL when out of memory. */
st_ub_mem *st__ub_map_add_mem(st__ub_mapper *mp, size_t bi, st_ub_mem_kind kind);
/* Appends n zeroed controllers (or segments) to an element. */
st_ub_ctrl *st__ub_map_add_ctrls(st__ub_mapper *mp, st_ub_mem *mem, size_t n);

/* A controller enumerating port k's domain at its schedule, with address
 * strides `as` (NULL: zero) and offset `aoff`. */
void st__ub_ctrl_of_port(const st_ub_model *m, size_t k, const int64_t *as, int64_t aoff, st_ub_ctrl *c);
/* The same over the box lo..hi of port k's domain (a gated chain's). */
void st__ub_ctrl_of_box(const st_ub_model *m, size_t k, const int64_t *lo, const int64_t *hi, const int64_t *as,
                        int64_t aoff, st_ub_ctrl *c);

/* The taps of buffer bi's read ports in closed form (ub_map_closed.c), its
 * one write port being wi: 1 a delay line (map->taps set), 0 not one, -1
 * undecided (the caller scans). */
int st__ub_chain_closed(st__ub_mapper *mp, size_t bi, size_t wi);
/* Builds the elements of a chain buffer: taps[] its distinct tap positions
 * (sorted, ntaps >= 1), w the index of its write port. */
st_status st__ub_place_chain(st__ub_mapper *mp, size_t bi, size_t w, const int64_t *taps, size_t ntaps);
/* Builds the memories of a random-access buffer or a ROM. */
st_status st__ub_place_ram(st__ub_mapper *mp, size_t bi, bool rom);
/* The smallest M such that buffer bi addressed row-major modulo M keeps
 * every value until its last read (ub_map_window.c), at most `words`; -1
 * after a diagnostic. */
int64_t st__ub_ram_window(st__ub_mapper *mp, size_t bi, int64_t words);
/* Merges loop levels of every controller the address generator can run as
 * one, and checks the target's depth; an error at the port otherwise. */
st_status st__ub_coalesce(st__ub_mapper *mp);

#endif
