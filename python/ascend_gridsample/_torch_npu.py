"""The torch_npu binding: the NPU (PrivateUse1) kernel of torch.ops.ascend_gridsample.grid_sample,
from torch_npu/grid_sample_npu.cpp, which calls aclnnGridSampler2D / 3D / Nd through op-plugin's
EXEC_NPU_CMD. It can only be built and loaded where torch_npu imports (an Ascend machine with CANN):

    python -m ascend_gridsample build-torch-npu     # once: writes lib/libascend_gridsample_torch_npu.so
    import torch_npu, ascend_gridsample             # ascend_gridsample loads the kernel
    y = ascend_gridsample.grid_sample(x.npu(), grid.npu())

Also runnable as a script (no package import), for CMake: ``python _torch_npu.py --cmake`` prints the
build flags as CMake list assignments, or fails when torch_npu does not import."""
from __future__ import annotations

import os
import pathlib
import sys
import sysconfig

_PKG = pathlib.Path(__file__).resolve().parent
LIBRARY_NAME = "ascend_gridsample_torch_npu"
LIBRARY = _PKG / "lib" / f"lib{LIBRARY_NAME}.so"


def _op_plugin_version(torch_version: str) -> int:
    """op-plugin's CURRENT_VERSION for a torch release: V2R<minor> = minor - 1 (op_plugin/utils/Version.h)."""
    major, minor = (int(part) for part in torch_version.split("+")[0].split(".")[:2])
    if major != 2 or minor < 1:
        raise RuntimeError(f"torch {torch_version}: op-plugin supports torch 2.1 and later")
    return minor - 1


def _import_torch_npu():
    import torch_npu
    # From the source tree's root, this project's torch_npu/ directory imports as an empty namespace
    # package when the real torch_npu is not installed.
    if getattr(torch_npu, "__file__", None) is None:
        raise ImportError(f"torch_npu is not installed (only the directory {list(torch_npu.__path__)} was found)")
    return torch_npu


def build_flags() -> dict:
    """Include dirs, library dirs, libraries and definitions of the binding (imports torch_npu)."""
    torch_npu = _import_torch_npu()
    import torch
    import torch.utils.cpp_extension as cpp_extension

    npu_dir = pathlib.Path(torch_npu.__file__).resolve().parent
    # torch_npu's own headers, op-plugin's (op_plugin/utils/op_api_common.h) and HCCL's, as
    # torch_npu.utils.cpp_extension.NpuExtension sets them, then CANN's (aclnn/aclnn_base.h).
    include_dirs = [str(npu_dir / "include"), str(npu_dir / "include" / "third_party" / "op-plugin"),
                    str(npu_dir / "include" / "third_party" / "hccl" / "inc")]
    # torch's, and Python's (op-plugin's headers include torch/csrc ones that need Python.h).
    include_dirs += cpp_extension.include_paths() + [sysconfig.get_paths()["include"]]
    cann = os.environ.get("ASCEND_HOME_PATH") or os.environ.get("ASCEND_TOOLKIT_HOME")
    if cann:
        include_dirs.append(os.path.join(cann, "include"))
    return {
        "include_dirs": include_dirs,
        "library_dirs": [str(npu_dir / "lib")] + cpp_extension.library_paths(),
        "libraries": ["torch_npu", "torch", "torch_cpu", "c10"],
        "definitions": [f"CURRENT_VERSION={_op_plugin_version(torch.__version__)}",
                        f"_GLIBCXX_USE_CXX11_ABI={int(torch._C._GLIBCXX_USE_CXX11_ABI)}"],
    }


def build(verbose: bool = False) -> pathlib.Path:
    """Compiles torch_npu/grid_sample_npu.cpp and upsample_npu.cpp (installed with the package) into
    LIBRARY."""
    try:
        _import_torch_npu()
    except ImportError as error:
        raise RuntimeError(f"the torch_npu binding needs torch_npu, which does not import here ({error}); "
                           "build it on a machine with CANN and torch_npu installed") from error
    import shutil
    import tempfile

    import torch.utils.cpp_extension as cpp_extension

    sources = [_PKG / "torch_npu" / "grid_sample_npu.cpp", _PKG / "torch_npu" / "upsample_npu.cpp"]
    for source in sources:
        if not source.exists():
            raise RuntimeError(f"{source} is missing: reinstall ascend-gridsample")
    flags = build_flags()
    # Our aclnnop/ declarations come last, so that CANN's and torch_npu's headers win wherever both exist.
    include_dirs = flags["include_dirs"] + [str(_PKG / "include")]
    with tempfile.TemporaryDirectory() as build_dir:
        built = cpp_extension.load(
            name=LIBRARY_NAME, sources=[str(s) for s in sources], build_directory=build_dir, is_python_module=False,
            extra_include_paths=include_dirs, extra_cflags=[f"-D{d}" for d in flags["definitions"]],
            extra_ldflags=[f"-L{d}" for d in flags["library_dirs"]] + [f"-l{lib}" for lib in flags["libraries"]]
            + [f"-Wl,-rpath,{d}" for d in flags["library_dirs"]],
            verbose=verbose)
        del built
        LIBRARY.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(os.path.join(build_dir, f"{LIBRARY_NAME}.so"), LIBRARY)
    return LIBRARY


def load() -> bool:
    """Registers the NPU kernel (torch_npu must be imported first); False if it is not built."""
    if not LIBRARY.exists():
        import warnings
        warnings.warn("torch_npu is imported but ascend_gridsample's NPU kernel is not built, so NPU tensors "
                      "are not supported: run `python -m ascend_gridsample build-torch-npu` once", stacklevel=3)
        return False
    import torch
    torch.ops.load_library(str(LIBRARY))
    return True


def _print_cmake_flags() -> int:
    try:
        flags = build_flags()
    except ImportError as error:
        print(f"torch_npu does not import: {error}", file=sys.stderr)
        return 1
    names = {"include_dirs": "AGS_TORCH_NPU_INCLUDE_DIRS", "library_dirs": "AGS_TORCH_NPU_LIBRARY_DIRS",
             "libraries": "AGS_TORCH_NPU_LIBRARIES", "definitions": "AGS_TORCH_NPU_DEFINITIONS"}
    for key, variable in names.items():
        print(f'set({variable} "{";".join(flags[key])}")')
    return 0


if __name__ == "__main__":
    if sys.argv[1:] != ["--cmake"]:
        sys.exit(f"usage: {sys.argv[0]} --cmake")
    sys.exit(_print_cmake_flags())
