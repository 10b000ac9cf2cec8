/* The CGRA target's fabric model and its `cgra` dialect (docs/cgra.md,
 * docs/dialects/cgra.md).
 *
 * A fabric is what an `.acg` grid of class cgra describes, expanded into a
 * routing-resource (RR) graph: one node per routing wire (a track leaving a
 * tile on one side), per tile port (PE, MEM and IO pins) and per switch-box
 * register site; an edge wherever a switch box or a connection box can
 * join two of them.  The placer, the router, the verifier of the `cgra`
 * dialect, the bitstream writer and the fabric simulator all read the same
 * graph, built from the `.acg` alone.
 *
 * The dialect holds a mapped design: `cgra.design` (tied to its target
 * `acg.graph` by symbol), placed instances `cgra.inst` with their
 * configuration and routed nets `cgra.net` as paths of RR nodes.  The
 * verifier checks them against the fabric: a net through a wire that does
 * not exist, or two nets on one wire, is an error.
 */
#ifndef STRATA_CGRA_H
#define STRATA_CGRA_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the dialect (and acg, which its verifier reads). */
ST_API st_status st_register_cgra_dialect(st_context *ctx);

/* ---------------------------------------------------------------- fabric */

typedef struct st_cgra_fabric st_cgra_fabric;

/* What a tile is, from the kind of its `.acg` tile node. */
typedef enum st_cgra_tile_kind {
	ST_CGRA_NO_TILE = 0,
	ST_CGRA_PE,  /* a compute node */
	ST_CGRA_MEM, /* a storage node */
	ST_CGRA_IO,  /* a comm node on the ring (at north|south|east|west) */
} st_cgra_tile_kind;

typedef enum st_cgra_side { ST_CGRA_NORTH, ST_CGRA_EAST, ST_CGRA_SOUTH, ST_CGRA_WEST } st_cgra_side;

/* An RR node. */
typedef enum st_cgra_node_kind {
	ST_CGRA_WIRE,    /* a track leaving tile (row, col) on `side` */
	ST_CGRA_PIN_IN,  /* a tile input: data<i> (the widest track), bit<i> (1 bit) */
	ST_CGRA_PIN_OUT, /* a tile output: out<i>, outb<i> */
	ST_CGRA_REG_D,   /* a switch-box register's input: reg<W>.<i>.d */
	ST_CGRA_REG_Q,   /* its output: reg<W>.<i>.q */
} st_cgra_node_kind;

typedef struct st_cgra_node {
	st_cgra_node_kind kind;
	int32_t tile;  /* index of the tile (st_cgra_fabric_tile) */
	int32_t width; /* bits */
	int32_t side;  /* wires: st_cgra_side */
	int32_t index; /* wires: the track; pins: the pin number of its width; registers: the site */
} st_cgra_node;

typedef struct st_cgra_tile {
	int64_t row, col;  /* -1 and rows/cols: the IO ring */
	st_cgra_tile_kind kind;
	st_op *node;       /* its tile kind in the `.acg` grid */
	int32_t data_in, bit_in, data_out, bit_out; /* pins */
} st_cgra_tile;

/* Builds the fabric of `target` (an acg.graph of class cgra holding one
 * grid).  Located errors (at the grid or the tile kind) for what the
 * model needs and the file does not say well: a missing grid, a track
 * class wider than 64 bits, a negative parameter, more than 2^31 nodes. */
ST_API st_cgra_fabric *st_cgra_fabric_create(st_op *target);
ST_API void st_cgra_fabric_destroy(st_cgra_fabric *f);

/* The acg.grid the fabric expands, and the acg.graph holding it. */
ST_API st_op *st_cgra_fabric_grid(const st_cgra_fabric *f);
ST_API st_op *st_cgra_fabric_target(const st_cgra_fabric *f);
/* The array's size (without the IO ring). */
ST_API int64_t st_cgra_fabric_rows(const st_cgra_fabric *f);
ST_API int64_t st_cgra_fabric_cols(const st_cgra_fabric *f);
/* The width of the data pins (the widest track class). */
ST_API int32_t st_cgra_fabric_data_width(const st_cgra_fabric *f);
/* Track classes: width and tracks per side. */
ST_API size_t st_cgra_fabric_num_track_classes(const st_cgra_fabric *f);
ST_API void st_cgra_fabric_track_class(const st_cgra_fabric *f, size_t i, int32_t *width, int32_t *tracks);
/* Register sites per track class in each switch box (`param sb_regs`). */
ST_API int32_t st_cgra_fabric_sb_regs(const st_cgra_fabric *f);
/* The longest combinational route in switch-box hops (`param max_hops`; 0:
 * no limit). */
ST_API int32_t st_cgra_fabric_max_hops(const st_cgra_fabric *f);

/* The tiles (the IO ring's included), row by row from the north-west. */
ST_API size_t st_cgra_fabric_num_tiles(const st_cgra_fabric *f);
ST_API const st_cgra_tile *st_cgra_fabric_tile(const st_cgra_fabric *f, size_t i);
/* The tile at (row, col), or -1. */
ST_API int32_t st_cgra_fabric_tile_at(const st_cgra_fabric *f, int64_t row, int64_t col);
/* Counts of tiles of a kind. */
ST_API size_t st_cgra_fabric_count(const st_cgra_fabric *f, st_cgra_tile_kind kind);

/* The RR nodes, numbered tile by tile; NULL for an id out of range. */
ST_API size_t st_cgra_fabric_num_nodes(const st_cgra_fabric *f);
ST_API const st_cgra_node *st_cgra_fabric_node(const st_cgra_fabric *f, int32_t id);
/* Edges, both ways.  A node's fan-in is the input list of the multiplexer
 * driving it (a wire's switch-box mux, an input pin's connection box), in
 * a fixed order: the bitstream selects input k with the value k + 1. */
ST_API size_t st_cgra_fabric_fanout(const st_cgra_fabric *f, int32_t id, const int32_t **out);
ST_API size_t st_cgra_fabric_fanin(const st_cgra_fabric *f, int32_t id, const int32_t **in);
/* The position of `from` in the fan-in of `to`, or -1: no such edge. */
ST_API int32_t st_cgra_fabric_edge_index(const st_cgra_fabric *f, int32_t from, int32_t to);

/* RR node names: `(r,c).N16.2` (the 16-bit track 2 leaving the tile on
 * its north side), `(r,c).data0`, `(r,c).out0`, `(r,c).bit1`,
 * `(r,c).outb0`, `(r,c).reg16.3.d`, `(r,c).reg16.3.q`.  The name is
 * written to buf (NUL-terminated, truncated to n); returns its length. */
ST_API size_t st_cgra_fabric_node_name(const st_cgra_fabric *f, int32_t id, char *buf, size_t n);
/* The node of a name, or -1. */
ST_API int32_t st_cgra_fabric_lookup(const st_cgra_fabric *f, st_str name);
/* The pin node of a tile: `input` selects inputs; width 1 selects bit
 * pins; -1 when the tile has no such pin. */
ST_API int32_t st_cgra_fabric_pin(const st_cgra_fabric *f, int32_t tile, bool input, int32_t width, int32_t index);
/* The wire leaving tile `tile` on `side`, track `track` of the class of
 * `width`, or -1. */
ST_API int32_t st_cgra_fabric_wire(const st_cgra_fabric *f, int32_t tile, int32_t width, int32_t side, int32_t track);
/* The d (input) or q (output) node of register site `site` of width
 * `width` in tile `tile`, or -1. */
ST_API int32_t st_cgra_fabric_reg(const st_cgra_fabric *f, int32_t tile, int32_t width, int32_t site, bool q);
/* A hash of what a configuration depends on: the grid's size, track
 * classes, topology, register sites and every tile's kind and ports.  A
 * bitstream carries it; the simulator refuses one made for another fabric. */
ST_API uint64_t st_cgra_fabric_fingerprint(const st_cgra_fabric *f);
/* The switch-box hop distance between two tiles (Manhattan). */
ST_API int64_t st_cgra_fabric_distance(const st_cgra_fabric *f, int32_t a, int32_t b);

/* ---------------------------------------------------------------- design */

/* The target acg.graph a cgra.design names (`target = @g`), or NULL after
 * an error at the design. */
ST_API st_op *st_cgra_design_target(st_op *design);

#ifdef __cplusplus
}
#endif
#endif
