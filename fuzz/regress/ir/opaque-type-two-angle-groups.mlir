// An opaque type whose body is an identifier and two <...> groups printed
// in the pretty form !d.x<a>y<b>, which reads back as !d.x<a> and garbage.
// Found by the `pass` harness (a mutated test of opaque types).
"u.v"() : () -> (!d<fastmath<fast>x<1>>, !d.f<(i32) -> i32>, !d.x<"a>b">, !d<t>)
