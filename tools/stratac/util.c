/* Small helpers of stratac: formatted strings and stage timing. */
#include "stratac.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdlib.h>
#include <time.h>

char *stc_fmt(const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *s = n < 0 ? NULL : malloc((size_t)n + 1);
	if (s) {
		va_start(ap, fmt);
		vsnprintf(s, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	return s;
}

double stc_now_ms(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

void stc_time_add(stc_times *t, const char *stage, double start_ms) {
	if (t->n < STC_MAX_STAGES) {
		t->stage[t->n] = stage;
		t->ms[t->n++] = stc_now_ms() - start_ms;
	}
}

char *stc_slurp(const char *path, size_t *len) {
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = NULL;
	size_t n = 0, cap = 0;
	for (;;) {
		if (n + 4096 + 1 > cap) {
			char *nb = realloc(buf, cap = cap * 2 + 8192);
			if (!nb) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
		}
		size_t r = fread(buf + n, 1, 4096, f);
		n += r;
		if (r < 4096)
			break;
	}
	fclose(f);
	buf[n] = 0;
	if (len)
		*len = n;
	return buf;
}

bool stc_mkdirs(const char *path) {
	char buf[4096];
	if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf)
		return false;
	for (char *p = buf + 1;; p++) {
		if (*p == '/' || !*p) {
			char c = *p;
			*p = 0;
			if (mkdir(buf, 0755) && errno != EEXIST)
				return false;
			if (!(*p = c))
				return true;
		}
	}
}

bool stc_rm_rf(const char *path) {
	struct stat st;
	if (lstat(path, &st))
		return errno == ENOENT;
	if (S_ISDIR(st.st_mode)) {
		DIR *dir = opendir(path);
		if (!dir)
			return false;
		struct dirent *e;
		bool ok = true;
		while ((e = readdir(dir))) {
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			char *sub = stc_fmt("%s/%s", path, e->d_name);
			ok = sub && stc_rm_rf(sub) && ok;
			free(sub);
		}
		closedir(dir);
		return ok && rmdir(path) == 0;
	}
	return unlink(path) == 0;
}
