// Parsing and checking idiom specs (the grammar is in idiom.h).
#include "synth/idiom.h"
#include "synth/pytext.h"
#include "synth/roles.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fmt/format.h>
#include <stdexcept>

namespace ws::synth {

namespace {

constexpr std::string_view kDomainNames[] = {"math",    "particles", "rigid",  "continuum", "geometry",
                                             "imaging", "learning",  "random", "grids",     "bits"};
static_assert(std::size(kDomainNames) == kDomainCount);

struct TypeName {
    std::string_view text;
    PortType type;
};
// Longest spellings first, so `M22` is not read as `M`.
constexpr TypeName kTypeNames[] = {{"M22", PortType::M22}, {"M33", PortType::M33}, {"M44", PortType::M44},
                                   {"V2I", PortType::V2I}, {"V3I", PortType::V3I}, {"SV", PortType::SV},
                                   {"V2", PortType::V2},   {"V3", PortType::V3},   {"L", PortType::L},
                                   {"V4", PortType::V4},   {"F", PortType::F},     {"I", PortType::I},
                                   {"U", PortType::U},     {"B", PortType::B},     {"Q", PortType::Q},
                                   {"T", PortType::T},     {"H", PortType::H}};

[[noreturn]] void bad(const IdiomSpec& spec, const std::string& what) {
    throw std::invalid_argument(fmt::format("idiom {}: {}", spec.id, what));
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

// Splits at `sep` outside parentheses (defaults such as `wp.vec3(0.0, -9.8, 0.0)`).
std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> out;
    size_t start = 0;
    int depth = 0;
    for (size_t i = 0; i <= s.size(); ++i) {
        if (i < s.size() && (s[i] == '(' || s[i] == '[')) ++depth;
        if (i < s.size() && (s[i] == ')' || s[i] == ']')) --depth;
        if (i == s.size() || (s[i] == sep && depth == 0)) {
            out.push_back(trim(s.substr(start, i - start)));
            start = i + 1;
        }
    }
    return out;
}

bool is_ident_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

bool is_identifier(std::string_view s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    return std::all_of(s.begin(), s.end(), is_ident_char);
}

double parse_number(const IdiomSpec& spec, std::string_view s) {
    std::string text(s);
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size()) bad(spec, fmt::format("bad number '{}'", s));
    return v;
}

// `~ke*4+a` for an output: terms of products of numbers and input names.
std::vector<BoundTerm> parse_bound(const IdiomSpec& spec, std::string_view formula,
                                   const std::vector<Port>& inputs) {
    std::vector<BoundTerm> terms;
    for (std::string_view term : split(formula, '+')) {
        BoundTerm t;
        for (std::string_view f : split(term, '*')) {
            auto it = std::find_if(inputs.begin(), inputs.end(), [&](const Port& p) { return p.name == f; });
            if (it != inputs.end())
                t.inputs.push_back(static_cast<int>(it - inputs.begin()));
            else
                t.coeff *= parse_number(spec, f);
        }
        terms.push_back(std::move(t));
    }
    return terms;
}

// Markers that set one fact, and which side may write them: outputs state
// what an idiom guarantees (`z`, `Z`, `o`, `n`, `S`), inputs refuse a value
// known to have a fact (`!u`, `!01`, `!0+`, `!w`, `!o`, `!n`, `!S`).
enum class Side : uint8_t { Any, Output, Input };
struct FlagMarker {
    std::string_view text;
    Side side;
    bool Facts::*flag;
};
constexpr FlagMarker kFlagMarkers[] = {
    {"w", Side::Any, &Facts::whole},          {"u", Side::Any, &Facts::unit},
    {"z", Side::Output, &Facts::often_zero},  {"Z", Side::Output, &Facts::keeps_zero},
    {"o", Side::Output, &Facts::offset},      {"S", Side::Output, &Facts::symmetric},
    {"n", Side::Output, &Facts::nonpositive}, {"!n", Side::Input, &Facts::not_nonpositive},
    {"!01", Side::Input, &Facts::not_unit01}, {"!0+", Side::Input, &Facts::not_nonneg},
    {"!u", Side::Input, &Facts::not_unit},    {"!w", Side::Input, &Facts::not_whole},
    {"!o", Side::Input, &Facts::not_offset},  {"!S", Side::Input, &Facts::not_symmetric},
};

const FlagMarker* flag_marker(std::string_view rest) {
    for (const FlagMarker& m : kFlagMarkers)
        if (rest.starts_with(m.text)) return &m;
    return nullptr;
}

void set_flag(const IdiomSpec& spec, const FlagMarker& m, Port& p, bool is_output) {
    if (m.side == Side::Output && !is_output)
        bad(spec, fmt::format("port {}: {} is a fact of outputs", p.name, m.text));
    if (m.side == Side::Input && is_output)
        bad(spec, fmt::format("port {}: {} is a requirement of inputs", p.name, m.text));
    p.facts.*(m.flag) = true;
}

// TYPE[FACTS]: the type, then fact markers up to the end of the word.
void parse_type_and_facts(const IdiomSpec& spec, std::string_view word, Port& p, bool is_output,
                          const std::vector<Port>& inputs) {
    const TypeName* tn = nullptr;
    for (const auto& t : kTypeNames)
        if (word.starts_with(t.text)) {
            tn = &t;
            break;
        }
    if (!tn) bad(spec, fmt::format("port {}: unknown type in '{}'", p.name, word));
    p.type = tn->type;
    std::string_view rest = word.substr(tn->text.size());
    while (!rest.empty()) {
        if (rest.starts_with("0+")) {
            p.facts.nonneg = true;
            rest.remove_prefix(2);
        } else if (rest.starts_with("01")) {
            p.facts.unit01 = p.facts.nonneg = true;
            rest.remove_prefix(2);
        } else if (rest[0] == '+') {
            p.facts.positive = p.facts.nonneg = true;
            rest.remove_prefix(1);
        } else if (const FlagMarker* m = flag_marker(rest)) {
            set_flag(spec, *m, p, is_output);
            rest.remove_prefix(m->text.size());
        } else if (rest[0] == '[') {
            const size_t close = rest.find(']');
            if (close == std::string_view::npos) bad(spec, fmt::format("port {}: unclosed range", p.name));
            const auto parts = split(rest.substr(1, close - 1), ',');
            if (parts.size() != 2) bad(spec, fmt::format("port {}: range needs lo,hi", p.name));
            p.facts.has_range = true;
            p.facts.lo = static_cast<int64_t>(parse_number(spec, parts[0]));
            p.facts.hi = static_cast<int64_t>(parse_number(spec, parts[1]));
            rest.remove_prefix(close + 1);
        } else if (rest[0] == '>') {
            if (is_output) bad(spec, fmt::format("port {}: >K is a requirement of inputs", p.name));
            size_t end = 1;
            while (end < rest.size() && (std::isdigit(static_cast<unsigned char>(rest[end])) ||
                                         rest[end] == '.' || rest[end] == 'e'))
                ++end;
            p.min_mag = parse_number(spec, rest.substr(1, end - 1));
            rest.remove_prefix(end);
        } else if (rest[0] == '!') {
            bad(spec, fmt::format("port {}: unknown refusal in '{}'", p.name, rest));
        } else if (rest[0] == '~') {
            const std::string_view formula = rest.substr(1);
            if (is_output)
                p.bound = parse_bound(spec, formula, inputs);
            else
                p.max_abs = parse_number(spec, formula);
            rest = {};
        } else {
            bad(spec, fmt::format("port {}: unknown fact in '{}'", p.name, word));
        }
    }
}

Port parse_port(const IdiomSpec& spec, std::string_view text, bool is_output,
                const std::vector<Port>& inputs) {
    const size_t colon = text.find(':');
    if (colon == std::string_view::npos) bad(spec, fmt::format("port '{}' has no ':'", text));
    Port p;
    p.name = std::string(trim(text.substr(0, colon)));
    if (!is_identifier(p.name)) bad(spec, fmt::format("bad port name '{}'", p.name));
    std::string_view rest = trim(text.substr(colon + 1));
    const size_t eq = rest.find('=');
    if (eq != std::string_view::npos) {
        p.default_value = std::string(trim(rest.substr(eq + 1)));
        rest = trim(rest.substr(0, eq));
    }
    const size_t sp = rest.find(' ');
    parse_type_and_facts(spec, rest.substr(0, sp), p, is_output, inputs);
    rest = sp == std::string_view::npos ? std::string_view{} : trim(rest.substr(sp));
    if (rest.starts_with('#')) {
        p.uniform = true;
        rest = trim(rest.substr(1));
    }
    p.role = std::string(rest);
    if (p.role.empty()) bad(spec, fmt::format("port {} has no role", p.name));
    p.known_role = find_role(p.role);
    if (!p.default_value.empty() && !p.uniform)
        bad(spec, fmt::format("port {}: a default needs '#'", p.name));
    return p;
}

// The operator token ending just before `pos` (skipping spaces), or "" when
// the placeholder starts an argument, a subscript, a right-hand side or a line.
std::string_view operator_before(std::string_view body, size_t pos, bool& unary) {
    while (pos > 0 && body[pos - 1] == ' ') --pos;
    unary = false;
    if (pos == 0) return {};
    const char c = body[pos - 1];
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
        size_t b = pos;
        while (b > 0 && is_ident_char(body[b - 1])) --b;
        const std::string_view word = body.substr(b, pos - b);
        if (word == "not") {
            unary = true;
            return word;
        }
        return word == "and" || word == "or" || word == "in" || word == "is" ? word : std::string_view{};
    }
    size_t b = pos - 1;
    while (b > 0 && std::string_view("=<>*/!+-%&|^@").find(body[b - 1]) != std::string_view::npos) --b;
    const std::string_view op = body.substr(b, pos - b);
    if (op.empty() || std::string_view("=<>*/!+-%&|^@~").find(op[0]) == std::string_view::npos) return {};
    if (op.size() > 1 && op.back() == '=' && op != "==" && op != "<=" && op != ">=" && op != "!=") return {};
    if (op == "=") return {};
    // A sign after `(`, `,`, `=` or an operator is unary.
    size_t q = b;
    while (q > 0 && body[q - 1] == ' ') --q;
    const char prev = q == 0 ? '\n' : body[q - 1];
    unary = (op == "-" || op == "+" || op == "~") &&
            (q == 0 || std::string_view("(,[=\n:").find(prev) != std::string_view::npos ||
             std::string_view("*/+-%<>&|^").find(prev) != std::string_view::npos);
    return op;
}

// The operator token starting just after `pos`, or "" for `)`, `,`, `]`, `:`,
// the end of a line; "." and "[" (attribute, subscript) are returned as such.
std::string_view operator_after(std::string_view body, size_t pos) {
    while (pos < body.size() && body[pos] == ' ') ++pos;
    if (pos >= body.size()) return {};
    const char c = body[pos];
    if (c == '.' || c == '[') return body.substr(pos, 1);
    if (std::isalpha(static_cast<unsigned char>(c))) {
        size_t e = pos;
        while (e < body.size() && is_ident_char(body[e])) ++e;
        const std::string_view word = body.substr(pos, e - pos);
        return word == "and" || word == "or" || word == "if" || word == "in" || word == "is"
                   ? word
                   : std::string_view{};
    }
    size_t e = pos;
    while (e < body.size() && std::string_view("=<>*/!+-%&|^@").find(body[e]) != std::string_view::npos) ++e;
    const std::string_view op = body.substr(pos, e - pos);
    if (op == "=" ||
        (op.size() > 1 && op.back() == '=' && op != "==" && op != "<=" && op != ">=" && op != "!="))
        return {};
    return op;
}

void set_context(std::string_view body, size_t begin, size_t end, Piece& piece) {
    bool unary = false;
    const std::string_view before = operator_before(body, begin, unary);
    const std::string_view after = operator_after(body, end);
    piece.left = before.empty() ? 0 : operator_precedence(before, unary);
    // A right operand of a left-associative operator needs parentheses at the same level.
    if (piece.left > 0 && !unary && before != "**") piece.left += 1;
    piece.right =
        after == "." || after == "[" ? 100 : (after.empty() ? 0 : operator_precedence(after, false));
    if (after == "**") piece.right += 1;
}

std::vector<Piece> parse_body(const IdiomSpec& spec, const Idiom& idiom, std::vector<std::string>& temps) {
    std::vector<Piece> out;
    const std::string_view body = spec.body;
    std::string text;
    auto flush = [&] {
        if (!text.empty()) out.push_back(Piece{Piece::Kind::Text, std::move(text)});
        text.clear();
    };
    for (size_t i = 0; i < body.size();) {
        if (body[i] == '{') {
            const size_t close = body.find('}', i);
            if (close == std::string_view::npos) bad(spec, "unclosed '{' in body");
            const std::string name(body.substr(i + 1, close - i - 1));
            if (idiom.input_index(name) < 0 && idiom.output_index(name) < 0)
                bad(spec, fmt::format("body names unknown port {{{}}}", name));
            flush();
            Piece piece{Piece::Kind::Port, name};
            set_context(body, i, close + 1, piece);
            out.push_back(std::move(piece));
            i = close + 1;
        } else if (body[i] == '$') {
            size_t j = i + 1;
            while (j < body.size() && is_ident_char(body[j])) ++j;
            const std::string name(body.substr(i + 1, j - i - 1));
            if (!is_identifier(name)) bad(spec, "bad temporary after '$'");
            if (std::find(temps.begin(), temps.end(), name) == temps.end()) temps.push_back(name);
            flush();
            out.push_back(Piece{Piece::Kind::Temp, name});
            i = j;
        } else {
            text += body[i++];
        }
    }
    flush();
    return out;
}

// Whether the piece at `k` is the target of a plain assignment (`X = ...` at
// the start of a line, or `for X in`).
bool assigned_at(const std::vector<Piece>& body, size_t k) {
    const bool line_start =
        k == 0 ||
        (body[k - 1].kind == Piece::Kind::Text &&
         trim(body[k - 1].text.substr(
                  body[k - 1].text.rfind('\n') == std::string::npos ? 0 : body[k - 1].text.rfind('\n') + 1))
             .empty());
    const bool for_target =
        k > 0 && body[k - 1].kind == Piece::Kind::Text && body[k - 1].text.ends_with("for ");
    if (for_target) return true;
    if (!line_start || k + 1 >= body.size() || body[k + 1].kind != Piece::Kind::Text) return false;
    const std::string_view after = body[k + 1].text;
    const std::string_view t = trim(after);
    return t.starts_with("=") && !t.starts_with("==");
}

void check_body(const IdiomSpec& spec, Idiom& idiom) {
    for (const std::string& t : idiom.temps)
        if (idiom.input_index(t) >= 0 || idiom.output_index(t) >= 0)
            bad(spec, fmt::format("temporary ${} has a port's name", t));
    std::vector<int> input_reads(idiom.inputs.size()), output_writes(idiom.outputs.size());
    std::vector<int> temp_uses(idiom.temps.size());
    std::vector<bool> temp_defined(idiom.temps.size());
    for (size_t k = 0; k < idiom.body.size(); ++k) {
        const Piece& p = idiom.body[k];
        if (p.kind == Piece::Kind::Port) {
            const int in = idiom.input_index(p.text);
            if (in >= 0) {
                if (assigned_at(idiom.body, k)) bad(spec, fmt::format("input {{{}}} is assigned", p.text));
                ++input_reads[static_cast<size_t>(in)];
            } else {
                ++output_writes[static_cast<size_t>(idiom.output_index(p.text))];
            }
        } else if (p.kind == Piece::Kind::Temp) {
            const auto t = static_cast<size_t>(std::find(idiom.temps.begin(), idiom.temps.end(), p.text) -
                                               idiom.temps.begin());
            if (!temp_defined[t] && !assigned_at(idiom.body, k))
                bad(spec, fmt::format("temporary ${} is read before it is assigned", p.text));
            temp_defined[t] = true;
            ++temp_uses[t];
        }
    }
    for (size_t i = 0; i < idiom.inputs.size(); ++i)
        if (!input_reads[i]) bad(spec, fmt::format("input {{{}}} is never read", idiom.inputs[i].name));
    for (size_t t = 0; t < idiom.temps.size(); ++t)
        if (temp_uses[t] < 2) bad(spec, fmt::format("temporary ${} is never read", idiom.temps[t]));
    if (idiom.expression) return;
    for (size_t o = 0; o < idiom.outputs.size(); ++o)
        if (!output_writes[o])
            bad(spec, fmt::format("output {{{}}} is never assigned", idiom.outputs[o].name));
}

void parse_names(const IdiomSpec& spec, Idiom& idiom) {
    if (spec.names.empty()) return;
    for (std::string_view entry : split(spec.names, ';')) {
        if (entry.empty()) continue;
        const size_t colon = entry.find(':');
        if (colon == std::string_view::npos) bad(spec, fmt::format("names entry '{}' has no ':'", entry));
        const std::string key(trim(entry.substr(0, colon)));
        const bool known = idiom.output_index(key) >= 0 ||
                           std::find(idiom.temps.begin(), idiom.temps.end(), key) != idiom.temps.end();
        if (!known) bad(spec, fmt::format("names given for unknown output or temporary '{}'", key));
        std::vector<std::string> words;
        for (std::string_view w : split(entry.substr(colon + 1), ' '))
            if (!w.empty()) {
                if (!is_identifier(w)) bad(spec, fmt::format("bad name '{}'", w));
                words.emplace_back(w);
            }
        if (words.empty()) bad(spec, fmt::format("no names for '{}'", key));
        idiom.names.emplace_back(key, std::move(words));
    }
}

// An id (H) names one Warp object for the whole launch: a uniform input, and the
// input that makes an idiom a query (kQuery) and nothing else.
void check_ids(const IdiomSpec& spec, const Idiom& idiom) {
    bool has_id = false;
    for (const Port& p : idiom.inputs)
        if (p.type == PortType::H) {
            if (!p.uniform) bad(spec, fmt::format("port {}: an id (H) is uniform", p.name));
            has_id = true;
        }
    for (const Port& p : idiom.outputs)
        if (p.type == PortType::H) bad(spec, fmt::format("output {}: an id (H) is an input", p.name));
    if (has_id != ((spec.traits & kQuery) != 0))
        bad(spec, has_id ? "an idiom that reads an id (H) is a query (kQuery)"
                         : "a query (kQuery) reads an id (H)");
}

} // namespace

std::string_view domain_name(Domain d) {
    return kDomainNames[static_cast<size_t>(d)];
}

std::string_view port_type_name(PortType t) {
    for (const auto& tn : kTypeNames)
        if (tn.type == t) return tn.text;
    return "?";
}

SType port_stype(PortType t, Scalar fp) {
    switch (t) {
    case PortType::F: return SType::scalar_of(fp);
    case PortType::I: return SType::scalar_of(Scalar::I32);
    case PortType::U: return SType::scalar_of(Scalar::U32);
    case PortType::B: return SType::scalar_of(Scalar::Bool);
    case PortType::V2: return SType::vec(2, fp);
    case PortType::V3: return SType::vec(3, fp);
    case PortType::V4: return SType::vec(4, fp);
    case PortType::M22: return SType::mat(2, 2, fp);
    case PortType::M33: return SType::mat(3, 3, fp);
    case PortType::M44: return SType::mat(4, 4, fp);
    case PortType::Q: return SType::quat(fp);
    case PortType::T: return SType::transform(fp);
    case PortType::SV: return SType::spatial(fp);
    case PortType::L: return SType::scalar_of(Scalar::I64);
    case PortType::V2I: return SType::vec(2, Scalar::I32);
    case PortType::V3I: return SType::vec(3, Scalar::I32);
    case PortType::H: return SType::scalar_of(Scalar::U64);
    }
    return SType::scalar_of(fp);
}

bool Facts::satisfies(const Facts& need) const {
    if (need.positive && !positive) return false;
    if (need.nonneg && !nonneg) return false;
    if (need.unit01 && !unit01) return false;
    if (need.unit && !unit) return false;
    if ((need.not_unit && unit) || (need.not_unit01 && unit01) || (need.not_whole && whole) ||
        (need.not_nonneg && nonneg) || (need.not_offset && offset) || (need.not_nonpositive && nonpositive) ||
        (need.not_symmetric && symmetric))
        return false;
    if (need.has_range && !(has_range && lo >= need.lo && hi <= need.hi)) return false;
    return true;
}

int Idiom::input_index(std::string_view name) const {
    for (size_t i = 0; i < inputs.size(); ++i)
        if (inputs[i].name == name) return static_cast<int>(i);
    return -1;
}

int Idiom::output_index(std::string_view name) const {
    for (size_t i = 0; i < outputs.size(); ++i)
        if (outputs[i].name == name) return static_cast<int>(i);
    return -1;
}

std::vector<std::string> Idiom::names_for(std::string_view key) const {
    for (const auto& [k, words] : names)
        if (k == key) return words;
    return {std::string(key)};
}

Idiom parse_idiom(const IdiomSpec& spec) {
    Idiom idiom;
    idiom.spec = &spec;
    if (!is_identifier(spec.id)) bad(spec, "the id must be an identifier");
    const size_t arrow = spec.sig.find("->");
    if (arrow == std::string_view::npos) bad(spec, "signature has no '->'");
    const std::string_view ins = trim(spec.sig.substr(0, arrow)), outs = trim(spec.sig.substr(arrow + 2));
    if (!ins.empty())
        for (std::string_view p : split(ins, ',')) idiom.inputs.push_back(parse_port(spec, p, false, {}));
    for (std::string_view p : split(outs, ','))
        idiom.outputs.push_back(parse_port(spec, p, true, idiom.inputs));
    if (idiom.outputs.empty()) bad(spec, "no outputs");
    check_ids(spec, idiom);
    for (const Port& o : idiom.outputs) {
        if (o.uniform) bad(spec, fmt::format("output {} cannot be uniform", o.name));
        if (o.role.starts_with('^') && idiom.input_index(std::string_view(o.role).substr(1)) < 0)
            bad(spec, fmt::format("output {} takes the role of unknown input {}", o.name, o.role.substr(1)));
        if (o.facts.keeps_zero && !o.role.starts_with('^'))
            bad(spec, fmt::format("output {}: Z needs the role ^x of the input it keeps zero", o.name));
    }

    idiom.body = parse_body(spec, idiom, idiom.temps);
    const bool has_output_piece = std::any_of(idiom.body.begin(), idiom.body.end(), [&](const Piece& p) {
        return p.kind == Piece::Kind::Port && idiom.output_index(p.text) >= 0;
    });
    idiom.expression = !has_output_piece;
    if (idiom.expression) {
        if (idiom.outputs.size() != 1) bad(spec, "an expression body has exactly one output");
        if (spec.body.find('\n') != std::string_view::npos || !idiom.temps.empty())
            bad(spec, "an expression body is one line without temporaries");
    }
    check_body(spec, idiom);
    parse_names(spec, idiom);
    if (spec.phrase.empty()) bad(spec, "no phrase");
    return idiom;
}

} // namespace ws::synth
