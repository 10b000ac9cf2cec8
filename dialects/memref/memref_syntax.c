/* The custom forms of the memref ops that a declarative format cannot
 * say, as mlir-opt prints them: memref.alloc(%d)[%s], loads and stores
 * whose element type comes from the memref type, memref.global's type and
 * initial value, and memref.subview's mixed static/dynamic index lists. */
#include "memref_internal.h"

/* A growable list of operand references, starting in a small buffer. */
typedef struct refvec {
	st_operand_ref small[8];
	st_operand_ref *v;
	size_t n, cap;
} refvec;

static void refvec_init(refvec *r) {
	r->v = r->small;
	r->n = 0;
	r->cap = 8;
}

static st_operand_ref *refvec_push(st_context *ctx, refvec *r) {
	if (!st_ctx_grow(ctx, (void **)&r->v, &r->cap, r->small, sizeof *r->v, r->n + 1))
		return NULL;
	memset(&r->v[r->n], 0, sizeof r->v[r->n]);
	return &r->v[r->n++];
}

static void refvec_free(st_context *ctx, refvec *r) {
	if (r->v != r->small)
		st_ctx_free(ctx, r->v, r->cap * sizeof *r->v);
}

/* `%a, %b` up to `close` (the opener was read). */
static st_status parse_refs(st_parser *p, refvec *out, const char *close) {
	if (st_parser_optional_punct(p, close))
		return ST_OK;
	do {
		st_operand_ref *r = refvec_push(st_parser_context(p), out);
		if (!r || st_failed(st_parser_operand(p, r)))
			return ST_FAIL;
	} while (st_parser_optional_punct(p, ","));
	return st_parser_expect_punct(p, close);
}

static st_status add_refs(st_parser *p, st_parse_state *s, const refvec *refs, st_type *t) {
	for (size_t i = 0; i < refs->n; i++) {
		st_value *v;
		if (st_failed(st_parser_resolve_operand(p, &refs->v[i], t, &v)) || st_failed(st_parse_state_add_operand(s, v)))
			return ST_FAIL;
	}
	return ST_OK;
}

static st_status set_segments(st_parse_state *s, size_t n, const int64_t *sizes) {
	st_context *ctx = st_parse_state_context(s);
	return st_parse_state_add_attr(s, "operandSegmentSizes",
	                               st_dense_int_array_attr(ctx, st_integer_type(ctx, 32, ST_SIGNLESS), n, sizes));
}

/* `: type`, with the type's location for errors about it. */
static st_status parse_colon_type(st_parser *p, st_type **t, st_attr **loc) {
	if (st_failed(st_parser_expect_punct(p, ":")))
		return ST_FAIL;
	*loc = st_parser_loc(p);
	return st_parser_type(p, t);
}

static const char *const segments_elided[] = {"operandSegmentSizes", NULL};

/* ------------------------------------------------- alloc and alloca */

st_status st__memref_parse_alloc(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	refvec sizes, syms;
	refvec_init(&sizes);
	refvec_init(&syms);
	st_type *t = NULL;
	st_attr *loc;
	st_status st = st_parser_expect_punct(p, "(");
	if (st_succeeded(st))
		st = parse_refs(p, &sizes, ")");
	if (st_succeeded(st) && st_parser_optional_punct(p, "["))
		st = parse_refs(p, &syms, "]");
	if (st_succeeded(st))
		st = st_parser_optional_attr_dict(p, s);
	if (st_succeeded(st))
		st = parse_colon_type(p, &t, &loc);
	if (st_succeeded(st))
		st = add_refs(p, s, &sizes, st_index_type(ctx));
	if (st_succeeded(st))
		st = add_refs(p, s, &syms, st_index_type(ctx));
	if (st_succeeded(st)) {
		int64_t seg[2] = {(int64_t)sizes.n, (int64_t)syms.n};
		st = set_segments(s, 2, seg);
	}
	if (st_succeeded(st))
		st = st_parse_state_add_result_type(s, t);
	refvec_free(ctx, &sizes);
	refvec_free(ctx, &syms);
	return st;
}

void st__memref_print_alloc(st_printer *p, st_op *op) {
	size_t ds, dn, ss, sn;
	if (st_failed(st_op_operand_group(op, 0, &ds, &dn)) || st_failed(st_op_operand_group(op, 1, &ss, &sn)))
		ds = dn = ss = sn = 0;
	st_printer_write(p, "(", 1);
	st_printer_operands(p, op, ds, dn);
	st_printer_write(p, ")", 1);
	if (sn) {
		st_printer_write(p, "[", 1);
		st_printer_operands(p, op, ss, sn);
		st_printer_write(p, "]", 1);
	}
	st_printer_attr_dict(p, op, segments_elided, false);
	st_printer_write(p, " : ", 3);
	st_printer_type(p, st_value_type(st_op_result(op, 0)));
}

/* ---------------------------------------------------- load and store */

/* `%m[%i, %j] attr-dict : type`: the memref and its indices are resolved
 * after `first` (a stored value, of the element type) when given. */
static st_status parse_access(st_parser *p, st_parse_state *s, const st_operand_ref *first, st_type **mt) {
	st_context *ctx = st_parser_context(p);
	st_operand_ref m;
	refvec idx;
	refvec_init(&idx);
	st_attr *loc;
	st_value *v;
	st_status st = st_parser_operand(p, &m);
	if (st_succeeded(st))
		st = st_parser_expect_punct(p, "[");
	if (st_succeeded(st))
		st = parse_refs(p, &idx, "]");
	if (st_succeeded(st))
		st = st_parser_optional_attr_dict(p, s);
	if (st_succeeded(st))
		st = parse_colon_type(p, mt, &loc);
	if (st_succeeded(st) && st_type_get_kind(*mt) != ST_TYPE_MEMREF && st_type_get_kind(*mt) != ST_TYPE_UNRANKED_MEMREF)
		st = st_parser_error_at(p, loc, "expected a memref type");
	if (st_succeeded(st) && first &&
	    (st_failed(st_parser_resolve_operand(p, first, st_type_element(*mt), &v)) ||
	     st_failed(st_parse_state_add_operand(s, v))))
		st = ST_FAIL;
	if (st_succeeded(st) &&
	    (st_failed(st_parser_resolve_operand(p, &m, *mt, &v)) || st_failed(st_parse_state_add_operand(s, v))))
		st = ST_FAIL;
	if (st_succeeded(st))
		st = add_refs(p, s, &idx, st_index_type(ctx));
	refvec_free(ctx, &idx);
	return st;
}

static void print_access(st_printer *p, st_op *op, size_t mem) {
	st_printer_operand(p, st_op_operand(op, mem));
	st_printer_write(p, "[", 1);
	st_printer_operands(p, op, mem + 1, st_op_num_operands(op) - mem - 1);
	st_printer_write(p, "]", 1);
	st_printer_attr_dict(p, op, NULL, false);
	st_printer_write(p, " : ", 3);
	st_printer_type(p, st_value_type(st_op_operand(op, mem)));
}

st_status st__memref_parse_load(st_parser *p, st_parse_state *s) {
	st_type *mt;
	if (st_failed(parse_access(p, s, NULL, &mt)))
		return ST_FAIL;
	return st_parse_state_add_result_type(s, st_type_element(mt));
}

void st__memref_print_load(st_printer *p, st_op *op) {
	st_printer_write(p, " ", 1);
	print_access(p, op, 0);
}

st_status st__memref_parse_store(st_parser *p, st_parse_state *s) {
	st_operand_ref val;
	st_type *mt;
	if (st_failed(st_parser_operand(p, &val)) || st_failed(st_parser_expect_punct(p, ",")))
		return ST_FAIL;
	return parse_access(p, s, &val, &mt);
}

void st__memref_print_store(st_printer *p, st_op *op) {
	st_printer_write(p, " ", 1);
	st_printer_operand(p, st_op_operand(op, 0));
	st_printer_write(p, ", ", 2);
	print_access(p, op, 1);
}

/* ----------------------------------------------------------- global */

/* The tensor type of a memref's shape and element type (MLIR's
 * getTensorTypeFromMemRefType): the type of an initial value. */
static st_type *tensor_of(st_context *ctx, st_type *mt) {
	return st_tensor_type(ctx, st_type_rank(mt), st_type_shape(mt), st_type_element(mt), NULL);
}

/* `"private" constant @name : type = value attr-dict`, every part but the
 * name and type optional. */
st_status st__memref_parse_global(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_str kw, name;
	/* A string here is the visibility, an @name already the symbol. */
	if (!st_parser_peek_keyword(p, &kw)) {
		st_attr *a;
		if (st_failed(st_parser_attr(p, NULL, &a)))
			return ST_FAIL;
		if (st_attr_get_kind(a) == ST_ATTR_SYMBOL_REF) {
			name = st_ident_str(st_attr_symbol_root(a));
			goto have_name;
		}
		if (st_attr_get_kind(a) != ST_ATTR_STRING)
			return st_parser_error(p, "expected a visibility string or a symbol name");
		if (st_failed(st_parse_state_add_attr(s, "sym_visibility", a)))
			return ST_FAIL;
	}
	if (st_parser_optional_keyword(p, "constant") &&
	    st_failed(st_parse_state_add_attr(s, "constant", st_unit_attr(ctx))))
		return ST_FAIL;
	if (st_failed(st_parser_symbol_name(p, &name)))
		return ST_FAIL;
have_name:;
	st_type *t;
	st_attr *loc;
	if (st_failed(st_parse_state_add_attr(s, "sym_name", st_string_attr(ctx, name))) ||
	    st_failed(parse_colon_type(p, &t, &loc)))
		return ST_FAIL;
	if (st_type_get_kind(t) != ST_TYPE_MEMREF || st_type_num_elements_static(t) < 0) {
		char buf[128];
		return st_parser_error_at(p, loc, "type should be static shaped memref, but got '%s'",
		                          st_type_str(ctx, t, buf, sizeof buf));
	}
	if (st_failed(st_parse_state_add_attr(s, "type", st_type_attr(ctx, t))))
		return ST_FAIL;
	if (st_parser_optional_punct(p, "=")) {
		st_attr *init;
		if (st_parser_optional_keyword(p, "uninitialized")) {
			init = st_unit_attr(ctx);
		} else {
			st_attr *vloc = st_parser_loc(p);
			if (st_failed(st_parser_attr(p, tensor_of(ctx, t), &init)))
				return ST_FAIL;
			if (st_attr_get_kind(init) != ST_ATTR_DENSE_ELEMENTS)
				return st_parser_error_at(p, vloc, "initial value should be a unit or elements attribute");
		}
		if (st_failed(st_parse_state_add_attr(s, "initial_value", init)))
			return ST_FAIL;
	}
	return st_parser_optional_attr_dict(p, s);
}

void st__memref_print_global(st_printer *p, st_op *op) {
	st_attr *vis = st_op_get_attr(op, "sym_visibility");
	st_attr *name = st_op_get_attr(op, "sym_name");
	st_attr *type = st_op_get_attr(op, "type");
	st_attr *init = st_op_get_attr(op, "initial_value");
	if (vis) {
		st_printer_write(p, " ", 1);
		st_printer_string(p, st_attr_string(vis));
	}
	if (st_op_get_attr(op, "constant"))
		st_printer_write(p, " constant", 9);
	st_printer_write(p, " ", 1);
	st_printer_symbol_name(p, st_attr_string(name));
	st_printer_write(p, " : ", 3);
	st_printer_type(p, st_attr_type_value(type));
	if (init) {
		st_printer_write(p, " = ", 3);
		if (st_attr_get_kind(init) == ST_ATTR_UNIT)
			st_printer_write(p, "uninitialized", 13);
		else
			st_printer_attr_no_type(p, init);
	}
	static const char *const elided[] = {"sym_visibility", "constant", "sym_name", "type", "initial_value", NULL};
	st_printer_attr_dict(p, op, elided, false);
}

/* ----------------------------------------------------------- subview */

/* `[%a, 2, %b]`: integers go to `vals`, operands (ST_DYNAMIC in `vals`)
 * to `refs`. */
static st_status parse_index_list(st_parser *p, refvec *refs, int64_t **vals, size_t *n, size_t *cap,
                                  int64_t *small) {
	st_context *ctx = st_parser_context(p);
	*n = 0;
	if (st_failed(st_parser_expect_punct(p, "[")))
		return ST_FAIL;
	if (st_parser_optional_punct(p, "]"))
		return ST_OK;
	do {
		if (!st_ctx_grow(ctx, (void **)vals, cap, small, sizeof **vals, *n + 1))
			return ST_FAIL;
		if (st_parser_peek_operand(p)) {
			st_operand_ref *r = refvec_push(ctx, refs);
			if (!r || st_failed(st_parser_operand(p, r)))
				return ST_FAIL;
			(*vals)[(*n)++] = ST_DYNAMIC;
		} else if (st_failed(st_parser_integer(p, &(*vals)[(*n)++]))) {
			return ST_FAIL;
		}
	} while (st_parser_optional_punct(p, ","));
	return st_parser_expect_punct(p, "]");
}

typedef struct index_list {
	int64_t small[8];
	int64_t *v;
	size_t n, cap;
	refvec refs;
} index_list;

static const char *const static_names[3] = {"static_offsets", "static_sizes", "static_strides"};

st_status st__memref_parse_subview(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_operand_ref src;
	index_list l[3];
	for (int i = 0; i < 3; i++) {
		l[i].v = l[i].small;
		l[i].cap = 8;
		l[i].n = 0;
		refvec_init(&l[i].refs);
	}
	st_type *st_src = NULL, *st_res = NULL;
	st_attr *loc;
	st_value *v;
	st_status st = st_parser_operand(p, &src);
	for (int i = 0; i < 3 && st_succeeded(st); i++)
		st = parse_index_list(p, &l[i].refs, &l[i].v, &l[i].n, &l[i].cap, l[i].small);
	if (st_succeeded(st))
		st = st_parser_optional_attr_dict(p, s);
	if (st_succeeded(st))
		st = parse_colon_type(p, &st_src, &loc);
	if (st_succeeded(st))
		st = st_parser_expect_keyword(p, "to");
	if (st_succeeded(st))
		st = st_parser_type(p, &st_res);
	if (st_succeeded(st) &&
	    (st_failed(st_parser_resolve_operand(p, &src, st_src, &v)) || st_failed(st_parse_state_add_operand(s, v))))
		st = ST_FAIL;
	st_type *i64 = st_integer_type(ctx, 64, ST_SIGNLESS);
	for (int i = 0; i < 3 && st_succeeded(st); i++) {
		st = add_refs(p, s, &l[i].refs, st_index_type(ctx));
		if (st_succeeded(st))
			st = st_parse_state_add_attr(s, static_names[i], st_dense_int_array_attr(ctx, i64, l[i].n, l[i].v));
	}
	if (st_succeeded(st)) {
		int64_t seg[4] = {1, (int64_t)l[0].refs.n, (int64_t)l[1].refs.n, (int64_t)l[2].refs.n};
		st = set_segments(s, 4, seg);
	}
	if (st_succeeded(st))
		st = st_parse_state_add_result_type(s, st_res);
	for (int i = 0; i < 3; i++) {
		if (l[i].v != l[i].small)
			st_ctx_free(ctx, l[i].v, l[i].cap * sizeof *l[i].v);
		refvec_free(ctx, &l[i].refs);
	}
	return st;
}

void st__memref_print_subview(st_printer *p, st_op *op) {
	st_printer_write(p, " ", 1);
	st_printer_operand(p, st_op_operand(op, 0));
	for (int i = 0; i < 3; i++) {
		st_attr *a = st__memref_subview_static(op, i);
		size_t gs, gn;
		if (st_failed(st_op_operand_group(op, (size_t)i + 1, &gs, &gn)))
			gs = gn = 0;
		st_printer_write(p, i ? " [" : "[", i ? 2 : 1);
		size_t k = 0;
		for (size_t j = 0; a && j < st_attr_dense_array_size(a); j++) {
			if (j)
				st_printer_write(p, ", ", 2);
			int64_t x = st_attr_dense_array_int(a, j);
			if (x == ST_DYNAMIC && k < gn)
				st_printer_operand(p, st_op_operand(op, gs + k++));
			else
				st_printer_printf(p, "%lld", (long long)x);
		}
		st_printer_write(p, "]", 1);
	}
	static const char *const elided[] = {"operandSegmentSizes", "static_offsets", "static_sizes", "static_strides",
	                                     NULL};
	st_printer_attr_dict(p, op, elided, false);
	st_printer_write(p, " : ", 3);
	st_printer_type(p, st_value_type(st_op_operand(op, 0)));
	st_printer_write(p, " to ", 4);
	st_printer_type(p, st_value_type(st_op_result(op, 0)));
}
