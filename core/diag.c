/* Diagnostics: building, notes, the handler stack and the default renderer
 * (`file:line:col: error: message`, the source line, a caret). */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>

struct st_diag {
	st_context *ctx;
	st_diag_info info;
	char *msg;
	size_t msglen;
	st_diag_info *notes;
	size_t nnotes;
};

char *st__vformat(st_context *ctx, const char *fmt, va_list ap) {
	va_list aq;
	va_copy(aq, ap);
	char small[256];
	int n = vsnprintf(small, sizeof small, fmt, aq);
	va_end(aq);
	if (n < 0)
		n = 0;
	char *p = st_ctx_alloc(ctx, (size_t)n + 1);
	if (!p)
		return NULL;
	if ((size_t)n < sizeof small)
		memcpy(p, small, (size_t)n + 1);
	else
		vsnprintf(p, (size_t)n + 1, fmt, ap);
	return p;
}

static void free_str(st_context *ctx, const char *s) {
	if (s)
		st_ctx_free(ctx, (void *)s, strlen(s) + 1);
}

st_diag *st_diag_createv(st_context *ctx, st_severity sev, const st_attr *loc, const char *fmt, va_list ap) {
	st_diag *d = st_ctx_alloc(ctx, sizeof *d);
	if (!d)
		return NULL;
	memset(d, 0, sizeof *d);
	d->ctx = ctx;
	d->info.severity = sev;
	d->info.loc = loc ? loc : ctx->unknown_loc;
	d->msg = st__vformat(ctx, fmt, ap);
	d->info.message = d->msg ? d->msg : "(out of memory)";
	return d;
}

st_diag *st_diag_create(st_context *ctx, st_severity sev, const st_attr *loc, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	st_diag *d = st_diag_createv(ctx, sev, loc, fmt, ap);
	va_end(ap);
	return d;
}

void st_diag_append(st_diag *d, const char *fmt, ...) {
	if (!d || !d->msg)
		return;
	va_list ap;
	va_start(ap, fmt);
	char *extra = st__vformat(d->ctx, fmt, ap);
	va_end(ap);
	if (!extra)
		return;
	size_t a = strlen(d->msg), b = strlen(extra);
	char *m = st_ctx_realloc(d->ctx, d->msg, a + 1, a + b + 1);
	if (m) {
		memcpy(m + a, extra, b + 1);
		d->msg = m;
		d->info.message = m;
	}
	free_str(d->ctx, extra);
}

void st_diag_note(st_diag *d, const st_attr *loc, const char *fmt, ...) {
	if (!d)
		return;
	va_list ap;
	va_start(ap, fmt);
	char *msg = st__vformat(d->ctx, fmt, ap);
	va_end(ap);
	if (!msg)
		return;
	/* The array grows only with its message in hand, so that nnotes always
	 * says how big it is (the size st_diag_emit frees). */
	st_diag_info *n = st_ctx_realloc(d->ctx, d->notes, d->nnotes * sizeof *n, (d->nnotes + 1) * sizeof *n);
	if (!n) {
		free_str(d->ctx, msg);
		return;
	}
	d->notes = n;
	st_diag_info *ni = &d->notes[d->nnotes++];
	memset(ni, 0, sizeof *ni);
	ni->severity = ST_SEV_NOTE;
	ni->loc = loc ? loc : d->ctx->unknown_loc;
	ni->message = msg;
	d->info.notes = d->notes;
	d->info.nnotes = d->nnotes;
}

static void default_write(void *ud, const char *data, size_t len) {
	(void)ud;
	fwrite(data, 1, len, stderr);
}

static const char *sev_name(st_severity s) {
	switch (s) {
	case ST_SEV_NOTE:
		return "note";
	case ST_SEV_REMARK:
		return "remark";
	case ST_SEV_WARNING:
		return "warning";
	default:
		return "error";
	}
}

static const st__source *find_source(st_context *ctx, const st_ident *name) {
	for (size_t i = ctx->nsources; i-- > 0;)
		if (ctx->sources[i].name == name)
			return &ctx->sources[i];
	return NULL;
}

/* The file location to show for `loc`, as MLIR's SourceMgrDiagnosticHandler
 * picks it: a call site shows its callee (the callers follow as "called
 * from" notes), a fused location its first child that has one, a name
 * location its child. */
static const st_attr *loc_to_show(const st_attr *loc) { return st__loc_file(loc, ST__CALLEE); }

/* The call site `loc` stands for, if any (through names and fusions). */
static const st__callsite_loc *callsite_of(const st_attr *loc) {
	if (!loc)
		return NULL;
	switch (st__akind(loc)) {
	case ST_ATTR_LOC_CALLSITE:
		return (const st__callsite_loc *)loc;
	case ST_ATTR_LOC_NAME:
		return callsite_of(((const st__name_loc *)loc)->child);
	case ST_ATTR_LOC_FUSED: {
		const st__list_attr *l = (const st__list_attr *)loc;
		for (size_t i = 0; i < l->n; i++) {
			const st__callsite_loc *c = callsite_of(l->elts[i]);
			if (c)
				return c;
		}
		return NULL;
	}
	default:
		return NULL;
	}
}

/* `file:line:col: severity: message`, the source line and a caret. */
static void render_at(st_context *ctx, const st_attr *loc, st_severity sev, const char *message, st_write_fn w,
                      void *ud) {
	char buf[512];
	const st_attr *f = loc_to_show(loc);
	int n;
	if (f)
		n = snprintf(buf, sizeof buf, "%s:%u:%u: %s: ", st_ident_cstr(st_loc_filename(f)), st_loc_line(f),
		             st_loc_col(f), sev_name(sev));
	else if (loc && st_attr_get_kind(loc) == ST_ATTR_LOC_NAME)
		n = snprintf(buf, sizeof buf, "%s: %s: ", st_ident_cstr(((const st__name_loc *)loc)->name), sev_name(sev));
	else
		n = snprintf(buf, sizeof buf, "<unknown>:0: %s: ", sev_name(sev));
	w(ud, buf, (size_t)(n < (int)sizeof buf ? n : (int)sizeof buf - 1));
	w(ud, message, strlen(message));
	w(ud, "\n", 1);
	if (!f)
		return;
	const st__source *src = find_source(ctx, st_loc_filename(f));
	if (!src || st_loc_line(f) == 0)
		return;
	const char *p = src->buf.data, *end = p + src->buf.len;
	unsigned line = 1;
	for (; line < st_loc_line(f) && p < end; p++)
		if (*p == '\n')
			line++;
	/* A line past the end of the buffer has no text; the empty line after
	 * a final newline (where errors at the end of the input are) does. */
	if (line < st_loc_line(f))
		return;
	const char *eol = memchr(p, '\n', (size_t)(end - p));
	if (!eol)
		eol = end;
	w(ud, p, (size_t)(eol - p));
	w(ud, "\n", 1);
	unsigned col = st_loc_col(f);
	for (unsigned i = 1; i < col && p + i - 1 < eol; i++)
		w(ud, p[i - 1] == '\t' ? "\t" : " ", 1);
	w(ud, "^\n", 2);
}

/* MLIR shows at most this many callers of a call-site location. */
#define CALL_STACK_LIMIT 10

static void render_one(st_context *ctx, const st_diag_info *d, st_write_fn w, void *ud) {
	render_at(ctx, d->loc, d->severity, d->message, w, ud);
	const st__callsite_loc *c = callsite_of(d->loc);
	for (int depth = 0; c && depth < CALL_STACK_LIMIT; depth++) {
		if (loc_to_show(c->caller))
			render_at(ctx, c->caller, ST_SEV_NOTE, "called from", w, ud);
		c = callsite_of(c->caller);
	}
}

void st_diag_render(st_context *ctx, const st_diag_info *d, st_write_fn w, void *ud) {
	render_one(ctx, d, w, ud);
	for (size_t i = 0; i < d->nnotes; i++)
		render_one(ctx, &d->notes[i], w, ud);
}

st_status st_diag_emit(st_diag *d) {
	if (!d)
		return ST_FAIL;
	st_context *ctx = d->ctx;
	st_severity sev = d->info.severity;
	if (sev == ST_SEV_ERROR)
		ctx->nerrors++;
	bool handled = false;
	for (size_t i = ctx->nhandlers; i-- > 0 && !handled;)
		handled = ctx->handlers[i].fn(ctx->handlers[i].ud, &d->info);
	if (!handled)
		st_diag_render(ctx, &d->info, ctx->diag_out ? ctx->diag_out : default_write, ctx->diag_out_ud);
	for (size_t i = 0; i < d->nnotes; i++)
		free_str(ctx, d->notes[i].message);
	st_ctx_free(ctx, d->notes, d->nnotes * sizeof *d->notes);
	free_str(ctx, d->msg);
	st_ctx_free(ctx, d, sizeof *d);
	return sev == ST_SEV_ERROR ? ST_FAIL : ST_OK;
}

st_status st_error(st_context *ctx, const st_attr *loc, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	st_diag *d = st_diag_createv(ctx, ST_SEV_ERROR, loc, fmt, ap);
	va_end(ap);
	if (!d)
		return ST_FAIL;
	return st_diag_emit(d);
}

void st_warning(st_context *ctx, const st_attr *loc, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	st_diag *d = st_diag_createv(ctx, ST_SEV_WARNING, loc, fmt, ap);
	va_end(ap);
	if (d)
		st_diag_emit(d);
}

static st_diag *op_diagv(const st_op *op, st_severity sev, const char *fmt, va_list ap) {
	st_context *ctx = op->name->ctx;
	char *msg = st__vformat(ctx, fmt, ap);
	st_diag *d = st_diag_create(ctx, sev, st_op_loc(op), "'%s' op %s", op->name->name->data, msg ? msg : "");
	free_str(ctx, msg);
	return d;
}

st_diag *st_op_diag(const st_op *op, st_severity sev, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	st_diag *d = op_diagv(op, sev, fmt, ap);
	va_end(ap);
	return d;
}

st_status st_op_error(const st_op *op, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	st_diag *d = op_diagv(op, ST_SEV_ERROR, fmt, ap);
	va_end(ap);
	if (!d)
		return ST_FAIL;
	return st_diag_emit(d);
}

/* The stack only grows (popping keeps the memory), so that a pop can never
 * fail and a failed push leaves the stack as it was. */
st_status st_context_push_diag_handler(st_context *ctx, st_diag_handler h, void *ud) {
	if (ctx->nhandlers == ctx->handler_cap) {
		size_t nc = ctx->handler_cap ? ctx->handler_cap * 2 : 4;
		st__handler *n = st_ctx_realloc(ctx, ctx->handlers, ctx->handler_cap * sizeof *n, nc * sizeof *n);
		if (!n)
			return ST_FAIL;
		ctx->handlers = n;
		ctx->handler_cap = nc;
	}
	ctx->handlers[ctx->nhandlers++] = (st__handler){h, ud};
	return ST_OK;
}

void st_context_pop_diag_handler(st_context *ctx) {
	if (ctx->nhandlers)
		ctx->nhandlers--;
}

void st_context_set_diag_output(st_context *ctx, st_write_fn w, void *ud) {
	ctx->diag_out = w;
	ctx->diag_out_ud = ud;
}

long st__source_index(st_context *ctx, const st_ident *name) {
	for (size_t i = ctx->nsources; i-- > 0;)
		if (ctx->sources[i].name == name)
			return (long)i;
	return -1;
}

void st_context_add_source(st_context *ctx, st_str filename, st_str buffer) {
	st_ident *name = st_ident_get(ctx, filename);
	if (!name)
		return;
	st__source *n = st_ctx_realloc(ctx, ctx->sources, ctx->nsources * sizeof *n, (ctx->nsources + 1) * sizeof *n);
	if (!n)
		return;
	ctx->sources = n;
	ctx->sources[ctx->nsources++] = (st__source){name, buffer};
}

size_t st_context_num_errors(const st_context *ctx) { return ctx->nerrors; }
