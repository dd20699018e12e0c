// Running the parser and the code generator on a stack of known size. Both
// recurse on the syntax tree; within the depth limits (limits.h) the deepest
// input needs about 0.5 MiB of stack in a Release build and several times that
// under the sanitizers, more than a small `ulimit -s` or a pool thread gives.
#pragma once

#include <cstddef>
#include <functional>

namespace ws {

// Stack size for threads that parse or compile.
constexpr size_t kCompileStackBytes = size_t{64} << 20;

// Stack size for oneTBB's workers that parse or compile: the most oneTBB 2021.8 (Debian 12)
// accepts and still starts its workers. With 16 MiB or more, a pipeline on two threads ran
// on one (generate: 530 pairs/s with --jobs 1 and with --jobs 2); 8 MiB is many times what
// the deepest input within the limits needs in a Release build (about 0.5 MiB).
constexpr size_t kWorkerStackBytes = size_t{8} << 20;

// Runs `fn` on a new thread with a kCompileStackBytes stack and waits for it;
// an exception thrown by `fn` is rethrown here.
void run_on_large_stack(const std::function<void()>& fn);

} // namespace ws
