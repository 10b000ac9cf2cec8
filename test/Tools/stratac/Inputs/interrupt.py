"""Interrupts a run of stratac at a known place and prints its exit status.

    interrupt.py SIGNAL FILE stratac-arguments...

The run writes FILE where it pauses: the test hook
STRATAC_TEST_PAUSE=<point>:FILE (docs/stratac.md), or a fake tool
(fake-verilator.sh).  SIGNAL (INT, TERM, HUP) goes to stratac once FILE
exists; after 60 s without it, or once stratac ended, the test fails on what
it finds.  stratac starts with the signal's default disposition: lit's
workers ignore SIGINT, and stratac keeps a signal ignored as it found it
(nohup, a shell's `cmd &`), as any program does.
"""
import os
import signal
import subprocess
import sys
import time

sig = getattr(signal, 'SIG' + sys.argv[1])
path = sys.argv[2]


def defaults():
    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, signal.SIG_DFL)


p = subprocess.Popen(['stratac'] + sys.argv[3:], preexec_fn=defaults)
end = time.monotonic() + 60
while not os.path.exists(path) and p.poll() is None and time.monotonic() < end:
    time.sleep(0.05)
if p.poll() is None:
    p.send_signal(sig)
print('exit', p.wait())
