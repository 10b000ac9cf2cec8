/* What the files of the flow kit (backends/common, strata/backend.h) share
 * and nothing outside the library sees. */
#ifndef STRATA_BACKENDS_COMMON_H
#define STRATA_BACKENDS_COMMON_H

#include "strata/backend.h"

#include <sys/types.h>

/* commit.c: before the run, whether every output may go into -o DIR (no
 * input replaced, no directory holding what no run wrote); after it, the
 * outputs moved in, all or none.  Both false after saying why. */
bool st__run_check_outputs(const st_target_run *run);
bool st__run_commit(const st_target_run *run);

/* interrupt.c: SIGINT, SIGTERM and SIGHUP during a run kill the running
 * child's process group, remove the work directory (and -o DIR when the
 * run created it) and exit with 128 + the signal; during the commit they
 * only mark the run, whose commit then undoes itself.  begin installs the
 * handlers (where the disposition is not "ignore"), end restores them and
 * exits after a deferred signal.  hold blocks the signals while the work
 * directory is made and recorded (set_work). */
void st__interrupt_begin(const st_run_options *o);
void st__interrupt_end(void);
void st__interrupt_hold(bool on);
void st__interrupt_set_work(const char *work, const char *created_outdir);
/* The process group of the child st_backend_spawn runs (0: none). */
void st__interrupt_child(pid_t pgid);
void st__interrupt_defer(bool on);
bool st__interrupt_pending(void);
/* The test hook STRATAC_TEST_PAUSE=<point>:<file>: at `point` (when the
 * variable names it) writes `file`, waits for a signal and returns false;
 * else true. */
bool st__test_pause(const st_target_run *run, const char *point);

/* words.c */
uint64_t st__mask_of(unsigned width);
/* Allocates *p (the words of `b`) unless it is there; false after saying
 * "out of memory". */
bool st__alloc_words(const st_target_run *run, st_buffer *b, uint64_t **p);
/* --inputs names a directory (checked before the run starts); false after
 * saying why not. */
bool st__check_inputs_dir(const st_run_options *o);
/* The initial words: read from opts->inputs_dir, else drawn from the seed. */
bool st__run_inputs(st_target_run *run);
/* Every buffer, word by word; false after naming the first difference. */
bool st__run_compare(const st_target_run *run);

/* reference.c: the interpreter's run of the kernel on the initial words
 * (fills each buffer's `ref`, loads and stores, and run->ops, muls). */
bool st__run_reference(st_target_run *run);

/* capability.c: the program against what the .acg has (its operations
 * against the compute nodes' capabilities, its memories against the
 * target's), before anything is lowered; false after one located error
 * per missing thing. */
bool st__run_check_capabilities(st_target_run *run);

/* json.c */
st_json *st__json_new(void);
void st__json_free(st_json *o);
size_t st__json_size(const st_json *o);
/* Whether a value was lost for want of memory. */
bool st__json_oom(const st_json *o);
/* `indent` > 0: one key a line, indented so; 0: all on one line.
 * Nested objects go on one line. */
void st__json_write(const st_json *o, FILE *f, int indent);
/* Sets every key of `src` in `dst`, nested objects copied. */
void st__json_copy_into(st_json *dst, const st_json *src);

/* qor.c */
st_qor *st__qor_new(void);
void st__qor_free(st_qor *q);
/* An .acg budget the design exceeds is an error naming the resource, its
 * use and the budget (a warning with opts->allow_over_budget). */
bool st__qor_check_budgets(st_target_run *run);
/* qor.json and the table on stdout. */
bool st__qor_write(st_target_run *run, const char *path);
void st__qor_print(st_target_run *run, FILE *f);
/* Copies the report's figures into run->summary. */
void st__qor_summarize(st_target_run *run);

#endif
