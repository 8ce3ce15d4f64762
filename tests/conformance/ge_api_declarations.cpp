// Prints the values and the types of the GE client API that the simulator's ge/ge_api.h,
// graph/graph.h and graph/tensor.h (ge::Tensor) model. Built twice by scripts/check_real_headers.sh
// (real headers of the torch-npu wheel, and the simulator's alone); the outputs must be identical.
// Each member is named by its exact pointer-to-member type, so another signature fails to compile.
#include <cstdio>
#include <map>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <vector>

#include "ge/ge_api.h"
#include "graph/operator_factory.h"

#define AGS_VALUE(c) std::printf("value %s = %lld\n", #c, static_cast<long long>(c));
#define AGS_MEMBER(cls, member, type) \
    std::printf("member %s::%s: %s\n", #cls, #member, typeid(static_cast<type>(&ge::cls::member)).name());
#define AGS_FREE(fn, type) std::printf("function %s: %s\n", #fn, typeid(static_cast<type>(&ge::fn)).name());

int main() {
    using namespace ge;
    using StrMap = std::map<std::string, std::string>;
    using AscMap = std::map<AscendString, AscendString>;
    std::printf("type Status: %s\n", typeid(Status).name());
    AGS_VALUE(SUCCESS)
    AGS_VALUE(FAILED)
    AGS_VALUE(ACL_ERROR_GE_PARAM_INVALID)
    AGS_VALUE(ACL_ERROR_GE_EXEC_NOT_INIT)
    AGS_VALUE(ACL_ERROR_GE_SHAPE_INVALID)
    AGS_VALUE(ACL_ERROR_GE_DATATYPE_INVALID)
    AGS_VALUE(ACL_ERROR_GE_MEMORY_ALLOCATION)
    AGS_VALUE(ACL_ERROR_GE_INTERNAL_ERROR)

    AGS_FREE(GEInitialize, Status (*)(const StrMap&))
    AGS_FREE(GEInitialize, Status (*)(const AscMap&))
    AGS_FREE(GEFinalize, Status (*)())
    AGS_FREE(GEGetErrorMsg, std::string (*)())

    AGS_MEMBER(Session, AddGraph, Status (Session::*)(uint32_t, const Graph&))
    AGS_MEMBER(Session, AddGraph, Status (Session::*)(uint32_t, const Graph&, const StrMap&))
    AGS_MEMBER(Session, AddGraph, Status (Session::*)(uint32_t, const Graph&, const AscMap&))
    AGS_MEMBER(Session, RemoveGraph, Status (Session::*)(uint32_t))
    AGS_MEMBER(Session, RunGraph, Status (Session::*)(uint32_t, const std::vector<Tensor>&, std::vector<Tensor>&))

    AGS_MEMBER(Graph, SetInputs, Graph& (Graph::*)(const std::vector<Operator>&))
    AGS_MEMBER(Graph, SetOutputs, Graph& (Graph::*)(const std::vector<Operator>&))
    AGS_MEMBER(Graph, IsValid, bool (Graph::*)() const)
    AGS_MEMBER(Graph, GetName, graphStatus (Graph::*)(AscendString&) const)

    AGS_MEMBER(Tensor, GetTensorDesc, TensorDesc (Tensor::*)() const)
    AGS_MEMBER(Tensor, SetTensorDesc, graphStatus (Tensor::*)(const TensorDesc&))
    AGS_MEMBER(Tensor, GetData, const uint8_t* (Tensor::*)() const)
    AGS_MEMBER(Tensor, GetData, uint8_t* (Tensor::*)())
    AGS_MEMBER(Tensor, GetSize, size_t (Tensor::*)() const)
    AGS_MEMBER(Tensor, SetData, graphStatus (Tensor::*)(std::vector<uint8_t>&&))
    AGS_MEMBER(Tensor, SetData, graphStatus (Tensor::*)(const std::vector<uint8_t>&))
    AGS_MEMBER(Tensor, SetData, graphStatus (Tensor::*)(const uint8_t*, size_t))
    AGS_MEMBER(Tensor, SetDataType, graphStatus (Tensor::*)(const DataType&))
    AGS_MEMBER(Tensor, GetDataType, DataType (Tensor::*)() const)
    AGS_MEMBER(Tensor, SetFormat, graphStatus (Tensor::*)(const Format&))
    AGS_MEMBER(Tensor, GetFormat, Format (Tensor::*)() const)

    AGS_MEMBER(OperatorFactory, IsExistOp, bool (*)(const char*))
    AGS_MEMBER(OperatorFactory, CreateOperator, Operator (*)(const char*, const char*))
    std::printf("constructible Tensor(desc, bytes, size): %d\n",
                static_cast<int>(std::is_constructible<Tensor, const TensorDesc&, const uint8_t*, size_t>::value));
    std::printf("constructible Graph(name): %d\n", static_cast<int>(std::is_constructible<Graph, const char*>::value));
    return 0;
}
