#!/usr/bin/env bash
# The main job: sets up the machine, builds the agent, and runs the bundled demo, a
# 1-D heat diffusion whose halo exchange deadlocks, on 4 ranks under mpirun with the
# agent. MPIGuard reports the deadlock with every rank and line, then aborts the job
# with exit code 86. This script exits 0 when that finding was reported.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "[demo] building the agent (mvn -DskipTests install)"
mvn -B -q -ntp install -DskipTests
MPI_JAR=/usr/lib/x86_64-linux-gnu/openmpi/lib/mpi.jar
REPORT=$(mktemp -d)/mpiguard-report
root_flag=()
[ "$(id -u)" = 0 ] && root_flag=(--allow-run-as-root)
cmd=(mpirun "${root_flag[@]}" --oversubscribe -np 4
     java "-javaagent:agent/target/mpiguard-agent.jar=include=org.mpiguard.programs.demo.*,report=$REPORT"
     -cp "$MPI_JAR:test-programs/target/classes" org.mpiguard.programs.demo.HaloExchange)
echo "[demo] ${cmd[*]}"
set +e
"${cmd[@]}"
status=$?
set -e
echo "[demo] mpirun exited with $status (86: MPIGuard aborted the job after an error finding)"
if [ "$status" = 86 ] && grep -q '"kind":"deadlock"' "$REPORT/findings-rank0.jsonl" 2>/dev/null; then
  echo "[demo] findings as JSON lines: $REPORT/findings-rank0.jsonl"
  exit 0
fi
echo "[demo] expected a deadlock finding and exit code 86" >&2
exit 1
