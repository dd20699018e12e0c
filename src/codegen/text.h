// Python string semantics the generated text depends on.
#pragma once

#include <string>
#include <string_view>

namespace ws {

// str.strip(): removes leading/trailing whitespace (ASCII and Unicode spaces); a view into `s`.
std::string_view strip_python(std::string_view s);

// str.ljust(width): pads with spaces to `width` code points (not bytes).
std::string ljust_codepoints(std::string s, int width);

// Number of Unicode code points in UTF-8 text.
int codepoint_count(std::string_view s);

} // namespace ws
