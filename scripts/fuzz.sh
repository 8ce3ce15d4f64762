#!/usr/bin/env bash
# Fuzzes the aclnn GridSampler entry points (tests/fuzz/aclnn_fuzz.py, atheris/libFuzzer) over
# ranks, shapes, strides, pointers, dtypes, modes and contents, then the backward, Interpolate and
# Upsample entry points and the Python API (tests/fuzz/entry_fuzz.py, with huge broadcast sizes).
# First replays every input found so far (tests/fuzz/regressions, entry_regressions) and the
# seeds, then fuzzes each target for FUZZ_SECONDS (default 60, the CI bound; FUZZ_SECONDS=0 runs
# until a failure or Ctrl-C, the long local mode; FUZZ_TARGETS="aclnn_fuzz" picks targets).
# A failing input is written to build/fuzz/crash-* (build/fuzz/entry-crash-*): copy it to
# tests/fuzz/regressions/<what>.bin (entry_regressions/<what>.bin).
set -euo pipefail
cd "$(dirname "$0")/.."
# the interpreter itself, not a launcher script (pyenv's shims are bash scripts, which a preloaded
# sanitizer runtime would instrument instead; TSan crashes in them)
PY=$("${PYTHON:-python3}" -c 'import sys; print(sys.executable)')
SECONDS_BOUND=${FUZZ_SECONDS:-60}
"$PY" -m pip install -q atheris
mkdir -p build/fuzz/corpus
# Coverage-guided fuzzing runs on the installed package (scripts/test.sh installs it): atheris'
# coverage needs libFuzzer's hooks, which a preloaded gcc libasan would take over. The corpus it
# grows is then replayed under the ASan+UBSan build (build/asan/site, staged by
# scripts/sanitize.sh) when there is one, so each interesting input is also checked for memory errors.
echo "== replaying regressions and seeds"
"$PY" -m pytest -q -p no:cacheprovider tests/fuzz/test_aclnn_regressions.py
mkdir -p build/fuzz/entry_corpus
for target in ${FUZZ_TARGETS:-aclnn_fuzz entry_fuzz}; do
  echo "== fuzzing $target for ${SECONDS_BOUND} s (0: unbounded)"
  # new inputs go to build/fuzz/corpus (entry_corpus); the committed seeds are read only
  if [[ $target == aclnn_fuzz ]]; then corpus=(build/fuzz/corpus tests/fuzz/seeds); prefix=build/fuzz/
  else corpus=(build/fuzz/entry_corpus tests/fuzz/entry_seeds); prefix=build/fuzz/entry-; fi
  "$PY" "tests/fuzz/$target.py" -max_total_time="$SECONDS_BOUND" -timeout=30 -rss_limit_mb=4096 \
    -artifact_prefix="$prefix" -print_final_stats=1 "${corpus[@]}"
done
if [[ -d build/asan/site/ascend_gridsample ]]; then
  echo "== replaying the corpora under ASan+UBSan ($(( $(ls build/fuzz/corpus | wc -l) + $(ls build/fuzz/entry_corpus | wc -l) )) inputs)"
  # allocator_may_return_null: an allocation beyond memory fails as malloc documents (numpy raises
  # MemoryError, which inputs asking for a huge output expect) instead of aborting the replay
  LD_PRELOAD="$(${CXX:-g++} -print-file-name=libasan.so)" PYTHONPATH="$PWD/build/asan/site" \
    ASAN_OPTIONS=detect_leaks=0:handle_segv=0:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    AGS_FUZZ_REPLAY_DIR=build/fuzz/corpus AGS_FUZZ_ENTRY_REPLAY_DIR=build/fuzz/entry_corpus \
    "$PY" -m pytest -q -p no:cacheprovider tests/fuzz/test_aclnn_regressions.py
fi
