/* Pass instrumentation: IR dumps before and after passes (with MLIR's
 * headers), change detection by a structural fingerprint of the op, and the
 * timing report. */
#include "pass_internal.h"
#include "strata/asm.h"

#include <stdarg.h>
#include <stdio.h>
#include <time.h>

double st__now(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void out_printf(const st_pass_manager *root, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out_printf(const st_pass_manager *root, const char *fmt, ...) {
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n > 0)
		st__pm_write(root, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

static void root_write(void *ud, const char *data, size_t len) { st__pm_write(ud, data, len); }

/* ---------------------------------------------------------- fingerprint */

/* Everything a pass can change without the fingerprint noticing would have
 * to keep every pointer below: names, locations, attribute dictionaries
 * (uniqued, so a pointer stands for the value), types, operand values,
 * successors, and the blocks and arguments of nested regions, in order. */
static inline uint64_t mix(uint64_t h, uint64_t x) {
	h ^= x + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h * 0x100000001b3ull;
}
#define MIXP(h, p) ((h) = mix((h), (uint64_t)(uintptr_t)(p)))

static st_walk_result fp_walk(st_op *op, void *ud) {
	uint64_t *h = ud;
	MIXP(*h, op);
	MIXP(*h, op->name);
	MIXP(*h, op->rawloc);
	MIXP(*h, op->attrs);
	*h = mix(*h, op->noperands);
	for (uint32_t i = 0; i < op->noperands; i++)
		MIXP(*h, st__uses(op)[i].value);
	*h = mix(*h, op->nresults);
	for (uint32_t i = 0; i < op->nresults; i++)
		MIXP(*h, st__result(op, i)->type);
	for (uint32_t i = 0; i < op->nsuccs; i++)
		MIXP(*h, st__succs(op)[i].block);
	*h = mix(*h, op->nregions);
	for (uint32_t r = 0; r < op->nregions; r++)
		for (st_block *b = st__regions(op)[r].first; b; b = b->next) {
			MIXP(*h, b);
			for (uint32_t a = 0; a < b->nargs; a++) {
				MIXP(*h, b->args[a]);
				MIXP(*h, b->args[a]->v.type);
				MIXP(*h, b->args[a]->loc);
			}
			/* Where a block's ops end, so that moving an op between
			 * blocks changes the fingerprint. */
			*h = mix(*h, 0xb10c);
		}
	return ST_WALK_ADVANCE;
}

st__fingerprint st__op_fingerprint(const st_op *op) {
	uint64_t h = 0xcbf29ce484222325ull;
	st_walk((st_op *)op, ST_WALK_PRE, fp_walk, &h);
	return (st__fingerprint){h};
}

/* ------------------------------------------------------------ IR dumps */

static bool listed(const char *const *names, const char *name) {
	for (; names && *names; names++)
		if (strcmp(*names, name) == 0)
			return true;
	return false;
}

bool st__pm_should_print_before(const st_pass_manager *root, const st_pass *pass) {
	return root->ins.print_before_all || listed(root->ins.print_before, pass->def->name);
}

bool st__pm_should_print_after(const st_pass_manager *root, const st_pass *pass) {
	const st_pass_instrument *ins = &root->ins;
	/* --print-ir-after-change and --print-ir-after-failure narrow what is
	 * printed; alone, they apply to every pass. */
	bool select_all = ins->print_after_all ||
	                  ((ins->print_after_change || ins->print_after_failure) && !(ins->print_after && *ins->print_after));
	return select_all || listed(ins->print_after, pass->def->name);
}

void st__pm_print_ir(const st_pass_manager *root, const st_pass *pass, st_op *op, const char *title, bool failed) {
	const st_pass_instrument *ins = &root->ins;
	out_printf(root, "// -----// IR Dump %s %s%s (%s)", title, st__pass_display_name(pass->def), failed ? " Failed" : "",
	           pass->def->name);
	st_op *shown = op;
	if (ins->print_module_scope) {
		out_printf(root, " ('%s' operation", st_op_name_cstr(op));
		st_ident *sym = st_symbol_name(op);
		if (sym)
			out_printf(root, ": @%s", st_ident_cstr(sym));
		out_printf(root, ")");
		while (st_op_parent_op(shown))
			shown = st_op_parent_op(shown);
	}
	out_printf(root, " //----- //\n");
	st_print_options po = {0};
	if (ins->print_options)
		po = *(const st_print_options *)ins->print_options;
	/* After a failure the IR may not verify: let the printer check. */
	po.assume_verified = false;
	st_print_op(shown, &po, root_write, (void *)root);
	out_printf(root, "\n");
}

/* -------------------------------------------------------------- timing */

static void timing_line(const st_pass_manager *root, double secs, double total, int indent, const char *fmt,
                        const char *name) {
	double pct = total > 0 ? 100.0 * secs / total : 0;
	out_printf(root, "  %8.4f (%5.1f%%)  %*s", secs, pct, indent, "");
	out_printf(root, fmt, name);
	out_printf(root, "\n");
}

static void timing_tree(const st_pass_manager *root, const st_pass_manager *pm, double total, int indent) {
	for (size_t i = 0; i < pm->nentries; i++) {
		const st_pass *p = pm->entries[i].pass;
		if (p) {
			timing_line(root, p->seconds, total, indent, "%s", st__pass_display_name(p->def));
			for (size_t k = 0; k < p->natimes; k++)
				timing_line(root, p->atimes[k].seconds, total, indent + 2, "(A) %s", p->atimes[k].def->name);
			continue;
		}
		const st_pass_manager *n = pm->entries[i].nested;
		timing_line(root, n->seconds, total, indent, "'%s' Pipeline", st__pm_anchor_name(n));
		timing_tree(root, n, total, indent + 2);
	}
}

void st__pm_print_timing(const st_pass_manager *root, double total) {
	static const char rule[] = "===-------------------------------------------------------------------------===\n";
	out_printf(root, "%s", rule);
	out_printf(root, "                         ... Execution time report ...\n");
	out_printf(root, "%s", rule);
	out_printf(root, "  Total Execution Time: %.4f seconds\n\n", total);
	out_printf(root, "  ----Wall Time----  ----Name----\n");
	timing_tree(root, root, total, 0);
	timing_line(root, total, total, 0, "%s", "Total");
}
