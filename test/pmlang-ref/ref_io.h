/* Input and output of the C references (test/pmlang-ref/pmcheck.py): the
 * arguments of main arrive on stdin in order (floats in C's %a form), and
 * main's results are printed after each invocation, one line each. */
#ifndef PMLANG_REF_IO_H
#define PMLANG_REF_IO_H

#include <stdio.h>
#include <stdlib.h>

static inline void read_floats(float *v, int n) {
	for (int i = 0; i < n; i++) {
		double d;
		if (scanf("%la", &d) != 1)
			exit(2);
		v[i] = (float)d;
	}
}

static inline void read_ints(int *v, int n) {
	for (int i = 0; i < n; i++)
		if (scanf("%d", &v[i]) != 1)
			exit(2);
}

static inline void print_floats(const float *v, int n) {
	for (int i = 0; i < n; i++)
		printf("%s%a", i ? " " : "", (double)v[i]);
	printf("\n");
}

static inline void print_ints(const int *v, int n) {
	for (int i = 0; i < n; i++)
		printf("%s%d", i ? " " : "", v[i]);
	printf("\n");
}

static inline int invocations(int argc, char **argv) { return argc > 1 ? atoi(argv[1]) : 1; }

#endif
