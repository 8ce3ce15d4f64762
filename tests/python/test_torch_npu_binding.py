"""The torch_npu binding (torch_npu/grid_sample_npu.cpp) as far as it can be exercised without an NPU:
the registration pattern it uses (a PrivateUse1 kernel via TORCH_LIBRARY_IMPL, the schema owned by
_torch_ops.py's custom_op) works in either load order and wins over custom_op's kernel on the NPU
key; a second schema definition is rejected; the build command and the loader say what is missing.
The C++ source itself is compiled against the torch-npu wheel's headers by
scripts/check_real_headers.sh."""
import pathlib
import re
import subprocess
import sys
import textwrap

import pytest

import ascend_gridsample
from ascend_gridsample import _torch_npu

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMA = ("ascend_gridsample::grid_sample(Tensor input, Tensor grid, str mode, str padding_mode, "
          "bool align_corners, bool channel_last) -> Tensor")


def run_python(code: str) -> subprocess.CompletedProcess:
    # Run outside the source tree so that its torch_npu/ directory is not importable as a package.
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          cwd=pathlib.Path(ascend_gridsample.__file__).parents[2])


# What TORCH_LIBRARY_IMPL(ascend_gridsample, PrivateUse1, m) does, from Python: an IMPL-kind library.
REGISTER_NPU_KERNEL = """
    import torch
    def npu_kernel(input, grid, mode, padding_mode, align_corners, channel_last):
        raise AssertionError("not called for CPU tensors")
    npu_lib = torch.library.Library("ascend_gridsample", "IMPL", "PrivateUse1")
    npu_lib.impl("grid_sample", npu_kernel)
"""
CHECK_TABLE = """
    import torch.nn.functional as F
    op = torch.ops.ascend_gridsample.grid_sample.default
    assert str(op._schema) == {schema!r}, op._schema
    table = dict(line.split(": ", 1) for line in torch._C._dispatch_dump_table(op.name()).splitlines() if ": " in line)
    assert table["PrivateUse1"].endswith("[kernel]"), table["PrivateUse1"]
    assert "custom_ops.py" in table["AutogradPrivateUse1"], table["AutogradPrivateUse1"]
    assert "default backend kernel" in table["CPU"], table["CPU"]
    x = torch.rand(1, 2, 4, 5, dtype=torch.float64)
    g = torch.rand(1, 3, 3, 2, dtype=torch.float64) * 2 - 1
    torch.testing.assert_close(ascend_gridsample.grid_sample(x, g), F.grid_sample(x, g, align_corners=False))
    print("ok")
""".format(schema=SCHEMA)


@pytest.mark.parametrize("kernel_first", [True, False], ids=["kernel-before-schema", "schema-before-kernel"])
def test_npu_kernel_registers_in_either_order(kernel_first):
    if kernel_first:
        code = REGISTER_NPU_KERNEL + "\n    import ascend_gridsample\n    ascend_gridsample.register_torch_ops()\n"
    else:
        code = "\n    import torch, ascend_gridsample\n    ascend_gridsample.register_torch_ops()\n" + REGISTER_NPU_KERNEL
    result = run_python(code + CHECK_TABLE)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_a_second_schema_definition_is_rejected():
    # Why the C++ side must not def the op (TORCH_LIBRARY / _FRAGMENT): custom_op's define then fails.
    result = run_python(f"""
        import torch
        lib = torch.library.Library("ascend_gridsample", "FRAGMENT")
        lib.define({SCHEMA.split("::", 1)[1]!r})
        import ascend_gridsample
        ascend_gridsample.register_torch_ops()
    """)
    assert result.returncode != 0
    assert "registered" in result.stderr and "multiple times" in result.stderr, result.stderr


def test_build_command_needs_torch_npu():
    result = subprocess.run([sys.executable, "-m", "ascend_gridsample", "build-torch-npu"], capture_output=True,
                            text=True, cwd=pathlib.Path(ascend_gridsample.__file__).parents[2])
    assert result.returncode != 0
    assert "build-torch-npu: the torch_npu binding needs torch_npu, which does not import here" in result.stderr


def test_import_with_torch_npu_but_no_kernel_warns():
    # A stand-in module: ascend_gridsample only checks that torch_npu was imported first.
    assert not _torch_npu.LIBRARY.exists()
    result = run_python("""
        import sys, types, warnings
        sys.modules["torch_npu"] = types.ModuleType("torch_npu")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            import ascend_gridsample
        assert any("python -m ascend_gridsample build-torch-npu" in str(w.message) for w in caught), caught
        print("ok")
    """)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_installed_package_ships_the_binding_source():
    source = pathlib.Path(ascend_gridsample.__file__).parent / "torch_npu"
    for name in ("grid_sample_npu.cpp", "aclnn_args.h"):
        assert (source / name).read_bytes() == (ROOT / "torch_npu" / name).read_bytes(), name


def test_op_plugin_version_code():
    # op-plugin's Version.h: V2R1 is 0, counting up by one per torch 2.x release (V2R13 = 12).
    assert _torch_npu._op_plugin_version("2.13.0") == 12
    assert _torch_npu._op_plugin_version("2.1.0+cpu") == 0
    header = ROOT / "build/real_headers/torch_npu/include/third_party/op-plugin/op_plugin/utils/Version.h"
    if header.exists():
        codes = dict(re.findall(r"#define V2R(\d+) (\d+)", header.read_text()))
        for minor, code in codes.items():
            assert _torch_npu._op_plugin_version(f"2.{minor}.0") == int(code)
    with pytest.raises(RuntimeError, match="torch 2.1 and later"):
        _torch_npu._op_plugin_version("1.13.1")
