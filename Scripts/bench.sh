#!/usr/bin/env bash
# The catalog's speed and memory on a private Xvfb, as figures (never a pass/fail):
#   exec -> first draw   until the QA state file appears (it is written right after the first frame)
#   peak RSS             VmHWM at the end of the run (after typing focus changes and blinking)
#   idle CPU, wakeups    over IDLE_S seconds with the caret blinking, then with the caret idle (>10 s)
#   animation CPU        CPU time for 20 focus changes (label float, notch, indicator: 9 frames each)
#   pixels to the window what X DAMAGE sees reach the window per caret blink and per keystroke
#                        (Scripts/damage_watch.py), and CPU per caret blink
#   keystroke CPU        scheduler time per typed key in an empty field and with 102,400 characters
#                        (the 50 typed, doubled eleven times by select all, copy, paste)
#                        (grown by copying and pasting the field into itself)
# With the peer kit beside the repository (../shared/bench-peers), Tk and GTK run in the same
# session so the ratios compare like with like.
#   RUNS=5 IDLE_S=10 ./run.sh bench
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
IDLE_S=${IDLE_S:-10}
BINARY=${BINARY:-$PWD/.build/release/textfield-catalog}
TICK=$(getconf CLK_TCK)
WORK=$(mktemp -d /tmp/mf-bench.XXXXXX)
STARTED=()
cleanup() { for pid in "${STARTED[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$WORK"; }
trap cleanup EXIT

Xvfb -displayfd 3 -screen 0 1280x900x24 -nolisten tcp -noreset 3>"$WORK/display" 2>/dev/null &
STARTED+=($!)
for _ in $(seq 100); do [ -s "$WORK/display" ] && break; sleep 0.1; done
export DISPLAY=":$(tr -d '[:space:]' <"$WORK/display")"

ns() { date +%s%N; }
ticks() { local s; s=$(cat "/proc/$1/stat") && s=${s##*) } && set -- $s && echo $(( ${12} + ${13} )); }
ctxsw() { cat /proc/"$1"/task/*/status | awk '/ctxt_switches/{s+=$2} END{print s+0}'; }
median() { sort -g | awk '{v[NR]=$1} END{print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }

: >"$WORK/first_draw"; : >"$WORK/rss"; : >"$WORK/blink_cpu"; : >"$WORK/blink_wakeups"
: >"$WORK/idle_cpu"; : >"$WORK/idle_wakeups"; : >"$WORK/anim_cpu"
: >"$WORK/blink_px"; : >"$WORK/blink_repaints"; : >"$WORK/key_px"; : >"$WORK/blink_cpu_ms"
: >"$WORK/key_cpu_empty"; : >"$WORK/key_cpu_long"
# Scheduler microseconds per key for 50 typed keys.
key_cpu() {
    local before after
    before=$(sched_ns "$1")
    xdotool type --delay 20 "$(printf 'x%.0s' $(seq 50))"
    sleep 0.5
    after=$(sched_ns "$1")
    echo $(( (after - before) / 50000 ))
}
sched_ns() { awk '{print $1}' "/proc/$1/schedstat"; }
# Starts the damage watcher on the catalog window for $1 seconds, output to $2; returns once it listens.
watch_damage() {
    : >"$2"
    python3 Scripts/damage_watch.py "Material text fields" "$1" >"$2" 2>/dev/null &
    for _ in $(seq 200); do grep -q ready "$2" && return 0; sleep 0.01; done
}
for run in $(seq 0 "$RUNS"); do  # run 0 warms the caches and is not counted
    state="$WORK/state.json"; rm -f "$state"
    start=$(ns)
    "$BINARY" --qa-state "$state" 2>/dev/null &
    pid=$!
    STARTED+=("$pid")
    while [ ! -s "$state" ]; do sleep 0.002; done
    first=$(( ($(ns) - start) / 1000 ))
    window=$(xdotool search --sync --onlyvisible --name '^Material text fields$' | head -1)
    xdotool mousemove --window "$window" 100 120 click 1
    sleep 1
    c0=$(ticks "$pid"); k0=$(ctxsw "$pid"); t0=$(ns); s0=$(sched_ns "$pid")
    watch_damage 3 "$WORK/damage_blink"
    sleep "$IDLE_S"
    c1=$(ticks "$pid"); k1=$(ctxsw "$pid"); t1=$(ns); s1=$(sched_ns "$pid")
    sleep $(( 11 > IDLE_S ? 11 - IDLE_S : 0 ))
    c2=$(ticks "$pid"); k2=$(ctxsw "$pid"); t2=$(ns)
    sleep 3
    c3=$(ticks "$pid"); k3=$(ctxsw "$pid"); t3=$(ns)
    xdotool mousemove --window "$window" 100 120 click 1
    sleep 0.5
    watch_damage 4 "$WORK/damage_keys"
    for _ in $(seq 20); do xdotool key x; sleep 0.1; done
    sleep 2
    a0=$(ticks "$pid")
    for _ in $(seq 20); do xdotool key Tab; sleep 0.2; done
    a1=$(ticks "$pid")
    awk '/VmHWM/{print $2}' "/proc/$pid/status" >"$WORK/time"
    kill "$pid"; wait "$pid" 2>/dev/null || true
    # Keystrokes in a catalog without a QA state file, whose JSON rewrite would dominate.
    "$BINARY" 2>/dev/null &
    pid=$!
    STARTED+=("$pid")
    window=$(xdotool search --sync --onlyvisible --name '^Material text fields$' | head -1)
    xdotool mousemove --window "$window" 100 120 click 1
    sleep 0.5
    key_cpu "$pid" >"$WORK/key_empty"
    for _ in $(seq 11); do xdotool key ctrl+a ctrl+c End ctrl+v; done
    sleep 0.5
    key_cpu "$pid" >"$WORK/key_long"
    kill "$pid"; wait "$pid" 2>/dev/null || true
    [ "$run" = 0 ] && continue
    cat "$WORK/key_empty" >>"$WORK/key_cpu_empty"
    cat "$WORK/key_long" >>"$WORK/key_cpu_long"
    echo "$first" >>"$WORK/first_draw"
    cat "$WORK/time" >>"$WORK/rss"
    # Scheduler nanoseconds, not clock ticks: a blink costs far less than one 10 ms tick.
    awk -v d=$((s1-s0)) -v e=$((t1-t0)) 'BEGIN{printf "%.3f\n",100*d/e}' >>"$WORK/blink_cpu"
    awk -v d=$((k1-k0)) -v e=$((t1-t0)) 'BEGIN{printf "%.1f\n",d/(e/1e9)}' >>"$WORK/blink_wakeups"
    awk -v d=$((c3-c2)) -v t="$TICK" -v e=$((t3-t2)) 'BEGIN{printf "%.3f\n",100*d/t/(e/1e9)}' >>"$WORK/idle_cpu"
    awk -v d=$((k3-k2)) -v e=$((t3-t2)) 'BEGIN{printf "%.1f\n",d/(e/1e9)}' >>"$WORK/idle_wakeups"
    awk -v d=$((a1-a0)) -v t="$TICK" 'BEGIN{printf "%.0f\n",1000*d/t/20}' >>"$WORK/anim_cpu"
    # 2 blinks a second; a run of repaints never seen means the caret never blinked.
    sed -n 's/^repaints=\([0-9]*\) pixels=\([0-9]*\).*/\1 \2/p' "$WORK/damage_blink" |
        awk '{print $1; print ($1 ? $2/$1 : 0) > "/dev/stderr"}' >>"$WORK/blink_repaints" 2>>"$WORK/blink_px"
    sed -n 's/^repaints=[0-9]* pixels=\([0-9]*\).*/\1/p' "$WORK/damage_keys" | awk '{print $1/20}' >>"$WORK/key_px"
    awk -v d=$((s1-s0)) -v e=$((t1-t0)) 'BEGIN{printf "%.3f\n",(d/1e6)/(2*e/1e9)}' >>"$WORK/blink_cpu_ms"
done

printf '%-44s %10s\n' "textfield-catalog (median of $RUNS)" value
printf '%-44s %10.1f\n' "exec to first draw, ms" "$(awk '{print $1/1000}' "$WORK/first_draw" | median)"
printf '%-44s %10.1f\n' "peak RSS, MB" "$(awk '{print $1/1024}' "$WORK/rss" | median)"
printf '%-44s %10.3f\n' "CPU while the caret blinks (schedstat), %" "$(median <"$WORK/blink_cpu")"
printf '%-44s %10.1f\n' "context switches/s while blinking" "$(median <"$WORK/blink_wakeups")"
printf '%-44s %10.3f\n' "CPU after 10 s idle (caret solid), %" "$(median <"$WORK/idle_cpu")"
printf '%-44s %10.1f\n' "context switches/s after 10 s idle" "$(median <"$WORK/idle_wakeups")"
printf '%-44s %10.1f\n' "CPU per focus animation (9 frames), ms" "$(median <"$WORK/anim_cpu")"
printf '%-44s %10.0f\n' "repaints seen in 3 s of caret blinking" "$(median <"$WORK/blink_repaints")"
printf '%-44s %10.0f\n' "pixels copied to the window per caret blink" "$(median <"$WORK/blink_px")"
printf '%-44s %10.3f\n' "CPU per caret blink, ms" "$(median <"$WORK/blink_cpu_ms")"
printf '%-44s %10.0f\n' "pixels copied to the window per keystroke" "$(median <"$WORK/key_px")"
printf '%-44s %10.0f\n' "CPU per keystroke, empty field, us" "$(median <"$WORK/key_cpu_empty")"
printf '%-44s %10.0f\n' "CPU per keystroke, 102,400 characters, us" "$(median <"$WORK/key_cpu_long")"

PEERS=../shared/bench-peers/measure.sh
if [ -x "$PEERS" ] && [ -z "${SKIP_PEERS:-}" ]; then
    echo
    echo "Peers on the same machine (../shared/bench-peers):"
    RUNS=$RUNS IDLE_S=$IDLE_S "$PEERS" 2>/dev/null
fi
