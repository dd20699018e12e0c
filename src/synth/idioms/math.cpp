// Generic numerics every domain may use: interpolation, clamping, remapping,
// rounding, safe arithmetic, conditions and selections (grammar in idiom.h).
#include "synth/library.h"

namespace ws::synth {

namespace math_data {
namespace {

constexpr IdiomSpec kMath[] = {
    {"lerp_scalar", Domain::Math, "a: F value, b: F value, t: F01 blend factor -> r: F~a+b ^a",
     "wp.lerp({a}, {b}, {t})", "blends {a} toward {b} by {t}", "r: blended mixed"},
    {"lerp_vec3", Domain::Math, "a: V3 any vector, b: V3 any vector, t: F01 blend factor -> r: V3~a+b ^a",
     "wp.lerp({a}, {b}, {t})", "interpolates between {a} and {b} by {t}", "r: blended mixed"},
    // Clamps and ramps take values of a bounded size: a sum over many elements would sit at a bound.
    {"clamp_range", Domain::Math,
     "x: F!o~8 value, lo: F # lower bound =-1.0, hi: F # upper bound =1.0 -> y: F~lo+hi ^x",
     "wp.clamp({x}, {lo}, {hi})", "clamps {x} between {lo} and {hi}", "y: clamped"},
    {"saturate", Domain::Math, "x: F!o!n>0.5~8 value -> y: F01 ^x", "wp.clamp({x}, 0.0, 1.0)",
     "saturates {x} to [0, 1]", "y: saturated sat"},
    {"smooth_ramp", Domain::Math,
     "x: F!o~8 value, e0: F # lower bound =-0.5, e1: F # upper bound =0.5 -> s: F01 weight",
     "wp.smoothstep({e0}, {e1}, {x})", "computes a smooth ramp of {x} between {e0} and {e1}", "s: ramp s w"},
    {"remap_unit", Domain::Math,
     "x: F~4 value, lo: F # lower bound =-1.0, hi: F # upper bound =1.0 -> u: F~x*4+4 blend factor",
     "({x} - {lo}) / ({hi} - {lo})", "remaps {x} to the unit interval", "u: u t_norm"},
    {"magnitude", Domain::Math, "x: F!u value -> y: F0+Z~x ^x", "wp.abs({x})", "takes the magnitude of {x}",
     "y: mag abs_x"},
    {"square", Domain::Math, "x: F!u~100 value -> y: F0+Z~x*x ^x", "{x} * {x}", "squares {x}", "y: sq x2"},
    {"soft_threshold", Domain::Math, "x: F value, t: F0+ # threshold =0.1 -> y: Fz~x ^x",
     "wp.sign({x}) * wp.max(wp.abs({x}) - {t}, 0.0)", "shrinks {x} toward zero by {t}", "y: shrunk"},
    {"wrap_angle", Domain::Math, "a: F angle -> w: F~4 angle", "wp.atan2(wp.sin({a}), wp.cos({a}))",
     "wraps {a} into (-pi, pi]", "w: wrapped theta"},
    {"ease_in_out", Domain::Math, "t: F01 blend factor -> e: F01 blend factor",
     "{t} * {t} * (3.0 - 2.0 * {t})", "eases {t} with a cubic smoothstep", "e: eased ease"},
    {"quantize", Domain::Math, "x: F>0.5 value, step: F+ # rounding step =0.1 -> q: Fz~x+step ^x",
     "wp.floor({x} / {step} + 0.5) * {step}", "quantizes {x} to multiples of {step}", "q: snapped quantized"},
    {"fractional_part", Domain::Math, "x: F0+!01!w value -> f: F01 blend factor", "wp.frac({x})",
     "takes the fractional part of {x}", "f: frac_x"},
    {"finite_or_zero", Domain::Math, "x: F value -> y: FZ~x ^x", "wp.where(wp.isfinite({x}), {x}, 0.0)",
     "replaces a non-finite {x} by zero", "y: safe"},
    {"soft_clip", Domain::Math, "x: F~8 value, s: F+ # scale =1.0 -> y: FZ~x ^x", "{s} * wp.tanh({x} / {s})",
     "soft-clips {x} to about {s} with a tanh", "y: clipped"},
    {"gaussian_falloff", Domain::Math, "d: F~4 distance, sigma: F+ # scale =0.5 -> w: F01 weight",
     "wp.exp(-({d} * {d}) / (2.0 * {sigma} * {sigma}))", "weighs {d} with a Gaussian of width {sigma}",
     "w: weight falloff"},
    {"normal_cdf", Domain::Math, "x: F~8 value -> p: F01o probability",
     "0.5 * (1.0 + wp.erf({x} / wp.sqrt(2.0)))", "evaluates the standard normal CDF at {x}", "p: cdf prob"},
    {"to_decibels", Domain::Math, "p: F0+ value -> db: F~80 value", "10.0 * wp.log10(wp.max({p}, 1.0e-8))",
     "converts {p} to decibels", "db: db level_db"},
    {"signed_power", Domain::Math, "x: F value, p: F+ # exponent =1.5 -> y: FZ~x*x+1 ^x",
     "wp.sign({x}) * wp.pow(wp.abs({x}), {p})", "raises {x} to the power {p}, keeping its sign", "y: shaped"},
    {"exp_decay", Domain::Math, "t: F0+~10 time, rate: F+ # scale =1.0 -> w: F01 weight",
     "wp.exp(-{rate} * {t})", "decays exponentially with {t} at {rate}", "w: decay atten"},
    {"sine_wave", Domain::Math,
     "t: F time, amp: F+ # scale =1.0, freq: F+ # frequency =2.0, phase: F # phase =0.0 -> y: F~amp value",
     "{amp} * wp.sin({freq} * {t} + {phase})", "evaluates a sine wave of {amp}, {freq} and {phase} at {t}",
     "y: wave signal"},
    {"max_of", Domain::Math, "a: F value, b: F value -> m: F~a+b ^a", "wp.max({a}, {b})",
     "takes the larger of {a} and {b}", "m: hi_val peak"},
    {"min_of", Domain::Math, "a: F value, b: F value -> m: F~a+b ^a", "wp.min({a}, {b})",
     "takes the smaller of {a} and {b}", "m: lo_val low"},
    {"hypotenuse", Domain::Math, "a: F~100 value, b: F~100 value -> h: F0+~a+b length",
     "wp.sqrt({a} * {a} + {b} * {b})", "computes the length of the vector ({a}, {b})", "h: hyp r"},
    {"taylor_exp", Domain::Math, "x: F~2 value -> y: F+o~8 value",
     "$term = float(1.0)\n"
     "{y} = float(1.0)\n"
     "for $n in range(1, 8):\n"
     "    $term = $term * {x} / float($n)\n"
     "    {y} = {y} + $term",
     "approximates exp of {x} by its Taylor series", "y: approx series; term: term; n: n k", kLoop},
    {"newton_sqrt", Domain::Math, "x: F0+~100 value -> r: F0+~x+1 value",
     "{r} = wp.max({x}, 1.0)\n"
     "for _ in range(6):\n"
     "    {r} = 0.5 * ({r} + {x} / {r})",
     "computes the square root of {x} by Newton iterations", "r: root guess", kLoop},
    {"horner_cubic", Domain::Math,
     "x: F~2 value, c0: F # offset =0.1, c1: F # scale =1.0, c2: F # offset =-0.5, c3: F # offset =0.25 -> "
     "y: F~c0+c1*x+c2*x*x+c3*x*x*x value",
     "(({c3} * {x} + {c2}) * {x} + {c1}) * {x} + {c0}", "evaluates a cubic polynomial at {x}", "y: poly p_x"},

    // ---- more scalar functions
    {"catenary", Domain::Math, "x: F~4 value, a: F+ # scale =1.0 -> y: F+o~100 value",
     "{a} * wp.cosh({x} / {a})", "evaluates the catenary of scale {a} at {x}", "y: sag height"},
    {"sinh_warp", Domain::Math, "x: F~4 value, k: F+ # scale =1.0 -> y: F~100 ^x", "wp.sinh({k} * {x}) / {k}",
     "stretches {x} with a hyperbolic sine of slope {k}", "y: warped stretched"},
    {"sphere_radius_from_volume", Domain::Math, "v: F0+~1000 value -> r: F0+~10 distance",
     "wp.cbrt(3.0 * {v} / (4.0 * 3.14159265))", "computes the radius of a sphere of volume {v}",
     "r: radius r_eq"},
    {"round_to_decimals", Domain::Math,
     "x: F>0.5~100 value, scale: F+ # decimal scale =100.0 -> y: Fz~x+1 ^x",
     "wp.round({x} * {scale}) / {scale}", "rounds {x} to steps of one over {scale}", "y: rounded"},
    // Rounding to whole numbers would be constant on the small values most idioms make: steps.
    {"round_half_even", Domain::Math, "x: F>0.5~1000 value, step: F+ # rounding step =0.1 -> y: Fz~x+step ^x",
     "wp.rint({x} / {step}) * {step}", "rounds {x} to the nearest multiple of {step}, ties to even",
     "y: rounded nearest"},
    {"truncate_toward_zero", Domain::Math, "x: F>0.5~1000 value, step: F+ # rounding step =0.1 -> y: Fz~x ^x",
     "wp.trunc({x} / {step}) * {step}", "truncates {x} toward zero to a multiple of {step}",
     "y: whole trunc_x"},
    {"ceil_div_units", Domain::Math,
     "x: F0+>2~1000 value, unit: F+ # rounding step =0.1 -> n: F0+w~1e4 value", "wp.ceil({x} / {unit})",
     "counts the units of {unit} needed to cover {x}", "n: n_units count_f"},
    {"degrees_to_radians", Domain::Math, "deg: F~360 value -> rad: F~deg*0.0175 angle", "wp.radians({deg})",
     "converts {deg} from degrees to radians", "rad: theta rad"},
    {"radians_to_degrees", Domain::Math, "a: F angle -> deg: F~200 value", "wp.degrees({a})",
     "converts {a} to degrees", "deg: deg angle_deg"},
    {"tangent_slope", Domain::Math, "a: F angle -> s: F~10 value", "wp.tan(wp.clamp({a}, -1.4, 1.4))",
     "computes the slope of a line at {a}", "s: slope"},
    {"arc_length", Domain::Math, "r: F0+ distance, a: F angle -> s: F0+~r*4 length", "{r} * wp.abs({a})",
     "computes the arc length along a circle of {r} over {a}", "s: arc len_arc"},
    {"angle_between", Domain::Math, "a: V3 vector, b: V3 vector -> t: F0+~4 angle",
     "wp.acos(wp.clamp(wp.dot(wp.normalize({a}), wp.normalize({b})), -1.0, 1.0))",
     "computes the angle between {a} and {b}", "t: theta angle"},
    {"signed_sqrt", Domain::Math, "x: F value -> y: FZ~x+1 ^x", "wp.sign({x}) * wp.sqrt(wp.abs({x}))",
     "takes the signed square root of {x}", "y: sroot"},
    {"nan_to_value", Domain::Math, "x: F value, fallback: F # offset =0.0 -> y: F~x+fallback ^x",
     "{y} = {x}\n"
     "if wp.isnan({x}) or wp.isinf({x}):\n"
     "    {y} = {fallback}",
     "replaces {x} by {fallback} when it is NaN or infinite", "y: clean safe", kBranch},
    {"piecewise_linear", Domain::Math, "x: F value -> y: F~x*2+1 ^x",
     "if {x} < -0.5:\n"
     "    {y} = 2.0 * {x} + 0.5\n"
     "elif {x} < 0.5:\n"
     "    {y} = {x}\n"
     "else:\n"
     "    {y} = 0.5 * {x} + 0.25",
     "maps {x} through a three-piece linear curve", "y: curve mapped", kBranch},
    {"step_edge", Domain::Math, "x: F!o>0.5~8 value, edge: F # threshold =0.25 -> s: F01w weight",
     "1.0 - wp.step({x} - {edge})", "tests whether {x} reaches {edge}, as 0 or 1", "s: above_f mask_f"},
    {"power_mean", Domain::Math, "a: F0+ value, b: F0+ value, p: F+ # exponent =2.0 -> m: F0+~a+b+1 ^a",
     "wp.pow(0.5 * (wp.pow({a} + 1.0e-6, {p}) + wp.pow({b} + 1.0e-6, {p})), 1.0 / {p})",
     "computes the power mean of {a} and {b} with exponent {p}", "m: mean_p"},

    // ---- vectors
    {"vec_length", Domain::Math, "v: V3!u vector -> l: F0+~v*2 length", "wp.length({v})",
     "measures the length of {v}", "l: length len_v mag"},
    {"vec_length_sq", Domain::Math, "v: V3!u~100 vector -> l: F0+~v*v*3 length", "wp.length_sq({v})",
     "takes the squared length of {v}", "l: len_sq d2"},
    {"vec_normalize", Domain::Math, "v: V3!u vector -> n: V3u~1 ^v", "wp.normalize({v})", "normalizes {v}",
     "n: n dir unit"},
    {"vec_dot", Domain::Math, "a: V3 vector, b: V3 vector -> d: F~a*b*3 value", "wp.dot({a}, {b})",
     "takes the dot product of {a} and {b}", "d: proj_len cos_ab"},
    {"vec_cross", Domain::Math, "a: V3 vector, b: V3 vector -> c: V3~a*b*2 vector", "wp.cross({a}, {b})",
     "takes the cross product of {a} and {b}", "c: c perp"},
    {"vec_scale", Domain::Math, "v: V3 vector, s: F value -> w: V3~v*s ^v", "{v} * {s}", "scales {v} by {s}",
     "w: scaled"},
    {"vec_add", Domain::Math, "a: V3 vector, b: V3 vector -> c: V3~a+b ^a", "{a} + {b}", "adds {b} to {a}",
     "c: total sum_v"},
    {"vec_sub", Domain::Math, "a: V3 vector, b: V3 vector -> d: V3~a+b ^a", "{a} - {b}",
     "subtracts {b} from {a}", "d: diff delta"},
    {"displacement", Domain::Math, "a: V3 position, b: V3 position -> d: V3~a+b vector", "{b} - {a}",
     "takes the offset from {a} to {b}", "d: d delta offset", kPair},
    {"project_onto", Domain::Math, "v: V3 vector, n: V3u direction -> p: V3~v ^v", "wp.dot({v}, {n}) * {n}",
     "projects {v} onto {n}", "p: proj"},
    {"reject_from", Domain::Math, "v: V3 vector, n: V3u direction -> t: V3~v*2 ^v",
     "{v} - wp.dot({v}, {n}) * {n}", "removes the component of {v} along {n}", "t: tangential vt"},
    {"reflect_vec", Domain::Math, "d: V3 vector, n: V3u normal -> r: V3~d*3 ^d",
     "{d} - 2.0 * wp.dot({d}, {n}) * {n}", "reflects {d} about {n}", "r: reflected refl"},
    {"clamp_length", Domain::Math, "v: V3>0.5 vector, max_len: F+ # speed limit =1.0 -> c: V3~max_len ^v",
     "$speed = wp.length({v})\n"
     "{c} = {v}\n"
     "if $speed > {max_len}:\n"
     "    {c} = {v} * ({max_len} / $speed)",
     "limits the length of {v} to {max_len}", "c: limited capped; speed: vlen speed", kBranch},
    {"cw_scale", Domain::Math, "v: V3 vector, s: V3 scale -> w: V3~v*s ^v", "wp.cw_mul({v}, {s})",
     "scales {v} component-wise by {s}", "w: scaled"},
    {"component_max", Domain::Math, "v: V3 vector -> m: F~v value", "wp.max(wp.max({v}[0], {v}[1]), {v}[2])",
     "takes the largest component of {v}", "m: max_comp"},

    // ---- conditions and selections
    {"above_threshold", Domain::Math, "x: F!o>0.5~8 value, t: F # threshold =0.25 -> c: B condition",
     "{x} > {t}", "tests whether {x} exceeds {t}", "c: above active", kPredicate},
    {"within_range", Domain::Math,
     "x: F!o>0.5~4 value, lo: F # lower bound =-0.5, hi: F # upper bound =0.5 -> c: B condition",
     "{x} >= {lo} and {x} <= {hi}", "tests whether {x} lies between {lo} and {hi}", "c: inside in_range",
     kPredicate},
    {"select_scalar", Domain::Math, "c: B condition, a: F value, b: F value -> r: F~a+b ^a",
     "wp.where({c}, {a}, {b})", "selects {a} where {c} holds and {b} elsewhere", "r: chosen sel", kBranch},
    {"select_vec3", Domain::Math, "c: B condition, a: V3 any vector, b: V3 any vector -> r: V3~a+b ^a",
     "wp.where({c}, {a}, {b})", "selects {a} where {c} holds and {b} elsewhere", "r: chosen sel", kBranch},
    {"gate_scalar", Domain::Math, "c: B condition, x: F value -> y: Fz~x ^x",
     "{y} = {x}\n"
     "if not {c}:\n"
     "    {y} = 0.0",
     "zeroes {x} unless {c} holds", "y: gated", kBranch},
};

} // namespace
} // namespace math_data

std::span<const IdiomSpec> math_idioms() {
    return math_data::kMath;
}

} // namespace ws::synth
