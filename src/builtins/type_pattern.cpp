#include "builtins/type_pattern.h"

#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fmt/format.h>
#include <mutex>
#include <string>
#include <unordered_map>

namespace ws::builtins {

namespace {

[[noreturn]] void malformed(std::string_view text, std::string_view why) {
    std::fprintf(stderr, "warpsynth: internal error: bad type pattern '%.*s': %.*s\n",
                 static_cast<int>(text.size()), text.data(), static_cast<int>(why.size()), why.data());
    std::abort();
}

class Parser {
  public:
    Parser(std::string_view text, std::deque<TypePattern>& store) : text_(text), store_(store) {}

    const TypePattern* parse_all() {
        const TypePattern* p = parse();
        if (pos_ != text_.size()) malformed(text_, "trailing characters");
        return p;
    }

  private:
    std::string_view text_;
    size_t pos_ = 0;
    std::deque<TypePattern>& store_;

    bool eat(char c) {
        if (pos_ < text_.size() && text_[pos_] == c) {
            ++pos_;
            return true;
        }
        return false;
    }
    void expect(char c) {
        if (!eat(c)) malformed(text_, fmt::format("expected '{}' at {}", c, pos_));
    }
    std::string_view word() {
        size_t start = pos_;
        while (pos_ < text_.size()) {
            char c = text_[pos_];
            bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
            if (!ok) break;
            ++pos_;
        }
        return text_.substr(start, pos_ - start);
    }
    // An integer or `*` (Any) -> -1.
    int dimension() {
        if (eat('*')) return -1;
        std::string_view w = word();
        if (w.empty()) malformed(text_, "expected a dimension");
        int v = 0;
        for (char c : w) {
            if (c < '0' || c > '9') malformed(text_, "bad dimension");
            v = v * 10 + (c - '0');
        }
        return v;
    }
    // The dtype parameter of a composite: a family, a concrete scalar, or `*`.
    void scalar_param(TypePattern& p) {
        if (eat('*')) {
            p.family = ScalarFamily::Any;
            return;
        }
        std::string_view w = word();
        set_scalar(p, w);
    }
    void set_scalar(TypePattern& p, std::string_view w) {
        if (w == "Scalar") {
            p.family = ScalarFamily::Scalar;
        } else if (w == "Float") {
            p.family = ScalarFamily::Float;
        } else if (w == "Int") {
            p.family = ScalarFamily::Int;
        } else if (auto s = scalar_from_name(w)) {
            p.family = ScalarFamily::Concrete;
            p.scalar = *s;
        } else {
            malformed(text_, fmt::format("unknown scalar '{}'", w));
        }
    }

    const TypePattern* finish(TypePattern p, size_t start) {
        p.text = text_.substr(start, pos_ - start);
        p.concrete = concrete_of(p);
        store_.push_back(std::move(p));
        return &store_.back();
    }

    static TypeRef concrete_of(const TypePattern& p) {
        bool dtype_concrete = p.family == ScalarFamily::Concrete;
        switch (p.kind) {
        case TypePattern::Kind::Scalar: return dtype_concrete ? types::scalar(p.scalar) : nullptr;
        case TypePattern::Kind::Vector:
            return dtype_concrete && p.length >= 0 ? types::vector(p.length, p.scalar) : nullptr;
        case TypePattern::Kind::Matrix:
            return dtype_concrete && p.rows >= 0 && p.cols >= 0 ? types::matrix(p.rows, p.cols, p.scalar)
                                                                : nullptr;
        case TypePattern::Kind::Quaternion: return dtype_concrete ? types::quaternion(p.scalar) : nullptr;
        case TypePattern::Kind::Transform: return dtype_concrete ? types::transform(p.scalar) : nullptr;
        case TypePattern::Kind::Array:
            return p.elem->concrete && p.ndim > 0 ? types::array(p.elem->concrete, p.ndim, p.array_class)
                                                  : nullptr;
        case TypePattern::Kind::Reference:
            return p.elem->concrete ? types::reference(p.elem->concrete) : nullptr;
        case TypePattern::Kind::Range: return types::range();
        case TypePattern::Kind::Shape: return types::shape();
        case TypePattern::Kind::Str: return types::str();
        case TypePattern::Kind::Opaque: return types::opaque(p.opaque_name);
        case TypePattern::Kind::Tuple: {
            if (p.bare || p.ellipsis) return nullptr;
            std::vector<TypeRef> elems;
            for (const TypePattern* e : p.elems) {
                if (!e->concrete) return nullptr;
                elems.push_back(e->concrete);
            }
            return types::tuple(elems);
        }
        default: return nullptr;
        }
    }

    const TypePattern* parse() {
        size_t start = pos_;
        TypePattern p;
        if (eat('*')) {
            p.kind = TypePattern::Kind::Any;
            return finish(std::move(p), start);
        }
        if (eat('[')) {
            p.kind = TypePattern::Kind::List;
            if (!eat(']')) {
                do {
                    p.elems.push_back(parse());
                } while (eat(','));
                expect(']');
            }
            return finish(std::move(p), start);
        }
        std::string_view w = word();
        if (w == "opaque") {
            expect(':');
            p.opaque_name = text_.substr(pos_);
            pos_ = text_.size(); // the rest names a Python type
            p.kind = TypePattern::Kind::Opaque;
        } else if (w == "tile") {
            p.kind = TypePattern::Kind::Tile;
            expect('(');
            p.elem = parse();
            expect(')');
        } else if (w == "vec") {
            p.kind = TypePattern::Kind::Vector;
            expect('(');
            p.length = dimension();
            expect(',');
            scalar_param(p);
            expect(')');
        } else if (w == "mat") {
            p.kind = TypePattern::Kind::Matrix;
            expect('(');
            p.rows = dimension();
            expect(',');
            p.cols = dimension();
            expect(',');
            scalar_param(p);
            expect(')');
        } else if (w == "quat" || w == "transform") {
            p.kind = w == "quat" ? TypePattern::Kind::Quaternion : TypePattern::Kind::Transform;
            expect('(');
            scalar_param(p);
            expect(')');
        } else if (w == "array" || w == "indexedarray" || w == "fabricarray" || w == "indexedfabricarray" ||
                   w == "fixedarray") {
            p.kind = TypePattern::Kind::Array;
            p.array_class = w == "array"          ? ArrayClass::Array
                            : w == "indexedarray" ? ArrayClass::IndexedArray
                            : w == "fabricarray"  ? ArrayClass::FabricArray
                            : w == "fixedarray"   ? ArrayClass::FixedArray
                                                  : ArrayClass::IndexedFabricArray;
            expect('(');
            p.elem = parse();
            expect(',');
            p.ndim = dimension();
            expect(')');
        } else if (w == "ref") {
            p.kind = TypePattern::Kind::Reference;
            expect('(');
            p.elem = parse();
            expect(')');
        } else if (w == "tuple") {
            p.kind = TypePattern::Kind::Tuple;
            if (eat('(')) {
                do {
                    if (text_.substr(pos_, 3) == "...") {
                        pos_ += 3;
                        p.ellipsis = true;
                    } else {
                        p.elems.push_back(parse());
                    }
                } while (eat(','));
                expect(')');
                if (p.ellipsis) {
                    if (p.elems.size() != 1) malformed(text_, "tuple[P, ...] takes one element pattern");
                    p.elem = p.elems[0];
                }
            } else {
                p.bare = true;
            }
        } else if (w == "range_t") {
            p.kind = TypePattern::Kind::Range;
        } else if (w == "shape_t") {
            p.kind = TypePattern::Kind::Shape;
        } else if (w == "str") {
            p.kind = TypePattern::Kind::Str;
        } else if (w == "callable") {
            p.kind = TypePattern::Kind::Callable;
        } else {
            p.kind = TypePattern::Kind::Scalar;
            set_scalar(p, w);
        }
        return finish(std::move(p), start);
    }
};

bool array_classes_compatible(ArrayClass param, ArrayClass arg) {
    // func_match_args accepts a subclass either way; fixedarray derives from array.
    if (param == arg) return true;
    auto contiguous = [](ArrayClass c) { return c == ArrayClass::Array || c == ArrayClass::FixedArray; };
    return contiguous(param) && contiguous(arg);
}

// The composite parameters of a pattern against a concrete type of the same kind.
bool dims_match(int pattern_dim, int dim) {
    return pattern_dim < 0 || pattern_dim == dim;
}

} // namespace

const TypePattern* parse_pattern(std::string_view text) {
    static std::mutex mutex;
    static auto* store = new std::deque<TypePattern>();
    static auto* index = new std::unordered_map<std::string, const TypePattern*>();
    std::lock_guard lock(mutex);
    auto it = index->find(std::string(text));
    if (it != index->end()) return it->second;
    // Keep the text alive: patterns point into it.
    static auto* texts = new std::deque<std::string>();
    texts->emplace_back(text);
    Parser parser(texts->back(), *store);
    const TypePattern* p = parser.parse_all();
    index->emplace(texts->back(), p);
    return p;
}

bool scalar_matches(ScalarFamily family, Scalar concrete, Scalar arg) {
    switch (family) {
    case ScalarFamily::Any: return true;
    case ScalarFamily::Scalar: return arg != Scalar::Bool;
    case ScalarFamily::Float: return is_float(arg);
    case ScalarFamily::Int: return is_int(arg);
    case ScalarFamily::Concrete: return concrete == arg;
    }
    return false;
}

bool matches(const TypePattern& p, TypeRef t) {
    using K = TypePattern::Kind;
    if (p.kind == K::Any) return true;
    if (!t) return false;
    switch (p.kind) {
    case K::Scalar: return t->kind == TypeKind::Scalar && scalar_matches(p.family, p.scalar, t->scalar);
    case K::Vector:
        return t->kind == TypeKind::Vector && dims_match(p.length, t->length) &&
               scalar_matches(p.family, p.scalar, t->scalar);
    case K::Matrix:
        return t->kind == TypeKind::Matrix && dims_match(p.rows, t->rows) && dims_match(p.cols, t->cols) &&
               scalar_matches(p.family, p.scalar, t->scalar);
    case K::Quaternion:
        return t->kind == TypeKind::Quaternion && scalar_matches(p.family, p.scalar, t->scalar);
    case K::Transform: return t->kind == TypeKind::Transform && scalar_matches(p.family, p.scalar, t->scalar);
    case K::Array:
        return t->kind == TypeKind::Array && array_classes_compatible(p.array_class, t->array_class) &&
               matches(*p.elem, t->elem);
    case K::Tuple:
        if (t->kind != TypeKind::Tuple) return false;
        if (p.bare) return true;
        if (p.ellipsis) {
            for (TypeRef e : t->elems)
                if (!matches(*p.elem, e)) return false;
            return true;
        }
        if (p.elems.size() != t->elems.size()) return false;
        for (size_t i = 0; i < p.elems.size(); ++i)
            if (!matches(*p.elems[i], t->elems[i])) return false;
        return true;
    case K::Range: return t->kind == TypeKind::Range;
    case K::Shape: return t->kind == TypeKind::Shape;
    case K::Str: return t->kind == TypeKind::Str;
    case K::Reference: return t->kind == TypeKind::Reference && matches(*p.elem, t->elem);
    case K::Tile: return t->kind == TypeKind::Tile && matches(*p.elem, t->elem); // any shape, storage
    case K::Opaque: return p.concrete && p.concrete == t;   // tile stacks, textures: never
    case K::Callable: return t->kind == TypeKind::Function; // a function passed as a value
    default: return false;
    }
}

namespace {

std::string family_repr(const TypePattern& p) {
    switch (p.family) {
    case ScalarFamily::Any: return "Any";
    case ScalarFamily::Scalar: return "Scalar";
    case ScalarFamily::Float: return "Float";
    case ScalarFamily::Int: return "Int";
    case ScalarFamily::Concrete: return std::string(scalar_name(p.scalar));
    }
    return "?";
}

std::string dim_repr(int d) {
    return d < 0 ? std::string("Any") : std::to_string(d);
}

} // namespace

std::string pattern_repr(const TypePattern& p) {
    using K = TypePattern::Kind;
    if (p.concrete && p.kind != K::Tuple) return p.concrete->repr;
    switch (p.kind) {
    case K::Any: return "Any";
    case K::Scalar: return family_repr(p);
    case K::Vector: return fmt::format("vector(length={}, dtype={})", dim_repr(p.length), family_repr(p));
    case K::Matrix:
        return fmt::format("matrix(shape=({}, {}), dtype={})", dim_repr(p.rows), dim_repr(p.cols),
                           family_repr(p));
    case K::Quaternion: return fmt::format("quat(dtype={})", family_repr(p));
    case K::Transform: return fmt::format("transform(dtype={})", family_repr(p));
    case K::Array: return fmt::format("array(ndim={}, dtype={})", dim_repr(p.ndim), pattern_repr(*p.elem));
    case K::Reference: return fmt::format("Reference({})", pattern_repr(*p.elem));
    case K::Tile: return fmt::format("tile(dtype={})", pattern_repr(*p.elem));
    default: return std::string(p.text);
    }
}

} // namespace ws::builtins
