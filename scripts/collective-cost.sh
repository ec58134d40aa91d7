#!/usr/bin/env bash
# Cost of the collective check per call: barrier and allReduce loops on COMM_WORLD, plain
# and under the agent, alternating, at 2, 4, 8 and 16 ranks. Prints one table line per
# rank count with the medians and the difference per call, and checker_cpu: the CPU time the
# checker's own thread used per call on the busiest rank (the work the check does per call,
# whatever the number of ranks; with ranks sharing cores everyone waits for it), and
# checker_us_per_s, the same per second of the loops. Each run warms up for 3 s first.
# With --plain-thread-multiple first, the plain runs initialise MPI at THREAD_MULTIPLE as the
# agent does, so the difference is the checker's own, without that level's cost.
#   bash scripts/collective-cost.sh [--plain-thread-multiple] [iterations] [pairs] [ranks...]
set -euo pipefail
cd "$(dirname "$0")/.."
plain_flag=""
if [ "${1:-}" = "--plain-thread-multiple" ]; then
    plain_flag="-DcollectiveCost.threadMultiple=true"
    shift
fi
iterations=${1:-20000}
pairs=${2:-3}
shift $(( $# > 2 ? 2 : $# )) || true
ranks=("$@")
[ ${#ranks[@]} -gt 0 ] || ranks=(2 4 8 16)
if ! [[ "$iterations" =~ ^[0-9]+$ && "$pairs" =~ ^[0-9]+$ ]]; then
    echo "usage: bash scripts/collective-cost.sh [--plain-thread-multiple] [iterations] [pairs] [ranks...]" >&2
    exit 2
fi
mpijar=$(ls ~/.m2/repository/org/open-mpi/mpi/4.1.4/mpi-4.1.4.jar 2>/dev/null || true)
agent=agent/target/mpiguard-agent.jar
if [ -z "$mpijar" ] || [ ! -f "$agent" ] || [ ! -d test-programs/target/classes ]; then
    echo "build first: bash scripts/setup.sh && mvn -B -ntp -DskipTests install" >&2
    exit 2
fi
run() { # ranks agent-flag -> "barrier allreduce checker-cpu-per-call checker-cpu-per-second"
    local n=$1 flag=$2 out
    out=$(mpirun --allow-run-as-root --oversubscribe -np "$n" java $flag -cp "$mpijar:test-programs/target/classes" \
        org.mpiguard.programs.cost.CollectiveCost "$iterations" 2>/dev/null)
    echo "$(echo "$out" | awk '/^barrier_ns/{print $2}') $(echo "$out" | awk '/^allreduce_ns/{print $2}')" \
        "$(echo "$out" | awk '/^checker_cpu_ns_per_call/{print $2}') $(echo "$out" | awk '/^checker_cpu_us_per_s/{print $2}')"
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : int((a[NR/2]+a[NR/2+1])/2))}'; }
printf "%-6s %14s %14s %10s %16s %16s %10s %12s %16s\n" ranks barrier_plain barrier_agent diff_ns allreduce_plain \
    allreduce_agent diff_ns checker_cpu checker_us_per_s
for n in "${ranks[@]}"; do
    bp=(); ba=(); ap=(); aa=(); cc=(); cs=()
    for ((i = 0; i < pairs; i++)); do
        read -r b a c u < <(run "$n" "$plain_flag"); bp+=("$b"); ap+=("$a")
        read -r b a c u < <(run "$n" "-javaagent:$agent"); ba+=("$b"); aa+=("$a"); cc+=("$c"); cs+=("$u")
    done
    mbp=$(printf "%s\n" "${bp[@]}" | median); mba=$(printf "%s\n" "${ba[@]}" | median)
    map=$(printf "%s\n" "${ap[@]}" | median); maa=$(printf "%s\n" "${aa[@]}" | median)
    mcc=$(printf "%s\n" "${cc[@]}" | median); mcs=$(printf "%s\n" "${cs[@]}" | median)
    printf "%-6s %14s %14s %10s %16s %16s %10s %12s %16s\n" "$n" "$mbp" "$mba" $((mba - mbp)) "$map" "$maa" \
        $((maa - map)) "$mcc" "$mcs"
done
