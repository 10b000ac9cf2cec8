/* The custom syntax of rda.deq and rda.enq: the value's type is the
 * stream's element type, so only the stream type is written.
 *
 *   %v = rda.deq %s at 1 : !rda.stream<vector<16xf32>>
 *   rda.enq %s, %v at 2 if %p : !rda.stream<f32>
 */
#include "rda_internal.h"

#include "strata/asm.h"

static st_attr *i64_attr(st_context *ctx, int64_t v) {
	return st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), v);
}

/* `at N` after the operands. */
static st_status parse_level(st_parser *p, st_parse_state *s) {
	int64_t level;
	if (st_failed(st_parser_expect_keyword(p, "at")) || st_failed(st_parser_integer(p, &level)) ||
	    st_failed(st_parse_state_add_attr(s, "level", i64_attr(st_parser_context(p), level))))
		return ST_FAIL;
	return ST_OK;
}

/* `attr-dict : type` at the end; the type must be a data stream's. */
static st_status parse_type_tail(st_parser *p, st_parse_state *s, st_type **stream) {
	if (st_failed(st_parser_optional_attr_dict(p, s)) || st_failed(st_parser_expect_punct(p, ":")))
		return ST_FAIL;
	st_attr *at = st_parser_loc(p);
	if (st_failed(st_parser_type(p, stream)))
		return ST_FAIL;
	if (!st_rda_is_stream(*stream))
		return st_parser_error_at(p, at, "expected a data stream type (!rda.stream<...>)");
	return ST_OK;
}

st_status st__rda_parse_deq(st_parser *p, st_parse_state *s) {
	st_operand_ref ref;
	st_type *t;
	st_value *v;
	if (st_failed(st_parser_operand(p, &ref)) || st_failed(parse_level(p, s)) ||
	    st_failed(parse_type_tail(p, s, &t)))
		return ST_FAIL;
	if (st_failed(st_parser_resolve_operand(p, &ref, t, &v)) || st_failed(st_parse_state_add_operand(s, v)))
		return ST_FAIL;
	return st_parse_state_add_result_type(s, st_rda_stream_elt(t));
}

st_status st__rda_parse_enq(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_operand_ref stream, value, pred;
	bool has_pred = false;
	st_type *t;
	st_value *v;
	if (st_failed(st_parser_operand(p, &stream)) || st_failed(st_parser_expect_punct(p, ",")) ||
	    st_failed(st_parser_operand(p, &value)) || st_failed(parse_level(p, s)))
		return ST_FAIL;
	if (st_parser_optional_keyword(p, "if")) {
		has_pred = true;
		if (st_failed(st_parser_operand(p, &pred)))
			return ST_FAIL;
	}
	if (st_failed(parse_type_tail(p, s, &t)))
		return ST_FAIL;
	if (st_failed(st_parser_resolve_operand(p, &stream, t, &v)) || st_failed(st_parse_state_add_operand(s, v)) ||
	    st_failed(st_parser_resolve_operand(p, &value, st_rda_stream_elt(t), &v)) ||
	    st_failed(st_parse_state_add_operand(s, v)))
		return ST_FAIL;
	if (has_pred && (st_failed(st_parser_resolve_operand(p, &pred, st_integer_type(ctx, 1, ST_SIGNLESS), &v)) ||
	                 st_failed(st_parse_state_add_operand(s, v))))
		return ST_FAIL;
	return ST_OK;
}

static void print_tail(st_printer *p, st_op *op, size_t pred) {
	static const char *const elided[] = {"level", NULL};
	st_attr *level = st_op_get_attr(op, "level");
	st_printer_puts(p, " at ");
	if (level)
		st_printer_attr_no_type(p, level);
	if (pred < st_op_num_operands(op)) {
		st_printer_puts(p, " if ");
		st_printer_operand(p, st_op_operand(op, pred));
	}
	st_printer_attr_dict(p, op, elided, false);
	st_printer_puts(p, " : ");
	st_printer_type(p, st_value_type(st_op_operand(op, 0)));
}

void st__rda_print_deq(st_printer *p, st_op *op) {
	st_printer_puts(p, " ");
	st_printer_operand(p, st_op_operand(op, 0));
	print_tail(p, op, 1);
}

void st__rda_print_enq(st_printer *p, st_op *op) {
	st_printer_puts(p, " ");
	st_printer_operand(p, st_op_operand(op, 0));
	st_printer_puts(p, ", ");
	st_printer_operand(p, st_op_operand(op, 1));
	print_tail(p, op, 2);
}
