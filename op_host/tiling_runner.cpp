#include "op_host/tiling_runner.h"

#include "base/context_builder/op_tiling_context_builder.h"
#include "exe_graph/runtime/continuous_vector.h"
#include "exe_graph/runtime/tiling_data.h"

namespace gridsample {
namespace {

gert::Tensor ToTensor(const TilingTensor& t) {
    gert::StorageShape shape;
    for (int64_t d : t.shape) {
        shape.MutableOriginShape().AppendDim(d);
        shape.MutableStorageShape().AppendDim(d);
    }
    const gert::StorageFormat nd(ge::FORMAT_ND, ge::FORMAT_ND, gert::ExpandDimsType());
    return gert::Tensor(shape, nd, gert::kOnDeviceHbm, t.dtype, nullptr);
}

}  // namespace

bool RunTiling(TilingFunction tiling, const char* opType, const std::vector<TilingTensor>& inputs,
               const std::vector<TilingTensor>& outputs, const std::vector<TilingAttr>& attrs, size_t dataSize,
               TilingRun* out, std::string* why) {
    std::vector<gert::Tensor> in, outTensors;
    for (const TilingTensor& t : inputs) in.push_back(ToTensor(t));
    for (const TilingTensor& t : outputs) outTensors.push_back(ToTensor(t));
    std::vector<gert::Tensor*> inPtrs, outPtrs;
    for (gert::Tensor& t : in) inPtrs.push_back(&t);
    for (gert::Tensor& t : outTensors) outPtrs.push_back(&t);

    gert::OpTilingContextBuilder builder;
    builder.OpType(opType).OpName(opType).IONum(inputs.size(), outputs.size()).InputTensors(inPtrs).OutputTensors(outPtrs);
    for (const TilingAttr& a : attrs) {
        if (const bool* b = std::get_if<bool>(&a)) builder.AppendAttr(*b);
        else if (const int64_t* i = std::get_if<int64_t>(&a)) builder.AppendAttr(*i);
        else if (const float* f = std::get_if<float>(&a)) builder.AppendAttr(*f);
        else if (const std::string* s = std::get_if<std::string>(&a)) builder.AppendAttr(ge::AscendString(s->c_str()));
        else builder.AppendAttr(std::get<std::vector<int64_t>>(a));
    }
    constexpr size_t kTilingDataCapacity = 4096;
    auto tilingBuffer = gert::TilingData::CreateCap(kTilingDataCapacity);
    auto* rawTiling = reinterpret_cast<gert::TilingData*>(tilingBuffer.get());
    auto workspaceBuffer = gert::ContinuousVector::Create<size_t>(1);
    auto* workspaceSizes = reinterpret_cast<gert::ContinuousVector*>(workspaceBuffer.get());
    builder.TilingData(rawTiling).Workspace(workspaceSizes);
    auto holder = builder.Build();
    gert::TilingContext* context = holder.GetContext();
    if (context == nullptr || tiling(context) != ge::GRAPH_SUCCESS) {
        *why = std::string("the ") + opType + " tiling does not take the problem";
        return false;
    }
    if (rawTiling->GetDataSize() != dataSize || context->GetWorkspaceNum() < 1 || context->GetBlockDim() == 0) {
        *why = std::string("the ") + opType + " tiling returned " + std::to_string(rawTiling->GetDataSize()) +
               " bytes of tiling data, " + std::to_string(context->GetWorkspaceNum()) + " workspace sizes and block dim " +
               std::to_string(context->GetBlockDim()) + "; expected " + std::to_string(dataSize) +
               " bytes, one workspace size and a block dim of at least 1";
        return false;
    }
    const auto* data = static_cast<const uint8_t*>(rawTiling->GetData());
    out->data.assign(data, data + dataSize);
    out->blockDim = context->GetBlockDim();
    out->tilingKey = context->GetTilingKey();
    out->workspaceBytes = static_cast<const size_t*>(workspaceSizes->GetData())[0];
    return true;
}

}  // namespace gridsample
