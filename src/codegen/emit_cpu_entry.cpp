// Warp's CPU entry points. For a module built with block_dim > 1 (the default
// 256) they hand each block's lanes to the CPU block runtime. Built with
// block_dim=1, what Warp loads for a CPU launch unless wp.config.enable_cpu_blocks
// is set, they run the tasks in a plain loop, and simple 1-D kernels get a
// variant specialised for contiguous 1-D arrays.
#include "codegen/emit.h"
#include "codegen/module_builder.h"

#include <fmt/format.h>

namespace ws {

namespace {

bool plain_array(const Var* a) {
    return a->type->is_array() && a->type->array_class == ArrayClass::Array;
}

// The contiguous 1-D arrays the specialisation rewrites the strides of.
std::vector<const Var*> contiguous_args(const Adjoint& adj) {
    std::vector<const Var*> out;
    for (const Var* a : adj.args)
        if (plain_array(a) && a->type->ndim == 1) out.push_back(a);
    return out;
}

} // namespace

bool cpu_linear_contiguous_candidate(const Adjoint& adj) {
    // Warp's cpu_linear_contiguous_specialization_candidate for block_dim == 1.
    if (adj.kernel_dim != 1 || !adj.uses_scalar_tid || contiguous_args(adj).empty()) return false;
    if (adj.has_non_unrolled_constant_loop) return true;
    for (const Var* v : adj.variables)
        if (v->type && (v->type->is_tile() || v->type->kind == TypeKind::TileStack)) return true;
    for (const Var* a : adj.args)
        if (plain_array(a) && a->type->ndim != 1) return false;
    return true;
}

std::string cpu_contiguous_setup(const Adjoint& adj, const std::string& name, bool backward) {
    std::string s = fmt::format("    wp_args_{} wp_contiguous_args;\n", name);
    if (backward) s += fmt::format("    wp_args_{} wp_contiguous_adj_args;\n", name);
    s += "    if constexpr (wp_linear_contiguous)\n    {\n        wp_contiguous_args = *_wp_args;\n";
    if (backward) s += "        wp_contiguous_adj_args = *_wp_adj_args;\n";
    for (const Var* a : contiguous_args(adj)) {
        const std::string& t = a->type->elem->ctype;
        s += fmt::format("        wp_contiguous_args.{}.strides[0] = sizeof({});\n", a->label, t);
        if (backward)
            s += fmt::format("        wp_contiguous_adj_args.{}.strides[0] = sizeof({});\n", a->label, t);
    }
    s += "        _wp_args = &wp_contiguous_args;\n";
    if (backward) s += "        _wp_adj_args = &wp_contiguous_adj_args;\n";
    return s + "    }";
}

namespace {

// `dim->coord_mult == 1 && (stride checks)`: the run-time choice of the specialisation.
std::string contiguous_condition(const Adjoint& adj, bool backward) {
    std::string c;
    for (const Var* a : contiguous_args(adj)) {
        const std::string& t = a->type->elem->ctype;
        for (std::string args : {"_wp_args", "_wp_adj_args"}) {
            if (!backward && args == "_wp_adj_args") continue;
            c += fmt::format("{}({}->{}.strides[0] == (int)sizeof({}))", c.empty() ? "" : " & ", args,
                             a->label, t);
        }
    }
    return "dim->coord_mult == 1 && (" + c + ")";
}

std::string tasks_and_dispatch(const Adjoint& adj, const std::string& name, const char* pass, bool backward) {
    const std::string args = backward ? "_wp_args, _wp_adj_args" : "_wp_args";
    const std::string params =
        fmt::format("    wp::launch_bounds_t<{}> *dim,\n    wp_args_{} *_wp_args{}", adj.kernel_dim, name,
                    backward ? fmt::format(",\n    wp_args_{} *_wp_adj_args", name) : "");
    std::string s = fmt::format(
        "\n\ntemplate <bool wp_linear_contiguous>\nstatic WP_FORCEINLINE void {0}_cpu_{1}_tasks(\n"
        "{2})\n{{\n    for (size_t task_index = 0; task_index < dim->size; ++task_index)\n"
        "    {{\n",
        name, pass, params);
    s +=
        backward
            ? fmt::format(
                  "        {}_cpu_kernel_backward<wp_linear_contiguous>(\n            *dim, task_index, "
                  "_wp_args, _wp_adj_args);\n",
                  name)
            : fmt::format(
                  "        {}_cpu_kernel_forward<wp_linear_contiguous>(*dim, task_index, _wp_args);\n", name);
    s += fmt::format("    }}\n}}\n\nstatic WP_FORCEINLINE void {}_cpu_{}_dispatch(\n{})\n{{\n"
                     "    wp::tile_shared_storage_t tile_mem;\n#if defined(WP_ENABLE_TILES_IN_STACK_MEMORY)\n"
                     "    wp::shared_tile_storage = &tile_mem;\n#endif\n\n",
                     name, pass, params);
    if (cpu_linear_contiguous_candidate(adj))
        s += fmt::format("    const bool wp_linear_contiguous = {2};\n    if (wp_linear_contiguous)\n"
                         "        {0}_cpu_{1}_tasks<true>(dim, {3});\n    else\n"
                         "        {0}_cpu_{1}_tasks<false>(dim, {3});\n",
                         name, pass, contiguous_condition(adj, backward), args);
    else
        s += fmt::format("    {}_cpu_{}_tasks<false>(dim, {});\n", name, pass, args);
    return s + "}\n\n";
}

} // namespace

std::string cpu_block_entry(const Adjoint& adj, const std::string& name, bool enable_backward) {
    const std::string ndim = std::to_string(adj.kernel_dim);
    std::string entry;
    auto block_module = [&](const char* pass, bool with_adj) {
        std::string s =
            fmt::format("\n\nstruct {0}_cpu_block_payload_{1}\n{{\n    wp_args_{0}* args;\n", name, pass);
        if (with_adj) s += fmt::format("    wp_args_{}* adj_args;\n", name);
        s += "    wp::tile_shared_storage_t* tile_mem;\n    size_t block_first;\n};\n\n";
        s += fmt::format("static void {0}_cpu_block_thunk_{1}(\n    void* dim_ptr, size_t, int lane, void* "
                         "payload_ptr)\n{{\n"
                         "    wp::launch_bounds_t<{2}>* dim = (wp::launch_bounds_t<{2}>*)dim_ptr;\n"
                         "    {0}_cpu_block_payload_{1}* payload = ({0}_cpu_block_payload_{1}*)payload_ptr;\n"
                         "    wp::tile_shared_storage_t::bind(payload->tile_mem);\n"
                         "    const size_t task_index = payload->block_first + (size_t)lane;\n"
                         "    {0}_cpu_kernel_{1}<false>(*dim, task_index, payload->args{3});\n}}\n\n",
                         name, pass, ndim, with_adj ? ", payload->adj_args" : "");
        return s;
    };
    auto entry_body = [&](const char* pass, bool with_adj) {
        return fmt::format(
            "    constexpr size_t block_dim = (size_t)WP_TILE_BLOCK_DIM;\n"
            "    const size_t total = dim->size;\n"
            "    size_t block_first = 0;\n"
            "    size_t block_id = 0;\n\n"
            "    while (block_first < total)\n    {{\n"
            "        const size_t remaining = total - block_first;\n"
            "        const int active_count = (int)(remaining < block_dim ? remaining : block_dim);\n"
            "        wp::tile_shared_storage_t tile_mem;\n"
            "        {0}_cpu_block_payload_{1} payload = {{ _wp_args, {2}&tile_mem, block_first }};\n"
            "        if (!wp_cpu_run_block(\n"
            "                WP_TILE_BLOCK_DIM, active_count, &{0}_cpu_block_thunk_{1}, dim, block_id, "
            "&payload))\n"
            "            return;\n"
            "        block_first += (size_t)active_count;\n"
            "        ++block_id;\n    }}",
            name, pass, with_adj ? "_wp_adj_args, " : "");
    };
    entry = block_module("forward", false);
    entry += fmt::format(
        "extern \"C\" {{\n\n// Python CPU entry points\nWP_API void {0}_cpu_forward(\n"
        "    wp::launch_bounds_t<{1}> *dim,\n    wp_args_{0} *_wp_args)\n{{\n{2}\n}}\n\n}} // extern C\n\n",
        name, ndim, entry_body("forward", false));
    if (enable_backward) {
        entry += block_module("backward", true);
        entry += fmt::format("extern \"C\" {{\n\nWP_API void {0}_cpu_backward(\n"
                             "    wp::launch_bounds_t<{1}> *dim,\n    wp_args_{0} *_wp_args,\n"
                             "    wp_args_{0} *_wp_adj_args)\n{{\n{2}\n}}\n\n}} // extern C\n\n",
                             name, ndim, entry_body("backward", true));
    }
    return entry;
}

std::string cpu_single_lane_entry(const Adjoint& adj, const std::string& name, bool enable_backward) {
    std::string s = tasks_and_dispatch(adj, name, "forward", false);
    s += fmt::format("extern \"C\" {{\n\n// Python CPU entry points\nWP_API void {0}_cpu_forward(\n"
                     "    wp::launch_bounds_t<{1}> *dim,\n    wp_args_{0} *_wp_args)\n{{\n"
                     "    {0}_cpu_forward_dispatch(dim, _wp_args);\n}}\n\n}} // extern C\n\n",
                     name, adj.kernel_dim);
    if (!enable_backward) return s;
    s += tasks_and_dispatch(adj, name, "backward", true);
    s += fmt::format("extern \"C\" {{\n\nWP_API void {0}_cpu_backward(\n    wp::launch_bounds_t<{1}> *dim,\n"
                     "    wp_args_{0} *_wp_args,\n    wp_args_{0} *_wp_adj_args)\n{{\n"
                     "    {0}_cpu_backward_dispatch(dim, _wp_args, _wp_adj_args);\n}}\n\n}} // extern C\n\n",
                     name, adj.kernel_dim);
    return s;
}

} // namespace ws
