// Text buffers reused across calls, like ScratchVector (scratch_vector.h): the parameter lists
// and primal declarations written for every function and kernel took a fresh buffer each, an
// allocation (and a free) apiece. A ScratchText takes the next buffer of a per-thread stack and,
// emptied (capacity kept), gives it back when it goes out of scope.
#pragma once

#include "types/str_cat.h"

#include <cstddef>
#include <memory>
#include <vector>

namespace ws {

// Only for local variables: taken and given back in nested (last in, first out) order.
class ScratchText {
  public:
    ScratchText() : pool_(&pool()) {
        if (pool_->depth == pool_->slots.size()) [[unlikely]]
            grow(*pool_);
        t_ = pool_->slots[pool_->depth++].get();
    }
    ~ScratchText() {
        t_->resize(0);
        --pool_->depth;
    }
    ScratchText(const ScratchText&) = delete;
    ScratchText& operator=(const ScratchText&) = delete;

    TextBuffer& operator*() { return *t_; }
    const TextBuffer& operator*() const { return *t_; }
    TextBuffer* operator->() { return t_; }
    const TextBuffer* operator->() const { return t_; }

  private:
    struct Pool {
        std::vector<std::unique_ptr<TextBuffer>> slots; // each stays put as slots grow
        size_t depth = 0;
    };
    [[gnu::noinline]] static void grow(Pool& p) { p.slots.push_back(std::make_unique<TextBuffer>()); }
    static Pool& pool() {
        thread_local Pool p;
        return p;
    }
    Pool* pool_;
    TextBuffer* t_;
};

} // namespace ws
