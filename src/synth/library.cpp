#include "synth/library.h"

#include <fmt/format.h>
#include <set>
#include <stdexcept>

namespace ws::synth {

Library::Library()
    : by_domain_(kDomainCount), consumers_(kDomainCount * kPortTypeCount),
      producers_(kDomainCount * kPortTypeCount) {
    using Table = std::span<const IdiomSpec> (*)();
    constexpr Table kTables[] = {math_idioms,     particle_idioms, rigid_idioms,    continuum_idioms,
                                 geometry_idioms, imaging_idioms,  learning_idioms, random_idioms,
                                 grid_idioms,     bits_idioms,     query_idioms};
    std::set<std::string_view> ids;
    for (Table table : kTables)
        for (const IdiomSpec& spec : table()) {
            if (!ids.insert(spec.id).second)
                throw std::invalid_argument(fmt::format("idiom {}: duplicate id", spec.id));
            idioms_.push_back(parse_idiom(spec));
        }
    for (const Idiom& i : idioms_) by_domain_[static_cast<size_t>(i.domain())].push_back(&i);
    auto index = [&](std::vector<std::vector<const Idiom*>>& by_slot, const Idiom& i,
                     const std::vector<Port>& ports) {
        std::vector<bool> seen(kPortTypeCount);
        for (const Port& p : ports)
            if (!seen[static_cast<size_t>(p.type)]) {
                seen[static_cast<size_t>(p.type)] = true;
                by_slot[slot(i.domain(), p.type)].push_back(&i);
            }
    };
    for (const Idiom& i : idioms_) {
        index(consumers_, i, i.inputs);
        index(producers_, i, i.outputs);
    }
}

const Library& Library::get() {
    static const Library lib;
    return lib;
}

const Idiom* Library::find(std::string_view id) const {
    for (const Idiom& i : idioms_)
        if (i.id() == id) return &i;
    return nullptr;
}

} // namespace ws::synth
