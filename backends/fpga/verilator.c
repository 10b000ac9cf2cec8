/* The FPGA target's simulation: the design's Verilator model (builds
 * cached by the hash of what goes into them, so that an unchanged design
 * costs no C++ compile) run on the inputs, its cycles and outputs. */
#include "fpga.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* FNV-1a over several buffers, twice with different offsets: 128 bits is
 * plenty to tell builds apart (this is no defence against an attacker). */
typedef struct hash128 {
	uint64_t a, b;
} hash128;
static void hash_add(hash128 *h, const char *data, size_t n) {
	for (size_t i = 0; i <= n; i++) {
		unsigned char c = i < n ? (unsigned char)data[i] : 0; /* a separator after each part */
		h->a = (h->a ^ c) * 0x100000001b3ull;
		h->b = (h->b ^ c) * 0x100000001b3ull;
	}
}

static const char *cache_root(const st_run_options *o, char *buf, size_t n) {
	if (o->cache_dir)
		return o->cache_dir;
	const char *e = getenv("STRATA_VERILATOR_CACHE");
	if (e && *e)
		return e;
	if ((e = getenv("XDG_CACHE_HOME")) && *e)
		snprintf(buf, n, "%s/strata/verilator", e);
	else
		snprintf(buf, n, "%s/.cache/strata/verilator", (e = getenv("HOME")) && *e ? e : "/tmp");
	return buf;
}

/* Copies through a temporary name and renames, so that a concurrent run
 * finds the whole binary or none. */
static bool install(const char *from, const char *to) {
	size_t n;
	char *data = st_backend_slurp(from, &n);
	if (!data)
		return false;
	char tmp[4200];
	snprintf(tmp, sizeof tmp, "%s.tmp%ld", to, (long)getpid());
	FILE *f = fopen(tmp, "wb");
	bool ok = f && fwrite(data, 1, n, f) == n;
	ok = f && fclose(f) == 0 && ok;
	free(data);
	ok = ok && chmod(tmp, 0755) == 0 && rename(tmp, to) == 0;
	if (!ok)
		unlink(tmp);
	return ok;
}

#define VL_OPT "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O1"

static bool build_model(const char *tool, const char *top, char *sv, char *tb, char *mdir, const char *log,
                        const char *dir, const char *binary, bool *cached);

/* The model of the design in `work`: from the cache, or built now and
 * stored there.  `binary` receives its path. */
static bool verilator_build(const st_run_options *o, const char *work, const char *top, char *binary, size_t n,
                            bool *cached) {
	char sv[4096], tb[4096], log[4096], ver[4096], mdir[4096], root_buf[4096];
	snprintf(sv, sizeof sv, "%s/design.sv", work);
	snprintf(tb, sizeof tb, "%s/tb.cpp", work);
	snprintf(log, sizeof log, "%s/verilator.log", work);
	snprintf(ver, sizeof ver, "%s/verilator-version.txt", work);
	snprintf(mdir, sizeof mdir, "%s/obj", work);
	char *vargv[] = {"verilator", "--version", NULL};
	if (!st_backend_spawn(o->tool, vargv, ver)) {
		fprintf(stderr, "%s: error: 'verilator --version' failed; is Verilator installed?\n", o->tool);
		return false;
	}
	hash128 h = {0xcbf29ce484222325ull, 0x84222325cbf29ce4ull};
	const char *parts[] = {sv, tb, ver};
	for (size_t i = 0; i < 3; i++) {
		size_t len;
		char *data = st_backend_slurp(parts[i], &len);
		if (!data) {
			fprintf(stderr, "%s: error: cannot read %s\n", o->tool, parts[i]);
			return false;
		}
		hash_add(&h, data, len);
		free(data);
	}
	hash_add(&h, VL_OPT, strlen(VL_OPT));
	const char *root = cache_root(o, root_buf, sizeof root_buf);
	char dir[4200];
	snprintf(dir, sizeof dir, "%s/%016llx%016llx", root, (unsigned long long)h.a, (unsigned long long)h.b);
	if (snprintf(binary, n, "%s/V%s_tb", dir, top) >= (int)n) {
		fprintf(stderr, "%s: error: the cache directory's path is too long: %s\n", o->tool, dir);
		return false;
	}
	*cached = access(binary, X_OK) == 0;
	if (*cached)
		return true;
	/* Runs that need the same model at once (parallel tests) wait for the
	 * first one's build instead of each compiling it. */
	if (!st_backend_mkdirs(dir)) {
		fprintf(stderr, "%s: error: cannot create the cache directory %s: %s\n", o->tool, dir, strerror(errno));
		return false;
	}
	char lock_path[4300];
	snprintf(lock_path, sizeof lock_path, "%s/lock", dir);
	int lock = open(lock_path, O_RDWR | O_CREAT, 0644);
	struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
	if (lock >= 0)
		while (fcntl(lock, F_SETLKW, &fl) < 0 && errno == EINTR)
			;
	bool ok = build_model(o->tool, top, sv, tb, mdir, log, dir, binary, cached);
	if (lock >= 0)
		close(lock);
	return ok;
}

static bool build_model(const char *tool, const char *top, char *sv, char *tb, char *mdir, const char *log,
                        const char *dir, const char *binary, bool *cached) {
	*cached = access(binary, X_OK) == 0;
	if (*cached)
		return true;
	char topmod[256];
	snprintf(topmod, sizeof topmod, "%s", top);
	char *argv[] = {"verilator", "--cc", "--exe", "--build", "-j", "2", "--x-initial", "0", "--top-module", topmod,
	                "-MAKEFLAGS", VL_OPT, "--Mdir", mdir, "-o", "tb", sv, tb, NULL};
	if (!st_backend_spawn(tool, argv, log)) {
		fprintf(stderr, "%s: error: the Verilator build failed; its output is in %s\n", tool, log);
		return false;
	}
	char built[4200];
	snprintf(built, sizeof built, "%s/tb", mdir);
	if (!install(built, binary)) {
		fprintf(stderr, "%s: error: cannot store the model in the cache %s: %s\n", tool, dir, strerror(errno));
		return false;
	}
	return true;
}

/* Runs the model on inputs/ into outputs/ (`extra`: one more argument,
 * or NULL); its log, or NULL after saying why. */
static char *run_model(st_target_run *run, const fpga_design *d, const char *extra) {
	const char *tool = run->opts->tool;
	char binary[4096];
	bool cached;
	double t0 = st_backend_now_ms();
	if (!verilator_build(run->opts, run->work, d->top, binary, sizeof binary, &cached))
		return NULL;
	st_qor_time(run->qor, "verilator-build", t0);
	if (cached && !run->opts->quiet)
		printf("%s: the Verilator model of %s comes from the cache\n", tool, d->top);
	char *in = st_backend_fmt("%s/inputs", run->work), *out = st_backend_fmt("%s/outputs", run->work),
	     *log = st_backend_fmt("%s/sim.log", run->work),
	     *max = st_backend_fmt("%llu", (unsigned long long)run->opts->max_cycles);
	bool ok = in && out && log && max && st_backend_mkdirs(out);
	t0 = st_backend_now_ms();
	char *argv[] = {binary, in, out, max, (char *)extra, NULL};
	bool ran = ok && st_backend_spawn(tool, argv, log);
	st_qor_time(run->qor, "simulate", t0);
	char *text = log ? st_backend_slurp(log, NULL) : NULL;
	const char *c = text ? strstr(text, "cycles ") : NULL;
	if (!ran) {
		fprintf(stderr, "%s: error: the simulation of '%s' failed:\n%s", tool, d->top, text ? text : "");
		ok = false;
	} else if (!c) {
		fprintf(stderr, "%s: error: the simulation reported no cycle count\n", tool);
		ok = false;
	} else {
		st_qor_set_cycles(run->qor, strtoll(c + 7, NULL, 10));
		const char *w = strstr(text, "warning: ");
		if (w)
			fprintf(stderr, "%s: %.*s", tool, (int)(strcspn(w, "\n") + 1), w);
	}
	ok = ok && st_run_read_words(run, out);
	free(in);
	free(out);
	free(log);
	free(max);
	if (!ok) {
		free(text);
		return NULL;
	}
	return text;
}

bool fpga_simulate(st_target_run *run, fpga_design *d) {
	/* A stream testbench can hold its inputs back every N-th cycle, to
	 * show that the design stalls (docs/streaming-hw.md). */
	const char *bubble = getenv("STRATAC_STREAM_BUBBLE");
	char *log = run_model(run, d, d->stream ? bubble ? bubble : "0" : NULL);
	if (!log)
		return false;
	bool ok = true;
	if (d->stream) {
		const char *fo = strstr(log, "first_output ");
		if (fo)
			d->first_output = strtoll(fo + 13, NULL, 10);
		else {
			fprintf(stderr, "%s: error: the simulation of '%s' reported no first output:\n%s", run->opts->tool, d->top,
			        log);
			ok = false;
		}
	}
	free(log);
	return ok;
}
