/* Pieces of the affine ops' custom syntax shared by several ops: operand
 * reference lists, SSA ids inside affine expressions (`%A[%i + 1]`), dim
 * and symbol lists (`#map(%d)[%s]`), and the implicit affine.yield. */
#include "affine_internal.h"

#include <stdio.h>

void st__affine_refs_init(st__affine_refs *r) {
	r->v = r->small;
	r->n = 0;
	r->cap = 8;
}

st_operand_ref *st__affine_refs_push(st_context *ctx, st__affine_refs *r) {
	if (!st_ctx_grow(ctx, (void **)&r->v, &r->cap, r->small, sizeof *r->v, r->n + 1))
		return NULL;
	memset(&r->v[r->n], 0, sizeof r->v[r->n]);
	return &r->v[r->n++];
}

void st__affine_refs_free(st_context *ctx, st__affine_refs *r) {
	if (r->v != r->small)
		st_ctx_free(ctx, r->v, r->cap * sizeof *r->v);
}

void st__affine_ids_init(st__affine_ids *ids, st_context *ctx) {
	ids->ctx = ctx;
	st__affine_refs_init(&ids->dims);
	st__affine_refs_init(&ids->syms);
}

void st__affine_ids_free(st__affine_ids *ids) {
	st__affine_refs_free(ids->ctx, &ids->dims);
	st__affine_refs_free(ids->ctx, &ids->syms);
}

static bool same_ref(const st_operand_ref *a, const st_operand_ref *b) {
	return a->number == b->number && st_str_eq(a->name, b->name);
}

st_affine_expr *st__affine_ids_resolve(void *ud, const st_operand_ref *ref, bool is_symbol, char *errbuf,
                                       size_t errlen) {
	st__affine_ids *ids = ud;
	st__affine_refs *list = is_symbol ? &ids->syms : &ids->dims;
	st__affine_refs *other = is_symbol ? &ids->dims : &ids->syms;
	for (size_t i = 0; i < other->n; i++)
		if (same_ref(&other->v[i], ref)) {
			snprintf(errbuf, errlen, "%.*s used both as a dimension and as a symbol", (int)ref->name.len,
			         ref->name.data);
			return NULL;
		}
	size_t pos = 0;
	while (pos < list->n && !same_ref(&list->v[pos], ref))
		pos++;
	if (pos == list->n) {
		st_operand_ref *slot = st__affine_refs_push(ids->ctx, list);
		if (!slot)
			return NULL;
		*slot = *ref;
	}
	return is_symbol ? st_affine_symbol(ids->ctx, (unsigned)pos) : st_affine_dim(ids->ctx, (unsigned)pos);
}

static st_status add_refs(st_parser *p, st_parse_state *s, const st__affine_refs *refs) {
	st_type *index = st_index_type(st_parser_context(p));
	for (size_t i = 0; i < refs->n; i++) {
		st_value *v;
		if (st_failed(st_parser_resolve_operand(p, &refs->v[i], index, &v)) ||
		    st_failed(st_parse_state_add_operand(s, v)))
			return ST_FAIL;
	}
	return ST_OK;
}

st_status st__affine_ids_add_operands(st_parser *p, st_parse_state *s, const st__affine_ids *ids) {
	if (st_failed(add_refs(p, s, &ids->dims)))
		return ST_FAIL;
	return add_refs(p, s, &ids->syms);
}

/* `%a, %b` up to `close` (the opener was read); the count goes to *n. */
static st_status parse_ref_list(st_parser *p, st__affine_refs *refs, const char *close) {
	if (st_parser_optional_punct(p, close))
		return ST_OK;
	do {
		st_operand_ref *r = st__affine_refs_push(st_parser_context(p), refs);
		if (!r || st_failed(st_parser_operand(p, r)))
			return ST_FAIL;
	} while (st_parser_optional_punct(p, ","));
	return st_parser_expect_punct(p, close);
}

st_status st__affine_parse_dim_sym_list(st_parser *p, st_parse_state *s, unsigned ndims, unsigned nsyms,
                                        size_t *count) {
	st_context *ctx = st_parser_context(p);
	st__affine_refs dims, syms;
	st__affine_refs_init(&dims);
	st__affine_refs_init(&syms);
	st_attr *loc = st_parser_loc(p);
	st_status st = st_parser_expect_punct(p, "(");
	if (st_succeeded(st))
		st = parse_ref_list(p, &dims, ")");
	if (st_succeeded(st) && st_parser_optional_punct(p, "["))
		st = parse_ref_list(p, &syms, "]");
	if (st_succeeded(st) && dims.n != ndims)
		st = st_parser_error_at(p, loc, "dim operand count and affine map dim count must match");
	if (st_succeeded(st) && syms.n != nsyms)
		st = st_parser_error_at(p, loc, "symbol operand count and affine map symbol count must match");
	if (st_succeeded(st))
		st = add_refs(p, s, &dims);
	if (st_succeeded(st))
		st = add_refs(p, s, &syms);
	if (count)
		*count = dims.n + syms.n;
	st__affine_refs_free(ctx, &dims);
	st__affine_refs_free(ctx, &syms);
	return st;
}

void st__affine_print_dim_sym_list(st_printer *p, st_op *op, size_t start, unsigned ndims, unsigned nsyms) {
	st_printer_write(p, "(", 1);
	st_printer_operands(p, op, start, ndims);
	st_printer_write(p, ")", 1);
	if (nsyms) {
		st_printer_write(p, "[", 1);
		st_printer_operands(p, op, start + ndims, nsyms);
		st_printer_write(p, "]", 1);
	}
}

typedef struct ssa_names {
	st_printer *p;
	st_op *op;
	size_t start;
	unsigned ndims;
} ssa_names;

static void write_printer(void *ud, const char *data, size_t len) { st_printer_write(ud, data, len); }

static void print_id(void *id_ud, bool is_symbol, unsigned pos, st_write_fn w, void *ud) {
	ssa_names *n = id_ud;
	(void)w;
	(void)ud;
	if (is_symbol) {
		st_printer_write(n->p, "symbol(", 7);
		st_printer_operand(n->p, st_op_operand(n->op, n->start + n->ndims + pos));
		st_printer_write(n->p, ")", 1);
	} else {
		st_printer_operand(n->p, st_op_operand(n->op, n->start + pos));
	}
}

void st__affine_print_map_ssa(st_printer *p, st_op *op, const st_affine_map *map, size_t start, size_t first,
                              size_t n) {
	ssa_names names = {p, op, start, st_affine_map_num_dims(map)};
	for (size_t i = 0; i < n; i++) {
		if (i)
			st_printer_write(p, ", ", 2);
		st_affine_expr_print_ids(st_affine_map_result(map, first + i), print_id, &names, write_printer, p);
	}
}

st_status st__affine_ensure_yield(st_parse_state *s, st_region *r) {
	return st_parse_ensure_terminator(s, r, "affine.yield");
}

bool st__affine_implicit_yield(st_region *r) {
	st_block *b = st_region_first_block(r);
	st_op *t = b ? st_block_last_op(b) : NULL;
	return !t || (st__affine_is(t, "affine.yield") && st_op_num_operands(t) == 0 &&
	              st_attr_dict_size(st_op_attrs(t)) == 0);
}
