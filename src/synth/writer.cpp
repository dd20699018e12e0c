#include "synth/writer.h"

#include "synth/describe.h"
#include "synth/instance.h"
#include "synth/pytext.h"
#include "synth/roles.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fmt/format.h>

namespace ws::synth {

namespace {

bool is_identifier(const std::string& s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    return std::all_of(s.begin(), s.end(),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// A number as written, possibly typed: `0.5`, `-2.0`, `wp.float64(0.5)`.
bool is_literal(const std::string& s) {
    std::string_view t = s;
    if (t.starts_with("wp.float64(") && t.ends_with(")")) t = t.substr(11, t.size() - 12);
    if (t.starts_with('-')) t.remove_prefix(1);
    return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == 'e' || c == '-' || c == '+';
    });
}

std::string upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

std::vector<std::string> role_names(const std::string& role, bool arrays) {
    if (const Role* r = find_role(role)) {
        const auto& v = arrays ? r->arrays : r->names;
        if (!v.empty()) return v;
    }
    std::string base = role;
    std::replace(base.begin(), base.end(), ' ', '_');
    return {base};
}

} // namespace

// Wraps a docstring's words at about 88 columns, indented by four spaces.
std::vector<std::string> docstring_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::string cur;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find(' ', start);
        if (end == std::string::npos) end = text.size();
        const std::string_view word(text.data() + start, end - start);
        if (!cur.empty() && cur.size() + 1 + word.size() > 80) {
            lines.push_back(std::move(cur));
            cur.clear();
        }
        if (!cur.empty()) cur += ' ';
        cur += word;
        start = end + 1;
    }
    if (!cur.empty()) lines.push_back(cur);
    if (lines.size() == 1) return {"\"\"\"" + lines[0] + "\"\"\""};
    std::vector<std::string> out;
    out.push_back("\"\"\"" + lines[0]);
    for (size_t i = 1; i < lines.size(); ++i) out.push_back(lines[i]);
    out.push_back("\"\"\"");
    return out;
}

// ---------------------------------------------------------------- Body

void Body::line(const std::string& text) {
    lines_.push_back(std::string(static_cast<size_t>(indent_) * 4, ' ') + text);
}

void Body::open(const std::string& header) {
    line(header + ":");
    ++indent_;
}

void Body::close() {
    --indent_;
}

void Body::blank() {
    lines_.emplace_back();
}

// ---------------------------------------------------------------- KernelWriter

KernelWriter::KernelWriter(Plan& p, Dice& d)
    : plan(p), dice(d), text_(p.graph.values.size()), external_arrays_(p.graph.externals.size()) {
    style_ = static_cast<ArrayStyle>(
        dice.among({Knob::WArrayCall, Knob::WArrayItem, Knob::WArrayNd, Knob::WArrayNdim}));
    builtin_scalars_ = dice.on(Knob::PBuiltinScalars);
    for (const Node& n : plan.graph.nodes) {
        if (n.nested >= 0)
            nested_helper(n);
        else if (n.helper)
            helper(*n.idiom);
    }
}

std::string KernelWriter::type_name(PortType t) const {
    return builtin_type_name(port_stype(t, plan.fp), builtin_scalars_);
}

std::string KernelWriter::array_annotation(PortType t, int ndim, bool float16) const {
    const std::string dtype = float16 ? "wp.float16" : type_name(t);
    switch (style_) {
    case ArrayStyle::Item:
        return ndim == 1 ? fmt::format("wp.array[{}]", dtype) : fmt::format("wp.array{}d[{}]", ndim, dtype);
    case ArrayStyle::Nd: return fmt::format("wp.array{}d(dtype={})", ndim, dtype);
    case ArrayStyle::Ndim:
        return ndim == 1 ? fmt::format("wp.array(dtype={})", dtype)
                         : fmt::format("wp.array(dtype={}, ndim={})", dtype, ndim);
    case ArrayStyle::Call: break;
    }
    return ndim == 1 ? fmt::format("wp.array(dtype={})", dtype)
                     : fmt::format("wp.array{}d(dtype={})", ndim, dtype);
}

namespace {

// into.fresh() of the candidates `other` leaves free (else of the first one with `suffix`), without
// copying them into a list of their own: the writer names a few hundred things per kernel.
std::string fresh_in(NameSet& into, const NameSet& other, const std::vector<std::string>& candidates,
                     std::string_view suffix) {
    const std::string* first_free = nullptr; // in `other`, taken in `into`
    for (const std::string& c : candidates) {
        if (other.taken(c)) continue;
        if (!into.taken(c)) {
            into.reserve(c);
            return c;
        }
        if (!first_free) first_free = &c;
    }
    if (first_free) return into.fresh_from(*first_free);
    return into.fresh({candidates.empty() ? std::string("tmp") : candidates.front() + std::string(suffix)});
}

} // namespace

std::string KernelWriter::fresh(const std::vector<std::string>& candidates) {
    return fresh_in(names, module_names_, candidates, "_v");
}

std::string KernelWriter::module_fresh(const std::vector<std::string>& candidates) {
    return fresh_in(module_names_, names, candidates, "_fn");
}

std::string KernelWriter::array_param(const std::vector<std::string>& candidates, PortType t,
                                      std::vector<int64_t> shape, double lo, double hi, bool output,
                                      bool float16) {
    const std::string name = fresh(candidates);
    const std::string ann = array_annotation(t, static_cast<int>(shape.size()), float16);
    params_.push_back({name, ann});
    args_.push_back(ArgSpec{name, ann, std::move(shape), lo, hi, output});
    return name;
}

std::string KernelWriter::mask_param(const std::vector<std::string>& candidates, std::vector<int64_t> shape) {
    static const std::vector<std::string> kTypes = {"wp.uint8", "wp.int32", "int", "bool"};
    const std::string name = fresh(candidates);
    const std::string dtype = dice.pick(kTypes);
    const int ndim = static_cast<int>(shape.size());
    std::string ann;
    switch (style_) {
    case ArrayStyle::Item:
        ann = ndim == 1 ? fmt::format("wp.array[{}]", dtype) : fmt::format("wp.array{}d[{}]", ndim, dtype);
        break;
    case ArrayStyle::Ndim:
        ann = ndim == 1 ? fmt::format("wp.array(dtype={})", dtype)
                        : fmt::format("wp.array(dtype={}, ndim={})", dtype, ndim);
        break;
    default:
        ann = ndim == 1 ? fmt::format("wp.array(dtype={})", dtype)
                        : fmt::format("wp.array{}d(dtype={})", ndim, dtype);
    }
    params_.push_back({name, ann});
    args_.push_back(ArgSpec{name, ann, std::move(shape), 0.0, 1.0, false});
    return name;
}

std::string KernelWriter::index_vector_param(const std::vector<std::string>& candidates, int n,
                                             std::vector<int64_t> shape, double max) {
    const std::string name = fresh(candidates);
    const std::string dtype = fmt::format("wp.vec{}i", n);
    const std::string ann = style_ == ArrayStyle::Item ? fmt::format("wp.array[{}]", dtype)
                                                       : fmt::format("wp.array(dtype={})", dtype);
    params_.push_back({name, ann});
    args_.push_back(ArgSpec{name, ann, std::move(shape), 0.0, max, false});
    return name;
}

std::string KernelWriter::scalar_param(const std::vector<std::string>& candidates, PortType t, double lo,
                                       double hi) {
    const std::string name = fresh(candidates);
    const std::string ann = type_name(t);
    params_.push_back({name, ann});
    args_.push_back(ArgSpec{name, ann, {}, lo, hi, false});
    return name;
}

std::pair<double, double> value_range(const External& e) {
    double lo = -1.0, hi = 1.0;
    if (const Role* r = find_role(e.role)) lo = r->spec->lo, hi = r->spec->hi;
    if (e.facts.has_range) return {static_cast<double>(e.facts.lo), static_cast<double>(e.facts.hi)};
    if (e.facts.unit01) lo = std::max(lo, 0.0), hi = std::min(hi, 1.0);
    if (e.facts.nonneg) lo = std::max(lo, 0.0);
    if (e.facts.positive && lo <= 0.0) lo = hi > 0.0 ? std::max(hi * 0.05, 1e-3) : 0.1;
    if (hi <= lo) hi = lo + 1.0;
    if (e.max_abs > 0.0) lo = std::max(lo, -e.max_abs), hi = std::min(hi, e.max_abs);
    return {lo, hi};
}

// A uniform input as a literal or a module constant when it has a typical
// value and the style says so; "" when it is to be a parameter.
std::string KernelWriter::uniform_text(int ext) {
    const External& e = plan.graph.externals[static_cast<size_t>(ext)];
    if (!e.default_value.empty() && dice.on(Knob::PLiteral))
        return retarget({{e.default_value, false}}, plan.fp);
    // Warp retypes an integer constant in place when a float64 cast reads it
    // (`wp.float64(N)`), so in float64 kernels integers stay literals or parameters.
    const bool int_typed = e.type == PortType::I || e.type == PortType::U || e.type == PortType::L;
    if (!e.default_value.empty() && !(int_typed && plan.fp == Scalar::F64) && dice.on(Knob::PModuleConst)) {
        std::vector<std::string> cands;
        for (const std::string& n : role_names(e.role, false)) cands.push_back(upper(n));
        const std::string name = module_fresh(cands);
        const bool plain = e.type == PortType::F && plan.fp == Scalar::F32 && dice.on(Knob::PLiteral);
        const std::string value = retarget({{e.default_value, false}}, plan.fp);
        module_lines_.push_back(plain ? fmt::format("{} = {}", name, value)
                                      : fmt::format("{} = wp.constant({})", name, value));
        return name;
    }
    return "";
}

namespace {

// Whether a uniform input can live in a parameter struct: the verifier fills
// every field of a struct from one range, [0.1, 1], which must suit it (and
// meet its role's values: a tiling of 0.5 tiles nothing).
bool struct_field_ok(const External& e) {
    const bool float_typed =
        e.type == PortType::F || e.type == PortType::V2 || e.type == PortType::V3 || e.type == PortType::V4;
    const Role* role = find_role(e.role);
    const bool role_fits = !role || (role->spec->lo < 1.0 && role->spec->hi > 0.1);
    return float_typed && role_fits && !e.facts.has_range && (e.max_abs == 0.0 || e.max_abs >= 1.0);
}

} // namespace

void KernelWriter::declare_uniforms() {
    std::vector<size_t> params;
    for (size_t i = 0; i < plan.graph.externals.size(); ++i) {
        if (plan.graph.externals[i].access != Access::Uniform) continue;
        std::string t = uniform_text(static_cast<int>(i));
        if (t.empty())
            params.push_back(i);
        else
            text_[static_cast<size_t>(plan.graph.externals[i].value)] = std::move(t);
    }
    const size_t fit = static_cast<size_t>(std::count_if(
        params.begin(), params.end(), [&](size_t i) { return struct_field_ok(plan.graph.externals[i]); }));
    if (fit >= 2 && dice.on(Knob::PStruct)) {
        declare_struct(params);
        return;
    }
    for (size_t i : params) {
        const External& e = plan.graph.externals[i];
        auto [lo, hi] = value_range(e);
        text_[static_cast<size_t>(e.value)] = scalar_param(role_names(e.role, false), e.type, lo, hi);
    }
}

// Uniform inputs grouped in a @wp.struct passed as one parameter (`params.dt`).
void KernelWriter::declare_struct(const std::vector<size_t>& params) {
    static const std::vector<std::string> kStructNames[] = {
        {"Params", "Settings"},         {"SimParams", "ParticleParams"},
        {"BodyParams", "RigidParams"},  {"MaterialParams", "Params"},
        {"QueryParams", "Params"},      {"RenderParams", "ImageParams"},
        {"ModelConfig", "OptimConfig"}, {"SampleParams", "Params"},
        {"GridParams", "SolverParams"}, {"Params", "Config"}};
    const std::string type = module_fresh(kStructNames[static_cast<size_t>(plan.domain)]);
    const std::string var = fresh({"params", "p", "cfg", "settings"});
    std::string def = fmt::format("@wp.struct\nclass {}:\n", type);
    NameSet fields;
    for (size_t i : params) {
        const External& e = plan.graph.externals[i];
        if (!struct_field_ok(e)) {
            auto [lo, hi] = value_range(e);
            text_[static_cast<size_t>(e.value)] = scalar_param(role_names(e.role, false), e.type, lo, hi);
            continue;
        }
        const std::string field = fields.fresh(role_names(e.role, false));
        def += fmt::format("    {}: {}\n", field, type_name(e.type));
        text_[static_cast<size_t>(e.value)] = var + "." + field;
    }
    struct_texts_.push_back(std::move(def));
    params_.push_back({var, type});
    args_.push_back(ArgSpec{var, type, {}, 0.1, 1.0, false});
}

std::string KernelWriter::array_of(int ext, std::vector<int64_t> shape, int /*extra_dims*/) {
    const External& e = plan.graph.externals[static_cast<size_t>(ext)];
    const std::string key = e.group.empty() ? fmt::format("ext{}", ext) : e.group;
    auto it = arrays_.find(key);
    if (it == arrays_.end()) {
        std::vector<std::string> cands = role_names(e.role, true);
        // A second array of one role reads best named after its port (xa, xb).
        if (std::any_of(cands.begin(), cands.end(), [&](const std::string& c) { return names.taken(c); }))
            cands.insert(cands.begin(), e.port_name);
        auto [lo, hi] = value_range(e);
        const bool f16 = e.type == PortType::F && plan.fp == Scalar::F32 && dice.on(Knob::PFloat16);
        it = arrays_.emplace(key, array_param(cands, e.type, std::move(shape), lo, hi, false, f16)).first;
    }
    external_arrays_[static_cast<size_t>(ext)] = it->second;
    return it->second;
}

const std::string& KernelWriter::array_name(int ext) const {
    return external_arrays_[static_cast<size_t>(ext)];
}

void KernelWriter::set_text(int value, std::string t) {
    text_[static_cast<size_t>(value)] = std::move(t);
}

std::string KernelWriter::operand(int value) const {
    const std::string& t = text(value);
    return is_atomic_expr(t) ? t : "(" + t + ")";
}

std::string KernelWriter::bind(int value, const std::vector<std::string>& candidates) {
    std::string& t = text_[static_cast<size_t>(value)];
    if (is_identifier(t)) return t;
    const std::string name = fresh(candidates);
    body.line(name + " = " + t);
    t = name;
    return name;
}

void KernelWriter::read(int ext, const std::string& access_text) {
    const External& e = plan.graph.externals[static_cast<size_t>(ext)];
    const Value& v = plan.graph.values[static_cast<size_t>(e.value)];
    std::string t = access_text;
    const bool f16 = std::any_of(args_.begin(), args_.end(), [&](const ArgSpec& a) {
        return a.name == array_name(ext) && a.type.find("float16") != std::string::npos;
    });
    if (f16) t = type_name(PortType::F) + "(" + t + ")";
    if (e.facts.unit) t = "wp.normalize(" + t + ")";
    text_[static_cast<size_t>(e.value)] = t;
    if (v.consumers > 1 || !dice.on(Knob::PInlineLoad)) {
        std::vector<std::string> cands = role_names(e.role, false);
        // Neighbours and endpoints read best by their port (xm, yp; xa, xb).
        if (e.access == Access::Neighbor || e.access == Access::Endpoint)
            cands.insert(cands.begin(), e.port_name);
        else if (names.taken(cands.front()))
            cands.insert(cands.begin(), e.port_name); // a second input of one role: by its port (xb)
        bind(e.value, cands);
    }
}

void KernelWriter::read_all(Stage stage, const std::string& index_text) {
    for (size_t i = 0; i < plan.graph.externals.size(); ++i) {
        const External& e = plan.graph.externals[i];
        if (e.access != Access::Element) continue;
        if (plan.graph.values[static_cast<size_t>(e.value)].stage != stage) continue;
        read(static_cast<int>(i), array_name(static_cast<int>(i)) + "[" + index_text + "]");
    }
}

std::vector<std::string> KernelWriter::output_names(int value) const {
    const Value& v = plan.graph.values[static_cast<size_t>(value)];
    std::vector<std::string> out;
    // Two outputs of one role are told apart by what computed them (lap, blurred).
    bool shared_role = false;
    for (const Sink& s : plan.graph.sinks)
        shared_role = shared_role ||
                      (s.value != value && plan.graph.values[static_cast<size_t>(s.value)].role == v.role);
    if (shared_role && v.node >= 0) {
        const Node& n = plan.graph.nodes[static_cast<size_t>(v.node)];
        for (const std::string& name :
             n.idiom->names_for(n.idiom->outputs[static_cast<size_t>(v.port)].name)) {
            if (!names.taken(name)) out.push_back(name);
            out.push_back(name + "_out");
        }
    }
    for (const std::string& a : role_names(v.role, true)) {
        if (!names.taken(a)) out.push_back(a);
        out.push_back(a + "_out");
        out.push_back("out_" + a);
    }
    return out;
}

void KernelWriter::store(const std::string& array, const std::string& index, int value) {
    const bool f16 = std::any_of(args_.begin(), args_.end(), [&](const ArgSpec& a) {
        return a.name == array && a.type.find("float16") != std::string::npos;
    });
    body.line(
        fmt::format("{}[{}] = {}", array, index, f16 ? "wp.float16(" + text(value) + ")" : text(value)));
}

void KernelWriter::mark_output(const std::string& array) {
    for (ArgSpec& a : args_)
        if (a.name == array) a.is_output = true;
}

// ---------------------------------------------------------------- idioms

std::string KernelWriter::helper(const Idiom& idiom) {
    auto it = helpers_.find(&idiom);
    if (it != helpers_.end()) return it->second;
    const std::string name = module_fresh({std::string(idiom.id())});
    std::string params;
    for (const Port& p : idiom.inputs)
        params += (params.empty() ? "" : ", ") + p.name + ": " + type_name(p.type);
    std::string ret;
    if (dice.on(Knob::PReturnAnnot)) {
        if (idiom.outputs.size() == 1) ret = " -> " + type_name(idiom.outputs[0].type);
    }
    std::string text = fmt::format("@wp.func\ndef {}({}){}:\n", name, params, ret);
    for (const std::string& l : render_helper_body(idiom, plan.fp)) text += "    " + l + "\n";
    helper_texts_.push_back(std::move(text));
    helpers_.emplace(&idiom, name);
    return name;
}

// A helper that calls the helper of the idiom feeding one of its inputs:
// its parameters are that idiom's inputs and its own other inputs.
std::string KernelWriter::nested_helper(const Node& n) {
    auto it = helpers_.find(n.idiom);
    if (it != helpers_.end()) return it->second;
    const Node& inner = plan.graph.nodes[static_cast<size_t>(n.nested)];
    const std::string inner_name = helper(*inner.idiom); // defined first
    // Named for what it returns of what: rounded_angle_between, gated_ease_in_out.
    const std::string word = n.idiom->names_for(n.idiom->outputs[0].name).front();
    const bool plain_word = word.size() >= 4 && std::all_of(word.begin(), word.end(), [](char c) {
                                return std::islower(static_cast<unsigned char>(c));
                            });
    const std::string name =
        module_fresh({plain_word ? word + "_" + std::string(inner.idiom->id()) : std::string(n.idiom->id())});
    std::string params, inner_args;
    for (const Port& p : inner.idiom->inputs) {
        params += (params.empty() ? "" : ", ") + p.name + ": " + type_name(p.type);
        inner_args += (inner_args.empty() ? "" : ", ") + p.name;
    }
    std::vector<std::string> inputs;
    for (size_t p = 0; p < n.idiom->inputs.size(); ++p) {
        const Port& port = n.idiom->inputs[p];
        if (static_cast<int>(p) == n.nested_port) {
            inputs.push_back(inner.idiom->outputs[0].name);
            continue;
        }
        inputs.push_back(port.name);
        params += ", " + port.name + ": " + type_name(port.type);
    }
    std::string text = fmt::format("@wp.func\ndef {}({}):\n", name, params);
    text += fmt::format("    {} = {}({})\n", inner.idiom->outputs[0].name, inner_name, inner_args);
    for (const std::string& l : render_helper_body(*n.idiom, plan.fp, inputs)) text += "    " + l + "\n";
    helper_texts_.push_back(std::move(text));
    helpers_.emplace(n.idiom, name);
    return name;
}

void KernelWriter::write_nodes(Stage stage) {
    for (size_t i = 0; i < plan.graph.nodes.size(); ++i)
        if (plan.graph.nodes[i].stage == stage) write_node(static_cast<int>(i));
}

void KernelWriter::write_node(int index) {
    const Node& n = plan.graph.nodes[static_cast<size_t>(index)];
    if (n.inside) return; // computed inside the helper of the idiom it feeds
    const Idiom& idiom = *n.idiom;
    const auto& vals = plan.graph.values;
    Binding b;
    std::vector<std::string> arg_names; // parameter names of the call, in order
    if (n.nested >= 0) {
        const Node& inner = plan.graph.nodes[static_cast<size_t>(n.nested)];
        for (size_t p = 0; p < inner.idiom->inputs.size(); ++p) {
            b.inputs.push_back(text(inner.inputs[p]));
            arg_names.push_back(inner.idiom->inputs[p].name);
        }
    }
    for (size_t p = 0; p < idiom.inputs.size(); ++p) {
        if (static_cast<int>(p) == n.nested_port) continue;
        arg_names.push_back(idiom.inputs[p].name);
        const int v = n.inputs[p];
        if (!n.helper && reads_of(idiom, static_cast<int>(p)) > 1 && !is_identifier(text(v)) &&
            !is_literal(text(v)))
            bind(v, role_names(vals[static_cast<size_t>(v)].role, false));
        b.inputs.push_back(text(v));
    }
    const bool single = idiom.outputs.size() == 1;
    const int out0 = n.outputs[0];
    const bool inline_ok =
        single && vals[static_cast<size_t>(out0)].consumers == 1 && dice.on(Knob::PInlineExpr);
    auto out_names = [&](size_t o) {
        std::vector<std::string> c = idiom.names_for(idiom.outputs[o].name);
        for (const std::string& r : role_names(vals[static_cast<size_t>(n.outputs[o])].role, false))
            c.push_back(r);
        return c;
    };
    const bool comment = !(inline_ok && (n.helper || idiom.expression)) && dice.on(Knob::PComment);
    if (comment) body.line("# " + comment_text(plan, index, text_));
    if (n.helper) {
        std::string call = (n.nested >= 0 ? nested_helper(n) : helper(idiom)) + "(";
        const bool kw = dice.on(Knob::PKeywordArgs);
        for (size_t p = 0; p < b.inputs.size(); ++p)
            call += (p ? ", " : "") + (kw && p > 0 ? arg_names[p] + "=" : std::string()) + b.inputs[p];
        call += ")";
        if (inline_ok) {
            set_text(out0, call);
            return;
        }
        std::string lhs;
        for (size_t o = 0; o < idiom.outputs.size(); ++o) {
            const std::string name = fresh(out_names(o));
            set_text(n.outputs[o], name);
            lhs += (o ? ", " : "") + name;
        }
        body.line(lhs + " = " + call);
        return;
    }
    if (idiom.expression) {
        set_text(out0, render_expression(idiom, b, plan.fp));
        if (!inline_ok) bind(out0, out_names(0));
        return;
    }
    for (const std::string& t : idiom.temps) b.temps.push_back(fresh(idiom.names_for(t)));
    for (size_t o = 0; o < idiom.outputs.size(); ++o) {
        b.outputs.push_back(fresh(out_names(o)));
        set_text(n.outputs[o], b.outputs.back());
    }
    for (const std::string& l : render_lines(idiom, b, plan.fp)) body.line(l);
}

// ---------------------------------------------------------------- module

std::string KernelWriter::render(const std::string& kernel_name, const std::string& description) const {
    // Appended piece by piece: a temporary string per line cost an allocation per line.
    std::string out = "import warp as wp\n";
    auto line = [&](std::string_view indent, const std::string& l) {
        out += indent;
        out += l;
        out += '\n';
    };
    if (!module_lines_.empty()) {
        out += "\n";
        for (const std::string& l : module_lines_) line("", l);
    }
    for (const std::vector<std::string>* texts : {&struct_texts_, &helper_texts_})
        for (const std::string& t : *texts) {
            out += "\n\n";
            out += t;
        }
    std::vector<std::pair<std::string, std::string>> signature;
    for (const Param& p : params_) signature.emplace_back(p.name, p.annotation);
    out += "\n\n";
    out += kernel_header(kernel_name, signature);
    if (!description.empty())
        for (const std::string& l : docstring_lines(description)) line(l.empty() ? "" : "    ", l);
    for (const std::string& l : body.lines()) line("", l);
    return out;
}

LaunchSpec KernelWriter::launch() const {
    return LaunchSpec{plan.dim, args_};
}

} // namespace ws::synth
