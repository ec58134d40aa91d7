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
#   --timeout S          seconds a run may run (stopped time not counted) before it counts as
#                        hung (default 60); a run that
#                        times out is repeated once with three times as long (a loaded
#                        machine), and a program still hanging plain is excluded, not compared
#   --work DIR           keep every run's output and findings here (default: a temp dir,
#                        removed when no program differs)
#   --only REGEX         only programs whose class name matches REGEX (grep -E)
#   --args "A B"         arguments given to every program (split at blanks; default none)
# Prints one Markdown table row per program and rank count: "same"; "warned" (exit code and
# every rank's output unchanged but for MPIGuard's warning lines); "excluded" (hangs without
# the agent); "same on a second agent run" (the first differed, e.g. a rank the machine
# failed to start; said so it can be looked at); or "different: what"; findings counted by
# severity, kind and rule. Then a summary.
# Where a run differs, the plain run is repeated: output that also differs between two
# plain runs is called nondeterministic (timing lines, for instance), not the agent's doing;
# every other difference still counts.
# Exit code: 0 when every program ran the same and silent under the agent, 1 otherwise (a
# difference, a warning, or a difference on a first run only), 2 on bad usage.
set -uo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"

ranks="2 4"
extra_cp=""
agent="$here/agent/target/mpiguard-agent.jar"
agent_options=""
timeout=60
work=""
only=""
program_args=""
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
    --args) program_args="$2"; shift 2 ;;
    -h|--help) usage ;;
    --*) echo "unknown option $1" >&2; usage ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] && [ $# -le 2 ] || usage
classes="$(cd "$1" && pwd)" || { echo "no directory $1" >&2; exit 2; }
# every run starts in its own directory: a relative jar path would name nothing there
[ -f "$agent" ] || { echo "no agent jar $agent" >&2; exit 2; }
agent="$(cd "$(dirname "$agent")" && pwd)/$(basename "$agent")"
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

# run MAIN RANKS OUTDIR [agent]: one job; OUTDIR gets exit, ranks/1/rank.N/{stdout,stderr}, report/.
# A run that times out (exit 124) is repeated once with three times the time: on a machine
# shared with other jobs a slow run is not a hang.
run() {
  local main="$1" n="$2" out="$3" with_agent="${4:-}"
  run_once "$main" "$n" "$out" "$with_agent" "$timeout"
  timed_out "$out" || return 0
  run_once "$main" "$n" "$out" "$with_agent" "$((timeout * 3))"
}

timed_out() {
  [ "$(cat "$1/exit")" = 124 ]
}

run_once() {
  local main="$1" n="$2" out="$3" with_agent="$4" seconds="$5"
  rm -rf "$out"; mkdir -p "$out"
  local java_args=()
  # the agent after -cp: Open MPI's launcher takes the first word holding "cp" (a temporary
  # directory's name may) for the class path option and rewrites the word after it
  if [ -n "$with_agent" ]; then
    java_args+=("-javaagent:$agent=${agent_options:+$agent_options,}report=$out/report")
  fi
  (cd "$out" && exec mpirun "${root_flag[@]}" --oversubscribe --output-filename "$out/ranks" \
      -np "$n" java -cp "$cp_all" "${java_args[@]}" "$main" $program_args >"$out/stdout" 2>"$out/stderr" </dev/null) &
  local pid=$! ticks=0
  # Counts seconds the job ran, not wall time: on a machine where other jobs' measurements
  # stop ours (SIGSTOP, then SIGCONT) a stopped job is not a hung one.
  while kill -0 "$pid" 2>/dev/null && [ "$ticks" -lt "$seconds" ]; do
    sleep 1
    case "$(ps -o stat= -p "$pid" 2>/dev/null)" in T*) ;; *) ticks=$((ticks + 1)) ;; esac
  done
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null; sleep 5; kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    echo 124 >"$out/exit"
    return
  fi
  wait "$pid"
  echo $? >"$out/exit"
}

# differences PLAIN AGENT N [strip]: the streams that differ, e.g. "exit 0->86 stdout[1]"; with
# "strip", MPIGuard's own lines ("[MPIGuard] ...", its findings) are left out of AGENT's stderr
differences() {
  local a="$1" b="$2" n="$3" strip="${4:-}" what="" r s
  [ "$(cat "$a/exit")" = "$(cat "$b/exit")" ] || what="exit $(cat "$a/exit")->$(cat "$b/exit")"
  for ((r = 0; r < n; r++)); do
    for s in stdout stderr; do
      cmp -s <(cat "$a/ranks/1/rank.$r/$s" 2>/dev/null) \
             <(cat "$b/ranks/1/rank.$r/$s" 2>/dev/null | { if [ -n "$strip" ]; then sed '/^\[MPIGuard\]/d'; else cat; fi; }) \
        || what="$what $s[$r]"
    done
  done
  echo "${what# }"
}

# covered DIFF BY: whether every stream DIFF names differs in BY too (an exit-code change
# counts as covered only when BY's exit codes differ as well)
covered() {
  local word
  for word in $1; do
    case "$word" in
      exit|*'->'*) [[ "$2" == exit* ]] || return 1 ;;
      *) [[ " $2 " == *" $word "* ]] || return 1 ;;
    esac
  done
}

errors() {
  cat "$1"/report/findings-rank*.jsonl "$1"/report/findings-analysis.jsonl 2>/dev/null | grep -c '"severity":"error"'
}

findings() {
  cat "$1"/report/findings-rank*.jsonl "$1"/report/findings-analysis.jsonl 2>/dev/null | wc -l
}

# what the findings of an agent run are: counts by severity, then by kind and [rule]
findings_summary() {
  local all
  all="$(cat "$1"/report/findings-rank*.jsonl "$1"/report/findings-analysis.jsonl 2>/dev/null)"
  echo "$(grep -c '"severity":"error"' <<<"$all") error(s), $(grep -c '"severity":"warning"' <<<"$all") warning(s):" \
    "$(grep -o '"kind":"[a-z-]*"\|"message":"\[[a-z.-]*\]' <<<"$all" | sed 's/"message":"//; s/"kind":"\(.*\)"/\1/' \
      | sort | uniq -c | awk '{ printf "%s %s; ", $1, $2 }')"
}

# cell MAIN N: one rank count. Prints the verdict; returns 0 same, 1 different, 2 excluded
# (hangs without the agent), 3 warned (exit code, stdout and stderr the same but for
# MPIGuard's warnings), 4 same on a second agent run (the first differed: said, to be looked at)
cell() {
  local main="$1" n="$2" base="$work/$1/np$2"
  run "$main" "$n" "$base/plain"
  if timed_out "$base/plain"; then
    echo "excluded: hangs without the agent (timed out twice, after ${timeout}s and $((timeout * 3))s)"
    return 2
  fi
  run "$main" "$n" "$base/agent" agent
  local diff found
  diff="$(differences "$base/plain" "$base/agent" "$n")"
  found="$(findings "$base/agent")"
  if [ -z "$diff" ] && [ "$found" = 0 ]; then
    echo "same (exit $(cat "$base/plain/exit"))"
    return 0
  fi
  local core
  core="$(differences "$base/plain" "$base/agent" "$n" strip)"
  if [ -z "$core" ] && [ "$(errors "$base/agent")" = 0 ]; then
    echo "warned (exit $(cat "$base/plain/exit"), output the same but for MPIGuard's lines): $(findings_summary "$base/agent")"
    return 3
  fi
  local text="${core}"
  [ "$found" = 0 ] || text="$text, $(findings_summary "$base/agent")"
  run "$main" "$n" "$base/plain2"
  local again
  again="$(differences "$base/plain" "$base/plain2" "$n")"
  # Output that differs between two plain runs (timings) is not the agent's doing; what else
  # differs is.
  if [ -n "$again" ] && covered "$core" "$again"; then
    if [ "$found" = 0 ]; then
      echo "same but nondeterministic (two plain runs differ too: $again)"
      return 0
    fi
    if [ "$(errors "$base/agent")" = 0 ]; then
      echo "warned (exit $(cat "$base/plain/exit"), output the same but for MPIGuard's lines and what two plain runs" \
        "differ in too: $again): $(findings_summary "$base/agent")"
      return 3
    fi
  fi
  [ -z "$again" ] || text="$text (two plain runs differ too: $again)"
  run "$main" "$n" "$base/agent2" agent
  if [ -z "$(differences "$base/plain" "$base/agent2" "$n" strip)" ] && [ "$(errors "$base/agent2")" = 0 ]; then
    echo "same on a second agent run (the first: ${text#, }; runs kept in $base)"
    return 4
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
total=0; differing=0; excluded=0; warned=0; flaky=0
for main in $list; do
  row="| $main |"; bad=0; hangs=0; warns=0; again=0
  for n in $ranks; do
    c="$(cell "$main" "$n")"
    case $? in 1) bad=1 ;; 2) hangs=1 ;; 3) warns=1 ;; 4) again=1 ;; esac
    row="$row $c |"
  done
  echo "$row"
  total=$((total + 1)); differing=$((differing + bad))
  if [ "$bad" = 0 ]; then
    excluded=$((excluded + hangs)); warned=$((warned + warns)); flaky=$((flaky + again))
  fi
done
echo
echo "$differing of $total program(s) differ under the agent"
[ "$warned" = 0 ] || echo "$warned program(s) only warned: exit code and output unchanged but for MPIGuard's warnings"
[ "$flaky" = 0 ] || echo "$flaky program(s) differed on a first agent run only (same on the second): see their rows"
[ "$excluded" = 0 ] || echo "$excluded program(s) excluded: they hang without the agent at some rank count"
# a temporary work directory is kept only when there is a difference to look at
quiet=$((differing + warned + flaky))
[ "$quiet" != 0 ] || [ -z "$temporary" ] || rm -rf "$work"
[ "$quiet" = 0 ]
