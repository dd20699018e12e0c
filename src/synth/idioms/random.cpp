// Random sampling and Monte Carlo with Warp's RNG (grammar in src/synth/idiom.h).
// An input of role "rng state" is the thread's state from wp.rand_init, made
// by the kernel's pattern; Warp's RNG returns float32, so these are float32 only.
#include "synth/library.h"
#include "synth/roles.h"

namespace ws::synth {

namespace {

constexpr RoleSpec kRoles[] = {
    {"standard deviation", "scale", 0.05, 1.0, "sigma std noise_std", "sigmas"},
    {"mean", "offset", -0.5, 0.5, "mu mean", "means"},
    {"probability threshold", "fraction", 0.1, 0.9, "p keep_prob p_drop", "probs"},
};

constexpr IdiomSpec kRandomIdioms[] = {
    {"uniform_sample", Domain::Random,
     "state: U rng state, lo: F # lower bound =-1.0, hi: F # upper bound =1.0 -> x: F~lo+hi value",
     "wp.randf({state}, {lo}, {hi})", "draws a uniform sample between {lo} and {hi}", "x: sample u r",
     kRandom | kF32Only},
    {"gaussian_sample", Domain::Random,
     "state: U rng state, mu: F # mean =0.0, sigma: F+ # standard deviation =0.1 -> x: F~mu+sigma*5 value",
     "{mu} + {sigma} * wp.randn({state})", "draws a normal sample with mean {mu} and deviation {sigma}",
     "x: noise sample", kRandom | kF32Only},
    {"jitter_value", Domain::Random,
     "x: F value, state: U rng state, sigma: F+ # standard deviation =0.1 -> y: F~x+sigma*5 ^x",
     "{x} + {sigma} * wp.randn({state})", "adds Gaussian noise of deviation {sigma} to {x}", "y: noisy jittered",
     kRandom | kF32Only},
    {"jitter_position", Domain::Random,
     "p: V3 position, state: U rng state, r: F+ # radius =0.05 -> q: V3~p+r position",
     "{p} + {r} * wp.sample_unit_sphere({state})", "jitters {p} by a random offset within {r}",
     "q: jittered p_jit", kRandom | kF32Only},
    {"sphere_direction", Domain::Random, "state: U rng state -> d: V3u~1 direction",
     "wp.sample_unit_sphere_surface({state})", "draws a random direction", "d: dir d", kRandom | kF32Only},
    {"disk_point", Domain::Random, "state: U rng state, r: F+ # radius =1.0 -> p: V2~r value",
     "{r} * wp.sample_unit_disk({state})", "draws a random point in a disk of {r}", "p: p_disk",
     kRandom | kF32Only},
    {"dropout_mask", Domain::Random, "x: F value, state: U rng state, p: F01 # probability threshold =0.5 -> y: F~x*2 ^x",
     "{y} = 0.0\n"
     "if wp.randf({state}) < {p}:\n"
     "    {y} = {x} / {p}",
     "applies inverted dropout with keep probability {p} to {x}", "y: dropped kept", kRandom | kF32Only | kBranch},
    {"coin_flip", Domain::Random, "state: U rng state, p: F01 # probability threshold =0.5 -> c: B condition",
     "wp.randf({state}) < {p}", "flips a coin that lands heads with probability {p}", "c: heads hit",
     kRandom | kF32Only | kPredicate},
    {"unit_square_in_circle", Domain::Random, "state: U rng state -> w: F01 weight",
     "$p = wp.sample_unit_square({state})\n"
     "{w} = 0.0\n"
     "if wp.length($p) <= 1.0:\n"
     "    {w} = 1.0",
     "tests whether a random point of the unit square falls in the unit circle", "w: inside hit; p: p pt",
     kRandom | kF32Only | kBranch},
    {"random_index", Domain::Random, "state: U rng state, n: I[1,64] # count =16 -> k: I[0,63] index",
     "wp.randi({state}, 0, {n})", "draws a random index below {n}", "k: pick idx", kRandom | kF32Only},
};

} // namespace

std::span<const IdiomSpec> random_idioms() {
    return kRandomIdioms;
}

std::span<const RoleSpec> random_roles() {
    return kRoles;
}

} // namespace ws::synth
