// ge::Status (ge/ge_api_types.h): the return type of the GE client API (ge/ge_api.h).
#pragma once
#include <cstdint>

namespace ge {
using Status = uint32_t;
}  // namespace ge
