// gert::RuntimeAttrs (metadef exe_graph/runtime/runtime_attrs.h): an op's attributes by index, in the
// order the OpDef declares them. Not constructible by users (the contexts own it); the context
// builders append to it. A getter of the wrong kind returns nullptr (the real header reinterprets
// whatever is stored). List values live in ContinuousVector blocks, as the real ones do.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "exe_graph/runtime/continuous_vector.h"
#include "exe_graph/runtime/tensor.h"

namespace gert {

struct OpContextData;
template <typename T>
class OpContextBuilderBase;

class RuntimeAttrs {
public:
    template <typename T>
    const T* GetAttrPointer(size_t index) const;
    const int64_t* GetInt(const size_t index) const { return Get(index, Kind::kInt) ? &values_[index].i : nullptr; }
    const TypedContinuousVector<int64_t>* GetListInt(const size_t index) const {
        return Get(index, Kind::kListInt) ? values_[index].List<int64_t>() : nullptr;
    }
    const char* GetStr(const size_t index) const { return Get(index, Kind::kStr) ? values_[index].s.c_str() : nullptr; }
    const float* GetFloat(const size_t index) const { return Get(index, Kind::kFloat) ? &values_[index].f : nullptr; }
    const bool* GetBool(const size_t index) const { return Get(index, Kind::kBool) ? &values_[index].b : nullptr; }
    const TypedContinuousVector<float>* GetListFloat(const size_t index) const {
        return Get(index, Kind::kListFloat) ? values_[index].List<float>() : nullptr;
    }
    size_t GetAttrNum() const { return values_.size(); }
    RuntimeAttrs(const RuntimeAttrs&) = delete;
    RuntimeAttrs(RuntimeAttrs&&) = delete;
    RuntimeAttrs& operator=(const RuntimeAttrs&) = delete;
    RuntimeAttrs& operator=(RuntimeAttrs&&) = delete;

private:
    friend struct OpContextData;
    template <typename T>
    friend class OpContextBuilderBase;
    enum class Kind { kBool, kInt, kFloat, kStr, kListInt, kListFloat };
    struct Value {
        Kind kind = Kind::kBool;
        bool b = false;
        int64_t i = 0;
        float f = 0;
        std::string s;
        std::shared_ptr<uint8_t> list;   // a ContinuousVector block
        template <typename T>
        const TypedContinuousVector<T>* List() const {
            return reinterpret_cast<const TypedContinuousVector<T>*>(list.get());
        }
    };
    RuntimeAttrs() = default;
    template <typename T>
    static Value ListValue(Kind kind, const std::vector<T>& v) {
        Value a;
        a.kind = kind;
        std::unique_ptr<uint8_t[]> block = ContinuousVector::Create<T>(v.size());
        auto* cv = reinterpret_cast<ContinuousVector*>(block.get());
        cv->SetSize(v.size());
        if (!v.empty()) std::memcpy(cv->MutableData(), v.data(), v.size() * sizeof(T));
        a.list = std::shared_ptr<uint8_t>(block.release(), std::default_delete<uint8_t[]>());
        return a;
    }
    void Append(Value v) { values_.push_back(std::move(v)); }
    bool Get(size_t index, Kind k) const { return index < values_.size() && values_[index].kind == k; }
    std::vector<Value> values_;
};

template <> inline const char* RuntimeAttrs::GetAttrPointer<char>(size_t i) const { return GetStr(i); }
template <> inline const bool* RuntimeAttrs::GetAttrPointer<bool>(size_t i) const { return GetBool(i); }
template <> inline const int64_t* RuntimeAttrs::GetAttrPointer<int64_t>(size_t i) const { return GetInt(i); }
template <> inline const float* RuntimeAttrs::GetAttrPointer<float>(size_t i) const { return GetFloat(i); }

}  // namespace gert
