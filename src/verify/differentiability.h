// Constructs whose adjoints Warp itself does not compute correctly (its code
// generator warns "this may not be a differentiable operation"): a gradient
// check that fails on such a kernel reports Warp's limitation, not a broken
// pair, and is recorded as skipped with the construct named.
#pragma once

#include <string>
#include <vector>

namespace ws::verify {

// Scans generated code (CPU or CUDA) for:
//  - "while loop": Warp replays no reverse pass through while loops;
//  - "variable mutated in a dynamic loop": a local reassigned inside a
//    non-unrolled for loop (the reverse pass sees only its last value);
//  - "array element mutated through a reference";
//  - "in-place component update" (add_inplace & co. on local vectors/matrices);
//  - "value returned by an atomic operation" (used later: the reverse pass
//    replays the atomic and gets a different value);
//  - "atomic min/max";
//  - "array read and overwritten" (an array the kernel both loads from and
//    stores or accumulates into).
std::vector<std::string> warp_nondifferentiable_constructs(const std::string& code);

} // namespace ws::verify
