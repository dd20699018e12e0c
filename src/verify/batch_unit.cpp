#include "verify/batch_unit.h"

#include "codegen/compile.h"

#include <algorithm>
#include <fmt/format.h>

namespace ws::verify {

namespace {

std::string c_string(const std::string& s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += char(c);
        } else if (c < 0x20 || c >= 0x7f) {
            out += fmt::format("\\{:03o}", c); // octal escapes never swallow following characters beyond 3
        } else {
            out += char(c);
        }
    }
    return out + "\"";
}

// The '\n's of `s` (not dataset::count_lines, which also counts a last line without one): how
// far the line number moves past `s`.
int count_newlines(const std::string& s) {
    return int(std::count(s.begin(), s.end(), '\n'));
}

// Appends text, keeping track of the current line number.
struct Writer {
    std::string text;
    int line = 1;
    void add(const std::string& s) {
        text += s;
        line += count_newlines(s);
    }
};

std::string ns(size_t slot) {
    return "ws_r" + std::to_string(slot);
}

std::string defines(const BatchEntry& e) {
    std::string s;
    for (const std::string& n : e.code->extern_c) s += "#define " + n + " " + renamed(e.slot, n) + "\n";
    return s;
}

std::string undefs(const BatchEntry& e) {
    std::string s;
    for (const std::string& n : e.code->extern_c) s += "#undef " + n + "\n";
    return s;
}

struct StructDef {
    std::string name;
    std::vector<std::string> fields;
};

// User struct definitions in a record's code, in order: `struct NAME\n{\n`
// then `    TYPE FIELD;` lines up to the first blank line (Warp's layout).
std::vector<StructDef> user_structs(const std::string& text) {
    std::vector<StructDef> out;
    for (size_t pos = text.find("\nstruct "); pos != std::string::npos;
         pos = text.find("\nstruct ", pos + 8)) {
        size_t name_start = pos + 8;
        size_t name_end = name_start;
        while (name_end < text.size() &&
               (std::isalnum(static_cast<unsigned char>(text[name_end])) || text[name_end] == '_'))
            ++name_end;
        if (text.compare(name_end, 3, "\n{\n") != 0) continue;
        StructDef d{text.substr(name_start, name_end - name_start), {}};
        if (d.name.rfind("wp_args_", 0) == 0 || d.name.find("_cpu_block_payload_") != std::string::npos)
            continue;
        size_t p = name_end + 3;
        while (p < text.size()) {
            size_t nl = text.find('\n', p);
            if (nl == std::string::npos) break;
            std::string line = text.substr(p, nl - p);
            p = nl + 1;
            size_t semi = line.rfind(';');
            size_t first = line.find_first_not_of(' ');
            if (first == std::string::npos || semi == std::string::npos) break;
            std::string decl = line.substr(first, semi - first);
            size_t sp = decl.rfind(' ');
            if (sp == std::string::npos) break;
            d.fields.push_back(decl.substr(sp + 1));
        }
        out.push_back(std::move(d));
    }
    return out;
}

// Tells the harness how a user struct is laid out, field by field, so that
// struct arguments (and arrays of structs) can be filled and differentiated.
std::string struct_layouts(const BatchEntry& e) {
    std::string s;
    for (const StructDef& d : user_structs("\n" + e.code->text)) {
        std::string full = ns(e.slot) + "::" + d.name;
        s += "template <> struct ws_harness::layout<" + full + "> {\n";
        s += "    static bool add(ws_arg_desc& d, int base) {\n        return true";
        for (const std::string& f : d.fields)
            s += "\n            && ws_harness::field<decltype(" + full + "::" + f +
                 ")>(d, base + static_cast<int>(__builtin_offsetof(" + full + ", " + f + ")))";
        s += ";\n    }\n};\n";
    }
    return s;
}

} // namespace

std::string renamed(size_t slot, const std::string& name) {
    return "ws_r" + std::to_string(slot) + "_" + name;
}

std::vector<size_t> members_at_lines(const std::vector<size_t>& lines, const BatchUnit& unit,
                                     const std::vector<size_t>& members) {
    std::vector<size_t> out;
    for (size_t line : lines)
        for (size_t j = 0; j < members.size(); ++j)
            if (int(line) >= unit.lines[j].first && int(line) <= unit.lines[j].second &&
                std::find(out.begin(), out.end(), members[j]) == out.end())
                out.push_back(members[j]);
    return out;
}

namespace {

// A record's code in its own namespace, with its C-linkage names renamed
// (defines; the caller adds the undefs); its line range goes into `unit`.
void add_record_code(Writer& w, BatchUnit& unit, const BatchEntry& e) {
    w.add(fmt::format("\n// ---- record {} ({})\n", e.slot,
                      e.record->id.empty() ? e.record->kernel_name : e.record->id));
    w.add(defines(e));
    int first = w.line;
    w.add("namespace " + ns(e.slot) + " {\n");
    w.add(e.code->text);
    w.add("} // namespace " + ns(e.slot) + "\n");
    unit.lines.emplace_back(first, w.line - 1);
}

} // namespace

BatchUnit cuda_batch_unit(const std::vector<BatchEntry>& entries) {
    Writer w;
    w.add(translation_unit_preamble(Device::Cuda));
    // NVRTC's automatic PCH covers the unit's initial run of preprocessing directives. This
    // declaration ends that run after the preamble, which every batch shares: without it the
    // first record's #defines join the run, no batch matches the PCH of the one before, and
    // every call writes and reads a new one of ~70 MB (NVRTC took twice the CPU time).
    w.add("namespace ws_pch_end {}\n");
    BatchUnit unit;
    for (const BatchEntry& e : entries) {
        add_record_code(w, unit, e);
        w.add(undefs(e));
    }
    unit.text = std::move(w.text);
    return unit;
}

std::string record_glue(const BatchEntry& e) {
    const RecordCode& c = *e.code;
    const LaunchPlan& p = *e.plan;
    const std::string args = "wp_args_" + c.kernel;
    const std::string bounds = fmt::format("wp::launch_bounds_t<{}>", c.launch_ndim);
    const std::string make_bounds = fmt::format("ws_harness::bounds<{}>(c)", c.launch_ndim);
    std::string s;

    s += "static const ws_arg_spec ws_specs[] = {\n";
    for (size_t i = 0; i < c.fields.size(); ++i) {
        const synth::ArgSpec& a = p.args[i];
        int64_t shape[4] = {0, 0, 0, 0};
        for (size_t d = 0; d < a.shape.size() && d < 4; ++d) shape[d] = a.shape[d];
        s += fmt::format("    {{{}, {}, {{{}, {}, {}, {}}}, {:.17g}, {:.17g}, {}}},\n",
                         c_string(c.fields[i].name), c.fields[i].is_array() ? a.shape.size() : 0, shape[0],
                         shape[1], shape[2], shape[3], a.min_value, a.max_value, a.is_output ? 1 : 0);
    }
    s += "    {nullptr, 0, {0, 0, 0, 0}, 0.0, 0.0, 0}, // keeps the array non-empty\n};\n";

    s += "static int ws_describe(ws_arg_desc* d) {\n    bool ok = true;\n";
    for (size_t i = 0; i < c.fields.size(); ++i)
        s += fmt::format("    ok = ws_harness::describe<decltype({}::{})>(d[{}]) && ok;\n", args,
                         c.fields[i].name, i);
    s += "    return ok ? 0 : -1;\n}\n";

    s += "static void ws_bind(" + args + "& a, const ws_call* c, int which) {\n";
    for (size_t i = 0; i < c.fields.size(); ++i)
        s += fmt::format("    ws_harness::bind(a.{}, c, {}, which, ws_specs[{}]);\n", c.fields[i].name, i, i);
    s += "}\n";

    // Launches go through the record's own entry points when it has them
    // (exactly what Warp calls); otherwise through its kernel functions, one
    // call per thread index as the entry points would make.
    s += "static void ws_forward(const ws_call* c) {\n    " + args + " a;\n    ws_bind(a, c, 0);\n    " +
         bounds + " dim = " + make_bounds + ";\n";
    if (c.has_entry)
        s += "    " + c.kernel + "_cpu_forward(&dim, &a);\n";
    else
        s += "    for (size_t t = 0; t < dim.size; ++t) " + c.kernel +
             "_cpu_kernel_forward<false>(dim, t, &a);\n";
    s += "}\n";
    if (c.has_backward) {
        s += "static void ws_backward(const ws_call* c) {\n    " + args +
             " a, adj;\n    ws_bind(a, c, 0);\n" + "    ws_bind(adj, c, 1);\n    " + bounds +
             " dim = " + make_bounds + ";\n";
        if (c.has_entry)
            s += "    " + c.kernel + "_cpu_backward(&dim, &a, &adj);\n";
        else
            s += "    for (size_t t = 0; t < dim.size; ++t) " + c.kernel +
                 "_cpu_kernel_backward<false>(dim, t, &a, &adj);\n";
        s += "}\n";
    }

    // CUDA kernels take the launch bounds and then every argument by value,
    // in the order of the args struct (then the adjoints, for backward). Only
    // a record the runner launches on a device needs it (~6% of the unit's code).
    if (e.cuda_forward.empty()) return s;
    s += "static int ws_cuda_params(const ws_call* c, int backward, void* storage, size_t capacity, void** "
         "params) {\n";
    s += "    struct Block { " + bounds + " dim; " + args + " a; " + args + " adj; };\n";
    s += "    if (capacity < sizeof(Block)) return -1;\n";
    s += "    memset(storage, 0, sizeof(Block));\n";
    s += "    Block* b = static_cast<Block*>(storage);\n";
    s += "    b->dim = " + make_bounds +
         ";\n    ws_bind(b->a, c, 0);\n    int n = 0;\n    params[n++] = &b->dim;\n";
    for (const FieldDecl& f : c.fields) s += "    params[n++] = &b->a." + f.name + ";\n";
    s += "    if (backward) {\n        ws_bind(b->adj, c, 1);\n";
    for (const FieldDecl& f : c.fields) s += "        params[n++] = &b->adj." + f.name + ";\n";
    s += "    }\n    return n;\n}\n";
    return s;
}

BatchUnit cpu_batch_unit(const std::vector<BatchEntry>& entries, const std::string& pch_header,
                         int block_dim) {
    Writer w;
    // The prefix header is the preamble plus the runner ABI and glue helpers
    // (host_compiler.cpp); without one, the same text is spelled out here.
    if (!pch_header.empty())
        w.add("#include \"" + pch_header + "\"\n");
    else
        w.add(translation_unit_preamble(Device::Cpu, block_dim) +
              "#define WS_ABI_NO_STD_HEADERS\n#include \"ws_abi.h\"\n#include \"ws_harness.h\"\n");
    BatchUnit unit;
    for (const BatchEntry& e : entries) {
        add_record_code(w, unit, e);
        w.add(struct_layouts(e));
        w.add("namespace " + ns(e.slot) + " {\n" + record_glue(e) + "} // namespace " + ns(e.slot) + "\n");
        w.add(undefs(e));
    }

    w.add("\nextern \"C\" __attribute__((visibility(\"default\"))) const ws_record_entry ws_records[] = {\n");
    for (const BatchEntry& e : entries) {
        const RecordCode& c = *e.code;
        int64_t dim[4] = {1, 1, 1, 1};
        for (size_t d = 0; d < e.plan->dim.size() && d < 4; ++d) dim[d] = e.plan->dim[d];
        std::string n = ns(e.slot);
        w.add(fmt::format(
            "    {{{}, {}, {}, {}::ws_specs, {}, {{{}, {}, {}, {}}}, {}::ws_describe, {}::ws_forward, {}, "
            "{}, {}, {}, {}, {}}},\n",
            c_string(e.record->id), c_string(c.kernel), c.fields.size(), n, c.launch_ndim, dim[0], dim[1],
            dim[2], dim[3], n, n, c.has_backward ? n + "::ws_backward" : "nullptr",
            e.cuda_forward.empty() ? "nullptr" : n + "::ws_cuda_params",
            e.cuda_forward.empty() ? "nullptr" : c_string(e.cuda_forward),
            e.cuda_backward.empty() ? "nullptr" : c_string(e.cuda_backward),
            e.plan->error.empty() ? "nullptr" : c_string(e.plan->error),
            // Rounding to bfloat16's 8 significant bits makes finite differences meaningless.
            c.text.find("wp::bfloat16") != std::string::npos
                ? c_string("bfloat16 arithmetic is too coarse for finite differences")
                : "nullptr"));
    }
    w.add("};\n");
    w.add(
        fmt::format("extern \"C\" __attribute__((visibility(\"default\"))) const int ws_record_count = {};\n",
                    entries.size()));
    unit.text = std::move(w.text);
    return unit;
}

} // namespace ws::verify
