"""Writes corrupt variants of a program file (argv[1]) into argv[2]/, one
per error of the loader (test/Target/systolic/load-errors.test)."""
import os
import sys

good = open(sys.argv[1]).read().splitlines()
out = sys.argv[2]
os.makedirs(out, exist_ok=True)
head = good[:good.index(next(l for l in good if l.startswith("words")))]
words = good[len(head) + 1:]


def put(name, lines):
    with open(os.path.join(out, name + ".sys"), "w") as f:
        f.write("\n".join(lines) + "\n")


def header(**repl):
    h = list(head)
    for k, v in repl.items():
        h = [v if l.split()[0] == k else l for l in h]
    return h


put("magic", ["strata-sistolic 1"] + head[1:] + ["words %d" % len(words)] + words)
put("version", ["strata-systolic 2"] + head[1:] + ["words %d" % len(words)] + words)
put("machine", header(machine="machine 0x0123456789abcdef") + ["words %d" % len(words)] + words)
put("dram-size", header(dram="dram 99999999999999") + ["words %d" % len(words)] + words)
put("dram-word", header(dram="dram many") + ["words %d" % len(words)] + words)
put("no-words", head)
put("stray", head + ["tensors 3"])
big = header(dram="dram 40000")
put("tensor-kind", big + ["tensor sideways x i8 4 0x0", "words 0"])
put("tensor-elem", big + ["tensor input x f32 4 0x7000", "words 0"])
put("tensor-twice", big + ["tensor input arg0 i8 4 0x7000", "words 0"])
put("tensor-dim", big + ["tensor input x i8 4x0 0x7000", "words 0"])
put("tensor-rank", big + ["tensor input x i8 1x1x1x1x1 0x7000", "words 0"])
put("tensor-x", big + ["tensor input x i8 4x 0x7000", "words 0"])
put("tensor-outside", big + ["tensor input x i8 4x4 0x9c3c", "words 0"])
put("tensor-align", big + ["tensor input x i32 4 0x7001", "words 0"])
put("tensor-overlap", big + ["tensor input x i8 4 0x1", "words 0"])
put("tensor-extra", big + ["tensor input x i8 4 0x7000 more", "words 0"])
put("const-more", big + ["tensor const k i8 2 0x7000", "data 1 2 3", "words 0"])
put("const-orphan", big + ["data 1", "words 0"])
put("const-short", big + ["tensor const k i8 4 0x7000", "data 1 2", "words 0"])
put("const-end", big + ["tensor const k i8 4 0x7000", "data 1"])
put("const-value", big + ["tensor const k i8 2 0x7000", "data 1 256", "words 0"])
put("short", head + ["words %d" % (len(words) + 5)] + words)
put("two-words", head + ["words %d" % len(words)] + [words[0] + " " + words[1]] + words[2:])
put("bad-word", head + ["words %d" % len(words)] + ["0xzz"] + words[1:])
put("wide-word", head + ["words %d" % len(words)] + ["0x100000000"] + words[1:])
put("after", head + ["words %d" % len(words)] + words + ["0x0"])
put("no-mnemonic", head + ["words %d" % len(words)] + ["0xd0000000"] + words[1:])
put("ext-last", head + ["words %d" % (len(words) + 1)] + words + ["0xf0000001"])
put("ext-fixed", head + ["words %d" % (len(words) + 2)] + ["0xf0000001", "0xe0000000"] + words)
