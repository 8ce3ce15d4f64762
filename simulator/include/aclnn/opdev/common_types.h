// The op-API side of aclBoolArray: an op library reads the values a caller passed to
// aclCreateBoolArray through the array type itself (users only create, size and destroy it, through
// aclnn/acl_meta.h). The simulator's model of that type.
#pragma once
#include <cstdint>
#include <memory>

#include "aclnn/acl_meta.h"

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
