// print_preamble cuda|cpu: writes warpsynth's translation-unit preamble
// (ws::translation_unit_preamble) to stdout. Built straight from
// src/codegen/preamble.cpp so the tu tests can check the preamble against
// Warp's own BODY before the rest of the compiler links.
#include "codegen/compile.h"

#include <cstdio>
#include <cstring>

int main(int argc, char** argv) {
    if (argc != 2 || (std::strcmp(argv[1], "cuda") != 0 && std::strcmp(argv[1], "cpu") != 0)) {
        std::fprintf(stderr, "usage: print_preamble cuda|cpu\n");
        return 2;
    }
    auto device = std::strcmp(argv[1], "cuda") == 0 ? ws::Device::Cuda : ws::Device::Cpu;
    std::string text = ws::translation_unit_preamble(device);
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
}
