#include "export/card.h"

#include "dataset/card.h"
#include "export/format.h"
#include "export/task.h"

#include <fmt/format.h>

namespace ws::exporting {

namespace {

using nlohmann::json;

std::string front_matter(const json& r) {
    std::string out = "---\n";
    out += fmt::format("pretty_name: warpsynth {} ({})\n", r.at("task").get<std::string>(),
                       r.at("row_format").get<std::string>());
    out += "license: other\nlanguage:\n- code\n- en\ntask_categories:\n- text-generation\n";
    out += "tags:\n- code\n- cuda\n- nvidia-warp\n- synthetic\n- sft\n";
    out += fmt::format("size_categories:\n- {}\n", dataset::size_category(r.at("rows").get<uint64_t>()));
    out += "configs:\n- config_name: default\n  data_files:\n";
    for (const char* split : {"train", "validation", "test"})
        if (r.at("splits").at(split).get<uint64_t>() > 0)
            out += fmt::format("  - split: {}\n    path: data/{}-*\n", split, split);
    return out + "---\n\n";
}

std::string fields(const std::string& format, const std::string& task) {
    std::string out = "| field | content |\n| --- | --- |\n";
    if (format == "messages")
        out += "| `messages` | `[{role: system}, {role: user}, {role: assistant}]`: the system message, the "
               "instruction and input, the answer (Hugging Face chat templates, TRL's `SFTTrainer`) |\n";
    else if (format == "prompt-completion")
        out += "| `prompt`, `completion` | the instruction and input, the answer |\n";
    else
        out += "| `instruction`, `input`, `output` | the task's instruction, its input, the answer |\n";
    out += "| `id` | the record's id in the source dataset |\n";
    out += "| `fingerprint` | the record's structure hash (`metadata.source_hash`): the splits are made from "
           "it |\n";
    out += "| `kernel_name`, `category` | the kernel's Python name and its category |\n";
    if (task == "write")
        out += "| `launch` | the record's launch specification (JSON text: `dim`, and per argument its name, "
               "type, shape, value range and whether it is an output): what a checker needs to run an "
               "answer on the record's inputs |\n";
    return out + "\n";
}

std::string filters(const json& r) {
    std::string out = "## Filters\n\n| records left out | count |\n| --- | --- |\n";
    if (r.at("removed").empty()) out += "| (none) | 0 |\n";
    for (const auto& [reason, n] : r.at("removed").items())
        out += fmt::format("| {} | {} |\n", reason, n.get<uint64_t>());
    out += fmt::format("\n{} of the source's {} records became rows", r.at("rows").get<uint64_t>(),
                       r.at("source").at("records").get<uint64_t>());
    out += r.at("verified_only").get<bool>() ? " (`--verified-only`: records whose verification passed)" : "";
    uint64_t max = r.at("max_chars");
    out += max ? fmt::format("; rows whose prompt and answer exceed {} characters are left out.\n\n", max)
               : "; no length limit.\n\n";
    return out;
}

std::string lengths(const json& r) {
    std::string out =
        "## Lengths\n\n| | p50 | p90 | p99 | max | mean |\n| --- | --- | --- | --- | --- | --- |\n";
    for (const char* what : {"tokens", "chars"})
        for (const char* side : {"prompt", "answer"}) {
            const json& f = r.at(what).at(side);
            out += fmt::format("| {} {} | {} | {} | {} | {} | {} |\n", side, what, f.at("p50").get<int>(),
                               f.at("p90").get<int>(), f.at("p99").get<int>(), f.at("max").get<int>(),
                               f.at("mean").get<double>());
        }
    out += "\nTokens are approximate: warpsynth has no tokenizer, so it counts the matches of "
           "`[A-Za-z0-9_]+|[^\\sA-Za-z0-9_]` (each word or number one token, each other non-space "
           "character one). BPE tokenizers of code models give counts of the same order. The prompt is "
           "the instruction and input, without the system message.\n\n";
    return out;
}

} // namespace

std::string export_card(const json& r) {
    const std::string task = r.at("task"), format = r.at("row_format");
    Task t = *parse_task(task);
    std::string out = front_matter(r);
    out += fmt::format("# warpsynth export: {} ({})\n\n", task, format);
    out +=
        fmt::format("{} training rows for the task `{}` in the `{}` format, exported by `warpsynth export` "
                    "from a {} dataset of {} NVIDIA Warp kernels paired with the C++ Warp generates for "
                    "them.\n\n",
                    r.at("rows").get<uint64_t>(), task, format, r.at("source").at("kind").get<std::string>(),
                    r.at("source").at("records").get<uint64_t>());
    out += "```python\nimport datasets\nds = datasets.load_dataset(\"path/to/this/folder\")  "
           "# DatasetDict of the splits below; zstd shards need `pip install zstandard`\n```\n\n";
    out += fmt::format("## Task\n\nEvery row asks: *{}*\n\n", task_instruction(t));
    if (format == "messages") out += fmt::format("The system message: *{}*\n\n", kSystemPrompt);
    out += "Code in the input is in a fenced block; the answer is the code (or the description) as the "
           "record holds it, without a fence.\n\n";
    out += "## Fields\n\n" + fields(format, task);
    out += "## Splits\n\n| split | rows |\n| --- | --- |\n";
    for (const char* split : {"train", "validation", "test"})
        out += fmt::format("| {} | {} |\n", split, r.at("splits").at(split).get<uint64_t>());
    const json& g = r.at("near_duplicate_groups");
    out += fmt::format(
        "\nSplit {} (train/validation/test) by structural fingerprint: records with the same structure hash "
        "or that are near-duplicates (MinHash over token 5-grams, estimated Jaccard similarity >= 0.7, as "
        "for the near-duplicate rate of the source dataset) form one group, and a group's split is drawn "
        "from a hash of its smallest fingerprint. A kernel and its near-copies never land in two splits, "
        "and a record's split does not depend on the order, sharding or job count of the source. "
        "{} groups; {} records share a group with another record.\n\n",
        r.at("split_ratio").get<std::string>(), g.at("groups").get<uint64_t>(),
        g.at("records_in_shared_groups").get<uint64_t>());
    out += filters(r);
    if (!r.at("decontamination").is_null()) out += dataset::decontamination_section(r.at("decontamination"));
    out += lengths(r);
    return out;
}

} // namespace ws::exporting
