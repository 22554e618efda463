#!/usr/bin/env bash
# The published side-by-side run: fresh TinyMUX, Evennia and champions-mush games on loopback,
# each measured by bench/compare.sh while the other two are stopped.
#
#   bench/side_by_side.sh OUT.jsonl [champions|tinymux|evennia ...]   (default: all three)
#
# Set KEEP_SETUP=1 to reuse games already set up (and their characters) instead of fresh ones.
# Takes about 20 minutes, most of it Evennia logging 500+ characters in (PBKDF2 hashing).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$1; shift
servers=${*:-"tinymux evennia champions"}
P=bench/peers
for s in tinymux evennia champions; do "$P/$s.sh" stop >/dev/null 2>&1 || true; done
for s in $servers; do
  case "$s" in
    tinymux)
      if [ -z "${KEEP_SETUP:-}" ]; then "$P/tinymux.sh" setup 4301; create=1000; else create=0; fi
      "$P/tinymux.sh" start >/dev/null
      PIDS=$("$P/tinymux.sh" pids) PREFIX=Tm CREATE=$create LABEL=TinyMUX HOLD=1000 \
        ROOM_BUILD='--admin "connect wizard potrzebie" --admin "@tel #0" --room-setup "@dig Bench{room}=b{room}"' \
        ROOM_JOIN='b{room}' bench/compare.sh tinymux "$out"
      "$P/tinymux.sh" stop ;;
    evennia)
      if [ -z "${KEEP_SETUP:-}" ]; then "$P/evennia.sh" setup 4302; create=500; else create=0; fi
      "$P/evennia.sh" start >/dev/null
      # 500 clients closed loop: one round of says takes Evennia about a minute.
      PIDS=$("$P/evennia.sh" pids) PREFIX=Ev CREATE=$create LABEL=Evennia WARMUP_500=45 DURATION_500=45 \
        ROOM_BUILD='--admin "connect Admin BenchAdmin-123" --room-setup "dig Bench{room} = b{room}"' \
        ROOM_JOIN='b{room}' bench/compare.sh evennia "$out"
      "$P/evennia.sh" stop ;;
    champions)
      if [ -z "${KEEP_SETUP:-}" ]; then "$P/champions.sh" setup 4201; create=1000; else create=0; fi
      "$P/champions.sh" start >/dev/null
      PIDS=$("$P/champions.sh" pids) PREFIX=Ch CREATE=$create LABEL=champions-mush HOLD=1000 \
        ROOM_BUILD='--admin "connect Benchadmin benchadmin-pw" --room-setup "@dig Bench{room}=b{room}"' \
        ROOM_JOIN='b{room}' ROOM_MIX='look dicerules' bench/compare.sh champions "$out"
      "$P/champions.sh" stop ;;
  esac
done
python bench/summarize.py "$out"
