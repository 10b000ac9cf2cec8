/* The toy machine (docs/adding-a-target.md): a row of integer lanes that
 * run one loop over one-dimensional memories, `lanes` iterations a cycle.
 * Its program is what the compiler (toy_compile.c) writes into
 * program.txt and the simulator (toy_sim.c) reads back: the simulator
 * sees only the program and the input words, never the IR. */
#ifndef TOY_H
#define TOY_H

#include <strata/backend.h>

typedef enum toy_opcode { TOY_LOAD, TOY_STORE, TOY_CONST, TOY_ADD, TOY_SUB, TOY_MUL, TOY_AND, TOY_OR, TOY_XOR,
	          TOY_NUM_OPCODES } toy_opcode;

/* The instructions' names in program.txt, by opcode. */
extern const char *const toy_mnemonics[TOY_NUM_OPCODES];

typedef struct toy_insn {
	toy_opcode op;
	unsigned width;  /* bits of the value (1..64) */
	int dst, a, b;   /* registers; -1: not used */
	char memory[64]; /* load, store: the memory (a buffer's name) */
	int64_t imm;     /* const */
} toy_insn;

typedef struct toy_program {
	int64_t first, last; /* the loop runs the elements [first, last) */
	int64_t lanes;       /* iterations a cycle */
	int64_t latency;     /* cycles from an iteration's loads to its stores */
	int64_t registers;   /* the machine's registers, from the .acg */
	toy_insn *insns;     /* malloc'd */
	size_t n, cap;
} toy_program;

/* The options of the target (its option table is in toy.c). */
typedef struct toy_options {
	int64_t lanes;
} toy_options;

/* Appends an instruction; false when out of memory. */
bool toy_program_add(toy_program *p, toy_insn insn);
void toy_program_free(toy_program *p);

/* Lowers the run's kernel into `p`; false after a located error naming
 * what the toy machine cannot do. */
bool toy_compile(st_target_run *run, toy_program *p);
/* Writes `p` as program.txt text to `path`. */
bool toy_write_program(const st_target_run *run, const toy_program *p, const char *path);
/* Reads program.txt back into `p` (zeroed); false after an error naming
 * the line. */
bool toy_read_program(const st_target_run *run, const char *path, toy_program *p);
/* Runs the program at `path` on the words of the work directory's
 * inputs/: fills every buffer's simulated words and *cycles. */
bool toy_simulate(st_target_run *run, const char *path, int64_t *cycles);

#endif
