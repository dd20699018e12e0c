// Objects of many types, made one after another in shared blocks and destroyed with the arena:
// a syntax tree's nodes. Per-type stores took a chunk (an allocation, and a cold page to touch)
// for every node type a module used, about fifteen per small module.
#pragma once

#include <algorithm>
#include <cstddef>
#include <new>
#include <utility>

namespace ws {

class NodeArena {
  public:
    NodeArena() = default;
    NodeArena(const NodeArena&) = delete;
    NodeArena& operator=(const NodeArena&) = delete;
    ~NodeArena() {
        for (Block* b = first_; b;) {
            for (size_t at = 0; at < b->used;) {
                std::byte* slot = b->bytes() + at;
                at += (*std::launder(reinterpret_cast<Destroy*>(slot)))(slot + kHeader);
            }
            ::operator delete(std::exchange(b, b->next));
        }
    }

    template <class T, class... A>
    T* make(A&&... a) {
        static_assert(alignof(T) <= kHeader, "slots are aligned to the header's size");
        constexpr size_t slot = kHeader + (sizeof(T) + kHeader - 1) / kHeader * kHeader;
        if (!last_ || last_->room - last_->used < slot) add_block(slot);
        std::byte* p = last_->bytes() + last_->used;
        T* t = new (p + kHeader) T(std::forward<A>(a)...);
        // Set once constructed: a constructor that throws leaves no slot to destroy.
        new (p) Destroy(&destroy<T, slot - kHeader>);
        last_->used += slot;
        ++count_;
        return t;
    }
    // How many objects were made.
    size_t size() const { return count_; }

  private:
    // Each slot starts with its object's destructor, which returns the object's room.
    using Destroy = size_t (*)(std::byte*);
    static constexpr size_t kHeader = sizeof(Destroy);
    template <class T, size_t Room>
    static size_t destroy(std::byte* p) {
        std::launder(reinterpret_cast<T*>(p))->T::~T(); // qualified: the type is known, no virtual call
        return kHeader + Room;
    }
    struct Block {
        Block* next = nullptr;
        size_t used = 0, room = 0;
        std::byte* bytes() { return reinterpret_cast<std::byte*>(this + 1); }
    };
    static_assert(sizeof(Block) % kHeader == 0);
    // Blocks double from 8 KiB (a small module's tree) up to 64 KiB.
    [[gnu::noinline]] void add_block(size_t slot) {
        size_t bytes = last_ ? std::min<size_t>(2 * (sizeof(Block) + last_->room), 64 << 10) : 8 << 10;
        bytes = std::max(bytes, sizeof(Block) + slot);
        Block* b = new (::operator new(bytes)) Block;
        b->room = bytes - sizeof(Block);
        (last_ ? last_->next : first_) = b;
        last_ = b;
    }
    Block* first_ = nullptr;
    Block* last_ = nullptr;
    size_t count_ = 0;
};

} // namespace ws
