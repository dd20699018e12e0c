// Geometry: rays, planes, spheres, boxes, triangles, segments, signed distance
// functions, bounding volumes, projections and coordinate conversions
// (grammar in src/synth/idiom.h). Triangle and segment idioms take their
// vertices as inputs of one role (kPair): gathers read them through an index
// array. Planes are n . x + d = 0 with a unit normal n.
#include "synth/library.h"
#include "synth/roles.h"

namespace ws::synth {

namespace geometry_data {
namespace {

constexpr RoleSpec kRoles[] = {
    // ---- positions and directions
    {"point", "position", -1.0, 1.0, "p pt point", "points pts queries", true},
    {"center", "position", -1.0, 1.0, "c center", "centers", true},
    {"ray origin", "position", -1.0, 1.0, "ro origin ray_o", "origins ray_origins", true},
    {"ray direction", "direction", -1.0, 1.0, "rd ray_dir ray_d", "directions ray_dirs"},
    // A direction in the ground plane: its elevation or height is always 0.
    {"horizontal direction", "horizontal direction", -1.0, 1.0, "dir forward", "dirs headings"},
    {"segment endpoint", "position", -1.0, 1.0, "seg_p p_end", "endpoints seg_points", true},
    {"triangle vertex", "position", -1.0, 1.0, "vert tri_v", "vertices verts", true},
    {"planar point", "planar position", -1.0, 1.0, "p2 xy pt2", "points2d pts2", true},
    {"planar vertex", "planar position", -1.0, 1.0, "vert2 pv", "verts2d vertices2d", true},
    {"screen point", "screen point", -1.0, 1.0, "ndc screen_p", "ndc screen_pts", true},
    // ---- shapes and bounds
    // Ranges that overlap, so that boxes overlap one another or not and contain points or not.
    {"box minimum", "box minimum", -1.0, 0.2, "lower box_lo bmin", "lowers box_min", true},
    {"box maximum", "box maximum", -0.2, 1.0, "upper box_hi bmax", "uppers box_max", true},
    {"sphere radius", "radius", 0.2, 0.8, "radius r", "radii sphere_radii"},
    {"capsule radius", "radius", 0.05, 0.3, "cap_r radius", "capsule_radii radii"},
    {"major radius", "radius", 0.4, 0.8, "r_major ring_r", "major_radii"},
    {"minor radius", "radius", 0.05, 0.25, "r_minor tube_r", "minor_radii"},
    {"margin", "margin", 0.01, 0.1, "margin pad", "margins"},
    {"shell thickness", "margin", 0.01, 0.1, "thickness shell", "thicknesses"},
    {"blend width", "blend width", 0.05, 0.3, "k blend_k", "blend_widths"},
    {"max ray distance", "max ray distance", 10.0, 100.0, "t_max max_dist", "t_maxes"},
    {"plane offset", "offset", -0.5, 0.5, "d plane_d offset", "plane_offsets"},
    {"plane point", "plane point", -1.0, 1.0, "p_plane plane_pt", "plane_points anchors", true},
    // ---- measures
    {"ray parameter", "ray parameter", 0.0, 2.0, "t t_hit", "t_hits ts"},
    {"ray hit", "ray hit", 0.0, 1.0, "hit is_hit", "hits hit_mask"},
    {"signed distance", "signed distance", -1.0, 1.0, "sd dist", "sdf dists"},
    {"barycentric coordinates", "barycentric", 0.0, 1.0, "bary uvw", "barys", true},
    {"triangle area", "area", 0.0, 1.0, "area tri_area", "areas"},
    {"surface area", "area", 0.0, 10.0, "sa surface_area", "surface_areas"},
    {"signed area", "signed area", -1.0, 1.0, "orient area2", "orients"},
    {"shape quality", "quality", 0.0, 1.0, "quality", "qualities"},
    {"cotangent weight", "cotangent weight", -2.0, 2.0, "cot_w w_cot", "cot_weights"},
    {"refraction ratio", "refraction ratio", 0.6, 1.5, "eta ior_ratio", "etas"},
    // ---- angles and coordinates
    {"polar angle", "angle", 0.1, 3.0, "theta polar", "thetas"},
    {"azimuth", "angle", -3.0, 3.0, "phi azimuth", "phis azimuths"},
    {"angle in degrees", "degrees", -180.0, 180.0, "deg angle_deg", "angles_deg"},
    {"heading", "heading", 0.0, 360.0, "heading yaw_deg", "headings"},
    {"spherical coordinates", "spherical", 0.1, 1.5, "sph r_theta_phi", "spherical sph_coords", true},
    {"cylindrical coordinates", "cylindrical", 0.1, 1.5, "cyl r_phi_z", "cylindrical cyl_coords", true},
    {"polar coordinates", "polar", 0.1, 1.5, "polar r_theta", "polar polar_coords", true},
    {"octahedral coordinates", "octahedral", -1.0, 1.0, "oct enc", "oct_normals encoded", true},
    {"twirl strength", "twirl strength", 0.5, 3.0, "twirl swirl", "twirls"},
    {"orbit step", "orbit step", -0.2, 0.2, "d_angle step", "orbit_steps"},
    // ---- cameras and grids
    {"field of view", "field of view", 0.5, 1.5, "fov fov_y", "fovs"},
    {"aspect ratio", "aspect ratio", 1.0, 2.0, "aspect", "aspects"},
    {"near plane", "near plane", 0.05, 0.5, "near z_near", "nears"},
    {"far plane", "far plane", 10.0, 100.0, "far z_far", "fars"},
    {"ndc depth", "ndc depth", 0.0, 1.0, "z_ndc depth_ndc", "depth_buffer zbuf"},
    {"view depth", "view depth", 0.1, 100.0, "depth z_view", "depths"},
    {"sensor size", "sensor size", 24.0, 36.0, "sensor sensor_mm", "sensors"},
    {"focal length", "focal length", 18.0, 85.0, "focal focal_mm", "focals"},
    {"voxel index", "voxel index", -8.0, 8.0, "ijk cell", "cells voxels"},
    {"grid resolution", "grid resolution", 1.0, 64.0, "dims res_xyz", "dims"},
    {"model matrix", "model matrix", -1.0, 1.0, "model world_from_local", "models"},
    {"view projection matrix", "view projection matrix", -1.0, 1.0, "view_proj mvp", "view_projs"},
    {"signed volume", "signed volume", -1.0, 1.0, "vol signed_vol", "volumes"},
    {"tangent", "tangent", -1.0, 1.0, "tangent t_axis", "tangents"},
    {"bitangent", "bitangent", -1.0, 1.0, "bitangent b_axis", "bitangents"},
};

constexpr Domain G = Domain::Geometry;

constexpr IdiomSpec kGeometry[] = {
    // ---- rays
    {"ray_point_at", G, "o: V3 ray origin, d: V3u ray direction, t: F ray parameter -> p: V3~o+t point",
     "{o} + {t} * {d}", "evaluates the ray from {o} along {d} at {t}", "p: hit_pos p_hit x_hit"},
    {"ray_sphere_hit", G,
     "o: V3 ray origin, d: V3u ray direction, c: V3 center, r: F+ sphere radius "
     "-> t: F~o*4+c*4+r ray parameter, hit: B ray hit",
     "$oc = {o} - {c}\n"
     "$b = wp.dot($oc, {d})\n"
     "$disc = $b * $b - wp.dot($oc, $oc) + {r} * {r}\n"
     "{t} = -1.0\n"
     "if $disc >= 0.0:\n"
     "    {t} = -$b - wp.sqrt($disc)\n"
     "{hit} = {t} > 0.0",
     "intersects the ray from {o} along {d} with the sphere given by {c} and {r}",
     "t: t_hit t; hit: hit is_hit; oc: oc; b: b half_b; disc: disc discriminant", kBranch},
    {"ray_sphere_quadratic", G,
     "o: V3 ray origin, d: V3 ray direction, c: V3 center, r: F+ sphere radius "
     "-> t: F~1e13 ray parameter, hit: B ray hit",
     "$oc = {o} - {c}\n"
     "$a = wp.dot({d}, {d})\n"
     "$b = 2.0 * wp.dot($oc, {d})\n"
     "$cc = wp.dot($oc, $oc) - {r} * {r}\n"
     "$disc = $b * $b - 4.0 * $a * $cc\n"
     "{hit} = $disc >= 0.0\n"
     "{t} = -1.0\n"
     "if {hit}:\n"
     "    {t} = (-$b - wp.sqrt($disc)) / (2.0 * wp.max($a, 1.0e-12))",
     "solves the quadratic for the ray from {o} along {d} meeting the sphere given by {c} and {r}",
     "t: t_hit t; hit: hit is_hit; oc: oc; a: a qa; b: b qb; cc: c qc; disc: disc discriminant", kBranch},
    {"ray_hits_sphere", G,
     "o: V3 ray origin, d: V3u ray direction, c: V3 center, r: F+ sphere radius -> hit: B ray hit",
     "$oc = {c} - {o}\n"
     "$tc = wp.dot($oc, {d})\n"
     "{hit} = $tc > 0.0 and wp.length_sq($oc) - $tc * $tc <= {r} * {r}",
     "tests whether the ray from {o} along {d} hits the sphere given by {c} and {r}",
     "hit: hit hits; oc: to_center oc; tc: tc t_closest", kPredicate},
    {"ray_box_slab", G,
     "o: V3 ray origin, d: V3u ray direction, lo: V3 box minimum, hi: V3 box maximum "
     "-> t: F~o*2+lo*2+hi*2+1 ray parameter, hit: B ray hit",
     "$inv_d = wp.cw_div(wp.sign({d}), wp.max(wp.abs({d}), wp.vec3(1.0e-6)))\n"
     "$t0 = wp.cw_mul({lo} - {o}, $inv_d)\n"
     "$t1 = wp.cw_mul({hi} - {o}, $inv_d)\n"
     "$tmin = wp.min($t0, $t1)\n"
     "$tmax = wp.max($t0, $t1)\n"
     "$t_near = wp.max(wp.max($tmin[0], $tmin[1]), $tmin[2])\n"
     "$t_far = wp.min(wp.min($tmax[0], $tmax[1]), $tmax[2])\n"
     "{hit} = $t_near <= $t_far and $t_far >= 0.0\n"
     "{t} = wp.where({hit}, $t_near, -1.0)",
     "intersects the ray from {o} along {d} with the box from {lo} to {hi} by the slab test",
     "t: t_box t_enter; hit: hit hit_box; t_near: t_near t_in; inv_d: inv_d inv_dir; t0: t0 t_lo; t1: t1 "
     "t_hi; "
     "tmin: tmin t_small; tmax: tmax t_large; t_far: t_far t_exit"},
    {"ray_box_slab_loop", G,
     "o: V3 ray origin, d: V3u ray direction, lo: V3 box minimum, hi: V3 box maximum "
     "-> t: F~o*2+lo*2+hi*2+1 ray parameter, hit: B ray hit",
     "$t_near = float(-1.0e6)\n"
     "$t_far = float(1.0e6)\n"
     "for $k in range(3):\n"
     "    $inv = wp.sign({d}[$k]) / wp.max(wp.abs({d}[$k]), 1.0e-6)\n"
     "    $ta = ({lo}[$k] - {o}[$k]) * $inv\n"
     "    $tb = ({hi}[$k] - {o}[$k]) * $inv\n"
     "    $t_near = wp.max($t_near, wp.min($ta, $tb))\n"
     "    $t_far = wp.min($t_far, wp.max($ta, $tb))\n"
     "{hit} = $t_near <= $t_far and $t_far >= 0.0\n"
     "{t} = wp.where({hit}, $t_near, -1.0)",
     "clips the ray from {o} along {d} against the slabs of the box from {lo} to {hi}",
     "t: t_box t_entry; hit: hit inside_slabs; t_near: t_near t_min; t_far: t_far t_max; k: k axis; inv: "
     "inv_d inv; ta: ta t1; "
     "tb: tb t2",
     kLoop},
    {"ray_plane_hit", G,
     "o: V3 ray origin, d: V3u ray direction, n: V3u normal, off: F plane offset "
     "-> t: F~o*2e6+off*1e6 ray parameter, hit: B ray hit",
     "$denom = wp.dot({n}, {d})\n"
     "{t} = -1.0\n"
     "if wp.abs($denom) > 1.0e-6:\n"
     "    {t} = -(wp.dot({n}, {o}) + {off}) / $denom\n"
     "{hit} = {t} >= 0.0",
     "intersects the ray from {o} along {d} with the plane given by {n} and {off}",
     "t: t_plane t_hit; hit: hit hit_plane; denom: denom n_dot_d", kBranch},
    {"ray_triangle_hit", G,
     "o: V3 ray origin, d: V3u ray direction, v0: V3 triangle vertex, v1: V3 triangle vertex, "
     "v2: V3 triangle vertex -> t: F ray parameter, hit: B ray hit",
     "$e1 = {v1} - {v0}\n"
     "$e2 = {v2} - {v0}\n"
     "$pv = wp.cross({d}, $e2)\n"
     "$det = wp.dot($e1, $pv)\n"
     "{t} = -1.0\n"
     "{hit} = False\n"
     "if wp.abs($det) > 1.0e-8:\n"
     "    $inv_det = 1.0 / $det\n"
     "    $tv = {o} - {v0}\n"
     "    $u = wp.dot($tv, $pv) * $inv_det\n"
     "    $qv = wp.cross($tv, $e1)\n"
     "    $v = wp.dot({d}, $qv) * $inv_det\n"
     "    {t} = wp.dot($e2, $qv) * $inv_det\n"
     "    {hit} = $u >= 0.0 and $v >= 0.0 and $u + $v <= 1.0 and {t} > 0.0",
     "intersects the ray from {o} along {d} with the triangle by Moller-Trumbore",
     "t: t_hit t; hit: hit hit_tri; e1: e1 edge1; e2: e2 edge2; pv: pvec p_vec; det: det; inv_det: inv_det; "
     "tv: tvec s; u: u bu; qv: qvec q_vec; v: v bv",
     kPair | kBranch | kHelper},
    {"sphere_trace_sphere", G,
     "o: V3 ray origin, d: V3u ray direction, c: V3 center, r: F+ sphere radius -> t: F~100 ray parameter",
     "{t} = float(0.0)\n"
     "for _ in range(32):\n"
     "    $dist = wp.length({o} + {t} * {d} - {c}) - {r}\n"
     "    {t} = {t} + $dist",
     "marches the ray from {o} along {d} toward the sphere given by {c} and {r} by sphere tracing",
     "t: t_march t; dist: dist step", kLoop},
    {"ray_closest_parameter", G,
     "p: V3 point, o: V3 ray origin, d: V3u ray direction "
     "-> t: F~p*2+o*2 ray parameter",
     "wp.dot({p} - {o}, {d})", "finds where the ray from {o} along {d} passes closest to {p}",
     "t: t_closest t_proj"},
    {"line_distance", G, "p: V3 point, o: V3 ray origin, d: V3u ray direction -> dist: F0+~p*2+o*2 distance",
     "wp.length(wp.cross({p} - {o}, {d}))",
     "measures the distance from {p} to the line through {o} along {d}", "dist: dist_line d_perp"},
    {"refract_direction", G,
     "i: V3u ray direction, n: V3u normal, eta: F+ # refraction ratio =1.33 "
     "-> t: V3~eta*2+2 ray direction, ok: B condition",
     "$cosi = -wp.dot({n}, {i})\n"
     "$k = 1.0 - {eta} * {eta} * (1.0 - $cosi * $cosi)\n"
     "{t} = wp.vec3(0.0)\n"
     "{ok} = $k >= 0.0\n"
     "if {ok}:\n"
     "    {t} = {eta} * {i} + ({eta} * $cosi - wp.sqrt($k)) * {n}",
     "refracts {i} through the surface with {n} by Snell's law with {eta}",
     "t: refracted t_dir; ok: transmits ok; cosi: cos_i cosi; k: k", kBranch},
    {"miss_to_far", G,
     "hit: B ray hit, t: F ray parameter, t_max: F+ # max ray distance =100.0 "
     "-> t2: F ray parameter",
     "wp.where({hit}, {t}, {t_max})", "keeps {t} where {hit} holds and falls back to {t_max}",
     "t2: t_hit t_clip", kBranch},
    {"shadow_visibility", G, "blocked: B ray hit -> v: F01 weight", "wp.where({blocked}, 0.0, 1.0)",
     "turns {blocked} of a shadow ray into a visibility weight", "v: visibility vis", kBranch},
    {"face_forward", G, "n: V3u normal, i: V3u ray direction -> f: V3u~1 normal",
     "wp.where(wp.dot({n}, {i}) < 0.0, {n}, -{n})", "flips {n} to face against {i}", "f: n_ff facing",
     kBranch},

    // ---- planes
    {"point_plane_distance", G,
     "p: V3 point, n: V3u normal, off: F plane offset "
     "-> d: F~p*2+off signed distance",
     "wp.dot({n}, {p}) + {off}", "measures the signed distance from {p} to the plane given by {n} and {off}",
     "d: dist_plane sd"},
    {"project_to_plane", G, "p: V3 point, n: V3u normal, off: F plane offset -> q: V3~p*3+off point",
     "{p} - (wp.dot({n}, {p}) + {off}) * {n}", "projects {p} onto the plane given by {n} and {off}",
     "q: q_proj on_plane"},
    {"mirror_across_plane", G, "p: V3 point, n: V3u normal, off: F plane offset -> q: V3~p*5+off*2 point",
     "{p} - 2.0 * (wp.dot({n}, {p}) + {off}) * {n}", "mirrors {p} across the plane given by {n} and {off}",
     "q: mirrored p_mirror"},
    {"plane_through_point", G, "n: V3u normal, p: V3 plane point -> off: F~p*2 plane offset",
     "-wp.dot({n}, {p})", "finds the offset of the plane with {n} through {p}", "off: plane_d d"},
    {"segment_crosses_plane", G,
     "p0: V3 segment endpoint, p1: V3 segment endpoint, n: V3u normal, off: F plane offset -> c: B condition",
     "(wp.dot({n}, {p0}) + {off}) * (wp.dot({n}, {p1}) + {off}) < 0.0",
     "tests whether the segment crosses the plane given by {n} and {off}", "c: crosses straddles",
     kPair | kPredicate},
    {"iso_edge_crossing", G,
     "p0: V3 segment endpoint, p1: V3 segment endpoint, fa: F signed distance, fb: F signed distance "
     "-> p: V3~p0+p1 point",
     "$den = {fa} - {fb}\n"
     "$s = 0.5\n"
     "if wp.abs($den) > 1.0e-6:\n"
     "    $s = wp.clamp({fa} / $den, 0.0, 1.0)\n"
     "{p} = wp.lerp({p0}, {p1}, $s)",
     "interpolates where the signed distance crosses zero along the edge",
     "p: p_iso x_cross; den: den df; s: s t_cross", kPair | kBranch},

    // ---- spheres
    {"sdf_sphere", G, "p: V3 point, c: V3 center, r: F+ sphere radius -> d: F~p*2+c*2+r signed distance",
     "wp.length({p} - {c}) - {r}",
     "evaluates the signed distance from {p} to the sphere given by {c} and {r}", "d: sd_sphere dist"},
    {"point_in_sphere", G, "p: V3 point, c: V3 center, r: F+ sphere radius -> inside: B condition",
     "wp.length_sq({p} - {c}) <= {r} * {r}", "tests whether {p} lies inside the sphere given by {c} and {r}",
     "inside: inside in_sphere", kPredicate},
    {"closest_point_on_sphere", G, "p: V3 point, c: V3 center, r: F+ sphere radius -> q: V3~c+r point",
     "{c} + wp.normalize({p} - {c}) * {r}", "projects {p} onto the sphere given by {c} and {r}",
     "q: q_surf on_sphere"},
    {"sphere_normal", G, "p: V3 point, c: V3 center -> n: V3u~1 normal", "wp.normalize({p} - {c})",
     "computes the outward normal at {p} of a sphere around {c}", "n: n normal"},
    {"sphere_gap", G,
     "ca: V3 center, cb: V3 center, ra: F+ sphere radius, rb: F+ sphere radius "
     "-> gap: F~ca*2+cb*2+ra+rb signed distance",
     "wp.length({cb} - {ca}) - {ra} - {rb}", "measures the gap between the two spheres", "gap: gap sep",
     kPair},
    {"grow_bounding_sphere", G,
     "c: V3 center, r: F+ sphere radius, p: V3 point -> c2: V3~c+p center, r2: F+~r+c*2+p*2 sphere radius",
     "$d = {p} - {c}\n"
     "$dist = wp.length($d)\n"
     "{c2} = {c}\n"
     "{r2} = {r}\n"
     "if $dist > {r}:\n"
     "    {r2} = 0.5 * ({r} + $dist)\n"
     "    {c2} = {c} + $d * (({r2} - {r}) / $dist)",
     "grows the bounding sphere given by {c} and {r} to enclose {p}",
     "c2: c_new center_new; r2: r_new radius_new; d: d offset; dist: dist", kBranch},
    {"triangle_bounding_sphere", G,
     "v0: V3 triangle vertex, v1: V3 triangle vertex, v2: V3 triangle vertex -> ctr: V3~v0+v1+v2 center, "
     "r: F+~v0*4+v1*4+v2*4 sphere radius",
     "{ctr} = ({v0} + {v1} + {v2}) / 3.0\n"
     "$r2 = wp.max(wp.length_sq({v0} - {ctr}), wp.length_sq({v1} - {ctr}))\n"
     "{r} = wp.sqrt(wp.max($r2, wp.length_sq({v2} - {ctr})))",
     "bounds the triangle by a sphere around its centroid",
     "ctr: ctr centroid; r: r_bound radius; r2: r2 d2_max", kPair},

    // ---- axis-aligned boxes
    {"point_in_box", G, "p: V3 point, lo: V3 box minimum, hi: V3 box maximum -> inside: B condition",
     "{lo}.x <= {p}.x <= {hi}.x and {lo}.y <= {p}.y <= {hi}.y and {lo}.z <= {p}.z <= {hi}.z",
     "tests whether {p} lies in the box from {lo} to {hi}", "inside: inside in_box", kPredicate},
    {"point_in_box_loop", G, "p: V3 point, lo: V3 box minimum, hi: V3 box maximum -> inside: B condition",
     "{inside} = True\n"
     "for $k in range(3):\n"
     "    if {p}[$k] < {lo}[$k] or {p}[$k] > {hi}[$k]:\n"
     "        {inside} = False",
     "tests axis by axis whether {p} lies in the box from {lo} to {hi}",
     "inside: inside contained; "
     "k: k axis",
     kLoop | kBranch | kPredicate},
    {"closest_point_in_box", G, "p: V3 point, lo: V3 box minimum, hi: V3 box maximum -> q: V3~p+lo+hi point",
     "wp.min(wp.max({p}, {lo}), {hi})", "clamps {p} into the box from {lo} to {hi}", "q: q_box closest"},
    {"box_distance", G,
     "p: V3 point, lo: V3 box minimum, hi: V3 box maximum "
     "-> dist: F0+~p*2+lo*2+hi*2 distance",
     "wp.length(wp.max(wp.max({lo} - {p}, {p} - {hi}), wp.vec3(0.0)))",
     "measures the distance from {p} to the box from {lo} to {hi}", "dist: dist_box d_out"},
    {"expand_box", G,
     "lo: V3 box minimum, hi: V3 box maximum, m: F+ # margin =0.05 -> lo2: V3~lo+m box minimum, "
     "hi2: V3~hi+m box maximum",
     "{lo2} = {lo} - wp.vec3({m})\n"
     "{hi2} = {hi} + wp.vec3({m})",
     "pads the box from {lo} to {hi} by {m}", "lo2: lo_pad lower2; hi2: hi_pad upper2"},
    {"merge_boxes", G,
     "lo_a: V3 box minimum, hi_a: V3 box maximum, lo_b: V3 box minimum, hi_b: V3 box maximum "
     "-> lo: V3~lo_a+lo_b box minimum, hi: V3~hi_a+hi_b box maximum",
     "{lo} = wp.min({lo_a}, {lo_b})\n"
     "{hi} = wp.max({hi_a}, {hi_b})",
     "merges the two boxes into one", "lo: lo_union lower; hi: hi_union upper", kPair},
    {"boxes_overlap", G,
     "lo_a: V3 box minimum, hi_a: V3 box maximum, lo_b: V3 box minimum, hi_b: V3 box maximum "
     "-> overlap: B condition",
     "{overlap} = True\n"
     "for $k in range(3):\n"
     "    if {lo_a}[$k] > {hi_b}[$k] or {lo_b}[$k] > {hi_a}[$k]:\n"
     "        {overlap} = False",
     "tests whether the two boxes overlap", "overlap: overlap overlaps; k: k axis",
     kPair | kLoop | kBranch | kPredicate},
    {"triangle_bounds", G,
     "v0: V3 triangle vertex, v1: V3 triangle vertex, v2: V3 triangle vertex "
     "-> lo: V3~v0+v1+v2 box minimum, hi: V3~v0+v1+v2 box maximum",
     "{lo} = wp.min(wp.min({v0}, {v1}), {v2})\n"
     "{hi} = wp.max(wp.max({v0}, {v1}), {v2})",
     "bounds the triangle by a box", "lo: lo tri_lo; hi: hi tri_hi", kPair},
    {"capsule_bounds", G,
     "p0: V3 segment endpoint, p1: V3 segment endpoint, r: F+ capsule radius "
     "-> lo: V3~p0+p1+r box minimum, hi: V3~p0+p1+r box maximum",
     "{lo} = wp.min({p0}, {p1}) - wp.vec3({r})\n"
     "{hi} = wp.max({p0}, {p1}) + wp.vec3({r})",
     "bounds the capsule with {r} around the segment by a box", "lo: lo cap_lo; hi: hi cap_hi", kPair},
    {"box_center_extents", G,
     "lo: V3 box minimum, hi: V3 box maximum -> c: V3~lo+hi center, e: V3+~lo+hi box half extents",
     "{c} = 0.5 * ({lo} + {hi})\n"
     "{e} = 0.5 * ({hi} - {lo})",
     "splits the box from {lo} to {hi} into its center and half extents",
     "c: center mid; "
     "e: half_ext extents"},
    {"box_from_center", G,
     "c: V3 center, e: V3 box half extents -> lo: V3~c+e box minimum, hi: V3~c+e box maximum",
     "{lo} = {c} - {e}\n"
     "{hi} = {c} + {e}",
     "builds the box given by {c} and {e}", "lo: lo lower; hi: hi upper"},
    {"box_surface_area", G, "lo: V3 box minimum, hi: V3 box maximum -> a: F~lo*lo*6+hi*hi*6 surface area",
     "$e = {hi} - {lo}\n"
     "{a} = 2.0 * ($e.x * $e.y + $e.y * $e.z + $e.z * $e.x)",
     "computes the surface area of the box from {lo} to {hi}", "a: area sa; e: ext size"},
    {"grid_resolution", G,
     "lo: V3 box minimum, hi: V3 box maximum, h: F+ # grid spacing =0.1 -> dims: V3I grid resolution",
     "$e = {hi} - {lo}\n"
     "{dims} = wp.vec3i(int(wp.ceil($e[0] / {h})), int(wp.ceil($e[1] / {h})), int(wp.ceil($e[2] / {h})))",
     "counts the grid cells at {h} that cover the box from {lo} to {hi}", "dims: dims res; e: ext size"},

    // ---- triangles
    {"triangle_normal", G,
     "v0: V3 triangle vertex, v1: V3 triangle vertex, v2: V3 triangle vertex "
     "-> n: V3u~1 normal",
     "wp.normalize(wp.cross({v1} - {v0}, {v2} - {v0}))", "computes the unit normal of the triangle",
     "n: n tri_normal", kPair},
    {"triangle_area", G,
     "v0: V3 triangle vertex, v1: V3 triangle vertex, v2: V3 triangle vertex "
     "-> area: F0+~v0*v0*4+v1*v1*4+v2*v2*4 triangle area",
     "0.5 * wp.length(wp.cross({v1} - {v0}, {v2} - {v0}))", "computes the area of the triangle",
     "area: area tri_area", kPair},
    {"triangle_centroid", G,
     "v0: V3 triangle vertex, v1: V3 triangle vertex, v2: V3 triangle vertex -> m: V3~v0+v1+v2 point",
     "({v0} + {v1} + {v2}) / 3.0", "takes the centroid of the triangle", "m: centroid mid", kPair},
    {"barycentric_coordinates", G,
     "p: V3 point, v0: V3 triangle vertex, v1: V3 triangle vertex, v2: V3 triangle vertex "
     "-> bary: V3 barycentric coordinates",
     "$e0 = {v1} - {v0}\n"
     "$e1 = {v2} - {v0}\n"
     "$ep = {p} - {v0}\n"
     "$d00 = wp.dot($e0, $e0)\n"
     "$d01 = wp.dot($e0, $e1)\n"
     "$d11 = wp.dot($e1, $e1)\n"
     "$d20 = wp.dot($ep, $e0)\n"
     "$d21 = wp.dot($ep, $e1)\n"
     "$denom = wp.max($d00 * $d11 - $d01 * $d01, 1.0e-12)\n"
     "$v = ($d11 * $d20 - $d01 * $d21) / $denom\n"
     "$w = ($d00 * $d21 - $d01 * $d20) / $denom\n"
     "{bary} = wp.vec3(1.0 - $v - $w, $v, $w)",
     "computes the barycentric coordinates of {p} in the triangle",
     "bary: bary uvw; e0: e0 edge0; e1: e1 edge1; ep: ep vp; d00: d00; d01: d01; d11: d11; d20: d20; "
     "d21: d21; "
     "denom: denom; v: v bv; w: w bw",
     kPair | kHelper},
    {"barycentric_from_areas", G,
     "p: V3 point, v0: V3 triangle vertex, v1: V3 triangle vertex, v2: V3 triangle vertex "
     "-> bary: V3 barycentric coordinates",
     "$n = wp.cross({v1} - {v0}, {v2} - {v0})\n"
     "$inv_nn = 1.0 / wp.max(wp.dot($n, $n), 1.0e-12)\n"
     "$u = wp.dot(wp.cross({v2} - {v1}, {p} - {v1}), $n) * $inv_nn\n"
     "$v = wp.dot(wp.cross({v0} - {v2}, {p} - {v2}), $n) * $inv_nn\n"
     "{bary} = wp.vec3($u, $v, 1.0 - $u - $v)",
     "computes the barycentric coordinates of {p} from the signed areas of the sub-triangles",
     "bary: bary uvw; n: n_area n; inv_nn: inv_nn inv_area2; u: u w0; v: v w1", kPair},
    {"barycentric_interpolate", G,
     "w: V3 barycentric coordinates, v0: V3 triangle vertex, v1: V3 triangle vertex, v2: V3 triangle vertex "
     "-> p: V3~w*v0+w*v1+w*v2 point",
     "{w}.x * {v0} + {w}.y * {v1} + {w}.z * {v2}", "interpolates the triangle vertices with {w}",
     "p: p_interp p_surf", kPair},
    {"closest_point_on_triangle", G,
     "p: V3 point, v0: V3 triangle vertex, v1: V3 triangle vertex, v2: V3 triangle vertex "
     "-> q: V3~v0+v1+v2 point",
     "$ab = {v1} - {v0}\n"
     "$ac = {v2} - {v0}\n"
     "$ap = {p} - {v0}\n"
     "$d1 = wp.dot($ab, $ap)\n"
     "$d2 = wp.dot($ac, $ap)\n"
     "$bp = {p} - {v1}\n"
     "$d3 = wp.dot($ab, $bp)\n"
     "$d4 = wp.dot($ac, $bp)\n"
     "$cp = {p} - {v2}\n"
     "$d5 = wp.dot($ab, $cp)\n"
     "$d6 = wp.dot($ac, $cp)\n"
     "$va = $d3 * $d6 - $d5 * $d4\n"
     "$vb = $d5 * $d2 - $d1 * $d6\n"
     "$vc = $d1 * $d4 - $d3 * $d2\n"
     "if $d1 <= 0.0 and $d2 <= 0.0:\n"
     "    {q} = {v0}\n"
     "elif $d3 >= 0.0 and $d4 <= $d3:\n"
     "    {q} = {v1}\n"
     "elif $d6 >= 0.0 and $d5 <= $d6:\n"
     "    {q} = {v2}\n"
     "elif $vc <= 0.0 and $d1 >= 0.0 and $d3 <= 0.0:\n"
     "    {q} = {v0} + $ab * ($d1 / wp.max($d1 - $d3, 1.0e-12))\n"
     "elif $vb <= 0.0 and $d2 >= 0.0 and $d6 <= 0.0:\n"
     "    {q} = {v0} + $ac * ($d2 / wp.max($d2 - $d6, 1.0e-12))\n"
     "elif $va <= 0.0 and $d4 >= $d3 and $d5 >= $d6:\n"
     "    {q} = {v1} + ({v2} - {v1}) * (($d4 - $d3) / wp.max(($d4 - $d3) + ($d5 - $d6), 1.0e-12))\n"
     "else:\n"
     "    $denom = 1.0 / wp.max($va + $vb + $vc, 1.0e-12)\n"
     "    {q} = {v0} + $ab * ($vb * $denom) + $ac * ($vc * $denom)",
     "finds the point of the triangle closest to {p}",
     "q: closest q_tri; ab: ab; ac: ac; ap: ap; bp: bp; cp: cp; d1: d1; d2: d2; d3: d3; d4: d4; d5: d5; "
     "d6: d6; "
     "va: va; vb: vb; vc: vc; denom: denom inv_sum",
     kPair | kBranch | kHelper},
    {"triangle_quality", G,
     "v0: V3 triangle vertex, v1: V3 triangle vertex, v2: V3 triangle vertex -> q: F01 shape quality",
     "$ab = {v1} - {v0}\n"
     "$ac = {v2} - {v0}\n"
     "$bc = {v2} - {v1}\n"
     "$cross_len = wp.length(wp.cross($ab, $ac))\n"
     "$sum_sq = wp.length_sq($ab) + wp.length_sq($ac) + wp.length_sq($bc)\n"
     "{q} = 2.0 * wp.sqrt(3.0) * $cross_len / wp.max($sum_sq, 1.0e-12)",
     "rates the shape of the triangle from 0 (degenerate) to 1 (equilateral)",
     "q: quality q_tri; ab: ab e0; ac: ac e1; bc: bc e2; cross_len: area2 cross_len; sum_sq: sum_sq l2_sum",
     kPair},
    {"cotangent_weight", G,
     "v0: V3 triangle vertex, v1: V3 triangle vertex, v2: V3 triangle vertex -> w: F~1e8 cotangent weight",
     "$ca = {v0} - {v2}\n"
     "$cb = {v1} - {v2}\n"
     "{w} = wp.dot($ca, $cb) / wp.max(wp.length(wp.cross($ca, $cb)), 1.0e-8)",
     "computes the cotangent weight of the triangle angle opposite its first edge",
     "w: cot_w cot_c; ca: ca u; cb: cb v", kPair},
    {"triangle_signed_volume", G,
     "v0: V3 triangle vertex, v1: V3 triangle vertex, v2: V3 triangle vertex "
     "-> vol: F~v0*v1*v2*2 signed volume",
     "wp.dot({v0}, wp.cross({v1}, {v2})) / 6.0",
     "computes the signed volume of the tetrahedron from the origin to the triangle", "vol: vol signed_vol",
     kPair},
    {"orient_2d", G,
     "v0: V2 planar vertex, v1: V2 planar vertex, v2: V2 planar vertex "
     "-> s: F~v0*4+v1*4+v2*4 signed area",
     "({v1}[0] - {v0}[0]) * ({v2}[1] - {v0}[1]) - ({v1}[1] - {v0}[1]) * ({v2}[0] - {v0}[0])",
     "computes twice the signed area of the planar triangle", "s: orient area2", kPair},
    {"point_in_triangle_2d", G,
     "p: V2 planar point, v0: V2 planar vertex, v1: V2 planar vertex, v2: V2 planar vertex "
     "-> inside: B condition",
     "$d1 = ({p}[0] - {v1}[0]) * ({v0}[1] - {v1}[1]) - ({v0}[0] - {v1}[0]) * ({p}[1] - {v1}[1])\n"
     "$d2 = ({p}[0] - {v2}[0]) * ({v1}[1] - {v2}[1]) - ({v1}[0] - {v2}[0]) * ({p}[1] - {v2}[1])\n"
     "$d3 = ({p}[0] - {v0}[0]) * ({v2}[1] - {v0}[1]) - ({v2}[0] - {v0}[0]) * ({p}[1] - {v0}[1])\n"
     "$has_neg = $d1 < 0.0 or $d2 < 0.0 or $d3 < 0.0\n"
     "$has_pos = $d1 > 0.0 or $d2 > 0.0 or $d3 > 0.0\n"
     "{inside} = not ($has_neg and $has_pos)",
     "tests whether {p} lies in the planar triangle",
     "inside: inside in_tri; d1: d1 s1; d2: d2 s2; d3: d3 s3; has_neg: has_neg; has_pos: has_pos",
     kPair | kPredicate},

    // ---- segments and edges
    {"closest_point_on_segment", G,
     "p: V3 point, p0: V3 segment endpoint, p1: V3 segment endpoint "
     "-> q: V3~p0+p1 point",
     "$ab = {p1} - {p0}\n"
     "$t = wp.clamp(wp.dot({p} - {p0}, $ab) / wp.max(wp.dot($ab, $ab), 1.0e-12), 0.0, 1.0)\n"
     "{q} = {p0} + $t * $ab",
     "finds the point of the segment closest to {p}", "q: closest q_seg; ab: ab seg; t: t s", kPair},
    {"edge_midpoint", G, "p0: V3 segment endpoint, p1: V3 segment endpoint -> m: V3~p0+p1 point",
     "0.5 * ({p0} + {p1})", "takes the midpoint of the edge", "m: mid midpoint", kPair},
    {"edge_direction", G, "p0: V3 segment endpoint, p1: V3 segment endpoint -> d: V3u~1 direction",
     "wp.normalize({p1} - {p0})", "takes the unit direction of the edge", "d: dir edge_dir", kPair},
    {"sdf_capsule", G,
     "p: V3 point, p0: V3 segment endpoint, p1: V3 segment endpoint, r: F+ capsule radius "
     "-> d: F~p*2+p0*2+p1*2+r signed distance",
     "$pa = {p} - {p0}\n"
     "$ba = {p1} - {p0}\n"
     "$h = wp.clamp(wp.dot($pa, $ba) / wp.max(wp.dot($ba, $ba), 1.0e-12), 0.0, 1.0)\n"
     "{d} = wp.length($pa - $ba * $h) - {r}",
     "evaluates the signed distance from {p} to the capsule with {r} around the segment",
     "d: sd_capsule dist; pa: pa; ba: ba; h: h t", kPair},

    // ---- signed distance functions
    {"sdf_box", G, "p: V3 point, c: V3 center, e: V3 box half extents -> d: F~p*2+c*2+e*2 signed distance",
     "$q = wp.abs({p} - {c}) - {e}\n"
     "{d} = wp.length(wp.max($q, wp.vec3(0.0))) + wp.min(wp.max($q[0], wp.max($q[1], $q[2])), 0.0)",
     "evaluates the signed distance from {p} to the box given by {c} and {e}", "d: sd_box dist; q: q"},
    {"sdf_torus", G,
     "p: V3 point, c: V3 center, r_major: F+ # major radius =0.5, r_minor: F+ # minor radius =0.15 "
     "-> d: F~p*2+c*2+r_major+r_minor signed distance",
     "$q = {p} - {c}\n"
     "$ring = wp.vec2(wp.length(wp.vec2($q[0], $q[2])) - {r_major}, $q[1])\n"
     "{d} = wp.length($ring) - {r_minor}",
     "evaluates the signed distance from {p} to a torus around {c}",
     "d: sd_torus dist; q: q local; "
     "ring: ring q2"},
    {"sdf_box_2d", G,
     "p: V2 planar point, e: V2 # box half extents =wp.vec2(0.5, 0.3) "
     "-> d: F~p*2+e*2 signed distance",
     "$q = wp.abs({p}) - {e}\n"
     "{d} = wp.length(wp.max($q, wp.vec2(0.0))) + wp.min(wp.max($q[0], $q[1]), 0.0)",
     "evaluates the signed distance from {p} to the rectangle with {e}", "d: sd_rect dist; q: q"},
    {"sdf_smooth_union", G,
     "d1: F signed distance, d2: F signed distance, k: F+ # blend width =0.1 -> d: F~d1+d2+k signed distance",
     "$h = wp.clamp(0.5 + 0.5 * ({d2} - {d1}) / {k}, 0.0, 1.0)\n"
     "{d} = wp.lerp({d2}, {d1}, $h) - {k} * $h * (1.0 - $h)",
     "blends {d1} and {d2} with a polynomial smooth minimum over {k}", "d: d_blend sd; h: h mix"},
    {"sdf_smooth_min_exp", G,
     "d1: F~2 signed distance, d2: F~2 signed distance, k: F+ # blend width =0.1 "
     "-> d: F~d1+d2+k signed distance",
     "-{k} * wp.log(wp.exp(-{d1} / {k}) + wp.exp(-{d2} / {k}))",
     "blends {d1} and {d2} with an exponential smooth minimum over {k}", "d: d_blend sd"},
    {"sdf_subtract", G, "d1: F signed distance, d2: F signed distance -> d: F~d1+d2 signed distance",
     "wp.max({d1}, -{d2})", "carves the shape of {d2} out of the shape of {d1}", "d: d_cut sd"},
    {"sdf_shell", G, "d: F signed distance, t: F+ # shell thickness =0.05 -> s: F~d+t signed distance",
     "wp.abs({d}) - {t}", "hollows the shape of {d} into a shell of {t}", "s: d_shell shell"},
    {"sdf_coverage", G, "d: F signed distance, w: F+ # blend width =0.1 -> a: F01 weight",
     "1.0 - wp.smoothstep(-{w}, {w}, {d})", "converts {d} to a soft coverage over {w}", "a: coverage alpha"},
    {"sdf_inside_mask", G, "d: F!0+~8 signed distance -> m: F01w weight", "wp.step({d})",
     "marks where {d} is negative with 1", "m: inside_mask mask"},

    // ---- angles and coordinate systems
    {"cartesian_to_spherical", G, "p: V3 point -> s: V3~p*2+4 spherical coordinates",
     "$r = wp.length({p})\n"
     "$theta = wp.acos(wp.clamp({p}[2] / wp.max($r, 1.0e-6), -1.0, 1.0))\n"
     "$phi = wp.atan2({p}[1], {p}[0])\n"
     "{s} = wp.vec3($r, $theta, $phi)",
     "converts {p} to spherical coordinates", "s: sph rtp; r: r rho; theta: theta polar; phi: phi azimuth"},
    {"spherical_to_cartesian", G, "s: V3~4 spherical coordinates -> p: V3~s point",
     "$st = wp.sin({s}[1])\n"
     "{p} = {s}[0] * wp.vec3($st * wp.cos({s}[2]), $st * wp.sin({s}[2]), wp.cos({s}[1]))",
     "converts {s} to a Cartesian point", "p: p xyz; st: sin_theta st"},
    {"orbit_spherical", G,
     "s: V3~4 spherical coordinates, dtheta: F~1 # orbit step =0.05, dphi: F~1 # orbit step =0.1 "
     "-> o: V3~s+1 ^s",
     "wp.vec3({s}[0], wp.clamp({s}[1] + {dtheta}, 0.01, 3.13), {s}[2] + {dphi})",
     "orbits {s} by {dtheta} in polar angle and {dphi} in azimuth, away from the poles", "o: orbited sph2"},
    {"direction_from_angles", G, "theta: F polar angle, phi: F azimuth -> d: V3u~1 direction",
     "$st = wp.sin({theta})\n"
     "{d} = wp.vec3($st * wp.cos({phi}), $st * wp.sin({phi}), wp.cos({theta}))",
     "builds the unit direction of {theta} and {phi}", "d: dir w; st: sin_theta st"},
    {"cartesian_to_cylindrical", G, "p: V3 point -> q: V3~p*2+4 cylindrical coordinates",
     "wp.vec3(wp.sqrt({p}[0] * {p}[0] + {p}[1] * {p}[1]), wp.atan2({p}[1], {p}[0]), {p}[2])",
     "converts {p} to cylindrical coordinates", "q: cyl r_phi_z"},
    {"twist_cylindrical", G, "q: V3~4 cylindrical coordinates, k: F+ # twirl strength =1.5 -> w: V3~q*k+q ^q",
     "wp.vec3({q}[0], {q}[1] + {k} * {q}[2], {q}[2])", "twists {q} about the z axis by {k} per unit height",
     "w: twisted cyl2"},
    {"cylindrical_to_cartesian", G, "q: V3~4 cylindrical coordinates -> p: V3~q point",
     "wp.vec3({q}[0] * wp.cos({q}[1]), {q}[0] * wp.sin({q}[1]), {q}[2])", "converts {q} to a Cartesian point",
     "p: p xyz"},
    {"cartesian_to_polar", G, "p: V2 planar point -> q: V2~p*2+4 polar coordinates",
     "wp.vec2(wp.length({p}), wp.atan2({p}[1], {p}[0]))", "converts {p} to polar coordinates",
     "q: polar r_theta"},
    {"polar_to_cartesian", G, "q: V2~4 polar coordinates -> p: V2~q planar point",
     "{q}[0] * wp.vec2(wp.cos({q}[1]), wp.sin({q}[1]))", "converts {q} to a Cartesian point", "p: p2 xy"},
    {"polar_twirl", G, "q: V2~4 polar coordinates, k: F+ # twirl strength =1.5 -> w: V2~q+k ^q",
     "wp.vec2({q}[0], {q}[1] + {k} * wp.max(1.0 - {q}[0], 0.0))", "twirls {q} by {k}, most near the center",
     "w: twirled polar2"},
    {"rotate_2d", G, "p: V2 planar point, a: F angle -> q: V2~p*2 planar point",
     "$c = wp.cos({a})\n"
     "$s = wp.sin({a})\n"
     "{q} = wp.vec2($c * {p}[0] - $s * {p}[1], $s * {p}[0] + $c * {p}[1])",
     "rotates {p} by {a} about the origin", "q: rotated p_rot; c: c cos_a; s: s sin_a"},
    {"direction_to_latlong", G, "d: V3u direction -> uv: V201 texture coordinate",
     "wp.vec2(0.5 + wp.atan2({d}[0], -{d}[2]) / (2.0 * wp.pi), wp.acos(wp.clamp({d}[1], -1.0, 1.0)) / wp.pi)",
     "maps {d} to equirectangular texture coordinates", "uv: uv st"},
    {"angle_between_atan2", G, "a: V3 vector, b: V3 vector -> theta: F0+~4 angle",
     "wp.atan2(wp.length(wp.cross({a}, {b})), wp.dot({a}, {b}))",
     "measures the angle between {a} and {b} with atan2", "theta: angle theta"},
    {"elevation_angle", G, "d: V3u direction -> el: F~2 angle", "wp.asin(wp.clamp({d}[1], -1.0, 1.0))",
     "measures the elevation of {d} above the horizontal plane", "el: elevation el"},
    {"slope_degrees", G, "n: V3u normal -> deg: F0+~180 angle in degrees",
     "wp.degrees(wp.acos(wp.clamp({n}[1], -1.0, 1.0)))",
     "measures in degrees how far the surface with {n} tilts from level", "deg: slope_deg tilt"},
    {"heading_direction", G, "deg: F heading -> d: V3u~1 horizontal direction",
     "$a = wp.radians({deg})\n"
     "{d} = wp.vec3(wp.cos($a), 0.0, wp.sin($a))",
     "turns {deg} into a horizontal direction", "d: dir forward; a: a yaw"},
    {"octahedral_encode", G, "n: V3u normal -> e: V2~1 octahedral coordinates",
     "$p = {n} / wp.max(wp.abs({n}[0]) + wp.abs({n}[1]) + wp.abs({n}[2]), 1.0e-6)\n"
     "{e} = wp.vec2($p[0], $p[1])\n"
     "if $p[2] < 0.0:\n"
     "    {e} = wp.vec2((1.0 - wp.abs($p[1])) * wp.sign($p[0]), (1.0 - wp.abs($p[0])) * wp.sign($p[1]))",
     "encodes {n} in octahedral coordinates", "e: oct enc; p: p n_l1", kBranch},
    {"quantize_octahedral", G, "e: V2~1 octahedral coordinates -> q: V2~1 ^e",
     "wp.vec2(wp.round({e}[0] * 32767.0), wp.round({e}[1] * 32767.0)) / 32767.0",
     "quantizes {e} to 16-bit signed normalized values", "q: oct16 e_q"},
    {"octahedral_decode", G, "e: V2~1 octahedral coordinates -> n: V3u~1 normal",
     "$z = 1.0 - wp.abs({e}[0]) - wp.abs({e}[1])\n"
     "$t = wp.max(-$z, 0.0)\n"
     "$x = {e}[0] - wp.where({e}[0] >= 0.0, $t, -$t)\n"
     "$y = {e}[1] - wp.where({e}[1] >= 0.0, $t, -$t)\n"
     "{n} = wp.normalize(wp.vec3($x, $y, $z))",
     "decodes {e} to a unit vector", "n: n normal; z: z nz; t: t fold; x: x nx; y: y ny"},

    // ---- cameras and grids
    {"fov_from_focal_length", G, "s: F+ # sensor size =36.0, f: F+ focal length -> fov: F+~4 field of view",
     "2.0 * wp.atan({s} / (2.0 * {f}))", "computes the field of view from {f} and {s}", "fov: fov fov_x"},
    {"perspective_project", G,
     "p: V3 point, fov: F+ field of view, aspect: F+ # aspect ratio =1.5 -> ndc: V2 screen point",
     "$f = 1.0 / wp.tan(0.5 * {fov})\n"
     "$z = wp.min({p}[2], -1.0e-3)\n"
     "{ndc} = wp.vec2($f / {aspect} * {p}[0] / -$z, $f * {p}[1] / -$z)",
     "projects {p} from camera space to the screen with {fov}", "ndc: ndc screen; f: f focal; z: z z_cam"},
    {"screen_to_pixel", G,
     "ndc: V2 screen point, res: V2 # image resolution =wp.vec2(640.0, 480.0) -> px: V2 pixel coordinate",
     "wp.vec2((0.5 * {ndc}[0] + 0.5) * {res}[0], (0.5 - 0.5 * {ndc}[1]) * {res}[1])",
     "maps {ndc} to pixel coordinates of an image of {res}", "px: px pixel"},
    {"camera_ray_direction", G,
     "px: V2 pixel coordinate, res: V2 # image resolution =wp.vec2(640.0, 480.0), fov: F+ # field of view "
     "=1.0 "
     "-> d: V3u~1 ray direction",
     "$ndc = wp.cw_div({px} + wp.vec2(0.5), {res}) * 2.0 - wp.vec2(1.0)\n"
     "$h = wp.tan(0.5 * {fov})\n"
     "{d} = wp.normalize(wp.vec3($ndc[0] * $h * {res}[0] / {res}[1], -$ndc[1] * $h, -1.0))",
     "generates the camera ray through {px} with {fov}", "d: ray_dir rd; ndc: ndc uv; h: h half_h"},
    {"linearize_depth", G,
     "z: F01 ndc depth, near: F+ # near plane =0.1, far: F+ # far plane =100.0 -> depth: F+~far view depth",
     "{near} * {far} / ({far} - {z} * ({far} - {near}))",
     "converts {z} to a linear view depth between {near} and {far}", "depth: depth z_lin"},
    {"transform_point_mat44", G, "m: M44 # model matrix, p: V3 point -> q: V3~m*p*4+m*4 point",
     "wp.transform_point({m}, {p})", "transforms {p} by {m}", "q: p_world x_world"},
    {"project_point_mat44", G, "vp: M44 # view projection matrix, p: V3 point -> ndc: V2 screen point",
     "$h = {vp} * wp.vec4({p}[0], {p}[1], {p}[2], 1.0)\n"
     "$w = wp.where(wp.abs($h[3]) > 1.0e-6, $h[3], 1.0e-6)\n"
     "{ndc} = wp.vec2($h[0], $h[1]) / $w",
     "projects {p} to the screen with {vp} and the perspective divide",
     "ndc: ndc screen; h: clip h; "
     "w: w w_clip"},
    {"orthonormal_basis", G, "n: V3u normal -> t: V3u~4 tangent, b: V3u~4 bitangent",
     "$s = wp.where({n}[2] >= 0.0, 1.0, -1.0)\n"
     "$a = -1.0 / ($s + {n}[2])\n"
     "$k = {n}[0] * {n}[1] * $a\n"
     "{t} = wp.vec3(1.0 + $s * {n}[0] * {n}[0] * $a, $s * $k, -$s * {n}[0])\n"
     "{b} = wp.vec3($k, $s + {n}[1] * {n}[1] * $a, -{n}[1])",
     "builds a tangent and bitangent completing {n} to an orthonormal basis",
     "t: tangent t_axis; "
     "b: bitangent b_axis; s: sgn s; a: a inv; k: k b_xy",
     kBranch},
    {"to_tangent_space", G, "v: V3 vector, t: V3u tangent, b: V3u bitangent, n: V3u normal -> l: V3~v*2 ^v",
     "wp.vec3(wp.dot({v}, {t}), wp.dot({v}, {b}), wp.dot({v}, {n}))",
     "expresses {v} in the frame of {t}, {b} and {n}", "l: v_local local"},
    {"point_to_voxel", G, "p: V3~4 point, h: F+ # grid spacing =0.1 -> ijk: V3I voxel index",
     "wp.vec3i(int(wp.floor({p}[0] / {h})), int(wp.floor({p}[1] / {h})), int(wp.floor({p}[2] / {h})))",
     "finds the voxel that contains {p} on a grid of {h}", "ijk: ijk cell"},
    {"voxel_center", G, "ijk: V3I voxel index, h: F+ # grid spacing =0.1 -> p: V3~ijk*h+h point",
     "(wp.vec3(float({ijk}[0]), float({ijk}[1]), float({ijk}[2])) + wp.vec3(0.5)) * {h}",
     "computes the center of {ijk} on a grid of {h}", "p: center p_cell"},
    {"snap_to_grid", G, "p: V3~4 point, h: F+ # grid spacing =0.1 -> q: V3~p+h point",
     "$g = {p} / {h}\n"
     "{q} = wp.vec3(wp.round($g[0]), wp.round($g[1]), wp.round($g[2])) * {h}",
     "snaps {p} to the nearest node of a grid of {h}", "q: snapped p_grid; g: g cell_f"},
};

} // namespace
} // namespace geometry_data

std::span<const IdiomSpec> geometry_idioms() {
    return geometry_data::kGeometry;
}

std::span<const RoleSpec> geometry_roles() {
    return geometry_data::kRoles;
}

} // namespace ws::synth
