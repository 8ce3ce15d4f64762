// gert::StorageFormat (metadef exe_graph/runtime/storage_format.h): origin format, storage format and
// the ExpandDimsType that relates them; the real header's only non-default constructor takes all three.
#pragma once
#include "exe_graph/runtime/expand_dims_type.h"
#include "graph/types.h"

namespace gert {

struct StorageFormat {
public:
    StorageFormat() = default;
    StorageFormat(const ge::Format origin_format, const ge::Format storage_format, const ExpandDimsType& expand_dims_type)
        : origin_(origin_format), storage_(storage_format), expand_(expand_dims_type) {}
    ge::Format GetOriginFormat() const { return origin_; }
    void SetOriginFormat(const ge::Format origin_format) { origin_ = origin_format; }
    ge::Format GetStorageFormat() const { return storage_; }
    void SetStorageFormat(const ge::Format storage_format) { storage_ = storage_format; }
    ExpandDimsType GetExpandDimsType() const { return expand_; }
    void SetExpandDimsType(const ExpandDimsType& expand_dims_type) { expand_ = expand_dims_type; }
    ExpandDimsType& MutableExpandDimsType() { return expand_; }
    bool operator==(const StorageFormat& other) const {
        return origin_ == other.origin_ && storage_ == other.storage_ && expand_ == other.expand_;
    }
    bool operator!=(const StorageFormat& other) const { return !(*this == other); }

private:
    ge::Format origin_ = ge::FORMAT_ND, storage_ = ge::FORMAT_ND;
    ExpandDimsType expand_;
};

}  // namespace gert
