"acg.graph"() ({
  "acg.compute"() {caps = [], latency = 1 : i64, sym_name = "P"} : () -> ()
}) {class = "dnn", sym_name = "a"} : () -> ()
"acg.graph"() ({
  "acg.compute"() {caps = [], latency = 1 : i64, sym_name = "P"} : () -> ()
}) {class = "dnn", sym_name = "b"} : () -> ()
