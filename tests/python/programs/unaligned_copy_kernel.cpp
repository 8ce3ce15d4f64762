// A planted violation for the default flags of `python -m ascend_gridsample --cflags --libs`:
// DataCopy between GM and UB moves whole 32-byte blocks, and 10 floats are 40 bytes. CPU debug
// mode (the checked build) must stop the launch and say so.
#include "kernel_operator.h"
#include "tikicpulib.h"
#include <cstdio>

extern "C" __global__ __aicore__ void copy_ten(GM_ADDR x) {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 64 * sizeof(float));
    AscendC::GlobalTensor<float> xg;
    xg.SetGlobalBuffer((__gm__ float*)x, 64);
    AscendC::LocalTensor<float> t = buf.Get<float>();
    AscendC::DataCopy(t, xg, 10);
}

int main() {
    float* x = (float*)AscendC::GmAlloc(64 * sizeof(float));
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(copy_ten, 1, (GM_ADDR)x);
    std::printf("launch returned\n");
    AscendC::GmFree(x);
    return 0;
}
