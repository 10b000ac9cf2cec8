/* The input of a run (strata/backend.h): the file read in its language at
 * loop level, the kernel function in it, and the kernel's buffers read
 * from its signature. */
#include "strata/backend.h"

#include "strata/asm.h"
#include "strata/pass.h"
#include "strata/translate.h"

#include <stdlib.h>
#include <string.h>

static st_op *import(st_context *ctx, const char *path, st_str text) {
	const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
	const st_translation_def *t =
		dot && (!slash || dot > slash) ? st_context_lookup_import_by_extension(ctx, st_str_c(dot)) : NULL;
	if (!t) {
		/* MLIR text, whatever the extension. */
		st_context_add_source(ctx, st_str_c(path), text);
		st_parse_options po = {.no_register_source = true};
		return st_parse_source(ctx, text, path, &po);
	}
	st_op *m = t->import(ctx, text, path);
	if (!m || !t->loop_pipeline)
		return m;
	st_pass_manager *pm = st_pass_manager_create(ctx, "builtin.module");
	char origin[300];
	snprintf(origin, sizeof origin, "<%s loop pipeline>", t->name);
	bool ok = pm && st_succeeded(st_pass_manager_parse_pipeline(pm, st_str_c(t->loop_pipeline), origin)) &&
	          st_succeeded(st_pass_manager_run(pm, m));
	st_pass_manager_destroy(pm);
	if (!ok) {
		st_op_destroy(m);
		m = NULL;
	}
	return m;
}

st_op *st_run_load_input(st_context *ctx, const char *path, st_str text) {
	st_op *m = import(ctx, path, text);
	if (m && st_failed(st_verify(m))) {
		st_op_destroy(m);
		m = NULL;
	}
	return m;
}

static st_block *body(st_op *module) { return st_region_first_block(st_op_region(module, 0)); }

static bool is_public(const st_op *op) {
	st_attr *v = st_op_get_attr(op, "sym_visibility");
	return !v || st_str_eq_c(st_attr_string(v), "public");
}

st_op *st_run_find_kernel(const char *tool, st_op *module, const char *top) {
	st_op *found = NULL;
	size_t n = 0;
	for (st_op *op = st_block_first_op(body(module)); op; op = st_op_next(op)) {
		if (strcmp(st_op_name_cstr(op), "func.func") || !st_op_num_regions(op) ||
		    !st_region_first_block(st_op_region(op, 0)))
			continue;
		const char *name = st_ident_cstr(st_symbol_name(op));
		if (top ? strcmp(name, top) == 0 : is_public(op)) {
			found = op;
			n++;
		}
	}
	if (top && !found) {
		fprintf(stderr, "%s: error: --top=%s: the input has no function of that name\n", tool, top);
		return NULL;
	}
	if (n != 1) {
		fprintf(stderr, "%s: error: the input has %s public function with a body; name the kernel with --top=<name>\n",
		        tool, n ? "more than one" : "no");
		return NULL;
	}
	return found;
}

/* Bits of a word of type `t`: integers and index (the interpreter's 64
 * bits), floats as their bit pattern; 0 for anything else. */
static unsigned word_width(st_type *t) {
	if (st_type_is_integer(t) || st_type_is_index(t))
		return st_type_is_index(t) ? 64 : st_type_int_width(t);
	return st_type_is_float(t) ? st_type_float_width(t) : 0;
}

/* The argument's attribute dictionary (NULL: none). */
static st_attr *arg_dict(st_op *kernel, size_t index) {
	st_attr *aa = st_op_get_attr(kernel, "arg_attrs");
	st_attr *d = aa && st_attr_get_kind(aa) == ST_ATTR_ARRAY && index < st_attr_array_size(aa)
	                 ? st_attr_array_elt(aa, index)
	                 : NULL;
	return d && st_attr_get_kind(d) == ST_ATTR_DICTIONARY ? d : NULL;
}

/* Whether `s` can name the buffer's files: letters, digits, '_', '-' and
 * '.', not starting with '.' (which --inputs skips) or '-'. */
static bool file_name_ok(st_str s, size_t max) {
	if (!s.len || s.len >= max || s.data[0] == '.' || s.data[0] == '-')
		return false;
	for (size_t i = 0; i < s.len; i++) {
		char c = s.data[i];
		if (!(c == '_' || c == '-' || c == '.' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
		      (c >= 'A' && c <= 'Z')))
			return false;
	}
	return true;
}

/* The argument's name as the source gave it: the first string attribute
 * `<dialect>.name` of its dictionary (the Halide frontend's accel.name,
 * a hand-written kernel's calyx.name). */
static bool source_name(st_attr *dict, char *buf, size_t n) {
	for (size_t j = 0; dict && j < st_attr_dict_size(dict); j++) {
		st_named_attr e = st_attr_dict_entry(dict, j);
		st_str k = st_ident_str(e.name);
		if (k.len > 5 && !memcmp(k.data + k.len - 5, ".name", 5) && st_attr_get_kind(e.value) == ST_ATTR_STRING &&
		    file_name_ok(st_attr_string(e.value), n)) {
			st_str v = st_attr_string(e.value);
			snprintf(buf, n, "%.*s", (int)v.len, v.data);
			return true;
		}
	}
	return false;
}

/* A scalar argument's `func.default` (the func dialect verifies it has
 * the argument's type) as a word. */
static void read_default(st_attr *dict, st_buffer *b) {
	st_attr *d = dict ? st_attr_dict_get_c(dict, "func.default") : NULL;
	if (!d || st_attr_type(d) != b->elt)
		return;
	uint64_t mask = b->width >= 64 ? ~0ull : (1ull << b->width) - 1;
	if (st_attr_get_kind(d) == ST_ATTR_FLOAT)
		b->default_word = st_attr_float_bits(d) & mask;
	else if (st_attr_get_kind(d) == ST_ATTR_INTEGER)
		b->default_word = st_attr_int_uvalue(d) & mask;
	else
		return;
	b->has_default = true;
}

static bool make_buffer(st_op *kernel, st_type *t, bool result, size_t index, st_buffer *b) {
	const char *what = result ? "result" : "argument";
	b->index = index;
	b->type = t;
	bool memory = st_type_get_kind(t) == ST_TYPE_MEMREF;
	if (memory && result)
		return st_op_error(kernel, "result %zu is a memref; a kernel takes its memories as arguments", index), false;
	b->kind = memory ? ST_BUFFER_MEMORY : result ? ST_BUFFER_SCALAR_OUT : ST_BUFFER_SCALAR_IN;
	b->elt = memory ? st_type_element(t) : t;
	b->width = word_width(b->elt);
	if (!b->width || b->width > 64)
		return st_op_error(kernel, "%s %zu is %s; a kernel's buffers hold integers and floats of 1 to 64 bits",
		                   what, index, memory ? "a memref of another element type" : "neither a memref nor a number"),
		       false;
	st_attr *dict = result ? NULL : arg_dict(kernel, index);
	if (!source_name(dict, b->name, sizeof b->name))
		snprintf(b->name, sizeof b->name, "%s%zu", memory ? "arg" : result ? "out" : "in", index);
	b->size = 1;
	if (!memory)
		return read_default(dict, b), true;
	if (!st_type_has_rank(t) || st_type_rank(t) > ST_BUFFER_MAX_DIMS)
		return st_op_error(kernel, "argument %zu is a memref of %s; a kernel's memories have 0 to %d dimensions",
		                   index, st_type_has_rank(t) ? "more dimensions" : "unknown rank", ST_BUFFER_MAX_DIMS),
		       false;
	b->ndims = st_type_rank(t);
	for (size_t j = 0; j < b->ndims; j++) {
		int64_t d = st_type_dim(t, j);
		if (d == ST_DYNAMIC)
			return st_op_error(kernel, "argument %zu has a dynamic size in dimension %zu; a kernel's memories have "
			                           "static shapes", index, j),
			       false;
		if (d < 1 || b->size > ST_BUFFER_MAX_WORDS / d)
			return st_op_error(kernel, "argument %zu holds %s words; a kernel's memory holds 1 to %lld", index,
			                   d < 1 ? "no" : "too many", (long long)ST_BUFFER_MAX_WORDS),
			       false;
		b->dims[j] = d;
		b->size *= d;
	}
	return true;
}

bool st_run_kernel_buffers(st_op *kernel, st_buffer **out, size_t *n) {
	st_type *ft = st_attr_type_value(st_op_get_attr(kernel, "function_type"));
	size_t nargs = st_type_num_inputs(ft), nres = st_type_num_results(ft);
	*out = NULL;
	*n = 0;
	st_buffer *b = calloc(nargs + nres ? nargs + nres : 1, sizeof *b);
	if (!b) {
		fprintf(stderr, "error: out of memory for the kernel's buffers\n");
		return false;
	}
	for (size_t i = 0; i < nargs + nres; i++)
		if (!make_buffer(kernel, i < nargs ? st_type_input(ft, i) : st_type_result(ft, i - nargs), i >= nargs,
		                 i < nargs ? i : i - nargs, &b[i])) {
			free(b);
			return false;
		} else
			for (size_t k = 0; k < i; k++)
				if (!strcmp(b[k].name, b[i].name)) {
					/* Two arguments of one source name: the later one takes its
					 * position's name, so that each buffer has its own files. */
					snprintf(b[i].name, sizeof b[i].name, "%s%zu", b[i].kind == ST_BUFFER_MEMORY ? "arg" : "in", i);
					break;
				}
	*out = b;
	*n = nargs + nres;
	return true;
}

void st_run_free_buffers(st_buffer *b, size_t n) {
	for (size_t i = 0; b && i < n; i++) {
		free(b[i].init);
		free(b[i].sim);
		free(b[i].ref);
	}
	free(b);
}

st_buffer *st_run_buffer(st_target_run *run, const char *name) {
	for (size_t i = 0; i < run->nbuffers; i++)
		if (!strcmp(run->buffers[i].name, name))
			return &run->buffers[i];
	return NULL;
}
