#!/bin/sh
# Makes the outputs/ folder of an earlier run (OUT) a mount point, which no
# rename can move (EBUSY), runs stratac into OUT again and prints what it
# said and whether inputs/ still holds the earlier run's words (the commit
# had moved the new inputs/ in before failing on outputs/).  Root only; the
# mount is undone however it ends.
#   busy-outputs.sh OUT INPUT ACG
out=$1
mkdir -p "$out/outputs" || exit 1
cp "$out/inputs/A.txt" "$out/../A-earlier.txt" || exit 1
mount -t tmpfs -o size=64k strata-test-busy "$out/outputs" || exit 1
trap 'umount "$out/outputs"' EXIT INT TERM
touch "$out/outputs/.stratac-files"
stratac "$2" --target "$3" -o "$out" --no-synth --no-sim -q --seed 5 2>&1 && echo "exit 0"
cmp "$out/../A-earlier.txt" "$out/inputs/A.txt" && echo "inputs/ as it was"
ls -a "$out" | grep work
exit 0
