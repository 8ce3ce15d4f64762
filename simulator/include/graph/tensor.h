// ge::Shape and ge::TensorDesc (graph/tensor.h): the documented accessors a prototype's infer
// function uses. Value types here; CANN's share an implementation object, which is not observable
// through these accessors.
#pragma once
#include <cstdint>
#include <string>
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

// ge::Tensor: a description and host data, the inputs and outputs of Session::RunGraph
// (ge/ge_api.h). CANN's copies share one buffer; these are values, which no documented use of
// RunGraph's tensors can tell apart.
class Tensor {
public:
    Tensor() = default;
    ~Tensor() = default;
    explicit Tensor(const TensorDesc& tensor_desc) : desc_(tensor_desc) {}
    Tensor(const TensorDesc& tensor_desc, const std::vector<uint8_t>& data) : desc_(tensor_desc), data_(data) {}
    Tensor(const TensorDesc& tensor_desc, const uint8_t* data, size_t size)
        : desc_(tensor_desc), data_(data, data + size) {}
    Tensor(TensorDesc&& tensor_desc, std::vector<uint8_t>&& data) : desc_(std::move(tensor_desc)), data_(std::move(data)) {}

    TensorDesc GetTensorDesc() const { return desc_; }
    graphStatus SetTensorDesc(const TensorDesc& tensor_desc) {
        desc_ = tensor_desc;
        return GRAPH_SUCCESS;
    }
    const uint8_t* GetData() const { return data_.data(); }
    uint8_t* GetData() { return data_.data(); }
    size_t GetSize() const { return data_.size(); }
    graphStatus SetData(std::vector<uint8_t>&& data) {
        data_ = std::move(data);
        return GRAPH_SUCCESS;
    }
    graphStatus SetData(const std::vector<uint8_t>& data) {
        data_ = data;
        return GRAPH_SUCCESS;
    }
    graphStatus SetData(const uint8_t* data, size_t size) {
        data_.assign(data, data + size);
        return GRAPH_SUCCESS;
    }
    graphStatus SetDataType(const DataType& dtype) {
        desc_.SetDataType(dtype);
        return GRAPH_SUCCESS;
    }
    DataType GetDataType() const { return desc_.GetDataType(); }
    graphStatus SetFormat(const Format& format) {
        desc_.SetFormat(format);
        return GRAPH_SUCCESS;
    }
    Format GetFormat() const { return desc_.GetFormat(); }

private:
    TensorDesc desc_;
    std::vector<uint8_t> data_;
};

}  // namespace ge
