// Gen: output lines, scopes, variables, and the module's type vocabulary.
#include "synth/gen.h"

#include <algorithm>
#include <cstdint>
#include <fmt/format.h>

namespace ws::synth {

std::string Module::type_name(const SType& t, bool python_builtin_scalars) const {
    if (t.kind == Kind::Struct) return structs[static_cast<size_t>(t.custom)].name;
    if (t.custom >= 0 && (t.kind == Kind::Vec || t.kind == Kind::Mat))
        return customs[static_cast<size_t>(t.custom)].name;
    return builtin_type_name(t, python_builtin_scalars);
}

void Gen::line(std::string text) {
    fn.lines.push_back(std::string(static_cast<size_t>(fn.indent) * 4, ' ') + text);
}

void Gen::open(std::string header, size_t hoist_line) {
    fn.blocks.push_back({hoist_line == SIZE_MAX ? fn.lines.size() : hoist_line, fn.indent, fn.dyn_depth,
                         static_cast<int>(fn.loops.size()), fn.trip});
    line(header + ":");
    ++fn.indent;
    ++fn.nesting;
    push_scope();
}

void Gen::close() {
    fn.blocks.pop_back();
    pop_scope();
    --fn.indent;
    --fn.nesting;
}

void Gen::push_scope() {
    fn.block_marks.push_back(fn.vars.size());
}

void Gen::pop_scope() {
    fn.vars.resize(fn.block_marks.back());
    fn.block_marks.pop_back();
}

std::string Gen::fresh(NameRole role, const SType& t) {
    return fn.names.fresh(mod.rng, role, t, mod.category);
}

Var& Gen::define(const std::string& name, const Value& v, bool typed_init) {
    line(fmt::format("{} = {}", name, v.text));
    Var var;
    var.name = name;
    var.type = v.type;
    var.range = v.range;
    var.is_const = v.literal && !typed_init;
    if (var.is_const) var.const_text = v.const_text.empty() ? v.text : v.const_text;
    var.positive = v.positive;
    var.unit = v.unit;
    var.dyn_depth = fn.dyn_depth;
    var.trip_at_def = fn.trip;
    var.block = fn.nesting;
    var.loop_depth = static_cast<int>(fn.loops.size());
    mod.feats.type(v.type);
    fn.vars.push_back(var);
    return fn.vars.back();
}

Var* Gen::find_var(const std::string& name) {
    for (auto it = fn.vars.rbegin(); it != fn.vars.rend(); ++it)
        if (it->name == name) return &*it;
    return nullptr;
}

Value Gen::use(Var& v) {
    ++v.uses;
    v.last_read = ++fn.read_clock;
    Value out;
    out.text = v.name;
    out.type = v.type;
    out.range = v.range;
    out.positive = v.positive;
    out.unit = v.unit;
    out.literal = false;
    if (v.is_const) out.const_text = v.const_text;
    out.const_iter = v.const_iter;
    return out;
}

bool Gen::can_mutate(const Var& v) const {
    if (!v.assignable) return false;
    // Warp rejects mutating a constant (a name bound to a literal) inside a
    // dynamic loop entered after its definition.
    if (v.is_const && fn.dyn_depth > v.dyn_depth) return false;
    return true;
}

bool Gen::read_in_open_loop(const Var& v) const {
    if (static_cast<int>(fn.loops.size()) <= v.loop_depth) return false;
    return v.last_read > fn.loops[static_cast<size_t>(v.loop_depth)].entry_clock;
}

void Gen::note_mutation(Var& v, IntRange added) {
    if (static_cast<int>(fn.loops.size()) > v.loop_depth) mod.feats.add(Tag::loop_carried);
    // A value reassigned inside loops can take its new range on every iteration.
    v.range.lo = std::min(v.range.lo, added.lo);
    v.range.hi = std::max(v.range.hi, added.hi);
    // Once mutated it is no longer a compile-time constant, nor known positive.
    v.is_const = false;
    v.const_text.clear();
    v.positive = false;
    v.unit = false;
}

bool Gen::type_enabled(const SType& t) const {
    for (const auto& [p, w] : mod.palette)
        if (p == t && w > 0) return true;
    return false;
}

SType Gen::pick_type(bool allow_int, bool allow_bool) {
    std::vector<int> weights;
    weights.reserve(mod.palette.size());
    for (const auto& [t, w] : mod.palette) {
        int weight = w;
        if (t.is_int() && !allow_int) weight = 0;
        if (t.is_bool() && !allow_bool) weight = 0;
        weights.push_back(weight);
    }
    size_t i = mod.rng.weighted(weights);
    if (i >= mod.palette.size()) return float_type();
    return mod.palette[i].first;
}

void Gen::begin_statement() {
    need_var = true;
    nodes_left = std::max(2, mod.policy[Knob::ExprNodes]);
}

int Gen::depth_budget() {
    return mod.rng.range(1, std::max(1, mod.policy[Knob::ExprDepth]));
}

} // namespace ws::synth
