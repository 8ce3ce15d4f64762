// Tensors, TPipe/TQue/TBuf and synchronisation of the AscendC kernel API (CPU model).
#pragma once
#include <exception>
#include <type_traits>

#include "ascendc/kernel_types.h"

namespace AscendC {

namespace detail {
inline uint64_t UbOffset(const void* p) {
    return static_cast<uint64_t>(static_cast<const uint8_t*>(p) - ascend_sim::CurrentCore().ub);
}
// The pipes on either side of a queue (docs/performance.md, "queues"): VECIN is filled by MTE2 and
// read by V, VECOUT filled by V and drained by MTE3; any other position is V on both sides.
inline ascend_sim::Pipe ProducerOf(TPosition pos) {
    return pos == TPosition::VECIN ? ascend_sim::Pipe::MTE2 : ascend_sim::Pipe::V;
}
inline ascend_sim::Pipe ConsumerOf(TPosition pos) {
    return pos == TPosition::VECOUT ? ascend_sim::Pipe::MTE3 : ascend_sim::Pipe::V;
}
}  // namespace detail

// ---- GlobalTensor -----------------------------------------------------------------------
// https://www.hiascend.com/document/detail/zh/CANNCommunityEdition/82RC1alpha002/API/ascendcopapi/ (GlobalTensor)
template <typename T>
class GlobalTensor {
public:
    using PrimType = T;
    // bufferSize in elements; the checked build bounds every access by it.
    void SetGlobalBuffer(__gm__ T* buffer, uint64_t bufferSize) { addr_ = buffer; size_ = bufferSize; sized_ = true; }
    // Size unknown: accesses are checked against the live device allocations only.
    void SetGlobalBuffer(__gm__ T* buffer) { addr_ = buffer; size_ = 0; sized_ = false; }
    T GetValue(uint64_t offset) const {
        CheckRange("GlobalTensor::GetValue", offset * sizeof(T), sizeof(T));
        ascend_sim::RecordInstr(ascend_sim::Pipe::S, ascend_sim::InstrKind::ScalarGmRead, 1, "GlobalTensor::GetValue", {},
                                reinterpret_cast<uintptr_t>(addr_ + offset));
        return addr_[offset];
    }
    void SetValue(uint64_t offset, const T& value) const {
        CheckRange("GlobalTensor::SetValue", offset * sizeof(T), sizeof(T));
        ascend_sim::RecordInstr(ascend_sim::Pipe::S, ascend_sim::InstrKind::ScalarGmWrite, 1, "GlobalTensor::SetValue", {},
                                reinterpret_cast<uintptr_t>(addr_ + offset));
        addr_[offset] = value;
    }
    GlobalTensor operator[](uint64_t offset) const {
        ASC_CHECK(!sized_ || offset <= size_, "GlobalTensor::operator[]",
                  "offset %llu is beyond the %llu elements given to SetGlobalBuffer",
                  (unsigned long long)offset, (unsigned long long)size_);
        GlobalTensor g = *this;
        g.addr_ += offset;
        g.size_ = sized_ ? size_ - offset : 0;
        return g;
    }
    uint64_t GetSize() const { return size_; }
    __gm__ T* GetPhyAddr() const { return addr_; }
    __gm__ T* GetPhyAddr(uint64_t offset) const { return addr_ + offset; }
    void SetL2CacheHint(int) const {}   // cache hint: no effect in the model

    // Checked build: [byteOffset, byteOffset+bytes) must lie inside the SetGlobalBuffer size and
    // inside one live device allocation.
    void CheckRange(const char* api, uint64_t byteOffset, uint64_t bytes) const {
#if ASCENDC_SIM_CHECKED
        ASC_CHECK(addr_ != nullptr, api, "GlobalTensor used before SetGlobalBuffer");
        ASC_CHECK(!sized_ || byteOffset + bytes <= size_ * sizeof(T), api,
                  "GM bytes [%llu, %llu) are outside the %llu elements (%llu bytes) given to SetGlobalBuffer",
                  (unsigned long long)byteOffset, (unsigned long long)(byteOffset + bytes),
                  (unsigned long long)size_, (unsigned long long)(size_ * sizeof(T)));
        const uint8_t* p = reinterpret_cast<const uint8_t*>(addr_) + byteOffset;
        ASC_CHECK(ascend_sim::DeviceRangeValid(p, bytes), api,
                  "GM access of %llu bytes at %p is outside every live device allocation",
                  (unsigned long long)bytes, static_cast<const void*>(p));
#else
        (void)api; (void)byteOffset; (void)bytes;
#endif
    }

    __gm__ T* addr_ = nullptr;
    uint64_t size_ = 0;
    bool sized_ = false;
};

// ---- LocalTensor ------------------------------------------------------------------------
template <typename T>
class LocalTensor {
public:
    using PrimType = T;
    LocalTensor() = default;
    LocalTensor(T* addr, uint32_t size, uint32_t capBytes, TPosition pos,
                ascend_sim::CoreContext* core = ascend_sim::t_currentCore)
        : addr_(addr), size_(size), capBytes_(capBytes), pos_(pos), core_(core) {}

    T GetValue(uint32_t index) const {
        ASC_CHECK(index < size_, "LocalTensor::GetValue", "index %u is outside the tensor's %u elements", index, size_);
        ascend_sim::RecordScalarUb(Core(), ascend_sim::InstrKind::ScalarUbRead, "LocalTensor::GetValue", addr_ + index, sizeof(T));
        return addr_[index];
    }
    void SetValue(uint32_t index, const T& value) const {
        ASC_CHECK(index < size_, "LocalTensor::SetValue", "index %u is outside the tensor's %u elements", index, size_);
        ascend_sim::RecordScalarUb(Core(), ascend_sim::InstrKind::ScalarUbWrite, "LocalTensor::SetValue", addr_ + index, sizeof(T));
        addr_[index] = value;
    }
    LocalTensor operator[](uint32_t offset) const {
        ASC_CHECK(offset <= size_, "LocalTensor::operator[]", "offset %u is outside the tensor's %u elements", offset, size_);
        return LocalTensor(addr_ + offset, size_ - offset, capBytes_ - offset * uint32_t(sizeof(T)), pos_, core_);
    }
    uint32_t GetSize() const { return size_; }
    uint32_t GetLength() const { return size_ * uint32_t(sizeof(T)); }   // bytes
    void SetSize(uint32_t size) {
        ASC_CHECK(uint64_t(size) * sizeof(T) <= capBytes_, "LocalTensor::SetSize",
                  "%u elements (%llu bytes) exceed the %u bytes of the tensor's buffer", size,
                  (unsigned long long)(uint64_t(size) * sizeof(T)), capBytes_);
        size_ = size;
    }
    template <typename U>
    LocalTensor<U> ReinterpretCast() const {
        return LocalTensor<U>(reinterpret_cast<U*>(addr_), uint32_t(uint64_t(size_) * sizeof(T) / sizeof(U)), capBytes_, pos_, core_);
    }
    __ubuf__ T* GetPhyAddr() const { return addr_; }
    __ubuf__ T* GetPhyAddr(uint32_t offset) const { return addr_ + offset; }
    TPosition GetPosition() const { return pos_; }

    // The core whose UB holds the tensor (the one running when its buffer was handed out).
    ascend_sim::CoreContext& Core() const { return core_ ? *core_ : ascend_sim::CurrentCore(); }

    T* addr_ = nullptr;
    uint32_t size_ = 0;       // elements visible from addr_
    uint32_t capBytes_ = 0;   // bytes of the underlying buffer from addr_
    TPosition pos_ = TPosition::VECCALC;
    ascend_sim::CoreContext* core_ = nullptr;
};

// ---- queues and buffers -----------------------------------------------------------------
class TPipe;

namespace detail {
// Shared state of every TQue: `num` buffers of `len` bytes, a ring of enqueued buffer indices.
class QueueBase {
public:
    QueueBase(TPosition pos, int32_t depth) : pos_(pos), depth_(depth) {}
    QueueBase(const QueueBase&) = delete;
    QueueBase& operator=(const QueueBase&) = delete;
    ~QueueBase() {
#if ASCENDC_SIM_CHECKED
        if (live_ > 0 && std::uncaught_exceptions() == 0 && ascend_sim::t_currentCore != nullptr)
            ascend_sim::FailDeferred("TQue", "%u tensor(s) still allocated at kernel end (AllocTensor without FreeTensor)", live_);
#endif
    }
    bool VacantInQue() const { return queued_ < uint32_t(depth_); }
    bool HasTensorInQue() const { return queued_ > 0; }
    int32_t GetTensorCountInQue() const { return int32_t(queued_); }

    template <typename T>
    LocalTensor<T> AllocTensor() {
        ASC_CHECK(num_ > 0, "TQue::AllocTensor", "queue used before TPipe::InitBuffer");
        ASC_CHECK(live_ < num_, "TQue::AllocTensor",
                  "all %u buffers of the queue are allocated (%u AllocTensor without FreeTensor)", num_, live_);
        uint32_t b = next_;
        for (uint32_t k = 0; k < num_ && !(freeMask_ & (1u << b)); ++k) b = (b + 1) % num_;
        freeMask_ &= ~(1u << b);
        next_ = (b + 1) % (num_ ? num_ : 1);
        ++live_;
        ascend_sim::RecordInstr(ProducerOf(pos_), ascend_sim::InstrKind::AllocTensor, uint64_t(pos_), "TQue::AllocTensor",
                                {}, freedAt_[b]);
        return LocalTensor<T>(reinterpret_cast<T*>(base_ + uint64_t(b) * len_), len_ / uint32_t(sizeof(T)), len_, pos_);
    }
    template <typename T>
    void AllocTensor(LocalTensor<T>& tensor) { tensor = AllocTensor<T>(); }
    template <typename T>
    bool EnQue(const LocalTensor<T>& tensor) {
        uint32_t b = BufferOf("TQue::EnQue", tensor.addr_);
        ASC_CHECK(queued_ < uint32_t(depth_), "TQue::EnQue",
                  "%u tensor(s) already enqueued without DeQue; the queue depth is %d", queued_, depth_);
        ring_[(head_ + queued_) % kMaxBuffers] = uint8_t(b);
        ++queued_;
        readyAt_[b] = ascend_sim::RecordInstr(ProducerOf(pos_), ascend_sim::InstrKind::EnQue, uint64_t(pos_), "TQue::EnQue");
        return true;
    }
    template <typename T>
    LocalTensor<T> DeQue() {
        ASC_CHECK(queued_ > 0, "TQue::DeQue", "the queue is empty (DeQue without a matching EnQue)");
        uint32_t b = ring_[head_];
        ascend_sim::RecordInstr(ConsumerOf(pos_), ascend_sim::InstrKind::DeQue, uint64_t(pos_), "TQue::DeQue", {},
                                readyAt_[b]);
        head_ = (head_ + 1) % kMaxBuffers;
        --queued_;
        return LocalTensor<T>(reinterpret_cast<T*>(base_ + uint64_t(b) * len_), len_ / uint32_t(sizeof(T)), len_, pos_);
    }
    template <typename T>
    void DeQue(LocalTensor<T>& tensor) { tensor = DeQue<T>(); }
    template <typename T>
    void FreeTensor(const LocalTensor<T>& tensor) {
        uint32_t b = BufferOf("TQue::FreeTensor", tensor.addr_);
        ASC_CHECK(!(freeMask_ & (1u << b)), "TQue::FreeTensor", "buffer %u of the queue is not allocated (double FreeTensor)", b);
        freeMask_ |= 1u << b;
        if (live_ > 0) --live_;
        freedAt_[b] = ascend_sim::RecordInstr(ConsumerOf(pos_), ascend_sim::InstrKind::FreeTensor, uint64_t(pos_),
                                              "TQue::FreeTensor");
    }

    void Init(uint8_t* base, uint32_t num, uint32_t len) {
        base_ = base; num_ = num; len_ = len;
        freeMask_ = num >= 32 ? 0xFFFFFFFFu : ((1u << num) - 1u);
        live_ = queued_ = head_ = next_ = 0;
        std::memset(readyAt_, 0, sizeof(readyAt_));
        std::memset(freedAt_, 0, sizeof(freedAt_));
    }
    static constexpr uint32_t kMaxBuffers = 32;

private:
    uint32_t BufferOf(const char* api, const void* p) const {
        uint64_t off = uint64_t(static_cast<const uint8_t*>(p) - base_);
        ASC_CHECK(num_ > 0 && static_cast<const uint8_t*>(p) >= base_ && off < uint64_t(num_) * len_ && off % len_ == 0,
                  api, "the tensor was not allocated from this queue");
        return num_ ? uint32_t(off / len_) % num_ : 0;
    }
    uint8_t* base_ = nullptr;
    uint32_t num_ = 0, len_ = 0;
    uint32_t freeMask_ = 0;
    uint32_t live_ = 0, queued_ = 0, head_ = 0, next_ = 0;
    uint8_t ring_[kMaxBuffers] = {};
    uint64_t readyAt_[kMaxBuffers] = {};   // cost model: EnQue time (producer done) per buffer
    uint64_t freedAt_[kMaxBuffers] = {};   // cost model: FreeTensor time (consumer done) per buffer
    TPosition pos_;
    int32_t depth_;
};
}  // namespace detail

// https://www.hiascend.com/document/detail/zh/canncommercial/800/apiref/ascendcopapi/atlasascendc_api_07_0136.html
// (TQue): template <TPosition pos, int32_t depth, auto mask = 0>: depth has no default (a queue
// declared without one does not compile); pos is VECIN, VECOUT, A1, A2, B1, B2, CO1 or CO2.
// depth = how many EnQue may be outstanding without DeQue; InitBuffer's num = buffers to allocate.
namespace detail {
constexpr bool IsQueuePosition(TPosition p) {
    return p == TPosition::VECIN || p == TPosition::VECOUT || p == TPosition::A1 || p == TPosition::A2 ||
           p == TPosition::B1 || p == TPosition::B2 || p == TPosition::CO1 || p == TPosition::CO2;
}
}  // namespace detail
template <TPosition pos, int32_t depth, auto mask = 0>
class TQue : public detail::QueueBase {
    static_assert(detail::IsQueuePosition(pos),
                  "TQue: pos must be VECIN, VECOUT, A1, A2, B1, B2, CO1 or CO2 (VECCALC is a TBuf position)");
    static_assert(depth >= 1, "TQue: depth must be at least 1");
public:
    TQue() : QueueBase(pos, depth) {}
};
template <TPosition src, TPosition dst, int32_t depth, auto mask = 0>
class TQueBind : public detail::QueueBase {
    static_assert(depth >= 1, "TQueBind: depth must be at least 1");
public:
    TQueBind() : QueueBase(src == TPosition::GM ? dst : src, depth) {}
};

template <TPosition pos = TPosition::VECCALC>
class TBuf {
public:
    template <typename T>
    LocalTensor<T> Get() const { return Get<T>(len_ / uint32_t(sizeof(T))); }
    template <typename T>
    LocalTensor<T> Get(uint32_t len) const {
        ASC_CHECK(base_ != nullptr, "TBuf::Get", "buffer used before TPipe::InitBuffer");
        ASC_CHECK(uint64_t(len) * sizeof(T) <= len_, "TBuf::Get",
                  "%u elements (%llu bytes) exceed the buffer's %u bytes", len,
                  (unsigned long long)(uint64_t(len) * sizeof(T)), len_);
        return LocalTensor<T>(reinterpret_cast<T*>(base_), len, len_, pos);
    }
    // size in elements, bufOffset in bytes (32-byte aligned).
    template <typename T>
    LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset) const {
        ASC_CHECK(base_ != nullptr, "TBuf::GetWithOffset", "buffer used before TPipe::InitBuffer");
        ASC_CHECK(bufOffset % 32 == 0, "TBuf::GetWithOffset", "bufOffset %u is not a multiple of 32 bytes", bufOffset);
        ASC_CHECK(uint64_t(bufOffset) + uint64_t(size) * sizeof(T) <= len_, "TBuf::GetWithOffset",
                  "offset %u + %u elements (%llu bytes) exceed the buffer's %u bytes", bufOffset, size,
                  (unsigned long long)(uint64_t(size) * sizeof(T)), len_);
        return LocalTensor<T>(reinterpret_cast<T*>(base_ + bufOffset), size, len_ - bufOffset, pos);
    }
    void Init(uint8_t* base, uint32_t len) { base_ = base; len_ = len; }

private:
    uint8_t* base_ = nullptr;
    uint32_t len_ = 0;
};

// ---- TPipe ------------------------------------------------------------------------------
// https://www.hiascend.com/document/detail/zh/CANNCommunityEdition/82RC1alpha002/API/ascendcopapi/ (InitBuffer):
// len rounds up to 32 bytes; all buffers must fit the usable UB; at most 64 buffers.
class TPipe {
public:
    static constexpr uint32_t kMaxBuffers = 64;
    TPipe() { ascend_sim::CurrentCore().pipe = this; }
    ~TPipe() { Destroy(); }
    TPipe(const TPipe&) = delete;
    TPipe& operator=(const TPipe&) = delete;

    template <class Q, typename = std::enable_if_t<std::is_base_of<detail::QueueBase, Q>::value>>
    bool InitBuffer(Q& que, uint8_t num, uint32_t len) {
        ASC_CHECK(num >= 1 && num <= detail::QueueBase::kMaxBuffers, "TPipe::InitBuffer",
                  "num = %u buffers per queue is outside [1, %u]", num, detail::QueueBase::kMaxBuffers);
        que.Init(Reserve(num, len), num, AlignUp32(len));
        return true;
    }
    template <TPosition pos>
    bool InitBuffer(TBuf<pos>& buf, uint32_t len) {
        buf.Init(Reserve(1, len), AlignUp32(len));
        return true;
    }
    // Releases every buffer and held event ID; the pipe can be initialised again.
    void Reset() { usedBytes_ = 0; bufferCount_ = 0; std::memset(heldEvents_, 0, sizeof(heldEvents_)); }
    void Destroy() {
        Reset();
        if (ascend_sim::t_currentCore && ascend_sim::CurrentCore().pipe == this) ascend_sim::CurrentCore().pipe = nullptr;
    }

    // An event ID for an immediate SetFlag/WaitFlag pair: the lowest ID not held by AllocEventID.
    TEventID FetchEventID(HardEvent evt) {
        uint32_t held = heldEvents_[static_cast<uint32_t>(evt)];
        for (uint32_t id = 0; id < ascend_sim::kEventIdsPerType; ++id)
            if (!(held & (1u << id))) return TEventID(id);
        ASC_CHECK(false, "TPipe::FetchEventID", "all %u event IDs of HardEvent::%s are held by AllocEventID",
                  ascend_sim::kEventIdsPerType, HardEventName(evt));
        return 0;
    }
    template <HardEvent evt>
    TEventID FetchEventID() { return FetchEventID(evt); }
    template <HardEvent evt>
    TEventID AllocEventID() {
        TEventID id = FetchEventID(evt);
        heldEvents_[static_cast<uint32_t>(evt)] |= uint8_t(1u << id);
        return id;
    }
    template <HardEvent evt>
    void ReleaseEventID(TEventID id) {
        ASC_CHECK(id >= 0 && uint32_t(id) < ascend_sim::kEventIdsPerType &&
                      (heldEvents_[static_cast<uint32_t>(evt)] & (1u << id)),
                  "TPipe::ReleaseEventID", "event ID %d of HardEvent::%s is not held", int(id), HardEventName(evt));
        heldEvents_[static_cast<uint32_t>(evt)] &= uint8_t(~(1u << id));
    }

private:
    static uint32_t AlignUp32(uint32_t len) { return (len + 31u) & ~31u; }
    uint8_t* Reserve(uint32_t num, uint32_t len) {
        ascend_sim::CoreContext& c = ascend_sim::CurrentCore();
        uint64_t bytes = uint64_t(num) * AlignUp32(len);
        ASC_CHECK(bufferCount_ + num <= kMaxBuffers, "TPipe::InitBuffer",
                  "%u buffers already initialised + %u more exceed the limit of %u buffers", bufferCount_, num, kMaxBuffers);
        ASC_CHECK(usedBytes_ + bytes <= c.ubBytes, "TPipe::InitBuffer",
                  "%u x %u bytes (%llu after 32-byte rounding) on top of %llu bytes in use exceed the usable UB of %llu bytes",
                  num, len, (unsigned long long)bytes, (unsigned long long)usedBytes_, (unsigned long long)c.ubBytes);
        uint8_t* p = c.ub + usedBytes_;
        usedBytes_ += bytes;
        bufferCount_ += num;
        if (usedBytes_ > c.counters.peakUbBytes) c.counters.peakUbBytes = usedBytes_;
        return p;
    }
    uint64_t usedBytes_ = 0;
    uint32_t bufferCount_ = 0;
    uint8_t heldEvents_[ascend_sim::kMaxHardEvents] = {};
};


// ---- synchronisation --------------------------------------------------------------------
namespace detail {
// Source and destination pipe of a HardEvent X_Y; pipes a vector core lacks (M, MTE1, FIX) are Other.
struct EventPipes { ascend_sim::Pipe src, dst; };
constexpr EventPipes PipesOf(HardEvent e) {
    using P = ascend_sim::Pipe;
    switch (e) {
        case HardEvent::MTE2_V: return {P::MTE2, P::V};
        case HardEvent::V_MTE2: return {P::V, P::MTE2};
        case HardEvent::MTE3_V: return {P::MTE3, P::V};
        case HardEvent::V_MTE3: return {P::V, P::MTE3};
        case HardEvent::V_V: return {P::V, P::V};
        case HardEvent::MTE3_MTE2: return {P::MTE3, P::MTE2};
        case HardEvent::MTE2_MTE3: return {P::MTE2, P::MTE3};
        case HardEvent::S_V: return {P::S, P::V};
        case HardEvent::V_S: return {P::V, P::S};
        case HardEvent::S_MTE2: return {P::S, P::MTE2};
        case HardEvent::MTE2_S: return {P::MTE2, P::S};
        case HardEvent::S_MTE3: return {P::S, P::MTE3};
        case HardEvent::MTE3_S: return {P::MTE3, P::S};
        default: return {P::Other, P::Other};
    }
}
}  // namespace detail

// https://www.hiascend.com/document/detail/zh/canncommercial/850/API/ascendcopapi/atlasascendc_api_07_0181.html
// (SetFlag/WaitFlag): WaitFlag blocks the waiting pipe until the matching SetFlag; "SetFlag/WaitFlag
// must appear in pairs", and a flag set again before it was waited for is illegal (set_flag /
// wait_flag, cceapi_0106). The model checks the pairing: a WaitFlag without a SetFlag, a second
// SetFlag of an (event, ID) before its WaitFlag, and (at the end of the kernel) a SetFlag never
// waited for.
template <HardEvent evt>
inline void SetFlag(int32_t eventID) {
    ASC_CHECK(eventID >= 0 && uint32_t(eventID) < ascend_sim::kEventIdsPerType, "SetFlag",
              "SetFlag<HardEvent::%s>: event ID %d is outside [0, %u)", HardEventName(evt), eventID, ascend_sim::kEventIdsPerType);
#if ASCENDC_SIM_CHECKED
    uint8_t& n = ascend_sim::CurrentCore().flagCount[uint32_t(evt)][eventID];
    ASC_CHECK(n == 0, "SetFlag", "SetFlag<HardEvent::%s>(%d) again before its WaitFlag: SetFlag and WaitFlag come in pairs",
              HardEventName(evt), eventID);
    ++n;
#endif
    ascend_sim::RecordInstr(detail::PipesOf(evt).src, ascend_sim::InstrKind::SetFlag, uint64_t(evt) * 8 + uint64_t(eventID & 7),
                            "SetFlag");
}
template <HardEvent evt>
inline void WaitFlag(int32_t eventID) {
    ASC_CHECK(eventID >= 0 && uint32_t(eventID) < ascend_sim::kEventIdsPerType, "WaitFlag",
              "WaitFlag<HardEvent::%s>: event ID %d is outside [0, %u)", HardEventName(evt), eventID, ascend_sim::kEventIdsPerType);
#if ASCENDC_SIM_CHECKED
    uint8_t& n = ascend_sim::CurrentCore().flagCount[uint32_t(evt)][eventID];
    ASC_CHECK(n > 0, "WaitFlag", "WaitFlag<HardEvent::%s>(%d) has no matching SetFlag: it would wait forever",
              HardEventName(evt), eventID);
    --n;
#endif
    ascend_sim::RecordInstr(detail::PipesOf(evt).dst, ascend_sim::InstrKind::WaitFlag, uint64_t(evt) * 8 + uint64_t(eventID & 7),
                            "WaitFlag");
}
template <pipe_t pipe>
inline void PipeBarrier() {
    // Pipes are in order in the model: only PIPE_ALL orders anything (it joins every pipe).
    ascend_sim::RecordInstr(pipe == PIPE_ALL ? ascend_sim::Pipe::All : ascend_sim::Pipe::Other,
                            ascend_sim::InstrKind::Barrier, uint64_t(pipe), "PipeBarrier");
}

// https://www.hiascend.com/document/detail/zh/canncommercial/850/API/ascendcopapi/atlasascendc_api_07_0204.html
// Hardware form. The launch's blockDim must not exceed the physical vector cores, otherwise the
// real barrier never completes, and the tiling's workspace must not be 0 (the page's constraints):
// the launch's workspace must hold at least the system workspace (the checked build reports both).
template <bool isAIVOnly = true>
inline void SyncAll() {
    ascend_sim::CoreContext& c = ascend_sim::CurrentCore();
    ASC_CHECK(c.blockDim <= c.platformAivCores, "SyncAll",
              "blockDim %u exceeds the platform's %u vector cores: the hardware barrier would never complete",
              c.blockDim, c.platformAivCores);
    ASC_CHECK(c.workspace != nullptr && ascend_sim::DeviceRangeValid(c.workspace, c.systemWorkspaceBytes), "SyncAll",
              "the hardware barrier needs a workspace (the tiling's size must not be 0): the launch's workspace does "
              "not hold the %u-byte system workspace (GetLibApiWorkSpaceSize)",
              c.systemWorkspaceBytes);
    (void)c;   // read by the checks alone, which the fast build compiles out
    ascend_sim::RecordInstr(ascend_sim::Pipe::All, ascend_sim::InstrKind::SyncAll, 0);
    ascend_sim::SyncAllCores();
}
// Software form: gmWorkspace (zeroed) and ubWorkspace need >= blockDim * 32 bytes; usedCores
// other than 0 / blockDim is not modelled.
template <bool isAIVOnly = true>
inline void SyncAll(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
                    const int32_t usedCores = 0) {
    ascend_sim::CoreContext& c = ascend_sim::CurrentCore();
    gmWorkspace.CheckRange("SyncAll", 0, uint64_t(c.blockDim) * 32);
    ASC_CHECK(uint64_t(ubWorkspace.size_) * 4 >= uint64_t(c.blockDim) * 32, "SyncAll",
              "ubWorkspace holds %u bytes; blockDim %u needs %u", ubWorkspace.size_ * 4, c.blockDim, c.blockDim * 32);
    ASC_CHECK(usedCores == 0 || uint32_t(usedCores) == c.blockDim, "SyncAll",
              "usedCores %d other than blockDim %u is not modelled", usedCores, c.blockDim);
    ascend_sim::RecordInstr(ascend_sim::Pipe::All, ascend_sim::InstrKind::SyncAll, 0);
    ascend_sim::SyncAllCores();
}

}  // namespace AscendC

// https://www.hiascend.com/document/detail/zh/canncommercial/latest/API/ascendcopapi/atlasascendc_api_07_0120.html
// (GetTPipePtr): `__aicore__ inline AscendC::TPipe* GetTPipePtr()` is declared at global scope,
// outside namespace AscendC, so `AscendC::GetTPipePtr()` does not compile.
inline AscendC::TPipe* GetTPipePtr() { return static_cast<AscendC::TPipe*>(ascend_sim::CurrentCore().pipe); }
