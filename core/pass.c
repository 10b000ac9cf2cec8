/* The pass registry of a context, pass instances and their typed options
 * (parsed from the `key=value` text of pipelines and printed back). */
#include "pass_internal.h"
#include <ctype.h>

#include <errno.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

/* ------------------------------------------------------------ registry */

st_status st_context_register_pass(st_context *ctx, const st_pass_def *def) {
	if (!def->name || !def->name[0] || !def->run)
		return st_error(ctx, NULL, "a pass definition needs a name and a run hook");
	return st__named_table_add(ctx, &ctx->passes, def, "pass");
}

const st_pass_def *st_context_lookup_pass(st_context *ctx, st_str name) {
	return st__named_table_lookup(&ctx->passes, name);
}

size_t st_context_num_passes(const st_context *ctx) { return ctx->passes.n; }

const st_pass_def *st_context_pass_at(const st_context *ctx, size_t i) {
	return i < ctx->passes.n ? ctx->passes.items[i] : NULL;
}

const char *st__pass_display_name(const st_pass_def *def) { return def->display_name ? def->display_name : def->name; }

/* ------------------------------------------------------------ accessors */

st_context *st_pass_context(const st_pass *pass) { return pass->pm->ctx; }
const st_pass_def *st_pass_get_def(const st_pass *pass) { return pass->def; }
const void *st_pass_options(const st_pass *pass) { return pass->options; }
void *st_pass_state(const st_pass *pass) { return pass->state; }
void st_pass_set_state(st_pass *pass, void *state) { pass->state = state; }

const st_pass_manager *st__pm_root(const st_pass_manager *pm) {
	while (pm->parent)
		pm = pm->parent;
	return pm;
}

void st__pm_write(const st_pass_manager *pm, const char *data, size_t len) {
	const st_pass_manager *root = st__pm_root(pm);
	if (root->ins.out)
		root->ins.out(root->ins.out_ud, data, len);
	else
		fwrite(data, 1, len, stderr);
}

void st_pass_write(const st_pass *pass, const char *data, size_t len) { st__pm_write(pass->pm, data, len); }

/* ------------------------------------------------------------- options */

st_attr *st__text_loc_at(st_context *ctx, const st__text_loc *tl, const char *p) {
	if (!tl || !tl->origin)
		return NULL;
	unsigned line = 1, col = 1;
	for (const char *q = tl->base; q < p; q++) {
		if (*q == '\n') {
			line++;
			col = 1;
		} else {
			col++;
		}
	}
	return st_loc_file(ctx, st_ident_str(tl->origin), line, col);
}

static void free_string_opt(st_context *ctx, const char **slot) {
	if (*slot)
		st_ctx_free(ctx, (void *)*slot, strlen(*slot) + 1);
	*slot = NULL;
}

/* Converts `v` for option `od` into its field in `opts`; `owner` names the
 * pass or target in errors ("pass 'cse'"), `at` locates them. */
static st_status set_option(st_context *ctx, const char *owner, const st_pass_option_def *od, void *opts,
                            const char *v, size_t vlen, st_attr *at) {
	void *field = (char *)opts + od->offset;
	switch (od->kind) {
	case ST_PASS_OPT_BOOL:
		if ((vlen == 4 && memcmp(v, "true", 4) == 0) || (vlen == 1 && v[0] == '1'))
			*(bool *)field = true;
		else if ((vlen == 5 && memcmp(v, "false", 5) == 0) || (vlen == 1 && v[0] == '0'))
			*(bool *)field = false;
		else
			return st_error(ctx, at, "invalid value '%.*s' for option '%s' of %s: expected true or false",
			                (int)vlen, v, od->name, owner);
		return ST_OK;
	case ST_PASS_OPT_INT: {
		char buf[32];
		if (vlen == 0 || vlen >= sizeof buf)
			goto bad_int;
		memcpy(buf, v, vlen);
		buf[vlen] = 0;
		char *end;
		errno = 0;
		long long x = strtoll(buf, &end, 10);
		if (errno || *end || buf[0] == ' ' || buf[0] == '+')
			goto bad_int;
		*(int64_t *)field = (int64_t)x;
		return ST_OK;
	bad_int:
		return st_error(ctx, at, "invalid value '%.*s' for option '%s' of %s: expected an integer", (int)vlen, v,
		                od->name, owner);
	}
	case ST_PASS_OPT_STRING:
	case ST_PASS_OPT_LIST: {
		char *s = st_ctx_alloc(ctx, vlen + 1);
		if (!s)
			return ST_FAIL;
		memcpy(s, v, vlen);
		s[vlen] = 0;
		free_string_opt(ctx, (const char **)field);
		*(const char **)field = s;
		return ST_OK;
	}
	case ST_PASS_OPT_ENUM: {
		char list[256];
		size_t ll = 0;
		list[0] = 0;
		for (int i = 0; od->cases && od->cases[i]; i++) {
			if (strlen(od->cases[i]) == vlen && memcmp(od->cases[i], v, vlen) == 0) {
				*(int *)field = i;
				return ST_OK;
			}
			int k = snprintf(list + ll, sizeof list - ll, "%s%s", i ? ", " : "", od->cases[i]);
			if (k > 0 && (size_t)k < sizeof list - ll)
				ll += (size_t)k;
		}
		return st_error(ctx, at, "invalid value '%.*s' for option '%s' of %s: expected one of %s", (int)vlen, v,
		                od->name, owner, list);
	}
	}
	return ST_FAIL;
}

static st_status set_pass_option(st_pass *pass, const st_pass_option_def *od, const char *v, size_t vlen,
                                 st_attr *at) {
	char owner[160];
	snprintf(owner, sizeof owner, "pass '%s'", pass->def->name);
	if (st_failed(set_option(pass->pm->ctx, owner, od, pass->options, v, vlen, at)))
		return ST_FAIL;
	if (pass->option_locs)
		pass->option_locs[od - pass->def->options] = at;
	return ST_OK;
}

const st_attr *st_pass_option_loc(const st_pass *pass, const char *name) {
	const st_pass_option_def *od = st_options_find(pass->def->options, pass->def->noptions, st_str_c(name));
	return od && pass->option_locs ? pass->option_locs[od - pass->def->options] : NULL;
}

st_status st_pass_option_error(const st_pass *pass, const char *name, st_op *op, const char *fmt, ...) {
	const st_attr *loc = st_pass_option_loc(pass, name);
	va_list ap;
	va_start(ap, fmt);
	st_diag *d = loc ? st_diag_createv(pass->pm->ctx, ST_SEV_ERROR, loc, fmt, ap) : NULL;
	va_end(ap);
	if (d)
		return st_diag_emit(d);
	char msg[512];
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return st_op_error(op, "%s", msg);
}

static void *opt_field(st_pass *pass, const st_pass_option_def *od) { return (char *)pass->options + od->offset; }

/* ---------------------------------------------- options outside passes */

st_status st_options_init(st_context *ctx, const st_pass_option_def *defs, size_t n, void *opts, size_t size,
                          const char *owner) {
	memset(opts, 0, size);
	for (size_t i = 0; i < n; i++)
		if (defs[i].default_value &&
		    st_failed(set_option(ctx, owner, &defs[i], opts, defs[i].default_value, strlen(defs[i].default_value),
		                         NULL))) {
			st_options_release(ctx, defs, n, opts);
			return ST_FAIL;
		}
	return ST_OK;
}

const st_pass_option_def *st_options_find(const st_pass_option_def *defs, size_t n, st_str name) {
	for (size_t i = 0; i < n; i++)
		if (st_str_eq_c(name, defs[i].name))
			return &defs[i];
	return NULL;
}

st_status st_option_set(st_context *ctx, const st_pass_option_def *def, void *opts, const char *owner, st_str value,
                        st_attr *loc) {
	return set_option(ctx, owner, def, opts, value.data, value.len, loc);
}

void st_options_release(st_context *ctx, const st_pass_option_def *defs, size_t n, void *opts) {
	for (size_t i = 0; i < n && opts; i++)
		if (defs[i].kind == ST_PASS_OPT_STRING || defs[i].kind == ST_PASS_OPT_LIST)
			free_string_opt(ctx, (const char **)((char *)opts + defs[i].offset));
}

const char *st__match_brace(const char *open, const char *end) {
	int depth = 0;
	char quote = 0;
	const char *p = open;
	for (; p < end; p++) {
		if (quote) {
			if (*p == quote)
				quote = 0;
		} else if (*p == '\'' || *p == '"') {
			quote = *p;
		} else if (*p == '{') {
			depth++;
		} else if (*p == '}' && --depth == 0) {
			break;
		}
	}
	return p;
}

static bool is_sep(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ','; }

st_status st__pass_parse_options(st_pass *pass, const char *text, size_t len, const st__text_loc *tl) {
	st_context *ctx = pass->pm->ctx;
	const char *p = text, *end = text + len;
	const char *pname = pass->def->name;
	for (;;) {
		while (p < end && is_sep(*p))
			p++;
		if (p == end)
			return ST_OK;
		const char *key = p;
		while (p < end && !is_sep(*p) && *p != '=' && *p != '{' && *p != '}' && *p != '\'' && *p != '"')
			p++;
		if (p == key)
			return st_error(ctx, st__text_loc_at(ctx, tl, p), "expected an option name in the options of pass '%s'",
			                pname);
		size_t klen = (size_t)(p - key);
		const st_pass_option_def *od = NULL;
		for (size_t i = 0; i < pass->def->noptions && !od; i++)
			if (strlen(pass->def->options[i].name) == klen && memcmp(pass->def->options[i].name, key, klen) == 0)
				od = &pass->def->options[i];
		if (!od)
			return st_error(ctx, st__text_loc_at(ctx, tl, key), "pass '%s' has no option '%.*s'", pname, (int)klen, key);
		if (p == end || *p != '=') {
			if (p < end && !is_sep(*p))
				return st_error(ctx, st__text_loc_at(ctx, tl, p), "expected '=' after option '%s' of pass '%s'",
				                od->name, pname);
			if (od->kind != ST_PASS_OPT_BOOL)
				return st_error(ctx, st__text_loc_at(ctx, tl, key), "option '%s' of pass '%s' needs a value",
				                od->name, pname);
			*(bool *)opt_field(pass, od) = true;
			continue;
		}
		p++;
		/* A value runs to the next separator; quotes and braces group (and
		 * are stripped), so that a value may hold spaces or a pipeline. */
		const char *v = p, *vend;
		if (p < end && (*p == '\'' || *p == '"')) {
			char q = *p++;
			v = p;
			while (p < end && *p != q)
				p++;
			assert(p < end && "quotes closed, or the pipeline parser's brace matching would have failed");
			vend = p++;
		} else if (p < end && *p == '{') {
			/* The pipeline parser matched the braces around the options
			 * the same way, so these are balanced too. */
			v = p + 1;
			p = st__match_brace(p, end);
			assert(p < end && "braces balanced by the pipeline parser");
			vend = p++;
		} else {
			while (p < end && (!is_sep(*p) || (od->kind == ST_PASS_OPT_LIST && *p == ',' && p + 1 < end &&
			                                    (isdigit((unsigned char)p[1]) || p[1] == '-' || p[1] == '+'))) &&
			       *p != '{' && *p != '}')
				p++;
			vend = p;
			if (p < end && (*p == '{' || *p == '}'))
				return st_error(ctx, st__text_loc_at(ctx, tl, p), "unexpected '%c' in the value of option '%s' of pass '%s'",
				                *p, od->name, pname);
		}
		if (p < end && !is_sep(*p))
			return st_error(ctx, st__text_loc_at(ctx, tl, p), "expected a space or ',' after the value of option '%s' of pass '%s'",
			                od->name, pname);
		if (st_failed(set_pass_option(pass, od, v, (size_t)(vend - v), st__text_loc_at(ctx, tl, v))))
			return ST_FAIL;
	}
}

void st_option_print(const st_pass_option_def *od, const void *opts, st_write_fn w, void *ud) {
	const void *field = (const char *)opts + od->offset;
	char buf[32];
	switch (od->kind) {
	case ST_PASS_OPT_BOOL:
		w(ud, *(const bool *)field ? "true" : "false", *(const bool *)field ? 4 : 5);
		return;
	case ST_PASS_OPT_INT:
		snprintf(buf, sizeof buf, "%" PRId64, *(const int64_t *)field);
		w(ud, buf, strlen(buf));
		return;
	case ST_PASS_OPT_ENUM: {
		int k = *(const int *)field;
		const char *c = od->cases && k >= 0 ? od->cases[k] : NULL;
		if (c)
			w(ud, c, strlen(c));
		return;
	}
	case ST_PASS_OPT_LIST: {
		const char *s = *(const char *const *)field;
		if (s)
			w(ud, s, strlen(s));
		return;
	}
	case ST_PASS_OPT_STRING: {
		const char *s = *(const char *const *)field;
		if (!s)
			s = "";
		size_t n = strlen(s);
		/* Quote what the option parser would split; braces hold anything
		 * balanced, quotes anything else. */
		if (n && !strpbrk(s, " \t\n\r,{}'\"=")) {
			w(ud, s, n);
		} else if (!strchr(s, '"')) {
			w(ud, "\"", 1);
			w(ud, s, n);
			w(ud, "\"", 1);
		} else {
			w(ud, "{", 1);
			w(ud, s, n);
			w(ud, "}", 1);
		}
		return;
	}
	}
}

void st__pass_print(const st_pass *pass, st_write_fn w, void *ud) {
	const st_pass_def *def = pass->def;
	w(ud, def->name, strlen(def->name));
	if (!def->noptions)
		return;
	w(ud, "{", 1);
	for (size_t i = 0; i < def->noptions; i++) {
		const st_pass_option_def *od = &def->options[i];
		if (i)
			w(ud, " ", 1);
		w(ud, od->name, strlen(od->name));
		w(ud, "=", 1);
		st_option_print(od, pass->options, w, ud);
	}
	w(ud, "}", 1);
}

/* ------------------------------------------------------------ instances */

st_pass *st__pass_create(st_pass_manager *pm, const st_pass_def *def) {
	st_context *ctx = pm->ctx;
	st_pass *pass = st_ctx_alloc(ctx, sizeof *pass);
	if (!pass)
		return NULL;
	memset(pass, 0, sizeof *pass);
	pass->def = def;
	pass->pm = pm;
	if (def->options_size) {
		pass->options = st_ctx_alloc(ctx, def->options_size);
		if (!pass->options) {
			st_ctx_free(ctx, pass, sizeof *pass);
			return NULL;
		}
		memset(pass->options, 0, def->options_size);
	}
	if (def->noptions) {
		pass->option_locs = st_ctx_alloc(ctx, def->noptions * sizeof *pass->option_locs);
		if (!pass->option_locs) {
			st__pass_destroy(pass);
			return NULL;
		}
		memset(pass->option_locs, 0, def->noptions * sizeof *pass->option_locs);
	}
	for (size_t i = 0; i < def->noptions; i++) {
		const st_pass_option_def *od = &def->options[i];
		if (od->default_value &&
		    st_failed(set_pass_option(pass, od, od->default_value, strlen(od->default_value), NULL))) {
			st__pass_destroy(pass);
			return NULL;
		}
	}
	return pass;
}

st_status st__pass_init(st_pass *pass) {
	if (!pass->def->init)
		return ST_OK;
	if (st_failed(pass->def->init(pass)))
		return ST_FAIL;
	pass->initialized = true;
	return ST_OK;
}

void st__pass_destroy(st_pass *pass) {
	if (!pass)
		return;
	st_context *ctx = pass->pm->ctx;
	if (pass->def->destroy && pass->initialized)
		pass->def->destroy(pass);
	st_options_release(ctx, pass->def->options, pass->def->noptions, pass->options);
	st_ctx_free(ctx, pass->options, pass->def->options_size);
	if (pass->option_locs)
		st_ctx_free(ctx, pass->option_locs, pass->def->noptions * sizeof *pass->option_locs);
	st_ctx_free(ctx, pass->preserved, pass->preserved_cap * sizeof *pass->preserved);
	st_ctx_free(ctx, pass->atimes, pass->atime_cap * sizeof *pass->atimes);
	st_ctx_free(ctx, pass, sizeof *pass);
}
