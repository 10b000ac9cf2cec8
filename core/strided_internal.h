/* The text and MLIR 14 form of strided memref layouts (core/strided.c),
 * for the attribute parser and the printer. */
#ifndef STRATA_STRIDED_INTERNAL_H
#define STRATA_STRIDED_INTERNAL_H

#include "strata/asm.h"

/* After the `strided` keyword: `<[1, ?], offset: ?>`. */
st_status st__parse_strided_body(st_parser *p, st_attr **out);
void st__print_strided(st_printer *p, const st_attr *a);
/* The layout as MLIR 14 wrote it: a strided layout becomes its affine map
 * (NULL when that is the identity, which MLIR 14 left out); other layouts
 * are returned as they are. */
st_attr *st__strided_as_mlir14(st_context *ctx, st_attr *layout);

/* The inverse, for MLIR 14 text: an affine-map layout that is exactly the
 * map of a strided layout becomes that strided layout (as current MLIR
 * would have written the type); any other layout stays as it is. */
st_attr *st__strided_from_mlir14(st_context *ctx, st_attr *map, size_t rank);

#endif
