#!/usr/bin/env bash
# What the cross-process analysis costs on a large job's traces, where this machine cannot run
# the job: generates synthetic traces (halo exchanges by messages and by puts in fence epochs,
# allReduces, master/worker with ANY_SOURCE receives; analyzer's test source
# ScaleTraceGenerator, written through the trace API), runs the analyzer on them under
# /usr/bin/time -v, and prints its CPU time and peak RSS against the targets: under 256 MB per
# analysing process and under 60 s of CPU for the 100-million-event set; then how loud the host was.
#   bash scripts/analysis-scale.sh [--ranks N] [--events E] [--dir DIR] [--heap SIZE] [--np P] [--keep]
#     --ranks 1024, --events 100000000 by default; --dir defaults to a fresh temporary directory
#     (removed at the end unless --keep); --heap is the analyzer's -Xmx (default 176m: the target is
#     that the analysis fits in 256 MB, with the JIT's own memory beside the heap, and a JVM given
#     more lets its heap grow with garbage; --heap default leaves the JVM's own); --np P also runs the
#     analysis spread over P processes (mpiguard analyze --np P) on the same traces, checks that it writes
#     the same findings byte for byte, and prints each process's CPU and peak RSS against the targets: the
#     largest within 1.5 x the one-process CPU / P, each under 256 MB. SCALE_REUSE=1 with --dir analyses
#     the traces already in DIR instead of generating them again.
# Exit code 0 when both targets are met, 1 when not, 2 on bad options or a failed build.
set -euo pipefail
cd "$(dirname "$0")/.."
ranks=1024
events=100000000
dir=""
heap=176m
keep=0
np=1
while [ $# -gt 0 ]; do
    case "$1" in
        --ranks) ranks=${2:?--ranks needs a value}; shift 2 ;;
        --events) events=${2:?--events needs a value}; shift 2 ;;
        --dir) dir=${2:?--dir needs a value}; shift 2 ;;
        --heap) heap=${2:?--heap needs a value}; shift 2 ;;
        --np) np=${2:?--np needs a value}; shift 2 ;;
        --keep) keep=1; shift ;;
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
        *) echo "analysis-scale: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
if ! [[ "$ranks" =~ ^[0-9]+$ && "$events" =~ ^[0-9]+$ && "$np" =~ ^[0-9]+$ ]] || [ "$ranks" -lt 2 ] || [ "$np" -lt 1 ]; then
    echo "analysis-scale: --ranks (at least 2), --events and --np (at least 1) take whole numbers" >&2
    exit 2
fi
if [ ! -x /usr/bin/time ]; then
    echo "analysis-scale: /usr/bin/time is missing (apt-get install time)" >&2
    exit 2
fi
if [ "${SCALE_NO_BUILD:-}" != 1 ]; then
    mvn -B -q -ntp -pl checker-core,analyzer test-compile dependency:build-classpath \
        -Dmdep.outputFile=target/scale.classpath >&2 || { echo "analysis-scale: build failed" >&2; exit 2; }
fi
cp="analyzer/target/test-classes:analyzer/target/classes:$(cat analyzer/target/scale.classpath)"
if [ -z "$dir" ]; then
    dir=$(mktemp -d /tmp/mpiguard-scale.XXXXXX)
else
    mkdir -p "$dir"
fi
cleanup() { if [ "$keep" != 1 ]; then rm -rf "$dir"; fi; }
trap cleanup EXIT
rm -f "$dir"/findings-analysis.jsonl "$dir"/message-races.jsonl
# SCALE_REUSE=1 with --dir: analyse the traces already there (generating 100 million events takes minutes)
if [ "${SCALE_REUSE:-}" != 1 ] || [ -z "$(ls "$dir"/trace-rank*.mpgt 2>/dev/null | head -1)" ]; then
    rm -f "$dir"/trace-rank*.mpgt
    java -cp "$cp" org.mpiguard.analyzer.ScaleTraceGenerator --ranks "$ranks" --events "$events" --dir "$dir"
fi
echo "traces: $(du -sh "$dir" | cut -f1) on disk"

heap_opt=()
[ "$heap" != default ] && heap_opt=("-Xmx$heap")
# the CPU time the hypervisor gave other guests meanwhile (/proc/stat's steal): on a loud host the
# analysers' CPU seconds grew by half (docs/overhead.md, stop 59), so the targets say how loud it was
cpu_line() { head -1 /proc/stat 2>/dev/null || true; }
stolen_before=$(cpu_line)
set +e
# the JVM options bin/mpiguard gives `analyze`: what a user of mpiguard analyze runs (the
# default collector would count the heap it lets grow with garbage as the analysis' memory)
/usr/bin/time -v -o "$dir/time.txt" java -XX:+UseSerialGC -XX:TieredStopAtLevel=4 "${heap_opt[@]}" -cp "$cp" \
    org.mpiguard.analyzer.AnalyzeCommand \
    --quiet --predict off "$dir" >"$dir/analyze.out" 2>"$dir/analyze.err"
status=$?
set -e
user=$(awk -F': ' '/User time/ {print $2}' "$dir/time.txt")
sys=$(awk -F': ' '/System time/ {print $2}' "$dir/time.txt")
rss_kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$dir/time.txt")
wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$dir/time.txt")
cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN {printf "%.1f", u + s}')
rss_mb=$(( rss_kb / 1024 ))
findings=$( [ -f "$dir/findings-analysis.jsonl" ] && wc -l < "$dir/findings-analysis.jsonl" || echo 0)
# exit codes of the analyzer: 0 nothing found, 1 errors found (findings); anything else: it failed
# traces past the heap: the command says so and exits 66 (before 9d87a75 an OutOfMemoryError escaped)
if grep -q -m1 -E "OutOfMemoryError|need more memory than this JVM" "$dir/analyze.err" "$dir/analyze.out"; then
    status=99
fi
if [ "$status" -gt 1 ]; then
    outcome="FAILED: $(grep -h -m1 -E 'OutOfMemoryError|need more memory|Exception|failed' "$dir/analyze.err" "$dir/analyze.out" | head -1 | cut -c1-160)"
else
    outcome="analysed, $findings findings"
fi
echo
printf '%-10s %-12s %-10s %-12s %-10s %s\n' ranks events cpu_s peak_rss_mb wall outcome
printf '%-10s %-12s %-10s %-12s %-10s %s\n' "$ranks" "$events" "$cpu" "$rss_mb" "$wall" "$outcome"
echo
verdict() { if [ "$1" = 1 ]; then echo met; else echo "NOT MET"; fi; }
ok_mem=$([ "$status" -le 1 ] && [ "$rss_mb" -lt 256 ] && echo 1 || echo 0)
ok_cpu=$([ "$status" -le 1 ] && awk -v c="$cpu" 'BEGIN {exit !(c < 60)}' && echo 1 || echo 0)
echo "targets (issue 25, for the 100-million-event set; this run: $events events):"
printf '  %-46s %10s  %s\n' "memory under 256 MB per analysing process" "${rss_mb} MB" "$(verdict "$ok_mem")"
printf '  %-46s %10s  %s\n' "CPU under 60 s in total" "${cpu} s" "$(verdict "$ok_cpu")"
spread_ok=1
if [ "$np" -gt 1 ] && [ "$status" -le 1 ]; then
    cp "$dir/findings-analysis.jsonl" "$dir/findings-one-process.jsonl"
    set +e
    java -XX:+UseSerialGC -XX:TieredStopAtLevel=4 "${heap_opt[@]}" -cp "$cp" org.mpiguard.analyzer.AnalyzeCommand \
        --predict off --np "$np" "$dir" >"$dir/analyze-np.out" 2>"$dir/analyze-np.err"
    set -e
    line=$(grep -m1 'spread over' "$dir/analyze-np.out" || true)
    same=$(cmp -s "$dir/findings-analysis.jsonl" "$dir/findings-one-process.jsonl" && echo "the same findings" \
        || echo "DIFFERENT findings")
    largest=$(echo "$line" | sed -n 's/.*largest \([0-9.]*\)).*/\1/p')
    rss_np=$(echo "$line" | sed -n 's/.*largest \([0-9]*\) MB.*/\1/p')
    share=$(awk -v c="$cpu" -v n="$np" 'BEGIN {printf "%.2f", 1.5 * c / n}')
    echo
    echo "spread over $np processes (mpiguard analyze --np $np): $same"
    echo "  ${line#\[MPIGuard\] }"
    ok_share=$([ -n "$largest" ] && awk -v l="$largest" -v s="$share" 'BEGIN {exit !(l <= s)}' && echo 1 || echo 0)
    ok_rss=$([ -n "$rss_np" ] && [ "$rss_np" -lt 256 ] && echo 1 || echo 0)
    printf '  %-46s %10s  %s\n' "largest process within 1.5 x CPU / $np ($share s)" "${largest:-?} s" \
        "$(verdict "$ok_share")"
    printf '  %-46s %10s  %s\n' "every process under 256 MB" "${rss_np:-?} MB" "$(verdict "$ok_rss")"
    [ "$ok_share" = 1 ] && [ "$ok_rss" = 1 ] && [ "$same" = "the same findings" ] || spread_ok=0
fi
stolen=$(printf '%s\n%s\n' "$stolen_before" "$(cpu_line)" | awk '$1 == "cpu" && NF >= 9 {
    t = 0; for (i = 2; i <= 9; i++) t += $i; total[NR] = t; steal[NR] = $9 }
    END { if (total[2] > total[1]) printf "%.1f", 100 * (steal[2] - steal[1]) / (total[2] - total[1]) }')
if [ -n "$stolen" ]; then
    loud=$(awk -v s="$stolen" 'BEGIN {exit !(s > 5)}' && echo " (a loud host: these CPU seconds compare only with runs beside them)" || true)
    echo
    echo "machine during the analyses: $stolen % of its CPU time stolen by the hypervisor for other guests$loud"
fi
[ "$ok_mem" = 1 ] && [ "$ok_cpu" = 1 ] && [ "$spread_ok" = 1 ] && exit 0
exit 1
