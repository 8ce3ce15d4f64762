// Per-launch counter arithmetic.
#include <algorithm>

#include "ascend_sim/sim.h"

namespace ascend_sim {

void CoreCounters::Add(const CoreCounters& o) {
    mte2Instr += o.mte2Instr;
    mte2Bytes += o.mte2Bytes;
    mte3Instr += o.mte3Instr;
    mte3Bytes += o.mte3Bytes;
    ubCopyInstr += o.ubCopyInstr;
    ubCopyBytes += o.ubCopyBytes;
    vecInstr += o.vecInstr;
    vecRepeats += o.vecRepeats;
    scalarGmReads += o.scalarGmReads;
    scalarGmWrites += o.scalarGmWrites;
    scalarUbReads += o.scalarUbReads;
    scalarUbWrites += o.scalarUbWrites;
    peakUbBytes = std::max(peakUbBytes, o.peakUbBytes);   // a peak, not a sum
    modelledCycles = std::max(modelledCycles, o.modelledCycles);   // the slowest core, not a sum
    busyS += o.busyS;
    busyMte2 += o.busyMte2;
    busyV += o.busyV;
    busyMte3 += o.busyMte3;
}

}  // namespace ascend_sim
