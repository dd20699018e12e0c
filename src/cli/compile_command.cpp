// `warpsynth compile FILE`: print Warp's code for one Python file.
#include "cli/commands.h"
#include "codegen/compile.h"
#include "syntax/large_stack.h"
#include "syntax/limits.h"
#include "verify/warp_headers.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <iostream>

namespace ws::cli {

namespace {

struct CompileArgs {
    std::string file;
    std::string device = "cuda";
    bool strip_hash = false;
    bool body_only = false;
    bool no_backward = false;
    std::string output;
    std::string warp_include;
    int cpu_block_dim = 256;
};

// Writes to a temporary file in the same folder, then renames: a failure never
// leaves a half-written output behind.
bool write_atomically(const std::string& path, const std::string& text, std::string& error) {
    std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) {
            error = fmt::format("cannot write {}: {}", tmp, std::strerror(errno));
            return false;
        }
        out.write(text.data(), static_cast<std::streamsize>(text.size()));
        out.flush();
        if (!out) {
            error = fmt::format("cannot write {}: {}", tmp, std::strerror(errno));
            std::remove(tmp.c_str());
            return false;
        }
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
        error = fmt::format("cannot rename {} to {}: {}", tmp, path, ec.message());
        std::remove(tmp.c_str());
        return false;
    }
    return true;
}

} // namespace

Action add_compile_command(CLI::App& app);
const CommandRegistration kCompile{"compile", 10, add_compile_command};

Action add_compile_command(CLI::App& app) {
    auto args = std::make_shared<CompileArgs>();
    CLI::App* cmd = app.add_subcommand(
        "compile", "Translate one Python file's Warp kernels to CUDA or CPU C++, exactly as "
                   "Warp would");
    cmd->add_option("FILE", args->file, "Python file with @wp.kernel / @wp.func definitions")->required();
    cmd->add_option("--device", args->device, "Target: cuda (CUDA C++) or cpu (host C++)")
        ->check(CLI::IsMember({"cuda", "cpu"}))
        ->capture_default_str();
    cmd->add_flag("--strip-hash", args->strip_hash,
                  "Kernel names without the hash suffix (Warp's strip_hash)");
    cmd->add_flag(
        "--body-only", args->body_only,
        "Print only the module body Warp generates (no preamble); this is what the fidelity tests compare");
    cmd->add_flag("--no-backward", args->no_backward, "Omit backward kernels and adjoint functions");
    cmd->add_option("--cpu-block-dim", args->cpu_block_dim,
                    "CPU code for this block_dim: 256 (the module default) or 1 (what Warp builds for a CPU "
                    "launch unless wp.config.enable_cpu_blocks is set)")
        ->check(CLI::IsMember({1, 256}))
        ->capture_default_str();
    cmd->add_option("-o,--output", args->output, "Write to this file instead of standard output");
    cmd->add_option("--warp-include", args->warp_include,
                    "Installed Warp whose Python-written builtins (wp.smooth_normalize, wp.quat_from_euler, "
                    "...) to compile, as for verify (default: $WARP_INCLUDE, then python3 on PATH)");
    cmd->footer(fmt::format(
        "Example:\n  warpsynth compile kernels.py --device cpu --strip-hash --body-only\n\n"
        "Errors in the input are reported as FILE:LINE:COL: error: MESSAGE (exit status 1).\n\n"
        "Input limits (exit status 6 past one of them; see README \"Input limits\"):\n"
        "  a regular file of at most {} MiB (folders, FIFOs and devices are refused, exit status 3);\n"
        "  syntax nested at most {} levels; code generation nested at most {} levels (Warp: ~490);\n"
        "  at most {} top-level definitions; at most {} generated variables per module.",
        limits::kMaxSourceBytes >> 20, limits::kMaxSyntaxDepth, limits::kMaxCodegenDepth,
        limits::kMaxDefinitions, limits::kMaxVariables));

    return [args]() -> int {
        std::shared_ptr<SourceFile> source;
        try {
            source = std::make_shared<SourceFile>(args->file, read_source_file(args->file));
        } catch (const SourceReadError& e) {
            std::cerr << fmt::format("warpsynth: error: {}\n", e.what());
            return e.over_limit() ? exit_codes::limit_exceeded : exit_codes::io_error;
        }

        CompileOptions opts;
        opts.device = args->device == "cpu" ? Device::Cpu : Device::Cuda;
        opts.strip_hash = args->strip_hash;
        opts.enable_backward = !args->no_backward;
        opts.cpu_block_dim = args->cpu_block_dim;
        opts.warp_package = [path = args->warp_include] {
            return verify::locate_warp_headers(path).package_dir;
        };
        std::string text;
        run_on_large_stack([&] {
            CompileOutput out = compile_module(source, opts);
            text = args->body_only ? std::string(out.body.view())
                                   : translation_unit(out, opts.device,
                                                      opts.device == Device::Cpu ? opts.cpu_block_dim : 256);
        });

        if (args->output.empty()) {
            std::cout.write(text.data(), static_cast<std::streamsize>(text.size()));
            std::cout.flush();
            return std::cout ? exit_codes::ok : exit_codes::io_error;
        }
        std::string error;
        if (!write_atomically(args->output, text, error)) {
            std::cerr << "warpsynth: error: " << error << "\n";
            return exit_codes::io_error;
        }
        return exit_codes::ok;
    };
}

} // namespace ws::cli
