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

// The tile operations in `code` whose adjoint Warp does not implement (a MISSINGADJOINT
// stub in its headers, or no reverse call at all): tile_max/min/reduce, scans, sorts,
// tile_diag_add, the upper and Cholesky solves. Their gradients stay zero in Warp's backward
// pass, and finite differences probing a few elements can miss that (a maximum's gradient is
// one element per row), so a gradient check of such code proves little either way.
std::vector<std::string> warp_missing_tile_adjoints(const std::string& code);

// `grad` (a grad_check verdict) for code calling those operations: a pass or an adjoint
// mismatch becomes a skip that names them and keeps what the finite differences found.
std::string grad_verdict_with_missing_adjoints(const std::string& grad, const std::string& code);

} // namespace ws::verify
