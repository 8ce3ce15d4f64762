// The runtime's view of the gert::OpImplRegisterV2 registry (not a CANN header): what an op type
// registered, as the framework looks it up (graph execution, and tests that check what OP_ADD's
// OP_TILING_LIB / OP_PROTO_LIB expansions registered).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "register/op_impl_registry.h"

namespace ascend_sim {

struct OpImplFunctions {
    gert::OpImplRegisterV2::InferShapeKernelFunc inferShape = nullptr;
    gert::OpImplRegisterV2::InferShapeRangeKernelFunc inferShapeRange = nullptr;
    gert::OpImplRegisterV2::InferDataTypeKernelFunc inferDataType = nullptr;
    gert::OpImplRegisterV2::TilingKernelFunc tiling = nullptr;
    size_t maxTilingDataSize = 0;
    gert::OpImplRegisterV2::KernelFunc tilingParse = nullptr;
    gert::OpImplRegisterV2::CompileInfoCreatorFunc compileInfoCreator = nullptr;
    gert::OpImplRegisterV2::CompileInfoDeleterFunc compileInfoDeleter = nullptr;
    std::vector<int32_t> inputsDataDependency;
};

// What `opType` registered; nullptr when it registered nothing.
ASCEND_SIM_API const OpImplFunctions* FindOpImpl(const std::string& opType);
// The check functions OP_ADD's OP_TILING_LIB expansion registered (check_supported, ...); null if none.
ASCEND_SIM_API const void* FindOpCheckFunc(const std::string& opType, const std::string& checkType);

}  // namespace ascend_sim
