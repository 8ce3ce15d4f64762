// AI CPU kernel API (CANN include/aicpu/cpu_context.h): what a CpuKernel's Compute reads: its op
// type, inputs and outputs in the order of the op's prototype, and its attributes by name.
//   "Input" (atlascpuapi_10_0005): Tensor *Input(uint32_t index) const, null for an index out of range.
// The runtime builds the context (ascend_sim::EnqueueAicpuOp in the simulator).
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cpu_attr_value.h"
#include "cpu_tensor.h"

namespace aicpu {

class CpuKernelContext {
public:
    CpuKernelContext(std::string opType, std::vector<std::shared_ptr<Tensor>> inputs,
                     std::vector<std::shared_ptr<Tensor>> outputs, std::map<std::string, AttrValue> attrs)
        : op_(std::move(opType)), inputs_(std::move(inputs)), outputs_(std::move(outputs)), attrs_(std::move(attrs)) {}
    std::string GetOpType() const { return op_; }
    Tensor* Input(uint32_t index) const { return index < inputs_.size() ? inputs_[index].get() : nullptr; }
    Tensor* Output(uint32_t index) const { return index < outputs_.size() ? outputs_[index].get() : nullptr; }
    AttrValue* GetAttr(std::string name) const {
        auto it = attrs_.find(name);
        return it == attrs_.end() ? nullptr : const_cast<AttrValue*>(&it->second);
    }
    uint32_t GetInputsSize() const { return static_cast<uint32_t>(inputs_.size()); }
    uint32_t GetOutputsSize() const { return static_cast<uint32_t>(outputs_.size()); }

private:
    std::string op_;
    std::vector<std::shared_ptr<Tensor>> inputs_, outputs_;
    std::map<std::string, AttrValue> attrs_;
};

}  // namespace aicpu
