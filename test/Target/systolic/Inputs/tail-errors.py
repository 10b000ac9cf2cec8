"""Writes the programs of sim-tail-errors.test into argv[1]/."""
import os
import sys

HEAD = ["strata-systolic 1", "machine *", "dram 128", "tensor output o i32 32 0x0"]
FILL = ["SET_BASE_ADDR NS=OBUF IDX=0 ADDR=0", "SET_LOOP_STRIDE NS=OBUF IDX=0 LEVEL=0 STRIDE=16",
        "SET_LOOP_STRIDE NS=OBUF IDX=0 LEVEL=1 STRIDE=1", "FILL NS=OBUF IDX=0 VALUE=1"]
LEVELS = ["SET_ITER LOOP=0 ITERATIONS=2", "SET_ITER LOOP=1 ITERATIONS=16"]
programs = {
    "gemm": ["SET_ITER LOOP=0 ITERATIONS=2", "SET_ITER LOOP=1 ITERATIONS=2", "SET_ITER_LAST LOOP=1 ITERATIONS=1",
             "SA_GEMM I_NS=IBUF I_IDX=0 W_NS=WBUF W_IDX=0 O_NS=OBUF O_IDX=0"],
    "level0": LEVELS + ["SET_ITER_LAST LOOP=0 ITERATIONS=1"] + FILL,
    "unset": LEVELS + ["SET_ITER_LAST LOOP=2 ITERATIONS=1"] + FILL,
    "longer": LEVELS + ["SET_ITER_LAST LOOP=1 ITERATIONS=17"] + FILL,
    "empty": LEVELS + ["SET_ITER_LAST LOOP=1 ITERATIONS=0"] + FILL,
}
for name, body in programs.items():
    with open(os.path.join(sys.argv[1], name + ".asm"), "w") as f:
        f.write("\n".join(HEAD + body + ["END"]) + "\n")
