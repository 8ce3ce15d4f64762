// A C++ user program: an AscendC kernel run with ICPU_RUN_KF, built only with the flags that
// `python -m ascend_gridsample --cflags --libs` prints.
#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_grid_sampler2d.h"
#include "kernel_operator.h"
#include "tikicpulib.h"
#include <cstdio>

extern "C" __global__ __aicore__ void add_one(GM_ADDR x, GM_ADDR y) {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 64 * sizeof(float));
    AscendC::GlobalTensor<float> xg, yg;
    xg.SetGlobalBuffer((__gm__ float*)x + AscendC::GetBlockIdx() * 64, 64);
    yg.SetGlobalBuffer((__gm__ float*)y + AscendC::GetBlockIdx() * 64, 64);
    AscendC::LocalTensor<float> t = buf.Get<float>();
    AscendC::DataCopy(t, xg, 64);
    // the vector unit may read the buffer only after the copy has landed, and the store may
    // start only after the vector unit has written it
    auto loaded = pipe.FetchEventID(AscendC::HardEvent::MTE2_V);
    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(loaded);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(loaded);
    AscendC::Adds(t, t, 1.0f, 64);
    auto computed = pipe.FetchEventID(AscendC::HardEvent::V_MTE3);
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(computed);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(computed);
    AscendC::DataCopy(yg, t, 64);
}

int main() {
    float* x = (float*)AscendC::GmAlloc(4 * 64 * sizeof(float));
    float* y = (float*)AscendC::GmAlloc(4 * 64 * sizeof(float));
    for (int i = 0; i < 256; ++i) x[i] = i;
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(add_one, 4, (GM_ADDR)x, (GM_ADDR)y);
    int bad = 0;
    for (int i = 0; i < 256; ++i) bad += y[i] != i + 1;
    std::printf("bad=%d acl=%d\n", bad, (int)aclInit(nullptr));
    AscendC::GmFree(x); AscendC::GmFree(y);
    return bad == 0 ? 0 : 1;
}
