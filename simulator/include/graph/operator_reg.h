// IR registration of GE operators (graph/operator_reg.h), written from the documented usage:
// REG_OP(Type) .INPUT(x, TensorType(...)) ... .ATTR(a, Int, 1) ... .OP_END_FACTORY_REG(Type), used
// inside namespace ge, defines class ge::op::Type with the documented accessors:
//   inputs   set_input_x(Operator&[, srcName | index]), get_input_desc_x(), update_input_desc_x()
//   outputs  get_output_desc_y(), update_output_desc_y()
//   attrs    get_attr_a() (the value, or the default), set_attr_a(v); a String attribute also has
//            get_attr_a(AscendString&) and set_attr_a(const char*)
// IMPLEMT_COMMON_INFERFUNC defines the infer function that COMMON_INFER_FUNC_REG registers by op
// type (INFER_FUNC_REG / VERIFY_FUNC_REG: see the end of this file).
//   REG_OP: https://www.hiascend.com/document/detail/en/canncommercial/800/apiref/basicdataapi/atlasopapi_07_00519.html
//   IMPLEMT_COMMON_INFERFUNC: https://www.hiascend.com/document/detail/en/CANNCommunityEdition/910/API/ascendgraphapi/atlasgeapi_07_0381.html
#pragma once
#include <functional>
#include <string>
#include <type_traits>

#include "graph/operator.h"
#include "graph/operator_factory.h"
#include "graph/tensor.h"
#include "graph/types.h"

namespace ge {
// The link of the macro chain: each macro closes the previous registration step with `AgsNext();`
// (the source supplies the dot: `.INPUT(...)`) and opens the next.
struct OpRegChain {
    void AgsNext() const {}
};
}  // namespace ge

#define AGS_GE_PASTE(a, b) a##b
#define AGS_GE_PASTE2(a, b) AGS_GE_PASTE(a, b)

#define REG_OP(x)                                                                                        \
    namespace op {                                                                                       \
    class x : public Operator {                                                                          \
        typedef x _THIS_TYPE;                                                                            \
                                                                                                         \
    public:                                                                                              \
        explicit x(const std::string& name) : Operator(name.c_str(), #x) { __##x(); }                    \
        explicit x(const char* name) : Operator(name, #x) { __##x(); }                                   \
        explicit x(const AscendString& name) : Operator(name, AscendString(#x)) { __##x(); }             \
        x() : Operator(#x) { __##x(); }                                                                  \
                                                                                                         \
    private:                                                                                             \
        void __##x() { OpRegChain()

#define AGS_GE_INPUT(x, t, registerFn)                                                                   \
        AgsNext(); __input_##x(); }                                                                      \
                                                                                                         \
    public:                                                                                              \
        static const std::string name_in_##x() { return #x; }                                            \
        static void name_in_##x(AscendString& name) { name = AscendString(#x); }                         \
        _THIS_TYPE& set_input_##x(Operator& v, const std::string& srcName) {                             \
            Operator::SetInput(#x, v, srcName.c_str());                                                  \
            return *this;                                                                                \
        }                                                                                                \
        _THIS_TYPE& set_input_##x##_by_name(Operator& v, const char* srcName) {                          \
            Operator::SetInput(#x, v, srcName);                                                          \
            return *this;                                                                                \
        }                                                                                                \
        _THIS_TYPE& set_input_##x(Operator& v, uint32_t index) {                                         \
            Operator::SetInput(#x, v, index);                                                            \
            return *this;                                                                                \
        }                                                                                                \
        _THIS_TYPE& set_input_##x(Operator& v) {                                                         \
            Operator::SetInput(#x, v);                                                                   \
            return *this;                                                                                \
        }                                                                                                \
        TensorDesc get_input_desc_##x() const { return Operator::GetInputDescByName(#x); }               \
        graphStatus update_input_desc_##x(const TensorDesc& tensorDesc) {                                \
            return Operator::UpdateInputDesc(#x, tensorDesc);                                            \
        }                                                                                                \
                                                                                                         \
    private:                                                                                             \
        void __input_##x() { Operator::registerFn(#x, #t); OpRegChain()

#define INPUT(x, t) AGS_GE_INPUT(x, t, InputRegister)
#define OPTIONAL_INPUT(x, t) AGS_GE_INPUT(x, t, OptionalInputRegister)

#define OUTPUT(x, t)                                                                                     \
        AgsNext(); __out_##x(); }                                                                        \
                                                                                                         \
    public:                                                                                              \
        static const std::string name_out_##x() { return #x; }                                           \
        static void name_out_##x(AscendString& name) { name = AscendString(#x); }                        \
        TensorDesc get_output_desc_##x() const { return Operator::GetOutputDescByName(#x); }             \
        graphStatus update_output_desc_##x(const TensorDesc& tensorDesc) {                               \
            return Operator::UpdateOutputDesc(#x, tensorDesc);                                           \
        }                                                                                                \
                                                                                                         \
    private:                                                                                             \
        void __out_##x() { Operator::OutputRegister(#x, #t); OpRegChain()

// Extra accessors of a String attribute, as AscendString.
#define ATTR_String(x, ...)                                                                              \
    graphStatus get_attr_##x(AscendString& ret) const {                                                  \
        if (Operator::GetAttr(#x, ret) == GRAPH_FAILED) ret = AscendString(std::string(__VA_ARGS__).c_str()); \
        return GRAPH_SUCCESS;                                                                            \
    }                                                                                                    \
    _THIS_TYPE& set_attr_##x(const char* v) {                                                            \
        Operator::SetAttr(#x, v);                                                                        \
        return *this;                                                                                    \
    }
#define ATTR_Int(x, ...)
#define ATTR_Float(x, ...)
#define ATTR_Bool(x, ...)
#define ATTR_ListInt(x, ...)
#define ATTR_Tensor(x, ...)

#define AGS_GE_ATTR_COMMON(x, Type)                                                                      \
    public:                                                                                              \
        static const std::string name_attr_##x() { return #x; }                                          \
        static void name_attr_##x(AscendString& attr) { attr = AscendString(#x); }                       \
        _THIS_TYPE& set_attr_##x(const Op##Type& v) {                                                    \
            Operator::SetAttr(#x, v);                                                                    \
            return *this;                                                                                \
        }

// ATTR(name, Type, default): Type is String, Int, Float, Bool, ListInt (a braced list) or Tensor.
#define ATTR(x, Type, ...)                                                                               \
        AgsNext(); __attr_##x(); }                                                                       \
    AGS_GE_ATTR_COMMON(x, Type)                                                                          \
        ATTR_##Type(x, __VA_ARGS__) Op##Type get_attr_##x() const {                                      \
            Op##Type ret = __VA_ARGS__;                                                                  \
            Operator::GetAttr(#x, ret);                                                                  \
            return ret;                                                                                  \
        }                                                                                                \
                                                                                                         \
    private:                                                                                             \
        void __attr_##x() { Operator::SetAttr(#x, Op##Type(__VA_ARGS__)); OpRegChain()

#define REQUIRED_ATTR_String(x)                                                                          \
    graphStatus get_attr_##x(AscendString& ret) const { return Operator::GetAttr(#x, ret); }            \
    _THIS_TYPE& set_attr_##x(const char* v) {                                                            \
        Operator::SetAttr(#x, v);                                                                        \
        return *this;                                                                                    \
    }
#define REQUIRED_ATTR_Int(x)
#define REQUIRED_ATTR_Float(x)
#define REQUIRED_ATTR_Bool(x)
#define REQUIRED_ATTR_ListInt(x)
#define REQUIRED_ATTR_Tensor(x)

// REQUIRED_ATTR(name, Type): no default; get_attr gives a value-initialized Type until it is set.
#define REQUIRED_ATTR(x, Type)                                                                           \
        AgsNext(); __required_attr_##x(); }                                                              \
    AGS_GE_ATTR_COMMON(x, Type)                                                                          \
        REQUIRED_ATTR_##Type(x) Op##Type get_attr_##x() const {                                          \
            Op##Type ret{};                                                                              \
            Operator::GetAttr(#x, ret);                                                                  \
            return ret;                                                                                  \
        }                                                                                                \
                                                                                                         \
    private:                                                                                             \
        void __required_attr_##x() { Operator::RequiredAttrWithTypeRegister(#x, #Type); OpRegChain()

#define OP_END_FACTORY_REG(x)                                                                            \
        AgsNext(); }                                                                                     \
        static_assert(std::is_same<x, _THIS_TYPE>::value,                                                \
                      "OP_END_FACTORY_REG must name the operator that REG_OP defines");                  \
    };                                                                                                   \
    static const OperatorCreatorRegister AGS_GE_PASTE2(g_register, __COUNTER__)(                        \
        #x, [](const AscendString& name) { return x(name); });                                           \
    }

#define IMPLEMT_COMMON_INFERFUNC(func_name) static graphStatus func_name(Operator& op)
#define IMPLEMT_INFERFUNC(op_name, func_name) static graphStatus func_name(op::op_name& op)
#define IMPLEMT_VERIFIER(op_name, func_name) static graphStatus func_name(op::op_name op)

#define COMMON_INFER_FUNC_REG(op_name, x)                                                                \
    static const InferShapeFuncRegister AGS_GE_PASTE2(if_register, __COUNTER__)(                        \
        #op_name, [](Operator& v) { return x(v); })
// INFER_FUNC_REG and VERIFY_FUNC_REG (the forms typed by op::op_name) do not compile with the GE
// headers this package is checked against (the torch-npu 2.13 include tree: their cast is written
// `op::(op_name)`), so they are rejected here as well; COMMON_INFER_FUNC_REG works with both.
#define INFER_FUNC_REG(op_name, x)                                                                       \
    static_assert(sizeof(op::op_name) == 0,                                                              \
                  "INFER_FUNC_REG does not compile with CANN's graph/operator_reg.h; use COMMON_INFER_FUNC_REG")
#define VERIFY_FUNC_REG(op_name, x)                                                                      \
    static_assert(sizeof(op::op_name) == 0,                                                              \
                  "VERIFY_FUNC_REG does not compile with CANN's graph/operator_reg.h; check attributes in the infer function")
