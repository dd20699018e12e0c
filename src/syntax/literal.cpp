#include "syntax/literal.h"

#include "syntax/unicode.h"

#include <charconv>
#include <cstdlib>
#include <fmt/format.h>

namespace ws {
namespace {

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Clinger's fast path: without an exponent and with at most 15 digits, the value is m / 10^k
// with m and 10^k exact doubles, and one correctly rounded division gives what from_chars
// gives. Most float literals (`0.5`, `1.0e0` aside) take it; from_chars costs far more.
bool short_decimal(std::string_view t, double& value) {
    static constexpr double kPow10[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                        1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
    uint64_t m = 0;
    int digits = 0, fraction = -1;
    for (char c : t) {
        if (c >= '0' && c <= '9') {
            if (++digits > 15) return false;
            m = m * 10 + static_cast<uint64_t>(c - '0');
            if (fraction >= 0) ++fraction;
        } else if (c == '.' && fraction < 0) {
            fraction = 0;
        } else if (c != '_') {
            return false;
        }
    }
    value = static_cast<double>(m) / kPow10[fraction < 0 ? 0 : fraction];
    return true;
}

} // namespace

bool is_int_literal(std::string_view t) {
    if (t.size() > 1 && t[0] == '0') {
        char x = static_cast<char>(t[1] | 0x20);
        if (x == 'x' || x == 'o' || x == 'b') return true;
    }
    // A loop: find_first_of(".eEjJ") ran a search of the set per character.
    for (char c : t) {
        const char lower = static_cast<char>(c | 0x20);
        if (c == '.' || lower == 'e' || lower == 'j') return false;
    }
    return true;
}

bool parse_int_literal(std::string_view t, uint64_t& value) {
    unsigned base = 10;
    size_t i = 0;
    if (t.size() > 1 && t[0] == '0') {
        char x = static_cast<char>(t[1] | 0x20);
        if (x == 'x') base = 16;
        if (x == 'o') base = 8;
        if (x == 'b') base = 2;
        if (base != 10) i = 2;
    }
    uint64_t v = 0;
    for (; i < t.size(); ++i) {
        if (t[i] == '_') continue;
        auto d = static_cast<uint64_t>(hex_value(t[i]));
        if (__builtin_mul_overflow(v, uint64_t{base}, &v) || __builtin_add_overflow(v, d, &v)) return false;
    }
    value = v;
    return true;
}

double parse_float_literal(std::string_view t) {
    if (double d; short_decimal(t, d)) return d;
    // Underscores are only separators; tokens are short, so a stack buffer does.
    char buf[128];
    std::string heap;
    char* out = buf;
    if (t.size() >= sizeof(buf)) {
        heap.resize(t.size() + 1);
        out = heap.data();
    }
    size_t n = 0;
    for (char c : t)
        if (c != '_') out[n++] = c;
    out[n] = '\0';
    double d = 0.0;
    auto r = std::from_chars(out, out + n, d, std::chars_format::general);
    if (r.ec == std::errc() && r.ptr == out + n) return d;
    // Overflow, underflow, or a form from_chars does not take (`1.`): strtod
    // is correctly rounded too and returns inf / the nearest denormal.
    return std::strtod(out, nullptr);
}

StringLiteral split_string_token(std::string_view token) {
    StringLiteral lit;
    size_t i = 0;
    for (; i < token.size() && token[i] != '"' && token[i] != '\''; ++i) {
        char c = static_cast<char>(token[i] | 0x20);
        if (c == 'b') lit.bytes = true;
        if (c == 'r') lit.raw = true;
        if (c == 'f') lit.fstring = true;
    }
    char q = token[i];
    size_t quote =
        (i + 2 < token.size() && token[i + 1] == q && token[i + 2] == q && token.size() - i >= 6) ? 3 : 1;
    lit.body = token.substr(i + quote, token.size() - i - 2 * quote);
    return lit;
}

bool decode_string(const StringLiteral& lit, std::string& out, std::string& error) {
    std::string_view s = lit.body;
    size_t n = s.size();
    for (size_t i = 0; i < n;) {
        // A run of plain characters appended at once (a push_back per character cost more than
        // the scan): docstrings are mostly such runs.
        size_t plain = i;
        while (plain < n && s[plain] != '\\' && s[plain] != '\r') ++plain;
        if (plain != i) {
            out.append(s.data() + i, plain - i);
            i = plain;
            continue;
        }
        char c = s[i];
        if (c == '\r') {
            out.push_back('\n');
            i += (i + 1 < n && s[i + 1] == '\n') ? 2 : 1;
            continue;
        }
        if (c != '\\' || lit.raw) {
            // In a raw string, `\` still protects the next character (so a
            // quote or newline after it is kept as is, newline normalized).
            out.push_back(c);
            ++i;
            if (c == '\\' && i < n && s[i] != '\r') out.push_back(s[i++]);
            continue;
        }
        size_t start = i;
        if (i + 1 >= n) { // cannot happen in a well-formed token
            out.push_back('\\');
            ++i;
            continue;
        }
        char e = s[i + 1];
        i += 2;
        switch (e) {
        case '\n': break;
        case '\r':
            if (i < n && s[i] == '\n') ++i;
            break;
        case '\\': out.push_back('\\'); break;
        case '\'': out.push_back('\''); break;
        case '"': out.push_back('"'); break;
        case 'a': out.push_back('\a'); break;
        case 'b': out.push_back('\b'); break;
        case 'f': out.push_back('\f'); break;
        case 'n': out.push_back('\n'); break;
        case 'r': out.push_back('\r'); break;
        case 't': out.push_back('\t'); break;
        case 'v': out.push_back('\v'); break;
        case '0':
        case '1':
        case '2':
        case '3':
        case '4':
        case '5':
        case '6':
        case '7': {
            uint32_t v = static_cast<uint32_t>(e - '0');
            for (int k = 0; k < 2 && i < n && s[i] >= '0' && s[i] <= '7'; ++k)
                v = v * 8 + static_cast<uint32_t>(s[i++] - '0');
            if (lit.bytes)
                out.push_back(static_cast<char>(v & 0xFF));
            else
                unicode::append_utf8(out, v);
            break;
        }
        case 'x':
        case 'u':
        case 'U': {
            if (lit.bytes && e != 'x') {
                out.push_back('\\');
                out.push_back(e);
                break;
            }
            int digits = e == 'x' ? 2 : e == 'u' ? 4 : 8;
            uint32_t v = 0;
            int k = 0;
            for (; k < digits && i < n && hex_value(s[i]) >= 0; ++k)
                v = v * 16 + static_cast<uint32_t>(hex_value(s[i++]));
            if (k < digits) {
                if (lit.bytes) {
                    error = fmt::format("(value error) invalid \\x escape at position {}", start);
                } else {
                    const char* what = e == 'x' ? "\\xXX" : e == 'u' ? "\\uXXXX" : "\\UXXXXXXXX";
                    error =
                        fmt::format("(unicode error) 'unicodeescape' codec can't decode bytes in position "
                                    "{}-{}: truncated {} escape",
                                    start, i - 1, what);
                }
                return false;
            }
            if (lit.bytes) {
                out.push_back(static_cast<char>(v));
            } else if (v > 0x10FFFF) {
                error = fmt::format("(unicode error) 'unicodeescape' codec can't decode bytes in position "
                                    "{}-{}: illegal Unicode character",
                                    start, i - 1);
                return false;
            } else {
                unicode::append_utf8(out, v);
            }
            break;
        }
        case 'N':
            if (!lit.bytes) {
                error = "\\N{...} escapes in string literals are not supported";
                return false;
            }
            [[fallthrough]];
        default:
            // Unknown escapes keep their backslash.
            out.push_back('\\');
            i = start + 1;
            break;
        }
    }
    return true;
}

} // namespace ws
