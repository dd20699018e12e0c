// An idiom's body with its ports bound to text: the lines a kernel or helper
// holds, or the expression an expression idiom stands for.
#pragma once

#include "synth/idiom.h"

#include <string>
#include <vector>

namespace ws::synth {

struct Binding {
    std::vector<std::string> inputs;  // per input port: a name or an expression
    std::vector<std::string> outputs; // per output port: a name
    std::vector<std::string> temps;   // per temporary: a name
};

// The body's lines, unindented relative to the body (nested blocks keep
// their own indentation), in precision `fp`.
std::vector<std::string> render_lines(const Idiom& idiom, const Binding& b, Scalar fp);
// The expression of an expression idiom.
std::string render_expression(const Idiom& idiom, const Binding& b, Scalar fp);
// How many times the body reads input `port`.
int reads_of(const Idiom& idiom, int port);
// The body as a @wp.func's: inputs are its parameters (named as the ports, or
// `inputs` when given), results returned. Lines unindented.
std::vector<std::string> render_helper_body(const Idiom& idiom, Scalar fp,
                                            const std::vector<std::string>& inputs = {});

} // namespace ws::synth
