// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// Errors of the lexer: bad characters, bad identifiers, bad string literals.

// expected-error @+1 {{unexpected character ';'}}
"foo.op"() {a = 1 ; 2} : () -> ()

// -----

// A byte outside printable ASCII is shown in hex (here the first byte of
// UTF-8 'é').
// expected-error @+1 {{unexpected character (byte 0xc3)}}
"foo.op"() {é = 1} : () -> ()

// -----

// expected-error @+1 {{invalid identifier after '%'}}
"foo.op"(% ) : () -> ()

// -----

// expected-error @+1 {{invalid identifier after '^'}}
"foo.op"() [^ ] : () -> ()

// -----

// expected-error @+1 {{invalid identifier after '!'}}
"foo.op"() : () -> ! 

// -----

// expected-error @+1 {{invalid identifier after '@'}}
"foo.op"() {sym = @ } : () -> ()

// -----

// expected-error @+1 {{invalid identifier after '#'}}
"foo.op"() {a = # } : () -> ()

// -----

// expected-error @+1 {{unknown escape in string literal}}
"foo.op"() {a = "bad \q escape"} : () -> ()

// -----

// expected-error @+1 {{expected '"' in string literal}}
"foo.op"() {a = "no end
} : () -> ()

// -----

// A string still open at the end of the input.
// expected-error @+1 {{expected '"' in string literal}}
"foo.op"() {a = "no end} : () -> ()
