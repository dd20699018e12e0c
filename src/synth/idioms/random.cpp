// Random sampling and Monte Carlo with Warp's RNG (grammar in src/synth/idiom.h).
// An input of role "rng state" is the thread's state from wp.rand_init, made
// by the kernel's pattern; Warp's RNG returns float32, so these are float32 only.
#include "synth/library.h"
#include "synth/roles.h"

namespace ws::synth {

namespace random_data {
namespace {

constexpr RoleSpec kRoles[] = {
    {"standard deviation", "scale", 0.05, 1.0, "sigma std noise_std", "sigmas"},
    {"mean", "offset", -0.5, 0.5, "mu mean", "means"},
    {"probability threshold", "fraction", 0.1, 0.9, "p keep_prob p_drop", "probs"},
    {"rate", "rate", 0.5, 4.0, "rate lam", "rates"},
    {"stratum", "stratum", 0.0, 63.0, "stratum k", "strata"},
    {"stratum count", "stratum count", 64.0, 256.0, "n_strata num_strata", "strata_counts"},
    {"probability density", "probability density", 0.1, 2.0, "pdf p_x", "pdfs"},
    {"throughput", "throughput", 0.0, 1.0, "throughput beta", "throughputs"},
    {"weight sum", "weight sum", 0.0, 10.0, "w_sum wsum", "weight_sums"},
    {"step length", "distance", 0.01, 0.1, "step_len h", "step_lengths"},
    {"inner radius", "radius", 0.1, 0.5, "r_inner r0", "inner_radii"},
    {"outer radius", "radius", 0.6, 1.0, "r_outer r1", "outer_radii"},
    {"sample point", "sample point", 0.0, 1.0, "xi uv", "samples sample_pts"},
    {"exploration rate", "exploration rate", 0.01, 0.3, "epsilon eps", "epsilons"},
    {"anisotropy", "anisotropy", 0.1, 0.9, "g aniso", "anisotropies"},
    {"scattering cosine", "scattering cosine", -1.0, 1.0, "cos_theta mu_s", "cosines"},
    {"extinction coefficient", "extinction coefficient", 0.5, 4.0, "sigma_t extinction", "sigma_t"},
};

constexpr IdiomSpec kRandomIdioms[] = {
    {"uniform_sample", Domain::Random,
     "state: U rng state, lo: F # lower bound =-1.0, hi: F # upper bound =1.0 -> x: F~lo+hi value",
     "wp.randf({state}, {lo}, {hi})", "draws a uniform sample between {lo} and {hi}", "x: sample u r",
     kRandom | kF32Only},
    {"gaussian_sample", Domain::Random,
     "state: U rng state, mu: F # mean =0.0, sigma: F+ # standard deviation =0.1 -> x: F~mu+sigma*5 value",
     "{mu} + {sigma} * wp.randn({state})", "draws a normal sample with {mu} and {sigma}", "x: noise sample",
     kRandom | kF32Only},
    {"jitter_value", Domain::Random,
     "x: F value, state: U rng state, sigma: F+ # standard deviation =0.1 -> y: F~x+sigma*5 ^x",
     "{x} + {sigma} * wp.randn({state})", "adds Gaussian noise scaled by {sigma} to {x}", "y: noisy jittered",
     kRandom | kF32Only},
    {"jitter_position", Domain::Random,
     "p: V3 position, state: U rng state, r: F+ # radius =0.05 -> q: V3~p+r position",
     "{p} + {r} * wp.sample_unit_sphere({state})", "jitters {p} by a random offset within {r}",
     "q: jittered p_jit", kRandom | kF32Only},
    {"sphere_direction", Domain::Random, "state: U rng state -> d: V3u~1 direction",
     "wp.sample_unit_sphere_surface({state})", "draws a random direction", "d: d_rand direction",
     kRandom | kF32Only},
    {"disk_point", Domain::Random, "state: U rng state, r: F+ # radius =0.5 -> p: V2~r value",
     "{r} * wp.sample_unit_disk({state})", "draws a random point in a disk of {r}", "p: p_disk",
     kRandom | kF32Only},
    {"dropout_mask", Domain::Random,
     "x: F value, state: U rng state, p: F01 # probability threshold =0.5 -> y: Fz~x*2 ^x",
     "{y} = 0.0\n"
     "if wp.randf({state}) < {p}:\n"
     "    {y} = {x} / {p}",
     "applies inverted dropout to {x}, keeping it with {p}", "y: dropped kept", kRandom | kF32Only | kBranch},
    {"coin_flip", Domain::Random, "state: U rng state, p: F01 # probability threshold =0.5 -> c: B condition",
     "wp.randf({state}) < {p}", "flips a coin that lands heads with {p}", "c: heads hit",
     kRandom | kF32Only | kPredicate},
    {"unit_square_in_circle", Domain::Random, "state: U rng state -> w: F01 weight",
     "$p = wp.sample_unit_square({state})\n"
     "{w} = 0.0\n"
     "if wp.length($p) <= 0.5:\n"
     "    {w} = 1.0",
     "tests whether a random point of the unit square falls in its inscribed circle",
     "w: inside hit; p: p pt", kRandom | kF32Only | kBranch},
    {"random_index", Domain::Random, "state: U rng state, n: I[1,64] # count =16 -> k: I[0,63] index",
     "wp.randi({state}, 0, {n})", "draws a random index below {n}", "k: pick idx", kRandom | kF32Only},

    // ---- directions and points
    {"cosine_hemisphere_disk", Domain::Random, "state: U rng state -> d: V3u~1 direction",
     "$p = wp.sample_unit_disk({state})\n"
     "{d} = wp.vec3($p[0], $p[1], wp.sqrt(wp.max(1.0 - $p[0] * $p[0] - $p[1] * $p[1], 0.0)))",
     "draws a cosine-weighted direction about +z by lifting a disk sample", "d: wi w_dir; p: p_disk xy",
     kRandom | kF32Only},
    {"cosine_hemisphere_polar", Domain::Random, "state: U rng state -> d: V3u~1 direction",
     "$u1 = wp.randf({state})\n"
     "$u2 = wp.randf({state})\n"
     "$r = wp.sqrt($u1)\n"
     "$phi = 6.28318531 * $u2\n"
     "{d} = wp.vec3($r * wp.cos($phi), $r * wp.sin($phi), wp.sqrt(1.0 - $u1))",
     "draws a cosine-weighted direction about +z from two uniform numbers",
     "d: wi w_dir; u1: u1 xi1; u2: u2 xi2; r: r rad; phi: phi angle", kRandom | kF32Only},
    {"cosine_about_normal", Domain::Random, "n: V3u normal, state: U rng state -> d: V3u~1 direction",
     "wp.normalize({n} + wp.sample_unit_sphere_surface({state}))",
     "draws a cosine-weighted direction about {n} by offsetting it with a random unit vector",
     "d: scatter_dir wi", kRandom | kF32Only},
    {"hemisphere_flip", Domain::Random, "n: V3u normal, state: U rng state -> d: V3u~1 direction",
     "{d} = wp.sample_unit_sphere_surface({state})\n"
     "if wp.dot({d}, {n}) < 0.0:\n"
     "    {d} = -{d}",
     "draws a uniform direction in the hemisphere about {n}", "d: wi w_dir", kRandom | kF32Only | kBranch},
    {"hemisphere_builtin", Domain::Random, "state: U rng state -> d: V3u~1 direction",
     "wp.sample_unit_hemisphere_surface({state})", "draws a uniform direction in the upper hemisphere",
     "d: wi w_dir", kRandom | kF32Only},
    {"henyey_greenstein_cos", Domain::Random,
     "g: F+ # anisotropy =0.6, state: U rng state -> mu: F~1 scattering cosine",
     "$xi = wp.randf({state})\n"
     "$s = (1.0 - {g} * {g}) / (1.0 - {g} + 2.0 * {g} * $xi)\n"
     "{mu} = wp.clamp((1.0 + {g} * {g} - $s * $s) / (2.0 * {g}), -1.0, 1.0)",
     "samples the scattering cosine of a Henyey-Greenstein phase function with {g}",
     "mu: cos_theta mu_s; xi: xi u; s: s term", kRandom | kF32Only},
    {"triangle_point", Domain::Random,
     "a: V3 position, b: V3 position, c: V3 position, state: U rng state -> p: V3~a+b+c position",
     "$r1 = wp.sqrt(wp.randf({state}))\n"
     "$r2 = wp.randf({state})\n"
     "{p} = (1.0 - $r1) * {a} + $r1 * (1.0 - $r2) * {b} + $r1 * $r2 * {c}",
     "draws a uniform point in the triangle of {a}, {b} and {c}", "p: p_tri sample_p; r1: r1 su; r2: r2 sv",
     kRandom | kF32Only},
    {"triangle_point_builtin", Domain::Random,
     "a: V3 position, b: V3 position, c: V3 position, state: U rng state -> p: V3~a+b+c position",
     "$uv = wp.sample_triangle({state})\n"
     "{p} = $uv[0] * {a} + $uv[1] * {b} + (1.0 - $uv[0] - $uv[1]) * {c}",
     "draws a uniform point in the triangle of {a}, {b} and {c} from barycentric coordinates",
     "p: p_tri sample_p; uv: bary uv", kRandom | kF32Only},
    {"annulus_point", Domain::Random,
     "r0: F+ # inner radius =0.5, r1: F+ # outer radius =1.0, state: U rng state -> p: V2~r0+r1 value",
     "$r = wp.sqrt({r0} * {r0} + wp.randf({state}) * ({r1} * {r1} - {r0} * {r0}))\n"
     "{p} = $r * wp.sample_unit_ring({state})",
     "draws a uniform point in the ring between {r0} and {r1}", "p: p_ring pt; r: r rad", kRandom | kF32Only},
    {"box_point", Domain::Random,
     "lo: F # lower bound =-1.0, hi: F # upper bound =1.0, state: U rng state -> p: V3~lo+hi position",
     "wp.vec3(wp.randf({state}, {lo}, {hi}), wp.randf({state}, {lo}, {hi}), wp.randf({state}, {lo}, {hi}))",
     "draws a uniform point in the cube between {lo} and {hi}", "p: p_box x0", kRandom | kF32Only},
    {"cube_jitter", Domain::Random,
     "x: V3 position, h: F+ # step length =0.05, state: U rng state -> y: V3~x+h position",
     "{x} + {h} * wp.sample_unit_cube({state})", "jitters {x} uniformly by up to half of {h} along each axis",
     "y: x_jit jittered", kRandom | kF32Only},
    {"random_unit_quaternion", Domain::Random, "state: U rng state -> q: Qu~1 quaternion",
     "$u1 = wp.randf({state})\n"
     "$u2 = 6.28318531 * wp.randf({state})\n"
     "$u3 = 6.28318531 * wp.randf({state})\n"
     "$a = wp.sqrt(1.0 - $u1)\n"
     "$b = wp.sqrt($u1)\n"
     "{q} = wp.quat($a * wp.sin($u2), $a * wp.cos($u2), $b * wp.sin($u3), $b * wp.cos($u3))",
     "draws a uniformly random rotation",
     "q: q_rand rot; u1: u1 xi; u2: t1 a1; u3: t2 a2; a: s1 ra; b: s2 rb", kRandom | kF32Only},

    // ---- stratified and low-variance samples
    {"stratified_1d", Domain::Random,
     "k: I[0,63] stratum, n: I[64,256] # stratum count, state: U rng state -> u: F01 uniform variate",
     "(float({k}) + wp.randf({state})) / float({n})", "draws a sample jittered inside {k}, one of {n}",
     "u: u xi", kRandom | kF32Only},
    {"jittered_2d", Domain::Random,
     "c: V2I[0,15] cell coordinate, n: I[16,64] # cells per axis, state: U rng state -> p: V2~1 sample point",
     "(wp.vec2(float({c}[0]) + 0.5, float({c}[1]) + 0.5) + wp.sample_unit_square({state})) / float({n})",
     "draws a sample jittered inside {c} on a grid of {n}", "p: xi uv", kRandom | kF32Only},

    // ---- distributions
    {"box_muller", Domain::Random, "state: U rng state -> z: V2~8 value",
     "$u1 = wp.max(wp.randf({state}), 1.0e-7)\n"
     "$u2 = wp.randf({state})\n"
     "$r = wp.sqrt(-2.0 * wp.log($u1))\n"
     "$theta = 6.28318531 * $u2\n"
     "{z} = wp.vec2($r * wp.cos($theta), $r * wp.sin($theta))",
     "draws two independent normal samples with the Box-Muller transform",
     "z: z normals; u1: u1 xi1; u2: u2 xi2; r: r rad; theta: theta angle", kRandom | kF32Only},
    {"exponential_sample_pdf", Domain::Random,
     "rate: F+ # rate =2.0, state: U rng state -> x: F0+~40 value, pdf: F+~4 probability density",
     "{x} = -wp.log(1.0 - wp.randf({state})) / {rate}\n"
     "{pdf} = {rate} * wp.exp(-{rate} * {x})",
     "draws an exponential sample with {rate} by inversion, with its density", "x: x t_s; pdf: pdf p_x",
     kRandom | kF32Only},
    {"free_path", Domain::Random,
     "sigma_t: F+ # extinction coefficient =2.0, state: U rng state -> d: F0+~40 distance",
     "-wp.log(1.0 - wp.randf({state})) / {sigma_t}",
     "samples a free-flight distance through a medium of {sigma_t}", "d: dist t_free", kRandom | kF32Only},
    {"importance_weight", Domain::Random, "f: F value, pdf: F+ probability density -> w: F~f*100000000 ^f",
     "{f} / wp.max({pdf}, 1.0e-8)", "weighs {f} by the inverse of {pdf}, an importance-sampled estimate",
     "w: estimate contrib", kF32Only},
    {"poisson_knuth", Domain::Random, "lam: F+ # rate =4.0, state: U rng state -> k: I[0,64] count",
     "$limit = wp.exp(-{lam})\n"
     "$p = wp.randf({state})\n"
     "{k} = int(0)\n"
     "for _ in range(64):\n"
     "    if $p <= $limit:\n"
     "        break\n"
     "    $p = $p * wp.randf({state})\n"
     "    {k} += 1",
     "draws a Poisson count at {lam} by multiplying uniform numbers",
     "k: k n_events; limit: limit l; p: p prod", kRandom | kF32Only | kLoop | kBranch},
    {"poisson_builtin", Domain::Random, "lam: F+ # rate =4.0, state: U rng state -> k: I[0,1000] count",
     "int(wp.poisson({state}, {lam}))", "draws a Poisson count at {lam}", "k: k n_events",
     kRandom | kF32Only},
    {"rademacher", Domain::Random, "state: U rng state -> z: Fw~1 value",
     "wp.where(wp.randf({state}) < 0.5, -1.0, 1.0)", "draws a random sign", "z: z sign_z",
     kRandom | kF32Only},
    {"gumbel_perturb", Domain::Random, "z: F logit, state: U rng state -> y: F~z+20 ^z",
     "{z} - wp.log(-wp.log(wp.clamp(wp.randf({state}), 1.0e-7, 1.0 - 1.0e-7)))",
     "perturbs {z} with Gumbel noise for Gumbel-max sampling", "y: z_perturbed noisy", kRandom | kF32Only},
    {"stochastic_round", Domain::Random,
     "x: F~1000 value, s: F+ # quantization scale =0.02, state: U rng state -> y: Fz~x+s ^x",
     "wp.floor({x} / {s} + wp.randf({state})) * {s}", "rounds {x} stochastically to a multiple of {s}",
     "y: x_sr rounded", kRandom | kF32Only},

    // ---- walks and Monte Carlo decisions
    {"brownian_step", Domain::Random,
     "x: V3 position, D: F+ # diffusivity =0.05, dt: F+ # time step =0.01, state: U rng state -> y: V3~x+1 "
     "position",
     "{x} + wp.sqrt(2.0 * {D} * {dt}) * wp.vec3(wp.randn({state}), wp.randn({state}), wp.randn({state}))",
     "moves {x} by a Brownian step with {D} over {dt}", "y: x_new x1", kRandom | kF32Only},
    {"random_walk", Domain::Random,
     "x: V3 position, h: F+ # step length =0.05, state: U rng state -> p: V3~x+h*8 position",
     "{p} = {x}\n"
     "for _ in range(8):\n"
     "    {p} = {p} + {h} * wp.sample_unit_sphere_surface({state})",
     "walks {x} eight random steps, each of {h}", "p: walker p_walk", kRandom | kF32Only | kLoop},
    {"lattice_walk_step", Domain::Random,
     "c: V2I[0,1000] cell coordinate, state: U rng state -> n: V2I[-1,1001] cell coordinate",
     "$dir = wp.randi({state}, 0, 4)\n"
     "if $dir == 0:\n"
     "    {n} = {c} + wp.vec2i(1, 0)\n"
     "elif $dir == 1:\n"
     "    {n} = {c} - wp.vec2i(1, 0)\n"
     "elif $dir == 2:\n"
     "    {n} = {c} + wp.vec2i(0, 1)\n"
     "else:\n"
     "    {n} = {c} - wp.vec2i(0, 1)",
     "moves {c} one random step on the lattice", "n: next_cell c_new; dir: move step_dir",
     kRandom | kF32Only | kBranch},
    {"russian_roulette", Domain::Random, "t: V3 throughput, state: U rng state -> t2: V3~t*20 throughput",
     "$q = wp.clamp(wp.max(wp.max({t}[0], {t}[1]), {t}[2]), 0.05, 1.0)\n"
     "{t2} = wp.vec3(0.0)\n"
     "if wp.randf({state}) < $q:\n"
     "    {t2} = {t} / $q",
     "plays Russian roulette with {t}, reweighting the survivors",
     "t2: throughput_rr beta_new; q: q p_survive", kRandom | kF32Only | kBranch},
    {"reservoir_update", Domain::Random,
     "cand: F value, cur: F value, w: F0+ weight, wsum: F0+ weight sum, state: U rng state "
     "-> chosen: F~cand+cur ^cand, total: F0+~wsum+w weight sum",
     "{total} = {wsum} + {w}\n"
     "{chosen} = {cur}\n"
     "if wp.randf({state}) * {total} < {w}:\n"
     "    {chosen} = {cand}",
     "streams {cand} of {w} into a one-item reservoir holding {cur}",
     "chosen: picked sel; total: w_total wsum_new", kRandom | kF32Only | kBranch},
    {"metropolis_accept", Domain::Random,
     "e_old: F energy, e_new: F energy, T: F+ # temperature =0.5, state: U rng state -> c: B condition",
     "wp.randf({state}) < wp.exp(wp.min(0.0, ({e_old} - {e_new}) / {T}))",
     "accepts a move from {e_old} to {e_new} by the Metropolis rule at {T}", "c: accept ok",
     kRandom | kF32Only | kPredicate},
    {"epsilon_greedy", Domain::Random,
     "best: I[0,63] index, n: I[1,64] # count =16, eps: F01 # exploration rate =0.1, state: U rng state "
     "-> a: I[0,63] index",
     "{a} = {best}\n"
     "if wp.randf({state}) < {eps}:\n"
     "    {a} = wp.randi({state}, 0, {n})",
     "picks {best}, or with {eps} a random action among {n}", "a: action act", kRandom | kF32Only | kBranch},
};

} // namespace
} // namespace random_data

std::span<const IdiomSpec> random_idioms() {
    return random_data::kRandomIdioms;
}

std::span<const RoleSpec> random_roles() {
    return random_data::kRoles;
}

} // namespace ws::synth
