#!/usr/bin/env bash
# Sanitizer run of the package (CI, after scripts/test.sh):
#  1. AddressSanitizer + UndefinedBehaviorSanitizer (build/asan): every ctest program, then a
#     time-bounded subset of the Python suite (SANITIZE_PYTESTS) with the instrumented extension
#     modules and libasan preloaded into the interpreter.
#  2. ThreadSanitizer (build/tsan): the runtime's stream/thread tests (tests/runtime) and
#     tests/python/test_api_threads.py (both builds, numpy and torch, from many threads).
# The launcher's fibers are annotated for both (simulator/src/core/launcher.cpp). Any report fails
# the run. SANITIZE_ONLY=address|thread runs one half.
set -euo pipefail
cd "$(dirname "$0")/.."
# the interpreter itself, not a launcher script (pyenv's shims are bash scripts, which a preloaded
# sanitizer runtime would instrument instead; TSan crashes in them)
PY=$("${PYTHON:-python3}" -c 'import sys; print(sys.executable)')
ONLY=${SANITIZE_ONLY:-}
"$PY" -m pip install -q pybind11 cmake ninja
PYBIND11_DIR=$("$PY" -m pybind11 --cmakedir)
CXX=${CXX:-g++}

# The Python tests run under each sanitizer: the default selection covers the kernel (2-D, 3-D,
# strided and channel-last paths), the aclnn entry points and their error statuses, the AI CPU
# path, and non-finite inputs; test_fuzz runs a reduced case count.
SANITIZE_PYTESTS=${SANITIZE_PYTESTS:-"tests/python/test_api_ranks_dtypes.py tests/python/test_strided.py
  tests/python/test_kernel_3d.py tests/python/test_channel_last_kernel.py tests/python/test_nonfinite.py
  tests/python/test_aicpu.py tests/python/test_view_copy.py tests/python/test_fuzz.py"}

# configure + build + stage the Python package of one sanitizer build in build/<dir>/site
# (targets: all, or the given ones).
build() {
  local dir=$1 kind=$2; shift 2
  cmake -S . -B "build/$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DAGS_BUILD_TESTS=ON \
        -DAGS_BUILD_PYTHON=ON -DAGS_SANITIZE="$kind" -DPython_EXECUTABLE="$(command -v "$PY")" \
        -Dpybind11_DIR="$PYBIND11_DIR" >/dev/null
  cmake --build "build/$dir" -j2 ${1:+--target "$@"}
  rm -rf "build/$dir/site"
  cmake --install "build/$dir" --prefix "build/$dir/site" >/dev/null
  cp python/ascend_gridsample/*.py "build/$dir/site/ascend_gridsample/"
}

# pytest with the staged instrumented package first on the path and the runtime preloaded
# (the interpreter itself is not instrumented, so the sanitizer's runtime must come first).
pytest_under() {
  local dir=$1 lib=$2; shift 2
  LD_PRELOAD="$("$CXX" -print-file-name="$lib")" PYTHONPATH="$PWD/build/$dir/site" \
    "$PY" -m pytest -q -p no:cacheprovider "$@"
}

t0=$SECONDS
if [[ -z $ONLY || $ONLY == address ]]; then
  echo "== ASan+UBSan build"; build asan address
  # compile_*: compiler diagnostics, unchanged by sanitizers; test_ascendc_counters: its launch
  # overhead bound (2 ms for 48 empty cores) is a timing test that the instrumentation slows past.
  echo "== ASan+UBSan ctest"
  ctest --test-dir build/asan --output-on-failure -j2 -E '^(compile_|test_ascendc_counters_)'
  echo "== ASan+UBSan pytest"
  # CPython and torch keep allocations until exit by design: leak checking is for the C++ tests.
  ASAN_OPTIONS=detect_leaks=0:handle_segv=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    GS_FUZZ_CASES=${GS_FUZZ_CASES:-40} pytest_under asan libasan.so $SANITIZE_PYTESTS
  echo "== ASan+UBSan: $((SECONDS - t0)) s"
fi
t1=$SECONDS
if [[ -z $ONLY || $ONLY == thread ]]; then
  # the runtime programs (streams, events, host tasks, device memory) and the Python modules
  runtime_tests=()
  for src in tests/runtime/*.cpp; do
    stem=$(basename "$src" .cpp); runtime_tests+=("${stem}_fast" "${stem}_checked")
  done
  echo "== TSan build"; build tsan thread _ext_fast _ext_checked "${runtime_tests[@]}"
  echo "== TSan ctest"
  ctest --test-dir build/tsan --output-on-failure -j2 -R '^runtime_'
  echo "== TSan pytest"
  # cmake/tsan.supp: a known false positive of TSan with thread_local destructors
  TSAN_OPTIONS=halt_on_error=1:handle_segv=0:suppressions=$PWD/cmake/tsan.supp \
    pytest_under tsan libtsan.so tests/python/test_api_threads.py
  echo "== TSan: $((SECONDS - t1)) s"
fi
