/* ROM extraction (source section 3.5 item 4): a Func stored in a ROM
 * (store_in(MemoryType::ROM), the camera pipeline's tone curve) is computed
 * at compile time, not by the accelerator: st_memref_eval_table runs its
 * loop nest once in the interpreter and the contents become a constant
 * memref.global @<name>_rom that the kernels look up. */
#include "ub_extract.h"

#include "strata/memref.h"

#include <stdio.h>

st_op *st__ub_rom_table(st_op *fn, st_op *nest, st_value *mem, size_t nfixed, st_value *const *fixed,
                        const int64_t *vals, const char *name) {
	char gname[96];
	snprintf(gname, sizeof gname, "%s_rom", name);
	st_op *g = st_memref_eval_table(fn, &nest, 1, mem, nfixed, fixed, vals, gname);
	if (!g)
		st_op_error(nest, "ub-extract: the ROM '%s' cannot be computed at compile time (it must be a table of "
		                  "integers or f32 whose nest reads no other buffer)", name);
	return g;
}
