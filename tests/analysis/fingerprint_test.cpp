// The structural fingerprint (src/analysis/fingerprint.h): the dataset's dedup
// key and the synthesizer's measure of structural uniqueness.
#include "analysis/fingerprint.h"

#include <gtest/gtest.h>
#include <string>

using namespace ws::analysis;

namespace {

const char* kKernel = R"(import warp as wp


@wp.kernel
def scale(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    # double it
    i = wp.tid()
    y[i] = wp.sin(x[i]) * 2.0
)";

} // namespace

TEST(Fingerprint, IgnoresNamesCommentsAndLayout) {
    std::string renamed = R"(import warp as wp

@wp.kernel
def other_name(a: wp.array(dtype=float),   b: wp.array(dtype=float)):
    """A docstring."""
    j = wp.tid()  # index
    b[j] = wp.sin(a[j]) * 2.0
)";
    // the docstring is an extra statement: equal structure needs it in both
    std::string base = std::string(kKernel);
    base.insert(base.find("    # double it"), "    \"\"\"doc\"\"\"\n");
    EXPECT_EQ(fingerprint(base).structure_hash, fingerprint(renamed).structure_hash);
}

TEST(Fingerprint, SeesBuiltinsLiteralsAndStructure) {
    uint64_t h = fingerprint(kKernel).structure_hash;
    std::string cosine = kKernel;
    cosine.replace(cosine.find("wp.sin"), 6, "wp.cos");
    EXPECT_NE(h, fingerprint(cosine).structure_hash);
    std::string literal = kKernel;
    literal.replace(literal.find("2.0"), 3, "3.0");
    EXPECT_NE(h, fingerprint(literal).structure_hash);
    std::string indent = std::string(kKernel) + "    y[i] = 1.0\n";
    std::string dedent = std::string(kKernel) + "y = 1.0\n";
    EXPECT_NE(fingerprint(indent).structure_hash, fingerprint(dedent).structure_hash);
}

TEST(Fingerprint, MinHashEstimatesSimilarity) {
    Fingerprint a = fingerprint(kKernel);
    EXPECT_DOUBLE_EQ(estimated_jaccard(a.signature, fingerprint(kKernel).signature), 1.0);
    std::string longer = std::string(kKernel) + "    y[i] = y[i] + wp.cos(x[i]) * 0.5\n";
    double similar = estimated_jaccard(a.signature, fingerprint(longer).signature);
    EXPECT_GT(similar, 0.5);
    EXPECT_LT(similar, 1.0);
    std::string unrelated =
        "import numpy as np\n\nfor k in range(10):\n    print(k, np.zeros(k).sum() + 7)\n";
    EXPECT_LT(estimated_jaccard(a.signature, fingerprint(unrelated).signature), 0.2);
}

TEST(Fingerprint, StructureHashIsTheFingerprintsHash) {
    EXPECT_EQ(structure_hash(kKernel), fingerprint(kKernel).structure_hash);
    EXPECT_EQ(structure_hash("def (:"), fingerprint("def (:").structure_hash); // the fallback too
}

TEST(Fingerprint, NormalizedSignatureIgnoresNamesAndOrderOfNewNames) {
    std::string kernel = R"(@wp.kernel
def k(x: wp.array(dtype=float), y: wp.array(dtype=float), z: wp.array(dtype=float)):
    i = wp.tid()
    a = x[i] * 2.0
    b = wp.sin(x[i])
    c = wp.cos(a) + b
    y[i] = c * 3.0
    z[i] = a - b
)";
    std::string renamed = kernel;
    for (auto [from, to] : {std::pair{"x[", "src["}, {"x:", "src:"}, {"a ", "p "}, {"(a)", "(p)"}})
        for (size_t at = renamed.find(from); at != std::string::npos; at = renamed.find(from, at + 1))
            renamed.replace(at, std::string(from).size(), to);
    EXPECT_EQ(normalized_signature(kernel), normalized_signature(renamed));
    EXPECT_NE(fingerprint(kernel).signature, fingerprint(renamed).signature);
    // Two independent statements that introduce names, swapped: most 5-grams survive.
    std::string swapped = kernel;
    std::string sa = "    a = x[i] * 2.0\n", sb = "    b = wp.sin(x[i])\n";
    swapped.replace(swapped.find(sa), sa.size() + sb.size(), sb + sa);
    EXPECT_GE(estimated_jaccard(normalized_signature(kernel), normalized_signature(swapped)), 0.5);
    // Different code does not match.
    std::string other = R"(@wp.kernel
def k(x: wp.array(dtype=wp.vec3), n: int):
    for j in range(n):
        wp.atomic_add(x, j, wp.vec3(1.0, 0.0, 0.0))
)";
    EXPECT_LT(estimated_jaccard(normalized_signature(kernel), normalized_signature(other)), 0.2);
}
