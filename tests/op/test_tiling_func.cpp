// The gert tiling function (op_host/grid_sample_tiling_func.cpp) and the OpDef that registers it,
// reached the way the framework reaches them: by op type, in what OP_ADD's OP_TILING_LIB expansion
// registered, run on a TilingContext built with the context builder on A2 (Ascend910B2: 48 vector
// cores, 910B3: 40) and A3 (Ascend910_93) platform descriptions; the OpDef as the op build tool
// reads it. Expectations come from the documented platform figures (192 KiB UB, 8 KiB reserved by
// the tiling, a 16 MiB system workspace) and from the pure ComputeTiling called directly with them
// (from the host layer's static library: the shared one hides it).
#include <algorithm>
#include <cstring>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_grid_sampler2d.h"
#include "base/context_builder/op_tiling_context_builder.h"
#include "ascend_sim/kernel_registry.h"
#include "ascend_sim/opbuild.h"
#include "check.h"
#include "exe_graph/runtime/continuous_vector.h"
#include "gert_helpers.h"
#include "op_host/device_launch.h"
#include "op_host/grid_sample_compute_tiling.h"
#include "tiling/platform/platform_ascendc.h"

namespace {

constexpr uint64_t kUbBytes = 192 * 1024;
constexpr uint64_t kReserve = 8 * 1024;
constexpr uint64_t kSystemUb = 256;   // what the platform keeps of the UB before any reservation
constexpr uint64_t kSystemWorkspace = 16u << 20;   // GetLibApiWorkSpaceSize on A2/A3

fe::PlatFormInfos PlatformOf(const char* soc) { return gert_test::PlatformInfosOf(gert_test::PlatformOfSoc(soc)); }

struct Attrs {
    std::string mode = "bilinear", padding = "zeros";
    bool alignCorners = false, channelLast = false;
    std::vector<int64_t> xStrides, gridStrides, yStrides;
};

struct Result {
    ge::graphStatus status = ge::GRAPH_FAILED;
    gridsample::GridSampleTilingData data{};
    size_t dataSize = 0;
    uint32_t blockDim = 0;
    uint64_t key = 0;
    size_t workspace = 0;
};

Result RunTiling(fe::PlatFormInfos* platform, const std::vector<int64_t>& x, const std::vector<int64_t>& grid,
                 const std::vector<int64_t>& y, ge::DataType dtype, const Attrs& a, size_t capacity = 4096) {
    auto tilingFunc = gert_test::OpImplOf("GridSample").tiling;
    CHECK(tilingFunc != nullptr);
    Result r;
    if (tilingFunc == nullptr) return r;
    gert::Tensor xt = gert_test::TensorOf(x, dtype), gt = gert_test::TensorOf(grid, dtype), yt = gert_test::TensorOf(y, dtype);
    auto buffer = gert::TilingData::CreateCap(capacity);
    auto* raw = reinterpret_cast<gert::TilingData*>(buffer.get());
    auto workspaceBuffer = gert::ContinuousVector::Create<size_t>(1);
    auto& workspace = *reinterpret_cast<gert::ContinuousVector*>(workspaceBuffer.get());
    gert::OpTilingContextBuilder b;
    b.OpType("GridSample").OpName("gs").IONum(2, 1).InputTensors({&xt, &gt}).OutputTensors({&yt});
    b.AppendAttr(ge::AscendString(a.mode.c_str()))
        .AppendAttr(ge::AscendString(a.padding.c_str()))
        .AppendAttr(a.alignCorners)
        .AppendAttr(a.channelLast)
        .AppendAttr(int64_t{1})
        .AppendAttr(a.xStrides)
        .AppendAttr(a.gridStrides)
        .AppendAttr(a.yStrides);
    b.PlatformInfo(platform).TilingData(raw).Workspace(&workspace);
    auto holder = b.Build();
    gert::TilingContext* ctx = holder.GetContext();
    r.status = tilingFunc(ctx);
    r.dataSize = raw->GetDataSize();
    if (r.dataSize == sizeof(r.data)) std::memcpy(&r.data, raw->GetData(), sizeof(r.data));
    r.blockDim = ctx->GetBlockDim();
    r.key = ctx->GetTilingKey();
    r.workspace = ctx->GetWorkspaceNum() ? static_cast<const size_t*>(workspace.GetData())[0] : 0;
    return r;
}

// ComputeTiling with the platform's documented figures; the gert path must reproduce it.
void ExpectSameAsPure(const Result& r, const gridsample::Problem& p, uint32_t cores, const std::string& where) {
    gridsample::PlatformInfo pl;
    pl.coreNum = cores;
    pl.ubBytes = kUbBytes - kSystemUb - kReserve;
    gridsample::Tiling t;
    std::string why;
    CHECK_MSG(gridsample::ComputeTiling(p, pl, &t, &why), where + ": " + why);
    CHECK_MSG(r.status == ge::GRAPH_SUCCESS, where);
    CHECK_MSG(r.dataSize == sizeof(gridsample::GridSampleTilingData), where);
    CHECK_MSG(std::memcmp(&r.data, &t.data, sizeof(t.data)) == 0, where + ": tiling data differs");
    CHECK_MSG(r.key == t.tilingKey && r.blockDim == t.blockDim, where);
    CHECK_MSG(r.workspace == kSystemWorkspace + t.workspaceBytes, where + ": the system workspace, then the tiling's");
    CHECK_MSG(r.blockDim >= 1 && r.blockDim <= cores, where);
    CHECK_MSG(gridsample::UbBytesUsed(r.data) <= kUbBytes - kReserve, where + ": UB beyond 192 KiB - 8 KiB");
}

}  // namespace

TEST_CASE("OpDef: GridSample is registered with its prototype, infer functions, tiling and SoCs") {
    const std::vector<std::string> ops = ops::CfgGenerator::RegisteredOps();
    CHECK(std::find(ops.begin(), ops.end(), "GridSample") != ops.end());
    const ops::OpInfo def = ops::CfgGenerator::Describe("GridSample");
    CHECK(def.opType == "GridSample");
    CHECK(def.inferShape != nullptr && def.inferDataType != nullptr && def.tiling != nullptr);
    CHECK(def.socConfigs.size() == 2 && def.socConfigs.count("ascend910b") == 1 && def.socConfigs.count("ascend910_93") == 1);
    for (const auto& [soc, config] : def.socConfigs) {
        CHECK_MSG(config.at("dynamicShapeSupport.flag") == "true" && config.at("dynamicRankSupport.flag") == "true" &&
                      config.at("dynamicCompileStatic.flag") == "true",
                  soc + ": an explicit OpAICoreConfig with dynamic shape and rank support");
    }
    CHECK(def.inputs.size() == 2 && def.outputs.size() == 1);
    CHECK(def.inputs[0].name == "x" && def.inputs[1].name == "grid" && def.outputs[0].name == "y");
    for (const auto* params : {&def.inputs, &def.outputs})
        for (const auto& p : *params) {
            CHECK(p.paramType == ops::REQUIRED);
            CHECK(p.dataTypes == (std::vector<ge::DataType>{ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16}));
            CHECK(p.formats.size() == p.dataTypes.size());
        }
    // The GE IR prototype's attributes and defaults (op_graph/grid_sample_proto.h), then the strides.
    const auto& attrs = def.attrs;
    CHECK(attrs.size() == 8);
    if (attrs.size() == 8) {
        CHECK(attrs[0].name == "interpolation_mode" && attrs[0].type == "str" && attrs[0].defaultValue == "bilinear");
        CHECK(attrs[1].name == "padding_mode" && attrs[1].defaultValue == "zeros");
        CHECK(attrs[2].name == "align_corners" && attrs[2].type == "bool" && attrs[2].defaultValue == "false");
        CHECK(attrs[3].name == "channel_last" && attrs[3].defaultValue == "false");
        CHECK(attrs[4].name == "scheduler_mode" && attrs[4].type == "int" && attrs[4].defaultValue == "1");
        for (size_t i = 5; i < 8; ++i)
            CHECK(attrs[i].type == "listInt" && attrs[i].defaultValue == "[]" && !attrs[i].required);
    }
    CHECK(ops::CfgGenerator::Describe("NoSuchOp").opType.empty());
    // What OP_ADD's OP_TILING_LIB and OP_PROTO_LIB expansions registered with the runtime: the same
    // functions the OpDef names.
    const ascend_sim::OpImplFunctions impl = gert_test::OpImplOf("GridSample");
    CHECK(impl.tiling == def.tiling && impl.inferShape == def.inferShape && impl.inferDataType == def.inferDataType);
    CHECK(impl.tilingParse != nullptr && impl.compileInfoCreator != nullptr);
}

// CANN's op build generates each op's kernel launch from its OpDef: the kernel entry
// op_kernel/<snake_case type>.cpp receives the inputs, then the outputs, in the OpDef's order, then
// the workspace and the tiling (the GM_ADDR parameters). The simulator launches whatever op_host
// passes, so the convention is checked here: each AI Core kernel's parameter count (as registered)
// and names (from its source) against its op's OpDef.
TEST_CASE("OpDef: each AI Core kernel takes its op's inputs, outputs, workspace and tiling, in order") {
    int kernels = 0;
    for (const std::string& op : ops::CfgGenerator::RegisteredOps()) {
        const std::string kernel = gridsample::KernelNameOf(op);
        const ascend_sim::RegisteredKernel* entry = ascend_sim::FindKernelEntry(kernel);
        if (entry == nullptr) continue;   // an AI CPU operator
        ++kernels;
        const ops::OpInfo def = ops::CfgGenerator::Describe(op.c_str());
        std::vector<std::string> want;
        for (const auto* params : {&def.inputs, &def.outputs})
            for (const ops::OpParamInfo& p : *params) want.push_back(p.name);
        want.push_back("workspace");
        want.push_back("tiling");
        CHECK_MSG(entry->gmArgCount == want.size(), op + ": " + std::to_string(entry->gmArgCount) + " GM parameters");
        std::ifstream file(std::string(AGS_SOURCE_DIR) + "/op_kernel/" + kernel + ".cpp");
        std::stringstream source;
        source << file.rdbuf();
        const std::regex signature("extern \"C\" __global__ __aicore__ void " + kernel + "\\(([^)]*)\\)");
        std::smatch m;
        const std::string text = source.str();
        CHECK_MSG(std::regex_search(text, m, signature), op + ": the kernel entry in op_kernel/" + kernel + ".cpp");
        std::vector<std::string> got;
        const std::string params = m.size() > 1 ? m[1].str() : "";
        const std::regex param("GM_ADDR\\s+(\\w+)");
        for (auto it = std::sregex_iterator(params.begin(), params.end(), param); it != std::sregex_iterator(); ++it)
            got.push_back((*it)[1].str());
        std::string list;
        for (const std::string& g : got) list += g + " ";
        CHECK_MSG(got == want, op + ": kernel parameters " + list);
    }
    // every kernel the package registers belongs to an op (and so was checked above)
    CHECK_MSG(kernels == static_cast<int>(ascend_sim::RegisteredKernelNames().size()),
              std::to_string(kernels) + " kernels of ops");
}

TEST_CASE("OpDef: the documented prototype rules are checked") {
    ops::OpDef bad("Bad");
    bad.Input("x").ParamType(ops::REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
    bad.AICore().AddConfig("ascend910b");
    CHECK(ops::CfgGenerator::Check(bad).find("one format per data type") != std::string::npos);
    ops::OpDef noDefault("NoDefault");
    noDefault.Attr("a").AttrType(ops::OPTIONAL).Int();
    noDefault.AICore().AddConfig("ascend910b");
    CHECK(ops::CfgGenerator::Check(noDefault).find("OPTIONAL without a default") != std::string::npos);
    ops::OpDef noSoc("NoSoc");
    CHECK(ops::CfgGenerator::Check(noSoc).find("no AICore().AddConfig") != std::string::npos);
    for (const std::string& op : ops::CfgGenerator::RegisteredOps())
        CHECK_MSG(ops::CfgGenerator::Describe(op.c_str()).opType == op, op);
}

TEST_CASE("tiling func: A2 and A3 platforms, every dtype and mode, 2-D and 3-D, reproduces ComputeTiling") {
    struct Soc { const char* name; uint32_t cores; };
    for (Soc soc : {Soc{"Ascend910B2", 48}, Soc{"Ascend910B3", 40}, Soc{"Ascend910_93", 48}}) {
        fe::PlatFormInfos platform = PlatformOf(soc.name);
        const struct { ge::DataType ge; int32_t kind; } types[] = {
            {ge::DT_FLOAT, gridsample::kFloat32}, {ge::DT_FLOAT16, gridsample::kFloat16}, {ge::DT_BF16, gridsample::kBFloat16}};
        const char* modes[] = {"bilinear", "nearest", "bicubic"};
        for (const auto& ty : types)
            for (int32_t mode = 0; mode < 3; ++mode) {
                Attrs a;
                a.mode = modes[mode];
                a.padding = "reflection";
                a.alignCorners = true;
                // 2-D, a large plane: the window takes whatever UB the tiling was given
                gridsample::Problem p = gridsample::Problem::Contiguous(2, 16, 300, 400, 240, 320);
                p.dataKind = ty.kind;
                p.mode = mode;
                p.padding = gridsample::kReflection;
                p.alignCorners = 1;
                const std::string where = std::string(soc.name) + " 2-D kind " + std::to_string(ty.kind) + " mode " + a.mode;
                Result r = RunTiling(&platform, {2, 16, 300, 400}, {2, 240, 320, 2}, {2, 16, 240, 320}, ty.ge, a);
                ExpectSameAsPure(r, p, soc.cores, where);
                CHECK(r.key == gridsample::MakeTilingKey(ty.kind, mode, 2));
                // 3-D: (Do, Ho) flattened into rows
                gridsample::Problem q = gridsample::Problem::Contiguous3D(1, 8, 5, 20, 30, 6, 10, 12);
                q.dataKind = ty.kind;
                q.mode = mode;
                q.padding = gridsample::kReflection;
                q.alignCorners = 1;
                Result r3 = RunTiling(&platform, {1, 8, 5, 20, 30}, {1, 6, 10, 12, 3}, {1, 8, 6, 10, 12}, ty.ge, a);
                ExpectSameAsPure(r3, q, soc.cores, std::string(soc.name) + " 3-D mode " + a.mode);
                CHECK(r3.key == gridsample::MakeTilingKey(ty.kind, mode, 3));
            }
    }
}

TEST_CASE("tiling func: the tiling reserves 8 KiB of the reported UB") {
    fe::PlatFormInfos platform = PlatformOf("Ascend910B2");
    platform_ascendc::PlatformAscendC ascendc(&platform);
    uint64_t reported = 0, afterReserve = 0;
    ascendc.GetCoreMemSize(platform_ascendc::CoreMemType::UB, reported);
    ascendc.ReserveLocalMemory(platform_ascendc::ReservedSize::RESERVED_SIZE_16K);
    ascendc.ReserveLocalMemory(platform_ascendc::ReservedSize::RESERVED_SIZE_8K);   // the last call wins
    ascendc.GetCoreMemSize(platform_ascendc::CoreMemType::UB, afterReserve);
    CHECK(reported == kUbBytes - kSystemUb);
    CHECK(afterReserve == kUbBytes - kSystemUb - kReserve);
    // A problem whose window fills the UB: buffers stay within 184 KiB, and within the launch arena.
    Result r = RunTiling(&platform, {1, 64, 1024, 1024}, {1, 512, 512, 2}, {1, 64, 512, 512}, ge::DT_FLOAT, Attrs());
    CHECK(r.status == ge::GRAPH_SUCCESS);
    CHECK(gridsample::UbBytesUsed(r.data) <= kUbBytes - kReserve);
    CHECK(gridsample::UbBytesUsed(r.data) <= ascend_sim::UsableUbBytes(gert_test::PlatformOfSoc("Ascend910B2")));
    CHECK(gridsample::UbBytesUsed(r.data) + 2048 > kUbBytes - kSystemUb - kReserve);   // and uses it
}

TEST_CASE("tiling func: strided views and channel-last input arrive through the stride attributes") {
    fe::PlatFormInfos platform = PlatformOf("Ascend910B2");
    // NCHW input with padded rows, a grid with padded rows, an output with padded rows
    gridsample::Problem p = gridsample::Problem::Contiguous(2, 3, 10, 12, 7, 9);
    p.inStrideH = 16; p.inStrideC = 10 * 16; p.inStrideN = 3 * 10 * 16;
    p.gridStrideH = 2 * 9 + 4; p.gridStrideN = 7 * p.gridStrideH;
    p.outStrideH = 11; p.outStrideC = 7 * 11; p.outStrideN = 3 * 7 * 11;
    Attrs a;
    a.xStrides = {p.inStrideN, p.inStrideC, p.inStrideH, 1};
    a.gridStrides = {p.gridStrideN, p.gridStrideH, 2, 1};
    a.yStrides = {p.outStrideN, p.outStrideC, p.outStrideH, 1};
    ExpectSameAsPure(RunTiling(&platform, {2, 3, 10, 12}, {2, 7, 9, 2}, {2, 3, 7, 9}, ge::DT_FLOAT, a), p, 48, "strided NCHW");
    // channel_last: x is (N, H, W, C) in memory order (graph mode: contiguous NHWC)
    gridsample::Problem c = gridsample::Problem::Contiguous(2, 5, 10, 12, 7, 9);
    c.channelLast = 1;
    c.inStrideC = 1; c.inStrideW = 5; c.inStrideH = 12 * 5; c.inStrideN = 10 * 12 * 5;
    Attrs cl;
    cl.channelLast = true;
    ExpectSameAsPure(RunTiling(&platform, {2, 10, 12, 5}, {2, 7, 9, 2}, {2, 5, 7, 9}, ge::DT_FLOAT16, cl),
                     [&] { gridsample::Problem h = c; h.dataKind = gridsample::kFloat16; return h; }(), 48, "channel_last");
    // channel_last 3-D: x is (N, D, H, W, C) in memory order, read in place
    gridsample::Problem d;
    d.dims = 3; d.channelLast = 1;
    d.n = 1; d.c = 5; d.inD = 2; d.inH = 3; d.inW = 4;
    d.inStrideC = 1; d.inStrideW = 5; d.inStrideH = 4 * 5; d.inStrideD = 3 * 4 * 5; d.inStrideN = 2 * 3 * 4 * 5;
    d.outH = 2 * 2; d.outW = 2;   // output D and H flattened into rows
    d.outPlaneRows = 2;
    d.gridStrideH = 2 * 3; d.gridStrideN = 2 * 2 * 2 * 3;
    d.outStrideH = 2; d.outStrideC = 2 * 2 * 2; d.outStrideN = 5 * 8;
    ExpectSameAsPure(RunTiling(&platform, {1, 2, 3, 4, 5}, {1, 2, 2, 2, 3}, {1, 5, 2, 2, 2}, ge::DT_FLOAT, cl), d, 48,
                     "channel_last 3-D");
}

TEST_CASE("tiling func: what it cannot tile is GRAPH_FAILED") {
    fe::PlatFormInfos platform = PlatformOf("Ascend910B2");
    const std::vector<int64_t> x = {1, 2, 8, 8}, g = {1, 4, 4, 2}, y = {1, 2, 4, 4};
    Attrs a;
    CHECK(RunTiling(&platform, x, g, y, ge::DT_FLOAT, a).status == ge::GRAPH_SUCCESS);
    CHECK(RunTiling(&platform, x, g, y, ge::DT_DOUBLE, a).status == ge::GRAPH_FAILED);
    CHECK(RunTiling(&platform, {1, 2, 8}, {1, 4, 2}, {1, 2, 4}, ge::DT_FLOAT, a).status == ge::GRAPH_FAILED);
    CHECK(RunTiling(&platform, x, {1, 4, 4, 3}, y, ge::DT_FLOAT, a).status == ge::GRAPH_FAILED);
    Attrs badMode;
    badMode.mode = "area";
    CHECK(RunTiling(&platform, x, g, y, ge::DT_FLOAT, badMode).status == ge::GRAPH_FAILED);
    Attrs badPad;
    badPad.padding = "wrap";
    CHECK(RunTiling(&platform, x, g, y, ge::DT_FLOAT, badPad).status == ge::GRAPH_FAILED);
    Attrs badStrides;
    badStrides.xStrides = {128, 64, 8};   // one stride per dim expected
    CHECK(RunTiling(&platform, x, g, y, ge::DT_FLOAT, badStrides).status == ge::GRAPH_FAILED);
    Attrs notUnitW;
    notUnitW.xStrides = {256, 128, 16, 2};   // the kernel reads W contiguously
    CHECK(RunTiling(&platform, x, g, y, ge::DT_FLOAT, notUnitW).status == ge::GRAPH_FAILED);
    Attrs cl3d;
    cl3d.channelLast = true;
    cl3d.xStrides = {240, 120, 40, 10, 2};   // channel-last input must have contiguous channels
    CHECK(RunTiling(&platform, {1, 2, 3, 4, 5}, {1, 2, 2, 2, 3}, {1, 5, 2, 2, 2}, ge::DT_FLOAT, cl3d).status ==
          ge::GRAPH_FAILED);
    // a tiling-data buffer smaller than the struct: GetTilingData gives nullptr
    CHECK(RunTiling(&platform, x, g, y, ge::DT_FLOAT, a, 16).status == ge::GRAPH_FAILED);
    // a platform whose UB is too small for any partition
    ascend_sim::Platform tiny = gert_test::PlatformOfSoc("Ascend910B2");
    tiny.ubSize = 4 * 1024 + tiny.ubReserved;
    fe::PlatFormInfos tinyInfos = gert_test::PlatformInfosOf(tiny);
    CHECK(RunTiling(&tinyInfos, x, g, y, ge::DT_FLOAT, a).status == ge::GRAPH_FAILED);
    // a platform description without cores or UB (nothing filled in) is refused
    fe::PlatFormInfos empty;
    CHECK(RunTiling(&empty, x, g, y, ge::DT_FLOAT, a).status == ge::GRAPH_FAILED);
}

TEST_CASE("aclnn launches with what the registered tiling function decides (block dim, key, workspace)") {
    aclInit(nullptr);
    aclrtSetDevice(0);
    const ascend_sim::Platform saved = ascend_sim::GetPlatform();
    CHECK(ascend_sim::SetPlatformBySoc("Ascend910B3"));
    fe::PlatFormInfos platform = PlatformOf("Ascend910B3");
    const std::vector<int64_t> xs = {2, 16, 30, 40}, gs = {2, 24, 20, 2}, ys = {2, 16, 24, 20};
    auto make = [](const std::vector<int64_t>& shape, void** data, size_t* bytes) {
        size_t n = 1;
        for (int64_t d : shape) n *= static_cast<size_t>(d);
        *bytes = n * sizeof(uint16_t);
        aclrtMalloc(data, *bytes, ACL_MEM_MALLOC_HUGE_FIRST);
        std::vector<uint16_t> zeros(n, 0);
        aclrtMemcpy(*data, *bytes, zeros.data(), *bytes, ACL_MEMCPY_HOST_TO_DEVICE);
        std::vector<int64_t> strides(shape.size(), 1);
        for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i) strides[i] = strides[i + 1] * shape[i + 1];
        return aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT16, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                               shape.size(), *data);
    };
    void *xd = nullptr, *gd = nullptr, *yd = nullptr;
    size_t xb = 0, gb = 0, yb = 0;
    aclTensor* x = make(xs, &xd, &xb);
    aclTensor* g = make(gs, &gd, &gb);
    aclTensor* y = make(ys, &yd, &yb);
    uint64_t wsSize = 0;
    aclOpExecutor* executor = nullptr;
    CHECK(aclnnGridSampler2DGetWorkspaceSize(x, g, 2, 1, false, y, &wsSize, &executor) == ACLNN_SUCCESS);
    void* ws = nullptr;
    if (wsSize) aclrtMalloc(&ws, wsSize, ACL_MEM_MALLOC_HUGE_FIRST);
    CHECK(aclnnGridSampler2D(ws, wsSize, executor, nullptr) == ACLNN_SUCCESS);
    CHECK(aclrtSynchronizeStream(nullptr) == ACL_SUCCESS);
    const ascend_sim::LaunchStats stats = ascend_sim::LastLaunchStats();
    Attrs a;
    a.mode = "bicubic";
    a.padding = "border";
    Result r = RunTiling(&platform, xs, gs, ys, ge::DT_FLOAT16, a);
    CHECK(r.status == ge::GRAPH_SUCCESS);
    CHECK(stats.kernel == "grid_sample");
    CHECK(stats.tilingKey == GRID_SAMPLE_KEY_2D_FP16_BICUBIC && stats.tilingKey == r.key);
    CHECK(stats.blockDim == r.blockDim && stats.blockDim <= 40);
    CHECK(wsSize == (r.workspace + 63) / 64 * 64);   // contiguous views: only the tiling's workspace
    CHECK(r.workspace >= kSystemWorkspace);
    if (ws) aclrtFree(ws);
    aclDestroyTensor(x); aclDestroyTensor(g); aclDestroyTensor(y);
    aclrtFree(xd); aclrtFree(gd); aclrtFree(yd);
    ascend_sim::SetPlatform(saved);
}

TEST_MAIN()
