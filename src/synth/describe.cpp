#include "synth/describe.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>

namespace ws::synth {

namespace {

// "computes" -> "compute", "applies" -> "apply", "pushes" -> "push",
// "zeroes" -> "zero", "normalizes" -> "normalize".
std::string imperative(const std::string& verb) {
    if (verb.ends_with("ies")) return verb.substr(0, verb.size() - 3) + "y";
    for (const char* ending : {"sses", "shes", "ches", "xes", "zzes", "oes"})
        if (verb.ends_with(ending)) return verb.substr(0, verb.size() - 2);
    if (verb.ends_with("s") && !verb.ends_with("ss")) return verb.substr(0, verb.size() - 1);
    return verb;
}

std::string capitalized(std::string s) {
    if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
    return s;
}

std::string join(const std::vector<std::string>& parts) {
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) {
        if (i) out += i + 1 == parts.size() ? " and " : ", ";
        out += parts[i];
    }
    return out;
}

// A name or an element read (`xa`, `x[j]`): worth quoting to tell values apart.
bool names_a_value(const std::string& text) {
    if (text.empty() || text.size() > 24 || !std::isalpha(static_cast<unsigned char>(text[0]))) return false;
    return std::all_of(text.begin(), text.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '[' || c == ']' || c == ',' ||
               c == ' ';
    });
}

} // namespace

std::string phrase(const Plan& plan, int node, const std::vector<std::string>& texts) {
    const Node& n = plan.graph.nodes[static_cast<size_t>(node)];
    const Idiom& idiom = *n.idiom;
    const std::string_view p = idiom.spec->phrase;
    // The value behind each placeholder, in order.
    std::vector<std::pair<size_t, size_t>> spans;
    std::vector<int> values;
    for (size_t i = p.find('{'); i != std::string_view::npos; i = p.find('{', i + 1)) {
        const size_t close = p.find('}', i);
        const std::string name(p.substr(i + 1, close - i - 1));
        const int in = idiom.input_index(name);
        const int o = idiom.output_index(name);
        spans.emplace_back(i, close + 1);
        values.push_back(in >= 0 ? n.inputs[static_cast<size_t>(in)]
                                 : (o >= 0 ? n.outputs[static_cast<size_t>(o)] : -1));
    }
    auto noun = [&](size_t k) {
        const int v = values[k];
        std::string out = plan.graph.values[static_cast<size_t>(v)].noun;
        bool shared = false;
        for (size_t m = 0; m < values.size(); ++m)
            shared = shared || (m != k && values[m] != v &&
                                plan.graph.values[static_cast<size_t>(values[m])].noun == out);
        if (shared && static_cast<size_t>(v) < texts.size() && names_a_value(texts[static_cast<size_t>(v)]))
            out += " `" + texts[static_cast<size_t>(v)] + "`";
        return out;
    };
    std::string out;
    size_t at = 0;
    for (size_t k = 0; k < spans.size(); ++k) {
        out += p.substr(at, spans[k].first - at);
        out += values[k] >= 0
                   ? noun(k)
                   : std::string(p.substr(spans[k].first + 1, spans[k].second - spans[k].first - 2));
        at = spans[k].second;
    }
    out += p.substr(at);
    return out;
}

std::string comment_text(const Plan& plan, int node, const std::vector<std::string>& texts) {
    std::string p = phrase(plan, node, texts);
    const size_t sp = p.find(' ');
    return sp == std::string::npos ? imperative(p) : imperative(p.substr(0, sp)) + p.substr(sp);
}

std::string describe(const Plan& plan, const std::vector<std::pair<int, std::string>>& outputs,
                     const std::vector<std::string>& texts, Dice& dice) {
    std::vector<std::string> steps;
    for (size_t i = 0; i < plan.graph.nodes.size() && steps.size() < 4; ++i)
        steps.push_back(phrase(plan, static_cast<int>(i), texts));
    std::string text;
    switch (dice.below(3)) {
    case 0: text = fmt::format("For each {}, the kernel {}.", plan.element, join(steps)); break;
    case 1: text = fmt::format("Each thread handles one {}: it {}.", plan.element, join(steps)); break;
    default: text = fmt::format("{} for every {}.", capitalized(join(steps)), plan.element); break;
    }
    if (!plan.scope.empty()) text += " " + plan.scope;
    std::vector<std::string> writes;
    for (const auto& [value, array] : outputs)
        writes.push_back(
            fmt::format("{} to `{}`", plan.graph.values[static_cast<size_t>(value)].noun, array));
    if (!writes.empty()) text += " It writes " + join(writes) + ".";
    return text;
}

} // namespace ws::synth
