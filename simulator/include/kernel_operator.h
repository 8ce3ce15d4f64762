// AscendC kernel API, CPU model: kernel source written for the real toolchain compiles unchanged
// against this header and runs on the simulator's cores (see ascend_sim/sim.h for the launcher).
// Checked build (ASCENDC_SIM_CHECKED == 1): every documented constraint of the modelled APIs is
// asserted; a violation stops the launch with "<API>: core <i>: <rule broken>". Fast build
// (ASCENDC_SIM_CHECKED == 0): the checks compile out and results are bit-identical.
#pragma once
#include "ascendc/kernel_types.h"
#include "ascendc/kernel_tensor.h"
#include "ascendc/kernel_copy.h"
#include "ascendc/kernel_vector.h"
