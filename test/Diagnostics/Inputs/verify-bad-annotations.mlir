// Input of verify-diagnostics-failures.test: annotations that are not well
// formed. Each one is reported, and the run fails, even though the IR below
// is fine.
// expected-error @+ {{no offset}}
// expected-error @-99 {{before the file}}
// expected-error @sideways {{bad designator}}
// expected-error {single brace}}
// expected-error: {{a colon}}
// expected-error {{never closed
// expected-error-re {{bad {{[0-9}}}}
// expected-error-re {{open {{regex}}
func.func private @fine()
