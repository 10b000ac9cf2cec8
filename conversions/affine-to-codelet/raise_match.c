/* The layers of affine-raise-to-codelet: what each written argument holds
 * at the end of the trace (raise_trace.c), an array of terms, read top
 * down as a chain of codelet layer ops.
 *
 * - a sum of products of two tensors is a contraction: which dimensions of
 *   the output, the first and the second tensor are always equal, and
 *   which follow a window (input index = stride x output index + kernel
 *   index - pad), found over every product, say whether it is a GEMM, a
 *   convolution or a depthwise convolution and with which roles, strides
 *   and padding; every output element must then hold exactly the
 *   products the layer sums (counted, and distinct);
 * - a maximum over elements of one tensor (starting from its type's lowest
 *   value) is a max pool, the window found the same way;
 * - max(x, 0) is a ReLU; an operation of two tensors of the output's shape,
 *   or of a tensor and one constant, an element-wise layer;
 * - a tensor read element by element is that tensor.
 * Sub-expressions go to temporaries (memref.alloc) the next layer reads.
 * What matches none of these is an error naming the element and what it
 * holds. */
#include "raise.h"

#include "strata/accel.h"
#include "strata/builder.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct matcher {
	rtrace *t;
	st_op *fn;
	st_block *body;
	st_op *ret;
	char why[320];
	bool written[RAISE_MAX_BUFS]; /* arguments an earlier chain wrote */
	st_value *globals[RAISE_MAX_BUFS]; /* the get_global of each table a layer reads */
	/* Tensors a contraction reads zero-extended (Halide's u16(u8 input)):
	 * pseudo argument ZX_BASE + i is argument zx[i].arg widened to
	 * zx[i].width bits, a temporary made when a layer first reads it. */
	struct {
		int arg;
		unsigned width;
		st_value *v;
	} zx[8];
	int nzx;
} matcher;

static bool no(matcher *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool no(matcher *m, const char *fmt, ...) {
	if (!m->why[0]) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(m->why, sizeof m->why, fmt, ap);
		va_end(ap);
	}
	return false;
}

static const rterm *T(matcher *m, int32_t i) { return &m->t->t[i]; }

static st_builder at(matcher *m);
static bool raise_tensor(matcher *m, const int32_t *terms, st_type *like, unsigned width, st_value *dest, st_value **out);

#define ZX_BASE 100000

static const rbuf *global_of(matcher *m, int arg) {
	for (size_t k = 0; k < m->t->nbufs; k++)
		if (m->t->bufs[k].global && m->t->bufs[k].arg == arg)
			return &m->t->bufs[k];
	return NULL;
}

static const char *arg_name(matcher *m, int arg, char *buf, size_t n) {
	if (arg >= ZX_BASE)
		arg = m->zx[arg - ZX_BASE].arg;
	const rbuf *g = global_of(m, arg);
	if (g) {
		snprintf(buf, n, "@%s", st_ident_cstr(st_attr_symbol_root(g->global)));
		return buf;
	}
	st_str a = st_accel_arg_name(m->fn, (size_t)arg);
	if (a.len)
		snprintf(buf, n, "%.*s", (int)a.len, a.data);
	else
		snprintf(buf, n, "arg%d", arg);
	return buf;
}

/* Strips sign extensions. */
static int32_t strip(matcher *m, int32_t x) {
	while (T(m, x)->kind == RT_SEXT)
		x = T(m, x)->a;
	return x;
}

/* An argument, or a constant global's table: read through a get_global
 * made once among the new layers (the loops' own go with them). */
static st_value *arg_value(matcher *m, int arg) {
	if (arg >= ZX_BASE && arg < ZX_BASE + m->nzx) {
		/* The zero-extended argument, raised once (an andi layer). */
		int k = arg - ZX_BASE;
		if (!m->zx[k].v) {
			st_type *ty = st_value_type(arg_value(m, m->zx[k].arg));
			int64_t n = st_type_num_elements_static(ty);
			int32_t *terms = malloc((size_t)(n ? n : 1) * sizeof *terms);
			unsigned from = st_type_int_width(st_type_element(ty));
			bool ok = terms != NULL;
			for (int64_t e = 0; ok && e < n; e++) {
				int32_t in = raise_term(m->t, RT_IN, from, 0, m->zx[k].arg, 0, 0, e);
				ok = in >= 0 && (terms[e] = raise_term(m->t, RT_ZEXT, m->zx[k].width, 0, in, 0, 0, 0)) >= 0;
			}
			if (!ok || !raise_tensor(m, terms, ty, m->zx[k].width, NULL, &m->zx[k].v))
				m->zx[k].v = NULL;
			free(terms);
		}
		return m->zx[k].v;
	}
	const rbuf *g = global_of(m, arg);
	if (!g)
		return st_block_arg(m->body, (size_t)arg);
	if (!m->globals[arg]) {
		st_builder b = at(m);
		st_type *ty = st_value_type(g->v);
		st_named_attr a = {st_ident_get_c(m->t->ctx, "name"), g->global};
		st_op *op = st_build_op(&b, "memref.get_global", 0, NULL, 1, &ty, st_dict_attr(m->t->ctx, 1, &a), 0);
		m->globals[arg] = op ? st_op_result(op, 0) : NULL;
	}
	return m->globals[arg];
}

/* ---------------------------------------------------------------- shapes */

typedef struct shape {
	size_t rank;
	int64_t dim[8];
} shape;

static shape shape_of(st_type *t) {
	shape s = {.rank = st_type_rank(t)};
	for (size_t d = 0; d < s.rank && d < 8; d++)
		s.dim[d] = st_type_dim(t, d);
	return s;
}

static void unflatten(const shape *s, int64_t e, int64_t *idx) {
	for (size_t d = s->rank; d-- > 0;) {
		idx[d] = e % s->dim[d];
		e /= s->dim[d];
	}
}

/* ---------------------------------------------------------------- emit */

static st_builder at(matcher *m) {
	st_builder b = st_builder_before(m->ret);
	b.loc = st_op_loc(m->fn);
	return b;
}

static st_value *temp(matcher *m, st_type *like, unsigned width) {
	st_builder b = at(m);
	shape s = shape_of(like);
	st_type *t = st_memref_type(m->t->ctx, s.rank, s.dim, st_integer_type(m->t->ctx, width, ST_SIGNLESS), NULL, NULL);
	st_context *ctx = m->t->ctx;
	int64_t seg[2] = {0, 0};
	st_named_attr a = {st_ident_get_c(ctx, "operandSegmentSizes"),
	                   st_dense_int_array_attr(ctx, st_integer_type(ctx, 32, ST_SIGNLESS), 2, seg)};
	st_op *op = st_build_op(&b, "memref.alloc", 0, NULL, 1, &t, st_dict_attr(ctx, 1, &a), 0);
	return op ? st_op_result(op, 0) : NULL;
}

/* The operands a layer reads must not be arguments an earlier chain
 * wrote (they would be read after, not before). */
static bool reads_ok(matcher *m, st_value *const *ops, size_t n) {
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < m->t->nbufs; k++)
			if (m->t->bufs[k].v == ops[i] && m->t->bufs[k].arg >= 0 && m->written[m->t->bufs[k].arg]) {
				char nb[64];
				return no(m, "a layer reads '%s' as the function got it, after another layer wrote it",
				          arg_name(m, m->t->bufs[k].arg, nb, sizeof nb));
			}
	return true;
}

static bool layer(matcher *m, const st_codelet_layer_info *info, size_t n, st_value *const *ops) {
	if (!reads_ok(m, ops, n - 1))
		return false;
	st_builder b = at(m);
	if (!st_codelet_build_layer(&b, info, n, ops))
		return no(m, "out of memory");
	return true;
}

/* --------------------------------------------------------------- tensors */

static bool raise_tensor(matcher *m, const int32_t *terms, st_type *like, unsigned width, st_value *dest, st_value **out);

/* The argument read element by element (sign-extended at most), or -1. */
static int as_input(matcher *m, const int32_t *terms, int64_t n, st_type *like) {
	int arg = -1;
	for (int64_t e = 0; e < n; e++) {
		const rterm *x = T(m, strip(m, terms[e]));
		if (x->kind != RT_IN || x->v != e || (arg >= 0 && x->a != arg))
			return -1;
		arg = x->a;
	}
	if (arg < 0)
		return -1;
	shape a = shape_of(st_value_type(arg_value(m, arg))), s = shape_of(like);
	if (a.rank != s.rank || memcmp(a.dim, s.dim, a.rank * sizeof *a.dim))
		return -1;
	return arg;
}

/* Each term's operand `which` (0: a, 1: b). */
static int32_t *children(matcher *m, const int32_t *terms, int64_t n, int which) {
	int32_t *c = malloc((size_t)(n ? n : 1) * sizeof *c);
	for (int64_t e = 0; c && e < n; e++)
		c[e] = which ? T(m, terms[e])->b : T(m, terms[e])->a;
	return c;
}

/* A sub-tensor: an argument, or a temporary a layer writes. */
static bool operand(matcher *m, const int32_t *terms, int64_t n, st_type *like, st_value **out) {
	int arg = as_input(m, terms, n, like);
	if (arg >= 0) {
		*out = arg_value(m, arg);
		return true;
	}
	unsigned w = T(m, terms[0])->width;
	return raise_tensor(m, terms, like, w ? w : 32, NULL, out);
}

/* ------------------------------------------------------------ element-wise */

static const struct {
	rterm_kind kind;
	st_codelet_eltwise_kind elt;
	const char *what;
} elts[] = {
	{RT_ADD, ST_CODELET_ADD, "sum"},    {RT_SUB, ST_CODELET_SUB, "difference"}, {RT_MUL, ST_CODELET_MUL, "product"},
	{RT_MAX, ST_CODELET_MAX, "maximum"}, {RT_MIN, ST_CODELET_MIN, "minimum"},   {RT_SHRS, ST_CODELET_SHRSI, "shift"},
	{RT_SHL, ST_CODELET_SHLI, "shift"},
};

static bool eltwise(matcher *m, const int32_t *terms, int64_t n, st_type *like, st_value *dest) {
	rterm_kind k = (rterm_kind)T(m, terms[0])->kind;
	size_t ei = 0;
	while (ei < sizeof elts / sizeof *elts && elts[ei].kind != k)
		ei++;
	if (ei == sizeof elts / sizeof *elts)
		return false;
	bool same_const = true;
	int64_t c = 0;
	for (int64_t e = 0; e < n; e++) {
		const rterm *x = T(m, terms[e]);
		if (x->kind != k)
			return no(m, "element %lld is not a %s like element 0", (long long)e, elts[ei].what);
		const rterm *b = T(m, x->b);
		if (b->kind != RT_CONST || (e && b->v != c))
			same_const = false;
		c = b->kind == RT_CONST ? b->v : c;
	}
	st_codelet_layer_info info = {.kind = ST_CODELET_ELTWISE, .eltwise = (int)elts[ei].elt};
	int32_t *a = children(m, terms, n, 0), *b = a ? children(m, terms, n, 1) : NULL;
	st_value *ops[3] = {0};
	bool ok = b != NULL;
	if (ok && same_const) {
		if (k == RT_MAX && c == 0)
			info.eltwise = ST_CODELET_RELU;
		else {
			info.has_imm = true;
			info.imm = c;
		}
		ok = operand(m, a, n, like, &ops[0]);
		ops[1] = dest;
		ok = ok && layer(m, &info, 2, ops);
	} else if (ok) {
		ok = operand(m, a, n, like, &ops[0]) && operand(m, b, n, like, &ops[1]);
		ops[2] = dest;
		ok = ok && layer(m, &info, 3, ops);
	}
	free(a);
	free(b);
	return ok;
}

/* ------------------------------------------------------------ contraction */

typedef struct leaf {
	int64_t e;        /* output element */
	int64_t a, b;     /* flat elements of the two tensors */
} leaf;

typedef struct leaves {
	leaf *v;
	size_t n, cap;
	int A, B;         /* the arguments (B: -1 for a pool) */
	bool accumulate;
} leaves;

static bool push(leaves *l, leaf x) {
	if (l->n == l->cap) {
		size_t nc = l->cap ? 2 * l->cap : 1024;
		leaf *v = realloc(l->v, nc * sizeof *v);
		if (!v)
			return false;
		l->v = v;
		l->cap = nc;
	}
	l->v[l->n++] = x;
	return true;
}

/* A factor that zero-extends an argument's element reads that element of
 * the zero-extended argument (a pseudo argument, `*tmp`); NULL when out of
 * pseudo arguments. */
static const rterm *zext_input(matcher *m, int32_t x, rterm *tmp) {
	const rterm *t = T(m, x), *in = t->kind == RT_ZEXT ? T(m, t->a) : NULL;
	if (!in || in->kind != RT_IN)
		return t;
	int k = 0;
	while (k < m->nzx && (m->zx[k].arg != in->a || m->zx[k].width != t->width))
		k++;
	if (k == m->nzx) {
		if (m->nzx == (int)(sizeof m->zx / sizeof *m->zx))
			return NULL;
		m->zx[k].arg = (int)in->a;
		m->zx[k].width = t->width;
		m->zx[k].v = NULL;
		m->nzx++;
	}
	*tmp = *in;
	tmp->a = ZX_BASE + k;
	return tmp;
}

/* A sum of products of two arguments (and the output's own element or 0). */
static bool products(matcher *m, const int32_t *terms, int64_t n, int self, leaves *l) {
	int32_t stack[256];
	int64_t selfs = 0;
	l->A = l->B = -1;
	for (int64_t e = 0; e < n; e++) {
		size_t sp = 0;
		stack[sp++] = terms[e];
		while (sp) {
			int32_t x = stack[--sp];
			const rterm *t = T(m, x);
			if (t->kind == RT_ADD) {
				if (sp + 2 > sizeof stack / sizeof *stack)
					return no(m, "a sum nested too deep");
				stack[sp++] = t->a;
				stack[sp++] = t->b;
				continue;
			}
			if (t->kind == RT_CONST && t->v == 0)
				continue;
			const rterm *s = T(m, strip(m, x));
			if (s->kind == RT_IN && s->a == self && s->v == e && self >= 0) {
				l->accumulate = true;
				selfs++;
				continue;
			}
			if (t->kind != RT_MUL)
				return no(m, "a sum of products with another term");
			rterm pz, qz;
			const rterm *p = zext_input(m, strip(m, t->a), &pz), *q = zext_input(m, strip(m, t->b), &qz);
			if (!p || !q)
				return no(m, "out of memory");
			if (p->kind != RT_IN || q->kind != RT_IN)
				return no(m, "a product of something other than two tensors' elements");
			if (l->A < 0) {
				l->A = p->a;
				l->B = q->a;
			}
			if (l->A == l->B)
				return no(m, "a product of a tensor with itself");
			leaf f = {.e = e};
			if (p->a == l->A && q->a == l->B) {
				f.a = p->v;
				f.b = q->v;
			} else if (p->a == l->B && q->a == l->A) {
				f.a = q->v;
				f.b = p->v;
			} else {
				return no(m, "products of more than two tensors");
			}
			if (!push(l, f))
				return no(m, "out of memory");
		}
	}
	if (l->A < 0)
		return no(m, "no product");
	if (l->accumulate && selfs != n)
		return no(m, "a sum that starts from the output's own element in some elements only");
	return true;
}

/* Roles of the live (extent > 1) dimensions. */
enum { R_NONE, R_N, R_K, R_C, R_DC, R_WIN };

typedef struct fit {
	/* Window pairs: output dim, input dim, kernel dim (-1: none), stride,
	 * pad. */
	int nwin;
	int wo[2], wi[2], wk[2];
	int64_t st[2], pad[2];
} fit;

/* Classifies a contraction with `in` = A, `w` = B; fills the layer. */
static bool classify(matcher *m, const leaves *l, const shape *so, const shape *sa, const shape *sb, int self,
                     st_codelet_layer_info *info, int64_t *red) {
	bool eqOA[8][8], eqOB[8][8], eqAB[8][8];
	for (int i = 0; i < 8; i++)
		for (int j = 0; j < 8; j++)
			eqOA[i][j] = eqOB[i][j] = eqAB[i][j] = true;
	int64_t o[8], a[8], b[8];
	for (size_t k = 0; k < l->n; k++) {
		unflatten(so, l->v[k].e, o);
		unflatten(sa, l->v[k].a, a);
		unflatten(sb, l->v[k].b, b);
		for (size_t i = 0; i < so->rank; i++) {
			for (size_t j = 0; j < sa->rank; j++)
				eqOA[i][j] = eqOA[i][j] && o[i] == a[j];
			for (size_t j = 0; j < sb->rank; j++)
				eqOB[i][j] = eqOB[i][j] && o[i] == b[j];
		}
		for (size_t i = 0; i < sa->rank; i++)
			for (size_t j = 0; j < sb->rank; j++)
				eqAB[i][j] = eqAB[i][j] && a[i] == b[j];
	}
	int ro[8] = {0}, ra[8] = {0}, rb[8] = {0};
	int on = -1, ok = -1, oc = -1, an = -1, ac = -1, bk = -1, bc = -1;
	int aonly[8], aof[8], na = 0, nwin = 0;
	for (size_t d = 0; d < so->rank; d++) {
		if (so->dim[d] == 1)
			continue;
		int pa = -1, pb = -1;
		for (size_t j = 0; j < sa->rank; j++)
			if (sa->dim[j] > 1 && eqOA[d][j])
				pa = (int)j;
		for (size_t j = 0; j < sb->rank; j++)
			if (sb->dim[j] > 1 && eqOB[d][j])
				pb = (int)j;
		if (pa >= 0 && pb >= 0) {
			if (oc >= 0)
				return no(m, "two channel dimensions shared by all three tensors");
			ro[d] = R_DC, oc = (int)d, ac = pa, bc = pb, ra[pa] = rb[pb] = R_DC;
		} else if (pa >= 0) {
			ro[d] = R_N, aonly[na++] = (int)d, aof[d] = pa;
		} else if (pb >= 0) {
			if (ok >= 0)
				return no(m, "two output-channel dimensions");
			ro[d] = R_K, ok = (int)d, bk = pb, rb[pb] = R_K;
		} else {
			ro[d] = R_WIN, nwin++;
		}
	}
	/* Output dimensions the first tensor alone follows: one is the batch;
	 * of several (a 1x1 convolution's rows and columns) the innermost
	 * become windows of one tap (stride 1, no padding) while windows are
	 * left, and at most one, the outermost, the batch. */
	int keep = na > 1 ? na - (na < 2 - nwin ? na : 2 - nwin) : na;
	if (keep > 1)
		return no(m, "two batch dimensions");
	for (int i = 0; i < na; i++) {
		int d = aonly[i];
		if (i < keep)
			on = d, an = aof[d], ra[an] = R_N;
		else
			ro[d] = R_WIN;
	}
	for (size_t i = 0; i < sa->rank; i++)
		for (size_t j = 0; j < sb->rank; j++)
			if (sa->dim[i] > 1 && sb->dim[j] > 1 && !ra[i] && !rb[j] && eqAB[i][j]) {
				if (ac >= 0)
					return no(m, "two reduced channel dimensions");
				ra[i] = rb[j] = R_C, ac = (int)i, bc = (int)j;
			}
	/* Windows: a[i] = st * o[d] + b[j] - pad over every product. */
	fit f = {0};
	for (size_t d = 0; d < so->rank; d++) {
		if (ro[d] != R_WIN)
			continue;
		bool found = false;
		for (size_t i = 0; i < sa->rank && !found; i++) {
			if (ra[i] || sa->dim[i] == 1)
				continue;
			for (int j = -1; j < (int)sb->rank && !found; j++) {
				if (j >= 0 && (rb[j] || sb->dim[j] == 1))
					continue;
				int64_t st = 0, pad = 0, o0 = 0, diff0 = 0;
				bool have0 = false, good = true;
				for (size_t k = 0; k < l->n && good; k++) {
					unflatten(so, l->v[k].e, o);
					unflatten(sa, l->v[k].a, a);
					unflatten(sb, l->v[k].b, b);
					int64_t diff = a[i] - (j >= 0 ? b[j] : 0);
					if (!have0) {
						o0 = o[d], diff0 = diff, have0 = true;
						continue;
					}
					if (!st && o[d] != o0) {
						if ((diff - diff0) % (o[d] - o0) || (diff - diff0) / (o[d] - o0) < 1) {
							good = false;
							break;
						}
						st = (diff - diff0) / (o[d] - o0);
						pad = st * o0 - diff0;
					}
				}
				if (!good || !st || pad < 0)
					continue;
				for (size_t k = 0; k < l->n && good; k++) {
					unflatten(so, l->v[k].e, o);
					unflatten(sa, l->v[k].a, a);
					unflatten(sb, l->v[k].b, b);
					good = a[i] - (j >= 0 ? b[j] : 0) == st * o[d] - pad;
				}
				if (!good)
					continue;
				if (f.nwin == 2)
					return no(m, "more than two window dimensions");
				f.wo[f.nwin] = (int)d, f.wi[f.nwin] = (int)i, f.wk[f.nwin] = j, f.st[f.nwin] = st, f.pad[f.nwin] = pad;
				f.nwin++;
				ra[i] = R_WIN;
				if (j >= 0)
					rb[j] = R_WIN;
				found = true;
			}
		}
		if (!found)
			return no(m, "output dimension %zu follows no input dimension as a window does", d);
	}
	for (size_t i = 0; i < sa->rank; i++)
		if (sa->dim[i] > 1 && !ra[i])
			return no(m, "dimension %zu of the first tensor has no role", i);
	for (size_t j = 0; j < sb->rank; j++)
		if (sb->dim[j] > 1 && !rb[j])
			return no(m, "dimension %zu of the second tensor has no role", j);
	bool dw = oc >= 0;
	if (dw && ok >= 0)
		return no(m, "both output channels and channels shared by all three tensors");
	/* Canonical roles: in (n, h, w, c), w (r, s, c, k) or (r, s, c),
	 * out (n, p, q, k) or (n, p, q, c). */
	memset(info, 0, sizeof *info);
	info->kind = dw ? ST_CODELET_DEPTHWISE : ST_CODELET_CONV2D;
	info->accumulate = l->accumulate;
	int (*d)[4] = info->dims;
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 4; j++)
			d[i][j] = -1;
	d[0][0] = an, d[2][0] = on;
	d[0][3] = ac, d[1][2] = bc;
	d[1][3] = dw ? -1 : bk, d[2][3] = dw ? oc : ok;
	info->strides[0] = info->strides[1] = 1;
	for (int k = 0; k < f.nwin; k++) {
		d[0][1 + k] = f.wi[k], d[1][k] = f.wk[k], d[2][1 + k] = f.wo[k];
		info->strides[k] = f.st[k];
		info->pads[k] = f.pad[k];
	}
	/* Dimensions of extent 1 take the roles left, in order. */
	const shape *sh[3] = {sa, sb, so};
	size_t nc[3] = {4, dw ? 3u : 4u, 4};
	for (int i = 0; i < 3; i++)
		for (size_t x = 0; x < sh[i]->rank; x++) {
			bool used = false;
			for (size_t j = 0; j < nc[i]; j++)
				used = used || d[i][j] == (int)x;
			if (used)
				continue;
			size_t j = 0;
			while (j < nc[i] && d[i][j] >= 0)
				j++;
			if (j == nc[i])
				return no(m, "a tensor has more dimensions than the layer's roles");
			d[i][j] = (int)x;
		}
	(void)self;
	/* The products an output element sums: the kernel's (r, s, c) inside
	 * the input. */
	int64_t R = d[1][0] >= 0 ? sb->dim[d[1][0]] : 1, S = d[1][1] >= 0 ? sb->dim[d[1][1]] : 1;
	int64_t C = d[1][2] >= 0 ? sb->dim[d[1][2]] : 1;
	*red = dw ? R * S : R * S * C;
	return true;
}

/* Every output element sums exactly the products the layer does. */
static bool complete(matcher *m, const leaves *l, const st_codelet_layer_info *info, const shape *so, const shape *sa,
                     const shape *sb, int64_t n) {
	const int(*d)[4] = info->dims;
	int64_t R = d[1][0] >= 0 ? sb->dim[d[1][0]] : 1, S = d[1][1] >= 0 ? sb->dim[d[1][1]] : 1;
	int64_t C = d[1][2] >= 0 ? sb->dim[d[1][2]] : 1;
	int64_t H = d[0][1] >= 0 ? sa->dim[d[0][1]] : 1, W = d[0][2] >= 0 ? sa->dim[d[0][2]] : 1;
	bool dw = info->kind == ST_CODELET_DEPTHWISE;
	int64_t slots = dw ? R * S : R * S * C;
	int64_t *seen = malloc((size_t)(slots ? slots : 1) * sizeof *seen), *count = calloc((size_t)(n ? n : 1), sizeof *count);
	if (!seen || !count) {
		free(seen);
		free(count);
		return no(m, "out of memory");
	}
	for (int64_t i = 0; i < slots; i++)
		seen[i] = -1;
	bool good = true;
	int64_t b[8], o[8];
	/* Leaves come grouped by output element, in order. */
	for (size_t k = 0; k < l->n && good; k++) {
		unflatten(sb, l->v[k].b, b);
		int64_t r = d[1][0] >= 0 ? b[d[1][0]] : 0, s = d[1][1] >= 0 ? b[d[1][1]] : 0, c = d[1][2] >= 0 ? b[d[1][2]] : 0;
		int64_t slot = dw ? r * S + s : (r * S + s) * C + c;
		if (seen[slot] == l->v[k].e) {
			good = no(m, "element %lld sums one product twice", (long long)l->v[k].e);
			break;
		}
		seen[slot] = l->v[k].e;
		count[l->v[k].e]++;
	}
	for (int64_t e = 0; e < n && good; e++) {
		unflatten(so, e, o);
		int64_t p = d[2][1] >= 0 ? o[d[2][1]] : 0, q = d[2][2] >= 0 ? o[d[2][2]] : 0, in = 0;
		for (int64_t r = 0; r < R; r++)
			for (int64_t s = 0; s < S; s++) {
				int64_t h = p * info->strides[0] + r - info->pads[0], w = q * info->strides[1] + s - info->pads[1];
				in += h >= 0 && h < H && w >= 0 && w < W;
			}
		if (count[e] != in * (dw ? 1 : C))
			good = no(m, "element %lld sums %lld products, the layer %lld", (long long)e, (long long)count[e],
			          (long long)(in * (dw ? 1 : C)));
	}
	free(seen);
	free(count);
	return good;
}

/* A convolution of a batch, no window, operands of at most two
 * dimensions: a GEMM. */
static void as_gemm(st_codelet_layer_info *info, const shape *sa, const shape *sb, const shape *so) {
	const int(*d)[4] = info->dims;
	if (info->kind != ST_CODELET_CONV2D || sa->rank > 2 || sb->rank > 2 || so->rank > 2 || d[0][1] >= 0 ||
	    d[0][2] >= 0 || d[1][0] >= 0 || d[1][1] >= 0 || d[2][1] >= 0 || d[2][2] >= 0)
		return;
	st_codelet_layer_info g = {.kind = ST_CODELET_GEMM, .accumulate = info->accumulate, .strides = {1, 1}};
	int a[2] = {d[0][0], d[0][3]}, b[2] = {d[1][2], d[1][3]}, c[2] = {d[2][0], d[2][3]};
	for (int i = 0; i < 4; i++)
		g.dims[0][i] = g.dims[1][i] = g.dims[2][i] = -1;
	memcpy(g.dims[0], a, sizeof a);
	memcpy(g.dims[1], b, sizeof b);
	memcpy(g.dims[2], c, sizeof c);
	*info = g;
}

static bool contraction(matcher *m, const int32_t *terms, int64_t n, st_type *like, int self, st_value *dest) {
	leaves l = {0};
	if (!products(m, terms, n, self, &l)) {
		free(l.v);
		return false;
	}
	shape so = shape_of(like);
	bool ok = false;
	st_codelet_layer_info info;
	if (so.rank > 4 || st_type_rank(st_value_type(arg_value(m, l.A))) > 4 || st_type_rank(st_value_type(arg_value(m, l.B))) > 4) {
		free(l.v);
		return no(m, "a contraction of tensors of more than 4 dimensions");
	}
	for (int swap = 0; swap < 2 && !ok; swap++) {
		if (swap) {
			for (size_t k = 0; k < l.n; k++) {
				int64_t x = l.v[k].a;
				l.v[k].a = l.v[k].b;
				l.v[k].b = x;
			}
			int x = l.A;
			l.A = l.B;
			l.B = x;
		}
		shape sa = shape_of(st_value_type(arg_value(m, l.A))), sb = shape_of(st_value_type(arg_value(m, l.B)));
		int64_t red;
		char keep[sizeof m->why];
		memcpy(keep, m->why, sizeof keep);
		ok = classify(m, &l, &so, &sa, &sb, self, &info, &red) && complete(m, &l, &info, &so, &sa, &sb, n);
		if (ok) {
			as_gemm(&info, &sa, &sb, &so);
			m->why[0] = 0;
		} else if (!swap) {
			memcpy(m->why, keep, sizeof keep); /* the first order's reason is the one reported */
			if (!keep[0])
				m->why[0] = 0;
		}
	}
	if (ok) {
		st_value *ops[3] = {arg_value(m, l.A), arg_value(m, l.B), dest};
		ok = layer(m, &info, 3, ops);
	}
	free(l.v);
	return ok;
}

/* ------------------------------------------------------------------- pool */

static bool pool(matcher *m, const int32_t *terms, int64_t n, st_type *like, st_value *dest) {
	int X = -1;
	leaves l = {.B = -1};
	int32_t stack[256];
	for (int64_t e = 0; e < n; e++) {
		size_t sp = 0;
		stack[sp++] = terms[e];
		while (sp) {
			int32_t x = stack[--sp];
			const rterm *t = T(m, x);
			if (t->kind == RT_MAX) {
				if (sp + 2 > sizeof stack / sizeof *stack) {
					free(l.v);
					return no(m, "a maximum nested too deep");
				}
				stack[sp++] = t->a;
				stack[sp++] = t->b;
				continue;
			}
			if (t->kind == RT_CONST)
				continue; /* checked below: the lowest value */
			const rterm *s = T(m, strip(m, x));
			if (s->kind != RT_IN || (X >= 0 && s->a != X)) {
				free(l.v);
				return no(m, "a maximum of something other than one tensor's elements");
			}
			X = s->a;
			if (!push(&l, (leaf){.e = e, .a = s->v})) {
				free(l.v);
				return no(m, "out of memory");
			}
		}
	}
	st_type *xt = X >= 0 ? st_value_type(arg_value(m, X)) : NULL;
	unsigned xw = xt ? st_type_int_width(st_type_element(xt)) : 0;
	/* The only constant may be the lowest value of the tensor's type. */
	for (int64_t e = 0; e < n && xt; e++) {
		size_t sp = 0;
		stack[sp++] = terms[e];
		while (sp) {
			const rterm *t = T(m, stack[--sp]);
			if (t->kind == RT_MAX && sp + 2 <= sizeof stack / sizeof *stack) {
				stack[sp++] = t->a;
				stack[sp++] = t->b;
			} else if (t->kind == RT_CONST && t->v != -(INT64_C(1) << (xw - 1))) {
				free(l.v);
				return no(m, "a maximum starting from %lld, not the lowest %u-bit value", (long long)t->v, xw);
			}
		}
	}
	if (X < 0 || st_type_element(xt) != st_type_element(st_value_type(dest))) {
		free(l.v);
		return no(m, X < 0 ? "a maximum of constants" : "a max pool keeps its element type");
	}
	/* Roles: output dims equal to an input dim (batch, channels), windows
	 * (x[i] = st * o[d] + r over r in the window). */
	shape so = shape_of(like), sx = shape_of(xt);
	int64_t o[8], x[8];
	bool eq[8][8];
	for (int i = 0; i < 8; i++)
		for (int j = 0; j < 8; j++)
			eq[i][j] = true;
	for (size_t k = 0; k < l.n; k++) {
		unflatten(&so, l.v[k].e, o);
		unflatten(&sx, l.v[k].a, x);
		for (size_t i = 0; i < so.rank; i++)
			for (size_t j = 0; j < sx.rank; j++)
				eq[i][j] = eq[i][j] && o[i] == x[j];
	}
	st_codelet_layer_info info = {.kind = ST_CODELET_POOL, .pool = ST_CODELET_POOL_MAX, .strides = {1, 1}, .window = {1, 1}};
	for (int i = 0; i < 4; i++)
		info.dims[0][i] = info.dims[1][i] = -1;
	int nch = 0, nwin = 0, chan_o[2], chan_x[2];
	bool xused[8] = {0};
	bool good = true;
	for (size_t d = 0; d < so.rank && good; d++) {
		if (so.dim[d] == 1)
			continue;
		int p = -1;
		for (size_t j = 0; j < sx.rank; j++)
			if (sx.dim[j] > 1 && eq[d][j])
				p = (int)j;
		if (p >= 0) {
			if (nch == 2)
				good = no(m, "a max pool of more than two kept dimensions");
			else
				chan_o[nch] = (int)d, chan_x[nch++] = p, xused[p] = true;
			continue;
		}
		/* Window: per element, x[i] spans st * o[d] .. st * o[d] + R - 1. */
		bool found = false;
		for (size_t i = 0; i < sx.rank && !found; i++) {
			if (xused[i] || sx.dim[i] == 1)
				continue;
			int64_t *lo = malloc((size_t)n * sizeof *lo), *hi = malloc((size_t)n * sizeof *hi);
			if (!lo || !hi) {
				free(lo);
				free(hi);
				break;
			}
			for (int64_t e = 0; e < n; e++)
				lo[e] = INT64_MAX, hi[e] = INT64_MIN;
			for (size_t k = 0; k < l.n; k++) {
				unflatten(&sx, l.v[k].a, x);
				lo[l.v[k].e] = x[i] < lo[l.v[k].e] ? x[i] : lo[l.v[k].e];
				hi[l.v[k].e] = x[i] > hi[l.v[k].e] ? x[i] : hi[l.v[k].e];
			}
			int64_t st = 0, R = hi[0] - lo[0] + 1;
			bool fits = true;
			for (int64_t e = 0; e < n && fits; e++) {
				unflatten(&so, e, o);
				if (!st && o[d])
					st = lo[e] % o[d] == 0 ? lo[e] / o[d] : -1;
				fits = st >= 0 && hi[e] - lo[e] + 1 == R && lo[e] == (st ? st : 1) * o[d];
			}
			free(lo);
			free(hi);
			if (!fits || st < 1 || nwin == 2)
				continue;
			info.dims[0][1 + nwin] = (int)i, info.dims[1][1 + nwin] = (int)d;
			info.strides[nwin] = st, info.window[nwin] = R;
			xused[i] = true;
			nwin++;
			found = true;
		}
		if (!found && good)
			good = no(m, "output dimension %zu follows no input dimension as a window does", d);
	}
	/* Kept dims: the innermost is the channels, the other the batch. */
	if (good && nch == 2) {
		info.dims[0][3] = chan_x[1], info.dims[1][3] = chan_o[1];
		info.dims[0][0] = chan_x[0], info.dims[1][0] = chan_o[0];
	} else if (good && nch == 1) {
		info.dims[0][3] = chan_x[0], info.dims[1][3] = chan_o[0];
	}
	const shape *sh[2] = {&sx, &so};
	for (int i = 0; i < 2 && good; i++)
		for (size_t xd = 0; xd < sh[i]->rank && good; xd++) {
			bool used = false;
			for (int j = 0; j < 4; j++)
				used = used || info.dims[i][j] == (int)xd;
			if (used)
				continue;
			if (sh[i]->dim[xd] > 1)
				good = no(m, "dimension %zu of the pooled tensor has no role", xd);
			int j = 0;
			while (j < 4 && info.dims[i][j] >= 0)
				j++;
			if (j == 4)
				good = no(m, "a tensor has more dimensions than the layer's roles");
			else
				info.dims[i][j] = (int)xd;
		}
	/* Each element takes the maximum of its whole window. */
	if (good) {
		int64_t *count = calloc((size_t)n, sizeof *count);
		for (size_t k = 0; count && k < l.n; k++)
			count[l.v[k].e]++;
		for (int64_t e = 0; count && e < n && good; e++)
			if (count[e] != info.window[0] * info.window[1])
				good = no(m, "element %lld is the maximum of %lld elements, its window has %lld", (long long)e,
				          (long long)count[e], (long long)(info.window[0] * info.window[1]));
		good = good && count;
		free(count);
	}
	free(l.v);
	if (!good)
		return false;
	st_value *ops[2] = {arg_value(m, X), dest};
	return layer(m, &info, 2, ops);
}

/* ------------------------------------------------------------------- top */

static const char *kind_name(int k) {
	static const char *const names[] = {"nothing written", "an input element", "a constant", "a sign extension",
	                                    "a zero extension", "a truncation", "a sum", "a difference", "a product",
	                                    "a maximum", "a minimum", "a shift", "a shift", "a comparison", "a selection",
	                                    "a logical shift right", "an unknown value"};
	return k >= 0 && k < (int)(sizeof names / sizeof *names) ? names[k] : "?";
}

static bool raise_tensor(matcher *m, const int32_t *terms, st_type *like, unsigned width, st_value *dest, st_value **out) {
	int64_t n = st_type_num_elements_static(like);
	if (!dest && !(dest = temp(m, like, width)))
		return no(m, "out of memory");
	*out = dest;
	/* A truncation is the narrower output's. */
	bool trunc = true;
	for (int64_t e = 0; e < n && trunc; e++)
		trunc = T(m, terms[e])->kind == RT_TRUNC;
	if (trunc && n) {
		int32_t *a = children(m, terms, n, 0);
		st_value *r;
		bool ok = a && raise_tensor(m, a, like, width, dest, &r);
		free(a);
		return ok;
	}
	/* A sign extension: the narrower tensor, then copied widened. */
	bool sext = n > 0;
	for (int64_t e = 0; e < n && sext; e++)
		sext = T(m, terms[e])->kind == RT_SEXT;
	if (sext) {
		int32_t *a = children(m, terms, n, 0);
		st_value *ops[2] = {NULL, dest};
		st_codelet_layer_info info = {.kind = ST_CODELET_ELTWISE, .eltwise = ST_CODELET_ADD, .has_imm = true};
		bool ok = a && operand(m, a, n, like, &ops[0]) && layer(m, &info, 2, ops);
		free(a);
		return ok;
	}
	/* A zero extension from w bits: the narrower tensor (layers read it
	 * sign-extended), then its low w bits (Halide's u16(u8)). */
	bool zext = n > 0;
	for (int64_t e = 0; e < n && zext; e++)
		zext = T(m, terms[e])->kind == RT_ZEXT && T(m, T(m, terms[e])->a)->width == T(m, T(m, terms[0])->a)->width;
	if (zext) {
		unsigned from = T(m, T(m, terms[0])->a)->width;
		int32_t *a = children(m, terms, n, 0);
		st_value *ops[2] = {NULL, dest};
		st_codelet_layer_info info = {
			.kind = ST_CODELET_ELTWISE, .eltwise = ST_CODELET_ANDI, .has_imm = true, .imm = (int64_t)((UINT64_C(1) << from) - 1)};
		bool ok = a && operand(m, a, n, like, &ops[0]) && layer(m, &info, 2, ops);
		free(a);
		return ok;
	}
	int self = -1;
	for (size_t k = 0; k < m->t->nbufs; k++)
		if (m->t->bufs[k].v == dest)
			self = m->t->bufs[k].arg;
	rterm_kind k = n ? (rterm_kind)T(m, terms[0])->kind : RT_UNINIT;
	char keep[sizeof m->why] = "";
	if (k == RT_ADD || k == RT_MUL) {
		if (contraction(m, terms, n, like, self, dest))
			return true;
		memcpy(keep, m->why, sizeof keep);
		m->why[0] = 0;
	}
	if (k == RT_MAX) {
		if (pool(m, terms, n, like, dest))
			return true;
		memcpy(keep, m->why, sizeof keep);
		m->why[0] = 0;
	}
	if (eltwise(m, terms, n, like, dest))
		return true;
	/* A sum of products or a maximum is reported as the layer it was
	 * nearly: its reason is the one that helps. */
	if (keep[0])
		memcpy(m->why, keep, sizeof keep);
	if (!m->why[0])
		no(m, "%s, which no layer computes", kind_name(k));
	return false;
}

st_status raise_match(rtrace *t) {
	matcher m = {.t = t, .fn = t->fn, .body = st_region_first_block(st_op_region(t->fn, 0))};
	m.ret = st_block_terminator(m.body);
	st_op *last_old = m.ret ? st_op_prev(m.ret) : NULL;
	size_t nout = 0;
	bool ok = m.ret != NULL;
	for (size_t i = 0; ok && i < t->nbufs; i++) {
		rbuf *b = &t->bufs[i];
		if (b->arg < 0)
			continue;
		bool changed = false, all = true;
		for (int64_t e = 0; e < b->n; e++) {
			const rterm *x = &t->t[b->cells[e]];
			bool same = x->kind == RT_IN && x->a == b->arg && x->v == e;
			changed = changed || !same;
			all = all && !same;
		}
		if (!changed)
			continue;
		char nb[64];
		if (!all) {
			no(&m, "the loops write only part of '%s'", arg_name(&m, b->arg, nb, sizeof nb));
			ok = false;
			break;
		}
		st_type *ty = st_value_type(b->v);
		st_value *r;
		if (!raise_tensor(&m, b->cells, ty, st_type_int_width(st_type_element(ty)), b->v, &r)) {
			char why[sizeof m.why];
			memcpy(why, m.why, sizeof why);
			snprintf(m.why, sizeof m.why, "'%s': %s", arg_name(&m, b->arg, nb, sizeof nb), why);
			ok = false;
			break;
		}
		m.written[b->arg] = true;
		nout++;
	}
	if (ok && !nout) {
		no(&m, "the loops write no argument");
		ok = false;
	}
	/* Keep either the layers or the loops. */
	st_op *first_new = last_old ? st_op_next(last_old) : (m.ret ? st_block_first_op(m.body) : NULL);
	st_op *from = ok ? last_old : (m.ret ? st_op_prev(m.ret) : NULL), *stop_at = ok ? NULL : last_old;
	for (st_op *op = from; op && op != stop_at;) {
		st_op *prev = st_op_prev(op);
		st_op_erase(op);
		op = prev;
	}
	(void)first_new;
	if (!ok)
		return st_op_error(t->fn, "the loops are no codelet layer (they stay on the host): %s", m.why);
	return ST_OK;
}
