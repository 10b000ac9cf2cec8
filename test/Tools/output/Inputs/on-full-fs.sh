#!/bin/sh
# Mounts a small tmpfs at MNT (root only), puts a file `keep.npy` holding
# "precious" on it, fills the rest, runs every tool (write-with.sh) once
# with its output replacing keep.npy and once to a new file, and prints what
# happened: the tools' messages, whether keep.npy still holds what it held,
# and what else is on the file system.  The mount is undone however it ends.
#   on-full-fs.sh MNT
here=$(dirname "$0")
mnt=$1
mkdir -p "$mnt" || exit 1
mount -t tmpfs -o size=64k,mode=755 strata-test-full "$mnt" || exit 1
trap 'umount "$mnt"' EXIT INT TERM
echo precious > "$mnt/keep.npy"
dd if=/dev/zero of="$mnt/fill" bs=4096 2> /dev/null
for t in opt translate run hwsim hl-eval; do
	sh "$here/write-with.sh" $t "$mnt/keep.npy" 2>&1 && echo "$t: exit 0"
	sh "$here/write-with.sh" $t "$mnt/new.npy" 2>&1 && echo "$t: exit 0"
	echo "$t: keep.npy holds $(cat "$mnt/keep.npy")"
	sh "$here/write-with.sh" $t - 2>&1 > "$mnt/stdout.npy" && echo "$t: exit 0"
	rm -f "$mnt/stdout.npy"
done
echo "left: $(ls "$mnt" | tr '\n' ' ')"
