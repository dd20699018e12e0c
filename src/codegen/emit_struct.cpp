// Text of @wp.struct types and Warp's struct naming hash.
#include "codegen/emit.h"

#include <fmt/format.h>
#include <openssl/evp.h>

namespace ws {

namespace {

// Field types whose values Warp accumulates in `+=` and atomic adds.
bool accumulates(TypeRef t) {
    if (t->is_struct()) return true;
    if (t->is_array() || !t->is_value()) return false;
    switch (t->scalar) {
    case Scalar::Int32:
    case Scalar::Int64:
    case Scalar::UInt32:
    case Scalar::UInt64:
    case Scalar::Float32:
    case Scalar::Float64:
    case Scalar::Float16:
    case Scalar::BFloat16: return true;
    default: return false;
    }
}

std::string scalar_code(Scalar s) {
    switch (s) {
    case Scalar::Bool: return "b";
    case Scalar::Int8: return "i1";
    case Scalar::Int16: return "i2";
    case Scalar::Int32: return "i4";
    case Scalar::Int64: return "i8";
    case Scalar::UInt8: return "u1";
    case Scalar::UInt16: return "u2";
    case Scalar::UInt32: return "u4";
    case Scalar::UInt64: return "u8";
    case Scalar::Float16: return "f2";
    case Scalar::BFloat16: return "bf2";
    case Scalar::Float32: return "f4";
    case Scalar::Float64: return "f8";
    }
    return "?";
}

} // namespace

std::string type_code(TypeRef t) {
    // Warp writes a dimension of 0 as "?" (as for a generic length).
    auto dim = [](int n) { return n == 0 ? std::string("?") : std::to_string(n); };
    switch (t->kind) {
    case TypeKind::Scalar: return scalar_code(t->scalar);
    case TypeKind::Quaternion: return "q" + scalar_code(t->scalar);
    case TypeKind::Transform: return "t" + scalar_code(t->scalar);
    case TypeKind::Vector: return fmt::format("v{}{}", dim(t->length), scalar_code(t->scalar));
    case TypeKind::Matrix: return fmt::format("m{}{}{}", dim(t->rows), dim(t->cols), scalar_code(t->scalar));
    case TypeKind::Array: {
        static constexpr const char* kPrefix[] = {"a", "ia", "fa", "ifa", "a"};
        return fmt::format("{}{}{}", kPrefix[static_cast<int>(t->array_class)], t->ndim, type_code(t->elem));
    }
    case TypeKind::Struct: return t->st->native_name;
    case TypeKind::Reference: return "ref" + type_code(t->elem);
    case TypeKind::Shape: return "sh";
    case TypeKind::Range: return "rg";
    case TypeKind::Str: return "str";
    case TypeKind::Opaque: return t->code;
    case TypeKind::Any: return "?";
    case TypeKind::Tuple: {
        if (!t->variadic && !t->erased) return "?"; // a tuple value: not modelled here
        // a tuple[...] annotation (Python scalar names have their Warp type's code)
        std::string code = fmt::format("tpl{}", t->elems.size() + (t->variadic ? 1 : 0));
        for (TypeRef e : t->elems) code += type_code(e);
        return t->variadic ? code + "?" : code;
    }
    case TypeKind::Function: return "c";
    case TypeKind::Tile: {
        std::string shape = t->tile_shape.empty() ? "?" : "";
        for (int d : t->tile_shape) shape += std::to_string(d);
        return fmt::format("t{}{}{}", t->tile_shared ? "s" : "r", shape, type_code(t->elem));
    }
    case TypeKind::TileStack: return fmt::format("ts{}{}", t->length, type_code(t->elem));
    default: return "?";
    }
}

std::string struct_hash_hex(const std::string& key,
                            const std::vector<std::pair<std::string, TypeRef>>& fields,
                            std::vector<unsigned char>* digest_out) {
    EVP_MD_CTX* ctx = EVP_MD_CTX_new();
    EVP_DigestInit_ex(ctx, EVP_sha256(), nullptr);
    EVP_DigestUpdate(ctx, key.data(), key.size());
    for (const auto& [name, type] : fields) {
        std::string s = name + ":" + type_code(type);
        EVP_DigestUpdate(ctx, s.data(), s.size());
        if (type->is_struct()) {
            const auto& d = type->st->digest;
            EVP_DigestUpdate(ctx, d.data(), d.size());
        }
    }
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    EVP_DigestFinal_ex(ctx, digest, &len);
    EVP_MD_CTX_free(ctx);
    if (digest_out) digest_out->assign(digest, digest + len);
    return fmt::format("{:02x}{:02x}{:02x}{:02x}", digest[0], digest[1], digest[2], digest[3]);
}

namespace {

// Fields Warp's struct operators accumulate (+=, -=, negation, atomic adds); wp.handle fields,
// a subclass of uint64 to Warp, are not among its accumulating scalar types.
bool field_accumulates(const StructDef::Field& f) {
    return !f.handle && accumulates(f.type);
}

// Arrays whose descriptor Warp's tile helpers copy and shuffle as a whole.
bool shuffles_descriptor(TypeRef t) {
    return t->is_array() && t->array_class != ArrayClass::FixedArray;
}

// `operator -=` and unary `-`, which tile templates instantiate for struct elements.
std::string tile_member_ops(const StructDef& s) {
    std::string sub, neg;
    for (const auto& f : s.fields)
        if (field_accumulates(f)) {
            sub += fmt::format("    {0} -= rhs.{0};\n", f.name);
            neg += fmt::format("    ret.{0} = -ret.{0};\n", f.name);
        }
    return fmt::format(
        "\n\n    CUDA_CALLABLE {0}& operator -= (const {0}& rhs)\n    {{{1}\n        return *this;}}\n\n"
        "    CUDA_CALLABLE {0} operator - () const\n    {{\n        {0} ret = *this;\n{2}\n"
        "        return ret;\n    }}\n",
        s.native_name, sub, neg);
}

// The free functions tile templates find by argument-dependent lookup for a struct element:
// adjoints of + and -, atomic adds (fields without atomics ride along) and warp shuffles.
std::string tile_helpers(const StructDef& s) {
    std::string atomic, down, xr;
    for (const auto& f : s.fields) {
        const std::string& ct = f.type->ctype;
        std::string ns = (ct.rfind("wp::", 0) == 0 || ct == "bool") ? "wp::" : "";
        // A wp.handle is not among Warp's value types: it is copied, never shuffled.
        const bool value = !f.handle && (f.type->is_value() || f.type->is_struct());
        if (shuffles_descriptor(f.type) || !value) {
            atomic += fmt::format("    old.{0} = p->{0};\n", f.name);
        } else if (field_accumulates(f)) {
            atomic += fmt::format("    old.{0} = {1}atomic_add(&p->{0}, t.{0});\n", f.name, ns);
        } else {
            atomic += fmt::format("    old.{0} = p->{0};\n", f.name);
        }
        if (shuffles_descriptor(f.type) || value) {
            std::string sns = f.type->is_struct() ? "" : "wp::";
            down += fmt::format("    ret.{0} = {1}warp_shuffle_down(val.{0}, offset, mask);\n", f.name, sns);
            xr += fmt::format("    ret.{0} = {1}warp_shuffle_xor(val.{0}, lane_mask);\n", f.name, sns);
        } else {
            down += fmt::format("    ret.{0} = val.{0};\n", f.name);
            xr += fmt::format("    ret.{0} = val.{0};\n", f.name);
        }
    }
    return fmt::format(
        "\n// Required by tile templates. The overloads are found by ADL when tile.h is\n"
        "// instantiated with a generated struct type.\n"
        "CUDA_CALLABLE void adj_add(const {0}& a, const {0}& b, {0}& adj_a, {0}& adj_b, const {0}& adj_ret)\n"
        "{{\n    adj_a += adj_ret;\n    adj_b += adj_ret;\n}}\n\n"
        "CUDA_CALLABLE {0} sub(const {0}& a, const {0}& b)\n{{\n    {0} ret = a;\n    ret -= b;\n    return "
        "ret;\n}}\n\n"
        "CUDA_CALLABLE void adj_sub(const {0}& a, const {0}& b, {0}& adj_a, {0}& adj_b, const {0}& adj_ret)\n"
        "{{\n    adj_a += adj_ret;\n    adj_b -= adj_ret;\n}}\n\n"
        "CUDA_CALLABLE {0} atomic_add({0}* p, {0} t)\n{{\n    {0} old {{}};\n{1}\n    return old;\n}}\n\n"
        "CUDA_CALLABLE {0} tile_atomic_add_value({0}* p, {0} t)\n{{\n    return atomic_add(p, t);\n}}\n\n"
        "CUDA_CALLABLE {0} tile_adj_atomic_add_value({0}* p, {0} t)\n{{\n"
        "    // Tile adjoint struct atomics accumulate only for side effects; callers\n"
        "    // currently ignore the returned old value, so avoid a second atomic here.\n"
        "    {0} old {{}};\n    adj_atomic_add(p, t);\n    return old;\n}}\n\n"
        "#if defined(__CUDA_ARCH__)\n"
        "CUDA_CALLABLE {0} warp_shuffle_down({0} val, int offset, int mask)\n{{\n    {0} ret {{}};\n{2}\n"
        "    return ret;\n}}\n\n"
        "CUDA_CALLABLE {0} warp_shuffle_xor({0} val, int lane_mask)\n{{\n    {0} ret {{}};\n{3}\n"
        "    return ret;\n}}\n#endif\n",
        s.native_name, atomic, down, xr);
}

} // namespace

std::string struct_text(const StructDef& s, bool tile_helpers_too) {
    const std::string& name = s.native_name;
    std::string body, forward_initializers, prefix_add, reverse_body, atomic_add;
    std::vector<std::string> forward_args, reverse_args;
    if (s.fields.empty()) body = "    char _dummy_;\n";
    for (const auto& f : s.fields) {
        const std::string& ct = f.type->ctype;
        body += fmt::format("    {} {};\n", ct, f.name);
        forward_args.push_back(
            fmt::format("{} const& {}{}", ct, f.name, forward_args.empty() ? "" : " = {}"));
        reverse_args.push_back(ct + " const&");
        std::string ns = (ct.rfind("wp::", 0) == 0 || ct == "bool") ? "wp::" : "";
        atomic_add += fmt::format("    {}adj_atomic_add(&p->{}, t.{});\n", ns, f.name, f.name);
        forward_initializers +=
            fmt::format("    {} {}{{{}}}\n", forward_initializers.empty() ? ":" : "    ,", f.name, f.name);
    }
    for (const auto& f : s.fields)
        if (field_accumulates(f)) prefix_add += fmt::format("    {0} += rhs.{0};\n", f.name);
    for (const auto& f : s.fields) {
        reverse_args.push_back(fmt::format("{} & adj_{}", f.type->ctype, f.name));
        reverse_body += fmt::format(fmt::runtime(f.type->is_array() ? "    adj_{0} = adj_ret.{0};\n"
                                                                    : "    adj_{0} += adj_ret.{0};\n"),
                                    f.name);
    }
    reverse_args.push_back(name + " & adj_ret");
    auto join = [](const std::vector<std::string>& v) {
        std::string r;
        for (size_t i = 0; i < v.size(); ++i) r += (i ? ",\n    " : "") + v[i];
        return r;
    };
    std::string defaulted = forward_args.empty() ? "" : name + "() = default;";
    std::string add_body = tile_helpers_too
                               ? fmt::format("    {0} ret = a;\n    ret += b;\n    return ret;", name)
                               : fmt::format("    return {}();", name);
    return fmt::format(
        "\nstruct {0}\n{{\n{1}\n\n    {2}\n    CUDA_CALLABLE {0}({3})\n    {4}\n    {{\n    }}\n\n"
        "    CUDA_CALLABLE {0}& operator += (const {0}& rhs)\n    {{{5}\n        return "
        "*this;}}\n{9}\n}};\n\n"
        "static CUDA_CALLABLE void adj_{0}({6})\n{{\n{7}}}\n\n"
        "// Required when compiling adjoints.\nCUDA_CALLABLE {0} add(const {0}& a, const {0}& b)\n{{\n"
        "{11}\n}}\n\n"
        "CUDA_CALLABLE void adj_atomic_add({0}* p, {0} t)\n{{\n{8}}}\n\n{10}\n\n",
        name, body, defaulted, join(forward_args), forward_initializers, prefix_add, join(reverse_args),
        reverse_body, atomic_add, tile_helpers_too ? tile_member_ops(s) : "",
        tile_helpers_too ? tile_helpers(s) : "", add_body);
}

} // namespace ws
