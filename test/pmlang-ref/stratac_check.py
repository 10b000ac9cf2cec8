"""Checks what stratac simulated for a .pm program against the srdfg interpreter.

    stratac_check.py --bin DIR --pm PROG.pm --out STRATAC_OUT_DIR --tmp DIR

stratac compares the Verilator run with the interpreter on the IR it
lowered (affine, after buffer-results-to-out-params); this closes the chain
to the source: the memories stratac drew (OUT/inputs/argK.txt, one word a
line) are given to the srdfg graph of the program (strata-translate
--import-pmlang, then strata-run), and every output and state argument it
returns must equal the memory the simulation left (OUT/outputs/argK.txt)
bit for bit.  Only int arrays (32-bit words), as the FPGA flow takes."""
import argparse
import os
import re
import struct
import subprocess
import sys


def write_npy_i4(path, shape, vals):
    shp = '(%d,)' % shape[0] if len(shape) == 1 else '(' + ''.join('%d, ' % d for d in shape) + ')'
    header = "{'descr': '<i4', 'fortran_order': False, 'shape': %s, }" % shp
    header += ' ' * ((64 - (10 + len(header) + 1) % 64) % 64) + '\n'
    with open(path, 'wb') as f:
        f.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(header)) + header.encode())
        f.write(b''.join(struct.pack('<i', v) for v in vals))


def words(path):
    vals = [int(line) for line in open(path) if line.strip()]
    return [v - (1 << 32) if v >= 1 << 31 else v for v in vals]


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode:
        sys.exit('stratac_check: %s failed:\n%s' % (' '.join(cmd), p.stderr))
    return p.stdout


def main():
    ap = argparse.ArgumentParser()
    for a in ('--bin', '--pm', '--out', '--tmp'):
        ap.add_argument(a, required=True)
    o = ap.parse_args()
    os.makedirs(o.tmp, exist_ok=True)
    src = open(o.pm).read()
    sig = re.search(r'^main\s*\(([^)]*)\)', src, re.M)
    if not sig:
        sys.exit('stratac_check: no main in %s' % o.pm)
    formals = re.findall(r'(input|output|state|param)\s+(\w+)\s+(\w+)((?:\s*\[\s*\d+\s*\])*)', sig.group(1))
    npys, returned = [], []
    for k, (mod, ty, name, dims) in enumerate(formals):
        shape = [int(d) for d in re.findall(r'\d+', dims)]
        if ty != 'int' or not shape:
            sys.exit('stratac_check: argument %s is not an int array' % name)
        path = os.path.join(o.tmp, 'arg%d.npy' % k)
        write_npy_i4(path, shape, words(os.path.join(o.out, 'inputs', 'arg%d.txt' % k)))
        npys.append('--arg=' + path)
        if mod in ('output', 'state'):
            returned.append((k, name))
    graph = os.path.join(o.tmp, 'srdfg.mlir')
    run([os.path.join(o.bin, 'strata-translate'), '--import-pmlang', o.pm, '-o', graph])
    lines = [l for l in run([os.path.join(o.bin, 'strata-run'), graph] + npys).split('\n') if l.strip()]
    if len(lines) != len(returned):
        sys.exit('stratac_check: %d results, expected %d' % (len(lines), len(returned)))
    ok = True
    for (k, name), line in zip(returned, lines):
        got = [int(t) for t in re.split(r'[\[\],\s]+', line.partition(':')[2]) if t]
        sim = words(os.path.join(o.out, 'outputs', 'arg%d.txt' % k))
        same = got == sim
        ok &= same
        print('%s: %d words %s' % (name, len(sim), 'agree' if same else 'DIFFER'))
    sys.exit(0 if ok else 1)


main()
