/* strata-opt: parse, verify, (run passes,) print -- with mlir-opt's habits. */
#include "strata/asm.h"
#include "strata/registry.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct options {
	const char *input;
	const char *output;
	bool split;
	bool verify_diags;
	bool allow_unregistered;
	bool generic;
	bool debuginfo;
	bool mlir14;
	bool verify_each;
	bool show_dialects;
} options;

static void usage(FILE *f) {
	fputs("usage: strata-opt [options] [input-file]\n"
	      "\n"
	      "Parses MLIR-syntax IR, verifies it and prints it back.\n"
	      "\n"
	      "options:\n"
	      "  -o <file>                      write output to <file> (default: stdout)\n"
	      "  --split-input-file             process each chunk between '// -----' lines on its own\n"
	      "  --verify-diagnostics           check diagnostics against expected-* annotations\n"
	      "  --allow-unregistered-dialect   accept ops of dialects that are not registered\n"
	      "  --print-op-generic             print every op in the generic form\n"
	      "  --print-debuginfo              print locations\n"
	      "  --mlir14                       read and write MLIR 14 spellings (builtin.func, std.*)\n"
	      "  --verify-each[=true|false]     verify after each pass (default true)\n"
	      "  --show-dialects                list the registered dialects and their ops\n"
	      "  --help, --version\n"
	      "  mlir-opt spellings accepted: --mlir-print-op-generic, --mlir-print-debuginfo,\n"
	      "  --mlir-timing, --mlir-disable-threading\n",
	      f);
}

static int arg_error(const char *arg, const char *msg) {
	fprintf(stderr, "strata-opt: error: %s: '%s'\n", msg, arg);
	fprintf(stderr, "Try 'strata-opt --help' for the list of options.\n");
	return 2;
}

static int parse_args(int argc, char **argv, options *o) {
	memset(o, 0, sizeof *o);
	o->verify_each = true;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "-o") == 0) {
			if (++i >= argc)
				return arg_error(a, "missing file name after");
			o->output = argv[i];
		} else if (strncmp(a, "-o", 2) == 0 && a[2] && a[1] != '-') {
			o->output = a + 2;
		} else if (strcmp(a, "--split-input-file") == 0 || strcmp(a, "-split-input-file") == 0) {
			o->split = true;
		} else if (strcmp(a, "--verify-diagnostics") == 0 || strcmp(a, "-verify-diagnostics") == 0) {
			o->verify_diags = true;
		} else if (strcmp(a, "--allow-unregistered-dialect") == 0 || strcmp(a, "-allow-unregistered-dialect") == 0) {
			o->allow_unregistered = true;
		} else if (strcmp(a, "--print-op-generic") == 0 || strcmp(a, "--mlir-print-op-generic") == 0 ||
		           strcmp(a, "-mlir-print-op-generic") == 0) {
			o->generic = true;
		} else if (strcmp(a, "--print-debuginfo") == 0 || strcmp(a, "--mlir-print-debuginfo") == 0 ||
		           strcmp(a, "-mlir-print-debuginfo") == 0) {
			o->debuginfo = true;
		} else if (strcmp(a, "--mlir14") == 0) {
			o->mlir14 = true;
		} else if (strcmp(a, "--verify-each") == 0 || strcmp(a, "--verify-each=true") == 0 ||
		           strcmp(a, "--verify-each=1") == 0) {
			o->verify_each = true;
		} else if (strcmp(a, "--verify-each=false") == 0 || strcmp(a, "--verify-each=0") == 0) {
			o->verify_each = false;
		} else if (strcmp(a, "--mlir-timing") == 0 || strcmp(a, "--mlir-disable-threading") == 0 ||
		           strcmp(a, "-mlir-disable-threading") == 0) {
			/* Strata runs single-threaded; timing arrives with the pass manager. */
		} else if (strcmp(a, "--show-dialects") == 0 || strcmp(a, "-show-dialects") == 0) {
			o->show_dialects = true;
		} else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			usage(stdout);
			return -1;
		} else if (strcmp(a, "--version") == 0) {
			printf("strata-opt %s (Strata API %d)\n", ST_VERSION_STRING, st_api_version());
			return -1;
		} else if (strcmp(a, "-") == 0 || a[0] != '-') {
			if (o->input)
				return arg_error(a, "more than one input file");
			o->input = a;
		} else {
			return arg_error(a, "unknown option");
		}
	}
	if (!o->input)
		o->input = "-";
	return 0;
}

/* ------------------------------------------------------------- input */

typedef struct input {
	char *data;
	size_t len;
	bool mapped;
} input;

static bool read_input(const char *path, input *in) {
	memset(in, 0, sizeof *in);
	int fd = strcmp(path, "-") == 0 ? 0 : open(path, O_RDONLY);
	if (fd < 0) {
		fprintf(stderr, "strata-opt: error: cannot open '%s': %s\n", path, strerror(errno));
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
			fprintf(stderr, "strata-opt: error: cannot read '%s': %s\n", path, strerror(errno));
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
			fprintf(stderr, "strata-opt: error: out of memory reading '%s'\n", path);
		return false;
	}
	return true;
}

static void free_input(input *in) {
	if (in->mapped)
		munmap(in->data, in->len);
	else
		free(in->data);
}

/* ------------------------------------------------------------ output */

typedef struct output {
	FILE *f;
	char *tmp_path;
	const char *path;
	bool failed;
} output;

static void out_write(void *ud, const char *data, size_t len) {
	output *o = ud;
	if (!o->failed && fwrite(data, 1, len, o->f) != len)
		o->failed = true;
}

/* Output goes to a temporary file renamed over the target only on success,
 * so that a failing run never clobbers what the user had. */
static bool open_output(const char *path, output *o) {
	memset(o, 0, sizeof *o);
	o->path = path;
	if (!path || strcmp(path, "-") == 0) {
		o->f = stdout;
		setvbuf(stdout, NULL, _IOFBF, 1 << 16);
		return true;
	}
	size_t n = strlen(path) + 32;
	o->tmp_path = malloc(n);
	if (!o->tmp_path)
		return false;
	snprintf(o->tmp_path, n, "%s.tmp%ld", path, (long)getpid());
	o->f = fopen(o->tmp_path, "w");
	if (!o->f) {
		fprintf(stderr, "strata-opt: error: cannot write '%s': %s\n", path, strerror(errno));
		free(o->tmp_path);
		return false;
	}
	/* The printer hands over 64 KiB chunks: let them through unsplit. */
	setvbuf(o->f, NULL, _IOFBF, 1 << 16);
	return true;
}

static bool close_output(output *o, bool ok) {
	if (o->f == stdout) {
		fflush(stdout);
		return ok && !o->failed;
	}
	if (fclose(o->f) != 0)
		o->failed = true;
	ok = ok && !o->failed;
	if (ok && rename(o->tmp_path, o->path) != 0) {
		fprintf(stderr, "strata-opt: error: cannot write '%s': %s\n", o->path, strerror(errno));
		ok = false;
	}
	if (!ok)
		unlink(o->tmp_path);
	free(o->tmp_path);
	return ok;
}

/* ----------------------------------------------------------- driver */

/* The name diagnostics and locations give the input: mlir-opt's <stdin>
 * for standard input. */
static const char *source_name(const options *o) { return strcmp(o->input, "-") == 0 ? "<stdin>" : o->input; }

/* Every registered dialect, then its ops indented, one per line. */
static int show_dialects(void) {
	st_context *ctx = st_context_create();
	if (!ctx || st_failed(st_register_all_dialects(ctx))) {
		st_context_destroy(ctx);
		return 1;
	}
	puts("Available Dialects:");
	for (size_t i = 0; i < st_context_num_dialects(ctx); i++) {
		const st_dialect_def *d = st_dialect_get_def(st_context_dialect_at(ctx, i));
		printf("%s\n", d->name);
		for (size_t k = 0; k < d->nops; k++)
			printf("  %s\n", d->ops[k].name);
	}
	st_context_destroy(ctx);
	return 0;
}

static bool process_chunk(st_context *ctx, const options *o, st_str chunk, unsigned first_line, output *out,
                          bool mapped, bool first_chunk) {
	st_parse_options po = {
		.mlir14 = o->mlir14, .first_line = first_line, .no_register_source = true, .release_consumed = mapped};
	st_op *m = st_parse_source(ctx, chunk, source_name(o), &po);
	if (!m)
		return false;
	bool ok = st_succeeded(st_verify(m));
	if (ok) {
		if (o->split && !first_chunk)
			out_write(out, "// -----\n", 9);
		st_print_options pr = {
			.generic = o->generic, .debuginfo = o->debuginfo, .mlir14 = o->mlir14, .assume_verified = true};
		st_print_op(m, &pr, out_write, out);
	}
	st_op_destroy(m);
	return ok;
}

/* The `// -----` separator lines of --split-input-file. */
static const char *find_split(const char *s, const char *end) {
	for (const char *p = s; p < end;) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		const char *q = p;
		while (q < eol && (*q == ' ' || *q == '\t'))
			q++;
		if (eol - q >= 8 && memcmp(q, "// -----", 8) == 0)
			return p;
		p = eol + 1;
	}
	return NULL;
}

int main(int argc, char **argv) {
	options o;
	int rc = parse_args(argc, argv, &o);
	if (rc)
		return rc < 0 ? 0 : rc;
	if (o.show_dialects)
		return show_dialects();
	input in;
	if (!read_input(o.input, &in))
		return 1;
	st_context *ctx = st_context_create();
	if (!ctx) {
		fprintf(stderr, "strata-opt: error: out of memory\n");
		free_input(&in);
		return 1;
	}
	st_context_set_allow_unregistered(ctx, o.allow_unregistered);
	bool ok = st_succeeded(st_register_all_dialects(ctx));
	st_str whole = st_str_make(in.data, in.len);
	st_context_add_source(ctx, st_str_c(source_name(&o)), whole);
	st_diag_verifier *dv = NULL;
	if (ok && o.verify_diags)
		dv = st_diag_verifier_create(ctx, whole, source_name(&o));
	output out;
	if (ok && !open_output(o.output, &out))
		ok = false;
	else if (ok) {
		bool all = true;
		if (!o.split) {
			all = process_chunk(ctx, &o, whole, 1, &out, in.mapped, true);
		} else {
			const char *p = in.data, *end = in.data + in.len;
			unsigned line = 1;
			bool first = true;
			for (;;) {
				const char *sep = find_split(p, end);
				const char *cend = sep ? sep : end;
				bool c = process_chunk(ctx, &o, st_str_make(p, (size_t)(cend - p)), line, &out, false, first);
				all = all && c;
				first = false;
				for (const char *q = p; q < cend; q++)
					line += *q == '\n';
				if (!sep)
					break;
				const char *eol = memchr(sep, '\n', (size_t)(end - sep));
				p = eol ? eol + 1 : end;
				line++;
			}
		}
		if (dv) {
			/* With --verify-diagnostics, the run succeeds when exactly the
			 * expected diagnostics appeared. */
			all = st_succeeded(st_diag_verifier_finish(dv));
			dv = NULL;
		}
		ok = close_output(&out, all);
	}
	if (dv)
		st_diag_verifier_finish(dv);
	st_context_destroy(ctx);
	free_input(&in);
	return ok ? 0 : 1;
}
