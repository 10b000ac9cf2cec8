/* Output buffering, signal naming and type spelling for the Verilog export:
 * names are legal identifiers, never SystemVerilog keywords, unique per
 * module, taken from ports and name hints so that the output reads like
 * the IR it came from. */
#include "verilog_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

vout *st__v_open(st_context *ctx, st_write_fn w, void *ud) {
	vout *o = st_ctx_alloc(ctx, sizeof *o);
	if (o) {
		o->w = w;
		o->ud = ud;
		o->n = 0;
	}
	return o;
}

void st__v_close(st_context *ctx, vout *o) {
	st__v_flush(o);
	st_ctx_free(ctx, o, sizeof *o);
}

void st__v_flush(vout *o) {
	if (o->n)
		o->w(o->ud, o->buf, o->n);
	o->n = 0;
}

void st__v_write(vout *o, const char *s, size_t n) {
	if (o->n + n > sizeof o->buf) {
		st__v_flush(o);
		if (n > sizeof o->buf) {
			o->w(o->ud, s, n);
			return;
		}
	}
	memcpy(o->buf + o->n, s, n);
	o->n += n;
}

void st__v_puts(vout *o, const char *s) { st__v_write(o, s, strlen(s)); }

void st__v_printf(vout *o, const char *fmt, ...) {
	char tmp[512];
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (k > 0)
		st__v_write(o, tmp, (size_t)k < sizeof tmp ? (size_t)k : sizeof tmp - 1);
}

/* ------------------------------------------------------------- names */

static const char *const keywords[] = {
	"always", "always_comb", "always_ff", "always_latch", "and", "assign", "automatic", "begin", "bit", "buf",
	"byte", "case", "casex", "casez", "cell", "class", "config", "const", "default", "defparam", "design",
	"disable", "do", "edge", "else", "end", "endcase", "endfunction", "endgenerate", "endmodule", "endtask",
	"enum", "event", "final", "for", "force", "forever", "fork", "function", "generate", "genvar", "if",
	"initial", "inout", "input", "int", "integer", "interface", "join", "localparam", "logic", "longint",
	"macromodule", "module", "nand", "negedge", "nor", "not", "or", "output", "packed", "parameter", "posedge",
	"priority", "reg", "repeat", "return", "shortint", "signed", "string", "struct", "supply0", "supply1",
	"table", "task", "time", "tri", "type", "typedef", "union", "unique", "unsigned", "var", "void", "wait",
	"while", "wire", "xnor", "xor", NULL,
};

static bool is_keyword(const char *s) {
	for (int i = 0; keywords[i]; i++)
		if (strcmp(keywords[i], s) == 0)
			return true;
	return false;
}

static size_t hash_str(const char *s) {
	size_t h = 1469598103934665603ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

static bool set_has(const vnames *v, const char *s) {
	if (!v->set_cap)
		return false;
	for (size_t h = hash_str(s) & (v->set_cap - 1); v->set[h]; h = (h + 1) & (v->set_cap - 1))
		if (strcmp(v->set[h], s) == 0)
			return true;
	return false;
}

static bool set_add(vnames *v, const char *s) {
	if ((v->set_n + 1) * 2 > v->set_cap) {
		size_t ncap = v->set_cap ? v->set_cap * 2 : 256;
		const char **ns = st_ctx_alloc(v->ctx, ncap * sizeof *ns);
		if (!ns)
			return false;
		memset(ns, 0, ncap * sizeof *ns);
		for (size_t i = 0; i < v->set_cap; i++)
			if (v->set[i]) {
				size_t h = hash_str(v->set[i]) & (ncap - 1);
				while (ns[h])
					h = (h + 1) & (ncap - 1);
				ns[h] = v->set[i];
			}
		st_ctx_free(v->ctx, v->set, v->set_cap * sizeof *v->set);
		v->set = ns;
		v->set_cap = ncap;
	}
	size_t h = hash_str(s) & (v->set_cap - 1);
	while (v->set[h])
		h = (h + 1) & (v->set_cap - 1);
	v->set[h] = s;
	v->set_n++;
	return true;
}

struct vsuffix {
	char *base; /* NULL: a free slot */
	unsigned next;
};

/* The slot of `base` in the suffix table, NULL when out of memory. */
static struct vsuffix *suffix_slot(vnames *v, const char *base) {
	if ((v->suffix_n + 1) * 2 > v->suffix_cap) {
		size_t ncap = v->suffix_cap ? v->suffix_cap * 2 : 64;
		struct vsuffix *ns = st_ctx_alloc(v->ctx, ncap * sizeof *ns);
		if (!ns)
			return NULL;
		memset(ns, 0, ncap * sizeof *ns);
		for (size_t i = 0; i < v->suffix_cap; i++)
			if (v->suffix[i].base) {
				size_t h = hash_str(v->suffix[i].base) & (ncap - 1);
				while (ns[h].base)
					h = (h + 1) & (ncap - 1);
				ns[h] = v->suffix[i];
			}
		st_ctx_free(v->ctx, v->suffix, v->suffix_cap * sizeof *v->suffix);
		v->suffix = ns;
		v->suffix_cap = ncap;
	}
	size_t h = hash_str(base) & (v->suffix_cap - 1);
	while (v->suffix[h].base && strcmp(v->suffix[h].base, base) != 0)
		h = (h + 1) & (v->suffix_cap - 1);
	if (!v->suffix[h].base) {
		size_t n = strlen(base) + 1;
		char *copy = st_ctx_alloc(v->ctx, n);
		if (!copy)
			return NULL;
		memcpy(copy, base, n);
		v->suffix[h].base = copy;
		v->suffix_n++;
	}
	return &v->suffix[h];
}

void st__v_names_init(vnames *v, st_context *ctx) {
	memset(v, 0, sizeof *v);
	v->ctx = ctx;
	v->map = st_value_map_create(ctx);
}

void st__v_names_free(vnames *v) {
	for (size_t i = 0; i < v->n; i++)
		st_ctx_free(v->ctx, v->names[i], strlen(v->names[i]) + 1);
	st_ctx_free(v->ctx, v->names, v->cap * sizeof *v->names);
	st_ctx_free(v->ctx, v->set, v->set_cap * sizeof *v->set);
	for (size_t i = 0; i < v->suffix_cap; i++)
		if (v->suffix[i].base)
			st_ctx_free(v->ctx, v->suffix[i].base, strlen(v->suffix[i].base) + 1);
	st_ctx_free(v->ctx, v->suffix, v->suffix_cap * sizeof *v->suffix);
	if (v->map)
		st_value_map_destroy(v->map);
}

const char *st__v_name_new(vnames *v, const char *hint, size_t len) {
	char base[128];
	size_t n = 0;
	if (hint)
		for (size_t i = 0; i < len && n < sizeof base - 16; i++) {
			unsigned char c = (unsigned char)hint[i];
			base[n++] = isalnum(c) || c == '_' ? (char)c : '_';
		}
	if (n == 0 || isdigit((unsigned char)base[0]))
		n = (size_t)snprintf(base, sizeof base, "_T%u", v->next_temp++);
	base[n] = 0;
	char buf[160];
	snprintf(buf, sizeof buf, "%s", base);
	if (set_has(v, buf) || is_keyword(buf)) {
		struct vsuffix *sf = suffix_slot(v, base);
		if (!sf)
			return NULL;
		unsigned k = sf->next;
		do
			snprintf(buf, sizeof buf, "%s_%u", base, k++);
		while (set_has(v, buf));
		sf->next = k;
	}
	size_t bl = strlen(buf);
	char *s = st_ctx_alloc(v->ctx, bl + 1);
	if (!s || !st_ctx_grow(v->ctx, (void **)&v->names, &v->cap, NULL, sizeof *v->names, v->n + 1)) {
		st_ctx_free(v->ctx, s, bl + 1);
		return NULL;
	}
	memcpy(s, buf, bl + 1);
	v->names[v->n++] = s;
	return set_add(v, s) ? s : NULL;
}

const char *st__v_name_assign(vnames *v, const st_value *val, const char *hint, size_t len) {
	const char *s = st__v_name_new(v, hint, len);
	if (s)
		st_value_map_add(v->map, val, (st_value *)(uintptr_t)v->n);
	return s;
}

const char *st__v_name_of(const vnames *v, const st_value *val) {
	uintptr_t k = (uintptr_t)st_value_map_lookup(v->map, val);
	return k ? v->names[k - 1] : "/* ? */";
}

/* ------------------------------------------------------------- types */

static void packed_dims(vout *o, const st_type *t) {
	while (st_hw_is_array(t)) {
		st__v_printf(o, "[%llu:0]", (unsigned long long)st_hw_array_size(t) - 1);
		t = st_hw_array_element(t);
	}
}

void st__v_type(vout *o, const st_type *t) {
	/* The innermost element decides the base; arrays add packed dimensions
	 * outermost first. */
	const st_type *e = t;
	while (st_hw_is_array(e))
		e = st_hw_array_element(e);
	if (st_hw_is_struct(e)) {
		st__v_puts(o, "struct packed {");
		for (size_t i = 0; i < st_hw_struct_num_fields(e); i++) {
			st_str n = st_hw_struct_field_name(e, i);
			st__v_type(o, st_hw_struct_field_type(e, i));
			st__v_printf(o, " %.*s; ", (int)n.len, n.data);
		}
		st__v_puts(o, "}");
		if (st_hw_is_array(t))
			st__v_puts(o, " ");
		packed_dims(o, t);
		return;
	}
	int64_t w = st_hw_bit_width(e);
	st__v_puts(o, "logic");
	if (st_hw_is_array(t) || w != 1)
		st__v_puts(o, " ");
	packed_dims(o, t);
	if (w != 1)
		st__v_printf(o, "[%lld:0]", (long long)w - 1);
}

void st__v_int_literal(vout *o, const st_attr *a) {
	unsigned w = st_type_int_width(st_attr_type(a));
	const uint64_t *words = st_attr_int_words(a);
	size_t nw = st_attr_int_num_words(a);
	st__v_printf(o, "%u'h", w ? w : 1);
	unsigned digits = w ? (w + 3) / 4 : 1;
	char buf[64];
	size_t n = 0;
	for (unsigned d = digits; d-- > 0;) {
		unsigned x = 0;
		for (int b = 3; b >= 0; b--) {
			uint64_t bit = 4 * (uint64_t)d + (uint64_t)b;
			x = x << 1 | (bit < w && bit / 64 < nw && (words[bit / 64] >> (bit % 64) & 1));
		}
		buf[n++] = "0123456789ABCDEF"[x];
		if (n == sizeof buf) {
			st__v_write(o, buf, n);
			n = 0;
		}
	}
	st__v_write(o, buf, n);
}
