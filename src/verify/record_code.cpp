#include "verify/record_code.h"

#include "codegen/compile.h"
#include "syntax/source.h"

#include <cctype>
#include <memory>
#include <optional>

namespace ws::verify {

namespace {

bool ident_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

std::string ident_at(const std::string& s, size_t pos) {
    size_t e = pos;
    while (e < s.size() && ident_char(s[e])) ++e;
    return s.substr(pos, e - pos);
}

std::string join(std::initializer_list<std::string_view> parts) {
    std::string out;
    for (std::string_view p : parts) {
        if (p.empty()) continue;
        out += p;
        if (out.back() != '\n') out += '\n';
    }
    return out;
}

// Names of `struct NAME\n{` definitions other than the kernel argument
// structs and the CPU block payloads that every kernel brings along.
bool defines_user_struct(const std::string& text) {
    for (size_t pos = text.find("struct "); pos != std::string::npos; pos = text.find("struct ", pos + 7)) {
        if (pos > 0 && text[pos - 1] != '\n') continue;
        std::string name = ident_at(text, pos + 7);
        size_t after = pos + 7 + name.size();
        if (name.empty() || text.compare(after, 2, "\n{") != 0) continue;
        if (name.rfind("wp_args_", 0) == 0 || name.find("_cpu_block_payload_") != std::string::npos) continue;
        return true;
    }
    return false;
}

bool source_declares_structs(const std::string& python) {
    return python.find("wp.struct") != std::string::npos || python.find("@struct") != std::string::npos;
}

// A virtual path for recompiling: the struct prelude never mentions it, and
// function comments mention it, which marks where the prelude ends.
constexpr const char* kVirtualPath = "ws-verify-recompile.py";

CompileOutput recompile(const std::string& python, const std::string& path, Device device,
                        int block_dim = 256) {
    auto source = std::make_shared<SourceFile>(path, python);
    CompileOptions o;
    o.device = device;
    o.strip_hash = true;
    o.enable_backward = true;
    o.comment_path = kVirtualPath;
    o.cpu_block_dim = block_dim;
    return compile_module(source, o);
}

// The structs section of a module body: everything before the first user
// function (marked by its `// path:line` comment) or kernel.
std::string struct_prelude(std::string_view body) {
    size_t end = body.size();
    for (const std::string& marker :
         {std::string("\n// ") + kVirtualPath + ":", std::string("\nstruct wp_args_"),
          std::string("\nextern \"C\" "), std::string("\ntemplate <bool wp_linear")}) {
        size_t p = body.find(marker);
        if (p != std::string::npos && p < end) end = p + 1;
    }
    return std::string(body.substr(0, end));
}

// Adds the struct prelude when the record's code uses user structs without
// defining them (a record stores a kernel's functions, not the module's structs).
void add_structs_if_needed(RecordCode& c, const dataset::Record& r, Device device) {
    if (!source_declares_structs(r.python_source) || defines_user_struct(c.text)) return;
    try {
        std::string prelude = struct_prelude(recompile(r.python_source, kVirtualPath, device).body);
        if (!prelude.empty()) {
            c.text = prelude + c.text;
            c.note = "struct definitions recompiled from python_source";
        }
    } catch (const std::exception& e) {
        c.error = std::string("cannot recompile python_source for its struct definitions: ") + e.what();
    }
}

std::vector<std::string> names_after(const std::string& text, const std::string& lead) {
    std::vector<std::string> out;
    for (size_t pos = text.find(lead); pos != std::string::npos; pos = text.find(lead, pos + lead.size())) {
        size_t p = pos + lead.size();
        while (p < text.size() && text[p] == ' ') ++p;
        // CUDA entries may carry WP_MAXNREG(n) between `void` and the name.
        if (text.compare(p, 11, "WP_MAXNREG(") == 0) {
            p = text.find(')', p);
            if (p == std::string::npos) break;
            ++p;
            while (p < text.size() && text[p] == ' ') ++p;
        }
        std::string name = ident_at(text, p);
        if (!name.empty() && p + name.size() < text.size() && text[p + name.size()] == '(')
            out.push_back(name);
    }
    return out;
}

std::vector<std::string> cuda_entries(const std::string& text) {
    // `extern "C" [__launch_bounds__(..)] [WP_CLUSTER_DIMS(..)] __global__ void [WP_MAXNREG(n)] NAME(`
    return names_after(text, "__global__ void");
}

std::string suffix_stripped(const std::string& name, const std::string& suffix) {
    if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
        return name.substr(0, name.size() - suffix.size());
    return {};
}

void finish_cpu(RecordCode& c) {
    size_t p = c.text.find("struct wp_args_");
    if (p == std::string::npos) {
        c.error = "no `struct wp_args_<kernel>` in the CPU code";
        return;
    }
    c.kernel = ident_at(c.text, p + 15);
    c.extern_c = names_after(c.text, "WP_API void");
    c.has_entry = c.text.find("WP_API void " + c.kernel + "_cpu_forward(") != std::string::npos;
    c.fields = parse_args_struct(c.text, c.kernel);
    c.launch_ndim = parse_launch_ndim(c.text);
}

} // namespace

std::vector<FieldDecl> parse_args_struct(const std::string& text, const std::string& kernel) {
    std::vector<FieldDecl> fields;
    std::string head = "struct wp_args_" + kernel + " {\n";
    size_t p = text.find(head);
    if (p == std::string::npos) return fields;
    p += head.size();
    size_t end = text.find("};", p);
    while (p < end) {
        size_t nl = text.find('\n', p);
        if (nl == std::string::npos || nl > end) nl = end;
        std::string line = text.substr(p, nl - p);
        p = nl + 1;
        size_t a = line.find_first_not_of(' ');
        size_t semi = line.rfind(';');
        if (a == std::string::npos || semi == std::string::npos) continue;
        line = line.substr(a, semi - a);
        size_t sp = line.rfind(' ');
        if (sp == std::string::npos) continue;
        fields.push_back({line.substr(0, sp), line.substr(sp + 1)});
    }
    return fields;
}

int parse_launch_ndim(const std::string& text) {
    size_t p = text.find("wp::launch_bounds_t<");
    if (p == std::string::npos) return 1;
    int n = text[p + 20] - '0';
    return n >= 1 && n <= 4 ? n : 1;
}

RecordCode cuda_code(const dataset::Record& r) {
    RecordCode c;
    if (r.cuda_forward.empty()) return c;
    c.present = true;
    c.text = join({r.cuda_functions, r.cuda_forward, r.cuda_backward});
    c.has_backward = !r.cuda_backward.empty();
    c.extern_c = cuda_entries(c.text);
    for (const std::string& n : c.extern_c)
        if (std::string k = suffix_stripped(n, "_cuda_kernel_forward"); !k.empty()) c.kernel = k;
    if (c.kernel.empty())
        c.error = "no `extern \"C\" __global__ void <kernel>_cuda_kernel_forward(` in the CUDA code";
    c.launch_ndim = parse_launch_ndim(c.text);
    add_structs_if_needed(c, r, Device::Cuda);
    return c;
}

RecordCode cpu_code(const dataset::Record& r) {
    RecordCode c;
    if (r.cpu_forward.empty()) return c;
    c.present = true;
    c.text = join({r.cpu_functions, r.cpu_forward, r.cpu_backward, r.cpu_entry});
    c.has_backward = !r.cpu_backward.empty();
    add_structs_if_needed(c, r, Device::Cpu);
    if (c.error.empty()) finish_cpu(c);
    return c;
}

std::optional<RecordCode> compile_cpu_code(const std::string& python, const std::string& path,
                                           const std::string& kernel, int block_dim) {
    CompileOutput out = recompile(python, path, Device::Cpu, block_dim);
    const KernelText* k = nullptr;
    for (const KernelText& kt : out.kernels)
        if (kt.name == kernel) k = &kt;
    if (!k && out.kernels.size() == 1) k = &out.kernels.front();
    if (!k) return std::nullopt;
    RecordCode c;
    c.present = true;
    c.text = join({k->functions, out.text(k->forward), out.text(k->backward), out.text(k->entry)});
    c.has_backward = !k->backward.empty();
    c.block_dim = block_dim;
    if (source_declares_structs(python) && !defines_user_struct(c.text))
        c.text = struct_prelude(out.body) + c.text;
    finish_cpu(c);
    return c;
}

namespace {

// python_source compiled again for the CPU with `block_dim`; `what` names the attempt in an error.
RecordCode recompiled(const dataset::Record& r, int block_dim, const std::string& what, std::string note) {
    RecordCode c;
    c.present = true;
    try {
        std::optional<RecordCode> compiled =
            compile_cpu_code(r.python_source, kVirtualPath, r.kernel_name, block_dim);
        if (compiled)
            c = std::move(*compiled);
        else
            c.error = "python_source has no kernel named " + r.kernel_name;
    } catch (const std::exception& e) {
        c.error = "cannot recompile python_source for " + what + ": " + e.what();
    }
    c.note = std::move(note);
    return c;
}

// The code without comment lines (they name the source path, which differs between compilations).
std::string without_comments(const std::string& text) {
    std::string out;
    size_t start = 0;
    while (start < text.size()) {
        size_t nl = text.find('\n', start);
        size_t end = nl == std::string::npos ? text.size() : nl + 1;
        size_t first = text.find_first_not_of(" \t", start);
        if (first >= end || text.compare(first, 2, "//") != 0) out.append(text, start, end - start);
        start = end;
    }
    return out;
}

} // namespace

RecordCode cpu_code_recompiled(const dataset::Record& r) {
    return recompiled(r, 256, "CPU",
                      "CPU code recompiled from python_source (the record has CUDA code only)");
}

std::string cpu_code_mismatch(const dataset::Record& r, const RecordCode& cpu) {
    std::optional<RecordCode> expected;
    try {
        expected = compile_cpu_code(r.python_source, kVirtualPath, r.kernel_name, 256);
    } catch (const std::exception& e) {
        return std::string("cannot recompile python_source for CPU: ") + e.what();
    }
    if (!expected) return "python_source has no kernel named " + r.kernel_name;
    if (without_comments(expected->text) != without_comments(cpu.text))
        return "the record's CPU code is not what python_source compiles to, so running python_source's "
               "block_dim=1 code would not check it";
    return "";
}

RecordCode cpu_code_single_lane(const dataset::Record& r) {
    return recompiled(
        r, 1, "CPU with block_dim=1",
        "CPU code recompiled from python_source with block_dim=1, as Warp builds it for a CPU launch");
}

} // namespace ws::verify
