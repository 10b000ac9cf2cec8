/* A hash map from pointers to pointers, for passes and lowerings that key
 * tables by IR objects or interned identifiers (an op's lowering, a
 * value's signal, a name's entry).  Memory comes from the context's
 * allocator.  Any pointer but NULL is a key (small integers cast to
 * pointers too); putting NULL fails, looking it up gives NULL. */
#ifndef STRATA_PTRMAP_H
#define STRATA_PTRMAP_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct st_ptr_map st_ptr_map;

/* An empty map (NULL when out of memory), and its end. */
ST_API st_ptr_map *st_ptr_map_create(st_context *ctx);
ST_API void st_ptr_map_destroy(st_ptr_map *m); /* NULL is fine */
/* Sets key -> val; false when out of memory (the map is unchanged). */
ST_API bool st_ptr_map_put(st_ptr_map *m, const void *key, void *val);
/* The value of `key`, or NULL when absent. */
ST_API void *st_ptr_map_get(const st_ptr_map *m, const void *key);
/* Removes `key`; false when it was absent. */
ST_API bool st_ptr_map_remove(st_ptr_map *m, const void *key);
/* Calls fn on every entry, in no particular order (fn must not change the
 * map). */
typedef void (*st_ptr_map_fn)(void *ud, const void *key, void *val);
ST_API void st_ptr_map_each(const st_ptr_map *m, st_ptr_map_fn fn, void *ud);
/* The number of keys, and emptying the map (its memory is kept). */
ST_API size_t st_ptr_map_size(const st_ptr_map *m);
ST_API void st_ptr_map_clear(st_ptr_map *m);

#ifdef __cplusplus
}
#endif
#endif
