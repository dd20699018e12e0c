// Construct tags of a synthesized kernel: the corpus feature vocabulary
// (tests/corpus/README.md), in its table order, then a few synthesizer tags
// about index safety, then `call:NAME` tags sorted by name.
#pragma once

#include "synth/stype.h"

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace ws::synth {

// Order = the corpus vocabulary table; the names are in features.cpp.
enum class Tag : uint8_t {
    float16,
    float32,
    float64,
    int32,
    int64,
    uint32,
    bool_,
    vec2,
    vec3,
    vec4,
    vec_int,
    vec_f64,
    vec_custom,
    mat22,
    mat33,
    mat44,
    mat_f64,
    mat_custom,
    quat,
    transform,
    spatial,
    struct_,
    array1d,
    array2d,
    array3d,
    array4d,
    array_of_vec,
    array_of_mat,
    array_of_quat,
    array_of_transform,
    array_of_struct,
    array_load,
    array_store,
    array_multi_index,
    array_shape,
    tid1,
    tid2,
    tid3,
    tid4,
    kernel_param_scalar,
    kernel_param_composite,
    kernel_param_struct,
    kernel_return,
    two_kernels,
    func,
    func_calls_func,
    func_composite_arg,
    func_struct_arg,
    func_multi_return,
    tuple_unpack,
    func_default_arg,
    call_keyword_args,
    func_no_return,
    func_early_return,
    func_overload,
    op_add,
    op_sub,
    op_mul,
    op_matmul,
    op_div,
    op_floordiv,
    op_mod,
    op_pow,
    op_neg,
    op_bitwise,
    op_shift,
    op_invert,
    compare,
    compare_eq,
    compare_chained,
    bool_and,
    bool_or,
    bool_not,
    ternary,
    literal_int,
    literal_float,
    literal_bool,
    literal_negative,
    typed_literal,
    cast,
    python_global_constant,
    module_constant,
    static_expr,
    struct_def,
    struct_construct,
    struct_field_read,
    struct_field_write,
    local_reassign,
    aug_assign_local,
    aug_assign_array_atomic,
    aug_assign_array_nonatomic,
    aug_assign_composite_inplace,
    aug_assign_composite_copy,
    aug_assign_attribute,
    component_read,
    component_write,
    vec_index_read,
    vec_index_write,
    mat_elem_read,
    mat_elem_write,
    mat_row_read,
    mat_row_write,
    quat_index_read,
    if_,
    else_,
    elif,
    if_nested,
    for_dynamic,
    for_unrolled,
    range_1arg,
    range_2arg,
    range_3arg,
    range_negative_step,
    loop_nested,
    loop_carried,
    while_,
    while_true,
    break_,
    continue_,
    // Synthesizer tags (not in the corpus vocabulary): how array indices are
    // kept in bounds.
    index_clamp,  // wp.clamp / min-max to the array extent
    index_wrap,   // periodic wrap with %
    index_guard,  // an if that skips out-of-range neighbours
    index_gather, // an index read from an index array
    Count
};

std::string_view tag_name(Tag t);
// All tag names in order (the corpus vocabulary first).
const std::vector<std::string_view>& all_tag_names();

class Features {
  public:
    void add(Tag t) { tags_[static_cast<size_t>(t)] = true; }
    bool has(Tag t) const { return tags_[static_cast<size_t>(t)]; }
    // Records that a value of type `t` occurs (float32, vec3, vec_f64, ...).
    void type(const SType& t);
    void call(std::string_view name) { calls_.insert(std::string(name)); }
    // Tags in vocabulary order, then `call:NAME` sorted.
    std::vector<std::string> list() const;

  private:
    bool tags_[static_cast<size_t>(Tag::Count)] = {};
    std::set<std::string> calls_;
};

} // namespace ws::synth
