/* A main() for the harnesses where libFuzzer is not linked (gcc builds):
 * runs LLVMFuzzerTestOneInput once on every file named on the command line
 * or found in a directory named there (sorted, so a failure is
 * reproducible), which is how ctest replays the committed corpora in the
 * normal and the sanitizer builds. */
#include "fuzz_common.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int run_file(const char *path) {
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "replay: cannot open '%s': %s\n", path, strerror(errno));
		return 1;
	}
	size_t cap = 4096, len = 0;
	uint8_t *buf = malloc(cap);
	size_t r;
	while (buf && (r = fread(buf + len, 1, cap - len, f)) > 0) {
		len += r;
		if (len == cap) {
			uint8_t *n = realloc(buf, cap *= 2);
			if (!n)
				free(buf);
			buf = n;
		}
	}
	bool bad = ferror(f) || !buf;
	fclose(f);
	if (bad) {
		free(buf);
		fprintf(stderr, "replay: cannot read '%s'\n", path);
		return 1;
	}
	/* Exactly `len` bytes, so that ASan sees a read past the end. */
	uint8_t *exact = malloc(len ? len : 1);
	if (!exact)
		abort();
	memcpy(exact, buf, len);
	free(buf);
	fprintf(stderr, "replay: %s\n", path);
	LLVMFuzzerTestOneInput(exact, len);
	free(exact);
	return 0;
}

static int cmp_names(const void *a, const void *b) {
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every regular file of `dir`; returns the number of failures and
 * adds the files run to *count. */
static int run_dir(const char *dir, long *count) {
	DIR *d = opendir(dir);
	if (!d) {
		fprintf(stderr, "replay: cannot open '%s': %s\n", dir, strerror(errno));
		return 1;
	}
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			char **nn = realloc(names, cap * sizeof *names);
			if (!nn)
				abort();
			names = nn;
		}
		size_t l = strlen(dir) + strlen(e->d_name) + 2;
		names[n] = malloc(l);
		if (!names[n])
			abort();
		snprintf(names[n++], l, "%s/%s", dir, e->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof *names, cmp_names);
	int fails = 0;
	for (size_t i = 0; i < n; i++) {
		struct stat st;
		if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
			fails += run_file(names[i]);
			(*count)++;
		}
		free(names[i]);
	}
	free(names);
	return fails;
}

int main(int argc, char **argv) {
	long count = 0;
	int fails = 0;
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			fails += run_dir(argv[i], &count);
		} else {
			fails += run_file(argv[i]);
			count++;
		}
	}
	printf("replay: %ld inputs, %d unreadable\n", count, fails);
	return fails || count == 0 ? 1 : 0;
}
