#include "types/type.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
#include <fmt/format.h>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <unordered_map>

namespace ws {

namespace {

struct ScalarInfo {
    Scalar s;
    std::string_view name;
    int bits;
};

constexpr ScalarInfo kScalars[] = {
    {Scalar::Bool, "bool", 8},        {Scalar::Int8, "int8", 8},          {Scalar::Int16, "int16", 16},
    {Scalar::Int32, "int32", 32},     {Scalar::Int64, "int64", 64},       {Scalar::UInt8, "uint8", 8},
    {Scalar::UInt16, "uint16", 16},   {Scalar::UInt32, "uint32", 32},     {Scalar::UInt64, "uint64", 64},
    {Scalar::Float16, "float16", 16}, {Scalar::BFloat16, "bfloat16", 16}, {Scalar::Float32, "float32", 32},
    {Scalar::Float64, "float64", 64},
};

std::string scalar_ctype(Scalar s) {
    return s == Scalar::Bool ? std::string("bool") : "wp::" + std::string(scalar_name(s));
}

// Interning table. Keys spell out every field that distinguishes a type.
using Key = std::tuple<int, int, int, int, int, int, const void*, const void*, std::vector<TypeRef>>;

// Hashes every field of a Key: the tables are unordered, as a std::map compared keys field by
// field down a path of several nodes on every lookup (about 5,700 instructions per corpus
// kernel, mostly for references and arrays).
struct KeyHash {
    size_t operator()(const Key& key) const {
        size_t h = 0;
        std::apply([&h](const auto&... field) { ((h = h * 1000003 ^ hash(field)), ...); }, key);
        return h;
    }
    template <class T>
    static size_t hash(const T& v) {
        return std::hash<T>{}(v);
    }
    static size_t hash(const std::vector<TypeRef>& elems) {
        size_t h = elems.size();
        for (TypeRef t : elems) h = h * 1000003 ^ std::hash<TypeRef>{}(t);
        return h;
    }
};
using KeyIndex = std::unordered_map<Key, TypeRef, KeyHash>;

class Interner {
  public:
    explicit Interner(bool locked) : locked_(locked) {}

    TypeRef get(const Key& key, Type proto) {
        std::unique_lock<std::mutex> lock(mutex_, std::defer_lock);
        if (locked_) lock.lock();
        auto it = index_.find(key);
        if (it != index_.end()) return it->second;
        storage_.push_back(std::move(proto));
        TypeRef t = &storage_.back();
        index_.emplace(key, t);
        return t;
    }
    TypeRef find(const Key& key) {
        std::unique_lock<std::mutex> lock(mutex_, std::defer_lock);
        if (locked_) lock.lock();
        auto it = index_.find(key);
        return it == index_.end() ? nullptr : it->second;
    }

  private:
    bool locked_;
    std::mutex mutex_;
    std::deque<Type> storage_; // stable addresses
    KeyIndex index_;
};

Interner& global_interner() {
    static Interner* table = new Interner(true); // never destroyed: types outlive static destructors
    return *table;
}

// The global table is shared by all threads; a thread-local front cache keeps
// the common lookups (vectors, references to scalars...) off its lock.
thread_local KeyIndex t_front;

TypeRef intern_global(const Key& key, Type proto) {
    auto& front = t_front;
    auto it = front.find(key);
    if (it != front.end()) return it->second;
    TypeRef t = global_interner().get(key, std::move(proto));
    front.emplace(key, t);
    return t;
}

Key key_of(TypeKind kind, Scalar s = Scalar::Bool, int a = 0, int b = 0, int c = 0, const void* p = nullptr,
           const void* q = nullptr, std::vector<TypeRef> elems = {}) {
    return Key(static_cast<int>(kind), static_cast<int>(s), a, b, c, 0, p, q, std::move(elems));
}

} // namespace

std::string_view alias_suffix(Scalar s) {
    switch (s) {
    case Scalar::Float16: return "h";
    case Scalar::BFloat16: return "bf";
    case Scalar::Float32: return "f";
    case Scalar::Float64: return "d";
    case Scalar::Int8: return "b";
    case Scalar::UInt8: return "ub";
    case Scalar::Int16: return "s";
    case Scalar::UInt16: return "us";
    case Scalar::Int32: return "i";
    case Scalar::UInt32: return "ui";
    case Scalar::Int64: return "l";
    case Scalar::UInt64: return "ul";
    case Scalar::Bool: return "bool";
    }
    return "";
}

struct types::TypeScope::Arena {
    Interner interner{false};
    std::map<std::string, std::unique_ptr<StructDef>> structs;
    std::map<std::string, std::unique_ptr<Type>> tiles; // tiles of struct elements
};

namespace {
thread_local types::TypeScope::Arena* t_arena = nullptr;

// Interns in the current scope when the type depends on a scoped one.
TypeRef intern(const Key& key, Type proto, bool scoped) {
    if (scoped && t_arena) {
        proto.scoped = true;
        return t_arena->interner.get(key, std::move(proto));
    }
    return intern_global(key, std::move(proto));
}

// The type `intern(key, ..., scoped)` would return, if it exists already: the common
// constructors look it up before spelling the prototype's C++ and Python names.
TypeRef find_interned(const Key& key, bool scoped) {
    if (scoped && t_arena) return t_arena->interner.find(key);
    auto it = t_front.find(key);
    return it == t_front.end() ? nullptr : it->second;
}
} // namespace

types::TypeScope::TypeScope() : arena_(new Arena()), previous_(t_arena) {
    t_arena = arena_;
}

types::TypeScope::~TypeScope() {
    t_arena = previous_;
    delete arena_;
}

std::string_view scalar_name(Scalar s) {
    return kScalars[static_cast<int>(s)].name;
}

std::optional<Scalar> scalar_from_name(std::string_view name) {
    for (const auto& info : kScalars)
        if (info.name == name) return info.s;
    return std::nullopt;
}

bool is_float(Scalar s) {
    return s == Scalar::Float16 || s == Scalar::BFloat16 || s == Scalar::Float32 || s == Scalar::Float64;
}
bool is_int(Scalar s) {
    return !is_float(s) && s != Scalar::Bool;
}
bool is_signed_int(Scalar s) {
    return s == Scalar::Int8 || s == Scalar::Int16 || s == Scalar::Int32 || s == Scalar::Int64;
}
int scalar_bits(Scalar s) {
    return kScalars[static_cast<int>(s)].bits;
}

int Type::component_count() const {
    switch (kind) {
    case TypeKind::Scalar: return 1;
    case TypeKind::Vector: return length;
    case TypeKind::Matrix: return rows * cols;
    case TypeKind::Quaternion: return 4;
    case TypeKind::Transform: return 7;
    default: return 0;
    }
}

const StructDef::Field* StructDef::field(std::string_view name) const {
    for (const auto& f : fields)
        if (f.name == name) return &f;
    return nullptr;
}

namespace types {

// The types without parameters are global ones, never destroyed: each thread keeps the one
// found, as scalar() does (a call built the prototype's names and hashed its key, ~600
// instructions for each wp.shape_t attribute read).
TypeRef void_type() {
    thread_local TypeRef cached = nullptr;
    if (cached) return cached;
    Type t;
    t.kind = TypeKind::Void;
    t.ctype = "void";
    t.repr = "None";
    return cached = intern(key_of(TypeKind::Void), std::move(t), false);
}

TypeRef any() {
    thread_local TypeRef cached = nullptr; // as void_type()
    if (cached) return cached;
    Type t;
    t.kind = TypeKind::Any;
    t.ctype = "Any";
    t.repr = "Any";
    return cached = intern(key_of(TypeKind::Any), std::move(t), false);
}

TypeRef scalar(Scalar s) {
    // Scalars are global types, never destroyed: each thread keeps them by kind once found
    // (hashing the key cost about 130 instructions per call, ~10,000 calls per corpus pass).
    thread_local std::array<TypeRef, static_cast<size_t>(Scalar::Float64) + 1> known{};
    TypeRef& cached = known[static_cast<size_t>(s)];
    if (cached) return cached;
    const Key key = key_of(TypeKind::Scalar, s);
    if (TypeRef found = find_interned(key, false)) return cached = found;
    Type t;
    t.kind = TypeKind::Scalar;
    t.scalar = s;
    t.ctype = scalar_ctype(s);
    t.repr = std::string(scalar_name(s));
    return cached = intern(key, std::move(t), false);
}

TypeRef vector(int length, Scalar dtype) {
    const Key key = key_of(TypeKind::Vector, dtype, length);
    if (TypeRef found = find_interned(key, false)) return found;
    Type t;
    t.kind = TypeKind::Vector;
    t.scalar = dtype;
    t.length = length;
    t.ctype = fmt::format("wp::vec_t<{}, {}>", length, scalar_ctype(dtype));
    t.repr = fmt::format("vec{}{}", length, alias_suffix(dtype));
    return intern(key, std::move(t), false);
}

TypeRef matrix(int rows, int cols, Scalar dtype) {
    const Key key = key_of(TypeKind::Matrix, dtype, rows, cols);
    if (TypeRef found = find_interned(key, false)) return found;
    Type t;
    t.kind = TypeKind::Matrix;
    t.scalar = dtype;
    t.rows = rows;
    t.cols = cols;
    t.ctype = fmt::format("wp::mat_t<{}, {}, {}>", rows, cols, scalar_ctype(dtype));
    t.repr = fmt::format("mat{}{}{}", rows, cols, alias_suffix(dtype));
    return intern(key, std::move(t), false);
}

TypeRef quaternion(Scalar dtype) {
    const Key key = key_of(TypeKind::Quaternion, dtype);
    if (TypeRef found = find_interned(key, false)) return found;
    Type t;
    t.kind = TypeKind::Quaternion;
    t.scalar = dtype;
    t.ctype = fmt::format("wp::quat_t<{}>", scalar_ctype(dtype));
    t.repr = fmt::format("quat{}", alias_suffix(dtype));
    return intern(key, std::move(t), false);
}

TypeRef transform(Scalar dtype) {
    const Key key = key_of(TypeKind::Transform, dtype);
    if (TypeRef found = find_interned(key, false)) return found;
    Type t;
    t.kind = TypeKind::Transform;
    t.scalar = dtype;
    t.ctype = fmt::format("wp::transform_t<{}>", scalar_ctype(dtype));
    t.repr = fmt::format("transform{}", alias_suffix(dtype));
    return intern(key, std::move(t), false);
}

TypeRef with_python_float(TypeRef q) {
    Type t = *q;
    t.python_float = true;
    t.ctype = fmt::format("wp::{}_t<float>", q->is_quat() ? "quat" : "transform");
    return intern(key_of(q->kind, q->scalar, 1), std::move(t), false);
}

namespace {

TypeRef make_array(TypeRef dtype, int ndim, ArrayClass cls) {
    const Key key = key_of(TypeKind::Array, Scalar::Bool, ndim, static_cast<int>(cls), 0, dtype);
    if (TypeRef found = find_interned(key, dtype->scoped)) return found;
    static constexpr std::string_view kClassNames[] = {"array", "indexedarray", "fabricarray",
                                                       "indexedfabricarray", "fixedarray"};
    Type t;
    t.kind = TypeKind::Array;
    t.elem = dtype;
    t.ndim = ndim;
    t.array_class = cls;
    std::string_view cname = kClassNames[static_cast<int>(cls)];
    t.ctype = fmt::format("wp::{}_t<{}>", cname, dtype->ctype);
    t.repr = fmt::format("{}(ndim={}, dtype={})", cname, ndim, dtype->repr);
    return intern(key, std::move(t), dtype->scoped);
}

} // namespace

TypeRef array(TypeRef dtype, int ndim, ArrayClass cls) {
    // Arrays of global dtypes (global too, never destroyed) in a small per-thread cache: the
    // key's construction, hash and look-up cost ~170 instructions per annotation.
    struct Recent {
        TypeRef dtype = nullptr, type = nullptr;
        int ndim = 0;
        ArrayClass cls = ArrayClass::Array;
    };
    thread_local std::array<Recent, 16> recent{};
    Recent* slot = nullptr;
    if (!dtype->scoped) {
        const size_t h = (reinterpret_cast<uintptr_t>(dtype) >> 4) ^ static_cast<size_t>(ndim) ^
                         (static_cast<size_t>(cls) << 2);
        slot = &recent[h & (recent.size() - 1)];
        if (slot->dtype == dtype && slot->ndim == ndim && slot->cls == cls) return slot->type;
    }
    TypeRef made = make_array(dtype, ndim, cls);
    if (slot) *slot = Recent{dtype, made, ndim, cls};
    return made;
}

TypeRef fixed_array(TypeRef dtype, const std::vector<int>& shape) {
    Type t;
    t.kind = TypeKind::Array;
    t.elem = dtype;
    t.ndim = static_cast<int>(shape.size());
    t.array_class = ArrayClass::FixedArray;
    int64_t size = 1;
    std::string dims;
    for (int d : shape) {
        size *= d;
        dims += (dims.empty() ? "" : ", ") + std::to_string(d);
    }
    t.length = static_cast<int>(size);
    t.ctype = fmt::format("wp::fixedarray_t<{}, {}>", size, dtype->ctype);
    t.repr =
        fmt::format("fixedarray(shape=({}{}), dtype={})", dims, shape.size() == 1 ? "," : "", dtype->repr);
    return intern(key_of(TypeKind::Array, Scalar::Bool, t.ndim, static_cast<int>(ArrayClass::FixedArray),
                         t.length, dtype),
                  std::move(t), dtype->scoped);
}

static TypeRef make_reference(TypeRef target) {
    const Key key = key_of(TypeKind::Reference, Scalar::Bool, 0, 0, 0, target);
    if (TypeRef found = find_interned(key, target->scoped)) return found;
    Type t;
    t.kind = TypeKind::Reference;
    t.elem = target;
    t.ctype = target->ctype + "*";
    t.repr = fmt::format("Reference({})", target->repr);
    return intern(key, std::move(t), target->scoped);
}

TypeRef reference(TypeRef target) {
    // References to global types (never destroyed, so their addresses are never reused) are
    // kept per thread, direct-mapped by the target's address: every array access makes one.
    struct Known {
        TypeRef target = nullptr, ref = nullptr;
    };
    thread_local std::array<Known, 64> known{};
    Known* cached = target->scoped ? nullptr : &known[(reinterpret_cast<uintptr_t>(target) >> 4) & 63];
    if (cached && cached->target == target) return cached->ref;
    TypeRef made = make_reference(target);
    if (cached) *cached = {target, made};
    return made;
}

TypeRef tuple(const std::vector<TypeRef>& elems) {
    Type t;
    t.kind = TypeKind::Tuple;
    t.elems = elems;
    std::string inner, repr;
    for (size_t i = 0; i < elems.size(); ++i) {
        inner += (i ? ", " : "") + elems[i]->ctype;
        repr += (i ? ", " : "") + elems[i]->repr;
    }
    t.ctype = fmt::format("wp::tuple_t<{}>", inner);
    t.repr = fmt::format("tuple[{}]", repr);
    bool scoped = false;
    for (TypeRef e : elems) scoped = scoped || e->scoped;
    return intern(key_of(TypeKind::Tuple, Scalar::Bool, 0, 0, 0, nullptr, nullptr, elems), std::move(t),
                  scoped);
}

namespace {
std::string join_ints(const std::vector<int>& v) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
    return s;
}
} // namespace

TypeRef tile(TypeRef dtype, const std::vector<int>& shape, bool shared, std::vector<int> strides, bool owner,
             bool colmajor) {
    if (strides.empty()) { // Warp's default strides: dense in the layout's order
        strides.assign(shape.size(), 1);
        if (colmajor)
            for (size_t i = 1; i < shape.size(); ++i) strides[i] = strides[i - 1] * shape[i - 1];
        else
            for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * shape[i];
    }
    Type t;
    t.kind = TypeKind::Tile;
    t.elem = dtype;
    t.tile_shape = shape;
    t.tile_strides = strides;
    t.tile_shared = shared;
    t.tile_owner = owner;
    t.tile_colmajor = colmajor;
    std::string dims = join_ints(shape);
    if (shared)
        t.ctype = fmt::format("wp::tile_shared_t<{},wp::tile_layout_strided_t<wp::tile_shape_t<{}>, "
                              "wp::tile_stride_t<{}>>, {}>",
                              dtype->ctype, dims, join_ints(strides), owner ? "true" : "false");
    else
        t.ctype = fmt::format("wp::tile_register_t<{},wp::tile_layout_register_t<wp::tile_shape_t<{}>>>",
                              dtype->ctype, dims);
    t.repr = fmt::format("tile(dtype={}, shape=({}{}), storage={})", dtype->repr, dims,
                         shape.size() == 1 ? "," : "", shared ? "shared" : "register");
    // Tiles are interned by everything that tells them apart (their C++ type omits a
    // register tile's strides, a view's ownership and the layout); a tile of a struct lives
    // in the struct's scope.
    std::string key = fmt::format("{}|{}|{}|{}|{}|{}", t.ctype, join_ints(strides), owner, colmajor, t.repr,
                                  static_cast<const void*>(dtype));
    if (dtype->scoped && t_arena) {
        t.scoped = true;
        auto& slot = t_arena->tiles[key];
        if (!slot) slot = std::make_unique<Type>(std::move(t));
        return slot.get();
    }
    static std::mutex mutex;
    static auto* table = new std::map<std::string, std::unique_ptr<Type>>();
    std::lock_guard<std::mutex> lock(mutex);
    auto& slot = (*table)[key];
    if (!slot) slot = std::make_unique<Type>(std::move(t));
    return slot.get();
}

int tile_size(TypeRef tile) {
    int n = 1;
    for (int d : tile->tile_shape) n *= d;
    return n;
}

TypeRef tile_stack(TypeRef dtype, int capacity) {
    Type t;
    t.kind = TypeKind::TileStack;
    t.elem = dtype;
    t.length = capacity;
    t.ctype = fmt::format("wp::tile_stack_t<{}, {}>", dtype->ctype, capacity);
    t.repr = fmt::format("tile_stack(dtype={}, capacity={})", dtype->repr, capacity);
    static std::mutex mutex;
    static auto* table = new std::map<std::string, std::unique_ptr<Type>>();
    std::lock_guard<std::mutex> lock(mutex);
    auto& slot = (*table)[t.ctype];
    if (!slot) slot = std::make_unique<Type>(std::move(t));
    return slot.get();
}

TypeRef range() {
    thread_local TypeRef cached = nullptr; // as void_type()
    if (cached) return cached;
    Type t;
    t.kind = TypeKind::Range;
    t.ctype = "wp::range_t";
    t.repr = "range_t";
    return cached = intern(key_of(TypeKind::Range), std::move(t), false);
}

TypeRef slice(int start, int stop, int step, bool start_omitted, bool stop_omitted) {
    Type t;
    t.kind = TypeKind::Slice;
    t.slice_start = start;
    t.slice_stop = stop;
    t.slice_step = step;
    t.slice_start_omitted = start_omitted;
    t.slice_stop_omitted = stop_omitted;
    t.ctype = "wp::slice_t";
    t.repr = "slice_t";
    const int omitted = (start_omitted ? 1 : 0) | (stop_omitted ? 2 : 0);
    return intern(Key(static_cast<int>(TypeKind::Slice), static_cast<int>(Scalar::Bool), start, stop, step,
                      omitted, nullptr, nullptr, {}),
                  std::move(t), false);
}

TypeRef runtime_slice() {
    thread_local TypeRef cached = nullptr; // as void_type()
    if (cached) return cached;
    Type t;
    t.kind = TypeKind::Slice;
    t.slice_runtime = true;
    t.ctype = "wp::slice_t";
    t.repr = "slice_t";
    // Keyed apart from the constant slices (which all use Scalar::Bool).
    return cached = intern(key_of(TypeKind::Slice, Scalar::Int32), std::move(t), false);
}

int slice_length(TypeRef s, int parent_length) {
    auto clamp = [&](int64_t v) {
        return std::min<int64_t>(std::max<int64_t>(v, -parent_length), parent_length);
    };
    int64_t start = clamp(s->slice_start), stop = clamp(s->slice_stop), step = s->slice_step;
    if (step > 0 && start < stop) return static_cast<int>(1 + (stop - start - 1) / step);
    if (step < 0 && start > stop) return static_cast<int>(1 + (start - stop - 1) / -step);
    return 0;
}

TypeRef shape() {
    thread_local TypeRef cached = nullptr; // as void_type()
    if (cached) return cached;
    Type t;
    t.kind = TypeKind::Shape;
    t.ctype = "wp::shape_t";
    t.repr = "shape_t";
    return cached = intern(key_of(TypeKind::Shape), std::move(t), false);
}

TypeRef str() {
    thread_local TypeRef cached = nullptr; // as void_type()
    if (cached) return cached;
    Type t;
    t.kind = TypeKind::Str;
    t.ctype = "wp::str";
    t.repr = "str";
    return cached = intern(key_of(TypeKind::Str), std::move(t), false);
}

TypeRef function_param() {
    thread_local TypeRef cached = nullptr; // as void_type()
    if (cached) return cached;
    Type t;
    t.kind = TypeKind::Function;
    t.repr = "Function";
    t.code = "c";
    return cached = intern(key_of(TypeKind::Function), std::move(t), false);
}

TypeRef structure(StructDef def) {
    auto make = [](std::unique_ptr<StructDef>& slot, StructDef def, bool scoped) {
        slot = std::make_unique<StructDef>(std::move(def));
        Type t;
        t.kind = TypeKind::Struct;
        t.st = slot.get();
        t.ctype = slot->native_name;
        t.repr = slot->key;
        slot->type =
            intern(key_of(TypeKind::Struct, Scalar::Bool, 0, 0, 0, slot.get()), std::move(t), scoped);
    };
    // Handle fields do not change the native name but do change the text: keep them apart.
    std::string key = def.native_name;
    for (size_t i = 0; i < def.fields.size(); ++i)
        if (def.fields[i].handle) key += fmt::format("#h{}", i);
    if (t_arena) {
        auto& slot = t_arena->structs[key];
        if (!slot) make(slot, std::move(def), true);
        return slot->type;
    }
    static std::mutex mutex;
    static auto* defs = new std::map<std::string, std::unique_ptr<StructDef>>();
    std::lock_guard lock(mutex);
    auto& slot = (*defs)[key];
    if (!slot) make(slot, std::move(def), false);
    return slot->type;
}

// Warp's type_matches_template: a concrete argument type against a template
// parameter type (Any, or an array whose dtype is Any).
namespace {

// A fixedarray is an array (a subclass in Warp, wp::fixedarray_t derives from wp::array_t).
bool array_class_matches(TypeRef arg, TypeRef tmpl) {
    return arg->array_class == tmpl->array_class ||
           (arg->array_class == ArrayClass::FixedArray && tmpl->array_class == ArrayClass::Array);
}

} // namespace

bool matches_template(TypeRef arg, TypeRef tmpl) {
    if (arg->is_generic()) return false;
    if (tmpl->is_tile()) return arg->is_tile() && arg->elem == tmpl->elem; // types_equal: the dtype only
    if (!tmpl->is_generic()) {
        if (arg->is_array() && tmpl->is_array())
            return array_class_matches(arg, tmpl) && matches_template(arg->elem, tmpl->elem) &&
                   arg->ndim == tmpl->ndim;
        return arg == tmpl;
    }
    if (tmpl->is_any()) return true;
    if (tmpl->is_tuple()) // tuple[T, ...]: every element is a T
        return arg->is_tuple() && std::all_of(arg->elems.begin(), arg->elems.end(),
                                              [&](TypeRef e) { return e == tmpl->elems[0]; });
    if (tmpl->is_array())
        return arg->is_array() && array_class_matches(arg, tmpl) && matches_template(arg->elem, tmpl->elem) &&
               arg->ndim == tmpl->ndim;
    return true;
}

TypeRef variadic_tuple(TypeRef elem) {
    Type t;
    t.kind = TypeKind::Tuple;
    t.elems = {elem};
    t.variadic = true;
    t.ctype = fmt::format("wp::tuple_t<{}...>", elem->ctype); // never printed: instances are concrete
    t.repr = fmt::format("tuple[{}, ...]", elem->repr);
    return intern(key_of(TypeKind::Tuple, Scalar::Bool, 2, 0, 0, nullptr, nullptr, {elem}), std::move(t),
                  elem->scoped);
}

TypeRef tuple_annotation(const std::vector<TypeRef>& elems, const std::vector<std::string>& python_names) {
    TypeRef value = tuple(elems);
    Type t = *value;
    t.erased = value;
    std::string inner;
    int mask = 0;
    for (size_t i = 0; i < elems.size(); ++i) {
        inner += (i ? ", " : "") + (python_names[i].empty() ? elems[i]->ctype : python_names[i]);
        if (!python_names[i].empty()) mask |= 1 << i;
    }
    t.ctype = fmt::format("wp::tuple_t<{}>", inner);
    return intern(key_of(TypeKind::Tuple, Scalar::Bool, 1, mask, 0, nullptr, nullptr, elems), std::move(t),
                  value->scoped);
}

TypeRef matrix_row(TypeRef mat) {
    return vector(mat->cols, mat->scalar);
}

} // namespace types

} // namespace ws
