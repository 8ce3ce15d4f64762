#!/usr/bin/env bash
# Conformance with the real CANN headers: every op_host, op_graph and examples/*.cpp source (and the
# tests/conformance/*.cpp checks and the torch_npu/ binding) is compiled, syntax only, against the ACL runtime, GE graph and
# op-plugin aclnn headers that the torch-npu wheel ships. The real headers come first on the include
# path, so they win wherever they exist; the simulator supplies only what the wheel lacks
# (kernel_operator.h, register/, exe_graph/, tiling/platform/, aclnn/acl_meta.h, ...).
# The wheel is downloaded, never installed or imported (it needs the CANN runtime).
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PY=${PYTHON:-python3}
CXX=${CXX:-g++}
WHEEL_VERSION=2.13.0
CACHE=$ROOT/build/real_headers
INC=$CACHE/torch_npu/include

mkdir -p "$CACHE"
wheel=$(ls "$CACHE"/torch_npu-"$WHEEL_VERSION"-*.whl 2>/dev/null | head -n 1)
if [ -z "$wheel" ]; then
    # Any platform tag carries the same headers; pin one so the result does not depend on this
    # interpreter's version.
    "$PY" -m pip download -q --no-deps --only-binary=:all: --python-version 3.11 \
        --platform manylinux_2_28_x86_64 -d "$CACHE" "torch-npu==$WHEEL_VERSION" || {
        echo "check_real_headers: could not download torch-npu==$WHEEL_VERSION" >&2; exit 1; }
    wheel=$(ls "$CACHE"/torch_npu-"$WHEEL_VERSION"-*.whl | head -n 1)
fi
if [ ! -f "$INC/graph/operator_reg.h" ]; then
    rm -rf "$CACHE/torch_npu"
    "$PY" - "$wheel" "$CACHE" <<'PYEOF' || {
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel:
    wheel.extractall(sys.argv[2], [n for n in wheel.namelist() if n.startswith("torch_npu/include/")])
PYEOF
        echo "check_real_headers: could not unpack the include tree of $wheel" >&2; exit 1; }
fi

# Include order: the wheel's real headers first (acl/, graph/, ge/, op_proto/ at the top of its
# include tree; op-plugin's aclnn declarations under third_party/op-plugin), then ours. A quoted
# include is first looked up beside the including file, so a simulator header that includes
# "acl/acl_base.h" or "graph/operator.h" by its real path still gets the real one: our headers sit
# one directory below simulator/include/, where no acl/ or graph/ subdirectory exists.
REAL_DIRS=("$INC" "$INC/op_proto" "$INC/third_party/op-plugin")
# graph-mode programs include the op prototypes by file name (array_ops.h from the real op_proto
# dir above, grid_sample_proto.h from op_graph/), as a CANN install's op_proto dirs provide them.
OUR_DIRS=("$ROOT/simulator/include" "$ROOT/op_host/include" "$ROOT" "$ROOT/op_graph" "$ROOT/tests/cpp")
# op-plugin's headers need torch's (ATen) and Python's; torch is installed by scripts/test.sh.
TORCH_DIRS=$("$PY" -c 'import torch.utils.cpp_extension as c; print(" ".join(c.include_paths()))' 2>/dev/null)
PY_INC=$("$PY" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')

flags=(-std=c++17 -fsyntax-only -DASCENDC_CPU_DEBUG -DASCENDC_SIM_CHECKED=1)
for d in "${REAL_DIRS[@]}" "${OUR_DIRS[@]}"; do flags+=("-I$d"); done
conf_flags=(-DCURRENT_VERSION=12 -Wno-c++20-extensions)
for d in $TORCH_DIRS "$PY_INC"; do conf_flags+=("-isystem" "$d"); done

shopt -s nullglob globstar
# launch_sim.cpp binds op_host to the simulator's launcher; a CANN build replaces it (docs/cann_build.md).
sources=()
for f in op_host/**/*.cpp op_graph/**/*.cpp framework/**/*.cpp examples/*.cpp tests/op/test_graph_proto.cpp \
         tests/op/test_interpolate_proto.cpp; do
    [ "$f" = op_host/launch_sim.cpp ] && continue
    sources+=("$f")
done
# *_declarations.cpp are built and run below; the other conformance files are compile-time checks.
conformance=()
for f in tests/conformance/*.cpp; do
    case "$f" in *_declarations.cpp) ;; *) conformance+=("$f") ;; esac
done

fail=0
log=$CACHE/last.log
: > "$log"
compile() {  # compile <file> <extra flags...>
    local f=$1; shift
    if "$CXX" "${flags[@]}" "$@" "$f" > "$CACHE/one.log" 2>&1; then
        printf '  %-60s OK\n' "$f"
    else
        printf '  %-60s error\n' "$f"
        sed 's/^/      /' "$CACHE/one.log" | head -n 40
        cat "$CACHE/one.log" >> "$log"
        fail=$((fail + 1))
    fi
}
echo "Real-header conformance (torch-npu==$WHEEL_VERSION include tree, syntax only):"
for f in "${sources[@]}"; do compile "$f"; done
for f in "${conformance[@]}"; do compile "$f" "${conf_flags[@]}"; done
# A planted-violation file: its control must compile and its planted line (-DAGS_PLANT) must fail
# with the file's "// expect-error: " text ($1: -E for a regex, -F for a fixed string).
check_planted() {
    local match=$1 f=$2
    shift 2
    local expect
    expect=$(sed -n 's|^// expect-error: ||p' "$f" | head -n 1)
    if ! "$CXX" "${flags[@]}" "$@" "$f" > "$CACHE/one.log" 2>&1; then
        printf '  %-60s error (control)\n' "$f"
        sed 's/^/      /' "$CACHE/one.log" | head -n 20
        fail=$((fail + 1))
    elif "$CXX" "${flags[@]}" "$@" -DAGS_PLANT "$f" > "$CACHE/one.log" 2>&1 ||
         [ -z "$expect" ] || ! grep "$match"q -- "$expect" "$CACHE/one.log"; then
        printf '  %-60s error (planted line not rejected with: %s)\n' "$f" "$expect"
        sed 's/^/      /' "$CACHE/one.log" | head -n 20
        fail=$((fail + 1))
    else
        printf '  %-60s OK (planted line rejected)\n' "$f"
    fi
}
# The GE planted violations of tests/compile_fail/ against CANN's graph/ headers: each control must
# compile and each planted line must fail with the file's expected message, as on the simulator.
planted=(tests/compile_fail/ge_*.cpp)
for f in "${planted[@]}"; do check_planted -E "$f"; done

# The torch_npu binding (torch_npu/*.cpp), compiled like op-plugin's own kernels against torch's
# and the wheel's headers (-DCURRENT_VERSION=12: op-plugin's version code of torch 2.13), and its
# planted violations (tests/torch_npu/*.cpp: a control that compiles, a planted line rejected with
# the file's expected message). Built for real only where torch_npu imports
# (python -m ascend_gridsample build-torch-npu, or CMake with AGS_TORCH_NPU=ON).
binding=(torch_npu/*.cpp)
for f in "${binding[@]}"; do compile "$f" "${conf_flags[@]}"; done
binding_planted=(tests/torch_npu/*.cpp)
for f in "${binding_planted[@]}"; do check_planted -F "$f" "${conf_flags[@]}"; done

# The declarations (tests/conformance/*_declarations.cpp: acl runtime, GE): the same program built
# against the real headers and against the simulator's alone must print the same types, values
# and sizes.
declarations=()
for f in tests/conformance/*_declarations.cpp; do
    case "$f" in */host_declarations.cpp) ;; *) declarations+=("$f") ;; esac   # against real-cann, below
done
# declarations_agree <file> <what> <real include flags...>: built against those headers and against the
# simulator's alone, the program must print the same thing.
declarations_agree() {
    local f=$1 what=$2 stem
    shift 2
    stem=$(basename "$f" .cpp)
    if "$CXX" -std=c++17 "$@" "$f" -o "$CACHE/${stem}_real" > "$CACHE/one.log" 2>&1 &&
       "$CXX" -std=c++17 -I"$ROOT/simulator/include" "$f" -o "$CACHE/${stem}_sim" >> "$CACHE/one.log" 2>&1 &&
       "$CACHE/${stem}_real" > "$CACHE/${stem}_real.txt" && "$CACHE/${stem}_sim" > "$CACHE/${stem}_sim.txt" &&
       diff "$CACHE/${stem}_real.txt" "$CACHE/${stem}_sim.txt" >> "$CACHE/one.log" 2>&1; then
        printf '  %-60s OK (%s declarations agree%s)\n' "$f" "$(wc -l < "$CACHE/${stem}_real.txt")" "$what"
    else
        printf '  %-60s error (< real, > simulator)\n' "$f"
        sed 's/^/      /' "$CACHE/one.log" | head -n 40
        fail=$((fail + 1))
    fi
}
for f in "${declarations[@]}"; do declarations_agree "$f" "" -I"$INC" -I"$ROOT/simulator/include"; done
# The real CANN 8.5.0 headers kept beside the project (../shared/real-cann: asc-devkit, metadef, ge,
# platform; AGS_REAL_CANN to point elsewhere): every kernel and op_host source must compile against
# them (their own check.sh), the host API declarations the simulator models must agree with them
# (tests/conformance/host_declarations.cpp, built against both), and the host planted violations
# (tests/compile_fail/host_*.cpp) must be rejected by them as by the simulator.
real_cann=${AGS_REAL_CANN:-}
if [ -z "$real_cann" ]; then
    for d in "$ROOT/../shared/real-cann"; do
        [ -f "$d/check.sh" ] && real_cann=$(cd "$d" && pwd) && break
    done
fi
real_cann_checks=0
if [ -n "$real_cann" ] && [ -f "$real_cann/check.sh" ]; then
    REAL_HOST=$real_cann/host/include
    if REAL_HDRS="$INC" bash "$real_cann/check.sh" > "$CACHE/one.log" 2>&1; then
        printf '  %-60s OK (%s)\n' "real-cann/check.sh" "$(grep -E 'compile$' "$CACHE/one.log" | tr '\n' ';' | sed 's/;$//')"
    else
        printf '  %-60s error\n' "real-cann/check.sh"
        sed 's/^/      /' "$CACHE/one.log" | head -n 40
        fail=$((fail + 1))
    fi
    real_cann_checks=$((real_cann_checks + 1))
    declarations_agree tests/conformance/host_declarations.cpp " with CANN 8.5.0" -I"$REAL_HOST" -I"$INC/third_party/acl/inc"
    real_cann_checks=$((real_cann_checks + 1))
    saved_flags=("${flags[@]}")
    flags=(-std=c++17 -fsyntax-only "-I$REAL_HOST" "-I$INC/third_party/acl/inc")
    for f in tests/compile_fail/host_*.cpp; do
        check_planted -E "$f"
        real_cann_checks=$((real_cann_checks + 1))
    done
    flags=("${saved_flags[@]}")
else
    echo "  real CANN 8.5.0 headers not found (../shared/real-cann; set AGS_REAL_CANN): their checks are SKIPPED"
fi

# The CANN branch of CMakeLists.txt is wired: without a toolkit it stops with the documented message
# (the build itself needs the toolkit: docs/cann_build.md).
probe=$CACHE/cann_probe
rm -rf "$probe"
if env -u ASCEND_HOME_PATH -u ASCEND_CANN_PACKAGE_PATH cmake -S "$ROOT" -B "$probe" -DAGS_CANN=ON > "$CACHE/one.log" 2>&1; then
    printf '  %-60s error (configured without a toolkit)\n' "cmake -DAGS_CANN=ON"
    fail=$((fail + 1))
elif grep -q "The CANN build needs the toolkit: set ASCEND_CANN_PACKAGE_PATH" "$CACHE/one.log"; then
    printf '  %-60s OK (asks for the toolkit)\n' "cmake -DAGS_CANN=ON"
else
    printf '  %-60s error\n' "cmake -DAGS_CANN=ON"
    sed 's/^/      /' "$CACHE/one.log" | head -n 20
    fail=$((fail + 1))
fi
rm -rf "$probe"
total=$(( ${#sources[@]} + ${#conformance[@]} + ${#planted[@]} + ${#binding[@]} + ${#binding_planted[@]} + ${#declarations[@]} + real_cann_checks + 1 ))
echo "conformance: $((total - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
