// Framework-plugin registration (register/register.h): REGISTER_CUSTOM_OP(om type)
// .FrameworkType(ONNX).OriginOpType(...).ParseParamsByOperatorFn(fn) maps a framework's operator
// onto a GE operator; the model parser finds the registration by framework and origin type.
//   Plugin development (framework/onnx_plugin): https://www.hiascend.com/document/detail/en/canncommercial/800/opdevg/Ascendcopdevg/atlas_ascendc_10_0086.html
//   ParseParamsByOperatorFn: https://www.hiascend.com/document/detail/en/canncommercial/800/apiref/basicdataapi/atlasopapi_07_00390.html
// For ONNX, op_origin is an Operator whose type is the origin type "<domain>::<opset>::<op>"
// (e.g. "ai.onnx::16::GridSample") and whose string attribute "attribute" holds the node as
// protobuf JSON ({"name": ..., "attribute": [{"name": ..., "s"|"i"|"f": ..., "type": ...}]}):
// bytes fields (a STRING attribute's "s") base64-encoded, int64 fields as JSON strings.
#pragma once
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <set>
#include <string>
#include <vector>

#include "ascend_sim/sim.h"
#include "graph/ascend_string.h"
#include "graph/operator.h"
#include "graph/types.h"   // domi::ImplyType

namespace domi {

using Status = uint32_t;
constexpr Status SUCCESS = 0U;
constexpr Status FAILED = 0xFFFFFFFFU;

enum FrameworkType { CAFFE = 0, MINDSPORE = 1, TENSORFLOW = 3, ANDROID_NN = 4, ONNX = 5, FRAMEWORK_RESERVED = 6 };

using ParseParamByOpFunc = std::function<Status(const ge::Operator&, ge::Operator&)>;

class ASCEND_SIM_API OpRegistrationData {
public:
    explicit OpRegistrationData(const std::string& om_optype) : omType_(om_optype) {}
    explicit OpRegistrationData(const char* om_optype) : omType_(om_optype ? om_optype : "") {}
    ~OpRegistrationData() = default;

    OpRegistrationData& FrameworkType(const domi::FrameworkType& fmk_type) {
        framework_ = fmk_type;
        return *this;
    }
    OpRegistrationData& OriginOpType(const std::initializer_list<std::string>& ori_optype_list) {
        for (const auto& t : ori_optype_list) originTypes_.insert(t);
        return *this;
    }
    OpRegistrationData& OriginOpType(const std::vector<ge::AscendString>& ori_op_type_list) {
        for (const auto& t : ori_op_type_list) originTypes_.insert(t.GetString());
        return *this;
    }
    OpRegistrationData& OriginOpType(const std::string& ori_optype) {
        originTypes_.insert(ori_optype);
        return *this;
    }
    OpRegistrationData& OriginOpType(const char* ori_op_type) { return OriginOpType(std::string(ori_op_type)); }
    OpRegistrationData& ParseParamsByOperatorFn(const ParseParamByOpFunc& parse_param_by_op_fn) {
        parseByOp_ = parse_param_by_op_fn;
        return *this;
    }
    OpRegistrationData& ImplyType(const domi::ImplyType& imply_type) {
        implyType_ = imply_type;
        return *this;
    }

    domi::FrameworkType GetFrameworkType() const { return framework_; }
    domi::ImplyType GetImplyType() const { return implyType_; }
    Status GetOmOptype(ge::AscendString& om_op_type) const {
        om_op_type = ge::AscendString(omType_.c_str());
        return SUCCESS;
    }
    Status GetOriginOpTypeSet(std::set<ge::AscendString>& ori_op_type) const {
        for (const auto& t : originTypes_) ori_op_type.insert(ge::AscendString(t.c_str()));
        return SUCCESS;
    }
    ParseParamByOpFunc GetParseParamByOperatorFn() const { return parseByOp_; }

private:
    std::string omType_;
    domi::FrameworkType framework_ = FRAMEWORK_RESERVED;
    std::set<std::string> originTypes_;
    ParseParamByOpFunc parseByOp_;
    domi::ImplyType implyType_ = domi::ImplyType::TVM;
};

// Hands a registration to the parsers' registry (by framework and origin type).
class ASCEND_SIM_API OpReceiver {
public:
    OpReceiver(OpRegistrationData& reg_data);
    ~OpReceiver() = default;
};

// The registration of the om type a framework's origin type maps to, or nullptr.
ASCEND_SIM_API const OpRegistrationData* FindOpRegistration(domi::FrameworkType framework, const std::string& originType);

}  // namespace domi

#define AGS_REGISTER_CUSTOM_OP_UNIQ(ctr, name) \
    static ::domi::OpReceiver g_register_op##ctr __attribute__((unused)) = ::domi::OpRegistrationData(name)
#define AGS_REGISTER_CUSTOM_OP_HELPER(ctr, name) AGS_REGISTER_CUSTOM_OP_UNIQ(ctr, name)
#define REGISTER_CUSTOM_OP(name) AGS_REGISTER_CUSTOM_OP_HELPER(__COUNTER__, name)
