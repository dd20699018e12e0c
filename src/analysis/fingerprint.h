// Fingerprints of a kernel's Python source: the one definition of "the same
// kernel structure", used by the dataset (exact dedup, near-dup estimate) and by
// the synthesizer's diversity statistics.
//
// - structure_hash: the exact-dedup key. The source is tokenised with
//   warpsynth's own Python lexer; comments and whitespace vanish with the
//   tokenizer, indentation survives as INDENT/DEDENT tokens, string literals
//   (docstrings) become one placeholder, and every identifier is renamed to
//   its order of first appearance (`v0`, `v1`, ...) except attribute names
//   after a dot (`wp.sin` stays `wp.sin`) and Python/Warp global names
//   (`wp`, `range`, `float`, ...). Two kernels that differ only in names,
//   comments or layout get the same hash. 64-bit XXH3.
//
// - signature: a 128-entry MinHash signature over token 5-grams of the raw
//   token stream (BigCode's near-dedup recipe for The Stack), computed with
//   one-permutation hashing and optimal densification (Shrivastava 2017):
//   one hash per shingle instead of 128, which keeps it cheap enough for
//   every record.
//
// - normalized_signature: the same MinHash over token 5-grams of the
//   normalised stream that structure_hash reads, except that every renamed
//   identifier is one placeholder (`v`) instead of its number of first
//   appearance: a renamed copy still matches, and so does one with two
//   statements swapped (with the numbers, a swap that introduces names would
//   renumber every later use). Strings are one placeholder. Decontamination
//   compares kernels with it.
#pragma once

#include "syntax/token.h"

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace ws {
class SourceFile;
}

namespace ws::analysis {

constexpr int kMinHashSize = 128;
using MinHashSignature = std::array<uint32_t, kMinHashSize>;

struct Fingerprint {
    uint64_t structure_hash = 0;
    MinHashSignature signature{};
};

Fingerprint fingerprint(std::string_view python_source);
// The same, of a source file already made (no copy of its text).
Fingerprint fingerprint(const SourceFile& source);
// The same, from the tokens a parse of `text` read (parse_module's token stream, up to its
// ENDMARKER): the text is not lexed again.
Fingerprint fingerprint(std::span<const Token> tokens, std::string_view text);

// MinHash over token 5-grams of the normalised token stream.
MinHashSignature normalized_signature(std::string_view python_source);

// fingerprint(python_source).structure_hash without the MinHash signature.
uint64_t structure_hash(std::string_view python_source);

// The share of equal entries: an estimate of the Jaccard similarity of the
// two shingle sets.
double estimated_jaccard(const MinHashSignature& a, const MinHashSignature& b);

} // namespace ws::analysis
