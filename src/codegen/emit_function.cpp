// Text of user functions and kernels: the forward and reverse bodies of a
// built Adjoint, wrapped in Warp's function, kernel and CPU entry templates.
#include "codegen/emit.h"
#include "codegen/line_copy.h"
#include "codegen/module_builder.h"
#include "types/scratch_text.h"
#include "types/str_cat.h"

#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>

namespace ws {

namespace {

// Appends the pieces in place. str_cat.h's append() does the same, but GCC left some of its
// expansions out of line, where every piece, the literals too, was copied by its run-time size.
template <class... V>
[[gnu::always_inline]] inline void append_inline(TextBuffer& out, V... views) {
    char* p = out.extend((views.size() + ...));
    ((p = str_cat_detail::put(p, views.data(), views.size())), ...);
}

// A parameter list, one parameter a line: each appended in place (a string per parameter,
// joined afterwards, cost an allocation and a copy each), into a reused buffer.
class ParamList {
  public:
    explicit ParamList(size_t count) { text_->reserve(count * 40 + 16); }
    template <class... A>
    [[gnu::always_inline]] void add(const A&... pieces) {
        if (text_->empty())
            append_inline(*text_, std::string_view(str_cat_detail::view(pieces))...);
        else
            append_inline(*text_, std::string_view(",\n    "),
                          std::string_view(str_cat_detail::view(pieces))...);
    }
    void add_all(const std::vector<std::string>& params) {
        for (const std::string& p : params) add(p);
    }
    // The parameters of `other` first (this list still empty).
    void start_with(const ParamList& other) { *text_ += other.text(); }
    std::string_view text() const { return text_->view(); }
    size_t size() const { return text_->size(); }

  private:
    ScratchText text_;
};

// The gradient of an indexed array parameter is a regular array (Warp's user function and
// CUDA kernel signatures; the CPU entry's argument struct keeps the parameter's own type).
const std::string& adj_arg_ctype(const Var* a) {
    TypeRef t = a->type;
    if (t->is_array() && t->array_class == ArrayClass::IndexedArray)
        return types::array(t->elem, t->ndim)->ctype;
    return a->ctype();
}

// Writes lines into one buffer, each prefixed by the body's indentation.
class LineWriter {
  public:
    LineWriter(TextBuffer& out, int indent) : out_(out), pad_(static_cast<size_t>(indent), ' ') {}
    void line(std::string_view text) {
        char* p = out_.extend(pad_.size() + text.size() + 1);
        p = str_cat_detail::put(p, pad_.data(), pad_.size());
        p = str_cat_detail::put_line(p, text.data(), text.size());
        *p = '\n';
    }
    // One line of the pieces joined (see str_cat.h), copied in place.
    template <class... A>
    [[gnu::always_inline]] void put(const A&... pieces) {
        append_inline(out_, std::string_view(pad_), std::string_view(str_cat_detail::view(pieces))...,
                      std::string_view("\n"));
    }
    // The lines of [begin, end) (`text_size` bytes in all, `count` lines) at once: room made
    // once, then each line's indentation, text and newline copied in place.
    template <class It>
    void lines(It begin, It end, size_t text_size, size_t count) {
        char* p = out_.extend(text_size + count * (pad_.size() + 1));
        for (It it = begin; it != end; ++it) {
            std::string_view l = *it;
            p = str_cat_detail::put(p, pad_.data(), pad_.size()); // not memset's call: 4 or 8 bytes
            p = put_text_line(p, l.data(), l.size());
            *p++ = '\n';
        }
    }

  private:
    TextBuffer& out_;
    std::string pad_;
};

size_t estimate(const Lines& lines, int indent) {
    return lines.text_size() + lines.size() * (static_cast<size_t>(indent) + 1);
}

// Warp's tile.cinit(): a register tile is value-initialised; a shared tile owning its storage
// takes it from the block's shared memory (with room for its gradient in the backward pass);
// a shared view is bound later.
std::string tile_init(TypeRef t, bool requires_grad) {
    if (!t->tile_shared) return cat(t->ctype, "{}");
    if (!t->tile_owner) return "nullptr";
    return fmt::format("wp::tile_alloc_empty<{},wp::tile_shape_t<{}>,wp::tile_stride_t<{}>,{}>()",
                       t->elem->ctype, fmt::join(t->tile_shape, ","), fmt::join(t->tile_strides, ","),
                       requires_grad ? "true" : "false");
}

void primal_declarations(const Adjoint& adj, LineWriter& w, bool requires_grad) {
    w.line("//---------");
    w.line("// primal vars");
    for (const Var* v : adj.variables) {
        if (v->type->is_tile())
            w.put(v->ctype(), ' ', v->emit(), " = ", tile_init(v->type, requires_grad), ';');
        else if (v->type->is_tile_stack()) // its storage comes from the block's shared memory
            w.put(v->ctype(), ' ', v->emit(), " = wp::tile_stack_alloc<", v->type->elem->ctype, ", ",
                  v->type->length, ">();");
        // The name as pieces: Var::emit() would fill its cache for this one use.
        else if (v->constant && v->prefix)
            w.put("const ", v->ctype(), " var_", v->label, " = ", constant_str(*v->constant), ';');
        else if (v->constant)
            w.put("const ", v->ctype(), ' ', v->label, " = ", constant_str(*v->constant), ';');
        else if (v->prefix)
            w.put(v->ctype(), " var_", v->label, ';');
        else
            w.put(v->ctype(), ' ', v->label, ';');
    }
}

// Whether the primal declarations differ between the passes: a shared tile owning its storage
// takes room for its gradient only in the backward pass (tile_init).
bool primal_depends_on_pass(const Adjoint& adj) {
    for (const Var* v : adj.variables)
        if (v->type->is_tile() && v->type->tile_shared && v->type->tile_owner) return true;
    return false;
}

// Writes the primal declarations into `out` (emptied first; a reused buffer).
void primal_text(TextBuffer& out, const Adjoint& adj, int indent, bool requires_grad) {
    out.resize(0);
    out.reserve(adj.variables.size() * 48 + 64);
    LineWriter w(out, indent);
    primal_declarations(adj, w, requires_grad);
}

} // namespace

namespace {

int body_indent(bool kernel, Device device) {
    return device == Device::Cpu ? 4 : (kernel ? 8 : 4);
}

// Room for the bodies, so that a buffer grows once.
size_t forward_estimate(const Adjoint& adj, int indent) {
    return estimate(adj.blocks[0]->body_forward, indent) + adj.variables.size() * 48 + 256;
}

size_t reverse_estimate(const Adjoint& adj, int indent) {
    const Block& body = *adj.blocks[0];
    return estimate(body.body_replay, indent) + estimate(body.body_reverse, indent) +
           adj.variables.size() * 96 + 256;
}

// Whether a forward line is a `return;` statement (after spaces and tabs).
bool is_return(std::string_view line) {
    size_t p = 0;
    while (p < line.size() && (line[p] == ' ' || line[p] == '\t')) ++p;
    return line.substr(p, 7) == "return;";
}

// The bodies, appended to `out` (a function's text is written in one buffer).
void write_forward_body(TextBuffer& out, const Adjoint& adj, bool kernel, Device device, bool grid_stride,
                        const TextBuffer* primal) {
    int indent = body_indent(kernel, device);
    out.reserve_more(forward_estimate(adj, indent));
    LineWriter w(out, indent);
    if (device == Device::Cpu && kernel) {
        w.line("//---------");
        w.line("// argument vars");
        for (const Var* a : adj.args) w.put(a->ctype(), ' ', a->emit(), " = _wp_args->", a->label, ';');
    }
    if (primal)
        out += *primal;
    else
        primal_declarations(adj, w, false);
    w.line("//---------");
    w.line("// forward");
    // In a grid-stride CUDA kernel, `return` moves on to the next element.
    bool rewrite_return = grid_stride && kernel && device == Device::Cuda;
    const Lines& forward = adj.blocks[0]->body_forward;
    if (!rewrite_return) {
        w.lines(forward.begin(), forward.end(), forward.text_size(), forward.size());
        return;
    }
    for (std::string_view f : forward) {
        if (is_return(f)) {
            std::string g(f);
            g.replace(g.find("return;"), 7, "continue;");
            w.line(g);
            continue;
        }
        w.line(f);
    }
}

void write_reverse_body(TextBuffer& out, const Adjoint& adj, bool kernel, Device device, bool grid_stride,
                        const TextBuffer* primal) {
    int indent = body_indent(kernel, device);
    const Block& body = *adj.blocks[0];
    out.reserve_more(reverse_estimate(adj, indent));
    LineWriter w(out, indent);
    if (device == Device::Cpu && kernel) {
        w.line("//---------");
        w.line("// argument vars");
        for (const Var* a : adj.args) w.put(a->ctype(), ' ', a->emit(), " = _wp_args->", a->label, ';');
        for (const Var* a : adj.args)
            w.put(a->ctype(), ' ', a->adj_prefix(), a->label, " = _wp_adj_args->", a->label, ';');
    }
    if (primal)
        out += *primal;
    else
        primal_declarations(adj, w, true);
    w.line("//---------");
    w.line("// dual vars");
    for (const Var* v : adj.variables) {
        // A shared tile holds its own gradient: the adjoint is an alias of the primal.
        if (v->type->is_tile() && v->type->tile_shared)
            w.put(v->type->ctype, "& ", v->adj_prefix(), v->label, " = ", v->emit(), ';');
        else if (v->type->is_tile())
            w.put(v->type->ctype, ' ', v->adj_prefix(), v->label, "{};");
        else if (v->type->is_tile_stack()) // never read: the stack builtins have no adjoints
            w.put(v->type->ctype, ' ', v->adj_prefix(), v->label, ';');
        else if (v->prefix) // the prefix with the separator: one piece of known size
            w.put(v->value_ctype(), " adj_", v->label, " = {};");
        else
            w.put(v->value_ctype(), ' ', v->label, " = {};");
    }
    w.line("//---------");
    w.line("// forward");
    w.lines(body.body_replay.begin(), body.body_replay.end(), body.body_replay.text_size(),
            body.body_replay.size());
    w.line("//---------");
    w.line("// reverse");
    w.lines(body.body_reverse.rbegin(), body.body_reverse.rend(), body.body_reverse.text_size(),
            body.body_reverse.size());
    w.line(grid_stride && device == Device::Cuda && kernel ? "continue;" : "return;");
}

} // namespace

TextBuffer forward_body(const Adjoint& adj, bool kernel, Device device, bool grid_stride,
                        const TextBuffer* primal) {
    TextBuffer out;
    write_forward_body(out, adj, kernel, device, grid_stride, primal);
    return out;
}

// Warp passes a tile parameter by reference as a C++ template parameter `tile_<name>`, so that
// one function takes register and shared tiles alike: `template<typename tile_t>` before the
// function, and `tile_t& var_t`.
std::string tile_template_prefix(const Adjoint& adj) {
    std::vector<std::string> names;
    for (const Var* a : adj.args)
        if (a->type->is_tile()) names.push_back("typename tile_" + a->label);
    return names.empty() ? "" : fmt::format("template<{}>\n", fmt::join(names, ", "));
}

namespace {

void add_param_declaration(ParamList& params, const Var* a) {
    if (a->type->is_tile())
        params.add("tile_", a->label, "& ", a->emit());
    else
        params.add(a->ctype(), ' ', a->emit());
}

// The parameters both the forward and the adjoint of a function take first, added to `params`.
void function_params(ParamList& params, const Adjoint& adj) {
    for (const Var* a : adj.args) add_param_declaration(params, a);
    if (adj.det) params.add_all(adj.det->function_params());
    if (adj.return_var && adj.return_var->size() != 1)
        for (size_t i = 0; i < adj.return_var->size(); ++i)
            params.add((*adj.return_var)[i]->ctype(), " & ret_", i);
}

std::string_view return_ctype(const Adjoint& adj) {
    if (adj.return_var && adj.return_var->size() == 1) return (*adj.return_var)[0]->ctype();
    return "void";
}

// Warp's get_total_required_shared() != 0: the function, or one it calls, has a shared tile
// owning its storage.
bool requires_shared_memory(const Adjoint& adj, std::vector<const Adjoint*>& seen) {
    if (std::find(seen.begin(), seen.end(), &adj) != seen.end()) return false;
    seen.push_back(&adj);
    for (const Var* v : adj.variables)
        if (v->type->is_tile_stack() || (v->type->is_tile() && v->type->tile_shared && v->type->tile_owner))
            return true;
    for (const UserFunction* f : adj.called_user_functions)
        if (f->adj && requires_shared_memory(*f->adj, seen)) return true;
    return false;
}

bool requires_shared_memory(const Adjoint& adj) {
    std::vector<const Adjoint*> seen;
    return requires_shared_memory(adj, seen);
}

} // namespace

void function_forward_text(TextBuffer& out, const UserFunction& f, Device device, const std::string& path,
                           TextBuffer* primal_out) {
    const Adjoint& adj = *f.adj;
    ParamList params(adj.args.size() + 2);
    function_params(params, adj);
    ScratchText scratch; // the declarations go to `primal_out` when the caller keeps them
    TextBuffer& primal = primal_out ? *primal_out : *scratch;
    primal_text(primal, adj, 4, false);
    std::string tile_prefix = tile_template_prefix(adj);
    out.reserve_more(tile_prefix.size() + path.size() + f.native_name.size() + params.size() + 96 +
                     forward_estimate(adj, 4));
    append(out, tile_prefix, "\n// ", path, ':', f.src.display_lineno, "\nstatic ",
           device == Device::Cuda ? "CUDA_CALLABLE " : "", return_ctype(adj), ' ', f.native_name, "(\n    ",
           params.text(), ")\n{\n");
    write_forward_body(out, adj, false, device, false, &primal);
    out += "}\n\n";
}

void function_reverse_text(TextBuffer& out, const UserFunction& f, Device device, const std::string& path,
                           const TextBuffer* primal) {
    const Adjoint& adj = *f.adj;
    std::string_view return_type = return_ctype(adj);
    bool multiple = adj.return_var && adj.return_var->size() != 1;
    ParamList params(adj.args.size() * 2 + 2);
    function_params(params, adj);
    for (const Var* a : adj.args) { // a wp.ref[T] adjoint is a pointer too
        if (a->type->is_tile())
            params.add("tile_", a->label, " & adj_", a->label);
        else
            params.add(adj_arg_ctype(a), a->type->is_reference() ? "" : " &", " adj_", a->label);
    }
    if (multiple) {
        for (size_t i = 0; i < adj.return_var->size(); ++i)
            params.add((*adj.return_var)[i]->ctype(), " & adj_ret_", i);
    } else if (return_type != "void") {
        params.add(return_type, " & adj_ret");
    }
    bool with_body = adj.used_by_backward_kernel || f.force_adjoint_codegen;
    std::string tile_prefix = tile_template_prefix(adj);
    out.reserve_more(tile_prefix.size() + path.size() + f.native_name.size() + params.size() + 160 +
                     (with_body ? reverse_estimate(adj, 4) : 0));
    append(out, tile_prefix, "\n// ", path, ':', f.src.display_lineno, "\nstatic ",
           device == Device::Cuda ? "CUDA_CALLABLE " : "", "void adj_", f.native_name, "(\n    ",
           params.text(), ")\n{\n");
    if (with_body)
        write_reverse_body(out, adj, false, device, false, primal_depends_on_pass(adj) ? nullptr : primal);
    else
        out += "\t// reverse mode disabled (no backward-enabled kernel depends on this function)\n";
    out += "}\n\n";
}

size_t text_estimate(const Adjoint& adj) {
    return forward_estimate(adj, 8) + reverse_estimate(adj, 8) + adj.args.size() * 256 + 2048;
}

namespace {

// The CUDA kernels' prologues: a grid-stride loop over the launch, or one element per thread.
constexpr const char* kGridStrideHead =
    "    wp::tile_shared_storage_t tile_mem;\n\n"
    "    for (size_t _idx = static_cast<size_t>(blockDim.x) * static_cast<size_t>(blockIdx.x) + "
    "static_cast<size_t>(threadIdx.x);\n"
    "         _idx < dim.size;\n"
    "         _idx += static_cast<size_t>(blockDim.x) * static_cast<size_t>(gridDim.x))\n"
    "    {\n"
    "            // reset shared memory allocator\n"
    "        wp::tile_shared_storage_t::init();\n\n";
constexpr const char* kLeanHead =
    "    wp::tile_shared_storage_t tile_mem;\n\n"
    "    const size_t _idx = static_cast<size_t>(blockIdx.z * gridDim.y + blockIdx.y) * "
    "static_cast<size_t>(gridDim.x * blockDim.x) + static_cast<size_t>(blockIdx.x * blockDim.x + "
    "threadIdx.x);\n"
    "    if (_idx >= dim.size) return;\n"
    "            // reset shared memory allocator\n"
    "    wp::tile_shared_storage_t::init();\n\n";

} // namespace

KernelSpans kernel_text(TextBuffer& out, const KernelDef& k, const std::string& name, Device device,
                        bool enable_backward, bool default_grid_stride, int cpu_block_dim) {
    const Adjoint& adj = *k.adj;
    const KernelOptions& opt = k.options;
    KernelSpans spans;
    auto since = [&out](size_t begin) { return TextSpan{begin, out.size() - begin}; };
    std::string dim = cat("wp::launch_bounds_t<", adj.kernel_dim, "> dim");
    // The primal declarations once for both passes when they are the same text.
    ScratchText primal_buffer;
    TextBuffer& primal = *primal_buffer;
    primal_text(primal, adj, device == Device::Cpu ? 4 : 8, false);
    const TextBuffer* reverse_primal = primal_depends_on_pass(adj) ? nullptr : &primal;
    if (device == Device::Cuda) {
        bool grid_stride = opt.grid_stride.value_or(default_grid_stride);
        const char* head = grid_stride ? kGridStrideHead : kLeanHead;
        const char* tail = grid_stride ? "    }\n}\n\n" : "}\n\n";
        std::string launch_bounds;
        if (opt.launch_bounds.size() == 1)
            launch_bounds = fmt::format("__launch_bounds__({}) ", opt.launch_bounds[0]);
        if (opt.launch_bounds.size() == 2)
            launch_bounds =
                fmt::format("__launch_bounds__({}, {}) ", opt.launch_bounds[0], opt.launch_bounds[1]);
        std::string cluster =
            opt.cluster_dim != 1 ? fmt::format("WP_CLUSTER_DIMS({}, 1, 1) ", opt.cluster_dim) : "";
        std::string maxreg =
            opt.cuda_max_registers ? fmt::format("WP_MAXNREG({}) ", *opt.cuda_max_registers) : "";
        // Warp spills registers to shared memory only in kernels that need none for tiles.
        std::string spill = opt.enable_cuda_smem_spilling && !requires_shared_memory(adj)
                                ? "    WP_ENABLE_SMEM_SPILLING();\n"
                                : "";
        ParamList fargs(adj.args.size() * 2 + 1);
        fargs.add(dim);
        for (const Var* a : adj.args) fargs.add(a->ctype(), " var_", a->label);
        std::vector<std::string> det_params =
            adj.det ? adj.det->cuda_kernel_params() : std::vector<std::string>{};
        std::string det_locals = adj.det ? adj.det->kernel_locals(device) : "";
        ParamList rargs(enable_backward ? adj.args.size() * 2 + 1 : 0);
        if (enable_backward) rargs.start_with(fargs);
        fargs.add_all(det_params);
        size_t begin = out.size();
        append(out, "\n\nextern \"C\" ", launch_bounds, cluster, "__global__ void ", maxreg, name,
               "_cuda_kernel_forward(\n    ", fargs.text(), ")\n{\n", spill, head, det_locals);
        write_forward_body(out, adj, true, device, grid_stride, &primal);
        out += tail;
        spans.forward = since(begin);
        if (enable_backward) {
            for (const Var* a : adj.args) rargs.add(adj_arg_ctype(a), " adj_", a->label);
            rargs.add_all(det_params);
            begin = out.size();
            append(out, "\n\nextern \"C\" ", launch_bounds, cluster, "__global__ void ", maxreg, name,
                   "_cuda_kernel_backward(\n    ", rargs.text(), ")\n{\n", spill, head, det_locals);
            write_reverse_body(out, adj, true, device, grid_stride, reverse_primal);
            out += tail;
            spans.backward = since(begin);
        }
        return spans;
    }

    // Block_dim 1 specialises simple 1-D kernels for contiguous arrays (Warp's array setup).
    const bool contiguous = cpu_block_dim == 1 && cpu_linear_contiguous_candidate(adj);
    auto setup = [&](bool backward) { return contiguous ? cpu_contiguous_setup(adj, name, backward) : ""; };
    std::string det_locals = adj.det ? adj.det->kernel_locals(device) : "";
    std::string args_struct = fmt::format("struct wp_args_{} {{\n", name);
    for (const Var* a : adj.args) args_struct += fmt::format("    {} {};\n", a->ctype(), a->label);
    args_struct += "};\n";
    size_t begin = out.size();
    out += args_struct;
    out += fmt::format("\n\ntemplate <bool wp_linear_contiguous>\nstatic void {0}_cpu_kernel_forward(\n"
                       "    {1},\n    size_t task_index,\n    wp_args_{0} *_wp_args)\n{{\n"
                       "    static constexpr bool wp_linear_tid = wp_linear_contiguous;\n{2}\n{3}",
                       name, dim, setup(false), det_locals);
    write_forward_body(out, adj, true, device, false, &primal);
    out += "}\n\n";
    spans.forward = since(begin);
    if (enable_backward) {
        begin = out.size();
        out += fmt::format("\n\ntemplate <bool wp_linear_contiguous>\nstatic void {0}_cpu_kernel_backward(\n"
                           "    {1},\n    size_t task_index,\n    wp_args_{0} *_wp_args,\n"
                           "    wp_args_{0} *_wp_adj_args)\n{{\n"
                           "    static constexpr bool wp_linear_tid = wp_linear_contiguous;\n{2}\n{3}",
                           name, dim, setup(true), det_locals);
        write_reverse_body(out, adj, true, device, false, reverse_primal);
        out += "}\n\n";
        spans.backward = since(begin);
    }
    begin = out.size();
    out += cpu_block_dim == 1 ? cpu_single_lane_entry(adj, name, enable_backward)
                              : cpu_block_entry(adj, name, enable_backward);
    spans.entry = since(begin);
    return spans;
}

} // namespace ws
