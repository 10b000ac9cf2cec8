/* affine-loop-tile{tile-size= tile-sizes=}: each band of perfectly
 * nested loops rooted at an outermost affine.for becomes tile loops
 * (the original bounds, step * tile size) around point loops from the
 * tile's start to min(start + step * size, original upper bounds), as
 * MLIR's tilePerfectlyNested builds them; the min is left out when the
 * tile size divides a constant trip count.  Bands with iter_args or whose
 * bounds use an induction variable of the band are left alone. */
#include "affine_loops.h"
#include "affine_passes.h"

#include <stdlib.h>

#define MAX_BAND 16

typedef struct options {
	int64_t tile_size;
	const char *tile_sizes;
} options;

/* The size for loop d: the d-th of the list, else tile-size. */
static int64_t size_for(const options *o, size_t d) {
	const char *s = o->tile_sizes;
	for (size_t i = 0; s && *s; i++) {
		char *end;
		long long v = strtoll(s, &end, 10);
		if (end == s)
			break;
		if (i == d)
			return v;
		s = *end == ',' ? end + 1 : end;
	}
	return o->tile_size;
}

static st_status tile_band(st_rewriter *rw, const options *o, st_op **band, size_t n) {
	st_context *ctx = st_rewriter_context(rw);
	st_op *outer = band[0];
	st_attr *loc = st_op_loc(outer);
	st_op *tiles[MAX_BAND], *points[MAX_BAND];
	st_status st = ST_OK;
	st_rewriter_set_insertion_before(rw, outer);
	for (size_t d = 0; d < n && st_succeeded(st); d++) {
		st__affine_bound lb, ub;
		int64_t t = size_for(o, d);
		if (t < 1)
			return st_op_error(band[d], "tile size %lld is not positive", (long long)t);
		if (st_failed(st__affine_for_bounds(band[d], &lb, &ub)))
			return ST_FAIL;
		tiles[d] = st_affine_build_for(rw, loc, lb.map, lb.n, lb.ops, ub.map, ub.n, ub.ops,
		                               st_affine_for_step(band[d]) * t, 0, NULL);
		st__affine_bound_free(ctx, &lb);
		st__affine_bound_free(ctx, &ub);
		if (!tiles[d])
			return ST_FAIL;
		st_rewriter_set_insertion_before(rw, st_block_last_op(st_affine_for_body(tiles[d])));
	}
	for (size_t d = 0; d < n; d++) {
		st_op *l = band[d];
		int64_t step = st_affine_for_step(l), span = step * size_for(o, d), lbc, ubc;
		st_value *tiv = st_affine_for_iv(tiles[d]);
		st_affine_expr *d0 = st_affine_dim(ctx, 0);
		const st_affine_map *plb = st_affine_map_get(ctx, 1, 0, 1, &d0), *pub;
		st__affine_bound lb, ub;
		if (st_failed(st__affine_for_bounds(l, &lb, &ub)))
			return ST_FAIL;
		size_t nops = 1;
		st_value **ops = st_ctx_alloc(ctx, (1 + ub.n) * sizeof *ops);
		if (!ops)
			return ST_FAIL;
		ops[0] = tiv;
		st_affine_expr *start_plus = st_affine_add(ctx, d0, st_affine_const(ctx, span));
		if (st_affine_for_constant_bounds(l, &lbc, &ubc) && ubc > lbc && (ubc - lbc) % span == 0) {
			pub = st_affine_map_get(ctx, 1, 0, 1, &start_plus);
		} else {
			unsigned nd = st_affine_map_num_dims(ub.map), ns = st_affine_map_num_symbols(ub.map);
			size_t nr = st_affine_map_num_results(ub.map);
			st_affine_expr **res = st_ctx_alloc(ctx, (nr + 1) * sizeof *res);
			if (!res)
				return ST_FAIL;
			res[0] = start_plus;
			for (size_t r = 0; r < nr; r++)
				res[r + 1] = st__affine_shift_dims(ctx, st_affine_map_result(ub.map, r), nd, 1);
			pub = st_affine_map_get(ctx, nd + 1, ns, nr + 1, res);
			st_ctx_free(ctx, res, (nr + 1) * sizeof *res);
			st__affine_copy(ops + 1, ub.ops, ub.n);
			nops += ub.n;
		}
		points[d] = st_affine_build_for(rw, loc, plb, 1, &tiv, pub, nops, ops, step, 0, NULL);
		st_ctx_free(ctx, ops, (1 + ub.n) * sizeof *ops);
		st__affine_bound_free(ctx, &lb);
		st__affine_bound_free(ctx, &ub);
		if (!points[d])
			return ST_FAIL;
		st_rewriter_set_insertion_before(rw, st_block_last_op(st_affine_for_body(points[d])));
	}
	/* The innermost body moves into the innermost point loop. */
	st_block *body = st_affine_for_body(band[n - 1]);
	st_op *dest = st_block_last_op(st_affine_for_body(points[n - 1]));
	for (st_op *op = st_block_first_op(body), *next; op && op != st_block_last_op(body); op = next) {
		next = st_op_next(op);
		st_rewriter_move_op_before(rw, op, dest);
	}
	for (size_t d = 0; d < n; d++)
		st_rewriter_replace_all_uses(rw, st_affine_for_iv(band[d]), st_affine_for_iv(points[d]));
	st_rewriter_erase_op(rw, outer);
	return ST_OK;
}

static st_status tile_root(st_rewriter *rw, st_op *root_loop, const void *data) {
	st_op *band[MAX_BAND];
	size_t n = st_affine_perfect_nest(root_loop, band, MAX_BAND);
	if (n > MAX_BAND || st__affine_band_uses_ivs(band, n))
		return ST_OK;
	for (size_t d = 0; d < n; d++)
		if (st_affine_for_num_iter_args(band[d]))
			return ST_OK;
	return tile_band(rw, data, band, n);
}

static st_status run(st_pass *pass, st_op *root) {
	return st__affine_each_loop(pass, root, false, tile_root, st_pass_options(pass));
}

static const st_pass_option_def tile_options[] = {
	{"tile-size", "Use this tile size for all loops", ST_PASS_OPT_INT, "4", offsetof(options, tile_size), NULL},
	{"tile-sizes", "List of tile sizes for each perfect nest (overridden by -tile-size)", ST_PASS_OPT_LIST, "",
	 offsetof(options, tile_sizes), NULL},
};

const st_pass_def st__affine_tile_pass = {
	.name = "affine-loop-tile",
	.summary = "Tile affine loop nests",
	.anchor = "func.func",
	.options = tile_options,
	.noptions = sizeof tile_options / sizeof *tile_options,
	.options_size = sizeof(options),
	.run = run,
	.display_name = "LoopTiling",
};
