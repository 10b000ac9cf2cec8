/* The contract between lower-calyx-to-hw and the code that drives the
 * hw.module it makes (a testbench, a target's flow): `calyx.memories`, an
 * array of #calyx.memory<"name", comb|seq, width, [shape], banks = F,
 * bank_dim = d, read_ports = P> attributes, one per memory at the module's
 * interface.
 * Typed, checked when parsed, built or verified (the calyx dialect's
 * verify_op_attr), and read back as st_calyx_memory_info. */
#include "calyx_internal.h"

#include <string.h>

static st_type *i64(st_context *ctx) { return st_integer_type(ctx, 64, ST_SIGNLESS); }

/* Why an info is no memory, or NULL. */
static const char *invalid(const st_calyx_memory_info *m) {
	if (!m->name.len)
		return "a memory needs a name";
	if (m->width < 1)
		return "a memory's width is at least 1";
	if (m->rank < 1 || m->rank > ST_CALYX_MAX_MEM_DIMS)
		return "a memory has 1 to 4 dimensions";
	for (unsigned i = 0; i < m->rank; i++)
		if (m->shape[i] < 1)
			return "a memory's dimensions are at least 1";
	if (m->banks < 1)
		return "a memory has at least 1 bank";
	if (m->banks > 1 && (m->bank_dim >= m->rank || m->shape[m->bank_dim] % m->banks))
		return "the banks must divide the banked dimension";
	if (m->read_ports > ST_CALYX_MAX_READ_PORTS)
		return "a memory has at most 4 read ports";
	if (m->read_ports > 1 && m->banks > 1)
		return "a banked memory has one read port per bank";
	return NULL;
}

static st_attr *make(st_context *ctx, const st_calyx_memory_info *m) {
	st_dialect *d = st_context_get_dialect(ctx, st_str_c("calyx"));
	if (!d || invalid(m))
		return NULL;
	st_attr *p[7] = {
		st_string_attr(ctx, m->name),
		st_integer_attr(ctx, i64(ctx), m->seq),
		st_integer_attr(ctx, i64(ctx), m->width),
		st_dense_int_array_attr(ctx, i64(ctx), m->rank, m->shape),
		st_integer_attr(ctx, i64(ctx), m->banks),
		st_integer_attr(ctx, i64(ctx), m->bank_dim),
		st_integer_attr(ctx, i64(ctx), m->read_ports > 1 ? m->read_ports : 1),
	};
	for (size_t i = 0; i < 7; i++)
		if (!p[i])
			return NULL;
	return st_dialect_attr(ctx, d, st_str_c("memory"), 7, p);
}

st_attr *st_calyx_memory_attr(st_context *ctx, const st_calyx_memory_info *info) { return make(ctx, info); }

bool st_calyx_memory_attr_read(const st_attr *a, st_calyx_memory_info *out) {
	if (!a || st_attr_get_kind(a) != ST_ATTR_DIALECT || !st_str_eq_c(st_ident_str(st_attr_mnemonic(a)), "memory") ||
	    !st_str_eq_c(st_ident_str(st_dialect_name(st_attr_dialect(a))), "calyx") || st_attr_num_params(a) != 7)
		return false;
	st_calyx_memory_info m = {0};
	st_attr *shape = st_attr_param(a, 3);
	m.name = st_attr_string(st_attr_param(a, 0));
	m.seq = st_attr_int_value(st_attr_param(a, 1)) != 0;
	m.width = (unsigned)st_attr_int_value(st_attr_param(a, 2));
	m.rank = (unsigned)st_attr_dense_array_size(shape);
	for (unsigned i = 0; i < m.rank && i < ST_CALYX_MAX_MEM_DIMS; i++)
		m.shape[i] = st_attr_dense_array_int(shape, i);
	m.banks = (unsigned)st_attr_int_value(st_attr_param(a, 4));
	m.bank_dim = (unsigned)st_attr_int_value(st_attr_param(a, 5));
	m.read_ports = (unsigned)st_attr_int_value(st_attr_param(a, 6));
	if (out)
		*out = m;
	return true;
}

size_t st_calyx_module_num_memories(const st_op *module) {
	st_attr *a = st_op_get_attr(module, "calyx.memories");
	return a && st_attr_get_kind(a) == ST_ATTR_ARRAY ? st_attr_array_size(a) : 0;
}

bool st_calyx_module_memory(const st_op *module, size_t i, st_calyx_memory_info *out) {
	if (i >= st_calyx_module_num_memories(module))
		return false;
	return st_calyx_memory_attr_read(st_attr_array_elt(st_op_get_attr(module, "calyx.memories"), i), out);
}

/* ----------------------------------------------------------------- text */

static st_status positive(st_parser *p, const char *what, int64_t max, int64_t *out) {
	st_attr *at = st_parser_loc(p);
	if (st_failed(st_parser_integer(p, out)))
		return ST_FAIL;
	if (*out < 1 || *out > max)
		return st_parser_error_at(p, at, "#calyx.memory: %s must be 1 to %lld", what, (long long)max);
	return ST_OK;
}

/* memory<"name", comb|seq, width, [d0, d1, ...] (, banks = F, bank_dim = d)?
 *        (, read_ports = P)?> */
static st_attr *parse_memory(st_parser *p) {
	st_context *ctx = st_parser_context(p);
	st_calyx_memory_info m = {.banks = 1};
	st_str kind;
	int64_t v;
	st_attr *at = st_parser_loc(p);
	if (st_failed(st_parser_expect_punct(p, "<")) || st_failed(st_parser_string(p, &m.name)) ||
	    st_failed(st_parser_expect_punct(p, ",")))
		return NULL;
	st_attr *kat = st_parser_loc(p);
	if (st_failed(st_parser_keyword(p, &kind)))
		return NULL;
	if (!st_str_eq_c(kind, "comb") && !st_str_eq_c(kind, "seq")) {
		st_parser_error_at(p, kat, "#calyx.memory: expected 'comb' or 'seq', got '%.*s'", (int)kind.len, kind.data);
		return NULL;
	}
	m.seq = st_str_eq_c(kind, "seq");
	if (st_failed(st_parser_expect_punct(p, ",")) || st_failed(positive(p, "the width", 1 << 20, &v)) ||
	    st_failed(st_parser_expect_punct(p, ",")) || st_failed(st_parser_expect_punct(p, "[")))
		return NULL;
	m.width = (unsigned)v;
	do {
		if (m.rank == ST_CALYX_MAX_MEM_DIMS) {
			st_parser_error(p, "#calyx.memory: a memory has 1 to 4 dimensions");
			return NULL;
		}
		if (st_failed(positive(p, "a dimension", INT64_MAX, &m.shape[m.rank++])))
			return NULL;
	} while (st_parser_optional_punct(p, ","));
	if (st_failed(st_parser_expect_punct(p, "]")))
		return NULL;
	bool more = st_parser_optional_punct(p, ",");
	if (more && st_parser_optional_keyword(p, "read_ports")) {
		if (st_failed(st_parser_expect_punct(p, "=")) ||
		    st_failed(positive(p, "the read port count", ST_CALYX_MAX_READ_PORTS, &v)))
			return NULL;
		m.read_ports = (unsigned)v;
		more = false;
	}
	if (more) {
		if (st_failed(st_parser_expect_keyword(p, "banks")) || st_failed(st_parser_expect_punct(p, "=")) ||
		    st_failed(positive(p, "the bank count", 1 << 20, &v)) || st_failed(st_parser_expect_punct(p, ",")) ||
		    st_failed(st_parser_expect_keyword(p, "bank_dim")) || st_failed(st_parser_expect_punct(p, "=")))
			return NULL;
		m.banks = (unsigned)v;
		st_attr *dat = st_parser_loc(p);
		if (st_failed(st_parser_integer(p, &v)))
			return NULL;
		if (v < 0 || v >= (int64_t)m.rank) {
			st_parser_error_at(p, dat, "#calyx.memory: bank_dim %lld is no dimension of the memory", (long long)v);
			return NULL;
		}
		m.bank_dim = (unsigned)v;
	}
	if (st_failed(st_parser_expect_punct(p, ">")))
		return NULL;
	const char *why = invalid(&m);
	if (why) {
		st_parser_error_at(p, at, "#calyx.memory: %s", why);
		return NULL;
	}
	return make(ctx, &m);
}

st_attr *st__calyx_parse_attr(st_parser *p, st_dialect *d, st_type *type) {
	(void)d;
	(void)type;
	st_str kw;
	if (st_failed(st_parser_keyword(p, &kw)))
		return NULL;
	if (!st_str_eq_c(kw, "memory")) {
		st_parser_error(p, "unknown attribute `%.*s` in dialect `calyx`", (int)kw.len, kw.data);
		return NULL;
	}
	return parse_memory(p);
}

void st__calyx_print_attr(st_printer *p, const st_attr *a) {
	st_calyx_memory_info m;
	st_printer_puts(p, "memory");
	if (!st_calyx_memory_attr_read(a, &m))
		return;
	st_printer_puts(p, "<");
	st_printer_string(p, m.name);
	st_printer_printf(p, ", %s, %u, [", m.seq ? "seq" : "comb", m.width);
	for (unsigned i = 0; i < m.rank; i++)
		st_printer_printf(p, "%s%lld", i ? ", " : "", (long long)m.shape[i]);
	st_printer_puts(p, "]");
	if (m.banks > 1)
		st_printer_printf(p, ", banks = %u, bank_dim = %u", m.banks, m.bank_dim);
	if (m.read_ports > 1)
		st_printer_printf(p, ", read_ports = %u", m.read_ports);
	st_printer_puts(p, ">");
}

/* ---------------------------------------------------------- verification */

st_status st__calyx_verify_op_attr(st_op *op, st_named_attr attr) {
	if (!st_str_eq_c(st_ident_str(attr.name), "calyx.memories"))
		return ST_OK;
	st_attr *a = attr.value;
	if (st_attr_get_kind(a) != ST_ATTR_ARRAY)
		return st_op_error(op, "'calyx.memories' must be an array of #calyx.memory attributes");
	for (size_t i = 0; i < st_attr_array_size(a); i++) {
		st_calyx_memory_info m, k;
		if (!st_calyx_memory_attr_read(st_attr_array_elt(a, i), &m))
			return st_op_error(op, "'calyx.memories' entry %zu is no #calyx.memory attribute", i);
		for (size_t j = 0; j < i; j++)
			if (st_calyx_memory_attr_read(st_attr_array_elt(a, j), &k) && st_str_eq(k.name, m.name))
				return st_op_error(op, "'calyx.memories' names memory '%.*s' twice", (int)m.name.len, m.name.data);
	}
	return ST_OK;
}
