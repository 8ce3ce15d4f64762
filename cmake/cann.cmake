# The CANN build: the custom operator package built with the AscendC toolchain's CMake support,
# taken when AGS_CANN is on (the "cann" preset) or ASCEND_CANN_PACKAGE_PATH is set. Written from
# "Operator Project Build Extension" (find_package(ASC), npu_op_package and the npu_op_* functions):
#   https://www.hiascend.com/document/detail/en/canncommercial/850/opdevg/Ascendcopdevg/atlas_ascendc_10_00035.html
# and "Operator Project Build" (what the package holds: libcust_opsproto, liboptiling, the aclnn
# library, kernel binaries, the .run installer):
#   https://www.hiascend.com/document/detail/en/canncommercial/850/opdevg/Ascendcopdevg/atlas_ascendc_10_0068.html
# Not run on this machine (no toolkit); docs/cann_build.md says what is verified instead.
if(NOT ASCEND_CANN_PACKAGE_PATH)
  if(DEFINED ENV{ASCEND_CANN_PACKAGE_PATH})
    set(ASCEND_CANN_PACKAGE_PATH $ENV{ASCEND_CANN_PACKAGE_PATH})
  elseif(DEFINED ENV{ASCEND_HOME_PATH})
    set(ASCEND_CANN_PACKAGE_PATH $ENV{ASCEND_HOME_PATH})
  else()
    message(FATAL_ERROR "The CANN build needs the toolkit: set ASCEND_CANN_PACKAGE_PATH (or source "
                        "<toolkit>/set_env.sh, which sets ASCEND_HOME_PATH); see docs/cann_build.md")
  endif()
endif()
set(vendor_name "gridsample" CACHE STRING "Vendor name of the custom operator package")
set(ASCEND_COMPUTE_UNIT "ascend910b;ascend910_93" CACHE STRING "SoCs the kernels are built for")
set(ENABLE_SOURCE_PACKAGE True CACHE BOOL "Ship the kernel source in the package (online compile)")
set(ENABLE_BINARY_PACKAGE True CACHE BOOL "Compile the kernel binaries into the package")

find_package(ASC REQUIRED HINTS ${ASCEND_CANN_PACKAGE_PATH}/compiler/tikcpp/ascendc_kernel_cmake)

npu_op_package(${vendor_name}
  TYPE RUN
  CONFIG
    ENABLE_SOURCE_PACKAGE ${ENABLE_SOURCE_PACKAGE}
    ENABLE_BINARY_PACKAGE ${ENABLE_BINARY_PACKAGE}
    INSTALL_PATH ${CMAKE_BINARY_DIR}/)

# op_host, by glob so that every OpDef, tiling and gert infer-shape source is built as it lands.
file(GLOB AGS_CANN_OPDEF_SRCS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/op_host/*def*.cpp)
file(GLOB AGS_CANN_TILING_SRCS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/op_host/*tiling*.cpp)
# the op-API layer's TilingContext builder is not part of liboptiling
list(FILTER AGS_CANN_TILING_SRCS EXCLUDE REGEX "/op_host/tiling_runner\\.cpp$")
file(GLOB AGS_CANN_INFER_SRCS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/op_host/*infer*.cpp)
if(NOT AGS_CANN_OPDEF_SRCS)
  message(FATAL_ERROR "op_host/*def*.cpp: no OpDef source; the package registers the op from it")
endif()
set(AGS_CANN_HOST_SRCS ${AGS_CANN_OPDEF_SRCS} ${AGS_CANN_TILING_SRCS} ${AGS_CANN_INFER_SRCS})
set(AGS_CANN_AUTOGEN ${CMAKE_BINARY_DIR}/autogen)

# Generated from the OpDef: the op info library, the GE prototype header and the aclnn stubs of
# the custom op type.
npu_op_code_gen(
  SRC ${AGS_CANN_HOST_SRCS}
  PACKAGE ${vendor_name}
  OUT_DIR ${AGS_CANN_AUTOGEN}
  OPTIONS OPS_PRODUCT_NAME ${ASCEND_COMPUTE_UNIT})

# liboptiling: tiling + OpDef. libcust_opsproto: gert infer-shape, OpDef and the GE IR prototype
# of op_graph/. Our headers (op_kernel/grid_sample_tiling_data.h) come from the source tree; acl/,
# graph/, register/, exe_graph/ from the toolkit, never from simulator/include.
npu_op_library(cust_optiling TILING ${AGS_CANN_TILING_SRCS} ${AGS_CANN_OPDEF_SRCS})
file(GLOB AGS_CANN_PROTO_SRCS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/op_graph/*.cpp)
npu_op_library(cust_op_proto GRAPH ${AGS_CANN_INFER_SRCS} ${AGS_CANN_OPDEF_SRCS} ${AGS_CANN_PROTO_SRCS})
foreach(lib cust_optiling cust_op_proto)
  target_include_directories(${lib} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/op_host/include)
endforeach()
# op_graph's infer function writes its failure reasons with ACL_APP_LOG (libascendcl).
target_link_libraries(cust_op_proto PRIVATE ascendcl)

# libcust_opapi: the custom OPP's op-API library. It exports our aclnnGridSampler2D/3D with the
# official signatures (plus aclnnGridSamplerNd), from op_host/aclnn_grid_sampler.cpp, instead of
# the stubs generated for the op type; docs/cann_build.md explains why these names and how they
# take precedence over CANN's built-in ones. op_host/launch_cann.cpp implements
# op_host/device_launch.h with the ACL runtime (launch_sim.cpp is the simulator's): it loads
# the kernel binaries this package installs (vendors/<vendor_name>/op_impl/ai_core/tbe/kernel/<soc>/).
# The aclnn entry points call each op's tiling function by its own symbol (op_host/tiling_runner.h),
# so the tiling sources are compiled into this library too.
file(GLOB AGS_CANN_OPAPI_SRCS CONFIGURE_DEPENDS
  ${CMAKE_CURRENT_SOURCE_DIR}/op_host/aclnn_*.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/op_host/tiling_runner.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/op_host/aicpu/*.cpp)
list(APPEND AGS_CANN_OPAPI_SRCS ${AGS_CANN_TILING_SRCS})
npu_op_library(cust_opapi ACLNN ${AGS_CANN_OPAPI_SRCS} ${CMAKE_CURRENT_SOURCE_DIR}/op_host/launch_cann.cpp)
# The tiling computes each Interpolate axis's tap count with the axis function of
# op_host/aicpu/interpolate_aicpu.cpp.
target_sources(cust_optiling PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/op_host/aicpu/interpolate_aicpu.cpp)
target_include_directories(cust_opapi PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/op_host/include)
# The aclnn entry points and launch_cann.cpp call the ACL runtime (aclrt*, aclAppLog).
target_link_libraries(cust_opapi PRIVATE ascendcl)

# The device kernels: op_kernel/ compiled by the AscendC compiler for each ASCEND_COMPUTE_UNIT,
# with the tiling library that fills their TilingData.
npu_op_kernel_library(ascendc_kernels
  SRC_BASE ${CMAKE_CURRENT_SOURCE_DIR}/op_kernel
  TILING_LIBRARY cust_optiling)

# The AI CPU operators (op_kernel_aicpu/: CpuKernels registered with REGISTER_CPU_KERNEL, with the
# float64 math of op_host/aicpu/) as the AI CPU custom-kernel library libcust_aicpu_kernels.so that the
# op info library op_kernel_aicpu/op_info_cfg/aicpu_kernel/*.ini names (opInfo.kernelSo), built with
# the toolkit's AI CPU headers (include/aicpu) and linked against its kernel context library:
#   "AI CPU Operator Information Library" https://www.hiascend.com/document/detail/en/canncommercial/800/opdevg/tbeaicpudevg/atlasopdev_10_0080.html
#   "API Overview" (cpu_context.h ..., libcpu_kernels_context.a) https://www.hiascend.com/document/detail/en/canncommercial/800/apiref/aicpuopapi/atlasopdev_10_0142.html
# The AI CPU runs these on the device's CPU cores: the library must be built for them (aarch64).
file(GLOB AGS_CANN_AICPU_SRCS CONFIGURE_DEPENDS
  ${CMAKE_CURRENT_SOURCE_DIR}/op_kernel_aicpu/*.cpp ${CMAKE_CURRENT_SOURCE_DIR}/op_host/aicpu/*.cpp)
add_library(cust_aicpu_kernels SHARED ${AGS_CANN_AICPU_SRCS})
target_include_directories(cust_aicpu_kernels PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}
  ${ASCEND_CANN_PACKAGE_PATH}/include/aicpu ${ASCEND_CANN_PACKAGE_PATH}/include)
target_link_libraries(cust_aicpu_kernels PRIVATE
  ${ASCEND_CANN_PACKAGE_PATH}/opp/built-in/op_impl/aicpu/aicpu_kernel/lib/libcpu_kernels_context.a)
install(TARGETS cust_aicpu_kernels LIBRARY DESTINATION packages/vendors/${vendor_name}/op_impl/cpu/aicpu_kernel/impl)
install(DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/op_kernel_aicpu/op_info_cfg/aicpu_kernel/
  DESTINATION packages/vendors/${vendor_name}/op_impl/cpu/config)

file(GLOB AGS_CANN_PUBLIC_HEADERS CONFIGURE_DEPENDS
  ${CMAKE_CURRENT_SOURCE_DIR}/op_host/include/aclnnop/*.h ${CMAKE_CURRENT_SOURCE_DIR}/op_graph/*.h)
npu_op_package_add(${vendor_name}
  LIBRARY cust_optiling cust_op_proto cust_opapi ascendc_kernels
  FILES ${AGS_CANN_PUBLIC_HEADERS})
