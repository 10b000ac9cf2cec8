/* Targets: what compiles, simulates and reports a kernel for one class of
 * machine (the `class` of an `.acg` file: fpga, cgra, rda, systolic, ...).
 * A target is plain C data registered by class in a context, like passes
 * and translations; the driver (stratac, docs/stratac.md) imports the
 * `.acg` file, looks its class up here and runs the hooks on a run handle.
 *
 * The handle (st_target_run) is defined by the flow kit every target uses,
 * backends/common (strata/backend.h): the options, the input at loop level,
 * the `.acg` module, the kernel and its buffers, the work directory and the
 * QoR report being filled.  The core only keeps the registry, so that a
 * target, like a pass, can come from a plugin (strata/plugin.h,
 * register_targets).  docs/adding-a-target.md is the recipe.
 */
#ifndef STRATA_TARGET_H
#define STRATA_TARGET_H

#include "strata/ir.h"
#include "strata/pass.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct st_target_run st_target_run; /* strata/backend.h */

typedef struct st_target_def {
	/* The ACG class the target serves ("fpga"); the registry's key, so it
	 * comes first (and `class_` because `class` is a C++ keyword). */
	const char *class_;
	const char *summary; /* one line for `stratac --help` */
	/* Typed options, with the tables and value syntax of pass options
	 * (strata/pass.h): the driver fills a struct of `options_size` bytes
	 * from `--target-opt key=value` and from a flag per option
	 * (`--name value`, `--name` for a bool), then hands it to the hooks. */
	const st_pass_option_def *options;
	size_t noptions;
	size_t options_size;
	/* The files and folders compile and simulate make in the work
	 * directory that the run delivers into `-o DIR` (NULL-terminated;
	 * "design.sv", ...); the kit adds its own (qor.json, inputs/,
	 * outputs/).  The driver refuses an `-o` where one of them would
	 * replace an input before anything runs. */
	const char *const *outputs;
	/* Lowers the run's kernel into a design in the work directory and
	 * fills what compilation knows (buffers' names, utilization, ii).
	 * Required.  ST_FAIL after reporting why. */
	st_status (*compile)(st_target_run *run);
	/* Runs the design on the buffers' initial words and fills their
	 * simulated words and the cycles; NULL: the target cannot simulate
	 * (the driver then stops before the comparison, as with --no-sim). */
	st_status (*simulate)(st_target_run *run);
	/* Fills the rest of the QoR report: ideal_cycles, the class's own
	 * object; NULL: nothing beyond the common keys. */
	st_status (*report)(st_target_run *run);
	/* Frees what the hooks kept in the run (its `state`); may be NULL.
	 * Called once per run, whether the hooks succeeded or not. */
	void (*release)(st_target_run *run);
} st_target_def;

/* Registers `def` (kept by pointer; static storage is typical).  The same
 * definition twice is a no-op; another one for a registered class is an
 * error naming the class, as is a definition without a class, a compile
 * hook, or with options but no options struct. */
ST_API st_status st_context_register_target(st_context *ctx, const st_target_def *def);
/* The target of ACG class `class_`, or NULL. */
ST_API const st_target_def *st_context_lookup_target(st_context *ctx, st_str class_);
/* The registered targets, sorted by class. */
ST_API size_t st_context_num_targets(const st_context *ctx);
ST_API const st_target_def *st_context_target_at(const st_context *ctx, size_t i);

#ifdef __cplusplus
}
#endif
#endif
