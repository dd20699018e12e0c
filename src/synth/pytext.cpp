#include "synth/pytext.h"

#include <cctype>
#include <fmt/format.h>

namespace ws::synth {

namespace {

struct Spelling {
    std::string_view f32, f64;
};
constexpr Spelling kTypes[] = {
    {"float", "wp.float64"},
    {"wp.float32", "wp.float64"},
    {"wp.vec2", "wp.vec2d"},
    {"wp.vec3", "wp.vec3d"},
    {"wp.vec4", "wp.vec4d"},
    {"wp.mat22", "wp.mat22d"},
    {"wp.mat33", "wp.mat33d"},
    {"wp.mat44", "wp.mat44d"},
    {"wp.quat", "wp.quatd"},
    {"wp.transform", "wp.transformd"},
    {"wp.spatial_vector", "wp.spatial_vectord"},
};

// Calls whose literal arguments Warp converts itself (type constructors).
bool is_constructor(std::string_view name) {
    for (const Spelling& s : kTypes)
        if (name == s.f32 || name == s.f64) return true;
    return name == "wp.float16";
}

bool ident_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
}

// Warp's float constants (wp.pi, wp.tau...) are Python floats: float32 in
// arithmetic, like a literal.
bool is_float_constant(std::string_view tok) {
    for (std::string_view c : {"wp.pi", "wp.PI", "wp.half_pi", "wp.HALF_PI", "wp.tau", "wp.TAU", "wp.e",
                               "wp.E", "wp.phi", "wp.PHI", "wp.ln2", "wp.LN2", "wp.ln10", "wp.LN10",
                               "wp.log2e", "wp.LOG2E", "wp.log10e", "wp.LOG10E"})
        if (tok == c) return true;
    return false;
}

bool is_float_literal(std::string_view tok) {
    if (tok.starts_with('-')) tok.remove_prefix(1);
    if (tok.empty() || !std::isdigit(static_cast<unsigned char>(tok[0]))) return false;
    if (tok.size() > 1 && (tok[1] == 'x' || tok[1] == 'X')) return false;
    return tok.find_first_of(".eE") != std::string_view::npos;
}

// Rewrites one run; `parens` holds, per open bracket, whether it opened the
// arguments of a type constructor.
class Retargeter {
  public:
    std::string out;

    void run(std::string_view s) {
        for (size_t i = 0; i < s.size();) {
            const char c = s[i];
            if (c == '#') { // a comment: to the end of the line
                const size_t nl = s.find('\n', i);
                const size_t end = nl == std::string_view::npos ? s.size() : nl;
                out += s.substr(i, end - i);
                i = end;
            } else if (c == '"' || c == '\'') {
                const size_t end = s.find(c, i + 1);
                const size_t stop = end == std::string_view::npos ? s.size() : end + 1;
                out += s.substr(i, stop - i);
                i = stop;
            } else if ((std::isdigit(static_cast<unsigned char>(c)) && (i == 0 || !ident_char(s[i - 1]))) ||
                       (c == '-' && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])) &&
                        !operand_before())) {
                // A negative literal stays one literal: wp.float64(-0.5).
                size_t j = c == '-' ? i + 1 : i;
                while (j < s.size() && (ident_char(s[j]) || ((s[j] == '-' || s[j] == '+') &&
                                                             (s[j - 1] == 'e' || s[j - 1] == 'E'))))
                    ++j;
                literal(s.substr(i, j - i), s.substr(j));
                i = j;
            } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
                size_t j = i;
                while (j < s.size() && ident_char(s[j])) ++j;
                if (is_float_constant(s.substr(i, j - i)) &&
                    !(in_constructor() && whole_argument(s.substr(j))))
                    out += fmt::format("wp.float64({})", s.substr(i, j - i));
                else
                    name(s.substr(i, j - i), s.substr(j));
                i = j;
            } else {
                punct(c);
                ++i;
            }
        }
    }

    void opaque(std::string_view s) {
        out += s;
        last_ident_.clear();
    }

  private:
    // Whether the text so far ends with an operand (a name, a literal, a closing bracket).
    bool operand_before() const {
        size_t k = out.size();
        while (k > 0 && out[k - 1] == ' ') --k;
        if (k == 0) return false;
        const char c = out[k - 1];
        return ident_char(c) || c == ')' || c == ']';
    }

    std::vector<bool> parens_;
    std::string last_ident_;
    bool pending_identity_ = false;

    bool in_constructor() const { return !parens_.empty() && parens_.back(); }

    // `rest`: the text after the literal. A literal that is a whole argument of
    // a type constructor stays as written (Warp converts it); inside an
    // expression it is typed like any other.
    void literal(std::string_view tok, std::string_view rest) {
        if (is_float_literal(tok) && !(in_constructor() && whole_argument(rest)))
            out += fmt::format("wp.float64({})", tok);
        else
            out += tok;
        last_ident_.clear();
    }

    bool whole_argument(std::string_view rest) const {
        size_t k = out.size();
        while (k > 0 && out[k - 1] == ' ') --k;
        const bool starts = k > 0 && (out[k - 1] == '(' || out[k - 1] == ',');
        size_t r = 0;
        while (r < rest.size() && rest[r] == ' ') ++r;
        const bool ends = r < rest.size() && (rest[r] == ')' || rest[r] == ',');
        return starts && ends;
    }

    void name(std::string_view tok, std::string_view rest) {
        std::string spelled(tok);
        for (const Spelling& s : kTypes)
            if (tok == s.f32) spelled = s.f64;
        if ((tok == "wp.quat_identity" || tok == "wp.transform_identity") && rest.starts_with("()"))
            pending_identity_ = true;
        out += spelled;
        last_ident_ = spelled;
    }

    void punct(char c) {
        if (c == '(' || c == '[') {
            parens_.push_back(c == '(' && is_constructor(last_ident_));
            out += c;
            if (pending_identity_) {
                out += "dtype=wp.float64";
                pending_identity_ = false;
            }
        } else {
            if ((c == ')' || c == ']') && !parens_.empty()) parens_.pop_back();
            out += c;
        }
        if (c != ' ') last_ident_.clear();
    }
};

} // namespace

std::string retarget(const std::vector<TextRun>& runs, Scalar fp) {
    if (fp != Scalar::F64) {
        std::string out;
        for (const TextRun& r : runs) out += r.text;
        return out;
    }
    Retargeter r;
    for (const TextRun& run : runs) {
        if (run.opaque)
            r.opaque(run.text);
        else
            r.run(run.text);
    }
    return std::move(r.out);
}

bool is_atomic_expr(std::string_view expr) {
    if (expr.empty() || expr[0] == '-' || expr.starts_with("not ")) return false;
    int depth = 0;
    char quote = 0;
    for (char c : expr) {
        if (quote) {
            if (c == quote) quote = 0;
            continue;
        }
        if (c == '"' || c == '\'')
            quote = c;
        else if (c == '(' || c == '[')
            ++depth;
        else if (c == ')' || c == ']')
            --depth;
        else if (c == ' ' && depth == 0)
            return false;
    }
    return true;
}

int operator_precedence(std::string_view op, bool unary) {
    if (unary) {
        if (op == "not") return 4;
        if (op == "-" || op == "+" || op == "~") return 12;
        return 0;
    }
    if (op == "if" || op == "else") return 1;
    if (op == "or") return 2;
    if (op == "and") return 3;
    if (op == "<" || op == ">" || op == "==" || op == "!=" || op == "<=" || op == ">=" || op == "in" ||
        op == "is")
        return 5;
    if (op == "|") return 6;
    if (op == "^") return 7;
    if (op == "&") return 8;
    if (op == "<<" || op == ">>") return 9;
    if (op == "+" || op == "-") return 10;
    if (op == "*" || op == "/" || op == "//" || op == "%" || op == "@") return 11;
    if (op == "**") return 13;
    return 0;
}

int expr_precedence(std::string_view expr) {
    int lowest = 100;
    int depth = 0;
    bool operand_before = false; // distinguishes binary from unary operators
    for (size_t i = 0; i < expr.size();) {
        const char c = expr[i];
        if (c == '(' || c == '[') {
            ++depth;
            ++i;
            operand_before = false;
            continue;
        }
        if (c == ')' || c == ']') {
            --depth;
            ++i;
            operand_before = true;
            continue;
        }
        if (c == ' ') {
            ++i;
            continue;
        }
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.') {
            size_t j = i;
            // A number's exponent sign belongs to it: `1.0e-6` is one literal.
            const bool number = std::isdigit(static_cast<unsigned char>(c)) &&
                                !(i + 1 < expr.size() && (expr[i + 1] == 'x' || expr[i + 1] == 'X'));
            while (j < expr.size() &&
                   (std::isalnum(static_cast<unsigned char>(expr[j])) || expr[j] == '_' || expr[j] == '.' ||
                    (number && (expr[j] == '-' || expr[j] == '+') &&
                     (expr[j - 1] == 'e' || expr[j - 1] == 'E'))))
                ++j;
            const std::string_view word = expr.substr(i, j - i);
            if (depth == 0) {
                const bool unary = word == "not";
                const int p = operator_precedence(word, unary);
                if (p > 0 && (unary || operand_before || word == "not")) lowest = std::min(lowest, p);
                operand_before = p == 0;
            }
            i = j;
            continue;
        }
        if (c == '"' || c == '\'') {
            const size_t end = expr.find(c, i + 1);
            i = end == std::string_view::npos ? expr.size() : end + 1;
            operand_before = true;
            continue;
        }
        size_t j = i + 1;
        while (j < expr.size() && std::string_view("=<>*/!").find(expr[j]) != std::string_view::npos &&
               std::string_view("=<>*/!").find(c) != std::string_view::npos)
            ++j;
        const std::string_view op = expr.substr(i, j - i);
        if (depth == 0) {
            const int p = operator_precedence(op, !operand_before);
            if (p > 0) lowest = std::min(lowest, p);
        }
        operand_before = false;
        i = j;
    }
    return lowest;
}

std::string float_literal(std::string_view digits, Scalar fp) {
    if (fp == Scalar::F64) return fmt::format("wp.float64({})", digits);
    return std::string(digits);
}

std::string kernel_header(std::string_view name,
                          const std::vector<std::pair<std::string, std::string>>& params) {
    // Appended piece by piece (no temporary string per parameter).
    std::string out = "@wp.kernel\ndef ";
    out += name;
    out += '(';
    for (size_t i = 0; i < params.size(); ++i) {
        if (i) out += ", ";
        out += params[i].first;
        out += ": ";
        out += params[i].second;
    }
    out += "):";
    if (out.size() - std::string_view("@wp.kernel\n").size() <= 100) {
        out += '\n';
        return out;
    }
    out.resize(std::string_view("@wp.kernel\ndef (").size() + name.size());
    out += '\n';
    for (const auto& [param, annotation] : params) {
        out += "    ";
        out += param;
        out += ": ";
        out += annotation;
        out += ",\n";
    }
    out += "):\n";
    return out;
}

} // namespace ws::synth
