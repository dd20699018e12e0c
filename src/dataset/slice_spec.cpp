#include "dataset/slice_spec.h"

#include "dataset/io_error.h"

#include <charconv>
#include <fmt/format.h>

namespace ws::dataset {

namespace {

std::optional<uint64_t> parse_u64(std::string_view s) {
    uint64_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || s.empty()) return std::nullopt;
    return v;
}

SliceSpec checked(uint64_t index, uint64_t count, const std::string& origin) {
    if (count == 0) throw ConfigError(fmt::format("{}: the number of slices must be at least 1", origin));
    if (index >= count)
        throw ConfigError(fmt::format("{}: slice {} is out of range for {} slices (0..{})", origin, index,
                                      count, count - 1));
    return SliceSpec{index, count};
}

std::optional<std::string> get(const std::map<std::string, std::string>& env, const char* name) {
    auto it = env.find(name);
    if (it == env.end() || it->second.empty()) return std::nullopt;
    return it->second;
}

uint64_t env_number(const std::map<std::string, std::string>& env, const char* name) {
    auto v = parse_u64(*get(env, name));
    if (!v) throw ConfigError(fmt::format("{}={} is not a number", name, *get(env, name)));
    return *v;
}

} // namespace

SliceSpec parse_slice(const std::string& text) {
    auto slash = text.find('/');
    std::optional<uint64_t> i, n;
    if (slash != std::string::npos) {
        i = parse_u64(std::string_view(text).substr(0, slash));
        n = parse_u64(std::string_view(text).substr(slash + 1));
    }
    if (!i || !n) throw ConfigError(fmt::format("--shard {}: expected I/N, e.g. --shard 3/16", text));
    return checked(*i, *n, "--shard " + text);
}

SliceSpec resolve_slice(const std::optional<std::string>& shard_flag, std::optional<uint64_t> shard_count,
                        const std::map<std::string, std::string>& env) {
    if (shard_flag) {
        SliceSpec s = parse_slice(*shard_flag);
        if (shard_count && *shard_count != s.count)
            throw ConfigError(
                fmt::format("--shard {} disagrees with --shard-count {}", *shard_flag, *shard_count));
        return s;
    }
    if (get(env, "JOB_COMPLETION_INDEX")) {
        if (!shard_count)
            throw ConfigError("JOB_COMPLETION_INDEX is set (Kubernetes Indexed Job): pass --shard-count N "
                              "(the Job's completions)");
        return checked(env_number(env, "JOB_COMPLETION_INDEX"), *shard_count, "JOB_COMPLETION_INDEX");
    }
    if (get(env, "SLURM_ARRAY_TASK_ID")) {
        uint64_t id = env_number(env, "SLURM_ARRAY_TASK_ID");
        uint64_t min = get(env, "SLURM_ARRAY_TASK_MIN") ? env_number(env, "SLURM_ARRAY_TASK_MIN") : 0;
        uint64_t count = 0;
        if (shard_count)
            count = *shard_count;
        else if (get(env, "SLURM_ARRAY_TASK_COUNT"))
            count = env_number(env, "SLURM_ARRAY_TASK_COUNT");
        else
            throw ConfigError(
                "SLURM_ARRAY_TASK_ID is set but not SLURM_ARRAY_TASK_COUNT: pass --shard-count N");
        if (id < min) throw ConfigError("SLURM_ARRAY_TASK_ID is below SLURM_ARRAY_TASK_MIN");
        return checked(id - min, count, "SLURM_ARRAY_TASK_ID");
    }
    if (shard_count && *shard_count != 1)
        throw ConfigError("--shard-count needs --shard I/N, JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID");
    return SliceSpec{};
}

} // namespace ws::dataset
