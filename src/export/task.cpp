#include "export/task.h"

#include <array>
#include <fmt/format.h>

namespace ws::exporting {

namespace {

struct TaskInfo {
    Task task;
    const char* name;
    const char* instruction;
};

constexpr std::array<TaskInfo, 6> kTasks{{
    {Task::PythonToCuda, "python-to-cuda",
     "Translate this NVIDIA Warp kernel into the CUDA C++ that Warp generates for it: the functions it "
     "calls, the forward kernel and, if it has one, the backward (adjoint) kernel."},
    {Task::PythonToCpu, "python-to-cpu",
     "Translate this NVIDIA Warp kernel into the CPU C++ that Warp generates for it: the functions it "
     "calls, the forward kernel, the backward (adjoint) kernel if it has one, and the entry points."},
    {Task::CudaToPython, "cuda-to-python",
     "Write the NVIDIA Warp Python module that Warp translates into this CUDA C++."},
    {Task::ForwardToAdjoint, "forward-to-adjoint",
     "Write the backward (adjoint) CUDA kernel that NVIDIA Warp generates for this forward kernel."},
    {Task::Describe, "describe", "Describe in one to three sentences what this NVIDIA Warp kernel computes."},
    {Task::Write, "write",
     "Write an NVIDIA Warp kernel in Python (a module with a `@wp.kernel`) that has this signature and "
     "does what the description says."},
}};

const TaskInfo& info(Task t) {
    for (const auto& i : kTasks)
        if (i.task == t) return i;
    return kTasks[0];
}

// Code pieces one after the other, each ending with a newline, without the
// blank lines Warp puts before each function at the start.
std::string join_code(std::initializer_list<const std::string*> pieces) {
    std::string out;
    for (const std::string* p : pieces) {
        if (p->empty()) continue;
        if (!out.empty() && out.back() != '\n') out += '\n';
        out += *p;
    }
    out.erase(0, out.find_first_not_of('\n'));
    return out;
}

std::string fenced(std::string_view lang, const std::string& code) {
    bool nl = !code.empty() && code.back() == '\n';
    return fmt::format("```{}\n{}{}```", lang, code, nl ? "" : "\n");
}

Example example(Task t, std::string input, std::string output) {
    return Example{std::string(info(t).instruction), std::move(input), std::move(output)};
}

} // namespace

const char* const kSystemPrompt =
    "You are an expert in NVIDIA Warp, the Python framework for GPU simulation and graphics kernels, "
    "and in the CUDA and C++ code that Warp generates.";

const std::vector<std::string>& task_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        for (const auto& i : kTasks) v.emplace_back(i.name);
        return v;
    }();
    return names;
}

std::optional<Task> parse_task(std::string_view name) {
    for (const auto& i : kTasks)
        if (name == i.name) return i.task;
    return std::nullopt;
}

std::string_view task_name(Task t) {
    return info(t).name;
}

std::string_view task_instruction(Task t) {
    return info(t).instruction;
}

std::string kernel_signature(const std::string& src, const std::string& kernel_name) {
    std::string needle = "def " + kernel_name + "(";
    size_t start = 0;
    // The definition at the start of a line (not a call or a longer name).
    while ((start = src.find(needle, start)) != std::string::npos && start > 0 && src[start - 1] != '\n')
        start += needle.size();
    if (start == std::string::npos) return {};
    int depth = 0;
    for (size_t i = start + needle.size() - 1; i < src.size(); ++i) {
        char c = src[i];
        if (c == '(' || c == '[') ++depth;
        if (c == ')' || c == ']') --depth;
        if (c == ':' && depth == 0) return src.substr(start, i + 1 - start);
    }
    return {};
}

ExampleOrSkip make_example(Task t, const dataset::Record& r) {
    const std::string& py = r.python_source;
    switch (t) {
    case Task::PythonToCuda:
        if (r.cuda_forward.empty()) return {std::nullopt, "no CUDA code"};
        return {example(t, fenced("python", py),
                        join_code({&r.cuda_functions, &r.cuda_forward, &r.cuda_backward})),
                {}};
    case Task::PythonToCpu:
        if (r.cpu_forward.empty()) return {std::nullopt, "no CPU code"};
        return {example(t, fenced("python", py),
                        join_code({&r.cpu_functions, &r.cpu_forward, &r.cpu_backward, &r.cpu_entry})),
                {}};
    case Task::CudaToPython:
        if (r.cuda_forward.empty()) return {std::nullopt, "no CUDA code"};
        return {
            example(t, fenced("cpp", join_code({&r.cuda_functions, &r.cuda_forward, &r.cuda_backward})), py),
            {}};
    case Task::ForwardToAdjoint:
        if (r.cuda_forward.empty()) return {std::nullopt, "no CUDA code"};
        if (r.cuda_backward.empty()) return {std::nullopt, "no backward"};
        return {example(t, fenced("cpp", join_code({&r.cuda_forward})), join_code({&r.cuda_backward})), {}};
    case Task::Describe:
        if (r.description.empty()) return {std::nullopt, "no description"};
        return {example(t, fenced("python", py), r.description), {}};
    case Task::Write: {
        if (r.description.empty()) return {std::nullopt, "no description"};
        std::string sig = kernel_signature(py, r.kernel_name);
        if (sig.empty()) return {std::nullopt, "no kernel signature"};
        return {example(t,
                        fmt::format("Description: {}\n\nSignature:\n{}", r.description,
                                    fenced("python", "@wp.kernel\n" + sig + "\n")),
                        py),
                {}};
    }
    }
    return {std::nullopt, "unknown task"};
}

} // namespace ws::exporting
