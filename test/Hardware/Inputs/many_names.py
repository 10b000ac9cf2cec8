"""Prints an hw.module of N constants that all take their name from one hint
(`hw.constant 5 : i8` is named c5_i8), chained through comb.xor so that all
are used: python3 many_names.py N."""
import sys

n = int(sys.argv[1])
print('hw.module @many(in %a : i8, out o : i8) {')
prev = '%a'
for i in range(n):
    print('  %%c%d = hw.constant 5 : i8' % i)
    print('  %%x%d = comb.xor %s, %%c%d : i8' % (i, prev, i))
    prev = '%%x%d' % i
print('  hw.output %s : i8' % prev)
print('}')
