#!/usr/bin/env bash
# What traces add to a job's MPI.Finalize, where rank 0 runs the end-of-run analysis: a
# 16-rank ring exchange (jmh-benchmarks' FinalizeTimer, some 17,000 traced events) run under
# the agent with default checks and with trace=on, interleaved, rank 0 timing its own
# Finalize; prints each pair, the median difference and the target of issue 25 (a traced
# 16-rank job's Finalize at most 0.5 s longer than without traces).
#   bash scripts/end-of-run.sh [--pairs N] [--ranks N] [--traced-options OPTS] [--node-local]
#     (5 pairs, 16 ranks by default; OPTS added to the traced run's agent options, e.g.
#     trace-analysis-max=2000 to have every rank analyse its own trace at Finalize;
#     --node-local: each traced rank reports into a directory of its own, as on node-local disks)
# Needs the built agent jar and jmh-benchmarks classes (mvn -o -q install -DskipTests).
# Exit code 0 when the target is met, 1 when not, 2 on bad options or a failed run.
set -euo pipefail
cd "$(dirname "$0")/.."
pairs=5
ranks=16
extra=""
node_local=0
while [ $# -gt 0 ]; do
    case "$1" in
        --pairs) pairs=${2:?--pairs needs a value}; shift 2 ;;
        --ranks) ranks=${2:?--ranks needs a value}; shift 2 ;;
        --traced-options) extra=",${2:?--traced-options needs a value}"; shift 2 ;;
        --node-local) node_local=1; shift ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "end-of-run: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
if ! [[ "$pairs" =~ ^[1-9][0-9]*$ && "$ranks" =~ ^[1-9][0-9]*$ ]]; then
    echo "end-of-run: --pairs and --ranks take positive whole numbers" >&2
    exit 2
fi
MPI_JAR=${MPI_JAR:-/usr/lib/x86_64-linux-gnu/openmpi/lib/mpi.jar}
AGENT_JAR=agent/target/mpiguard-agent.jar
CLASSES=jmh-benchmarks/target/classes
for f in "$MPI_JAR" "$AGENT_JAR" "$CLASSES/org/mpiguard/bench/kernels/FinalizeTimer.class"; do
    if [ ! -e "$f" ]; then
        echo "end-of-run: $f is missing (scripts/setup.sh, then mvn -o -q install -DskipTests)" >&2
        exit 2
    fi
done
root=()
[ "$(id -u)" = 0 ] && root=(--allow-run-as-root)
# $1: agent options after the report directory; $2: 1 for a report directory per rank (one app context each)
finalize_ms() {
    local dir out r
    local -a job=()
    dir=$(mktemp -d /tmp/mpiguard-eor.XXXXXX)
    if [ "${2:-0}" = 1 ]; then
        for r in $(seq 0 $((ranks - 1))); do
            [ "$r" -gt 0 ] && job+=(:)
            job+=(-np 1 java -cp "$CLASSES:$MPI_JAR" "-javaagent:$AGENT_JAR=report=$dir/node$r$1"
                org.mpiguard.bench.kernels.FinalizeTimer)
        done
    else
        job=(-np "$ranks" java -cp "$CLASSES:$MPI_JAR" "-javaagent:$AGENT_JAR=report=$dir$1"
            org.mpiguard.bench.kernels.FinalizeTimer)
    fi
    out=$(mpirun --oversubscribe "${root[@]}" "${job[@]}" 2>/dev/null | awk '/^finalize-ms / {print $2}')
    rm -rf "$dir"
    if [ -z "$out" ]; then
        echo "end-of-run: a run printed no Finalize time" >&2
        exit 2
    fi
    echo "$out"
}
diffs=()
for i in $(seq 1 "$pairs"); do
    plain=$(finalize_ms "")
    traced=$(finalize_ms ",trace=on$extra" "$node_local")
    diffs+=($((traced - plain)))
    printf 'pair %d: Finalize %5d ms default, %5d ms trace=on: %+d ms\n' "$i" "$plain" "$traced" "$((traced - plain))"
done
median=$(printf '%s\n' "${diffs[@]}" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : int((a[NR/2]+a[NR/2+1])/2)}')
verdict="NOT MET"
[ "$median" -le 500 ] && verdict="met"
echo
echo "targets (issue 25):"
printf '  a traced %d-rank job'"'"'s Finalize at most 0.5 s longer   %+d ms (median of %d)  %s\n' "$ranks" "$median" "$pairs" "$verdict"
[ "$verdict" = met ]
