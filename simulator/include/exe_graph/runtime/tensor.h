// gert::Tensor (metadef exe_graph/runtime/tensor.h) and gert::CompileTimeTensorDesc
// (compute_node_info.h): what a context knows of an input or output: shape, data type, format and,
// for a tensor, its placement and address.
#pragma once
#include <cstdint>

#include "exe_graph/runtime/storage_format.h"
#include "exe_graph/runtime/storage_shape.h"
#include "graph/ascend_string.h"
#include "graph/ge_error_codes.h"
#include "graph/types.h"

namespace gert {

enum TensorPlacement : int32_t { kOnDeviceHbm, kOnHost, kFollowing, kOnDeviceP2p, kTensorPlacementEnd };
using TensorAddress = void*;

class CompileTimeTensorDesc {
public:
    CompileTimeTensorDesc() = default;
    ge::DataType GetDataType() const { return dtype_; }
    const StorageFormat& GetFormat() const { return format_; }
    ge::Format GetOriginFormat() const { return format_.GetOriginFormat(); }
    ge::Format GetStorageFormat() const { return format_.GetStorageFormat(); }
    ExpandDimsType GetExpandDimsType() const { return format_.GetExpandDimsType(); }
    void SetDataType(const ge::DataType data_type) { dtype_ = data_type; }
    void SetStorageFormat(const ge::Format format) { format_.SetStorageFormat(format); }
    void SetOriginFormat(const ge::Format format) { format_.SetOriginFormat(format); }
    void SetExpandDimsType(const ExpandDimsType& expand_dims_type) { format_.SetExpandDimsType(expand_dims_type); }

private:
    ge::DataType dtype_ = ge::DT_UNDEFINED;
    StorageFormat format_;
};

class Tensor {
public:
    Tensor() = default;
    Tensor(const StorageShape& storage_shape, const StorageFormat& storage_format, const TensorPlacement placement,
           const ge::DataType data_type, TensorAddress addr)
        : shape_(storage_shape), format_(storage_format), placement_(placement), dtype_(data_type), addr_(addr) {}
    Tensor(const StorageShape& storage_shape, const StorageFormat& storage_format, ge::DataType data_type)
        : shape_(storage_shape), format_(storage_format), dtype_(data_type) {}
    int64_t GetShapeSize() const { return shape_.GetStorageShape().GetShapeSize(); }
    const Shape& GetOriginShape() const { return shape_.GetOriginShape(); }
    const Shape& GetStorageShape() const { return shape_.GetStorageShape(); }
    StorageShape& GetShape() { return shape_; }
    const StorageShape& GetShape() const { return shape_; }
    ge::DataType GetDataType() const { return dtype_; }
    void SetDataType(const ge::DataType data_type) { dtype_ = data_type; }
    ge::Format GetOriginFormat() const { return format_.GetOriginFormat(); }
    ge::Format GetStorageFormat() const { return format_.GetStorageFormat(); }
    const StorageFormat& GetFormat() const { return format_; }
    TensorPlacement GetPlacement() const { return placement_; }
    void SetPlacement(const TensorPlacement placement) { placement_ = placement; }
    const void* GetAddr() const { return addr_; }
    void* GetAddr() { return addr_; }
    template <typename T>
    const T* GetData() const { return static_cast<const T*>(addr_); }

private:
    StorageShape shape_;
    StorageFormat format_;
    TensorPlacement placement_ = kOnDeviceHbm;
    ge::DataType dtype_ = ge::DT_UNDEFINED;
    TensorAddress addr_ = nullptr;
};

}  // namespace gert
