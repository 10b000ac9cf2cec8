/* isl objects in ub attributes: reading them with located errors, writing
 * them back, and compiling boxes and affine functions into plain arrays so
 * that the capacity analysis and the simulator can enumerate millions of
 * points without going through isl for each. */
#include "ub_internal.h"

#include <isl/ilp.h>
#include <isl/options.h>
#include <isl/val.h>
#include <stdlib.h>
#include <string.h>

/* Bounds one isl operation; far above what a tile's ports need. */
#define UB_ISL_MAX_OPERATIONS 20000000

isl_ctx *st__ub_isl_ctx(void) {
	isl_ctx *ctx = isl_ctx_alloc();
	if (!ctx)
		return NULL;
	isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
	isl_ctx_set_max_operations(ctx, UB_ISL_MAX_OPERATIONS);
	return ctx;
}

/* The attribute as a NUL-terminated copy (isl reads C strings). */
static char *attr_text(st_op *op, const char *attr, size_t *size) {
	st_attr *a = st_op_get_attr(op, attr);
	if (!a || st_attr_get_kind(a) != ST_ATTR_STRING) {
		st_op_error(op, "requires string attribute '%s'", attr);
		return NULL;
	}
	st_str s = st_attr_string(a);
	*size = s.len + 1;
	char *t = st_ctx_alloc(st_op_context(op), *size);
	if (!t)
		return NULL;
	memcpy(t, s.data, s.len);
	t[s.len] = 0;
	return t;
}

static void parse_error(isl_ctx *ictx, st_op *op, const char *attr, const char *what) {
	const char *msg = isl_ctx_last_error_msg(ictx);
	st_op_error(op, "'%s' is not an isl %s: %s", attr, what, msg ? msg : "syntax error");
	isl_ctx_reset_error(ictx);
}

/* The attribute read by isl as a map or a set (returned as void *). */
static void *read_attr(isl_ctx *ictx, st_op *op, const char *attr, bool map) {
	size_t size;
	char *t = attr_text(op, attr, &size);
	if (!t)
		return NULL;
	void *r = map ? (void *)isl_map_read_from_str(ictx, t) : (void *)isl_set_read_from_str(ictx, t);
	st_ctx_free(st_op_context(op), t, size);
	if (!r)
		parse_error(ictx, op, attr, map ? "map" : "set");
	return r;
}

isl_set *st__ub_attr_set(isl_ctx *ictx, st_op *op, const char *attr) { return read_attr(ictx, op, attr, false); }
isl_map *st__ub_attr_map(isl_ctx *ictx, st_op *op, const char *attr) { return read_attr(ictx, op, attr, true); }

static void set_text_attr(st_op *op, const char *attr, char *text) {
	if (!text)
		return;
	st_context *ctx = st_op_context(op);
	st_op_set_attr(op, attr, st_string_attr(ctx, st_str_c(text)));
	free(text);
}

void st__ub_set_map_attr(st_op *op, const char *attr, isl_map *m) { set_text_attr(op, attr, isl_map_to_str(m)); }
void st__ub_set_set_attr(st_op *op, const char *attr, isl_set *s) { set_text_attr(op, attr, isl_set_to_str(s)); }

static bool val_i64(isl_val *v, int64_t *out) {
	bool ok = v && isl_val_is_int(v) && isl_val_get_den_si(v) == 1;
	if (ok) {
		long n = isl_val_get_num_si(v);
		*out = n;
	}
	isl_val_free(v);
	return ok;
}

bool st__ub_box_of(isl_set *s, unsigned *ndims, int64_t *lo, int64_t *hi) {
	isl_size n = isl_set_dim(s, isl_dim_set);
	if (n < 0 || n > ST_UB_MAX_DIMS || isl_set_dim(s, isl_dim_param) != 0 || isl_set_is_empty(s) != isl_bool_false)
		return false;
	isl_set *box = isl_set_universe(isl_set_get_space(s));
	for (int i = 0; i < n; i++) {
		if (!val_i64(isl_set_dim_min_val(isl_set_copy(s), i), &lo[i]) ||
		    !val_i64(isl_set_dim_max_val(isl_set_copy(s), i), &hi[i])) {
			isl_set_free(box);
			return false;
		}
		box = isl_set_lower_bound_si(box, isl_dim_set, (unsigned)i, (int)lo[i]);
		box = isl_set_upper_bound_si(box, isl_dim_set, (unsigned)i, (int)hi[i]);
	}
	bool eq = isl_set_is_equal(box, s) == isl_bool_true;
	isl_set_free(box);
	*ndims = (unsigned)n;
	return eq;
}

static bool aff_of(isl_aff *a, unsigned nin, st__ub_aff *out) {
	bool ok = a && isl_aff_dim(a, isl_dim_div) == 0;
	memset(out, 0, sizeof *out);
	ok = ok && val_i64(isl_aff_get_constant_val(a), &out->c[0]);
	for (unsigned i = 0; ok && i < nin; i++)
		ok = val_i64(isl_aff_get_coefficient_val(a, isl_dim_in, (int)i), &out->c[1 + i]);
	isl_aff_free(a);
	return ok;
}

static isl_stat take_piece(isl_set *set, isl_multi_aff *ma, void *user) {
	isl_set_free(set);
	*(isl_multi_aff **)user = ma;
	return isl_stat_ok;
}

bool st__ub_affs_of(isl_map *m, unsigned *nout, st__ub_aff *out) {
	isl_size nin = isl_map_dim(m, isl_dim_in), no = isl_map_dim(m, isl_dim_out);
	if (nin < 0 || no < 0 || nin > ST_UB_MAX_DIMS || no > ST_UB_MAX_DIMS || isl_map_dim(m, isl_dim_param) != 0)
		return false;
	isl_pw_multi_aff *pma = isl_pw_multi_aff_from_map(isl_map_copy(m));
	if (!pma || isl_pw_multi_aff_n_piece(pma) != 1) {
		isl_pw_multi_aff_free(pma);
		return false;
	}
	/* One piece; its domain is the map's domain, the function is what
	 * matters (as_multi_aff would want a universe domain). */
	isl_multi_aff *ma = NULL;
	isl_pw_multi_aff_foreach_piece(pma, take_piece, &ma);
	isl_pw_multi_aff_free(pma);
	bool ok = ma != NULL;
	for (int k = 0; ok && k < no; k++)
		ok = aff_of(isl_multi_aff_get_at(ma, k), (unsigned)nin, &out[k]);
	isl_multi_aff_free(ma);
	*nout = (unsigned)no;
	return ok;
}
