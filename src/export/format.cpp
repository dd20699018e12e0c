#include "export/format.h"

#include <array>

namespace ws::exporting {

namespace {

constexpr std::array<std::pair<Format, const char*>, 3> kFormats{{
    {Format::Messages, "messages"},
    {Format::PromptCompletion, "prompt-completion"},
    {Format::Alpaca, "alpaca"},
}};

} // namespace

const std::vector<std::string>& format_names() {
    static const std::vector<std::string> names{"messages", "prompt-completion", "alpaca"};
    return names;
}

std::optional<Format> parse_format(std::string_view name) {
    for (const auto& [f, n] : kFormats)
        if (name == n) return f;
    return std::nullopt;
}

std::string_view format_name(Format f) {
    for (const auto& [g, n] : kFormats)
        if (f == g) return n;
    return "?";
}

std::string prompt_text(const Example& e) {
    return e.instruction + "\n\n" + e.input;
}

nlohmann::ordered_json make_row(Format f, Task t, const Example& e, const dataset::Record& r) {
    using nlohmann::ordered_json;
    ordered_json row;
    switch (f) {
    case Format::Messages:
        row["messages"] = ordered_json::array({
            ordered_json{{"role", "system"}, {"content", kSystemPrompt}},
            ordered_json{{"role", "user"}, {"content", prompt_text(e)}},
            ordered_json{{"role", "assistant"}, {"content", e.output}},
        });
        break;
    case Format::PromptCompletion:
        row["prompt"] = prompt_text(e);
        row["completion"] = e.output;
        break;
    case Format::Alpaca:
        row["instruction"] = e.instruction;
        row["input"] = e.input;
        row["output"] = e.output;
        break;
    }
    row["id"] = r.id;
    row["fingerprint"] = r.source_hash;
    row["kernel_name"] = r.kernel_name;
    row["category"] = r.category;
    if (t == Task::Write) {
        // What a checker (judge) needs besides the id: the launch as the record holds it.
        row["launch"] = dataset::launch_json(r.launch);
    }
    return row;
}

} // namespace ws::exporting
