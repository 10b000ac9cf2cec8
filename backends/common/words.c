/* The words of a run's buffers (strata/backend.h): drawn from the seed or
 * read from --inputs, written for a simulator and read back from it, and
 * compared word by word with the reference's. */
#include "common.h"

#include "strata/interp.h"

#include <dirent.h>
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
 * and more, 1..2^w-1 below; floats -15.625..15.625 in steps of 1/64 (exact
 * in every float format, and numbers rather than the NaNs and subnormals
 * small integers' bits would be).  Buffer i draws from seed * K + i, so
 * that a buffer's words do not depend on the others'. */
static bool generate(st_target_run *run) {
	for (size_t i = 0; i < run->nbuffers; i++) {
		st_buffer *m = &run->buffers[i];
		if (!st__alloc_words(run, m, &m->init))
			return false;
		if (m->kind == ST_BUFFER_SCALAR_OUT)
			continue;
		if (m->has_default) {
			m->init[0] = m->default_word;
			continue;
		}
		uint64_t s = run->opts->seed * 0x2545f4914f6cdd1dull + i;
		for (int64_t k = 0; k < m->size; k++) {
			uint64_t r = splitmix(&s);
			if (st_type_is_float(m->elt)) {
				int64_t q = (int64_t)(r % 2001) - 1000;
				double x = (double)(q ? q : 1) / 64.0;
				m->init[k] = st_float_bits_from_double(st_type_get_kind(m->elt), x) & st__mask_of(m->width);
				continue;
			}
			int64_t v = m->width >= 8 ? (int64_t)(r % 100) - 50 : (int64_t)(r % st__mask_of(m->width)) + 1;
			if (m->width >= 8 && v >= 0)
				v++;
			m->init[k] = (uint64_t)v & st__mask_of(m->width);
		}
	}
	return true;
}

/* One word per line (decimal, negative allowed, or 0x hex); `#` starts a
 * comment line.  Errors are located in the file: a word that is no
 * integer or does not fit the buffer's width (a value masked into it would
 * compare equal to something else than what the user wrote), a word past
 * the buffer's end, and too few words (at the end of the file). */
static bool read_file(const st_target_run *run, const char *path, const st_buffer *m, uint64_t *out) {
	st_context *ctx = run->ctx;
	st_str file = st_str_c(path);
	FILE *f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "%s: error: cannot read '%s': %s\n", run->opts->tool, path, strerror(errno));
		return false;
	}
	char *line = NULL;
	size_t cap = 0;
	int64_t k = 0;
	unsigned lineno = 0;
	bool ok = true;
	while (ok && getline(&line, &cap, f) >= 0) {
		lineno++;
		char *p = line;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '#' || *p == '\n' || *p == '\r' || !*p)
			continue;
		unsigned col = (unsigned)(p - line) + 1;
		int tok = (int)strcspn(p, " \t\r\n");
		char *end;
		errno = 0;
		bool neg = *p == '-';
		uint64_t v = neg ? (uint64_t)strtoll(p, &end, 0) : strtoull(p, &end, 0);
		bool number = !errno && end != p;
		while (*end == ' ' || *end == '\t' || *end == '\r' || *end == '\n')
			end++;
		/* Signed or unsigned, the word must fit: -2^(w-1) .. 2^w - 1. */
		bool fits = m->width >= 64 || (neg ? (int64_t)v >= -((int64_t)1 << (m->width - 1)) : v <= st__mask_of(m->width));
		if (!number || *end) {
			st_error(ctx, st_loc_file(ctx, file, lineno, col), "'%.*s' is no integer",
			         (int)strcspn(p, "\r\n"), p);
			ok = false;
		} else if (!fits) {
			st_error(ctx, st_loc_file(ctx, file, lineno, col), "'%.*s' does not fit in the %u bits of %s '%s'", tok,
			         p, m->width, m->kind == ST_BUFFER_MEMORY ? "memory" : "scalar", m->name);
			ok = false;
		} else if (k == m->size) {
			st_error(ctx, st_loc_file(ctx, file, lineno, col), "%s '%s' holds only %lld word%s",
			         m->kind == ST_BUFFER_MEMORY ? "memory" : "scalar", m->name, (long long)m->size,
			         m->size == 1 ? "" : "s");
			ok = false;
		} else
			out[k++] = v & st__mask_of(m->width);
	}
	if (ok && ferror(f)) {
		fprintf(stderr, "%s: error: cannot read '%s': %s\n", run->opts->tool, path, strerror(errno));
		ok = false;
	}
	free(line);
	fclose(f);
	if (ok && k != m->size) {
		st_error(ctx, st_loc_file(ctx, file, lineno + 1, 1), "the file ends after %lld of the %lld words of %s '%s'",
		         (long long)k, (long long)m->size, m->kind == ST_BUFFER_MEMORY ? "memory" : "scalar", m->name);
		ok = false;
	}
	return ok;
}

/* Whether `file` is <name>.txt of a buffer the run takes words for. */
static bool names_input(const st_target_run *run, const char *file) {
	size_t n = strlen(file);
	for (size_t i = 0; i < run->nbuffers; i++) {
		const st_buffer *m = &run->buffers[i];
		size_t k = strlen(m->name);
		if (m->kind != ST_BUFFER_SCALAR_OUT && n == k + 4 && !memcmp(file, m->name, k) && !strcmp(file + k, ".txt"))
			return true;
	}
	return false;
}

/* Every file of the directory names an input of the kernel: a file named
 * after anything else (a source-language name, a typo) would otherwise
 * leave its buffer at zero and the run would "pass" on the wrong words.
 * Hidden files (editors', the run's own) are left alone. */
static bool check_input_names(const st_target_run *run, const char *dir) {
	DIR *d = opendir(dir);
	if (!d) {
		fprintf(stderr, "%s: error: cannot read the directory '%s': %s\n", run->opts->tool, dir, strerror(errno));
		return false;
	}
	bool ok = true;
	for (struct dirent *e; ok && (e = readdir(d));) {
		if (e->d_name[0] == '.' || names_input(run, e->d_name))
			continue;
		fprintf(stderr, "%s: error: --inputs %s: '%s' names no input of kernel '%s'; it takes", run->opts->tool, dir,
		        e->d_name, run->kernel_name);
		size_t shown = 0;
		for (size_t i = 0; i < run->nbuffers; i++)
			if (run->buffers[i].kind != ST_BUFFER_SCALAR_OUT)
				fprintf(stderr, "%s %s.txt", shown++ ? "," : "", run->buffers[i].name);
		fprintf(stderr, "%s\n", shown ? "" : " none");
		ok = false;
	}
	closedir(d);
	return ok;
}

/* A buffer without a file starts at zero (typically an output); a scalar
 * input without one takes its default (st_buffer.has_default), else zero;
 * but a folder that gives none of the buffers is a
 * mistake (a wrong path: every memory zero, and the comparison of zeros
 * proves nothing). */
static bool read_inputs(st_target_run *run, const char *dir) {
	size_t wanted = 0, found = 0;
	char names[512] = "";
	size_t len = 0;
	if (!check_input_names(run, dir))
		return false;
	for (size_t i = 0; i < run->nbuffers; i++) {
		st_buffer *m = &run->buffers[i];
		if (!st__alloc_words(run, m, &m->init))
			return false;
		if (m->kind == ST_BUFFER_SCALAR_OUT)
			continue;
		wanted++;
		if (len < sizeof names)
			len += (size_t)snprintf(names + len, sizeof names - len, "%s%s.txt", len ? ", " : "", m->name);
		if (m->has_default)
			m->init[0] = m->default_word;
		char *path = st_backend_fmt("%s/%s.txt", dir, m->name);
		struct stat st;
		bool there = path && stat(path, &st) == 0;
		bool ok = path && (!there || read_file(run, path, m, m->init));
		free(path);
		if (!ok)
			return false;
		found += there;
	}
	if (wanted && !found) {
		fprintf(stderr, "%s: error: --inputs '%s' holds no file of kernel '%s' (%s)\n", run->opts->tool, dir,
		        run->kernel_name, names);
		return false;
	}
	return true;
}

bool st__check_inputs_dir(const st_run_options *o) {
	struct stat st;
	if (!o->inputs_dir)
		return true;
	if (stat(o->inputs_dir, &st) != 0) {
		fprintf(stderr, "%s: error: --inputs '%s': %s\n", o->tool, o->inputs_dir, strerror(errno));
		return false;
	}
	if (!S_ISDIR(st.st_mode)) {
		fprintf(stderr, "%s: error: --inputs '%s' is no directory\n", o->tool, o->inputs_dir);
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
		if (!w)
			continue; /* the simulation gave none: said after the run */
		char *path = st_backend_fmt("%s/%s.txt", dir, m->name);
		st_outfile f;
		bool opened = path && st_run_open_file(run, path, &f), ok = opened;
		for (int64_t k = 0; ok && k < m->size; k++)
			ok = fprintf(f.f, "%llu\n", (unsigned long long)w[k]) > 0;
		ok = opened && st_run_close_file(run, &f, ok);
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
