/* `stratac --help`: the generic options, then every registered target
 * (shipped, and those of --load-target-plugin) with its options, and the
 * input languages, all read from the context's registries. */
#include "stratac.h"

#include "strata/translate.h"

#include <string.h>

static const char generic[] =
	"usage: stratac <input> --target <file.acg> -o <dir> [options] [target options]\n"
	"\n"
	"Compiles the kernel of <input> for the target an .acg file describes (its class picks\n"
	"the target), simulates it on generated inputs, compares every buffer with the\n"
	"interpreter bit for bit and writes the design, the inputs, the simulated outputs and\n"
	"qor.json into <dir> (docs/stratac.md).\n"
	"\n"
	"options:\n"
	"  --target <file.acg>     the target description; its class picks the target below;\n"
	"                          repeated: one run per target into <dir>/<file>, one table\n"
	"  -o <dir>                the output directory (created if missing)\n"
	"  --top <name>            the kernel function (default: the only public one)\n"
	"  --inputs <dir>          initial buffer contents: <dir>/<buffer>.txt, one word a line\n"
	"                          (default: drawn from the seed)\n"
	"  --seed <n>              seed of the drawn inputs (default 1)\n"
	"  --no-sim                do not simulate (no cycles, no comparison)\n"
	"  --max-cycles <n>        simulation limit (default 1000000)\n"
	"  --cache-dir <dir>       simulator builds (default $STRATA_VERILATOR_CACHE,\n"
	"                          else ~/.cache/strata/verilator)\n"
	"  --allow-over-budget     a design over an .acg budget is a warning, not an error\n"
	"  --keep-work             keep the work directory of a failed run\n"
	"  -q, --quiet             no QoR table on stdout (nor progress)\n"
	"  --progress              a line per target's run on stderr even off a terminal\n"
	"  --target-opt <n>=<v>    set option <n> of the target (also written --<n>=<v>,\n"
	"                          --<n> <v>, or --<n> for a bool)\n" ST_TOOL_LIMIT_USAGE ST_TOOL_PLUGIN_USAGE
	"  --help, --version\n";

/* `--name=<kind>` as the option is written. */
static void option_form(FILE *f, const st_pass_option_def *od) {
	char form[160];
	size_t n = (size_t)snprintf(form, sizeof form, "--%s", od->name);
	switch (od->kind) {
	case ST_PASS_OPT_BOOL:
		break;
	case ST_PASS_OPT_INT:
		snprintf(form + n, sizeof form - n, "=<n>");
		break;
	case ST_PASS_OPT_ENUM:
		for (int i = 0; od->cases && od->cases[i] && n < sizeof form; i++)
			n += (size_t)snprintf(form + n, sizeof form - n, "%s%s", i ? "|" : "=", od->cases[i]);
		break;
	case ST_PASS_OPT_STRING:
	case ST_PASS_OPT_LIST:
		snprintf(form + n, sizeof form - n, "=<text>");
		break;
	}
	fprintf(f, "    %-28s", form);
	if (strlen(form) > 28)
		fprintf(f, "\n    %-28s", "");
}

void stc_usage(FILE *f, st_context *ctx) {
	fputs(generic, f);
	fputs("\ntargets (by ACG class; their options as flags or --target-opt):\n", f);
	size_t n = ctx ? st_context_num_targets(ctx) : 0;
	if (!n)
		fputs("  (none registered)\n", f);
	for (size_t i = 0; i < n; i++) {
		const st_target_def *t = st_context_target_at(ctx, i);
		fprintf(f, "  %-22s %s\n", t->class_, t->summary ? t->summary : "");
		for (size_t k = 0; k < t->noptions; k++) {
			const st_pass_option_def *od = &t->options[k];
			option_form(f, od);
			fprintf(f, " %s", od->summary ? od->summary : "");
			if (od->default_value && od->kind != ST_PASS_OPT_BOOL)
				fprintf(f, " (default %s)", od->default_value);
			fputc('\n', f);
		}
	}
	fputs("\ninputs: MLIR text (func/affine/scf/memref), or by extension:\n", f);
	for (size_t i = 0; ctx && i < st_context_num_translations(ctx); i++) {
		const st_translation_def *t = st_context_translation_at(ctx, i);
		if (t->extension)
			fprintf(f, "  %-22s %s (--%s)\n", t->extension, t->summary ? t->summary : "", t->name);
	}
}
