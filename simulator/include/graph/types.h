// GE graph basics (graph/types.h): data types and formats with CANN's values, unknown-shape
// markers, char_t / float32_t. A subset of the enumerators; the values are CANN's.
#pragma once
#include <cstdint>
#include <vector>

namespace ge {

using char_t = char;
using float32_t = float;

static const int64_t UNKNOWN_DIM = -1;       // a dimension known only at run time
static const int64_t UNKNOWN_DIM_NUM = -2;   // the single dim of an unknown-rank shape
static const std::vector<int64_t> UNKNOWN_RANK = {-2};

enum DataType {
    DT_FLOAT = 0, DT_FLOAT16 = 1, DT_INT8 = 2, DT_INT32 = 3, DT_UINT8 = 4, DT_INT16 = 6, DT_UINT16 = 7,
    DT_UINT32 = 8, DT_INT64 = 9, DT_UINT64 = 10, DT_DOUBLE = 11, DT_BOOL = 12, DT_BF16 = 27, DT_UNDEFINED = 28
};

enum Format { FORMAT_NCHW = 0, FORMAT_NHWC = 1, FORMAT_ND = 2, FORMAT_NDHWC = 27, FORMAT_NCDHW = 30, FORMAT_RESERVED = 40 };

}  // namespace ge

namespace domi {
// How an operator is implemented (a plugin registration's ImplyType), with CANN's values.
enum class ImplyType : unsigned int { BUILDIN = 0, TVM, CUSTOM, AI_CPU, CCE, GELOCAL, HCCL, INVALID = 0xFFFFFFFF };
}  // namespace domi
