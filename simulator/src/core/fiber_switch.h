// The launcher's fiber contexts (launcher.cpp): prepare a fiber on its own stack, switch between
// the scheduler and a fiber. On x86-64 a switch saves the callee-saved registers, MXCSR and the x87
// control word on the stack being left and keeps only its stack pointer; ucontext's getcontext /
// swapcontext / setcontext also save and restore the signal mask, a system call each, three per
// core and launch, which cost more than a small kernel's work. Elsewhere, and where the build
// enables CET shadow stacks (the switch's ret is not on the shadow stack): ucontext.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__) && !(defined(__CET__) && (__CET__ & 2))
#define ASCEND_SIM_FIBER_ASM 1
#else
#include <ucontext.h>
#endif

namespace ascend_sim {

#ifdef ASCEND_SIM_FIBER_ASM

extern "C" {
// Saves the current context's stack pointer in *save and continues on `to` (a saved stack pointer).
void AscendSimFiberSwitch(void** save, void* to);
// A new fiber's first return lands here: calls r13 (the entry), which never returns.
void AscendSimFiberStart();
}

// The stack frame AscendSimFiberSwitch pops, lowest address first.
struct FiberFrame {
    uint32_t pad0, pad1;
    uint32_t mxcsr;
    uint16_t x87Control, pad2;
    uint64_t r15, r14, r13, r12, rbx, rbp;
    void (*ret)();
};
static_assert(sizeof(FiberFrame) == 72, "the frame the switch pops");

__asm__(R"(
    .pushsection .text
    .globl AscendSimFiberSwitch
    .type AscendSimFiberSwitch, @function
    .hidden AscendSimFiberSwitch
AscendSimFiberSwitch:
    .cfi_startproc
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $16, %rsp
    stmxcsr 8(%rsp)
    fnstcw 12(%rsp)
    movq %rsp, (%rdi)
    movq %rsi, %rsp
    ldmxcsr 8(%rsp)
    fldcw 12(%rsp)
    addq $16, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    ret
    .cfi_endproc
    .size AscendSimFiberSwitch, .-AscendSimFiberSwitch

    .globl AscendSimFiberStart
    .type AscendSimFiberStart, @function
    .hidden AscendSimFiberStart
AscendSimFiberStart:
    .cfi_startproc
    .cfi_undefined rip
    callq *%r13
    ud2
    .cfi_endproc
    .size AscendSimFiberStart, .-AscendSimFiberStart
    .popsection
)");

struct FiberContext {
    void* sp = nullptr;
};

// `to` starts at entry() on [stack, stack + bytes) at its next switch.
inline void FiberPrepare(FiberContext& to, uint8_t* stack, size_t bytes, void (*entry)()) {
    // the switch's ret leaves the stack 16-byte aligned for AscendSimFiberStart's call
    const uintptr_t top = (reinterpret_cast<uintptr_t>(stack) + bytes) & ~uintptr_t(15);
    FiberFrame* f = reinterpret_cast<FiberFrame*>(top - 16 - sizeof(FiberFrame));
    std::memset(f, 0, sizeof(FiberFrame));
    uint32_t mxcsr;
    uint16_t x87;
    __asm__ volatile("stmxcsr %0" : "=m"(mxcsr));
    __asm__ volatile("fnstcw %0" : "=m"(x87));
    f->mxcsr = mxcsr;
    f->x87Control = x87;
    f->r13 = reinterpret_cast<uint64_t>(entry);
    f->ret = &AscendSimFiberStart;
    to.sp = f;
}

inline void FiberSwitch(FiberContext& save, const FiberContext& to) { AscendSimFiberSwitch(&save.sp, to.sp); }

#else

struct FiberContext {
    ucontext_t ctx;
};

inline void FiberPrepare(FiberContext& to, uint8_t* stack, size_t bytes, void (*entry)()) {
    getcontext(&to.ctx);
    to.ctx.uc_stack.ss_sp = stack;
    to.ctx.uc_stack.ss_size = bytes;
    to.ctx.uc_link = nullptr;
    makecontext(&to.ctx, entry, 0);
}

inline void FiberSwitch(FiberContext& save, const FiberContext& to) { swapcontext(&save.ctx, &to.ctx); }

#endif

}  // namespace ascend_sim
