#!/usr/bin/env bash
# The main job: sets up the machine, builds MPIGuard's distribution (mvn package), unpacks
# it, and runs the bundled demo, a 1-D heat diffusion whose halo exchange deadlocks, on 4
# ranks through `mpiguard run`. MPIGuard reports the deadlock with every rank and line,
# aborts the job, writes the HTML report (with the wait-for graph) and says where it is;
# mpiguard exits with 86. Then it shows the deep check, `mpiguard check`, on a second program
# (a master collecting two workers' results) whose bugs no single run shows: a traced run, the
# analysis with predicted deadlocks, and a replay that confirms the race deadlocks, in one
# report. This script exits 0 when both findings and reports were made.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "[demo] building the distribution (mvn -DskipTests package)"
mvn -B -q -ntp package -DskipTests
dist=$(ls dist/target/mpiguard-*.tar.gz | head -n1)
install_dir=$(mktemp -d)
tar -xzf "$dist" -C "$install_dir"
mpiguard=$(ls -d "$install_dir"/mpiguard-*/bin/mpiguard)
echo "[demo] installed $dist as $mpiguard"
MPI_JAR=/usr/lib/x86_64-linux-gnu/openmpi/lib/mpi.jar
REPORT=$PWD/mpiguard-report
root_flag=()
[ "$(id -u)" = 0 ] && root_flag=(--allow-run-as-root)
cmd=("$mpiguard" run --include 'org.mpiguard.programs.demo.*' --report "$REPORT"
     --source-path test-programs/src/main/java
     "${root_flag[@]}" --oversubscribe -np 4
     -- java -cp "$MPI_JAR:test-programs/target/classes" org.mpiguard.programs.demo.HaloExchange)
echo "[demo] ${cmd[*]}"
set +e
"${cmd[@]}"
status=$?
set -e
echo "[demo] mpiguard exited with $status (86: MPIGuard found an error)"
if ! { [ "$status" = 86 ] && grep -q '"kind":"deadlock"' "$REPORT/findings-rank0.jsonl" 2>/dev/null \
   && [ -s "$REPORT/mpiguard-report.html" ]; }; then
  echo "[demo] expected a deadlock finding, its HTML report and exit code 86" >&2
  exit 1
fi
echo "[demo] the HTML report: $REPORT/mpiguard-report.html (open it in a browser)"
echo "[demo] beside it: mpiguard-report.json, mpiguard-report.sarif, deadlock-1.dot, findings-rank0.jsonl"

DEEP=$PWD/mpiguard-check-report
cmd=("$mpiguard" check --budget 5m --np 3 --include 'org.mpiguard.programs.demo.*' --report "$DEEP"
     --source-path test-programs/src/main/java "${root_flag[@]}" --oversubscribe
     -- java -cp "$MPI_JAR:test-programs/target/classes" org.mpiguard.programs.demo.WorkerResults)
echo
echo "[demo] the deep check of a second program, whose bugs no single run shows:"
echo "[demo] ${cmd[*]}"
set +e
"${cmd[@]}"
status=$?
set -e
echo "[demo] mpiguard check exited with $status (86: a step found an error)"
if [ "$status" = 86 ] && grep -q '"kind":"predicted-deadlock"' "$DEEP/findings-analysis.jsonl" 2>/dev/null \
   && grep -q '"kind":"message-race","severity":"error"' "$DEEP/findings-explore.jsonl" 2>/dev/null \
   && [ -s "$DEEP/mpiguard-report.html" ]; then
  echo "[demo] its report, with each finding's step (the ranks, the analysis, a replay): $DEEP/mpiguard-report.html"
  exit 0
fi
echo "[demo] expected a predicted deadlock, a race confirmed by replay, their HTML report and exit code 86" >&2
exit 1
