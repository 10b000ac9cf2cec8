# Writes a module of N private functions that call each other in one cycle
# (f0 -> f1 -> ... -> f<N-1> -> f0): one strongly connected component as
# deep as N, which the inliner must walk without recursing N deep.
import sys

n = int(sys.argv[1])
print("module {")
for i in range(n):
    print(f"  func.func private @f{i}(%a: i32) -> i32 {{")
    print(f"    %r = func.call @f{(i + 1) % n}(%a) : (i32) -> i32")
    print("    func.return %r : i32")
    print("  }")
print("  func.func @main(%a: i32) -> i32 {")
print("    %r = func.call @f0(%a) : (i32) -> i32")
print("    func.return %r : i32")
print("  }")
print("}")
