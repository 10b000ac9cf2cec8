/* The outside programs of the FPGA flow: Verilator (model builds cached by
 * the hash of what goes into them, so that an unchanged design costs no
 * C++ compile) and yosys (resource counts from `stat -json`). */
#include "stratac.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

bool stc_run(char *const *argv, const char *log) {
	posix_spawn_file_actions_t fa;
	if (posix_spawn_file_actions_init(&fa))
		return false;
	posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0644);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	pid_t pid;
	int err = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (err) {
		fprintf(stderr, "stratac: error: cannot run %s: %s\n", argv[0], strerror(err));
		return false;
	}
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return false;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

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

static const char *cache_root(const stc_options *o, char *buf, size_t n) {
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
	char *data = stc_slurp(from, &n);
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

static bool build_model(const char *top, char *sv, char *tb, char *mdir, const char *log, const char *dir,
                        const char *binary, bool *cached);

bool stc_verilator_build(const stc_options *o, const char *work, const char *top, char *binary, size_t n,
                         bool *cached) {
	char sv[4096], tb[4096], log[4096], ver[4096], mdir[4096], root_buf[4096];
	snprintf(sv, sizeof sv, "%s/design.sv", work);
	snprintf(tb, sizeof tb, "%s/tb.cpp", work);
	snprintf(log, sizeof log, "%s/verilator.log", work);
	snprintf(ver, sizeof ver, "%s/verilator-version.txt", work);
	snprintf(mdir, sizeof mdir, "%s/obj", work);
	char *vargv[] = {"verilator", "--version", NULL};
	if (!stc_run(vargv, ver)) {
		fprintf(stderr, "stratac: error: 'verilator --version' failed; is Verilator installed?\n");
		return false;
	}
	hash128 h = {0xcbf29ce484222325ull, 0x84222325cbf29ce4ull};
	const char *parts[] = {sv, tb, ver};
	for (size_t i = 0; i < 3; i++) {
		size_t len;
		char *data = stc_slurp(parts[i], &len);
		if (!data) {
			fprintf(stderr, "stratac: error: cannot read %s\n", parts[i]);
			return false;
		}
		hash_add(&h, data, len);
		free(data);
	}
	hash_add(&h, VL_OPT, strlen(VL_OPT));
	const char *root = cache_root(o, root_buf, sizeof root_buf);
	char dir[4200];
	snprintf(dir, sizeof dir, "%s/%016llx%016llx", root, (unsigned long long)h.a, (unsigned long long)h.b);
	snprintf(binary, n, "%s/V%s_tb", dir, top);
	*cached = access(binary, X_OK) == 0;
	if (*cached)
		return true;
	/* Runs that need the same model at once (parallel tests) wait for the
	 * first one's build instead of each compiling it. */
	if (!stc_mkdirs(dir)) {
		fprintf(stderr, "stratac: error: cannot create the cache directory %s: %s\n", dir, strerror(errno));
		return false;
	}
	char lock_path[4300];
	snprintf(lock_path, sizeof lock_path, "%s/lock", dir);
	int lock = open(lock_path, O_RDWR | O_CREAT, 0644);
	struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
	if (lock >= 0)
		while (fcntl(lock, F_SETLKW, &fl) < 0 && errno == EINTR)
			;
	bool ok = build_model(top, sv, tb, mdir, log, dir, binary, cached);
	if (lock >= 0)
		close(lock);
	return ok;
}

static bool build_model(const char *top, char *sv, char *tb, char *mdir, const char *log, const char *dir,
                        const char *binary, bool *cached) {
	*cached = access(binary, X_OK) == 0;
	if (*cached)
		return true;
	char topmod[256];
	snprintf(topmod, sizeof topmod, "%s", top);
	char *argv[] = {"verilator", "--cc", "--exe", "--build", "-j", "2", "--x-initial", "0", "--top-module", topmod,
	                "-MAKEFLAGS", VL_OPT, "--Mdir", mdir, "-o", "tb", sv, tb, NULL};
	if (!stc_run(argv, log)) {
		fprintf(stderr, "stratac: error: the Verilator build failed; its output is in %s\n", log);
		return false;
	}
	char built[4200];
	snprintf(built, sizeof built, "%s/tb", mdir);
	if (!install(built, binary)) {
		fprintf(stderr, "stratac: error: cannot store the model in the cache %s: %s\n", dir, strerror(errno));
		return false;
	}
	return true;
}

/* ---------------------------------------------------------------- yosys */

static const char *skip_ws(const char *p) {
	while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r' || *p == ',')
		p++;
	return p;
}

static void add(stc_resources *r, const char *kind, int64_t n) {
	for (size_t i = 0; i < r->n; i++)
		if (strcmp(r->kind[i], kind) == 0) {
			r->used[i] += n;
			return;
		}
	if (r->n == STC_MAX_RESOURCES)
		return;
	snprintf(r->kind[r->n], sizeof r->kind[0], "%s", kind);
	r->used[r->n] = n;
	r->available[r->n++] = -1;
}

static bool starts(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

/* Generic cells: flip-flops and the rest; memories (kept whole, counted
 * in bits by mem_bits) are neither.  Xilinx: the four budgets of an
 * FPGA; a RAMB18 is half a RAMB36, I/O buffers and carry chains are not
 * counted. */
static void classify(stc_resources *r, bool xilinx, const char *type, int64_t n, int64_t *ramb18) {
	if (!xilinx) {
		if (starts(type, "$mem"))
			add(r, "cells", -n);
		else
			add(r, strstr(type, "DFF") || strstr(type, "DLATCH") ? "ff" : "logic", n);
		return;
	}
	if (starts(type, "LUT"))
		add(r, "lut", n);
	else if (starts(type, "FD"))
		add(r, "ff", n);
	else if (starts(type, "DSP48"))
		add(r, "dsp", n);
	else if (starts(type, "RAMB36"))
		add(r, "bram", n);
	else if (starts(type, "RAMB18"))
		*ramb18 += n;
}

static bool parse_stat(const char *json, bool xilinx, stc_resources *r) {
	const char *p = strstr(json, "\"design\"");
	if (!p || !(p = strstr(p, "\"num_cells\":")))
		return false;
	int64_t cells = strtoll(p + 12, NULL, 10);
	if (!xilinx) {
		add(r, "cells", cells);
		add(r, "ff", 0);
		add(r, "logic", 0);
	} else {
		const char *kinds[] = {"lut", "ff", "dsp", "bram"};
		for (size_t i = 0; i < 4; i++)
			add(r, kinds[i], 0);
	}
	int64_t ramb18 = 0;
	p = strstr(p, "\"num_cells_by_type\"");
	if (p && (p = strchr(p, '{'))) {
		for (p = skip_ws(p + 1); *p == '"';) {
			const char *end = strchr(p + 1, '"');
			if (!end || end[1] != ':')
				return false;
			char type[64];
			snprintf(type, sizeof type, "%.*s", (int)(end - p - 1), p + 1);
			char *after;
			int64_t n = strtoll(end + 2, &after, 10);
			classify(r, xilinx, type, n, &ramb18);
			p = skip_ws(after);
		}
	}
	if (xilinx)
		add(r, "bram", (ramb18 + 1) / 2);
	return true;
}

/* The bits of the memories yosys kept (`dump` of its $mem_v2 cells). */
static int64_t memory_bits(const char *il) {
	int64_t bits = 0, size = 0, width = 0;
	for (const char *p = il; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		p = skip_ws(p);
		if (starts(p, "cell "))
			size = width = 0;
		else if (starts(p, "parameter \\SIZE "))
			size = strtoll(p + 16, NULL, 10);
		else if (starts(p, "parameter \\WIDTH "))
			width = strtoll(p + 17, NULL, 10);
		else if (starts(p, "end") && size > 0 && width > 0)
			bits += size * width, size = width = 0;
	}
	return bits;
}

/* The generic synthesis is yosys's `synth` without memory_map: a memory
 * stays one cell (an FPGA's block RAM), counted in bits, instead of
 * becoming a flip-flop per bit and a multiplexer tree per port, which
 * dominated the Calyx designs' internal memories and took yosys many
 * minutes (docs/streaming-hw.md).  It is also without `share`: on a
 * soft-float datapath its SAT search for mutually exclusive operators
 * ran for hours where the whole script now takes under a minute, and the
 * sharing it looks for is already explicit in a Calyx design's cells. */
static const char generic[] = "synth -noshare -flatten -top %s -run :fine; opt -fast -full; techmap; opt -fast; "
                              "abc -fast; opt -fast";

bool stc_yosys(const stc_options *o, const char *work, const char *top, stc_resources *r) {
	bool xilinx = strcmp(o->synth, "xilinx") == 0;
	char flow[1024], log[4096], stat[4096], mems[4096];
	snprintf(log, sizeof log, "%s/yosys.log", work);
	snprintf(stat, sizeof stat, "%s/yosys-stat.json", work);
	snprintf(mems, sizeof mems, "%s/yosys-mems.il", work);
	if (xilinx)
		snprintf(flow, sizeof flow, "synth_xilinx -flatten -top %s", top);
	else
		snprintf(flow, sizeof flow, generic, top);
	char *script = stc_fmt("read_verilog -sv %s/design.sv; %s; tee -q -o %s stat -json; tee -q -o %s dump t:$mem_v2",
	                       work, flow, stat, mems);
	char *argv[] = {"yosys", "-q", "-p", script, NULL};
	bool ran = script && stc_run(argv, log);
	free(script);
	if (!ran) {
		fprintf(stderr, "stratac: error: yosys failed; its output is in %s\n", log);
		return false;
	}
	char *json = stc_slurp(stat, NULL), *il = xilinx ? NULL : stc_slurp(mems, NULL);
	bool ok = json && parse_stat(json, xilinx, r);
	int64_t bits = il ? memory_bits(il) : 0;
	if (ok && bits)
		add(r, "mem_bits", bits);
	free(json);
	free(il);
	if (!ok)
		fprintf(stderr, "stratac: error: cannot read the cell counts in %s\n", stat);
	return ok;
}
