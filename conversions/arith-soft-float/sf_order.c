/* The ops that only order floats: maximumf/minimumf/maxnumf/minnumf and
 * cmpf.  Non-NaN floats compare as st__sf_order_key's unsigned keys, which put
 * -0 below +0: what the max/min family wants (llvm::maximum), while cmpf
 * treats the two zeros as equal. */
#include "sf.h"

st_value *st__sf_maxmin(st__sf_b *b, st_value *x, st_value *y, bool max, bool nan_wins) {
	st_value *kx = st__sf_order_key(b, x), *ky = st__sf_order_key(b, y);
	/* Equal keys are equal patterns: either operand will do. */
	st_value *take_y = max ? st__sf_cmp(b, ST_CMPI_ULT, kx, ky) : st__sf_cmp(b, ST_CMPI_ULT, ky, kx);
	st_value *r = st__sf_sel(b, take_y, y, x);
	if (nan_wins)
		return st__sf_nan_wins(b, x, y, r);
	/* maxnum: a NaN operand gives the other one as it is. */
	r = st__sf_sel(b, st__sf_is_nan(b, y), x, r);
	return st__sf_sel(b, st__sf_is_nan(b, x), y, r);
}

/* Which of less, equal, greater, unordered each predicate accepts, in
 * arith.cmpf's numbering. */
enum { LT = 1, EQ = 2, GT = 4, UN = 8 };
static const unsigned char accepts[16] = {
	0,       EQ,           GT,      GT | EQ,      LT,           LT | EQ,      LT | GT, LT | EQ | GT,
	UN | EQ, UN | GT,      UN | GT | EQ, UN | LT, UN | LT | EQ, UN | LT | GT, UN,      UN | LT | EQ | GT,
};

st_value *st__sf_cmpf(st__sf_b *b, int pred, st_value *x, st_value *y) {
	unsigned want = accepts[pred & 15];
	if (want == 0 || want == (UN | LT | EQ | GT))
		return st__sf_const(b, b->i1, want != 0);
	st_value *un = st__sf_or(b, st__sf_is_nan(b, x), st__sf_is_nan(b, y));
	st_value *zeros = st__sf_cmpk(b, ST_CMPI_EQ, st__sf_mag(b, st__sf_or(b, x, y)), 0);
	st_value *eq = st__sf_or(b, st__sf_cmp(b, ST_CMPI_EQ, x, y), zeros);
	st_value *kx = st__sf_order_key(b, x), *ky = st__sf_order_key(b, y);
	/* Once unordered and equal are ruled out, the keys decide. */
	st_value *r = NULL;
	if (want & (LT | GT)) {
		st_value *lt = st__sf_cmp(b, ST_CMPI_ULT, kx, ky);
		st_value *ord_ne = st__sf_cmpk(b, ST_CMPI_EQ, st__sf_bit(b, st__sf_or(b, un, eq)), 0);
		r = (want & (LT | GT)) == (LT | GT) ? ord_ne
		    : st__sf_and(b, ord_ne, (want & LT) ? lt : st__sf_cmpk(b, ST_CMPI_EQ, st__sf_bit(b, lt), 0));
	}
	if (want & EQ) {
		st_value *ord_eq = st__sf_and(b, eq, st__sf_cmpk(b, ST_CMPI_EQ, st__sf_bit(b, un), 0));
		r = r ? st__sf_or(b, r, ord_eq) : ord_eq;
	}
	if (want & UN)
		r = r ? st__sf_or(b, r, un) : un;
	return r;
}
