/* The contents of the external memories: drawn from the seed or read from
 * --inputs, written for the testbench, read back after the simulation, the
 * interpreter's run of the kernel on the same contents, and the word by
 * word comparison of the two. */
#include "stratac.h"

#include "strata/interp.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static uint64_t mask_of(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

static uint64_t splitmix(uint64_t *s) {
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static bool alloc_words(stc_mem *m, uint64_t **p) {
	if (!*p && !(*p = calloc((size_t)m->size, sizeof **p))) {
		fprintf(stderr, "stratac: error: out of memory for memory '%s'\n", m->name);
		return false;
	}
	return true;
}

/* Small values, never zero (a word may be a divisor): -50..50 for 8 bits
 * and more, 1..2^w-1 below. */
bool stc_inputs_generate(stc_design *d, uint64_t seed) {
	for (size_t i = 0; i < d->nmems; i++) {
		stc_mem *m = &d->mems[i];
		if (!alloc_words(m, &m->init))
			return false;
		if (m->kind == STC_SCALAR_OUT)
			continue;
		uint64_t s = seed * 0x2545f4914f6cdd1dull + i;
		for (int64_t k = 0; k < m->size; k++) {
			uint64_t r = splitmix(&s);
			int64_t v = m->width >= 8 ? (int64_t)(r % 100) - 50 : (int64_t)(r % mask_of(m->width)) + 1;
			if (m->width >= 8 && v >= 0)
				v++;
			m->init[k] = (uint64_t)v & mask_of(m->width);
		}
	}
	return true;
}

/* One word per line (decimal, negative allowed, or 0x hex); `#` starts a
 * comment line. */
static bool read_words(const char *path, stc_mem *m, uint64_t *out) {
	FILE *f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "stratac: error: cannot read '%s': %s\n", path, strerror(errno));
		return false;
	}
	char line[256];
	int64_t k = 0;
	unsigned lineno = 0;
	bool ok = true;
	while (ok && fgets(line, sizeof line, f)) {
		lineno++;
		char *p = line;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '#' || *p == '\n' || !*p)
			continue;
		char *end;
		errno = 0;
		bool neg = *p == '-';
		uint64_t v = neg ? (uint64_t)strtoll(p, &end, 0) : strtoull(p, &end, 0);
		while (*end == ' ' || *end == '\t' || *end == '\r' || *end == '\n')
			end++;
		if (errno || *end || end == p) {
			fprintf(stderr, "stratac: error: %s:%u: '%.*s' is no integer\n", path, lineno,
			        (int)strcspn(line, "\r\n"), line);
			ok = false;
		} else if (k == m->size) {
			fprintf(stderr, "stratac: error: %s:%u: memory '%s' holds only %lld words\n", path, lineno, m->name,
			        (long long)m->size);
			ok = false;
		} else
			out[k++] = v & mask_of(m->width);
	}
	fclose(f);
	if (ok && k != m->size) {
		fprintf(stderr, "stratac: error: %s: %lld words for memory '%s' of %lld\n", path, (long long)k, m->name,
		        (long long)m->size);
		ok = false;
	}
	return ok;
}

/* A memory without a file starts at zero (typically an output), and so
 * does a scalar input. */
bool stc_inputs_read(stc_design *d, const char *dir) {
	for (size_t i = 0; i < d->nmems; i++) {
		stc_mem *m = &d->mems[i];
		if (!alloc_words(m, &m->init))
			return false;
		if (m->kind == STC_SCALAR_OUT)
			continue;
		char *path = stc_fmt("%s/%s.txt", dir, m->name);
		struct stat st;
		bool ok = path && (stat(path, &st) != 0 || read_words(path, m, m->init));
		free(path);
		if (!ok)
			return false;
	}
	return true;
}

bool stc_mem_write_dir(const stc_design *d, const char *dir, int which) {
	if (mkdir(dir, 0755) && errno != EEXIST) {
		fprintf(stderr, "stratac: error: cannot create '%s': %s\n", dir, strerror(errno));
		return false;
	}
	for (size_t i = 0; i < d->nmems; i++) {
		const stc_mem *m = &d->mems[i];
		const uint64_t *w = which ? m->sim : m->init;
		if (!which && m->kind == STC_SCALAR_OUT)
			continue;
		char *path = stc_fmt("%s/%s.txt", dir, m->name);
		FILE *f = path ? fopen(path, "w") : NULL;
		bool ok = f != NULL;
		for (int64_t k = 0; ok && k < m->size; k++)
			ok = fprintf(f, "%llu\n", (unsigned long long)w[k]) > 0;
		ok = f && fclose(f) == 0 && ok;
		if (!ok)
			fprintf(stderr, "stratac: error: cannot write '%s'\n", path ? path : dir);
		free(path);
		if (!ok)
			return false;
	}
	return true;
}

bool stc_mem_read_dir(stc_design *d, const char *dir) {
	for (size_t i = 0; i < d->nmems; i++) {
		stc_mem *m = &d->mems[i];
		char *path = stc_fmt("%s/%s.txt", dir, m->name);
		bool ok = path && alloc_words(m, &m->sim) && read_words(path, m, m->sim);
		free(path);
		if (!ok)
			return false;
	}
	return true;
}

/* An integer of `t` from a word of `width` bits: sign-extended, since the
 * interpreter's index is 64 bits wide and the hardware's 32. */
static st_ival scalar(st_type *t, uint64_t word, unsigned width) {
	if (st_type_is_index(t) && width < 64 && word >> (width - 1) & 1)
		word |= ~mask_of(width);
	return st_ival_bits(t, word);
}

/* The kernel's arguments are the first entries, in order, then its results
 * (design.c checked). */
bool stc_reference_run(st_context *ctx, stc_design *d, uint64_t *steps) {
	st_interp_options io = {.max_steps = 1000000000ull};
	st_interp *it = st_interp_create(ctx, &io);
	st_type *ft = st_attr_type_value(st_op_get_attr(d->kernel, "function_type"));
	size_t nargs = st_type_num_inputs(ft), nres = st_type_num_results(ft);
	st_ival *args = calloc(nargs ? nargs : 1, sizeof *args);
	bool ok = it && args;
	for (size_t i = 0; ok && i < nargs; i++) {
		stc_mem *m = &d->mems[i];
		st_type *t = st_type_input(ft, i);
		if (m->kind != STC_MEMORY) {
			args[i] = scalar(t, m->init[0], m->width);
			continue;
		}
		st_type *elt = st_type_element(t);
		ok = st_succeeded(st_interp_memref_alloc(it, NULL, t, NULL, ST_BUF_HEAP, true, &args[i]));
		for (int64_t k = 0; ok && k < m->size; k++) {
			st_ival v = st_ival_bits(elt, m->init[k]);
			ok = st_interp_memref_set(it, &args[i], k, &v);
		}
	}
	st_ival res[8] = {0};
	if (ok && nres > 8) {
		fprintf(stderr, "stratac: error: the kernel returns %zu values; at most 8 are supported\n", nres);
		ok = false;
	}
	if (ok && st_failed(st_interp_call(it, d->kernel, nargs, args, nres, res))) {
		fprintf(stderr, "stratac: error: the reference interpreter failed on the kernel's inputs\n");
		ok = false;
	}
	for (size_t i = 0; ok && i < nargs + nres; i++) {
		stc_mem *m = &d->mems[i];
		ok = alloc_words(m, &m->ref);
		if (ok && m->kind != STC_MEMORY) {
			const st_ival *v = i < nargs ? &args[i] : &res[i - nargs];
			m->ref[0] = v->poison ? ~0ull : st_ival_words(v)[0] & mask_of(m->width);
			continue;
		}
		for (int64_t k = 0; ok && k < m->size; k++) {
			st_ival v;
			ok = st_interp_memref_get(it, &args[i], k, &v);
			/* Poison is never equal to a simulated word. */
			m->ref[k] = v.poison ? ~0ull : st_ival_words(&v)[0] & mask_of(m->width);
			if (v.poison && m->width == 64)
				fprintf(stderr, "stratac: warning: word %lld of memory '%s' is poison in the reference\n",
				        (long long)k, m->name);
			st_ival_release(it, &v);
		}
	}
	if (it) {
		*steps = st_interp_steps(it);
		for (size_t i = 0; i < nres; i++)
			st_ival_release(it, &res[i]);
		for (size_t i = 0; i < nargs; i++)
			st_ival_release(it, &args[i]);
		st_interp_destroy(it);
	}
	free(args);
	return ok;
}

/* Indices of a row-major word, for the message. */
static void index_str(const stc_mem *m, int64_t k, char *buf, size_t n) {
	int64_t idx[STC_MAX_DIMS];
	for (size_t j = m->ndims; j-- > 0;) {
		idx[j] = k % m->dims[j];
		k /= m->dims[j];
	}
	size_t len = 0;
	for (size_t j = 0; j < m->ndims && len < n; j++)
		len += (size_t)snprintf(buf + len, n - len, "%s%lld", j ? ", " : "", (long long)idx[j]);
}

bool stc_compare(const stc_design *d) {
	bool ok = true;
	for (size_t i = 0; i < d->nmems; i++) {
		const stc_mem *m = &d->mems[i];
		int64_t bad = 0;
		for (int64_t k = 0; k < m->size; k++) {
			if (m->sim[k] == m->ref[k])
				continue;
			if (!bad++) {
				char idx[96] = "";
				index_str(m, k, idx, sizeof idx);
				bool poison = m->ref[k] == ~0ull && m->width < 64;
				fprintf(stderr,
				        "stratac: error: mismatch in %s '%s'%s%s%s: the simulation has %llu, the "
				        "interpreter %s%llu\n",
				        m->kind == STC_MEMORY ? "memory" : m->kind == STC_SCALAR_OUT ? "result" : "argument",
				        m->name, m->ndims ? " at [" : "", idx, m->ndims ? "]" : "", (unsigned long long)m->sim[k],
				        poison ? "poison " : "", poison ? 0ull : (unsigned long long)m->ref[k]);
			}
		}
		if (bad > 1)
			fprintf(stderr, "stratac: note: memory '%s' differs in %lld of %lld words\n", m->name, (long long)bad,
			        (long long)m->size);
		ok = ok && !bad;
	}
	return ok;
}
