#!/usr/bin/env python3
"""Fails when an error message of the parser or the verifier has no test.

Every place in core/*.c, dialects/*/*.c and analysis/*/*.c that reports an error (an "error
site") is found by reading the C source: calls of the reporting functions
below whose format string is a literal.  Each format string becomes a pattern
(printf conversions match any text), and the site counts as covered when a
test under test/ quotes its message:

  * an `expected-error {{...}}` / `expected-error-re {{...}}` annotation
    in a file that a RUN line checks with `strata-opt --verify-diagnostics`
    (not under `not`, and not in an XFAIL test), or
  * a FileCheck line holding `error: ...` (tests of the rendering on
    stderr, e.g. of --verify-diagnostics' own messages).

An annotation that quotes the whole message (an op's `'name' op ` prefix may
be left out) covers every site with that message.  One that quotes only a
part of it covers a site only when no other site's message could contain
that part, so `{{expected}}` proves nothing.

Sites in the parser (core/lexer.c, core/parser.c, core/parse_attr.c,
core/format.c, core/affine_text.c), the verifier (core/verify.c,
core/diag_verify.c, core/builtin.c), every dialect (dialects/*/*.c: their
verify hooks and custom parsers), every shared analysis (analysis/*/*.c) and
the affine-to-ub conversion (which the ub dialect held before) must be covered; other core files
(context.c, ops.c, ...) are listed for information only.  A site that text
input cannot reach goes into test/error-coverage-allowlist.txt with a
reason.

Usage:
    python3 test/check-error-coverage.py [--root DIR] [--list] [--quiet]

Prints the uncovered sites (file:line: message) and a summary, exits 1 when
a required site is uncovered and not allowlisted, 0 otherwise.
"""

import argparse
import bisect
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Reporting functions: index of the format argument, of the severity
# argument (only ST_SEV_ERROR counts), and whether the message gets the
# `'op.name' op ` prefix that st_op_error/st_op_diag add.
REPORTERS = {
    'st__err_at': dict(fmt=2),
    'st_parser_error': dict(fmt=1),
    'st_parser_error_at': dict(fmt=2),
    'st_error': dict(fmt=2),
    'st_op_error': dict(fmt=1, op=True),
    'st_op_diag': dict(fmt=2, sev=1, op=True),
    # A pass option's value, at its place in the pipeline text (else at op).
    'st_pass_option_error': dict(fmt=3, op=True),
    'st_diag_create': dict(fmt=3, sev=1),
    # The interpreter's runtime errors (include/strata/interp.h, core/interp*.c).
    'st_interp_ub': dict(fmt=1, prefix='undefined behaviour: '),
    'st_interp_error': dict(fmt=1),
    'st_interp_abort': dict(fmt=1),
    'st__interp_report_c': dict(fmt=4),
    # The .acg importer's located errors (dialects/acg/acg_private.h).
    'st__acg_error': dict(fmt=3),
    # The importers' shared scanner errors (include/strata/scan.h).
    'st_scan_error': dict(fmt=3),
}

# File-local helpers that end in a reporting function: the message is their
# argument `fmt`, after `prefix`.  Keep in step with the C code; a helper
# missing here shows up as a "dynamic" site (a reporter called with a
# variable as format), which fails the check until it is described here.
WRAPPERS = {
    'core/parser.c': {'expect': dict(fmt=2, prefix='expected ')},
    'core/parse_attr.c': {'expect': dict(fmt=2, prefix='expected ')},
    'core/diag_verify.c': {'annotation_error': dict(fmt=3)},
    'core/format.c': {'late_error': dict(fmt=1)},
    # The affine parser keeps its message and parse_attr.c reports it.
    'core/affine_text.c': {
        'error_at': dict(fmt=2),
        'error_here': dict(fmt=1),
        'expect': dict(fmt=2),
    },
}

# printf-like functions (declared with __attribute__((format(printf...))))
# that do not report an error.  A new printf-like function in a header that
# is in neither table fails the check: say here what it is.
NOT_ERRORS = {
    'st_diag_append': 'extends a message (handled with the site it extends)',
    'st_diag_note': 'a note',
    'st_warning': 'a warning',
    'st_printer_printf': 'printer output',
    'st__acg_printf': 'the acg printers\' output',
    'st_rewriter_match_failure': 'why a pattern did not match (debugging output, not a diagnostic)',
    'st_backend_fmt': 'formats a string (the flow kit, strata/backend.h)',
}
HEADERS = ['include/strata/*.h', 'core/*.h', 'dialects/*/*.h', 'analysis/*/*.h', 'conversions/affine-to-ub/*.h']
PRINTF_DECL_RE = re.compile(r'\b(\w+)\s*\([^;{]*?\)\s*__attribute__\s*\(\(\s*format\s*\(\s*printf\s*,\s*(\d+)')

SOURCES = ['core/*.c', 'dialects/*/*.c', 'analysis/*/*.c', 'conversions/affine-to-ub/*.c']
# diag.c implements the reporters themselves.
SKIP_FILES = {'core/diag.c'}
REQUIRED = {
    'core/lexer.c', 'core/parser.c', 'core/parse_attr.c', 'core/format.c',
    'core/affine_text.c', 'core/verify.c', 'core/diag_verify.c', 'core/builtin.c',
}
REQUIRED_GLOBS = ['dialects/*/*.c', 'analysis/*/*.c', 'conversions/affine-to-ub/*.c']

TEST_SUFFIXES = ('.mlir', '.test', '.hl', '.pm', '.acg')
ALLOWLIST = 'test/error-coverage-allowlist.txt'


def is_required(path):
    return path in REQUIRED or any(glob.fnmatch.fnmatch(path, g) for g in REQUIRED_GLOBS)


# ----------------------------------------------------------------- C reading

STRIP_RE = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|//[^\n]*|/\*.*?\*/', re.S)


def strip_comments(src):
    """Blanks out comments (keeping newlines, so line numbers hold)."""
    def blank(m):
        t = m.group(0)
        if t[0] in '"\'':
            return t
        return re.sub(r'[^\n]', ' ', t)
    return STRIP_RE.sub(blank, src)


def split_args(src, start):
    """Arguments of the call whose '(' is at src[start]; returns (args, end)."""
    args, depth, i, cur = [], 0, start + 1, start + 1
    n = len(src)
    while i < n:
        c = src[i]
        if c in '"\'':
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == '\\' else 1
            i = j + 1
            continue
        if c in '([{':
            depth += 1
        elif c in ')]}':
            if depth == 0:
                args.append(src[cur:i].strip())
                return args, i + 1
            depth -= 1
        elif c == ',' and depth == 0:
            args.append(src[cur:i].strip())
            cur = i + 1
        i += 1
    return args, n


C_ESCAPES = {'n': '\n', 't': '\t', '\\': '\\', '"': '"', "'": "'", '0': '\0', 'r': '\r'}


def c_string(text):
    """The value of `text` when it is one or more adjacent string literals."""
    parts = re.findall(r'"((?:[^"\\]|\\.)*)"', text)
    if not parts or re.sub(r'"((?:[^"\\]|\\.)*)"', '', text).strip():
        return None
    s = ''.join(parts)
    return re.sub(r'\\(.)', lambda m: C_ESCAPES.get(m.group(1), m.group(1)), s)


def string_choices(text):
    """Literal values an argument can take: a literal, or `c ? "a" : "b"`."""
    s = c_string(text)
    if s is not None:
        return [s], []
    m = re.match(r'^[^?"]*\?(.*)$', text, re.S)
    if m:
        rest = m.group(1)
        # split at the top-level ':'
        depth, k = 0, None
        for i, c in enumerate(rest):
            if c in '([':
                depth += 1
            elif c in ')]':
                depth -= 1
            elif c == ':' and depth == 0:
                k = i
                break
        if k is not None:
            a, b = rest[:k].strip(), rest[k + 1:].strip()
            la, da = string_choices(a)
            lb, db = string_choices(b)
            return la + lb, da + db
    return [], [text]


class Site:
    def __init__(self, path, line, fmt, op=False, suffixes=()):
        self.path, self.line, self.fmt, self.op = path, line, fmt, op
        self.suffixes = list(suffixes)
        self.dynamic = None  # the expression, when the message is not known
        self.covered_by = None
        self.allow_reason = None

    @property
    def required(self):
        return is_required(self.path)

    def key(self):
        return (self.path, self.fmt)


FUNC_START_RE = re.compile(r'^\S[^\n;]*\([^;]*?\)\s*\{', re.M)


def function_starts(code):
    """Offsets where top-level function definitions start, ascending."""
    return [m.start() for m in FUNC_START_RE.finditer(code)]


def enclosing_function_start(starts, pos):
    """Offset of the start of the top-level function holding `pos`."""
    k = bisect.bisect_right(starts, pos) - 1
    return starts[k] if k >= 0 else 0


def find_sites(path, src):
    code = strip_comments(src)
    starts = function_starts(code)
    funcs = dict(REPORTERS)
    funcs.update(WRAPPERS.get(path, {}))
    wrappers = WRAPPERS.get(path, {})
    sites = []
    name_re = re.compile(r'\b(' + '|'.join(map(re.escape, funcs)) + r')\s*\(')
    for m in name_re.finditer(code):
        name = m.group(1)
        # A definition or prototype, not a call: a type word before the name.
        before = code[max(0, m.start() - 300):m.start()].rstrip()
        prev_word = re.search(r'([A-Za-z_][A-Za-z_0-9]*|\S)$', before)
        if prev_word and (re.match(r'[A-Za-z_]', prev_word.group(1)) or prev_word.group(1) == '*') \
                and prev_word.group(1) not in ('return', 'else', 'do'):
            continue
        args, end = split_args(code, m.end() - 1)
        spec = funcs[name]
        line = code.count('\n', 0, m.start()) + 1
        if spec.get('sev') is not None:
            if spec['sev'] >= len(args) or args[spec['sev']] != 'ST_SEV_ERROR':
                continue
        if spec['fmt'] >= len(args):
            continue
        farg = args[spec['fmt']]
        lits, dyn = string_choices(farg)
        # A variable filled by snprintf earlier in the same function.
        if dyn and re.fullmatch(r'[A-Za-z_]\w*', dyn[0]):
            var = dyn[0]
            fstart = enclosing_function_start(starts, m.start())
            built = list(re.finditer(r'\bsnprintf\s*\(\s*' + re.escape(var) + r'\s*,', code[fstart:m.start()]))
            if built:
                b = built[-1]
                bargs, _ = split_args(code, fstart + b.start() + b.group(0).index('('))
                blits, _ = string_choices(bargs[2]) if len(bargs) > 2 else ([], [])
                if blits:
                    lits, dyn = lits + blits, dyn[1:]
        # A variable set to literals in the same function (`msg = "..."`).
        if dyn and re.fullmatch(r'[A-Za-z_]\w*', dyn[0]):
            var = dyn[0]
            fstart = enclosing_function_start(starts, m.start())
            set_lits = []
            for am in re.finditer(r'(?<![=!<>])\b' + re.escape(var) + r'\s*=(?!=)\s*("(?:[^"\\]|\\.)*"(?:\s*"(?:[^"\\]|\\.)*")*)',
                                  code[fstart:m.start()]):
                set_lits.append(c_string(am.group(1)))
            if set_lits:
                lits, dyn = lits + [x for x in set_lits if x is not None], dyn[1:]
        # Inside a wrapper's own body, the call that forwards the wrapper's
        # message parameter is the wrapper itself, not a site.
        fstart = enclosing_function_start(starts, m.start())
        header = code[fstart:code.find('{', fstart)]
        hm = re.search(r'\b(\w+)\s*\(([^)]*)\)\s*$', header)
        if hm and hm.group(1) in wrappers:
            params = [re.findall(r'\w+', x)[-1] for x in hm.group(2).split(',') if re.findall(r'\w+', x)]
            k = wrappers[hm.group(1)]['fmt']
            if k < len(params) and any(re.search(r'\b%s\b' % re.escape(params[k]), a) for a in args):
                continue
        # Reporters' own definitions forward `fmt` (diag.c is skipped; the
        # parser's st_parser_error is one of these).
        if hm and hm.group(1) in REPORTERS:
            continue
        prefix = spec.get('prefix', '')
        op = spec.get('op', False)
        suffixes = []
        assign = re.search(r'(\w+)\s*=\s*$', before)
        if assign:
            tail = code[end:end + 600]
            for am in re.finditer(r'\bst_diag_append\s*\(\s*' + re.escape(assign.group(1)) + r'\s*,', tail):
                aargs, _ = split_args(tail, am.start() + am.group(0).index('('))
                s = c_string(aargs[1]) if len(aargs) > 1 else None
                if s is not None:
                    suffixes.append(s)
        # `"%s", text`: the message is the next argument.
        if lits == ['%s'] and not dyn and len(args) > spec['fmt'] + 1:
            lits, dyn = string_choices(args[spec['fmt'] + 1])
            lits = [x.replace('%', '%%') for x in lits]
        for lit in lits:
            sites.append(Site(path, line, prefix + lit, op, suffixes))
        for d in dyn:
            s = Site(path, line, '<dynamic: %s>' % d, op)
            s.dynamic = d
            sites.append(s)
    return sites


# ----------------------------------------------------------------- patterns
#
# A message template is a list of tokens: ('lit', char), ('one',) for %c,
# ('any',) for a run of any text, ('num',) for a run of number characters.
# An annotation is a list of tokens too: ('lit', char) or ('re',) for a
# `{{regex}}` part, which may stand for any stretch of the message.

CONV_RE = re.compile(r'%([-+ #0]*)(\d+|\*)?(\.(\d+|\*))?(hh|h|ll|l|z|j|t|L)?([a-zA-Z%])')


def template(fmt):
    toks, i = [], 0
    for m in CONV_RE.finditer(fmt):
        toks += [('lit', c) for c in fmt[i:m.start()]]
        conv = m.group(6)
        if conv == '%':
            toks.append(('lit', '%'))
        elif conv == 'c':
            toks.append(('one',))
        elif conv in 'xXo':
            toks.append(('num',))
        elif conv in 'diu':
            toks.append(('dec',))
        elif (m.start() > 0 and fmt[m.start() - 1].isalnum()) or (m.end() < len(fmt) and fmt[m.end()].isalnum()):
            # A %s glued to a word ("operand%s", "%ss") is a part of it.
            toks.append(('word',))
        else:
            toks.append(('any',))
        i = m.end()
    toks += [('lit', c) for c in fmt[i:]]
    return toks


def annotation_tokens(text, regex):
    if not regex:
        return [('lit', c) for c in text]
    toks, i = [], 0
    while i < len(text):
        if text.startswith('{{', i):
            j = text.find('}}', i + 2)
            j = len(text) if j < 0 else j
            try:
                rx = re.compile(text[i + 2:j])
            except re.error:
                rx = None
            toks.append(('re', rx))
            i = j + 2
        else:
            toks.append(('lit', text[i]))
            i += 1
    return toks


NUMCHARS = set('0123456789-+abcdefxABCDEFX')
DECCHARS = set('0123456789-')
LOOPS = ('any', 'num', 'dec', 'word')


def loops_on(t, c, whole):
    """Whether the repeating template token t may take character c."""
    if t[0] == 'any':
        # Quoting a part of a message, a conversion stands for one word:
        # otherwise `%s` would contain any quote at all.
        return whole or c != ' '
    if t[0] == 'num':
        return c in NUMCHARS
    if t[0] == 'dec':
        return c in DECCHARS
    return c.isalnum() or c == '_'


def _closure(tmpl, states):
    """States with their scores, plus those reached by skipping (empty)
    repeating tokens."""
    out, work = dict(states), list(states)
    while work:
        k = work.pop()
        if k < len(tmpl) and tmpl[k][0] in LOOPS and out.get(k + 1, -1) < out[k]:
            out[k + 1] = out[k]
            work.append(k + 1)
    return out


def _re_spans(tmpl, k, rx):
    """Where a `{{regex}}` part of an annotation may end when it starts at
    template position k: over literal text it must match it; over a
    conversion anything goes."""
    n, lit = len(tmpl), []
    for j in range(k, n + 1):
        if j > k and tmpl[j - 1][0] != 'lit':
            yield from range(j, n + 1)
            return
        if j > k:
            lit.append(tmpl[j - 1][1])
        if rx is None or rx.fullmatch(''.join(lit)):
            yield j


def matches(tmpl, ann, whole):
    """How the annotation can be (whole=True) the message, or (False) a part
    of it, for some value of the template's conversions: None when it
    cannot, else how many of the template's literal characters it quotes
    (the best alignment), so that the most specific message wins."""
    n = len(tmpl)
    states = _closure(tmpl, {0: 0} if whole else {k: 0 for k in range(n + 1)})
    for tok in ann:
        nxt = {}

        def add(k, score):
            if nxt.get(k, -1) < score:
                nxt[k] = score
        for k, score in states.items():
            if tok[0] == 're':
                for j in _re_spans(tmpl, k, tok[1]):
                    add(j, score)
                continue
            if k >= n:
                continue
            t = tmpl[k]
            c = tok[1]
            if t[0] == 'lit' and t[1] == c:
                add(k + 1, score + 1)
            elif t[0] == 'one':
                add(k + 1, score)
            elif t[0] in LOOPS and loops_on(t, c, whole):
                add(k, score)
        states = _closure(tmpl, nxt)
        if not states:
            return None
    if whole:
        return states.get(n)
    return max(states.values()) if states else None


def template_regex(tmpl):
    """A compiled regex equivalent to matches(tmpl, literal text, whole=True)."""
    parts = []
    for t in tmpl:
        if t[0] == 'lit':
            parts.append(re.escape(t[1]))
        elif t[0] == 'one':
            parts.append('.')
        elif t[0] == 'num':
            parts.append('[-+0-9a-fA-FxX]*')
        elif t[0] == 'dec':
            parts.append('-?[0-9]*')
        elif t[0] == 'word':
            parts.append('\\w*')
        else:
            parts.append('.*')
    return re.compile(''.join(parts), re.S)


def site_templates(site):
    bases = [template(site.fmt)]
    bases += [template(site.fmt + s) for s in site.suffixes]
    if site.op:
        pre = [('lit', "'"), ('any',)] + [('lit', c) for c in "' op "]
        bases += [pre + b for b in bases]
    return bases


# -------------------------------------------------------------- annotations

EXPECTED_RE = re.compile(r'expected-error(-re)?\s*(@\S+)?\s*\{\{(.*)\}\}')
CHECK_RE = re.compile(r'\b[A-Z][A-Z0-9_-]*?(-NEXT|-SAME|-DAG|-LABEL|-EMPTY)?:(.*)$')


class Annotation:
    def __init__(self, path, line, text, regex, kind):
        self.path, self.line, self.text, self.kind = path, line, text, kind
        self.tokens = annotation_tokens(text, regex)

    def where(self):
        return '%s:%d' % (self.path, self.line)


def run_lines(lines):
    """The RUN commands of a test file, continuation lines joined."""
    cmds, cur = [], ''
    for line in lines:
        m = re.search(r'\bRUN:(.*)$', line)
        if not m:
            continue
        part = m.group(1).rstrip()
        if part.endswith('\\'):
            cur += part[:-1] + ' '
            continue
        cmds.append((cur + part).strip())
        cur = ''
    return cmds


def find_annotations(root):
    """Annotations that a passing test checks: `expected-error` in files a
    RUN line gives to `strata-opt --verify-diagnostics` (not under `not`,
    not XFAIL), and FileCheck lines of files that have RUN lines."""
    anns = []
    for dirpath, _, files in os.walk(os.path.join(root, 'test')):
        for f in sorted(files):
            if not f.endswith(TEST_SUFFIXES):
                continue
            path = os.path.join(dirpath, f)
            rel = os.path.relpath(path, root)
            with open(path, encoding='utf-8', errors='replace') as fh:
                lines = fh.read().split('\n')
            cmds = run_lines(lines)
            if not cmds or any(re.search(r'\bXFAIL:', l) for l in lines):
                continue
            verified = any(re.search(r'(^|[|;&]\s*)strata-opt\b[^|]*\s--?verify-diagnostics\b', c) for c in cmds)
            for no, line in enumerate(lines, 1):
                m = EXPECTED_RE.search(line)
                if m:
                    if verified:
                        anns.append(Annotation(rel, no, m.group(3), bool(m.group(1)), 'expected-error'))
                    continue
                m = CHECK_RE.search(line)
                if m and 'RUN:' not in line:
                    body = m.group(2)
                    k = body.find('error: ')
                    if k >= 0 and body[k + 7:].strip():
                        anns.append(Annotation(rel, no, body[k + 7:].rstrip(), True, 'FileCheck'))
    return anns


# ---------------------------------------------------------------- allowlist

ALLOW_RE = re.compile(r'^(\S+)\s+"((?:[^"\\]|\\.)*)"\s+(\S.*)$')


def read_allowlist(path):
    entries, errors = {}, []
    if not os.path.exists(path):
        return entries, errors
    with open(path, encoding='utf-8') as fh:
        for no, line in enumerate(fh, 1):
            s = line.strip()
            if not s or s.startswith('#'):
                continue
            m = ALLOW_RE.match(s)
            if not m:
                errors.append('%s:%d: expected `file "message" reason`' % (path, no))
                continue
            fmt = re.sub(r'\\(.)', r'\1', m.group(2))
            entries[(m.group(1), fmt)] = (m.group(3), no)
    return entries, errors


# --------------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--root', default=ROOT, help='source tree (default: this checkout)')
    ap.add_argument('--list', action='store_true', help='print every site with what covers it')
    ap.add_argument('--quiet', action='store_true', help='print only failures and the summary')
    opts = ap.parse_args()
    root = os.path.abspath(opts.root)

    sites = []
    for pattern in SOURCES:
        for path in sorted(glob.glob(os.path.join(root, pattern))):
            rel = os.path.relpath(path, root)
            if rel in SKIP_FILES:
                continue
            with open(path, encoding='utf-8', errors='replace') as fh:
                sites += find_sites(rel, fh.read())
    anns = find_annotations(root)
    allow, problems = read_allowlist(os.path.join(root, ALLOWLIST))
    for pattern in HEADERS:
        for path in sorted(glob.glob(os.path.join(root, pattern))):
            with open(path, encoding='utf-8', errors='replace') as fh:
                code = strip_comments(fh.read())
            for m in PRINTF_DECL_RE.finditer(code):
                name, fmt = m.group(1), int(m.group(2)) - 1
                if name in NOT_ERRORS:
                    continue
                if name not in REPORTERS:
                    problems.append('%s: printf-like function %s is neither in REPORTERS nor in NOT_ERRORS of '
                                    'test/check-error-coverage.py: say whether it reports errors'
                                    % (os.path.relpath(path, root), name))
                elif REPORTERS[name]['fmt'] != fmt:
                    problems.append('%s: %s takes its format as argument %d, REPORTERS says %d'
                                    % (os.path.relpath(path, root), name, fmt + 1, REPORTERS[name]['fmt'] + 1))

    # Which known messages could each annotation be a part of?
    fmts = {}
    for s in sites:
        if not s.dynamic:
            fmts.setdefault(s.fmt, []).append(s)
    tmpls = {f: site_templates(group[0]) for f, group in fmts.items()}
    regexes = {f: [template_regex(t) for t in ts] for f, ts in tmpls.items()}
    specificity = {}
    for f in fmts:
        t = template(f)
        specificity[f] = (sum(1 for x in t if x[0] == 'lit'), -sum(1 for x in t if x[0] != 'lit'))
    for a in anns:
        # Scores: how much literal text of the message the quote matches;
        # the quote is the most specific message it can be ("requires zero
        # regions" is that site, not also "requires zero %ss").
        scores = {}
        if any(t[0] == 're' for t in a.tokens):
            for f, ts in tmpls.items():
                best = max((x for x in (matches(t, a.tokens, True) for t in ts) if x is not None), default=None)
                if best is not None:
                    scores[f] = (best, specificity[f][1])
        else:
            for f, rs in regexes.items():
                if any(r.fullmatch(a.text) for r in rs):
                    scores[f] = specificity[f]
        if not scores:
            part = [f for f, ts in tmpls.items() if any(matches(t, a.tokens, False) is not None for t in ts)]
            scores = {part[0]: (0, 0)} if len(part) == 1 else {}
        top = max(scores.values()) if scores else None
        whole = [f for f, sc in scores.items() if sc == top]
        for f in whole:
            for s in fmts[f]:
                if s.covered_by is None or (s.covered_by.kind != 'expected-error' and a.kind == 'expected-error'):
                    s.covered_by = a

    used_allow = set()
    for s in sites:
        entry = allow.get(s.key())
        if entry:
            s.allow_reason = entry[0]
            used_allow.add(s.key())

    failing = [s for s in sites if s.required and s.covered_by is None and s.allow_reason is None]
    uncovered_info = [s for s in sites if not s.required and s.covered_by is None and s.allow_reason is None]

    def show(s):
        return '%s:%d: %s' % (s.path, s.line, s.fmt)

    if opts.list:
        for s in sites:
            how = ('covered by %s' % s.covered_by.where() if s.covered_by else
                   'allowlisted: %s' % s.allow_reason if s.allow_reason else
                   'UNCOVERED' if s.required else 'uncovered (not required)')
            print('%s\n    %s' % (show(s), how))
    if failing:
        print('error: %d error site(s) of the parser/verifier have no test:' % len(failing))
        for s in failing:
            print('  ' + show(s))
    if uncovered_info and not opts.quiet:
        print('note: %d error site(s) outside the parser/verifier have no test (not required):' % len(uncovered_info))
        for s in uncovered_info:
            print('  ' + show(s))
    for (path, fmt), (reason, no) in sorted(allow.items()):
        if (path, fmt) not in used_allow:
            print('warning: %s:%d: allowlisted site no longer exists: %s "%s"' % (ALLOWLIST, no, path, fmt))
    for s in sites:
        if s.allow_reason and s.covered_by and not opts.quiet:
            print('warning: allowlisted site is covered now (drop it from the allowlist): %s' % show(s))
    for p in problems:
        print('error: ' + p)

    covered = {s.fmt for s in sites if s.covered_by and not s.dynamic}
    verified = {s.fmt for s in sites if s.covered_by and s.covered_by.kind == 'expected-error' and not s.dynamic}
    required = [s for s in sites if s.required]
    print('error-coverage: %d error sites (%d required), %d distinct messages; %d covered by tests '
          '(%d by --verify-diagnostics), %d allowlisted, %d required sites uncovered'
          % (len(sites), len(required), len(fmts), len(covered), len(verified),
             sum(1 for s in sites if s.allow_reason and not s.covered_by), len(failing)))
    return 1 if failing or problems else 0


if __name__ == '__main__':
    sys.exit(main())
