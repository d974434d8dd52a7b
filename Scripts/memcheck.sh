#!/usr/bin/env bash
# The release catalog under valgrind's memcheck on a private Xvfb, through one scripted session
# (Scripts/memcheck_session.py: start, type, select, copy, Tab, paste, resize, Ctrl+T, close with
# WM_DELETE_WINDOW), with the suppressions of Scripts/memcheck.supp.
# Passes when valgrind reports no invalid read or write, no other memory error, and no
# definitely-lost block allocated through the project's own code, and the catalog exits 0.
# Prints a short summary; the full valgrind log stays in $MEMCHECK_DIR (default .build/memcheck).
#   ./run.sh memcheck            (builds the release catalog first)
#   STEP_TIMEOUT=120 Scripts/memcheck.sh    seconds each step may take to show in the QA state
set -euo pipefail
cd "$(dirname "$0")/.."
BINARY=${BINARY:-$PWD/.build/release/textfield-catalog}
OUT=${MEMCHECK_DIR:-$PWD/.build/memcheck}
STEP_TIMEOUT=${STEP_TIMEOUT:-60}
LOG="$OUT/valgrind.log"
mkdir -p "$OUT"
rm -f "$LOG" "$OUT/state.json" "$OUT/session.log" "$OUT/catalog.stderr"
STARTED=()
cleanup() { for pid in "${STARTED[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -f "$OUT/display"; }
trap cleanup EXIT
say() { printf 'memcheck: %s\n' "$*"; }

[ -x "$BINARY" ] || { say "no catalog at $BINARY; build it (swift build -c release) or use ./run.sh memcheck"; exit 1; }
for tool in valgrind Xvfb xdotool python3; do
    command -v "$tool" >/dev/null || { say "$tool is not installed; ./run.sh memcheck installs it"; exit 1; }
done

Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp -noreset 3>"$OUT/display" 2>/dev/null &
STARTED+=($!)
for _ in $(seq 100); do [ -s "$OUT/display" ] && break; sleep 0.1; done
[ -s "$OUT/display" ] || { say "Xvfb did not report a display"; exit 1; }
export DISPLAY=":$(tr -d '[:space:]' <"$OUT/display")"

start=$(date +%s%N)
# Only what is reported as lost is listed; --gen-suppressions prints a ready rule under each
# report, for a new one-time library allocation (comment it in memcheck.supp, anchored on
# library frames only).
valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite,indirect,possible \
    --errors-for-leak-kinds=definite --num-callers=50 --gen-suppressions=all \
    --suppressions="$PWD/Scripts/memcheck.supp" --log-file="$LOG" \
    "$BINARY" --qa-state "$OUT/state.json" >/dev/null 2>"$OUT/catalog.stderr" &
catalog=$!
STARTED+=("$catalog")

session_status=0
python3 Scripts/memcheck_session.py "$OUT/state.json" "$STEP_TIMEOUT" | tee "$OUT/session.log" || session_status=$?

# A session that stopped half-way never closed the window: end the catalog, valgrind still reports.
[ "$session_status" = 0 ] || kill "$catalog" 2>/dev/null || true
# The leak check runs after the window closed and takes a while under load.
for _ in $(seq 3000); do kill -0 "$catalog" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$catalog" 2>/dev/null; then
    say "the catalog did not exit within 300 s of WM_DELETE_WINDOW"
    exit 1
fi
catalog_status=0
wait "$catalog" || catalog_status=$?
seconds=$(awk -v d=$(( $(date +%s%N) - start )) 'BEGIN{printf "%.1f", d/1e9}')

[ -s "$LOG" ] || { say "valgrind wrote no log ($LOG)"; exit 1; }
grep -q 'ERROR SUMMARY' "$LOG" || { say "valgrind did not finish its report; see $LOG"; exit 1; }

# Loss records: one block of lines from "... lost in loss record" to the next empty report line.
# A definitely-lost record counts as ours when any frame is in our modules or the catalog binary.
own_definite=$(awk '
    /are definitely lost in loss record/ { inrecord = 1; ours = 0; next }
    inrecord && /\$s14MaterialFields|\$s7XftHost|\$s7Catalog|Catalog_main|textfield-catalog\)/ { ours = 1 }
    inrecord && /^==[0-9]+== $/ { if (ours) count++; inrecord = 0 }
    END { print count + 0 }' "$LOG")
all_definite=$(grep -c 'are definitely lost in loss record' "$LOG" || true)
invalid=$(grep -cE 'Invalid (read|write) of size' "$LOG" || true)
error_contexts=$(sed -n 's/.*ERROR SUMMARY: [0-9]* errors from \([0-9]*\) contexts.*/\1/p' "$LOG" | tail -1)
other_errors=$(( error_contexts - all_definite ))
suppressed=$(sed -n 's/.*ERROR SUMMARY: .*(suppressed: \([0-9]*\) from.*/\1/p' "$LOG" | tail -1)
leak() { sed -n "s/.*$1: \([0-9,]*\) bytes in \([0-9,]*\) blocks.*/\1 bytes in \2 blocks/p" "$LOG" | tail -1; }

echo
say "summary ($seconds s under valgrind, catalog exit status $catalog_status)"
printf '  %-34s %s\n' "invalid reads or writes" "$invalid" \
    "other memory errors (contexts)" "$other_errors" \
    "definitely lost" "$(leak 'definitely lost')" \
    "  of its records, through our code" "$own_definite of $all_definite" \
    "indirectly lost" "$(leak 'indirectly lost')" \
    "possibly lost" "$(leak 'possibly lost')" \
    "suppressed (memcheck.supp)" "$(leak 'suppressed') (${suppressed:-0} records)" \
    "full log" "$LOG"

status=0
[ "$session_status" = 0 ] || { say "FAIL: the scripted session did not finish (see above)"; status=1; }
[ "$catalog_status" = 0 ] || { say "FAIL: the catalog exited with status $catalog_status (stderr: $OUT/catalog.stderr)"; status=1; }
[ "$invalid" = 0 ] || { say "FAIL: invalid reads or writes"; status=1; }
[ "$other_errors" = 0 ] || { say "FAIL: memory errors other than leaks"; status=1; }
[ "$own_definite" = 0 ] || { say "FAIL: definitely-lost blocks allocated through our code"; status=1; }
[ "$status" = 0 ] && say "PASS" || say "the full valgrind log: $LOG"
exit "$status"
