// Minimal test harness for the C++ tests: CHECK-style assertions that count failures, and a
// summary line "N passed, N failed" that CI reads. A test program exits non-zero on any failure.
#pragma once
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace agstest {
struct Case { const char* name; std::function<void()> fn; };
inline std::vector<Case>& Cases() { static std::vector<Case> c; return c; }
inline int& Failures() { static int f = 0; return f; }
struct Register { Register(const char* n, std::function<void()> f) { Cases().push_back({n, f}); } };

inline int RunAll() {
    int passed = 0, failed = 0;
    for (auto& c : Cases()) {
        int before = Failures();
        c.fn();
        if (Failures() == before) { ++passed; } else { ++failed; std::printf("FAILED: %s\n", c.name); }
    }
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
}  // namespace agstest

#define AGS_CAT2(a, b) a##b
#define AGS_CAT(a, b) AGS_CAT2(a, b)
#define TEST_CASE(name)                                                              \
    static void AGS_CAT(test_fn_, __LINE__)();                                       \
    static agstest::Register AGS_CAT(test_reg_, __LINE__)(name, AGS_CAT(test_fn_, __LINE__)); \
    static void AGS_CAT(test_fn_, __LINE__)()

#define CHECK(cond)                                                                  \
    do {                                                                             \
        if (!(cond)) {                                                               \
            std::printf("  %s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond);   \
            ++agstest::Failures();                                                   \
        }                                                                            \
    } while (0)

#define CHECK_MSG(cond, msg)                                                         \
    do {                                                                             \
        if (!(cond)) {                                                               \
            std::printf("  %s:%d: CHECK(%s) failed: %s\n", __FILE__, __LINE__, #cond, \
                        std::string(msg).c_str());                                   \
            ++agstest::Failures();                                                   \
        }                                                                            \
    } while (0)

// True when `text` contains every one of the fragments.
inline bool ContainsAll(const std::string& text, std::initializer_list<const char*> parts) {
    for (const char* p : parts) if (text.find(p) == std::string::npos) return false;
    return true;
}

#define TEST_MAIN() int main() { return agstest::RunAll(); }
