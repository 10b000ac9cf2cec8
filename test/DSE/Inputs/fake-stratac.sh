#!/bin/sh
# A stratac for the retry and resume tests of strata-dse, misbehaving as
# $DSE_FAKE says, then running the real one ($DSE_STRATAC):
#   kill-first   killed (SIGKILL) on the first attempt of every job
#   kill-always  killed on every attempt
#   stopped-first  exits 143, as stratac stopped by SIGTERM does, on the
#                first attempt of every job
#   hang         never ends (the sweep's timeout must stop it)
#   hang-hard    never ends and ignores SIGTERM (the timeout's SIGKILL, 10 s
#                later, must stop it)
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
stopped-first)
  if [ ! -e "$mark" ]; then
    : >"$mark"
    exit 143
  fi
  ;;
hang-hard) trap '' TERM; exec sleep 3600 ;;
hang) exec sleep 3600 ;;
slow) sleep 1 ;;
esac
exec "$DSE_STRATAC" "$@"
