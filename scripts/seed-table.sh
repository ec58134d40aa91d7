#!/usr/bin/env bash
# The predictive analysis's benchmark table measured on real traces: runs the Java ports of
# the seed's benchmarks (test-programs, org.mpiguard.programs.predict) under mpirun with the
# agent recording traces, at every process count of the seed's table up to MAX_RANKS (this
# machine's limit, default 16; --oversubscribe), then predicts from those traces and prints
# the table (predictor's MeasuredSeedTable). Rows at counts above MAX_RANKS, or whose run
# failed three times (Heat's race can hang the run itself), are analysed from their
# hand-built models and say why in the "from" column.
#
#   bash scripts/seed-table.sh [TRACE_DIR]       (default target/seed-traces)
#   MAX_RANKS=8 RUNS=5 SKIP_BUILD=1 bash scripts/seed-table.sh
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=$(realpath -m "${1:-target/seed-traces}")
MAX_RANKS=${MAX_RANKS:-16}
RUNS=${RUNS:-3}
MPI_JAR=${MPI_JAR:-/usr/lib/x86_64-linux-gnu/openmpi/lib/mpi.jar}
NICE=(nice -n "${NICE_LEVEL:-0}")

if [ "${SKIP_BUILD:-0}" != 1 ]; then
  echo "[seed-table] building the distribution (mvn -DskipTests package)" >&2
  "${NICE[@]}" mvn -B -q -ntp package -DskipTests -pl dist,test-programs -am
fi
dist=$(ls dist/target/mpiguard-*.tar.gz | head -n1)
install_dir=$(mktemp -d)
trap 'rm -rf "$install_dir"' EXIT
tar -xzf "$dist" -C "$install_dir"
LIB=$(ls -d "$install_dir"/mpiguard-*/lib)

root_flag=()
[ "$(id -u)" = 0 ] && root_flag=(--allow-run-as-root)

# program and the process counts of its rows in the seed's table (predictor's SeedTable)
ROWS=("Monte 4 8 16" "Integrate 8 10 16" "Diffusion2D 4 8" "Floyd 8 16" "GaussElim 8 16" "Heat 16 32"
      "IntSort 64 128 256" "Dtg 5")
mkdir -p "$OUT"
for row in "${ROWS[@]}"; do
  read -r program counts <<< "$row"
  for np in $counts; do
    dir="$OUT/$program-$np"
    rm -rf "$dir" "$dir.why"
    if [ "$np" -gt "$MAX_RANKS" ]; then
      echo "[seed-table] $program at $np ranks: above MAX_RANKS=$MAX_RANKS, its row comes from the model" >&2
      echo "more than $MAX_RANKS ranks not run here" > "$dir.why"
      continue
    fi
    # a racy port (Heat) may hang in the run itself, as its row predicts: then it is run again
    for attempt in 1 2 3; do
      rm -rf "$dir"
      mkdir -p "$dir"
      echo "[seed-table] tracing $program at $np ranks into $dir (attempt $attempt)" >&2
      if "${NICE[@]}" timeout 600 mpirun "${root_flag[@]}" --oversubscribe -np "$np" \
          java -cp "$MPI_JAR:test-programs/target/classes" \
          -javaagent:"$LIB/mpiguard-agent.jar=trace=on,report=$dir,include=org.mpiguard.programs.predict.*" \
          "org.mpiguard.programs.predict.$program" \
          > "$dir.out" 2>&1; then
        break
      fi
      rm -rf "$dir"
      echo "[seed-table] $program at $np ranks: attempt $attempt failed (see $dir.out)" >&2
    done
    if [ ! -d "$dir" ]; then
      if grep -q 'ERROR deadlock' "$dir.out"; then
        echo "the run deadlocked here 3 times" > "$dir.why"
      else
        echo "the run failed here 3 times" > "$dir.why"
      fi
    fi
  done
done

echo "[seed-table] $(date -u +%Y-%m-%d), commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)," \
     "$(nproc) cores, MAX_RANKS=$MAX_RANKS, median of $RUNS runs after a warm-up" >&2
"${NICE[@]}" java -cp "$LIB/*" org.mpiguard.predict.bench.MeasuredSeedTable "$OUT" "$RUNS"
