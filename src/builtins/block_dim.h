// The block_dim the module being compiled is built for: Warp's tile builtins read
// options["block_dim"] (the extent of per-thread tiles, the CPU FFT's elements per thread).
// compile_module sets it for the duration of one compilation on its thread.
#pragma once

namespace ws::builtins {

// 256 (Warp's module default) unless a BlockDimScope on this thread says otherwise.
int block_dim();

class BlockDimScope {
  public:
    explicit BlockDimScope(int block_dim);
    ~BlockDimScope();
    BlockDimScope(const BlockDimScope&) = delete;
    BlockDimScope& operator=(const BlockDimScope&) = delete;

  private:
    int saved_;
};

} // namespace ws::builtins
