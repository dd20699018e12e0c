// Where `generate` gets its kernels: a named source of Python modules, each a
// pure function of (seed, categories, index). The product registers one
// source, "synth" (src/synth's synthesizer, synth_source.cpp); test binaries
// may register others. Sources must be thread-safe.
#pragma once

#include "analysis/health.h"
#include "dataset/record.h"
#include "syntax/ast.h"
#include "synth/synth.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ws::dataset {

struct Candidate {
    std::string python_source; // a whole module
    std::string kernel_name;   // the kernel of the pair
    std::string category;
    std::string description; // what the kernel computes, in English; may be empty
    std::vector<std::string> features;
    synth::LaunchSpec launch;
    Origin origin; // extracted kernels only
    // health_counts(python_source), when the source already has it (the synthesizer's).
    std::optional<analysis::HealthCounts> health;
    // python_source already parsed (the synthesizer's), or null: compiled instead of parsing again.
    std::unique_ptr<ast::Module> module;
    // The source file `module` was parsed from (with `module` only): compiled when it is named as
    // the record's comment path (comment_path_for), instead of making another of the same text.
    std::shared_ptr<const SourceFile> source;
    // The tokens of that parse (with `module` only): fingerprinted instead of lexing again.
    std::vector<Token> tokens;
};

struct KernelSource {
    std::string name;
    std::vector<std::string> categories; // every category name the source knows
    // The `index`-th kernel for (seed, categories); empty categories = all.
    std::function<Candidate(uint64_t seed, const std::vector<std::string>& categories, uint64_t index)> make;
};

void register_kernel_source(KernelSource source);
const KernelSource* find_kernel_source(std::string_view name);
std::vector<std::string> kernel_source_names();

struct KernelSourceRegistration {
    explicit KernelSourceRegistration(KernelSource source) { register_kernel_source(std::move(source)); }
};

} // namespace ws::dataset
