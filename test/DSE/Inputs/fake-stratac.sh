#!/bin/sh
# A stratac for the retry and resume tests of strata-dse, misbehaving as
# $DSE_FAKE says, then running the real one ($DSE_STRATAC):
#   kill-first   killed (SIGKILL) on the first attempt of every job
#   kill-always  killed on every attempt
#   hang         never ends (the sweep's timeout must stop it)
#   slow         waits a second first (a window to kill strata-dse in)
for a in "$@"; do
  case "$a" in --target=*) target=${a#--target=} ;; esac
done
mark="$DSE_MARKS/$(basename "$1")-$(basename "$target")"
case "$DSE_FAKE" in
kill-first)
  if [ ! -e "$mark" ]; then
    : >"$mark"
    kill -9 $$
  fi
  ;;
kill-always) kill -9 $$ ;;
hang) exec sleep 3600 ;;
slow) sleep 1 ;;
esac
exec "$DSE_STRATAC" "$@"
