#include "synth/names.h"

#include <algorithm>
#include <array>
#include <fmt/format.h>

namespace ws::synth {

namespace {

using Words = std::span<const std::string_view>;

constexpr std::string_view kReserved[] = {
    // Python keywords and the builtins a kernel may call.
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def",
    "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda",
    "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield", "abs", "all", "any",
    "bool", "float", "int", "len", "max", "min", "pow", "print", "range", "round", "sum", "type", "id",
    "list", "dict", "tuple", "str", "object", "input", "iter", "next", "map", "filter", "zip", "slice",
    "super", "hash", "format", "vars", "self", "wp", "warp", "np", "math",
    // Helpers Warp itself defines as @wp.func: a user function with one of
    // these keys is numbered after Warp's own.
    "norm_l1", "norm_l2", "norm_huber", "norm_pseudo_huber", "smooth_normalize", "quat_from_euler",
    "quat_to_euler", "quat_to_rpy", "quat_twist", "quat_twist_angle", "quat_twist_angle_signed",
    "velocity_at_point", "transform_from_matrix", "transform_to_matrix", "transform_compose",
    "transform_decompose", "transform_twist", "transform_wrench"};

// Locals by value kind.
constexpr std::string_view kFloatLocals[] = {
    "t",     "s",      "w",      "val",   "tmp",    "scale", "factor", "ratio",    "delta",
    "dist",  "energy", "mag",    "coeff", "alpha",  "beta",  "gain",   "bias",     "shift",
    "phase", "amp",    "weight", "score", "err",    "res",   "term",   "denom",    "numer",
    "lam",   "mu",     "sigma",  "gamma", "rate",   "level", "height", "radius",   "angle",
    "theta", "phi",    "speed",  "temp",  "cost",   "loss",  "grad",   "blend",    "fade",
    "decay", "gauss",  "inv",    "lum",   "signal", "peak",  "ramp",   "base_val", "frac_t",
    "slope", "u",      "v",      "x0",    "y0",     "h",     "k_eff",  "e",        "c"};
constexpr std::string_view kFloatMath[] = {"y",    "z",     "ex",   "lg",    "sn",   "cs",
                                           "root", "arg",   "expo", "curve", "wave", "sig",
                                           "soft", "atten", "resp", "env",   "osc",  "logit"};
constexpr std::string_view kFloatPhysics[] = {
    "dist",    "stretch",    "penetration", "ke",      "kd",       "inv_m",  "rel_speed",
    "fn",      "ft",         "damp",        "drag",    "rho",      "vn",     "depth",
    "overlap", "compliance", "lagrange",    "impulse", "pressure", "kinetic"};
constexpr std::string_view kVecLocals[] = {
    "d",     "dir",      "n",       "normal",   "rel",     "disp",   "offset", "axis",     "tangent",
    "accel", "force",    "impulse", "vel_new",  "pos_new", "center", "p",      "pt",       "e1",
    "e2",    "gradient", "color",   "uv",       "corner",  "mid",    "ray",    "half_vec", "proj",
    "perp",  "avg",      "diff",    "step_vec", "target",  "origin", "dv",     "dx",       "r_vec"};
constexpr std::string_view kIntVecLocals[] = {"cell", "coord", "ijk", "tri", "idx_v", "counts_v", "lane_v"};
constexpr std::string_view kMatLocals[] = {"R",      "M",      "A",       "B",      "J",     "K",     "F",
                                           "S",      "C",      "H",       "cov",    "rot_m", "basis", "frame",
                                           "strain", "stress", "inertia", "proj_m", "T_m",   "P"};
constexpr std::string_view kQuatLocals[] = {"q",     "rot",     "orient", "dq",    "spin",
                                            "q_rel", "q_world", "r",      "q_new", "attitude"};
constexpr std::string_view kTransformLocals[] = {"X",  "pose",     "xform",    "X_wb", "X_rel",
                                                 "tf", "world_tf", "frame_tf", "X_pc"};
constexpr std::string_view kSpatialLocals[] = {"twist", "wrench", "sv", "motion", "vel6", "f6", "v_s"};
constexpr std::string_view kIntLocals[] = {
    "idx",    "k",   "n",  "cell_i", "bin",   "slot", "count", "row",     "col",    "lane",  "off",  "base",
    "stride", "cnt", "nb", "src",    "dst_i", "tile", "band",  "level_i", "bucket", "pos_i", "index"};
constexpr std::string_view kUintLocals[] = {"h", "bits", "key", "word", "code", "mix_bits", "hashed"};
constexpr std::string_view kInt64Locals[] = {"key64", "big", "acc64", "id64", "hash64", "total64"};
constexpr std::string_view kBoolLocals[] = {"inside", "active",   "hit",  "valid",  "mask",
                                            "flag",   "is_edge",  "ok",   "keep",   "done",
                                            "above",  "in_range", "near", "visible"};
constexpr std::string_view kStructLocals[] = {"st", "rec", "item", "entry", "props", "info"};
constexpr std::string_view kLoopVars[] = {"j", "k",  "m",  "s",  "it",  "c",
                                          "r", "ii", "jj", "kk", "q_i", "step"};
constexpr std::string_view kCounters[] = {"it", "iters", "steps", "count", "tries", "rounds", "n_iter"};
constexpr std::string_view kRngStates[] = {"rng", "state", "rs", "seed_state", "rng_state"};
constexpr std::string_view kAccums[] = {"acc", "total", "s", "sum_val", "running", "agg", "accum", "partial"};
constexpr std::string_view kStructNames[] = {"Particle", "Material", "Body", "Contact", "Sample", "Spring",
                                             "Ray",      "Sphere",   "Cell", "Params",  "State",  "Probe"};
constexpr std::string_view kFields[] = {"pos",     "vel",    "mass",    "radius", "stiffness",
                                        "damping", "weight", "color",   "normal", "scale",
                                        "offset",  "energy", "density", "axis"};
constexpr std::string_view kIntConstants[] = {"MAX_ITERS", "NUM_TAPS", "RADIUS",   "STEPS",
                                              "WIDTH",     "ORDER",    "NUM_BINS", "MAX_NEIGHBORS",
                                              "LEVELS",    "SUBSTEPS", "TILE"};
constexpr std::string_view kFloatConstants[] = {"EPS",       "SCALE",  "GAIN",      "DAMPING",
                                                "LIMIT",     "BIAS",   "RATE",      "THRESH",
                                                "STIFFNESS", "DT_MAX", "SMOOTHING", "FRICTION"};
constexpr std::string_view kVecConstants[] = {"GRAVITY", "UP", "AXIS", "ORIGIN", "WIND", "EXTENT"};

// Arrays and parameters by category.
struct CategoryWords {
    Category category;
    Words in_arrays, out_arrays, index_arrays, params, helpers, verbs, nouns;
};

constexpr std::string_view kArithIn[] = {"values", "a",      "b",       "x",      "y",
                                         "src",    "inputs", "samples", "keys",   "counts",
                                         "data",   "lhs",    "rhs",     "scores", "levels"};
constexpr std::string_view kArithOut[] = {"out",    "result", "dst",   "y_out",
                                          "output", "scaled", "mixed", "res"};
constexpr std::string_view kMathIn[] = {"x", "signal", "angles",  "phases", "inputs",
                                        "z", "logits", "heights", "t_in",   "radii"};
constexpr std::string_view kMathOut[] = {"out", "activations", "response", "values_out",
                                         "y",   "curve_out",   "wave_out", "falloff"};
constexpr std::string_view kVecIn[] = {"points",    "dirs",    "normals",  "colors", "verts",   "vel",
                                       "positions", "offsets", "tangents", "uvs",    "origins", "targets"};
constexpr std::string_view kVecOut[] = {"out_dirs", "result",    "projected", "normals_out", "centers",
                                        "blended",  "reflected", "lengths",   "out"};
constexpr std::string_view kMatIn[] = {"F",       "mats", "rotations", "jacobians", "frames",
                                       "strains", "A",    "cov",       "basis",     "weights_m"};
constexpr std::string_view kMatOut[] = {"out_mats", "stress", "inv_out",  "det_out",
                                        "traces",   "result", "products", "metrics"};
constexpr std::string_view kQuatIn[] = {"orient",  "rotations", "poses", "body_q",  "frames",
                                        "joint_q", "local_pts", "omega", "anchors", "xforms"};
constexpr std::string_view kQuatOut[] = {"world",   "out_q",      "out_pts",    "rel_pose",
                                         "rotated", "body_q_out", "angles_out", "errors"};
constexpr std::string_view kCtrlIn[] = {"values", "x",      "samples", "levels", "scores",
                                        "inputs", "pixels", "signal",  "depths"};
constexpr std::string_view kCtrlOut[] = {"labels",   "out",    "classes", "clipped",
                                         "mask_out", "routed", "result",  "flags"};
constexpr std::string_view kLoopIn[] = {"data",  "series",  "rows",   "coeffs", "values",
                                        "table", "weights", "matrix", "xs",     "samples"};
constexpr std::string_view kLoopOut[] = {"sums",         "out",  "result",     "roots",
                                         "partial_sums", "best", "counts_out", "maxima"};
constexpr std::string_view kAtomicIn[] = {"values",   "keys",    "weights", "positions",
                                          "energies", "samples", "masses",  "contrib"};
constexpr std::string_view kAtomicOut[] = {"hist",     "totals",  "bins",  "bounds", "accum",
                                           "grid_sum", "counter", "tally", "forces"};
constexpr std::string_view kStencilIn[] = {"field", "grid",     "src",    "image",   "u",  "phi",
                                           "heat",  "pressure", "height", "density", "vol"};
constexpr std::string_view kStencilOut[] = {"dst",      "out",      "lap",     "blurred",   "u_new",
                                            "grad_out", "smoothed", "div_out", "next_field"};
constexpr std::string_view kFuncIn[] = {"inputs", "features", "x",      "params_in", "samples",
                                        "lights", "points",   "coeffs", "normals"};
constexpr std::string_view kFuncOut[] = {"out",     "response", "shaded",    "result",
                                         "outputs", "energies", "scores_out"};
constexpr std::string_view kRandIn[] = {"values", "weights", "points", "centers",
                                        "probs",  "means",   "scales", "radii"};
constexpr std::string_view kRandOut[] = {"samples", "noise", "out",  "jittered", "dirs",
                                         "picks",   "mask",  "walk", "counts"};
constexpr std::string_view kPhysIn[] = {"x",      "v",    "positions", "velocities", "forces", "inv_mass",
                                        "masses", "rest", "radii",     "prev_x",     "f_ext"};
constexpr std::string_view kPhysOut[] = {"x_out",      "v_out",    "f",      "new_pos", "new_vel",
                                         "forces_out", "contacts", "energy", "delta_x"};
constexpr std::string_view kIndexArrays[] = {"indices", "springs",  "edges", "tris", "neighbors",
                                             "pairs",   "segments", "links", "ids",  "map_idx"};

constexpr std::string_view kGenericParams[] = {"scale",     "alpha",     "beta",  "gain", "bias",
                                               "eps",       "threshold", "k",     "rate", "offset",
                                               "amplitude", "freq",      "limit", "lo",   "hi"};
constexpr std::string_view kPhysParams[] = {"dt",       "gravity", "damping",    "stiffness", "restitution",
                                            "friction", "mass",    "radius",     "kd",        "ke",
                                            "ground",   "drag",    "rest_length"};
constexpr std::string_view kRandParams[] = {"seed",   "sigma", "p_drop",   "spread",
                                            "jitter", "mean",  "step_size"};

constexpr std::string_view kHelpersGeneric[] = {
    "weight_fn",  "falloff",     "soft_clip", "gaussian", "sigmoid",  "softplus", "remap01",
    "smooth_min", "safe_div",    "poly_eval", "response", "kernel_w", "shape_fn", "blend_fn",
    "attenuate",  "energy_term", "residual",  "penalty",  "score_fn", "contrib",  "bounded",
    "wrap_fn",    "ease",        "saturate",  "transfer"};
constexpr std::string_view kHelpersVec[] = {
    "project_onto", "reflect_dir",  "safe_normalize", "tri_area",      "lerp3",
    "orthogonal",   "luminance",    "barycentric",    "edge_dir",      "bisector",
    "rotate_about", "spring_force", "contact_force",  "friction_term", "damped_vel"};

constexpr std::string_view kArithVerbs[] = {"scale",    "combine", "affine",     "blend",
                                            "quantize", "remap",   "accumulate", "mix",
                                            "offset",   "rescale", "weight",     "update"};
constexpr std::string_view kArithNouns[] = {"values",  "samples", "signal",  "buffer", "scores", "keys",
                                            "indices", "counts",  "weights", "inputs", "pixels", "channels"};
constexpr std::string_view kMathVerbs[] = {"apply", "evaluate", "compute", "activate",
                                           "shape", "warp",     "map",     "tone_map"};
constexpr std::string_view kMathNouns[] = {"activations", "waveform",    "falloff",   "response",
                                           "attenuation", "gamma_curve", "log_scale", "phase",
                                           "envelope",    "sigmoid",     "angles"};
constexpr std::string_view kVecVerbs[] = {"compute", "normalize", "project", "reflect",
                                          "blend",   "orient",    "offset",  "average"};
constexpr std::string_view kVecNouns[] = {"normals",       "directions", "tangents",  "velocities",
                                          "displacements", "colors",     "centroids", "edges",
                                          "rays",          "gradients",  "offsets"};
constexpr std::string_view kMatVerbs[] = {"compute",   "apply",    "invert",  "transform",
                                          "decompose", "assemble", "project", "accumulate"};
constexpr std::string_view kMatNouns[] = {"strain",    "stress",    "inertia", "covariance",
                                          "jacobians", "basis",     "frames",  "deformation",
                                          "rotations", "stiffness", "tensors"};
constexpr std::string_view kQuatVerbs[] = {"rotate",   "compose", "integrate", "transform",
                                           "relative", "align",   "update"};
constexpr std::string_view kQuatNouns[] = {"orientations", "bodies", "poses",     "joints",  "frames",
                                           "points",       "links",  "attitudes", "cameras", "skeleton"};
constexpr std::string_view kCtrlVerbs[] = {"classify", "threshold", "select", "clip", "filter",
                                           "label",    "bucket",    "gate",   "mask", "route"};
constexpr std::string_view kCtrlNouns[] = {"samples", "pixels",  "particles", "values", "cells",
                                           "events",  "regions", "points",    "voxels"};
constexpr std::string_view kLoopVerbs[] = {"sum",        "scan",   "reduce", "search", "iterate",
                                           "accumulate", "smooth", "count",  "refine", "solve"};
constexpr std::string_view kLoopNouns[] = {"rows",       "series",   "neighbors", "segments", "window",
                                           "polynomial", "sequence", "roots",     "steps",    "columns"};
constexpr std::string_view kAtomicVerbs[] = {"accumulate", "scatter", "histogram", "reduce", "count",
                                             "splat",      "bin",     "tally",     "collect"};
constexpr std::string_view kAtomicNouns[] = {"forces",        "votes", "bins", "totals", "bounds",
                                             "contributions", "hits",  "mass", "counts", "energy"};
constexpr std::string_view kStencilVerbs[] = {"diffuse", "blur",    "laplacian", "smooth",   "advect",
                                              "relax",   "sharpen", "erode",     "gradient", "jacobi"};
constexpr std::string_view kStencilNouns[] = {"grid",     "field",   "image",      "volume", "heat",
                                              "pressure", "density", "height_map", "voxels", "tiles"};
constexpr std::string_view kFuncVerbs[] = {"evaluate", "compute",   "apply", "shade",
                                           "process",  "transform", "fit",   "score"};
constexpr std::string_view kFuncNouns[] = {"model", "features", "samples",  "materials", "terms",
                                           "basis", "lighting", "response", "layers"};
constexpr std::string_view kRandVerbs[] = {"sample",   "jitter",    "perturb", "scatter", "dropout",
                                           "estimate", "randomize", "init",    "walk"};
constexpr std::string_view kRandNouns[] = {"points",  "noise", "particles", "directions", "weights",
                                           "photons", "seeds", "offsets",   "walkers"};
constexpr std::string_view kPhysVerbs[] = {"integrate", "solve", "apply",   "simulate", "update",
                                           "collide",   "damp",  "project", "step"};
constexpr std::string_view kPhysNouns[] = {"particles", "springs", "bodies",  "contacts",   "constraints",
                                           "cloth",     "fluid",   "gravity", "velocities", "positions"};

const CategoryWords kCategoryWords[] = {
    {Category::Arithmetic, kArithIn, kArithOut, kIndexArrays, kGenericParams, kHelpersGeneric, kArithVerbs,
     kArithNouns},
    {Category::Math, kMathIn, kMathOut, kIndexArrays, kGenericParams, kHelpersGeneric, kMathVerbs,
     kMathNouns},
    {Category::Vector, kVecIn, kVecOut, kIndexArrays, kGenericParams, kHelpersVec, kVecVerbs, kVecNouns},
    {Category::Matrix, kMatIn, kMatOut, kIndexArrays, kGenericParams, kHelpersVec, kMatVerbs, kMatNouns},
    {Category::QuatTransform, kQuatIn, kQuatOut, kIndexArrays, kPhysParams, kHelpersVec, kQuatVerbs,
     kQuatNouns},
    {Category::ControlFlow, kCtrlIn, kCtrlOut, kIndexArrays, kGenericParams, kHelpersGeneric, kCtrlVerbs,
     kCtrlNouns},
    {Category::Loops, kLoopIn, kLoopOut, kIndexArrays, kGenericParams, kHelpersGeneric, kLoopVerbs,
     kLoopNouns},
    {Category::Atomic, kAtomicIn, kAtomicOut, kIndexArrays, kGenericParams, kHelpersGeneric, kAtomicVerbs,
     kAtomicNouns},
    {Category::Stencil, kStencilIn, kStencilOut, kIndexArrays, kGenericParams, kHelpersGeneric, kStencilVerbs,
     kStencilNouns},
    {Category::Functions, kFuncIn, kFuncOut, kIndexArrays, kGenericParams, kHelpersGeneric, kFuncVerbs,
     kFuncNouns},
    {Category::Random, kRandIn, kRandOut, kIndexArrays, kRandParams, kHelpersGeneric, kRandVerbs, kRandNouns},
    {Category::Physics, kPhysIn, kPhysOut, kIndexArrays, kPhysParams, kHelpersVec, kPhysVerbs, kPhysNouns},
};

const CategoryWords& words_of(Category c) {
    for (const auto& w : kCategoryWords)
        if (w.category == c) return w;
    return kCategoryWords[0];
}

Words local_words(const SType& t, Category c) {
    switch (t.kind) {
    case Kind::Scalar:
        switch (t.scalar) {
        case Scalar::Bool: return kBoolLocals;
        case Scalar::I32: return kIntLocals;
        case Scalar::I64: return kInt64Locals;
        case Scalar::U32: return kUintLocals;
        default:
            if (c == Category::Math) return kFloatMath;
            if (c == Category::Physics) return kFloatPhysics;
            return kFloatLocals;
        }
    case Kind::Vec: return t.is_float_vec() ? Words(kVecLocals) : Words(kIntVecLocals);
    case Kind::Mat: return kMatLocals;
    case Kind::Quat: return kQuatLocals;
    case Kind::Transform: return kTransformLocals;
    case Kind::Spatial: return kSpatialLocals;
    case Kind::Struct: return kStructLocals;
    }
    return kFloatLocals;
}

} // namespace

bool is_reserved_name(std::string_view name) {
    return std::find(std::begin(kReserved), std::end(kReserved), name) != std::end(kReserved);
}

Words vocabulary(NameRole role, const SType& type, Category category) {
    const auto& w = words_of(category);
    switch (role) {
    case NameRole::Local: return local_words(type, category);
    case NameRole::LoopVar: return kLoopVars;
    case NameRole::Counter: return kCounters;
    case NameRole::RngState: return kRngStates;
    case NameRole::Accum: return kAccums;
    case NameRole::InArray: return w.in_arrays;
    case NameRole::OutArray: return w.out_arrays;
    case NameRole::IndexArray: return w.index_arrays;
    case NameRole::Param: return w.params;
    case NameRole::Helper: return w.helpers;
    case NameRole::Struct: return kStructNames;
    case NameRole::Field: return kFields;
    case NameRole::Constant:
        if (type.is_int()) return kIntConstants;
        if (type.kind == Kind::Vec) return kVecConstants;
        return kFloatConstants;
    }
    return kFloatLocals;
}

bool NameSet::taken(std::string_view name) const {
    return used_.count(name) > 0 || is_reserved_name(name);
}

std::string NameSet::fresh_from(std::string_view base) {
    std::string name(base);
    for (int n = 2; taken(name); ++n)
        name =
            fmt::format("{}{}{}", base, std::isdigit(static_cast<unsigned char>(base.back())) ? "_" : "", n);
    used_.insert(name);
    return name;
}

std::string NameSet::fresh(Rng& rng, NameRole role, const SType& type, Category category) {
    Words words = vocabulary(role, type, category);
    // Prefer an unused word; fall back to numbering one.
    for (int attempt = 0; attempt < 4; ++attempt) {
        std::string_view w = words[rng.below(words.size())];
        if (!taken(w)) {
            used_.insert(std::string(w));
            return std::string(w);
        }
    }
    return fresh_from(words[rng.below(words.size())]);
}

std::string kernel_name(Rng& rng, Category category) {
    const auto& w = words_of(category);
    std::string_view verb = w.verbs[rng.below(w.verbs.size())];
    std::string_view noun = w.nouns[rng.below(w.nouns.size())];
    static constexpr std::string_view kSuffixes[] = {"", "", "", "", "_kernel", "_step", "_pass", "_2"};
    return fmt::format("{}_{}{}", verb, noun, kSuffixes[rng.below(std::size(kSuffixes))]);
}

} // namespace ws::synth
