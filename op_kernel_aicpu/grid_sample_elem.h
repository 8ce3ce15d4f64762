// The AI CPU kernels' element types of the kernel tensors' data types.
#pragma once
#include "cpu_types.h"
#include "op_host/aicpu/grid_sample_aicpu.h"

namespace gridsample::aicpu {

inline bool ElemOf(::aicpu::DataType t, ElemType* out) {
    switch (t) {
        case ::aicpu::DT_FLOAT: *out = ElemType::kFloat32; return true;
        case ::aicpu::DT_FLOAT16: *out = ElemType::kFloat16; return true;
        case ::aicpu::DT_BFLOAT16: *out = ElemType::kBFloat16; return true;
        case ::aicpu::DT_DOUBLE: *out = ElemType::kFloat64; return true;
        case ::aicpu::DT_INT8: *out = ElemType::kInt8; return true;
        case ::aicpu::DT_UINT8: *out = ElemType::kUInt8; return true;
        case ::aicpu::DT_INT16: *out = ElemType::kInt16; return true;
        case ::aicpu::DT_INT32: *out = ElemType::kInt32; return true;
        case ::aicpu::DT_INT64: *out = ElemType::kInt64; return true;
        default: return false;
    }
}

}  // namespace gridsample::aicpu
