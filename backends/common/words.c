/* The words of a run's buffers (strata/backend.h): drawn from the seed or
 * read from --inputs, written for a simulator and read back from it, and
 * compared word by word with the reference's. */
#include "common.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

uint64_t st__mask_of(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

static uint64_t splitmix(uint64_t *s) {
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

bool st__alloc_words(const st_target_run *run, st_buffer *b, uint64_t **p) {
	if (!*p && !(*p = calloc((size_t)b->size, sizeof **p))) {
		fprintf(stderr, "%s: error: out of memory for buffer '%s'\n", run->opts->tool, b->name);
		return false;
	}
	return true;
}

/* Small values, never zero (a word may be a divisor): -50..50 for 8 bits
 * and more, 1..2^w-1 below.  Buffer i draws from seed * K + i, so that a
 * buffer's words do not depend on the others'. */
static bool generate(st_target_run *run) {
	for (size_t i = 0; i < run->nbuffers; i++) {
		st_buffer *m = &run->buffers[i];
		if (!st__alloc_words(run, m, &m->init))
			return false;
		if (m->kind == ST_BUFFER_SCALAR_OUT)
			continue;
		uint64_t s = run->opts->seed * 0x2545f4914f6cdd1dull + i;
		for (int64_t k = 0; k < m->size; k++) {
			uint64_t r = splitmix(&s);
			int64_t v = m->width >= 8 ? (int64_t)(r % 100) - 50 : (int64_t)(r % st__mask_of(m->width)) + 1;
			if (m->width >= 8 && v >= 0)
				v++;
			m->init[k] = (uint64_t)v & st__mask_of(m->width);
		}
	}
	return true;
}

/* One word per line (decimal, negative allowed, or 0x hex); `#` starts a
 * comment line. */
static bool read_file(const st_target_run *run, const char *path, const st_buffer *m, uint64_t *out) {
	const char *tool = run->opts->tool;
	FILE *f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "%s: error: cannot read '%s': %s\n", tool, path, strerror(errno));
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
			fprintf(stderr, "%s: error: %s:%u: '%.*s' is no integer\n", tool, path, lineno,
			        (int)strcspn(line, "\r\n"), line);
			ok = false;
		} else if (k == m->size) {
			fprintf(stderr, "%s: error: %s:%u: memory '%s' holds only %lld words\n", tool, path, lineno, m->name,
			        (long long)m->size);
			ok = false;
		} else
			out[k++] = v & st__mask_of(m->width);
	}
	fclose(f);
	if (ok && k != m->size) {
		fprintf(stderr, "%s: error: %s: %lld words for memory '%s' of %lld\n", tool, path, (long long)k, m->name,
		        (long long)m->size);
		ok = false;
	}
	return ok;
}

/* A buffer without a file starts at zero (typically an output), and so
 * does a scalar input. */
static bool read_inputs(st_target_run *run, const char *dir) {
	for (size_t i = 0; i < run->nbuffers; i++) {
		st_buffer *m = &run->buffers[i];
		if (!st__alloc_words(run, m, &m->init))
			return false;
		if (m->kind == ST_BUFFER_SCALAR_OUT)
			continue;
		char *path = st_backend_fmt("%s/%s.txt", dir, m->name);
		struct stat st;
		bool ok = path && (stat(path, &st) != 0 || read_file(run, path, m, m->init));
		free(path);
		if (!ok)
			return false;
	}
	return true;
}

bool st__run_inputs(st_target_run *run) {
	return run->opts->inputs_dir ? read_inputs(run, run->opts->inputs_dir) : generate(run);
}

bool st_run_write_words(st_target_run *run, const char *dir, int which) {
	if (mkdir(dir, 0755) && errno != EEXIST) {
		fprintf(stderr, "%s: error: cannot create '%s': %s\n", run->opts->tool, dir, strerror(errno));
		return false;
	}
	for (size_t i = 0; i < run->nbuffers; i++) {
		const st_buffer *m = &run->buffers[i];
		const uint64_t *w = which ? m->sim : m->init;
		if (!which && m->kind == ST_BUFFER_SCALAR_OUT)
			continue;
		char *path = st_backend_fmt("%s/%s.txt", dir, m->name);
		FILE *f = path && w ? fopen(path, "w") : NULL;
		bool ok = f != NULL;
		for (int64_t k = 0; ok && k < m->size; k++)
			ok = fprintf(f, "%llu\n", (unsigned long long)w[k]) > 0;
		ok = f && fclose(f) == 0 && ok;
		if (!ok)
			fprintf(stderr, "%s: error: cannot write '%s'\n", run->opts->tool, path ? path : dir);
		free(path);
		if (!ok)
			return false;
	}
	return true;
}

bool st_run_read_words(st_target_run *run, const char *dir) {
	for (size_t i = 0; i < run->nbuffers; i++) {
		st_buffer *m = &run->buffers[i];
		char *path = st_backend_fmt("%s/%s.txt", dir, m->name);
		bool ok = path && st__alloc_words(run, m, &m->sim) && read_file(run, path, m, m->sim);
		free(path);
		if (!ok)
			return false;
	}
	return true;
}

/* Indices of a row-major word, for the message. */
static void index_str(const st_buffer *m, int64_t k, char *buf, size_t n) {
	int64_t idx[ST_BUFFER_MAX_DIMS];
	for (size_t j = m->ndims; j-- > 0;) {
		idx[j] = k % m->dims[j];
		k /= m->dims[j];
	}
	size_t len = 0;
	for (size_t j = 0; j < m->ndims && len < n; j++)
		len += (size_t)snprintf(buf + len, n - len, "%s%lld", j ? ", " : "", (long long)idx[j]);
}

bool st__run_compare(const st_target_run *run) {
	bool ok = true;
	const char *tool = run->opts->tool;
	for (size_t i = 0; i < run->nbuffers; i++) {
		const st_buffer *m = &run->buffers[i];
		int64_t bad = 0;
		for (int64_t k = 0; k < m->size; k++) {
			if (m->sim[k] == m->ref[k])
				continue;
			if (!bad++) {
				char idx[96] = "";
				index_str(m, k, idx, sizeof idx);
				bool poison = m->ref[k] == ~0ull && m->width < 64;
				fprintf(stderr,
				        "%s: error: mismatch in %s '%s'%s%s%s: the simulation has %llu, the interpreter %s%llu\n",
				        tool,
				        m->kind == ST_BUFFER_MEMORY ? "memory" : m->kind == ST_BUFFER_SCALAR_OUT ? "result" : "argument",
				        m->name, m->ndims ? " at [" : "", idx, m->ndims ? "]" : "", (unsigned long long)m->sim[k],
				        poison ? "poison " : "", poison ? 0ull : (unsigned long long)m->ref[k]);
			}
		}
		if (bad > 1)
			fprintf(stderr, "%s: note: memory '%s' differs in %lld of %lld words\n", tool, m->name, (long long)bad,
			        (long long)m->size);
		ok = ok && !bad;
	}
	return ok;
}
