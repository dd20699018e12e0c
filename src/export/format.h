// The row formats of an export, one JSON object per line:
//
//   messages           {"messages": [{role: system}, {role: user}, {role: assistant}]}
//                      (Hugging Face chat templates, TRL's SFTTrainer)
//   prompt-completion  {"prompt": ..., "completion": ...}
//   alpaca             {"instruction": ..., "input": ..., "output": ...}
//
// followed in every format by what identifies the record: id, fingerprint
// (the structure hash the splits are made from), kernel_name, category, and
// for the `write` task the record's launch specification (a JSON string).
#pragma once

#include "dataset/record.h"
#include "export/task.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ws::exporting {

enum class Format { Messages, PromptCompletion, Alpaca };

const std::vector<std::string>& format_names();
std::optional<Format> parse_format(std::string_view name);
std::string_view format_name(Format f);

// The prompt as the prompt-completion format writes it: instruction, blank line, input.
std::string prompt_text(const Example& e);

nlohmann::ordered_json make_row(Format f, Task t, const Example& e, const dataset::Record& r);

} // namespace ws::exporting
