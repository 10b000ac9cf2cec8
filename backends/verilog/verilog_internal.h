/* Shared between the files of the Verilog export. */
#ifndef STRATA_VERILOG_INTERNAL_H
#define STRATA_VERILOG_INTERNAL_H

#include "strata/comb.h"
#include "strata/seq.h"
#include "strata/verilog.h"

#include <stdarg.h>

/* Buffered output through an st_write_fn. */
typedef struct vout {
	st_write_fn w;
	void *ud;
	char buf[1 << 15];
	size_t n;
} vout;
void st__v_puts(vout *o, const char *s);
void st__v_write(vout *o, const char *s, size_t n);
void st__v_printf(vout *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void st__v_flush(vout *o);
/* A buffer writing through `w` (NULL when out of memory); st__v_close
 * flushes and frees it. */
vout *st__v_open(st_context *ctx, st_write_fn w, void *ud);
void st__v_close(st_context *ctx, vout *o);

/* Signal names of one module: each value gets a unique, legal SystemVerilog
 * identifier from its port name, `name`/`sv.namehint`, or `_T<n>`. */
typedef struct vnames {
	st_context *ctx;
	st_value_map *map; /* value -> (index + 1) cast to a pointer */
	char **names;
	size_t n, cap;
	/* Open-addressing set of the names taken. */
	const char **set;
	size_t set_cap, set_n;
	unsigned next_temp;
	/* Per base name, the first `_<k>` suffix not yet tried, so that the
	 * thousandth name from one hint costs one probe, not a thousand. */
	struct vsuffix *suffix;
	size_t suffix_cap, suffix_n;
} vnames;
void st__v_names_init(vnames *v, st_context *ctx);
void st__v_names_free(vnames *v);
/* Reserves a name derived from `hint` (NULL: a temporary); returns it. */
const char *st__v_name_new(vnames *v, const char *hint, size_t len);
const char *st__v_name_assign(vnames *v, const st_value *val, const char *hint, size_t len);
const char *st__v_name_of(const vnames *v, const st_value *val);

/* `logic [7:0]`, `logic [3:0][7:0]`, `struct packed {...}` for a type. */
void st__v_type(vout *o, const st_type *t);
/* `8'h2A` of an integer attribute. */
void st__v_int_literal(vout *o, const st_attr *a);

#endif
