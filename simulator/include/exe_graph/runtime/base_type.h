// Kernel status type of the gert registration API (metadef exe_graph/runtime/base_type.h): the
// registered functions return UINT32 (ge::graphStatus values).
#pragma once

typedef unsigned int UINT32;
typedef UINT32 KernelStatus;
