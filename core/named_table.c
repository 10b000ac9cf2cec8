/* Sorted tables of registered definitions (passes, translations,
 * targets): every definition struct starts with its `const char *name` (a
 * target's is its class), so one binary search and one insertion serve
 * them all. */
#include "internal.h"

#include <string.h>

static const char *def_name(const void *def) { return *(const char *const *)def; }

static int name_cmp(st_str a, const char *b) {
	size_t bl = strlen(b);
	int c = memcmp(a.data, b, a.len < bl ? a.len : bl);
	return c ? c : (a.len > bl) - (a.len < bl);
}

/* The index of `name`, or where it would go. */
static size_t table_find(const st__named_table *t, st_str name, bool *found) {
	size_t lo = 0, hi = t->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = name_cmp(name, def_name(t->items[mid]));
		if (c == 0) {
			*found = true;
			return mid;
		}
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	*found = false;
	return lo;
}

st_status st__named_table_add(st_context *ctx, st__named_table *t, const void *def, const char *what) {
	const char *name = def_name(def);
	bool found;
	size_t at = table_find(t, st_str_c(name), &found);
	if (found) {
		if (t->items[at] == def)
			return ST_OK;
		return st_error(ctx, NULL, "%s '%s' is already registered", what, name);
	}
	if (t->n == t->cap) {
		/* Arena memory: a table lives as long as the context, and a few
		 * dozen entries make the doubling waste negligible. */
		size_t nc = t->cap ? t->cap * 2 : 32;
		const void **n = st__arena_alloc(ctx, nc * sizeof *n);
		if (!n)
			return ST_FAIL;
		if (t->n)
			memcpy(n, t->items, t->n * sizeof *n);
		t->items = n;
		t->cap = nc;
	}
	memmove(t->items + at + 1, t->items + at, (t->n - at) * sizeof *t->items);
	t->items[at] = def;
	t->n++;
	return ST_OK;
}

const void *st__named_table_lookup(const st__named_table *t, st_str name) {
	bool found;
	size_t at = table_find(t, name, &found);
	return found ? t->items[at] : NULL;
}
