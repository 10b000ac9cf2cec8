/* The ub verifier: buffers have a static shape, each port's isl objects
 * parse and agree with each other (the access map and the schedule are
 * functions on the port's domain, the access reaches the port's buffer
 * inside its shape, the schedule is one cycle number), and a graph names
 * each buffer once; a ub.mem names a buffer of its graph and carries
 * well-formed controller vectors. */
#include "ub_private.h"

#include <string.h>

static const char *const buffer_maps[] = {"wire", "chain", "ram", "rom", "tap", NULL};
static const char *const mem_kinds[] = {"sr", "line", "ram", "rom", NULL};

static bool one_of(st_attr *a, const char *const *names) {
	for (size_t i = 0; names[i]; i++)
		if (st_str_eq_c(st_attr_string(a), names[i]))
			return true;
	return false;
}

static const char *const buffer_kinds[] = {"wire", "tap", "rom", "line", "stream", "accumulation", "double", NULL};

/* A host buffer of a tiled graph (strata/ub.h): every run's footprint
 * inside the host array. */
static st_status verify_tiling(st_op *op, st_type *t) {
	bool has = st_op_get_attr(op, "host_shape") || st_op_get_attr(op, "tile_offset");
	st_op *g = st_op_parent_op(op);
	int64_t tiles[ST_UB_MAX_TILE_LOOPS], host[ST_UB_MAX_DIMS], off[ST_UB_MAX_DIMS * (1 + ST_UB_MAX_TILE_LOOPS)];
	st_attr *ta = g ? st_op_get_attr(g, "tiles") : NULL;
	unsigned n = g ? st_ub_graph_tiles(g, tiles) : 0;
	if (ta && (!n || st_attr_dense_array_size(ta) != n))
		return st_op_error(g, "tiles is an array of 1 to %d trip counts", ST_UB_MAX_TILE_LOOPS);
	for (unsigned j = 0; j < n; j++)
		if (tiles[j] < 1)
			return st_op_error(g, "a tile loop runs at least once");
	if (!has)
		return ST_OK;
	if (!n || !st_op_get_attr(op, "arg"))
		return st_op_error(op, "host_shape and tile_offset belong to a host argument's buffer in a graph with tiles");
	if (!st_ub_buffer_tiling(op, n, host, off))
		return st_op_error(op, "host_shape needs one extent per dimension, tile_offset an origin and %u strides "
		                       "per dimension", n);
	for (size_t d = 0; d < st_type_rank(t); d++) {
		const int64_t *o = &off[d * (1 + n)];
		int64_t lo = o[0], hi = o[0];
		for (unsigned j = 0; j < n; j++)
			*(o[1 + j] < 0 ? &lo : &hi) += o[1 + j] * (tiles[j] - 1);
		if (lo < 0 || hi + st_type_shape(t)[d] > host[d])
			return st_op_error(op, "a run's footprint leaves the host array in dimension %zu (elements %lld to "
			                       "%lld of %lld)", d, (long long)lo, (long long)(hi + st_type_shape(t)[d] - 1),
			                   (long long)host[d]);
	}
	return ST_OK;
}

/* Buffer and parameter names are identifiers of 1 to 63 characters (isl
 * tuple names, the design's port names). */
static st_status check_name(st_op *op, const char *what, const char *why) {
	st_str name = st_attr_string(st_op_get_attr(op, "name"));
	if (name.len == 0 || name.len >= 64)
		return st_op_error(op, "a %s name has 1 to 63 characters", what);
	for (size_t i = 0; i < name.len; i++) {
		char c = name.data[i];
		if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (i && c >= '0' && c <= '9')))
			return st_op_error(op, "a %s name is an identifier (%s)", what, why);
	}
	return ST_OK;
}

/* A scalar the host sets before the run and holds (an input port of the
 * design): an integer of at most 64 bits, an f32 or an f64. */
st_status st__ub_verify_param(st_op *op) {
	st_type *t = st_value_type(st_op_result(op, 0));
	bool ok = (st_type_is_integer(t) && st_type_int_width(t) <= 64) || st_type_get_kind(t) == ST_TYPE_F32 ||
	          st_type_get_kind(t) == ST_TYPE_F64;
	if (!ok)
		return st_op_error(op, "a parameter is an integer of at most 64 bits, an f32 or an f64");
	if (st_attr_int_value(st_op_get_attr(op, "arg")) < 0)
		return st_op_error(op, "arg must be a non-negative argument number");
	return check_name(op, "parameter", "it names the design's input port");
}

st_status st__ub_verify_buffer(st_op *op) {
	st_type *t = st_value_type(st_op_result(op, 0));
	if (!st_type_has_rank(t) || st_type_rank(t) > ST_UB_MAX_DIMS)
		return st_op_error(op, "a buffer has a ranked memref type of at most %d dimensions", ST_UB_MAX_DIMS);
	for (size_t i = 0; i < st_type_rank(t); i++)
		if (st_type_shape(t)[i] < 0)
			return st_op_error(op, "a buffer has a static shape");
	if (st_failed(check_name(op, "buffer", "it names the isl tuple of its accesses")))
		return ST_FAIL;
	st_attr *cap = st_op_get_attr(op, "capacity");
	if (cap && st_attr_int_value(cap) < 0)
		return st_op_error(op, "capacity must be non-negative");
	st_attr *arg = st_op_get_attr(op, "arg");
	if (arg && st_attr_int_value(arg) < 0)
		return st_op_error(op, "arg must be a non-negative argument number");
	st_attr *kind = st_op_get_attr(op, "kind");
	if (kind && !one_of(kind, buffer_kinds))
		return st_op_error(op, "unknown buffer kind '%.*s'", (int)st_attr_string(kind).len, st_attr_string(kind).data);
	st_attr *map = st_op_get_attr(op, "map");
	if (map && !one_of(map, buffer_maps))
		return st_op_error(op, "unknown buffer mapping '%.*s'", (int)st_attr_string(map).len, st_attr_string(map).data);
	return verify_tiling(op, t);
}

/* A controller: a dictionary whose loop vectors have one entry per level. */
static bool valid_ctrl(st_attr *c) {
	if (st_attr_get_kind(c) != ST_ATTR_DICTIONARY)
		return false;
	st_attr *dir = st_attr_dict_get_c(c, "dir");
	if (!dir || st_attr_get_kind(dir) != ST_ATTR_STRING ||
	    !(st_str_eq_c(st_attr_string(dir), "write") || st_str_eq_c(st_attr_string(dir), "read")))
		return false;
	static const char *const units[] = {"sram", "agg", "tb", NULL}, *const clocks[] = {"cycle", "write", NULL};
	st_attr *unit = st_attr_dict_get_c(c, "unit"), *clock = st_attr_dict_get_c(c, "clock");
	if ((unit && (st_attr_get_kind(unit) != ST_ATTR_STRING || !one_of(unit, units))) ||
	    (clock && (st_attr_get_kind(clock) != ST_ATTR_STRING || !one_of(clock, clocks))))
		return false;
	static const char *const phases[] = {"init", "accumulate", "readout", NULL};
	st_attr *phase = st_attr_dict_get_c(c, "phase");
	if (phase && (st_attr_get_kind(phase) != ST_ATTR_STRING || !one_of(phase, phases)))
		return false;
	static const char *const vecs[] = {"extent", "cycle_stride", "addr_stride"};
	size_t n = 0;
	for (size_t i = 0; i < 3; i++) {
		st_attr *v = st_attr_dict_get_c(c, vecs[i]);
		if (!v || st_attr_get_kind(v) != ST_ATTR_DENSE_ARRAY || (i && st_attr_dense_array_size(v) != n))
			return false;
		n = st_attr_dense_array_size(v);
	}
	return n <= ST_UB_MAX_DIMS;
}

st_status st__ub_verify_mem(st_op *op) {
	st_attr *kind = st_op_get_attr(op, "kind");
	if (!one_of(kind, mem_kinds))
		return st_op_error(op, "unknown memory kind '%.*s'", (int)st_attr_string(kind).len, st_attr_string(kind).data);
	if (st_attr_int_value(st_op_get_attr(op, "words")) < 0)
		return st_op_error(op, "words must be non-negative");
	st_attr *ctrls = st_op_get_attr(op, "ctrls");
	for (size_t i = 0; i < st_attr_array_size(ctrls); i++)
		if (!valid_ctrl(st_attr_array_elt(ctrls, i)))
			return st_op_error(op, "controller #%zu is not a dictionary with a 'dir' (write or read), extent, "
			                       "cycle_stride and addr_stride arrays of one length (at most %d) and an optional "
			                       "'unit' (sram, agg, tb) and 'clock' (cycle, write); optional 'phase' (init, accumulate, "
			                       "readout)",
			                   i, ST_UB_MAX_DIMS);
	return ST_OK;
}

/* The isl checks of one port, its objects already read. */
static st_status check_port(st_op *op, isl_set *dom, isl_map *acc, isl_map *sched) {
	st_op *bop = st_value_defining_op(st_op_operand(op, 0));
	if (!bop || !st_str_eq_c(st_ident_str(st_op_name(bop)), "ub.buffer"))
		return st_op_error(op, "a port's buffer must be a ub.buffer");
	st_type *bt = st_value_type(st_op_operand(op, 0));
	st_str bname = st_attr_string(st_op_get_attr(bop, "name"));
	if (isl_set_dim(dom, isl_dim_param) != 0 || isl_map_dim(acc, isl_dim_param) != 0 ||
	    isl_map_dim(sched, isl_dim_param) != 0)
		return st_op_error(op, "port objects have no parameters (sizes are constants in a tile)");
	if (!isl_set_has_tuple_name(dom))
		return st_op_error(op, "'domain' needs a named tuple (the kernel's statement)");
	isl_space *ds = isl_set_get_space(dom);
	isl_space *as = isl_space_domain(isl_map_get_space(acc));
	isl_space *ss = isl_space_domain(isl_map_get_space(sched));
	bool ok_a = isl_space_is_equal(ds, as) == isl_bool_true;
	bool ok_s = isl_space_is_equal(ds, ss) == isl_bool_true;
	isl_space_free(ds);
	isl_space_free(as);
	isl_space_free(ss);
	if (!ok_a)
		return st_op_error(op, "'access' is not a map from the domain's space");
	if (!ok_s)
		return st_op_error(op, "'schedule' is not a map from the domain's space");
	const char *rn = isl_map_get_tuple_name(acc, isl_dim_out);
	if (!rn || strlen(rn) != bname.len || memcmp(rn, bname.data, bname.len))
		return st_op_error(op, "'access' must reach buffer '%.*s' (its range tuple is '%s')", (int)bname.len,
		                   bname.data, rn ? rn : "");
	if ((size_t)isl_map_dim(acc, isl_dim_out) != st_type_rank(bt))
		return st_op_error(op, "'access' has %d indices for a buffer of rank %zu", (int)isl_map_dim(acc, isl_dim_out),
		                   st_type_rank(bt));
	if (isl_map_dim(sched, isl_dim_out) != 1)
		return st_op_error(op, "'schedule' must give one cycle number");
	isl_map *a = isl_map_intersect_domain(isl_map_copy(acc), isl_set_copy(dom));
	isl_map *s = isl_map_intersect_domain(isl_map_copy(sched), isl_set_copy(dom));
	isl_bool fa = isl_map_is_single_valued(a), fs = isl_map_is_single_valued(s);
	/* isl_set_is_subset keeps its arguments. */
	isl_set *da = isl_map_domain(isl_map_copy(a)), *dsch = isl_map_domain(isl_map_copy(s));
	isl_bool ta = isl_set_is_subset(dom, da), ts = isl_set_is_subset(dom, dsch);
	isl_set_free(da);
	isl_set_free(dsch);
	/* The accessed elements must lie in the buffer's shape. */
	isl_set *box = isl_set_universe(isl_space_range(isl_map_get_space(a)));
	for (size_t i = 0; i < st_type_rank(bt); i++) {
		box = isl_set_lower_bound_si(box, isl_dim_set, (unsigned)i, 0);
		box = isl_set_upper_bound_si(box, isl_dim_set, (unsigned)i, (int)(st_type_shape(bt)[i] - 1));
	}
	isl_set *image = isl_map_range(isl_map_copy(a));
	isl_bool inside = isl_set_is_subset(image, box);
	isl_set_free(image);
	isl_set_free(box);
	isl_map_free(a);
	isl_map_free(s);
	if (fa != isl_bool_true || ta != isl_bool_true)
		return st_op_error(op, "'access' must give one element for each point of the domain");
	if (fs != isl_bool_true || ts != isl_bool_true)
		return st_op_error(op, "'schedule' must give one cycle for each point of the domain");
	if (inside != isl_bool_true)
		return st_op_error(op, "'access' reaches outside the %zu-d shape of buffer '%.*s'", st_type_rank(bt),
		                   (int)bname.len, bname.data);
	return ST_OK;
}

st_status st__ub_verify_port(st_op *op) {
	bool write = st_str_eq_c(st_ident_str(st_op_name(op)), "ub.write");
	st_type *elt = st_type_element(st_value_type(st_op_operand(op, 0)));
	if (write && st_op_num_operands(op) > 1 && st_value_type(st_op_operand(op, 1)) != elt)
		return st_op_error(op, "the written value must have the buffer's element type");
	if (!write && st_value_type(st_op_result(op, 0)) != elt)
		return st_op_error(op, "the read value must have the buffer's element type");
	isl_ctx *ictx = st_ub_isl_ctx_create();
	if (!ictx)
		return st_op_error(op, "out of memory");
	isl_set *dom = st_ub_port_domain_isl(ictx, op);
	isl_map *acc = dom ? st_ub_port_access_isl(ictx, op) : NULL;
	isl_map *sched = acc ? st_ub_port_schedule_isl(ictx, op) : NULL;
	st_status st = sched ? check_port(op, dom, acc, sched) : ST_FAIL;
	isl_set_free(dom);
	isl_map_free(acc);
	isl_map_free(sched);
	isl_ctx_free(ictx);
	return st;
}

st_status st__ub_verify_graph(st_op *op) {
	st_block *b = st_region_first_block(st_op_region(op, 0));
	for (st_op *x = b ? st_block_first_op(b) : NULL; x; x = st_op_next(x)) {
		if (st_str_eq_c(st_ident_str(st_op_name(x)), "ub.mem")) {
			st_str n = st_attr_string(st_op_get_attr(x, "buffer"));
			bool found = false;
			for (st_op *y = st_block_first_op(b); y && !found; y = st_op_next(y))
				found = st_str_eq_c(st_ident_str(st_op_name(y)), "ub.buffer") &&
				        st_str_eq(st_attr_string(st_op_get_attr(y, "name")), n);
			if (!found)
				return st_op_error(x, "memory of unknown buffer '%.*s'", (int)n.len, n.data);
			continue;
		}
		if (!st_str_eq_c(st_ident_str(st_op_name(x)), "ub.buffer"))
			continue;
		st_str n = st_attr_string(st_op_get_attr(x, "name"));
		for (st_op *y = st_op_next(x); y; y = st_op_next(y))
			if (st_str_eq_c(st_ident_str(st_op_name(y)), "ub.buffer") && st_str_eq(st_attr_string(st_op_get_attr(y, "name")), n))
				return st_op_error(y, "buffer '%.*s' is defined twice in the graph", (int)n.len, n.data);
	}
	return ST_OK;
}
