/* Shared between the files of the cgra dialect library: the fabric's
 * layout (node numbering) and the design verifier's entry points. */
#ifndef STRATA_CGRA_PRIVATE_H
#define STRATA_CGRA_PRIVATE_H

#include "strata/acg.h"
#include "strata/cgra.h"
#include "strata/dialect.h"
#include "strata/limit.h"

#define ST__CGRA_MAX_CLASSES 4

/* The routing nodes a fabric may have (limit cgra-fabric-nodes). */
extern const st_limit_def st__cgra_nodes_limit;

struct st_cgra_fabric {
	st_context *ctx;
	st_op *target, *grid;
	int64_t rows, cols;
	int32_t nclasses, cls_width[ST__CGRA_MAX_CLASSES], cls_tracks[ST__CGRA_MAX_CLASSES];
	int32_t data_width, sb_regs, max_hops;
	int topology; /* 0 disjoint, 1 wilton, 2 imran */
	size_t ntiles, tiles_cap;
	st_cgra_tile *tiles;
	int32_t *tile_index; /* (rows + 2) x (cols + 2), -1: no tile */
	/* Per tile and class: the first wire of each side (-1: no wire). */
	int32_t *wire_first;
	int32_t *pin_first; /* per tile: data_in, bit_in, data_out, bit_out pins follow */
	int32_t *reg_first; /* per tile and class: d0, q0, d1, q1, ... */
	size_t nnodes;
	st_cgra_node *nodes;
	/* Compressed rows: fan-in (mux order) and fan-out. */
	uint32_t *in_start, *out_start;
	int32_t *in_edges, *out_edges;
};

/* Verifiers of the ops (cgra_verify.c). */
st_status st__cgra_verify_design(st_op *op);
st_status st__cgra_verify_inst(st_op *op);
st_status st__cgra_verify_net(st_op *op);

#endif
