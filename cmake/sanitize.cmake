# Sanitizer builds (scripts/sanitize.sh): AGS_SANITIZE=address builds everything with
# AddressSanitizer + UndefinedBehaviorSanitizer, AGS_SANITIZE=thread with ThreadSanitizer.
# Included before any target so the flags reach the libraries, the tests and the Python modules.
# The launcher's fibers carry the sanitizers' fiber annotations (simulator/src/core/launcher.cpp).
set(AGS_SANITIZE "" CACHE STRING "Sanitizer build: address (ASan+UBSan), thread (TSan), or empty")
set_property(CACHE AGS_SANITIZE PROPERTY STRINGS "" address thread)

if(AGS_SANITIZE STREQUAL "address")
  # Every UB report aborts (non-zero exit), so a finding fails its test instead of scrolling by.
  set(AGS_SANITIZE_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=all)
elseif(AGS_SANITIZE STREQUAL "thread")
  set(AGS_SANITIZE_FLAGS -fsanitize=thread)
elseif(NOT AGS_SANITIZE STREQUAL "")
  message(FATAL_ERROR "AGS_SANITIZE=${AGS_SANITIZE}: expected address, thread or empty")
endif()

if(AGS_SANITIZE_FLAGS)
  add_compile_options(${AGS_SANITIZE_FLAGS} -fno-omit-frame-pointer -g1)
  add_link_options(${AGS_SANITIZE_FLAGS})
endif()

# Environment of the C++ tests in a sanitizer build. The device-memory test forks children that
# must die of SIGSEGV when they dereference a device address (a PROT_NONE range, as on an NPU):
# with handle_segv=0 the sanitizer leaves that signal to the kernel instead of turning it into a
# report and exit code 1. The stack-overflow guard of a fiber is the same kind of planned fault.
function(ags_sanitize_test_env test)
  if(AGS_SANITIZE STREQUAL "address")
    set_tests_properties(${test} PROPERTIES ENVIRONMENT
      "ASAN_OPTIONS=handle_segv=0:detect_leaks=1:abort_on_error=0;UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1")
  elseif(AGS_SANITIZE STREQUAL "thread")
    set_tests_properties(${test} PROPERTIES ENVIRONMENT
      "TSAN_OPTIONS=handle_segv=0:halt_on_error=1:suppressions=${PROJECT_SOURCE_DIR}/cmake/tsan.supp")
  endif()
endfunction()
