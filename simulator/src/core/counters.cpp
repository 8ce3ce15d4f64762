// Per-launch counter arithmetic.
#include <algorithm>
#include <cstring>

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
    for (int i = 0; i < o.apiBusyCount; ++i) {
        const ApiBusy& e = o.busyByApi[i];
        AddBusy(e.pipe, e.api, e.instr, e.cycles);
    }
    for (int p = 0; p < 4; ++p) {
        otherInstr[p] += o.otherInstr[p];
        otherCycles[p] += o.otherCycles[p];
    }
}

void CoreCounters::AddBusy(uint32_t pipe, const char* api, uint64_t instr, uint64_t cycles) {
    if (!api) api = "other";
    // names are literals: the same pointer in nearly every call (the same text may have another
    // address in another translation unit)
    int i = 0;
    while (i < apiBusyCount && !(busyByApi[i].api == api && busyByApi[i].pipe == pipe)) ++i;
    if (i == apiBusyCount) {
        i = 0;
        while (i < apiBusyCount && !(busyByApi[i].pipe == pipe && std::strcmp(busyByApi[i].api, api) == 0)) ++i;
    }
    if (i == apiBusyCount) {
        if (apiBusyCount == kMaxApiBusy) {
            otherInstr[pipe & 3] += instr;
            otherCycles[pipe & 3] += cycles;
            return;
        }
        busyByApi[apiBusyCount++] = ApiBusy{api, pipe, 0, 0};
    }
    busyByApi[i].instr += instr;
    busyByApi[i].cycles += cycles;
}

}  // namespace ascend_sim
