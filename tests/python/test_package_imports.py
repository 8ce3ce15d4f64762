"""The package's modules import one another in layers, without cycles: _runtime (the extension), the
operators' runners (_grid_sample, _interpolate), the torch.library operators, then the public API."""
from __future__ import annotations

import ast
import pathlib

import ascend_gridsample

PACKAGE = pathlib.Path(ascend_gridsample.__file__).parent


def imports_of(path: pathlib.Path) -> set[str]:
    """The package modules a module imports, at its top or inside functions."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            found |= {node.module.split(".")[0]} if node.module else {a.name for a in node.names}
    return found


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph as a list of modules, or None."""
    state: dict[str, int] = {}   # 1: on the path, 2: done

    def visit(node, path):
        state[node] = 1
        for dep in sorted(graph.get(node, ())):
            if state.get(dep) == 1:
                return path[path.index(dep):] + [dep] if dep in path else [node, dep]
            if dep not in state and (found := visit(dep, path + [dep])):
                return found
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start, [start])):
            return found
    return None


def test_the_cycle_finder_finds_a_planted_cycle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycles_between_package_modules():
    graph = {p.stem: imports_of(p) - {"__init__"} for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    assert {"_runtime", "_grid_sample", "_interpolate", "_torch_ops", "_interpolate_torch", "_api"} <= set(graph)
    assert cycle(graph) is None, f"import cycle: {' -> '.join(cycle(graph))}"
    assert graph["_runtime"] == set()
    assert "_api" not in graph["_torch_ops"] | graph["_interpolate_torch"] | graph["_grid_sample"] | graph["_interpolate"]


def test_python_attribute_tables_agree_with_the_operators_table():
    """The Python names and codes of the enum attributes are op_host/attr_names.h's (the table the
    aclnn layer, the tilings, the graph prototypes and the ONNX plugin use), plus torch's aliases."""
    from ascend_gridsample import _grid_sample, _interpolate
    from ascend_gridsample._runtime import extension
    names = extension().attribute_names()

    def coded(table):
        return dict(zip(table, range(len(table))))

    assert _grid_sample._MODES == {**coded(names["grid_sample_modes"]), "linear": 0, "cubic": 2}
    assert _grid_sample._PADDINGS == coded(names["grid_sample_paddings"])
    assert _interpolate.MODES == coded(names["interpolate_modes"])
    assert _interpolate.COORDINATE_TRANSFORMATION_MODES == coded(names["coordinate_transformation_modes"])
    assert _interpolate.NEAREST_MODES == coded(names["nearest_modes"])
    assert _interpolate.SHAPE_CALCULATION_MODES == coded(names["shape_calculation_modes"])
