// What the simulator's graph-mode nodes (<op>_graph.cpp) share: GE's dtypes as aclDataType, and
// GE's device buffers described as aclTensor views for the op's aclnn call.
#pragma once
#include <cstdint>
#include <vector>

#include "aclnn/acl_meta.h"
#include "graph/types.h"

namespace gridsample {

// The GE dtypes the package's aclnn entry points take; false for any other.
inline bool AclTypeOf(ge::DataType t, aclDataType* out) {
    switch (t) {
        case ge::DT_FLOAT: *out = ACL_FLOAT; return true;
        case ge::DT_FLOAT16: *out = ACL_FLOAT16; return true;
        case ge::DT_BF16: *out = ACL_BF16; return true;
        case ge::DT_DOUBLE: *out = ACL_DOUBLE; return true;
        case ge::DT_INT8: *out = ACL_INT8; return true;
        case ge::DT_UINT8: *out = ACL_UINT8; return true;
        case ge::DT_INT32: *out = ACL_INT32; return true;
        default: return false;
    }
}

inline std::vector<int64_t> ContiguousStrides(const std::vector<int64_t>& dims) {
    std::vector<int64_t> s(dims.size(), 1);
    for (size_t i = dims.size(); i-- > 1;) s[i - 1] = s[i] * dims[i];
    return s;
}

// A view of `data` with the given dims and strides over a buffer of as many elements as dims hold.
inline aclTensor* DeviceView(const std::vector<int64_t>& dims, const std::vector<int64_t>& strides, aclDataType t,
                             void* data) {
    int64_t storage = 1;
    for (int64_t d : dims) storage *= d;
    return aclCreateTensor(dims.data(), dims.size(), t, strides.data(), 0, ACL_FORMAT_ND, &storage, 1, data);
}

}  // namespace gridsample
