// What the op_host tests build gert contexts from: storage shapes, the ND format, tensors, platform
// descriptions of named SoCs, and an op type's registered host functions (what OP_ADD's
// OP_TILING_LIB / OP_PROTO_LIB expansions registered, as the runtime finds them).
#pragma once
#include <cstdint>
#include <vector>

#include "ascend_sim/op_impl_space.h"
#include "ascend_sim/sim.h"
#include "check.h"
#include "exe_graph/runtime/tensor.h"
#include "platform/platform_infos_def.h"

namespace gert_test {

inline gert::StorageShape ShapeOf(const std::vector<int64_t>& dims) {
    gert::StorageShape s;
    for (int64_t d : dims) {
        s.MutableOriginShape().AppendDim(d);
        s.MutableStorageShape().AppendDim(d);
    }
    return s;
}

inline gert::StorageFormat Nd() { return gert::StorageFormat(ge::FORMAT_ND, ge::FORMAT_ND, gert::ExpandDimsType()); }

inline gert::Tensor TensorOf(const std::vector<int64_t>& dims, ge::DataType dtype) {
    return gert::Tensor(ShapeOf(dims), Nd(), gert::kOnDeviceHbm, dtype, nullptr);
}

// The simulator's description of a named SoC (the current platform is left as it was).
inline ascend_sim::Platform PlatformOfSoc(const char* soc) {
    const ascend_sim::Platform saved = ascend_sim::GetPlatform();
    CHECK(ascend_sim::SetPlatformBySoc(soc));
    const ascend_sim::Platform p = ascend_sim::GetPlatform();
    ascend_sim::SetPlatform(saved);
    return p;
}

// The platform description a TilingContext carries for `p`.
inline fe::PlatFormInfos PlatformInfosOf(const ascend_sim::Platform& p) {
    fe::PlatFormInfos infos;
    ascend_sim::FillPlatformInfos(p, &infos);
    return infos;
}

// The host functions `opType` registered with gert::OpImplRegisterV2; all null if none.
inline ascend_sim::OpImplFunctions OpImplOf(const char* opType) {
    const ascend_sim::OpImplFunctions* f = ascend_sim::FindOpImpl(opType);
    CHECK_MSG(f != nullptr, std::string(opType) + " registered no host functions");
    return f != nullptr ? *f : ascend_sim::OpImplFunctions();
}

}  // namespace gert_test
