/* The .acg grammar (docs/acg.md).  It only recognises the shape of the
 * text; the actions hand every item to the IR builder (acg_build.c), which
 * checks names, keys and values with the item's location.  The first error
 * ends the parse. */
%define api.pure full
%define api.prefix {st__acg_yy}
%define parse.error verbose
%locations

%code requires {
#include "strata/support.h"
typedef void *st__acg_scanner;
typedef struct st__acg_parser st__acg_parser;
struct st__acg_val;
}

%code {
#include "acg_parse_state.h"
#include <string.h>
int st__acg_yylex(ST__ACG_YYSTYPE *lval, ST__ACG_YYLTYPE *lloc, st__acg_scanner scanner);
static void st__acg_yyerror(ST__ACG_YYLTYPE *loc, st__acg_scanner scanner, st__acg_parser *p, const char *msg);
/* The stack never grows: deep nesting is an error, not an allocation. */
#define YYINITDEPTH 400
#define YYMAXDEPTH 400
#define OK(x) do { if (!(x)) YYABORT; } while (0)
}

%lex-param {st__acg_scanner scanner}
%parse-param {st__acg_scanner scanner} {st__acg_parser *p}

%union {
	int64_t i;
	st_str s;
	struct st__acg_val *v;
	struct st__acg_val *o; /* capability operands */
	struct st__acg_val *n; /* capability op names */
}

%token KW_ACG "'acg'" KW_GRAPH "'graph'" KW_COMPUTE "'compute'" KW_STORAGE "'storage'" KW_COMM "'comm'"
%token KW_EDGE "'edge'" KW_MNEMONIC "'mnemonic'" KW_GRID "'grid'" KW_CAP "'cap'" KW_PARAM "'param'"
%token KW_BUDGET "'budget'" KW_TRACK "'track'" KW_WHERE "'where'" KW_AT "'at'"
%token KW_IFIELD "'ifield'" KW_EFIELD "'efield'"
%token <i> INT "integer" BOOL "true or false"
%token <s> IDENT "name" STRING "string"
%token ARROW "'->'" BIARROW "'<->'" ANDAND "'&&'" EQEQ "'=='" NOTEQ "'!='" LESSEQ "'<='" GREATEREQ "'>='"
%token ST__ACG_ERROR "invalid token"

%type <i> node_kw arrow cmp fixed signed_int
%type <v> value values value_list strings
%type <o> operand operands
%type <n> opnames
%type <s> access

%%

file
	: KW_ACG IDENT '{' { OK(st__acg_begin(p, ST__ACG_GRAPH, $2, &@1, &@2)); } items '}' { OK(st__acg_end(p)); }
	;

items
	: %empty
	| items item
	;

item
	: IDENT '=' value ';'            { OK(st__acg_prop(p, $1, &@1, $3)); }
	| KW_PARAM IDENT '=' value ';'   { OK(st__acg_param(p, $2, &@2, $4)); }
	| KW_BUDGET IDENT '=' INT ';'    { OK(st__acg_budget(p, $2, &@2, $4)); }
	| KW_CAP operand '=' opnames '(' operands ')' ';' { OK(st__acg_cap(p, $2, $4, $6)); }
	| KW_TRACK INT IDENT INT ';'     { OK(st__acg_track(p, $2, $3, &@3, $4, &@1)); }
	| node_kw IDENT placement '{' { OK(st__acg_begin(p, (int)$1, $2, &@1, &@2)); } items '}' { OK(st__acg_end(p)); }
	| KW_GRAPH IDENT '{' { OK(st__acg_begin(p, ST__ACG_GRAPH, $2, &@1, &@2)); } items '}' { OK(st__acg_end(p)); }
	| KW_GRID IDENT '{' { OK(st__acg_begin(p, ST__ACG_GRID, $2, &@1, &@2)); } items '}' { OK(st__acg_end(p)); }
	| KW_EDGE IDENT arrow IDENT '{' { OK(st__acg_begin_edge(p, $2, &@2, $3, $4, &@4, &@1)); } items '}' { OK(st__acg_end(p)); }
	| KW_MNEMONIC IDENT '(' INT ')' '{' { OK(st__acg_begin_mnemonic(p, $2, &@2, $4)); } mitems '}' { OK(st__acg_end(p)); }
	;

node_kw
	: KW_COMPUTE { $$ = ST__ACG_COMPUTE; }
	| KW_STORAGE { $$ = ST__ACG_STORAGE; }
	| KW_COMM    { $$ = ST__ACG_COMM; }
	;

arrow
	: ARROW   { $$ = 0; }
	| BIARROW { $$ = 1; }
	;

placement
	: %empty
	| KW_WHERE terms
	| KW_AT IDENT { OK(st__acg_at(p, $2, &@2)); }
	;

terms
	: term
	| terms ANDAND term
	;

term
	: IDENT cmp signed_int                          { OK(st__acg_where(p, $1, &@1, st_str_make(NULL, 0), -1, (int)$2, $3)); }
	| IDENT '%' INT cmp signed_int                  { OK(st__acg_where(p, $1, &@1, st_str_make(NULL, 0), $3, (int)$4, $5)); }
	| '(' IDENT '+' IDENT ')' cmp signed_int        { OK(st__acg_where(p, $2, &@2, $4, -1, (int)$6, $7)); }
	| '(' IDENT '+' IDENT ')' '%' INT cmp signed_int { OK(st__acg_where(p, $2, &@2, $4, $7, (int)$8, $9)); }
	;

cmp
	: EQEQ      { $$ = ST__ACG_EQ; }
	| NOTEQ     { $$ = ST__ACG_NE; }
	| '<'       { $$ = ST__ACG_LT; }
	| LESSEQ    { $$ = ST__ACG_LE; }
	| '>'       { $$ = ST__ACG_GT; }
	| GREATEREQ { $$ = ST__ACG_GE; }
	;

signed_int
	: INT     { $$ = $1; }
	| '-' INT { $$ = -$2; }
	;

value
	: signed_int   { $$ = st__acg_val_new(p, ST__ACG_V_INT, &@1); OK($$); $$->i = $1; }
	| BOOL         { $$ = st__acg_val_new(p, ST__ACG_V_BOOL, &@1); OK($$); $$->i = $1; }
	| IDENT        { $$ = st__acg_val_new(p, ST__ACG_V_WORD, &@1); OK($$); $$->s = $1; }
	| STRING       { $$ = st__acg_val_new(p, ST__ACG_V_STRING, &@1); OK($$); $$->s = $1; }
	| '[' values ']' { $$ = st__acg_val_new(p, ST__ACG_V_LIST, &@1); OK($$); $$->elts = $2; }
	;

values
	: %empty     { $$ = NULL; }
	| value_list { $$ = $1; }
	;

value_list
	: value                { $$ = $1; }
	| value_list ',' value { $$ = st__acg_val_append($1, $3); }
	;

operand
	: '(' IDENT { $<o>$ = st__acg_val_new(p, ST__ACG_V_OPERAND, &@2); OK($<o>$); $<o>$->s = $2; } dims ')' { $$ = $<o>3; }
	;

dims
	: ',' INT      { st__acg_operand_dim($<o>0, $2); }
	| dims ',' INT { st__acg_operand_dim($<o>0, $3); }
	;

operands
	: operand              { $$ = $1; }
	| operands ',' operand { $$ = st__acg_val_append($1, $3); }
	;

opnames
	: IDENT             { $$ = st__acg_val_new(p, ST__ACG_V_WORD, &@1); OK($$); $$->s = $1; }
	| opnames '/' IDENT { st__acg_val *n = st__acg_val_new(p, ST__ACG_V_WORD, &@3); OK(n); n->s = $3; $$ = st__acg_val_append($1, n); }
	;

mitems
	: %empty
	| mitem_list
	| mitem_list ','
	;

mitem_list
	: mitem
	| mitem_list ',' mitem
	;

mitem
	: KW_IFIELD '(' STRING ',' INT access ')' fixed {
		OK(st__acg_field(p, $3, &@3, $5, NULL, $6, &@6, $8 >= 0, $8));
	}
	| KW_EFIELD '(' STRING ',' INT ',' '[' strings ']' access ')' {
		OK(st__acg_field(p, $3, &@3, $5, $8, $10, &@10, false, 0));
	}
	| IDENT '=' value { OK(st__acg_param(p, $1, &@1, $3)); }
	;

strings
	: STRING {
		$$ = st__acg_val_new(p, ST__ACG_V_STRING, &@1); OK($$); $$->s = $1;
	}
	| strings ',' STRING {
		st__acg_val *v = st__acg_val_new(p, ST__ACG_V_STRING, &@3); OK(v); v->s = $3;
		$$ = st__acg_val_append($1, v);
	}
	;

access
	: %empty     { $$ = st_str_make(NULL, 0); }
	| ',' IDENT  { $$ = $2; }
	;

fixed
	: %empty { $$ = -1; }
	| '=' INT { $$ = $2; }
	;

%%

static void st__acg_yyerror(ST__ACG_YYLTYPE *loc, st__acg_scanner scanner, st__acg_parser *p, const char *msg) {
	(void)scanner;
	/* Bison says "memory exhausted" when its fixed stack is full. */
	if (strcmp(msg, "memory exhausted") == 0)
		msg = "nested too deeply";
	st__acg_error(p, loc->first_line, loc->first_column, "%s", msg);
}
