// Vectors reused across calls. A builtin call needs a few short vectors (bound
// arguments, dispatched and loaded variables, outputs); allocating them fresh cost
// about a hundred mallocs per kernel. A ScratchVector takes a cleared vector from a
// per-thread pool and hands it back, capacity kept, when it goes out of scope (also
// when a compile error unwinds), so nested calls each get their own.
#pragma once

#include <utility>
#include <vector>

namespace ws {

template <class T>
class ScratchVector {
  public:
    ScratchVector() {
        std::vector<std::vector<T>>& p = pool();
        if (!p.empty()) {
            v_ = std::move(p.back());
            p.pop_back();
        }
    }
    ~ScratchVector() {
        v_.clear();
        pool().push_back(std::move(v_));
    }
    ScratchVector(const ScratchVector&) = delete;
    ScratchVector& operator=(const ScratchVector&) = delete;

    std::vector<T>& operator*() { return v_; }
    std::vector<T>* operator->() { return &v_; }

  private:
    static std::vector<std::vector<T>>& pool() {
        thread_local std::vector<std::vector<T>> p;
        return p;
    }
    std::vector<T> v_;
};

} // namespace ws
