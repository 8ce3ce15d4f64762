// GridSample's vocabulary, shared by the AI Core kernels, the AI CPU kernels and the host: the codes of
// the interpolation modes, paddings and data kinds (the aclnn interpolationMode / paddingMode codes).
// Their names, in code order, are in op_host/attr_names.h (checked against these codes there). Plain
// enums, no includes: the includer provides int32_t (kernel_operator.h on the AI Core, <cstdint> on
// the host).
#ifndef GRID_SAMPLE_VOCABULARY_H
#define GRID_SAMPLE_VOCABULARY_H

namespace gridsample {

enum InterpMode : int32_t { kBilinear = 0, kNearest = 1, kBicubic = 2 };
enum PaddingMode : int32_t { kZeros = 0, kBorder = 1, kReflection = 2 };
enum DataKind : int32_t { kFloat32 = 0, kFloat16 = 1, kBFloat16 = 2 };

}  // namespace gridsample

#endif  // GRID_SAMPLE_VOCABULARY_H
