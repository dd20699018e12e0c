// Text buffers reused across calls (see scratch_vector.h): the parameter lists and primal
// declarations written for every function and kernel took a fresh buffer each, an allocation
// (and a free) apiece.
#pragma once

#include "types/scratch_vector.h"
#include "types/str_cat.h"

namespace ws {

using ScratchText = Scratch<TextBuffer>;

} // namespace ws
