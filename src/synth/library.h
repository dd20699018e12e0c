// The idiom library: every idiom table, parsed once, with the lookups the
// composer needs (by domain, by what an idiom can consume or produce).
#pragma once

#include "synth/idiom.h"

#include <span>
#include <vector>

namespace ws::synth {

// Each domain's table (idioms_<domain>.cpp).
std::span<const IdiomSpec> math_idioms();
std::span<const IdiomSpec> particle_idioms();
std::span<const IdiomSpec> rigid_idioms();
std::span<const IdiomSpec> continuum_idioms();
std::span<const IdiomSpec> geometry_idioms();
std::span<const IdiomSpec> imaging_idioms();
std::span<const IdiomSpec> learning_idioms();
std::span<const IdiomSpec> random_idioms();
std::span<const IdiomSpec> grid_idioms();
std::span<const IdiomSpec> bits_idioms();
// Queries of meshes and volumes (kQuery), in the domains of what they compute.
std::span<const IdiomSpec> query_idioms();

class Library {
  public:
    // The whole library, parsed and checked on first use (a bad spec throws).
    static const Library& get();

    const std::vector<Idiom>& all() const { return idioms_; }
    // Idioms of a domain, in table order.
    const std::vector<const Idiom*>& of(Domain d) const { return by_domain_[static_cast<size_t>(d)]; }
    // Idioms of a domain with an input (consumers) or an output (producers) of type `t`, in table
    // order: the composer's searches for an idiom to take or make a value skip the others.
    const std::vector<const Idiom*>& consumers(Domain d, PortType t) const { return consumers_[slot(d, t)]; }
    const std::vector<const Idiom*>& producers(Domain d, PortType t) const { return producers_[slot(d, t)]; }
    const Idiom* find(std::string_view id) const;

  private:
    Library();
    static size_t slot(Domain d, PortType t) {
        return static_cast<size_t>(d) * kPortTypeCount + static_cast<size_t>(t);
    }
    std::vector<Idiom> idioms_;
    std::vector<std::vector<const Idiom*>> by_domain_;
    std::vector<std::vector<const Idiom*>> consumers_, producers_; // by slot()
};

} // namespace ws::synth
