// libFuzzer target: the lexer and parser on arbitrary bytes. A syntax error must be a
// CompileError; anything else (a crash, a sanitizer report, another exception) is a bug.
#include "syntax/parser.h"
#include "syntax/source.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    auto source =
        std::make_shared<ws::SourceFile>("fuzz.py", std::string(reinterpret_cast<const char*>(data), size));
    try {
        auto module = ws::parse_module(source);
    } catch (const ws::CompileError&) {
    }
    return 0;
}
