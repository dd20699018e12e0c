#include "synth/stats.h"

#include "analysis/fingerprint.h"
#include "syntax/lexer.h"
#include "syntax/source.h"

#include <algorithm>

namespace ws::synth {

namespace {

// Python builtins a kernel may call.
constexpr std::string_view kPythonBuiltins[] = {"abs", "bool", "float", "int", "len", "max", "min", "range"};

bool contains(std::span<const std::string_view> list, std::string_view s) {
    return std::find(list.begin(), list.end(), s) != list.end();
}

// Visits the tokens of `text`; false when the text does not tokenize.
template <class F>
bool for_each_token(std::string_view text, F&& visit) {
    try {
        SourceFile src("<synth>", std::string(text));
        Lexer lex(src);
        for (;;) {
            Token t = lex.next();
            if (t.kind == Tok::EndMarker) break;
            visit(t, lex.text(t));
        }
        return true;
    } catch (const CompileError&) {
        return false;
    }
}

} // namespace

namespace {

// Reads a file's tokens for the builtins its function bodies call: a dotted name
// (`wp.sin`, `float`, `x.norm`) followed by `(`.
class CallScanner {
  public:
    // One token before ENDMARKER; `s` is its spelling.
    void add(const Token& t, std::string_view s) {
        if (t.kind == Tok::Indent) ++indent_;
        if (t.kind == Tok::Dedent && --indent_ == 0) in_def_ = false;
        if (t.kind == Tok::KwDef && indent_ == 0) in_def_ = true;
        if (t.kind == Tok::Name) {
            if (prev_dot_ && !chain_.empty()) {
                extend(s);
            } else {
                chain_ = s;
                chain_attr_ = prev_dot_;
            }
        } else if (t.kind == Tok::LPar) {
            const bool builtin =
                chain_.starts_with("wp.") ||
                (!chain_attr_ && chain_.find('.') == std::string::npos && contains(kPythonBuiltins, chain_));
            if (in_def_ && indent_ > 0 && builtin) out_.emplace_back(chain_);
            chain_ = {};
        } else if (t.kind != Tok::Dot) {
            chain_ = {};
        }
        prev_dot_ = t.kind == Tok::Dot;
    }

    // Sorted and unique.
    std::vector<std::string> finish() {
        std::sort(out_.begin(), out_.end());
        out_.erase(std::unique(out_.begin(), out_.end()), out_.end());
        return std::move(out_);
    }

  private:
    // Appends `.name` to the chain: the source text from the chain's first name to `name` when
    // the dot sits right between them (`wp.sin`, no copy), else a string of its own.
    void extend(std::string_view name) {
        const char* end = chain_.data() + chain_.size();
        if (end + 1 == name.data() && *end == '.') {
            chain_ = std::string_view(chain_.data(), chain_.size() + 1 + name.size());
            return;
        }
        std::string joined = std::string(chain_) + "." + std::string(name);
        spilled_ = std::move(joined);
        chain_ = spilled_;
    }

    std::vector<std::string> out_;
    int indent_ = 0;
    bool in_def_ = false;     // inside the body of a module-level def
    std::string_view chain_;  // the dotted name just read (`wp.sin`, `float`, `x.norm`)
    std::string spilled_;     // chain_'s text when its tokens are not adjacent in the source
    bool chain_attr_ = false; // it started after a `.` (an attribute of an expression)
    bool prev_dot_ = false;
};

} // namespace

std::vector<std::string> builtins_used(std::string_view python_source) {
    CallScanner scanner;
    for_each_token(python_source, [&](const Token& t, std::string_view s) { scanner.add(t, s); });
    return scanner.finish();
}

std::vector<std::string> builtins_used(std::span<const Token> tokens, std::string_view python_source) {
    CallScanner scanner;
    for (const Token& t : tokens) {
        if (t.kind == Tok::EndMarker) break;
        scanner.add(t, python_source.substr(t.begin, t.end - t.begin));
    }
    return scanner.finish();
}

// ---------------------------------------------------------------- catalogue

namespace {

// The corpus's call list is the baseline (in_corpus = true); the others are
// relatives in the same builtin families (same value/dispatch rules).
constexpr CatalogueEntry kCatalogue[] = {
    {"abs", "python", true},
    {"float", "python", true},
    {"int", "python", true},
    {"len", "python", true},
    {"max", "python", true},
    {"min", "python", true},
    {"range", "python", true},

    {"wp.float16", "type", true},
    {"wp.float32", "type", true},
    {"wp.float64", "type", true},
    {"wp.int32", "type", false},
    {"wp.int64", "type", true},
    {"wp.uint32", "type", true},
    {"wp.uint8", "type", false},
    {"wp.vec2", "type", true},
    {"wp.vec3", "type", true},
    {"wp.vec4", "type", true},
    {"wp.vec2d", "type", false},
    {"wp.vec3d", "type", true},
    {"wp.vec4d", "type", false},
    {"wp.vec2i", "type", true},
    {"wp.vec3i", "type", true},
    {"wp.mat22", "type", true},
    {"wp.mat33", "type", true},
    {"wp.mat44", "type", false},
    {"wp.mat22d", "type", false},
    {"wp.mat33d", "type", true},
    {"wp.mat44d", "type", false},
    {"wp.quat", "type", true},
    {"wp.quatd", "type", false},
    {"wp.transform", "type", true},
    {"wp.transformd", "type", false},
    {"wp.spatial_vector", "type", true},
    {"wp.spatial_vectord", "type", false},

    {"wp.abs", "math", true},
    {"wp.acos", "math", true},
    {"wp.asin", "math", true},
    {"wp.atan", "math", true},
    {"wp.atan2", "math", true},
    {"wp.cbrt", "math", true},
    {"wp.ceil", "math", true},
    {"wp.clamp", "math", true},
    {"wp.cos", "math", true},
    {"wp.cosh", "math", true},
    {"wp.degrees", "math", true},
    {"wp.erf", "math", false},
    {"wp.exp", "math", true},
    {"wp.floor", "math", true},
    {"wp.frac", "math", true},
    {"wp.isfinite", "math", true},
    {"wp.isinf", "math", true},
    {"wp.isnan", "math", true},
    {"wp.lerp", "math", true},
    {"wp.log", "math", true},
    {"wp.log10", "math", true},
    {"wp.log2", "math", true},
    {"wp.max", "math", true},
    {"wp.min", "math", true},
    {"wp.pow", "math", true},
    {"wp.radians", "math", true},
    {"wp.rint", "math", true},
    {"wp.round", "math", true},
    {"wp.sign", "math", true},
    {"wp.sin", "math", true},
    {"wp.sinh", "math", true},
    {"wp.smoothstep", "math", true},
    {"wp.sqrt", "math", true},
    {"wp.step", "math", true},
    {"wp.tan", "math", true},
    {"wp.tanh", "math", true},
    {"wp.trunc", "math", true},
    {"wp.where", "math", true},
    {"wp.bit_count", "math", false},

    {"wp.cross", "vector", true},
    {"wp.cw_div", "vector", true},
    {"wp.cw_mul", "vector", true},
    {"wp.dot", "vector", true},
    {"wp.length", "vector", true},
    {"wp.length_sq", "vector", true},
    {"wp.normalize", "vector", true},
    {"wp.outer", "vector", true},

    {"wp.ddot", "matrix", false},
    {"wp.determinant", "matrix", true},
    {"wp.diag", "matrix", true},
    {"wp.eig3", "matrix", false},
    {"wp.get_diag", "matrix", false},
    {"wp.identity", "matrix", true},
    {"wp.inverse", "matrix", true},
    {"wp.matrix_from_cols", "matrix", false},
    {"wp.matrix_from_rows", "matrix", false},
    {"wp.qr3", "matrix", false},
    {"wp.skew", "matrix", false},
    {"wp.svd3", "matrix", false},
    {"wp.trace", "matrix", true},
    {"wp.transpose", "matrix", true},

    {"wp.quat_from_axis_angle", "quaternion", true},
    {"wp.quat_from_matrix", "quaternion", false},
    {"wp.quat_identity", "quaternion", false},
    {"wp.quat_inverse", "quaternion", true},
    {"wp.quat_rotate", "quaternion", true},
    {"wp.quat_rotate_inv", "quaternion", true},
    {"wp.quat_rpy", "quaternion", false},
    {"wp.quat_slerp", "quaternion", false},
    {"wp.quat_to_axis_angle", "quaternion", false},
    {"wp.quat_to_matrix", "quaternion", true},

    {"wp.transform_get_rotation", "transform", true},
    {"wp.transform_get_translation", "transform", true},
    {"wp.transform_identity", "transform", false},
    {"wp.transform_inverse", "transform", true},
    {"wp.transform_multiply", "transform", true},
    {"wp.transform_point", "transform", true},
    {"wp.transform_vector", "transform", true},

    {"wp.spatial_bottom", "spatial", true},
    {"wp.spatial_cross", "spatial", true},
    {"wp.spatial_dot", "spatial", true},
    {"wp.spatial_top", "spatial", true},

    {"wp.atomic_add", "atomic", true},
    {"wp.atomic_max", "atomic", true},
    {"wp.atomic_min", "atomic", true},
    {"wp.atomic_sub", "atomic", true},

    {"wp.bvh_query_aabb", "query", false},
    {"wp.bvh_query_next", "query", false},
    {"wp.bvh_query_ray", "query", false},
    {"wp.bvh_query_sphere", "query", false},
    {"wp.hash_grid_point_id", "query", false},
    {"wp.hash_grid_query", "query", false},
    {"wp.hash_grid_query_next", "query", false},
    {"wp.mesh_eval_face_normal", "query", false},
    {"wp.mesh_eval_position", "query", false},
    {"wp.mesh_eval_velocity", "query", false},
    {"wp.mesh_query_point", "query", false},
    {"wp.mesh_query_point_no_sign", "query", false},
    {"wp.mesh_query_point_sign_normal", "query", false},
    {"wp.mesh_query_point_sign_winding_number", "query", false},
    {"wp.mesh_query_ray", "query", false},
    {"wp.mesh_query_ray_anyhit", "query", false},
    {"wp.mesh_query_ray_count_intersections", "query", false},
    {"wp.volume_index_to_world", "query", false},
    {"wp.volume_sample_f", "query", false},
    {"wp.volume_sample_grad_f", "query", false},
    {"wp.volume_sample_v", "query", false},
    {"wp.volume_world_to_index", "query", false},
    {"wp.volume_world_to_index_dir", "query", false},

    {"wp.rand_init", "random", true},
    {"wp.randf", "random", true},
    {"wp.randi", "random", true},
    {"wp.randn", "random", true},
    {"wp.sample_unit_disk", "random", false},
    {"wp.sample_unit_sphere", "random", false},
    {"wp.sample_unit_square", "random", false},
    {"wp.sample_unit_sphere_surface", "random", false},
    {"wp.sample_unit_hemisphere_surface", "random", false},
    {"wp.sample_unit_cube", "random", false},
    {"wp.sample_unit_ring", "random", false},
    {"wp.sample_triangle", "random", false},
    {"wp.poisson", "random", false},

    {"wp.static", "utility", true},
    {"wp.tid", "utility", true},
};

} // namespace

std::span<const CatalogueEntry> builtin_catalogue() {
    return kCatalogue;
}

bool in_catalogue(std::string_view name) {
    return std::any_of(std::begin(kCatalogue), std::end(kCatalogue),
                       [&](const auto& e) { return e.name == name; });
}

// ---------------------------------------------------------------- aggregates

void StatsAccumulator::Agg::merge(const Agg& o) {
    count += o.count;
    python_lines += o.python_lines;
    cuda_lines += o.cuda_lines;
    cuda_count += o.cuda_count;
    hashes.insert(o.hashes.begin(), o.hashes.end());
}

void StatsAccumulator::add(std::string_view category, std::string_view python_source, int cuda_lines) {
    const uint64_t h = analysis::structure_hash(python_source);
    const auto lines = static_cast<uint64_t>(std::count(python_source.begin(), python_source.end(), '\n'));
    for (Agg* a : {&cats_[std::string(category)], &total_}) {
        ++a->count;
        a->python_lines += lines;
        if (cuda_lines >= 0) {
            a->cuda_lines += static_cast<uint64_t>(cuda_lines);
            ++a->cuda_count;
        }
        a->hashes.insert(h);
    }
    for (const auto& b : builtins_used(python_source)) ++builtins_[b];
}

void StatsAccumulator::merge(const StatsAccumulator& other) {
    for (const auto& [name, a] : other.cats_) cats_[name].merge(a);
    total_.merge(other.total_);
    for (const auto& [b, n] : other.builtins_) builtins_[b] += n;
}

CategoryReport StatsAccumulator::report(const std::string& name, const Agg& a) const {
    CategoryReport r;
    r.category = name;
    r.count = a.count;
    if (a.count) {
        r.mean_python_lines = static_cast<double>(a.python_lines) / static_cast<double>(a.count);
        r.unique_structures = a.hashes.size();
        r.uniqueness = static_cast<double>(a.hashes.size()) / static_cast<double>(a.count);
    }
    if (a.cuda_count)
        r.mean_cuda_lines = static_cast<double>(a.cuda_lines) / static_cast<double>(a.cuda_count);
    if (total_.count) r.share = static_cast<double>(a.count) / static_cast<double>(total_.count);
    return r;
}

std::vector<CategoryReport> StatsAccumulator::categories() const {
    std::vector<CategoryReport> out;
    for (const auto& [name, a] : cats_) out.push_back(report(name, a));
    return out;
}

CategoryReport StatsAccumulator::overall() const {
    return report("all", total_);
}

double StatsAccumulator::catalogue_coverage() const {
    size_t used = 0;
    for (const auto& e : kCatalogue) used += builtins_.count(std::string(e.name)) > 0;
    return static_cast<double>(used) / static_cast<double>(std::size(kCatalogue));
}

std::vector<std::string> StatsAccumulator::catalogue_missing() const {
    std::vector<std::string> out;
    for (const auto& e : kCatalogue)
        if (!builtins_.count(std::string(e.name))) out.emplace_back(e.name);
    return out;
}

std::vector<std::string> StatsAccumulator::outside_catalogue() const {
    std::vector<std::string> out;
    for (const auto& [b, n] : builtins_)
        if (!in_catalogue(b)) out.push_back(b);
    return out;
}

} // namespace ws::synth
