/* Affine controllers (Amber's ID/AG/SG: iteration domain, address and
 * schedule generators) as the backend keeps them: read from a ub.mem's
 * `ctrls`, made from a port's domain, schedule and access (the IO tiles'
 * and the write-event generators), coalesced as ub-map coalesces, and
 * written into a cgra.inst's configuration. */
#include "cgra_internal.h"

#include <string.h>

static bool get_ints(st_attr *d, const char *key, int64_t *out, unsigned *n) {
	st_attr *a = st_attr_dict_get_c(d, key);
	if (!a || st_attr_get_kind(a) != ST_ATTR_DENSE_ARRAY || st_attr_dense_array_size(a) > CG_MAX_LEVELS)
		return false;
	*n = (unsigned)st_attr_dense_array_size(a);
	for (unsigned i = 0; i < *n; i++)
		out[i] = st_attr_dense_array_int(a, i);
	return true;
}

static bool get_int(st_attr *d, const char *key, int64_t *out) {
	st_attr *a = st_attr_dict_get_c(d, key);
	if (!a || st_attr_get_kind(a) != ST_ATTR_INTEGER)
		return false;
	*out = st_attr_int_value(a);
	return true;
}

st_status st__cg_ctrl_from_dict(st_op *at, st_attr *d, cg_ctrl *c) {
	memset(c, 0, sizeof *c);
	c->pin = -1;
	unsigned n1 = 0, n2 = 0, n3 = 0;
	bool ok = d && st_attr_get_kind(d) == ST_ATTR_DICTIONARY && get_ints(d, "extent", c->extent, &n1) &&
	          get_ints(d, "cycle_stride", c->cycle_stride, &n2) && get_ints(d, "addr_stride", c->addr_stride, &n3) &&
	          n1 == n2 && n2 == n3 && get_int(d, "cycle_offset", &c->cycle_offset) &&
	          get_int(d, "addr_offset", &c->addr_offset);
	if (!ok)
		return st_op_error(at, "cgra: a controller needs extent, cycle_stride and addr_stride of one length (at most "
		                       "%d), cycle_offset and addr_offset",
		                   CG_MAX_LEVELS);
	c->levels = n1;
	get_int(d, "wrap", &c->wrap);
	get_int(d, "base", &c->base);
	int64_t pin = -1;
	if (get_int(d, "pin", &pin))
		c->pin = (int)pin;
	st_attr *dir = st_attr_dict_get_c(d, "dir"), *unit = st_attr_dict_get_c(d, "unit"),
	        *clock = st_attr_dict_get_c(d, "clock");
	c->dir = dir && st_str_eq_c(st_attr_string(dir), "read");
	c->unit = !unit ? 0 : st_str_eq_c(st_attr_string(unit), "agg") ? 1 : 2;
	c->on_writes = clock && st_str_eq_c(st_attr_string(clock), "write");
	for (unsigned i = 0; i < c->levels; i++)
		if (c->extent[i] < 0)
			return st_op_error(at, "cgra: a controller's extents must not be negative");
	return ST_OK;
}

int64_t st__cg_ctrl_points(const cg_ctrl *c) {
	int64_t n = 1;
	for (unsigned i = 0; i < c->levels; i++)
		n *= c->extent[i];
	return n;
}

/* Unit extents go; an outer level folds into the inner one when it steps
 * by the inner level's whole span in cycles and in addresses. */
static void coalesce(cg_ctrl *c) {
	unsigned k = 0;
	for (unsigned i = 0; i < c->levels; i++)
		if (c->extent[i] != 1) {
			c->extent[k] = c->extent[i];
			c->cycle_stride[k] = c->cycle_stride[i];
			c->addr_stride[k++] = c->addr_stride[i];
		}
	c->levels = k;
	for (unsigned i = c->levels; i-- > 1;) {
		unsigned o = i - 1;
		if (c->cycle_stride[o] != c->extent[i] * c->cycle_stride[i] ||
		    c->addr_stride[o] != c->extent[i] * c->addr_stride[i])
			continue;
		c->extent[o] *= c->extent[i];
		c->cycle_stride[o] = c->cycle_stride[i];
		c->addr_stride[o] = c->addr_stride[i];
		memmove(&c->extent[i], &c->extent[i + 1], (c->levels - i - 1) * sizeof c->extent[0]);
		memmove(&c->cycle_stride[i], &c->cycle_stride[i + 1], (c->levels - i - 1) * sizeof c->extent[0]);
		memmove(&c->addr_stride[i], &c->addr_stride[i + 1], (c->levels - i - 1) * sizeof c->extent[0]);
		c->levels--;
	}
}

void st__cg_ctrl_of_port(const cg_port *p, const int64_t *shape, unsigned rank, const int64_t *lo,
                         const int64_t *hi, cg_ctrl *c) {
	memset(c, 0, sizeof *c);
	c->pin = -1;
	c->dir = !p->write;
	int64_t rm[CG_MAX_DIMS], s = 1;
	for (unsigned d = rank; d-- > 0;) {
		rm[d] = s;
		s *= shape[d];
	}
	c->levels = p->ndims;
	c->cycle_offset = p->sched.c[0];
	for (unsigned d = 0; d < rank && d < p->rank; d++)
		c->addr_offset += rm[d] * p->acc[d].c[0];
	for (unsigned i = 0; i < p->ndims; i++) {
		int64_t l = lo ? lo[i] : p->lo[i], h = hi ? hi[i] : p->hi[i];
		c->extent[i] = h >= l ? h - l + 1 : 0;
		c->cycle_stride[i] = p->sched.c[1 + i];
		c->cycle_offset += p->sched.c[1 + i] * l;
		for (unsigned d = 0; d < rank && d < p->rank; d++) {
			c->addr_stride[i] += rm[d] * p->acc[d].c[1 + i];
			c->addr_offset += rm[d] * p->acc[d].c[1 + i] * l;
		}
	}
	st_ub_levels_in_time(c->levels, c->extent, c->cycle_stride, c->addr_stride);
	coalesce(c);
}

static st_attr *ints(st_context *ctx, const int64_t *v, unsigned n) {
	return st_dense_int_array_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), n, v);
}

st_attr *st__cg_ctrl_attr(st_context *ctx, const cg_ctrl *c) {
	st_type *i64 = st_integer_type(ctx, 64, ST_SIGNLESS);
	st_named_attr na[12];
	size_t n = 0;
#define ENTRY(k, v) na[n++] = (st_named_attr){st_ident_get_c(ctx, k), (v)}
	ENTRY("dir", st_string_attr(ctx, st_str_c(c->dir ? "read" : "write")));
	ENTRY("extent", ints(ctx, c->extent, c->levels));
	ENTRY("cycle_stride", ints(ctx, c->cycle_stride, c->levels));
	ENTRY("cycle_offset", st_integer_attr(ctx, i64, c->cycle_offset));
	ENTRY("addr_stride", ints(ctx, c->addr_stride, c->levels));
	ENTRY("addr_offset", st_integer_attr(ctx, i64, c->addr_offset));
	if (c->wrap)
		ENTRY("wrap", st_integer_attr(ctx, i64, c->wrap));
	if (c->base)
		ENTRY("base", st_integer_attr(ctx, i64, c->base));
	if (c->unit)
		ENTRY("unit", st_string_attr(ctx, st_str_c(c->unit == 1 ? "agg" : "tb")));
	if (c->on_writes)
		ENTRY("clock", st_string_attr(ctx, st_str_c("write")));
	if (c->pin >= 0)
		ENTRY("pin", st_integer_attr(ctx, i64, c->pin));
#undef ENTRY
	return st_dict_attr(ctx, n, na);
}
