// gert::Tensor, StorageFormat and CompileTimeTensorDesc (documented exe_graph/runtime/tensor.h):
// what a context knows of an input or output: shape, data type and format.
#pragma once
#include "exe_graph/runtime/storage_shape.h"
#include "graph/types.h"
#include "graph/ascend_string.h"
#include "graph/ge_error_codes.h"

namespace gert {

class StorageFormat {
public:
    StorageFormat() = default;
    StorageFormat(ge::Format origin, ge::Format storage) : origin_(origin), storage_(storage) {}
    ge::Format GetOriginFormat() const { return origin_; }
    ge::Format GetStorageFormat() const { return storage_; }
    void SetOriginFormat(ge::Format f) { origin_ = f; }
    void SetStorageFormat(ge::Format f) { storage_ = f; }

private:
    ge::Format origin_ = ge::FORMAT_ND, storage_ = ge::FORMAT_ND;
};

enum TensorPlacement { kOnDeviceHbm, kOnHost, kFollowing, kTensorPlacementEnd };

class CompileTimeTensorDesc {
public:
    CompileTimeTensorDesc() = default;
    CompileTimeTensorDesc(ge::DataType dt, const StorageFormat& f) : dtype_(dt), format_(f) {}
    ge::DataType GetDataType() const { return dtype_; }
    ge::Format GetOriginFormat() const { return format_.GetOriginFormat(); }
    ge::Format GetStorageFormat() const { return format_.GetStorageFormat(); }
    const StorageFormat& GetFormat() const { return format_; }

private:
    ge::DataType dtype_ = ge::DT_UNDEFINED;
    StorageFormat format_;
};

class Tensor {
public:
    Tensor() = default;
    Tensor(const StorageShape& shape, const StorageFormat& format, TensorPlacement placement, ge::DataType dtype,
           void* addr)
        : shape_(shape), format_(format), placement_(placement), dtype_(dtype), addr_(addr) {}
    const Shape& GetOriginShape() const { return shape_.GetOriginShape(); }
    const Shape& GetStorageShape() const { return shape_.GetStorageShape(); }
    StorageShape& GetShape() { return shape_; }
    const StorageShape& GetShape() const { return shape_; }
    ge::DataType GetDataType() const { return dtype_; }
    ge::Format GetOriginFormat() const { return format_.GetOriginFormat(); }
    ge::Format GetStorageFormat() const { return format_.GetStorageFormat(); }
    const StorageFormat& GetFormat() const { return format_; }
    TensorPlacement GetPlacement() const { return placement_; }
    const void* GetAddr() const { return addr_; }

private:
    StorageShape shape_;
    StorageFormat format_;
    TensorPlacement placement_ = kOnDeviceHbm;
    ge::DataType dtype_ = ge::DT_UNDEFINED;
    void* addr_ = nullptr;
};

}  // namespace gert
