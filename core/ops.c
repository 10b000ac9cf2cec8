/* Operations, values, use-lists, blocks and regions.
 *
 * One allocation per op: [results reversed][st_op][successors][regions]
 * [inline operands].  Use-lists are intrusive and doubly linked through a
 * `back` pointer to the previous link, so unlinking a use is O(1) and
 * replace-all-uses is O(uses).
 */
#include "internal.h"
#include "rewrite_internal.h"

/* ---------------------------------------------------------------- uses */

static void use_link(st_use *u, st_use **head) {
	u->next = *head;
	u->back = head;
	if (u->next)
		u->next->back = &u->next;
	*head = u;
}

static void use_unlink(st_use *u) {
	if (!u->back)
		return;
	*u->back = u->next;
	if (u->next)
		u->next->back = u->back;
	u->next = NULL;
	u->back = NULL;
}

/* Moves `n` operand uses from `src` to `dst` (the ranges may overlap).
 * Patching the links of each moved use in place is wrong when an op uses a
 * value twice: the uses then link to each other, and a link fixed through a
 * neighbour's old address writes into memory that another moved use now
 * occupies.  Unlinking first and relinking after costs the same O(n). */
static void uses_move(st_use *dst, st_use *src, size_t n) {
	if (dst == src || n == 0)
		return;
	for (size_t i = 0; i < n; i++)
		use_unlink(&src[i]);
	memmove(dst, src, n * sizeof *dst);
	for (size_t i = 0; i < n; i++)
		if (dst[i].value)
			use_link(&dst[i], &dst[i].value->first_use);
}

static void use_set_value(st_use *u, st_value *v) {
	use_unlink(u);
	u->value = v;
	if (v)
		use_link(u, &v->first_use);
}

static void use_set_block(st_use *u, st_block *b) {
	use_unlink(u);
	u->block = b;
	if (b)
		use_link(u, &b->first_use);
}

/* -------------------------------------------------------------- values */

st_type *st_value_type(const st_value *v) { return v->type; }
void st_value_set_type(st_value *v, st_type *t) { v->type = t; }
bool st_value_is_block_arg(const st_value *v) { return v->kind == ST__VAL_ARG; }
st_op *st_value_defining_op(const st_value *v) {
	if (v->kind != ST__VAL_RESULT)
		return NULL;
	return (st_op *)(v + 1 + v->index);
}
st_block *st_value_owner_block(const st_value *v) {
	return v->kind == ST__VAL_ARG ? ((const st__block_arg *)v)->owner : NULL;
}
unsigned st_value_index(const st_value *v) { return v->index; }
st_attr *st_value_loc(const st_value *v) {
	if (v->kind == ST__VAL_ARG)
		return st__unpack_loc(((const st__block_arg *)v)->owner->ctx, ((const st__block_arg *)v)->loc);
	st_op *op = st_value_defining_op(v);
	return op ? st__op_loc(op) : NULL;
}
st_use *st_value_first_use(const st_value *v) { return v->first_use; }
bool st_value_has_uses(const st_value *v) { return v->first_use != NULL; }
bool st_value_has_one_use(const st_value *v) { return v->first_use && !v->first_use->next; }

void st_value_replace_all_uses(st_value *from, st_value *to) {
	if (from == to)
		return;
	while (from->first_use)
		use_set_value(from->first_use, to);
}

st_use *st_use_next(const st_use *u) { return u->next; }
st_op *st_use_owner(const st_use *u) { return u->owner; }
st_value *st_use_value(const st_use *u) { return u->value; }
/* A predecessor use (a successor slot of a terminator) has no operand
 * number; its successor number is the useful answer, as MLIR's
 * BlockOperand::getOperandNumber gives. */
unsigned st_use_operand_index(const st_use *u) {
	const st_op *o = u->owner;
	uintptr_t p = (uintptr_t)u, s = (uintptr_t)st__succs(o);
	if (p >= s && p < s + o->nsuccs * sizeof(st_use))
		return (unsigned)(u - st__succs(o));
	return (unsigned)(u - st__uses(o));
}

/* ----------------------------------------------------------- op layout */

static size_t op_alloc_size(uint32_t nresults, uint32_t nsuccs, uint32_t nregions, uint32_t ninline) {
	return nresults * sizeof(st_value) + sizeof(st_op) + nsuccs * sizeof(st_use) + nregions * sizeof(st_region) +
	       ninline * sizeof(st_use);
}

static void *op_base(const st_op *op) { return (char *)op - op->nresults * sizeof(st_value); }

st_op *st_op_create(st_context *ctx, const st_op_state *s) {
	return st__op_create_named(ctx, NULL, s);
}

/* `name`, when given, is the op-name record of s->name: the parser has it
 * already and a million ops should not look it up twice. */
st_op *st__op_create_named(st_context *ctx, st__opname *name, const st_op_state *s) {
	if (s->nresults > UINT32_MAX / 2 || s->noperands > UINT32_MAX / 2 || s->nsuccessors > 0xffff ||
	    s->nregions > 0xffff) {
		st_error(ctx, ((uintptr_t)s->loc & 1) ? NULL : s->loc, "operation '%.*s' is too large", (int)s->name.len, s->name.data);
		return NULL;
	}
	if (!name)
		name = st__opname_get(ctx, s->name);
	if (!name)
		return NULL;
	uint32_t nres = (uint32_t)s->nresults, nops = (uint32_t)s->noperands;
	uint32_t nsucc = (uint32_t)s->nsuccessors, nreg = (uint32_t)s->nregions;
	size_t size = op_alloc_size(nres, nsucc, nreg, nops);
	char *base = st__pool_alloc(ctx, size);
	if (!base)
		return NULL;
	st_op *op = (st_op *)(base + nres * sizeof(st_value));
	memset(op, 0, sizeof *op);
	op->name = name;
	op->rawloc = s->loc ? s->loc : ctx->unknown_loc;
	op->attrs = s->attrs ? s->attrs : ctx->empty_dict;
	op->nresults = nres;
	op->noperands = nops;
	op->inline_operands = nops;
	op->nsuccs = (uint16_t)nsucc;
	op->nregions = (uint16_t)nreg;
	for (uint32_t i = 0; i < nres; i++) {
		st_value *v = st__result(op, i);
		v->first_use = NULL;
		v->type = s->result_types[i];
		v->kind = ST__VAL_RESULT;
		v->index = i;
	}
	for (uint32_t i = 0; i < nsucc; i++) {
		st_use *u = &st__succs(op)[i];
		memset(u, 0, sizeof *u);
		u->owner = op;
		use_set_block(u, s->successors[i]);
	}
	for (uint32_t i = 0; i < nreg; i++) {
		st__regions(op)[i].first = st__regions(op)[i].last = NULL;
		st__regions(op)[i].parent = op;
	}
	for (uint32_t i = 0; i < nops; i++) {
		st_use *u = &st__inline_uses(op)[i];
		memset(u, 0, sizeof *u);
		u->owner = op;
		use_set_value(u, s->operands[i]);
	}
	return op;
}

static void block_free(st_block *b);

/* Unlink every operand and successor use of `op` and of everything nested,
 * so the ops can then be freed in any order. */
static void drop_all_refs(st_op *op) {
	st_use *uses = st__uses(op);
	for (uint32_t i = 0; i < op->noperands; i++)
		use_unlink(&uses[i]);
	for (uint32_t i = 0; i < op->nsuccs; i++)
		use_unlink(&st__succs(op)[i]);
	for (uint32_t r = 0; r < op->nregions; r++)
		for (st_block *b = st__regions(op)[r].first; b; b = b->next) {
			for (st_op *o = b->first; o; o = o->next)
				drop_all_refs(o);
			/* Uses of the block from outside the region are unlinked by
			 * their owners; a block's predecessors are all inside. */
		}
}

static void op_free(st_op *op) {
	st_context *ctx = op->name->ctx;
	for (uint32_t r = 0; r < op->nregions; r++) {
		st_block *b = st__regions(op)[r].first;
		while (b) {
			st_block *n = b->next;
			block_free(b);
			b = n;
		}
	}
	if (op->operand_cap) {
		st_ctx_free(ctx, st__outofline_uses(op), op->operand_cap * sizeof(st_use));
		if (!op->inline_operands)
			st__ptrmap_remove(ctx->ool_operands, op);
	}
	for (uint32_t i = 0; i < op->nresults; i++)
		assert(!st__result(op, i)->first_use && "destroying an op whose result is still used");
	st__pool_free(ctx, op_base(op), op_alloc_size(op->nresults, op->nsuccs, op->nregions, op->inline_operands));
}

void st_op_destroy(st_op *op) {
	if (!op)
		return;
	assert(!op->block && "st_op_destroy on an op still in a block; use st_op_erase");
	drop_all_refs(op);
	op_free(op);
}

void st_op_erase(st_op *op) {
	st_op_remove(op);
	st_op_destroy(op);
}

st_context *st_op_context(const st_op *op) { return op->name->ctx; }
st_ident *st_op_name(const st_op *op) { return op->name->name; }
const char *st_op_name_cstr(const st_op *op) { return op->name->name->data; }
const st_opdef *st_op_def(const st_op *op) { return op->name->def; }
st_dialect *st_op_dialect(const st_op *op) { return op->name->dialect; }
bool st_op_is_registered(const st_op *op) { return op->name->def != NULL; }
bool st_op_has_trait(const st_op *op, st_trait t) { return (op->name->traits & (uint32_t)t) != 0; }
st_attr *st__op_loc(const st_op *op) { return st__unpack_loc(op->name->ctx, op->rawloc); }

st_attr *st__unpack_loc(st_context *ctx, st_attr *raw) {
	uintptr_t r = (uintptr_t)raw;
	if (!(r & 1))
		return raw;
	uint64_t v = (uint64_t)r;
	size_t src = (size_t)((v >> 1) & 0x7fff) - 1;
	assert(src < ctx->nsources);
	return st_loc_file(ctx, st_ident_str(ctx->sources[src].name), (unsigned)((v >> 16) & 0xffffff),
	                   (unsigned)(v >> 40));
}
st_attr *st_op_loc(const st_op *op) { return st__op_loc(op); }
void st_op_set_loc(st_op *op, st_attr *loc) { op->rawloc = loc ? loc : op->name->ctx->unknown_loc; }

/* -------------------------------------------------------------- operands */

size_t st_op_num_operands(const st_op *op) { return op->noperands; }
st_value *st_op_operand(const st_op *op, size_t i) {
	assert(i < op->noperands);
	return st__uses(op)[i].value;
}
st_use *st_op_operand_use(st_op *op, size_t i) {
	assert(i < op->noperands);
	return &st__uses(op)[i];
}
void st_op_set_operand(st_op *op, size_t i, st_value *v) {
	assert(i < op->noperands);
	use_set_value(&st__uses(op)[i], v);
}

static uint32_t operand_capacity(const st_op *op) { return op->operand_cap ? op->operand_cap : op->inline_operands; }

st_use *st__outofline_uses(const st_op *op) {
	assert(op->operand_cap);
	if (op->inline_operands)
		return *(st_use **)st__inline_uses(op);
	uintptr_t a = 0;
	bool found = st__ptrmap_get(op->name->ctx->ool_operands, op, &a);
	assert(found);
	(void)found;
	return (st_use *)a;
}

/* Where an out-of-line array's address is kept: the first inline slot
 * (unused once the operands have moved out), or the context's table. */
static st_status set_outofline(st_op *op, st_use *arr) {
	if (op->inline_operands) {
		*(st_use **)st__inline_uses(op) = arr;
		return ST_OK;
	}
	st_context *ctx = op->name->ctx;
	if (!ctx->ool_operands) {
		ctx->ool_operands = st_ctx_alloc(ctx, sizeof *ctx->ool_operands);
		if (!ctx->ool_operands)
			return ST_FAIL;
		st__ptrmap_init(ctx->ool_operands, ctx);
	}
	return st__ptrmap_put(ctx->ool_operands, op, (uintptr_t)arr) ? ST_OK : ST_FAIL;
}

/* Makes room for `n` operands, moving them out of line when needed. */
static st_status reserve_operands(st_op *op, size_t n) {
	if (n <= operand_capacity(op))
		return ST_OK;
	st_context *ctx = op->name->ctx;
	size_t cap = n < 4 ? 4 : n + n / 2;
	st_use *nu = st_ctx_alloc(ctx, cap * sizeof(st_use));
	if (!nu)
		return ST_FAIL;
	st_use *old = st__uses(op);
	uint32_t old_cap = op->operand_cap;
	if (!old_cap && !op->inline_operands && st_failed(set_outofline(op, nu))) {
		st_ctx_free(ctx, nu, cap * sizeof(st_use));
		return ST_FAIL;
	}
	uses_move(nu, old, op->noperands);
	if (old_cap)
		st_ctx_free(ctx, old, old_cap * sizeof(st_use));
	/* Infallible now: the inline slot is free, or the table has the key. */
	st_status s = set_outofline(op, nu);
	assert(st_succeeded(s));
	(void)s;
	op->operand_cap = (uint32_t)cap;
	return ST_OK;
}

st_status st_op_insert_operands(st_op *op, size_t pos, size_t n, st_value *const *vals) {
	assert(pos <= op->noperands);
	if (st_failed(reserve_operands(op, op->noperands + n)))
		return ST_FAIL;
	st_use *uses = st__uses(op);
	uses_move(uses + pos + n, uses + pos, op->noperands - pos);
	for (size_t i = 0; i < n; i++) {
		st_use *u = &uses[pos + i];
		memset(u, 0, sizeof *u);
		u->owner = op;
		use_set_value(u, vals[i]);
	}
	op->noperands += (uint32_t)n;
	return ST_OK;
}

void st_op_erase_operands(st_op *op, size_t pos, size_t n) {
	assert(pos + n <= op->noperands);
	st_use *uses = st__uses(op);
	for (size_t i = 0; i < n; i++)
		use_unlink(&uses[pos + i]);
	uses_move(uses + pos, uses + pos + n, op->noperands - pos - n);
	op->noperands -= (uint32_t)n;
}

st_status st_op_set_operands(st_op *op, size_t n, st_value *const *vals) {
	if (n <= op->noperands) {
		st_op_erase_operands(op, n, op->noperands - n);
		for (size_t i = 0; i < n; i++)
			st_op_set_operand(op, i, vals[i]);
		return ST_OK;
	}
	size_t old = op->noperands;
	if (st_failed(st_op_insert_operands(op, old, n - old, vals + old)))
		return ST_FAIL;
	for (size_t i = 0; i < old; i++)
		st_op_set_operand(op, i, vals[i]);
	return ST_OK;
}

/* --------------------------------------------------------------- results */

size_t st_op_num_results(const st_op *op) { return op->nresults; }
st_value *st_op_result(const st_op *op, size_t i) {
	assert(i < op->nresults);
	return st__result(op, i);
}
bool st_op_results_unused(const st_op *op) {
	for (uint32_t i = 0; i < op->nresults; i++)
		if (st__result(op, i)->first_use)
			return false;
	return true;
}
void st_op_replace_all_uses(st_op *op, st_value *const *with) {
	for (uint32_t i = 0; i < op->nresults; i++)
		st_value_replace_all_uses(st__result(op, i), with[i]);
}

/* ------------------------------------------------------------ attributes */

st_attr *st_op_attrs(const st_op *op) { return op->attrs; }
void st_op_set_attrs(st_op *op, st_attr *dict) { op->attrs = dict ? dict : op->name->ctx->empty_dict; }
st_attr *st_op_get_attr(const st_op *op, const char *name) { return st_attr_dict_get_c(op->attrs, name); }
st_attr *st_op_get_attr_id(const st_op *op, const st_ident *name) { return st_attr_dict_get(op->attrs, name); }

void st_op_set_attr_id(st_op *op, st_ident *name, st_attr *value) {
	st_context *ctx = op->name->ctx;
	size_t n = st_attr_dict_size(op->attrs);
	st_named_attr small[16];
	st_named_attr *e = n + 1 <= 16 ? small : st_ctx_alloc(ctx, (n + 1) * sizeof *e);
	if (!e)
		return;
	size_t k = 0;
	bool replaced = false;
	for (size_t i = 0; i < n; i++) {
		e[k] = st_attr_dict_entry(op->attrs, i);
		if (e[k].name == name) {
			replaced = true;
			if (!value)
				continue;
			e[k].value = value;
		}
		k++;
	}
	if (!replaced && value)
		e[k++] = (st_named_attr){name, value};
	st_attr *d = st_dict_attr(ctx, k, e);
	if (d)
		op->attrs = d;
	if (e != small)
		st_ctx_free(ctx, e, (n + 1) * sizeof *e);
}

void st_op_set_attr(st_op *op, const char *name, st_attr *value) {
	st_ident *id = st_ident_get_c(op->name->ctx, name);
	if (id)
		st_op_set_attr_id(op, id, value);
}

bool st_op_remove_attr(st_op *op, const char *name) {
	st_ident *id = st_ident_get_c(op->name->ctx, name);
	if (!id || !st_attr_dict_get(op->attrs, id))
		return false;
	st_op_set_attr_id(op, id, NULL);
	return true;
}

/* ----------------------------------------------------- regions, successors */

size_t st_op_num_regions(const st_op *op) { return op->nregions; }
st_region *st_op_region(st_op *op, size_t i) {
	assert(i < op->nregions);
	return &st__regions(op)[i];
}
size_t st_op_num_successors(const st_op *op) { return op->nsuccs; }
st_block *st_op_successor(const st_op *op, size_t i) {
	assert(i < op->nsuccs);
	return st__succs(op)[i].block;
}
void st_op_set_successor(st_op *op, size_t i, st_block *b) {
	assert(i < op->nsuccs);
	use_set_block(&st__succs(op)[i], b);
}

/* ------------------------------------------------------------- placement */

st_block *st_op_block(const st_op *op) { return op->block; }
st_region *st_op_parent_region(const st_op *op) { return op->block ? op->block->parent : NULL; }
st_op *st_op_parent_op(const st_op *op) {
	st_region *r = st_op_parent_region(op);
	return r ? r->parent : NULL;
}
st_op *st_op_next(const st_op *op) { return op->next; }
st_op *st_op_prev(const st_op *op) { return op->prev; }

bool st_op_is_ancestor(const st_op *ancestor, const st_op *op) {
	for (; op; op = st_op_parent_op(op))
		if (op == ancestor)
			return true;
	return false;
}

#define ORDER_STRIDE 16u

static void renumber(st_block *b) {
	uint32_t n = 0;
	for (st_op *o = b->first; o; o = o->next) {
		n += ORDER_STRIDE;
		o->order = n;
	}
	b->order_valid = true;
}

/* Keep the order valid cheaply for appends and gaps; otherwise mark it for
 * a lazy renumbering. */
static void note_inserted(st_block *b, st_op *op) {
	if (!b->order_valid)
		return;
	uint32_t lo = op->prev ? op->prev->order : 0;
	if (!op->next) {
		if (lo <= UINT32_MAX - ORDER_STRIDE) {
			op->order = lo + ORDER_STRIDE;
			return;
		}
	} else if (op->next->order - lo > 1) {
		op->order = lo + (op->next->order - lo) / 2;
		return;
	}
	b->order_valid = false;
}

bool st_op_is_before_in_block(const st_op *a, const st_op *b) {
	assert(a->block && a->block == b->block);
	if (!a->block->order_valid)
		renumber(a->block);
	return a->order < b->order;
}

void st_block_insert_op_before(st_block *b, st_op *before, st_op *op) {
	assert(!op->block && "op is already in a block");
	assert(!before || before->block == b);
	op->block = b;
	if (!before) {
		op->prev = b->last;
		op->next = NULL;
		if (b->last)
			b->last->next = op;
		else
			b->first = op;
		b->last = op;
	} else {
		op->next = before;
		op->prev = before->prev;
		if (before->prev)
			before->prev->next = op;
		else
			b->first = op;
		before->prev = op;
	}
	note_inserted(b, op);
}

void st_block_append_op(st_block *b, st_op *op) { st_block_insert_op_before(b, NULL, op); }
void st_block_prepend_op(st_block *b, st_op *op) { st_block_insert_op_before(b, b->first, op); }

void st_op_remove(st_op *op) {
	st_block *b = op->block;
	if (!b)
		return;
	if (op->prev)
		op->prev->next = op->next;
	else
		b->first = op->next;
	if (op->next)
		op->next->prev = op->prev;
	else
		b->last = op->prev;
	op->prev = op->next = NULL;
	op->block = NULL;
}

/* Moving an op before or after itself leaves it where it is (as splicing
 * does in MLIR); removing it first would detach the anchor too. */
void st_op_move_before(st_op *op, st_op *before) {
	if (op == before)
		return;
	st_op_remove(op);
	st_block_insert_op_before(before->block, before, op);
}

void st_op_move_after(st_op *op, st_op *after) {
	if (op == after)
		return;
	st_op_remove(op);
	st_block_insert_op_before(after->block, after->next, op);
}

/* ----------------------------------------------------------------- blocks */

st_block *st_block_create(st_context *ctx) {
	st_block *b = st__pool_alloc(ctx, sizeof *b);
	if (!b)
		return NULL;
	memset(b, 0, sizeof *b);
	b->ctx = ctx;
	b->order_valid = true;
	return b;
}

static void block_free(st_block *b) {
	st_context *ctx = b->ctx;
	st_op *o = b->first;
	while (o) {
		st_op *n = o->next;
		o->block = NULL;
		op_free(o);
		o = n;
	}
	for (uint32_t i = 0; i < b->nargs; i++) {
		assert(!b->args[i]->v.first_use && "destroying a block whose argument is still used");
		st__pool_free(ctx, b->args[i], sizeof(st__block_arg));
	}
	st_ctx_free(ctx, b->args, b->argcap * sizeof(st__block_arg *));
	/* Successor slots that still name this block are gone with their ops. */
	st__pool_free(ctx, b, sizeof *b);
}

void st_block_destroy(st_block *b) {
	if (!b)
		return;
	assert(!b->parent && "destroying a block that is still in a region");
	for (st_op *o = b->first; o; o = o->next)
		drop_all_refs(o);
	assert(!b->first_use && "destroying a block that is still a successor");
	block_free(b);
}

st_value *st_block_insert_arg(st_block *b, size_t pos, st_type *type, st_attr *loc) {
	assert(pos <= b->nargs);
	st_context *ctx = b->ctx;
	if (b->nargs == b->argcap) {
		uint32_t ncap = b->argcap ? b->argcap * 2 : 4;
		st__block_arg **na = st_ctx_realloc(ctx, b->args, b->argcap * sizeof *na, ncap * sizeof *na);
		if (!na)
			return NULL;
		b->args = na;
		b->argcap = ncap;
	}
	st__block_arg *a = st__pool_alloc(ctx, sizeof *a);
	if (!a)
		return NULL;
	memset(a, 0, sizeof *a);
	a->v.type = type;
	a->v.kind = ST__VAL_ARG;
	a->owner = b;
	a->loc = loc ? loc : ctx->unknown_loc;
	memmove(b->args + pos + 1, b->args + pos, (b->nargs - pos) * sizeof *b->args);
	b->args[pos] = a;
	b->nargs++;
	for (uint32_t i = (uint32_t)pos; i < b->nargs; i++)
		b->args[i]->v.index = i;
	return &a->v;
}

st_value *st_block_add_arg(st_block *b, st_type *type, st_attr *loc) {
	return st_block_insert_arg(b, b->nargs, type, loc);
}

void st_block_erase_arg(st_block *b, size_t pos) {
	assert(pos < b->nargs);
	assert(!b->args[pos]->v.first_use && "erasing a used block argument");
	st__pool_free(b->ctx, b->args[pos], sizeof(st__block_arg));
	memmove(b->args + pos, b->args + pos + 1, (b->nargs - pos - 1) * sizeof *b->args);
	b->nargs--;
	for (uint32_t i = (uint32_t)pos; i < b->nargs; i++)
		b->args[i]->v.index = i;
}

size_t st_block_num_args(const st_block *b) { return b->nargs; }
st_value *st_block_arg(const st_block *b, size_t i) {
	assert(i < b->nargs);
	return &b->args[i]->v;
}
st_op *st_block_first_op(const st_block *b) { return b->first; }
st_op *st_block_last_op(const st_block *b) { return b->last; }
bool st_block_is_empty(const st_block *b) { return b->first == NULL; }
st_op *st_block_terminator(const st_block *b) {
	st_op *l = b->last;
	if (l && (st_op_has_trait(l, ST_TRAIT_TERMINATOR) || !l->name->def))
		return l;
	return NULL;
}
st_region *st_block_parent_region(const st_block *b) { return b->parent; }
st_op *st_block_parent_op(const st_block *b) { return b->parent ? b->parent->parent : NULL; }
st_block *st_block_next(const st_block *b) { return b->next; }
st_block *st_block_prev(const st_block *b) { return b->prev; }
bool st_block_is_entry(const st_block *b) { return b->parent && b->parent->first == b; }
st_use *st_block_first_pred_use(const st_block *b) { return b->first_use; }
bool st_block_has_preds(const st_block *b) { return b->first_use != NULL; }

void st_block_remove(st_block *b) {
	st_region *r = b->parent;
	if (!r)
		return;
	if (b->prev)
		b->prev->next = b->next;
	else
		r->first = b->next;
	if (b->next)
		b->next->prev = b->prev;
	else
		r->last = b->prev;
	b->prev = b->next = NULL;
	b->parent = NULL;
}

st_block *st_block_split(st_block *b, st_op *op) {
	assert(!op || op->block == b);
	st_block *nb = st_block_create(b->ctx);
	if (!nb)
		return NULL;
	if (b->parent) {
		if (b->next)
			st_region_insert_block_before(b->parent, b->next, nb);
		else
			st_region_append_block(b->parent, nb);
	}
	if (op) {
		nb->first = op;
		nb->last = b->last;
		b->last = op->prev;
		if (op->prev)
			op->prev->next = NULL;
		else
			b->first = NULL;
		op->prev = NULL;
		for (st_op *o = op; o; o = o->next)
			o->block = nb;
		nb->order_valid = false;
	}
	return nb;
}

/* ---------------------------------------------------------------- regions */

st_block *st_region_first_block(const st_region *r) { return r->first; }
st_block *st_region_last_block(const st_region *r) { return r->last; }
bool st_region_is_empty(const st_region *r) { return r->first == NULL; }
size_t st_region_num_blocks(const st_region *r) {
	size_t n = 0;
	for (st_block *b = r->first; b; b = b->next)
		n++;
	return n;
}
st_op *st_region_parent_op(const st_region *r) { return r->parent; }
size_t st_region_index(const st_region *r) {
	assert(r->parent);
	return (size_t)(r - st__regions(r->parent));
}

void st_region_insert_block_before(st_region *r, st_block *before, st_block *b) {
	assert(!b->parent && "block is already in a region");
	b->parent = r;
	if (!before) {
		b->prev = r->last;
		b->next = NULL;
		if (r->last)
			r->last->next = b;
		else
			r->first = b;
		r->last = b;
	} else {
		assert(before->parent == r);
		b->next = before;
		b->prev = before->prev;
		if (before->prev)
			before->prev->next = b;
		else
			r->first = b;
		before->prev = b;
	}
}

void st_region_append_block(st_region *r, st_block *b) { st_region_insert_block_before(r, NULL, b); }

void st_region_take_body(st_region *dst, st_region *src) {
	if (!src->first || dst == src)
		return;
	for (st_block *b = src->first; b; b = b->next)
		b->parent = dst;
	if (dst->last) {
		dst->last->next = src->first;
		src->first->prev = dst->last;
	} else {
		dst->first = src->first;
	}
	dst->last = src->last;
	src->first = src->last = NULL;
}

void st_region_clear(st_region *r) {
	for (st_block *b = r->first; b; b = b->next)
		for (st_op *o = b->first; o; o = o->next)
			drop_all_refs(o);
	st_block *b = r->first;
	r->first = r->last = NULL;
	while (b) {
		st_block *n = b->next;
		b->parent = NULL;
		b->prev = b->next = NULL;
		block_free(b);
		b = n;
	}
}

/* ------------------------------------------------------------------ walk */

static st_walk_result walk_op(st_op *op, st_walk_order order, st_walk_fn fn, void *ud) {
	if (order == ST_WALK_PRE) {
		st_walk_result r = fn(op, ud);
		if (r == ST_WALK_INTERRUPT)
			return r;
		if (r == ST_WALK_SKIP)
			return ST_WALK_ADVANCE;
	}
	for (uint32_t i = 0; i < op->nregions; i++)
		for (st_block *b = st__regions(op)[i].first; b; b = b->next)
			for (st_op *o = b->first, *n; o; o = n) {
				n = o->next;
				if (walk_op(o, order, fn, ud) == ST_WALK_INTERRUPT)
					return ST_WALK_INTERRUPT;
			}
	if (order == ST_WALK_POST)
		return fn(op, ud) == ST_WALK_INTERRUPT ? ST_WALK_INTERRUPT : ST_WALK_ADVANCE;
	return ST_WALK_ADVANCE;
}

st_walk_result st_walk(st_op *op, st_walk_order order, st_walk_fn fn, void *ud) {
	return walk_op(op, order, fn, ud);
}

/* ------------------------------------------------- operand/result groups */

/* Segment sizes come from operandSegmentSizes (a dense i32 array) when the op
 * has the attr-sized trait; otherwise at most one group is variadic and gets
 * what the fixed groups leave. */
static st_status value_group(const st_op *op, bool results, size_t group, size_t *start, size_t *count) {
	const st_opdef *def = op->name->def;
	if (!def)
		return ST_FAIL;
	const st_value_def *defs = results ? def->results : def->operands;
	size_t ndefs = results ? def->nresults : def->noperands;
	size_t total = results ? op->nresults : op->noperands;
	if (group >= ndefs)
		return ST_FAIL;
	uint32_t trait = results ? ST_TRAIT_ATTR_SIZED_RESULT_SEGMENTS : ST_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS;
	if (def->traits & trait) {
		st_attr *sizes = st_op_get_attr(op, results ? "resultSegmentSizes" : "operandSegmentSizes");
		if (!sizes || st_attr_get_kind(sizes) != ST_ATTR_DENSE_ARRAY || ((const st__dense_attr *)sizes)->is_float ||
		    st_attr_dense_array_size(sizes) != ndefs)
			return ST_FAIL;
		/* Unverified IR may carry negative or huge sizes: they must fail
		 * here, not wrap around into a range that looks valid. */
		size_t s = 0;
		for (size_t i = 0; i <= group; i++) {
			int64_t n = st_attr_dense_array_int(sizes, i);
			if (n < 0 || (uint64_t)n > total - s)
				return ST_FAIL;
			if (i < group)
				s += (size_t)n;
			else
				*count = (size_t)n;
		}
		*start = s;
		return ST_OK;
	}
	size_t nfixed = 0, nvar = 0;
	for (size_t i = 0; i < ndefs; i++) {
		if (defs[i].arity == ST_ONE)
			nfixed++;
		else
			nvar++;
	}
	if (nvar > 1 || total < nfixed || (nvar == 0 && total != nfixed))
		return ST_FAIL;
	size_t var = total - nfixed;
	size_t s = 0;
	for (size_t i = 0; i < group; i++)
		s += defs[i].arity == ST_ONE ? 1 : var;
	*start = s;
	*count = defs[group].arity == ST_ONE ? 1 : var;
	if (defs[group].arity == ST_OPTIONAL && var > 1)
		return ST_FAIL;
	return ST_OK;
}

st_status st_op_operand_group(const st_op *op, size_t group, size_t *start, size_t *count) {
	return value_group(op, false, group, start, count);
}
st_status st_op_result_group(const st_op *op, size_t group, size_t *start, size_t *count) {
	return value_group(op, true, group, start, count);
}

st_value *st_op_operand_named(const st_op *op, const char *name) {
	const st_opdef *def = op->name->def;
	if (!def)
		return NULL;
	for (size_t i = 0; i < def->noperands; i++) {
		if (strcmp(def->operands[i].name, name) != 0)
			continue;
		size_t s, c;
		if (st_failed(st_op_operand_group(op, i, &s, &c)) || c == 0)
			return NULL;
		return st__uses(op)[s].value;
	}
	return NULL;
}
