// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// Locations: `loc(...)` after an op and as an attribute value.

// expected-error @+1 {{expected location, but found '#foo'}}
"foo.op"() : () -> () loc(#foo)

// -----

// An alias that is not a location.
#x = 1
// expected-error @+1 {{expected location, but found '#x'}}
"foo.op"() : () -> () loc(#x)

// -----

// expected-error @+1 {{expected '(' in callsite location}}
"foo.op"() : () -> () loc(callsite "a")

// -----

// expected-error @+1 {{expected 'at' in callsite location}}
"foo.op"() : () -> () loc(callsite("a" "b"))

// -----

// expected-error @+1 {{expected ')' in callsite location}}
"foo.op"() : () -> () loc(callsite("a" at "b" ])

// -----

// expected-error @+1 {{expected '>' after fused location metadata}}
"foo.op"() : () -> () loc(fused<"x" ["a"])

// -----

// expected-error @+1 {{expected '[' in fused location}}
"foo.op"() : () -> () loc(fused "a")

// -----

// expected-error @+1 {{expected ']' in fused location}}
"foo.op"() : () -> () loc(fused["a" "b"])

// -----

// expected-error @+1 {{expected integer line number in FileLineColLoc}}
"foo.op"() : () -> () loc("f":x:1)

// -----

// expected-error @+1 {{expected ':' in FileLineColLoc}}
"foo.op"() : () -> () loc("f":1 1)

// -----

// expected-error @+1 {{expected integer column number in FileLineColLoc}}
"foo.op"() : () -> () loc("f":1:99999999999)

// -----

// expected-error @+1 {{expected ':' in FileLineColRange}}
"foo.op"() : () -> () loc("f":1:2 to 3 4)

// -----

// expected-error @+1 {{expected integer column number in FileLineColLoc}}
"foo.op"() : () -> () loc("f":1:2 to :x)

// -----

// expected-error @+1 {{expected ')' after child location of NameLoc}}
"foo.op"() : () -> () loc("n"("a" ])

// -----

// expected-error @+1 {{expected location instance}}
"foo.op"() : () -> () loc(1)

// -----

// expected-error @+1 {{expected '(' in inline location}}
"foo.op"() : () -> () loc "a"

// -----

// expected-error @+1 {{expected ')' in inline location}}
"foo.op"() : () -> () loc("a" "b")

// -----

// expected-error @+1 {{location nesting too deep}}
"foo.op"() : () -> () loc(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite(callsite("a" at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b") at "b"))
