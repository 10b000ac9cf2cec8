#!/usr/bin/env python3
"""Generate the IR-throughput benchmark inputs (issue 2, "Done when" item 4).

Every input is written twice with identical content:

  NAME.m14.mlir   MLIR 14 spelling: builtin.func with `type`, std.return,
                  std.select, std.call; custom `func @f`, `return`, `select`,
                  `call`.  This is what mlir-opt-14 reads, and what
                  `strata-opt --mlir14` reads, so both tools get the same bytes.
  NAME.mlir       current MLIR spelling (Strata's native one): func.func with
                  `function_type`, func.return, arith.select, func.call.

Inputs:
  chain-generic   one function of --ops operations (default 1,000,000, the
  chain-custom    terminator included): a chain of arith ops on i32 and index
                  values (addi/muli/subi/xori/andi/ori, cmpi+select,
                  index_cast, constant) whose operands are the arguments and
                  earlier results; same ops in generic and in custom form.
  funcs           a module of --funcs small functions (default 100,000), a few
                  ops each, custom form; each calls the previous one so the
                  verifier resolves one symbol per function.
  nest            a function holding a --depth deep (default 10) nest of
                  unregistered ops with regions ("test.nest", binary fan-out),
                  about --nest-ops ops in total (default 100,000), using values
                  from enclosing regions; needs --allow-unregistered-dialect.

Python 3 standard library only.  Output is deterministic for a given --seed.
Usage: gen.py OUTDIR [--ops N] [--funcs N] [--depth N] [--nest-ops N] [--seed N]
"""

import argparse
import os
import random
import sys

# ---------------------------------------------------------------- spellings

SPELLINGS = {
    # key: (file suffix, func op, func type attr, return op, select op, call op,
    #       custom func keyword, custom return, custom select, custom call)
    "m14": dict(suffix=".m14.mlir", func="builtin.func", ftype="type",
                ret="std.return", select="std.select", call="std.call",
                cfunc="func", cret="return", cselect="select", ccall="call"),
    "native": dict(suffix=".mlir", func="func.func", ftype="function_type",
                   ret="func.return", select="arith.select", call="func.call",
                   cfunc="func.func", cret="func.return",
                   cselect="arith.select", ccall="func.call"),
}

PREDICATES = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
BINOPS = ["addi", "muli", "subi", "xori", "andi", "ori"]
# Relative weights of the op kinds picked at each step of the chain.
# ("cmpsel" is a cmpi followed by a select: two ops.)
KINDS = (["binop"] * 70 + ["const"] * 10 + ["cmpsel"] * 16 + ["cast"] * 4)


def write_lines(path, lines):
    with open(path, "w") as f:
        f.write("\n".join(lines))
        f.write("\n")


# ---------------------------------------------------------------- (a) chain

def build_chain(nops, rng):
    """Return (args, ops).  args: list of types.  ops: list of records
    (kind, result_type, operand names, extra); the last record is the return."""
    args = ["i32", "i32", "index", "index"]
    pools = {"i32": ["%arg0", "%arg1"], "index": ["%arg2", "%arg3"]}
    ops = []
    n = 0  # next result number
    body = nops - 1  # leave room for the terminator

    def pick(ty):
        pool = pools[ty]
        r = rng.random()
        if r < 0.5:
            return pool[-1]
        if r < 0.9:
            return pool[-1 - rng.randrange(min(len(pool), 64))]
        return pool[rng.randrange(len(pool))]  # anywhere, incl. arguments

    def push(ty, name):
        pool = pools[ty]
        pool.append(name)
        if len(pool) > 4096:  # keep a bounded window of recent values
            del pool[2:2 + 2048]

    while len(ops) < body:
        kind = rng.choice(KINDS)
        ty = "i32" if rng.random() < 0.7 else "index"
        if kind == "cmpsel" and len(ops) + 2 > body:
            kind = "binop"
        if kind == "binop":
            ops.append(("binop", ty, (pick(ty), pick(ty)), rng.choice(BINOPS)))
        elif kind == "const":
            ops.append(("const", ty, (), rng.randrange(-100, 1000)))
        elif kind == "cast":
            src = "index" if ty == "i32" else "i32"
            ops.append(("cast", ty, (pick(src),), src))
        else:
            a, b = pick(ty), pick(ty)
            ops.append(("cmpi", "i1", (a, b), rng.randrange(len(PREDICATES))))
            cond = "%%%d" % n
            n += 1
            ops.append(("select", ty, (cond, a, b), None))
            name = "%%%d" % n
            n += 1
            push(ty, name)
            continue
        name = "%%%d" % n
        n += 1
        push(ty, name)
    ops.append(("return", None, (pools["i32"][-1], pools["index"][-1]), None))
    return args, ops


def render_chain(args, ops, sp, generic):
    out = []
    sig_in = ", ".join(args)
    ftype = "(%s) -> (i32, index)" % sig_in
    n = 0
    if generic:
        out.append('"builtin.module"() ({')
        out.append('  "%s"() ({' % sp["func"])
        out.append("  ^bb0(%s):" % ", ".join(
            "%%arg%d: %s" % (i, t) for i, t in enumerate(args)))
    else:
        out.append("module {")
        out.append("  %s @chain(%s) -> (i32, index) {" % (sp["cfunc"], ", ".join(
            "%%arg%d: %s" % (i, t) for i, t in enumerate(args))))
    ap = out.append
    for kind, ty, opnds, extra in ops:
        if kind == "return":
            if generic:
                ap('    "%s"(%s, %s) : (i32, index) -> ()' % (sp["ret"], opnds[0], opnds[1]))
            else:
                ap("    %s %s, %s : i32, index" % (sp["cret"], opnds[0], opnds[1]))
            continue
        res = "%%%d" % n
        n += 1
        if generic:
            if kind == "binop":
                ap('    %s = "arith.%s"(%s, %s) : (%s, %s) -> %s'
                   % (res, extra, opnds[0], opnds[1], ty, ty, ty))
            elif kind == "const":
                ap('    %s = "arith.constant"() {value = %d : %s} : () -> %s'
                   % (res, extra, ty, ty))
            elif kind == "cast":
                ap('    %s = "arith.index_cast"(%s) : (%s) -> %s'
                   % (res, opnds[0], extra, ty))
            elif kind == "cmpi":
                # the select that follows uses the operand type
                ap('    %s = "arith.cmpi"(%s, %s) {predicate = %d : i64} : (%%T, %%T) -> i1'
                   % (res, opnds[0], opnds[1], extra))
            else:  # select
                ap('    %s = "%s"(%s, %s, %s) : (i1, %s, %s) -> %s'
                   % (res, sp["select"], opnds[0], opnds[1], opnds[2], ty, ty, ty))
                # patch the operand type of the preceding cmpi
                out[-2] = out[-2].replace("%T", ty)
        else:
            if kind == "binop":
                ap("    %s = arith.%s %s, %s : %s" % (res, extra, opnds[0], opnds[1], ty))
            elif kind == "const":
                ap("    %s = arith.constant %d : %s" % (res, extra, ty))
            elif kind == "cast":
                ap("    %s = arith.index_cast %s : %s to %s" % (res, opnds[0], extra, ty))
            elif kind == "cmpi":
                ap("    %s = arith.cmpi %s, %s, %s : %%T"
                   % (res, PREDICATES[extra], opnds[0], opnds[1]))
            else:
                ap("    %s = %s %s, %s, %s : %s"
                   % (res, sp["cselect"], opnds[0], opnds[1], opnds[2], ty))
                out[-2] = out[-2].replace("%T", ty)
    if generic:
        out.append(_func_attrs(sp, "chain", ftype))
        out.append("}) : () -> ()")
    else:
        out.append("  }")
        out.append("}")
    return out


def _func_attrs(sp, name, ftype):
    attrs = {"sym_name": '"%s"' % name, sp["ftype"]: ftype}
    return "  }) {%s} : () -> ()" % ", ".join(
        "%s = %s" % (k, attrs[k]) for k in sorted(attrs))


# ---------------------------------------------------------------- (b) funcs

def render_funcs(nfuncs, sp):
    out = ["module {"]
    ap = out.append
    cf, cr, cs, cc = sp["cfunc"], sp["cret"], sp["cselect"], sp["ccall"]
    for i in range(nfuncs):
        p = PREDICATES[i % len(PREDICATES)]
        b = BINOPS[i % len(BINOPS)]
        ap("  %s @f%d(%%arg0: i32, %%arg1: i32) -> i32 {" % (cf, i))
        ap("    %%0 = arith.constant %d : i32" % (i % 1000))
        ap("    %1 = arith.addi %arg0, %0 : i32")
        ap("    %%2 = arith.%s %%1, %%arg1 : i32" % b)
        ap("    %%3 = arith.cmpi %s, %%2, %%arg0 : i32" % p)
        ap("    %%4 = %s %%3, %%2, %%1 : i32" % cs)
        if i > 0:
            ap("    %%5 = %s @f%d(%%4, %%arg1) : (i32, i32) -> i32" % (cc, i - 1))
            ap("    %s %%5 : i32" % cr)
        else:
            ap("    %s %%4 : i32" % cr)
        ap("  }")
    ap("}")
    return out


# ---------------------------------------------------------------- (c) nest

def render_nest(depth, total_ops, sp):
    """A binary tree of "test.nest" ops `depth` regions deep.  Each region has
    an entry argument, some ops (unregistered and arith) that use it and values
    of enclosing regions, its child nests, and a "test.yield"."""
    nregions = 2 ** depth - 1
    # ops per region besides the child nests and the yield
    per = max(1, (total_ops - nregions - nregions) // nregions)
    out = []
    ap = out.append
    counter = [0]

    def fresh():
        counter[0] += 1
        return "%%v%d" % counter[0]

    def region_body(level, outer, ind):
        """outer: values visible from enclosing regions (i32)."""
        arg = "%%b%d" % counter[0]
        counter[0] += 1
        ap("%s^bb0(%s: i32):" % (ind[:-2], arg))
        local = [arg]
        for k in range(per):
            a = local[-1]
            b = outer[(k * 7 + level) % len(outer)]
            r = fresh()
            m = k % 4
            if m == 0:
                ap('%s%s = "test.op"(%s, %s) {level = %d : i64, tag = "t%d"} : (i32, i32) -> i32'
                   % (ind, r, a, b, level, k))
            elif m == 1:
                ap("%s%s = arith.addi %s, %s : i32" % (ind, r, a, b))
            elif m == 2:
                ap('%s%s = "test.op2"(%s) {flag, vals = [1, 2, %d]} : (i32) -> i32'
                   % (ind, r, a, k))
            else:
                ap("%s%s = arith.xori %s, %s : i32" % (ind, r, a, local[0]))
            local.append(r)
        last = local[-1]
        if level < depth:
            vis = outer + local[-4:]
            for _ in range(2):
                r = fresh()
                ap('%s%s = "test.nest"(%s) ({' % (ind, r, last))
                region_body(level + 1, vis, ind + "  ")
                ap('%s}) {depth = %d : i64} : (i32) -> i32' % (ind, level + 1))
                last = r
        ap('%s"test.yield"(%s) : (i32) -> ()' % (ind, last))

    ap("module {")
    ap("  %s @nest(%%arg0: i32, %%arg1: i32) -> i32 {" % sp["cfunc"])
    ap('    %root = "test.nest"(%arg0) ({')
    region_body(1, ["%arg0", "%arg1"], "      ")
    ap("    }) {depth = 1 : i64} : (i32) -> i32")
    ap("    %s %%root : i32" % sp["cret"])
    ap("  }")
    ap("}")
    return out


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("outdir")
    ap.add_argument("--ops", type=int, default=1_000_000,
                    help="ops in the chain function, terminator included")
    ap.add_argument("--funcs", type=int, default=100_000)
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--nest-ops", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default="chain,funcs,nest",
                    help="comma-separated subset of chain,funcs,nest")
    a = ap.parse_args()
    if a.ops < 2 or a.funcs < 1 or a.depth < 1:
        sys.exit("gen.py: sizes too small")
    os.makedirs(a.outdir, exist_ok=True)
    only = set(a.only.split(","))

    def path(name, sp):
        return os.path.join(a.outdir, name + SPELLINGS[sp]["suffix"])

    if "chain" in only:
        args, ops = build_chain(a.ops, random.Random(a.seed))
        for sp in SPELLINGS:
            write_lines(path("chain-generic", sp), render_chain(args, ops, SPELLINGS[sp], True))
            write_lines(path("chain-custom", sp), render_chain(args, ops, SPELLINGS[sp], False))
    if "funcs" in only:
        for sp in SPELLINGS:
            write_lines(path("funcs", sp), render_funcs(a.funcs, SPELLINGS[sp]))
    if "nest" in only:
        for sp in SPELLINGS:
            write_lines(path("nest", sp), render_nest(a.depth, a.nest_ops, SPELLINGS[sp]))


if __name__ == "__main__":
    main()
