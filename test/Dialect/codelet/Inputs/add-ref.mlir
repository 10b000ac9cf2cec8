// c = a + b on 12 i16: the layer the Fig. 3.8 codelets compute.
func.func @add(%A: memref<12xi16>, %B: memref<12xi16>, %C: memref<12xi16>) {
  codelet.eltwise add %A, %B, %C : memref<12xi16>, memref<12xi16>, memref<12xi16>
  return
}

func.func @add_fig38b(%A: memref<12xi16>, %B: memref<12xi16>, %C: memref<12xi16>) {
  codelet.eltwise add %A, %B, %C : memref<12xi16>, memref<12xi16>, memref<12xi16>
  return
}
