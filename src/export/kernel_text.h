// The text of the `@wp.kernel` functions of a Python source, cut out with
// warpsynth's own parser (never imported or executed): from the first
// decorator to the end of the body, dedented so that a kernel defined inside
// a test function lexes on its own. Decontamination compares these texts.
#pragma once

#include <string>
#include <vector>

namespace ws::exporting {

struct KernelText {
    std::string name;
    int line = 0; // line of the first decorator in the source
    std::string text;
};

// Every `@wp.kernel` function at any depth, in source order; empty when the
// source does not parse (then `*parsed`, when given, is set to false).
std::vector<KernelText> kernel_texts(const std::string& path, const std::string& source,
                                     bool* parsed = nullptr);

// The kernel `name` (the last one of that name), or the whole source at
// line 1 when there is none or the source does not parse.
KernelText kernel_text(const std::string& source, const std::string& name);

} // namespace ws::exporting
