#include "builtins/block_dim.h"

namespace ws::builtins {

namespace {
thread_local int t_block_dim = 256;
} // namespace

int block_dim() {
    return t_block_dim;
}

BlockDimScope::BlockDimScope(int block_dim) : saved_(t_block_dim) {
    t_block_dim = block_dim;
}

BlockDimScope::~BlockDimScope() {
    t_block_dim = saved_;
}

} // namespace ws::builtins
