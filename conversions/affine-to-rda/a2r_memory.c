/* The memories of a kernel and the order of their accesses (SARA sections
 * 3.2.3-3.4).  Local allocations live on chip; an argument is copied on
 * chip (staged) when it is reused, accessed at addresses computed from
 * data, or both read and written, and it fits; otherwise its accesses go
 * to DRAM through address generators.  For every pair of accesses to one
 * memory that can interfere (one of them writes), a forward token orders
 * the earlier before the later once per iteration of their lowest common
 * loop, and a credit (a token that starts at 1) orders the later before
 * the earlier's next iteration of that loop; then the forward tokens are
 * reduced transitively and a credit is dropped when a path of forward
 * tokens and one credit of the same loop already orders its ends. */
#include "a2r.h"

#include "strata/asm.h"

#include <stdio.h>
#include <string.h>

static bool named(const st_op *op, const char *name) { return op && strcmp(st_op_name_cstr(op), name) == 0; }

static int64_t elt_bits(const st_type *t) {
	if (st_type_is_index(t))
		return 32;
	return st_type_is_float(t) ? st_type_float_width(t) : st_type_int_width(t);
}

/* The constant memref.global a memref.get_global reads, or NULL. */
static st_op *global_of(st_op *get) {
	st_attr *ref = named(get, "memref.get_global") ? st_op_get_attr(get, "name") : NULL;
	st_op *g = ref ? st_symbol_lookup_nearest(get, ref) : NULL;
	return named(g, "memref.global") ? g : NULL;
}

/* Every memref.get_global of one global is the one table. */
static a2r_mem *mem_of(a2r *a, st_value *v) {
	st_op *g = global_of(st_value_defining_op(v));
	for (size_t i = 0; i < a->nmems; i++)
		if (a->mems[i].value == v || (g && a->mems[i].global == g))
			return &a->mems[i];
	return NULL;
}

static st_status add_mem(a2r *a, st_value *v, st_op *alloc, int64_t arg, st_op *where) {
	st_type *t = st_value_type(v);
	st_type *e = st_type_element(t);
	if (st_type_num_elements_static(t) < 0 || st_type_memref_layout(t))
		return st_op_error(where, "the rda lowering needs memrefs of static shape and the identity layout");
	if (!(st_type_is_float(e) && elt_bits(e) == 32) && !st_type_is_index(e) &&
	    !(st_type_is_integer(e) && elt_bits(e) <= 32))
		return st_op_error(where, "a memref of %s: the rda datapath holds f32, integers of up to 32 bits and indices",
		                   st_type_str(a->ctx, e, (char[32]){0}, 32));
	int64_t n = st_type_num_elements_static(t);
	if (n >= ((int64_t)1 << 31))
		return st_op_error(where, "a memref of %lld elements; the rda datapath addresses fewer than 2^31", (long long)n);
	a2r_mem m = {.value = v, .alloc = alloc, .global = global_of(alloc), .arg = arg, .elements = n, .parts = 1};
	if (arg >= 0)
		snprintf(m.name, sizeof m.name, "arg%lld", (long long)arg);
	else
		snprintf(m.name, sizeof m.name, "%s%zu", m.global ? "table" : "local", a->nmems);
	m.place = alloc ? A2R_ONCHIP : A2R_DRAM;
	return st__a2r_push(a, (void **)&a->mems, &a->nmems, &a->capmems, sizeof m, &m) ? ST_OK : ST_FAIL;
}

typedef struct site_walk {
	a2r *a;
	size_t order;
	st_status status;
} site_walk;

/* A table: a constant memref.global with its contents (a dense value),
 * held on chip in a memory unit the configuration initialises, as a
 * Plasticine bitstream would carry them. */
static st_status add_table(a2r *a, st_op *get) {
	st_op *g = global_of(get);
	st_attr *init = g ? st_op_get_attr(g, "initial_value") : NULL;
	if (!g || !st_op_get_attr(g, "constant"))
		return st_op_error(get, "the rda lowering takes a constant memref.global only (a table the configuration "
		                        "loads into a memory unit)");
	if (!init || st_attr_get_kind(init) != ST_ATTR_DENSE_ELEMENTS)
		return st_op_error(get, "a memref.global without a dense initial value: the rda lowering has no contents to "
		                        "load into its memory unit");
	if (mem_of(a, st_op_result(get, 0)))
		return ST_OK;
	return add_mem(a, st_op_result(get, 0), get, -1, get);
}

/* The local memories first (every site then points into a final array). */
static st_walk_result visit_alloc(st_op *op, void *ud) {
	site_walk *w = ud;
	if (named(op, "memref.get_global")) {
		w->status = add_table(w->a, op);
		return st_succeeded(w->status) ? ST_WALK_ADVANCE : ST_WALK_INTERRUPT;
	}
	if (!named(op, "memref.alloc") && !named(op, "memref.alloca"))
		return ST_WALK_ADVANCE;
	if (st_op_num_operands(op)) {
		w->status = st_op_error(op, "the rda lowering needs allocations of static shape");
		return ST_WALK_INTERRUPT;
	}
	w->status = add_mem(w->a, st_op_result(op, 0), op, -1, op);
	return st_succeeded(w->status) ? ST_WALK_ADVANCE : ST_WALK_INTERRUPT;
}

static st_walk_result visit(st_op *op, void *ud) {
	site_walk *w = ud;
	a2r *a = w->a;
	bool load = named(op, "memref.load"), store = named(op, "memref.store");
	if (!load && !store)
		return ST_WALK_ADVANCE;
	a2r_mem *m = mem_of(a, st_op_operand(op, store ? 1 : 0));
	if (!m) {
		w->status = st_op_error(op, "the rda lowering needs the memref of an access to be an argument or an allocation");
		return ST_WALK_INTERRUPT;
	}
	if (store && m->global) {
		w->status = st_op_error(op, "a store into the constant memref.global @%s: a table is read-only",
		                        st_ident_cstr(st_symbol_name(m->global)));
		return ST_WALK_INTERRUPT;
	}
	m->read |= load, m->written |= store;
	a2r_site s = {.op = op, .mem = m, .block = st__a2r_block_of(a, op), .write = store, .order = ++w->order};
	if (!st__a2r_push(a, (void **)&a->sites, &a->nsites, &a->capsites, sizeof s, &s))
		w->status = ST_FAIL;
	return st_succeeded(w->status) ? ST_WALK_ADVANCE : ST_WALK_INTERRUPT;
}

/* Accesses a site makes in one run: the product of its loops' trip counts
 * (INT64_MAX when one is not known). */
static int64_t dynamic_count(a2r_site *s) {
	const a2r_node *chain[A2R_MAX_DEPTH];
	size_t n = st__a2r_chain(s->block, chain, A2R_MAX_DEPTH);
	int64_t c = 1;
	for (size_t i = 0; i < n; i++) {
		if (chain[i]->kind != A2R_LOOP)
			continue;
		if (chain[i]->trip < 0 || (chain[i]->trip && c > INT64_MAX / chain[i]->trip))
			return INT64_MAX;
		c *= chain[i]->trip;
	}
	return c;
}

static int64_t pmu_words(const st_rda_machine *m, int64_t *units) {
	*units = 0;
	for (size_t i = 0; i < m->npus; i++)
		if (m->pus[i].kind == ST_RDA_MEMORY) {
			*units += m->pus[i].count;
			return m->pus[i].banks * m->pus[i].depth;
		}
	return 0;
}

st_status st__a2r_plan_memories(a2r *a) {
	st_block *entry = st_region_first_block(st_op_region(a->func, 0));
	for (size_t i = 0; i < st_block_num_args(entry); i++) {
		st_value *v = st_block_arg(entry, i);
		if (st_type_get_kind(st_value_type(v)) == ST_TYPE_MEMREF && st_failed(add_mem(a, v, NULL, (int64_t)i, a->original)))
			return ST_FAIL;
	}
	site_walk w = {a, 0, ST_OK};
	st_walk(a->func, ST_WALK_PRE, visit_alloc, &w);
	if (st_succeeded(w.status))
		st_walk(a->func, ST_WALK_PRE, visit, &w);
	if (st_failed(w.status) || a->failed)
		return ST_FAIL;
	int64_t units, words = pmu_words(a->m, &units), free_words = words * units;
	if (!words)
		return st_op_error(a->original, "target '%s' has no memory unit for on-chip memories", a->m->name);
	/* Locals first: they have nowhere else to go. */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < a->nmems; i++) {
			a2r_mem *m = &a->mems[i];
			if ((pass == 0) != (m->arg < 0))
				continue;
			bool want = m->arg < 0;
			if (m->arg >= 0 && a->opt.onchip != 2) {
				int64_t total = 0;
				bool irregular = false;
				for (size_t k = 0; k < a->nsites; k++) {
					a2r_site *s = &a->sites[k];
					a2r_linear l;
					if (s->mem != m)
						continue;
					int64_t c = dynamic_count(s);
					total = c > INT64_MAX - total ? INT64_MAX : total + c;
					irregular |= !st__a2r_access_linear(a, s->op, &l);
				}
				want = a->opt.onchip == 1 || irregular || total > m->elements || (m->read && m->written);
			}
			int64_t need = (m->elements + words - 1) / words * words;
			if (want && need <= free_words) {
				m->place = A2R_ONCHIP;
				m->staged = m->arg >= 0;
				m->parts = (m->elements + words - 1) / words;
				free_words -= need;
			} else if (m->arg < 0) {
				return st_op_error(m->alloc, "the allocation needs %lld words on chip; target '%s' has %lld left in %lld "
				                             "memory units of %lld words",
				                   (long long)m->elements, a->m->name, (long long)free_words, (long long)units,
				                   (long long)words);
			}
		}
	/* Staged arguments: a copy-in before everything, a copy-out after. */
	for (size_t i = 0; i < a->nmems; i++) {
		a2r_mem *m = &a->mems[i];
		if (!m->staged)
			continue;
		a2r_site in = {.mem = m, .write = true, .stage = 1, .order = 0};
		a2r_site out = {.mem = m, .write = false, .stage = 2, .order = SIZE_MAX};
		if (!st__a2r_push(a, (void **)&a->sites, &a->nsites, &a->capsites, sizeof in, &in) ||
		    (m->written && !st__a2r_push(a, (void **)&a->sites, &a->nsites, &a->capsites, sizeof out, &out)))
			return ST_FAIL;
	}
	return ST_OK;
}

/* ---------------------------------------------------------------- tokens */

static const a2r_node *node_of(const a2r_site *s) { return s->block; }

/* The lowest counter enclosing both sites (NULL: the root). */
static const a2r_node *lca(const a2r_site *x, const a2r_site *y) {
	const a2r_node *cx[A2R_MAX_DEPTH], *cy[A2R_MAX_DEPTH];
	size_t nx = node_of(x) ? st__a2r_chain(node_of(x), cx, A2R_MAX_DEPTH) : 0;
	size_t ny = node_of(y) ? st__a2r_chain(node_of(y), cy, A2R_MAX_DEPTH) : 0;
	const a2r_node *l = NULL;
	for (size_t i = 0; i < nx && i < ny && cx[i] == cy[i]; i++)
		l = cx[i];
	return l;
}

/* Whether two accesses in different iterations of `loop` never touch one
 * word: both linear, the same coefficients on `loop` and the loops around
 * it, and their windows per iteration shorter than the step between
 * iterations (as in a2r_linear.c, for one pair). */
static bool apart_across(a2r *a, const a2r_node *loop, const a2r_site *x, const a2r_site *y) {
	a2r_linear fx, fy;
	if (!x->op || !y->op || !st__a2r_access_linear(a, x->op, &fx) || !st__a2r_access_linear(a, y->op, &fy))
		return false;
	int64_t c = fx.coef[loop->level];
	if (!c)
		return false;
	for (int k = 0; k <= loop->level; k++)
		if (fx.coef[k] != fy.coef[k])
			return false;
	for (int k = loop->level + 1; k < A2R_MAX_DEPTH; k++)
		if (fx.coef[k] || fy.coef[k])
			return false; /* inner loops: keep it simple and safe */
	int64_t d = fx.cst - fy.cst;
	return (d < 0 ? -d : d) < (c < 0 ? -c : c);
}

static bool add_token(a2r *a, a2r_site *from, a2r_site *to, int level, int64_t init) {
	a2r_token t = {from, to, level, init};
	return st__a2r_push(a, (void **)&a->tokens, &a->ntokens, &a->captokens, sizeof t, &t);
}

/* Whether forward tokens (other than `skip`) lead from `from` to `to`. */
static bool forward_path(a2r *a, const a2r_site *from, const a2r_site *to, size_t skip, int depth) {
	if (from == to)
		return true;
	if (depth > 64)
		return false;
	for (size_t i = 0; i < a->ntokens; i++) {
		a2r_token *t = &a->tokens[i];
		if (i != skip && t->init == 0 && t->from == from && forward_path(a, t->to, to, skip, depth + 1))
			return true;
	}
	return false;
}

/* Whether a path of forward tokens and exactly one credit of the same level
 * (other than `skip`) leads from `from` to `to`. */
static bool credit_path(a2r *a, const a2r_site *from, const a2r_site *to, int level, size_t skip) {
	for (size_t i = 0; i < a->ntokens; i++) {
		a2r_token *t = &a->tokens[i];
		if (i == skip || t->init == 0 || t->level != level)
			continue;
		if (forward_path(a, from, t->from, SIZE_MAX, 0) && forward_path(a, t->to, to, SIZE_MAX, 0))
			return true;
	}
	return false;
}

static void remove_token(a2r *a, size_t i) {
	memmove(&a->tokens[i], &a->tokens[i + 1], (a->ntokens - i - 1) * sizeof *a->tokens);
	a->ntokens--;
}

void st__a2r_plan_tokens(a2r *a) {
	for (size_t i = 0; i < a->nsites; i++)
		for (size_t j = 0; j < a->nsites; j++) {
			a2r_site *x = &a->sites[i], *y = &a->sites[j];
			if (x->mem != y->mem || x->order >= y->order || (!x->write && !y->write))
				continue;
			const a2r_node *l = lca(x, y);
			int level = l ? l->level + 1 : 0;
			if (!add_token(a, x, y, level, 0))
				return;
			/* The later access before the earlier one's next iteration of
			 * the innermost common loop whose iterations can touch one
			 * word: a credit at its level (one per iteration, so it orders
			 * the iterations of the loops around it too). */
			for (const a2r_node *c = l; c; c = c->parent) {
				if (c->kind != A2R_LOOP)
					continue;
				if (apart_across(a, c, x, y))
					continue;
				if (!add_token(a, y, x, c->level + 1, 1))
					return;
				break;
			}
		}
	/* Transitive reduction of the forward tokens, then the credits. */
	for (size_t i = 0; i < a->ntokens;) {
		a2r_token *t = &a->tokens[i];
		if (t->init == 0 && forward_path(a, t->from, t->to, i, 0) && t->from != t->to) {
			/* Only through another token: a direct path of length one is t itself. */
			bool other = false;
			for (size_t k = 0; k < a->ntokens && !other; k++)
				other = k != i && a->tokens[k].init == 0 && a->tokens[k].from == t->from &&
				        forward_path(a, a->tokens[k].to, t->to, i, 0);
			if (other) {
				remove_token(a, i);
				continue;
			}
		}
		i++;
	}
	for (size_t i = 0; i < a->ntokens;) {
		a2r_token *t = &a->tokens[i];
		if (t->init && credit_path(a, t->from, t->to, t->level, i)) {
			remove_token(a, i);
			continue;
		}
		i++;
	}
}
