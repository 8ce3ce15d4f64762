// gert::OpImplRegisterV2 (metadef register/op_impl_registry.h): registers an op type's host
// functions (infer-shape, infer-datatype, tiling, tiling-parse) with the runtime, which finds them by
// op type. OP_ADD's OP_TILING_LIB and OP_PROTO_LIB expansions (register/op_def_registry.h) and the
// IMPL_OP* macros use it.
//   "OpImplRegisterV2", https://www.hiascend.com/document/detail/en/canncommercial/850/API/basicdataapi/atlasopapi_07_00550.html
// The model registers what was set on a registration object when that object is copied or moved
// into place (the static object of IMPL_OP, `implReg` of OP_ADD): setters called on an object that
// is never copied register nothing. The runtime's view of the registry is
// ascend_sim/op_impl_space.h (not a CANN header).
#pragma once
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>

#include "exe_graph/runtime/base_type.h"
#include "exe_graph/runtime/infer_datatype_context.h"
#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/tiling_context.h"
#include "ascend_sim/sim.h"
#include "graph/ascend_string.h"
#include "graph/compiler_def.h"
#include "graph/types.h"

namespace gert {
class InferShapeRangeContext;
class TilingParseContext;
class KernelContext;

class OpImplRegisterV2Impl;
class ASCEND_SIM_API OpImplRegisterV2 {
public:
    explicit OpImplRegisterV2(const char* op_type);
    OpImplRegisterV2(OpImplRegisterV2&& register_data) noexcept;
    OpImplRegisterV2(const OpImplRegisterV2& register_data);
    OpImplRegisterV2& operator=(const OpImplRegisterV2&) = delete;
    OpImplRegisterV2& operator=(OpImplRegisterV2&&) = delete;
    ~OpImplRegisterV2();

    using InferShapeKernelFunc = UINT32 (*)(InferShapeContext*);
    using InferShapeRangeKernelFunc = UINT32 (*)(InferShapeRangeContext*);
    using TilingKernelFunc = UINT32 (*)(TilingContext*);
    using InferDataTypeKernelFunc = UINT32 (*)(InferDataTypeContext*);
    using KernelFunc = UINT32 (*)(KernelContext* context);
    using TilingParseFunc = UINT32 (*)(TilingParseContext* context);
    using CompileInfoCreatorFunc = void* (*)();
    using CompileInfoDeleterFunc = void (*)(void*);

    OpImplRegisterV2& InferShape(InferShapeKernelFunc infer_shape_func);
    OpImplRegisterV2& InferShapeRange(InferShapeRangeKernelFunc infer_shape_range_func);
    OpImplRegisterV2& InferDataType(InferDataTypeKernelFunc infer_datatype_func);
    OpImplRegisterV2& Tiling(TilingKernelFunc tiling_func, size_t max_tiling_data_size = 2048);
    template <typename T>
    OpImplRegisterV2& TilingParse(KernelFunc const tiling_parse_func) {
        return TilingParse(tiling_parse_func, CreateCompileInfo<T>, DeleteCompileInfo<T>);
    }
    template <typename T>
    OpImplRegisterV2& TilingParse(TilingParseFunc const tiling_parse_func) {
        return TilingParse(reinterpret_cast<KernelFunc>(tiling_parse_func), CreateCompileInfo<T>, DeleteCompileInfo<T>);
    }
    OpImplRegisterV2& InputsDataDependency(std::initializer_list<int32_t> inputs);

private:
    OpImplRegisterV2& TilingParse(KernelFunc tiling_parse_func, CompileInfoCreatorFunc creator_func,
                                  CompileInfoDeleterFunc deleter_func);
    template <typename T>
    static void* CreateCompileInfo() { return new T(); }
    template <typename T>
    static void DeleteCompileInfo(void* const obj) { delete reinterpret_cast<T*>(obj); }

    std::unique_ptr<OpImplRegisterV2Impl> impl_;
};

}  // namespace gert

#define IMPL_OP_COUNTER(op_type, name, counter) \
    static gert::OpImplRegisterV2 VAR_UNUSED name##counter = gert::OpImplRegisterV2(#op_type)
#define IMPL_OP_COUNTER_NUMBER(op_type, name, counter) IMPL_OP_COUNTER(op_type, name, counter)
#define IMPL_OP(op_type) IMPL_OP_COUNTER_NUMBER(op_type, op_impl_register_##op_type, __COUNTER__)
#define IMPL_OP_INFERSHAPE(op_type) \
    gert::OpImplRegisterV2 VAR_UNUSED op_impl_register_infershape_##op_type = gert::OpImplRegisterV2(#op_type)
#define IMPL_OP_OPTILING(op_type) \
    gert::OpImplRegisterV2 VAR_UNUSED op_impl_register_optiling_##op_type = gert::OpImplRegisterV2(#op_type)
