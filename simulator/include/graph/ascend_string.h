// ge::AscendString (graph/ascend_string.h): the string type of the GE interface.
#pragma once
#include <cstddef>
#include <string>

#include "graph/types.h"

namespace ge {

class AscendString {
public:
    AscendString() = default;
    AscendString(const char_t* const name) : s_(name ? name : "") {}
    AscendString(const char_t* const name, size_t length) : s_(name ? std::string(name, length) : std::string()) {}
    const char_t* GetString() const { return s_.c_str(); }
    size_t GetLength() const { return s_.size(); }
    bool operator<(const AscendString& d) const { return s_ < d.s_; }
    bool operator>(const AscendString& d) const { return s_ > d.s_; }
    bool operator<=(const AscendString& d) const { return s_ <= d.s_; }
    bool operator>=(const AscendString& d) const { return s_ >= d.s_; }
    bool operator==(const AscendString& d) const { return s_ == d.s_; }
    bool operator!=(const AscendString& d) const { return s_ != d.s_; }

private:
    std::string s_;
};

}  // namespace ge
