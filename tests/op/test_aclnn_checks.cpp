// The aclnn contract of aclnnGridSampler2D / aclnnGridSampler3D through the public API
// (docs/api.md, docs/errors.md):
//  - every documented rejection, its status code and an aclGetRecentErrMsg() text naming the
//    parameter and what was expected, and the documented order of the checks;
//  - empty tensors: success, workspace 0, nothing written;
//  - rejected calls (GetWorkspaceSize or launch) write nothing;
//  - strided (non-contiguous) views give bit-identical results to packed tensors;
//  - closed-form values on a linear ramp (bilinear/bicubic reproduce a linear function inside
//    the image; nearest, border and reflection move the coordinate in a known way);
//  - problems beyond int32 element counts are accepted (no launch).
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <algorithm>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_grid_sampler2d.h"
#include "aclnnop/aclnn_grid_sampler3d.h"
#include "ascend_sim/sim.h"
#include "check.h"

namespace {

using Shape = std::vector<int64_t>;

// ---- environment ----------------------------------------------------------------------------
struct Env {
    aclrtStream stream = nullptr;
    bool ok = false;
    Env() {
        ok = aclInit(nullptr) == ACL_SUCCESS && aclrtSetDevice(0) == ACL_SUCCESS && aclrtCreateStream(&stream) == ACL_SUCCESS;
        if (!ok) std::printf("  runtime set-up failed: %s\n", aclGetRecentErrMsg());
    }
    ~Env() {
        if (stream) aclrtDestroyStream(stream);
        aclrtResetDevice(0);
        aclFinalize();
    }
};
Env& E() {
    static Env env;
    return env;
}
std::string Drain() { return aclGetRecentErrMsg(); }

// ---- dtypes (values used here are exactly representable; the converters check that) -----------
int64_t Bytes(aclDataType t) {
    switch (t) {
        case ACL_FLOAT: return 4;
        case ACL_DOUBLE: return 8;
        case ACL_FLOAT16: case ACL_BF16: return 2;
        default: return 4;
    }
}
uint16_t HalfBits(float f) {
    if (f == 0.0f) return std::signbit(f) ? 0x8000 : 0;
    int e = 0;
    const float m = std::frexp(std::fabs(f), &e);   // |f| = m * 2^e, m in [0.5, 1)
    const float frac = std::ldexp(2.0f * m - 1.0f, 10);
    const int biased = e - 1 + 15;
    if (biased < 1 || biased > 30 || frac != std::floor(frac)) {
        std::printf("  HalfBits: %g is not a normal float16\n", f);
        ++agstest::Failures();
    }
    return static_cast<uint16_t>((f < 0 ? 0x8000 : 0) | (biased << 10) | static_cast<int>(frac));
}
float HalfValue(uint16_t h) {
    const int e = (h >> 10) & 0x1F, m = h & 0x3FF;
    float v = e == 0 ? std::ldexp(float(m), -24) : std::ldexp(1.0f + m / 1024.0f, e - 15);
    if (e == 31) v = m ? NAN : INFINITY;
    return (h & 0x8000) ? -v : v;
}
uint16_t Bf16Bits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    if (u & 0xFFFF) {
        std::printf("  Bf16Bits: %g is not exact in bfloat16\n", f);
        ++agstest::Failures();
    }
    return static_cast<uint16_t>(u >> 16);
}
float Bf16Value(uint16_t b) {
    uint32_t u = uint32_t(b) << 16;
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}
void Encode(double v, aclDataType t, unsigned char* dst) {
    if (t == ACL_FLOAT) { float f = float(v); std::memcpy(dst, &f, 4); }
    else if (t == ACL_DOUBLE) std::memcpy(dst, &v, 8);
    else if (t == ACL_FLOAT16) { uint16_t h = HalfBits(float(v)); std::memcpy(dst, &h, 2); }
    else if (t == ACL_BF16) { uint16_t h = Bf16Bits(float(v)); std::memcpy(dst, &h, 2); }
}
double Decode(aclDataType t, const unsigned char* src) {
    if (t == ACL_FLOAT) { float f; std::memcpy(&f, src, 4); return f; }
    if (t == ACL_DOUBLE) { double d; std::memcpy(&d, src, 8); return d; }
    uint16_t h;
    std::memcpy(&h, src, 2);
    return t == ACL_FLOAT16 ? HalfValue(h) : Bf16Value(h);
}

// ---- device memory and tensors --------------------------------------------------------------
struct Dev {
    void* p = nullptr;
    size_t bytes = 0;
    explicit Dev(size_t b) : bytes(b < 64 ? 64 : b) {
        CHECK(aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    }
    ~Dev() { if (p) aclrtFree(p); }
    Dev(const Dev&) = delete;
    Dev& operator=(const Dev&) = delete;
    void Put(const std::vector<unsigned char>& host) {
        CHECK(host.size() <= bytes);
        CHECK(aclrtMemcpy(p, bytes, host.data(), host.size(), ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS);
    }
    // The first n bytes (default: all).
    std::vector<unsigned char> Get(size_t n = 0) const {
        std::vector<unsigned char> host(n ? n : bytes);
        CHECK(aclrtMemcpy(host.data(), host.size(), p, host.size(), ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS);
        return host;
    }
};

Shape Contig(const Shape& s) {
    Shape st(s.size(), 1);
    for (int i = int(s.size()) - 2; i >= 0; --i) st[i] = st[i + 1] * std::max<int64_t>(s[i + 1], 1);
    return st;
}
int64_t Count(const Shape& s) {
    int64_t n = 1;
    for (int64_t d : s) n *= d;
    return n;
}
// Elements a view reaches (0 for an empty view).
int64_t Extent(const Shape& s, const Shape& st, int64_t offset) {
    if (Count(s) == 0) return 0;
    int64_t last = offset;
    for (size_t i = 0; i < s.size(); ++i) last += (s[i] - 1) * st[i];
    return last + 1;
}

struct Tensor {
    aclTensor* t = nullptr;
    Tensor() = default;
    Tensor(const Shape& shape, aclDataType dtype, void* data, Shape strides = {}, int64_t offset = 0, int64_t storage = -1) {
        if (strides.empty()) strides = Contig(shape);
        if (storage < 0) storage = std::max<int64_t>(Extent(shape, strides, offset), 1);
        const int64_t st[] = {storage};
        t = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), offset, ACL_FORMAT_ND, st, 1, data);
        CHECK_MSG(t != nullptr, std::string("aclCreateTensor: ") + aclGetRecentErrMsg());
    }
    ~Tensor() { if (t) aclDestroyTensor(t); }
    Tensor(const Tensor&) = delete;
    Tensor& operator=(const Tensor&) = delete;
};

// Calls the op. rank 2 or 3 selects the pair.
aclnnStatus GetWs(int rank, const aclTensor* in, const aclTensor* grid, int64_t mode, int64_t pad, bool ac, aclTensor* out,
                  uint64_t* ws, aclOpExecutor** ex) {
    return rank == 2 ? aclnnGridSampler2DGetWorkspaceSize(in, grid, mode, pad, ac, out, ws, ex)
                     : aclnnGridSampler3DGetWorkspaceSize(in, grid, mode, pad, ac, out, ws, ex);
}
aclnnStatus Launch(int rank, void* ws, uint64_t size, aclOpExecutor* ex) {
    return rank == 2 ? aclnnGridSampler2D(ws, size, ex, E().stream) : aclnnGridSampler3D(ws, size, ex, E().stream);
}

// Full two-phase call; returns the first failing status.
aclnnStatus RunOp(int rank, const aclTensor* in, const aclTensor* grid, int64_t mode, int64_t pad, bool ac, aclTensor* out,
                  std::string* msg = nullptr) {
    uint64_t wsSize = 0;
    aclOpExecutor* ex = nullptr;
    Drain();
    aclnnStatus s = GetWs(rank, in, grid, mode, pad, ac, out, &wsSize, &ex);
    if (s != ACLNN_SUCCESS) {
        if (msg) *msg = Drain();
        return s;
    }
    void* ws = nullptr;
    if (wsSize > 0) CHECK(aclrtMalloc(&ws, wsSize, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    s = Launch(rank, ws, wsSize, ex);
    if (s == ACLNN_SUCCESS) {
        const aclError e = aclrtSynchronizeStream(E().stream);
        CHECK_MSG(e == ACL_SUCCESS, "aclrtSynchronizeStream: " + std::to_string(e) + " " + aclGetRecentErrMsg());
        if (e != ACL_SUCCESS) s = ACLNN_ERR_RUNTIME_ERROR;
    }
    if (msg) *msg = Drain();
    if (ws) aclrtFree(ws);
    return s;
}

// ---- checks ---------------------------------------------------------------------------------
// A valid 2-D problem (or 3-D) of tensors without data; one argument at a time is broken.
struct Args {
    int rank = 2;
    Shape in = {2, 3, 4, 5}, grid = {2, 6, 7, 2}, out = {2, 3, 6, 7};
    aclDataType inT = ACL_FLOAT, gridT = ACL_FLOAT, outT = ACL_FLOAT;
    int64_t mode = 0, pad = 0;
    bool nullIn = false, nullGrid = false, nullOut = false, nullWs = false, nullEx = false;
    static Args ThreeD() {
        Args a;
        a.rank = 3;
        a.in = {2, 3, 4, 5, 6};
        a.grid = {2, 3, 6, 7, 3};
        a.out = {2, 3, 3, 6, 7};
        return a;
    }
};

struct Outcome {
    aclnnStatus status;
    std::string msg;
    bool executorSet;
};

Outcome Call(const Args& a) {
    // Real buffers, so a success could even launch; the outputs are checked for sentinels elsewhere.
    Tensor in(a.in, a.inT, nullptr), grid(a.grid, a.gridT, nullptr), out(a.out, a.outT, nullptr);
    uint64_t ws = 12345;
    aclOpExecutor* ex = nullptr;
    Drain();
    const aclnnStatus s = GetWs(a.rank, a.nullIn ? nullptr : in.t, a.nullGrid ? nullptr : grid.t, a.mode, a.pad, false,
                                a.nullOut ? nullptr : out.t, a.nullWs ? nullptr : &ws, a.nullEx ? nullptr : &ex);
    Outcome o{s, Drain(), ex != nullptr};
    if (ex) {
        // Not expected in these tests; consume it without launching (a foreign-API launch is rejected
        // and frees the executor).
        Launch(a.rank == 2 ? 3 : 2, nullptr, 0, ex);
        Drain();
    }
    return o;
}

void ExpectReject(const Args& a, aclnnStatus code, std::initializer_list<const char*> words, const std::string& label) {
    const Outcome o = Call(a);
    const char* api = a.rank == 2 ? "aclnnGridSampler2D" : "aclnnGridSampler3D";
    CHECK_MSG(o.status == code, label + ": status " + std::to_string(o.status) + " (expected " + std::to_string(code) +
                                    "), message '" + o.msg + "'");
    CHECK_MSG(ContainsAll(o.msg, words), label + ": message '" + o.msg + "' lacks an expected word");
    CHECK_MSG(o.msg.find(api) != std::string::npos, label + ": message '" + o.msg + "' does not name " + api);
    CHECK_MSG(!o.executorSet, label + ": an executor was returned with a rejection");
}

}  // namespace

// ---------------------------------------------------------------------------------------------
TEST_CASE("valid baseline problems are accepted (2D and 3D)") {
    CHECK(E().ok);
    for (const Args& a : {Args(), Args::ThreeD()}) {
        const Outcome o = Call(a);
        CHECK_MSG(o.status == ACLNN_SUCCESS, o.msg);
        CHECK(o.executorSet);
    }
}

TEST_CASE("no platform, no vector cores or no UB -> 561002 from the tiling step (2D and 3D; float64 still runs)") {
    const ascend_sim::Platform saved = ascend_sim::GetPlatform();
    struct Broken { const char* what; std::function<void(ascend_sim::Platform*)> apply; const char* word; };
    const Broken broken[] = {
        {"no vector cores", [](ascend_sim::Platform* p) { p->aivCoreNum = 0; }, "0 vector cores"},
        {"no UB", [](ascend_sim::Platform* p) { p->ubSize = p->ubReserved; }, "no UB"},
        {"no platform", [](ascend_sim::Platform* p) { p->socVersion.clear(); }, "no platform"},
    };
    for (const Broken& b : broken) {
        ascend_sim::Platform plat = saved;
        b.apply(&plat);
        ascend_sim::SetPlatform(plat);
        for (Args a : {Args(), Args::ThreeD()})
            ExpectReject(a, ACLNN_ERR_INNER_TILING_ERROR, {"tiling", b.word}, std::string(b.what) + " rank " + std::to_string(a.rank));
        // the AI CPU path needs no AI Core platform
        Args f64;
        f64.inT = f64.gridT = f64.outT = ACL_DOUBLE;
        const Outcome o = Call(f64);
        CHECK_MSG(o.status == ACLNN_SUCCESS, std::string(b.what) + ": float64: " + o.msg);
    }
    ascend_sim::SetPlatform(saved);
}

TEST_CASE("null arguments -> 161001 naming the parameter (2D and 3D)") {
    for (const Args& base : {Args(), Args::ThreeD()}) {
        Args a = base;
        a.nullIn = true;
        ExpectReject(a, ACLNN_ERR_PARAM_NULLPTR, {"input", "nullptr"}, "null input");
        a = base;
        a.nullGrid = true;
        ExpectReject(a, ACLNN_ERR_PARAM_NULLPTR, {"grid", "nullptr"}, "null grid");
        a = base;
        a.nullOut = true;
        ExpectReject(a, ACLNN_ERR_PARAM_NULLPTR, {"out", "nullptr"}, "null out");
        a = base;
        a.nullWs = true;
        ExpectReject(a, ACLNN_ERR_PARAM_NULLPTR, {"workspaceSize", "nullptr"}, "null workspaceSize");
        a = base;
        a.nullEx = true;
        ExpectReject(a, ACLNN_ERR_PARAM_NULLPTR, {"executor", "nullptr"}, "null executor");
    }
}

TEST_CASE("dtype rejections -> 161002 naming the tensor and the expected dtype (2D and 3D)") {
    for (const Args& base : {Args(), Args::ThreeD()}) {
        Args a = base;
        a.gridT = ACL_FLOAT16;
        ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"grid", "FLOAT16", "FLOAT", "expected"}, "grid dtype");
        a = base;
        a.gridT = ACL_DOUBLE;
        ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"grid", "DOUBLE", "expected"}, "grid dtype double");
        a = base;
        a.outT = ACL_BF16;
        ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"out", "BF16", "FLOAT", "expected"}, "out dtype");
        a = base;
        a.inT = a.gridT = a.outT = ACL_BOOL;
        ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"input", "dtype", "FLOAT", "FLOAT16", "BF16", "DOUBLE", "expected"},
                     "bool input");
        a = base;
        a.inT = ACL_FLOAT16;   // grid/out FLOAT
        ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"grid", "FLOAT16", "expected"}, "float16 input, float grid");
    }
}

TEST_CASE("attribute rejections -> 161002 naming the attribute and its range (2D and 3D)") {
    for (const Args& base : {Args(), Args::ThreeD()}) {
        for (int64_t m : {int64_t(3), int64_t(-1), int64_t(1) << 40}) {
            Args a = base;
            a.mode = m;
            ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"interpolationMode", "bilinear", "nearest", "bicubic"},
                         "interpolationMode " + std::to_string(m));
            const Outcome o = Call(a);
            CHECK_MSG(o.msg.find(std::to_string(m)) != std::string::npos, "value not named: " + o.msg);
        }
        for (int64_t p : {int64_t(3), int64_t(-1)}) {
            Args a = base;
            a.pad = p;
            ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"paddingMode", "zeros", "border", "reflection"},
                         "paddingMode " + std::to_string(p));
            const Outcome o = Call(a);
            CHECK_MSG(o.msg.find(std::to_string(p)) != std::string::npos, "value not named: " + o.msg);
        }
    }
}

TEST_CASE("shape rejections -> 161002 naming the tensor and the expectation (2D)") {
    const Args base;
    Args a = base;
    a.in = {2, 3, 20};
    ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"input", "rank 3", "expected rank 4"}, "input rank 3");
    a = base;
    a.grid = {2, 6, 7, 2, 1};
    ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"grid", "rank 5", "expected rank 4"}, "grid rank 5");
    a = base;
    a.out = {2, 3, 42};
    ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"out", "rank 3", "expected rank 4"}, "out rank 3");
    a = base;
    a.grid = {1, 6, 7, 2};
    ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"batch", "input", "grid", "N"}, "grid N mismatch");
    a = base;
    a.out = {3, 3, 6, 7};
    ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"batch", "out", "N"}, "out N mismatch");
    a = base;
    a.out = {2, 4, 6, 7};
    ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"channels", "out", "input", "4", "3"}, "C mismatch");
    a = base;
    a.out = {2, 3, 6, 8};
    ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"grid spatial dims", "out", "expected"}, "Wo mismatch");
    a = base;
    a.grid = {2, 5, 7, 2};
    ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"grid spatial dims", "out", "expected"}, "Ho mismatch");
    a = base;
    a.grid = {2, 6, 7, 3};
    ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"grid last dim", "3", "expected 2"}, "grid last dim 3");
    a = base;
    a.grid = {2, 6, 7, 1};
    ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"grid last dim", "1", "expected 2"}, "grid last dim 1");
    a = base;
    a.in = {2, 3, 0, 5};
    ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"input spatial dims", "non-zero"}, "input H 0");
    a = base;
    a.in = {2, 3, 4, 0};
    ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"input spatial dims", "non-zero"}, "input W 0");
}

TEST_CASE("shape rejections -> 161002 naming the tensor and the expectation (3D)") {
    const Args base = Args::ThreeD();
    Args a = base;
    a.in = {2, 3, 4, 5};
    ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"input", "rank 4", "expected rank 5"}, "3D input rank 4");
    a = base;
    a.grid = {2, 6, 7, 3};
    ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"grid", "rank 4", "expected rank 5"}, "3D grid rank 4");
    a = base;
    a.out = {2, 3, 3, 6, 7, 1};
    ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"out", "rank 6", "expected rank 5"}, "3D out rank 6");
    a = base;
    a.grid = {1, 3, 6, 7, 3};
    ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"batch", "N"}, "3D N mismatch");
    a = base;
    a.out = {2, 1, 3, 6, 7};
    ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"channels", "out", "input"}, "3D C mismatch");
    a = base;
    a.grid = {2, 4, 6, 7, 3};
    ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"grid spatial dims", "out", "Do, Ho, Wo, 3"}, "3D Do mismatch");
    a = base;
    a.grid = {2, 3, 6, 7, 2};
    ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"grid last dim", "2", "expected 3"}, "3D grid last dim 2");
    a = base;
    a.in = {2, 3, 0, 5, 6};
    ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"input spatial dims", "non-zero"}, "3D input D 0");
}

// The documented order (ascendc-api.md section 4): null tensor; grid/out dtype; mode ranges;
// ranks, N, C, grid spatial dims vs out, input spatial dims non-zero, grid last dim. Starting from
// a call that breaks only the last check, each step also breaks the check before it; the message
// must always name the earliest broken check.
TEST_CASE("checks are applied in the documented order (2D and 3D)") {
    for (const Args& base : {Args(), Args::ThreeD()}) {
        const bool two = base.rank == 2;
        const std::string tag = two ? "2D " : "3D ";
        Args a = base;
        a.grid.back() = two ? 3 : 2;   // grid last dim wrong
        ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"grid last dim"}, tag + "order: last dim");
        a.in[2] = 0;                   // + input spatial dim zero (grid is non-empty)
        ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"input spatial dims"}, tag + "order: input spatial before grid last dim");
        a.out.back() += 1;             // + grid spatial dims differ from out's
        ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"grid spatial dims"}, tag + "order: grid spatial");
        a.out[1] += 1;                 // + C mismatch
        ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"channels"}, tag + "order: C");
        a.grid[0] += 1;                // + N mismatch
        ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"batch"}, tag + "order: N");
        a.out.push_back(1);            // + out rank wrong
        ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"out has rank"}, tag + "order: rank");
        a.pad = 7;                     // + paddingMode
        ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"paddingMode"}, tag + "order: paddingMode");
        a.mode = 9;                    // + interpolationMode
        ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"interpolationMode"}, tag + "order: interpolationMode");
        a.outT = ACL_FLOAT16;          // + out dtype
        ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"out dtype"}, tag + "order: out dtype");
        a.gridT = ACL_BF16;            // + grid dtype
        ExpectReject(a, ACLNN_ERR_PARAM_INVALID, {"grid dtype"}, tag + "order: grid dtype");
        a.nullEx = true;
        ExpectReject(a, ACLNN_ERR_PARAM_NULLPTR, {"executor"}, tag + "order: executor");
        a.nullWs = true;
        ExpectReject(a, ACLNN_ERR_PARAM_NULLPTR, {"workspaceSize"}, tag + "order: workspaceSize");
        a.nullOut = true;
        ExpectReject(a, ACLNN_ERR_PARAM_NULLPTR, {"out is nullptr"}, tag + "order: out");
        a.nullGrid = true;
        ExpectReject(a, ACLNN_ERR_PARAM_NULLPTR, {"grid is nullptr"}, tag + "order: grid");
        a.nullIn = true;
        ExpectReject(a, ACLNN_ERR_PARAM_NULLPTR, {"input is nullptr"}, tag + "order: input");
    }
}

// ---------------------------------------------------------------------------------------------
namespace {
// Runs a problem whose out is filled with a sentinel and returns the output bytes afterwards.
struct SentinelRun {
    aclnnStatus getStatus = -1, runStatus = -1;
    uint64_t ws = 99;
    bool outUntouched = false;
    std::string msg;
};
enum class Ws { kExact, kMinusOne, kNull, kZero };
SentinelRun RunWithSentinel(int rank, const Shape& inS, const Shape& gridS, const Shape& outS, Ws wsMode = Ws::kExact) {
    SentinelRun r;
    const int64_t kPad = 64;
    Dev in((Count(inS) + kPad) * 4), grid((Count(gridS) + kPad) * 4), out((Count(outS) + kPad) * 4);
    std::vector<unsigned char> inH(in.bytes), gridH(grid.bytes), sentinel(out.bytes);
    for (size_t i = 0; i < inH.size(); i += 4) Encode(1.0 + double(i % 40) / 8, ACL_FLOAT, &inH[i]);
    for (size_t i = 0; i < gridH.size(); i += 4) Encode(double(i % 16) / 16 - 0.5, ACL_FLOAT, &gridH[i]);
    for (size_t i = 0; i < sentinel.size(); i += 4) Encode(-12345.5, ACL_FLOAT, &sentinel[i]);
    in.Put(inH);
    grid.Put(gridH);
    out.Put(sentinel);
    Tensor tin(inS, ACL_FLOAT, in.p), tgrid(gridS, ACL_FLOAT, grid.p), tout(outS, ACL_FLOAT, out.p);
    aclOpExecutor* ex = nullptr;
    Drain();
    r.getStatus = GetWs(rank, tin.t, tgrid.t, 0, 0, true, tout.t, &r.ws, &ex);
    r.msg = Drain();
    if (r.getStatus == ACLNN_SUCCESS) {
        void* ws = nullptr;
        if (r.ws > 0) CHECK(aclrtMalloc(&ws, r.ws, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
        const uint64_t size = wsMode == Ws::kMinusOne ? r.ws - 1 : wsMode == Ws::kZero ? 0 : r.ws;
        r.runStatus = Launch(rank, wsMode == Ws::kNull ? nullptr : ws, size, ex);
        r.msg = Drain();
        CHECK(aclrtSynchronizeStream(E().stream) == ACL_SUCCESS);
        if (ws) aclrtFree(ws);
    }
    r.outUntouched = out.Get() == sentinel;
    return r;
}
}  // namespace

TEST_CASE("empty tensors: success, workspace 0, output untouched (2D)") {
    struct Case { const char* what; Shape in, grid, out; };
    const Case cases[] = {
        {"N=0", {0, 2, 3, 4}, {0, 5, 6, 2}, {0, 2, 5, 6}},
        {"Ho=0", {1, 2, 3, 4}, {1, 0, 6, 2}, {1, 2, 0, 6}},
        {"Wo=0", {2, 2, 3, 4}, {2, 5, 0, 2}, {2, 2, 5, 0}},
        {"C=0", {1, 0, 3, 4}, {1, 5, 6, 2}, {1, 0, 5, 6}},
        {"C=0 and Ho=0", {2, 0, 3, 4}, {2, 0, 6, 2}, {2, 0, 0, 6}},
        // semantics.md: "a zero input spatial size with a non-empty grid is an error" -> with an
        // empty grid it is an empty problem.
        {"input H=0 with an empty grid", {1, 2, 0, 4}, {1, 0, 6, 2}, {1, 2, 0, 6}},
    };
    for (const Case& c : cases) {
        const SentinelRun r = RunWithSentinel(2, c.in, c.grid, c.out);
        CHECK_MSG(r.getStatus == ACLNN_SUCCESS, std::string(c.what) + ": status " + std::to_string(r.getStatus) + " " + r.msg);
        CHECK_MSG(r.ws == 0, std::string(c.what) + ": workspace " + std::to_string(r.ws));
        CHECK_MSG(r.runStatus == ACLNN_SUCCESS, std::string(c.what) + ": launch " + std::to_string(r.runStatus) + " " + r.msg);
        CHECK_MSG(r.outUntouched, std::string(c.what) + ": output buffer changed");
    }
}

TEST_CASE("empty tensors: success, workspace 0, output untouched (3D)") {
    struct Case { const char* what; Shape in, grid, out; };
    const Case cases[] = {
        {"N=0", {0, 2, 3, 4, 5}, {0, 2, 5, 6, 3}, {0, 2, 2, 5, 6}},
        {"Do=0", {1, 2, 3, 4, 5}, {1, 0, 5, 6, 3}, {1, 2, 0, 5, 6}},
        {"C=0", {1, 0, 3, 4, 5}, {1, 2, 5, 6, 3}, {1, 0, 2, 5, 6}},
    };
    for (const Case& c : cases) {
        const SentinelRun r = RunWithSentinel(3, c.in, c.grid, c.out);
        CHECK_MSG(r.getStatus == ACLNN_SUCCESS, std::string(c.what) + ": status " + std::to_string(r.getStatus) + " " + r.msg);
        CHECK_MSG(r.ws == 0, std::string(c.what) + ": workspace " + std::to_string(r.ws));
        CHECK_MSG(r.runStatus == ACLNN_SUCCESS, std::string(c.what) + ": launch " + std::to_string(r.runStatus));
        CHECK_MSG(r.outUntouched, std::string(c.what) + ": output buffer changed");
    }
}

TEST_CASE("rejected calls leave the output untouched") {
    // GetWorkspaceSize rejections: C mismatch, zero input spatial dim with a non-empty grid.
    SentinelRun r = RunWithSentinel(2, {1, 2, 3, 4}, {1, 2, 3, 2}, {1, 3, 2, 3});
    CHECK(r.getStatus == ACLNN_ERR_PARAM_INVALID && r.outUntouched);
    r = RunWithSentinel(2, {1, 2, 0, 4}, {1, 2, 3, 2}, {1, 2, 2, 3});
    CHECK(r.getStatus == ACLNN_ERR_PARAM_INVALID && r.outUntouched);
    r = RunWithSentinel(3, {1, 2, 3, 4, 5}, {1, 2, 3, 4, 2}, {1, 2, 2, 3, 4});
    CHECK(r.getStatus == ACLNN_ERR_PARAM_INVALID && r.outUntouched);
    // Sanity: the same harness does write the output of a valid call.
    r = RunWithSentinel(2, {1, 2, 3, 4}, {1, 2, 3, 2}, {1, 2, 2, 3});
    CHECK(r.getStatus == ACLNN_SUCCESS && r.runStatus == ACLNN_SUCCESS && !r.outUntouched);
}

TEST_CASE("launch with a workspace smaller than requested -> 161002, output untouched") {
    SentinelRun r = RunWithSentinel(2, {2, 3, 5, 6}, {2, 4, 5, 2}, {2, 3, 4, 5}, Ws::kMinusOne);
    CHECK_MSG(r.getStatus == ACLNN_SUCCESS, r.msg);
    CHECK_MSG(r.ws > 0, "the AI Core path stages its tiling in the workspace; workspace " + std::to_string(r.ws));
    CHECK_MSG(r.runStatus == ACLNN_ERR_PARAM_INVALID, "status " + std::to_string(r.runStatus));
    CHECK_MSG(ContainsAll(r.msg, {"aclnnGridSampler2D", "workspace", "expected", std::to_string(r.ws).c_str()}),
              "message: " + r.msg);
    CHECK(r.outUntouched);
    // A null workspace with the requested size.
    r = RunWithSentinel(2, {2, 3, 5, 6}, {2, 4, 5, 2}, {2, 3, 4, 5}, Ws::kNull);
    CHECK_MSG(r.runStatus == ACLNN_ERR_PARAM_INVALID, "status " + std::to_string(r.runStatus));
    CHECK_MSG(ContainsAll(r.msg, {"workspace", "nullptr"}), "message: " + r.msg);
    CHECK(r.outUntouched);
    // Zero bytes.
    r = RunWithSentinel(2, {1, 1, 3, 3}, {1, 2, 2, 2}, {1, 1, 2, 2}, Ws::kZero);
    CHECK(r.runStatus == ACLNN_ERR_PARAM_INVALID && r.outUntouched);
}

TEST_CASE("launch with a null executor -> 161001 (2D and 3D)") {
    Drain();
    CHECK(aclnnGridSampler2D(nullptr, 0, nullptr, E().stream) == ACLNN_ERR_PARAM_NULLPTR);
    std::string m = Drain();
    CHECK_MSG(ContainsAll(m, {"aclnnGridSampler2D", "executor", "nullptr"}), m);
    CHECK(aclnnGridSampler3D(nullptr, 0, nullptr, E().stream) == ACLNN_ERR_PARAM_NULLPTR);
    m = Drain();
    CHECK_MSG(ContainsAll(m, {"aclnnGridSampler3D", "executor", "nullptr"}), m);
}

// ---------------------------------------------------------------------------------------------
// Strided views give the same bits as packed tensors.
namespace {

// A logical tensor placed in device memory through a view (strides/offset) over a larger buffer
// filled with a filler value.
struct Placed {
    Shape shape, strides;
    int64_t offset = 0, storage = 0;
    aclDataType dtype;
    Dev* dev = nullptr;
    std::unique_ptr<Tensor> tensor;
    std::vector<unsigned char> initial;
};

template <typename F>
void ForEach(const Shape& s, F fn) {
    const int64_t total = Count(s);
    Shape idx(s.size(), 0);
    for (int64_t i = 0; i < total; ++i) {
        fn(idx, i);
        for (int d = int(s.size()) - 1; d >= 0; --d) {
            if (++idx[d] < s[d]) break;
            idx[d] = 0;
        }
    }
}
int64_t Phys(const Shape& idx, const Shape& st, int64_t off) {
    for (size_t d = 0; d < idx.size(); ++d) off += idx[d] * st[d];
    return off;
}

std::unique_ptr<Placed> Place(const Shape& shape, Shape strides, int64_t offset, aclDataType t, const std::vector<double>& values,
                              double filler, int64_t extra = 3) {
    auto p = std::make_unique<Placed>();
    p->shape = shape;
    p->strides = strides.empty() ? Contig(shape) : strides;
    p->offset = offset;
    p->dtype = t;
    p->storage = Extent(shape, p->strides, offset) + extra;
    const int64_t e = Bytes(t);
    p->initial.assign(size_t(p->storage * e), 0);
    for (int64_t i = 0; i < p->storage; ++i) Encode(filler, t, &p->initial[size_t(i * e)]);
    ForEach(shape, [&](const Shape& idx, int64_t i) { Encode(values[size_t(i)], t, &p->initial[size_t(Phys(idx, p->strides, offset) * e)]); });
    p->dev = new Dev(p->initial.size());
    p->dev->Put(p->initial);
    p->tensor = std::make_unique<Tensor>(shape, t, p->dev->p, p->strides, offset, p->storage);
    return p;
}
void Free(std::unique_ptr<Placed>& p) {
    p->tensor.reset();
    delete p->dev;
    p.reset();
}
// Logical elements of a placed tensor (raw bytes, row-major) and whether every byte outside the
// view still holds its initial value.
std::vector<unsigned char> Gather(const Placed& p, bool* outsideUntouched) {
    const auto now = p.dev->Get(p.initial.size());
    const int64_t e = Bytes(p.dtype);
    std::vector<unsigned char> logical(size_t(Count(p.shape) * e));
    std::vector<bool> inView(size_t(p.storage), false);
    ForEach(p.shape, [&](const Shape& idx, int64_t i) {
        const int64_t ph = Phys(idx, p.strides, p.offset);
        inView[size_t(ph)] = true;
        std::memcpy(&logical[size_t(i * e)], &now[size_t(ph * e)], size_t(e));
    });
    bool untouched = true;
    for (int64_t i = 0; i < p.storage; ++i)
        if (!inView[size_t(i)] && std::memcmp(&now[size_t(i * e)], &p.initial[size_t(i * e)], size_t(e)) != 0) untouched = false;
    if (outsideUntouched) *outsideUntouched = untouched;
    return logical;
}

// Deterministic values exactly representable in float16 and bfloat16: input k/16 (|k| < 128),
// grid k/64 (|k| <= 77, i.e. about [-1.2, 1.2]).
std::vector<double> InputValues(int64_t n, uint32_t seed) {
    std::vector<double> v(static_cast<size_t>(n));
    uint32_t s = seed;
    for (auto& x : v) { s = s * 1664525u + 1013904223u; x = double(int((s >> 9) % 255) - 127) / 16.0; }
    return v;
}
std::vector<double> GridValues(int64_t n, uint32_t seed) {
    std::vector<double> v(static_cast<size_t>(n));
    uint32_t s = seed;
    for (auto& x : v) { s = s * 22695477u + 1u; x = double(int((s >> 9) % 155) - 77) / 64.0; }
    return v;
}

struct Layout {
    const char* name;
    Shape inStrides, gridStrides, outStrides;   // empty: contiguous
    int64_t inOffset = 0, gridOffset = 0, outOffset = 0;
};

// Strides of the common layouts for a 2-D problem.
std::vector<Layout> Layouts2D(const Shape& in, const Shape& grid, const Shape& out) {
    const int64_t N = in[0], C = in[1], H = in[2], W = in[3], Ho = grid[1], Wo = grid[2];
    (void)N;
    const Shape nhwcIn = {H * W * C, 1, W * C, C};                              // NCHW view of an NHWC buffer
    const Shape paddedIn = {C * H * (W + 3), H * (W + 3), W + 3, 1};            // row pitch W + 3
    const Shape paddedGrid = {Ho * (2 * Wo + 4), 2 * Wo + 4, 2, 1};             // row pitch 2 Wo + 4
    const Shape planarGrid = {2 * Ho * Wo, Wo, 1, Ho * Wo};                     // (N, 2, Ho, Wo) buffer viewed as (N, Ho, Wo, 2)
    const Shape paddedOut = {C * Ho * (Wo + 5), Ho * (Wo + 5), Wo + 5, 1};      // row pitch Wo + 5
    const Shape nhwcOut = {Ho * Wo * C, 1, Wo * C, C};
    const Shape cFirstOut = {Ho * Wo, N * Ho * Wo, Wo, 1};                      // (C, N, Ho, Wo) buffer
    (void)out;
    return {
        {"input NHWC buffer viewed as NCHW", nhwcIn, {}, {}},
        {"input padded rows + offset", paddedIn, {}, {}, 5},
        {"grid padded rows", {}, paddedGrid, {}},
        {"grid planar (pairs not innermost)", {}, planarGrid, {}},
        {"out padded rows", {}, {}, paddedOut},
        {"out NHWC buffer viewed as NCHW", {}, {}, nhwcOut},
        {"out (C, N, Ho, Wo) buffer", {}, {}, cFirstOut, 0, 0, 7},
        {"all strided", nhwcIn, paddedGrid, paddedOut, 2, 6, 3},
        {"padded input, padded grid, padded out", paddedIn, paddedGrid, paddedOut, 0, 0, 0},
    };
}

// Runs the same call on packed tensors and on the given layout and compares the output bits.
void CompareLayout(int rank, const Shape& inS, const Shape& gridS, const Shape& outS, aclDataType t, int64_t mode, int64_t pad,
                   bool ac, const Layout& L, uint32_t seed, const std::string& label) {
    const auto inV = InputValues(Count(inS), seed), gridV = GridValues(Count(gridS), seed + 7);
    const std::vector<double> zeros(size_t(Count(outS)), 0.0);
    auto in0 = Place(inS, {}, 0, t, inV, 0.0, 0), grid0 = Place(gridS, {}, 0, t, gridV, 0.0, 0),
         out0 = Place(outS, {}, 0, t, zeros, -3.5, 0);
    std::string msg;
    aclnnStatus s = RunOp(rank, in0->tensor->t, grid0->tensor->t, mode, pad, ac, out0->tensor->t, &msg);
    CHECK_MSG(s == ACLNN_SUCCESS, label + " (packed): " + std::to_string(s) + " " + msg);
    const auto want = Gather(*out0, nullptr);

    auto in1 = Place(inS, L.inStrides, L.inOffset, t, inV, 99.0), grid1 = Place(gridS, L.gridStrides, L.gridOffset, t, gridV, 0.75),
         out1 = Place(outS, L.outStrides, L.outOffset, t, zeros, -7.25);
    s = RunOp(rank, in1->tensor->t, grid1->tensor->t, mode, pad, ac, out1->tensor->t, &msg);
    CHECK_MSG(s == ACLNN_SUCCESS, label + " (" + L.name + "): " + std::to_string(s) + " " + msg);
    if (rank == 2 && t != ACL_DOUBLE) {
        // The strided call ran on the AI Core kernel (float types, 2-D), in this build's variant.
        const ascend_sim::LaunchStats st = ascend_sim::LastLaunchStatsOf("grid_sample");
        const uint64_t kind = t == ACL_FLOAT ? 0 : t == ACL_FLOAT16 ? 1 : 2;
        CHECK_MSG(st.tilingKey == 1000 + kind * 10 + uint64_t(mode) && st.blockDim >= 1 && st.total.mte3Bytes > 0,
                  label + " (" + L.name + "): last launch key " + std::to_string(st.tilingKey));
        CHECK(st.checked == (ASCENDC_SIM_CHECKED != 0));
    }
    bool outsideUntouched = false;
    const auto got = Gather(*out1, &outsideUntouched);
    CHECK_MSG(outsideUntouched, label + " (" + L.name + "): elements outside the out view were written");
    if (got != want) {
        const int64_t e = Bytes(t);
        int64_t bad = 0, first = -1;
        for (int64_t i = 0; i < Count(outS); ++i)
            if (std::memcmp(&got[size_t(i * e)], &want[size_t(i * e)], size_t(e)) != 0) { if (first < 0) first = i; ++bad; }
        CHECK_MSG(false, label + " (" + L.name + "): " + std::to_string(bad) + " of " + std::to_string(Count(outS)) +
                             " outputs differ from the packed call; first at " + std::to_string(first) + ": " +
                             std::to_string(Decode(t, &got[size_t(first * e)])) + " vs " +
                             std::to_string(Decode(t, &want[size_t(first * e)])));
    }
    // The inputs are not modified.
    bool inUntouched = true;
    Gather(*in1, &inUntouched);
    CHECK_MSG(inUntouched && in1->dev->Get(in1->initial.size()) == in1->initial, label + ": input buffer modified");
    CHECK_MSG(grid1->dev->Get(grid1->initial.size()) == grid1->initial, label + ": grid buffer modified");
    Free(in0); Free(grid0); Free(out0); Free(in1); Free(grid1); Free(out1);
}

const char* DtypeName(aclDataType t) {
    return t == ACL_FLOAT ? "FLOAT" : t == ACL_FLOAT16 ? "FLOAT16" : t == ACL_BF16 ? "BF16" : "DOUBLE";
}

}  // namespace

TEST_CASE("strided views equal packed tensors: every mode x padding x alignCorners, float32") {
    const Shape in = {2, 3, 5, 7}, grid = {2, 4, 6, 2}, out = {2, 3, 4, 6};
    const auto layouts = Layouts2D(in, grid, out);
    uint32_t seed = 1;
    for (int64_t mode = 0; mode < 3; ++mode)
        for (int64_t pad = 0; pad < 3; ++pad)
            for (bool ac : {false, true})
                for (const Layout& L : layouts)
                    CompareLayout(2, in, grid, out, ACL_FLOAT, mode, pad, ac, L, seed++,
                                  "mode " + std::to_string(mode) + " pad " + std::to_string(pad) + " ac " + std::to_string(ac));
}

TEST_CASE("strided views equal packed tensors: float16, bfloat16, double") {
    const Shape in = {2, 3, 6, 5}, grid = {2, 3, 7, 2}, out = {2, 3, 3, 7};
    const auto layouts = Layouts2D(in, grid, out);
    uint32_t seed = 100;
    for (aclDataType t : {ACL_FLOAT16, ACL_BF16, ACL_DOUBLE})
        for (int64_t mode = 0; mode < 3; ++mode)
            for (const Layout& L : layouts)
                CompareLayout(2, in, grid, out, t, mode, (mode + 1) % 3, mode == 1, L, seed++,
                              std::string(DtypeName(t)) + " mode " + std::to_string(mode));
}

TEST_CASE("strided views equal packed tensors: rows wider than one tile (Wo = 2100), many channels") {
    const Shape in = {1, 2, 9, 40}, grid = {1, 2, 2100, 2}, out = {1, 2, 2, 2100};
    const auto layouts = Layouts2D(in, grid, out);
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16})
        for (size_t i : {size_t(2), size_t(4), size_t(7)})
            CompareLayout(2, in, grid, out, t, 0, 0, false, layouts[i], 500 + uint32_t(i), std::string(DtypeName(t)) + " wide");
    const Shape inC = {1, 40, 6, 6}, gridC = {1, 3, 5, 2}, outC = {1, 40, 3, 5};
    const auto layoutsC = Layouts2D(inC, gridC, outC);
    for (const Layout& L : layoutsC) CompareLayout(2, inC, gridC, outC, ACL_FLOAT, 2, 1, true, L, 900, "C=40 bicubic");
}

TEST_CASE("strides beyond 32-bit byte counts in size-1 dims equal packed tensors") {
    // N = 1 and C = 1: the N and C strides are never multiplied by a non-zero index, so a view may
    // carry strides of 2^33 elements over a small buffer.
    const int64_t big = int64_t(1) << 33;
    const Shape in = {1, 1, 5, 6}, grid = {1, 3, 4, 2}, out = {1, 1, 3, 4};
    const Layout L{"N/C strides of 2^33 elements", {big, big + 1, 6, 1}, {big, 8, 2, 1}, {big, big, 4, 1}};
    for (int64_t mode = 0; mode < 3; ++mode)
        for (aclDataType t : {ACL_FLOAT, ACL_BF16})
            CompareLayout(2, in, grid, out, t, mode, 1, false, L, 700 + uint32_t(mode), std::string("huge size-1 strides ") + DtypeName(t));
}

TEST_CASE("3D strided views equal packed tensors") {
    const Shape in = {2, 2, 3, 4, 5}, grid = {2, 2, 3, 4, 3}, out = {2, 2, 2, 3, 4};
    const Shape ndhwcIn = {3 * 4 * 5 * 2, 1, 4 * 5 * 2, 5 * 2, 2};
    const Shape paddedGrid = {2 * 3 * 14, 3 * 14, 14, 3, 1};
    const Shape paddedOut = {2 * 2 * 3 * 6, 2 * 3 * 6, 3 * 6, 6, 1};
    const Layout layouts[] = {{"3D input NDHWC", ndhwcIn, {}, {}},
                              {"3D grid padded rows", {}, paddedGrid, {}, 0, 4},
                              {"3D out padded rows", {}, {}, paddedOut, 0, 0, 1}};
    uint32_t seed = 300;
    for (int64_t mode = 0; mode < 2; ++mode)
        for (const Layout& L : layouts)
            CompareLayout(3, in, grid, out, ACL_FLOAT, mode, 2, true, L, seed++, "3D mode " + std::to_string(mode));
}

TEST_CASE("results do not depend on the platform's core count or UB size") {
    // Same call on 48 cores / A2 UB (reference), then 1, 8 and 40 cores and a 64 KiB usable UB.
    const ascend_sim::Platform saved = ascend_sim::GetPlatform();
    const Shape in = {3, 5, 9, 11}, grid = {3, 13, 17, 2}, out = {3, 5, 13, 17};
    const auto inV = InputValues(Count(in), 41), gridV = GridValues(Count(grid), 42);
    const Shape paddedOut = {5 * 13 * 20, 13 * 20, 20, 1};
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16})
        for (int64_t mode = 0; mode < 3; ++mode) {
            std::vector<unsigned char> want;
            struct P { uint32_t cores; uint64_t usableUb; };
            for (const P& pl : {P{48, 0}, P{1, 0}, P{8, 0}, P{40, 65536}, P{8, 49152}}) {
                ascend_sim::Platform plat = saved;
                plat.aivCoreNum = pl.cores;
                if (pl.usableUb) plat.ubSize = pl.usableUb + plat.ubReserved;
                ascend_sim::SetPlatform(plat);
                auto ti = Place(in, {}, 0, t, inV, 0, 0), tg = Place(grid, {}, 0, t, gridV, 0, 0),
                     to = Place(out, paddedOut, 0, t, std::vector<double>(size_t(Count(out)), 0.0), -2.5);
                std::string msg;
                const std::string label = std::string(DtypeName(t)) + " mode " + std::to_string(mode) + " cores " +
                                          std::to_string(pl.cores) + " ub " + std::to_string(pl.usableUb);
                CHECK_MSG(RunOp(2, ti->tensor->t, tg->tensor->t, mode, 2, false, to->tensor->t, &msg) == ACLNN_SUCCESS,
                          label + ": " + msg);
                const ascend_sim::LaunchStats st = ascend_sim::LastLaunchStatsOf("grid_sample");
                CHECK_MSG(st.blockDim >= 1 && st.blockDim <= pl.cores, label + ": blockDim " + std::to_string(st.blockDim));
                CHECK_MSG(st.total.peakUbBytes <= ascend_sim::UsableUbBytes(plat),
                          label + ": peak UB " + std::to_string(st.total.peakUbBytes));
                bool outside = false;
                const auto got = Gather(*to, &outside);
                CHECK_MSG(outside, label + ": wrote outside the out view");
                if (want.empty()) want = got;
                CHECK_MSG(got == want, label + ": output differs from the 48-core result");
                Free(ti); Free(tg); Free(to);
            }
        }
    ascend_sim::SetPlatform(saved);
}

// ---------------------------------------------------------------------------------------------
// Closed-form values on a linear ramp.
namespace {
double Unnorm(double g, int64_t S, bool ac) { return ac ? (g + 1) / 2 * double(S - 1) : ((g + 1) * double(S) - 1) / 2; }
double Reflect(double x, int64_t S, bool ac) {
    double lo = ac ? 0.0 : -0.5, hi = ac ? double(S - 1) : double(S) - 0.5;
    if (S == 1) return 0.0;
    const double span = hi - lo;
    double d = std::fabs(x - lo);
    const double flips = std::floor(d / span);
    const double extra = std::fmod(d, span);
    double r = (int64_t(flips) % 2 == 0) ? lo + extra : hi - extra;
    return std::min(std::max(r, 0.0), double(S - 1));
}
// Keys cubic kernel, A = -0.75.
double Keys(double d) {
    const double A = -0.75;
    d = std::fabs(d);
    if (d <= 1) return ((A + 2) * d - (A + 3)) * d * d + 1;
    if (d < 2) return ((A * d - 5 * A) * d + 8 * A) * d - 4 * A;
    return 0;
}
// Bicubic of the linear function f(i) = i at coordinate p when all four taps are inside: the
// weights sum to 1, so the result is floor(p) + sum_k k * W(t - k) over k = -1..2 (not p: Keys
// with A = -0.75 does not reproduce linear functions).
double CubicOfIdentity(double p) {
    const double f = std::floor(p), t = p - f;
    double r = f;
    for (int k = -1; k <= 2; ++k) r += k * Keys(t - k);
    return r;
}
double PadCoord(double x, int64_t S, int64_t pad, bool ac) {
    if (pad == 1) return std::min(std::max(x, 0.0), double(S - 1));
    if (pad == 2) return Reflect(x, S, ac);
    return x;
}
}  // namespace

TEST_CASE("float32 ramp: bilinear / nearest / bicubic at known points, every padding, both alignCorners") {
    // input(n, c, y, x) = 100 n + 50 c + 10 y + x on a 5 x 5 image. Bilinear reproduces a linear
    // function wherever its taps are inside (or carry weight 0). Bicubic (Keys, A = -0.75) with all
    // 4 x 4 taps inside gives 10 R(py) + R(px) with R from CubicOfIdentity (separable weights that
    // sum to 1). Nearest picks nearbyint of the padded coordinate.
    // Tolerance: 2e-4 absolute on values below 200 (float32 evaluation of the weights).
    const int64_t N = 2, C = 2, H = 5, W = 5;
    std::vector<double> inV;
    for (int64_t n = 0; n < N; ++n)
        for (int64_t c = 0; c < C; ++c)
            for (int64_t y = 0; y < H; ++y)
                for (int64_t x = 0; x < W; ++x) inV.push_back(100.0 * n + 50.0 * c + 10.0 * y + x);
    struct Pt { double x, y; };
    for (bool ac : {true, false})
        for (int64_t mode = 0; mode < 3; ++mode)
            for (int64_t pad = 0; pad < 3; ++pad) {
                // Points: inside ones for every mode; out-of-range ones (moved by border/reflection, or
                // entirely outside so zeros gives 0) for bilinear and nearest.
                std::vector<Pt> pts;
                auto addPixel = [&](double px, double py) {   // a point given in pixel coordinates
                    const double gx = ac ? px / (W - 1) * 2 - 1 : (2 * px + 1) / W - 1;
                    const double gy = ac ? py / (H - 1) * 2 - 1 : (2 * py + 1) / H - 1;
                    // align_corners=False grid values are inexact in binary: skip nearest's .5 ties there.
                    if (mode == 1 && !ac) {
                        const double qx = PadCoord(Unnorm(float(gx), W, ac), W, pad, ac), qy = PadCoord(Unnorm(float(gy), H, ac), H, pad, ac);
                        auto nearTie = [](double v) { return std::fabs(v - std::floor(v) - 0.5) < 1e-3; };
                        if (nearTie(qx) || nearTie(qy)) return;
                    }
                    pts.push_back({gx, gy});
                };
                if (mode == 2) {
                    for (double px : {1.0, 1.25, 2.5, 2.75}) for (double py : {1.0, 1.5, 2.125}) addPixel(px, py);
                } else {
                    for (double px : {0.0, 0.5, 1.5, 2.5, 2.75, 4.0}) for (double py : {0.0, 1.25, 2.5, 3.5, 4.0}) addPixel(px, py);
                    // entirely outside: every bilinear tap out of the image
                    for (double px : {-1.5, 5.25, 7.0}) addPixel(px, 2.0);
                    for (double py : {-2.0, 6.5}) addPixel(1.0, py);
                    if (pad != 0) { addPixel(-0.25, 4.75); addPixel(9.5, -3.75); }   // padded back inside
                }
                const int64_t K = int64_t(pts.size());
                std::vector<double> gridV;
                for (int64_t n = 0; n < N; ++n)
                    for (const Pt& p : pts) { gridV.push_back(p.x); gridV.push_back(p.y); }
                auto in = Place({N, C, H, W}, {}, 0, ACL_FLOAT, inV, 0, 0);
                auto grid = Place({N, 1, K, 2}, {}, 0, ACL_FLOAT, gridV, 0, 0);
                auto out = Place({N, C, 1, K}, {}, 0, ACL_FLOAT, std::vector<double>(size_t(N * C * K), 0.0), -1, 0);
                std::string msg;
                const aclnnStatus s = RunOp(2, in->tensor->t, grid->tensor->t, mode, pad, ac, out->tensor->t, &msg);
                CHECK_MSG(s == ACLNN_SUCCESS, msg);
                const auto got = Gather(*out, nullptr);
                int bad = 0;
                for (int64_t n = 0; n < N; ++n)
                    for (int64_t c = 0; c < C; ++c)
                        for (int64_t k = 0; k < K; ++k) {
                            // Unnormalize the float32 grid value the op actually sees.
                            const double gx = float(pts[size_t(k)].x), gy = float(pts[size_t(k)].y);
                            double px = PadCoord(Unnorm(gx, W, ac), W, pad, ac), py = PadCoord(Unnorm(gy, H, ac), H, pad, ac);
                            if (mode == 1) { px = std::nearbyint(px); py = std::nearbyint(py); }
                            if (mode == 2) { px = CubicOfIdentity(px); py = CubicOfIdentity(py); }
                            const bool outside = mode == 1 ? (px < 0 || px > W - 1 || py < 0 || py > H - 1)
                                                           : (px <= -1 || px >= W || py <= -1 || py >= H);
                            const double want = outside ? 0.0 : 100.0 * n + 50.0 * c + 10.0 * py + px;
                            const double v = Decode(ACL_FLOAT, &got[size_t(((n * C + c) * K + k) * 4)]);
                            if (std::fabs(v - want) > 2e-4 && bad++ < 5)
                                std::printf("  ramp mode %lld pad %lld ac %d n %lld c %lld point (%g, %g) -> pixel (%g, %g): got %.6f want %.6f\n",
                                            (long long)mode, (long long)pad, int(ac), (long long)n, (long long)c, gx, gy, px, py, v, want);
                        }
                CHECK_MSG(bad == 0, std::to_string(bad) + " ramp values wrong");
                Free(in); Free(grid); Free(out);
            }
}

TEST_CASE("float16 / bfloat16 ramp: bilinear and nearest exact at dyadic points") {
    // input(y, x) = 10 y + x on 5 x 5, align_corners=True: pixel = (g + 1) * 2. Expected values are
    // multiples of 0.25 below 64: exact in float16 and bfloat16, and the float32 evaluation of
    // dyadic weights is exact, so the results must be exact.
    std::vector<double> inV;
    for (int y = 0; y < 5; ++y) for (int x = 0; x < 5; ++x) inV.push_back(10.0 * y + x);
    const double pxs[] = {0.0, 0.5, 1.25, 2.5, 3.75, 4.0}, pys[] = {0.0, 1.5, 2.25, 3.5, 4.0};
    std::vector<double> gridV;
    for (double py : pys) for (double px : pxs) { gridV.push_back(px / 2 - 1); gridV.push_back(py / 2 - 1); }
    const int64_t Ho = 5, Wo = 6;
    for (aclDataType t : {ACL_FLOAT16, ACL_BF16})
        for (int64_t mode : {0, 1}) {
            auto in = Place({1, 1, 5, 5}, {}, 0, t, inV, 0, 0);
            auto grid = Place({1, Ho, Wo, 2}, {}, 0, t, gridV, 0, 0);
            auto out = Place({1, 1, Ho, Wo}, {}, 0, t, std::vector<double>(Ho * Wo, 0.0), -1, 0);
            std::string msg;
            CHECK_MSG(RunOp(2, in->tensor->t, grid->tensor->t, mode, 0, true, out->tensor->t, &msg) == ACLNN_SUCCESS, msg);
            const auto got = Gather(*out, nullptr);
            for (int64_t i = 0; i < Ho; ++i)
                for (int64_t j = 0; j < Wo; ++j) {
                    double px = pxs[j], py = pys[i];
                    if (mode == 1) { px = std::nearbyint(px); py = std::nearbyint(py); }
                    const double want = 10 * py + px;
                    const double v = Decode(t, &got[size_t((i * Wo + j) * 2)]);
                    CHECK_MSG(v == want, std::string(DtypeName(t)) + " mode " + std::to_string(mode) + " pixel (" +
                                             std::to_string(pxs[j]) + ", " + std::to_string(pys[i]) + "): got " +
                                             std::to_string(v) + " want " + std::to_string(want));
                }
            Free(in); Free(grid); Free(out);
        }
}

TEST_CASE("3D ramp: trilinear and nearest (float32 and double)") {
    // input(c, z, y, x) = 100 c + 16 z + 4 y + x on 3 x 3 x 3, align_corners=True: pixel = g + 1.
    std::vector<double> inV;
    for (int c = 0; c < 2; ++c)
        for (int z = 0; z < 3; ++z) for (int y = 0; y < 3; ++y) for (int x = 0; x < 3; ++x) inV.push_back(100.0 * c + 16 * z + 4 * y + x);
    const double pts[][3] = {{0, 0, 0}, {2, 2, 2}, {0.5, 1.25, 1.75}, {1.5, 0.25, 2}, {1, 1, 1}, {0.75, 1.5, 0.5}, {2.5, 1, 1}};
    const int64_t K = 7;
    std::vector<double> gridV;
    for (const auto& p : pts) for (int a = 0; a < 3; ++a) gridV.push_back(p[a] - 1);
    for (aclDataType t : {ACL_FLOAT, ACL_DOUBLE})
        for (int64_t mode : {0, 1}) {
            auto in = Place({1, 2, 3, 3, 3}, {}, 0, t, inV, 0, 0);
            auto grid = Place({1, 1, 1, K, 3}, {}, 0, t, gridV, 0, 0);
            auto out = Place({1, 2, 1, 1, K}, {}, 0, t, std::vector<double>(2 * K, 0.0), -1, 0);
            std::string msg;
            CHECK_MSG(RunOp(3, in->tensor->t, grid->tensor->t, mode, 1, true, out->tensor->t, &msg) == ACLNN_SUCCESS, msg);
            const auto got = Gather(*out, nullptr);
            for (int c = 0; c < 2; ++c)
                for (int64_t k = 0; k < K; ++k) {
                    double p[3];
                    for (int a = 0; a < 3; ++a) {
                        p[a] = std::min(std::max(pts[k][a], 0.0), 2.0);   // border
                        if (mode == 1) p[a] = std::nearbyint(p[a]);
                    }
                    const double want = 100.0 * c + 16 * p[2] + 4 * p[1] + p[0];
                    const double v = Decode(t, &got[size_t((c * K + k) * Bytes(t))]);
                    CHECK_MSG(std::fabs(v - want) <= 1e-4, std::string(DtypeName(t)) + " 3D mode " + std::to_string(mode) +
                                                               " point " + std::to_string(k) + ": got " + std::to_string(v) +
                                                               " want " + std::to_string(want));
                }
            Free(in); Free(grid); Free(out);
        }
}

TEST_CASE("3D accepts input/out storage formats NCDHW, NDHWC and ND") {
    const int64_t inS[] = {1, 2, 3, 4, 5}, gridS[] = {1, 2, 3, 4, 3}, outS[] = {1, 2, 2, 3, 4};
    for (aclFormat f : {ACL_FORMAT_NCDHW, ACL_FORMAT_NDHWC, ACL_FORMAT_ND}) {
        aclTensor* in = aclCreateTensor(inS, 5, ACL_FLOAT, nullptr, 0, f, inS, 5, nullptr);
        aclTensor* grid = aclCreateTensor(gridS, 5, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, gridS, 5, nullptr);
        aclTensor* out = aclCreateTensor(outS, 5, ACL_FLOAT, nullptr, 0, f, outS, 5, nullptr);
        CHECK(in && grid && out);
        uint64_t ws = 0;
        aclOpExecutor* ex = nullptr;
        Drain();
        CHECK_MSG(aclnnGridSampler3DGetWorkspaceSize(in, grid, 0, 0, false, out, &ws, &ex) == ACLNN_SUCCESS,
                  "format " + std::to_string(int(f)) + ": " + Drain());
        if (ex) { aclnnGridSampler2D(nullptr, 0, ex, E().stream); Drain(); }   // consumed, not run
        aclDestroyTensor(in);
        aclDestroyTensor(grid);
        aclDestroyTensor(out);
    }
}

// ---------------------------------------------------------------------------------------------
TEST_CASE("problems beyond int32 element counts are accepted (no launch)") {
    // out (65536, 256, 128, 256): 2^39 elements; grid 2^32 points. Tensors without data.
    {
        Tensor in({65536, 256, 1, 1}, ACL_FLOAT, nullptr), grid({65536, 128, 256, 2}, ACL_FLOAT, nullptr),
            out({65536, 256, 128, 256}, ACL_FLOAT, nullptr);
        uint64_t ws = 0;
        aclOpExecutor* ex = nullptr;
        Drain();
        const aclnnStatus s = aclnnGridSampler2DGetWorkspaceSize(in.t, grid.t, 0, 0, false, out.t, &ws, &ex);
        CHECK_MSG(s == ACLNN_SUCCESS, Drain());
        CHECK(ex != nullptr);
        if (ex) {
            // Consume the executor without launching: too small a workspace is rejected first.
            if (ws > 0) {
                CHECK(aclnnGridSampler2D(nullptr, 0, ex, E().stream) == ACLNN_ERR_PARAM_INVALID);
            } else {
                CHECK(aclnnGridSampler3D(nullptr, 0, ex, E().stream) != ACLNN_SUCCESS);
            }
            Drain();
        }
    }
    // float16, bicubic; N*C*Ho*Wo = 2^31 + 2^20 (just above int32).
    {
        Tensor in({1, 2049, 4, 4}, ACL_FLOAT16, nullptr), grid({1, 1024, 1024, 2}, ACL_FLOAT16, nullptr),
            out({1, 2049, 1024, 1024}, ACL_FLOAT16, nullptr);
        uint64_t ws = 0;
        aclOpExecutor* ex = nullptr;
        Drain();
        CHECK_MSG(aclnnGridSampler2DGetWorkspaceSize(in.t, grid.t, 2, 2, true, out.t, &ws, &ex) == ACLNN_SUCCESS, Drain());
        if (ex) {
            if (ws > 0) CHECK(aclnnGridSampler2D(nullptr, 0, ex, E().stream) == ACLNN_ERR_PARAM_INVALID);
            else CHECK(aclnnGridSampler3D(nullptr, 0, ex, E().stream) != ACLNN_SUCCESS);
            Drain();
        }
    }
    // 3D: 2^33 output elements.
    {
        Tensor in({4, 8, 2, 2, 2}, ACL_FLOAT, nullptr), grid({4, 256, 256, 256, 3}, ACL_FLOAT, nullptr),
            out({4, 8, 256, 256, 256}, ACL_FLOAT, nullptr);
        uint64_t ws = 0;
        aclOpExecutor* ex = nullptr;
        Drain();
        CHECK_MSG(aclnnGridSampler3DGetWorkspaceSize(in.t, grid.t, 0, 1, false, out.t, &ws, &ex) == ACLNN_SUCCESS, Drain());
        if (ex) {
            CHECK(aclnnGridSampler2D(nullptr, 0, ex, E().stream) != ACLNN_SUCCESS);   // foreign executor: consumed, not run
            Drain();
        }
    }
}

TEST_MAIN()
