// GE graph basics modelled for op_graph/: data types, formats, status codes, shapes and tensor
// descriptions (the documented interface of graph/types.h and graph/tensor.h, a subset).
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ge {

using graphStatus = uint32_t;
constexpr graphStatus GRAPH_SUCCESS = 0;
constexpr graphStatus GRAPH_FAILED = 0xFFFFFFFF;

enum DataType {
    DT_FLOAT = 0, DT_FLOAT16 = 1, DT_INT8 = 2, DT_INT32 = 3, DT_UINT8 = 4, DT_INT16 = 6, DT_UINT16 = 7,
    DT_UINT32 = 8, DT_INT64 = 9, DT_UINT64 = 10, DT_DOUBLE = 11, DT_BOOL = 12, DT_BF16 = 27, DT_UNDEFINED = 28
};

enum Format { FORMAT_NCHW = 0, FORMAT_NHWC = 1, FORMAT_ND = 2, FORMAT_NDHWC = 27, FORMAT_NCDHW = 30, FORMAT_RESERVED = 40 };

constexpr int64_t UNKNOWN_DIM = -1;       // a dimension known only at run time
constexpr int64_t UNKNOWN_DIM_NUM = -2;   // a shape whose rank is unknown: {-2}

class AscendString {
public:
    AscendString() = default;
    AscendString(const char* s) : s_(s ? s : "") {}
    const char* GetString() const { return s_.c_str(); }
    bool operator==(const AscendString& o) const { return s_ == o.s_; }

private:
    std::string s_;
};

class Shape {
public:
    Shape() = default;
    explicit Shape(std::vector<int64_t> dims) : dims_(std::move(dims)) {}
    size_t GetDimNum() const { return dims_.size(); }
    int64_t GetDim(size_t i) const { return i < dims_.size() ? dims_[i] : 0; }
    const std::vector<int64_t>& GetDims() const { return dims_; }
    bool IsUnknownRank() const { return dims_.size() == 1 && dims_[0] == UNKNOWN_DIM_NUM; }

private:
    std::vector<int64_t> dims_;
};

class TensorDesc {
public:
    TensorDesc() = default;
    TensorDesc(Shape shape, Format format = FORMAT_ND, DataType dtype = DT_FLOAT)
        : shape_(std::move(shape)), format_(format), dtype_(dtype) {}
    Shape GetShape() const { return shape_; }
    void SetShape(const Shape& s) { shape_ = s; }
    DataType GetDataType() const { return dtype_; }
    void SetDataType(DataType t) { dtype_ = t; }
    Format GetFormat() const { return format_; }
    void SetFormat(Format f) { format_ = f; }

private:
    Shape shape_;
    Format format_ = FORMAT_ND;
    DataType dtype_ = DT_UNDEFINED;
};

// The data types an IR input or output accepts.
class TensorType {
public:
    TensorType(std::initializer_list<DataType> types) : types_(types) {}
    bool Allows(DataType t) const {
        for (DataType a : types_)
            if (a == t) return true;
        return false;
    }

private:
    std::vector<DataType> types_;
};

}  // namespace ge
