#include "synth/instance.h"

#include "synth/pytext.h"

#include <algorithm>

namespace ws::synth {

namespace {

std::vector<TextRun> bind_runs(const Idiom& idiom, const Binding& b) {
    std::vector<TextRun> runs;
    for (const Piece& p : idiom.body) {
        switch (p.kind) {
        case Piece::Kind::Text: runs.push_back({p.text, false}); break;
        case Piece::Kind::Temp: {
            const auto t = std::find(idiom.temps.begin(), idiom.temps.end(), p.text) - idiom.temps.begin();
            runs.push_back({b.temps[static_cast<size_t>(t)], true});
            break;
        }
        case Piece::Kind::Port: {
            const int in = idiom.input_index(p.text);
            if (in >= 0) {
                const std::string& v = b.inputs[static_cast<size_t>(in)];
                const int prec = expr_precedence(v);
                const bool parens = prec < p.left || prec < p.right;
                runs.push_back({parens ? "(" + v + ")" : v, true});
            } else {
                runs.push_back({b.outputs[static_cast<size_t>(idiom.output_index(p.text))], true});
            }
            break;
        }
        }
    }
    return runs;
}

std::vector<std::string> split_lines(const std::string& s) {
    std::vector<std::string> out;
    size_t start = 0;
    for (size_t i = 0; i <= s.size(); ++i)
        if (i == s.size() || s[i] == '\n') {
            out.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    while (!out.empty() && out.back().empty()) out.pop_back();
    return out;
}

// How many pieces name output `name`.
int writes_of(const Idiom& idiom, const std::string& name) {
    return static_cast<int>(std::count_if(idiom.body.begin(), idiom.body.end(), [&](const Piece& p) {
        return p.kind == Piece::Kind::Port && p.text == name;
    }));
}

} // namespace

std::vector<std::string> render_lines(const Idiom& idiom, const Binding& b, Scalar fp) {
    return split_lines(retarget(bind_runs(idiom, b), fp));
}

std::string render_expression(const Idiom& idiom, const Binding& b, Scalar fp) {
    return retarget(bind_runs(idiom, b), fp);
}

int reads_of(const Idiom& idiom, int port) {
    const std::string& name = idiom.inputs[static_cast<size_t>(port)].name;
    return static_cast<int>(std::count_if(idiom.body.begin(), idiom.body.end(), [&](const Piece& p) {
        return p.kind == Piece::Kind::Port && p.text == name;
    }));
}

std::vector<std::string> render_helper_body(const Idiom& idiom, Scalar fp,
                                            const std::vector<std::string>& inputs) {
    Binding b;
    if (inputs.empty())
        for (const Port& p : idiom.inputs) b.inputs.push_back(p.name);
    else
        b.inputs = inputs;
    for (const Port& p : idiom.outputs) b.outputs.push_back(p.name);
    for (const std::string& t : idiom.temps) b.temps.push_back(t);
    if (idiom.expression) return {"return " + render_expression(idiom, b, fp)};
    std::vector<std::string> lines = render_lines(idiom, b, fp);
    // `out = expr` as the last, only write of a single result reads as `return expr`.
    if (idiom.outputs.size() == 1 && writes_of(idiom, idiom.outputs[0].name) == 1 && !lines.empty()) {
        const std::string prefix = idiom.outputs[0].name + " = ";
        if (lines.back().starts_with(prefix)) {
            lines.back() = "return " + lines.back().substr(prefix.size());
            return lines;
        }
    }
    std::string ret = "return ";
    for (size_t i = 0; i < idiom.outputs.size(); ++i) ret += (i ? ", " : "") + idiom.outputs[i].name;
    lines.push_back(ret);
    return lines;
}

} // namespace ws::synth
