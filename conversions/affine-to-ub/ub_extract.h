/* Shared by the two files of ub-extract (ub_extract.c, ub_extract_rom.c). */
#ifndef STRATA_UB_EXTRACT_H
#define STRATA_UB_EXTRACT_H

#include "strata/ir.h"

/* Computes the nest that fills `mem` (an allocation of function fn stored
 * in a ROM) with the interpreter, the values `fixed` (the block loops
 * around the accelerator) taking `vals`, and returns the constant
 * memref.global @<name>_rom holding the result, inserted before fn; NULL
 * after a diagnostic at the nest. */
st_op *st__ub_rom_table(st_op *fn, st_op *nest, st_value *mem, size_t nfixed, st_value *const *fixed,
                        const int64_t *vals, const char *name);

#endif
