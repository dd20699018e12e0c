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

std::string struct_text(const StructDef& s) {
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
        if (!f.handle && accumulates(f.type)) prefix_add += fmt::format("    {0} += rhs.{0};\n", f.name);
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
    return fmt::format(
        "\nstruct {0}\n{{\n{1}\n\n    {2}\n    CUDA_CALLABLE {0}({3})\n    {4}\n    {{\n    }}\n\n"
        "    CUDA_CALLABLE {0}& operator += (const {0}& rhs)\n    {{{5}\n        return *this;}}\n\n}};\n\n"
        "static CUDA_CALLABLE void adj_{0}({6})\n{{\n{7}}}\n\n"
        "// Required when compiling adjoints.\nCUDA_CALLABLE {0} add(const {0}& a, const {0}& b)\n{{\n"
        "    return {0}();\n}}\n\n"
        "CUDA_CALLABLE void adj_atomic_add({0}* p, {0} t)\n{{\n{8}}}\n\n\n\n",
        name, body, defaulted, join(forward_args), forward_initializers, prefix_add, join(reverse_args),
        reverse_body, atomic_add);
}

} // namespace ws
