// ge::Shape and ge::TensorDesc (graph/tensor.h): the documented accessors a prototype's infer
// function uses. Value types here; CANN's share an implementation object, which is not observable
// through these accessors.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "graph/ascend_string.h"
#include "graph/ge_error_codes.h"
#include "graph/types.h"

namespace ge {

class Shape {
public:
    Shape() = default;
    explicit Shape(const std::vector<int64_t>& dims) : dims_(dims) {}
    size_t GetDimNum() const { return dims_.size(); }
    // An index past the rank reads 0, as CANN documents.
    int64_t GetDim(size_t idx) const { return idx < dims_.size() ? dims_[idx] : 0; }
    graphStatus SetDim(size_t idx, int64_t value) {
        if (idx >= dims_.size()) return GRAPH_FAILED;
        dims_[idx] = value;
        return GRAPH_SUCCESS;
    }
    std::vector<int64_t> GetDims() const { return dims_; }
    // Element count; -1 when a dim is unknown, 0 for an empty shape.
    int64_t GetShapeSize() const {
        if (dims_.empty()) return 0;
        int64_t n = 1;
        for (int64_t d : dims_) {
            if (d < 0) return -1;
            n *= d;
        }
        return n;
    }

private:
    std::vector<int64_t> dims_;
};

class TensorDesc {
public:
    TensorDesc() = default;
    explicit TensorDesc(Shape shape, Format format = FORMAT_ND, DataType dt = DT_FLOAT)
        : shape_(std::move(shape)), format_(format), dtype_(dt) {}
    void Update(const Shape& shape, Format format = FORMAT_ND, DataType dt = DT_FLOAT) {
        shape_ = shape;
        format_ = format;
        dtype_ = dt;
    }
    Shape GetShape() const { return shape_; }
    void SetShape(const Shape& shape) { shape_ = shape; }
    graphStatus SetUnknownDimNumShape() {
        shape_ = Shape(UNKNOWN_RANK);
        return GRAPH_SUCCESS;
    }
    Format GetFormat() const { return format_; }
    void SetFormat(Format format) { format_ = format; }
    DataType GetDataType() const { return dtype_; }
    void SetDataType(DataType dt) { dtype_ = dt; }
    graphStatus GetName(AscendString& name) const {
        name = name_;
        return GRAPH_SUCCESS;
    }
    void SetName(const char_t* name) { name_ = AscendString(name); }

private:
    Shape shape_;
    Format format_ = FORMAT_ND;
    DataType dtype_ = DT_FLOAT;
    AscendString name_;
};

}  // namespace ge
