// Vectors reused across calls. A builtin call needs a few short vectors (bound
// arguments, dispatched and loaded variables, outputs); allocating them fresh cost
// about a hundred mallocs per kernel. A ScratchVector takes the next vector of a
// per-thread stack of them and, cleared (capacity kept), gives it back when it goes out of
// scope (also when a compile error unwinds), so nested calls each get their own.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace ws {

// Only for local variables: they are taken and given back in nested (last in, first out)
// order, which lets the pool be a stack of slots with a depth, nothing moved in or out (moving
// each vector in and out of a pool cost about 50 instructions per ScratchVector).
template <class T>
class ScratchVector {
  public:
    // The growth out of line, so that the usual path inlines (called, it cost about 30
    // instructions per ScratchVector).
    ScratchVector() : pool_(&pool()) {
        if (pool_->depth == pool_->slots.size()) [[unlikely]]
            grow(*pool_);
        v_ = pool_->slots[pool_->depth++].get();
    }
    ~ScratchVector() {
        v_->clear();
        --pool_->depth; // the pool kept: a second thread-local access cost more than the pointer
    }
    ScratchVector(const ScratchVector&) = delete;
    ScratchVector& operator=(const ScratchVector&) = delete;

    std::vector<T>& operator*() { return *v_; }
    std::vector<T>* operator->() { return v_; }

  private:
    struct Pool {
        std::vector<std::unique_ptr<std::vector<T>>> slots; // each stays put as slots grow
        size_t depth = 0;
    };
    [[gnu::noinline]] static void grow(Pool& p) { p.slots.push_back(std::make_unique<std::vector<T>>()); }
    static Pool& pool() {
        thread_local Pool p;
        return p;
    }
    Pool* pool_;
    std::vector<T>* v_;
};

} // namespace ws
