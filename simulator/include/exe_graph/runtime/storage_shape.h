// gert::StorageShape (metadef exe_graph/runtime/storage_shape.h): origin and storage shape. Built
// from two initializer lists, or default-constructed and filled through MutableOriginShape /
// MutableStorageShape: the real header has no constructor from two gert::Shape.
#pragma once
#include <initializer_list>

#include "exe_graph/runtime/shape.h"

namespace gert {

struct StorageShape {
public:
    StorageShape() = default;
    StorageShape(const std::initializer_list<int64_t>& origin_shape, const std::initializer_list<int64_t>& storage_shape)
        : origin_(origin_shape), storage_(storage_shape) {}
    const Shape& GetOriginShape() const { return origin_; }
    const Shape& GetShape() const { return origin_; }
    const Shape& GetStorageShape() const { return storage_; }
    Shape& MutableShape() { return origin_; }
    Shape& MutableOriginShape() { return origin_; }
    Shape& MutableStorageShape() { return storage_; }
    bool operator==(const StorageShape& other) const { return origin_ == other.origin_ && storage_ == other.storage_; }
    bool operator!=(const StorageShape& other) const { return !(*this == other); }

private:
    Shape origin_, storage_;
};

}  // namespace gert
