// IR registration of GE operators (graph/operator_reg.h): REG_OP(Type) ... OP_END_FACTORY_REG(Type)
// defines class op::Type, a ge::Operator with the documented accessors per input, output and
// attribute (set_input_x, get_input_desc_x, update_input_desc_x, get_output_desc_y,
// update_output_desc_y, get_attr_a / set_attr_a). Infer functions are registered by type with
// IMPLEMT_COMMON_INFERFUNC + COMMON_INFER_FUNC_REG. Written from the documented usage.
#pragma once
#include "graph/operator.h"

#define REG_OP(OpType)                                                                                   \
    namespace op {                                                                                       \
    class OpType : public ::ge::Operator {                                                               \
        using ThisType = OpType;                                                                         \
                                                                                                         \
    public:                                                                                              \
        explicit OpType(const char* name = #OpType) : ::ge::Operator(name, #OpType) { RegisterIr_(); }   \
                                                                                                         \
    private:                                                                                             \
        void RegisterIr_() { ::ge::IrChain()

#define AGS_GE_INPUT(x, types)                                                                 \
        Done(); RegisterInput_##x(); }                                                                  \
                                                                                                         \
    public:                                                                                              \
        ThisType& set_input_##x(const ::ge::Operator& src, const char* srcName = "y") {                  \
            SetInputFrom(#x, src, srcName);                                                              \
            return *this;                                                                                \
        }                                                                                                \
        ::ge::TensorDesc get_input_desc_##x() const { return GetInputDescByName(#x); }                   \
        ::ge::graphStatus update_input_desc_##x(const ::ge::TensorDesc& d) { return UpdateInputDesc(#x, d); } \
                                                                                                         \
    private:                                                                                             \
        void RegisterInput_##x() { InputRegister(#x, ::ge::types); ::ge::IrChain()

#define INPUT(x, types) AGS_GE_INPUT(x, types)
#define OPTIONAL_INPUT(x, types) AGS_GE_INPUT(x, types)   // an unset optional input has an empty description

#define OUTPUT(x, types)                                                                                 \
        Done(); RegisterOutput_##x(); }                                                                 \
                                                                                                         \
    public:                                                                                              \
        ::ge::TensorDesc get_output_desc_##x() const { return GetOutputDescByName(#x); }                 \
        ::ge::graphStatus update_output_desc_##x(const ::ge::TensorDesc& d) { return UpdateOutputDesc(#x, d); } \
                                                                                                         \
    private:                                                                                             \
        void RegisterOutput_##x() { OutputRegister(#x, ::ge::types); ::ge::IrChain()

#define AGS_GE_ATTR_ACCESSORS(x, Type)                                                                   \
    public:                                                                                              \
        ThisType& set_attr_##x(const ::ge::OpAttr_##Type& v) {                                           \
            SetAttr(#x, v);                                                                              \
            return *this;                                                                                \
        }                                                                                                \
        ::ge::graphStatus get_attr_##x(::ge::OpAttr_##Type& v) const { return GetAttr(#x, v); }          \
                                                                                                         \
    private:

// ATTR(name, Type, default): Type is String, Bool, Int or Float.
#define ATTR(x, Type, ...)                                                                               \
        Done(); RegisterAttr_##x(); }                                                                   \
    AGS_GE_ATTR_ACCESSORS(x, Type)                                                                       \
        void RegisterAttr_##x() { SetAttr(#x, ::ge::OpAttr_##Type(__VA_ARGS__)); ::ge::IrChain()

// REQUIRED_ATTR(name, Type): no default; get_attr fails until the attribute is set.
#define REQUIRED_ATTR(x, Type)                                                                           \
        Done(); RegisterAttrNone_##x(); }                                                               \
    AGS_GE_ATTR_ACCESSORS(x, Type)                                                                       \
        void RegisterAttrNone_##x() { ::ge::IrChain()

#define OP_END_FACTORY_REG(OpType)                                                                       \
        Done(); }                                                                                       \
    };                                                                                                   \
    }

#define IMPLEMT_COMMON_INFERFUNC(func) static ::ge::graphStatus func(::ge::Operator& op)

#define COMMON_INFER_FUNC_REG(OpType, func)                                                              \
    static const bool g_inferRegistered_##OpType = (::ge::RegisterInferFunc(#OpType, func), true)
