// round_to_half (src/types/constant.h): hand-checked binary16 roundings, and, where the compiler
// has _Float16 (GCC 12 on x86-64; clang 14 does not), agreement with it on many floats.
#include "types/constant.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <gtest/gtest.h>

namespace ws {
namespace {

TEST(RoundToHalf, HandChecked) {
    EXPECT_EQ(round_to_half(1.0f), 1.0f);
    EXPECT_EQ(round_to_half(65504.0f), 65504.0f);                  // the largest half
    EXPECT_EQ(round_to_half(65519.0f), 65504.0f);                  // below the midpoint to 65536
    EXPECT_TRUE(std::isinf(round_to_half(65520.0f)));              // the midpoint rounds past it
    EXPECT_EQ(round_to_half(1.0f + 0x1p-11f), 1.0f);               // a tie, to the even 1.0
    EXPECT_EQ(round_to_half(1.0f + 3 * 0x1p-11f), 1.0f + 0x1p-9f); // a tie, to the even 1+2^-9
    EXPECT_EQ(round_to_half(0.1f), 0.0999755859375f);              // 1638/16384
    EXPECT_EQ(round_to_half(0x1p-24f), 0x1p-24f);                  // the smallest subnormal
    EXPECT_EQ(round_to_half(0x1p-25f), 0.0f);                      // a tie, to the even 0
    EXPECT_EQ(round_to_half(0x1.8p-25f), 0x1p-24f);                // above the tie
    EXPECT_EQ(round_to_half(-2.5f), -2.5f);
    EXPECT_TRUE(std::signbit(round_to_half(-0.0f)));
    EXPECT_TRUE(std::isnan(round_to_half(NAN)));
    EXPECT_EQ(round_to_half(-INFINITY), -INFINITY);
}

TEST(RoundToHalf, SameAsFloat16) {
#if defined(__FLT16_MAX__)
    // Every 97th float bit pattern (44 million values, all exponents and signs).
    for (uint64_t bits = 0; bits <= 0xffffffffu; bits += 97) {
        const auto b = static_cast<uint32_t>(bits);
        float f;
        std::memcpy(&f, &b, 4);
        const float want = static_cast<float>(static_cast<_Float16>(f));
        const float got = round_to_half(f);
        if (std::isnan(f)) {
            ASSERT_TRUE(std::isnan(got)) << std::hex << b;
            continue;
        }
        ASSERT_EQ(std::memcmp(&want, &got, 4), 0) << std::hex << b << ": " << got << " vs " << want;
    }
#else
    GTEST_SKIP() << "this compiler has no _Float16 to compare with (the hand-checked test still runs)";
#endif
}

} // namespace
} // namespace ws
