// Differential test of the builtin rules against real Warp.
//
// tests/builtins/dump_builtin_cases.py runs tens of thousands of builtin calls
// through the pinned Warp's own resolution and callbacks and writes what Warp
// decides (format documented there). This test replays every call through
// warpsynth's find/resolve/bind/result_of/dispatch/uses_initializer_list and
// compares field by field. Calls that reach a rule warpsynth does not
// implement are counted as "unsupported", not as passes.
//
// The cases file comes from the environment variable WS_BUILTIN_CASES (set by
// CTest after the fixture that generates it); a missing file is a failure.
#include "builtins/builtin.h"
#include "builtins/type_pattern.h"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <deque>
#include <fmt/format.h>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace ws::builtins {
namespace {

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> out;
    size_t start = 0;
    while (true) {
        size_t pos = s.find(sep, start);
        out.push_back(s.substr(start, pos == std::string_view::npos ? std::string_view::npos : pos - start));
        if (pos == std::string_view::npos) break;
        start = pos + 1;
    }
    return out;
}

// Warpsynth's spelling of a type in the pattern grammar (as the dump spells Warp's).
std::string enc(TypeRef t) {
    if (!t) return "?";
    switch (t->kind) {
    case TypeKind::Scalar: return std::string(scalar_name(t->scalar));
    case TypeKind::Vector: return fmt::format("vec({},{})", t->length, scalar_name(t->scalar));
    case TypeKind::Matrix: return fmt::format("mat({},{},{})", t->rows, t->cols, scalar_name(t->scalar));
    case TypeKind::Quaternion: return fmt::format("quat({})", scalar_name(t->scalar));
    case TypeKind::Transform: return fmt::format("transform({})", scalar_name(t->scalar));
    case TypeKind::Array: {
        static constexpr std::string_view kNames[] = {"array", "indexedarray", "fabricarray",
                                                      "indexedfabricarray", "fixedarray"};
        return fmt::format("{}({},{})", kNames[static_cast<int>(t->array_class)], enc(t->elem), t->ndim);
    }
    case TypeKind::Reference: return fmt::format("ref({})", enc(t->elem));
    case TypeKind::Tuple: {
        std::string s = "tuple(";
        for (size_t i = 0; i < t->elems.size(); ++i) s += (i ? "," : "") + enc(t->elems[i]);
        return s + ")";
    }
    case TypeKind::Range: return "range_t";
    case TypeKind::Shape: return "shape_t";
    case TypeKind::Slice: return "opaque:slice_t"; // the dump spells a slice_t instance so
    case TypeKind::Struct: return "struct:" + t->st->key;
    case TypeKind::Opaque: return "opaque:" + t->repr.substr(t->repr.rfind('.') + 1); // the class name
    default: return t->repr;
    }
}

// A constant as the dump spells it: pyint:3, pyfloat:1.5, pybool:1, scalar:T:V, comp:T:v1,v2.
struct ConstText {
    std::string kind; // pyint, pyfloat, pybool, scalar, comp
    std::string type; // scalar: the scalar name; comp: the pattern
    std::vector<double> values;
};

double parse_number(std::string_view s) {
    if (s == "True") return 1;
    if (s == "False") return 0;
    if (s == "inf") return INFINITY;
    if (s == "-inf") return -INFINITY;
    if (s == "nan") return NAN;
    return std::strtod(std::string(s).c_str(), nullptr);
}

ConstText parse_const_text(std::string_view s) {
    ConstText c;
    size_t colon = s.find(':');
    c.kind = std::string(s.substr(0, colon));
    std::string_view rest = s.substr(colon + 1);
    if (c.kind == "scalar" || c.kind == "comp") {
        // the type may contain ':'? no: patterns never do.
        size_t colon2 = rest.rfind(':');
        c.type = std::string(rest.substr(0, colon2));
        rest = rest.substr(colon2 + 1);
    }
    for (std::string_view v : split(rest, ',')) c.values.push_back(parse_number(v));
    return c;
}

Constant make_constant(std::string_view text) {
    ConstText c = parse_const_text(text);
    if (c.kind == "pyint") return Constant::py_int(static_cast<int64_t>(c.values.at(0)));
    if (c.kind == "pyfloat") return Constant::py_float(c.values.at(0));
    if (c.kind == "pybool") return Constant::py_bool(c.values.at(0) != 0);
    if (c.kind == "scalar") {
        auto s = scalar_from_name(c.type);
        std::string_view raw = text.substr(text.rfind(':') + 1);
        bool float_text = raw.find_first_of(".eEn") != std::string_view::npos; // 1.5, 1e-06, inf, nan
        Constant from = float_text ? Constant::py_float(c.values.at(0))
                                   : Constant::py_int(static_cast<int64_t>(c.values.at(0)));
        if (raw == "True" || raw == "False") from = Constant::py_bool(raw == "True");
        return Constant::warp_scalar(*s, from);
    }
    ADD_FAILURE() << "unexpected constant " << text;
    return Constant::py_int(0);
}

bool same_fields(const Constant& a, const Constant& b) {
    auto same_double = [](double x, double y) { return x == y || (std::isnan(x) && std::isnan(y)); };
    return a.kind == b.kind && a.type == b.type && a.b == b.b && a.i == b.i && same_double(a.f, b.f);
}

// Whether our constant is the one Warp made: the same Python value converted
// the same way (built with the same Constant factories from Warp's raw value).
bool same_constant(std::string_view warp_text, const Constant& ours) {
    ConstText c = parse_const_text(warp_text);
    if (c.kind == "comp") {
        if (ours.kind != Constant::Kind::Composite || enc(ours.type) != c.type ||
            ours.components.size() != c.values.size())
            return false;
        for (size_t i = 0; i < c.values.size(); ++i)
            if (ours.components[i].as_double() != c.values[i]) return false;
        return true;
    }
    return same_fields(make_constant(warp_text), ours);
}

std::string describe_constant(const Constant& c) {
    return fmt::format("kind={} type={} b={} i={} f={}", static_cast<int>(c.kind),
                       c.type ? c.type->repr : "?", c.b, c.i.str(), c.f);
}

// The test's struct types (the dump defines Body and Particle), by name.
TypeRef struct_type(std::string_view name) {
    StructDef def;
    def.key = std::string(name);
    def.native_name = std::string(name) + "_test";
    return types::structure(std::move(def));
}

TypeRef make_type(std::string_view pattern) {
    // Struct types are not part of the registry's pattern grammar: struct:NAME,
    // alone, as an array dtype or behind a reference.
    if (pattern.starts_with("struct:")) return struct_type(pattern.substr(7));
    if (size_t at = pattern.find("(struct:"); at != std::string_view::npos) {
        std::string_view head = pattern.substr(0, at);
        std::string_view rest = pattern.substr(at + 8, pattern.size() - at - 9); // NAME[,N]
        size_t comma = rest.find(',');
        TypeRef st = struct_type(rest.substr(0, comma));
        if (head == "ref") return types::reference(st);
        int ndim =
            comma == std::string_view::npos ? 1 : std::atoi(std::string(rest.substr(comma + 1)).c_str());
        ArrayClass cls = head == "indexedarray" ? ArrayClass::IndexedArray
                         : head == "fixedarray" ? ArrayClass::FixedArray
                                                : ArrayClass::Array;
        return types::array(st, ndim, cls);
    }
    const TypePattern* p = parse_pattern(pattern);
    if (!p->concrete) ADD_FAILURE() << "not a concrete type: " << pattern;
    return p->concrete;
}

// One call with storage for what its CallArgs point to.
struct Call {
    std::string key;
    int min_outputs = 0;
    std::vector<CallArg> args;
    std::vector<std::pair<std::string, CallArg>> kwargs, targs;
    std::deque<Constant> constants;
    std::deque<std::vector<Constant>> tuples;

    CallArg arg(std::string_view spec) {
        CallArg a;
        size_t colon = spec.find(':');
        std::string_view kind = spec.substr(0, colon), rest = spec.substr(colon + 1);
        size_t at = rest.find('@');
        std::string_view type = rest.substr(0, at);
        if (kind == "type") {
            a.type_object = make_type(type);
        } else if (kind == "val") {
            a.type = make_type(type);
            if (at != std::string_view::npos)
                a.constant = &constants.emplace_back(make_constant(rest.substr(at + 1)));
        } else if (kind == "tup") {
            a.type = make_type(type);
            auto& values = tuples.emplace_back();
            for (std::string_view c : split(rest.substr(at + 1), ',')) values.push_back(make_constant(c));
            a.tuple_values = &values;
        } else {
            ADD_FAILURE() << "bad argument spec " << spec;
        }
        return a;
    }
    void named(std::string_view list, std::vector<std::pair<std::string, CallArg>>& out) {
        if (list.empty()) return;
        for (std::string_view item : split(list, ';')) {
            size_t eq = item.find('=');
            out.emplace_back(std::string(item.substr(0, eq)), arg(item.substr(eq + 1)));
        }
    }
};

// The fields warpsynth produces for a call, spelled like the dump's.
struct Answer {
    std::map<std::string, std::string> fields;
    std::vector<std::optional<Constant>> disp_constants; // per dispatch argument
    std::optional<Constant> res_constant;
    bool unsupported = false;
    std::string unsupported_why;
};

Answer answer(Call& call) {
    Answer out;
    auto& f = out.fields;
    const Builtin* b = find(call.key);
    if (!b) {
        f["ov"] = "-1";
        return out;
    }
    const Overload* ov = resolve(*b, call.args, call.kwargs, call.min_outputs);
    if (!ov) {
        f["ov"] = "-1";
        return out;
    }
    f["ov"] = std::to_string(ov->index);
    std::string error;
    auto bound = builtins::bind(*ov, call.args, call.kwargs, call.targs, &error);
    if (!bound) {
        f["bind"] = "ERR:" + error;
        return out;
    }
    f["bind"] = "OK";
    std::string names;
    for (const BoundArg& a : *bound)
        names += fmt::format("{}{}@{}", names.empty() ? "" : ",", a.name, a.source);
    f["bound"] = names;

    ResultOrError r = result_of(*ov, *bound);
    if (r.unsupported) {
        out.unsupported = true;
        out.unsupported_why = r.error;
        return out;
    }
    if (!r.result) {
        f["res"] = "ERR:" + r.error;
        return out;
    }
    const CallResult& res = *r.result;
    if (res.kind == CallResult::Kind::Void) {
        f["res"] = "void";
    } else if (res.kind == CallResult::Kind::Constant) {
        f["res"] = "const:" + enc(res.types.at(0)) + "@<const>";
        out.res_constant = res.constant;
        return out;
    } else {
        std::string s;
        for (TypeRef t : res.types) s += (s.empty() ? "" : " ") + enc(t);
        f["res"] = s;
    }
    Dispatch d = dispatch(*ov, *bound, res);
    if (d.unsupported) {
        out.unsupported = true;
        out.unsupported_why = d.error;
        return out;
    }
    if (!d.error.empty()) {
        f["disp"] = "ERR:" + d.error;
        return out;
    }
    std::string disp;
    for (const DispatchArg& a : d.args) {
        if (!disp.empty()) disp += ' ';
        if (a.bound_index >= 0) {
            disp += fmt::format("{}{}", a.as_reference ? 'r' : 'b', a.bound_index);
        } else {
            disp += "c:" + enc(a.constant->type) + "@<const>";
        }
    }
    f["disp"] = disp;
    std::string tmpl;
    for (size_t i = 0; i < d.template_args.size(); ++i) tmpl += (i ? "|" : "") + d.template_args[i];
    f["tmpl"] = tmpl;
    f["il"] = uses_initializer_list(*ov, *bound, res) ? "1" : "0";
    for (const DispatchArg& a : d.args) out.disp_constants.push_back(a.constant);
    return out;
}

// Compares the dump's disp field with ours: same arguments, constants equal by value.
bool same_disp(std::string_view warp, const Answer& ours, std::string& why) {
    auto it = ours.fields.find("disp");
    std::string_view mine =
        it == ours.fields.end() ? std::string_view("<none>") : std::string_view(it->second);
    if (warp.starts_with("ERR:") || mine.starts_with("ERR:"))
        return warp.starts_with("ERR:") == mine.starts_with("ERR:");
    auto w = warp.empty() ? std::vector<std::string_view>{} : split(warp, ' ');
    auto m = mine.empty() ? std::vector<std::string_view>{} : split(mine, ' ');
    if (w.size() != m.size()) return false;
    for (size_t i = 0; i < w.size(); ++i) {
        if (!w[i].starts_with("c:")) {
            if (w[i] != m[i]) return false;
            continue;
        }
        if (!m[i].starts_with("c:")) return false;
        // c:TYPE@CONST
        std::string_view wc = w[i].substr(2);
        size_t at = wc.find('@');
        std::string_view wtype = wc.substr(0, at);
        if (m[i].substr(2, m[i].find('@') - 2) != wtype) return false;
        if (i >= ours.disp_constants.size() || !ours.disp_constants[i]) return false;
        if (!same_constant(wc.substr(at + 1), *ours.disp_constants[i])) {
            why = fmt::format("  disp constant {}: warpsynth {}\n", w[i],
                              describe_constant(*ours.disp_constants[i]));
            return false;
        }
    }
    return true;
}

struct Stats {
    int cases = 0, passed = 0, failed = 0, unsupported = 0, message_differs = 0;
    std::map<std::string, int> failed_by_key, unsupported_by_key, cases_by_key;
    std::map<std::string, std::string> unsupported_why;
    std::map<std::string, std::string> message_example; // first differing error message per builtin
    std::vector<std::string> failures;
};

TEST(BuiltinsDifferential, MatchesWarp) {
    const char* path = std::getenv("WS_BUILTIN_CASES");
    ASSERT_TRUE(path && *path) << "WS_BUILTIN_CASES is not set: run through ctest (fixture builtins/cases)";
    std::ifstream in(path);
    ASSERT_TRUE(in) << "cannot read " << path << " (generated by tests/builtins/dump_builtin_cases.py)";

    std::string line;
    ASSERT_TRUE(std::getline(in, line));
    ASSERT_EQ(line, "# warp " + std::string(registry_warp_version()))
        << "the cases come from another Warp than the registry table";

    Stats st;
    auto t0 = std::chrono::steady_clock::now();
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        std::vector<std::string_view> cols = split(line, '\t');
        ASSERT_GE(cols.size(), 6u) << line;
        Call call;
        call.key = std::string(cols[0]);
        call.min_outputs = std::atoi(std::string(cols[1]).c_str());
        if (!cols[2].empty())
            for (std::string_view a : split(cols[2], ';')) call.args.push_back(call.arg(a));
        call.named(cols[3], call.kwargs);
        call.named(cols[4], call.targs);
        std::map<std::string, std::string> expected;
        for (size_t i = 5; i < cols.size(); ++i) {
            size_t eq = cols[i].find('=');
            expected[std::string(cols[i].substr(0, eq))] = std::string(cols[i].substr(eq + 1));
        }
        // A callback raising during resolution is, like no match, a failed call.
        if (expected["ov"].starts_with("ERR")) expected["ov"] = "-1";

        ++st.cases;
        ++st.cases_by_key[call.key];
        Answer got = answer(call);
        if (got.unsupported) {
            ++st.unsupported;
            ++st.unsupported_by_key[call.key];
            st.unsupported_why.emplace(call.key, got.unsupported_why);
            continue;
        }
        std::string why;
        bool ok = true;
        bool message_differs = false;
        for (const char* field : {"ov", "bind", "bound", "res", "disp", "tmpl", "il"}) {
            auto e = expected.find(field);
            auto g = got.fields.find(field);
            std::string ev = e == expected.end() ? "<none>" : e->second;
            std::string gv = g == got.fields.end() ? "<none>" : g->second;
            bool same;
            if (std::string_view(field) == "disp" && e != expected.end()) {
                same = same_disp(ev, got, why);
            } else if (std::string_view(field) == "res" && ev.starts_with("const:") &&
                       gv.starts_with("const:")) {
                // const:TYPE@CONST
                size_t at = ev.find('@');
                same = ev.substr(0, at) == gv.substr(0, gv.find('@')) && got.res_constant &&
                       same_constant(std::string_view(ev).substr(at + 1), *got.res_constant);
            } else if (ev.starts_with("ERR:") && gv.starts_with("ERR:")) {
                same = true;
                if (ev != gv) {
                    message_differs = true;
                    st.message_example.emplace(call.key, fmt::format("{}: warp `{}`\n      warpsynth `{}`",
                                                                     field, ev.substr(4), gv.substr(4)));
                }
            } else {
                same = ev == gv;
            }
            if (!same) {
                ok = false;
                why += fmt::format("  {}: warp `{}` warpsynth `{}`\n", field, ev, gv);
            }
        }
        if (ok) {
            ++st.passed;
            if (message_differs) ++st.message_differs;
        } else {
            ++st.failed;
            ++st.failed_by_key[call.key];
            if (st.failed_by_key[call.key] <= 3)
                st.failures.push_back(fmt::format("{} {}({}; {}) [type args: {}] min_outputs={}\n{}",
                                                  call.key, "", cols[2], cols[3], cols[4], call.min_outputs,
                                                  why));
        }
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    for (const std::string& f : st.failures) std::printf("MISMATCH %s", f.c_str());
    if (std::getenv("WS_BUILTIN_MESSAGES")) {
        std::printf("\nerror messages that differ (first per builtin):\n");
        for (const auto& [k, m] : st.message_example) std::printf("  %s %s\n", k.c_str(), m.c_str());
    }
    std::printf("\nunsupported builtins (cases):\n");
    for (const auto& [k, n] : st.unsupported_by_key)
        std::printf("  %-28s %6d  %s\n", k.c_str(), n, st.unsupported_why[k].c_str());
    std::printf("\nmismatches by builtin:\n");
    for (const auto& [k, n] : st.failed_by_key)
        std::printf("  %-28s %6d / %d\n", k.c_str(), n, st.cases_by_key[k]);
    int families = 0;
    for (const auto& [k, n] : st.cases_by_key)
        if (!st.unsupported_by_key.count(k) || st.unsupported_by_key[k] < n) ++families;
    std::printf(
        "\nbuiltin differential: %d cases, %d passed, %d mismatches, %d unsupported "
        "(%d builtins exercised, %d with supported cases); %d passing errors with other messages; %.2fs\n",
        st.cases, st.passed, st.failed, st.unsupported, static_cast<int>(st.cases_by_key.size()), families,
        st.message_differs, secs);
    EXPECT_EQ(st.failed, 0);
    EXPECT_GT(st.passed, 0);
}

} // namespace
} // namespace ws::builtins
