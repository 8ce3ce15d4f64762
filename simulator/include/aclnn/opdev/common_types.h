// The op-API developer's view of the aclnn array types (CANN's aclnn/opdev/common_types.h): an op
// library reads an aclIntArray / aclFloatArray / aclBoolArray that its caller made with
// aclCreateIntArray / aclCreateFloatArray / aclCreateBoolArray through Size() and operator[] (the
// arrays are opaque to aclnn callers, who only create, size and destroy them through
// aclnn/acl_meta.h; aclCreateFloatArray, operatorlist_00015: "you can use it without knowing how it
// works inside").
#pragma once
#include <cstdint>
#include <memory>
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

struct aclBoolArray {
    aclBoolArray(const bool* value, uint64_t size) : size_(size), data_(new bool[size ? size : 1]) {
        for (uint64_t i = 0; i < size; ++i) data_[i] = value[i];
    }
    uint64_t Size() const { return size_; }
    const bool& operator[](uint64_t i) const { return data_[i]; }
    const bool* GetData() const { return data_.get(); }

private:
    uint64_t size_;
    std::unique_ptr<bool[]> data_;
};
