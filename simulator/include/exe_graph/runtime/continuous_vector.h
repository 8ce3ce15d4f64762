// gert::ContinuousVector (metadef exe_graph/runtime/continuous_vector.h): a header followed by its
// elements in one block, made by ContinuousVector::Create<T>(capacity), which returns the block. The
// tiling context's workspace sizes live in one. A ContinuousVector that was not made by Create has
// no room for elements: the model gives it capacity 0, so GetWorkspaceSizes on it fails.
// TypedContinuousVector<T> (how list attributes are read) views the same block as T elements.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>

#include "graph/ge_error_codes.h"

namespace gert {

class ContinuousVector {
public:
    template <typename T>
    static std::unique_ptr<uint8_t[]> Create(size_t capacity, size_t& total_size) {
        if (__builtin_mul_overflow(capacity, sizeof(T), &total_size) ||
            __builtin_add_overflow(total_size, sizeof(ContinuousVector), &total_size))
            return nullptr;
        std::unique_ptr<uint8_t[]> holder(new (std::nothrow) uint8_t[total_size]());
        if (holder == nullptr) return nullptr;
        reinterpret_cast<ContinuousVector*>(holder.get())->Init(capacity);
        return holder;
    }
    template <typename T>
    static std::unique_ptr<uint8_t[]> Create(const size_t capacity) {
        size_t total_size = 0;
        return Create<T>(capacity, total_size);
    }
    void Init(const size_t capacity) {
        capacity_ = capacity;
        size_ = 0;
    }
    size_t GetSize() const { return size_; }
    ge::graphStatus SetSize(const size_t size) {
        if (size > capacity_) return ge::GRAPH_PARAM_OUT_OF_RANGE;
        size_ = size;
        return ge::GRAPH_SUCCESS;
    }
    size_t GetCapacity() const { return capacity_; }
    const void* GetData() const { return reinterpret_cast<const uint8_t*>(this) + sizeof(ContinuousVector); }
    void* MutableData() { return reinterpret_cast<uint8_t*>(this) + sizeof(ContinuousVector); }

private:
    size_t capacity_ = 0;
    size_t size_ = 0;
};

template <typename T>
class TypedContinuousVector : private ContinuousVector {
public:
    using ContinuousVector::GetCapacity;
    using ContinuousVector::GetSize;
    using ContinuousVector::SetSize;
    T* MutableData() { return static_cast<T*>(ContinuousVector::MutableData()); }
    const T* GetData() const { return static_cast<const T*>(ContinuousVector::GetData()); }
};

}  // namespace gert
