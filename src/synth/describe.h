// English for a kernel: each idiom's phrase with the nouns of what feeds it,
// joined into one to three sentences; and the short comments idioms may carry.
#pragma once

#include "synth/plan.h"

#include <string>
#include <utility>
#include <vector>

namespace ws::synth {

// The idiom's phrase with `{port}` replaced by nouns ("computes the spring
// force between the position and the anchor"). `texts`, when given, are the
// values as the code spells them: two inputs with one noun are told apart by
// their names ("the position `xa`").
std::string phrase(const Plan& plan, int node, const std::vector<std::string>& texts = {});
// The phrase as a code comment ("compute the spring force between ...").
std::string comment_text(const Plan& plan, int node, const std::vector<std::string>& texts = {});
// The kernel's description. `outputs`: (value, array name) of what it writes.
std::string describe(const Plan& plan, const std::vector<std::pair<int, std::string>>& outputs,
                     const std::vector<std::string>& texts, Dice& dice);

} // namespace ws::synth
