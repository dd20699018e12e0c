// float(text): CPython 3.11's float() of a str, for module constants such as
// `INF = wp.constant(float("inf"))`.
#include "types/python_number.h"

#include <cctype>
#include <cstdlib>
#include <limits>
#include <string>

namespace ws::python {

namespace {

bool is_space(char c) {
    return c == ' ' || (c >= '\t' && c <= '\r') || (c >= '\x1c' && c <= '\x1f');
}
bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != b[i]) return false;
    return true;
}

// A run of digits with single underscores between them (PEP 515); appends the digits.
size_t digits(std::string_view s, size_t i, std::string& out) {
    const size_t start = i;
    while (i < s.size()) {
        if (is_digit(s[i])) {
            out += s[i++];
        } else if (s[i] == '_' && i > start && i + 1 < s.size() && is_digit(s[i + 1])) {
            ++i;
        } else {
            break;
        }
    }
    return i;
}

// The decimal number `s` spells (no sign, no spaces), without underscores; empty if it is
// not one: digits [. digits] [e [sign] digits], with a digit before or after the point.
std::string decimal(std::string_view s) {
    std::string out;
    size_t i = digits(s, 0, out);
    bool any = !out.empty();
    if (i < s.size() && s[i] == '.') {
        out += '.';
        const size_t before = out.size();
        i = digits(s, i + 1, out);
        any = any || out.size() > before;
    }
    if (!any) return {};
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        out += 'e';
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) out += s[i++];
        const size_t before = out.size();
        i = digits(s, i, out);
        if (out.size() == before) return {};
    }
    return i == s.size() ? out : std::string();
}

} // namespace

Constant float_of_text(std::string_view text) {
    for (char c : text)
        if (static_cast<unsigned char>(c) >= 0x80) throw NotModeled("float() of non-ASCII text");
    std::string_view s = text;
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    const bool negative = !s.empty() && s.front() == '-';
    if (!s.empty() && (s.front() == '-' || s.front() == '+')) s.remove_prefix(1);
    double v = 0.0;
    if (iequals(s, "inf") || iequals(s, "infinity")) {
        v = std::numeric_limits<double>::infinity();
    } else if (iequals(s, "nan")) {
        v = std::numeric_limits<double>::quiet_NaN();
    } else {
        const std::string d = decimal(s);
        if (d.empty())
            throw Error("ValueError", "could not convert string to float: '" + std::string(text) + "'");
        // glibc's strtod rounds correctly, as CPython's dtoa does, and gives inf past the
        // largest double, as float() does. warpsynth never sets a locale, so '.' is the point.
        v = std::strtod(d.c_str(), nullptr);
    }
    return Constant::py_float(negative ? -v : v);
}

} // namespace ws::python
