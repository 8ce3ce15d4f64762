// ONNX parser plugin of Resize: maps ai.onnx Resize (opsets 11 to 28: the op versions 11, 13, 18
// and 19) onto this package's GE op Interpolate (op_graph/interpolate_proto.h) wherever the two
// define the same result:
//   mode                            nearest | linear | cubic -> mode nearest | linear | cubic
//   coordinate_transformation_mode  half_pixel, pytorch_half_pixel, align_corners, asymmetric (and
//                                   tf_half_pixel_for_nn in Resize-11) -> the same name
//   nearest_mode                    round_prefer_floor, round_prefer_ceil, floor, ceil -> the same
//   cubic_coeff_a                   -> cube_coeff
//   scales / sizes                  whichever input is given -> shape_calculation_mode scales / sizes
//   axes (18, 19)                   -> the axes input
// Rejected, with the attribute's name: coordinate_transformation_mode tf_crop_and_resize (a region
// of interest) and half_pixel_symmetric (19); exclude_outside 1; antialias 1 (ONNX clamps the
// stretched filter's out-of-range taps to the edge, Interpolate-11 drops them and renormalises);
// keep_aspect_ratio_policy other than stretch. extrapolation_value only matters with
// tf_crop_and_resize and is accepted otherwise. A Resize node takes (X, roi, scales, sizes); the
// runner passes the GE op X, the given scales or sizes, and the axes (ascend_gridsample.onnx).
// The node reaches the plugin as ONNX plugins receive it (register/register.h): its origin type
// "ai.onnx::<opset>::Resize" and the node's protobuf JSON in the attribute "attribute".
//   Plugin development: https://www.hiascend.com/document/detail/en/canncommercial/800/opdevg/Ascendcopdevg/atlas_ascendc_10_0086.html
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "framework/onnx_plugin/onnx_node_json.h"
#include "graph/operator.h"
#include "register/register.h"

namespace domi {
namespace {

using onnx_node::Base64;
using onnx_node::Json;
using onnx_node::JsonReader;

Status Reject(const std::string& node, const std::string& why) {
    ACL_APP_LOG(ACL_ERROR, "Resize ONNX plugin: node '%s': %s", node.c_str(), why.c_str());
    return FAILED;
}

// The op version in effect for a model's ai.onnx opset: the newest of 11, 13, 18, 19 not above it.
int OpVersion(int opset) { return opset >= 19 ? 19 : opset >= 18 ? 18 : opset >= 13 ? 13 : 11; }

bool Text(const Json& attr, std::string* out) {
    const Json* s = attr.Get("s");
    out->clear();
    return s == nullptr || Base64(s->text, out);
}

int64_t Int(const Json& attr) {
    const Json* i = attr.Get("i");
    return i ? std::atoll(i->text.c_str()) : 0;
}

Status ParseResizeOnnx(const ge::Operator& op_src, ge::Operator& op_dest) {
    ge::AscendString nameText, typeText, nodeText;
    op_src.GetName(nameText);
    op_src.GetOpType(typeText);
    const std::string node = nameText.GetString(), originType = typeText.GetString();
    // "ai.onnx::<opset>::Resize"
    const size_t first = originType.find("::"), last = originType.rfind("::");
    const int opset = first == std::string::npos || first == last ? 0 : std::atoi(originType.substr(first + 2, last - first - 2).c_str());
    if (opset < 11) return Reject(node, "origin type '" + originType + "' has no Resize op version this plugin maps (ai.onnx 11 and later)");
    const int version = OpVersion(opset);
    const std::string op = "Resize-" + std::to_string(version);
    if (op_src.GetAttr("attribute", nodeText) != ge::GRAPH_SUCCESS)
        return Reject(node, "the node's attributes (\"attribute\") are missing");
    Json nodeJson;
    if (!JsonReader(nodeText.GetString()).Read(&nodeJson) || nodeJson.kind != Json::kObject)
        return Reject(node, "the node's attribute text is not JSON");

    // scales or sizes: inputs 2 and 3 (an empty name is an absent optional input)
    std::vector<std::string> inputs;
    if (const Json* in = nodeJson.Get("input"))
        for (const Json& i : in->items) inputs.push_back(i.text);
    const bool sizesGiven = inputs.size() > 3 && !inputs[3].empty();
    const bool scalesGiven = inputs.size() > 2 && !inputs[2].empty();
    if (sizesGiven && scalesGiven) return Reject(node, "inputs scales and sizes are both given; " + op + " takes one");
    if (!sizesGiven && !scalesGiven) return Reject(node, "neither input scales nor sizes is given; expected one");

    std::string mode = "nearest", coord = "half_pixel", nearest = "round_prefer_floor", policy = "stretch";
    float cubeCoeff = -0.75f;
    if (const Json* attrs = nodeJson.Get("attribute")) {
        for (const Json& a : attrs->items) {
            const Json* nameJson = a.Get("name");
            if (!nameJson) continue;
            const std::string& name = nameJson->text;
            std::string* text = name == "mode" ? &mode
                                : name == "coordinate_transformation_mode" ? &coord
                                : name == "nearest_mode" ? &nearest
                                : name == "keep_aspect_ratio_policy" ? &policy
                                                                     : nullptr;
            if (text) {
                if (!Text(a, text)) return Reject(node, "attribute " + name + " is not valid base64 text");
                if (name == "keep_aspect_ratio_policy" && version < 18)
                    return Reject(node, "attribute 'keep_aspect_ratio_policy' is not a " + op + " attribute");
            } else if (name == "cubic_coeff_a") {
                const Json* f = a.Get("f");
                cubeCoeff = f ? std::strtof(f->text.c_str(), nullptr) : 0.0f;
            } else if (name == "exclude_outside") {
                if (Int(a) != 0)
                    return Reject(node, "exclude_outside is " + std::to_string(Int(a)) +
                                            "; Interpolate maps only 0 (cubic taps clamped to the edge)");
            } else if (name == "antialias" && version >= 18) {
                if (Int(a) != 0)
                    return Reject(node, "antialias is " + std::to_string(Int(a)) +
                                            "; Interpolate maps only 0 (ONNX clamps the stretched filter's taps to the "
                                            "edge, Interpolate-11 drops them)");
            } else if (name == "axes" && version >= 18) {
                // passed as the op's axes input by the runner
            } else if (name == "extrapolation_value") {
                // used by tf_crop_and_resize only, which is rejected below
            } else {
                return Reject(node, "attribute '" + name + "' is not a " + op + " attribute");
            }
        }
    }
    static const std::map<std::string, std::string> kModes = {{"nearest", "nearest"}, {"linear", "linear"}, {"cubic", "cubic"}};
    auto m = kModes.find(mode);
    if (m == kModes.end()) return Reject(node, "mode '" + mode + "' is not a " + op + " mode; expected nearest, linear or cubic");
    const bool coordOk = coord == "half_pixel" || coord == "pytorch_half_pixel" || coord == "align_corners" ||
                         coord == "asymmetric" || (coord == "tf_half_pixel_for_nn" && version == 11);
    if (!coordOk)
        return Reject(node, "coordinate_transformation_mode '" + coord + "' has no Interpolate equivalent; expected " +
                                "half_pixel, pytorch_half_pixel, align_corners or asymmetric" +
                                (version == 11 ? " (or tf_half_pixel_for_nn)" : "") +
                                (coord == "tf_crop_and_resize" ? " (tf_crop_and_resize resizes a region of interest)" : ""));
    if (nearest != "round_prefer_floor" && nearest != "round_prefer_ceil" && nearest != "floor" && nearest != "ceil")
        return Reject(node, "nearest_mode '" + nearest + "'; expected round_prefer_floor, round_prefer_ceil, floor or ceil");
    if (policy != "stretch")
        return Reject(node, "keep_aspect_ratio_policy '" + policy + "'; Interpolate maps only stretch");
    op_dest.SetAttr("mode", m->second.c_str());
    op_dest.SetAttr("shape_calculation_mode", sizesGiven ? "sizes" : "scales");
    op_dest.SetAttr("coordinate_transformation_mode", coord.c_str());
    op_dest.SetAttr("nearest_mode", nearest.c_str());
    op_dest.SetAttr("antialias", false);
    op_dest.SetAttr("cube_coeff", cubeCoeff);
    return SUCCESS;
}

}  // namespace

REGISTER_CUSTOM_OP("Interpolate")
    .FrameworkType(ONNX)
    // every ai.onnx opset from Resize-11 to the newest one this plugin knows (28, where version 19
    // is still current)
    .OriginOpType({"ai.onnx::11::Resize", "ai.onnx::12::Resize", "ai.onnx::13::Resize", "ai.onnx::14::Resize",
                   "ai.onnx::15::Resize", "ai.onnx::16::Resize", "ai.onnx::17::Resize", "ai.onnx::18::Resize",
                   "ai.onnx::19::Resize", "ai.onnx::20::Resize", "ai.onnx::21::Resize", "ai.onnx::22::Resize",
                   "ai.onnx::23::Resize", "ai.onnx::24::Resize", "ai.onnx::25::Resize", "ai.onnx::26::Resize",
                   "ai.onnx::27::Resize", "ai.onnx::28::Resize"})
    .ParseParamsByOperatorFn(ParseResizeOnnx)
    .ImplyType(ImplyType::TVM);

}  // namespace domi
