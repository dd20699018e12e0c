// Objects that never move once made, in chunks of N: one allocation per N objects instead of
// one per object (std::deque allocates a node per element larger than its 512-byte node).
// The syntax tree's nodes and an Adjoint's variables live in these; those allocations and
// frees were a visible share of each kernel's compile time.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace ws {

template <class T, size_t N = 16>
class StableStore {
  public:
    template <class... A>
    T& emplace_back(A&&... a) {
        if (chunks_.empty() || chunks_.back()->used == N)
            chunks_.push_back(std::unique_ptr<Chunk>(new Chunk));
        Chunk& c = *chunks_.back();
        T* p = new (c.bytes + c.used * sizeof(T)) T(std::forward<A>(a)...);
        ++c.used;
        return *p;
    }
    size_t size() const { return chunks_.empty() ? 0 : (chunks_.size() - 1) * N + chunks_.back()->used; }

  private:
    struct Chunk {
        alignas(T) std::byte bytes[N * sizeof(T)]; // left uninitialised: filled in order
        size_t used = 0;
        Chunk() = default;
        Chunk(const Chunk&) = delete;
        Chunk& operator=(const Chunk&) = delete;
        ~Chunk() {
            for (size_t i = 0; i < used; ++i) std::launder(reinterpret_cast<T*>(bytes) + i)->~T();
        }
    };
    std::vector<std::unique_ptr<Chunk>> chunks_;
};

} // namespace ws
