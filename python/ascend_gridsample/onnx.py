"""Run ONNX models with their GridSample and Resize nodes on this package's operators (the simulated
NPU) and every other node on ONNX Runtime, the way CANN's ONNX parser splits a model between its op
packages and the host:

1. The feeds fix the input shapes (as ATC's --input_shape does). Constant subgraphs (nodes whose
   inputs are all initializers or folded values) and shape subgraphs (Shape / Size of a value whose
   shape shape inference fixes, and what is computed from them, e.g. an exported F.interpolate
   size) are folded on the host, as GE folds them while compiling.
2. Each ai.onnx GridSample and Resize node goes through the op package's ONNX parser plugin
   (framework/onnx_plugin/, REGISTER_CUSTOM_OP(...).FrameworkType(ONNX)); a node it maps runs on
   the GE operator, a node it rejects runs on ONNX Runtime, and the run's report says why.
3. The other nodes are cut into partitions: maximal runs of nodes of one kind whose order keeps
   every partition's inputs computed before it. A partition of our nodes is a GE graph run by
   Session::RunGraph (graph inputs become Data operators; constants, and the scales / sizes of
   Resize, Const operators whose values infer functions read); a partition of other nodes is an
   ONNX Runtime model built from the original nodes, initializers and opsets.

    import ascend_gridsample.onnx as ags_onnx
    (y,) = ags_onnx.run("model.onnx", {"X": x, "Grid": grid})
    ags_onnx.last_run()["nodes"]     # where each node ran, and why
"""
from __future__ import annotations

import os
import threading

import numpy as np

from ._api import extension

# GE statuses (ge/ge_error_codes.h) carried by OnnxRunError.status
GE_PARAM_INVALID, GE_SHAPE_INVALID, GE_DATATYPE_INVALID, GE_INTERNAL_ERROR = 145000, 145021, 145022, 545000

# onnx TensorProto data type -> (ge::DataType, numpy dtype) of the values passed to GE graphs
_ONNX_TO_GE = {1: (0, np.float32), 10: (1, np.float16), 11: (11, np.float64), 6: (3, np.int32),
               7: (9, np.int64), 3: (2, np.int8), 2: (4, np.uint8)}
_GE_TO_NUMPY = {ge: dt for ge, dt in _ONNX_TO_GE.values()}
_ONNX_DOMAINS = ("", "ai.onnx")
_OUR_OPS = {"GridSample": "GridSample", "Resize": "Interpolate"}   # ONNX op -> the GE op its plugin maps it to
NPU, HOST, FOLDED = "npu", "onnxruntime", "folded"

_last = threading.local()


class OnnxRunError(RuntimeError):
    """A model that cannot run: `status` is the GE status of the failure (docs/errors.md),
    `reason` what failed."""

    def __init__(self, reason: str, status: int):
        super().__init__(f"{reason} (GE status {status})")
        self.reason, self.status = reason, status


def last_run() -> dict:
    """Where the calling thread's last `run` ran each node: {"nodes": [{"node", "op_type", "ran_on"
    ("npu" | "onnxruntime" | "folded"), "partition" (index, None when folded), "why"}, ...] in the
    model's order, "partitions": [{"ran_on", "nodes", "inputs", "outputs"}, ...] in their order}."""
    return getattr(_last, "report", {"nodes": [], "partitions": []})


def _is_onnx(node) -> bool:
    return node.domain in _ONNX_DOMAINS


def _subgraphs(node):
    import onnx

    for a in node.attribute:
        if a.type == onnx.AttributeProto.GRAPH:
            yield a.g
        elif a.type == onnx.AttributeProto.GRAPHS:
            yield from a.graphs


def _outer_refs(graph, defined=()) -> list[str]:
    """Names a subgraph reads from the enclosing scopes."""
    defined = set(defined) | {i.name for i in graph.input} | {t.name for t in graph.initializer}
    refs = []
    for node in graph.node:
        refs += [i for i in node.input if i and i not in defined]
        for g in _subgraphs(node):
            refs += _outer_refs(g, defined)
        defined.update(node.output)
    return refs


def _deps(node) -> list[str]:
    """The values a node reads: its inputs and what its subgraphs read from outside."""
    deps = [i for i in node.input if i]
    for g in _subgraphs(node):
        deps += _outer_refs(g)
    return list(dict.fromkeys(deps))


def _contains_our_ops(node) -> bool:
    return any(_is_onnx(n) and n.op_type in _OUR_OPS or _contains_our_ops(n) for g in _subgraphs(node) for n in g.node)


def _load(model):
    import onnx

    if isinstance(model, onnx.ModelProto):
        return model
    if not isinstance(model, (str, os.PathLike)):
        raise TypeError(f"model must be a path or an onnx.ModelProto, got {type(model).__name__}")
    try:
        return onnx.load(os.fspath(model))
    except Exception as e:  # noqa: BLE001 - any reason the file is not a model
        raise OnnxRunError(f"cannot read the model '{os.fspath(model)}': {e}", GE_PARAM_INVALID) from e


def _check_feeds(graph, initializers, feeds) -> dict:
    """The feeds as arrays, checked against the graph inputs' declared types and shapes (a dim given
    as a number must match; a named or missing dim takes the feed's)."""
    from onnx import helper

    wanted = [i.name for i in graph.input if i.name not in initializers]
    overridable = [i.name for i in graph.input if i.name in initializers]
    missing = [n for n in wanted if n not in feeds]
    if missing:
        raise OnnxRunError(f"no value fed for graph input(s) {missing}; expected {wanted}", GE_PARAM_INVALID)
    unknown = sorted(set(feeds) - set(wanted) - set(overridable))
    if unknown:
        raise OnnxRunError(f"feeds name {unknown}, which are not graph inputs; expected {wanted}", GE_PARAM_INVALID)
    arrays = {}
    for vi in graph.input:
        if vi.name not in feeds:
            continue
        array = np.asarray(feeds[vi.name])
        arrays[vi.name] = array
        if not vi.type.HasField("tensor_type"):
            continue
        t = vi.type.tensor_type
        want = np.dtype(helper.tensor_dtype_to_np_dtype(t.elem_type)) if t.elem_type else None
        if want is not None and array.dtype != want:
            raise OnnxRunError(f"input '{vi.name}' has dtype {array.dtype}; the model declares {want}",
                               GE_DATATYPE_INVALID)
        if t.HasField("shape"):
            dims = [d.dim_value if d.HasField("dim_value") else None for d in t.shape.dim]
            if len(dims) != array.ndim or any(d is not None and d != s for d, s in zip(dims, array.shape)):
                declared = [d if d is not None else "?" for d in dims]
                raise OnnxRunError(f"input '{vi.name}' has shape {list(array.shape)}; the model declares "
                                   f"{declared} ('?': any length)", GE_SHAPE_INVALID)
    return arrays


class _Plan:
    """A model cut for one run: the nodes left after folding, each with where it runs and why."""

    def __init__(self, proto, arrays):
        from onnx import numpy_helper

        self.proto = proto
        self.graph = proto.graph
        self.opset = next((o.version for o in proto.opset_import if o.domain in _ONNX_DOMAINS), None)
        if self.opset is None:
            raise OnnxRunError("the model imports no ai.onnx opset", GE_PARAM_INVALID)
        self.initializers = {t.name: t for t in self.graph.initializer if t.name not in arrays}
        self.constants = {n: numpy_helper.to_array(t) for n, t in self.initializers.items()}
        self.arrays = arrays
        self.all_nodes = list(self.graph.node)   # one wrapper per node, so that id() names it
        self.names = self._name_nodes()
        self._check_order()
        self.report = {}   # node name -> (ran_on, why)
        self.types = {}    # value name -> onnx elem type, where known
        self.shapes = {n: a.shape for n, a in arrays.items()}
        self.nodes = list(self.all_nodes)
        self._fold()
        self.outputs = [o.name for o in self.graph.output]

    def _name_nodes(self) -> dict:
        """A unique name per node (its own, else <op type>_<index>), by identity."""
        names, seen = {}, set()
        for index, node in enumerate(self.all_nodes):
            name = node.name or f"{node.op_type}_{index}"
            if name in seen:
                name = f"{name}_{index}"
            seen.add(name)
            names[id(node)] = name
        return names

    def name(self, node) -> str:
        return self.names[id(node)]

    def _check_order(self):
        defined = set(self.arrays) | set(self.constants)
        for node in self.all_nodes:
            for d in _deps(node):
                if d not in defined:
                    raise OnnxRunError(f"node '{self.name(node)}' ({node.op_type}): input '{d}' is neither a graph "
                                       "input, an initializer nor an earlier node's output", GE_PARAM_INVALID)
            defined.update(o for o in node.output if o)
        for o in self.graph.output:
            if o.name not in defined:
                raise OnnxRunError(f"graph output '{o.name}' is produced by no node", GE_PARAM_INVALID)

    # --- folding -----------------------------------------------------------------------------

    def _infer(self):
        """Types and shapes of the values of the remaining nodes, for the fixed input shapes."""
        import onnx
        from onnx import helper, numpy_helper

        inputs = [helper.make_tensor_value_info(n, helper.np_dtype_to_tensor_dtype(a.dtype), a.shape)
                  for n, a in self.arrays.items() if a.dtype != object]
        used = {d for node in self.nodes for d in _deps(node)}
        inits = [self.initializers[n] if n in self.initializers else numpy_helper.from_array(self.constants[n], n)
                 for n in self.constants if n in used]
        graph = helper.make_graph(self.nodes, "infer", inputs, [], initializer=inits)
        model = helper.make_model(graph, opset_imports=self.proto.opset_import, functions=self.proto.functions,
                                  ir_version=self.proto.ir_version)
        try:
            inferred = onnx.shape_inference.infer_shapes(model, data_prop=True).graph.value_info
        except Exception:  # noqa: BLE001 - shape inference is a help, not a check: ONNX Runtime checks
            inferred = []
        for vi in inferred:
            t = vi.type.tensor_type
            if not vi.type.HasField("tensor_type"):
                continue
            if t.elem_type:
                self.types[vi.name] = t.elem_type
            if t.HasField("shape") and all(d.HasField("dim_value") for d in t.shape.dim):
                self.shapes.setdefault(vi.name, tuple(d.dim_value for d in t.shape.dim))

    def _fold(self):
        """Folds constant and shape subgraphs, pass after pass (each shape inference may fix more
        shapes once values are folded)."""
        while True:
            self._infer()
            known, batch, keep = set(self.constants), [], []
            for node in self.nodes:
                deps = _deps(node)
                if _is_onnx(node) and node.op_type in _OUR_OPS:
                    keep.append(node)        # our operators run, even on constants
                elif (_is_onnx(node) and node.op_type in ("Shape", "Size") and node.input[0] not in known
                      and node.input[0] in self.shapes):
                    shape = self.shapes[node.input[0]]
                    self.constants[node.output[0]] = self._shape_value(node, shape)
                    self.report[self.name(node)] = (FOLDED, f"the shape of '{node.input[0]}' is fixed: {list(shape)}")
                    known.add(node.output[0])
                elif all(d in known for d in deps):
                    batch.append(node)
                    self.report[self.name(node)] = (FOLDED, "its inputs are constants")
                    known.update(o for o in node.output if o)
                else:
                    keep.append(node)
            if batch:
                outputs = [o for node in batch for o in node.output if o]
                self.constants.update(zip(outputs, self._run_host(batch, {}, outputs, "folding constants")))
            progress = len(keep) < len(self.nodes)
            self.nodes = keep
            if not progress or not any(_is_onnx(n) and n.op_type in ("Shape", "Size") for n in keep):
                return

    @staticmethod
    def _shape_value(node, shape):
        from onnx import helper

        if node.op_type == "Size":
            return np.asarray(int(np.prod(shape, dtype=np.int64)), np.int64)
        attrs = {a.name: helper.get_attribute_value(a) for a in node.attribute}
        rank = len(shape)
        start, end = (min(max(v + rank if v < 0 else v, 0), rank) for v in (attrs.get("start", 0), attrs.get("end", rank)))
        return np.asarray(shape[start:end], np.int64)

    # --- onnxruntime --------------------------------------------------------------------------

    def _run_host(self, nodes, values, outputs, what):
        """Runs `nodes` as one ONNX Runtime model: `values` (name -> array) its inputs, the constants
        they read its initializers; returns the arrays of `outputs`."""
        from onnx import ValueInfoProto, helper, numpy_helper

        names = ", ".join(f"'{self.name(n)}'" for n in nodes[:4]) + (", ..." if len(nodes) > 4 else "")
        try:
            import onnxruntime as ort
        except ImportError as e:
            raise ImportError(f"{what}: node(s) {names} run on ONNX Runtime: pip install onnxruntime") from e
        deps = [d for node in nodes for d in _deps(node)]
        produced = {o for node in nodes for o in node.output}
        inputs = [helper.make_tensor_value_info(n, helper.np_dtype_to_tensor_dtype(a.dtype), a.shape)
                  for n, a in values.items()]
        inits = [self.initializers[n] if n in self.initializers else numpy_helper.from_array(self.constants[n], n)
                 for n in dict.fromkeys(deps) if n not in produced and n not in values]
        outs = []
        for name in outputs:
            outs.append(helper.make_tensor_value_info(name, self.types[name], None) if name in self.types
                        else ValueInfoProto(name=name))
        graph = helper.make_graph(nodes, "partition", inputs, outs, initializer=inits)
        model = helper.make_model(graph, opset_imports=self.proto.opset_import, functions=self.proto.functions,
                                  ir_version=self.proto.ir_version)
        options = ort.SessionOptions()
        options.log_severity_level = 4   # failures come back as exceptions
        try:
            session = ort.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"])
        except Exception as e:  # noqa: BLE001 - every ONNX Runtime load failure is a model ONNX does not run
            raise OnnxRunError(f"{what}: ONNX Runtime rejects node(s) {names}: {str(e).strip()}", GE_PARAM_INVALID) from e
        try:
            return session.run(outputs, dict(values))
        except Exception as e:  # noqa: BLE001 - inputs ONNX Runtime rejects, or a kernel failing on the values
            status = GE_PARAM_INVALID if type(e).__name__ == "InvalidArgument" else GE_INTERNAL_ERROR
            raise OnnxRunError(f"{what}: ONNX Runtime failed running node(s) {names}: {str(e).strip()}", status) from e

    # --- where each node runs -----------------------------------------------------------------

    def plugin_node(self, node):
        """The node handed to the parser plugin: a Resize without its roi (used only by
        tf_crop_and_resize, which the plugin rejects) nor an empty scales beside sizes (Resize-11's
        placeholder)."""
        if node.op_type != "Resize":
            return node
        node = type(node).FromString(node.SerializeToString())
        if len(node.input) > 1:
            node.input[1] = ""
        if len(node.input) > 3 and node.input[3] and node.input[2] in self.constants and self.constants[node.input[2]].size == 0:
            node.input[2] = ""
        return node

    def origin(self, node) -> str:
        return f"ai.onnx::{self.opset}::{node.op_type}"

    def place(self, node, build) -> tuple[str, str]:
        """(NPU or HOST, why) for a node left after folding."""
        from google.protobuf import json_format

        if not (_is_onnx(node) and node.op_type in _OUR_OPS):
            if _contains_our_ops(node):
                return HOST, (f"{node.op_type} runs on the host runtime with its subgraphs, whose GridSample / Resize "
                              "nodes run there too (nodes inside control flow are not partitioned)")
            if not _is_onnx(node):
                return HOST, f"{node.domain}::{node.op_type} is not an ai.onnx operator of this package"
            return HOST, f"this package has no operator for {node.op_type}"
        pnode = self.plugin_node(node)
        inputs = list(pnode.input)
        if node.op_type == "Resize":
            inputs = [inputs[0], self._resize_values(pnode), f"{self.name(node)}:axes"]
        status, why = extension(build).onnx_map(self.name(node), self.origin(node),
                                                json_format.MessageToJson(pnode, indent=None), inputs, list(node.output))
        if status != 0:
            return HOST, f"the parser plugin does not map it: {why}"
        why = f"the parser plugin maps it onto the GE op {_OUR_OPS[node.op_type]}"
        if node.op_type == "Resize":
            values = inputs[1]
            kind = "sizes" if len(pnode.input) > 3 and pnode.input[3] else "scales"
            why += (f"; its {kind} '{values}' " + ("is a constant" if values in self.constants else
                    "is computed by an earlier partition and passed as a Const"))
        return NPU, why

    @staticmethod
    def _resize_values(node) -> str:
        given = list(node.input) + [""] * (4 - len(node.input))
        return given[3] or given[2]

    def partition(self, build) -> list[dict]:
        """Cuts the remaining nodes into partitions, each run at once: a node joins the first
        partition of its kind that comes no earlier than the partitions of what it reads (a strictly
        later one when the producer's partition is of the other kind, or for the scales / sizes of a
        Resize, which must be known before its GE graph is built)."""
        parts, part_of = [], {}
        for node in self.nodes:
            ran_on, why = self.place(node, build)
            self.report[self.name(node)] = (ran_on, why)
            strict = {self._resize_values(node)} if ran_on == NPU and node.op_type == "Resize" else set()
            lowest = 0
            for d in _deps(node):
                if d in part_of:
                    p = part_of[d]
                    lowest = max(lowest, p + 1 if parts[p]["ran_on"] != ran_on or d in strict else p)
            j = next((j for j in range(lowest, len(parts)) if parts[j]["ran_on"] == ran_on), None)
            if j is None:
                j = len(parts)
                parts.append({"ran_on": ran_on, "nodes": []})
            parts[j]["nodes"].append(node)
            part_of.update((o, j) for o in node.output if o)
        graph_outputs = set(self.outputs)
        for j, part in enumerate(parts):
            produced = {o for node in part["nodes"] for o in node.output if o}
            part["inputs"] = list(dict.fromkeys(d for node in part["nodes"] for d in _deps(node) if d not in produced))
            later = {d for other in parts[j + 1:] for node in other["nodes"] for d in _deps(node)}
            part["outputs"] = [o for node in part["nodes"] for o in node.output if o and (o in later or o in graph_outputs)]
            # a partition whose values nothing reads still runs (a failure there fails the run, as in
            # ONNX Runtime): it returns its last node's outputs
            part["outputs"] = part["outputs"] or [o for o in part["nodes"][-1].output if o]
        return parts

    # --- GE graphs ----------------------------------------------------------------------------

    def _resize_inputs(self, name, node, values, consts) -> list[str]:
        """The GE op Interpolate's inputs for a Resize node (X, roi, scales, sizes; axes an attribute
        from Resize-18): X, the given scales or sizes, and the axes, both Const operators (added to
        `consts`): the axes attribute, else every axis of the scales / sizes (they then cover them
        all). Negative axes count from the end of X's rank."""
        from onnx import helper

        x, given = node.input[0], self._resize_values(node)
        consts[given] = self.constants[given] if given in self.constants else values[given]
        attrs = {a.name: helper.get_attribute_value(a) for a in node.attribute}
        rank = len(self.shapes[x]) if x in self.shapes else np.ndim(values[x]) if x in values else None
        axes = [int(a) for a in attrs.get("axes", range(np.size(consts[given])))]
        if any(a < 0 for a in axes):
            if rank is None:
                raise OnnxRunError(f"node '{name}' (Resize): negative axes {axes} need X's rank, which shape "
                                   "inference does not know", GE_SHAPE_INVALID)
            axes = [a + rank if a < 0 else a for a in axes]
        consts[f"{name}:axes"] = np.asarray(axes, np.int64)
        return [x, given, f"{name}:axes"]

    def run_npu(self, part, values, build) -> list:
        from google.protobuf import json_format

        nodes, consts = [], {}
        for node in part["nodes"]:
            pnode = self.plugin_node(node)
            inputs = list(pnode.input)
            if node.op_type == "Resize":
                inputs = self._resize_inputs(self.name(node), pnode, values, consts)
            nodes.append((self.name(node), self.origin(node), json_format.MessageToJson(pnode, indent=None), inputs,
                          list(node.output)))
        produced = {o for node in part["nodes"] for o in node.output}
        for n in part["inputs"]:
            if n not in produced and n not in consts and n in self.constants:
                consts[n] = self.constants[n]
        data = [_feed(n, values[n]) for n in part["inputs"] if n not in consts and n in values]
        status, why, results = extension(build).onnx_run(
            nodes, data + [_feed(n, a) for n, a in consts.items()], part["outputs"], list(consts))
        if status != 0:
            raise OnnxRunError(f"ascend_gridsample.onnx.run: {why}", status)
        return [np.frombuffer(bytes_, dtype=_GE_TO_NUMPY[ge_type]).reshape(dims).copy()
                for _name, ge_type, dims, bytes_ in results]

    def run_host(self, part, values) -> list:
        feeds = {n: values[n] for n in part["inputs"] if n in values}
        try:
            return self._run_host(part["nodes"], feeds, part["outputs"], "onnxruntime partition")
        except OnnxRunError as e:
            # why the GridSample / Resize nodes among them are here
            notes = "".join(f"; node '{self.name(n)}' ran on onnxruntime because {self.report[self.name(n)][1]}"
                            for n in part["nodes"] if _is_onnx(n) and n.op_type in _OUR_OPS)
            raise OnnxRunError(e.reason + notes, e.status) from e


def _feed(name, array):
    array = np.ascontiguousarray(array)
    for ge_type, dtype in _ONNX_TO_GE.values():
        if array.dtype == np.dtype(dtype):
            return (name, ge_type, list(array.shape), array.tobytes())
    raise OnnxRunError(f"value '{name}' has dtype {array.dtype}, which no GE data type of this package matches",
                       GE_DATATYPE_INVALID)


def run(model, feeds: dict, build: str | None = None) -> list[np.ndarray]:
    """Runs `model` (a path or an onnx.ModelProto) on `feeds` (graph input name -> array; their
    shapes fix the model's input shapes) and returns the graph outputs in the model's order.
    GridSample and Resize nodes run on this package's operators, every other node on ONNX Runtime;
    `last_run()` says which node ran where and why. Raises OnnxRunError, with the GE status of
    the failure (docs/errors.md), for a model or feeds that cannot run."""
    proto = _load(model)
    arrays = _check_feeds(proto.graph, {t.name for t in proto.graph.initializer}, feeds)
    plan = _Plan(proto, arrays)
    parts = plan.partition(build)
    _last.report = {
        "nodes": [{"node": plan.name(n), "op_type": n.op_type, "ran_on": plan.report[plan.name(n)][0],
                   "partition": next((j for j, p in enumerate(parts) if any(m is n for m in p["nodes"])), None),
                   "why": plan.report[plan.name(n)][1]} for n in plan.all_nodes],
        "partitions": [{"ran_on": p["ran_on"], "nodes": [plan.name(n) for n in p["nodes"]], "inputs": p["inputs"],
                        "outputs": p["outputs"]} for p in parts],
    }
    values = dict(arrays)
    for part in parts:
        results = plan.run_npu(part, values, build) if part["ran_on"] == NPU else plan.run_host(part, values)
        values.update(zip(part["outputs"], results))
    return [values[o] if o in values else np.asarray(plan.constants[o]) for o in plan.outputs]
