// AI CPU kernel API (CANN include/aicpu/cpu_tensor.h): a kernel's input or output: its data (as the
// AI CPU sees it), shape and data type.
#pragma once
#include <cstdint>
#include <memory>

#include "cpu_tensor_shape.h"
#include "cpu_types.h"

namespace aicpu {

class Tensor {
public:
    Tensor(void* data, uint64_t bytes, DataType type, std::vector<int64_t> dims)
        : data_(data), bytes_(bytes), type_(type), shape_(std::make_shared<TensorShape>(std::move(dims))) {}
    void* GetData() const { return data_; }
    uint64_t GetDataSize() const { return bytes_; }
    DataType GetDataType() const { return type_; }
    std::shared_ptr<TensorShape> GetTensorShape() const { return shape_; }
    int64_t NumElements() const { return shape_->NumElements(); }

private:
    void* data_;
    uint64_t bytes_;   // bytes of device memory behind data
    DataType type_;
    std::shared_ptr<TensorShape> shape_;
};

}  // namespace aicpu
