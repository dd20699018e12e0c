// An approximate token count, since no tokenizer is available in C++: the
// matches of the regular expression `[A-Za-z0-9_]+|[^\sA-Za-z0-9_]`, i.e.
// each word (identifier or number) counts one and each punctuation or other
// non-space character counts one. On code, BPE tokenizers of code models
// give counts of the same order (they split long identifiers, but merge runs
// of spaces and common operator pairs).
#pragma once

#include <cstdint>
#include <string_view>

namespace ws::exporting {

uint64_t approximate_tokens(std::string_view text);

} // namespace ws::exporting
