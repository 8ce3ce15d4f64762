// Launches a kernel body as an op project's launch does: with a workspace that holds the platform's
// system workspace in front of the user's (what a tiling's GetLibApiWorkSpaceSize() adds). A hard
// SyncAll needs it; a kernel direct-call launch (ICPU_RUN_KF) has none, and the documentation does not
// support the hard SyncAll there.
#pragma once
#include <cstdint>
#include <functional>

#include "ascend_sim/sim.h"
#include "kernel_operator.h"
#include "tikicpulib.h"

inline bool RunWithSystemWorkspace(const char* name, uint32_t blockDim, std::function<void()> body) {
    static uint8_t* workspace =
        static_cast<uint8_t*>(AscendC::GmAlloc(ascend_sim::GetPlatform().systemWorkspaceBytes + 4096));
    ascend_sim::KernelLaunch launch;
    launch.name = name;
    launch.blockDim = blockDim;
    launch.body = std::move(body);
    launch.gmArgs = {workspace};
    launch.workspaceArg = 0;
    return ascend_sim::RunKernel(launch);
}
