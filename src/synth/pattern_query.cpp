// Query loops: a thread per element loops over the candidates a Warp spatial structure
// returns for it, given by its wp.uint64 id. They are neighbour loops (pattern_loop.h) with
// another loop header:
//   hash_grid  `for j in wp.hash_grid_query(grid, x, radius)` (or a named query iterated, or
//              `while wp.hash_grid_query_next(query, j)`) around the thread's own position,
//              the thread's element taken in the grid's cell order
//              (`i = wp.hash_grid_point_id(grid, tid)`) or as launched; SPH densities and
//              forces, DEM contacts, neighbour counts
//   bvh        `query = wp.bvh_query_aabb(bvh, lower, upper)` around the thread's point (or
//              `wp.bvh_query_sphere`) or over its own box, `while wp.bvh_query_next(query, j)`:
//              a BVH over the same elements (self-collision, overlaps)
//   bvh_ray    `query = wp.bvh_query_ray(bvh, origin, direction)` for the thread's ray, the
//              candidates' data (spheres, boxes) read at the candidate index from arrays of
//              the BVH's items: hits counted, the nearest kept
// The pair idiom at the root reads the thread's own data (invariant, before the loop) and
// the candidate's; a candidate index is in bounds by construction when the structure was
// built over those arrays (the launch spec gives them the structure's item count).
#include "synth/library.h"
#include "synth/pattern_loop.h"
#include "synth/pytext.h"
#include "synth/roles.h"

#include <algorithm>
#include <fmt/format.h>

namespace ws::synth {

namespace {

enum class QueryKind : uint8_t { HashGrid, Bvh, BvhRay };

constexpr std::string_view kRayRoles[] = {"ray origin", "ray direction"};

bool is_ray_role(std::string_view role) {
    return std::find(std::begin(kRayRoles), std::end(kRayRoles), role) != std::end(kRayRoles);
}

// The radius a point query reaches, from the root's own port: SPH's smoothing length, a search
// radius, or twice a particle's radius (two spheres touch within it).
struct RadiusRole {
    std::string_view role;
    bool doubled;
};
constexpr RadiusRole kRadii[] = {{"smoothing length", false}, {"search radius", false}, {"radius", true}};

const RadiusRole* radius_role(std::string_view role) {
    for (const RadiusRole& r : kRadii)
        if (r.role == role) return &r;
    return nullptr;
}

int radius_port(const Idiom& i) {
    for (size_t p = 0; p < i.inputs.size(); ++p)
        if (i.inputs[p].uniform && i.inputs[p].type == PortType::F && radius_role(i.inputs[p].role))
            return static_cast<int>(p);
    return -1;
}

// Whether the root's pair has a V3 input of `role` (the thread's own one is the query's).
bool pair_of(const Idiom& i, std::string_view role) {
    for (size_t p = 0; p < i.inputs.size(); ++p)
        if (!i.inputs[p].uniform && i.inputs[p].type == PortType::V3 && i.inputs[p].role == role &&
            loop_endpoint(i, static_cast<int>(p)) == 0)
            return true;
    return false;
}

bool point_pair(const Idiom& i) {
    return pair_of(i, "position") || pair_of(i, "point");
}

bool box_pair(const Idiom& i) {
    return pair_of(i, "box minimum") && pair_of(i, "box maximum");
}

// A pair of interacting elements (a force, a density, a distance, a test), not a point and its
// previous self (a Verlet step, a velocity from two positions).
bool interaction(const Idiom& i) {
    return i.has(kPair) && fits_neighbour_loop(i) &&
           std::none_of(i.outputs.begin(), i.outputs.end(),
                        [](const Port& o) { return o.role == "position" || o.role == "velocity"; });
}

// A ray's candidates: the ray is the thread's, every other per-element input the candidate's,
// each role once (two triangle vertices would read the candidate's one vertex twice).
bool fits_ray_loop(const Idiom& i) {
    if (i.has(kPair)) return false;
    for (const Port& p : i.inputs) {
        if (p.uniform || is_ray_role(p.role)) continue;
        const auto same = std::count_if(i.inputs.begin(), i.inputs.end(), [&](const Port& q) {
            return !q.uniform && q.role == p.role && q.type == p.type;
        });
        if (same > 1) return false;
    }
    return true;
}

// A ray against candidate objects placed in space (a sphere's centre, a box's corners, a point),
// not against per-candidate numbers alone.
bool ray_root(const Idiom& i) {
    auto has = [&](std::string_view role) {
        return std::any_of(i.inputs.begin(), i.inputs.end(), [&](const Port& p) {
            return !p.uniform && p.type == PortType::V3 && p.role == role;
        });
    };
    const bool placed = std::any_of(i.inputs.begin(), i.inputs.end(), [](const Port& p) {
        const Role* r = find_role(p.role);
        return !p.uniform && !is_ray_role(p.role) && p.type == PortType::V3 && r && r->spec->point;
    });
    return has("ray origin") && has("ray direction") && placed && fits_ray_loop(i);
}

// Query loops accumulate floats, vectors and counts of conditions; they query nothing else.
bool loop_result(const Idiom& i) {
    return !i.has(kStencil) && !i.has(kQuery) &&
           std::all_of(i.outputs.begin(), i.outputs.end(), [](const Port& o) {
               return o.type == PortType::F || o.type == PortType::V2 || o.type == PortType::V3 ||
                      o.type == PortType::V4 || o.type == PortType::B;
           });
}

// The value of the external of `role` and type (the structure's id), or -1.
int input_of(const Plan& plan, std::string_view role, PortType type) {
    for (const External& e : plan.graph.externals)
        if (e.role == role && e.type == type) return e.value;
    return -1;
}

class QueryLoop : public LoopPattern {
  public:
    explicit QueryLoop(QueryKind q) : LoopPattern(LoopKind::Neighbors), query_(q) {}

    std::string_view name() const override {
        return query_ == QueryKind::HashGrid ? "hash_grid" : (query_ == QueryKind::Bvh ? "bvh" : "bvh_ray");
    }
    bool queries() const override { return true; }

  protected:
    void setup(Plan& plan, Dice& dice) const override;
    bool root_fits(const Idiom& i) const override;
    CompositionRules rules() const override;
    std::vector<std::pair<int, int>> root_inputs(Composer& c, const Idiom& root) const override;
    std::string own_index(KernelWriter& w, const std::string& tid) const override;
    bool counted() const override { return false; }
    std::string open_loop(KernelWriter& w, const std::string& own, const std::string& count) const override;
    std::vector<int64_t> array_shape(const Plan& plan, const External& e) const override;

  private:
    QueryKind query_;

    std::string_view id_role() const { return query_ == QueryKind::HashGrid ? "hash grid" : "bvh"; }
    std::string query_point(KernelWriter& w) const;
    std::string radius(KernelWriter& w) const;
    std::string bvh_query(KernelWriter& w, std::string& what) const;
    std::string hash_grid_loop(KernelWriter& w, const std::string& grid, const std::string& j) const;
};

void QueryLoop::setup(Plan& plan, Dice& dice) const {
    static const std::vector<int64_t> kThreads = {64, 100, 128, 256, 500, 1000};
    plan.dim = {dice.pick(kThreads)};
    // Warp's BVH queries take float32 points; a hash grid is built in the kernel's precision.
    if (query_ != QueryKind::HashGrid) plan.fp = Scalar::F32;
    if (query_ == QueryKind::BvhRay) {
        plan.inner = dice.pick(std::vector<int64_t>{32, 64, 128, 256});
        plan.element = "ray";
    } else {
        plan.inner = plan.dim[0];
        plan.element = pattern_util::element_noun(plan.domain, dice);
        if (plan.element == "ray" || plan.element == "query") plan.element = "point";
    }
}

bool QueryLoop::root_fits(const Idiom& i) const {
    if (query_ == QueryKind::BvhRay) return ray_root(i);
    if (!interaction(i)) return false;
    return point_pair(i) || (query_ == QueryKind::Bvh && box_pair(i));
}

CompositionRules QueryLoop::rules() const {
    CompositionRules r = LoopPattern::rules();
    if (query_ != QueryKind::BvhRay) {
        r.allows = [](const Idiom& i) { return fits_neighbour_loop(i) && loop_result(i); };
        return r;
    }
    // The thread's ray is read before the loop, once for every idiom that takes it (its own
    // endpoint); everything else is the candidate's.
    r.place = [](const Idiom& idiom, int port, Stage stage) {
        External e;
        const Port& p = idiom.inputs[static_cast<size_t>(port)];
        if (stage != Stage::Body) return e;
        const bool ray = is_ray_role(p.role);
        e.access = Access::Endpoint;
        e.endpoint = ray ? 0 : 1;
        e.invariant = ray;
        // (a unit direction is read normalised: a port that needs one does not share a raw one)
        e.group = fmt::format("{} {} {}{}", ray ? "ray" : "item", p.role, port_type_name(p.type),
                              p.facts.unit ? "u" : "");
        return e;
    };
    r.allows = [](const Idiom& i) { return fits_ray_loop(i) && loop_result(i); };
    return r;
}

// The structure's id first, then the query radius, which is the root's own where it has one.
std::vector<std::pair<int, int>> QueryLoop::root_inputs(Composer& c, const Idiom& root) const {
    c.pattern_input(std::string(id_role()), PortType::H);
    if (query_ == QueryKind::BvhRay || (query_ == QueryKind::Bvh && !point_pair(root))) return {};
    const int port = radius_port(root);
    if (port < 0) {
        c.pattern_input("search radius", PortType::F, "0.2");
        return {};
    }
    const Port& p = root.inputs[static_cast<size_t>(port)];
    return {{port, c.external(root, port, Stage::Pre, p.role)}};
}

std::string QueryLoop::own_index(KernelWriter& w, const std::string& tid) const {
    if (query_ != QueryKind::HashGrid || !w.dice.on(Knob::PGridOrder)) return tid;
    const std::string grid = w.text(input_of(w.plan, "hash grid", PortType::H));
    const std::string i = w.names.fresh({"i", "pid", "p_id"});
    w.body.line(fmt::format("{} = wp.hash_grid_point_id({}, {})", i, grid, tid));
    return i;
}

// The thread's own point (or box corner), named: the query and the loop body both read it.
std::string QueryLoop::query_point(KernelWriter& w) const {
    const Plan& plan = w.plan;
    const Idiom& root = *plan.graph.nodes[static_cast<size_t>(plan.root)].idiom;
    for (const std::string_view role : {"position", "point", "box minimum"})
        for (size_t p = 0; p < root.inputs.size(); ++p)
            if (!root.inputs[p].uniform && root.inputs[p].role == role &&
                root.inputs[p].type == PortType::V3 && loop_endpoint(root, static_cast<int>(p)) == 0) {
                const int v = plan.graph.nodes[static_cast<size_t>(plan.root)].inputs[p];
                const Role* r = find_role(role);
                return w.bind(v, r ? r->names : std::vector<std::string>{"x"});
            }
    return "";
}

// The query radius: the root's radius port (doubled for a particle radius) or a search radius.
std::string QueryLoop::radius(KernelWriter& w) const {
    const Plan& plan = w.plan;
    const Node& root = plan.graph.nodes[static_cast<size_t>(plan.root)];
    const int port = radius_port(*root.idiom);
    if (port < 0) return w.text(input_of(plan, "search radius", PortType::F));
    const int v = root.inputs[static_cast<size_t>(port)];
    if (!radius_role(root.idiom->inputs[static_cast<size_t>(port)].role)->doubled) return w.text(v);
    // A literal radius is doubled in place (`0.1`, not `2.0 * 0.05`).
    const External& e =
        plan.graph.externals[static_cast<size_t>(plan.graph.values[static_cast<size_t>(v)].external)];
    if (!e.default_value.empty() && w.text(v) == retarget({{e.default_value, false}}, plan.fp)) {
        std::string twice = fmt::format("{}", 2.0 * std::stod(e.default_value));
        if (twice.find_first_of(".e") == std::string::npos) twice += ".0";
        return retarget({{twice, false}}, plan.fp);
    }
    return float_literal("2.0", plan.fp) + " * " + w.operand(v);
}

std::string QueryLoop::hash_grid_loop(KernelWriter& w, const std::string& grid, const std::string& j) const {
    const std::string x = query_point(w), r = radius(w);
    const std::string call = fmt::format("wp.hash_grid_query({}, {}, {})", grid, x, r);
    w.plan.scope = fmt::format("It loops over the {}s that the hash grid `{}` returns within `{}` of `{}`.",
                               w.plan.element, grid, r, x);
    switch (w.dice.among({Knob::WQueryIter, Knob::WQueryNamed, Knob::WQueryNext})) {
    case 0: return fmt::format("for {} in {}", j, call);
    case 1: {
        const std::string q = w.names.fresh({"neighbors", "query", "near"});
        w.body.line(fmt::format("{} = {}", q, call));
        return fmt::format("for {} in {}", j, q);
    }
    default: {
        const std::string q = w.names.fresh({"query", "q", "neighbors"});
        w.body.line(fmt::format("{} = {}", q, call));
        w.body.line(fmt::format("{} = int(0)", j));
        return fmt::format("while wp.hash_grid_query_next({}, {})", q, j);
    }
    }
}

// The BVH query of the thread's ray, box or point; `what` says what it returns.
std::string QueryLoop::bvh_query(KernelWriter& w, std::string& what) const {
    const Plan& plan = w.plan;
    const std::string bvh = w.text(input_of(plan, "bvh", PortType::H));
    const Node& root = plan.graph.nodes[static_cast<size_t>(plan.root)];
    if (query_ == QueryKind::BvhRay) {
        std::string o, d;
        for (size_t p = 0; p < root.idiom->inputs.size(); ++p) {
            const Port& port = root.idiom->inputs[p];
            if (port.role == "ray origin") o = w.bind(root.inputs[p], {"ro", "origin", "o"});
            if (port.role == "ray direction") d = w.bind(root.inputs[p], {"rd", "direction", "d"});
        }
        what = fmt::format("the items whose bounds the BVH `{}` finds along the ray from `{}` along `{}`",
                           bvh, o, d);
        return fmt::format("wp.bvh_query_ray({}, {}, {})", bvh, o, d);
    }
    if (!point_pair(*root.idiom)) {
        const std::string lo = query_point(w);
        std::string hi;
        for (size_t p = 0; p < root.idiom->inputs.size(); ++p)
            if (root.idiom->inputs[p].role == "box maximum" &&
                loop_endpoint(*root.idiom, static_cast<int>(p)) == 0)
                hi = w.bind(root.inputs[p], {"upper", "hi", "box_hi"});
        what = fmt::format("the boxes that the BVH `{}` finds overlapping the box from `{}` to `{}`", bvh, lo,
                           hi);
        return fmt::format("wp.bvh_query_aabb({}, {}, {})", bvh, lo, hi);
    }
    const std::string x = query_point(w), r = radius(w);
    what =
        fmt::format("the {}s whose bounds the BVH `{}` finds within `{}` of `{}`", plan.element, bvh, r, x);
    if (w.dice.among({Knob::WBvhAabb, Knob::WBvhSphere}) == 1)
        return fmt::format("wp.bvh_query_sphere({}, {}, {})", bvh, x, r);
    const std::string ext = fmt::format("wp.vec3({})", r);
    return fmt::format("wp.bvh_query_aabb({}, {} - {}, {} + {})", bvh, x, ext, x, ext);
}

std::string QueryLoop::open_loop(KernelWriter& w, const std::string& own, const std::string&) const {
    const std::string j = w.names.fresh({"j", "index", "k"});
    if (query_ == QueryKind::HashGrid) {
        w.body.open(hash_grid_loop(w, w.text(input_of(w.plan, "hash grid", PortType::H)), j));
    } else {
        std::string what;
        const std::string call = bvh_query(w, what);
        w.plan.scope = "It loops over " + what + ".";
        const std::string q = w.names.fresh({"query", "q", "bvh_query"});
        w.body.line(fmt::format("{} = {}", q, call));
        w.body.line(fmt::format("{} = int(0)", j));
        w.body.open(fmt::format("while wp.bvh_query_next({}, {})", q, j));
    }
    // The structure returns the thread's own element too.
    if (query_ != QueryKind::BvhRay) {
        w.body.open(fmt::format("if {} == {}", j, own));
        w.body.line("continue");
        w.body.close();
    }
    return j;
}

std::vector<int64_t> QueryLoop::array_shape(const Plan& plan, const External& e) const {
    if (e.group.starts_with("item ")) return {plan.inner};
    return plan.dim;
}

} // namespace

const Pattern& hash_grid_pattern() {
    static const QueryLoop p = with_roots(QueryLoop(QueryKind::HashGrid));
    return p;
}

const Pattern& bvh_pattern() {
    static const QueryLoop p = with_roots(QueryLoop(QueryKind::Bvh));
    return p;
}

const Pattern& bvh_ray_pattern() {
    static const QueryLoop p = with_roots(QueryLoop(QueryKind::BvhRay));
    return p;
}

} // namespace ws::synth
