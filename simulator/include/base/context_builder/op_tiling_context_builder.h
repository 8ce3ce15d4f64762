// gert::OpTilingContextBuilder (documented metadef base/context_builder/op_tiling_context_builder.h).
#pragma once
#include <algorithm>

#include "base/context_builder/op_context_builder_base.h"
#include "exe_graph/runtime/tiling_context.h"

namespace gert {

class OpTilingContextBuilder : public OpContextBuilderBase<OpTilingContextBuilder> {
public:
    OpTilingContextBuilder& PlatformInfo(const void* platformInfo) {
        d_->platform = static_cast<fe::PlatFormInfos*>(const_cast<void*>(platformInfo));
        return *this;
    }
    OpTilingContextBuilder& TilingData(const gert::TilingData* tilingData) {
        d_->tilingData = const_cast<gert::TilingData*>(tilingData);
        return *this;
    }
    OpTilingContextBuilder& Workspace(const ContinuousVector* workspace) {
        d_->workspace = const_cast<ContinuousVector*>(workspace);
        return *this;
    }
    ContextHolder<TilingContext> Build() { return ContextHolder<TilingContext>(Finish()); }
};

}  // namespace gert
