// Interpolate's OpDef attributes with their defaults (op_host/attr_names.h), in the order of
// InterpolateAttr (interpolate_op_impl.h): declared by Interpolate's and InterpolateGrad's OpDefs, whose
// tiling functions read them alike. Inline: the OpDef sources are compiled three times (OP_ADD's
// expansions) into one library in the simulator's build.
#pragma once
#include "op_host/attr_names.h"
#include "register/op_def.h"

namespace interp {

inline void DeclareInterpolateAttrs(ops::OpDef& def) {
    def.Attr("mode").AttrType(ops::OPTIONAL).String(opattr::kDefaultInterpolateMode);
    def.Attr("coordinate_transformation_mode").AttrType(ops::OPTIONAL).String(opattr::kDefaultCoordMode);
    def.Attr("nearest_mode").AttrType(ops::OPTIONAL).String(opattr::kDefaultNearestMode);
    def.Attr("antialias").AttrType(ops::OPTIONAL).Bool(false);
    def.Attr("cube_coeff").AttrType(ops::OPTIONAL).Float(opattr::kDefaultCubeCoeff);
    def.Attr("axes").AttrType(ops::OPTIONAL).ListInt({});
    def.Attr("sizes").AttrType(ops::OPTIONAL).ListInt({});
    def.Attr("pads_begin").AttrType(ops::OPTIONAL).ListInt({});
    def.Attr("pads_end").AttrType(ops::OPTIONAL).ListInt({});
}

}  // namespace interp
