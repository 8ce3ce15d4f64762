// Prints, one per line, the values of the GE enumerators and constants and the types of the
// ge::Operator / Shape / TensorDesc / AscendString members that the simulator's graph/ headers
// model. Built twice by scripts/check_real_headers.sh, against the real GE headers of the
// torch-npu wheel and against the simulator's alone; the outputs must be identical. A member the
// simulator declares with other parameter types, return type or constness fails to compile in one
// of the two builds (the overload is picked by its exact pointer-to-member type).
#include <cstdio>
#include <typeinfo>

#include "graph/operator_reg.h"

#define AGS_VALUE(c) std::printf("value %s = %lld\n", #c, static_cast<long long>(c));
#define AGS_MEMBER(cls, member, type) \
    std::printf("member %s::%s: %s\n", #cls, #member, typeid(static_cast<type>(&ge::cls::member)).name());
#define AGS_TYPE(t) std::printf("type %s: %s\n", #t, typeid(t).name());

int main() {
    using namespace ge;
    AGS_TYPE(graphStatus)
    AGS_VALUE(GRAPH_SUCCESS)
    AGS_VALUE(GRAPH_FAILED)
    AGS_VALUE(UNKNOWN_DIM)
    AGS_VALUE(UNKNOWN_DIM_NUM)
    std::printf("UNKNOWN_RANK size %zu first %lld\n", UNKNOWN_RANK.size(), static_cast<long long>(UNKNOWN_RANK[0]));

    AGS_VALUE(DT_FLOAT) AGS_VALUE(DT_FLOAT16) AGS_VALUE(DT_INT8) AGS_VALUE(DT_INT32) AGS_VALUE(DT_UINT8)
    AGS_VALUE(DT_INT16) AGS_VALUE(DT_UINT16) AGS_VALUE(DT_UINT32) AGS_VALUE(DT_INT64) AGS_VALUE(DT_UINT64)
    AGS_VALUE(DT_DOUBLE) AGS_VALUE(DT_BOOL) AGS_VALUE(DT_BF16) AGS_VALUE(DT_UNDEFINED)
    AGS_VALUE(FORMAT_NCHW) AGS_VALUE(FORMAT_NHWC) AGS_VALUE(FORMAT_ND) AGS_VALUE(FORMAT_NDHWC)
    AGS_VALUE(FORMAT_NCDHW) AGS_VALUE(FORMAT_RESERVED)

    AGS_MEMBER(AscendString, GetString, const char* (AscendString::*)() const)
    AGS_MEMBER(AscendString, GetLength, size_t (AscendString::*)() const)

    AGS_MEMBER(Shape, GetDimNum, size_t (Shape::*)() const)
    AGS_MEMBER(Shape, GetDim, int64_t (Shape::*)(size_t) const)
    AGS_MEMBER(Shape, SetDim, graphStatus (Shape::*)(size_t, int64_t))
    AGS_MEMBER(Shape, GetDims, std::vector<int64_t> (Shape::*)() const)
    AGS_MEMBER(Shape, GetShapeSize, int64_t (Shape::*)() const)

    AGS_MEMBER(TensorDesc, GetShape, Shape (TensorDesc::*)() const)
    AGS_MEMBER(TensorDesc, SetShape, void (TensorDesc::*)(const Shape&))
    AGS_MEMBER(TensorDesc, Update, void (TensorDesc::*)(const Shape&, Format, DataType))
    AGS_MEMBER(TensorDesc, SetUnknownDimNumShape, graphStatus (TensorDesc::*)())
    AGS_MEMBER(TensorDesc, GetFormat, Format (TensorDesc::*)() const)
    AGS_MEMBER(TensorDesc, SetFormat, void (TensorDesc::*)(Format))
    AGS_MEMBER(TensorDesc, GetDataType, DataType (TensorDesc::*)() const)
    AGS_MEMBER(TensorDesc, SetDataType, void (TensorDesc::*)(DataType))
    AGS_MEMBER(TensorDesc, GetName, graphStatus (TensorDesc::*)(AscendString&) const)
    AGS_MEMBER(TensorDesc, SetName, void (TensorDesc::*)(const char*))

    AGS_MEMBER(Operator, IsEmpty, bool (Operator::*)() const)
    AGS_MEMBER(Operator, GetName, graphStatus (Operator::*)(AscendString&) const)
    AGS_MEMBER(Operator, GetOpType, graphStatus (Operator::*)(AscendString&) const)
    AGS_MEMBER(Operator, SetInput, Operator& (Operator::*)(const char*, const Operator&))
    AGS_MEMBER(Operator, SetInput, Operator& (Operator::*)(const char*, const Operator&, const char*))
    AGS_MEMBER(Operator, SetInput, Operator& (Operator::*)(const char*, const Operator&, uint32_t))
    AGS_MEMBER(Operator, GetInputDescByName, TensorDesc (Operator::*)(const char*) const)
    AGS_MEMBER(Operator, GetInputDesc, TensorDesc (Operator::*)(uint32_t) const)
    AGS_MEMBER(Operator, UpdateInputDesc, graphStatus (Operator::*)(const char*, const TensorDesc&))
    AGS_MEMBER(Operator, GetOutputDescByName, TensorDesc (Operator::*)(const char*) const)
    AGS_MEMBER(Operator, GetOutputDesc, TensorDesc (Operator::*)(uint32_t) const)
    AGS_MEMBER(Operator, UpdateOutputDesc, graphStatus (Operator::*)(const char*, const TensorDesc&))
    AGS_MEMBER(Operator, GetInputsSize, size_t (Operator::*)() const)
    AGS_MEMBER(Operator, GetOutputsSize, size_t (Operator::*)() const)
    AGS_MEMBER(Operator, InferShapeAndType, graphStatus (Operator::*)())
    AGS_MEMBER(Operator, VerifyAllAttr, graphStatus (Operator::*)(bool))
    AGS_MEMBER(Operator, SetAttr, Operator& (Operator::*)(const char*, int64_t))
    AGS_MEMBER(Operator, SetAttr, Operator& (Operator::*)(const char*, int32_t))
    AGS_MEMBER(Operator, SetAttr, Operator& (Operator::*)(const char*, uint32_t))
    AGS_MEMBER(Operator, SetAttr, Operator& (Operator::*)(const char*, float))
    AGS_MEMBER(Operator, SetAttr, Operator& (Operator::*)(const char*, bool))
    AGS_MEMBER(Operator, SetAttr, Operator& (Operator::*)(const char*, const char*))
    AGS_MEMBER(Operator, SetAttr, Operator& (Operator::*)(const char*, const AscendString&))
    AGS_MEMBER(Operator, SetAttr, Operator& (Operator::*)(const std::string&, const std::string&))
    AGS_MEMBER(Operator, GetAttr, graphStatus (Operator::*)(const char*, int64_t&) const)
    AGS_MEMBER(Operator, GetAttr, graphStatus (Operator::*)(const char*, int32_t&) const)
    AGS_MEMBER(Operator, GetAttr, graphStatus (Operator::*)(const char*, uint32_t&) const)
    AGS_MEMBER(Operator, GetAttr, graphStatus (Operator::*)(const char*, float&) const)
    AGS_MEMBER(Operator, GetAttr, graphStatus (Operator::*)(const char*, bool&) const)
    AGS_MEMBER(Operator, GetAttr, graphStatus (Operator::*)(const char*, AscendString&) const)
    AGS_MEMBER(Operator, GetAttr, graphStatus (Operator::*)(const std::string&, std::string&) const)

    AGS_TYPE(Operator::OpInt)
    AGS_TYPE(Operator::OpFloat)
    AGS_TYPE(Operator::OpString)
    AGS_TYPE(Operator::OpBool)
    return 0;
}
