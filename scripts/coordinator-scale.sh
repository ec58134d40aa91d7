#!/usr/bin/env bash
# What one deadlock-detection round costs rank 0 as the job grows: the coordinator driven by
# synthetic snapshots (all ranks computing, a ring of blocked receives, a barrier with one rank
# missing, a deadlock cycle among four, master/worker with ANY_SOURCE) of 1,024 to 65,536
# ranks, every answer decoded as the watchdogs' channel delivers it. Prints the coordinator
# thread's CPU ms and the wall ms per round, the bytes rank 0 receives per round, the growth
# exponent between sizes (1 = linear) and the targets, judged on the CPU time (under 100 ms at
# 4,096 ranks, under 1 s at 65,536, growth no faster than linear).
#   bash scripts/coordinator-scale.sh [--rounds N] [--sizes 1024,4096,16384,65536] [--shapes a,b]
# JAVA_OPTS overrides the heap (default -Xmx3g).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${SCALE_NO_BUILD:-}" != 1 ]; then
    mvn -B -q -o -ntp -pl checker-core test-compile >&2
fi
cp_file=checker-core/target/scale.classpath
if [ ! -s "$cp_file" ] || [ checker-core/pom.xml -nt "$cp_file" ]; then
    mvn -B -q -ntp -pl checker-core dependency:build-classpath -Dmdep.outputFile=target/scale.classpath >&2
fi
exec java ${JAVA_OPTS:--Xmx3g} -cp "checker-core/target/test-classes:checker-core/target/classes:$(cat "$cp_file")" \
    org.mpiguard.core.deadlock.CoordinatorScaleBench "$@"
