/* Canonicalization patterns of the memref ops (MLIR 14's MemRefOps.cpp).
 * They need the rewriter, which lands separately. */
#include "memref_internal.h"

void st__memref_alloc_patterns(void *set) { (void)set; }
void st__memref_alloca_patterns(void *set) { (void)set; }
void st__memref_copy_patterns(void *set) { (void)set; }
void st__memref_subview_patterns(void *set) { (void)set; }
