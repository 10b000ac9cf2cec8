/* stratac's pieces (docs/stratac.md): the options, the external memories of
 * a lowered design, and the steps of the FPGA flow, one file each. */
#ifndef STRATAC_H
#define STRATAC_H

#include "strata/ir.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct stc_options {
	const char *input;
	const char *target; /* the .acg file */
	const char *outdir;
	const char *inputs_dir; /* --inputs: <dir>/<memory>.txt */
	const char *top;        /* --top: the kernel function */
	const char *cache_dir;  /* Verilator builds */
	const char *synth;      /* "generic" or "xilinx" */
	uint64_t seed;
	uint64_t max_cycles;
	bool no_sim;
	bool no_synth;
	bool pipeline;
	const char *parallel; /* --parallel: threads of an affine.parallel */
	const char *memories; /* --memories comb|seq */
	bool keep_work;
	bool quiet;
	const char *flow; /* --flow: auto (NULL), calyx or stream */
} stc_options;

/* An external memory of the design, from the `calyx.memories` attribute
 * (st_calyx_memory_info, strata/calyx.h), or a scalar port
 * (a data input or output of the design: one word, no dimensions), with
 * its contents. */
#define STC_MAX_DIMS 4
#define STC_MAX_BANKS 64
typedef enum stc_kind { STC_MEMORY, STC_SCALAR_IN, STC_SCALAR_OUT } stc_kind;
typedef struct stc_mem {
	char name[64];
	stc_kind kind;
	/* A memory split into `nbanks` cyclic banks along dimension bank_dim
	 * (ports `<name>_b<k>_...`; bank k holds the indices k mod nbanks);
	 * 0: one memory. */
	unsigned nbanks, bank_dim;
	bool seq;
	unsigned width;
	size_t ndims;
	int64_t dims[STC_MAX_DIMS];
	int64_t size;  /* words */
	/* The ports the design has for it (read-only memories may lack the
	 * write ports, and the other way round). */
	bool has_read, has_write, has_content_en, has_done;
	uint64_t *init; /* the inputs, masked to the width */
	uint64_t *sim;  /* after the Verilator run */
	uint64_t *ref;  /* after the interpreter run */
} stc_mem;

typedef struct stc_design {
	st_op *hw_top;      /* the hw.module the testbench drives */
	const char *top;    /* its name */
	st_op *kernel;      /* the reference func.func in the original IR */
	const char *kernel_name;
	stc_mem *mems;
	size_t nmems;
	int64_t ii; /* the largest calyx.ii, -1: nothing pipelined (preset by the caller) */
} stc_design;

/* Milliseconds per stage of the run, in the order they ran (qor.json). */
#define STC_MAX_STAGES 24
typedef struct stc_times {
	const char *stage[STC_MAX_STAGES];
	double ms[STC_MAX_STAGES];
	size_t n;
} stc_times;
double stc_now_ms(void);
void stc_time_add(stc_times *t, const char *stage, double start_ms);

/* Resources of the synthesised design: kind -> used, and the budget of the
 * same name in the .acg (-1: none). */
#define STC_MAX_RESOURCES 8
typedef struct stc_resources {
	char kind[STC_MAX_RESOURCES][16];
	int64_t used[STC_MAX_RESOURCES];
	int64_t available[STC_MAX_RESOURCES];
	size_t n;
} stc_resources;

/* design.c: finds the kernel function in the original module and the
 * hw.module with `calyx.memories` in the lowered one, and reads the
 * memories and the II; false after a located error. */
bool stc_design_find_kernel(st_op *original, const char *top, stc_design *d);
bool stc_design_has_hw(st_op *module);
bool stc_design_read(st_op *lowered, stc_design *d);
/* Raises *ii to the largest `calyx.ii` in `module`: the lowering puts it on
 * components and static groups, which later passes may remove, so it is
 * looked for after every pass. */
void stc_design_note_ii(st_op *module, int64_t *ii);
void stc_design_free(stc_design *d);

/* testbench.c: the C++ testbench of docs/stratac.md for the design. */
void stc_write_testbench(FILE *f, const stc_design *d);

/* data.c: memory contents: generated, read from --inputs, written out,
 * and the interpreter's reference run; false after "stratac: error:". */
bool stc_inputs_generate(stc_design *d, uint64_t seed);
bool stc_inputs_read(stc_design *d, const char *dir);
bool stc_mem_write_dir(const stc_design *d, const char *dir, int which /* 0 init, 1 sim */);
bool stc_mem_read_dir(stc_design *d, const char *dir);
bool stc_reference_run(st_context *ctx, stc_design *d, uint64_t *steps);
/* Every memory, word by word; false after naming the first difference. */
bool stc_compare(const stc_design *d);

/* run.c: child processes.  Runs argv with stdout and stderr into `log`
 * (appended); true when it exited with 0. */
bool stc_run(char *const *argv, const char *log);
/* The Verilator model of the design: from the cache, or built now and
 * stored there.  `binary` receives its path. */
bool stc_verilator_build(const stc_options *o, const char *work, const char *top, char *binary, size_t n,
                         bool *cached);
/* yosys on the Verilog: used resources per kind. */
bool stc_yosys(const stc_options *o, const char *work, const char *top, stc_resources *r);

/* check.c: what both FPGA flows do once the design files are in `work`:
 * the inputs (read or generated) into work/inputs, yosys resources against
 * the .acg's budgets, the Verilator run (`extra`: one more argument for the
 * model, or NULL) and the word-for-word comparison with the interpreter.
 * Returns the simulation's log ("" when not simulated; the caller frees
 * it), or NULL after saying what failed. */
struct stc_qor;
/* The start of both: the kernel found (q->design, q->kernel) and a copy of
 * the module holding the target's acg.graph, for the flow to lower; NULL
 * after saying what failed. */
st_op *stc_flow_begin(const stc_options *o, st_op *module, st_op *acg_module, struct stc_qor *q);
char *stc_check_design(st_context *ctx, const stc_options *o, st_op *acg_module, const char *work, stc_design *d,
                       struct stc_qor *q, const char *extra);

/* qor.c: the QoR report (docs/qor-schema.md) and its table. */
typedef struct stc_qor {
	const char *target, *kernel;
	int64_t cycles; /* -1: not simulated */
	int64_t ii;     /* -1: null */
	uint64_t ops;   /* operations the interpreter executed */
	stc_resources res;
	stc_design *design;
	stc_times times;
	const char *stream; /* the stream flow's "stream" object (JSON), or NULL */
} stc_qor;
bool stc_qor_write(const stc_qor *q, const char *path);
void stc_qor_print(const stc_qor *q, FILE *f);

/* fpga.c: the whole FPGA flow into the work directory; `q->design` points
 * to a zeroed design it fills. */
bool stc_fpga_flow(st_context *ctx, const stc_options *o, st_op *module, st_op *acg_module, const char *work,
                   stc_qor *q);

/* stream.c: whether the run takes the stream flow (--flow, or auto: the
 * input has an accelerated pipeline), and the flow itself
 * (docs/streaming-hw.md), filling `q` as stc_fpga_flow does. */
bool stc_stream_chosen(const stc_options *o, st_op *module);
bool stc_stream_flow(st_context *ctx, const stc_options *o, st_op *module, st_op *acg_module, const char *work,
                     stc_qor *q);

/* util.c.  Formats into a fresh malloc'd string (NULL when out of memory). */
char *stc_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A whole file, NUL-terminated, malloc'd; NULL when unreadable. */
char *stc_slurp(const char *path, size_t *len);
/* mkdir -p. */
bool stc_mkdirs(const char *path);
/* rm -rf (symbolic links are removed, never followed). */
bool stc_rm_rf(const char *path);

#endif
