// The NodeProto text an ONNX parser plugin receives (its protobuf JSON, in the attribute
// "attribute" of the source operator): a reader of the JSON it uses and of protobuf JSON's base64
// bytes fields. Shared by the package's ONNX plugins.
#pragma once
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace domi {
namespace onnx_node {

// The part of JSON the node text uses: objects, arrays, strings, numbers, true / false / null.
struct Json {
    enum Kind { kNull, kBool, kNumber, kString, kArray, kObject } kind = kNull;
    std::string text;   // string value, or a number's literal
    bool flag = false;
    std::vector<Json> items;
    std::vector<std::pair<std::string, Json>> members;

    const Json* Get(const std::string& key) const {
        for (const auto& m : members)
            if (m.first == key) return &m.second;
        return nullptr;
    }
};

class JsonReader {
public:
    explicit JsonReader(const std::string& s) : s_(s) {}
    bool Read(Json* out) {
        bool ok = Value(out);
        Skip();
        return ok && at_ == s_.size();
    }

private:
    void Skip() {
        while (at_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[at_]))) ++at_;
    }
    bool Literal(const char* word) {
        const std::string w = word;
        if (s_.compare(at_, w.size(), w) != 0) return false;
        at_ += w.size();
        return true;
    }
    bool String(std::string* out) {
        if (at_ >= s_.size() || s_[at_] != '"') return false;
        ++at_;
        while (at_ < s_.size() && s_[at_] != '"') {
            char c = s_[at_++];
            if (c == '\\') {
                if (at_ >= s_.size()) return false;
                char e = s_[at_++];
                switch (e) {
                    case 'n': c = '\n'; break;
                    case 't': c = '\t'; break;
                    case 'r': c = '\r'; break;
                    case 'b': c = '\b'; break;
                    case 'f': c = '\f'; break;
                    case 'u': {
                        if (at_ + 4 > s_.size()) return false;
                        const long code = std::strtol(s_.substr(at_, 4).c_str(), nullptr, 16);
                        at_ += 4;
                        c = code < 0x80 ? static_cast<char>(code) : '?';   // names and modes are ASCII
                        break;
                    }
                    default: c = e;
                }
            }
            out->push_back(c);
        }
        if (at_ >= s_.size()) return false;
        ++at_;
        return true;
    }
    bool Value(Json* v) {
        Skip();
        if (at_ >= s_.size()) return false;
        const char c = s_[at_];
        if (c == '{') {
            v->kind = Json::kObject;
            ++at_;
            Skip();
            if (at_ < s_.size() && s_[at_] == '}') { ++at_; return true; }
            for (;;) {
                Skip();
                std::string key;
                if (!String(&key)) return false;
                Skip();
                if (at_ >= s_.size() || s_[at_++] != ':') return false;
                Json item;
                if (!Value(&item)) return false;
                v->members.emplace_back(std::move(key), std::move(item));
                Skip();
                if (at_ < s_.size() && s_[at_] == ',') { ++at_; continue; }
                if (at_ < s_.size() && s_[at_] == '}') { ++at_; return true; }
                return false;
            }
        }
        if (c == '[') {
            v->kind = Json::kArray;
            ++at_;
            Skip();
            if (at_ < s_.size() && s_[at_] == ']') { ++at_; return true; }
            for (;;) {
                Json item;
                if (!Value(&item)) return false;
                v->items.push_back(std::move(item));
                Skip();
                if (at_ < s_.size() && s_[at_] == ',') { ++at_; continue; }
                if (at_ < s_.size() && s_[at_] == ']') { ++at_; return true; }
                return false;
            }
        }
        if (c == '"') { v->kind = Json::kString; return String(&v->text); }
        if (Literal("true")) { v->kind = Json::kBool; v->flag = true; return true; }
        if (Literal("false")) { v->kind = Json::kBool; return true; }
        if (Literal("null")) return true;
        const size_t start = at_;
        while (at_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[at_])) || std::strchr("+-.eE", s_[at_]))) ++at_;
        if (at_ == start) return false;
        v->kind = Json::kNumber;
        v->text = s_.substr(start, at_ - start);
        return true;
    }

    const std::string& s_;
    size_t at_ = 0;
};

// protobuf JSON writes bytes fields in base64 (RFC 4648, padded).
inline bool Base64(const std::string& in, std::string* out) {
    auto value = [](char c) -> int {
        if (c >= 'A' && c <= 'Z') return c - 'A';
        if (c >= 'a' && c <= 'z') return c - 'a' + 26;
        if (c >= '0' && c <= '9') return c - '0' + 52;
        if (c == '+' || c == '-') return 62;
        if (c == '/' || c == '_') return 63;
        return -1;
    };
    unsigned bits = 0;
    int count = 0;
    for (char c : in) {
        if (c == '=') break;
        const int v = value(c);
        if (v < 0) return false;
        bits = (bits << 6) | static_cast<unsigned>(v);
        count += 6;
        if (count >= 8) {
            count -= 8;
            out->push_back(static_cast<char>((bits >> count) & 0xFF));
        }
    }
    return true;
}

}  // namespace onnx_node
}  // namespace domi
