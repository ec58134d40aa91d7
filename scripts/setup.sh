#!/usr/bin/env bash
# Installs what MPIGuard needs on a fresh Debian machine, idempotently:
#   1. Open MPI 4.1.4 (openmpi-bin, libopenmpi-dev: libmpi_java.so, mpirun)
#   2. the Java half of the bindings (mpi.jar), compiled from Debian's own source
#      package of openmpi, because no Debian package ships it
#   3. that jar in the local Maven repository as org.open-mpi:mpi:4.1.4
#   4. Debian's chromium, which the tests use to open the HTML report headless
# A second run on a ready machine only checks and returns in seconds.
set -euo pipefail

MPI_VERSION=4.1.4
MPI_JAR_DIR=/usr/lib/x86_64-linux-gnu/openmpi/lib
MPI_JAR="$MPI_JAR_DIR/mpi.jar"
M2_JAR="${HOME}/.m2/repository/org/open-mpi/mpi/${MPI_VERSION}/mpi-${MPI_VERSION}.jar"
WORK="${MPIGUARD_SETUP_DIR:-/var/tmp/mpiguard-setup}"

step() { echo "[setup] $*"; }
fail() {
  echo "[setup] FAILED at step: $1" >&2
  echo "[setup] what to do: $2" >&2
  exit 1
}
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# ---- 1. Open MPI ---------------------------------------------------------------
if command -v mpirun >/dev/null 2>&1 && [ -e "$MPI_JAR_DIR/libmpi_java.so" ] \
   && dpkg -s libopenmpi-dev >/dev/null 2>&1; then
  step "Open MPI present: $(mpirun --version 2>/dev/null | head -n1)"
else
  step "installing Open MPI (openmpi-bin, libopenmpi-dev)"
  as_root apt-get update -qq >/dev/null \
    || fail "apt-get update" "check that Debian's package mirror is reachable and that you are root or have sudo"
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq openmpi-bin libopenmpi-dev >/dev/null \
    || fail "apt-get install openmpi-bin libopenmpi-dev" "run the same command by hand to see apt's error"
fi
[ -e "$MPI_JAR_DIR/libmpi_java.so" ] \
  || fail "locate libmpi_java.so" "expected $MPI_JAR_DIR/libmpi_java.so; this Open MPI build lacks Java support"

# ---- 2. mpi.jar from Debian's source package -------------------------------------
if [ -s "$MPI_JAR" ] && unzip -l "$MPI_JAR" 2>/dev/null | grep -q 'mpi/Comm.class'; then
  step "mpi.jar present: $MPI_JAR"
else
  step "building mpi.jar from Debian's source package of openmpi"
  mkdir -p "$WORK/lists/partial"
  src="$WORK/deb-src.sources"
  sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources > "$src" \
    || fail "write deb-src sources" "expected /etc/apt/sources.list.d/debian.sources (Debian bookworm)"
  apt_src=(-o "Dir::Etc::SourceParts=$WORK/parts" -o Dir::Etc::SourceList="$src" -o "Dir::State::Lists=$WORK/lists")
  mkdir -p "$WORK/parts"
  tarball=$(ls "$WORK"/openmpi_${MPI_VERSION}*.orig.tar.* 2>/dev/null | head -n1 || true)
  if [ -z "$tarball" ]; then
    (cd "$WORK" && apt-get "${apt_src[@]}" update -qq >/dev/null) \
      || fail "apt-get update (deb-src)" "the source index could not be fetched; check the network to Debian's mirror"
    (cd "$WORK" && apt-get "${apt_src[@]}" source --download-only openmpi >/dev/null 2>&1) \
      || fail "apt-get source --download-only openmpi" "run it by hand in $WORK to see why"
    tarball=$(ls "$WORK"/openmpi_${MPI_VERSION}*.orig.tar.* 2>/dev/null | head -n1 || true)
  fi
  [ -n "$tarball" ] || fail "find openmpi_${MPI_VERSION}.orig tarball" "Debian's source version differs from ${MPI_VERSION}; update MPI_VERSION here"
  rm -rf "$WORK/src" "$WORK/classes" && mkdir -p "$WORK/src" "$WORK/classes"
  tar -C "$WORK/src" -xf "$tarball" "openmpi-${MPI_VERSION}/ompi/mpi/java/java" \
    || fail "extract the Java bindings' sources" "the tarball $tarball may be damaged; delete it and rerun"
  javac -nowarn -encoding UTF-8 -d "$WORK/classes" "$WORK/src/openmpi-${MPI_VERSION}/ompi/mpi/java/java/"*.java 2>"$WORK/javac.log" \
    || fail "javac the bindings" "see $WORK/javac.log; a JDK 17 javac must be on PATH"
  (cd "$WORK" && jar cf mpi.jar -C classes .) || fail "jar mpi.jar" "a JDK's jar tool must be on PATH"
  as_root install -m 0644 "$WORK/mpi.jar" "$MPI_JAR" || fail "install $MPI_JAR" "run as root or with sudo"
fi

# ---- 3. local Maven repository -----------------------------------------------------
if [ -s "$M2_JAR" ] && cmp -s "$M2_JAR" "$MPI_JAR"; then
  step "mpi.jar installed for Maven: org.open-mpi:mpi:${MPI_VERSION}"
else
  step "installing mpi.jar for Maven as org.open-mpi:mpi:${MPI_VERSION}"
  mvn -q -B install:install-file -Dfile="$MPI_JAR" -DgroupId=org.open-mpi -DartifactId=mpi \
      -Dversion="$MPI_VERSION" -Dpackaging=jar >/dev/null \
    || fail "mvn install:install-file" "check that Maven can reach Maven Central (it fetches the install plugin)"
fi
# ---- 4. a headless browser for the report's test -------------------------------------
if command -v chromium >/dev/null 2>&1; then
  step "chromium present: $(chromium --version 2>/dev/null | head -n1)"
else
  step "installing chromium (the HTML report's test opens the report in it, headless)"
  as_root apt-get update -qq >/dev/null \
    || fail "apt-get update" "check that Debian's package mirror is reachable and that you are root or have sudo"
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium >/dev/null \
    || fail "apt-get install chromium" "run the same command by hand to see apt's error"
fi
step "ready"
