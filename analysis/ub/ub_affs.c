/* isl objects compiled into plain arrays (boxes and affine functions) so
 * that the capacity analysis and the simulator can enumerate millions of
 * points without going through isl for each. */
#include "ub_analysis_private.h"

#include <isl/ilp.h>
#include <isl/val.h>
#include <string.h>

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

static bool aff_of(isl_aff *a, unsigned nin, st_ub_aff *out) {
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

bool st__ub_affs_of(isl_map *m, unsigned *nout, st_ub_aff *out) {
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
