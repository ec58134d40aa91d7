#!/usr/bin/env bash
# Transparency harness: runs each program of a directory of correct Java MPI programs
# plain and under the MPIGuard agent, at 2 and 4 ranks, and says for each whether the
# agent changed anything the program or its user sees: the job's exit code, what each
# rank wrote to stdout and to stderr (compared rank by rank: mpirun interleaves ranks in
# whatever order their output arrives), and whether the agent wrote any finding.
#
#   bash scripts/transparency.sh [options] CLASSES [SUBDIR]
#
# CLASSES is a class-path root (a directory of compiled classes); the programs are the
# classes in CLASSES/SUBDIR (default: all of CLASSES, without nested classes) whose class
# file has a main(String[]) method. Options:
#   --ranks "2 4"        rank counts to run (default "2 4")
#   --classpath CP       more class path for the programs (before CLASSES; mpi.jar is added)
#   --agent JAR          the agent jar (default agent/target/mpiguard-agent.jar)
#   --agent-options O    agent argument string besides report= (default: none)
#   --timeout S          seconds per run before it counts as hung (default 60)
#   --work DIR           keep every run's output and findings here (default: a temp dir,
#                        removed when no program differs)
#   --only REGEX         only programs whose class name matches REGEX (grep -E)
# Prints one Markdown table row per program: "same" or "different: what", then a summary.
# Where a run differs, the plain run is repeated: output that also differs between two
# plain runs is called nondeterministic (timing lines, for instance), not the agent's doing.
# Exit code: 0 when no program differs for the agent's sake, 1 otherwise, 2 on bad usage.
set -uo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"

ranks="2 4"
extra_cp=""
agent="$here/agent/target/mpiguard-agent.jar"
agent_options=""
timeout=60
work=""
only=""
mpi_jar="${MPI_JAR:-/usr/lib/x86_64-linux-gnu/openmpi/lib/mpi.jar}"

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --ranks) ranks="$2"; shift 2 ;;
    --classpath) extra_cp="$2"; shift 2 ;;
    --agent) agent="$2"; shift 2 ;;
    --agent-options) agent_options="$2"; shift 2 ;;
    --timeout) timeout="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    -h|--help) usage ;;
    --*) echo "unknown option $1" >&2; usage ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] && [ $# -le 2 ] || usage
classes="$(cd "$1" && pwd)" || { echo "no directory $1" >&2; exit 2; }
subdir="${2:-}"
[ -s "$agent" ] || { echo "no agent jar at $agent (build it: mvn -o -B -q -DskipTests verify)" >&2; exit 2; }
[ -s "$mpi_jar" ] || { echo "no mpi.jar at $mpi_jar (set MPI_JAR or run scripts/setup.sh)" >&2; exit 2; }
temporary=""
[ -n "$work" ] || { work="$(mktemp -d /tmp/mpiguard-transparency.XXXXXX)"; temporary=1; }
mkdir -p "$work"
cp_all="$mpi_jar${extra_cp:+:$extra_cp}:$classes"
root_flag=()
[ "$(id -u)" = 0 ] && root_flag=(--allow-run-as-root)

# A class with a main method names "main" and "([Ljava/lang/String;)V" in its constant
# pool; reading the bytes is far cheaper than a JVM per class (javap).
programs() {
  (cd "$classes" && find "./$subdir" -name '*.class' ! -name '*$*' | sort) | while read -r f; do
    if grep -qa '(\[Ljava/lang/String;)V' "$classes/$f" && grep -qa 'main' "$classes/$f"; then
      f="${f#./}"; f="${f#/}"; f="${f%.class}"; echo "${f//\//.}"
    fi
  done | { if [ -n "$only" ]; then grep -E "$only"; else cat; fi; }
}

# run MAIN RANKS OUTDIR [agent]: one job; OUTDIR gets exit, ranks/1/rank.N/{stdout,stderr}, report/
run() {
  local main="$1" n="$2" out="$3" with_agent="${4:-}"
  rm -rf "$out"; mkdir -p "$out"
  local java_args=()
  if [ -n "$with_agent" ]; then
    java_args+=("-javaagent:$agent=${agent_options:+$agent_options,}report=$out/report")
  fi
  (cd "$out" && timeout -k 5 "$timeout" mpirun "${root_flag[@]}" --oversubscribe --output-filename "$out/ranks" \
      -np "$n" java "${java_args[@]}" -cp "$cp_all" "$main" >"$out/stdout" 2>"$out/stderr" </dev/null)
  echo $? >"$out/exit"
}

# differences PLAIN AGENT N: the streams that differ, e.g. "exit 0->86 stdout[1]"
differences() {
  local a="$1" b="$2" n="$3" what="" r s
  [ "$(cat "$a/exit")" = "$(cat "$b/exit")" ] || what="exit $(cat "$a/exit")->$(cat "$b/exit")"
  for ((r = 0; r < n; r++)); do
    for s in stdout stderr; do
      cmp -s <(cat "$a/ranks/1/rank.$r/$s" 2>/dev/null) <(cat "$b/ranks/1/rank.$r/$s" 2>/dev/null) \
        || what="$what $s[$r]"
    done
  done
  echo "${what# }"
}

findings() {
  cat "$1"/report/findings-rank*.jsonl 2>/dev/null | wc -l
}

# cell MAIN N: "same" or "different: ..." for one rank count
cell() {
  local main="$1" n="$2" base="$work/$1/np$2"
  run "$main" "$n" "$base/plain"
  run "$main" "$n" "$base/agent" agent
  local diff found
  diff="$(differences "$base/plain" "$base/agent" "$n")"
  found="$(findings "$base/agent")"
  if [ -z "$diff" ] && [ "$found" = 0 ]; then
    echo "same (exit $(cat "$base/plain/exit"))"
    return 0
  fi
  local text="${diff}"
  [ "$found" = 0 ] || text="$text, $found finding(s): $(cat "$base"/agent/report/findings-rank*.jsonl \
      | grep -o '"message":"\[[a-z.-]*\]\|"kind":"[a-z-]*"' | sort | uniq -c | tr -s ' ' | tr '\n' ';')"
  if [ -n "$diff" ]; then
    run "$main" "$n" "$base/plain2"
    local again
    again="$(differences "$base/plain" "$base/plain2" "$n")"
    if [ -n "$again" ] && [ "$found" = 0 ]; then
      echo "same but nondeterministic (two plain runs differ too: $again)"
      return 0
    fi
    [ -z "$again" ] || text="$text (two plain runs differ too: $again)"
  fi
  echo "different: ${text#, }"
  return 1
}

list="$(programs)"
[ -n "$list" ] || { echo "no programs with a main method under $classes/$subdir" >&2; exit 2; }
header="| program |"; rule="| --- |"
for n in $ranks; do header="$header $n ranks |"; rule="$rule --- |"; done
echo "transparency: $(echo "$list" | wc -l) program(s) in $classes/$subdir, ranks $ranks, agent $agent${agent_options:+ ($agent_options)}; runs kept in $work"
echo
echo "$header"
echo "$rule"
total=0; differing=0
for main in $list; do
  row="| $main |"; bad=0
  for n in $ranks; do
    c="$(cell "$main" "$n")" || bad=1
    row="$row $c |"
  done
  echo "$row"
  total=$((total + 1)); differing=$((differing + bad))
done
echo
echo "$differing of $total program(s) differ under the agent"
# a temporary work directory is kept only when there is a difference to look at
[ "$differing" != 0 ] || [ -z "$temporary" ] || rm -rf "$work"
[ "$differing" = 0 ]
