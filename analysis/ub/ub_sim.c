/* ub-simulate: runs a scheduled ub graph cycle by cycle with every buffer
 * holding exactly its `capacity` values (docs/unified-buffers.md).
 *
 * Each statement fires at its read ports' cycle: it reads one value per
 * read port, runs its kernel body with the interpreter, and its write
 * ports store the results at their own cycle.  Within a cycle statements
 * act in graph order (a latency-0 chain passes values through in one
 * cycle); a value whose last read is in this cycle gives up its slot at
 * the start of the cycle but stays readable during it (read before write),
 * and a value read in the cycle it is written never takes a slot (a wire).
 * When a write finds no free slot, the oldest value is overwritten: that
 * is reported as a lost value and the run fails.  The host streams the
 * input files (binary PGM) into the argument buffers and collects what the
 * graph writes into its output arguments as .npy files in strata-run's
 * format, so outputs compare byte for byte with the interpreter's; an
 * input named *.npy is read as strata-run reads it (strata/npy.h).
 * Slots hold values: an accumulation's rewrite of an element is a new
 * value (st_ub_values), and the writes of earlier firings (latency >= 1)
 * come first in their cycle, so an update reads the term before. */
#include "ub_analysis_private.h"
#include "strata/interp.h"
#include "strata/npy.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct sim_options {
	const char *input;
	const char *output;
} sim_options;

/* Slots hold values (st_ub_values): an element's, or in an accumulation
 * one per write, an element being rewritten once its value's last read
 * has happened. */
typedef struct sim_buf {
	int64_t cap;
	st_ub_values vals;
	size_t n;
	int64_t *wt, *rl;
	int32_t *slot_of;
	uint64_t *slot_val;
	int64_t *slot_w;
	size_t *slot_elem;
	int32_t *free_slots;
	size_t nfree;
	uint64_t *cyc_val;
	int64_t *cyc_t;
	size_t *by_death; /* stored elements by last read */
	size_t ndeath, next_death;
	uint64_t *host; /* the argument's data (input or output), or NULL */
	bool have_input;
} sim_buf;

typedef struct sim_event {
	int64_t t;
	/* 0: a write of an earlier firing (latency >= 1), done first in its
	 * cycle, so a read-modify-write finds its previous write; 1: the
	 * rest, in graph order. */
	int32_t phase;
	int32_t stmt;
	int32_t port; /* -1: the statement fires; else a write port */
	int64_t point;
} sim_event;

typedef struct sim_alloc {
	void *p;
	size_t size;
} sim_alloc;

typedef struct sim {
	st_ub_model *m;
	st_interp *it;
	sim_buf *bufs;
	int32_t *stmt_of; /* port -> statement */
	size_t nstmts;
	uint64_t **pending; /* write port -> value per point */
	sim_event *ev;
	size_t nev;
	/* A tiled graph runs once per point of its tile loops: the current. */
	int64_t tile[ST_UB_MAX_TILE_LOOPS];
	/* Every allocation of the run, freed together. */
	sim_alloc *allocs;
	size_t nallocs, cap_allocs;
} sim;

/* ------------------------------------------------------------ utilities */

static void *salloc(sim *s, size_t n) {
	st_context *ctx = s->m->ctx;
	if (!st_ctx_grow(ctx, (void **)&s->allocs, &s->cap_allocs, NULL, sizeof *s->allocs, s->nallocs + 1))
		return NULL;
	void *p = st_ctx_alloc(ctx, n ? n : 1);
	if (!p)
		return NULL;
	memset(p, 0, n ? n : 1);
	s->allocs[s->nallocs++] = (sim_alloc){p, n ? n : 1};
	return p;
}

static void sim_free(sim *s) {
	st_context *ctx = s->m->ctx;
	/* The lifetimes first: s->bufs is one of the run's allocations. */
	for (size_t b = 0; s->bufs && b < s->m->nbuffers; b++)
		st_ub_values_free(s->m, &s->bufs[b].vals);
	for (size_t i = 0; i < s->nallocs; i++)
		st_ctx_free(ctx, s->allocs[i].p, s->allocs[i].size);
	if (s->cap_allocs)
		st_ctx_free(ctx, s->allocs, s->cap_allocs * sizeof *s->allocs);
	if (s->it)
		st_interp_destroy(s->it);
}

static void point_of(const st_ub_model_port *p, int64_t k, int64_t *x) {
	for (unsigned i = p->ndims; i-- > 0;) {
		int64_t e = p->hi[i] - p->lo[i] + 1;
		x[i] = p->lo[i] + k % e;
		k /= e;
	}
}

static size_t elem_of(const st_ub_model_buffer *b, const st_ub_model_port *p, const int64_t *x) {
	size_t e = 0;
	for (unsigned d = 0; d < b->rank; d++)
		e = e * (size_t)b->shape[d] + (size_t)st_ub_aff_eval(&p->acc[d], p->ndims, x);
	return e;
}

/* The value port k accesses at its point-th point, element e. */
static size_t value_at(const sim *s, size_t k, int64_t point, size_t e) {
	const st_ub_values *v = &s->bufs[s->m->ports[k].buffer].vals;
	return v->of_port ? (size_t)v->of_port[k][point] : e;
}

/* Where element e of host buffer b lies in the host's data: itself, or,
 * for a tiled graph, in the host array at the current run's footprint. */
static size_t host_index(const sim *s, const st_ub_model_buffer *b, size_t e) {
	if (!b->tiled)
		return e;
	size_t h = 0, rest = e, stride = 1, n = 1 + s->m->ntiles;
	for (unsigned d = b->rank; d-- > 0;) {
		int64_t c = (int64_t)(rest % (size_t)b->shape[d]) + b->tile_offset[d * n];
		rest /= (size_t)b->shape[d];
		for (unsigned j = 0; j < s->m->ntiles; j++)
			c += b->tile_offset[d * n + 1 + j] * s->tile[j];
		h += (size_t)c * stride;
		stride *= (size_t)b->host_shape[d];
	}
	return h;
}

/* The host's view of buffer b: its host array's shape when tiled. */
static st_ub_model_buffer host_view(const st_ub_model_buffer *b) {
	st_ub_model_buffer h = *b;
	if (b->tiled)
		memcpy(h.shape, b->host_shape, sizeof h.shape);
	return h;
}

static size_t elem_of_value(const sim_buf *sb, size_t v) { return sb->vals.elem ? (size_t)sb->vals.elem[v] : v; }

static void elem_str(const st_ub_model_buffer *b, size_t e, char *buf, size_t n) {
	int64_t idx[ST_UB_MAX_DIMS];
	for (unsigned d = b->rank; d-- > 0;) {
		idx[d] = (int64_t)(e % (size_t)b->shape[d]);
		e /= (size_t)b->shape[d];
	}
	size_t u = (size_t)snprintf(buf, n, "[");
	for (unsigned d = 0; d < b->rank && u < n; d++)
		u += (size_t)snprintf(buf + u, n - u, "%s%lld", d ? ", " : "", (long long)idx[d]);
	if (u < n)
		snprintf(buf + u, n - u, "]");
}

static int cmp_event(const void *a, const void *b) {
	const sim_event *x = a, *y = b;
	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	if (x->phase != y->phase)
		return x->phase < y->phase ? -1 : 1;
	if (x->stmt != y->stmt)
		return x->stmt < y->stmt ? -1 : 1;
	if (x->port != y->port)
		return x->port < y->port ? -1 : 1;
	return (x->point > y->point) - (x->point < y->point);
}

static bool same_stmt(const st_ub_model_port *a, const st_ub_model_port *b) {
	return !strcmp(isl_set_get_tuple_name(a->domain), isl_set_get_tuple_name(b->domain));
}

/* ---------------------------------------------------------------- files */

/* Binary PGM (P5), 8- or 16-bit samples, into data[h * w]. */
static st_status read_pgm(st_op *at, const char *path, const st_ub_model_buffer *b, uint64_t *data) {
	FILE *f = fopen(path, "rb");
	if (!f)
		return st_op_error(at, "ub-simulate: cannot open '%s': %s", path, strerror(errno));
	int w = 0, h = 0, maxv = 0;
	char magic[3] = {0};
	bool ok = fscanf(f, "%2s %d %d %d", magic, &w, &h, &maxv) == 4 && !strcmp(magic, "P5") && maxv > 0 &&
	          maxv < 65536 && fgetc(f) != EOF;
	if (!ok || b->rank != 2 || h != b->shape[0] || w != b->shape[1]) {
		fclose(f);
		return st_op_error(at, "ub-simulate: '%s' is not a binary PGM of the %lldx%lld shape of buffer '%s'", path,
		                   (long long)(b->rank == 2 ? b->shape[1] : 0), (long long)(b->rank == 2 ? b->shape[0] : 0),
		                   b->name);
	}
	for (size_t k = 0; k < (size_t)w * (size_t)h && ok; k++) {
		int c0 = fgetc(f), c1 = maxv > 255 ? fgetc(f) : 0;
		ok = c0 != EOF && c1 != EOF;
		data[k] = maxv > 255 ? (uint64_t)((c0 << 8) | c1) : (uint64_t)c0;
	}
	fclose(f);
	return ok ? ST_OK : st_op_error(at, "ub-simulate: '%s' ends early", path);
}

/* The whole file in the context's memory (*cap bytes, at least one), or
 * NULL after an error. */
static unsigned char *read_whole(st_op *at, const char *path, size_t *len, size_t *cap) {
	FILE *f = fopen(path, "rb");
	if (!f) {
		st_op_error(at, "ub-simulate: cannot open '%s': %s", path, strerror(errno));
		return NULL;
	}
	unsigned char *d = NULL;
	*len = *cap = 0;
	bool grown = true, bad = false;
	while (!feof(f) && !bad && (grown = st_ctx_grow(st_op_context(at), (void **)&d, cap, NULL, 1, *len + 4096))) {
		*len += fread(d + *len, 1, *cap - *len, f);
		bad = ferror(f);
	}
	int read_errno = errno;
	fclose(f);
	if (grown && !bad)
		return d;
	if (bad)
		st_op_error(at, "ub-simulate: cannot read '%s': %s", path, strerror(read_errno));
	st_ctx_free(st_op_context(at), d, *cap);
	return NULL;
}

/* A .npy file as strata-run reads it (strata/npy.h: any version and byte
 * order, the file's type fitting the buffer's element type), of the
 * buffer's shape: its elements into data[] as the element type's bit
 * patterns. */
static st_status read_npy(st_op *at, const char *path, const st_ub_model_buffer *b, st_type *elt, uint64_t *data) {
	size_t len, cap;
	unsigned char *d = read_whole(at, path, &len, &cap);
	if (!d)
		return ST_FAIL;
	char msg[256];
	st_npy_header h;
	st_status st = ST_OK;
	if (!st_npy_read_header(d, len, &h, msg, sizeof msg) ||
	    !st_npy_check_element(st_op_context(at), &h.dtype, elt, msg, sizeof msg))
		st = st_op_error(at, "ub-simulate: '%s': %s", path, msg);
	else if (h.rank != b->rank || memcmp(h.shape, b->shape, b->rank * sizeof *b->shape) != 0)
		st = st_op_error(at, "ub-simulate: '%s' is not a .npy array of the shape of buffer '%s'", path, b->name);
	for (uint64_t k = 0; st == ST_OK && k < h.count; k++)
		if (!st_npy_get(&h, d, k, elt, &data[k]))
			st = st_op_error(at, "ub-simulate: element %llu of '%s' does not fit the elements of buffer '%s'",
			                 (unsigned long long)k, path, b->name);
	st_ctx_free(st_op_context(at), d, cap);
	return st;
}

/* strata-run's .npy layout (strata/npy.h), so outputs compare byte for
 * byte with strata-run --out. */
static st_status write_npy(st_op *at, const char *path, const st_ub_model_buffer *b, st_type *elt, const uint64_t *data) {
	/* The types docs/unified-buffers.md promises; strata/npy.h could write
	 * f16, bf16 and index too, but no test compares those with strata-run. */
	st_type_kind k = st_type_get_kind(elt);
	bool promised = (st_type_is_integer(elt) && st_type_int_width(elt) <= 64) || k == ST_TYPE_F32 || k == ST_TYPE_F64;
	st_npy_dtype dt;
	unsigned char hdr[ST_NPY_MAX_HEADER];
	size_t hlen = promised && st_npy_dtype_of(elt, &dt) ? st_npy_write_header(&dt, b->rank, b->shape, hdr) : 0;
	if (!hlen)
		return st_op_error(at, "ub-simulate: outputs of integer, f32 or f64 elements only");
	FILE *f = fopen(path, "wb");
	if (!f)
		return st_op_error(at, "ub-simulate: cannot write '%s': %s", path, strerror(errno));
	fwrite(hdr, 1, hlen, f);
	size_t n = 1;
	for (unsigned i = 0; i < b->rank; i++)
		n *= (size_t)b->shape[i];
	for (size_t k = 0; k < n; k++) {
		unsigned char e[8];
		st_npy_put(&dt, elt, data[k], e);
		fwrite(e, 1, dt.size, f);
	}
	return fclose(f) == 0 ? ST_OK : st_op_error(at, "ub-simulate: cannot write '%s'", path);
}

/* The i-th ':'-separated path of `list` into buf; false when absent. */
static bool nth_path(const char *list, size_t i, char *buf, size_t n) {
	const char *p = list;
	for (size_t k = 0; p && k < i; k++) {
		p = strchr(p, ':');
		p = p ? p + 1 : NULL;
	}
	if (!p || !*p)
		return false;
	size_t len = strcspn(p, ":");
	if (len >= n)
		return false;
	memcpy(buf, p, len);
	buf[len] = 0;
	return true;
}

/* ---------------------------------------------------------------- setup */

static int64_t rl_key_buf_rl(const sim_buf *b, size_t e) { return b->rl[e]; }

/* Sorting the stored elements by last read without a global for qsort:
 * a counting pass over the (bounded) cycle range would need the range;
 * an insertion into buckets is simpler: elements come out of the lifetimes
 * in element order, then one merge sort. */
static void sort_by_death(const sim_buf *b, size_t *a, size_t *tmp, size_t n) {
	for (size_t w = 1; w < n; w *= 2) {
		for (size_t i = 0; i < n; i += 2 * w) {
			size_t mid = i + w < n ? i + w : n, end = i + 2 * w < n ? i + 2 * w : n, l = i, r = mid, k = i;
			while (l < mid && r < end)
				tmp[k++] = rl_key_buf_rl(b, a[l]) <= rl_key_buf_rl(b, a[r]) ? a[l++] : a[r++];
			while (l < mid)
				tmp[k++] = a[l++];
			while (r < end)
				tmp[k++] = a[r++];
		}
		memcpy(a, tmp, n * sizeof *a);
	}
}

/* Empty, as at the start of a run. */
static void reset_buffer(sim_buf *sb) {
	for (size_t e = 0; e < sb->n; e++) {
		sb->slot_of[e] = -1;
		sb->cyc_t[e] = INT64_MIN;
	}
	sb->nfree = sb->next_death = 0;
	for (size_t k = 0; k < (size_t)sb->cap; k++)
		sb->free_slots[sb->nfree++] = (int32_t)((size_t)sb->cap - 1 - k);
}

static st_status setup_buffer(sim *s, size_t bi) {
	st_ub_model *m = s->m;
	sim_buf *sb = &s->bufs[bi];
	st_attr *cap = st_op_get_attr(m->buffers[bi].op, "capacity");
	if (!cap)
		return st_op_error(m->buffers[bi].op, "ub-simulate: the buffer has no capacity (run ub-capacity first)");
	sb->cap = st_attr_int_value(cap);
	if (st_failed(st_ub_values_of(m, bi, &sb->vals)))
		return ST_FAIL;
	sb->wt = sb->vals.wt;
	sb->rl = sb->vals.rl;
	sb->n = sb->vals.n;
	size_t n = sb->n, c = (size_t)sb->cap;
	sb->slot_of = salloc(s, n * sizeof *sb->slot_of);
	sb->slot_val = salloc(s, c * sizeof *sb->slot_val);
	sb->slot_w = salloc(s, c * sizeof *sb->slot_w);
	sb->slot_elem = salloc(s, c * sizeof *sb->slot_elem);
	sb->free_slots = salloc(s, c * sizeof *sb->free_slots);
	sb->cyc_val = salloc(s, n * sizeof *sb->cyc_val);
	sb->cyc_t = salloc(s, n * sizeof *sb->cyc_t);
	sb->by_death = salloc(s, n * sizeof *sb->by_death);
	size_t *tmp = salloc(s, n * sizeof *tmp);
	if (!sb->slot_of || !sb->slot_val || !sb->slot_w || !sb->slot_elem || !sb->free_slots || !sb->cyc_val ||
	    !sb->cyc_t || !sb->by_death || !tmp)
		return st_op_error(m->buffers[bi].op, "out of memory");
	for (size_t e = 0; e < n; e++)
		if (sb->wt[e] != INT64_MIN && sb->rl[e] > sb->wt[e])
			sb->by_death[sb->ndeath++] = e;
	sort_by_death(sb, sb->by_death, tmp, sb->ndeath);
	reset_buffer(sb);
	return ST_OK;
}

static st_status add_event(sim *s, int64_t t, int32_t stmt, int32_t port, int64_t point) {
	const st_ub_model_port *p = port >= 0 ? &s->m->ports[port] : NULL;
	bool early = p && p->kernel >= 0 && s->m->kernels[p->kernel].latency > 0;
	s->ev[s->nev++] = (sim_event){t, early ? 0 : 1, stmt, port, point};
	return ST_OK;
}

/* The first read port of port k's statement, or NULL. */
static const st_ub_model_port *first_read_of(const sim *s, size_t k) {
	for (size_t j = 0; j < s->m->nports; j++)
		if (!s->m->ports[j].write && s->stmt_of[j] == s->stmt_of[k])
			return &s->m->ports[j];
	return NULL;
}

/* A kernel's write port in a statement without read ports: the kernel
 * fires with it (a ramp computed from its coordinates). */
static bool fires_alone(const sim *s, size_t k) {
	const st_ub_model_port *p = &s->m->ports[k];
	if (!p->write || st_op_num_operands(p->op) < 2 || first_read_of(s, k))
		return false;
	for (size_t j = 0; j < k; j++) /* once per statement */
		if (s->stmt_of[j] == s->stmt_of[k] && st_op_num_operands(s->m->ports[j].op) >= 2)
			return false;
	return true;
}

/* Statements in graph order, one fire event per point of a statement with
 * read ports (else of its kernel's write port), one write event per point
 * of each write port. */
static st_status setup_events(sim *s) {
	st_ub_model *m = s->m;
	size_t total = 0;
	s->stmt_of = salloc(s, m->nports * sizeof *s->stmt_of);
	s->pending = salloc(s, m->nports * sizeof *s->pending);
	if (!s->stmt_of || !s->pending)
		return st_op_error(m->graph, "out of memory");
	for (size_t k = 0; k < m->nports; k++) {
		s->stmt_of[k] = -1;
		for (size_t j = 0; j < k && s->stmt_of[k] < 0; j++)
			if (same_stmt(&m->ports[j], &m->ports[k]))
				s->stmt_of[k] = s->stmt_of[j];
		if (s->stmt_of[k] < 0)
			s->stmt_of[k] = (int32_t)s->nstmts++;
		total += (size_t)st_ub_model_port_points(&m->ports[k]);
	}
	for (size_t k = 0; k < m->nports; k++)
		if (fires_alone(s, k))
			total += (size_t)st_ub_model_port_points(&m->ports[k]);
	s->ev = salloc(s, total * sizeof *s->ev);
	if (!s->ev)
		return st_op_error(m->graph, "out of memory");
	for (size_t k = 0; k < m->nports; k++) {
		st_ub_model_port *p = &m->ports[k];
		int64_t np = st_ub_model_port_points(p);
		int64_t x[ST_UB_MAX_DIMS];
		const st_ub_model_port *first_read = first_read_of(s, k);
		bool alone = fires_alone(s, k);
		if (p->write) {
			s->pending[k] = salloc(s, (size_t)np * sizeof(uint64_t));
			if (!s->pending[k])
				return st_op_error(m->graph, "out of memory");
		}
		for (int64_t i = 0; i < np; i++) {
			point_of(p, i, x);
			int64_t t = st_ub_aff_eval(&p->sched, p->ndims, x);
			if (alone)
				add_event(s, t, s->stmt_of[k], -1, i);
			if (p->write)
				add_event(s, t, s->stmt_of[k], (int32_t)k, i);
			else if (p == first_read)
				add_event(s, t, s->stmt_of[k], -1, i);
			else if (t != st_ub_aff_eval(&first_read->sched, p->ndims, x))
				return st_op_error(p->op, "ub-simulate: the read ports of a statement must fire together");
		}
	}
	qsort(s->ev, s->nev, sizeof *s->ev, cmp_event);
	return ST_OK;
}

/* ------------------------------------------------------------ the run */

/* Values whose last read is in cycle t leave their slots (still readable
 * during t). */
static void release(sim *s, int64_t t) {
	for (size_t b = 0; b < s->m->nbuffers; b++) {
		sim_buf *sb = &s->bufs[b];
		while (sb->next_death < sb->ndeath && sb->rl[sb->by_death[sb->next_death]] <= t) {
			size_t e = sb->by_death[sb->next_death++];
			int32_t sl = sb->slot_of[e];
			if (sl < 0)
				continue;
			sb->cyc_val[e] = sb->slot_val[sl];
			sb->cyc_t[e] = t;
			sb->slot_of[e] = -1;
			sb->free_slots[sb->nfree++] = sl;
		}
	}
}

static st_status store(sim *s, const st_ub_model_port *p, size_t e, uint64_t v, int64_t t) {
	sim_buf *sb = &s->bufs[p->buffer];
	const st_ub_model_buffer *b = &s->m->buffers[p->buffer];
	if (sb->rl[e] == INT64_MIN)
		return ST_OK;
	if (sb->rl[e] == t) {
		sb->cyc_val[e] = v;
		sb->cyc_t[e] = t;
		return ST_OK;
	}
	if (sb->nfree == 0) {
		int64_t oldest = INT64_MAX;
		size_t victim = 0;
		for (size_t k = 0; k < (size_t)sb->cap; k++)
			if (sb->slot_w[k] < oldest) {
				oldest = sb->slot_w[k];
				victim = k;
			}
		char es[96];
		size_t ve = sb->cap ? sb->slot_elem[victim] : e;
		elem_str(b, elem_of_value(sb, ve), es, sizeof es);
		return st_op_error(p->op, "ub-simulate: buffer '%s' with capacity %lld loses a value: element %s written at "
		                          "cycle %lld is overwritten at cycle %lld, before its last read at cycle %lld", b->name,
		                   (long long)sb->cap, es, (long long)(sb->cap ? oldest : t), (long long)t,
		                   (long long)sb->rl[ve]);
	}
	int32_t sl = sb->free_slots[--sb->nfree];
	sb->slot_of[e] = sl;
	sb->slot_val[sl] = v;
	sb->slot_w[sl] = t;
	sb->slot_elem[sl] = e;
	return ST_OK;
}

static st_status load(sim *s, const st_ub_model_port *p, size_t e, int64_t t, uint64_t *v) {
	sim_buf *sb = &s->bufs[p->buffer];
	if (sb->slot_of[e] >= 0) {
		*v = sb->slot_val[sb->slot_of[e]];
		return ST_OK;
	}
	if (sb->cyc_t[e] == t) {
		*v = sb->cyc_val[e];
		return ST_OK;
	}
	char es[96];
	elem_str(&s->m->buffers[p->buffer], elem_of_value(sb, e), es, sizeof es);
	return st_op_error(p->op, "ub-simulate: element %s of buffer '%s' is not in the buffer at cycle %lld", es,
	                   s->m->buffers[p->buffer].name, (long long)t);
}

/* A statement fires at point `point`: its reads, its kernel, the values
 * its write ports will store. */
static st_status fire(sim *s, const sim_event *ev) {
	st_ub_model *m = s->m;
	uint64_t vals[64] = {0};
	st_op *kop = NULL;
	const st_ub_model_port *host_out = NULL;
	int64_t at[ST_UB_MAX_DIMS] = {0}; /* the domain point, for `coords` */
	unsigned nat = 0;
	for (size_t k = 0; k < m->nports; k++) {
		st_ub_model_port *p = &m->ports[k];
		if (p->write || s->stmt_of[k] != ev->stmt)
			continue;
		int64_t x[ST_UB_MAX_DIMS];
		point_of(p, ev->point, x);
		size_t e = elem_of(&m->buffers[p->buffer], p, x);
		uint64_t v = 0;
		if (st_failed(load(s, p, value_at(s, k, ev->point, e), ev->t, &v)))
			return ST_FAIL;
		if (p->kernel < 0) {
			host_out = p;
			if (s->bufs[p->buffer].host)
				s->bufs[p->buffer].host[host_index(s, &m->buffers[p->buffer], e)] = v;
			continue;
		}
		kop = m->kernels[p->kernel].op;
		memcpy(at, x, sizeof at);
		nat = p->ndims;
		for (size_t i = 0; i < st_op_num_operands(kop) && i < 64; i++)
			if (st_op_operand(kop, i) == st_op_result(p->op, 0))
				vals[i] = v;
	}
	/* A kernel without read ports (a constant, or its coordinates only)
	 * fires through its write ports. */
	for (size_t k = 0; !kop && k < m->nports; k++) {
		st_ub_model_port *p = &m->ports[k];
		if (!p->write || s->stmt_of[k] != ev->stmt || st_op_num_operands(p->op) < 2)
			continue;
		kop = st_value_defining_op(st_op_operand(p->op, 1));
		point_of(p, ev->point, at);
		nat = p->ndims;
	}
	if (!kop)
		return ST_OK;
	(void)host_out;
	size_t nin = st_op_num_operands(kop);
	st_attr *coords = st_op_get_attr(kop, "coords");
	size_t nc = coords ? st_attr_array_size(coords) : 0;
	st_ival args[64 + ST_UB_MAX_DIMS], res[8];
	for (size_t i = 0; i < nin; i++)
		args[i] = st_ival_bits(st_value_type(st_op_operand(kop, i)), vals[i]);
	if (nc > ST_UB_MAX_DIMS)
		return st_op_error(kop, "ub-simulate: a kernel takes at most %d coordinates", ST_UB_MAX_DIMS);
	for (size_t i = 0; i < nc; i++) {
		/* Past the domain: the tile loops' indices of the run. */
		int64_t d = st_attr_int_value(st_attr_array_elt(coords, i));
		if (d < 0 || d >= nat + m->ntiles)
			return st_op_error(kop, "ub-simulate: coordinate #%zu names dimension %lld of a %u-dimensional domain", i,
			                   (long long)d, nat);
		args[nin + i] = st_ival_bits(st_index_type(m->ctx), (uint64_t)(d < nat ? at[d] : s->tile[d - nat]));
	}
	if (st_failed(st_interp_call(s->it, kop, nin + nc, args, st_op_num_results(kop), res)))
		return ST_FAIL;
	for (size_t k = 0; k < m->nports; k++) {
		st_ub_model_port *p = &m->ports[k];
		if (!p->write || s->stmt_of[k] != ev->stmt || st_op_num_operands(p->op) < 2)
			continue;
		st_op *def = st_value_defining_op(st_op_operand(p->op, 1));
		if (def == kop)
			s->pending[k][ev->point] = res[st_value_index(st_op_operand(p->op, 1))].u.bits;
	}
	for (size_t r = 0; r < st_op_num_results(kop); r++)
		st_ival_release(s->it, &res[r]);
	return ST_OK;
}

static st_status write_event(sim *s, const sim_event *ev) {
	st_ub_model_port *p = &s->m->ports[ev->port];
	int64_t x[ST_UB_MAX_DIMS];
	point_of(p, ev->point, x);
	size_t e = elem_of(&s->m->buffers[p->buffer], p, x);
	uint64_t v = s->pending[ev->port][ev->point];
	if (st_op_num_operands(p->op) < 2) {
		uint64_t *in = s->bufs[p->buffer].host;
		if (!s->bufs[p->buffer].have_input)
			return st_op_error(p->op, "ub-simulate: no input file for the host stream into buffer '%s'",
			                   s->m->buffers[p->buffer].name);
		v = in[host_index(s, &s->m->buffers[p->buffer], e)];
	}
	return store(s, p, value_at(s, (size_t)ev->port, ev->point, e), v, ev->t);
}

static st_status run_once(sim *s) {
	int64_t cycle = INT64_MIN;
	for (size_t i = 0; i < s->nev; i++) {
		const sim_event *ev = &s->ev[i];
		if (ev->t != cycle) {
			cycle = ev->t;
			release(s, cycle);
		}
		if (st_failed(ev->port < 0 ? fire(s, ev) : write_event(s, ev)))
			return ST_FAIL;
	}
	return ST_OK;
}

/* One run per point of the tile loops (one for an untiled graph), each
 * starting with empty buffers. */
static st_status run(sim *s, int64_t *runs) {
	const st_ub_model *m = s->m;
	int64_t lo[ST_UB_MAX_TILE_LOOPS] = {0}, hi[ST_UB_MAX_TILE_LOOPS];
	for (unsigned j = 0; j < m->ntiles; j++)
		hi[j] = m->tiles[j] - 1;
	memset(s->tile, 0, sizeof s->tile);
	*runs = 0;
	do {
		for (size_t b = 0; b < m->nbuffers; b++)
			reset_buffer(&s->bufs[b]);
		if (st_failed(run_once(s)))
			return ST_FAIL;
		++*runs;
	} while (st_ub_next_point(m->ntiles, lo, hi, s->tile));
	return ST_OK;
}

/* Host data: the input files into the argument buffers the host writes,
 * in argument order; a zeroed array for each argument buffer it reads. */
static st_status setup_host(sim *s, const st_ub_sim_options *o, size_t *ninputs) {
	st_ub_model *m = s->m;
	*ninputs = 0;
	for (int arg = 0; arg < 64; arg++) {
		for (size_t b = 0; b < m->nbuffers; b++) {
			if (m->buffers[b].arg != arg)
				continue;
			bool host_writes = false;
			for (size_t k = 0; k < m->nports; k++)
				host_writes = host_writes || (m->ports[k].buffer == (int)b && m->ports[k].write &&
				                              st_op_num_operands(m->ports[k].op) < 2);
			/* By element: an accumulation has more values than elements. */
			st_ub_model_buffer view = host_view(&m->buffers[b]);
			size_t nelem = 1;
			for (unsigned d = 0; d < view.rank; d++)
				nelem *= (size_t)view.shape[d];
			s->bufs[b].host = salloc(s, nelem * sizeof(uint64_t));
			if (!s->bufs[b].host)
				return st_op_error(m->buffers[b].op, "out of memory");
			char path[512];
			if (host_writes && nth_path(o->input, (*ninputs)++, path, sizeof path)) {
				size_t len = strlen(path);
				st_op *bop = m->buffers[b].op;
				st_type *elt = st_type_element(st_value_type(st_op_result(bop, 0)));
				bool npy = len > 4 && !strcmp(path + len - 4, ".npy");
				if (st_failed(npy ? read_npy(bop, path, &view, elt, s->bufs[b].host)
				                  : read_pgm(bop, path, &view, s->bufs[b].host)))
					return ST_FAIL;
				s->bufs[b].have_input = true;
			}
		}
	}
	return ST_OK;
}

static st_status write_outputs(sim *s, const st_ub_sim_options *o) {
	st_ub_model *m = s->m;
	size_t nout = 0;
	for (int arg = 0; arg < 64; arg++)
		for (size_t b = 0; b < m->nbuffers; b++) {
			if (m->buffers[b].arg != arg)
				continue;
			bool host_reads = false;
			for (size_t k = 0; k < m->nports; k++)
				host_reads = host_reads || (m->ports[k].buffer == (int)b && !m->ports[k].write && m->ports[k].kernel < 0);
			char path[512];
			st_type *elt = st_type_element(st_value_type(st_op_result(m->buffers[b].op, 0)));
			st_ub_model_buffer view = host_view(&m->buffers[b]);
			if (host_reads && nth_path(o->output, nout++, path, sizeof path) &&
			    st_failed(write_npy(m->buffers[b].op, path, &view, elt, s->bufs[b].host)))
				return ST_FAIL;
		}
	return ST_OK;
}

/* A kernel's scalar argument (ub.param) has no value here: the simulator
 * plays streams only (stratac's stream flow gives the design's parameter
 * ports their words). */
static st_status check_params(const st_ub_model *m) {
	for (st_op *op = st_block_first_op(st_ub_graph_body(m->graph)); op; op = st_op_next(op))
		if (st_ub_is_param(op)) {
			st_str n = st_ub_param_name(op);
			return st_op_error(op, "ub-simulate: parameter '%.*s' (the kernel's argument #%lld) has no value; the "
			                       "simulator plays host streams only",
			                   (int)n.len, n.data, (long long)st_ub_param_arg(op));
		}
	return ST_OK;
}

st_status st_ub_simulate(st_ub_model *m, const st_ub_sim_options *o, st_ub_sim_result *r) {
	if (st_failed(check_params(m)))
		return ST_FAIL;
	sim s;
	memset(&s, 0, sizeof s);
	s.m = m;
	size_t ninputs = 0;
	s.bufs = salloc(&s, m->nbuffers * sizeof *s.bufs);
	s.it = st_interp_create(m->ctx, NULL);
	st_status st = s.bufs && s.it ? ST_OK : st_op_error(m->graph, "out of memory");
	for (size_t b = 0; st == ST_OK && b < m->nbuffers; b++)
		st = setup_buffer(&s, b);
	if (st == ST_OK)
		st = setup_host(&s, o, &ninputs);
	if (st == ST_OK)
		st = setup_events(&s);
	int64_t runs = 0;
	if (st == ST_OK)
		st = run(&s, &runs);
	if (st == ST_OK)
		st = write_outputs(&s, o);
	r->events = s.nev * (size_t)runs;
	r->cycles = st_ub_latency(m) * runs;
	r->runs = runs;
	sim_free(&s);
	return st;
}

static st_status simulate_graph(st_ub_model *m, void *ud) {
	st_pass *pass = ud;
	const sim_options *po = st_pass_options(pass);
	st_ub_sim_options o = {.input = po->input, .output = po->output};
	st_ub_sim_result r;
	st_status st = st_ub_simulate(m, &o, &r);
	if (st == ST_OK) {
		char msg[256];
		int n = r.runs > 1 ? snprintf(msg, sizeof msg, "ub-simulate: @%s: %lld runs, %zu events over %lld cycles, no "
		                                               "value lost\n", st_ident_cstr(st_symbol_name(m->graph)),
		                              (long long)r.runs, r.events, (long long)r.cycles)
		                   : snprintf(msg, sizeof msg, "ub-simulate: @%s: %zu events over %lld cycles, no value lost\n",
		                              st_ident_cstr(st_symbol_name(m->graph)), r.events, (long long)r.cycles);
		st_pass_write(pass, msg, (size_t)n);
	}
	return st;
}

static st_status run_simulate(st_pass *pass, st_op *op) {
	return st_ub_for_each_graph(op, simulate_graph, pass);
}

static const st_pass_option_def sim_opts[] = {
	{.name = "input",
	 .summary = "binary PGM (or .npy) files streamed into the input arguments, ':'-separated in argument order",
	 .kind = ST_PASS_OPT_STRING,
	 .offset = offsetof(sim_options, input)},
	{.name = "output",
	 .summary = ".npy files receiving the output arguments, ':'-separated in argument order",
	 .kind = ST_PASS_OPT_STRING,
	 .offset = offsetof(sim_options, output)},
};

const st_pass_def st__ub_simulate_pass = {
	.name = "ub-simulate",
	.summary = "Run each scheduled ub graph cycle by cycle with buffers of exactly their capacities",
	.options = sim_opts,
	.noptions = 2,
	.options_size = sizeof(sim_options),
	.run = run_simulate,
};
