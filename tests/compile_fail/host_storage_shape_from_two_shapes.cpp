// expect-error: no matching function for call
// The real gert::StorageShape has no constructor from two gert::Shape (only from two initializer
// lists): build it default and fill MutableOriginShape / MutableStorageShape.
#include "exe_graph/runtime/storage_shape.h"

gert::StorageShape Planted(const gert::Shape& s) {
#ifdef AGS_PLANT
    return gert::StorageShape(s, s);
#else
    gert::StorageShape out;
    out.MutableOriginShape() = s;
    out.MutableStorageShape() = s;
    return out;
#endif
}
