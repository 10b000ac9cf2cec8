"""Prints the functions of div-by-constant.test: each compares a division or
remainder by a constant (which div-by-constant rewrites) with the same op by
a divisor argument (which it leaves), on every i8 and i16 value, on the i32
edges and 20000 scattered values, and on index values, and returns how many
differ.  With --pow2, the same for divisors that are powers of two
instead (div-by-constant{shifts=true})."""
import sys
kinds = ["divui", "remui", "divsi", "remsi", "floordivsi", "ceildivsi"]
def func(name, ty, divs, xs_body, n_iter):
    """divs: (d, whether the signed ops divide by it too)"""
    args = ", ".join(f"%d{i}: {ty}" for i in range(len(divs)))
    out = [f"func.func @{name}({args}) -> i32 {{"]
    out.append("  %c0 = arith.constant 0 : index")
    out.append(f"  %n = arith.constant {n_iter} : index")
    out.append("  %c1 = arith.constant 1 : index")
    out.append("  %z = arith.constant 0 : i32")
    out.append("  %one = arith.constant 1 : i32")
    for i, (d, s) in enumerate(divs):
        out.append(f"  %k{i} = arith.constant {d} : {ty}")
    out.append("  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {")
    out += ["    " + l for l in xs_body]
    acc = "%acc"
    j = 0
    for i, (d, s) in enumerate(divs):
        for k in kinds:
            if k not in ("divui", "remui") and not s:
                continue
            x = "%xu" if k in ("divui", "remui") and ty == "index" else "%x"
            out.append(f"    %e{j} = arith.{k} {x}, %k{i} : {ty}")
            out.append(f"    %f{j} = arith.{k} {x}, %d{i} : {ty}")
            out.append(f"    %b{j} = arith.cmpi ne, %e{j}, %f{j} : {ty}")
            out.append(f"    %u{j} = arith.extui %b{j} : i1 to i32")
            out.append(f"    %a{j} = arith.addi {acc}, %u{j} : i32")
            acc = f"%a{j}"
            j += 1
    out.append(f"    scf.yield {acc} : i32")
    out.append("  }")
    out.append("  return %r : i32")
    out.append("}")
    return out, j

lines = []
if sys.argv[1:] == ["--pow2"]:
    x8 = ["%ii = arith.index_cast %i : index to i32", "%x = arith.trunci %ii : i32 to i8"]
    x16 = ["%ii = arith.index_cast %i : index to i32", "%x = arith.trunci %ii : i32 to i16"]
    for name, ty, divs, body, n in [
            ("i8_pow2", "i8", [(1, 1), (2, 1), (4, 1), (64, 1), (128, 0)], x8, 256),
            ("i16_pow2", "i16", [(1, 1), (2, 1), (16, 1), (1024, 1), (16384, 1), (32768, 0)], x16, 65536)]:
        lines += func(name, ty, divs, body, n)[0]
    print("\n".join(lines))
    sys.exit(0)
# i8: every value
d8 = [(3, 1), (5, 1), (6, 1), (7, 1), (9, 1), (10, 1), (11, 1), (25, 1), (100, 1), (127, 1), (129, 0), (200, 0), (255, 0)]
f, _ = func("i8_all", "i8", d8, ["%ii = arith.index_cast %i : index to i32", "%x = arith.trunci %ii : i32 to i8"], 256)
lines += f
# i16: every value
d16 = [(3, 1), (7, 1), (641, 1), (32767, 1), (40000, 0)]
f, _ = func("i16_all", "i16", d16, ["%ii = arith.index_cast %i : index to i32", "%x = arith.trunci %ii : i32 to i16"], 65536)
lines += f
# i32: -4..3, INT_MIN..INT_MIN+3, INT_MAX-3..INT_MAX, then 1103515245 i + 12345 (wrapped)
d32 = [(3, 1), (7, 1), (10, 1), (641, 1), (1000, 1), (2147483647, 1), (-1294967296, 0)]
body32 = ["%ii = arith.index_cast %i : index to i32", "%ma = arith.constant 1103515245 : i32",
          "%mb = arith.constant 12345 : i32", "%h0 = arith.muli %ii, %ma : i32", "%h = arith.addi %h0, %mb : i32"]
sel = "%h"
for n, (lim, base, op) in enumerate([(16, 2147483647 + 12, "subi"), (12, -2147483648 - 8, "addi"), (8, -4, "addi")]):
    # x = base + i (or base - i) while i < lim
    body32 += [f"%lim{n} = arith.constant {lim} : i32", f"%in{n} = arith.cmpi ult, %ii, %lim{n} : i32",
               f"%base{n} = arith.constant {(base + 2**31) % 2**32 - 2**31} : i32",
               f"%v{n} = arith.{op} %base{n}, %ii : i32", f"%s{n} = arith.select %in{n}, %v{n}, {sel} : i32"]
    sel = f"%s{n}"
body32.append(f"%x = arith.addi {sel}, %z : i32")
f, _ = func("i32_edges", "i32", d32, body32, 20000)
lines += f
# index: values -300..299 (hardware index is 32 bits)
dix = [(3, 1), (7, 1), (100, 1)]
bodyix = ["%off = arith.constant 300 : index", "%x = arith.subi %i, %off : index", "%big = arith.constant 4294966696 : index", "%xu = arith.addi %i, %big : index"]
f, _ = func("index_range", "index", dix, bodyix, 600)
lines += f
print("\n".join(lines))
