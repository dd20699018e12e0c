// Owner of the items travelling through a oneTBB parallel_pipeline. The pipeline passes raw
// pointers; the items belong here. oneTBB does not destroy the values still held in its
// buffers when a filter throws (a full disk, a bad shard), so values owned by the pipeline
// itself (e.g. shared_ptr) would leak then; these are freed with the owner.
#pragma once

#include <memory>
#include <mutex>
#include <unordered_map>

namespace ws::dataset {

template <typename T>
class InFlight {
  public:
    // A new item, owned here until release().
    T* add() {
        auto item = std::make_unique<T>();
        T* raw = item.get();
        std::lock_guard<std::mutex> lock(mutex_);
        items_.emplace(raw, std::move(item));
        return raw;
    }
    // Frees an item the last filter is done with.
    void release(T* item) {
        std::lock_guard<std::mutex> lock(mutex_);
        items_.erase(item);
    }

  private:
    std::mutex mutex_;
    std::unordered_map<T*, std::unique_ptr<T>> items_;
};

} // namespace ws::dataset
