"""Checks what stratac simulated for a .pm program against the srdfg interpreter
and, with --ref, against the program's C reference.

    stratac_check.py --bin DIR --pm PROG.pm --out STRATAC_OUT_DIR --tmp DIR [--ref REF.c]

stratac compares the Verilator run with the interpreter on the IR it
lowered (affine, after buffer-results-to-out-params); this closes the chain
to the source: the words stratac gave main's arguments (OUT/inputs/<name>.txt,
one word a line, named after main's formals; a scalar param stratac gave
its default has its file too) are given to the srdfg graph of the program
(strata-translate --import-pmlang, then strata-run), and every output and
state argument it returns must equal the memory the simulation left
(OUT/outputs/<name>.txt) bit for bit.  With --ref, the C reference
(test/pmlang-ref/ref_io.h: main's arguments on stdin in order, floats in
C's %a form; one line per output or state, in order) gets the same words
and its results must equal the simulation's bit for bit too.  int words
are 32 bits, float words the f32 bits, fxpN_F words the N-bit raw values
(16 or 32 bits, as the C reference reads and prints them: integers)."""
import argparse
import os
import re
import struct
import subprocess
import sys


def write_npy(path, dtype, shape, words):
    fmt = {'f4': 'I', 'i4': 'I', 'i2': 'H'}[dtype]
    shp = '(%d,)' % shape[0] if len(shape) == 1 else '(' + ''.join('%d, ' % d for d in shape) + ')'
    header = "{'descr': '<%s', 'fortran_order': False, 'shape': %s, }" % (dtype, shp)
    header += ' ' * ((64 - (10 + len(header) + 1) % 64) % 64) + '\n'
    with open(path, 'wb') as f:
        f.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(header)) + header.encode())
        f.write(b''.join(struct.pack('<' + fmt, w) for w in words))


def words(path):
    return [int(line, 0) & 0xffffffff for line in open(path) if line.strip() and not line.startswith('#')]


def as_float(w):
    return struct.unpack('<f', struct.pack('<I', w))[0]


def width(ty):
    """Bits of a word of type ty (int, float, fxpN_F), 0 for another type."""
    m = re.fullmatch(r'fxp(16|32)_\d+', ty)
    return int(m.group(1)) if m else 32 if ty in ('int', 'float') else 0


def as_int(w, bits=32):
    w &= (1 << bits) - 1
    return w - (1 << bits) if w >= 1 << (bits - 1) else w


def float_word(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


def run(cmd, stdin=None):
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    if p.returncode:
        sys.exit('stratac_check: %s failed:\n%s' % (' '.join(cmd), p.stderr))
    return p.stdout


def result_words(line, ty):
    """The words of a strata-run result line `memref<2xf32>:[1, 2.5]`."""
    toks = [t for t in re.split(r'[\[\],\s]+', line.partition(':')[2]) if t]
    if ty == 'float':
        return [float_word(float(t)) for t in toks]
    return [int(t) & ((1 << width(ty)) - 1) for t in toks]


def main():
    ap = argparse.ArgumentParser()
    for a in ('--bin', '--pm', '--out', '--tmp'):
        ap.add_argument(a, required=True)
    ap.add_argument('--ref')
    o = ap.parse_args()
    os.makedirs(o.tmp, exist_ok=True)
    src = open(o.pm).read()
    sig = re.search(r'^main\s*\(([^)]*)\)', src, re.M)
    if not sig:
        sys.exit('stratac_check: no main in %s' % o.pm)
    formals = re.findall(r'(input|output|state|param)\s+(\w+)\s+(\w+)((?:\s*\[\s*\d+\s*\])*)', sig.group(1))
    args, returned, stdin = [], [], []
    for k, (mod, ty, name, dims) in enumerate(formals):
        shape = [int(d) for d in re.findall(r'\d+', dims)]
        bits = width(ty)
        if not bits:
            sys.exit('stratac_check: argument %s is neither int, float nor a 16- or 32-bit fxp' % name)
        ws = [w & ((1 << bits) - 1) for w in words(os.path.join(o.out, 'inputs', name + '.txt'))]
        if shape:
            path = os.path.join(o.tmp, name + '.npy')
            write_npy(path, 'f4' if ty == 'float' else 'i%d' % (bits // 8), shape, ws)
            args.append('--arg=' + path)
        else:
            args.append('--arg=%s:%s' % (('f32', repr(as_float(ws[0]))) if ty == 'float'
                                         else ('i%d' % bits, as_int(ws[0], bits))))
        stdin.extend(as_float(w).hex() if ty == 'float' else str(as_int(w, bits)) for w in ws)
        if mod in ('output', 'state'):
            returned.append((name, ty))
    graph = os.path.join(o.tmp, 'srdfg.mlir')
    run([os.path.join(o.bin, 'strata-translate'), '--import-pmlang', o.pm, '-o', graph])
    lines = [l for l in run([os.path.join(o.bin, 'strata-run'), graph] + args).split('\n') if l.strip()]
    if len(lines) != len(returned):
        sys.exit('stratac_check: %d results, expected %d' % (len(lines), len(returned)))
    ref = None
    if o.ref:
        exe = os.path.join(o.tmp, 'ref')
        run(['cc', '-std=c11', '-O1', '-ffp-contract=off', '-I', os.path.dirname(os.path.abspath(__file__)), '-o', exe,
             o.ref, '-lm'])
        ref = [l.split() for l in run([exe, '1'], '\n'.join(stdin) + '\n').split('\n') if l.strip()]
        if len(ref) != len(returned):
            sys.exit('stratac_check: the C reference printed %d lines, expected %d' % (len(ref), len(returned)))
    ok = True
    for i, ((name, ty), line) in enumerate(zip(returned, lines)):
        sim = [w & ((1 << width(ty)) - 1) for w in words(os.path.join(o.out, 'outputs', name + '.txt'))]
        same = result_words(line, ty) == sim
        msg = '%s: %d words %s' % (name, len(sim), 'agree' if same else 'DIFFER')
        if ref is not None:
            r = [float_word(float.fromhex(t)) if ty == 'float' else int(t) & ((1 << width(ty)) - 1) for t in ref[i]]
            msg += ', C reference %s' % ('agrees' if r == sim else 'DIFFERS')
            same = same and r == sim
        ok &= same
        print(msg)
    sys.exit(0 if ok else 1)


main()
