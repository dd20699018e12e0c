#include "dataset/kernel_source.h"

#include <algorithm>
#include <deque>

namespace ws::dataset {

namespace {
std::deque<KernelSource>& registry() {
    static std::deque<KernelSource> sources;
    return sources;
}
} // namespace

void register_kernel_source(KernelSource source) {
    registry().push_back(std::move(source));
}

const KernelSource* find_kernel_source(std::string_view name) {
    for (const auto& s : registry())
        if (s.name == name) return &s;
    return nullptr;
}

std::vector<std::string> kernel_source_names() {
    std::vector<std::string> names;
    for (const auto& s : registry()) names.push_back(s.name);
    std::sort(names.begin(), names.end());
    return names;
}

} // namespace ws::dataset
