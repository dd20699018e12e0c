// JSON form of a pair record (design §5). Code fields a record does not have
// (the CPU fields of a CUDA-only record, verdicts that were never computed)
// are JSON null, so every record of every dataset has the same fields and
// Arrow (Hugging Face `datasets`) infers one schema for all shards.
#include "dataset/record.h"

#include <nlohmann/json.hpp>

namespace ws::dataset {

namespace {

using nlohmann::json;

json text_or_null(const std::string& s) {
    return s.empty() ? json(nullptr) : json(s);
}

std::string text_of(const json& j, const char* key) {
    auto it = j.find(key);
    if (it == j.end() || it->is_null()) return {};
    return it->get<std::string>();
}

json launch_to_json(const synth::LaunchSpec& launch) {
    json args = json::array();
    for (const auto& a : launch.args) {
        args.push_back(json{{"name", a.name},
                            {"type", a.type},
                            {"shape", a.shape},
                            {"min_value", a.min_value},
                            {"max_value", a.max_value},
                            {"is_output", a.is_output}});
    }
    json j{{"dim", launch.dim}, {"args", std::move(args)}};
    // Only tile kernels carry it, so every other record's JSON is as it was.
    if (launch.tiled()) j["block_dim"] = launch.block_dim;
    return j;
}

synth::LaunchSpec launch_from_json(const json& j) {
    synth::LaunchSpec launch;
    j.at("dim").get_to(launch.dim);
    if (auto it = j.find("block_dim"); it != j.end() && !it->is_null()) it->get_to(launch.block_dim);
    for (const auto& a : j.at("args")) {
        synth::ArgSpec arg;
        a.at("name").get_to(arg.name);
        a.at("type").get_to(arg.type);
        a.at("shape").get_to(arg.shape);
        a.at("min_value").get_to(arg.min_value);
        a.at("max_value").get_to(arg.max_value);
        a.at("is_output").get_to(arg.is_output);
        launch.args.push_back(std::move(arg));
    }
    return launch;
}

} // namespace

void to_json(nlohmann::json& j, const Record& r) {
    json verification{{"compiled_cuda", text_or_null(r.verification.compiled_cuda)},
                      {"compiled_cpu", text_or_null(r.verification.compiled_cpu)},
                      {"executed", text_or_null(r.verification.executed)},
                      {"grad_check", text_or_null(r.verification.grad_check)},
                      {"depends_on_inputs", text_or_null(r.verification.depends_on_inputs)}};
    json metadata{{"device", r.device},
                  {"warp_version", r.warp_version},
                  {"generator_version", r.generator_version},
                  {"seed", r.seed},
                  {"index", r.index},
                  {"has_backward", r.has_backward},
                  {"python_lines", r.python_lines},
                  {"forward_lines", r.forward_lines},
                  {"backward_lines", r.backward_lines},
                  {"features", r.features},
                  {"builtins", r.builtins},
                  {"source_hash", r.source_hash},
                  {"launch", launch_to_json(r.launch)},
                  {"verification", std::move(verification)}};
    if (!r.origin.empty())
        metadata["origin"] = json{{"path", r.origin.path},
                                  {"line", r.origin.line},
                                  {"qualified_name", r.origin.qualified_name},
                                  {"license", r.origin.license}};
    j = json{{"id", r.id},
             {"kernel_name", r.kernel_name},
             {"category", r.category},
             {"description", r.description},
             {"python_source", r.python_source},
             {"cuda_forward", text_or_null(r.cuda_forward)},
             {"cuda_backward", text_or_null(r.cuda_backward)},
             {"cuda_functions", text_or_null(r.cuda_functions)},
             {"cpu_forward", text_or_null(r.cpu_forward)},
             {"cpu_backward", text_or_null(r.cpu_backward)},
             {"cpu_functions", text_or_null(r.cpu_functions)},
             {"cpu_entry", text_or_null(r.cpu_entry)},
             {"metadata", std::move(metadata)}};
}

void from_json(const nlohmann::json& j, Record& r) {
    r = Record{};
    j.at("id").get_to(r.id);
    j.at("kernel_name").get_to(r.kernel_name);
    j.at("category").get_to(r.category);
    r.description = text_of(j, "description");
    j.at("python_source").get_to(r.python_source);
    r.cuda_forward = text_of(j, "cuda_forward");
    r.cuda_backward = text_of(j, "cuda_backward");
    r.cuda_functions = text_of(j, "cuda_functions");
    r.cpu_forward = text_of(j, "cpu_forward");
    r.cpu_backward = text_of(j, "cpu_backward");
    r.cpu_functions = text_of(j, "cpu_functions");
    r.cpu_entry = text_of(j, "cpu_entry");

    const json& m = j.at("metadata");
    m.at("device").get_to(r.device);
    m.at("warp_version").get_to(r.warp_version);
    m.at("generator_version").get_to(r.generator_version);
    m.at("seed").get_to(r.seed);
    m.at("index").get_to(r.index);
    m.at("has_backward").get_to(r.has_backward);
    m.at("python_lines").get_to(r.python_lines);
    m.at("forward_lines").get_to(r.forward_lines);
    m.at("backward_lines").get_to(r.backward_lines);
    m.at("features").get_to(r.features);
    m.at("builtins").get_to(r.builtins);
    m.at("source_hash").get_to(r.source_hash);
    r.launch = launch_from_json(m.at("launch"));
    const json& v = m.at("verification");
    r.verification.compiled_cuda = text_of(v, "compiled_cuda");
    r.verification.compiled_cpu = text_of(v, "compiled_cpu");
    r.verification.executed = text_of(v, "executed");
    r.verification.grad_check = text_of(v, "grad_check");
    r.verification.depends_on_inputs = text_of(v, "depends_on_inputs");
    if (auto o = m.find("origin"); o != m.end() && !o->is_null()) {
        o->at("path").get_to(r.origin.path);
        o->at("line").get_to(r.origin.line);
        o->at("qualified_name").get_to(r.origin.qualified_name);
        o->at("license").get_to(r.origin.license);
    }
}

} // namespace ws::dataset
