"""Run ONNX models made of GridSample and Resize nodes on the simulated NPU, the way CANN's ONNX parser does:
constant subgraphs are folded on the host (as GE folds them while compiling: nodes whose inputs are
all initializers or constants, e.g. an exported affine_grid of a fixed theta), every other node
goes through the op package's ONNX parser plugin
(framework/onnx_plugin/grid_sample_onnx_plugin.cpp, registered with REGISTER_CUSTOM_OP(...)
.FrameworkType(ONNX)), the mapped GE operators form a GE graph (graph inputs become Data operators, initializers Const
operators, whose values infer functions read) and Session::RunGraph runs it.

    import ascend_gridsample.onnx as ags_onnx
    (y,) = ags_onnx.run("model.onnx", {"X": x, "Grid": grid})
"""
from __future__ import annotations

import os

import numpy as np

from ._api import extension

# onnx TensorProto data type -> (ge::DataType, numpy dtype); the GE op takes the float types
_ONNX_TO_GE = {1: (0, np.float32), 10: (1, np.float16), 11: (11, np.float64), 6: (3, np.int32),
               7: (9, np.int64), 3: (2, np.int8), 2: (4, np.uint8)}
_GE_TO_NUMPY = {ge: dt for ge, dt in _ONNX_TO_GE.values()}
_ONNX_DOMAINS = ("", "ai.onnx")


class OnnxRunError(RuntimeError):
    """A model the parser plugins or the graph engine cannot run; `status` is the GE status."""

    def __init__(self, message: str, status: int = 0):
        super().__init__(message)
        self.status = status


def _load(model):
    import onnx

    if isinstance(model, (str, os.PathLike)):
        return onnx.load(os.fspath(model))
    if isinstance(model, onnx.ModelProto):
        return model
    raise TypeError(f"model must be a path or an onnx.ModelProto, got {type(model).__name__}")


def _feed(name, array):
    array = np.ascontiguousarray(array)
    for ge_type, dtype in _ONNX_TO_GE.values():
        if array.dtype == np.dtype(dtype):
            return (name, ge_type, list(array.shape), array.tobytes())
    raise TypeError(f"input '{name}' has dtype {array.dtype}, which no GE data type of this package matches")


def _fold(node, opset, constants):
    """The outputs of a node of constant inputs, by the ONNX reference implementation."""
    import onnx
    from onnx.reference import ReferenceEvaluator

    inputs = [i for i in node.input if i]
    graph = onnx.helper.make_graph(
        [node], "fold",
        [onnx.helper.make_tensor_value_info(i, onnx.helper.np_dtype_to_tensor_dtype(np.asarray(constants[i]).dtype), None)
         for i in inputs],
        [onnx.helper.make_tensor_value_info(o, onnx.TensorProto.UNDEFINED, None) for o in node.output])
    model = onnx.helper.make_model(graph, opset_imports=[onnx.helper.make_opsetid("", opset)])
    results = ReferenceEvaluator(model).run(None, {i: constants[i] for i in inputs})
    return dict(zip(node.output, results))


def _resize_inputs(node, name, feeds, constants):
    """The inputs of the GE op Interpolate for a Resize node (X, roi, scales, sizes; axes an
    attribute from Resize-18): X, the given scales or sizes, and the axes as a constant (added to
    `constants`): the attribute, else every axis of the scales / sizes (they then cover them all).
    Negative axes count from the end of X's rank."""
    import onnx

    given = list(node.input) + [""] * (4 - len(node.input))
    values = given[3] or given[2]
    if not values:
        raise OnnxRunError(f"node '{name}' (Resize): neither input scales nor sizes is given; expected one")
    attrs = {a.name: onnx.helper.get_attribute_value(a) for a in node.attribute}
    rank = None
    if given[0] in feeds:
        rank = np.ndim(feeds[given[0]])
    elif given[0] in constants:
        rank = np.ndim(constants[given[0]])
    if "axes" in attrs:
        axes = [int(a) for a in attrs["axes"]]
        if any(a < 0 for a in axes):
            if rank is None:
                raise OnnxRunError(f"node '{name}' (Resize): negative axes {axes} need X's rank, which is not known "
                                   "before the graph runs")
            axes = [a + rank if a < 0 else a for a in axes]
    elif values in constants:
        axes = list(range(np.size(constants[values])))
    elif rank is not None:
        axes = list(range(rank))
    else:
        raise OnnxRunError(f"node '{name}' (Resize): input '{values}' is not an initializer and X's rank is not "
                           "known; expected constant scales or sizes")
    axes_name = f"{name}:axes"
    constants[axes_name] = np.asarray(axes, np.int64)
    return [given[0], values, axes_name]


def run(model, feeds: dict, build: str | None = None) -> list[np.ndarray]:
    """Runs `model` (a path or an onnx.ModelProto) on `feeds` (graph input name -> array) and
    returns the graph outputs in the model's order. Raises OnnxRunError naming the node when a
    node's op, opset or attribute value is not one the registered plugins map, or when the
    graph engine rejects the graph (its GE status and GEGetErrorMsg text)."""
    from google.protobuf import json_format

    proto = _load(model)
    opset = next((o.version for o in proto.opset_import if o.domain in _ONNX_DOMAINS), None)
    graph = proto.graph
    if opset is None:
        raise OnnxRunError("the model imports no ai.onnx opset")
    initializers = {t.name: t for t in graph.initializer}
    wanted = [i.name for i in graph.input if i.name not in initializers]
    missing = [n for n in wanted if n not in feeds]
    if missing:
        raise OnnxRunError(f"no value fed for graph input(s) {missing}; expected {wanted}")
    unknown = sorted(set(feeds) - set(wanted))
    if unknown:
        raise OnnxRunError(f"feeds name {unknown}, which are not graph inputs; expected {wanted}")
    from onnx import numpy_helper

    constants = {n: numpy_helper.to_array(t) for n, t in initializers.items()}
    nodes = []
    for index, node in enumerate(graph.node):
        name = node.name or f"{node.op_type}_{index}"
        domain = "ai.onnx" if node.domain in _ONNX_DOMAINS else node.domain
        if domain != "ai.onnx":
            raise OnnxRunError(f"node '{name}' ({node.domain}::{node.op_type}): only ai.onnx operators are parsed")
        if node.op_type != "GridSample" and all(i in constants for i in node.input if i):
            constants.update(_fold(node, opset, constants))
            continue
        json_text = json_format.MessageToJson(node, indent=None)
        inputs = list(node.input)
        if node.op_type == "Resize":
            inputs = _resize_inputs(node, name, feeds, constants)
        nodes.append((name, f"{domain}::{opset}::{node.op_type}", json_text, inputs, list(node.output)))
    used = {i for n in nodes for i in n[3]}
    values = [_feed(n, feeds[n]) for n in wanted]
    values += [_feed(n, a) for n, a in constants.items() if n in used]
    outputs = [o.name for o in graph.output]
    initializer_names = [n for n in constants if n in used]
    status, why, results = extension(build).onnx_run(nodes, values, outputs, initializer_names)
    if status != 0:
        raise OnnxRunError(f"ascend_gridsample.onnx.run: {why} (GE status {status})", status)
    out = []
    for _name, ge_type, dims, data in results:
        out.append(np.frombuffer(data, dtype=_GE_TO_NUMPY[ge_type]).reshape(dims).copy())
    return out
