#include "dataset/manifest.h"

#include "dataset/file_io.h"
#include "dataset/io_error.h"

#include <cctype>
#include <fmt/format.h>

namespace ws::dataset {

using nlohmann::json;

const ShardEntry* Manifest::find(uint64_t shard) const {
    for (const auto& e : shards)
        if (e.shard == shard) return &e;
    return nullptr;
}

json to_json_value(const ShardEntry& e) {
    return json{{"shard", e.shard},
                {"file", e.file},
                {"records", e.records},
                {"candidates", e.candidates},
                {"duplicates", e.duplicates},
                {"compile_failures", e.compile_failures},
                {"source_failures", e.source_failures},
                {"failure_reasons", e.failure_reasons},
                {"bytes", e.bytes},
                {"xxh3", e.xxh3},
                {"verified", e.verified},
                {"verification_dropped", e.verification_dropped},
                {"oversized", e.oversized}};
}

ShardEntry shard_entry_from_json(const json& j) {
    ShardEntry e;
    j.at("shard").get_to(e.shard);
    j.at("file").get_to(e.file);
    j.at("records").get_to(e.records);
    j.at("candidates").get_to(e.candidates);
    j.at("duplicates").get_to(e.duplicates);
    j.at("compile_failures").get_to(e.compile_failures);
    j.at("source_failures").get_to(e.source_failures);
    j.at("failure_reasons").get_to(e.failure_reasons);
    j.at("bytes").get_to(e.bytes);
    j.at("xxh3").get_to(e.xxh3);
    e.verified = j.value("verified", false);
    e.verification_dropped = j.value("verification_dropped", uint64_t{0});
    e.oversized = j.value("oversized", uint64_t{0});
    return e;
}

std::filesystem::path manifest_path(const std::filesystem::path& dir) {
    return dir / "manifest.json";
}

std::optional<Manifest> load_manifest(const std::filesystem::path& dir) {
    auto path = manifest_path(dir);
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return std::nullopt;
    std::string text = read_file(path);
    try {
        json j = json::parse(text);
        if (j.at("format").get<std::string>() != kManifestFormat)
            throw DataError(fmt::format("{}: unknown format {}", path.string(), j.at("format").dump()));
        Manifest m;
        j.at("kind").get_to(m.kind);
        m.config = j.at("config");
        // A generate configuration from before --verify existed: it was not verified, so the
        // comparison with a run's configuration names the flags instead of "(absent)".
        if (m.kind == "generate" && m.config.is_object())
            for (const char* key : {"verify", "drop_failed"})
                if (!m.config.contains(key)) m.config[key] = false;
        j.at("shard_count").get_to(m.shard_count);
        for (const auto& s : j.at("shards")) m.shards.push_back(shard_entry_from_json(s));
        j.at("complete").get_to(m.complete);
        if (j.contains("timing")) m.timing = j.at("timing");
        return m;
    } catch (const json::exception& e) {
        throw DataError(fmt::format("{} is not a warpsynth manifest: {}", path.string(), e.what()));
    }
}

void save_manifest(const std::filesystem::path& dir, const Manifest& m) {
    json shards = json::array();
    for (const auto& e : m.shards) shards.push_back(to_json_value(e));
    json j{{"format", kManifestFormat},   {"kind", m.kind},
           {"config", m.config},          {"shard_count", m.shard_count},
           {"shards", std::move(shards)}, {"complete", m.complete},
           {"timing", m.timing}};
    write_file_atomically(manifest_path(dir), j.dump(2) + "\n");
}

std::vector<std::string> config_differences(const json& folder, const json& now) {
    std::vector<std::string> out;
    for (auto it = now.begin(); it != now.end(); ++it) {
        auto f = folder.find(it.key());
        if (f == folder.end())
            out.push_back(fmt::format("{}: (absent) in the folder vs {} now", it.key(), it.value().dump()));
        else if (*f != it.value())
            out.push_back(
                fmt::format("{}: {} in the folder vs {} now", it.key(), f->dump(), it.value().dump()));
    }
    for (auto it = folder.begin(); it != folder.end(); ++it)
        if (!now.contains(it.key()))
            out.push_back(fmt::format("{}: {} in the folder vs (absent) now", it.key(), it.value().dump()));
    return out;
}

std::string failure_reason(const std::string& message) {
    std::string m = message;
    auto e = m.find(": error: ");
    if (e != std::string::npos) m = m.substr(e + 9);
    // "in kernel 'k': " / "in function 'f': " prefixes name the user's code.
    for (const char* prefix : {"in kernel '", "in function '"}) {
        if (m.rfind(prefix, 0) == 0) {
            auto end = m.find("': ");
            if (end != std::string::npos) m = m.substr(end + 3);
        }
    }
    std::string out;
    for (size_t i = 0; i < m.size(); ++i) {
        char c = m[i];
        // A quote after a letter is an apostrophe ("couldn't"); otherwise it opens a quoted name.
        bool after_letter = i > 0 && std::isalpha(static_cast<unsigned char>(m[i - 1]));
        if (c == '\'' && !after_letter) {
            size_t close = m.find('\'', i + 1);
            if (close != std::string::npos) {
                out += "'_'";
                i = close;
                continue;
            }
        }
        if (c >= '0' && c <= '9') {
            if (out.empty() || out.back() != 'N') out.push_back('N');
            continue;
        }
        if (c == '\n') break;
        out.push_back(c);
    }
    if (out.size() > 120) out = out.substr(0, 117) + "...";
    return out;
}

Manifest load_complete_manifest(const std::filesystem::path& dir) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec))
        throw IoError(fmt::format("cannot read {}: no such dataset folder", dir.string()));
    std::optional<Manifest> m = load_manifest(dir);
    if (!m) throw ConfigError(fmt::format("{} has no manifest.json: not a warpsynth dataset", dir.string()));
    if (!m->complete)
        throw ConfigError(fmt::format("{} is not complete (run the command that made it again to finish it)",
                                      dir.string()));
    return std::move(*m);
}

} // namespace ws::dataset
