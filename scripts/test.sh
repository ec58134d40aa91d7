#!/usr/bin/env bash
# Sets up a fresh machine (Open MPI, the bindings jar) and builds and runs every test:
# unit tests of checker-core, rewriter tests of the agent, and integration tests that
# run the programs of test-programs/ under real mpirun with the packaged agent jar.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
mvn -B -ntp verify "$@"
