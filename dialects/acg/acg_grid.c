/* Parametric grids: which tile kind sits where, counts, and expansion into
 * an explicit graph only when a caller asks for it.  A cell takes the first
 * tile kind (in written order) whose `where` holds there, kinds without
 * `where` or `side` matching everywhere; IO kinds (`at side`) sit on the
 * ring just outside the array, one per row or column of their side. */
#include "acg_private.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static bool on_side(const st_op *kind, int64_t row, int64_t col, int64_t rows, int64_t cols) {
	st_str s = st_attr_string(st_op_get_attr(kind, "side"));
	bool in_cols = col >= 0 && col < cols, in_rows = row >= 0 && row < rows;
	if (st_str_eq_c(s, "north"))
		return row == -1 && in_cols;
	if (st_str_eq_c(s, "south"))
		return row == rows && in_cols;
	if (st_str_eq_c(s, "west"))
		return col == -1 && in_rows;
	return col == cols && in_rows;
}

st_op *st_acg_grid_tile_at(st_op *grid, int64_t row, int64_t col) {
	if (!st__acg_is_grid(grid))
		return NULL;
	int64_t rows = st_acg_int(grid, "rows", 0), cols = st_acg_int(grid, "cols", 0);
	bool inside = row >= 0 && row < rows && col >= 0 && col < cols;
	for (st_op *k = st_block_first_op(st__acg_body(grid)); k; k = st_op_next(k)) {
		if (st_op_get_attr(k, "side")) {
			if (!inside && on_side(k, row, col, rows, cols))
				return k;
			continue;
		}
		st_attr *w = st_op_get_attr(k, "where");
		if (inside && (!w || st__acg_where_holds(w, row, col)))
			return k;
	}
	return NULL;
}

int64_t st_acg_grid_count(st_op *grid, const char *kind) {
	if (!st__acg_is_grid(grid))
		return 0;
	int64_t rows = st_acg_int(grid, "rows", 0), cols = st_acg_int(grid, "cols", 0), n = 0;
	for (int64_t r = -1; r <= rows; r++)
		for (int64_t c = -1; c <= cols; c++) {
			st_op *k = st_acg_grid_tile_at(grid, r, c);
			if (k && (!kind || strcmp(st__acg_sym(k), kind) == 0))
				n++;
		}
	return n;
}

/* ---------------------------------------------------------------- expand */

static void tile_name(char *buf, size_t n, const st_op *kind, int64_t r, int64_t c) {
	snprintf(buf, n, "%s_%" PRId64 "_%" PRId64, st__acg_sym(kind), r < 0 ? (int64_t)0 : r, c < 0 ? (int64_t)0 : c);
	/* The ring's -1 would not be a name: IO tiles are numbered from 0 along
	 * their side, which their kind already tells apart. */
	if (r < 0 || c < 0)
		snprintf(buf, n, "%s_%s%" PRId64, st__acg_sym(kind), r < 0 ? "c" : "r", r < 0 ? c : r);
}

static bool add_edge(st_context *ctx, st_block *b, const char *a, const char *z, int64_t bw, int64_t width,
                     st_attr *loc) {
	st_named_attr na[6] = {
		{st_ident_get_c(ctx, "src"), st_symbol_ref_attr(ctx, st_str_c(a), 0, NULL)},
		{st_ident_get_c(ctx, "dst"), st_symbol_ref_attr(ctx, st_str_c(z), 0, NULL)},
		{st_ident_get_c(ctx, "bidirectional"), st_bool_attr(ctx, true)},
		{st_ident_get_c(ctx, "bandwidth"), st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), bw)},
		{st_ident_get_c(ctx, "latency"), st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), 1)},
		{st_ident_get_c(ctx, "params"),
		 st_dict_attr(ctx, 1,
		              &(st_named_attr){st_ident_get_c(ctx, "track_width"),
		                               st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), width)})},
	};
	st_op_state s = {.name = st_str_c("acg.edge"), .loc = loc, .attrs = st_dict_attr(ctx, 6, na)};
	st_op *e = st_op_create(ctx, &s);
	if (!e)
		return false;
	st_block_append_op(b, e);
	return true;
}

st_op *st_acg_grid_expand(st_op *grid) {
	if (!st__acg_is_grid(grid))
		return NULL;
	st_context *ctx = st_op_context(grid);
	st_attr *loc = st_op_loc(grid);
	st_named_attr na[2] = {{st_ident_get_c(ctx, "sym_name"), st_string_attr(ctx, st_str_c(st__acg_sym(grid)))},
	                       {st_ident_get_c(ctx, "class"), st_string_attr(ctx, st_str_c("cgra"))}};
	st_op_state gs = {.name = st_str_c("acg.graph"), .loc = loc, .attrs = st_dict_attr(ctx, 2, na), .nregions = 1};
	st_op *g = st_op_create(ctx, &gs);
	st_block *b = g ? st_block_create(ctx) : NULL;
	if (!b) {
		if (g)
			st_op_destroy(g);
		return NULL;
	}
	st_region_append_block(st_op_region(g, 0), b);
	int64_t rows = st_acg_int(grid, "rows", 0), cols = st_acg_int(grid, "cols", 0);
	st_attr *tracks = st_op_get_attr(grid, "tracks");
	char name[160], other[160];
	bool ok = true;
	for (int64_t r = -1; ok && r <= rows; r++)
		for (int64_t c = -1; ok && c <= cols; c++) {
			st_op *k = st_acg_grid_tile_at(grid, r, c);
			if (!k)
				continue;
			st_op *t = st_op_clone(k, NULL);
			if (!(ok = t != NULL))
				break;
			st_op_remove_attr(t, "where");
			st_op_remove_attr(t, "side");
			tile_name(name, sizeof name, k, r, c);
			st_op_set_attr(t, "sym_name", st_string_attr(ctx, st_str_c(name)));
			st_block_append_op(b, t);
			/* Links to the tile above and to the left (when there is one). */
			const int64_t nb[2][2] = {{r - 1, c}, {r, c - 1}};
			for (int i = 0; ok && i < 2; i++) {
				st_op *o = st_acg_grid_tile_at(grid, nb[i][0], nb[i][1]);
				if (!o)
					continue;
				tile_name(other, sizeof other, o, nb[i][0], nb[i][1]);
				for (size_t k2 = 0; ok && k2 + 2 <= st_attr_dense_array_size(tracks); k2 += 2) {
					int64_t w = st_attr_dense_array_int(tracks, k2), n = st_attr_dense_array_int(tracks, k2 + 1);
					ok = add_edge(ctx, b, other, name, w * n, w, loc);
				}
			}
		}
	if (!ok) {
		st_op_destroy(g);
		return NULL;
	}
	return g;
}
