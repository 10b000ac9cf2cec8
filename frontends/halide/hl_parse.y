/* The .hl grammar (docs/halide-syntax.md).  It only recognises the shape
 * of the text and records statements and expression trees with their
 * locations; names, types, arities and schedules are checked afterwards by
 * hl_sema.c and hl_sched.c.  The first error ends the parse. */
%define api.pure full
%define api.prefix {st__hl_yy}
%define parse.error verbose
%locations

%code requires {
#include "strata/support.h"
typedef void *st__hl_scanner;
typedef struct st__hl_parser st__hl_parser;
struct st__hl_expr;
struct st__hl_stmt;
}

%code {
#include "hl_parse_state.h"
int st__hl_yylex(ST__HL_YYSTYPE *lval, ST__HL_YYLTYPE *lloc, st__hl_scanner scanner);
static void st__hl_yyerror(ST__HL_YYLTYPE *loc, st__hl_scanner scanner, st__hl_parser *p, const char *msg);
/* The stack never grows: deep nesting is an error, not an allocation. */
#define YYINITDEPTH 500
#define YYMAXDEPTH 500
#define E(k, at) st__hl_expr_new(p, k, (at).first_line, (at).first_column)
static st__hl_expr *bin(st__hl_parser *p, int op, st__hl_expr *a, st__hl_expr *b, const ST__HL_YYLTYPE *at) {
	st__hl_expr *e = st__hl_expr_new(p, ST__HL_E_BIN, at->first_line, at->first_column);
	e->op = op;
	st__hl_expr_push(p, e, a);
	st__hl_expr_push(p, e, b);
	return e;
}
static st__hl_expr *un(st__hl_parser *p, int op, st__hl_expr *a, const ST__HL_YYLTYPE *at) {
	st__hl_expr *e = st__hl_expr_new(p, ST__HL_E_UN, at->first_line, at->first_column);
	e->op = op;
	st__hl_expr_push(p, e, a);
	return e;
}
}

%lex-param {st__hl_scanner scanner}
%parse-param {st__hl_scanner scanner} {st__hl_parser *p}

%union {
	int64_t i;
	double f;
	st_str s;
	struct st__hl_expr *e;
	struct st__hl_stmt *st;
	int op;
}

%token KW_VAR "'Var'" KW_FUNC "'Func'" KW_RDOM "'RDom'" KW_IMAGE "'ImageParam'" KW_TABLE "'Table'"
%token <i> INT "integer"
%token <f> FLOAT "float"
%token <s> IDENT "name"
%token SCOPE "'::'" ADD_ASSIGN "'+='" SUB_ASSIGN "'-='" MUL_ASSIGN "'*='" DIV_ASSIGN "'/='"
%token SHL "'<<'" SHR "'>>'" LE "'<='" GE "'>='" EQ "'=='" NE "'!='" LAND "'&&'" LOR "'||'"
%token ST__HL_ERROR "invalid token"

%type <e> expr postfix primary args arglist
%type <st> names
%type <op> assign

%left LOR
%left LAND
%left '|'
%left '^'
%left '&'
%left EQ NE
%left '<' LE '>' GE
%left SHL SHR
%left '+' '-'
%left '*' '/' '%'
%right UNARY

%%

program
	: %empty
	| program stmt
	;

stmt
	: KW_VAR { st__hl_stmt_begin(p, ST__HL_S_VAR, &@1); } names ';'
	| KW_FUNC { st__hl_stmt_begin(p, ST__HL_S_FUNC, &@1); } names ';'
	| KW_RDOM IDENT '(' args ')' ';' { st__hl_stmt *s = st__hl_stmt_begin(p, ST__HL_S_RDOM, &@1); st__hl_stmt_name(p, s, $2, &@2); s->lhs = $4; }
	| KW_IMAGE IDENT '(' args ')' ';' { st__hl_stmt *s = st__hl_stmt_begin(p, ST__HL_S_IMAGE, &@1); st__hl_stmt_name(p, s, $2, &@2); s->lhs = $4; }
	| KW_TABLE IDENT '(' args ')' '=' primary ';' { st__hl_stmt *s = st__hl_stmt_begin(p, ST__HL_S_TABLE, &@1); st__hl_stmt_name(p, s, $2, &@2); s->lhs = $4; s->init = $7; }
	| postfix assign expr ';' { st__hl_stmt *s = st__hl_stmt_begin(p, ST__HL_S_DEF, &@2); s->lhs = $1; s->rhs = $3; s->op = $2; }
	| postfix ';' { st__hl_stmt *s = st__hl_stmt_begin(p, ST__HL_S_EXPR, &@1); s->lhs = $1; }
	;

assign
	: '='        { $$ = -1; }
	| ADD_ASSIGN { $$ = ST__HL_ADD; }
	| SUB_ASSIGN { $$ = ST__HL_SUB; }
	| MUL_ASSIGN { $$ = ST__HL_MUL; }
	| DIV_ASSIGN { $$ = ST__HL_DIV; }
	;

names
	: IDENT           { $$ = p->last; st__hl_stmt_name(p, p->last, $1, &@1); }
	| names ',' IDENT { $$ = $1; st__hl_stmt_name(p, $1, $3, &@3); }
	;

expr
	: postfix            { $$ = $1; }
	| expr LOR expr      { $$ = bin(p, ST__HL_LOR, $1, $3, &@2); }
	| expr LAND expr     { $$ = bin(p, ST__HL_LAND, $1, $3, &@2); }
	| expr '|' expr      { $$ = bin(p, ST__HL_OR, $1, $3, &@2); }
	| expr '^' expr      { $$ = bin(p, ST__HL_XOR, $1, $3, &@2); }
	| expr '&' expr      { $$ = bin(p, ST__HL_AND, $1, $3, &@2); }
	| expr EQ expr       { $$ = bin(p, ST__HL_EQ, $1, $3, &@2); }
	| expr NE expr       { $$ = bin(p, ST__HL_NE, $1, $3, &@2); }
	| expr '<' expr      { $$ = bin(p, ST__HL_LT, $1, $3, &@2); }
	| expr LE expr       { $$ = bin(p, ST__HL_LE, $1, $3, &@2); }
	| expr '>' expr      { $$ = bin(p, ST__HL_GT, $1, $3, &@2); }
	| expr GE expr       { $$ = bin(p, ST__HL_GE, $1, $3, &@2); }
	| expr SHL expr      { $$ = bin(p, ST__HL_SHL, $1, $3, &@2); }
	| expr SHR expr      { $$ = bin(p, ST__HL_SHR, $1, $3, &@2); }
	| expr '+' expr      { $$ = bin(p, ST__HL_ADD, $1, $3, &@2); }
	| expr '-' expr      { $$ = bin(p, ST__HL_SUB, $1, $3, &@2); }
	| expr '*' expr      { $$ = bin(p, ST__HL_MUL, $1, $3, &@2); }
	| expr '/' expr      { $$ = bin(p, ST__HL_DIV, $1, $3, &@2); }
	| expr '%' expr      { $$ = bin(p, ST__HL_MOD, $1, $3, &@2); }
	| '-' expr %prec UNARY { $$ = un(p, '-', $2, &@1); }
	| '!' expr %prec UNARY { $$ = un(p, '!', $2, &@1); }
	| '~' expr %prec UNARY { $$ = un(p, '~', $2, &@1); }
	;

postfix
	: primary                          { $$ = $1; }
	| postfix '.' IDENT                { $$ = E(ST__HL_E_MEMBER, @3); $$->base = $1; $$->name = $3; }
	| postfix '.' IDENT '(' args ')'   { $$ = $5; $$->kind = ST__HL_E_METHOD; $$->line = @3.first_line; $$->col = @3.first_column; $$->base = $1; $$->name = $3; }
	;

primary
	: INT                 { $$ = E(ST__HL_E_INT, @1); $$->i = $1; $$->literal = true; }
	| FLOAT               { $$ = E(ST__HL_E_FLOAT, @1); $$->f = $1; $$->literal = true; }
	| IDENT               { $$ = E(ST__HL_E_NAME, @1); $$->name = $1; }
	| IDENT SCOPE IDENT   { $$ = E(ST__HL_E_SCOPED, @1); $$->name = $3; $$->base = E(ST__HL_E_NAME, @1); $$->base->name = $1; }
	| IDENT '(' args ')'  { $$ = $3; $$->kind = ST__HL_E_CALL; $$->line = @1.first_line; $$->col = @1.first_column; $$->name = $1; }
	| '(' expr ')'        { $$ = $2; }
	| '{' args '}'        { $$ = $2; $$->kind = ST__HL_E_LIST; $$->line = @1.first_line; $$->col = @1.first_column; }
	;

args
	: %empty  { $$ = E(ST__HL_E_LIST, @$); }
	| arglist { $$ = $1; }
	;

arglist
	: expr             { $$ = E(ST__HL_E_LIST, @1); st__hl_expr_push(p, $$, $1); }
	| arglist ',' expr { $$ = $1; st__hl_expr_push(p, $$, $3); }
	;

%%

static void st__hl_yyerror(ST__HL_YYLTYPE *loc, st__hl_scanner scanner, st__hl_parser *p, const char *msg) {
	(void)scanner;
	if (strcmp(msg, "memory exhausted") == 0)
		msg = "expressions nested too deeply";
	st__hl_error(p, loc->first_line, loc->first_column, "%s", msg);
}
