/* st_blocklist (include/strata/blocklist.h): each block carries a header
 * linking it into a doubly linked list, so that one block can leave the list
 * in constant time and the whole list can be freed at once. */
#include "strata/blocklist.h"

#include <string.h>

struct st_block_hdr {
	struct st_block_hdr *prev, *next;
	size_t size;
	max_align_t align[];
};

void *st_blocklist_alloc(st_blocklist *l, size_t n) {
	if (n > SIZE_MAX / 2)
		return NULL;
	st_block_hdr *h = st_ctx_alloc(l->ctx, sizeof *h + n);
	if (!h)
		return NULL;
	memset(h->align, 0, n);
	h->size = n;
	h->prev = NULL;
	h->next = l->head;
	if (l->head)
		l->head->prev = h;
	l->head = h;
	return h->align;
}

static st_block_hdr *hdr_of(void *p) { return (st_block_hdr *)((char *)p - offsetof(st_block_hdr, align)); }

void st_blocklist_free(st_blocklist *l, void *p) {
	if (!p)
		return;
	st_block_hdr *h = hdr_of(p);
	if (h->prev)
		h->prev->next = h->next;
	else
		l->head = h->next;
	if (h->next)
		h->next->prev = h->prev;
	st_ctx_free(l->ctx, h, sizeof *h + h->size);
}

void *st_blocklist_realloc(st_blocklist *l, void *p, size_t n) {
	void *q = st_blocklist_alloc(l, n); /* zeroed past what is copied */
	if (!q)
		return NULL;
	if (p) {
		size_t old = hdr_of(p)->size;
		memcpy(q, p, old < n ? old : n);
		st_blocklist_free(l, p);
	}
	return q;
}

void st_blocklist_free_all(st_blocklist *l) {
	while (l->head)
		st_blocklist_free(l, l->head->align);
}
