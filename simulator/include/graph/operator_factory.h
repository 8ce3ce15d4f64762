// Registration of operator creators, infer-shape and verify functions by op type
// (graph/operator_factory.h). The REG_OP, COMMON_INFER_FUNC_REG, INFER_FUNC_REG and VERIFY_FUNC_REG
// macros define static objects of these classes.
//   COMMON_INFER_FUNC_REG: https://www.hiascend.com/document/detail/en/canncommercial/800/apiref/basicdataapi/atlasopapi_07_00517.html
#pragma once
#include <functional>
#include <string>

#include "ascend_sim/sim.h"
#include "graph/ascend_string.h"
#include "graph/operator.h"

namespace ge {

using OpCreatorV2 = std::function<Operator(const AscendString&)>;
using InferShapeFunc = std::function<graphStatus(Operator&)>;
using VerifyFunc = std::function<graphStatus(Operator&)>;

// Operators of the registered IR prototypes, created by op type (a parser plugin or a graph
// builder that knows the type only as text).
class ASCEND_SIM_API OperatorFactory {
public:
    // An empty Operator (IsEmpty) when no prototype of that type is registered.
    static Operator CreateOperator(const char_t* const operator_name, const char_t* const operator_type);
    static Operator CreateOperator(const std::string& operator_name, const std::string& operator_type) {
        return CreateOperator(operator_name.c_str(), operator_type.c_str());
    }
    static bool IsExistOp(const char_t* const operator_type);
    static bool IsExistOp(const std::string& operator_type) { return IsExistOp(operator_type.c_str()); }
};

class ASCEND_SIM_API OperatorCreatorRegister {
public:
    OperatorCreatorRegister(const char_t* const operator_type, OpCreatorV2 const& op_creator);
    ~OperatorCreatorRegister() = default;
};

class ASCEND_SIM_API InferShapeFuncRegister {
public:
    InferShapeFuncRegister(const char_t* const operator_type, const InferShapeFunc& infer_shape_func);
    ~InferShapeFuncRegister() = default;
};

class ASCEND_SIM_API VerifyFuncRegister {
public:
    VerifyFuncRegister(const char_t* const operator_type, const VerifyFunc& verify_func);
    ~VerifyFuncRegister() = default;
};

}  // namespace ge
