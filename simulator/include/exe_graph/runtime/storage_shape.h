// gert::StorageShape (documented exe_graph/runtime/storage_shape.h): origin and storage shape.
#pragma once
#include "exe_graph/runtime/shape.h"

namespace gert {

class StorageShape {
public:
    StorageShape() = default;
    StorageShape(std::initializer_list<int64_t> origin, std::initializer_list<int64_t> storage)
        : origin_(origin), storage_(storage) {}
    StorageShape(const Shape& origin, const Shape& storage) : origin_(origin), storage_(storage) {}
    const Shape& GetOriginShape() const { return origin_; }
    const Shape& GetStorageShape() const { return storage_; }
    Shape& MutableOriginShape() { return origin_; }
    Shape& MutableStorageShape() { return storage_; }

private:
    Shape origin_, storage_;
};

}  // namespace gert
