#include "verify/host_compiler.h"

#include "codegen/compile.h"
#include "verify/embedded_text.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <random>
#include <unistd.h>
#include <xxhash.h>

namespace ws::verify {

namespace fs = std::filesystem;

namespace {

bool write_file(const fs::path& p, std::string_view text) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out.write(text.data(), std::streamsize(text.size()));
    return bool(out);
}

std::string prefix_text(int block_dim, bool clang) {
    // clang takes the PCH by -include-pch: the unit's #include of the prefix must then add nothing.
    return std::string(clang ? "#pragma once\n" : "") +
           "// warpsynth verification prefix: the CPU preamble, then the runner ABI and glue helpers.\n" +
           translation_unit_preamble(Device::Cpu, block_dim) +
           "#define WS_ABI_NO_STD_HEADERS\n#include \"ws_abi.h\"\n#include \"ws_harness.h\"\n";
}

bool runs(const std::string& cxx, const char* arg, std::string* output = nullptr) {
    ProcessResult r = run_process({cxx, arg}, 30);
    if (output) *output = r.output;
    return r.started && r.exit_code == 0;
}

// "auto": clang++-19 compiles the units in about half g++'s time; g++ is the fallback.
std::string pick_compiler() {
    return runs("clang++-19", "--version") ? "clang++-19" : "g++";
}

// Changes when Warp's headers are reinstalled in place, so that a PCH of old headers is not used.
std::string headers_stamp(const std::string& native_dir) {
    std::error_code ec;
    auto t = fs::last_write_time(fs::path(native_dir) / "builtin.h", ec);
    return ec ? std::string() : std::to_string(t.time_since_epoch().count());
}

std::string trim_line(std::string s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
    size_t a = s.find_first_not_of(" \t");
    return a == std::string::npos ? std::string() : s.substr(a);
}

} // namespace

std::vector<int> blamed_lines(const std::string& log, const std::string& unit_name) {
    std::vector<int> out;
    // g++: "<unit>:LINE:COL: ..."   NVRTC: "<unit>(LINE): ..." and "... at line LINE of <unit>"
    for (size_t pos = log.find(unit_name); pos != std::string::npos; pos = log.find(unit_name, pos + 1)) {
        size_t p = pos + unit_name.size();
        if (p < log.size() && (log[p] == ':' || log[p] == '(')) {
            int line = std::atoi(log.c_str() + p + 1);
            if (line > 0) out.push_back(line);
        }
        // "at line N of <unit>"
        size_t at = log.rfind("at line ", pos);
        if (at != std::string::npos && pos - at < 24) {
            int line = std::atoi(log.c_str() + at + 8);
            if (line > 0) out.push_back(line);
        }
    }
    return out;
}

std::string first_error(const std::string& log) {
    size_t start = 0;
    while (start < log.size()) {
        size_t nl = log.find('\n', start);
        std::string line = log.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
        start = nl == std::string::npos ? log.size() : nl + 1;
        size_t e = line.find("error");
        if (e == std::string::npos) continue;
        size_t colon = line.find(": ", e);
        std::string msg = trim_line(colon == std::string::npos ? line.substr(e) : line.substr(colon + 2));
        // The offending source line follows in both compilers' logs; it names the construct.
        if (start < log.size()) {
            size_t nl2 = log.find('\n', start);
            std::string code =
                trim_line(log.substr(start, nl2 == std::string::npos ? std::string::npos : nl2 - start));
            if (!code.empty() && code.find("error") == std::string::npos && code.size() < 160 &&
                code.find("^") == std::string::npos && code.rfind("In file", 0) != 0)
                msg += " [" + code + "]";
        }
        return msg.size() > 500 ? msg.substr(0, 500) + "..." : msg;
    }
    std::string t = trim_line(log);
    return t.empty() ? "compilation failed" : t.substr(0, 300);
}

HostCompiler::HostCompiler(HostCompilerConfig config) : config_(std::move(config)) {}

namespace {
// Warp's adjoints can read a local the forward never set (the slot of an atomic whose
// result is unused): zeroed locals make such a record's verdict the same on every run.
// No kernel or header throws: without exceptions a unit has no landing pads, which clang's
// fast instruction selector hands to the slow one; nothing unwinds through a kernel either.
const std::vector<std::string> kBaseFlags = {"-std=c++17",
                                             "-O0",
                                             "-fPIC",
                                             "-w",
                                             "-fno-exceptions",
                                             "-fno-asynchronous-unwind-tables",
                                             "-ftrivial-auto-var-init=zero",
                                             "-DWP_ENABLE_TILES_IN_STACK_MEMORY"};
const char* const kPchInstantiate = "-fpch-instantiate-templates";
// clang: the code of the prefix's inline functions (Warp's non-template helpers, the glue and
// the templates the PCH instantiates) is compiled once, into kPrefixLib at -O2, instead of at
// -O0 in every unit that calls them (12% less code per unit, the kernels run 13% faster).
const char* const kPchCodegen = "-fpch-codegen";
const char* const kPrefixLib = "libws_prefix.so";
const char* const kInstancesLib = "libws_instances.so";
const char* const kInstancesUnit = "ws_instances.cpp";

std::vector<std::string> instance_lines() {
    std::vector<std::string> out;
    std::string_view text = embedded::warp_instances;
    for (size_t pos = 0; pos < text.size();) {
        size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos) nl = text.size();
        std::string line(text.substr(pos, nl - pos));
        pos = nl + 1;
        if (line.rfind("template ", 0) == 0) out.push_back(std::move(line));
    }
    return out;
}
} // namespace

std::vector<std::string> HostCompiler::flags(const std::string& prefix_dir) const {
    std::vector<std::string> f = kBaseFlags;
    if (config_.sanitize) {
        f.push_back("-fsanitize=undefined");
        f.push_back("-fno-sanitize-recover=undefined");
    }
    f.push_back("-I" + prefix_dir);
    f.push_back("-I" + config_.native_dir);
    if (clang_ && pch_ready_) {
        f.push_back("-include-pch");
        f.push_back(prefix_dir + "/" + pch_file());
    }
    return f;
}

// Compiles the explicit instantiations of warp_instances.txt into dir/libws_instances.so at -O2;
// `externs` gets their `extern template` declarations for the prefix. Lines these headers reject
// (another Warp version) are dropped; false only when no library could be made (units then
// instantiate everything themselves, as before).
bool HostCompiler::build_instances(const std::string& dir, std::string& externs) {
    std::vector<std::string> lines = instance_lines();
    std::vector<std::string> argv = {config_.cxx};
    for (const std::string& f : flags(dir)) argv.push_back(f == "-O0" ? "-O2" : f);
    if (lld_) argv.push_back("-fuse-ld=lld");
    const std::string src = dir + "/" + kInstancesUnit;
    argv.insert(argv.end(), {"-shared", std::string("-Wl,-soname,") + kInstancesLib, src, "-o",
                             dir + "/" + kInstancesLib});
    for (int round = 0; round < 4 && !lines.empty(); ++round) {
        std::string text = "#include \"" + prefix_name_ + "\"\n"; // line k + 2 holds lines[k]
        for (const std::string& l : lines) text += l + "\n";
        if (!write_file(fs::path(src), text)) return false;
        ProcessResult r = run_process(argv, config_.timeout_seconds);
        if (r.started && r.exit_code == 0) {
            externs.clear();
            for (const std::string& l : lines) externs += "extern " + l + "\n";
            return true;
        }
        std::vector<int> bad = blamed_lines(r.output, kInstancesUnit);
        if (!r.started || r.timed_out || bad.empty()) return false;
        std::vector<std::string> kept;
        for (size_t k = 0; k < lines.size(); ++k)
            if (std::find(bad.begin(), bad.end(), int(k) + 2) == bad.end()) kept.push_back(lines[k]);
        lines = std::move(kept);
    }
    return false;
}

bool HostCompiler::write_prefix(const std::string& dir, const std::string& prefix, std::string& error) const {
    std::error_code ec;
    fs::create_directories(dir, ec);
    fs::path d(dir);
    if (ec || !write_file(d / prefix_name_, prefix) || !write_file(d / "ws_abi.h", embedded::abi_h) ||
        !write_file(d / "ws_harness.h", embedded::harness_h)) {
        error = "cannot write the verification prefix into " + dir;
        return false;
    }
    return true;
}

// Precompiles dir/ws_prefix.h into `out`. False only when the headers do not compile at all;
// a PCH that cannot be made only costs speed (every unit then parses Warp's headers itself).
bool HostCompiler::build_pch(const std::string& dir, const std::string& out, std::string& error,
                             bool codegen) {
    std::vector<std::string> argv = {config_.cxx};
    for (const std::string& f : flags(dir)) argv.push_back(f);
    // clang instantiates the templates the headers themselves use once, in the PCH, instead
    // of in every unit (g++ has no such option).
    if (clang_) argv.push_back(kPchInstantiate);
    if (codegen) argv.push_back(kPchCodegen);
    argv.insert(argv.end(), {"-x", "c++-header", dir + "/" + prefix_name_, "-o", out});
    ProcessResult r = run_process(argv, config_.timeout_seconds);
    if (r.started && r.exit_code == 0) return true;
    std::error_code ec;
    fs::remove(out, ec);
    if (r.started && r.exit_code != 0) {
        error = "Warp's headers do not compile with " + config_.cxx + " (" + config_.native_dir +
                "): " + first_error(r.output);
        return false;
    }
    return true;
}

// Compiles the code a -fpch-codegen PCH leaves out of the units into `lib`, at -O2 as the
// instances are (the same values: no FMA, no fast-math).
bool HostCompiler::build_prefix_lib(const std::string& dir, const std::string& pch, const std::string& lib) {
    std::vector<std::string> argv = {config_.cxx};
    for (const std::string& f : flags(dir)) argv.push_back(f == "-O0" ? "-O2" : f);
    if (lld_) argv.push_back("-fuse-ld=lld");
    argv.insert(argv.end(), {"-shared", std::string("-Wl,-soname,") + kPrefixLib, pch, "-o", lib});
    std::error_code ec;
    if (fs::is_regular_file(fs::path(dir) / kInstancesLib, ec))
        argv.insert(argv.end(), {dir + "/" + kInstancesLib, "-Wl,-rpath," + dir});
    ProcessResult r = run_process(argv, config_.timeout_seconds);
    return r.started && r.exit_code == 0;
}

// clang's PCH in `dir`: with -fpch-codegen when its library can be made (and then put in place
// before the PCH that needs it), else a plain one.
bool HostCompiler::build_clang_pch(const std::string& dir, const std::string& tag, std::string& error) {
    const fs::path d(dir);
    const std::string out = (d / (prefix_name_ + "." + tag + ".pch")).string(); // clang wants ".pch"
    const std::string lib = (d / (std::string(kPrefixLib) + "." + tag)).string();
    if (!build_pch(dir, out, error, true)) return false;
    std::error_code ec;
    if (build_prefix_lib(dir, out, lib)) {
        fs::rename(lib, d / kPrefixLib, ec);
    } else {
        fs::remove(lib, ec);
        if (!build_pch(dir, out, error, false)) return false;
    }
    fs::rename(out, d / pch_file(), ec);
    if (ec) fs::remove(out, ec);
    return true;
}

bool HostCompiler::prepare(std::string& error) {
    if (config_.cxx == "auto") config_.cxx = pick_compiler();
    ProcessResult v = run_process({config_.cxx, "-dumpfullversion", "-dumpversion"}, 30);
    if (!v.started || v.exit_code != 0) {
        error =
            "the host compiler " + config_.cxx + " does not run" + (v.error.empty() ? "" : ": " + v.error);
        return false;
    }
    version_ = trim_line(v.output);
    std::string banner;
    clang_ = runs(config_.cxx, "--version", &banner) && banner.find("clang") != std::string::npos;
    // lld links a batch's shared object in about 60% of GNU ld's time (0.07 s against 0.11 s).
    lld_ = clang_ && runs("ld.lld", "--version");

    // The prefix directory is keyed by everything the PCH depends on, so a
    // stale one is never used and concurrent runs share a good one.
    const std::string prefix = prefix_text(config_.block_dim, clang_);
    std::string key = prefix + std::string(embedded::abi_h) + std::string(embedded::harness_h) +
                      config_.native_dir + headers_stamp(config_.native_dir) + config_.cxx + version_ +
                      fmt::format("{}", fmt::join(kBaseFlags, " ")) + (config_.sanitize ? "ubsan" : "") +
                      (clang_ ? std::string(kPchInstantiate) + kPchCodegen : "") +
                      (clang_ && config_.instances ? std::string(embedded::warp_instances) : "");
    std::string hex = fmt::format("{:016x}", XXH3_64bits(key.data(), key.size()));
    fs::path final_dir = fs::path(config_.cache_dir) / ("cpu-prefix-" + hex);
    prefix_dir_ = final_dir.string();
    std::error_code ec;
    if (fs::is_regular_file(final_dir / pch_file(), ec) ||
        (!config_.pch && fs::is_directory(final_dir, ec))) {
        pch_ready_ = config_.pch;
        instances_ready_ = fs::is_regular_file(final_dir / kInstancesLib, ec);
        prefix_lib_ready_ = pch_ready_ && fs::is_regular_file(final_dir / kPrefixLib, ec);
        return true;
    }

    std::random_device rd;
    const std::string tag = fmt::format("tmp-{}-{:x}", getpid(), rd());
    fs::path tmp = fs::path(config_.cache_dir) / fmt::format("cpu-prefix-{}.{}", hex, tag);
    if (!write_prefix(tmp.string(), prefix, error)) return false;
    // The prefix declares the library's instantiations only when the library exists.
    std::string externs;
    if (clang_ && config_.instances && build_instances(tmp.string(), externs) &&
        !write_file(tmp / prefix_name_, prefix + externs)) {
        error = "cannot write the verification prefix into " + tmp.string();
        return false;
    }
    // g++ finds the .gch next to the header wherever it moves; clang's PCH records the
    // header's path, so it is built once the folder has its final name.
    if (config_.pch && !clang_ && !build_pch(tmp.string(), (tmp / pch_file()).string(), error, false)) {
        fs::remove_all(tmp, ec);
        return false;
    }
    fs::rename(tmp, final_dir, ec);
    if (ec) fs::remove_all(tmp, ec); // another process made it first: use theirs
    if (!fs::is_regular_file(final_dir / prefix_name_, ec)) {
        error = "cannot create " + final_dir.string();
        return false;
    }
    if (config_.pch && clang_ && !fs::is_regular_file(final_dir / pch_file(), ec) &&
        !build_clang_pch(prefix_dir_, tag, error))
        return false;
    pch_ready_ = config_.pch && fs::is_regular_file(final_dir / pch_file(), ec);
    instances_ready_ = fs::is_regular_file(final_dir / kInstancesLib, ec);
    prefix_lib_ready_ = pch_ready_ && fs::is_regular_file(final_dir / kPrefixLib, ec);
    return true;
}

Attempt HostCompiler::compile_shared(const std::string& source, const std::string& so) const {
    std::vector<std::string> argv = {config_.cxx};
    for (const std::string& f : flags(prefix_dir_)) argv.push_back(f);
    if (lld_) argv.push_back("-fuse-ld=lld");
    argv.insert(argv.end(), {"-shared", source, "-o", so});
    if (prefix_lib_ready_) argv.push_back(prefix_dir_ + "/" + kPrefixLib);
    if (instances_ready_) argv.push_back(prefix_dir_ + "/" + kInstancesLib);
    if (prefix_lib_ready_ || instances_ready_) argv.push_back("-Wl,-rpath," + prefix_dir_);
    ProcessResult r = run_process(argv, config_.timeout_seconds);
    Attempt a;
    if (r.started && r.exit_code == 0) {
        a.ok = true;
        a.artifact = so;
        return a;
    }
    if (!r.started)
        a.message = r.error;
    else if (r.timed_out)
        a.message = "the compiler timed out";
    else
        a.message = first_error(r.output);
    // The caller maps lines to records.
    for (int line : blamed_lines(r.output, fs::path(source).filename().string()))
        a.implicated.push_back(size_t(line));
    return a;
}

} // namespace ws::verify
