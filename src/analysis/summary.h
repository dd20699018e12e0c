// Totals over many analysed files: the code-health counts and the style and
// shape distributions (per kernel, per kernel parameter, per file) that
// tools/realism/compare.py sets side by side with Warp's own code. Memory is
// bounded by the number of distinct values, never by the number of files.
#pragma once

#include "analysis/health.h"
#include "analysis/report.h"

#include <cstdint>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <string>

namespace ws::analysis {

class Summary {
  public:
    void add(const FileReport& report);
    const HealthCounts& health() const { return health_; }

    // {"code_health": {...}, "distributions": {NAME: {"unit": ..., "counts": {VALUE: N}}, ...}}
    nlohmann::json to_json() const;

  private:
    struct Distribution {
        std::string unit; // what one observation is: "kernel", "file", "array parameter", "call", ...
        std::map<std::string, uint64_t> counts;
    };
    void count(const std::string& name, const char* unit, const std::string& value, uint64_t n = 1);
    void count(const std::string& name, const char* unit, int value) {
        count(name, unit, std::to_string(value));
    }
    void add_kernel(const FunctionReport& k);

    HealthCounts health_;
    std::map<std::string, Distribution> distributions_;
};

} // namespace ws::analysis
