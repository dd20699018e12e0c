// JSON form of a pair record (design §5). Code fields a record does not have
// (the CPU fields of a CUDA-only record, verdicts that were never computed)
// are JSON null, so every record of every dataset has the same fields and
// Arrow (Hugging Face `datasets`) infers one schema for all shards.
#include "dataset/record.h"

#include "types/str_cat.h"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <nlohmann/json.hpp>
#include <vector>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ws::dataset {

namespace {

using nlohmann::json;

std::string text_of(const json& j, const char* key) {
    auto it = j.find(key);
    if (it == j.end() || it->is_null()) return {};
    return it->get<std::string>();
}

synth::LaunchSpec launch_from_json(const json& j) {
    synth::LaunchSpec launch;
    j.at("dim").get_to(launch.dim);
    if (auto it = j.find("block_dim"); it != j.end() && !it->is_null()) it->get_to(launch.block_dim);
    for (const auto& a : j.at("args")) {
        synth::ArgSpec arg;
        a.at("name").get_to(arg.name);
        a.at("type").get_to(arg.type);
        a.at("shape").get_to(arg.shape);
        a.at("min_value").get_to(arg.min_value);
        a.at("max_value").get_to(arg.max_value);
        a.at("is_output").get_to(arg.is_output);
        launch.args.push_back(std::move(arg));
    }
    return launch;
}

// The one writer of a record (append_json). It writes the bytes nlohmann's dump()
// would write for the same object: members in bytewise key order (nlohmann's
// objects are std::maps), no spaces, its escapes and number forms. So a line
// re-dumped after parsing is unchanged, which `validate` checks.
class JsonOut {
  public:
    explicit JsonOut(TextBuffer& out) : out_(out) {}
    void raw(std::string_view text) { out_ += text; }
    void str(std::string_view s);
    void text_or_null(const std::string& s) { s.empty() ? raw("null") : str(s); }
    void boolean(bool b) { raw(b ? "true" : "false"); }
    template <typename Int>
    void integer(Int v) {
        char buf[24];
        auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
        out_ += std::string_view(buf, static_cast<size_t>(end - buf));
    }
    void number(double v);
    void strings(const std::vector<std::string>& v);
    void integers(const std::vector<int64_t>& v);

  private:
    TextBuffer& out_;
};

// A 64-byte chunk's bit mask of the bytes that need a look: below 0x20, '"', '\\' or 0x80 and
// above (byte i: bit i). Source code has a '\n' every 40 bytes or so: a chunk of 64 is scanned
// at once and its special bytes taken from the mask, rather than a scan per plain stretch.
constexpr size_t kChunk = 64;
#if defined(__SSE2__)
uint64_t special_mask(const char* p) {
    const __m128i below = _mm_set1_epi8(0x20), quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
    uint64_t mask = 0;
    for (int b = 0; b < 4; ++b) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * b));
        // Signed compare: bytes of 0x80 and above are negative, below 0x20 too (written as cmpgt:
        // GCC turned _mm_cmplt_epi8 into a compare and a negation).
        const __m128i special = _mm_or_si128(
            _mm_cmpgt_epi8(below, v), _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)));
        mask |= static_cast<uint64_t>(static_cast<unsigned>(_mm_movemask_epi8(special))) << (16 * b);
    }
    return mask;
}
#else
uint64_t special_mask(const char* p) {
    uint64_t mask = 0;
    for (size_t i = 0; i < kChunk; ++i) {
        const auto c = static_cast<unsigned char>(p[i]);
        if (c < 0x20 || c == '"' || c == '\\' || c >= 0x80) mask |= uint64_t{1} << i;
    }
    return mask;
}
#endif

// The two-byte escape of each ASCII byte that has one ("\\n" for '\n'), else 0: one store.
constexpr std::array<uint16_t, 128> kShortEscape = [] {
    std::array<uint16_t, 128> t{};
    auto pair = [](char c) { return static_cast<uint16_t>('\\' | (static_cast<unsigned>(c) << 8)); };
    t['"'] = pair('"');
    t['\\'] = pair('\\');
    t['\b'] = pair('b');
    t['\t'] = pair('t');
    t['\n'] = pair('n');
    t['\f'] = pair('f');
    t['\r'] = pair('r');
    return t;
}();
static_assert(std::endian::native == std::endian::little);

// Writes the JSON escape of ASCII byte `c` (below 0x20, '"' or '\\') at `dst`; returns its end.
char* write_escape(unsigned char c, char* dst) {
    if (const uint16_t short_form = kShortEscape[c]) {
        std::memcpy(dst, &short_form, 2);
        return dst + 2;
    }
    static constexpr char hex[] = "0123456789abcdef";
    const char u[] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
    std::memcpy(dst, u, sizeof u);
    return dst + sizeof u;
}

// Escapes the chunk of kChunk bytes at `chunk`, whose special bytes are `mask`, into `dst`;
// returns the end, or nullptr at a byte of 0x80 or above. The plain bytes before each special
// one, and after the last, are copied by one kChunk store: `dst` has room for that, and the
// 2 * kChunk bytes from `chunk` are readable.
[[gnu::always_inline]] inline char* escape_chunk(const char* chunk, uint64_t mask, char* dst) {
    const char* p = chunk;
    for (; mask; mask &= mask - 1) {
        const char* q = chunk + std::countr_zero(mask);
        std::memcpy(dst, p, kChunk);
        dst += q - p;
        const auto c = static_cast<unsigned char>(*q);
        if (c >= 0x80) return nullptr;
        dst = write_escape(c, dst);
        p = q + 1;
    }
    std::memcpy(dst, p, kChunk);
    return dst + (chunk + kChunk - p);
}

// Escapes ASCII text `s` into `dst`, which has room for 6 bytes per byte of `s` plus 3 chunks;
// returns the end, or nullptr at a byte of 0x80 or above (UTF-8, which the caller hands to
// nlohmann). The last bytes (under two chunks) are escaped from a copy padded with spaces,
// which need no escape, so that every chunk is whole and readable past its end.
char* escape_ascii(std::string_view s, char* dst) {
    const char* p = s.data();
    const char* end = p + s.size();
    for (; static_cast<size_t>(end - p) >= 2 * kChunk; p += kChunk)
        if (!(dst = escape_chunk(p, special_mask(p), dst))) return nullptr;
    char padded[3 * kChunk];
    std::memset(padded, ' ', sizeof padded);
    const auto rest = static_cast<size_t>(end - p);
    std::memcpy(padded, p, rest);
    const size_t chunks = rest > kChunk ? 2 : rest > 0 ? 1 : 0;
    for (size_t k = 0; k < chunks; ++k)
        if (!(dst = escape_chunk(padded + k * kChunk, special_mask(padded + k * kChunk), dst)))
            return nullptr;
    return dst - (chunks * kChunk - rest); // the padding's spaces
}

// The room JsonOut::str asks for a string of n bytes: the worst case of escape_ascii (6 bytes a
// byte, 3 chunks of padding) and the quotes.
constexpr size_t quoted_room(size_t n) {
    return 6 * n + 3 * kChunk + 2;
}

void JsonOut::str(std::string_view s) {
    // Escaped in place with raw stores, room made for the worst case (and the escaper's padding)
    // and the unused rest given back: escaping into a side buffer cost a copy of every line.
    const size_t start = out_.size();
    char* const begin = out_.extend(quoted_room(s.size()));
    char* dst = begin;
    *dst++ = '"';
    dst = escape_ascii(s, dst);
    if (!dst) {
        // UTF-8: nlohmann's own code checks it (and throws on invalid bytes) and copies it.
        out_.resize(start);
        out_ += json(std::string(s)).dump();
        return;
    }
    *dst++ = '"';
    out_.resize(start + static_cast<size_t>(dst - begin));
}

void JsonOut::number(double v) {
    if (!std::isfinite(v)) return raw("null");
    char buf[64];
    // nlohmann's shortest round-trip form (with ".0" on integral values), as dump() prints it.
    char* end = nlohmann::detail::to_chars(buf, buf + sizeof buf, v);
    out_ += std::string_view(buf, static_cast<size_t>(end - buf));
}

void JsonOut::strings(const std::vector<std::string>& v) {
    raw("[");
    for (size_t i = 0; i < v.size(); ++i) {
        if (i) raw(",");
        str(v[i]);
    }
    raw("]");
}

void JsonOut::integers(const std::vector<int64_t>& v) {
    raw("[");
    for (size_t i = 0; i < v.size(); ++i) {
        if (i) raw(",");
        integer(v[i]);
    }
    raw("]");
}

void append_launch(JsonOut& o, const synth::LaunchSpec& launch) {
    o.raw(R"({"args":[)");
    for (size_t i = 0; i < launch.args.size(); ++i) {
        const synth::ArgSpec& a = launch.args[i];
        o.raw(i ? R"(,{"is_output":)" : R"({"is_output":)");
        o.boolean(a.is_output);
        o.raw(R"(,"max_value":)");
        o.number(a.max_value);
        o.raw(R"(,"min_value":)");
        o.number(a.min_value);
        o.raw(R"(,"name":)");
        o.str(a.name);
        o.raw(R"(,"shape":)");
        o.integers(a.shape);
        o.raw(R"(,"type":)");
        o.str(a.type);
        o.raw("}");
    }
    o.raw("]");
    if (launch.tiled()) {
        o.raw(R"(,"block_dim":)");
        o.integer(launch.block_dim);
    }
    o.raw(R"(,"dim":)");
    o.integers(launch.dim);
    o.raw("}");
}

void append_verification(JsonOut& o, const Verdicts& v) {
    o.raw(R"({"compiled_cpu":)");
    o.text_or_null(v.compiled_cpu);
    o.raw(R"(,"compiled_cuda":)");
    o.text_or_null(v.compiled_cuda);
    o.raw(R"(,"depends_on_inputs":)");
    o.text_or_null(v.depends_on_inputs);
    o.raw(R"(,"executed":)");
    o.text_or_null(v.executed);
    o.raw(R"(,"grad_check":)");
    o.text_or_null(v.grad_check);
    o.raw("}");
}

void append_metadata(JsonOut& o, const Record& r) {
    o.raw(R"({"backward_lines":)");
    o.integer(r.backward_lines);
    o.raw(R"(,"builtins":)");
    o.strings(r.builtins);
    o.raw(R"(,"device":)");
    o.str(r.device);
    o.raw(R"(,"features":)");
    o.strings(r.features);
    o.raw(R"(,"forward_lines":)");
    o.integer(r.forward_lines);
    o.raw(R"(,"generator_version":)");
    o.str(r.generator_version);
    o.raw(R"(,"has_backward":)");
    o.boolean(r.has_backward);
    o.raw(R"(,"index":)");
    o.integer(r.index);
    o.raw(R"(,"launch":)");
    append_launch(o, r.launch);
    if (!r.origin.empty()) {
        o.raw(R"(,"origin":{"license":)");
        o.str(r.origin.license);
        o.raw(R"(,"line":)");
        o.integer(r.origin.line);
        o.raw(R"(,"path":)");
        o.str(r.origin.path);
        o.raw(R"(,"qualified_name":)");
        o.str(r.origin.qualified_name);
        o.raw("}");
    }
    o.raw(R"(,"python_lines":)");
    o.integer(r.python_lines);
    o.raw(R"(,"seed":)");
    o.integer(r.seed);
    o.raw(R"(,"source_hash":)");
    o.str(r.source_hash);
    o.raw(R"(,"verification":)");
    append_verification(o, r.verification);
    o.raw(R"(,"warp_version":)");
    o.str(r.warp_version);
    o.raw("}");
}

} // namespace

void from_json(const nlohmann::json& j, Record& r) {
    r = Record{};
    j.at("id").get_to(r.id);
    j.at("kernel_name").get_to(r.kernel_name);
    j.at("category").get_to(r.category);
    r.description = text_of(j, "description");
    j.at("python_source").get_to(r.python_source);
    r.cuda_forward = text_of(j, "cuda_forward");
    r.cuda_backward = text_of(j, "cuda_backward");
    r.cuda_functions = text_of(j, "cuda_functions");
    r.cpu_forward = text_of(j, "cpu_forward");
    r.cpu_backward = text_of(j, "cpu_backward");
    r.cpu_functions = text_of(j, "cpu_functions");
    r.cpu_entry = text_of(j, "cpu_entry");

    const json& m = j.at("metadata");
    m.at("device").get_to(r.device);
    m.at("warp_version").get_to(r.warp_version);
    m.at("generator_version").get_to(r.generator_version);
    m.at("seed").get_to(r.seed);
    m.at("index").get_to(r.index);
    m.at("has_backward").get_to(r.has_backward);
    m.at("python_lines").get_to(r.python_lines);
    m.at("forward_lines").get_to(r.forward_lines);
    m.at("backward_lines").get_to(r.backward_lines);
    m.at("features").get_to(r.features);
    m.at("builtins").get_to(r.builtins);
    m.at("source_hash").get_to(r.source_hash);
    r.launch = launch_from_json(m.at("launch"));
    const json& v = m.at("verification");
    r.verification.compiled_cuda = text_of(v, "compiled_cuda");
    r.verification.compiled_cpu = text_of(v, "compiled_cpu");
    r.verification.executed = text_of(v, "executed");
    r.verification.grad_check = text_of(v, "grad_check");
    r.verification.depends_on_inputs = text_of(v, "depends_on_inputs");
    if (auto o = m.find("origin"); o != m.end() && !o->is_null()) {
        o->at("path").get_to(r.origin.path);
        o->at("line").get_to(r.origin.line);
        o->at("qualified_name").get_to(r.origin.qualified_name);
        o->at("license").get_to(r.origin.license);
    }
}

void append_json(TextBuffer& out, const Record& r) {
    const std::string* texts[] = {&r.python_source,  &r.cuda_forward, &r.cuda_backward,
                                  &r.cuda_functions, &r.cpu_forward,  &r.cpu_backward,
                                  &r.cpu_functions,  &r.cpu_entry,    &r.description};
    size_t text = 0, largest = 0;
    for (const std::string* t : texts) {
        text += t->size();
        largest = std::max(largest, t->size());
    }
    // Escapes (mostly '\n') and metadata, and the worst-case room JsonOut::str asks for a piece.
    out.reserve(out.size() + text + text / 8 + 2048 + quoted_room(largest));
    JsonOut o(out);
    o.raw(R"({"category":)");
    o.str(r.category);
    o.raw(R"(,"cpu_backward":)");
    o.text_or_null(r.cpu_backward);
    o.raw(R"(,"cpu_entry":)");
    o.text_or_null(r.cpu_entry);
    o.raw(R"(,"cpu_forward":)");
    o.text_or_null(r.cpu_forward);
    o.raw(R"(,"cpu_functions":)");
    o.text_or_null(r.cpu_functions);
    o.raw(R"(,"cuda_backward":)");
    o.text_or_null(r.cuda_backward);
    o.raw(R"(,"cuda_forward":)");
    o.text_or_null(r.cuda_forward);
    o.raw(R"(,"cuda_functions":)");
    o.text_or_null(r.cuda_functions);
    o.raw(R"(,"description":)");
    o.str(r.description);
    o.raw(R"(,"id":)");
    o.str(r.id);
    o.raw(R"(,"kernel_name":)");
    o.str(r.kernel_name);
    o.raw(R"(,"metadata":)");
    append_metadata(o, r);
    o.raw(R"(,"python_source":)");
    o.str(r.python_source);
    o.raw("}");
}

void append_json(std::string& out, const Record& r) {
    TextBuffer line;
    append_json(line, r);
    out += line.view();
}

std::string launch_json(const synth::LaunchSpec& launch) {
    TextBuffer out;
    JsonOut o(out);
    append_launch(o, launch);
    return std::string(out.view());
}

std::string json_line(const Record& r) {
    TextBuffer out;
    append_json(out, r);
    return std::string(out.view());
}

} // namespace ws::dataset
