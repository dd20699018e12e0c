// The export tasks: what a training example asks for and what it answers,
// built from the fields of one pair record (design §5), with one fixed
// instruction per task so that every row of a task is asked the same way.
#pragma once

#include "dataset/record.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ws::exporting {

enum class Task { PythonToCuda, PythonToCpu, CudaToPython, ForwardToAdjoint, Describe, Write };

// "python-to-cuda", ... in --help order.
const std::vector<std::string>& task_names();
std::optional<Task> parse_task(std::string_view name);
std::string_view task_name(Task t);

// The system message of every example (the `messages` format).
extern const char* const kSystemPrompt;
// The fixed instruction of a task (printed by --help and on the card).
std::string_view task_instruction(Task t);

// One example: instruction + input is the prompt, output the answer.
struct Example {
    std::string instruction;
    std::string input;
    std::string output;
};

// The example of `r` for `t`, or the reason the record has none
// ("no CUDA code", "no backward", "no description", ...).
struct ExampleOrSkip {
    std::optional<Example> example;
    std::string skip_reason;
};
ExampleOrSkip make_example(Task t, const dataset::Record& r);

// The `def name(...) -> ...:` line(s) of the kernel in its Python source; empty when not found.
std::string kernel_signature(const std::string& python_source, const std::string& kernel_name);

} // namespace ws::exporting
