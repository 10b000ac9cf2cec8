/* The canonicalization pattern hooks of the cf ops (cf_canon.c), for the
 * op table in cf.c. */
#ifndef STRATA_CF_CANON_H
#define STRATA_CF_CANON_H

void st__cf_assert_patterns(void *set);
void st__cf_br_patterns(void *set);
void st__cf_cond_br_patterns(void *set);
void st__cf_switch_patterns(void *set);

#endif
