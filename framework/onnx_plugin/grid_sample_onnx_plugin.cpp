// ONNX parser plugin of GridSample: maps ai.onnx GridSample (opsets 16 to 28: the op versions 16,
// 20 and 22) onto this package's GE op GridSample (op_graph/grid_sample_proto.h).
//   mode          16: bilinear | nearest | bicubic;  20, 22: linear | nearest | cubic
//                 -> interpolation_mode bilinear | nearest | bicubic
//   padding_mode  zeros | border | reflection -> padding_mode
//   align_corners 0 | 1 -> align_corners
// 4-D and 5-D inputs map alike (the GE op takes both). A value outside the op version's list fails
// the parse with the node's name and the accepted values (application log).
// The node reaches the plugin as ONNX plugins receive it (register/register.h): its origin type
// "ai.onnx::<opset>::GridSample" and the node's protobuf JSON in the attribute "attribute".
//   Plugin development: https://www.hiascend.com/document/detail/en/canncommercial/800/opdevg/Ascendcopdevg/atlas_ascendc_10_0086.html
#include <cctype>
#include <cstring>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "graph/operator.h"
#include "op_host/attr_names.h"
#include "framework/onnx_plugin/onnx_node_json.h"
#include "register/register.h"

namespace domi {
namespace {

using onnx_node::Base64;
using onnx_node::Json;
using onnx_node::JsonReader;

Status Reject(const std::string& node, const std::string& why) {
    ACL_APP_LOG(ACL_ERROR, "GridSample ONNX plugin: node '%s': %s", node.c_str(), why.c_str());
    return FAILED;
}

// The op version in effect for a model's ai.onnx opset: the newest of 16, 20, 22 not above it.
int OpVersion(int opset) { return opset >= 22 ? 22 : opset >= 20 ? 20 : 16; }

Status ParseGridSampleOnnx(const ge::Operator& op_src, ge::Operator& op_dest) {
    ge::AscendString nameText, typeText, nodeText;
    op_src.GetName(nameText);
    op_src.GetOpType(typeText);
    const std::string node = nameText.GetString(), originType = typeText.GetString();
    // "ai.onnx::<opset>::GridSample"
    const size_t first = originType.find("::"), last = originType.rfind("::");
    const int opset = first == std::string::npos || first == last ? 0 : std::atoi(originType.substr(first + 2, last - first - 2).c_str());
    if (opset < 16) return Reject(node, "origin type '" + originType + "' has no GridSample op version (ai.onnx 16 and later)");
    const int version = OpVersion(opset);
    if (op_src.GetAttr("attribute", nodeText) != ge::GRAPH_SUCCESS)
        return Reject(node, "the node's attributes (\"attribute\") are missing");
    Json nodeJson;
    if (!JsonReader(nodeText.GetString()).Read(&nodeJson) || nodeJson.kind != Json::kObject)
        return Reject(node, "the node's attribute text is not JSON");

    std::string mode = version == 16 ? "bilinear" : "linear", padding = "zeros";
    int64_t alignCorners = 0;
    if (const Json* attrs = nodeJson.Get("attribute")) {
        for (const Json& a : attrs->items) {
            const Json* name = a.Get("name");
            if (!name) continue;
            if (name->text == "mode" || name->text == "padding_mode") {
                const Json* s = a.Get("s");
                std::string value;
                if (s && !Base64(s->text, &value)) return Reject(node, "attribute " + name->text + " is not valid base64 text");
                (name->text == "mode" ? mode : padding) = value;
            } else if (name->text == "align_corners") {
                const Json* i = a.Get("i");
                alignCorners = i ? std::atoll(i->text.c_str()) : 0;
            } else {
                return Reject(node, "attribute '" + name->text + "' is not a GridSample-" + std::to_string(version) + " attribute");
            }
        }
    }
    static const std::map<std::string, std::string> kModes16 = {{"bilinear", "bilinear"}, {"nearest", "nearest"}, {"bicubic", "bicubic"}};
    static const std::map<std::string, std::string> kModes20 = {{"linear", "bilinear"}, {"nearest", "nearest"}, {"cubic", "bicubic"}};
    const auto& modes = version == 16 ? kModes16 : kModes20;
    auto m = modes.find(mode);
    if (m == modes.end())
        return Reject(node, "mode '" + mode + "' is not a GridSample-" + std::to_string(version) + " mode; expected " +
                                (version == 16 ? "bilinear, nearest or bicubic" : "linear, nearest or cubic"));
    if (opattr::IndexOfName(padding.c_str(), opattr::kGridSamplePaddings) < 0)   // ONNX's padding names are GridSample's
        return Reject(node, "padding_mode '" + padding + "'; expected zeros, border or reflection");
    if (alignCorners != 0 && alignCorners != 1)
        return Reject(node, "align_corners " + std::to_string(alignCorners) + "; expected 0 or 1");
    op_dest.SetAttr("interpolation_mode", m->second.c_str());
    op_dest.SetAttr("padding_mode", padding.c_str());
    op_dest.SetAttr("align_corners", alignCorners == 1);
    op_dest.SetAttr("channel_last", false);
    return SUCCESS;
}

}  // namespace

REGISTER_CUSTOM_OP("GridSample")
    .FrameworkType(ONNX)
    // every ai.onnx opset from GridSample's first version (16) to the newest one this plugin knows
    // (28, where version 22 is still current)
    .OriginOpType({"ai.onnx::16::GridSample", "ai.onnx::17::GridSample", "ai.onnx::18::GridSample",
                   "ai.onnx::19::GridSample", "ai.onnx::20::GridSample", "ai.onnx::21::GridSample",
                   "ai.onnx::22::GridSample", "ai.onnx::23::GridSample", "ai.onnx::24::GridSample",
                   "ai.onnx::25::GridSample", "ai.onnx::26::GridSample", "ai.onnx::27::GridSample",
                   "ai.onnx::28::GridSample"})
    .ParseParamsByOperatorFn(ParseGridSampleOnnx)
    .ImplyType(ImplyType::TVM);

}  // namespace domi
