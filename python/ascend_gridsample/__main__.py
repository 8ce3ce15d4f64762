"""python -m ascend_gridsample --cflags --libs [--fast]: compiler flags for C++ programs that
include acl/acl.h, aclnn/acl_meta.h, tikicpulib.h, kernel_operator.h, aclnnop/*.h, ge/ge_api.h
and the op prototypes (array_ops.h, grid_sample_proto.h).

The checked build is the default: a kernel launched with tikicpulib.h's ICPU_RUN_KF is in CPU debug
mode (Ascend C operator debugging API, "ICPU_RUN_KF"), where CANN checks the kernel's API use; here
that is the build in which every documented hardware rule is asserted. --fast selects the build
with the checks compiled out.

python -m ascend_gridsample build-torch-npu [--verbose]: builds the NPU kernel of
torch.ops.ascend_gridsample.grid_sample (torch_npu/grid_sample_npu.cpp) where torch_npu imports;
``import torch_npu, ascend_gridsample`` then loads it (see _torch_npu.py)."""
import argparse
import pathlib
import sys

_PKG = pathlib.Path(__file__).resolve().parent


def build_torch_npu(argv: list) -> None:
    parser = argparse.ArgumentParser(prog="python -m ascend_gridsample build-torch-npu")
    parser.add_argument("--verbose", action="store_true", help="show the compiler commands")
    args = parser.parse_args(argv)
    from . import _torch_npu
    try:
        library = _torch_npu.build(verbose=args.verbose)
    except RuntimeError as error:
        sys.exit(f"build-torch-npu: {error}")
    print(f"built {library}; `import torch_npu, ascend_gridsample` loads it")


def main() -> None:
    if sys.argv[1:2] == ["build-torch-npu"]:
        build_torch_npu(sys.argv[2:])
        return
    parser = argparse.ArgumentParser(
        prog="python -m ascend_gridsample", formatter_class=argparse.RawDescriptionHelpFormatter,
        usage="%(prog)s [-h] [--cflags] [--libs] [--fast | --checked]\n       %(prog)s build-torch-npu [--verbose]",
        description="Compiler flags for C++ programs using the package (acl, aclnn, GE graph mode, the simulator).",
        epilog="command:\n  build-torch-npu [--verbose]  build the NPU kernel of torch.ops.ascend_gridsample.grid_sample\n"
               "                               where torch_npu imports (python -m ascend_gridsample build-torch-npu -h)")
    parser.add_argument("--cflags", action="store_true", help="include paths and definitions")
    parser.add_argument("--libs", action="store_true", help="linker flags")
    build = parser.add_mutually_exclusive_group()
    build.add_argument("--fast", action="store_true",
                       help="the fast simulator build (checks compiled out, bit-identical results)")
    build.add_argument("--checked", action="store_true", help="the checked simulator build (the default)")
    args = parser.parse_args()
    checked = not args.fast
    flags = []
    if args.cflags:
        # include/op_proto: the op prototypes (array_ops.h, grid_sample_proto.h), as CANN's op_proto dirs
        flags += [f"-I{_PKG / 'include'}", f"-I{_PKG / 'include' / 'op_proto'}", "-std=c++17", "-DASCENDC_CPU_DEBUG",
                  f"-DASCENDC_SIM_CHECKED={1 if checked else 0}"]
    if args.libs:
        lib = "ascend_gridsample_checked" if checked else "ascend_gridsample"
        flags += [f"-L{_PKG / 'lib'}", f"-l{lib}", f"-Wl,-rpath,{_PKG / 'lib'}", "-pthread"]
    if not flags:
        parser.print_help()
        return
    print(" ".join(flags))


if __name__ == "__main__":
    main()
