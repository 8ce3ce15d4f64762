// GE's general status values (ge/ge_api_error_codes.h): SUCCESS and FAILED, with CANN's values;
// specific failures use the ACL_ERROR_GE_* codes of ge/ge_error_codes.h.
#pragma once
#include "ge/ge_api_types.h"
#include "ge/ge_error_codes.h"

namespace ge {
constexpr Status SUCCESS = 0U;
constexpr Status FAILED = 0xFFFFFFFFU;
}  // namespace ge
