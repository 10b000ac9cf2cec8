/* A list of memory blocks from a context's allocator that are freed
 * together: the memory of one import (a parser's tree, its scanner's
 * buffers), where every way out, errors and longjmps included, must free
 * everything at once. */
#ifndef STRATA_BLOCKLIST_H
#define STRATA_BLOCKLIST_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct st_block_hdr st_block_hdr;
/* Zero-initialise with the context set: `st_blocklist l = {ctx, NULL};`. */
typedef struct st_blocklist {
	st_context *ctx;
	st_block_hdr *head;
} st_blocklist;

/* A block of `n` zero bytes (maximally aligned) on the list; NULL when out
 * of memory or when `n` is absurdly large. */
ST_API void *st_blocklist_alloc(st_blocklist *l, size_t n);
/* Resizes a block of the list (NULL `p`: a new one), keeping the contents
 * up to the smaller size, the bytes past them zero; NULL, leaving `p`
 * alone, when out of memory. */
ST_API void *st_blocklist_realloc(st_blocklist *l, void *p, size_t n);
/* Frees one block of the list (NULL: nothing). */
ST_API void st_blocklist_free(st_blocklist *l, void *p);
/* Frees every block still on the list. */
ST_API void st_blocklist_free_all(st_blocklist *l);

#ifdef __cplusplus
}
#endif
#endif
