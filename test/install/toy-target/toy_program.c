/* program.txt, the toy machine's program as text (toy.h): written by the
 * compiler into the work directory, read back by the simulator.  One
 * statement a line:
 *     loop FIRST LAST        the elements the loop runs
 *     lanes N                iterations a cycle
 *     latency N              cycles from an iteration's loads to its stores
 *     registers N
 *     load W rD MEMORY       rD = MEMORY[i]
 *     store W MEMORY rA      MEMORY[i] = rA
 *     const W rD VALUE
 *     add|sub|mul|and|or|xor W rD rA rB
 * W is the value's width in bits. */
#include "toy.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

const char *const toy_mnemonics[TOY_NUM_OPCODES] = {"load", "store", "const", "add", "sub", "mul", "and", "or", "xor"};

bool toy_program_add(toy_program *p, toy_insn insn) {
	if (p->n == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 16;
		toy_insn *grown = realloc(p->insns, cap * sizeof *grown);
		if (!grown)
			return false;
		p->insns = grown;
		p->cap = cap;
	}
	p->insns[p->n++] = insn;
	return true;
}

void toy_program_free(toy_program *p) {
	free(p->insns);
	p->insns = NULL;
	p->n = p->cap = 0;
}

bool toy_write_program(const st_target_run *run, const toy_program *p, const char *path) {
	FILE *f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "%s: error: toy: cannot write '%s'\n", run->opts->tool, path);
		return false;
	}
	fprintf(f, "loop %" PRId64 " %" PRId64 "\nlanes %" PRId64 "\nlatency %" PRId64 "\nregisters %" PRId64 "\n",
	        p->first, p->last, p->lanes, p->latency, p->registers);
	for (size_t i = 0; i < p->n; i++) {
		const toy_insn *in = &p->insns[i];
		fprintf(f, "%s %u ", toy_mnemonics[in->op], in->width);
		if (in->op == TOY_LOAD)
			fprintf(f, "r%d %s\n", in->dst, in->memory);
		else if (in->op == TOY_STORE)
			fprintf(f, "%s r%d\n", in->memory, in->a);
		else if (in->op == TOY_CONST)
			fprintf(f, "r%d %" PRId64 "\n", in->dst, in->imm);
		else
			fprintf(f, "r%d r%d r%d\n", in->dst, in->a, in->b);
	}
	bool ok = !ferror(f);
	ok = fclose(f) == 0 && ok;
	if (!ok)
		fprintf(stderr, "%s: error: toy: cannot write '%s'\n", run->opts->tool, path);
	return ok;
}

/* A register operand "rN" below the program's register count. */
static bool reg(const char *s, int64_t nregs, int *out) {
	char *end;
	if (s[0] != 'r')
		return false;
	long v = strtol(s + 1, &end, 10);
	if (*end || end == s + 1 || v < 0 || v >= nregs)
		return false;
	*out = (int)v;
	return true;
}

static bool header(const char *line, const char *key, int64_t *out) {
	char word[16], extra[2];
	long long v;
	if (sscanf(line, "%15s %lld %1s", word, &v, extra) != 2 || strcmp(word, key))
		return false;
	*out = v;
	return true;
}

/* One instruction line. */
static bool insn_line(const char *line, toy_program *p, toy_insn *in) {
	char m[16], x[64], y[64], z[64], extra[2];
	int n = sscanf(line, "%15s %u %63s %63s %63s %1s", m, &in->width, x, y, z, extra);
	*in = (toy_insn){.width = in->width, .dst = -1, .a = -1, .b = -1};
	if (n < 4 || in->width < 1 || in->width > 64)
		return false;
	int op = 0;
	while (op < TOY_NUM_OPCODES && strcmp(m, toy_mnemonics[op]))
		op++;
	in->op = (toy_opcode)op;
	switch (op) {
	case TOY_LOAD:
		snprintf(in->memory, sizeof in->memory, "%s", y);
		return n == 4 && reg(x, p->registers, &in->dst);
	case TOY_STORE:
		snprintf(in->memory, sizeof in->memory, "%s", x);
		return n == 4 && reg(y, p->registers, &in->a);
	case TOY_CONST: {
		char *end;
		in->imm = strtoll(y, &end, 10);
		return n == 4 && !*end && reg(x, p->registers, &in->dst);
	}
	case TOY_ADD:
	case TOY_SUB:
	case TOY_MUL:
	case TOY_AND:
	case TOY_OR:
	case TOY_XOR:
		return n == 5 && reg(x, p->registers, &in->dst) && reg(y, p->registers, &in->a) &&
		       reg(z, p->registers, &in->b);
	default:
		return false;
	}
}

/* Reads program.txt back; false after "<tool>: error: <path>:<line>: ...". */
bool toy_read_program(const st_target_run *run, const char *path, toy_program *p) {
	char *text = st_backend_slurp(path, NULL);
	if (!text) {
		fprintf(stderr, "%s: error: toy: cannot read '%s'\n", run->opts->tool, path);
		return false;
	}
	int64_t *heads[] = {&p->first, &p->last, &p->lanes, &p->latency, &p->registers};
	bool ok = true;
	unsigned lineno = 0;
	for (char *line = strtok(text, "\n"); ok && line; line = strtok(NULL, "\n")) {
		lineno++;
		long long first, last;
		char extra[2];
		toy_insn in;
		if (lineno == 1)
			ok = sscanf(line, "loop %lld %lld %1s", &first, &last, extra) == 2 && first <= last;
		else if (lineno <= 4)
			ok = header(line, lineno == 2 ? "lanes" : lineno == 3 ? "latency" : "registers", heads[lineno]);
		else
			ok = insn_line(line, p, &in) && toy_program_add(p, in);
		if (lineno == 1 && ok) {
			p->first = first;
			p->last = last;
		}
		if (lineno == 4 && ok)
			ok = p->lanes >= 1 && p->latency >= 0 && p->registers >= 1 && p->registers <= 4096;
	}
	if (ok && lineno < 4)
		ok = false, lineno++;
	if (!ok)
		fprintf(stderr, "%s: error: toy: %s:%u: not a statement of a toy program\n", run->opts->tool, path,
		        lineno);
	free(text);
	return ok;
}
