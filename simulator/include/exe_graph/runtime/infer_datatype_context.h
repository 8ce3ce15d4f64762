// gert::InferDataTypeContext (documented exe_graph/runtime/infer_datatype_context.h): input data
// types and attributes in, output data types out ("InferDataTypeContext GetInputDataType
// SetOutputDataType").
#pragma once
#include "exe_graph/runtime/op_context_data.h"
#include "graph/types.h"
#include "graph/ascend_string.h"
#include "graph/ge_error_codes.h"

namespace gert {
template <typename T>
class ContextHolder;

class InferDataTypeContext {
public:
    const char* GetNodeType() const { return d_->opType.c_str(); }
    ge::DataType GetInputDataType(size_t index) const {
        return index < d_->inputDescs.size() ? d_->inputDescs[index].GetDataType() : ge::DT_UNDEFINED;
    }
    ge::DataType GetOutputDataType(size_t index) const {
        return index < d_->inferredTypes.size() ? d_->inferredTypes[index] : ge::DT_UNDEFINED;
    }
    ge::graphStatus SetOutputDataType(size_t index, ge::DataType dt) {
        if (index >= d_->inferredTypes.size()) return ge::GRAPH_FAILED;
        d_->inferredTypes[index] = dt;
        return ge::GRAPH_SUCCESS;
    }
    const RuntimeAttrs* GetAttrs() const { return &d_->attrs; }

private:
    template <typename T>
    friend class ContextHolder;
    explicit InferDataTypeContext(OpContextData* d) : d_(d) {}
    OpContextData* d_;
};

}  // namespace gert
