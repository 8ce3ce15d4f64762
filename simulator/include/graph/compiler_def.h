// Compiler attributes of the GE / metadef headers (graph/compiler_def.h): VAR_UNUSED marks the
// static registration objects that registration macros define.
#pragma once

#if defined(__GNUC__)
#define VAR_UNUSED __attribute__((unused))
#else
#define VAR_UNUSED
#endif
