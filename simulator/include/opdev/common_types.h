// The op-API developer's view of the aclnn array types (CANN's opdev/common_types.h): an op library
// reads an aclIntArray / aclFloatArray that its caller made with aclCreateIntArray /
// aclCreateFloatArray through Size() and operator[] (the arrays are opaque to aclnn callers, see
// aclCreateFloatArray, operatorlist_00015: "you can use it without knowing how it works inside").
#pragma once
#include <cstdint>
#include <vector>

#include "aclnn/acl_meta.h"

struct aclIntArray {
    std::vector<int64_t> values;
    uint64_t Size() const { return values.size(); }
    const int64_t* GetData() const { return values.data(); }
    int64_t operator[](uint64_t i) const { return values[i]; }
};

struct aclFloatArray {
    std::vector<float> values;
    uint64_t Size() const { return values.size(); }
    const float* GetData() const { return values.data(); }
    float operator[](uint64_t i) const { return values[i]; }
};
