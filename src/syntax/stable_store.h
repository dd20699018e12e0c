// Objects that never move once made, in chunks of N: one allocation per N objects instead of
// one per object (std::deque allocates a node per element larger than its 512-byte node).
// The syntax tree's nodes and an Adjoint's variables live in these; those allocations and
// frees were a visible share of each kernel's compile time.
#pragma once

#include <cstddef>
#include <new>
#include <utility>

namespace ws {

template <class T, size_t N = 16>
class StableStore {
  public:
    StableStore() = default;
    StableStore(const StableStore&) = delete;
    StableStore& operator=(const StableStore&) = delete;
    ~StableStore() {
        for (Chunk* c = first_; c;) give_back(std::exchange(c, c->next));
    }

    template <class... A>
    T& emplace_back(A&&... a) {
        if (!last_ || last_->used == N) add_chunk();
        Chunk& c = *last_;
        T* p = new (c.bytes + c.used * sizeof(T)) T(std::forward<A>(a)...);
        ++c.used;
        return *p;
    }
    size_t size() const { return last_ ? (chunks_ - 1) * N + last_->used : 0; }

  private:
    // Linked through the chunks themselves: a vector of chunk pointers cost a store its own
    // allocations (and reallocations as it grew) besides the chunks'.
    struct Chunk {
        Chunk* next = nullptr;
        size_t used = 0;
        alignas(T) std::byte bytes[N * sizeof(T)]; // left uninitialised: filled in order
        Chunk() = default;
        Chunk(const Chunk&) = delete;
        Chunk& operator=(const Chunk&) = delete;
        ~Chunk() { clear(); }
        void clear() {
            for (size_t i = 0; i < used; ++i) std::launder(reinterpret_cast<T*>(bytes) + i)->~T();
            used = 0;
        }
    };
    // Emptied chunks kept for the thread's next store of the same type: an Adjoint's variables
    // took a fresh chunk or two for every function and kernel. At most kKept, freed when the
    // thread ends; a store destroyed after that (a thread_local one) frees its chunks itself.
    struct Spare {
        static constexpr size_t kKept = 16;
        Chunk* head = nullptr;
        size_t count = 0;
        Spare() = default;
        Spare(const Spare&) = delete;
        Spare& operator=(const Spare&) = delete;
        ~Spare() {
            while (head) delete std::exchange(head, head->next);
            closed() = true;
        }
        static bool& closed() { // trivially destructible: still readable after ~Spare
            thread_local bool c = false;
            return c;
        }
        static Spare* get() {
            if (closed()) return nullptr;
            thread_local Spare spare;
            return &spare;
        }
    };
    static void give_back(Chunk* c) {
        c->clear();
        Spare* s = Spare::get();
        if (!s || s->count >= Spare::kKept) {
            delete c;
            return;
        }
        c->next = std::exchange(s->head, c);
        ++s->count;
    }
    [[gnu::noinline]] void add_chunk() {
        Chunk* c;
        if (Spare* s = Spare::get(); s && s->head) {
            c = std::exchange(s->head, s->head->next);
            c->next = nullptr;
            --s->count;
        } else {
            c = new Chunk;
        }
        (last_ ? last_->next : first_) = c;
        last_ = c;
        ++chunks_;
    }
    Chunk* first_ = nullptr;
    Chunk* last_ = nullptr;
    size_t chunks_ = 0;
};

} // namespace ws
