/* Memory units too big for a PMU by the number of their accesses (stages,
 * counters, ports), not by their words, whose only writer is the staging
 * copy-in (it waits on no token): the readers are spread over copies of
 * the memory, each copy written by a copy of the writer (its input stream
 * broadcast to every copy), so that each copy holds what the original
 * would and serves a group of readers that fits.  Tokens between
 * a writer and a reader stay with the copy of the reader's group; tokens
 * between writers are made once per copy.  (SARA partitions a memory's
 * banks instead; copies are the simplest partition for what is written
 * rarely and read often, the staged inputs and tiles of the apps.)  The
 * spatial copies of one read (`par`) also spread over copies, no more of
 * them in one than the PMU reads per cycle.  A memory with one writer of
 * the program (a tile filled from a stream, read by several taps) is
 * copied the same way. */
#include "rda_backend_internal.h"

#include <stdio.h>
#include <string.h>

static bool named(const st_op *op, const char *name) { return op && strcmp(st_op_name_cstr(op), name) == 0; }

static bool writes(st_op *context) {
	for (st_op *o = st_block_first_op(st_rda_body(context)); o; o = st_op_next(o))
		if (named(o, "rda.write"))
			return true;
	return false;
}

static bool fits(const st_rda_machine *m, const st_rda_pu *pu, st_op *unit) {
	st_rda_needs n;
	int64_t used, avail;
	return st_succeeded(st_rda_unit_needs(m, unit, &n)) && !st_rda_misfit(pu, &n, &used, &avail);
}

/* Readers that are spatial copies of one access (`par`: contexts named
 * <access>_q<copy>, docs/rda.md) run at the same time, so they compete for
 * the memory's read ports: more of them than a PMU reads per cycle make
 * them take turns, and the memory is copied as if they did not fit.  The
 * group of a context is its name without the _q<copy>. */
static bool same_group(const char *a, const char *b) {
	for (;; a++, b++) {
		bool qa = a[0] == '_' && a[1] == 'q' && a[2] >= '0' && a[2] <= '9';
		bool qb = b[0] == '_' && b[1] == 'q' && b[2] >= '0' && b[2] <= '9';
		if (qa && qb) {
			for (a += 2; *a >= '0' && *a <= '9'; a++)
				;
			for (b += 2; *b >= '0' && *b <= '9'; b++)
				;
			return !strcmp(a, b);
		}
		if (*a != *b || !*a)
			return false;
	}
}

/* Readers in `unit` of the group of reader `r` (r included when there). */
static int64_t group_count(st_op *unit, st_op *r) {
	const char *name = st_ident_cstr(st_symbol_name(r));
	int64_t n = 0;
	for (st_op *c = st_block_first_op(st_rda_body(unit)); c; c = st_op_next(c))
		n += named(c, "rda.context") && !writes(c) && same_group(st_ident_cstr(st_symbol_name(c)), name);
	return n;
}

static bool ports_taken(const st_rda_pu *pu, st_op *unit) {
	int64_t reads = pu->reads_per_cycle > 0 ? pu->reads_per_cycle : 1;
	for (st_op *c = st_block_first_op(st_rda_body(unit)); c; c = st_op_next(c))
		if (named(c, "rda.context") && !writes(c) && group_count(unit, c) > reads)
			return true;
	return false;
}

/* The context holding an op that reads or writes `stream`, other than
 * `not`. */
static st_op *partner(st_value *stream, st_op *not) {
	for (st_use *u = st_value_first_use(stream); u; u = st_use_next(u)) {
		st_op *c = st_op_parent_op(st_use_owner(u));
		if (c != not)
			return c;
	}
	return NULL;
}

static st_op *unit_of(st_op *op) {
	for (; op; op = st_op_parent_op(op))
		if (named(op, "rda.unit"))
			return op;
	return NULL;
}

static int64_t level_of(st_op *op) {
	st_attr *a = st_op_get_attr(op, "level");
	return a ? st_attr_int_value(a) : -1;
}

/* The context that signals a token. */
static st_op *signaller(st_value *token) {
	for (st_use *u = st_value_first_use(token); u; u = st_use_next(u))
		if (named(st_use_owner(u), "rda.signal"))
			return st_op_parent_op(st_use_owner(u));
	return NULL;
}

/* The writer a writer follows in a memory rewritten step after step (a
 * state memory: each step's readers, then its writer): W waits once per
 * run (level 0) on a reader of this unit that waits once per run on writer
 * P.  NULL when there is none. */
static st_op *prev_writer(st_op *unit, st_op *w) {
	for (st_op *o = st_block_first_op(st_rda_body(w)); o; o = st_op_next(o)) {
		if (!named(o, "rda.wait") || level_of(o) != 0)
			continue;
		st_op *r = signaller(st_op_operand(o, 0));
		if (!r || unit_of(r) != unit || writes(r))
			continue;
		for (st_op *o2 = st_block_first_op(st_rda_body(r)); o2; o2 = st_op_next(o2)) {
			if (!named(o2, "rda.wait") || level_of(o2) != 0)
				continue;
			st_op *p = signaller(st_op_operand(o2, 0));
			if (p && p != w && unit_of(p) == unit && writes(p))
				return p;
		}
	}
	return NULL;
}

/* The position of writer `w` among the writers of `unit`, or -1. */
static int64_t writer_index(st_op *unit, st_op *w) {
	int64_t i = 0;
	for (st_op *x = st_block_first_op(st_rda_body(unit)); x; x = st_op_next(x))
		if (named(x, "rda.context") && writes(x)) {
			if (x == w)
				return i;
			i++;
		}
	return -1;
}

/* The writers form one chain by prev_writer: every writer but the first
 * follows exactly one other, and none is followed twice. */
static bool writers_chained(st_op *unit) {
	int64_t writers = 0, follows = 0;
	for (st_op *c = st_block_first_op(st_rda_body(unit)); c; c = st_op_next(c)) {
		if (!named(c, "rda.context") || !writes(c))
			continue;
		writers++;
		st_op *p = prev_writer(unit, c);
		if (!p)
			continue;
		follows++;
		for (st_op *d = st_block_first_op(st_rda_body(unit)); d != c; d = st_op_next(d))
			if (named(d, "rda.context") && writes(d) && prev_writer(unit, d) == p)
				return false;
	}
	return writers > 1 && follows == writers - 1;
}

/* A token op of an original writer and the context at its other end. */
typedef struct tok {
	size_t writer, pos;
	st_op *partner;
	st_value *stream; /* the original token stream */
} tok;

static st_status split_unit(st_op *unit, const st_rda_machine *m, const st_rda_pu *pu) {
	st_context *ctx = st_op_context(unit);
	/* The token ops of the writers and their partners, before anything
	 * moves. */
	tok *toks = NULL;
	size_t ntoks = 0, captoks = 0, wi = 0;
	for (st_op *w = st_block_first_op(st_rda_body(unit)); w; w = st_op_next(w)) {
		if (!named(w, "rda.context") || !writes(w))
			continue;
		size_t pos = 0;
		for (st_op *o = st_block_first_op(st_rda_body(w)); o; o = st_op_next(o), pos++) {
			if (!named(o, "rda.signal") && !named(o, "rda.wait"))
				continue;
			tok t = {wi, pos, partner(st_op_operand(o, 0), w), st_op_operand(o, 0)};
			if (ntoks == captoks && !st_ctx_grow(ctx, (void **)&toks, &captoks, NULL, sizeof *toks, ntoks + 1))
				return ST_FAIL;
			toks[ntoks++] = t;
		}
		wi++;
	}
	/* A chained memory's writer order (prev_writer), as writer indices:
	 * after[i] is the writer i follows, or -1.  Each copy gets a token of
	 * its own from each writer to the next, since the readers that ordered
	 * them may sit in other copies. */
	size_t nwriters = wi;
	int64_t *after = nwriters ? st_ctx_alloc(ctx, nwriters * sizeof *after) : NULL;
	if (nwriters && !after) {
		if (toks)
			st_ctx_free(ctx, toks, captoks * sizeof *toks);
		return ST_FAIL;
	}
	for (st_op *w = st_block_first_op(st_rda_body(unit)); w; w = st_op_next(w))
		if (named(w, "rda.context") && writes(w)) {
			st_op *p = prev_writer(unit, w);
			after[writer_index(unit, w)] = p ? writer_index(unit, p) : -1;
		}
	/* The readers leave for a holding unit, to be placed copy by copy. */
	st_builder db = st_builder_before(unit);
	st_op *hold = st_rda_build_unit(&db, "memcopy_hold", ST_RDA_MEMORY);
	if (!hold) {
		if (after)
			st_ctx_free(ctx, after, nwriters * sizeof *after);
		if (toks)
			st_ctx_free(ctx, toks, captoks * sizeof *toks);
		return ST_FAIL;
	}
	size_t nreaders = 0;
	for (st_op *o = st_block_first_op(st_rda_body(unit)), *next; o; o = next) {
		next = st_op_next(o);
		if (named(o, "rda.context") && !writes(o)) {
			st_op_remove(o);
			st_block_append_op(st_rda_body(hold), o);
			nreaders++;
		}
	}
	st_rda_needs need;
	int64_t used = 0, avail = 0;
	const char *what = st_succeeded(st_rda_unit_needs(m, unit, &need)) ? st_rda_misfit(pu, &need, &used, &avail) : "";
	st_op **copies = !what ? st_ctx_alloc(ctx, (nreaders + 1) * sizeof *copies) : NULL;
	if (!copies) {
		if (after)
			st_ctx_free(ctx, after, nwriters * sizeof *after);
		if (toks)
			st_ctx_free(ctx, toks, captoks * sizeof *toks);
		if (what && *what)
			return st_op_error(unit, "the writers of this memory alone need %lld %s; a %s has %lld",
			                   (long long)used, what, pu->name, (long long)avail);
		return what ? ST_FAIL : st_op_error(unit, "out of memory");
	}
	size_t ncopies = 1;
	copies[0] = unit;
	st_status s = ST_OK;
	while (st_succeeded(s) && !st_block_is_empty(st_rda_body(hold))) {
		st_op *r = st_block_first_op(st_rda_body(hold));
		st_op *u = copies[ncopies - 1];
		st_op_remove(r);
		st_block_append_op(st_rda_body(u), r);
		if (fits(m, pu, u) && !ports_taken(pu, u))
			continue;
		st_op_remove(r);
		st_block_append_op(st_rda_body(hold), r);
		/* A new copy: the scratchpad and every writer, cloned. */
		char name[96];
		snprintf(name, sizeof name, "%s_copy%zu", st_ident_cstr(st_symbol_name(unit)), ncopies);
		st_op *nu = st_rda_build_unit(&db, name, ST_RDA_MEMORY);
		if (!nu) {
			s = ST_FAIL;
			break;
		}
		for (st_op *o = st_block_first_op(st_rda_body(unit)); o; o = st_op_next(o)) {
			if (!named(o, "rda.scratch") && !(named(o, "rda.context") && writes(o)))
				continue;
			st_op *cl = st_op_clone(o, NULL);
			if (!cl) {
				s = ST_FAIL;
				break;
			}
			st_block_append_op(st_rda_body(nu), cl);
			if (named(cl, "rda.context")) {
				char cname[96];
				snprintf(cname, sizeof cname, "%s_copy%zu", st_ident_cstr(st_symbol_name(o)), ncopies);
				st_op_set_attr(cl, "sym_name", st_string_attr(ctx, st_str_c(cname)));
			}
		}
		copies[ncopies++] = nu;
		st_op_remove(r);
		st_block_append_op(st_rda_body(nu), r);
		st_rda_needs nn;
		int64_t nused = 0, navail = 0;
		const char *nwhat = NULL;
		if (st_failed(st_rda_unit_needs(m, nu, &nn)))
			s = ST_FAIL;
		else if ((nwhat = st_rda_misfit(pu, &nn, &nused, &navail)) != NULL)
			s = st_op_error(r, "this access needs more of a %s than there is beside the memory's writers: %lld %s with "
			                   "them, of %lld",
			                pu->name, (long long)nused, nwhat, (long long)navail);
	}
	/* Token streams: each writer copy keeps those of its readers' group,
	 * and gets its own between writers.  A writer's signal may go to
	 * several readers (one token stream read by each): the readers of a
	 * copy then wait on a stream of their own, signalled by that copy's
	 * writer.  Clones first (their bodies are the originals' op for op),
	 * the originals last, so that the original keeps what no copy took. */
	st_builder sb = st_builder_before(unit);
	for (size_t k = ncopies; st_succeeded(s) && k-- > 0;) {
		st_value_map *streams = st_value_map_create(ctx);
		if (!streams) {
			s = ST_FAIL;
			break;
		}
		for (size_t t = 0; t < ntoks && st_succeeded(s); t++) {
			/* the token op in copy k's clone of its writer */
			size_t wi = 0;
			st_op *w = NULL;
			for (st_op *x = st_block_first_op(st_rda_body(copies[k])); x; x = st_op_next(x))
				if (named(x, "rda.context") && writes(x) && wi++ == toks[t].writer)
					w = x;
			st_op *o = w ? st_block_first_op(st_rda_body(w)) : NULL;
			for (size_t j = 0; o && j < toks[t].pos; j++)
				o = st_op_next(o);
			if (!o || (!named(o, "rda.signal") && !named(o, "rda.wait")))
				continue;
			st_value *orig = st_op_operand(o, 0);
			/* a context of this copy waits on the signal (a writer of it
			 * that already took its own stream counts) */
			bool mine = named(o, "rda.signal") && st_value_map_lookup(streams, orig);
			if (named(o, "rda.signal"))
				for (st_use *u = st_value_first_use(orig); u && !mine; u = st_use_next(u))
					mine = named(st_use_owner(u), "rda.wait") && unit_of(st_use_owner(u)) == copies[k];
			st_op *p = toks[t].partner;
			bool to_writer = named(o, "rda.wait") ? p && writes(p) : mine;
			if (named(o, "rda.wait") ? to_writer || (p && unit_of(p) == copies[k]) : mine) {
				if (!k || !to_writer)
					continue;
				st_value *c = st_value_map_lookup(streams, orig);
				if (!c) {
					st_op *cl = st_op_clone(st_value_defining_op(orig), NULL);
					if (!cl) {
						s = ST_FAIL;
						break;
					}
					st_block_insert_op_before(sb.block, sb.before, cl);
					c = st_op_result(cl, 0);
					st_value_map_add(streams, orig, c);
				}
				st_op_set_operand(o, 0, c);
				/* the readers of this copy follow (writers in it switch
				 * at their own wait) */
				for (st_use *u = st_value_first_use(orig), *nu; u && named(o, "rda.signal"); u = nu) {
					nu = st_use_next(u);
					st_op *r = st_use_owner(u);
					if (named(r, "rda.wait") && unit_of(r) == copies[k] && !writes(st_op_parent_op(r)))
						st_op_set_operand(r, 0, c);
				}
			} else {
				/* Left in place for now (positions of later tokens), made
				 * inert below. */
				st_op_set_attr(o, "memcopy.drop", st_unit_attr(ctx));
			}
		}
		st_value_map_destroy(streams);
	}
	for (size_t k = 0; k < ncopies; k++)
		for (st_op *w = st_block_first_op(st_rda_body(copies[k])); w; w = st_op_next(w))
			if (named(w, "rda.context"))
				for (st_op *o = st_block_first_op(st_rda_body(w)), *n; o; o = n) {
					n = st_op_next(o);
					if (st_op_get_attr(o, "memcopy.drop"))
						st_op_erase(o);
				}
	/* A token all of whose ends moved to copies' own streams (a chained
	 * memory's readers may all leave the original) is left unused. */
	for (size_t t = 0; st_succeeded(s) && t < ntoks; t++) {
		st_value *orig = toks[t].stream;
		st_op *def = orig ? st_value_defining_op(orig) : NULL;
		if (def && !st_value_first_use(orig) && named(def, "rda.stream")) {
			for (size_t u = t + 1; u < ntoks; u++)
				if (toks[u].stream == orig)
					toks[u].stream = NULL;
			st_op_erase(def);
		}
	}
	for (size_t k = 0; st_succeeded(s) && k < ncopies; k++) {
		st_op **ws = st_ctx_alloc(ctx, (nwriters ? nwriters : 1) * sizeof *ws);
		size_t n = 0;
		if (!ws) {
			s = ST_FAIL;
			break;
		}
		for (st_op *w = st_block_first_op(st_rda_body(copies[k])); w && n < nwriters; w = st_op_next(w))
			if (named(w, "rda.context") && writes(w))
				ws[n++] = w;
		for (size_t i = 0; st_succeeded(s) && i < n; i++) {
			if (after[i] < 0 || (size_t)after[i] >= n)
				continue;
			st_value *t = st_rda_build_stream(&sb, st_rda_token_type(ctx), 2, 0, NULL);
			st_block *from = st_rda_body(ws[after[i]]), *to = st_rda_body(ws[i]);
			st_builder eb = st_builder_at_end(ctx, from, NULL);
			/* The wait goes before the context's first access or token. */
			st_op *first = st_block_first_op(to);
			while (first && !named(first, "rda.wait") && !named(first, "rda.deq") && !named(first, "rda.read") &&
			       !named(first, "rda.write"))
				first = st_op_next(first);
			st_builder wb = first ? st_builder_before(first) : st_builder_at_end(ctx, to, NULL);
			if (!t || !st_rda_build_signal(&eb, t, 0) || !st_rda_build_wait(&wb, t, 0))
				s = ST_FAIL;
		}
		st_ctx_free(ctx, ws, (nwriters ? nwriters : 1) * sizeof *ws);
	}
	if (after)
		st_ctx_free(ctx, after, nwriters * sizeof *after);
	if (toks)
		st_ctx_free(ctx, toks, captoks * sizeof *toks);
	st_ctx_free(ctx, copies, (nreaders + 1) * sizeof *copies);
	if (st_block_is_empty(st_rda_body(hold)))
		st_op_erase(hold);
	return s;
}

/* Copies stay consistent when their writers are the staging copy-in, or
 * when one context writes: several writers of the program are ordered
 * through readers by tokens that a copy would not have (the transitive
 * reduction drops W1 -> W2 when W1 -> R -> W2 orders them), but a single
 * writer's tokens each join it to one reader, and a copy keeps those of
 * its readers, so each copy's words go through the writes the original's
 * do, in the same order with respect to its readers.  Several writers that
 * wait only on each other (fft's butterfly: the upper half's writer, then
 * the lower half's, then the readers) are copied too: no reader orders
 * them, so every order between them is a writer-to-writer token, which
 * each copy gets its own of.  Writers that readers order once per run (a
 * state memory rewritten step after step: LogReg's weights) are copied
 * too: each copy gets a token of its own from each writer to the next
 * (prev_writer), the order the readers gave in the original. */
bool st__rda_copyable(st_op *unit) {
	bool program_writes = false, writer_waits_only = true;
	int64_t writers = 0;
	for (st_op *c = st_block_first_op(st_rda_body(unit)); c; c = st_op_next(c)) {
		if (!named(c, "rda.context") || !writes(c))
			continue;
		writers++;
		for (st_op *o = st_block_first_op(st_rda_body(c)); o; o = st_op_next(o)) {
			if (!named(o, "rda.wait"))
				continue;
			program_writes = true;
			st_op *p = partner(st_op_operand(o, 0), c);
			writer_waits_only &= p && unit_of(p) == unit && writes(p);
		}
	}
	return !program_writes || writers == 1 || writer_waits_only || writers_chained(unit);
}

st_status st__rda_copy_memories(st_op *design, const st_rda_machine *m) {
	const st_rda_pu *pu = st__rda_kind_for(m, ST_RDA_MEMORY);
	if (!pu)
		return ST_OK;
	st_op *next;
	for (st_op *u = st_block_first_op(st_rda_body(design)); u; u = next) {
		next = st_op_next(u);
		if (!named(u, "rda.unit") || st_rda_unit_kind_of(u) != ST_RDA_MEMORY || (fits(m, pu, u) && !ports_taken(pu, u)))
			continue;
		/* Only memories written by their staging (or whose writers fit
		 * with each reader) are copied; too many words is not this. */
		st_rda_needs n;
		if (st_failed(st_rda_unit_needs(m, u, &n)))
			return ST_FAIL;
		if (n.words > pu->depth * pu->banks || n.banks > pu->banks)
			continue;
		if (!st__rda_copyable(u))
			continue;
		if (st_failed(split_unit(u, m, pu)))
			return ST_FAIL;
	}
	return ST_OK;
}
