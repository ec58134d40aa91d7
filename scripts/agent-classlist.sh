#!/usr/bin/env bash
# Writes the class list from which `mpiguard run` makes its class-data archive of the agent
# (launch/.../agent-start.classlist): the classes that 2-rank runs of bundled correct programs
# load under the packaged agent (given as mpiguard run gives it), the programs' own left out.
# The programs cover what the checks' first calls load: the demo's correct twin (blocking
# point-to-point), nonblocking exchanges over direct buffers (requests, completions, the
# buffer watch), collectives and one-sided epochs. Run it after changing what the agent loads
# at start or on its first calls; AgentClassListTest says when it is stale.
#   scripts/agent-classlist.sh            (needs: mvn -DskipTests package, and Open MPI)
set -euo pipefail
cd "$(dirname "$0")/.."
MPI_JAR=${MPI_JAR:-/usr/lib/x86_64-linux-gnu/openmpi/lib/mpi.jar}
AGENT=agent/target/mpiguard-agent.jar
PROGRAMS=test-programs/target/classes
OUT=launch/src/main/resources/org/mpiguard/launch/agent-start.classlist
PROGRAMS_RUN="demo.HaloExchangeFixed correct.Nonblocking correct.Collectives correct.OneSided"
[ -s "$AGENT" ] && [ -d "$PROGRAMS" ] || { echo "agent-classlist: build first (mvn -DskipTests package)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/mpiguard-classlist.XXXXXX")
trap 'rm -rf "$work"' EXIT
# one list per run and rank: the JVM writes the file named, so each rank names its own
for program in $PROGRAMS_RUN; do
  cat > "$work/java" <<WRAP
#!/bin/sh
exec java -XX:DumpLoadedClassList="$work/$program-\${OMPI_COMM_WORLD_RANK:-0}.list" "\$@"
WRAP
  chmod +x "$work/java"
  # the agent after -cp: mpirun takes the first word holding "cp" for the class path (docs/design.md)
  mpirun ${MPIRUN_OPTIONS:---oversubscribe} -np 2 "$work/java" -cp "$MPI_JAR:$PROGRAMS" \
    -agentlib:instrument="$AGENT"=report="$work/report-$program" "org.mpiguard.programs.$program" > "$work/out-$program.txt"
done
jdk=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.version = //p')
{
  echo "# The classes 2-rank runs of $PROGRAMS_RUN (org.mpiguard.programs) load under the agent"
  echo "# (JDK $jdk), made by scripts/agent-classlist.sh."
  cat "$work"/*.list | sed 's/ .*//' | grep -v -e '^@' -e '^#' -e '^org/mpiguard/programs/' -e '/0x' | sort -u
} > "$OUT"
echo "agent-classlist: $(grep -vc '^#' "$OUT") classes ($(grep -c '^org/mpiguard/' "$OUT") of the agent) in $OUT"
