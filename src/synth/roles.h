// Roles: what a value is ("position", "time step", "albedo"), as data. A role
// gives a kernel input its names and its range of values, gives descriptions
// their nouns, and decides which values may flow into which idiom ports: a
// value feeds a port of the same role group, or a port of a generic role.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ws::synth {

struct RoleSpec {
    std::string_view role;   // the noun, as idiom ports write it
    std::string_view group;  // roles of one group are interchangeable; "*" = generic
    double lo, hi;           // values an input of this role takes (components)
    std::string_view names;  // identifiers for a scalar/uniform value, first = default
    std::string_view arrays; // identifiers for an array of such values
    // Points and colours are not free vectors: generic vector math (normalise,
    // cross) does not take them. A generic role with `point` takes anything.
    bool point = false;
    // A closed role feeds only ports of its own group, never generic ones: a spin
    // tensor (the skew part of a velocity gradient) is singular, has a zero
    // diagonal and no symmetric part, so generic matrix math on it is constant.
    bool closed = false;
};

struct Role {
    const RoleSpec* spec = nullptr;
    std::vector<std::string> names;
    std::vector<std::string> arrays;
    bool generic() const { return spec->group == "*"; }
};

// Roles of the domain files (idioms/<domain>.cpp), beside the shared table
// in roles.cpp. A role is defined once in all of them.
std::span<const RoleSpec> particle_roles();
std::span<const RoleSpec> rigid_roles();
std::span<const RoleSpec> continuum_roles();
std::span<const RoleSpec> geometry_roles();
std::span<const RoleSpec> imaging_roles();
std::span<const RoleSpec> learning_roles();
std::span<const RoleSpec> random_roles();
std::span<const RoleSpec> grid_roles();
std::span<const RoleSpec> bits_roles();
std::span<const RoleSpec> query_roles();

// The role of that noun; nullptr when the table has none.
const Role* find_role(std::string_view role);
// Every role of every table (for checks and listings).
std::vector<const RoleSpec*> all_roles();
// Whether a value of role `from` may feed a port of role `to`.
bool roles_compatible(std::string_view from, std::string_view to);
// The same with the roles' table entries (find_role) when the caller has them (a null one is
// looked up here): composition tries one value on many ports.
bool roles_compatible(std::string_view from, const Role* from_role, std::string_view to, const Role* to_role);

} // namespace ws::synth
