// The builtin registry: the generated table turned into Builtin/Overload
// objects once, a hash map from key to builtin, and each overload's rules
// bound to their C++ implementations.
#include "builtins/builtin.h"
#include "builtins/rules.h"
#include "builtins/type_pattern.h"
#include "types/name_map.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <string>

namespace ws::builtins {

namespace {

struct RawParam {
    int name;
    int pattern;
    int default_value; // string index, -1: no default
};

enum RawFlags : unsigned {
    kVariadic = 1u << 0,
    kSkipReplay = 1u << 1,
    kDifferentiable = 1u << 2,
    kRequireOriginalOutputArg = 1u << 3,
    kAdjointUsesTemplateArgs = 1u << 4,
    kGeneric = 1u << 5,
    kHidden = 1u << 6,
    kExport = 1u << 7,
};

struct RawOverload {
    std::string_view key;
    std::string_view native_func;
    std::string_view ns;
    int first_param;
    int param_count;
    int value_type; // pattern; -1: rule-decided; -2: void
    unsigned flags;
    int value_rule;
    int value_rule_arg;
    int dispatch_rule;
    int dispatch_rule_arg;
    int init_list_rule;
};

struct RawBuiltin {
    std::string_view key;
    std::string_view native_func;
    int first_overload;
    int overload_count;
    bool python_defined;
};

#include "builtins/registry_table.inc"

[[noreturn]] void table_error(std::string_view what, std::string_view text) {
    std::fprintf(stderr, "warpsynth: internal error: registry table: %.*s '%.*s'\n",
                 static_cast<int>(what.size()), what.data(), static_cast<int>(text.size()), text.data());
    std::abort();
}

// Decodes a default value: N, b:0/1, i:INT, f:REPR, s:SCALAR:VALUE, t:PATTERN, str:TEXT.
void decode_default(std::string_view text, Param& p) {
    p.has_default = true;
    if (text == "N") {
        p.default_is_none = true;
        return;
    }
    auto colon = text.find(':');
    if (colon == std::string_view::npos) table_error("bad default", text);
    std::string_view tag = text.substr(0, colon), body = text.substr(colon + 1);
    auto parse_double = [&](std::string_view s) {
        if (s == "inf") return HUGE_VAL;
        if (s == "-inf") return -HUGE_VAL;
        return std::strtod(std::string(s).c_str(), nullptr);
    };
    auto parse_int = [&](std::string_view s) {
        int64_t v = 0;
        std::from_chars(s.data(), s.data() + s.size(), v);
        return v;
    };
    if (tag == "b") {
        p.default_value = Constant::py_bool(body == "1");
    } else if (tag == "i") {
        p.default_value = Constant::py_int(parse_int(body));
    } else if (tag == "f") {
        p.default_value = Constant::py_float(parse_double(body));
    } else if (tag == "s") {
        auto colon2 = body.find(':');
        auto scalar = scalar_from_name(body.substr(0, colon2));
        if (!scalar) table_error("bad scalar default", text);
        std::string_view value = body.substr(colon2 + 1);
        Constant from =
            is_float(*scalar) ? Constant::py_float(parse_double(value)) : Constant::py_int(parse_int(value));
        p.default_value = Constant::warp_scalar(*scalar, from);
    } else if (tag == "t") {
        p.default_type = parse_pattern(body)->concrete;
    }
    // "str:" and unknown defaults carry no value warpsynth can use; the
    // parameters they belong to (tile storage modes) never resolve.
}

// The type func_match_args gives a default (get_arg_type of the Python value),
// checked against the parameter's pattern once: the answer never changes.
bool default_matches(const Param& p, std::string_view text) {
    if (!p.has_default || p.default_is_none) return true; // None: left to the value rule
    if (text.starts_with("str:"))
        return p.pattern->kind == TypePattern::Kind::Any || p.pattern->kind == TypePattern::Kind::Str;
    TypeRef t = p.default_value ? p.default_value->type : p.default_type;
    return matches(*p.pattern, t);
}

template <class Rule>
const Rule* find_rule(std::span<const Rule> table, std::string_view name) {
    for (const Rule& r : table)
        if (r.name == name) return &r;
    return nullptr;
}

template <class Rule>
const Rule* find_rule_in(std::initializer_list<std::span<const Rule>> tables, std::string_view name) {
    for (auto table : tables)
        if (const Rule* r = find_rule(table, name)) return r;
    return nullptr;
}

class Registry {
  public:
    Registry() {
        using namespace detail;
        for (std::string_view text : kPatternTexts) patterns_.push_back(parse_pattern(text));

        // One line per builtin family (rules_<family>.cpp).
        // clang-format off
        const auto value_tables = {
            math_value_rules(),
            vector_value_rules(),
            matrix_value_rules(),
            quat_transform_value_rules(),
            spatial_value_rules(),
            array_value_rules(),
            utility_value_rules(),
            volume_value_rules(),
            texture_value_rules(),
            tile_value_rules(),
            tile_linalg_value_rules(),
            tile_inplace_value_rules(),
            tile_construct_value_rules(),
            tile_stack_value_rules(),
            tile_shape_value_rules(),
            tile_view_value_rules(),
            tile_indexed_value_rules(),
            tile_element_value_rules(),
        };
        const auto dispatch_tables = {
            vector_dispatch_rules(),
            matrix_dispatch_rules(),
            quat_transform_dispatch_rules(),
            spatial_dispatch_rules(),
            array_dispatch_rules(),
            utility_dispatch_rules(),
            volume_dispatch_rules(),
            texture_dispatch_rules(),
            tile_dispatch_rules(),
            tile_linalg_dispatch_rules(),
            tile_inplace_dispatch_rules(),
            tile_construct_dispatch_rules(),
            tile_stack_dispatch_rules(),
            tile_shape_dispatch_rules(),
            tile_view_dispatch_rules(),
            tile_indexed_dispatch_rules(),
            tile_element_dispatch_rules(),
        };
        // clang-format on
        const auto init_tables = {vector_init_list_rules(), matrix_init_list_rules(),
                                  quat_transform_init_list_rules(), spatial_init_list_rules()};

        for (const RawOverload& raw : kOverloads) {
            Overload& ov = overloads_.emplace_back();
            ov.key = raw.key;
            ov.native_func = raw.native_func;
            ov.ns = raw.ns;
            bool keyword_only = false;
            uint64_t default_mismatch = 0;
            for (int i = 0; i < raw.param_count; ++i) {
                const RawParam& rp = kParams[raw.first_param + i];
                Param p;
                p.name = kStrings[rp.name];
                p.pattern = patterns_[rp.pattern];
                p.variadic = p.name.starts_with("*") && !p.name.starts_with("**");
                p.keyword_only = keyword_only;
                if (p.variadic) keyword_only = true;
                if (rp.default_value >= 0) {
                    decode_default(kStrings[rp.default_value], p);
                    if (!default_matches(p, kStrings[rp.default_value]) && i < 64)
                        default_mismatch |= uint64_t{1} << i;
                }
                ov.params.push_back(std::move(p));
            }
            if (raw.value_type == -2) {
                ov.returns_void = true;
            } else if (raw.value_type >= 0) {
                const TypePattern* vt = patterns_[raw.value_type];
                if (vt->kind == TypePattern::Kind::List) {
                    for (const TypePattern* e : vt->elems) ov.value_types.push_back(e->concrete);
                } else {
                    ov.value_type = vt->concrete;
                    ov.value_types.push_back(vt->concrete);
                }
                for (TypeRef t : ov.value_types)
                    if (!t) ov.supported = false; // Any, bfloat16, tiles...
            }
            ov.variadic = raw.flags & kVariadic;
            ov.skip_replay = raw.flags & kSkipReplay;
            ov.is_differentiable = raw.flags & kDifferentiable;
            ov.require_original_output_arg = raw.flags & kRequireOriginalOutputArg;
            ov.adjoint_uses_template_args = raw.flags & kAdjointUsesTemplateArgs;
            ov.is_generic = raw.flags & kGeneric;
            ov.hidden = raw.flags & kHidden;
            ov.exported = raw.flags & kExport;
            ov.value_rule = kStrings[raw.value_rule];
            ov.value_rule_arg = kStrings[raw.value_rule_arg];
            ov.dispatch_rule = kStrings[raw.dispatch_rule];
            ov.initializer_list_rule = kStrings[raw.init_list_rule];
            ov.has_value_func = !ov.value_rule.empty();
            ov.has_dispatch_func = !ov.dispatch_rule.empty();
            ov.has_initializer_list_func = !ov.initializer_list_rule.empty();
            ov.has_lto_dispatch_func = ov.dispatch_rule.starts_with("lto:");

            OverloadImpl& impl = impls_.emplace_back();
            impl.default_mismatch = default_mismatch;
            if (ov.has_value_func) {
                impl.value = find_rule_in<ValueRule>(value_tables, ov.value_rule);
                if (!impl.value)
                    ov.supported = false;
                else
                    impl.untyped_outputs = impl.value->untyped_outputs;
            } else {
                impl.untyped_outputs =
                    ov.value_types.size() > 1 ? static_cast<int>(ov.value_types.size()) : kUntypedSingle;
            }
            if (ov.has_dispatch_func) {
                impl.dispatch = find_rule_in<DispatchRule>(dispatch_tables, ov.dispatch_rule);
                if (!impl.dispatch) ov.supported = false;
            }
            if (ov.has_initializer_list_func) {
                impl.init_list = find_rule_in<InitListRule>(init_tables, ov.initializer_list_rule);
                if (!impl.init_list) ov.supported = false;
            }
            ov.impl = &impl;
        }

        for (const RawBuiltin& raw : kBuiltins) {
            Builtin& b = builtins_.emplace_back();
            b.key = raw.key;
            b.python_defined = raw.python_defined;
            b.native_func = raw.native_func;
            for (int i = 0; i < raw.overload_count; ++i) {
                Overload& ov = overloads_[raw.first_overload + i];
                ov.index = i;
                b.overloads.push_back(&ov);
            }
            if (const Builtin*& slot = by_key_[b.key]; !slot) slot = &b; // the first of a key
            order_.push_back(&b);
        }
    }

    const Builtin* find(std::string_view key) const {
        auto it = by_key_.find(key);
        return it == by_key_.end() ? nullptr : it->second;
    }
    std::span<const Builtin* const> all() const { return order_; }

  private:
    std::vector<const TypePattern*> patterns_;
    std::deque<Overload> overloads_; // stable addresses
    std::deque<detail::OverloadImpl> impls_;
    std::deque<Builtin> builtins_;
    // Flat (no division by a prime, no node to chase): builtins::find ran 3.5 times longer than
    // its instructions in std::unordered_map.
    NameMap<const Builtin*> by_key_;
    std::vector<const Builtin*> order_;
};

} // namespace

namespace {
const Registry& the_registry() {
    static const Registry* r = new Registry(); // never destroyed: callers hold pointers into it
    return *r;
}
} // namespace

const Builtin* find(std::string_view key) {
    return the_registry().find(key);
}

std::span<const Builtin* const> all_builtins() {
    return the_registry().all();
}

std::string_view registry_warp_version() {
    return kWarpVersion;
}

} // namespace ws::builtins
