// gert::TilingData (documented exe_graph/runtime/tiling_data.h): the raw tiling-data buffer a
// tiling function fills ("GetRawTilingData": capacity, data size, data).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>

namespace gert {

class TilingData {
public:
    // A buffer of `capacity` bytes holding a TilingData header followed by the data.
    static std::unique_ptr<uint8_t[]> CreateCap(size_t capacity) {
        std::unique_ptr<uint8_t[]> mem(new uint8_t[sizeof(TilingData) + capacity]());
        auto* td = new (mem.get()) TilingData();
        td->capacity_ = capacity;
        td->data_ = mem.get() + sizeof(TilingData);
        return mem;
    }
    size_t GetCapacity() const { return capacity_; }
    size_t GetDataSize() const { return size_; }
    void SetDataSize(size_t size) { size_ = size; }
    void* GetData() { return data_; }
    const void* GetData() const { return data_; }

private:
    TilingData() = default;
    size_t capacity_ = 0, size_ = 0;
    void* data_ = nullptr;
};

}  // namespace gert
