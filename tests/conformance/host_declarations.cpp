// Prints the values, member signatures and access of the host APIs that op_host uses and the
// simulator models: register/ (OpDef, OpDefFactory, OP_ADD's gert::OpImplRegisterV2), exe_graph/
// (StorageShape, StorageFormat, ContinuousVector, RuntimeAttrs, TilingContext) and
// tiling/platform/ (PlatformAscendC, SocVersion). Built twice by scripts/check_real_headers.sh:
// against the real CANN 8.5.0 metadef / ge / platform headers, and against the simulator's alone; the
// outputs must be identical. A member is named by its exact pointer-to-member type, so another
// signature fails to compile; what is private or absent there must be so here (the detectors below
// treat an inaccessible member as absent).
#include <cstdio>
#include <initializer_list>
#include <type_traits>
#include <typeinfo>
#include <utility>

#include "exe_graph/runtime/continuous_vector.h"
#include "exe_graph/runtime/runtime_attrs.h"
#include "exe_graph/runtime/storage_format.h"
#include "exe_graph/runtime/storage_shape.h"
#include "exe_graph/runtime/tiling_context.h"
#include "platform/platform_infos_def.h"
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

#define AGS_VALUE(c) std::printf("value %s = %lld\n", #c, static_cast<long long>(c));
#define AGS_TRAIT(t) std::printf("trait %s = %d\n", #t, static_cast<int>(t));
#define AGS_MEMBER(cls, member, type) \
    std::printf("member %s::%s: %s\n", #cls, #member, typeid(static_cast<type>(&cls::member)).name());

namespace {

template <typename T, typename = void>
struct CallsOpDefCreate : std::false_type {};
template <typename T>
struct CallsOpDefCreate<T, std::void_t<decltype(T::OpDefCreate(""))>> : std::true_type {};

template <typename T, typename = void>
struct CallsGetAllOp : std::false_type {};
template <typename T>
struct CallsGetAllOp<T, std::void_t<decltype(T::GetAllOp())>> : std::true_type {};

template <typename T, typename = void>
struct CallsGetAttrs : std::false_type {};
template <typename T>
struct CallsGetAttrs<T, std::void_t<decltype(std::declval<T&>().GetAttrs())>> : std::true_type {};

template <typename T, typename = void>
struct CallsGetInputs : std::false_type {};
template <typename T>
struct CallsGetInputs<T, std::void_t<decltype(std::declval<T&>().GetInputs())>> : std::true_type {};

template <typename T, typename = void>
struct CallsGetKind : std::false_type {};
template <typename T>
struct CallsGetKind<T, std::void_t<decltype(std::declval<T&>().GetKind())>> : std::true_type {};

template <typename T, typename = void>
struct CallsDefaultBool : std::false_type {};
template <typename T>
struct CallsDefaultBool<T, std::void_t<decltype(std::declval<T&>().DefaultBool())>> : std::true_type {};

template <typename T, typename = void>
struct AddConfigTakesATemporary : std::false_type {};
template <typename T>
struct AddConfigTakesATemporary<T, std::void_t<decltype(std::declval<T&>().AddConfig("soc", ops::OpAICoreConfig()))>>
    : std::true_type {};

template <typename T, typename = void>
struct CallsGetPlatFormInfo : std::false_type {};
template <typename T>
struct CallsGetPlatFormInfo<T, std::void_t<decltype(std::declval<T&>().GetPlatFormInfo())>> : std::true_type {};

}  // namespace

int main() {
    using platform_ascendc::CoreMemType;
    using platform_ascendc::PlatformAscendC;
    using platform_ascendc::ReservedSize;
    using platform_ascendc::SocVersion;

    // tiling/platform/platform_ascendc.h
    AGS_VALUE(SocVersion::ASCEND910)
    AGS_VALUE(SocVersion::ASCEND910B)
    AGS_VALUE(SocVersion::ASCEND310P)
    AGS_VALUE(SocVersion::ASCEND910_93)
    AGS_VALUE(SocVersion::RESERVED_VERSION)
    AGS_VALUE(CoreMemType::L2)
    AGS_VALUE(CoreMemType::UB)
    AGS_VALUE(CoreMemType::HBM)
    AGS_VALUE(CoreMemType::RESERVED)
    AGS_VALUE(ReservedSize::RESERVED_SIZE_8K)
    AGS_VALUE(ReservedSize::RESERVED_SIZE_32K)
    AGS_TRAIT(std::is_default_constructible<PlatformAscendC>::value)
    AGS_TRAIT((std::is_constructible<PlatformAscendC, fe::PlatFormInfos*>::value))
    AGS_TRAIT((std::is_convertible<fe::PlatFormInfos*, PlatformAscendC>::value))
    AGS_TRAIT(std::is_copy_constructible<PlatformAscendC>::value)
    AGS_TRAIT(CallsGetPlatFormInfo<PlatformAscendC>::value)
    AGS_MEMBER(PlatformAscendC, GetCoreNumAiv, uint32_t (PlatformAscendC::*)() const)
    AGS_MEMBER(PlatformAscendC, GetCoreNumAic, uint32_t (PlatformAscendC::*)() const)
    AGS_MEMBER(PlatformAscendC, GetLibApiWorkSpaceSize, uint32_t (PlatformAscendC::*)() const)
    AGS_MEMBER(PlatformAscendC, GetCoreMemSize, void (PlatformAscendC::*)(const CoreMemType&, uint64_t&) const)
    AGS_MEMBER(PlatformAscendC, GetCoreMemBw, void (PlatformAscendC::*)(const CoreMemType&, uint64_t&) const)
    AGS_MEMBER(PlatformAscendC, ReserveLocalMemory, void (PlatformAscendC::*)(ReservedSize))
    AGS_MEMBER(PlatformAscendC, GetSocVersion, SocVersion (PlatformAscendC::*)() const)
    AGS_MEMBER(PlatformAscendC, CalcTschBlockDim, uint32_t (PlatformAscendC::*)(uint32_t, uint32_t, uint32_t) const)
    AGS_TRAIT(std::is_default_constructible<platform_ascendc::PlatformAscendCManager>::value)
    std::printf("function PlatformAscendCManager::GetInstance: %s\n",
                typeid(static_cast<PlatformAscendC* (*)()>(&platform_ascendc::PlatformAscendCManager::GetInstance)).name());

    // platform/platform_infos_def.h
    AGS_TRAIT(std::is_default_constructible<fe::PlatFormInfos>::value)
    AGS_MEMBER(fe::PlatFormInfos, SetCoreNum, void (fe::PlatFormInfos::*)(const uint32_t&))
    AGS_MEMBER(fe::PlatFormInfos, Init, bool (fe::PlatFormInfos::*)())

    // register/op_def.h, op_def_factory.h
    AGS_VALUE(ops::OPTIONAL)
    AGS_VALUE(ops::REQUIRED)
    AGS_TRAIT(CallsOpDefCreate<ops::OpDefFactory>::value)
    AGS_TRAIT(CallsGetAllOp<ops::OpDefFactory>::value)
    AGS_TRAIT(CallsGetAttrs<ops::OpDef>::value)
    AGS_TRAIT(CallsGetInputs<ops::OpDef>::value)
    AGS_TRAIT(CallsGetKind<ops::OpAttrDef>::value)
    AGS_TRAIT(CallsDefaultBool<ops::OpAttrDef>::value)
    AGS_TRAIT(AddConfigTakesATemporary<ops::OpAICoreDef>::value)
    AGS_MEMBER(ops::OpDef, SetInferShape,
               ops::OpDef& (ops::OpDef::*)(gert::OpImplRegisterV2::InferShapeKernelFunc))
    AGS_MEMBER(ops::OpDef, AICore, ops::OpAICoreDef& (ops::OpDef::*)())
    AGS_MEMBER(ops::OpAICoreDef, SetTiling,
               ops::OpAICoreDef& (ops::OpAICoreDef::*)(gert::OpImplRegisterV2::TilingKernelFunc))
    AGS_MEMBER(ops::OpAICoreDef, GetTiling, gert::OpImplRegisterV2::TilingKernelFunc& (ops::OpAICoreDef::*)())
    AGS_MEMBER(ops::OpAICoreDef, AddConfig, ops::OpAICoreDef& (ops::OpAICoreDef::*)(const char*, ops::OpAICoreConfig&))
    AGS_MEMBER(ops::OpAICoreConfig, DynamicShapeSupportFlag, ops::OpAICoreConfig& (ops::OpAICoreConfig::*)(bool))
    AGS_MEMBER(ops::OpAICoreConfig, DynamicRankSupportFlag, ops::OpAICoreConfig& (ops::OpAICoreConfig::*)(bool))
    AGS_MEMBER(ops::OpAICoreConfig, DynamicCompileStaticFlag, ops::OpAICoreConfig& (ops::OpAICoreConfig::*)(bool))
    AGS_MEMBER(ops::OpAttrDef, ListInt, ops::OpAttrDef& (ops::OpAttrDef::*)(std::vector<int64_t>))
    std::printf("function OpDefFactory::OpDefRegister: %s\n",
                typeid(static_cast<int (*)(const char*, ops::OpDefCreator)>(&ops::OpDefFactory::OpDefRegister)).name());

    // register/op_impl_registry.h
    AGS_TRAIT(std::is_copy_constructible<gert::OpImplRegisterV2>::value)
    AGS_TRAIT(std::is_copy_assignable<gert::OpImplRegisterV2>::value)
    AGS_TRAIT(std::is_default_constructible<gert::OpImplRegisterV2>::value)
    AGS_MEMBER(gert::OpImplRegisterV2, Tiling,
               gert::OpImplRegisterV2& (gert::OpImplRegisterV2::*)(gert::OpImplRegisterV2::TilingKernelFunc, size_t))
    std::printf("type TilingKernelFunc: %s\n", typeid(gert::OpImplRegisterV2::TilingKernelFunc).name());

    // exe_graph/runtime
    AGS_VALUE(gert::kOnDeviceHbm)
    AGS_VALUE(gert::kOnHost)
    AGS_TRAIT((std::is_constructible<gert::StorageShape, const gert::Shape&, const gert::Shape&>::value))
    AGS_TRAIT((std::is_constructible<gert::StorageShape, std::initializer_list<int64_t>, std::initializer_list<int64_t>>::value))
    AGS_TRAIT((std::is_constructible<gert::StorageFormat, ge::Format, ge::Format>::value))
    AGS_TRAIT((std::is_constructible<gert::StorageFormat, ge::Format, ge::Format, gert::ExpandDimsType>::value))
    AGS_TRAIT(std::is_default_constructible<gert::RuntimeAttrs>::value)
    AGS_TRAIT(std::is_copy_constructible<gert::RuntimeAttrs>::value)
    AGS_TRAIT(std::is_default_constructible<gert::CompileTimeTensorDesc>::value)
    AGS_TRAIT((std::is_constructible<gert::TypedContinuousVector<int64_t>, std::vector<int64_t>>::value))
    std::printf("function ContinuousVector::Create<size_t>: %s\n",
                typeid(static_cast<std::unique_ptr<uint8_t[]> (*)(size_t)>(&gert::ContinuousVector::Create<size_t>)).name());
    AGS_MEMBER(gert::ContinuousVector, SetSize, ge::graphStatus (gert::ContinuousVector::*)(size_t))
    AGS_MEMBER(gert::TilingContext, GetPlatformInfo, fe::PlatFormInfos* (gert::TilingContext::*)() const)
    AGS_MEMBER(gert::TilingContext, GetWorkspaceSizes, size_t* (gert::TilingContext::*)(size_t))
    AGS_MEMBER(gert::TilingContext, SetTilingKey, ge::graphStatus (gert::TilingContext::*)(uint64_t))
    AGS_MEMBER(gert::TilingContext, SetBlockDim, ge::graphStatus (gert::TilingContext::*)(uint32_t))
    AGS_MEMBER(gert::TilingContext, GetInputShape, const gert::StorageShape* (gert::TilingContext::*)(size_t) const)
    AGS_MEMBER(gert::TilingContext, GetAttrs, const gert::RuntimeAttrs* (gert::TilingContext::*)() const)
    AGS_MEMBER(gert::RuntimeAttrs, GetListInt,
               const gert::TypedContinuousVector<int64_t>* (gert::RuntimeAttrs::*)(size_t) const)
    return 0;
}
