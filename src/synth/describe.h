// English for a kernel: each idiom's phrase with the nouns of what feeds it,
// joined into one to three sentences; and the short comments idioms may carry.
#pragma once

#include "synth/plan.h"

#include <string>
#include <utility>
#include <vector>

namespace ws::synth {

// The idiom's phrase with `{port}` replaced by nouns ("computes the spring
// force between the position and the anchor").
std::string phrase(const Plan& plan, int node);
// The phrase as a code comment ("compute the spring force between ...").
std::string comment_text(const Plan& plan, int node);
// The kernel's description. `outputs`: (value, array name) of what it writes.
std::string describe(const Plan& plan, const std::vector<std::pair<int, std::string>>& outputs, Dice& dice);

} // namespace ws::synth
