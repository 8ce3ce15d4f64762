# AGS_TORCH_NPU: the torch_npu binding (torch_npu/grid_sample_npu.cpp, the NPU kernel of
# torch.ops.ascend_gridsample.grid_sample) as libascend_gridsample_torch_npu. The option is OFF
# unless the Python interpreter imports torch_npu, which needs CANN; where it does not, the source
# is still compiled syntax-only by scripts/check_real_headers.sh. The flags come from the same
# function that `python -m ascend_gridsample build-torch-npu` uses
# (python/ascend_gridsample/_torch_npu.py, run as a script).
if(Python_EXECUTABLE)
  set(AGS_TORCH_NPU_PYTHON ${Python_EXECUTABLE})
else()
  find_program(AGS_TORCH_NPU_PYTHON NAMES python3 python)
endif()
set(AGS_TORCH_NPU_FOUND OFF)
if(AGS_TORCH_NPU_PYTHON)
  execute_process(
    COMMAND ${AGS_TORCH_NPU_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/python/ascend_gridsample/_torch_npu.py --cmake
    RESULT_VARIABLE ags_torch_npu_status OUTPUT_VARIABLE ags_torch_npu_flags ERROR_VARIABLE ags_torch_npu_error
    OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(ags_torch_npu_status EQUAL 0)
    set(AGS_TORCH_NPU_FOUND ON)
  endif()
endif()
option(AGS_TORCH_NPU "Build the torch_npu binding (default: ON where torch_npu imports)" ${AGS_TORCH_NPU_FOUND})

if(AGS_TORCH_NPU)
  if(NOT AGS_TORCH_NPU_FOUND)
    message(FATAL_ERROR "AGS_TORCH_NPU=ON, but ${AGS_TORCH_NPU_PYTHON} does not import torch_npu: "
                        "${ags_torch_npu_error}")
  endif()
  # set(AGS_TORCH_NPU_INCLUDE_DIRS ...), _LIBRARY_DIRS, _LIBRARIES, _DEFINITIONS
  cmake_language(EVAL CODE "${ags_torch_npu_flags}")
  add_library(ascend_gridsample_torch_npu SHARED ${CMAKE_CURRENT_SOURCE_DIR}/torch_npu/grid_sample_npu.cpp
              ${CMAKE_CURRENT_SOURCE_DIR}/torch_npu/upsample_npu.cpp)
  # torch_npu's, torch's and CANN's headers first (as system headers: torch's warn under C++17);
  # op_host/include only for aclnnop/ (never simulator/include).
  target_include_directories(ascend_gridsample_torch_npu SYSTEM BEFORE PRIVATE ${AGS_TORCH_NPU_INCLUDE_DIRS})
  target_include_directories(ascend_gridsample_torch_npu PRIVATE
                             ${CMAKE_CURRENT_SOURCE_DIR}/op_host/include ${CMAKE_CURRENT_SOURCE_DIR})
  target_compile_definitions(ascend_gridsample_torch_npu PRIVATE ${AGS_TORCH_NPU_DEFINITIONS})
  target_link_directories(ascend_gridsample_torch_npu PRIVATE ${AGS_TORCH_NPU_LIBRARY_DIRS})
  target_link_libraries(ascend_gridsample_torch_npu PRIVATE ${AGS_TORCH_NPU_LIBRARIES})
  set_target_properties(ascend_gridsample_torch_npu PROPERTIES
                        BUILD_RPATH "${AGS_TORCH_NPU_LIBRARY_DIRS}" INSTALL_RPATH "${AGS_TORCH_NPU_LIBRARY_DIRS}")
  if(SKBUILD)
    # Where `import torch_npu, ascend_gridsample` looks for it (_torch_npu.LIBRARY).
    install(TARGETS ascend_gridsample_torch_npu LIBRARY DESTINATION ascend_gridsample/lib)
  endif()
endif()
