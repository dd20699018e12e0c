// Warp's type model: scalars, vectors, matrices, quaternions, transforms,
// arrays, structs, references and tuples.
//
// Types are interned: two equal types are the same `Type` object, so `TypeRef`
// pointers compare with `==` (Warp's `types_equal`). Interning is thread-safe;
// interned types live for the whole process.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ws {

enum class Scalar : uint8_t {
    Bool,
    Int8,
    Int16,
    Int32,
    Int64,
    UInt8,
    UInt16,
    UInt32,
    UInt64,
    Float16,
    BFloat16,
    Float32,
    Float64,
};

// Warp's name of a scalar type: "bool", "int32", "float16", ...
std::string_view scalar_name(Scalar s);
std::optional<Scalar> scalar_from_name(std::string_view name);
bool is_float(Scalar s);
bool is_int(Scalar s); // integer types, not bool
bool is_signed_int(Scalar s);
int scalar_bits(Scalar s);
// Warp's short suffix of a vector/matrix alias: "f" of vec3f, "d" of mat22d, "bool" of vec3bool, ...
std::string_view alias_suffix(Scalar s);

enum class TypeKind : uint8_t {
    Scalar,
    Vector,
    Matrix,
    Quaternion,
    Transform,
    Array,
    Struct,
    Reference, // Warp's Reference(T): a pointer to a T (array element, struct field)
    Tuple,     // wp::tuple_t<...>: the value of a Python tuple expression
    Range,     // wp::range_t: the value of range(...) in a dynamic for loop
    Shape,     // wp::shape_t: array.shape
    Str,       // wp::str: a string literal (print, wp.printf)
    Void,
    Opaque, // a Warp query object known by name (wp::hash_grid_query_f, wp::mesh_query_point_t...)
    Any,    // typing.Any in a generic @wp.func signature (never a value's type)
    Slice,  // wp::slice_t: a constant slice of a vector or matrix (`v[1:3]`); its bounds are part of the type
    Tile,   // Warp's tile: a block-wide array in registers or shared memory (dtype in `elem`)
    Function,  // wp.Function in a @wp.func signature: takes a function, which specializes the callee
    TileStack, // Warp's tile_stack: a block-wide stack in shared memory (dtype `elem`, capacity `length`)
};

// Array classes Warp distinguishes (wp::array_t, wp::indexedarray_t, ...).
enum class ArrayClass : uint8_t { Array, IndexedArray, FabricArray, IndexedFabricArray, FixedArray };

struct StructDef;
struct Type;
using TypeRef = const Type*;

struct Type {
    TypeKind kind = TypeKind::Void;
    // Scalar: the scalar itself. Vector/Matrix/Quaternion/Transform: the component type.
    Scalar scalar = Scalar::Float32;
    int length = 0;                                      // Vector: number of components; FixedArray: size
    int rows = 0;                                        // Matrix
    int cols = 0;                                        // Matrix
    int ndim = 0;                                        // Array
    int slice_start = 0, slice_stop = 0, slice_step = 1; // Slice (bounds already clamped to the length)
    bool slice_runtime = false; // Slice of an array with bounds known only at run time (no bounds above)
    // Quaternion/Transform made with Python's `float` as dtype (quaternion(..., dtype=float)): Warp
    // keeps the Python class as its type parameter, spelled `float` in C++ (wp::quat_t<float>); to
    // everything else (types_equal, type codes, the scalar type) it is float32.
    bool python_float = false;
    // Slice of a tile subscript: a bound left open (`t[:4]`), which Warp resolves against the axis.
    bool slice_start_omitted = false, slice_stop_omitted = false;
    bool variadic = false; // Tuple: `tuple[T, ...]`, any number of T (a generic parameter type)
    ArrayClass array_class = ArrayClass::Array;
    TypeRef elem = nullptr;        // Array: dtype; Reference: target
    const StructDef* st = nullptr; // Struct
    std::vector<TypeRef> elems;    // Tuple
    std::vector<int> tile_shape;   // Tile: extents
    std::vector<int> tile_strides; // Tile: element strides (row-major unless given)
    bool tile_shared = false;      // Tile: storage="shared" (else "register")
    bool tile_owner = true;        // Tile: owns its storage (false: a view of another tile)
    bool tile_colmajor = false;    // Tile: layout="colmajor" (the default strides are column-major)
    TypeRef erased = nullptr;      // Opaque: the public parent a query kind erases to (Warp's _wp_erase_to_);
                                   // Tuple annotation: the tuple type of a value with those elements
    std::string code;              // Opaque: Warp's type code (get_type_code)
    std::string ctype;             // C++ spelling, e.g. "wp::vec_t<3,wp::float32>"
    std::string repr;              // Python-side spelling for messages, e.g. "vec3f"
    // Lives in a TypeScope (a struct type, or a type containing one): valid only
    // until that scope ends, so never cache it beyond a compilation.
    bool scoped = false;

    bool is_scalar() const { return kind == TypeKind::Scalar; }
    bool is_bool() const { return kind == TypeKind::Scalar && scalar == Scalar::Bool; }
    bool is_float_scalar() const { return kind == TypeKind::Scalar && is_float(scalar); }
    bool is_int_scalar() const { return kind == TypeKind::Scalar && is_int(scalar); }
    bool is_vector() const { return kind == TypeKind::Vector; }
    bool is_matrix() const { return kind == TypeKind::Matrix; }
    bool is_quat() const { return kind == TypeKind::Quaternion; }
    bool is_transform() const { return kind == TypeKind::Transform; }
    // vector, matrix, quaternion or transform (Warp's type_is_composite minus structs)
    bool is_composite() const {
        return kind == TypeKind::Vector || kind == TypeKind::Matrix || kind == TypeKind::Quaternion ||
               kind == TypeKind::Transform;
    }
    // scalar or composite: Warp's "value" types
    bool is_value() const { return is_scalar() || is_composite(); }
    bool is_array() const { return kind == TypeKind::Array; }
    bool is_struct() const { return kind == TypeKind::Struct; }
    bool is_reference() const { return kind == TypeKind::Reference; }
    bool is_tuple() const { return kind == TypeKind::Tuple; }
    bool is_tile() const { return kind == TypeKind::Tile; }
    bool is_any() const { return kind == TypeKind::Any; }
    bool is_function() const { return kind == TypeKind::Function; }
    bool is_tile_stack() const { return kind == TypeKind::TileStack; }
    // Contains Any somewhere (a template parameter type).
    bool is_generic() const {
        return kind == TypeKind::Any || (kind == TypeKind::Array && elem->is_generic()) ||
               (kind == TypeKind::Tuple && variadic) || (kind == TypeKind::Tile && tile_shape.empty());
    }
    // Number of scalar components of a value type (Warp's type_length).
    int component_count() const;
};

// A @wp.struct type. `native_name` is `<Name>_<8 hex of Warp's struct hash>`.
struct StructDef {
    struct Field {
        std::string name;
        TypeRef type;
        // Declared `wp.handle` (a uint64 to Warp's C++ and its struct hash): Warp never
        // accumulates a handle in the struct's `operator +=`.
        bool handle = false;
    };
    std::string key;         // the class's qualified name
    std::string native_name; // C++ name
    std::vector<Field> fields;
    std::vector<unsigned char> digest; // Warp's sha256 struct hash (nested structs hash it in)
    TypeRef type = nullptr;            // the Struct type of this definition

    const Field* field(std::string_view name) const;
};

namespace types {

// Struct types, and the types built from them, created while a TypeScope is
// alive on this thread belong to it and are freed with it. A compilation opens
// one, so memory stays flat however many modules (each with its own structs)
// are compiled. Scopes nest; without one, struct types are kept forever.
class TypeScope {
  public:
    TypeScope();
    ~TypeScope();
    TypeScope(const TypeScope&) = delete;
    TypeScope& operator=(const TypeScope&) = delete;

    struct Arena;

  private:
    Arena* arena_;
    Arena* previous_;
};

TypeRef void_type();
TypeRef any();
TypeRef scalar(Scalar s);
inline TypeRef boolean() {
    return scalar(Scalar::Bool);
}
inline TypeRef int32() {
    return scalar(Scalar::Int32);
}
inline TypeRef float32() {
    return scalar(Scalar::Float32);
}
TypeRef vector(int length, Scalar dtype);
TypeRef matrix(int rows, int cols, Scalar dtype);
TypeRef quaternion(Scalar dtype);
TypeRef transform(Scalar dtype);
// The float32 quaternion or transform `t` made with Python's float as dtype (Type::python_float).
TypeRef with_python_float(TypeRef t);
TypeRef array(TypeRef dtype, int ndim, ArrayClass cls = ArrayClass::Array);
// Warp's fixedarray: a stack array of a constant shape (wp::fixedarray_t<size, dtype>); the
// shape (1 to 4 positive extents) is known only through its ndim and size.
TypeRef fixed_array(TypeRef dtype, const std::vector<int>& shape);
TypeRef reference(TypeRef target);
TypeRef tuple(const std::vector<TypeRef>& elems);
// A `tuple[...]` parameter annotation (`erased`: the tuple value type it takes): Warp spells the Python
// scalar types among its elements
// (`python_names[i]`: "float", "int", "bool" or empty) as such in C++ (`wp::tuple_t<int, int>`).
// `tuple[T, ...]`: a generic parameter type that any tuple of T values matches.
TypeRef variadic_tuple(TypeRef elem);
TypeRef tuple_annotation(const std::vector<TypeRef>& elems, const std::vector<std::string>& python_names);
TypeRef range();
TypeRef shape();
TypeRef str();
// Warp's tile of `dtype` (a scalar, vector or matrix type) with a constant shape; row-major
// strides unless `strides` is given. An empty shape is `wp.tile[dtype]`'s Any (a generic type).
TypeRef tile(TypeRef dtype, const std::vector<int>& shape, bool shared, std::vector<int> strides = {},
             bool owner = true, bool colmajor = false);
// Warp's tile_stack of `dtype` (a scalar, vector or matrix type) holding up to `capacity` values.
TypeRef tile_stack(TypeRef dtype, int capacity);
// Warp's tile.size: the number of elements.
int tile_size(TypeRef tile);
// Warp's slice_t(start, stop, step) for constant bounds (open bounds of a tile subscript flagged).
TypeRef slice(int start, int stop, int step, bool start_omitted = false, bool stop_omitted = false);
// Warp's slice_t with a bound computed at run time (an array slice `a[i:j]`).
TypeRef runtime_slice();
// The number of elements a slice selects (Warp's slice_t.get_length).
int slice_length(TypeRef slice, int parent_length);
// Interns a struct type by its native name (which hashes its key and fields),
// so identical definitions in different modules share one type.
TypeRef structure(StructDef def);

// Warp's query object types by Python class name ("HashGridQuery", "_BvhQueryRay",
// "MeshQueryPoint", ...); null for a name warpsynth does not model. The result types of
// mesh_query_point* and mesh_query_ray have fields (in `st`, never emitted as a struct).
// Also Warp's textures ("Texture1D", "Texture2D", "Texture3D"), fields width/height/depth.
TypeRef opaque(std::string_view python_name);
// The type of a `wp.Function` parameter (type code "c"; never a value's type).
TypeRef function_param();
// Texture1D/2D/3D: unlike the query objects, kernel and function parameters, struct fields
// and array elements.
bool is_texture(TypeRef t);

// Strips one Reference (Warp's strip_reference).
inline TypeRef strip_reference(TypeRef t) {
    return t && t->is_reference() ? t->elem : t;
}

// Warp's type_matches_template: whether a concrete argument type fits a
// template parameter type (Any, or an array whose dtype is Any).
bool matches_template(TypeRef arg, TypeRef tmpl);

// The vector type of a matrix row; the 3-vector of a transform's translation.
TypeRef matrix_row(TypeRef mat);

} // namespace types

} // namespace ws
