/* MLIR's textual pass pipeline syntax: parsing into a pass manager (with
 * errors located in the text, which is registered as a diagnostic source so
 * that they show the line and a caret) and printing back.
 *
 *   pipeline ::= element (`,` element)*
 *   element  ::= op-name `(` pipeline? `)`        a nested manager ("any": any op)
 *              | pass-name (`{` options `}`)?
 */
#include "pass_internal.h"

#include <ctype.h>

#define MAX_DEPTH 64

typedef struct pp {
	st_context *ctx;
	const char *p, *end;
	st__text_loc tl;
	/* Flat additions (`--cse`): a pass anchored elsewhere is nested in a
	 * manager for its anchor instead of being an error. */
	bool implicit_nesting;
} pp;

static st_attr *loc_at(pp *p, const char *at) { return st__text_loc_at(p->ctx, &p->tl, at); }

static void skip_ws(pp *p) {
	while (p->p < p->end && isspace((unsigned char)*p->p))
		p->p++;
}

static bool name_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '.' || c == '$'; }

/* The manager `pass` goes into: `pm`, or (implicit nesting) the last entry
 * of `pm` when it is a manager for the pass's anchor, or a new one. */
static st_pass_manager *target_for(pp *p, st_pass_manager *pm, const st_pass_def *def, const char *at) {
	if (!def->anchor || (pm->anchor && strcmp(st_ident_cstr(pm->anchor), def->anchor) == 0))
		return pm;
	if (!p->implicit_nesting) {
		st_error(p->ctx, loc_at(p, at), "pass '%s' is anchored on '%s' and cannot run on %s%s%s; nest it: %s(%s)",
		         def->name, def->anchor, pm->anchor ? "'" : "", pm->anchor ? st_ident_cstr(pm->anchor) : "any op",
		         pm->anchor ? "' ops" : "", def->anchor, def->name);
		return NULL;
	}
	if (pm->nentries) {
		st_pass_manager *last = pm->entries[pm->nentries - 1].nested;
		if (last && last->anchor && strcmp(st_ident_cstr(last->anchor), def->anchor) == 0)
			return last;
	}
	return st_pass_manager_nest(pm, def->anchor);
}

static st_status parse_list(pp *p, st_pass_manager *pm, int depth);

static st_status parse_pass(pp *p, st_pass_manager *pm, const char *name, size_t nlen) {
	const st_pass_def *def = st_context_lookup_pass(p->ctx, st_str_make(name, nlen));
	if (!def)
		return st_error(p->ctx, loc_at(p, name), "'%.*s' does not refer to a registered pass", (int)nlen, name);
	const char *opts = NULL, *opts_end = NULL;
	if (p->p < p->end && *p->p == '{') {
		const char *open = p->p;
		p->p = st__match_brace(open, p->end);
		if (p->p == p->end)
			return st_error(p->ctx, loc_at(p, open), "unbalanced '{' in the options of pass '%s'", def->name);
		opts = open + 1;
		opts_end = p->p++;
	}
	st_pass_manager *target = target_for(p, pm, def, name);
	if (!target)
		return ST_FAIL;
	st_pass *pass = st__pass_create(target, def);
	if (!pass)
		return ST_FAIL;
	if ((opts && st_failed(st__pass_parse_options(pass, opts, (size_t)(opts_end - opts), &p->tl))) ||
	    st_failed(st__pass_init(pass)) || st_failed(st__pm_add_pass(target, pass))) {
		st__pass_destroy(pass);
		return ST_FAIL;
	}
	return ST_OK;
}

static st_status parse_element(pp *p, st_pass_manager *pm, int depth) {
	skip_ws(p);
	const char *name = p->p;
	while (p->p < p->end && name_char(*p->p))
		p->p++;
	size_t nlen = (size_t)(p->p - name);
	if (!nlen) {
		if (p->p < p->end && ((depth == 0 && *p->p == ')') || *p->p == '}'))
			return st_error(p->ctx, loc_at(p, p->p), "unbalanced '%c' in the pass pipeline", *p->p);
		return st_error(p->ctx, loc_at(p, p->p), "expected a pass name or an op name followed by '('");
	}
	skip_ws(p);
	if (p->p == p->end || *p->p != '(')
		return parse_pass(p, pm, name, nlen);
	if (depth >= MAX_DEPTH)
		return st_error(p->ctx, loc_at(p, p->p), "the pass pipeline is nested more than %d deep", MAX_DEPTH);
	const char *open = p->p++;
	char anchor[256];
	if (nlen >= sizeof anchor)
		return st_error(p->ctx, loc_at(p, name), "op name '%.*s' is too long", (int)nlen, name);
	memcpy(anchor, name, nlen);
	anchor[nlen] = 0;
	st_pass_manager *nested = st_pass_manager_nest(pm, strcmp(anchor, "any") == 0 ? NULL : anchor);
	if (!nested)
		return ST_FAIL;
	bool flat = p->implicit_nesting;
	p->implicit_nesting = false; /* what is written nested is meant as written */
	skip_ws(p);
	st_status s = ST_OK;
	if (p->p < p->end && *p->p != ')')
		s = parse_list(p, nested, depth + 1);
	p->implicit_nesting = flat;
	if (st_failed(s))
		return ST_FAIL;
	if (p->p == p->end || *p->p != ')')
		return st_error(p->ctx, loc_at(p, open), "unbalanced '(': expected ')' to close the pipeline of '%s'", anchor);
	p->p++;
	return ST_OK;
}

/* Elements separated by commas, up to a ')' or the end. */
static st_status parse_list(pp *p, st_pass_manager *pm, int depth) {
	for (;;) {
		if (st_failed(parse_element(p, pm, depth)))
			return ST_FAIL;
		skip_ws(p);
		if (p->p == p->end || *p->p == ')')
			return ST_OK;
		if (*p->p != ',')
			return st_error(p->ctx, loc_at(p, p->p), "expected ',' or ')' after a pass pipeline element, found '%c'",
			                *p->p);
		p->p++;
	}
}

/* Moves the entries of `from` to the end of `to`. */
static st_status splice(st_pass_manager *to, st_pass_manager *from) {
	for (size_t i = 0; i < from->nentries; i++) {
		st__pm_entry e = from->entries[i];
		st_status s = e.pass ? st__pm_add_pass(to, e.pass) : st__pm_add_nested(to, e.nested);
		if (st_failed(s)) {
			/* Entries before i belong to `to` now. */
			memmove(from->entries, from->entries + i, (from->nentries - i) * sizeof *from->entries);
			from->nentries -= i;
			return ST_FAIL;
		}
		if (e.pass)
			e.pass->pm = to;
		else
			e.nested->parent = to;
	}
	from->nentries = 0;
	return ST_OK;
}

/* A copy of `text` that lives as long as the context, registered as the
 * diagnostic source `origin`. */
static const char *register_text(st_context *ctx, st_str text, const char *origin, st__text_loc *tl) {
	char *copy = st__arena_alloc(ctx, text.len + 1);
	if (!copy)
		return NULL;
	memcpy(copy, text.data, text.len);
	tl->base = copy;
	tl->origin = origin ? st_ident_get_c(ctx, origin) : NULL;
	if (origin)
		st_context_add_source(ctx, st_str_c(origin), st_str_make(copy, text.len));
	return copy;
}

st_status st_pass_manager_parse_pipeline(st_pass_manager *pm, st_str text, const char *origin) {
	st_context *ctx = pm->ctx;
	pp p = {.ctx = ctx};
	const char *copy = register_text(ctx, text, origin, &p.tl);
	if (!copy)
		return ST_FAIL;
	p.p = copy;
	p.end = copy + text.len;
	/* Parse into a scratch manager so that a failure leaves `pm` as it was. */
	st_pass_manager *tmp = st_pass_manager_create(ctx, pm->anchor ? st_ident_cstr(pm->anchor) : NULL);
	if (!tmp)
		return ST_FAIL;
	tmp->parent = pm; /* passes find the root's instrument through it */
	st_status s = ST_OK;
	skip_ws(&p);
	if (p.p < p.end) {
		s = parse_list(&p, tmp, 0);
		if (st_succeeded(s) && p.p < p.end)
			s = st_error(ctx, loc_at(&p, p.p), "unbalanced ')' in the pass pipeline");
	}
	if (st_succeeded(s)) {
		/* `builtin.module(...)` (or `any(...)`) around the whole text is the
		 * manager itself, as in mlir-opt; anything else is nested in it. */
		st_pass_manager *only = tmp->nentries == 1 ? tmp->entries[0].nested : NULL;
		if (only && (!only->anchor || only->anchor == pm->anchor)) {
			s = splice(pm, only);
		} else {
			s = splice(pm, tmp);
		}
	}
	tmp->parent = NULL;
	st_pass_manager_destroy(tmp);
	return s;
}

st_status st_pass_manager_add(st_pass_manager *pm, const char *name, const char *options) {
	st_context *ctx = pm->ctx;
	/* The equivalent pipeline element, so that option errors point into it. */
	size_t nl = strlen(name), ol = options ? strlen(options) : 0;
	char *text = st_ctx_alloc(ctx, nl + ol + 3);
	if (!text)
		return ST_FAIL;
	memcpy(text, name, nl);
	size_t len = nl;
	if (options) {
		text[len++] = '{';
		memcpy(text + len, options, ol);
		len += ol;
		text[len++] = '}';
	}
	pp p = {.ctx = ctx, .implicit_nesting = true};
	const char *copy = register_text(ctx, st_str_make(text, len), "<pass-pipeline>", &p.tl);
	st_ctx_free(ctx, text, nl + ol + 3);
	if (!copy)
		return ST_FAIL;
	p.p = copy;
	p.end = copy + len;
	p.p = copy + nl;
	return parse_pass(&p, pm, copy, nl);
}

/* ---------------------------------------------------------------- printing */

static void print_pm(const st_pass_manager *pm, st_write_fn w, void *ud) {
	const char *a = st__pm_anchor_name(pm);
	w(ud, a, strlen(a));
	w(ud, "(", 1);
	for (size_t i = 0; i < pm->nentries; i++) {
		if (i)
			w(ud, ",", 1);
		if (pm->entries[i].pass)
			st__pass_print(pm->entries[i].pass, w, ud);
		else
			print_pm(pm->entries[i].nested, w, ud);
	}
	w(ud, ")", 1);
}

void st_pass_manager_print(const st_pass_manager *pm, st_write_fn w, void *ud) { print_pm(pm, w, ud); }
