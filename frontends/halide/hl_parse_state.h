/* What the .hl scanner (hl_lex.l), grammar (hl_parse.y) and the parser's
 * driver (hl_driver.c) share. */
#ifndef STRATA_HL_PARSE_STATE_H
#define STRATA_HL_PARSE_STATE_H

#include "hl_ast.h"
#include <string.h>

#include "hl_parse.h"

/* Scanner helpers. */
void st__hl_advance(st__hl_parser *p, ST__HL_YYLTYPE *loc, const char *text, size_t len);
bool st__hl_number(st__hl_parser *p, ST__HL_YYLTYPE *loc, const char *text, size_t len, int64_t *out);
bool st__hl_float(st__hl_parser *p, ST__HL_YYLTYPE *loc, const char *text, double *out);
const char *st__hl_char_name(st__hl_parser *p, unsigned char c);

/* A new statement at the end of the list; a name added to one. */
st__hl_stmt *st__hl_stmt_begin(st__hl_parser *p, st__hl_skind kind, const ST__HL_YYLTYPE *at);
void st__hl_stmt_name(st__hl_parser *p, st__hl_stmt *s, st_str name, const ST__HL_YYLTYPE *at);

#endif
