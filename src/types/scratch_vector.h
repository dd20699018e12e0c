// Containers reused across calls. A builtin call needs a few short vectors (bound
// arguments, dispatched and loaded variables, outputs); allocating them fresh cost
// about a hundred mallocs per kernel. A Scratch takes the next container of a
// per-thread stack of them and, cleared (capacity kept), gives it back when it goes out of
// scope (also when a compile error unwinds), so nested calls each get their own.
// ScratchVector<T> pools vectors; ScratchText (scratch_text.h) pools text buffers.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace ws {

// Only for local variables: they are taken and given back in nested (last in, first out)
// order, which lets the pool be a stack of slots with a depth, nothing moved in or out (moving
// each vector in and out of a pool cost about 50 instructions per ScratchVector).
// `C` has clear(), which keeps its capacity.
template <class C>
class Scratch {
  public:
    // The growth out of line, so that the usual path inlines (called, it cost about 30
    // instructions per ScratchVector; GCC kept some calls without always_inline).
    [[gnu::always_inline]] Scratch() : pool_(&pool()) {
        if (pool_->depth == pool_->slots.size()) [[unlikely]]
            grow(*pool_);
        v_ = pool_->slots[pool_->depth++].get();
    }
    ~Scratch() {
        v_->clear();
        --pool_->depth; // the pool kept: a second thread-local access cost more than the pointer
    }
    Scratch(const Scratch&) = delete;
    Scratch& operator=(const Scratch&) = delete;

    C& operator*() { return *v_; }
    const C& operator*() const { return *v_; }
    C* operator->() { return v_; }
    const C* operator->() const { return v_; }

  private:
    struct Pool {
        std::vector<std::unique_ptr<C>> slots; // each stays put as slots grow
        size_t depth = 0;
    };
    [[gnu::noinline]] static void grow(Pool& p) { p.slots.push_back(std::make_unique<C>()); }
    static Pool& pool() {
        thread_local Pool p;
        return p;
    }
    Pool* pool_;
    C* v_;
};

template <class T>
using ScratchVector = Scratch<std::vector<T>>;

} // namespace ws
