#include "synth/features.h"

#include <array>

namespace ws::synth {

namespace {

constexpr std::array<std::string_view, static_cast<size_t>(Tag::Count)> kTagNames = {
    "float16",
    "float32",
    "float64",
    "int32",
    "int64",
    "uint32",
    "bool",
    "vec2",
    "vec3",
    "vec4",
    "vec_int",
    "vec_f64",
    "vec_custom",
    "mat22",
    "mat33",
    "mat44",
    "mat_f64",
    "mat_custom",
    "quat",
    "transform",
    "spatial",
    "struct",
    "array1d",
    "array2d",
    "array3d",
    "array4d",
    "array_of_vec",
    "array_of_mat",
    "array_of_quat",
    "array_of_transform",
    "array_of_struct",
    "array_load",
    "array_store",
    "array_multi_index",
    "array_shape",
    "tid1",
    "tid2",
    "tid3",
    "tid4",
    "kernel_param_scalar",
    "kernel_param_composite",
    "kernel_param_struct",
    "kernel_return",
    "two_kernels",
    "func",
    "func_calls_func",
    "func_composite_arg",
    "func_struct_arg",
    "func_multi_return",
    "tuple_unpack",
    "func_default_arg",
    "call_keyword_args",
    "func_no_return",
    "func_early_return",
    "func_overload",
    "op_add",
    "op_sub",
    "op_mul",
    "op_matmul",
    "op_div",
    "op_floordiv",
    "op_mod",
    "op_pow",
    "op_neg",
    "op_bitwise",
    "op_shift",
    "op_invert",
    "compare",
    "compare_eq",
    "compare_chained",
    "bool_and",
    "bool_or",
    "bool_not",
    "ternary",
    "literal_int",
    "literal_float",
    "literal_bool",
    "literal_negative",
    "typed_literal",
    "cast",
    "python_global_constant",
    "module_constant",
    "static_expr",
    "struct_def",
    "struct_construct",
    "struct_field_read",
    "struct_field_write",
    "local_reassign",
    "aug_assign_local",
    "aug_assign_array_atomic",
    "aug_assign_array_nonatomic",
    "aug_assign_composite_inplace",
    "aug_assign_composite_copy",
    "aug_assign_attribute",
    "component_read",
    "component_write",
    "vec_index_read",
    "vec_index_write",
    "mat_elem_read",
    "mat_elem_write",
    "mat_row_read",
    "mat_row_write",
    "quat_index_read",
    "if",
    "else",
    "elif",
    "if_nested",
    "for_dynamic",
    "for_unrolled",
    "range_1arg",
    "range_2arg",
    "range_3arg",
    "range_negative_step",
    "loop_nested",
    "loop_carried",
    "while",
    "while_true",
    "break",
    "continue",
    "index_clamp",
    "index_wrap",
    "index_guard",
    "index_gather",
};

} // namespace

std::string_view tag_name(Tag t) {
    return kTagNames[static_cast<size_t>(t)];
}

const std::vector<std::string_view>& all_tag_names() {
    static const std::vector<std::string_view> names(kTagNames.begin(), kTagNames.end());
    return names;
}

void Features::type(const SType& t) {
    if (t.kind == Kind::Struct) {
        add(Tag::struct_);
        return;
    }
    switch (t.scalar) {
    case Scalar::F16: add(Tag::float16); break;
    case Scalar::F32: add(Tag::float32); break;
    case Scalar::F64: add(Tag::float64); break;
    case Scalar::I32: add(Tag::int32); break;
    case Scalar::I64: add(Tag::int64); break;
    case Scalar::U32: add(Tag::uint32); break;
    case Scalar::Bool: add(Tag::bool_); break;
    case Scalar::U8: break; // no vocabulary tag for uint8
    }
    switch (t.kind) {
    case Kind::Vec:
        if (t.n == 2) add(Tag::vec2);
        if (t.n == 3) add(Tag::vec3);
        if (t.n == 4) add(Tag::vec4);
        if (t.scalar == Scalar::I32 || t.scalar == Scalar::I64 || t.scalar == Scalar::U32) add(Tag::vec_int);
        if (t.scalar == Scalar::F64) add(Tag::vec_f64);
        if (t.custom >= 0) add(Tag::vec_custom);
        break;
    case Kind::Mat:
        if (t.n == 2 && t.m == 2) add(Tag::mat22);
        if (t.n == 3 && t.m == 3) add(Tag::mat33);
        if (t.n == 4 && t.m == 4) add(Tag::mat44);
        if (t.scalar == Scalar::F64) add(Tag::mat_f64);
        if (t.custom >= 0) add(Tag::mat_custom);
        break;
    case Kind::Quat: add(Tag::quat); break;
    case Kind::Transform: add(Tag::transform); break;
    case Kind::Spatial: add(Tag::spatial); break;
    default: break;
    }
}

std::vector<std::string> Features::list() const {
    std::vector<std::string> out;
    for (size_t i = 0; i < kTagNames.size(); ++i)
        if (tags_[i]) out.emplace_back(kTagNames[i]);
    for (const auto& c : calls_) out.push_back("call:" + c);
    return out;
}

} // namespace ws::synth
