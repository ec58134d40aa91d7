#!/usr/bin/env bash
# Writes the class list from which `mpiguard run` makes its class-data archive of the agent
# (launch/.../agent-start.classlist): the classes a 2-rank run of the bundled demo's correct
# twin loads under the packaged agent (given as mpiguard run gives it), the program's own left out. Run it after changing what
# the agent loads at start or on its first calls; AgentClassListTest says when it is stale.
#   scripts/agent-classlist.sh            (needs: mvn -DskipTests package, and Open MPI)
set -euo pipefail
cd "$(dirname "$0")/.."
MPI_JAR=${MPI_JAR:-/usr/lib/x86_64-linux-gnu/openmpi/lib/mpi.jar}
AGENT=agent/target/mpiguard-agent.jar
PROGRAMS=test-programs/target/classes
OUT=launch/src/main/resources/org/mpiguard/launch/agent-start.classlist
[ -s "$AGENT" ] && [ -d "$PROGRAMS" ] || { echo "agent-classlist: build first (mvn -DskipTests package)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/mpiguard-classlist.XXXXXX")
trap 'rm -rf "$work"' EXIT
# one list per rank: the JVM writes the file named, so each rank names its own
cat > "$work/java" <<WRAP
#!/bin/sh
exec java -XX:DumpLoadedClassList="$work/rank-\${OMPI_COMM_WORLD_RANK:-0}.list" "\$@"
WRAP
chmod +x "$work/java"
# the agent after -cp: mpirun takes the first word holding "cp" for the class path (docs/design.md)
mpirun ${MPIRUN_OPTIONS:---oversubscribe} -np 2 "$work/java" -cp "$MPI_JAR:$PROGRAMS" \
  -agentlib:instrument="$AGENT"=report="$work/report" org.mpiguard.programs.demo.HaloExchangeFixed > "$work/out.txt"
{
  echo "# The classes a 2-rank run of org.mpiguard.programs.demo.HaloExchangeFixed loads under the agent"
  echo "# (JDK $(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.version = //p')), made by scripts/agent-classlist.sh."
  cat "$work"/rank-*.list | sed 's/ .*//' | grep -v -e '^@' -e '^#' -e '^org/mpiguard/programs/' -e '/0x' | sort -u
} > "$OUT"
echo "agent-classlist: $(grep -vc '^#' "$OUT") classes ($(grep -c '^org/mpiguard/' "$OUT") of the agent) in $OUT"
