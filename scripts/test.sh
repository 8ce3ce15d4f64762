#!/usr/bin/env bash
# Builds the package with its C++ tests and runs every test: ctest (simulator, runtime, tiling,
# aclnn, example program; each in the checked and the fast build), pytest, and the compile check
# against the real CANN headers.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
# torch first, pinned to its CPU build (an unpinned torch pulls CUDA packages)
"$PY" -m pip install -q torch==2.13.0
"$PY" -m pip install -q scikit-build-core pybind11 cmake ninja
"$PY" -m pip install -q --no-build-isolation -C build-dir=build/test -C cmake.define.AGS_BUILD_TESTS=ON ".[test,examples]"
ctest --test-dir build/test --output-on-failure -j2
"$PY" -m pytest tests/python -q
# conformance with the real CANN headers of the torch-npu wheel (downloaded, never installed)
bash scripts/check_real_headers.sh
