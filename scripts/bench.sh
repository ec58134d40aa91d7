#!/usr/bin/env bash
# What MPIGuard costs, measured side by side in one run.
#
#   scripts/bench.sh [options]        the macro kernels plain and under the agent, A B A B,
#                                     then the table (kernel, ranks, median seconds, ratio,
#                                     spread, peak RSS per rank), start-up and memory
#   scripts/bench.sh --smoke          the same with tiny sizes in a few seconds (CI runs it)
#   scripts/bench.sh --jmh [options]  the JMH per-call suite on COMM_SELF, agent off versus on
#   scripts/bench.sh --help           every option
#
# Builds the agent and the benchmarks first when a source is newer than the jars.
set -euo pipefail
cd "$(dirname "$0")/.."
MPI_JAR=${MPI_JAR:-/usr/lib/x86_64-linux-gnu/openmpi/lib/mpi.jar}
AGENT_JAR=agent/target/mpiguard-agent.jar
BENCH_JAR=jmh-benchmarks/target/benchmarks.jar
CLASSES=jmh-benchmarks/target/classes

if [ ! -s "$MPI_JAR" ]; then
  echo "bench: $MPI_JAR is missing; run scripts/setup.sh first" >&2
  exit 2
fi
VERSION=0.1.0-SNAPSHOT
# the unpacked distribution: the start-up is also measured as its mpiguard run starts the ranks
MPIGUARD=dist/target/mpiguard-$VERSION/mpiguard-$VERSION/bin/mpiguard
stale() {
  [ ! -s "$AGENT_JAR" ] || [ ! -s "$BENCH_JAR" ] || [ ! -x "$MPIGUARD" ] && return 0
  [ -n "$(find checker-core mpi-adapter advice agent cli dist jmh-benchmarks -path '*/src/*' -newer "$BENCH_JAR" -type f -print -quit)" ]
}
if [ "${BENCH_NO_BUILD:-}" != 1 ] && stale; then
  echo "[bench] building the agent, the distribution and the benchmarks (mvn -DskipTests package)" >&2
  mvn -B -q -ntp -DskipTests package -pl jmh-benchmarks,dist -am >&2
fi
MPIGUARD_FLAG=()
if [ -x "$MPIGUARD" ]; then
  MPIGUARD_FLAG=(--mpiguard "$MPIGUARD")
fi

if [ "${1:-}" = "--jmh" ]; then
  shift
  # In a singleton MPI process only the ucx one-sided component can create a window
  # both at THREAD_SINGLE (plain) and THREAD_MULTIPLE (under the agent): rdma finds no
  # transport and pt2pt refuses THREAD_MULTIPLE. Both variants use the same one.
  # UCX must leave SIGSEGV to the JVM, which uses it for its own null checks.
  # The agent reads its options from MPIGUARD_OPTIONS.
  export OMPI_MCA_osc=ucx UCX_ERROR_SIGNALS=""
  exec java -cp "$BENCH_JAR:$MPI_JAR" org.mpiguard.bench.harness.PerCallReport "$@"
fi
# the harness from the benchmarks jar, with the checker-core it reads traces with (relocated
# there, so that the agent-on JMH forks load the agent's own; jmh-benchmarks/pom.xml)
exec java -cp "$BENCH_JAR:$MPI_JAR" org.mpiguard.bench.harness.BenchHarness \
  --agent-jar "$AGENT_JAR" --mpi-jar "$MPI_JAR" --classes "$CLASSES" --bench-jar "$BENCH_JAR" "${MPIGUARD_FLAG[@]}" "$@"
