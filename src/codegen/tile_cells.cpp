// Tile type objects shared between variables (TileCell in value.h). Warp's tile types are
// mutable Python objects: a value function that needs a tile in shared memory (tile_extract,
// tile_sum along an axis, tile_reduce along an axis) sets `storage = "shared"` on the type of
// its argument, which every variable holding that same object sees, in whichever function.
#include "codegen/adjoint.h"

#include <algorithm>
#include <fmt/format.h>

namespace ws {

// `v` takes the type object of `with` (a copy of a register tile, `where` of tiles, a call's
// result and the callee's return variable).
void Adjoint::share_tile_type(Var* v, Var* with) {
    if (!v->type->is_tile() || !with->tile_cell()) return;
    if (v->tile_cell()) {
        auto& old = v->tile_cell()->vars;
        old.erase(std::remove(old.begin(), old.end(), v), old.end());
    }
    v->type = with->type;
    v->set_extras().tile_cell = with->shared_tile_cell();
    v->tile_cell()->vars.push_back(v);
}

// Warp's `a.storage = "shared"` on the type object of `v`, which every holder sees: a parameter's
// annotation (or, in a generic function's instance, its first caller's argument), the variables
// of this and other functions sharing it, a function's return type.
void Adjoint::move_tile_to_shared(Var* v, const Pos& where) {
    if (!v->type->is_tile() || v->type->tile_shared) return;
    const std::vector<Var*> holders = v->tile_cell() ? v->tile_cell()->vars : std::vector<Var*>{v};
    if (v->tile_cell() && v->tile_cell()->cloned_parameter)
        fail_at(where, "moving a tile parameter of a function specialized for wp.Function arguments to "
                       "shared memory is not supported by warpsynth");
    if (v->tile_cell()) v->tile_cell()->moved = true;
    TypeRef t = v->type;
    TypeRef shared = types::tile(t->elem, t->tile_shape, true, t->tile_strides, t->tile_owner);
    for (Var* h : holders) h->type = shared;
}

} // namespace ws
