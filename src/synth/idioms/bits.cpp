// Integer and bit work in kernels: hashes, Morton codes, bit counting, packing,
// fixed point, index arithmetic, grid cells, int64 sort keys (grammar in
// src/synth/idiom.h). uint32 (U) wraps by design; int32 (I) ports carry
// ranges so that no sum or product overflows; int64 (L) is shifted and or-ed,
// never multiplied past its range. Warp wants both operands of a uint32 or
// int64 operation (shift counts too) of that type: `wp.uint32(16)`.
#include "synth/library.h"
#include "synth/roles.h"

namespace ws::synth {

namespace bits_data {
namespace {

constexpr RoleSpec kRoles[] = {
    // ---- keys and hashes (uint32)
    {"key", "key", 0.0, 65535.0, "key k", "keys"},
    {"hash", "hash", 0.0, 4294967295.0, "h hval", "hashes"},
    {"morton code", "morton code", 0.0, 1073741823.0, "code morton", "codes morton_codes"},
    {"bit mask", "bit mask", 0.0, 4294967295.0, "mask bits flags", "masks flags"},
    // The lowest set bit of a mask: counting or clearing its bits gives 1 or 0.
    {"single bit", "single bit", 1.0, 2147483648.0, "bit lsb", "bits"},
    {"packed word", "packed word", 0.0, 4294967295.0, "word packed", "words packed"},
    {"size", "size", 1.0, 1048576.0, "n size capacity", "sizes"},
    {"uniform variate", "fraction", 0.0, 1.0, "u rnd", "uniforms"},
    {"float color", "float color", 0.0, 1.0, "rgba color", "colors rgba"},
    // ---- small integers (int32)
    {"id", "id", 0.0, 1000000.0, "obj_id ident", "ids"},
    {"linear index", "linear index", 0.0, 1048575.0, "idx flat lin", "indices flat_ids"},
    {"signed index", "linear index", -1024.0, 2047.0, "i off_i", "offsets"},
    {"bucket index", "bucket index", 0.0, 4095.0, "bucket slot", "buckets slots"},
    {"bucket count", "bucket count", 1.0, 4096.0, "num_buckets table_size", "table_sizes"},
    {"byte", "byte", 0.0, 255.0, "b byte", "byte_vals octets"},
    {"half word", "half word", 0.0, 65535.0, "hw half", "halves"},
    {"bit position", "bit position", 0.0, 31.0, "bit pos", "bit_ids"},
    {"bit count", "bit count", 0.0, 32.0, "nbits bits", "bit_counts"},
    {"fixed-point value", "fixed point", -1048576.0, 1048576.0, "fx q16", "fixed fx_vals"},
    {"row width", "row width", 1.0, 1024.0, "width nx stride", "widths"},
    {"cells per axis", "cells per axis", 1.0, 64.0, "res n_cells grid_n", "resolutions"},
    {"tile size", "tile size", 1.0, 256.0, "tile block", "tile_sizes"},
    {"parity", "parity", 0.0, 1.0, "parity color", "parities"},
    // ---- grid cells
    {"cell coordinate", "cell", 0.0, 63.0, "cell c ijk", "cells cell_coords"},
    {"grid origin", "position", -1.0, -1.0, "origin lower", "origins", true},
    // ---- int64 keys
    {"sort key", "sort key", 0.0, 4.0e18, "sort_key key64", "sort_keys keys64"},
};

constexpr IdiomSpec kBits[] = {
    // ---- hashes
    {"wang_hash", Domain::Bits, "k: U key -> h: U hash",
     "{h} = ({k} ^ wp.uint32(61)) ^ ({k} >> wp.uint32(16))\n"
     "{h} = {h} * wp.uint32(9)\n"
     "{h} = {h} ^ ({h} >> wp.uint32(4))\n"
     "{h} = {h} * wp.uint32(0x27D4EB2D)\n"
     "{h} = {h} ^ ({h} >> wp.uint32(15))",
     "hashes {k} with Thomas Wang's integer hash", "h: h hval"},
    {"pcg_hash", Domain::Bits, "k: U key -> h: U hash",
     "$state = {k} * wp.uint32(747796405) + wp.uint32(2891336453)\n"
     "$word = (($state >> (($state >> wp.uint32(28)) + wp.uint32(4))) ^ $state) * wp.uint32(277803737)\n"
     "{h} = ($word >> wp.uint32(22)) ^ $word",
     "hashes {k} with the PCG output permutation", "h: h hval; state: state s; word: word w"},
    {"xorshift32", Domain::Bits, "x: U key -> y: U hash",
     "{y} = {x} ^ ({x} << wp.uint32(13))\n"
     "{y} = {y} ^ ({y} >> wp.uint32(17))\n"
     "{y} = {y} ^ ({y} << wp.uint32(5))",
     "advances {x} by one xorshift32 step", "y: x_next state"},
    {"murmur_fmix32", Domain::Bits, "k: U key -> h: U hash",
     "{h} = {k} ^ ({k} >> wp.uint32(16))\n"
     "{h} = {h} * wp.uint32(0x85EBCA6B)\n"
     "{h} = {h} ^ ({h} >> wp.uint32(13))\n"
     "{h} = {h} * wp.uint32(0xC2B2AE35)\n"
     "{h} = {h} ^ ({h} >> wp.uint32(16))",
     "mixes {k} with the MurmurHash3 finalizer", "h: h hval"},
    {"fnv1a_bytes", Domain::Bits, "k: U key -> h: U hash",
     "{h} = wp.uint32(2166136261)\n"
     "for $i in range(4):\n"
     "    $b = ({k} >> wp.uint32($i * 8)) & wp.uint32(0xFF)\n"
     "    {h} = ({h} ^ $b) * wp.uint32(16777619)",
     "hashes the four bytes of {k} with FNV-1a", "h: h hval; i: i byte_i; b: b octet", kLoop},
    {"hash_combine", Domain::Bits, "h: U hash, k: U key -> r: U hash",
     "{h} ^ ({k} + wp.uint32(0x9E3779B9) + ({h} << wp.uint32(6)) + ({h} >> wp.uint32(2)))",
     "combines {h} with {k}", "r: h seed_h"},
    {"knuth_hash", Domain::Bits, "i: I[0,1048575] linear index -> h: U hash",
     "wp.uint32({i}) * wp.uint32(2654435761)", "hashes {i} with Knuth's multiplicative hash", "h: h hval"},
    {"hash_cell", Domain::Bits, "c: V3I cell coordinate -> h: U hash",
     "(wp.uint32({c}[0]) * wp.uint32(73856093)) ^ (wp.uint32({c}[1]) * wp.uint32(19349663)) ^ "
     "(wp.uint32({c}[2]) * wp.uint32(83492791))",
     "hashes {c} with the Teschner spatial hash", "h: h cell_hash"},
    {"hash_bucket", Domain::Bits, "h: U hash, n: I[1,4096] # bucket count =1024 -> b: I[0,4095] bucket index",
     "int({h} % wp.uint32({n}))", "maps {h} to a bucket among {n}", "b: bucket slot"},
    {"hash_bucket_pow2", Domain::Bits, "h: U hash -> b: I[0,4095] bucket index", "int({h} & wp.uint32(4095))",
     "maps {h} to one of 4096 buckets with a mask", "b: bucket slot"},
    {"hash_to_unit", Domain::Bits, "h: U hash -> u: F01 uniform variate",
     "float({h} >> wp.uint32(8)) * (1.0 / 16777216.0)",
     "turns the top 24 bits of {h} into a number in [0, 1)", "u: u rnd"},
    {"key_from_index", Domain::Bits, "i: I[0,1048575] linear index, seed: I[0,100000] # seed =42 -> k: U key",
     "wp.uint32({i}) ^ (wp.uint32({seed}) << wp.uint32(20))", "makes a hash key from {i} and {seed}",
     "k: key k"},

    // ---- Morton codes
    {"morton2d_loop", Domain::Bits, "c: V2I[0,65535] cell coordinate -> code: U morton code",
     "{code} = wp.uint32(0)\n"
     "$x = wp.uint32({c}[0])\n"
     "$y = wp.uint32({c}[1])\n"
     "for $b in range(16):\n"
     "    $bit = wp.uint32($b)\n"
     "    {code} = {code} | ((($x >> $bit) & wp.uint32(1)) << (wp.uint32(2) * $bit))\n"
     "    {code} = {code} | ((($y >> $bit) & wp.uint32(1)) << (wp.uint32(2) * $bit + wp.uint32(1)))",
     "interleaves the bits of {c} into a 2D Morton code",
     "code: code morton; x: x ix; y: y iy; b: b k; bit: bit s", kLoop},
    {"morton2d_magic", Domain::Bits, "c: V2I[0,65535] cell coordinate -> code: U morton code",
     "$x = wp.uint32({c}[0]) & wp.uint32(0x0000FFFF)\n"
     "$x = ($x | ($x << wp.uint32(8))) & wp.uint32(0x00FF00FF)\n"
     "$x = ($x | ($x << wp.uint32(4))) & wp.uint32(0x0F0F0F0F)\n"
     "$x = ($x | ($x << wp.uint32(2))) & wp.uint32(0x33333333)\n"
     "$x = ($x | ($x << wp.uint32(1))) & wp.uint32(0x55555555)\n"
     "$y = wp.uint32({c}[1]) & wp.uint32(0x0000FFFF)\n"
     "$y = ($y | ($y << wp.uint32(8))) & wp.uint32(0x00FF00FF)\n"
     "$y = ($y | ($y << wp.uint32(4))) & wp.uint32(0x0F0F0F0F)\n"
     "$y = ($y | ($y << wp.uint32(2))) & wp.uint32(0x33333333)\n"
     "$y = ($y | ($y << wp.uint32(1))) & wp.uint32(0x55555555)\n"
     "{code} = $x | ($y << wp.uint32(1))",
     "interleaves the bits of {c} into a 2D Morton code with magic masks",
     "code: code morton; x: x ix; y: y iy"},
    {"morton3d_magic", Domain::Bits, "c: V3I[0,1023] cell coordinate -> code: U morton code",
     "$x = wp.uint32({c}[0])\n"
     "$x = ($x * wp.uint32(0x00010001)) & wp.uint32(0xFF0000FF)\n"
     "$x = ($x * wp.uint32(0x00000101)) & wp.uint32(0x0F00F00F)\n"
     "$x = ($x * wp.uint32(0x00000011)) & wp.uint32(0xC30C30C3)\n"
     "$x = ($x * wp.uint32(0x00000005)) & wp.uint32(0x49249249)\n"
     "$y = wp.uint32({c}[1])\n"
     "$y = ($y * wp.uint32(0x00010001)) & wp.uint32(0xFF0000FF)\n"
     "$y = ($y * wp.uint32(0x00000101)) & wp.uint32(0x0F00F00F)\n"
     "$y = ($y * wp.uint32(0x00000011)) & wp.uint32(0xC30C30C3)\n"
     "$y = ($y * wp.uint32(0x00000005)) & wp.uint32(0x49249249)\n"
     "$z = wp.uint32({c}[2])\n"
     "$z = ($z * wp.uint32(0x00010001)) & wp.uint32(0xFF0000FF)\n"
     "$z = ($z * wp.uint32(0x00000101)) & wp.uint32(0x0F00F00F)\n"
     "$z = ($z * wp.uint32(0x00000011)) & wp.uint32(0xC30C30C3)\n"
     "$z = ($z * wp.uint32(0x00000005)) & wp.uint32(0x49249249)\n"
     "{code} = ($x << wp.uint32(2)) | ($y << wp.uint32(1)) | $z",
     "computes the 30-bit Morton code of {c}", "code: code morton; x: xx ex; y: yy ey; z: zz ez", kHelper},
    {"morton3d_loop", Domain::Bits, "c: V3I[0,1023] cell coordinate -> code: U morton code",
     "{code} = wp.uint32(0)\n"
     "for $b in range(10):\n"
     "    $bit = wp.uint32($b)\n"
     "    {code} = {code} | (((wp.uint32({c}[0]) >> $bit) & wp.uint32(1)) << (wp.uint32(3) * $bit + "
     "wp.uint32(2)))\n"
     "    {code} = {code} | (((wp.uint32({c}[1]) >> $bit) & wp.uint32(1)) << (wp.uint32(3) * $bit + "
     "wp.uint32(1)))\n"
     "    {code} = {code} | (((wp.uint32({c}[2]) >> $bit) & wp.uint32(1)) << (wp.uint32(3) * $bit))",
     "interleaves the bits of {c} into a 3D Morton code", "code: code morton; b: b k; bit: bit s", kLoop},
    {"morton2d_decode", Domain::Bits, "code: U morton code -> c: V2I[0,65535] cell coordinate",
     "$x = {code} & wp.uint32(0x55555555)\n"
     "$x = ($x | ($x >> wp.uint32(1))) & wp.uint32(0x33333333)\n"
     "$x = ($x | ($x >> wp.uint32(2))) & wp.uint32(0x0F0F0F0F)\n"
     "$x = ($x | ($x >> wp.uint32(4))) & wp.uint32(0x00FF00FF)\n"
     "$x = ($x | ($x >> wp.uint32(8))) & wp.uint32(0x0000FFFF)\n"
     "$y = ({code} >> wp.uint32(1)) & wp.uint32(0x55555555)\n"
     "$y = ($y | ($y >> wp.uint32(1))) & wp.uint32(0x33333333)\n"
     "$y = ($y | ($y >> wp.uint32(2))) & wp.uint32(0x0F0F0F0F)\n"
     "$y = ($y | ($y >> wp.uint32(4))) & wp.uint32(0x00FF00FF)\n"
     "$y = ($y | ($y >> wp.uint32(8))) & wp.uint32(0x0000FFFF)\n"
     "{c} = wp.vec2i(int($x), int($y))",
     "decodes the 2D cell of {code}", "c: cell ij; x: x ix; y: y iy"},

    // ---- bit counting, reversal, single bits
    {"popcount_builtin", Domain::Bits, "m: U bit mask -> n: I[0,32] bit count", "wp.bit_count({m})",
     "counts the set bits of {m}", "n: nbits count"},
    {"popcount_swar", Domain::Bits, "m: U bit mask -> n: I[0,32] bit count",
     "$v = {m} - (({m} >> wp.uint32(1)) & wp.uint32(0x55555555))\n"
     "$v = ($v & wp.uint32(0x33333333)) + (($v >> wp.uint32(2)) & wp.uint32(0x33333333))\n"
     "$v = ($v + ($v >> wp.uint32(4))) & wp.uint32(0x0F0F0F0F)\n"
     "{n} = int(($v * wp.uint32(0x01010101)) >> wp.uint32(24))",
     "counts the set bits of {m} with parallel bit sums", "n: nbits count; v: v acc"},
    {"popcount_loop", Domain::Bits, "m: U bit mask -> n: I[0,32] bit count",
     "{n} = int(0)\n"
     "$v = {m}\n"
     "for _ in range(32):\n"
     "    {n} += int($v & wp.uint32(1))\n"
     "    $v = $v >> wp.uint32(1)",
     "counts the set bits of {m} one at a time", "n: nbits count; v: v rest", kLoop},
    {"reverse_bits32", Domain::Bits, "x: U bit mask -> r: U ^x",
     "{r} = (({x} >> wp.uint32(1)) & wp.uint32(0x55555555)) | (({x} & wp.uint32(0x55555555)) << "
     "wp.uint32(1))\n"
     "{r} = (({r} >> wp.uint32(2)) & wp.uint32(0x33333333)) | (({r} & wp.uint32(0x33333333)) << "
     "wp.uint32(2))\n"
     "{r} = (({r} >> wp.uint32(4)) & wp.uint32(0x0F0F0F0F)) | (({r} & wp.uint32(0x0F0F0F0F)) << "
     "wp.uint32(4))\n"
     "{r} = (({r} >> wp.uint32(8)) & wp.uint32(0x00FF00FF)) | (({r} & wp.uint32(0x00FF00FF)) << "
     "wp.uint32(8))\n"
     "{r} = ({r} >> wp.uint32(16)) | ({r} << wp.uint32(16))",
     "reverses the bit order of {x}", "r: rev reversed"},
    {"radical_inverse", Domain::Bits, "i: I[0,1048575] linear index -> u: F01 uniform variate",
     "$r = wp.uint32({i})\n"
     "$r = ($r << wp.uint32(16)) | ($r >> wp.uint32(16))\n"
     "$r = (($r & wp.uint32(0x55555555)) << wp.uint32(1)) | (($r & wp.uint32(0xAAAAAAAA)) >> wp.uint32(1))\n"
     "$r = (($r & wp.uint32(0x33333333)) << wp.uint32(2)) | (($r & wp.uint32(0xCCCCCCCC)) >> wp.uint32(2))\n"
     "$r = (($r & wp.uint32(0x0F0F0F0F)) << wp.uint32(4)) | (($r & wp.uint32(0xF0F0F0F0)) >> wp.uint32(4))\n"
     "$r = (($r & wp.uint32(0x00FF00FF)) << wp.uint32(8)) | (($r & wp.uint32(0xFF00FF00)) >> wp.uint32(8))\n"
     "{u} = float($r >> wp.uint32(8)) / 16777216.0",
     "computes the base-2 radical inverse of {i} (a Hammersley coordinate)", "u: u radical; r: bits rev"},
    {"lowest_set_bit", Domain::Bits, "m: U bit mask -> b: U single bit", "{m} & (~{m} + wp.uint32(1))",
     "isolates the lowest set bit of {m}", "b: low lsb"},
    {"clear_lowest_bit", Domain::Bits, "m: U bit mask -> r: U ^m", "{m} & ({m} - wp.uint32(1))",
     "clears the lowest set bit of {m}", "r: rest m_next"},
    {"test_bit", Domain::Bits, "m: U bit mask, b: I[0,31] bit position -> c: B condition",
     "(({m} >> wp.uint32({b})) & wp.uint32(1)) != wp.uint32(0)", "tests whether the bit of {m} at {b} is set",
     "c: is_set has_bit", kPredicate},
    {"set_bit", Domain::Bits, "m: U bit mask, b: I[0,31] bit position -> r: U ^m",
     "{m} | (wp.uint32(1) << wp.uint32({b}))", "sets the bit of {m} at {b}", "r: m_set flags"},
    {"clear_bit", Domain::Bits, "m: U bit mask, b: I[0,31] bit position -> r: U ^m",
     "{m} & ~(wp.uint32(1) << wp.uint32({b}))", "clears the bit of {m} at {b}", "r: m_clr flags"},
    {"toggle_bit", Domain::Bits, "m: U bit mask, b: I[0,31] bit position -> r: U ^m",
     "{m} ^ (wp.uint32(1) << wp.uint32({b}))", "flips the bit of {m} at {b}", "r: m_flip flags"},
    {"parity_fold", Domain::Bits, "m: U bit mask -> p: I[0,1] parity",
     "$v = {m} ^ ({m} >> wp.uint32(16))\n"
     "$v = $v ^ ($v >> wp.uint32(8))\n"
     "$v = $v ^ ($v >> wp.uint32(4))\n"
     "{p} = int((wp.uint32(0x6996) >> ($v & wp.uint32(0xF))) & wp.uint32(1))",
     "computes the parity of the set bits of {m}", "p: parity odd; v: v fold"},
    {"floor_log2_branch", Domain::Bits, "x: U bit mask -> n: I[0,31] bit position",
     "{n} = 0\n"
     "$v = {x}\n"
     "if $v >= wp.uint32(65536):\n"
     "    $v = $v >> wp.uint32(16)\n"
     "    {n} += 16\n"
     "if $v >= wp.uint32(256):\n"
     "    $v = $v >> wp.uint32(8)\n"
     "    {n} += 8\n"
     "if $v >= wp.uint32(16):\n"
     "    $v = $v >> wp.uint32(4)\n"
     "    {n} += 4\n"
     "if $v >= wp.uint32(4):\n"
     "    $v = $v >> wp.uint32(2)\n"
     "    {n} += 2\n"
     "if $v >= wp.uint32(2):\n"
     "    {n} += 1",
     "finds the index of the highest set bit of {x} by binary search", "n: msb level; v: v rest", kBranch},
    {"floor_log2_float", Domain::Bits, "n: I[1,1048576] size -> l: I[0,20] bit position",
     "int(wp.log2(float({n})))", "takes the integer base-2 logarithm of {n}", "l: level log_n"},
    {"mip_levels", Domain::Bits, "n: I[1,1048576] size -> l: I[1,21] count",
     "int(wp.floor(wp.log2(float({n})))) + 1", "counts the mip levels of a texture of {n} texels a side",
     "l: levels n_mips"},

    // ---- powers of two and rounding
    {"is_power_of_two", Domain::Bits, "n: I[0,256] size -> c: B condition",
     "{n} > 0 and ({n} & ({n} - 1)) == 0", "tests whether {n} is a power of two", "c: is_pow2 pow2",
     kPredicate},
    {"next_power_of_two", Domain::Bits, "n: U[1,1073741824] size -> p: U[1,1073741824] size",
     "{p} = {n} - wp.uint32(1)\n"
     "{p} = {p} | ({p} >> wp.uint32(1))\n"
     "{p} = {p} | ({p} >> wp.uint32(2))\n"
     "{p} = {p} | ({p} >> wp.uint32(4))\n"
     "{p} = {p} | ({p} >> wp.uint32(8))\n"
     "{p} = {p} | ({p} >> wp.uint32(16))\n"
     "{p} = {p} + wp.uint32(1)",
     "rounds {n} up to a power of two", "p: cap pow2"},
    {"align_up", Domain::Bits, "n: I[0,1048576] size -> a: I[0,1048832] size", "({n} + 255) & ~255",
     "rounds {n} up to a multiple of 256", "a: aligned padded"},
    {"round_up_multiple", Domain::Bits,
     "n: I[0,1048576] size, m: I[1,256] # tile size =32 -> r: I[0,1048832] size",
     "(({n} + {m} - 1) // {m}) * {m}", "rounds {n} up to a multiple of {m}", "r: padded rounded"},
    {"ceil_div", Domain::Bits, "n: I[0,1048576] size, m: I[1,256] # tile size =64 -> r: I[0,1048576] count",
     "({n} + {m} - 1) // {m}", "counts the tiles of {m} needed to cover {n}", "r: num_blocks n_tiles"},

    // ---- packing
    {"pack_rgba8", Domain::Bits, "c: V4 float color -> p: U packed word",
     "$r = wp.uint32(wp.uint8(wp.clamp({c}[0], 0.0, 1.0) * 255.0 + 0.5))\n"
     "$g = wp.uint32(wp.uint8(wp.clamp({c}[1], 0.0, 1.0) * 255.0 + 0.5))\n"
     "$b = wp.uint32(wp.uint8(wp.clamp({c}[2], 0.0, 1.0) * 255.0 + 0.5))\n"
     "$a = wp.uint32(wp.uint8(wp.clamp({c}[3], 0.0, 1.0) * 255.0 + 0.5))\n"
     "{p} = $r | ($g << wp.uint32(8)) | ($b << wp.uint32(16)) | ($a << wp.uint32(24))",
     "packs {c} into an RGBA8 word", "p: packed rgba; r: r8 red; g: g8 green; b: b8 blue; a: a8 alpha"},
    {"unpack_rgba8", Domain::Bits, "p: U packed word -> c: V4 float color",
     "wp.vec4(float({p} & wp.uint32(0xFF)), float(({p} >> wp.uint32(8)) & wp.uint32(0xFF)), "
     "float(({p} >> wp.uint32(16)) & wp.uint32(0xFF)), float({p} >> wp.uint32(24))) / 255.0",
     "unpacks {p} from RGBA8 into a color", "c: rgba color"},
    {"pack_bytes", Domain::Bits,
     "b0: I[0,255] byte, b1: I[0,255] byte, b2: I[0,255] byte, b3: I[0,255] byte -> w: U packed word",
     "wp.uint32({b0}) | (wp.uint32({b1}) << wp.uint32(8)) | (wp.uint32({b2}) << wp.uint32(16)) | "
     "(wp.uint32({b3}) << wp.uint32(24))",
     "packs {b0}, {b1}, {b2} and {b3} into a word, lowest first", "w: word packed"},
    {"extract_byte", Domain::Bits, "w: U packed word, k: I[0,3] # index =1 -> b: I[0,255] byte",
     "int(({w} >> wp.uint32(8 * {k})) & wp.uint32(0xFF))", "extracts the byte of {w} at {k}", "b: b byte"},
    {"low_byte_cast", Domain::Bits, "w: U packed word -> b: I[0,255] byte", "int(wp.uint8({w}))",
     "truncates {w} to its low byte", "b: lo8 byte"},
    {"pack_half_words", Domain::Bits,
     "hi: I[0,65535] half word, lo: I[0,65535] half word -> w: U packed word",
     "(wp.uint32({hi}) << wp.uint32(16)) | wp.uint32({lo})", "packs {hi} and {lo} into one word",
     "w: word packed"},
    {"unpack_half_words", Domain::Bits,
     "w: U packed word -> hi: I[0,65535] half word, lo: I[0,65535] half word",
     "{hi} = int({w} >> wp.uint32(16))\n"
     "{lo} = int({w} & wp.uint32(0xFFFF))",
     "splits {w} into its high and low half-words", "hi: hi upper; lo: lo lower"},
    {"sign_extend_16", Domain::Bits, "v: I[0,65535] half word -> s: I[-32768,32767] signed index",
     "(({v} & 0xFFFF) ^ 0x8000) - 0x8000", "sign-extends {v} from 16 bits", "s: sval s16"},
    {"byte_checksum", Domain::Bits, "w: U packed word -> s: I[0,255] byte",
     "$total = wp.uint8({w}) + wp.uint8({w} >> wp.uint32(8)) + wp.uint8({w} >> wp.uint32(16)) + wp.uint8({w} "
     ">> wp.uint32(24))\n"
     "{s} = int($total)",
     "sums the four bytes of {w} modulo 256", "s: checksum csum; total: total8 acc8"},

    // ---- fixed point (16.16)
    {"to_fixed16", Domain::Bits, "x: F~15 value -> q: I[-983040,983040] fixed-point value",
     "int(wp.round({x} * 65536.0))", "converts {x} to 16.16 fixed point", "q: fx q16"},
    {"from_fixed16", Domain::Bits, "q: I[-1048576,1048576] fixed-point value -> x: F~16 value",
     "float({q}) / 65536.0", "converts {q} from 16.16 fixed point to a float", "x: x val"},
    {"fixed_mul", Domain::Bits,
     "a: I[-1048576,1048576] fixed-point value, b: I[-1048576,1048576] fixed-point value "
     "-> p: I[-16777216,16777216] fixed-point value",
     "int((wp.int64({a}) * wp.int64({b})) >> wp.int64(16))", "multiplies {a} and {b} in 16.16 fixed point",
     "p: prod fx"},
    {"fixed_lerp", Domain::Bits,
     "a: I[-1048576,1048576] fixed-point value, b: I[-1048576,1048576] fixed-point value, t: I[0,256] byte "
     "-> r: I[-1048576,1048576] fixed-point value",
     "{a} + ((({b} - {a}) * {t}) >> 8)", "blends {a} toward {b} by {t} in 256ths, in fixed point",
     "r: mixed fx"},

    // ---- index arithmetic
    {"flatten_2d", Domain::Bits,
     "c: V2I[0,1023] cell coordinate, w: I[1,1024] # row width =256 -> i: I[0,1048575] linear index",
     "{c}[1] * {w} + {c}[0]", "flattens {c} to a linear index in rows of {w}", "i: idx flat"},
    {"unflatten_2d", Domain::Bits,
     "i: I[0,1048575] linear index, w: I[1,1024] # row width =256 -> c: V2I[0,1048575] cell coordinate",
     "wp.vec2i({i} % {w}, {i} // {w})", "splits {i} into a column and a row in rows of {w}", "c: ij cell"},
    {"flatten_3d", Domain::Bits,
     "c: V3I[0,63] cell coordinate, nx: I[1,64] # cells per axis =32, ny: I[1,64] # cells per axis =32 "
     "-> i: I[0,266304] linear index",
     "({c}[2] * {ny} + {c}[1]) * {nx} + {c}[0]", "flattens {c} to a linear index on a grid of {nx} by {ny}",
     "i: idx flat"},
    {"unflatten_3d", Domain::Bits,
     "i: I[0,1048575] linear index, nx: I[1,64] # cells per axis =32, ny: I[1,64] # cells per axis =32 "
     "-> c: V3I[0,1048575] cell coordinate",
     "$x = {i} % {nx}\n"
     "$y = ({i} // {nx}) % {ny}\n"
     "$z = {i} // ({nx} * {ny})\n"
     "{c} = wp.vec3i($x, $y, $z)",
     "splits {i} into a 3D cell of a grid of {nx} by {ny}", "c: ijk cell; x: ix x; y: iy y; z: iz z"},
    {"wrap_index", Domain::Bits,
     "i: I[-1024,2047] signed index, n: I[1,1024] # row width =64 -> j: I[0,1023] linear index",
     "({i} % {n} + {n}) % {n}", "wraps {i} periodically into a range of {n}", "j: wrapped j"},
    {"clamp_index_minmax", Domain::Bits,
     "i: I[-1024,2047] signed index, n: I[1,1024] # row width =64 -> j: I[0,1023] linear index",
     "min(max({i}, 0), {n} - 1)", "clamps {i} into a range of {n}", "j: clamped j"},
    {"reflect_index", Domain::Bits,
     "i: I[-1023,2046] signed index, n: I[1024,1024] # row width =1024 -> j: I[0,1023] linear index",
     "{n} - 1 - abs({n} - 1 - abs({i}))", "reflects {i} at the ends of a range of {n}", "j: mirrored j"},
    {"tile_split", Domain::Bits,
     "i: I[0,1048575] linear index, t: I[1,256] # tile size =32 -> tile: I[0,1048575] linear index, lane: "
     "I[0,255] linear index",
     "{tile} = {i} // {t}\n"
     "{lane} = {i} % {t}",
     "splits {i} into a tile of {t} and a lane inside it", "tile: tile block_id; lane: lane local"},
    {"tile_of_cell", Domain::Bits,
     "c: V2I[0,1023] cell coordinate, t: I[1,16] # tile size =8 -> b: V2I[0,1023] cell coordinate",
     "wp.vec2i({c}[0] // {t}, {c}[1] // {t})", "finds the tile of {c} for tiles of {t}", "b: tile block"},
    {"strided_offset", Domain::Bits,
     "base: I[0,65536] linear index, i: I[0,1023] linear index, s: I[1,256] # row width =4 -> o: I[0,327424] "
     "linear index",
     "{base} + {i} * {s}", "offsets {base} by {i} times {s}", "o: offset addr"},
    {"checkerboard_parity", Domain::Bits, "c: V3I[0,1048575] cell coordinate -> p: I[0,1] parity",
     "({c}[0] + {c}[1] + {c}[2]) & 1", "computes the red-black color of {c}", "p: color parity"},
    {"is_red_cell", Domain::Bits,
     "c: V2I[0,1048575] cell coordinate, phase: I[0,1] # parity =0 -> r: B condition",
     "({c}[0] + {c}[1]) % 2 == {phase}", "tests whether {c} belongs to the red-black sweep of {phase}",
     "r: is_red active", kPredicate},

    // ---- grid cells from positions
    {"cell_of_position", Domain::Bits,
     "p: V3~100 position, origin: V3 # grid origin =wp.vec3(-1.0, -1.0, -1.0), h: F+ # grid spacing =0.1, "
     "n: I[1,64] # cells per axis =32 -> c: V3I[0,63] cell coordinate",
     "$q = ({p} - {origin}) / {h}\n"
     "{c} = wp.vec3i(wp.clamp(int(wp.floor($q[0])), 0, {n} - 1), wp.clamp(int(wp.floor($q[1])), 0, {n} - 1), "
     "wp.clamp(int(wp.floor($q[2])), 0, {n} - 1))",
     "finds the grid cell of {p}, clamped to the grid", "c: cell ijk; q: q local"},
    {"cell_of_position_2d", Domain::Bits,
     "p: V2~100 value, h: F+ # grid spacing =0.1, n: I[1,64] # cells per axis =32 -> c: V2I[0,63] cell "
     "coordinate",
     "$ix = int(wp.floor({p}[0] / {h}))\n"
     "$iy = int(wp.floor({p}[1] / {h}))\n"
     "{c} = wp.vec2i(min(max($ix, 0), {n} - 1), min(max($iy, 0), {n} - 1))",
     "finds the 2D cell of {p}, clamped to the grid", "c: cell ij; ix: ix cx; iy: iy cy"},
    {"cell_center", Domain::Bits,
     "c: V3I[-1048576,1048576] cell coordinate, origin: V3 # grid origin =wp.vec3(-1.0, -1.0, -1.0), h: F+ # "
     "grid spacing =0.1 "
     "-> p: V3~c*h+origin+h position",
     "{origin} + (wp.vec3(float({c}[0]), float({c}[1]), float({c}[2])) + wp.vec3(0.5)) * {h}",
     "computes the center of {c}", "p: center x_c"},
    {"cell_in_grid", Domain::Bits,
     "c: V3I cell coordinate, n: I[1,64] # cells per axis =32 -> r: B condition",
     "{c}[0] >= 0 and {c}[0] < {n} and {c}[1] >= 0 and {c}[1] < {n} and {c}[2] >= 0 and {c}[2] < {n}",
     "tests whether {c} lies inside the grid", "r: inside valid", kPredicate},
    {"neighbor_cell", Domain::Bits,
     "c: V3I[0,63] cell coordinate, k: I[0,26] # index =14 -> d: V3I[-1,64] cell coordinate",
     "$o = wp.vec3i({k} % 3 - 1, ({k} // 3) % 3 - 1, {k} // 9 - 1)\n"
     "{d} = {c} + $o",
     "steps from {c} to the neighbour cell numbered {k}, which may lie outside the grid",
     "d: nbr ncell; o: off offset"},

    // ---- int64 keys
    {"combine_ids64", Domain::Bits, "a: I[0,1000000] id, b: I[0,1000000] id -> k: L sort key",
     "(wp.int64({a}) << wp.int64(32)) | wp.int64({b})", "packs {a} and {b} into one 64-bit key",
     "k: key64 pair_key"},
    {"split_key64", Domain::Bits, "k: L sort key -> hi: I[0,2147483647] id, lo: I[0,2147483647] id",
     "{hi} = int({k} >> wp.int64(32))\n"
     "{lo} = int({k} & wp.int64(0x7FFFFFFF))",
     "splits {k} into its two 32-bit halves", "hi: hi first; lo: lo second"},
    {"morton_sort_key", Domain::Bits, "code: U morton code, i: I[0,1048575] linear index -> k: L sort key",
     "(wp.int64({code}) << wp.int64(32)) | wp.int64({i})",
     "makes a sort key of {code} that keeps {i} with it", "k: sort_key key64"},
    {"depth_sort_key", Domain::Bits, "cell: I[0,1048575] linear index, d: F01 value -> k: L sort key",
     "(wp.int64({cell}) << wp.int64(32)) | wp.int64(wp.clamp({d}, 0.0, 1.0) * 16777215.0)",
     "makes a sort key ordered by {cell}, then by {d} as a depth", "k: sort_key key64"},
};

} // namespace
} // namespace bits_data

std::span<const IdiomSpec> bits_idioms() {
    return bits_data::kBits;
}

std::span<const RoleSpec> bits_roles() {
    return bits_data::kRoles;
}

} // namespace ws::synth
