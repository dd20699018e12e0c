// A stack with room for N elements inside the object: the lexer's indentation and bracket
// stacks, which the input limits bound (100 levels, 200 brackets). As std::vectors they cost
// every file two allocations and the regrowths of three, a tenth of a small module's lexing.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>

namespace ws {

template <class T, size_t N>
class BoundedStack {
  public:
    BoundedStack() = default;
    explicit BoundedStack(const T& first) { push_back(first); }
    void push_back(const T& t) {
        assert(size_ < N);
        items_[size_++] = t;
    }
    void pop_back() { --size_; }
    const T& back() const { return items_[size_ - 1]; }
    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    // Shrinks only.
    void resize(size_t n) {
        if (n < size_) size_ = n;
    }

  private:
    std::array<T, N> items_;
    size_t size_ = 0;
};

} // namespace ws
