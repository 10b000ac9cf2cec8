"""Checks a PMLang example against its C reference over several invocations.

    pmcheck.py --bin DIR --pm PROG.pm --ref REF.c --invocations N --tmp DIR
               --arg SPEC [--arg SPEC ...]

Each --arg gives main's arguments in order:
    f32:1.5                     a scalar (input or param)
    f4:2,3:@seed:lo:hi          an array drawn reproducibly in [lo, hi)
    f4:2,3:zeros                an array of zeros (outputs, initial state)
(dtype f4 or i4, or i2 for the raw values of a 16-bit fxp type).  The
program is imported with strata-translate, then run N
times by strata-run (state and outputs persist in the argument buffers)
three ways: the srdfg interpreter, after convert-srdfg-to-affine, and after
lower-affine as well.  The C reference reads the same arguments on stdin
(scalars, then array elements, in argument order, floats in C's %a hex
form), runs N invocations and prints main's results after each one, one
line per result, floats as %a.  Integers must agree bit for bit, floats
within ULP_BOUND units in the last place (docs/pmlang.md); prints one line
per level with the largest difference seen, exits 1 on disagreement."""
import argparse
import os
import re
import struct
import subprocess
import sys

ULP_BOUND = 2


def draw(seed, lo, hi, n, integer):
    state, out = seed, []
    for _ in range(n):
        state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        v = lo + (hi - lo) * ((state >> 11) / float(1 << 53))
        out.append(int(v) if integer else struct.unpack('<f', struct.pack('<f', v))[0])
    return out


def write_npy(path, dtype, shape, vals):
    fmt = {'f4': 'f', 'i4': 'i', 'i2': 'h'}[dtype]
    shp = '(%d,)' % shape[0] if len(shape) == 1 else '(' + ''.join('%d, ' % d for d in shape) + ')'
    header = "{'descr': '<%s', 'fortran_order': False, 'shape': %s, }" % (dtype, shp)
    header += ' ' * ((64 - (10 + len(header) + 1) % 64) % 64) + '\n'
    with open(path, 'wb') as f:
        f.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(header)) + header.encode())
        f.write(b''.join(struct.pack('<' + fmt, v) for v in vals))


def parse_args_specs(specs, tmp):
    run_args, stdin = [], []
    for k, spec in enumerate(specs):
        parts = spec.split(':')
        if parts[0] in ('f32', 'i32'):
            run_args.append(spec)
            v = float(parts[1]) if parts[0] == 'f32' else int(parts[1])
            stdin.append(v.hex() if parts[0] == 'f32' else str(v))
            continue
        dtype, shape = parts[0], [int(d) for d in parts[1].split(',')]
        n = 1
        for d in shape:
            n *= d
        if parts[2] == 'zeros':
            vals = [0.0] * n if dtype == 'f4' else [0] * n
        else:
            vals = draw(int(parts[2][1:]), float(parts[3]), float(parts[4]), n, dtype != 'f4')
        path = os.path.join(tmp, 'arg%d.npy' % k)
        write_npy(path, dtype, shape, vals)
        run_args.append(path)
        stdin.extend(v.hex() if dtype == 'f4' else str(v) for v in vals)
    return run_args, '\n'.join(stdin) + '\n'


def numbers(line):
    """The elements of a strata-run result line `memref<2xf32>:[1, 2.5]`."""
    ty, _, body = line.partition(':')
    is_float = 'f32' in ty or 'f64' in ty
    toks = [t for t in re.split(r'[\[\],\s]+', body) if t]
    return is_float, [float(t) if is_float else int(t) for t in toks]


def ulp_diff(a, b):
    ia = struct.unpack('<i', struct.pack('<f', a))[0]
    ib = struct.unpack('<i', struct.pack('<f', b))[0]
    ia = ia if ia >= 0 else -(ia & 0x7fffffff)
    ib = ib if ib >= 0 else -(ib & 0x7fffffff)
    return abs(ia - ib)


def run(cmd, stdin=None):
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    if p.returncode:
        sys.exit('pmcheck: %s failed:\n%s' % (' '.join(cmd), p.stderr))
    return p.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--bin', required=True)
    ap.add_argument('--pm', required=True)
    ap.add_argument('--ref', required=True)
    ap.add_argument('--tmp', required=True)
    ap.add_argument('--invocations', type=int, default=3)
    ap.add_argument('--arg', action='append', default=[])
    o = ap.parse_args()
    os.makedirs(o.tmp, exist_ok=True)
    tool = lambda t: os.path.join(o.bin, t)
    run_args, stdin = parse_args_specs(o.arg, o.tmp)

    srdfg = os.path.join(o.tmp, 'srdfg.mlir')
    run([tool('strata-translate'), '--import-pmlang', o.pm, '-o', srdfg])
    levels = [('srdfg', srdfg)]
    for name, passes in (('affine', ['--convert-srdfg-to-affine']),
                         ('scf', ['--convert-srdfg-to-affine', '--lower-affine'])):
        path = os.path.join(o.tmp, name + '.mlir')
        run([tool('strata-opt'), srdfg] + passes + ['-o', path])
        levels.append((name, path))

    exe = os.path.join(o.tmp, 'ref')
    run(['cc', '-std=c11', '-O1', '-ffp-contract=off', '-o', exe, o.ref, '-lm'])
    ref_lines = run([exe, str(o.invocations)], stdin).split('\n')
    ref = [[float.fromhex(t) if ('.' in t or 'p' in t or 'inf' in t or 'nan' in t) else int(t)
            for t in line.split()] for line in ref_lines if line.strip()]

    ok = True
    for name, path in levels:
        out = run([tool('strata-run'), path, '--invocations=%d' % o.invocations] +
                  ['--arg=' + a for a in run_args]).split('\n')
        got = [numbers(line) for line in out if line.strip()]
        if len(got) != len(ref):
            print('%s: %d result lines, the reference %d' % (name, len(got), len(ref)))
            ok = False
            continue
        worst = 0
        for (is_float, g), r in zip(got, ref):
            if len(g) != len(r):
                print('%s: %d elements, the reference %d' % (name, len(g), len(r)))
                ok = False
                break
            for a, b in zip(g, r):
                d = ulp_diff(a, float(b)) if is_float else (0 if a == b else 1 << 30)
                worst = max(worst, d)
        if worst > ULP_BOUND:
            print('%s: disagrees with the reference (%d ulp)' % (name, worst))
            ok = False
        else:
            print('%s: agrees over %d invocations (max %d ulp)' % (name, o.invocations, worst))
    sys.exit(0 if ok else 1)


main()
