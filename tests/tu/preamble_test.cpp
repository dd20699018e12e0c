// Unit checks of the translation-unit preamble's shape. Whether it actually
// compiles with Warp's BODY is the job of the `tu/preamble/...` tests.
#include "codegen/compile.h"

#include <gtest/gtest.h>
#include <string>

namespace {

size_t count(const std::string& hay, const std::string& needle) {
    size_t n = 0;
    for (size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
    return n;
}

TEST(Preamble, DefinesTileBlockAndNoCrtBeforeBuiltinHeader) {
    for (auto d : {ws::Device::Cuda, ws::Device::Cpu}) {
        std::string p = ws::translation_unit_preamble(d);
        auto block = p.find("#define WP_TILE_BLOCK_DIM 256\n");
        auto nocrt = p.find("#define WP_NO_CRT\n");
        auto builtin = p.find("#include \"builtin.h\"\n");
        ASSERT_NE(block, std::string::npos);
        ASSERT_NE(nocrt, std::string::npos);
        ASSERT_NE(builtin, std::string::npos);
        EXPECT_LT(block, builtin);
        EXPECT_LT(nocrt, builtin);
        EXPECT_EQ(count(p, "#include \"builtin.h\""), 1u);
    }
}

TEST(Preamble, ThreadIndexMacrosMatchTheDevice) {
    std::string cuda = ws::translation_unit_preamble(ws::Device::Cuda);
    std::string cpu = ws::translation_unit_preamble(ws::Device::Cpu);
    for (const char* m :
         {"builtin_tid1d()", "builtin_tid2d(x, y)", "builtin_tid3d(x, y, z)", "builtin_tid4d(x, y, z, w)"}) {
        EXPECT_EQ(count(cuda, std::string("#define ") + m), 1u) << m;
        EXPECT_EQ(count(cpu, std::string("#define ") + m), 1u) << m;
    }
    EXPECT_NE(cuda.find("_idx, dim)"), std::string::npos);
    EXPECT_EQ(cuda.find("task_index"), std::string::npos);
    EXPECT_NE(cpu.find("task_index, dim)"), std::string::npos);
    EXPECT_EQ(cpu.find("_idx, dim)"), std::string::npos);
    // CUDA-only kernel attributes stay out of the CPU unit.
    EXPECT_NE(cuda.find("WP_CLUSTER_DIMS"), std::string::npos);
    EXPECT_EQ(cpu.find("WP_CLUSTER_DIMS"), std::string::npos);
}

TEST(Preamble, CastMacrosEndThePreamble) {
    for (auto d : {ws::Device::Cuda, ws::Device::Cpu}) {
        std::string p = ws::translation_unit_preamble(d);
        EXPECT_NE(p.find("#define float(x) cast_float(x)\n"), std::string::npos);
        EXPECT_NE(p.find("#define int(x) cast_int(x)\n"), std::string::npos);
        EXPECT_NE(p.find("#define adj_float(x, adj_x, adj_ret) adj_cast_float(x, adj_x, adj_ret)\n"),
                  std::string::npos);
        // The macros would break the headers if they came first.
        EXPECT_GT(p.find("#define float(x)"), p.find("#include \"builtin.h\""));
        ASSERT_FALSE(p.empty());
        EXPECT_EQ(p.back(), '\n');
    }
}

TEST(Preamble, TranslationUnitIsPreamblePlusBody) {
    ws::CompileOutput out;
    const std::string body = "\n// x.py:3\nstatic CUDA_CALLABLE void f_0()\n{\n}\n";
    out.body += body;
    for (auto d : {ws::Device::Cuda, ws::Device::Cpu})
        EXPECT_EQ(ws::translation_unit(out, d), ws::translation_unit_preamble(d) + body);
}

} // namespace
