// gert::RuntimeAttrs (documented exe_graph/runtime/runtime_attrs.h): an op's attributes by index,
// in the order the OpDef declares them. "RuntimeAttrs GetAttrPointer GetStr GetBool GetInt GetListInt".
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace gert {

template <typename T>
class TypedContinuousVector {
public:
    TypedContinuousVector() = default;
    explicit TypedContinuousVector(std::vector<T> v) : v_(std::move(v)) {}
    size_t GetSize() const { return v_.size(); }
    size_t GetCapacity() const { return v_.capacity(); }
    const T* GetData() const { return v_.data(); }

private:
    std::vector<T> v_;
};

// Workspace sizes live in a ContinuousVector of size_t.
class ContinuousVector {
public:
    explicit ContinuousVector(size_t capacity = 16) : v_(capacity, 0) {}
    size_t GetSize() const { return size_; }
    size_t GetCapacity() const { return v_.size(); }
    void SetSize(size_t n) { size_ = n <= v_.size() ? n : v_.size(); }
    const void* GetData() const { return v_.data(); }
    void* MutableData() { return v_.data(); }

private:
    std::vector<size_t> v_;
    size_t size_ = 0;
};

class RuntimeAttrs {
public:
    enum class Kind { kBool, kInt, kFloat, kStr, kListInt };
    struct Value {
        Kind kind = Kind::kBool;
        bool b = false;
        int64_t i = 0;
        float f = 0;
        std::string s;
        TypedContinuousVector<int64_t> li;
    };

    size_t GetAttrNum() const { return values_.size(); }
    const char* GetStr(size_t index) const { return Get(index, Kind::kStr) ? values_[index].s.c_str() : nullptr; }
    const bool* GetBool(size_t index) const { return Get(index, Kind::kBool) ? &values_[index].b : nullptr; }
    const int64_t* GetInt(size_t index) const { return Get(index, Kind::kInt) ? &values_[index].i : nullptr; }
    const float* GetFloat(size_t index) const { return Get(index, Kind::kFloat) ? &values_[index].f : nullptr; }
    const TypedContinuousVector<int64_t>* GetListInt(size_t index) const {
        return Get(index, Kind::kListInt) ? &values_[index].li : nullptr;
    }
    template <typename T>
    const T* GetAttrPointer(size_t index) const;

    // Filled by the context builders (base/context_builder/).
    void Append(Value v) { values_.push_back(std::move(v)); }

private:
    bool Get(size_t index, Kind k) const { return index < values_.size() && values_[index].kind == k; }
    std::vector<Value> values_;
};

template <> inline const char* RuntimeAttrs::GetAttrPointer<char>(size_t i) const { return GetStr(i); }
template <> inline const bool* RuntimeAttrs::GetAttrPointer<bool>(size_t i) const { return GetBool(i); }
template <> inline const int64_t* RuntimeAttrs::GetAttrPointer<int64_t>(size_t i) const { return GetInt(i); }
template <> inline const float* RuntimeAttrs::GetAttrPointer<float>(size_t i) const { return GetFloat(i); }

}  // namespace gert
