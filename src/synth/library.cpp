#include "synth/library.h"

#include <fmt/format.h>
#include <set>
#include <stdexcept>

namespace ws::synth {

Library::Library() : by_domain_(kDomainCount) {
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
