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
	st_diag_info *n = st_ctx_realloc(d->ctx, d->notes, d->nnotes * sizeof *n, (d->nnotes + 1) * sizeof *n);
	if (!n)
		return;
	d->notes = n;
	va_list ap;
	va_start(ap, fmt);
	char *msg = st__vformat(d->ctx, fmt, ap);
	va_end(ap);
	if (!msg)
		return;
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

static void render_one(st_context *ctx, const st_diag_info *d, st_write_fn w, void *ud) {
	char buf[512];
	const st_attr *f = st_loc_find_file(d->loc);
	int n;
	if (f)
		n = snprintf(buf, sizeof buf, "%s:%u:%u: %s: ", st_ident_cstr(st_loc_filename(f)), st_loc_line(f),
		             st_loc_col(f), sev_name(d->severity));
	else if (d->loc && st_attr_get_kind(d->loc) == ST_ATTR_LOC_NAME)
		n = snprintf(buf, sizeof buf, "%s: %s: ", st_ident_cstr(((const st__name_loc *)d->loc)->name),
		             sev_name(d->severity));
	else
		n = snprintf(buf, sizeof buf, "<unknown>:0: %s: ", sev_name(d->severity));
	w(ud, buf, (size_t)(n < (int)sizeof buf ? n : (int)sizeof buf - 1));
	w(ud, d->message, strlen(d->message));
	w(ud, "\n", 1);
	if (!f)
		return;
	const st__source *src = find_source(ctx, st_loc_filename(f));
	if (!src || st_loc_line(f) == 0)
		return;
	const char *p = src->buf.data, *end = p + src->buf.len;
	for (unsigned line = 1; line < st_loc_line(f) && p < end; p++)
		if (*p == '\n')
			line++;
	if (p >= end && st_loc_line(f) > 1)
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
	st_diag *d = st_diag_create(ctx, sev, op->loc, "'%s' op %s", op->name->name->data, msg ? msg : "");
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

void st_context_push_diag_handler(st_context *ctx, st_diag_handler h, void *ud) {
	st__handler *n = st_ctx_realloc(ctx, ctx->handlers, ctx->nhandlers * sizeof *n, (ctx->nhandlers + 1) * sizeof *n);
	if (!n)
		return;
	ctx->handlers = n;
	ctx->handlers[ctx->nhandlers++] = (st__handler){h, ud};
}

void st_context_pop_diag_handler(st_context *ctx) {
	if (!ctx->nhandlers)
		return;
	ctx->nhandlers--;
	if (ctx->nhandlers == 0) {
		st_ctx_free(ctx, ctx->handlers, sizeof *ctx->handlers);
		ctx->handlers = NULL;
	} else {
		st__handler *n = st_ctx_realloc(ctx, ctx->handlers, (ctx->nhandlers + 1) * sizeof *n, ctx->nhandlers * sizeof *n);
		if (n)
			ctx->handlers = n;
	}
}

void st_context_set_diag_output(st_context *ctx, st_write_fn w, void *ud) {
	ctx->diag_out = w;
	ctx->diag_out_ud = ud;
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
