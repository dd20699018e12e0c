#include "analysis/fingerprint.h"

#include "syntax/lexer.h"
#include "syntax/source.h"
#include "types/name_hash.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>
// Inlined: a hash per token and one per shingle (a constant 40 bytes), where the library's
// call and its length dispatch cost about as much as the hash itself.
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace ws::analysis {

namespace {

constexpr int kShingle = 5;

// Names that mean the same thing in every file: kept as written. By length, so that a name
// (one in two tokens) is compared with at most six fixed-size words.
bool is_global_name(std::string_view name) {
    switch (name.size()) {
    case 2: return name == "wp" || name == "np";
    case 3:
        return name == "int" || name == "min" || name == "max" || name == "abs" || name == "len" ||
               name == "Any";
    case 4: return name == "warp" || name == "math" || name == "bool" || name == "list" || name == "type";
    case 5:
        return name == "numpy" || name == "range" || name == "float" || name == "round" || name == "print" ||
               name == "tuple";
    case 6: return name == "typing";
    case 10: return name == "isinstance";
    default: return false;
    }
}

uint64_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

void densify(MinHashSignature& sig, const std::array<bool, kMinHashSize>& filled) {
    bool any = false;
    for (bool f : filled) any = any || f;
    if (!any) {
        sig.fill(std::numeric_limits<uint32_t>::max());
        return;
    }
    for (int i = 0; i < kMinHashSize; ++i) {
        if (filled[i]) continue;
        for (uint64_t attempt = 1;; ++attempt) {
            int j = static_cast<int>(mix((static_cast<uint64_t>(i) << 32) ^ attempt) % kMinHashSize);
            if (filled[j]) {
                sig[i] = sig[j];
                break;
            }
        }
    }
}

// Whitespace-collapsed text: the fallback for sources the lexer rejects
// (never the case for compiled kernels, but extract and validate may see any).
Fingerprint fallback(std::string_view text) {
    std::string collapsed;
    bool space = false;
    for (char c : text) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            space = true;
            continue;
        }
        if (space && !collapsed.empty()) collapsed.push_back(' ');
        space = false;
        collapsed.push_back(c);
    }
    Fingerprint fp;
    fp.structure_hash = XXH3_64bits(collapsed.data(), collapsed.size());
    fp.signature.fill(std::numeric_limits<uint32_t>::max());
    return fp;
}

MinHashSignature min_hash(const std::vector<uint64_t>& token_hashes) {
    MinHashSignature signature;
    std::array<bool, kMinHashSize> filled{};
    signature.fill(std::numeric_limits<uint32_t>::max());
    auto add_shingle = [&](const uint64_t* first, size_t n) {
        uint64_t h = XXH3_64bits(first, n * sizeof(uint64_t));
        int bin = static_cast<int>(h >> 57); // top 7 bits: one of 128 bins
        uint32_t value = static_cast<uint32_t>(h);
        if (!filled[bin] || value < signature[bin]) signature[bin] = value;
        filled[bin] = true;
    };
    if (token_hashes.size() < kShingle) {
        if (!token_hashes.empty()) add_shingle(token_hashes.data(), token_hashes.size());
    } else {
        for (size_t i = 0; i + kShingle <= token_hashes.size(); ++i) add_shingle(&token_hashes[i], kShingle);
    }
    densify(signature, filled);
    return signature;
}

// Which token stream the MinHash signature is taken over, if any.
enum class Shingles { None, Raw, Normalized };

// Per-thread buffers, reused from record to record: fingerprinting allocates nothing once warm.
struct Scratch {
    // The bytes structure_hash hashes (each token's kind and normalised text): the first `used` of
    // a buffer that only grows, written with plain stores (appending to a string cost a third of
    // a token's time).
    std::vector<char> normalized;
    std::vector<uint64_t> token_hashes; // raw or normalised tokens for shingles
    std::unordered_map<std::string_view, uint32_t, NameHash> renames;
};

// Reads a token stream once for the structure hash and the MinHash signature of `shingles`.
// The normalised stream is hashed in one call at the end (the same value as XXH3's streaming
// form over the same bytes, without a call per token).
class Normalizer {
  public:
    explicit Normalizer(Shingles shingles) : shingles_(shingles), scratch_(scratch()) {
        scratch_.token_hashes.clear();
        scratch_.renames.clear();
    }

    // One token before ENDMARKER; `text` is its spelling.
    void add(const Token& t, std::string_view text) {
        uint8_t kind = static_cast<uint8_t>(t.kind);
        std::string_view alias; // the normalised text; strings, operators and keywords are their kind
        char number[16];        // "v<n>": a renamed identifier
        bool renamed = false;
        if (t.kind == Tok::Name) {
            if (previous_ == Tok::Dot || is_global_name(text)) {
                alias = text;
            } else {
                auto& renames = scratch_.renames;
                auto it = renames.try_emplace(text, static_cast<uint32_t>(renames.size())).first;
                number[0] = 'v';
                char* end = std::to_chars(number + 1, number + sizeof number, it->second).ptr;
                alias = std::string_view(number, static_cast<size_t>(end - number));
                renamed = true;
            }
        } else if (t.kind == Tok::Number) {
            alias = text;
        }
        put(kind, alias);
        previous_ = t.kind;
        if (shingles_ != Shingles::None && t.kind != Tok::Newline && t.kind != Tok::Indent &&
            t.kind != Tok::Dedent) {
            // Normalised shingles write every renamed identifier as one placeholder: with the
            // numbers of first appearance, swapping two statements that introduce names would
            // renumber every later use and change most shingles.
            std::string_view shingle_text = shingles_ == Shingles::Raw ? text
                                            : renamed                  ? std::string_view("v")
                                                                       : alias;
            scratch_.token_hashes.push_back(
                XXH3_64bits_withSeed(shingle_text.data(), shingle_text.size(), kind));
        }
    }

    Fingerprint finish() const {
        Fingerprint fp;
        fp.structure_hash = XXH3_64bits(scratch_.normalized.data(), used_);
        if (shingles_ != Shingles::None) fp.signature = min_hash(scratch_.token_hashes);
        return fp;
    }

  private:
    // Appends a token's kind byte and its normalised text to the normalised stream.
    void put(uint8_t kind, std::string_view alias) {
        std::vector<char>& buffer = scratch_.normalized;
        const size_t n = 1 + alias.size();
        if (buffer.size() - used_ < n) buffer.resize(std::max(2 * buffer.size(), used_ + n + 4096));
        char* p = buffer.data() + used_;
        *p = static_cast<char>(kind);
        if (!alias.empty()) std::memcpy(p + 1, alias.data(), alias.size());
        used_ += n;
    }

    // Per-thread buffers, reused from record to record: fingerprinting allocates nothing once warm.
    static Scratch& scratch() {
        thread_local Scratch s;
        return s;
    }

    Shingles shingles_;
    Scratch& scratch_;
    size_t used_ = 0; // bytes of scratch_.normalized written
    Tok previous_ = Tok::EndMarker;
};

// The fingerprint of `source`, lexing it.
Fingerprint compute(const SourceFile& source, Shingles shingles) {
    Normalizer normalizer(shingles);
    Lexer lexer(source);
    try {
        for (;;) {
            Token t = lexer.next();
            if (t.kind == Tok::EndMarker) break;
            normalizer.add(t, lexer.text(t));
        }
    } catch (const CompileError&) {
        return fallback(source.text());
    }
    return normalizer.finish();
}

Fingerprint compute(std::string_view python_source, Shingles shingles) {
    return compute(SourceFile("<fingerprint>", std::string(python_source)), shingles);
}

} // namespace

Fingerprint fingerprint(std::string_view python_source) {
    return compute(python_source, Shingles::Raw);
}

Fingerprint fingerprint(const SourceFile& source) {
    return compute(source, Shingles::Raw);
}

Fingerprint fingerprint(std::span<const Token> tokens, std::string_view text) {
    Normalizer normalizer(Shingles::Raw);
    for (const Token& t : tokens) {
        if (t.kind == Tok::EndMarker) break;
        normalizer.add(t, text.substr(t.begin, t.end - t.begin));
    }
    return normalizer.finish();
}

MinHashSignature normalized_signature(std::string_view python_source) {
    return compute(python_source, Shingles::Normalized).signature;
}

uint64_t structure_hash(std::string_view python_source) {
    return compute(python_source, Shingles::None).structure_hash;
}

double estimated_jaccard(const MinHashSignature& a, const MinHashSignature& b) {
    int equal = 0;
    for (int i = 0; i < kMinHashSize; ++i) equal += a[i] == b[i];
    return static_cast<double>(equal) / kMinHashSize;
}

} // namespace ws::analysis
