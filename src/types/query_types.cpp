// Warp's query object types (types.py: BvhQuery, MeshQuery, HashGridQuery, MeshQueryPoint,
// MeshQueryRay and their query-kind subclasses): values a kernel gets from a query builtin
// and passes to the matching `*_next` builtin or iterates. They cannot be parameters of a
// kernel; Warp knows them by class, and C++ by their `_wp_native_name_`.
// Warp's texture types (texture.py: Texture1D/2D/3D) are opaque too, but are passed to
// kernels and functions, stored in structs and arrays, and read by texture_sample.
#include "types/type.h"

#include <array>
#include <string>

namespace ws::types {

namespace {

struct QueryTypeSpec {
    std::string_view name;   // Python class name
    std::string_view native; // C++ name in namespace wp
    std::string_view code;   // get_type_code
    std::string_view erase_to;
    std::string_view module = "warp._src.types"; // where Python defines the class
};

constexpr QueryTypeSpec kSpecs[] = {
    {"BvhQuery", "bvh_query_t", "bvhq", ""},
    {"_BvhQueryAabb", "bvh_query_t", "bvhqa", "BvhQuery"},
    {"_BvhQueryRay", "bvh_query_t", "bvhqr", "BvhQuery"},
    {"_BvhQueryCapsule", "bvh_query_t", "bvhqc", "BvhQuery"},
    {"_BvhQuerySphere", "bvh_query_t", "bvhqs", "BvhQuery"},
    {"MeshQuery", "mesh_query_aabb_t", "mqa", ""},
    {"MeshQueryAABB", "mesh_query_aabb_t", "mqab", "MeshQuery"},
    {"_MeshQuerySphere", "mesh_query_aabb_t", "mqs", "MeshQuery"},
    {"HashGridQuery", "hash_grid_query_f", "hgq", ""},
    {"_HashGridQueryH", "hash_grid_query_h", "hgqh", ""},
    {"_HashGridQueryD", "hash_grid_query_d", "hgqd", ""},
    {"MeshQueryPoint", "mesh_query_point_t", "mqp", ""},
    {"MeshQueryRay", "mesh_query_ray_t", "mqr", ""},
    // The thread-block traversals of tile_bvh_query_* and tile_mesh_query_aabb (no type code:
    // they are never parameters).
    {"BvhQueryTiled", "bvh_query_thread_block_t", "", ""},
    {"MeshQueryAABBTiled", "mesh_query_aabb_thread_block_t", "", ""},
    // mesh_get's value: Warp has no type code for it, so it is no annotation.
    {"Mesh", "Mesh", "", ""},
    {"Texture1D", "texture1d_t", "t1", "", "warp._src.texture"},
    {"Texture2D", "texture2d_t", "t2", "", "warp._src.texture"},
    {"Texture3D", "texture3d_t", "t3", "", "warp._src.texture"},
};
constexpr size_t kCount = std::size(kSpecs);

// The fields of the two result objects and of the textures (`vars`), in Warp's order.
StructDef fields_of(std::string_view name) {
    StructDef d;
    d.key = std::string(name);
    TypeRef f32 = scalar(Scalar::Float32);
    if (name == "MeshQueryPoint")
        d.fields = {{"result", boolean()}, {"sign", f32}, {"face", int32()}, {"u", f32}, {"v", f32}};
    else if (name == "MeshQueryRay")
        d.fields = {{"result", boolean()},
                    {"sign", f32},
                    {"face", int32()},
                    {"t", f32},
                    {"u", f32},
                    {"v", f32},
                    {"normal", vector(3, Scalar::Float32)}};
    else if (name == "Mesh")
        d.fields = {{"points", array(vector(3, Scalar::Float32), 1)},
                    {"velocities", array(vector(3, Scalar::Float32), 1)},
                    {"indices", array(int32(), 1)}};
    else if (name == "Texture1D")
        d.fields = {{"width", int32()}};
    else if (name == "Texture2D")
        d.fields = {{"width", int32()}, {"height", int32()}};
    else if (name == "Texture3D")
        d.fields = {{"width", int32()}, {"height", int32()}, {"depth", int32()}};
    return d;
}

struct QueryTypes {
    std::array<Type, kCount> types;
    std::array<StructDef, kCount> fields;

    QueryTypes() {
        for (size_t i = 0; i < kCount; ++i) {
            Type& t = types[i];
            t.kind = TypeKind::Opaque;
            t.ctype = "wp::" + std::string(kSpecs[i].native);
            t.repr = std::string(kSpecs[i].module) + "." + std::string(kSpecs[i].name);
            t.code = std::string(kSpecs[i].code);
            fields[i] = fields_of(kSpecs[i].name);
            if (!fields[i].fields.empty()) t.st = &fields[i];
        }
        for (size_t i = 0; i < kCount; ++i)
            for (size_t j = 0; j < kCount; ++j)
                if (kSpecs[i].erase_to == kSpecs[j].name) types[i].erased = &types[j];
    }
};

} // namespace

TypeRef opaque(std::string_view python_name) {
    static const QueryTypes* all = new QueryTypes(); // never destroyed: types are compared by address
    for (size_t i = 0; i < kCount; ++i)
        if (kSpecs[i].name == python_name) return &all->types[i];
    return nullptr;
}

bool is_texture(TypeRef t) {
    return t && t->kind == TypeKind::Opaque &&
           (t == opaque("Texture1D") || t == opaque("Texture2D") || t == opaque("Texture3D"));
}

} // namespace ws::types
