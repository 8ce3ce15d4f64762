// GE status codes (graph/ge_error_codes.h): graphStatus and the values the project's models return.
//   https://www.hiascend.com/document/detail/en/CANNCommunityEdition/910/API/ascendgraphapi/atlasgeapi_07_0381.html
#pragma once
#include <cstdint>

namespace ge {
using graphStatus = uint32_t;
const graphStatus GRAPH_FAILED = 0xFFFFFFFF;
const graphStatus GRAPH_SUCCESS = 0;
const graphStatus GRAPH_PARAM_INVALID = 50331649;
const graphStatus GRAPH_PARAM_OUT_OF_RANGE = 50331644;
}  // namespace ge
