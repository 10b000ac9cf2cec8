/* The verifier: structure, op definitions (arity, types, attributes,
 * regions, successors, traits), terminators, isolation from above, symbol
 * tables and the ops' own hooks in a first pass over the tree, then
 * dominance in SSA-CFG regions in a second, as MLIR's does (so the same
 * input gets the same first error).  It stops at the first failure.
 * Messages follow MLIR's wording. */
#include "internal.h"

#include <stdio.h>

typedef struct vctx {
	st_context *ctx;
	/* Dominator trees of multi-block regions, computed on demand. */
	st_region **dom_regions;
	uint32_t **idoms; /* per region: idom block number per block number */
	st_block ***orders;
	size_t *nblocks;
	size_t ndom, domcap;
	/* The nearest isolated-from-above op around the op being verified:
	 * operands must be defined inside it. */
	st_op *iso;
} vctx;

static st_status verify_op(vctx *v, st_op *op);

static void type_name(st_context *ctx, const st_type *t, char *buf, size_t n) {
	struct {
		char *b;
		size_t cap, len;
	} bd = {buf, n, 0};
	extern void st__bounded_write(void *ud, const char *d, size_t l);
	extern void st_print_type(st_context * ctx, const st_type *t, st_write_fn w, void *ud);
	st_print_type(ctx, t, st__bounded_write, &bd);
	buf[bd.len < n ? bd.len : n - 1] = 0;
}

static const char *arity_word(size_t n) { return n == 1 ? "" : "s"; }

/* ------------------------------------------------------- table checks */

/* What verification needs to know about an op definition, worked out once
 * per op name instead of once per op: a big module verifies the same few
 * definitions a million times, and a pipeline verifies after every pass. */
typedef struct st__vplan {
	uint32_t nfixed[2], nvar[2], nopt[2]; /* [0] operand groups, [1] result groups */
	/* Without segment sizes and with at most one group that is not ST_ONE,
	 * as many values as groups means one value per group. */
	bool one_each[2];
	bool same_as; /* some group has infer = "$other" */
	/* Per group (operands, then results), the last two types that met its
	 * constraint: constraints are pure functions of uniqued types. */
	const st_type **ok;
} st__vplan;

static const st__vplan *vplan_get(st_op *op) {
	st__opname *on = op->name;
	if (on->vplan)
		return on->vplan;
	const st_opdef *def = on->def;
	size_t ngroups = def->noperands + def->nresults;
	st__vplan *pl = st__arena_alloc(on->ctx, sizeof *pl + 2 * ngroups * sizeof(st_type *));
	if (!pl)
		return NULL;
	pl->ok = (const st_type **)(pl + 1);
	for (int k = 0; k < 2; k++) {
		const st_value_def *defs = k ? def->results : def->operands;
		size_t ndefs = k ? def->nresults : def->noperands;
		uint32_t seg_trait = k ? ST_TRAIT_ATTR_SIZED_RESULT_SEGMENTS : ST_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS;
		for (size_t i = 0; i < ndefs; i++) {
			if (defs[i].arity == ST_ONE)
				pl->nfixed[k]++;
			else if (defs[i].arity == ST_VARIADIC)
				pl->nvar[k]++;
			else
				pl->nopt[k]++;
			if (defs[i].infer && defs[i].infer[0] == '$')
				pl->same_as = true;
		}
		pl->one_each[k] = !(def->traits & seg_trait) && pl->nvar[k] + pl->nopt[k] <= 1;
	}
	on->vplan = pl;
	return pl;
}

static st_status check_group_counts(st_op *op, const st__vplan *pl, bool results) {
	const st_opdef *def = op->name->def;
	const st_value_def *defs = results ? def->results : def->operands;
	size_t ndefs = results ? def->nresults : def->noperands;
	size_t total = results ? op->nresults : op->noperands;
	const char *what = results ? "result" : "operand";
	uint32_t seg_trait = results ? ST_TRAIT_ATTR_SIZED_RESULT_SEGMENTS : ST_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS;
	if (def->traits & seg_trait) {
		const char *an = results ? "resultSegmentSizes" : "operandSegmentSizes";
		st_attr *sizes = st_op_get_attr(op, an);
		if (!sizes)
			return st_op_error(op, "requires dense i32 array attribute '%s'", an);
		if (st_attr_get_kind(sizes) != ST_ATTR_DENSE_ARRAY ||
		    !st_type_is_signless_integer(((const st__dense_attr *)sizes)->type, 32))
			return st_op_error(op, "attribute '%s' must be a dense i32 array", an);
		if (st_attr_dense_array_size(sizes) != ndefs)
			return st_op_error(op, "'%s' attribute for specifying %s segments must have %zu elements, but got %zu", an,
			                   what, ndefs, st_attr_dense_array_size(sizes));
		int64_t sum = 0;
		for (size_t i = 0; i < ndefs; i++) {
			int64_t s = st_attr_dense_array_int(sizes, i);
			if (s < 0)
				return st_op_error(op, "'%s' attribute cannot have negative elements", an);
			if (defs[i].arity == ST_ONE && s != 1)
				return st_op_error(op, "%s group '%s' requires exactly one value, but got %lld", what, defs[i].name,
				                   (long long)s);
			if (defs[i].arity == ST_OPTIONAL && s > 1)
				return st_op_error(op, "%s group '%s' requires zero or one value, but got %lld", what, defs[i].name,
				                   (long long)s);
			sum += s;
		}
		if ((size_t)sum != total)
			return st_op_error(op, "%s count (%zu) does not match with the total size (%lld) specified in attribute '%s'",
			                   what, total, (long long)sum, an);
		return ST_OK;
	}
	size_t nfixed = pl->nfixed[results], nvar = pl->nvar[results], nopt = pl->nopt[results];
	if (nvar == 0 && nopt == 0 && total != nfixed) {
		/* MLIR's words: ZeroOperands, OneOperand/OneResult, NOperands. */
		if (nfixed == 0)
			return st_op_error(op, "requires zero %ss", what);
		if (nfixed == 1)
			return st_op_error(op, "%s", results ? "requires one result" : "requires a single operand");
		return st_op_error(op, "expected %zu %ss, but found %zu", nfixed, what, total);
	}
	if (total < nfixed)
		return st_op_error(op, "expected %zu or more %ss, but found %zu", nfixed, what, total);
	if (nvar == 0 && total > nfixed + nopt)
		return st_op_error(op, "expected at most %zu %ss, but found %zu", nfixed + nopt, what, total);
	return ST_OK;
}

static st_status check_group_types(st_op *op, const st__vplan *pl, bool results) {
	const st_opdef *def = op->name->def;
	const st_value_def *defs = results ? def->results : def->operands;
	size_t ndefs = results ? def->nresults : def->noperands;
	size_t total = results ? op->nresults : op->noperands;
	bool one_each = pl->one_each[results] && total == ndefs;
	const st_type **ok = pl->ok + 2 * (results ? def->noperands : 0);
	for (size_t g = 0; g < ndefs; g++, ok += 2) {
		const st_type_constraint *tc = defs[g].type;
		size_t s = g, n = 1;
		if (!one_each && st_failed(results ? st_op_result_group(op, g, &s, &n) : st_op_operand_group(op, g, &s, &n)))
			return st_op_error(op, "cannot split %ss into the groups of its definition", results ? "result" : "operand");
		for (size_t i = s; i < s + n; i++) {
			st_value *val = results ? st__result(op, (uint32_t)i) : st__uses(op)[i].value;
			if (!val)
				return st_op_error(op, "null operand found");
			if (!tc || val->type == ok[0] || val->type == ok[1])
				continue;
			if (!tc->check(val->type)) {
				char buf[160];
				type_name(op->name->ctx, val->type, buf, sizeof buf);
				return st_op_error(op, "%s #%zu must be %s, but got '%s'", results ? "result" : "operand", i, tc->desc,
				                   buf);
			}
			ok[1] = ok[0];
			ok[0] = val->type;
		}
	}
	return ST_OK;
}

/* `infer = "$other"` also states a type equality the verifier checks. */
static st_status check_same_as(st_op *op) {
	const st_opdef *def = op->name->def;
	for (int pass = 0; pass < 2; pass++) {
		const st_value_def *defs = pass ? def->results : def->operands;
		size_t ndefs = pass ? def->nresults : def->noperands;
		for (size_t g = 0; g < ndefs; g++) {
			const char *inf = defs[g].infer;
			if (!inf || inf[0] != '$')
				continue;
			st_value *other = NULL;
			for (size_t k = 0; k < def->noperands && !other; k++)
				if (strcmp(def->operands[k].name, inf + 1) == 0) {
					size_t s, n;
					if (st_succeeded(st_op_operand_group(op, k, &s, &n)) && n)
						other = st_op_operand(op, s);
				}
			for (size_t k = 0; k < def->nresults && !other; k++)
				if (strcmp(def->results[k].name, inf + 1) == 0) {
					size_t s, n;
					if (st_succeeded(st_op_result_group(op, k, &s, &n)) && n)
						other = st_op_result(op, s);
				}
			size_t s, n;
			if (!other || st_failed(pass ? st_op_result_group(op, g, &s, &n) : st_op_operand_group(op, g, &s, &n)))
				continue;
			for (size_t i = s; i < s + n; i++) {
				st_value *val = pass ? st_op_result(op, i) : st_op_operand(op, i);
				if (val && val->type != other->type)
					return st_op_error(op, "failed to verify that '%s' has the same type as '%s'", defs[g].name, inf + 1);
			}
		}
	}
	return ST_OK;
}

static st_status check_attrs(st_op *op) {
	const st_opdef *def = op->name->def;
	for (size_t i = 0; i < def->nattrs; i++) {
		const st_attr_def *ad = &def->attrs[i];
		st_attr *a = st_op_get_attr(op, ad->name);
		if (!a) {
			if (!ad->optional)
				return st_op_error(op, "requires attribute '%s'", ad->name);
			continue;
		}
		if (ad->constraint && !ad->constraint->check(a))
			return st_op_error(op, "attribute '%s' failed to satisfy constraint: %s", ad->name, ad->constraint->desc);
		if (ad->enum_cases) {
			if (st_attr_get_kind(a) != ST_ATTR_INTEGER)
				return st_op_error(op, "attribute '%s' failed to satisfy constraint: an enum value", ad->name);
			int64_t n = 0, v = st_attr_int_value(a);
			while (ad->enum_cases[n])
				n++;
			if (v < 0 || v >= n)
				return st_op_error(op, "attribute '%s' failed to satisfy constraint: one of %lld enum values", ad->name,
				                   (long long)n);
		}
	}
	/* Discardable attributes of registered dialects. */
	for (size_t i = 0; i < st_attr_dict_size(op->attrs); i++) {
		st_named_attr e = st_attr_dict_entry(op->attrs, i);
		const char *dot = strchr(e.name->data, '.');
		if (!dot)
			continue;
		st_dialect *d = st_context_get_dialect(op->name->ctx, st_str_make(e.name->data, (size_t)(dot - e.name->data)));
		if (d && d->def->verify_op_attr && st_failed(d->def->verify_op_attr(op, e)))
			return ST_FAIL;
	}
	return ST_OK;
}

static st_status check_structure(st_op *op) {
	const st_opdef *def = op->name->def;
	size_t nfixed = 0;
	bool variadic = false;
	for (size_t i = 0; i < def->nregions; i++) {
		if (def->regions[i].arity == ST_VARIADIC)
			variadic = true;
		else
			nfixed++;
	}
	if (!variadic && op->nregions != def->nregions) {
		/* MLIR's words: ZeroRegions, OneRegion, NRegions. */
		if (def->nregions == 0)
			return st_op_error(op, "requires zero regions");
		if (def->nregions == 1)
			return st_op_error(op, "requires one region");
		return st_op_error(op, "expected %zu regions", def->nregions);
	}
	if (variadic && op->nregions < nfixed)
		return st_op_error(op, "expected %zu or more regions", nfixed);
	if (def->nsuccessors >= 0 && op->nsuccs != (uint32_t)def->nsuccessors)
		return st_op_error(op, "requires %d successor%s but found %u", def->nsuccessors, arity_word((size_t)def->nsuccessors),
		                   op->nsuccs);
	for (uint32_t r = 0; r < op->nregions; r++) {
		const st_region_def *rd = r < def->nregions ? &def->regions[r] : (def->nregions ? &def->regions[def->nregions - 1] : NULL);
		size_t nb = st_region_num_blocks(&st__regions(op)[r]);
		bool single = (def->traits & ST_TRAIT_SINGLE_BLOCK) || (rd && rd->single_block);
		if (single && nb > 1)
			return st_op_error(op, "expects region #%u to have 0 or 1 blocks", r);
	}
	if (def->parent) {
		st_op *parent = st_op_parent_op(op);
		if (!parent || strcmp(parent->name->name->data, def->parent) != 0)
			return st_op_error(op, "expects parent op '%s'", def->parent);
	}
	if ((def->traits & ST_TRAIT_TERMINATOR) && op->block && op->block->last != op)
		return st_op_error(op, "must be the last operation in the parent block");
	if (def->traits & ST_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE) {
		st_type *t = op->nresults ? st__result(op, 0)->type : op->noperands ? st__uses(op)[0].value->type : NULL;
		for (uint32_t i = 0; i < op->nresults; i++)
			if (st__result(op, i)->type != t)
				return st_op_error(op, "requires the same type for all operands and results");
		for (uint32_t i = 0; i < op->noperands; i++)
			if (st__uses(op)[i].value->type != t)
				return st_op_error(op, "requires the same type for all operands and results");
	}
	if ((def->traits & ST_TRAIT_SAME_TYPE_OPERANDS) && op->noperands)
		for (uint32_t i = 1; i < op->noperands; i++)
			if (st__uses(op)[i].value->type != st__uses(op)[0].value->type)
				return st_op_error(op, "requires all operands to have the same type");
	if (def->traits & ST_TRAIT_SYMBOL) {
		st_attr *n = st_op_get_attr(op, "sym_name");
		if (!n || st_attr_get_kind(n) != ST_ATTR_STRING)
			return st_op_error(op, "requires string attribute 'sym_name'");
	}
	return ST_OK;
}

static st_status check_symbol_table(st_op *op) {
	if (op->nregions != 1)
		return st_op_error(op, "Operations with a 'SymbolTable' must have exactly one region");
	st_block *b = st__regions(op)[0].first;
	if (!b || b->next)
		return st_op_error(op, "Operations with a 'SymbolTable' must have exactly one block");
	st_symbol_table *t = st_symbol_table_create(op);
	if (!t)
		return ST_FAIL;
	st_status s = ST_OK;
	for (st_op *o = b->first; o && st_succeeded(s); o = o->next) {
		st_ident *n = st_symbol_name(o);
		if (!n)
			continue;
		st_op *first = st_symbol_table_lookup(t, st_ident_str(n));
		if (first && first != o) {
			st_diag *d = st_op_diag(o, ST_SEV_ERROR, "redefinition of symbol named '%s'", n->data);
			st_diag_note(d, st_op_loc(first), "see existing symbol definition here");
			s = st_diag_emit(d);
		}
	}
	st_symbol_table_destroy(t);
	return s;
}

/* ------------------------------------------------------------- dominance */

static st_region_kind region_kind(const st_op *op, uint32_t r) {
	const st_opdef *def = op->name->def;
	if (!def)
		return ST_REGION_SSACFG;
	if (r < def->nregions)
		return def->regions[r].kind;
	return def->nregions ? def->regions[def->nregions - 1].kind : ST_REGION_SSACFG;
}

/* Cooper, Harvey and Kennedy's iterative dominators on reverse postorder. */
static bool compute_doms(vctx *v, st_region *r, size_t *idx) {
	size_t nb = 0;
	for (st_block *b = r->first; b; b = b->next)
		nb++;
	st_context *ctx = v->ctx;
	st_block **order = st_ctx_alloc(ctx, nb * sizeof *order);   /* by RPO number */
	uint32_t *rpo = st_ctx_alloc(ctx, nb * sizeof *rpo);        /* block list index -> rpo number or UINT32_MAX */
	uint32_t *idom = st_ctx_alloc(ctx, nb * sizeof *idom);      /* by rpo number */
	st_block **list = st_ctx_alloc(ctx, nb * sizeof *list);
	uint32_t *stack = st_ctx_alloc(ctx, 2 * nb * sizeof *stack + 1);
	bool ok = order && rpo && idom && list && stack;
	if (ok) {
		size_t i = 0;
		for (st_block *b = r->first; b; b = b->next, i++) {
			list[i] = b;
			b->aux = (uint32_t)i;
			rpo[i] = UINT32_MAX;
		}
		/* Iterative DFS for postorder. */
		uint32_t *visited = idom; /* reuse as visited flags */
		memset(visited, 0, nb * sizeof *visited);
		size_t sp = 0, post = 0;
		st_block **po = order;
		stack[sp++] = 0;
		stack[sp++] = 0;
		visited[0] = 1;
		while (sp) {
			uint32_t bi = stack[sp - 2], si = stack[sp - 1];
			st_block *b = list[bi];
			st_op *t = b->last;
			if (t && si < t->nsuccs) {
				stack[sp - 1]++;
				st_block *s = st__succs(t)[si].block;
				if (s && s->parent == r && !visited[s->aux]) {
					visited[s->aux] = 1;
					stack[sp++] = s->aux;
					stack[sp++] = 0;
				}
			} else {
				po[post++] = b;
				sp -= 2;
			}
		}
		/* rpo numbers */
		for (size_t k = 0; k < nb; k++)
			rpo[k] = UINT32_MAX;
		st_block **rorder = list; /* reuse list as rpo order */
		st_block **tmp = st_ctx_alloc(ctx, nb * sizeof *tmp);
		if (!tmp)
			ok = false;
		else {
			for (size_t k = 0; k < post; k++)
				tmp[k] = po[post - 1 - k];
			for (size_t k = 0; k < post; k++) {
				rorder[k] = tmp[k];
				rpo[tmp[k]->aux] = (uint32_t)k;
			}
			st_ctx_free(ctx, tmp, nb * sizeof *tmp);
			for (size_t k = 0; k < nb; k++)
				idom[k] = UINT32_MAX;
			idom[0] = 0;
			bool changed = true;
			while (changed) {
				changed = false;
				for (size_t k = 1; k < post; k++) {
					st_block *b = rorder[k];
					uint32_t nid = UINT32_MAX;
					for (st_use *u = b->first_use; u; u = u->next) {
						st_block *pb = u->owner->block;
						if (!pb || pb->parent != r)
							continue;
						uint32_t pr = rpo[pb->aux];
						if (pr == UINT32_MAX || idom[pr] == UINT32_MAX)
							continue;
						if (nid == UINT32_MAX) {
							nid = pr;
							continue;
						}
						uint32_t a = pr, c = nid;
						while (a != c) {
							while (a > c)
								a = idom[a];
							while (c > a)
								c = idom[c];
						}
						nid = a;
					}
					if (nid != UINT32_MAX && idom[k] != nid) {
						idom[k] = nid;
						changed = true;
					}
				}
			}
			/* Store by rpo; map block list index -> rpo in `rpo`. */
			for (size_t k = 0; k < post; k++)
				order[k] = rorder[k];
		}
	}
	st_ctx_free(ctx, list, nb * sizeof *list);
	st_ctx_free(ctx, stack, 2 * nb * sizeof *stack + 1);
	if (!ok) {
		st_ctx_free(ctx, order, nb * sizeof *order);
		st_ctx_free(ctx, rpo, nb * sizeof *rpo);
		st_ctx_free(ctx, idom, nb * sizeof *idom);
		return false;
	}
	if (v->ndom == v->domcap) {
		/* All four grow together or not at all, so that domcap stays true
		 * for each of them when memory runs out. */
		size_t nc = v->domcap ? v->domcap * 2 : 8;
		st_region **nr = st_ctx_alloc(ctx, nc * sizeof *nr);
		uint32_t **ni = st_ctx_alloc(ctx, nc * sizeof *ni);
		st_block ***no = st_ctx_alloc(ctx, nc * sizeof *no);
		size_t *nn = st_ctx_alloc(ctx, nc * sizeof *nn);
		if (!nr || !ni || !no || !nn) {
			st_ctx_free(ctx, nr, nc * sizeof *nr);
			st_ctx_free(ctx, ni, nc * sizeof *ni);
			st_ctx_free(ctx, no, nc * sizeof *no);
			st_ctx_free(ctx, nn, nc * sizeof *nn);
			st_ctx_free(ctx, order, nb * sizeof *order);
			st_ctx_free(ctx, rpo, nb * sizeof *rpo);
			st_ctx_free(ctx, idom, nb * sizeof *idom);
			return false;
		}
		if (v->ndom) {
			memcpy(nr, v->dom_regions, v->ndom * sizeof *nr);
			memcpy(ni, v->idoms, v->ndom * sizeof *ni);
			memcpy(no, v->orders, v->ndom * sizeof *no);
			memcpy(nn, v->nblocks, v->ndom * sizeof *nn);
		}
		st_ctx_free(ctx, v->dom_regions, v->domcap * sizeof *nr);
		st_ctx_free(ctx, v->idoms, v->domcap * sizeof *ni);
		st_ctx_free(ctx, v->orders, v->domcap * sizeof *no);
		st_ctx_free(ctx, v->nblocks, v->domcap * sizeof *nn);
		v->dom_regions = nr;
		v->idoms = ni;
		v->orders = no;
		v->nblocks = nn;
		v->domcap = nc;
	}
	/* Pack: idom by rpo and rpo by block index share one allocation pair. */
	v->dom_regions[v->ndom] = r;
	v->orders[v->ndom] = order;
	v->nblocks[v->ndom] = nb;
	/* idom array followed by rpo map: keep both pointers in one slot. */
	uint32_t *both = st_ctx_alloc(ctx, 2 * nb * sizeof *both);
	if (!both) {
		st_ctx_free(ctx, order, nb * sizeof *order);
		st_ctx_free(ctx, rpo, nb * sizeof *rpo);
		st_ctx_free(ctx, idom, nb * sizeof *idom);
		return false;
	}
	memcpy(both, idom, nb * sizeof *both);
	memcpy(both + nb, rpo, nb * sizeof *both);
	st_ctx_free(ctx, rpo, nb * sizeof *rpo);
	st_ctx_free(ctx, idom, nb * sizeof *idom);
	v->idoms[v->ndom] = both;
	*idx = v->ndom++;
	return true;
}

/* The dominator tree of region r (computed on first use), as an index into
 * the vctx arrays; SIZE_MAX when out of memory (reported already). */
static size_t dom_tree(vctx *v, st_region *r) {
	for (size_t i = 0; i < v->ndom; i++)
		if (v->dom_regions[i] == r)
			return i;
	size_t d;
	return compute_doms(v, r, &d) ? d : SIZE_MAX;
}

/* The reverse-postorder number of block b of region r in tree d, or
 * UINT32_MAX when b cannot be reached from the entry. */
static uint32_t block_rpo(vctx *v, size_t d, st_region *r, st_block *b) {
	size_t nb = v->nblocks[d];
	uint32_t *rpo = v->idoms[d] + nb;
	/* Block numbers (aux) may have been reused since the tree was built:
	 * renumber when b's does not lead back to b. */
	if (b->aux >= nb || rpo[b->aux] == UINT32_MAX || v->orders[d][rpo[b->aux]] != b) {
		uint32_t k = 0;
		for (st_block *x = r->first; x; x = x->next, k++)
			x->aux = k;
	}
	return rpo[b->aux];
}

static bool block_reachable(vctx *v, st_region *r, st_block *b) {
	if (b == r->first)
		return true;
	size_t d = dom_tree(v, r);
	return d == SIZE_MAX || block_rpo(v, d, r, b) != UINT32_MAX;
}

/* Whether block a dominates block b (both in region r).  As in LLVM and
 * MLIR, a block that cannot be reached is dominated by every block and
 * dominates none. */
static bool block_dominates(vctx *v, st_region *r, st_block *a, st_block *b) {
	if (a == b)
		return true;
	size_t d = dom_tree(v, r);
	if (d == SIZE_MAX)
		return true;
	uint32_t *idom = v->idoms[d];
	uint32_t ra = block_rpo(v, d, r, a), rb = block_rpo(v, d, r, b);
	if (rb == UINT32_MAX)
		return true;
	if (ra == UINT32_MAX)
		return false;
	while (rb > ra)
		rb = idom[rb];
	return rb == ra;
}

/* Regions without SSA dominance: graph regions, and (as in MLIR, whose
 * dominance info asks the op and an unregistered op cannot answer) the
 * regions of unregistered ops. */
static bool is_graph_region(const st_region *r) {
	return r && r->parent &&
	       (!r->parent->name->def || region_kind(r->parent, (uint32_t)(r - st__regions(r->parent))) == ST_REGION_GRAPH);
}

/* The ancestor of `op` (or `op` itself) whose block is in region `r`. */
static st_op *ancestor_in_region(st_region *r, st_op *op) {
	while (op && op->block && op->block->parent != r)
		op = st_op_parent_op(op);
	return op && op->block ? op : NULL;
}

/* Whether `val` properly dominates `user`, as MLIR's DominanceInfo decides:
 * in an SSA-CFG region a value must be defined earlier in the same block or
 * in a dominating block of the region that holds the use (or an enclosing
 * op of it); in a graph region order does not matter.  Uses in blocks that
 * cannot be reached from the entry are not checked. */
static bool properly_dominates(vctx *v, st_value *val, st_op *user) {
	if (val->kind == ST__VAL_ARG) {
		st_block *db = ((st__block_arg *)val)->owner;
		if (!db || !db->parent)
			return false;
		st_op *u = ancestor_in_region(db->parent, user);
		if (!u)
			return false;
		return u->block == db || block_dominates(v, db->parent, db, u->block);
	}
	st_op *dop = st_value_defining_op(val);
	if (!dop || !dop->block)
		return false;
	st_block *db = dop->block;
	bool graph = is_graph_region(db->parent);
	if (dop == user)
		return graph;
	st_op *u = ancestor_in_region(db->parent, user);
	if (!u)
		return false;
	if (u->block == db)
		return graph || (u != dop && st_op_is_before_in_block(dop, u));
	return block_dominates(v, db->parent, db, u->block);
}

/* Whether region `a` strictly encloses region `b`. */
static bool region_encloses(const st_region *a, const st_region *b) {
	for (const st_op *p = b ? b->parent : NULL; p && p->block && p->block->parent; p = p->block->parent->parent)
		if (p->block->parent == a)
			return true;
	return false;
}

/* How the block of a use relates to the block of the value it uses, in the
 * words of MLIR's notes. */
static const char *relation(const st_block *use, const st_block *def) {
	if (!use || !def || !use->parent || !def->parent)
		return NULL; /* a detached op or block */
	if (use == def)
		return "the same block";
	if (use->parent == def->parent)
		return "the same region";
	if (region_encloses(def->parent, use->parent))
		return "a parent region";
	if (region_encloses(use->parent, def->parent))
		return "a child region";
	return NULL;
}

/* MLIR's error and note, which say where the operand comes from. */
static st_status dominance_error(st_op *user, uint32_t i) {
	st_context *ctx = user->name->ctx;
	st_value *val = st__uses(user)[i].value;
	st_diag *d = st_diag_create(ctx, ST_SEV_ERROR, st_op_loc(user), "operand #%u does not dominate this use", i);
	if (val->kind == ST__VAL_RESULT) {
		st_op *dop = st_value_defining_op(val);
		const char *rel = relation(user->block, dop->block);
		if (rel)
			st_diag_note(d, st_op_loc(dop), "operand defined here (op in %s)", rel);
		else
			st_diag_note(d, st_op_loc(dop), "operand defined here (op is neither in a parent nor in a child region)");
	} else {
		st_block *owner = ((st__block_arg *)val)->owner;
		st_op *pop = owner ? st_block_parent_op(owner) : NULL;
		if (!owner || !owner->parent) {
			st_diag_note(d, NULL, " (block without parent)");
		} else {
			size_t index = 0;
			for (st_block *b = owner->parent->first; b && b != owner; b = b->next)
				index++;
			const char *rel = relation(user->block, owner);
			/* Same block cannot happen: a block's arguments dominate it. */
			st_diag_note(d, pop ? st_op_loc(pop) : NULL, "operand defined as a block argument (block #%zu %s%s)", index,
			             rel ? "in " : "", rel ? rel : "neither in a parent nor in a child region");
		}
	}
	return st_diag_emit(d);
}

/* The second pass, as in MLIR: dominance of every operand in the regions
 * of `op`, once the whole tree is structurally sound. */
static st_status verify_dominance(vctx *v, st_op *op) {
	for (uint32_t r = 0; r < op->nregions; r++) {
		st_region *reg = &st__regions(op)[r];
		for (st_block *b = reg->first; b; b = b->next) {
			bool reachable = block_reachable(v, reg, b);
			for (st_op *o = b->first; o; o = o->next) {
				for (uint32_t i = 0; reachable && i < o->noperands; i++)
					if (!properly_dominates(v, st__uses(o)[i].value, o))
						return dominance_error(o, i);
				if (o->nregions && st_failed(verify_dominance(v, o)))
					return ST_FAIL;
			}
		}
	}
	return ST_OK;
}

/* ------------------------------------------------------------- walking */

/* MLIR's mayBeValidWithoutTerminator: the only block of a region whose op
 * has no terminators, or may not (an unregistered op).  Graph regions need
 * none either. */
static bool may_lack_terminator(st_op *parent, uint32_t ridx, st_block *b) {
	if (region_kind(parent, ridx) == ST_REGION_GRAPH)
		return true;
	if (b->parent->first != b || b->next)
		return false;
	return !parent->name->def || (parent->name->traits & ST_TRAIT_NO_TERMINATOR);
}

static st_status verify_block(vctx *v, st_op *parent, uint32_t ridx, st_block *b) {
	bool no_term = may_lack_terminator(parent, ridx, b);
	if (!b->first) {
		if (no_term)
			return ST_OK;
		return st_error(v->ctx, st_op_loc(parent), "empty block: expect at least a terminator");
	}
	for (st_op *o = b->first; o; o = o->next) {
		/* Unregistered ops too: only the last op of a block may branch. */
		if (o->nsuccs && o->next)
			return st_error(v->ctx, st_op_loc(o), "operation with block successors must terminate its parent block");
		if (st_failed(verify_op(v, o)))
			return ST_FAIL;
	}
	st_op *t = b->last;
	for (uint32_t i = 0; i < t->nsuccs; i++) {
		st_block *s = st__succs(t)[i].block;
		if (!s)
			return st_op_error(t, "null successor found");
		if (s->parent != b->parent)
			return st_op_error(t, "branching to block of a different region");
	}
	/* An unregistered op might be a terminator. */
	if (!no_term && t->name->def && !st_op_has_trait(t, ST_TRAIT_TERMINATOR))
		return st_error(v->ctx, st_op_loc(t), "block with no terminator, has '%s'", t->name->name->data);
	return ST_OK;
}

static bool defined_inside(const st_value *val, const st_op *iso) {
	st_block *db = val->kind == ST__VAL_ARG ? ((const st__block_arg *)val)->owner
	               : val->kind == ST__VAL_RESULT ? st_value_defining_op(val)->block
	                                             : NULL;
	if (!db)
		return false;
	st_op *p = st_block_parent_op(db);
	return p && st_op_is_ancestor(iso, p);
}

/* Isolation, checked per use while verifying (no separate walk of the
 * body): an isolated op's operands, and those of the ops nested in isolated
 * ops below it, are its enclosing isolated op's business. */
static st_status check_isolation(vctx *v, st_op *op, st_value *val) {
	/* Most operands come from the user's own block, which is inside. */
	if (!v->iso || (val->kind == ST__VAL_RESULT && st_value_defining_op(val)->block == op->block) ||
	    defined_inside(val, v->iso))
		return ST_OK;
	st_diag *d = st_op_diag(op, ST_SEV_ERROR, "using value defined outside the region");
	st_diag_note(d, st_op_loc(v->iso), "required by region isolation constraints");
	return st_diag_emit(d);
}

/* The first pass: an op, then its regions, recursively. */
static st_status verify_op(vctx *v, st_op *op) {
	for (uint32_t i = 0; i < op->noperands; i++) {
		st_value *val = st__uses(op)[i].value;
		if (!val)
			return st_op_error(op, "null operand found");
		if (val->kind == ST__VAL_PLACEHOLDER)
			return st_op_error(op, "operand #%u is a forward reference that was never defined", i);
		if (st_failed(check_isolation(v, op, val)))
			return ST_FAIL;
	}
	const st_opdef *def = op->name->def;
	if (!def) {
		if (!op->name->dialect && !st_context_allows_unregistered(v->ctx))
			return st_op_error(op, "created with unregistered dialect; use --allow-unregistered-dialect to allow it");
	} else {
		const st__vplan *pl = vplan_get(op);
		if (!pl || st_failed(check_group_counts(op, pl, false)) || st_failed(check_group_counts(op, pl, true)) ||
		    st_failed(check_group_types(op, pl, false)) || st_failed(check_group_types(op, pl, true)) ||
		    st_failed(check_attrs(op)) || st_failed(check_structure(op)) || (pl->same_as && st_failed(check_same_as(op))))
			return ST_FAIL;
		if (def->verify && st_failed(def->verify(op)))
			return ST_FAIL;
	}
	st_op *outer_iso = v->iso;
	if (def && (op->name->traits & ST_TRAIT_ISOLATED_FROM_ABOVE))
		v->iso = op;
	for (uint32_t r = 0; r < op->nregions; r++) {
		st_region *reg = &st__regions(op)[r];
		bool graph = region_kind(op, r) == ST_REGION_GRAPH;
		if (def && graph && reg->first && reg->first->next)
			return st_op_error(op, "expects graph region #%u to have 0 or 1 blocks", r);
		if (reg->first && reg->first->first_use)
			return st_error(v->ctx, st_op_loc(op), "entry block of region may not have predecessors");
		for (st_block *b = reg->first; b; b = b->next)
			if (st_failed(verify_block(v, op, r, b)))
				return ST_FAIL;
	}
	v->iso = outer_iso;
	if (def) {
		if ((op->name->traits & ST_TRAIT_SYMBOL_TABLE) && st_failed(check_symbol_table(op)))
			return ST_FAIL;
		if (def->verify_regions && st_failed(def->verify_regions(op)))
			return ST_FAIL;
	}
	return ST_OK;
}

st_status st_verify(st_op *op) {
	vctx v;
	memset(&v, 0, sizeof v);
	v.ctx = op->name->ctx;
	/* Verification changes nothing: symbol lookups may use cached tables. */
	st__symcache_begin(v.ctx);
	st_status s = verify_op(&v, op);
	if (st_succeeded(s))
		s = verify_dominance(&v, op);
	st__symcache_end(v.ctx);
	for (size_t i = 0; i < v.ndom; i++) {
		st_ctx_free(v.ctx, v.idoms[i], 2 * v.nblocks[i] * sizeof(uint32_t));
		st_ctx_free(v.ctx, v.orders[i], v.nblocks[i] * sizeof(st_block *));
	}
	st_ctx_free(v.ctx, v.dom_regions, v.domcap * sizeof *v.dom_regions);
	st_ctx_free(v.ctx, v.idoms, v.domcap * sizeof *v.idoms);
	st_ctx_free(v.ctx, v.orders, v.domcap * sizeof *v.orders);
	st_ctx_free(v.ctx, v.nblocks, v.domcap * sizeof *v.nblocks);
	if (v.ctx->oom)
		return ST_FAIL;
	return s;
}
