#include "builtins/warp_namespace.h"

#include "builtins/type_pattern.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <unordered_map>

namespace ws::builtins {

namespace {

struct RawNamespaceEntry {
    std::string_view module;
    std::string_view name;
    NamespaceKind kind;
    std::string_view payload;
    std::string_view extra;
};

struct RawKeyCount {
    std::string_view key;
    int count;
};

#include "builtins/warp_namespace.inc"

ArrayClass array_class_named(std::string_view name) {
    if (name == "indexedarray") return ArrayClass::IndexedArray;
    if (name == "fabricarray") return ArrayClass::FabricArray;
    if (name == "indexedfabricarray") return ArrayClass::IndexedFabricArray;
    if (name == "fixedarray") return ArrayClass::FixedArray;
    return ArrayClass::Array;
}

class Namespace {
  public:
    Namespace() {
        entries_.reserve(std::size(kNamespaceEntries));
        for (const RawNamespaceEntry& raw : kNamespaceEntries) {
            NamespaceEntry e;
            e.module = raw.module;
            e.name = raw.name;
            e.kind = raw.kind;
            e.payload = raw.payload;
            e.extra = raw.extra;
            switch (raw.kind) {
            case NamespaceKind::Builtin: e.builtin = find(raw.payload); break;
            case NamespaceKind::ScalarType: e.type = parse_pattern(raw.payload)->concrete; break;
            case NamespaceKind::CompositeType:
                e.type = parse_pattern(raw.payload)->concrete;
                e.builtin = find(raw.extra);
                break;
            case NamespaceKind::ArrayClass:
                e.array_class = array_class_named(raw.payload);
                e.ndim = raw.extra.empty() ? 0 : raw.extra[0] - '0';
                break;
            case NamespaceKind::Int:
            case NamespaceKind::Bool:
                e.int_value = std::strtoll(std::string(raw.payload).c_str(), nullptr, 10);
                break;
            case NamespaceKind::Float:
                e.float_value = std::strtod(std::string(raw.payload).c_str(), nullptr);
                break;
            default: break;
            }
            entries_.push_back(e);
        }
        for (const NamespaceEntry& e : entries_)
            index_.emplace(std::string(e.module) + "." + std::string(e.name), &e);
        for (const RawKeyCount& k : kFunctionKeyCounts) counts_.emplace_back(k.key, k.count);
    }

    const NamespaceEntry* lookup(std::string_view module, std::string_view name) const {
        std::string key;
        key.reserve(module.size() + name.size() + 1);
        key.append(module).append(".").append(name);
        auto it = index_.find(key);
        return it == index_.end() ? nullptr : it->second;
    }

    std::vector<NamespaceEntry> entries_;
    std::unordered_map<std::string, const NamespaceEntry*> index_;
    std::vector<std::pair<std::string_view, int>> counts_;
};

const Namespace& the_namespace() {
    static const Namespace* ns = new Namespace(); // never destroyed: callers hold pointers into it
    return *ns;
}

} // namespace

const NamespaceEntry* lookup(std::string_view module, std::string_view name) {
    return the_namespace().lookup(module, name);
}

std::span<const NamespaceEntry> namespace_entries() {
    return the_namespace().entries_;
}

int function_key_count(std::string_view key) {
    for (const auto& [k, n] : the_namespace().counts_)
        if (k == key) return n;
    return 0;
}

std::span<const std::pair<std::string_view, int>> function_key_counts() {
    return the_namespace().counts_;
}

bool preloaded_module(std::string_view dotted_name) {
    return std::find(std::begin(kPreloadedModules), std::end(kPreloadedModules), dotted_name) !=
           std::end(kPreloadedModules);
}

std::string_view constructor_key(TypeRef t) {
    if (!t) return {};
    switch (t->kind) {
    case TypeKind::Vector: return "vector";
    case TypeKind::Matrix: return "matrix";
    case TypeKind::Quaternion: return "quaternion";
    case TypeKind::Transform: return "transformation";
    default: return {};
    }
}

TypeArgs::TypeArgs(TypeRef t) {
    if (!t) return;
    TypeRef dtype = types::scalar(t->scalar);
    switch (t->kind) {
    case TypeKind::Vector: {
        length_ = Constant::py_int(t->length);
        CallArg length;
        length.type = types::int32();
        length.constant = &length_;
        args_.emplace_back("length", length);
        break;
    }
    case TypeKind::Matrix: {
        shape_ = {Constant::py_int(t->rows), Constant::py_int(t->cols)};
        CallArg shape;
        shape.type = types::tuple({types::int32(), types::int32()});
        shape.tuple_values = &shape_;
        args_.emplace_back("shape", shape);
        break;
    }
    case TypeKind::Quaternion:
    case TypeKind::Transform: break;
    default: return;
    }
    CallArg d;
    d.type_object = dtype;
    args_.emplace_back("dtype", d);
}

} // namespace ws::builtins
