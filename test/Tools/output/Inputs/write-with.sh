#!/bin/sh
# Runs one Strata tool with its output going to DEST ("-": standard output),
# so that one test holds every tool to the same output rules:
#   write-with.sh TOOL DEST
# TOOL is opt, translate, run, hwsim, hl-eval or tv (tv writes only to
# standard output).  DEST ends in .npy (strata-run and strata-hl-eval choose
# the format by the name; the others take any name).  The inputs are this
# folder's and test/Hardware's (paths without spaces); the exit status is
# the tool's.
in=$(dirname "$0")
hw=$in/../../../Hardware/Inputs
dest=$2
case $1 in
opt) cmd="strata-opt $in/func.mlir" out="-o $dest" ;;
translate) cmd="strata-translate --export-verilog $hw/counter.mlir" out="-o $dest" ;;
run) cmd="strata-run $in/memref.mlir --entry=fill --arg=memref:zeros" out="--out=0:$dest" ;;
hwsim) cmd="strata-hwsim $hw/counter.mlir --stimulus=$hw/counter.stim" out="-o $dest" ;;
hl-eval) cmd="strata-hl-eval $in/ramp.hl" out="--out=0:$dest" ;;
tv) cmd="strata-tv $in/func.mlir --entry=f --trials=3 --seed=1" out= ;;
*)
	echo "write-with.sh: unknown tool '$1'" >&2
	exit 2
	;;
esac
# Writing to a file, what a tool prints besides (strata-run's results) is
# not the output under test.
[ "$dest" = - ] && exec $cmd
exec $cmd $out > /dev/null
