/* File input and output shared by the Strata tools (tool_io.h). */
#include "tool_io.h"
#include "strata/limit.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

bool st_tool_read_input(const char *tool, const char *path, st_tool_input *in) {
	memset(in, 0, sizeof *in);
	int fd = strcmp(path, "-") == 0 ? 0 : open(path, O_RDONLY);
	if (fd < 0) {
		fprintf(stderr, "%s: error: cannot open '%s': %s\n", tool, path, strerror(errno));
		return false;
	}
	struct stat st;
	if (fd != 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
		void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (m != MAP_FAILED) {
			in->data = m;
			in->len = (size_t)st.st_size;
			in->mapped = true;
			close(fd);
			return true;
		}
	}
	size_t cap = 1 << 16;
	in->data = malloc(cap);
	for (;;) {
		if (!in->data)
			break;
		if (in->len == cap) {
			char *nd = realloc(in->data, cap *= 2);
			if (!nd) {
				free(in->data);
				in->data = NULL;
				break;
			}
			in->data = nd;
		}
		ssize_t r = read(fd, in->data + in->len, cap - in->len);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			fprintf(stderr, "%s: error: cannot read '%s': %s\n", tool, path, strerror(errno));
			free(in->data);
			in->data = NULL;
			break;
		}
		if (r == 0)
			break;
		in->len += (size_t)r;
	}
	if (fd != 0)
		close(fd);
	if (!in->data) {
		if (errno == ENOMEM)
			fprintf(stderr, "%s: error: out of memory reading '%s'\n", tool, path);
		return false;
	}
	return true;
}

void st_tool_free_input(st_tool_input *in) {
	if (in->mapped)
		munmap(in->data, in->len);
	else
		free(in->data);
}

void st_tool_write(void *output, const char *data, size_t len) {
	st_tool_output *o = output;
	st_outfile_write(&o->file, data, len);
}

bool st_tool_open_output(const char *tool, const char *path, st_tool_output *o) {
	o->tool = tool;
	if (!path || strcmp(path, "-") == 0)
		setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	if (st_outfile_open(&o->file, path, 0666))
		return true;
	fprintf(stderr, "%s: error: cannot write '%s': %s\n", tool, path, st_outfile_error(&o->file));
	return false;
}

bool st_tool_close_output(st_tool_output *o, bool ok) {
	const char *path = o->file.path;
	if (st_outfile_close(&o->file, ok))
		return true;
	const char *why = st_outfile_error(&o->file);
	if (why && path && strcmp(path, "-") != 0)
		fprintf(stderr, "%s: error: cannot write '%s': %s\n", o->tool, path, why);
	else if (why)
		fprintf(stderr, "%s: error: cannot write to standard output: %s\n", o->tool, why);
	return false;
}

int st_tool_exit(const char *tool, int status) {
	const char *why = NULL;
	if (st_stdout_flush(&why))
		return status;
	fprintf(stderr, "%s: error: cannot write to standard output: %s\n", tool, why);
	return status ? status : 1;
}

bool st_tool_limit_flag(st_tool_limits *l, const char *tool, int argc, char **argv, int *i, bool *bad) {
	const char *a = argv[*i];
	const char *v = st_tool_flag_value(a, "limit");
	if (!v && !st_tool_is_flag(a, "limit"))
		return false;
	if (!v && *i + 1 < argc)
		v = argv[++*i];
	if (!v || !*v) {
		fprintf(stderr, "%s: error: missing <name>=<n> after '%s'\n", tool, a);
		*bad = true;
	} else if (l->n == ST_TOOL_MAX_LIMITS) {
		fprintf(stderr, "%s: error: too many --limit flags (at most %d)\n", tool, ST_TOOL_MAX_LIMITS);
		*bad = true;
	} else {
		l->spec[l->n++] = v;
	}
	return true;
}

bool st_tool_limits_apply(const st_tool_limits *l, const char *tool, st_context *ctx) {
	for (size_t k = 0; k < l->n; k++) {
		char err[1024];
		if (!st_context_parse_limit(ctx, l->spec[k], err, sizeof err)) {
			fprintf(stderr, "%s: error: --limit: %s\n", tool, err);
			return false;
		}
	}
	return true;
}

bool st_tool_is_flag(const char *a, const char *name) {
	if (a[0] != '-')
		return false;
	a += a[1] == '-' ? 2 : 1;
	return strcmp(a, name) == 0;
}

const char *st_tool_flag_value(const char *a, const char *name) {
	if (a[0] != '-')
		return NULL;
	a += a[1] == '-' ? 2 : 1;
	size_t n = strlen(name);
	return strncmp(a, name, n) == 0 && a[n] == '=' ? a + n + 1 : NULL;
}

bool st_tool_parse_u64(const char *s, uint64_t *out) {
	char *end;
	errno = 0;
	if (!*s || *s == '-')
		return false;
	unsigned long long v = strtoull(s, &end, 10);
	if (*end || errno)
		return false;
	*out = v;
	return true;
}
