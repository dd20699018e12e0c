// Spatial queries: idioms that read a Warp mesh or volume through its wp.uint64 id (an `H`
// port, grammar in src/synth/idiom.h), for the spatial category: closest points, signed
// distances, normals and surface velocities of a wp.Mesh (mesh_query_point*, mesh_eval_*),
// ray casts (mesh_query_ray), inside tests, particle collisions against a mesh or a signed
// distance volume, and sampling a wp.Volume in index space (volume_world_to_index,
// volume_sample_f / _grad_f / _v). They sit in the domains of what they compute (geometry,
// particles, grids); the hash-grid and BVH loops are patterns (pattern_query.cpp). Meshes and
// volumes answer in float32 only: every idiom here is kF32Only.
#include "synth/library.h"
#include "synth/roles.h"

namespace ws::synth {

namespace queries_data {
namespace {

constexpr RoleSpec kRoles[] = {
    // Ids: the verifier cannot build the object, so any value will do in a launch spec.
    {"mesh", "mesh", 0.0, 0.0, "mesh mesh_id", "meshes"},
    {"sdf volume", "sdf volume", 0.0, 0.0, "volume sdf vol", "volumes"},
    {"density volume", "density volume", 0.0, 0.0, "density_volume volume fog", "density_volumes"},
    {"velocity volume", "velocity volume", 0.0, 0.0, "velocity_volume vel_volume flow", "velocity_volumes"},
    {"hash grid", "hash grid", 0.0, 0.0, "grid grid_id", "grids"},
    {"bvh", "bvh", 0.0, 0.0, "bvh bvh_id", "bvhs"},
    // How far a point query looks for the surface (past it the query reports no result).
    {"max query distance", "max query distance", 0.5, 2.0, "max_dist query_dist", "max_dists"},
    {"search radius", "radius", 0.1, 0.5, "radius search_radius cutoff", "search_radii"},
    {"camera position", "camera position", -1.0, 1.0, "cam_pos camera eye", "cam_positions", true},
    {"volume coordinates", "volume coordinates", -8.0, 8.0, "uvw ijk_f", "uvws index_coords", true},
    {"viscosity", "damping", 0.0, 0.5, "mu viscosity nu", "viscosities"},
};

constexpr Domain G = Domain::Geometry;
constexpr Domain P = Domain::Particles;
constexpr Domain R = Domain::Grids;
constexpr uint32_t Q = kQuery | kF32Only;

constexpr IdiomSpec kQueries[] = {
    // ---- meshes: closest points and signed distances
    {"mesh_closest_point", G,
     "p: V3 point, mesh: H # mesh, max_dist: F+ # max query distance =1.0 -> q: V3~p+max_dist point",
     "$query = wp.mesh_query_point_no_sign({mesh}, {p}, {max_dist})\n"
     "{q} = {p}\n"
     "if $query.result:\n"
     "    {q} = wp.mesh_eval_position({mesh}, $query.face, $query.u, $query.v)",
     "finds the point of {mesh} closest to {p} within {max_dist}", "q: closest cp p_surf; query: query q_pt",
     Q | kBranch},
    {"mesh_signed_distance", G,
     "p: V3 point, mesh: H # mesh, max_dist: F+ # max query distance =1.0 -> d: F~max_dist signed distance",
     "$query = wp.mesh_query_point_sign_normal({mesh}, {p}, {max_dist})\n"
     "{d} = {max_dist}\n"
     "if $query.result:\n"
     "    $cp = wp.mesh_eval_position({mesh}, $query.face, $query.u, $query.v)\n"
     "    {d} = $query.sign * wp.length({p} - $cp)",
     "measures the signed distance from {p} to {mesh}, inside negative",
     "d: sdf dist; query: query q_pt; cp: cp closest", Q | kBranch | kHelper},
    {"mesh_winding_distance", G,
     "p: V3 point, mesh: H # mesh, max_dist: F+ # max query distance =1.0 -> d: F~max_dist signed distance",
     "$query = wp.mesh_query_point_sign_winding_number({mesh}, {p}, {max_dist})\n"
     "{d} = {max_dist}\n"
     "if $query.result:\n"
     "    {d} = $query.sign * wp.length({p} - wp.mesh_eval_position({mesh}, $query.face, $query.u, "
     "$query.v))",
     "measures the signed distance from {p} to {mesh}, the sign from the winding number",
     "d: sdf dist; query: query q_wn", Q | kBranch},
    {"mesh_surface_normal", G,
     "p: V3 point, mesh: H # mesh, max_dist: F+ # max query distance =1.0 -> n: V3u~1 normal",
     "$query = wp.mesh_query_point({mesh}, {p}, {max_dist})\n"
     "{n} = wp.vec3(0.0, 1.0, 0.0)\n"
     "if $query.result:\n"
     "    {n} = wp.mesh_eval_face_normal({mesh}, $query.face)",
     "takes the normal of the face of {mesh} closest to {p}", "n: n normal; query: query q_pt", Q | kBranch},
    {"mesh_surface_velocity", P,
     "x: V3 position, mesh: H # mesh, max_dist: F+ # max query distance =1.0 -> v: V3~4 velocity",
     "$query = wp.mesh_query_point_no_sign({mesh}, {x}, {max_dist})\n"
     "{v} = wp.vec3(0.0)\n"
     "if $query.result:\n"
     "    {v} = wp.mesh_eval_velocity({mesh}, $query.face, $query.u, $query.v)",
     "samples the velocity of {mesh} at its point closest to {x}", "v: v_mesh v_surf; query: query q_pt",
     Q | kBranch},
    {"mesh_inside", G,
     "p: V3 point, mesh: H # mesh, max_dist: F+ # max query distance =1.0 -> inside: B condition",
     "$query = wp.mesh_query_point({mesh}, {p}, {max_dist})\n"
     "{inside} = $query.result and $query.sign < 0.0",
     "tests whether {p} lies inside {mesh}", "inside: inside is_inside; query: query q_pt", Q | kPredicate},
    {"mesh_parity_inside", G, "p: V3 point, mesh: H # mesh -> inside: B condition",
     "wp.mesh_query_ray_count_intersections({mesh}, {p}, wp.vec3(1.0, 0.0, 0.0)) % 2 == 1",
     "tests whether {p} lies inside {mesh} by the parity of a ray's crossings",
     "inside: inside odd_crossings", Q | kPredicate},

    // ---- meshes: ray casts
    {"mesh_ray_depth", G,
     "o: V3 ray origin, d: V3u ray direction, mesh: H # mesh, t_max: F+ # max ray distance =100.0 "
     "-> t: F~t_max ray parameter",
     "$query = wp.mesh_query_ray({mesh}, {o}, {d}, {t_max})\n"
     "{t} = {t_max}\n"
     "if $query.result:\n"
     "    {t} = $query.t",
     "casts the ray from {o} along {d} against {mesh} and keeps the hit distance, {t_max} on a miss",
     "t: depth t_hit; query: query hit", Q | kBranch},
    {"mesh_camera_depth", G,
     "cam: V3 # camera position =wp.vec3(0.0, 1.0, 2.0), d: V3u ray direction, mesh: H # mesh, "
     "t_max: F+ # max ray distance =100.0 -> t: F~t_max ray parameter",
     "$query = wp.mesh_query_ray({mesh}, {cam}, {d}, {t_max})\n"
     "{t} = 0.0\n"
     "if $query.result:\n"
     "    {t} = $query.t",
     "casts the camera ray from {cam} along {d} against {mesh}, zero where it misses",
     "t: depth z; query: query hit", Q | kBranch},
    {"mesh_ray_normal_shade", G,
     "o: V3 ray origin, d: V3u ray direction, mesh: H # mesh, t_max: F+ # max ray distance =100.0 "
     "-> c: V301~1 color",
     "$query = wp.mesh_query_ray({mesh}, {o}, {d}, {t_max})\n"
     "{c} = wp.vec3(0.0)\n"
     "if $query.result:\n"
     "    {c} = $query.normal * 0.5 + wp.vec3(0.5)",
     "shades the hit of the ray from {o} along {d} on {mesh} by its normal", "c: color rgb; query: query hit",
     Q | kBranch},
    {"mesh_ray_lambert", G,
     "o: V3 ray origin, d: V3u ray direction, mesh: H # mesh, light: V3u light direction, "
     "t_max: F+ # max ray distance =100.0 -> s: F01~1 weight",
     "$query = wp.mesh_query_ray({mesh}, {o}, {d}, {t_max})\n"
     "{s} = 0.0\n"
     "if $query.result:\n"
     "    {s} = wp.max(wp.dot($query.normal, {light}), 0.0)",
     "lights the hit of the ray from {o} along {d} on {mesh} from {light}",
     "s: shade lambert; query: query hit", Q | kBranch},
    {"mesh_ray_hit_point", G,
     "o: V3 ray origin, d: V3u ray direction, mesh: H # mesh, t_max: F+ # max ray distance =100.0 "
     "-> p: V3~o+t_max point",
     "$query = wp.mesh_query_ray({mesh}, {o}, {d}, {t_max})\n"
     "{p} = {o} + {d} * {t_max}\n"
     "if $query.result:\n"
     "    {p} = wp.mesh_eval_position({mesh}, $query.face, $query.u, $query.v)",
     "finds where the ray from {o} along {d} meets {mesh}", "p: hit_pos p_hit; query: query hit",
     Q | kBranch},
    {"mesh_ray_blocked", G,
     "o: V3 ray origin, d: V3u ray direction, mesh: H # mesh, t_max: F+ # max ray distance =100.0 "
     "-> hit: B ray hit",
     "wp.mesh_query_ray_anyhit({mesh}, {o}, {d}, {t_max})",
     "tests whether {mesh} blocks the ray from {o} along {d} before {t_max}", "hit: blocked occluded",
     Q | kPredicate},

    // ---- particles against a mesh or a signed distance volume
    {"mesh_collision", P,
     "x: V3 position, mesh: H # mesh, margin: F+ # margin =0.05, max_dist: F+ # max query distance =1.0 "
     "-> xc: V3~x+max_dist+margin position",
     "$query = wp.mesh_query_point_sign_normal({mesh}, {x}, {max_dist})\n"
     "{xc} = {x}\n"
     "if $query.result:\n"
     "    $delta = {x} - wp.mesh_eval_position({mesh}, $query.face, $query.u, $query.v)\n"
     "    $err = wp.length($delta) * $query.sign - {margin}\n"
     "    if $err < 0.0:\n"
     "        {xc} = {x} - wp.normalize($delta) * $query.sign * $err",
     "pushes {x} out of {mesh} to {margin} off its surface",
     "xc: x_c x_new; query: query q_pt; delta: delta offset; err: err pen", Q | kBranch | kHelper},
    {"mesh_collision_velocity", P,
     "x: V3 position, v: V3 velocity, mesh: H # mesh, margin: F+ # margin =0.05, "
     "e: F01 # restitution =0.3, max_dist: F+ # max query distance =1.0 -> vc: V3~v*2 velocity",
     "$query = wp.mesh_query_point_sign_normal({mesh}, {x}, {max_dist})\n"
     "{vc} = {v}\n"
     "if $query.result:\n"
     "    $cp = wp.mesh_eval_position({mesh}, $query.face, $query.u, $query.v)\n"
     "    $n = wp.normalize({x} - $cp) * $query.sign\n"
     "    $vn = wp.dot({v}, $n)\n"
     "    if wp.length({x} - $cp) * $query.sign < {margin} and $vn < 0.0:\n"
     "        {vc} = {v} - (1.0 + {e}) * $vn * $n",
     "reflects the part of {v} that moves {x} into {mesh}",
     "vc: v_c v_new; query: query q_pt; cp: cp closest; n: n normal; vn: vn v_n", Q | kBranch | kHelper},
    {"volume_collision", P,
     "x: V3 position, volume: H # sdf volume, margin: F+ # margin =0.05 -> xc: V3~x+4 position",
     "$uvw = wp.volume_world_to_index({volume}, {x})\n"
     "$n = wp.vec3()\n"
     "$d = wp.volume_sample_grad_f({volume}, $uvw, wp.Volume.LINEAR, $n)\n"
     "{xc} = {x}\n"
     "if $d < {margin}:\n"
     "    {xc} = {x} - wp.normalize($n) * ($d - {margin})",
     "pushes {x} out of the signed distance field in {volume} to {margin} off its surface",
     "xc: x_c x_new; uvw: uvw x_local; n: n grad; d: d sdf", Q | kBranch},
    {"volume_advect", P,
     "x: V3 position, flow: H # velocity volume, dt: F+ # time step =0.01 -> x_new: V3~x+4 position",
     "$uvw = wp.volume_world_to_index({flow}, {x})\n"
     "{x_new} = {x} + wp.volume_sample_v({flow}, $uvw, wp.Volume.LINEAR) * {dt}",
     "advects {x} through the velocity field in {flow} over {dt}", "x_new: x_new x1; uvw: uvw x_local", Q},

    // ---- volumes: sampling in index space
    {"volume_sdf", R, "p: V3 point, volume: H # sdf volume -> d: F~4 signed distance",
     "wp.volume_sample_f({volume}, wp.volume_world_to_index({volume}, {p}), wp.Volume.LINEAR)",
     "samples the signed distance field in {volume} at {p}", "d: sdf dist", Q},
    {"volume_sdf_normal", R, "p: V3 point, volume: H # sdf volume -> d: F~4 signed distance, n: V3u~1 normal",
     "$uvw = wp.volume_world_to_index({volume}, {p})\n"
     "$grad = wp.vec3(0.0)\n"
     "{d} = wp.volume_sample_grad_f({volume}, $uvw, wp.Volume.LINEAR, $grad)\n"
     "{n} = wp.normalize($grad)",
     "samples the signed distance field in {volume} and its normal at {p}",
     "d: sdf dist; n: n normal; uvw: uvw p_index; grad: grad g", Q},
    {"volume_inside", R, "p: V3 point, volume: H # sdf volume -> inside: B condition",
     "wp.volume_sample_f({volume}, wp.volume_world_to_index({volume}, {p}), wp.Volume.LINEAR) < 0.0",
     "tests whether {p} lies inside the surface the field in {volume} bounds", "inside: inside is_inside",
     Q | kPredicate},
    {"volume_near_surface", R,
     "p: V3 point, volume: H # sdf volume, band: F+ # margin =0.05 -> near: B condition",
     "wp.abs(wp.volume_sample_f({volume}, wp.volume_world_to_index({volume}, {p}), wp.Volume.LINEAR)) < "
     "{band}",
     "tests whether {p} lies within {band} of the surface of the field in {volume}", "near: near in_band",
     Q | kPredicate},
    {"volume_dense", R,
     "p: V3 point, volume: H # density volume, t: F # threshold =0.1 -> dense: B condition",
     "$uvw = wp.volume_world_to_index({volume}, {p})\n"
     "{dense} = wp.volume_sample_f({volume}, $uvw, wp.Volume.CLOSEST) > {t}",
     "tests whether the density in {volume} exceeds {t} in the voxel of {p}",
     "dense: dense occupied; uvw: uvw ijk_f", Q | kPredicate},
    {"volume_density", R, "p: V3 point, volume: H # density volume -> rho: F0+~4 density",
     "wp.max(wp.volume_sample_f({volume}, wp.volume_world_to_index({volume}, {p}), wp.Volume.CLOSEST), 0.0)",
     "looks up the density stored in {volume} in the voxel of {p}", "rho: density rho", Q},
    {"volume_to_world", R, "uvw: V3 volume coordinates, volume: H # sdf volume -> p: V3~8 point",
     "wp.volume_index_to_world({volume}, {uvw})",
     "maps {uvw} from the index space of {volume} to world space", "p: p_world x_world", Q},
    {"volume_direction_to_index", R, "d: V3u direction, volume: H # sdf volume -> g: V3~8 vector",
     "wp.volume_world_to_index_dir({volume}, {d})", "turns {d} into the index space of {volume}",
     "g: dir_index d_local", Q},
};

} // namespace
} // namespace queries_data

std::span<const IdiomSpec> query_idioms() {
    return queries_data::kQueries;
}

std::span<const RoleSpec> query_roles() {
    return queries_data::kRoles;
}

} // namespace ws::synth
