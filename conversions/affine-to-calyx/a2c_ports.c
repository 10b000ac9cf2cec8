/* The ports of a function's component.  Scalar arguments are inputs and
 * results outputs; a memref argument of the top function is an external
 * memory (its ports belong to the hardware interface, not the component),
 * while one of another function becomes ports of the component, as CIRCT
 * passes memories to called components: outputs <m>_addr<k>, _write_data,
 * _write_en (_content_en for seq memories) and inputs <m>_read_data,
 * _done, which the caller connects to its own memory for the call. */
#include "a2c.h"

void st__a2c_arg_name(st_op *f, size_t i, bool memory, char *buf, size_t n) {
	st_attr *aa = st_op_get_attr(f, "arg_attrs");
	st_attr *d = aa && i < st_attr_array_size(aa) ? st_attr_array_elt(aa, i) : NULL;
	st_attr *a = d && st_attr_get_kind(d) == ST_ATTR_DICTIONARY ? st_attr_dict_get_c(d, "calyx.name") : NULL;
	if (a && st_attr_get_kind(a) == ST_ATTR_STRING) {
		st_str s = st_attr_string(a);
		snprintf(buf, n, "%.*s", (int)(s.len < 63 ? s.len : 63), s.data);
	} else
		snprintf(buf, n, "%s%zu", memory ? "arg" : "in", i);
}

size_t st__a2c_func_ports_cap(st_op *f) {
	st_type *ft = st_attr_type_value(st_op_get_attr(f, "function_type"));
	return A2C_PORTS_PER_ARG * st_type_num_inputs(ft) + st_type_num_results(ft) + 4;
}

static st__a2c_port port(st__a2c_comp *c, const char *name, st_attr *attrs, unsigned width, bool input, int arg, int slot,
                     int result) {
	st__a2c_port p = {st_string_attr(c->ctx, st_str_c(name)), attrs, st__a2c_int(c, width), input, arg, slot, result};
	return p;
}

static st_attr *flag(st__a2c_comp *c, const char *name) {
	st_named_attr e = {st_ident_get_c(c->ctx, name), st_unit_attr(c->ctx)};
	return st_dict_attr(c->ctx, 1, &e);
}

size_t st__a2c_func_ports(st__a2c_comp *c, st_op *f, bool top, st__a2c_port *out, size_t *nin) {
	st_type *ft = st_attr_type_value(st_op_get_attr(f, "function_type"));
	size_t nargs = st_type_num_inputs(ft), nres = st_type_num_results(ft), k = 0;
	st_attr *empty = st_dict_attr(c->ctx, 0, NULL);
	char name[64], pn[96];
	for (size_t pass = 0; pass < 2; pass++) {
		bool inputs = pass == 0;
		if (!inputs)
			for (size_t j = 0; j < nres; j++) {
				snprintf(pn, sizeof pn, "out%zu", j);
				out[k++] = port(c, pn, empty, st__a2c_width(st_type_result(ft, j)), false, -1, -1, (int)j);
			}
		for (size_t i = 0; i < nargs; i++) {
			st_type *t = st_type_input(ft, i);
			bool memory = st_type_get_kind(t) == ST_TYPE_MEMREF;
			st__a2c_arg_name(f, i, memory, name, sizeof name);
			if (!memory) {
				if (inputs)
					out[k++] = port(c, name, empty, st__a2c_width(t), true, (int)i, -1, -1);
				continue;
			}
			if (top)
				continue;
			unsigned w = st__a2c_width(st_type_element(t));
			static const char *const in_names[] = {"read_data", "done"};
			static const int in_slots[] = {A2C_P_RDATA, A2C_P_DONE};
			static const char *const out_names[] = {"write_data", "write_en", "content_en"};
			static const int out_slots[] = {A2C_P_WDATA, A2C_P_WEN, A2C_P_CEN};
			if (inputs) {
				for (size_t q = 0; q < 2; q++) {
					snprintf(pn, sizeof pn, "%s_%s", name, in_names[q]);
					out[k++] = port(c, pn, empty, q ? 1 : w, true, (int)i, in_slots[q], -1);
				}
				continue;
			}
			for (size_t d = 0; d < st_type_rank(t); d++) {
				unsigned a = 1;
				while (a < 63 && ((int64_t)1 << a) < st_type_dim(t, d))
					a++;
				snprintf(pn, sizeof pn, "%s_addr%zu", name, d);
				out[k++] = port(c, pn, empty, a, false, (int)i, (int)d, -1);
			}
			for (size_t q = 0; q < (c->seq_mems ? 3u : 2u); q++) {
				snprintf(pn, sizeof pn, "%s_%s", name, out_names[q]);
				out[k++] = port(c, pn, empty, q ? 1 : w, false, (int)i, out_slots[q], -1);
			}
		}
		if (inputs) {
			static const char *const ctl[] = {"go", "clk", "reset"};
			for (size_t q = 0; q < 3; q++)
				out[k++] = port(c, ctl[q], flag(c, ctl[q]), 1, true, -1, -1, -1);
			*nin = k;
		}
	}
	out[k++] = port(c, "done", flag(c, "done"), 1, false, -1, -1, -1);
	return k;
}
