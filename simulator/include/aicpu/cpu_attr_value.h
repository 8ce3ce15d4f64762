// AI CPU kernel API (CANN include/aicpu/cpu_attr_value.h): one attribute of the op the kernel runs.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace aicpu {

class AttrValue {
public:
    AttrValue() = default;
    void SetInt(int64_t v) { i_ = v; }
    void SetFloat(float v) { f_ = v; }
    void SetBool(bool v) { b_ = v; }
    void SetString(const std::string& v) { s_ = v; }
    void SetListInt(const std::vector<int64_t>& v) { li_ = v; }
    void SetListFloat(const std::vector<float>& v) { lf_ = v; }
    int64_t GetInt() const { return i_; }
    float GetFloat() const { return f_; }
    bool GetBool() const { return b_; }
    std::string GetString() const { return s_; }
    std::vector<int64_t> GetListInt() const { return li_; }
    std::vector<float> GetListFloat() const { return lf_; }

private:
    int64_t i_ = 0;
    float f_ = 0;
    bool b_ = false;
    std::string s_;
    std::vector<int64_t> li_;
    std::vector<float> lf_;
};

}  // namespace aicpu
