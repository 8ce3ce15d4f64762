// gert::TilingContext (documented exe_graph/runtime/tiling_context.h): what a tiling function
// reads (input/output shapes and descs, attributes, platform) and writes (tiling data, block dim,
// tiling key, workspace sizes). Pages: "TilingContext" in the CANN basic data API reference
// (atlasopapi_07_00234 SetTilingKey: any uint64 but UINT64_MAX; atlasopapi_07_00242 GetTilingData:
// sizeof(T) must not exceed the tiling-data capacity, else nullptr; GetRawTilingData, SetBlockDim,
// GetWorkspaceSizes, GetPlatformInfo, GetInputShape, GetAttrs).
#pragma once
#include <cstdint>

#include "exe_graph/runtime/continuous_vector.h"
#include "exe_graph/runtime/op_context_data.h"
#include "graph/types.h"
#include "graph/ascend_string.h"
#include "graph/ge_error_codes.h"
#include "platform/platform_infos_def.h"

namespace gert {
template <typename T>
class ContextHolder;

class TilingContext {
public:
    const char* GetNodeType() const { return d_->opType.c_str(); }
    const char* GetNodeName() const { return d_->opName.c_str(); }
    size_t GetComputeNodeInputNum() const { return d_->inputs.size(); }
    const StorageShape* GetInputShape(size_t index) const {
        return index < d_->inputs.size() ? &d_->inputs[index].GetShape() : nullptr;
    }
    const StorageShape* GetOutputShape(size_t index) const {
        return index < d_->outputs.size() ? &d_->outputs[index].GetShape() : nullptr;
    }
    const Tensor* GetInputTensor(size_t index) const { return index < d_->inputs.size() ? &d_->inputs[index] : nullptr; }
    const CompileTimeTensorDesc* GetInputDesc(size_t index) const {
        return index < d_->inputDescs.size() ? &d_->inputDescs[index] : nullptr;
    }
    const CompileTimeTensorDesc* GetOutputDesc(size_t index) const {
        return index < d_->outputDescs.size() ? &d_->outputDescs[index] : nullptr;
    }
    const RuntimeAttrs* GetAttrs() const { return &d_->attrs; }
    fe::PlatFormInfos* GetPlatformInfo() const { return d_->platform; }

    ge::graphStatus SetBlockDim(uint32_t blockDim) { d_->blockDim = blockDim; return ge::GRAPH_SUCCESS; }
    uint32_t GetBlockDim() const { return d_->blockDim; }
    ge::graphStatus SetTilingKey(uint64_t key) {
        if (key == UINT64_MAX) return ge::GRAPH_FAILED;
        d_->tilingKey = key;
        d_->tilingKeySet = true;
        return ge::GRAPH_SUCCESS;
    }
    uint64_t GetTilingKey() const { return d_->tilingKey; }
    // Room for `num` workspace sizes; nullptr when the context has fewer slots.
    size_t* GetWorkspaceSizes(size_t num) {
        if (d_->workspace == nullptr || d_->workspace->SetSize(num) != ge::GRAPH_SUCCESS) return nullptr;
        return static_cast<size_t*>(d_->workspace->MutableData());
    }
    size_t GetWorkspaceNum() const { return d_->workspace ? d_->workspace->GetSize() : 0; }
    TilingData* GetRawTilingData() { return d_->tilingData; }
    template <typename T>
    T* GetTilingData() {
        if (d_->tilingData == nullptr || sizeof(T) > d_->tilingData->GetCapacity()) return nullptr;
        return static_cast<T*>(d_->tilingData->GetData());
    }

private:
    template <typename T>
    friend class ContextHolder;
    explicit TilingContext(OpContextData* d) : d_(d) {}
    OpContextData* d_;
};

}  // namespace gert
