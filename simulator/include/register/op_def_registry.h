// OP_ADD (ge register/op_def_registry.h): registers an OpDef class under its name. The CANN build
// compiles each *_def.cpp three times and the macro expands differently in each:
//   plain           (the op-API library)   the OpDef creator, with ops::OpDefFactory;
//   OP_TILING_LIB   (liboptiling)          the tiling function (and a placeholder tiling-parse step and
//                                          the AI Core check functions) with gert::OpImplRegisterV2;
//   OP_PROTO_LIB    (libcust_opsproto)     the infer-shape, infer-shape-range and infer-datatype
//                                          functions with gert::OpImplRegisterV2.
// The simulator's build compiles the *_def.cpp files the same three ways (CMakeLists.txt), so a
// definition that one expansion rejects fails here as it would in the CANN build.
#pragma once
#include "register/op_def.h"
#include "register/op_def_factory.h"

#if defined(OP_PROTO_LIB)

#define OP_ADD(opType, ...)                                                        \
    static int g_##opType##_added = [](const char* name) {                         \
        opType op(name);                                                           \
        gert::OpImplRegisterV2 impl(name);                                         \
        impl.InferShape(op.GetInferShape())                                        \
            .InferShapeRange(op.GetInferShapeRange())                              \
            .InferDataType(op.GetInferDataType());                                 \
        gert::OpImplRegisterV2 registered(impl);                                   \
        return 0;                                                                  \
    }(#opType)

#elif defined(OP_TILING_LIB)

#define OP_ADD(opType, ...)                                                                          \
    struct OpAddCompileInfo##opType {};                                                              \
    static ge::graphStatus TilingParse##opType(gert::TilingParseContext*) { return ge::GRAPH_SUCCESS; } \
    static int g_##opType##_added = [](const char* name) {                                           \
        opType op(name);                                                                             \
        gert::OpImplRegisterV2 impl(name);                                                           \
        impl.Tiling(op.AICore().GetTiling());                                                        \
        impl.TilingParse<OpAddCompileInfo##opType>(TilingParse##opType);                             \
        optiling::OpCheckFuncHelper(FUNC_CHECK_SUPPORTED, name, op.AICore().GetCheckSupport());      \
        optiling::OpCheckFuncHelper(FUNC_OP_SELECT_FORMAT, name, op.AICore().GetOpSelectFormat());   \
        optiling::OpCheckFuncHelper(FUNC_GET_OP_SUPPORT_INFO, name, op.AICore().GetOpSupportInfo()); \
        optiling::OpCheckFuncHelper(FUNC_GET_SPECIFIC_INFO, name, op.AICore().GetOpSpecInfo());      \
        optiling::OpCheckFuncHelper(name, op.AICore().GetParamGeneralize());                         \
        gert::OpImplRegisterV2 registered(impl);                                                     \
        return 0;                                                                                    \
    }(#opType)

#else

#define OP_ADD(opType, ...)                                                                               \
    static int g_##opType##_added =                                                                      \
        ops::OpDefFactory::OpDefRegister(#opType, [](const char* name) -> ops::OpDef { return opType(name); })

#endif
