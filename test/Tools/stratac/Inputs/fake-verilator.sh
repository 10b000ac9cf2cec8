#!/bin/sh
# A Verilator whose build never ends, for interrupt.test: `--version`
# answers, anything else starts a `sleep` (a process of its group, as make
# and the compilers are) and writes both process ids to $FAKE_VERILATOR_PIDS
# before waiting for it.
if [ "$1" = --version ]; then
	echo "Verilator 0.000 (fake, for interrupt.test)"
	exit 0
fi
sleep 600 &
echo "$$ $!" > "$FAKE_VERILATOR_PIDS.tmp" && mv "$FAKE_VERILATOR_PIDS.tmp" "$FAKE_VERILATOR_PIDS"
wait
