/* The PMLang types of scalar values where the IR type does not tell them
 * (docs/pmlang.md): a fixed-point value is an iN, a complex value the f32
 * of its real part recorded with its imaginary part.  The expression
 * builders record each such value they make, per import, and look them up
 * when they meet it as an operand. */
#include "pm_build.h"

void st__pm_set_type(pm_builder *b, st_value *v, pm_type t) {
	if (!v || (!st__pm_is_fxp(t) && t.kind != PM_T_COMPLEX))
		return;
	if (b->nsems == b->semcap) {
		size_t cap = b->semcap ? 2 * b->semcap : 64;
		b->sems = st__pm_realloc(b->p, b->sems, cap * sizeof *b->sems);
		b->semcap = cap;
	}
	b->sems[b->nsems++] = (pm_semval){v, t, NULL};
}

pm_type st__pm_type_of_value(pm_builder *b, st_value *v) {
	for (size_t i = b->nsems; i-- > 0;)
		if (b->sems[i].v == v)
			return b->sems[i].t;
	st_type *t = st_value_type(v);
	if (st_type_is_float(t))
		return (pm_type){PM_T_FLOAT, 0, 0};
	if (st_type_is_signless_integer(t, 1))
		return (pm_type){PM_T_BOOL, 0, 0};
	return (pm_type){PM_T_INT, 0, 0};
}

st_value *st__pm_complex_im(pm_builder *b, st_value *v) {
	for (size_t i = b->nsems; i-- > 0;)
		if (b->sems[i].v == v)
			return b->sems[i].im;
	return NULL;
}

