/* The PMLang grammar (docs/pmlang.md).  It only builds the syntax tree;
 * names, types, shapes and flows are checked by the srDFG builder, which
 * has the whole program.  The conditional `c ? a : b` is allowed at the
 * top of a right-hand side, in a reduction body and in parentheses, so that
 * its ':' never meets the one of an index filter `[j: j != i]` or of an
 * index range `[0:n-1]`.  A group `sum[i](e)` and an access `x[i]` share
 * the subscript rule; the '(' after the subscripts tells them apart. */
%define api.pure full
%define api.prefix {st__pm_yy}
%define parse.error verbose
%locations

%code requires {
#include "pm_ast.h"
typedef void *st__pm_scanner;
}

%code {
#include <string.h>
int st__pm_yylex(ST__PM_YYSTYPE *lval, ST__PM_YYLTYPE *lloc, st__pm_scanner scanner);
static void st__pm_yyerror(ST__PM_YYLTYPE *loc, st__pm_scanner scanner, pm_parser *p, const char *msg);
/* The stack never grows: deep nesting is an error, not an allocation. */
#define YYINITDEPTH 400
#define YYMAXDEPTH 400
#define L(l) ((pm_loc){(l).first_line, (l).first_column})
#define NEW(T) ((T *)st__pm_new(p, sizeof(T)))
}

%lex-param {st__pm_scanner scanner}
%parse-param {st__pm_scanner scanner} {pm_parser *p}

%union {
	int64_t i;
	double f;
	st_str s;
	int op;
	pm_type t;
	pm_expr *e;
	pm_sub *sub;
	pm_dim *dim;
	pm_formal *formal;
	pm_item *item;
	pm_stmt *stmt;
	pm_component *comp;
}

%token KW_INPUT "'input'" KW_OUTPUT "'output'" KW_STATE "'state'" KW_PARAM "'param'"
%token KW_INDEX "'index'" KW_REDUCTION "'reduction'"
%token <t> DTYPE "type name"
%token <op> DOMAIN "domain (RBT, GA, DSP, DA or DL)"
%token <i> INT "integer"
%token <f> FLOAT "number" IMAG "imaginary number"
%token <s> IDENT "name" STRING "string"
%token LE "'<='" GE "'>='" EQ "'=='" NE "'!='" ANDAND "'&&'" OROR "'||'"
%token ST__PM_ERROR "invalid token"

%left OROR
%left ANDAND
%nonassoc EQ NE '<' '>' LE GE
%left '+' '-'
%left '*' '/' '%'
%right UMINUS '!'
%right '^'

%type <op> modifier
%type <e> expr cond primary args arg_list literal
%type <sub> subs sub decl_dims
%type <dim> dims dim
%type <formal> formal formals formal_list
%type <item> ranges range vars var
%type <stmt> stmts stmt
%type <comp> component

%%

program
	: %empty
	| program top
	;

top
	: component { st__pm_add_component(p, $1); }
	| KW_REDUCTION IDENT '(' IDENT ',' IDENT ')' '=' cond ';' {
		pm_reduction *r = NEW(pm_reduction);
		r->name = $2; r->loc = L(@2); r->a = $4; r->b = $6; r->body = $9;
		st__pm_add_reduction(p, r);
	}
	;

component
	: IDENT '(' formals ')' '{' stmts '}' {
		$$ = NEW(pm_component);
		$$->name = $1; $$->loc = L(@1); $$->formals = $3; $$->body = $6;
		for (pm_formal *f = $3; f; f = f->next)
			$$->nformals++;
	}
	;

formals
	: %empty { $$ = NULL; }
	| formal_list
	;

formal_list
	: formal
	| formal_list ',' formal { $$ = st__pm_formal_append($1, $3); }
	;

formal
	: modifier DTYPE IDENT dims {
		$$ = NEW(pm_formal);
		$$->mod = (pm_mod)$1; $$->type = $2; $$->name = $3; $$->loc = L(@3); $$->dims = $4;
		for (pm_dim *d = $4; d; d = d->next)
			$$->ndims++;
	}
	| modifier DTYPE IDENT dims '=' literal {
		$$ = NEW(pm_formal);
		$$->mod = (pm_mod)$1; $$->type = $2; $$->name = $3; $$->loc = L(@3); $$->dims = $4; $$->dflt = $6;
		for (pm_dim *d = $4; d; d = d->next)
			$$->ndims++;
	}
	;

modifier
	: KW_INPUT  { $$ = PM_M_INPUT; }
	| KW_OUTPUT { $$ = PM_M_OUTPUT; }
	| KW_STATE  { $$ = PM_M_STATE; }
	| KW_PARAM  { $$ = PM_M_PARAM; }
	;

dims
	: %empty { $$ = NULL; }
	| dims dim { $$ = st__pm_dim_append($1, $2); }
	;

dim
	: '[' IDENT ']' { $$ = NEW(pm_dim); $$->name = $2; $$->loc = L(@2); }
	| '[' INT ']'   { $$ = NEW(pm_dim); $$->value = $2; $$->loc = L(@2); }
	;

literal
	: INT        { $$ = st__pm_expr(p, PM_E_INT, L(@1)); $$->i = $1; }
	| FLOAT      { $$ = st__pm_expr(p, PM_E_FLOAT, L(@1)); $$->f = $1; }
	| '-' INT    { $$ = st__pm_expr(p, PM_E_INT, L(@1)); $$->i = -$2; }
	| '-' FLOAT  { $$ = st__pm_expr(p, PM_E_FLOAT, L(@1)); $$->f = -$2; }
	| STRING     { $$ = st__pm_expr(p, PM_E_STR, L(@1)); $$->name = $1; }
	;

stmts
	: %empty { $$ = NULL; }
	| stmts stmt { $$ = st__pm_stmt_append($1, $2); }
	;

stmt
	: KW_INDEX ranges ';' { $$ = NEW(pm_stmt); $$->kind = PM_S_INDEX; $$->loc = L(@1); $$->items = $2; }
	| DTYPE vars ';' { $$ = NEW(pm_stmt); $$->kind = PM_S_DECL; $$->loc = L(@1); $$->type = $1; $$->items = $2; }
	| IDENT '(' args ')' ';' {
		$$ = NEW(pm_stmt); $$->kind = PM_S_CALL; $$->loc = L(@1);
		$$->call = st__pm_expr(p, PM_E_CALL, L(@1)); $$->call->name = $1; $$->call->args = $3;
	}
	| DOMAIN ':' IDENT '(' args ')' ';' {
		$$ = NEW(pm_stmt); $$->kind = PM_S_CALL; $$->loc = L(@3);
		$$->domain = (pm_domain)$1; $$->domain_loc = L(@1);
		$$->call = st__pm_expr(p, PM_E_CALL, L(@3)); $$->call->name = $3; $$->call->args = $5;
	}
	| IDENT '=' cond ';' {
		$$ = NEW(pm_stmt); $$->kind = PM_S_ASSIGN; $$->loc = L(@1);
		$$->lhs = st__pm_expr(p, PM_E_NAME, L(@1)); $$->lhs->name = $1; $$->rhs = $3;
	}
	| IDENT subs '=' cond ';' {
		$$ = NEW(pm_stmt); $$->kind = PM_S_ASSIGN; $$->loc = L(@1);
		$$->lhs = st__pm_expr(p, PM_E_ACCESS, L(@1)); $$->lhs->name = $1; $$->lhs->subs = $2; $$->rhs = $4;
	}
	;

ranges
	: range
	| ranges ',' range { $$ = st__pm_item_append($1, $3); }
	;

range
	: IDENT '[' expr ':' expr ']' { $$ = NEW(pm_item); $$->name = $1; $$->loc = L(@1); $$->lo = $3; $$->hi = $5; }
	;

vars
	: var
	| vars ',' var { $$ = st__pm_item_append($1, $3); }
	;

var
	: IDENT decl_dims { $$ = NEW(pm_item); $$->name = $1; $$->loc = L(@1); $$->dims = $2; }
	;

decl_dims
	: %empty { $$ = NULL; }
	| decl_dims '[' expr ']' { $$ = st__pm_sub_append($1, st__pm_sub(p, $3, NULL, L(@3))); }
	;

cond
	: expr
	| expr '?' expr ':' expr { $$ = st__pm_expr(p, PM_E_COND, L(@2)); $$->a = $1; $$->b = $3; $$->c = $5; }
	;

expr
	: primary
	| expr OROR expr   { $$ = st__pm_binary(p, PM_OP_OR, $1, $3, L(@2)); }
	| expr ANDAND expr { $$ = st__pm_binary(p, PM_OP_AND, $1, $3, L(@2)); }
	| expr EQ expr     { $$ = st__pm_binary(p, PM_OP_EQ, $1, $3, L(@2)); }
	| expr NE expr     { $$ = st__pm_binary(p, PM_OP_NE, $1, $3, L(@2)); }
	| expr '<' expr    { $$ = st__pm_binary(p, '<', $1, $3, L(@2)); }
	| expr '>' expr    { $$ = st__pm_binary(p, '>', $1, $3, L(@2)); }
	| expr LE expr     { $$ = st__pm_binary(p, PM_OP_LE, $1, $3, L(@2)); }
	| expr GE expr     { $$ = st__pm_binary(p, PM_OP_GE, $1, $3, L(@2)); }
	| expr '+' expr    { $$ = st__pm_binary(p, '+', $1, $3, L(@2)); }
	| expr '-' expr    { $$ = st__pm_binary(p, '-', $1, $3, L(@2)); }
	| expr '*' expr    { $$ = st__pm_binary(p, '*', $1, $3, L(@2)); }
	| expr '/' expr    { $$ = st__pm_binary(p, '/', $1, $3, L(@2)); }
	| expr '%' expr    { $$ = st__pm_binary(p, '%', $1, $3, L(@2)); }
	| expr '^' expr    { $$ = st__pm_binary(p, '^', $1, $3, L(@2)); }
	| '-' expr %prec UMINUS { $$ = st__pm_expr(p, PM_E_UN, L(@1)); $$->op = '-'; $$->a = $2; }
	| '+' expr %prec UMINUS { $$ = $2; }
	| '!' expr         { $$ = st__pm_expr(p, PM_E_UN, L(@1)); $$->op = '!'; $$->a = $2; }
	;

primary
	: INT    { $$ = st__pm_expr(p, PM_E_INT, L(@1)); $$->i = $1; }
	| FLOAT  { $$ = st__pm_expr(p, PM_E_FLOAT, L(@1)); $$->f = $1; }
	| IMAG   { $$ = st__pm_expr(p, PM_E_IMAG, L(@1)); $$->f = $1; }
	| STRING { $$ = st__pm_expr(p, PM_E_STR, L(@1)); $$->name = $1; }
	| IDENT  { $$ = st__pm_expr(p, PM_E_NAME, L(@1)); $$->name = $1; }
	| IDENT subs { $$ = st__pm_expr(p, PM_E_ACCESS, L(@1)); $$->name = $1; $$->subs = $2; }
	| IDENT subs '(' cond ')' { $$ = st__pm_expr(p, PM_E_GROUP, L(@1)); $$->name = $1; $$->subs = $2; $$->a = $4; }
	| IDENT '(' args ')' { $$ = st__pm_expr(p, PM_E_CALL, L(@1)); $$->name = $1; $$->args = $3; }
	| DTYPE '(' args ')' { $$ = st__pm_expr(p, PM_E_CALL, L(@1)); $$->cast = $1; $$->args = $3; }
	| '(' cond ')' { $$ = $2; }
	;

subs
	: sub
	| subs sub { $$ = st__pm_sub_append($1, $2); }
	;

sub
	: '[' expr ']'          { $$ = st__pm_sub(p, $2, NULL, L(@2)); }
	| '[' expr ':' expr ']' { $$ = st__pm_sub(p, $2, $4, L(@2)); }
	;

args
	: %empty { $$ = NULL; }
	| arg_list
	;

arg_list
	: expr
	| arg_list ',' expr { $$ = st__pm_expr_append($1, $3); }
	;

%%

static void st__pm_yyerror(ST__PM_YYLTYPE *loc, st__pm_scanner scanner, pm_parser *p, const char *msg) {
	(void)scanner;
	/* Bison's "syntax error, unexpected X, expecting Y" without the prefix. */
	const char *prefix = "syntax error, ";
	if (!strncmp(msg, prefix, strlen(prefix)))
		msg += strlen(prefix);
	if (!strcmp(msg, "memory exhausted"))
		msg = "expression nested too deeply";
	st__pm_error(p, L(*loc), "%s", msg);
}
