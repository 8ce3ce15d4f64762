"""python -m ascend_gridsample --cflags --libs [--checked]: compiler flags for C++ programs that
include acl/acl.h, aclnn/acl_meta.h, tikicpulib.h, kernel_operator.h and aclnnop/*.h."""
import argparse
import pathlib

_PKG = pathlib.Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m ascend_gridsample")
    parser.add_argument("--cflags", action="store_true", help="include paths and definitions")
    parser.add_argument("--libs", action="store_true", help="linker flags")
    parser.add_argument("--checked", action="store_true", help="use the checked simulator build")
    args = parser.parse_args()
    flags = []
    if args.cflags:
        flags += [f"-I{_PKG / 'include'}", "-std=c++17", "-DASCENDC_CPU_DEBUG",
                  f"-DASCENDC_SIM_CHECKED={1 if args.checked else 0}"]
    if args.libs:
        lib = "ascend_gridsample_checked" if args.checked else "ascend_gridsample"
        flags += [f"-L{_PKG / 'lib'}", f"-l{lib}", f"-Wl,-rpath,{_PKG / 'lib'}", "-pthread"]
    if not flags:
        parser.print_help()
        return
    print(" ".join(flags))


if __name__ == "__main__":
    main()
