/* The JSON of the QoR report (strata/backend.h): objects built through
 * typed calls and written out, so that no part of a report is text spliced
 * into another.  Keys keep the order they were first set in. */
#include "common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef enum jkind { J_NULL, J_BOOL, J_INT, J_REAL, J_STRING, J_OBJECT } jkind;

typedef struct jentry {
	char *key;
	jkind kind;
	int decimals;
	union {
		bool b;
		int64_t i;
		double r;
		char *s;
		st_json *o;
	} u;
} jentry;

struct st_json {
	jentry *e;
	size_t n, cap;
	bool oom; /* a value was lost; the report says so when written */
};

st_json *st__json_new(void) { return calloc(1, sizeof(st_json)); }

static void clear(jentry *e) {
	if (e->kind == J_STRING)
		free(e->u.s);
	else if (e->kind == J_OBJECT)
		st__json_free(e->u.o);
	e->kind = J_NULL;
}

void st__json_free(st_json *o) {
	if (!o)
		return;
	for (size_t i = 0; i < o->n; i++) {
		clear(&o->e[i]);
		free(o->e[i].key);
	}
	free(o->e);
	free(o);
}

/* The entry of `key`, emptied, or NULL (out of memory: noted). */
static jentry *slot(st_json *o, const char *key) {
	if (!o)
		return NULL;
	for (size_t i = 0; i < o->n; i++)
		if (!strcmp(o->e[i].key, key)) {
			clear(&o->e[i]);
			return &o->e[i];
		}
	if (o->n == o->cap) {
		size_t nc = o->cap ? 2 * o->cap : 8;
		jentry *ne = realloc(o->e, nc * sizeof *ne);
		if (!ne) {
			o->oom = true;
			return NULL;
		}
		o->e = ne;
		o->cap = nc;
	}
	char *k = strdup(key);
	if (!k) {
		o->oom = true;
		return NULL;
	}
	jentry *e = &o->e[o->n++];
	memset(e, 0, sizeof *e);
	e->key = k;
	return e;
}

void st_json_set_int(st_json *obj, const char *key, int64_t v) {
	jentry *e = slot(obj, key);
	if (e)
		e->kind = J_INT, e->u.i = v;
}

void st_json_set_real(st_json *obj, const char *key, double v, int decimals) {
	jentry *e = slot(obj, key);
	if (!e)
		return;
	/* JSON has no infinities or NaNs. */
	if (!isfinite(v)) {
		e->kind = J_NULL;
		return;
	}
	e->kind = J_REAL, e->u.r = v, e->decimals = decimals < 0 ? 0 : decimals > 17 ? 17 : decimals;
}

void st_json_set_bool(st_json *obj, const char *key, bool v) {
	jentry *e = slot(obj, key);
	if (e)
		e->kind = J_BOOL, e->u.b = v;
}

void st_json_set_string(st_json *obj, const char *key, const char *v) {
	jentry *e = slot(obj, key);
	if (!e)
		return;
	if (!(e->u.s = strdup(v ? v : ""))) {
		obj->oom = true;
		return;
	}
	e->kind = J_STRING;
}

void st_json_set_null(st_json *obj, const char *key) { (void)slot(obj, key); }

st_json *st_json_set_object(st_json *obj, const char *key) {
	for (size_t i = 0; obj && i < obj->n; i++)
		if (!strcmp(obj->e[i].key, key) && obj->e[i].kind == J_OBJECT)
			return obj->e[i].u.o;
	jentry *e = slot(obj, key);
	if (!e)
		return NULL;
	if (!(e->u.o = st__json_new())) {
		obj->oom = true;
		return NULL;
	}
	e->kind = J_OBJECT;
	return e->u.o;
}

size_t st__json_size(const st_json *o) { return o ? o->n : 0; }

/* Names are identifiers, memory names, stage names: escaping keeps the
 * JSON valid whatever they hold. */
static void write_string(FILE *f, const char *s) {
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

bool st__json_oom(const st_json *o) {
	if (!o)
		return true;
	if (o->oom)
		return true;
	for (size_t i = 0; i < o->n; i++)
		if (o->e[i].kind == J_OBJECT && st__json_oom(o->e[i].u.o))
			return true;
	return false;
}

void st__json_write(const st_json *o, FILE *f, int indent) {
	if (!o || !o->n) {
		fputs("{}", f);
		return;
	}
	fputc('{', f);
	for (size_t i = 0; i < o->n; i++) {
		const jentry *e = &o->e[i];
		if (indent > 0)
			fprintf(f, "%s\n%*s", i ? "," : "", indent, "");
		else if (i)
			fputs(", ", f);
		write_string(f, e->key);
		fputs(": ", f);
		switch (e->kind) {
		case J_NULL:
			fputs("null", f);
			break;
		case J_BOOL:
			fputs(e->u.b ? "true" : "false", f);
			break;
		case J_INT:
			fprintf(f, "%lld", (long long)e->u.i);
			break;
		case J_REAL:
			fprintf(f, "%.*f", e->decimals, e->u.r);
			break;
		case J_STRING:
			write_string(f, e->u.s);
			break;
		case J_OBJECT:
			/* Nested objects go on one line. */
			st__json_write(e->u.o, f, 0);
			break;
		}
	}
	if (indent > 0)
		fputs("\n}", f);
	else
		fputc('}', f);
}

void st__json_copy_into(st_json *dst, const st_json *src) {
	for (size_t i = 0; dst && src && i < src->n; i++) {
		const jentry *e = &src->e[i];
		switch (e->kind) {
		case J_NULL:
			st_json_set_null(dst, e->key);
			break;
		case J_BOOL:
			st_json_set_bool(dst, e->key, e->u.b);
			break;
		case J_INT:
			st_json_set_int(dst, e->key, e->u.i);
			break;
		case J_REAL:
			st_json_set_real(dst, e->key, e->u.r, e->decimals);
			break;
		case J_STRING:
			st_json_set_string(dst, e->key, e->u.s);
			break;
		case J_OBJECT:
			st__json_copy_into(st_json_set_object(dst, e->key), e->u.o);
			break;
		}
	}
	if (dst && src && src->oom)
		dst->oom = true;
}
