// Imaging: color spaces, tone mapping, compositing, shading terms, texture
// coordinates, vignetting, dithering and image filters (grammar in
// src/synth/idiom.h). Filter idioms are kStencil: their ports are named by
// grid offset (c, xm, xp, ym, yp, xmym, ...; see pattern_stencil.cpp).
// Colors are linear RGB in [0, 1] unless a role says otherwise ("radiance" is
// unbounded linear light, "rgba color" has straight alpha).
#include "synth/library.h"
#include "synth/roles.h"

namespace ws::synth {

namespace imaging_data {
namespace {

constexpr RoleSpec kRoles[] = {
    // ---- colors
    {"color", "color", 0.0, 1.0, "c color rgb col", "colors image pixels rgb img", true},
    {"albedo", "color", 0.0, 1.0, "albedo base_color", "albedo albedos", true},
    {"sky color", "color", 0.0, 1.0, "sky sky_color", "sky_colors", true},
    {"ground color", "color", 0.0, 1.0, "ground_color ground_rgb", "ground_colors", true},
    {"key color", "color", 0.0, 1.0, "key_color key_rgb", "key_colors", true},
    {"radiance", "radiance", 0.0, 4.0, "radiance hdr", "radiance hdr hdr_image", true},
    {"light color", "radiance", 0.0, 4.0, "light_color light_rgb", "light_colors", true},
    {"rgba color", "rgba", 0.0, 1.0, "rgba px", "rgba image pixels", true},
    {"premultiplied color", "premultiplied", 0.0, 1.0, "pm premul", "premul layer", true},
    {"hsv color", "hsv", 0.0, 1.0, "hsv", "hsv hsv_image", true},
    {"ycbcr color", "ycbcr", 0.0, 1.0, "ycc ycbcr", "ycbcr ycc_image", true},
    {"xyz color", "xyz", 0.0, 1.0, "xyz cie_xyz", "xyz xyz_image", true},
    {"xyY color", "xyY", 0.0, 1.0, "xy_y chroma", "xyy", true},
    {"white reference", "white reference", 0.6, 1.0, "white_ref illuminant", "white_refs", true},
    {"luminance", "luminance", 0.0, 1.0, "lum luminance", "luminance lums"},
    {"intensity", "luminance", 0.0, 1.0, "intensity i_val", "intensities gray"},
    {"log luminance", "log luminance", -8.0, 0.0, "log_lum", "log_lums"},
    // ---- adjustments
    {"exposure", "scale", 0.5, 2.0, "exposure", "exposures"},
    {"exposure value", "exposure value", -2.0, 2.0, "ev stops", "evs"},
    {"exposure key", "exposure key", 0.09, 0.36, "key_value middle_grey", "keys"},
    {"gamma", "exponent", 1.8, 2.4, "gamma", "gammas"},
    {"white point", "white point", 1.0, 4.0, "l_white white", "whites"},
    {"saturation", "saturation", 0.0, 2.0, "saturation sat", "saturations"},
    {"hue shift", "hue shift", -0.5, 0.5, "hue_shift dh", "hue_shifts"},
    {"contrast", "contrast", 0.5, 2.0, "contrast", "contrasts"},
    {"opacity", "fraction", 0.0, 1.0, "alpha opacity", "alphas opacity"},
    {"color tolerance", "color tolerance", 0.1, 0.4, "tol key_tol", "tolerances"},
    {"quantization levels", "levels", 2.0, 16.0, "levels n_levels", "levels"},
    {"vignette strength", "strength", 0.2, 1.0, "strength vignette", "strengths"},
    {"sharpen amount", "strength", 0.2, 2.0, "amount", "amounts"},
    {"range sigma", "range sigma", 0.05, 0.3, "sigma_r", "sigmas"},
    {"dither threshold", "dither", 0.0, 1.0, "dither thresh", "dither thresholds"},
    {"8-bit value", "8-bit value", 0.0, 255.0, "byte u8", "bytes image_u8"},
    // ---- shading
    {"light direction", "direction", -1.0, 1.0, "light_dir l_dir", "light_dirs"},
    {"view direction", "direction", -1.0, 1.0, "view_dir v_dir", "view_dirs"},
    {"half vector", "direction", -1.0, 1.0, "h half_vec", "half_vecs"},
    {"light position", "light position", -2.0, 2.0, "light_pos", "light_positions", true},
    {"cosine", "cosine", 0.0, 1.0, "cos_theta n_dot_l", "cosines"},
    {"cone cosine", "cone cosine", 0.8, 0.99, "cos_cone cone", "cones"},
    {"roughness", "roughness", 0.05, 1.0, "roughness rough", "roughness"},
    {"metallic", "metallic", 0.0, 1.0, "metallic metalness", "metallic"},
    {"base reflectance", "reflectance", 0.02, 0.08, "f0", "f0s"},
    {"specular color", "specular color", 0.0, 1.0, "f0_rgb spec_color", "spec_colors", true},
    {"fresnel reflectance", "fresnel", 0.0, 1.0, "fresnel fr", "fresnel"},
    {"shininess", "shininess", 8.0, 128.0, "shininess spec_power", "shininess"},
    {"specular term", "shading", 0.0, 2.0, "spec specular", "spec"},
    {"microfacet distribution", "ndf", 0.0, 4.0, "ndf d_ggx", "ndf"},
    {"masking term", "masking", 0.0, 1.0, "g_smith vis", "masking"},
    {"irradiance", "irradiance", 0.0, 4.0, "irradiance e_in", "irradiance"},
    {"light intensity", "light intensity", 0.5, 4.0, "power light_power", "powers"},
    // ---- pixels and texture coordinates
    {"texture coordinate", "uv", 0.0, 1.0, "uv st", "uvs texcoords", true},
    {"pixel coordinate", "pixel coordinate", 0.0, 64.0, "px pixel", "pixel_coords coords", true},
    {"image resolution", "resolution", 64.0, 512.0, "res resolution", "resolutions", true},
    {"tiling", "tiling", 1.0, 8.0, "tiles repeat", "tilings"},
    {"texel fraction", "texel fraction", 0.0, 1.0, "frac_st f", "fracs"},
    {"texel index", "texel index", 0.0, 63.0, "ij texel", "texels"},
    {"bilinear weights", "bilinear weights", 0.0, 1.0, "w4 weights", "bilinear_weights", true},
    {"texel footprint", "footprint", 1.0, 16.0, "footprint", "footprints"},
    {"mip level", "mip level", 0.0, 4.0, "lod mip", "lods"},
    // ---- filters
    {"image gradient", "image gradient", -4.0, 4.0, "grad g", "grads gradients"},
    {"edge strength", "edge strength", 0.0, 4.0, "edge mag", "edges edge_map"},
};

constexpr Domain I = Domain::Imaging;

constexpr IdiomSpec kImaging[] = {
    // ---- color spaces
    {"srgb_to_linear", I, "c: F01 intensity -> y: F01Z ^c",
     "{y} = {c} / 12.92\n"
     "if {c} > 0.04045:\n"
     "    {y} = wp.pow(({c} + 0.055) / 1.055, 2.4)",
     "decodes {c} from sRGB to linear", "y: lin linear", kBranch},
    {"srgb_to_linear_where", I, "c: F01 intensity -> y: F01Z ^c",
     "wp.where({c} <= 0.04045, {c} / 12.92, wp.pow(({c} + 0.055) / 1.055, 2.4))",
     "decodes {c} from sRGB to linear without a branch", "y: lin linear", kBranch},
    {"srgb_to_linear_rgb", I, "c: V301 color -> lin: V301 color",
     "{lin} = wp.vec3(0.0)\n"
     "for $k in range(3):\n"
     "    $v = {c}[$k]\n"
     "    {lin}[$k] = wp.where($v <= 0.04045, $v / 12.92, wp.pow(($v + 0.055) / 1.055, 2.4))",
     "decodes {c} from sRGB to linear channel by channel", "lin: linear lin_rgb; k: k ch; v: v s", kLoop},
    {"linear_to_srgb", I, "x: F01 intensity -> y: F01 ^x",
     "wp.where({x} <= 0.0031308, 12.92 * {x}, 1.055 * wp.pow({x}, 1.0 / 2.4) - 0.055)",
     "encodes {x} from linear to sRGB", "y: srgb encoded", kBranch},
    {"gamma_encode", I, "c: V30+~4 color, g: F+ # gamma =2.2 -> y: V30+~c+1 color",
     "$inv_g = 1.0 / {g}\n"
     "{y} = wp.vec3(wp.pow({c}[0], $inv_g), wp.pow({c}[1], $inv_g), wp.pow({c}[2], $inv_g))",
     "gamma-encodes {c} with {g}", "y: encoded display; inv_g: inv_gamma inv_g"},
    {"gamma_decode", I, "x: F01 intensity, g: F+ # gamma =2.2 -> y: F01 ^x", "wp.pow({x}, {g})",
     "gamma-decodes {x} with {g}", "y: linear lin"},
    {"luminance_rec709", I, "c: V30+ color -> l: F0+~c luminance",
     "wp.dot({c}, wp.vec3(0.2126, 0.7152, 0.0722))", "computes the Rec. 709 luminance of {c}",
     "l: lum luminance"},
    {"luma_rec601", I, "c: V30+ color -> l: F0+~c luminance", "0.299 * {c}.x + 0.587 * {c}.y + 0.114 * {c}.z",
     "computes the Rec. 601 luma of {c}", "l: luma y"},
    {"rgb_to_ycbcr", I, "c: V301 color -> ycc: V3~2 ycbcr color",
     "$y = 0.299 * {c}[0] + 0.587 * {c}[1] + 0.114 * {c}[2]\n"
     "{ycc} = wp.vec3($y, 0.5 + 0.564 * ({c}[2] - $y), 0.5 + 0.713 * ({c}[0] - $y))",
     "converts {c} to YCbCr", "ycc: ycc ycbcr; y: y luma"},
    {"ycbcr_to_rgb", I, "ycc: V3~2 ycbcr color -> c: V3~ycc*4 color",
     "$cb = {ycc}[1] - 0.5\n"
     "$cr = {ycc}[2] - 0.5\n"
     "{c} = wp.vec3({ycc}[0] + 1.403 * $cr, {ycc}[0] - 0.344 * $cb - 0.714 * $cr, {ycc}[0] + 1.773 * $cb)",
     "converts {ycc} from YCbCr to RGB", "c: rgb col; cb: cb; cr: cr"},
    {"rgb_to_xyz", I, "c: V301 color -> xyz: V30+~2 xyz color",
     "wp.mat33(0.4124, 0.3576, 0.1805, 0.2126, 0.7152, 0.0722, 0.0193, 0.1192, 0.9505) * {c}",
     "converts {c} from linear RGB to CIE XYZ", "xyz: xyz cie"},
    {"xyz_to_rgb", I, "xyz: V3~2 xyz color -> c: V3~xyz*8 color",
     "wp.mat33(3.2406, -1.5372, -0.4986, -0.9689, 1.8758, 0.0415, 0.0557, -0.2040, 1.0570) * {xyz}",
     "converts {xyz} from CIE XYZ to linear RGB", "c: rgb lin_rgb"},
    {"xyz_to_xyy", I, "xyz: V30+ xyz color -> xyy: V30+~xyz xyY color",
     "$total = {xyz}[0] + {xyz}[1] + {xyz}[2]\n"
     "$inv = 1.0 / wp.max($total, 1.0e-6)\n"
     "{xyy} = wp.vec3({xyz}[0] * $inv, {xyz}[1] * $inv, {xyz}[1])",
     "converts {xyz} to chromaticity and luminance",
     "xyy: xy_y chroma; total: total xyz_sum; "
     "inv: inv_sum inv"},
    {"rgb_to_hsv", I, "c: V301 color -> hsv: V301 hsv color",
     "$cmax = wp.max({c}[0], wp.max({c}[1], {c}[2]))\n"
     "$cmin = wp.min({c}[0], wp.min({c}[1], {c}[2]))\n"
     "$delta = $cmax - $cmin\n"
     "$h = float(0.0)\n"
     "if $delta > 1.0e-6:\n"
     "    if $cmax == {c}[0]:\n"
     "        $h = ({c}[1] - {c}[2]) / $delta\n"
     "    elif $cmax == {c}[1]:\n"
     "        $h = 2.0 + ({c}[2] - {c}[0]) / $delta\n"
     "    else:\n"
     "        $h = 4.0 + ({c}[0] - {c}[1]) / $delta\n"
     "    $h = $h / 6.0\n"
     "    if $h < 0.0:\n"
     "        $h = $h + 1.0\n"
     "{hsv} = wp.vec3($h, $delta / wp.max($cmax, 1.0e-6), $cmax)",
     "converts {c} to hue, saturation and value",
     "hsv: hsv; cmax: cmax c_max; cmin: cmin c_min; delta: delta chroma; h: h hue", kBranch | kHelper},
    {"hsv_to_rgb", I, "hsv: V301 hsv color -> rgb: V301 color",
     "{rgb} = wp.vec3(0.0)\n"
     "for $i in range(3):\n"
     "    $k = (float(5 - 2 * $i) + {hsv}[0] * 6.0) % 6.0\n"
     "    {rgb}[$i] = {hsv}[2] - {hsv}[2] * {hsv}[1] * wp.clamp(wp.min($k, 4.0 - $k), 0.0, 1.0)",
     "converts {hsv} from HSV to RGB", "rgb: rgb col; i: i ch; k: k", kLoop},
    {"hue_shift", I, "hsv: V301 hsv color, dh: F~1 # hue shift =0.1 -> y: V301 ^hsv",
     "wp.vec3(wp.frac({hsv}[0] + {dh} + 1.0), {hsv}[1], {hsv}[2])", "rotates the hue of {hsv} by {dh}",
     "y: shifted hsv2"},
    {"hsv_scale_saturation", I, "hsv: V301 hsv color, s: F0+ # saturation =1.2 -> y: V301 ^hsv",
     "wp.vec3({hsv}[0], wp.clamp({hsv}[1] * {s}, 0.0, 1.0), {hsv}[2])",
     "scales the saturation of {hsv} by {s}", "y: vivid hsv2"},
    {"ycbcr_scale_chroma", I, "ycc: V3~2 ycbcr color, s: F0+ # saturation =0.8 -> y: V3~ycc*2+s*2+1 ^ycc",
     "wp.vec3({ycc}[0], 0.5 + ({ycc}[1] - 0.5) * {s}, 0.5 + ({ycc}[2] - 0.5) * {s})",
     "scales the chroma of {ycc} by {s} around neutral", "y: ycc_scaled ycc2"},
    {"adjust_saturation", I, "c: V30+ color, s: F0+ # saturation =1.2 -> y: V3~c*s*2+c ^c",
     "wp.lerp(wp.vec3(wp.dot({c}, wp.vec3(0.2126, 0.7152, 0.0722))), {c}, {s})",
     "scales the saturation of {c} by {s}", "y: saturated col"},
    {"adjust_contrast", I, "c: V3 color, k: F+ # contrast =1.2 -> y: V3~c*k+k+1 ^c",
     "({c} - wp.vec3(0.5)) * {k} + wp.vec3(0.5)", "scales the contrast of {c} around mid grey by {k}",
     "y: contrasted col"},
    {"clamp_color", I, "c: V3 color -> y: V301 ^c", "wp.min(wp.max({c}, wp.vec3(0.0)), wp.vec3(1.0))",
     "clamps {c} to the displayable range", "y: clamped col"},
    {"invert_color", I, "c: V301 color -> y: V301 ^c", "wp.vec3(1.0) - {c}", "inverts {c}",
     "y: inverted neg"},
    {"sepia_tone", I, "c: V301 color -> y: V30+~2 color",
     "wp.vec3(wp.dot({c}, wp.vec3(0.393, 0.769, 0.189)), wp.dot({c}, wp.vec3(0.349, 0.686, 0.168)), "
     "wp.dot({c}, wp.vec3(0.272, 0.534, 0.131)))",
     "applies a sepia tone to {c}", "y: sepia toned"},
    {"white_balance", I, "c: V30+ color, white: V3 white reference -> y: V30+~c*2 ^c",
     "wp.cw_div({c}, wp.max({white}, wp.vec3(1.0e-4)))", "white-balances {c} against {white}",
     "y: balanced wb"},
    {"chroma_key", I,
     "c: V301 color, key: V3 # key color =wp.vec3(0.0, 1.0, 0.0), "
     "tol: F+ # color tolerance =0.3 -> m: B condition",
     "wp.length({c} - {key}) < {tol}", "tests whether {c} lies within {tol} of {key}", "m: keyed is_key",
     kPredicate},
    {"chroma_key_alpha", I,
     "c: V301 color, key: V3 # key color =wp.vec3(0.0, 1.0, 0.0), tol: F+ # color tolerance =0.3 "
     "-> a: F01 opacity",
     "wp.smoothstep({tol}, {tol} + 0.1, wp.length({c} - {key}))",
     "computes a soft matte that hides {c} near {key}", "a: alpha matte"},
    {"highlight_clipped", I, "c: V3 color, t: F # threshold =0.9 -> m: B condition",
     "wp.max(wp.max({c}.x, {c}.y), {c}.z) >= {t}", "tests whether any channel of {c} reaches {t}",
     "m: clipped hot", kPredicate},

    // ---- exposure and tone mapping
    {"exposure_stops", I, "c: V30+ radiance, ev: F~2 # exposure value =0.5 -> y: V30+~c*4 radiance",
     "{c} * wp.pow(2.0, {ev})", "exposes {c} by {ev} stops", "y: exposed hdr"},
    {"apply_exposure", I, "c: V30+ radiance, e: F+ # exposure =1.0 -> y: V30+~c*e radiance", "{c} * {e}",
     "scales {c} by {e}", "y: exposed hdr"},
    {"log_luminance", I, "l: F0+ luminance -> ll: F~10 log luminance", "wp.log(1.0e-4 + {l})",
     "takes the log of {l} for a geometric mean", "ll: log_lum"},
    {"exposure_from_key", I, "avg: F~10 # log luminance, key: F+ # exposure key =0.18 -> e: F+~1e5 exposure",
     "{key} / wp.exp({avg})", "computes the exposure that maps the log-average {avg} to {key}",
     "e: exposure scale"},
    {"tonemap_reinhard", I, "c: V30+ radiance -> y: V301 color", "wp.cw_div({c}, {c} + wp.vec3(1.0))",
     "tone-maps {c} with the Reinhard operator", "y: ldr mapped"},
    {"tonemap_reinhard_extended", I, "c: V30+~100 radiance, w: F+ # white point =4.0 -> y: V30+~c color",
     "$l = wp.dot({c}, wp.vec3(0.2126, 0.7152, 0.0722))\n"
     "$ld = $l * (1.0 + $l / ({w} * {w})) / (1.0 + $l)\n"
     "{y} = {c} * ($ld / wp.max($l, 1.0e-6))",
     "tone-maps the luminance of {c} with the extended Reinhard operator for {w}",
     "y: ldr mapped; l: lum l_in; ld: l_out ld"},
    {"tonemap_aces", I, "c: V30+~100 radiance -> y: V301 color",
     "$num = wp.cw_mul({c}, 2.51 * {c} + wp.vec3(0.03))\n"
     "$den = wp.cw_mul({c}, 2.43 * {c} + wp.vec3(0.59)) + wp.vec3(0.14)\n"
     "{y} = wp.min(wp.max(wp.cw_div($num, $den), wp.vec3(0.0)), wp.vec3(1.0))",
     "tone-maps {c} with the fitted ACES filmic curve", "y: ldr aces; num: num a; den: den b"},
    {"tonemap_exponential", I, "c: V30+~100 radiance, e: F+ # exposure =1.0 -> y: V301 color",
     "wp.vec3(1.0 - wp.exp(-{c}[0] * {e}), 1.0 - wp.exp(-{c}[1] * {e}), 1.0 - wp.exp(-{c}[2] * {e}))",
     "tone-maps {c} with an exponential film curve at {e}", "y: ldr mapped"},
    {"posterize", I, "x: F01 intensity, n: F+ # quantization levels =4.0 -> y: F01 ^x",
     "wp.rint({x} * {n}) / {n}", "posterizes {x} into {n}", "y: poster banded"},
    {"quantize_unorm8", I, "x: F intensity -> y: F01 ^x",
     "wp.trunc(wp.clamp({x}, 0.0, 1.0) * 255.0 + 0.5) / 255.0", "rounds {x} to the nearest 8-bit level",
     "y: q8 quantized"},
    {"to_unorm8", I, "x: F intensity -> b: I[0,255] 8-bit value",
     "int(wp.clamp({x}, 0.0, 1.0) * 255.0 + 0.5)", "converts {x} to an 8-bit value", "b: byte u8"},

    // ---- compositing
    {"premultiply_alpha", I, "c: V401 rgba color -> p: V401 premultiplied color",
     "wp.vec4({c}[0] * {c}[3], {c}[1] * {c}[3], {c}[2] * {c}[3], {c}[3])", "premultiplies {c} by its alpha",
     "p: premul pm"},
    {"unpremultiply_alpha", I, "p: V401 premultiplied color -> c: V4~p*1e6 rgba color",
     "{c} = {p}\n"
     "if {p}[3] > 1.0e-6:\n"
     "    $inv_a = 1.0 / {p}[3]\n"
     "    {c} = wp.vec4({p}[0] * $inv_a, {p}[1] * $inv_a, {p}[2] * $inv_a, {p}[3])",
     "divides {p} by its alpha", "c: rgba straight; inv_a: inv_a inv_alpha", kBranch},
    {"alpha_over", I,
     "src: V401 premultiplied color, dst: V401 premultiplied color "
     "-> out: V40+~2 premultiplied color",
     "{src} + {dst} * (1.0 - {src}[3])", "composites {src} over {dst}", "out: over comp"},
    {"alpha_blend", I, "fg: V3 color, bg: V3 color, a: F01 opacity -> y: V3~fg+bg ^fg",
     "{fg} * {a} + {bg} * (1.0 - {a})", "blends {fg} over {bg} by {a}", "y: blended comp"},
    {"attach_alpha", I, "c: V301 color, a: F01 opacity -> rgba: V401 rgba color",
     "wp.vec4({c}[0], {c}[1], {c}[2], {a})", "packs {c} and {a} into an RGBA color", "rgba: rgba px"},

    // ---- shading
    {"half_vector", I, "l: V3u light direction, v: V3u view direction -> h: V3u~1 half vector",
     "wp.normalize({l} + {v})", "computes the half vector between {l} and {v}", "h: h half_vec"},
    {"lambert_cosine", I, "n: V3u normal, l: V3u light direction -> c: F01 cosine",
     "wp.max(wp.dot({n}, {l}), 0.0)", "computes the clamped cosine between {n} and {l}", "c: n_dot_l ndl"},
    {"half_lambert", I, "n: V3u normal, l: V3u light direction -> c: F01 cosine",
     "$w = 0.5 * wp.dot({n}, {l}) + 0.5\n"
     "{c} = $w * $w",
     "computes the wrapped half-Lambert term between {n} and {l}",
     "c: wrap_diffuse half_lambert; "
     "w: w wrapped"},
    {"view_cosine", I, "n: V3u normal, v: V3u view direction -> c: F01 cosine",
     "wp.clamp(wp.dot({n}, {v}), 1.0e-4, 1.0)", "computes the cosine between {n} and {v}", "c: n_dot_v ndv"},
    {"lambert_diffuse", I, "albedo: V301 albedo, c: F01 cosine -> y: V30+~albedo radiance",
     "{albedo} * ({c} / wp.pi)", "evaluates the Lambert diffuse reflection of {albedo} at {c}",
     "y: diffuse f_d"},
    {"blinn_phong_specular", I,
     "n: V3u normal, h: V3u half vector, s: F+ # shininess =32.0 "
     "-> spec: F01 specular term",
     "wp.pow(wp.max(wp.dot({n}, {h}), 0.0), {s})",
     "evaluates the Blinn-Phong highlight of {n} and {h} with {s}", "spec: spec blinn"},
    {"phong_specular", I,
     "n: V3u normal, l: V3u light direction, v: V3u view direction, s: F+ # shininess =32.0 "
     "-> spec: F01 specular term",
     "$r = 2.0 * wp.dot({n}, {l}) * {n} - {l}\n"
     "{spec} = wp.pow(wp.max(wp.dot($r, {v}), 0.0), {s})",
     "evaluates the Phong highlight of {l} seen from {v} with {s}", "spec: spec phong; r: r refl"},
    {"fresnel_schlick", I, "c: F01 cosine, f0: F01 base reflectance -> f: F01 fresnel reflectance",
     "{f0} + (1.0 - {f0}) * wp.pow(1.0 - {c}, 5.0)", "evaluates the Schlick Fresnel term of {f0} at {c}",
     "f: fresnel fr"},
    {"fresnel_schlick_rgb", I, "c: F01 cosine, f0: V301 specular color -> f: V301 specular color",
     "{f0} + (wp.vec3(1.0) - {f0}) * wp.pow(1.0 - {c}, 5.0)",
     "evaluates the Schlick Fresnel color of {f0} at {c}", "f: fresnel f_rgb"},
    {"specular_color_from_metallic", I, "albedo: V301 albedo, m: F01 metallic -> f0: V301 specular color",
     "wp.lerp(wp.vec3(0.04), {albedo}, {m})", "derives the specular color from {albedo} and {m}",
     "f0: f0 spec_color"},
    {"ggx_distribution", I, "c: F01 cosine, r: F+ roughness -> d: F0+~1e7 microfacet distribution",
     "$a = {r} * {r}\n"
     "$a2 = $a * $a\n"
     "$den = {c} * {c} * ($a2 - 1.0) + 1.0\n"
     "{d} = $a2 / (wp.pi * $den * $den)",
     "evaluates the GGX normal distribution at {c} for {r}",
     "d: d_ggx ndf; a: alpha a; a2: alpha2 a2; den: den denom"},
    {"smith_ggx_masking", I, "nv: F01 cosine, nl: F01 cosine, r: F+ roughness -> g: F01 masking term",
     "$k = ({r} + 1.0) * ({r} + 1.0) / 8.0\n"
     "$gv = {nv} / ({nv} * (1.0 - $k) + $k)\n"
     "$gl = {nl} / ({nl} * (1.0 - $k) + $k)\n"
     "{g} = $gv * $gl",
     "evaluates the Smith-Schlick masking term of {nv} and {nl} for {r}",
     "g: g_smith vis; k: k; gv: g_v g1_v; gl: g_l g1_l"},
    {"cook_torrance_specular", I,
     "d: F0+~1e7 microfacet distribution, g: F01 masking term, f: F01 fresnel reflectance, nv: F01 cosine, "
     "nl: F01 cosine -> spec: F0+~d*2500 specular term",
     "{d} * {g} * {f} / wp.max(4.0 * {nv} * {nl}, 1.0e-4)",
     "combines {d}, {g} and {f} into the Cook-Torrance specular term", "spec: spec f_s"},
    {"rim_light", I, "n: V3u normal, v: V3u view direction, p: F+ # exponent =3.0 -> rim: F01 weight",
     "wp.pow(1.0 - wp.max(wp.dot({n}, {v}), 0.0), {p})", "computes the rim-light factor of {n} seen from {v}",
     "rim: rim fresnel_rim"},
    {"hemisphere_ambient", I,
     "n: V3u normal, sky: V3 # sky color =wp.vec3(0.6, 0.7, 0.9), ground: V3 # ground color =wp.vec3(0.3, "
     "0.25, 0.2) "
     "-> y: V30+~sky+ground color",
     "wp.lerp({ground}, {sky}, 0.5 + 0.5 * {n}[1])", "lights {n} by a sky and ground hemisphere",
     "y: ambient amb"},
    {"shade_direct", I,
     "albedo: V301 albedo, c: F01 cosine, spec: F0+~10 specular term, light: V30+ light color "
     "-> y: V30+~light*spec+light radiance",
     "wp.cw_mul({albedo} / wp.pi + wp.vec3({spec}), {light}) * {c}",
     "shades a surface of {albedo} lit by {light} at {c} with {spec}", "y: radiance lo"},
    {"inverse_square_falloff", I,
     "p: V3 point, lp: V3 light position, power: F+ light intensity "
     "-> e: F0+~power*1e4 irradiance",
     "{power} / wp.max(wp.length_sq({lp} - {p}), 1.0e-4)",
     "computes the irradiance at {p} from a point light of {power} at {lp}", "e: irradiance e_in"},
    {"spot_cone", I,
     "l: V3u light direction, axis: V3u direction, outer: F # cone cosine =0.9, inner: F # cone cosine =0.95 "
     "-> w: F01 weight",
     "wp.smoothstep({outer}, {inner}, wp.dot(-{l}, {axis}))",
     "fades a spot light along {axis} between its outer and inner cones", "w: spot cone"},

    // ---- texture coordinates
    {"uv_tile_repeat", I, "uv: V2 texture coordinate, k: F+ # tiling =4.0 -> t: V201 texture coordinate",
     "wp.vec2(wp.frac({uv}[0] * {k}), wp.frac({uv}[1] * {k}))", "tiles {uv} {k} times with wrap-around",
     "t: uv_tiled st"},
    {"checkerboard", I, "uv: V2~100 texture coordinate, k: F+ # tiling =8.0 -> v: F01wz intensity",
     "$cell = int(wp.floor({uv}[0] * {k})) + int(wp.floor({uv}[1] * {k}))\n"
     "{v} = wp.where($cell % 2 == 0, 1.0, 0.0)",
     "evaluates a checkerboard tiled by {k} at {uv}", "v: checker tex; cell: cell parity", kBranch},
    {"checkerboard_aa", I,
     "uv: V2~100 texture coordinate, k: F+ # tiling =8.0, fw: F+ # texel fraction =0.002 -> v: F01 intensity",
     "{v} = float(0.0)\n"
     "for $s in range(4):\n"
     "    $o = wp.vec2(float($s % 2) - 0.5, float($s // 2) - 0.5) * {fw}\n"
     "    $q = {uv} + $o\n"
     "    $cell = int(wp.floor($q[0] * {k})) + int(wp.floor($q[1] * {k}))\n"
     "    if $cell % 2 == 0:\n"
     "        {v} = {v} + 0.25",
     "supersamples a checkerboard tiled by {k} at {uv} over {fw}",
     "v: checker coverage; s: s sample; o: offset o; q: q uv_s; cell: cell parity", kLoop | kBranch},
    {"uv_mirror_repeat", I, "uv: V2~100 texture coordinate -> t: V201 texture coordinate",
     "wp.vec2(1.0 - wp.abs(2.0 * wp.frac(0.5 * {uv}[0]) - 1.0), 1.0 - wp.abs(2.0 * wp.frac(0.5 * {uv}[1]) - "
     "1.0))",
     "wraps {uv} with mirrored repeat", "t: uv_mirror st"},
    {"uv_rotate", I, "uv: V2 texture coordinate, a: F angle -> t: V2~uv*2+1 texture coordinate",
     "$d = {uv} - wp.vec2(0.5)\n"
     "$cs = wp.cos({a})\n"
     "$sn = wp.sin({a})\n"
     "{t} = wp.vec2($cs * $d[0] - $sn * $d[1], $sn * $d[0] + $cs * $d[1]) + wp.vec2(0.5)",
     "rotates {uv} by {a} about the center of the texture",
     "t: uv_rot st; d: d centered; cs: cs cos_a; "
     "sn: sn sin_a"},
    {"pixel_to_uv", I,
     "px: V2 pixel coordinate, res: V2 # image resolution =wp.vec2(640.0, 480.0) "
     "-> uv: V201 texture coordinate",
     "wp.cw_div({px} + wp.vec2(0.5), {res})", "converts {px} to texture coordinates", "uv: uv st"},
    {"texel_lookup", I,
     "uv: V2~4 texture coordinate, res: V2 # image resolution =wp.vec2(256.0, 256.0) "
     "-> ij: V2I texel index, f: V201 texel fraction",
     "$st = wp.cw_mul({uv}, {res}) - wp.vec2(0.5)\n"
     "$x0 = wp.floor($st[0])\n"
     "$y0 = wp.floor($st[1])\n"
     "{ij} = wp.vec2i(int($x0), int($y0))\n"
     "{f} = wp.vec2($st[0] - $x0, $st[1] - $y0)",
     "finds the texel below {uv} and the fraction past it",
     "ij: ij texel; f: frac_st f; st: st xy; x0: x0; "
     "y0: y0"},
    {"bilinear_weights", I, "f: V201 texel fraction -> w: V401 bilinear weights",
     "$fx = {f}[0]\n"
     "$fy = {f}[1]\n"
     "{w} = wp.vec4((1.0 - $fx) * (1.0 - $fy), $fx * (1.0 - $fy), (1.0 - $fx) * $fy, $fx * $fy)",
     "computes the bilinear weights of the four texels around {f}", "w: weights w4; fx: fx; fy: fy"},
    {"mip_level", I, "fp: F+ texel footprint -> lod: F0+~8 mip level", "wp.log2(wp.max({fp}, 1.0))",
     "selects the mip level for {fp}", "lod: lod mip"},

    // ---- vignetting and dithering
    {"vignette", I, "uv: V2 texture coordinate, s: F01 # vignette strength =0.5 -> v: F01 weight",
     "$r = wp.length({uv} - wp.vec2(0.5)) * 1.41421356\n"
     "{v} = 1.0 - {s} * wp.smoothstep(0.4, 1.0, $r)",
     "computes a radial vignette at {uv} with {s}", "v: vig vignette; r: r dist"},
    {"vignette_cos4", I, "uv: V2 texture coordinate, f: F+ # scale =1.0 -> v: F01 weight",
     "$r = wp.length({uv} - wp.vec2(0.5))\n"
     "{v} = wp.pow({f} / wp.sqrt({f} * {f} + $r * $r), 4.0)",
     "computes the cos^4 lens falloff at {uv}", "v: falloff vig; r: r dist"},
    {"bayer4_threshold", I, "px: V2 pixel coordinate -> t: F01 dither threshold",
     "$x = int({px}[0]) % 4\n"
     "$y = int({px}[1]) % 4\n"
     "$xy = $x ^ $y\n"
     "$m = (($xy & 1) << 3) | (($y & 1) << 2) | ((($xy >> 1) & 1) << 1) | (($y >> 1) & 1)\n"
     "{t} = (float($m) + 0.5) / 16.0",
     "looks up the 4x4 Bayer dither threshold at {px}",
     "t: thresh bayer; x: x bx; y: y by; xy: xy; "
     "m: m idx"},
    {"interleaved_gradient_noise", I, "px: V2 pixel coordinate -> t: F01 dither threshold",
     "wp.frac(52.9829189 * wp.frac(0.06711056 * {px}[0] + 0.00583715 * {px}[1]))",
     "evaluates interleaved gradient noise at {px}", "t: ign noise"},
    {"ordered_dither", I,
     "x: F01 intensity, t: F01 dither threshold, n: F+ # quantization levels =4.0 "
     "-> y: F~2 ^x",
     "wp.floor({x} * {n} + {t}) / {n}", "quantizes {x} into {n} dithered by {t}", "y: dithered q"},

    // ---- filters (stencils)
    {"sobel_gradient", I,
     "xm: F intensity, xp: F intensity, ym: F intensity, yp: F intensity, xmym: F intensity, xpym: F "
     "intensity, "
     "xmyp: F intensity, xpyp: F intensity -> g: V2~8 image gradient",
     "$gx = ({xpym} + 2.0 * {xp} + {xpyp}) - ({xmym} + 2.0 * {xm} + {xmyp})\n"
     "$gy = ({xmyp} + 2.0 * {yp} + {xpyp}) - ({xmym} + 2.0 * {ym} + {xpym})\n"
     "{g} = wp.vec2($gx, $gy)",
     "applies the Sobel operator around the pixel", "g: grad sobel; gx: gx dx; gy: gy dy", kStencil},
    {"scharr_gradient", I,
     "xm: F intensity, xp: F intensity, ym: F intensity, yp: F intensity, xmym: F intensity, xpym: F "
     "intensity, "
     "xmyp: F intensity, xpyp: F intensity -> g: V2~32 image gradient",
     "$gx = 3.0 * ({xpym} + {xpyp} - {xmym} - {xmyp}) + 10.0 * ({xp} - {xm})\n"
     "$gy = 3.0 * ({xmyp} + {xpyp} - {xmym} - {xpym}) + 10.0 * ({yp} - {ym})\n"
     "{g} = wp.vec2($gx, $gy) / 32.0",
     "applies the Scharr operator around the pixel", "g: grad scharr; gx: gx dx; gy: gy dy", kStencil},
    {"roberts_cross", I,
     "c: F intensity, xp: F intensity, yp: F intensity, xpyp: F intensity "
     "-> e: F0+~4 edge strength",
     "wp.abs({c} - {xpyp}) + wp.abs({xp} - {yp})", "measures the Roberts-cross edge strength at {c}",
     "e: edge roberts", kStencil},
    {"gradient_magnitude", I, "g: V2 image gradient -> e: F0+~g*2 edge strength", "wp.length({g})",
     "measures the edge strength of {g}", "e: edge mag"},
    {"gradient_orientation", I, "g: V2 image gradient -> a: F~4 angle", "wp.atan2({g}[1], {g}[0])",
     "measures the orientation of {g}", "a: theta orient"},
    {"sharpen_5pt", I,
     "c: F intensity, xm: F intensity, xp: F intensity, ym: F intensity, yp: F intensity -> y: F~9 intensity",
     "5.0 * {c} - {xm} - {xp} - {ym} - {yp}", "sharpens {c} with the 5-point kernel", "y: sharp sharpened",
     kStencil},
    {"unsharp_mask", I,
     "c: F intensity, xm: F intensity, xp: F intensity, ym: F intensity, yp: F intensity, "
     "amount: F+ # sharpen amount =0.8 -> y: F~1+amount*2 intensity",
     "$blur = 0.25 * ({xm} + {xp} + {ym} + {yp})\n"
     "{y} = {c} + {amount} * ({c} - $blur)",
     "sharpens {c} by {amount} times its difference from the local mean",
     "y: sharp unsharp; "
     "blur: blur mean4",
     kStencil},
    {"gaussian_blur_3x3", I,
     "c: F intensity, xm: F intensity, xp: F intensity, ym: F intensity, yp: F intensity, xmym: F intensity, "
     "xpym: F intensity, xmyp: F intensity, xpyp: F intensity -> y: F~1 intensity",
     "(4.0 * {c} + 2.0 * ({xm} + {xp} + {ym} + {yp}) + {xmym} + {xpym} + {xmyp} + {xpyp}) / 16.0",
     "blurs {c} with the 3x3 binomial kernel", "y: blurred smooth", kStencil},
    {"laplacian_8", I,
     "c: F intensity, xm: F intensity, xp: F intensity, ym: F intensity, yp: F intensity, xmym: F intensity, "
     "xpym: F intensity, xmyp: F intensity, xpyp: F intensity -> e: F~16 intensity",
     "8.0 * {c} - ({xm} + {xp} + {ym} + {yp} + {xmym} + {xpym} + {xmyp} + {xpyp})",
     "detects edges at {c} with the 8-neighbour Laplacian", "e: lap edges", kStencil},
    {"emboss", I,
     "c: F intensity, xmym: F intensity, xpyp: F intensity, xm: F intensity, yp: F intensity, xp: F "
     "intensity, "
     "ym: F intensity -> y: F~8 intensity",
     "{c} + 2.0 * ({xpyp} - {xmym}) + ({xp} + {yp}) - ({xm} + {ym})", "embosses {c} along the diagonal",
     "y: embossed relief", kStencil},
    {"erode_cross", I,
     "c: F intensity, xm: F intensity, xp: F intensity, ym: F intensity, yp: F intensity "
     "-> y: F~1 intensity",
     "wp.min({c}, wp.min(wp.min({xm}, {xp}), wp.min({ym}, {yp})))",
     "erodes {c} by the minimum over its cross neighbourhood", "y: eroded min5", kStencil},
    {"dilate_cross", I,
     "c: F intensity, xm: F intensity, xp: F intensity, ym: F intensity, yp: F intensity "
     "-> y: F~1 intensity",
     "wp.max({c}, wp.max(wp.max({xm}, {xp}), wp.max({ym}, {yp})))",
     "dilates {c} by the maximum over its cross neighbourhood", "y: dilated max5", kStencil},
    {"median3_horizontal", I, "c: F intensity, xm: F intensity, xp: F intensity -> y: F~1 intensity",
     "wp.max(wp.min({xm}, {c}), wp.min(wp.max({xm}, {c}), {xp}))",
     "takes the median of {c} and its horizontal neighbours", "y: med median", kStencil},
    {"bilateral_cross", I,
     "c: F intensity, xm: F intensity, xp: F intensity, ym: F intensity, yp: F intensity, "
     "sigma: F+ # range sigma =0.1 -> y: F~1 intensity",
     "$inv = -0.5 / ({sigma} * {sigma})\n"
     "$w_xm = wp.exp(({xm} - {c}) * ({xm} - {c}) * $inv)\n"
     "$w_xp = wp.exp(({xp} - {c}) * ({xp} - {c}) * $inv)\n"
     "$w_ym = wp.exp(({ym} - {c}) * ({ym} - {c}) * $inv)\n"
     "$w_yp = wp.exp(({yp} - {c}) * ({yp} - {c}) * $inv)\n"
     "{y} = ({c} + $w_xm * {xm} + $w_xp * {xp} + $w_ym * {ym} + $w_yp * {yp}) / "
     "(1.0 + $w_xm + $w_xp + $w_ym + $w_yp)",
     "smooths {c} with edge-preserving weights over {sigma}",
     "y: filtered smoothed; inv: inv_2s2 k; w_xm: w_xm w0; w_xp: w_xp w1; w_ym: w_ym w2; w_yp: w_yp w3",
     kStencil},
    {"color_blur_cross", I,
     "c: V3 color, xm: V3 color, xp: V3 color, ym: V3 color, yp: V3 color "
     "-> y: V3~c ^c",
     "({c} + {xm} + {xp} + {ym} + {yp}) * 0.2", "averages {c} with its four neighbours", "y: blurred avg_rgb",
     kStencil},
    {"bilinear_upsample", I,
     "c: F intensity, xp: F intensity, yp: F intensity, xpyp: F intensity, fx: F01 # texel fraction =0.5, "
     "fy: F01 # texel fraction =0.25 -> y: F~1 intensity",
     "wp.lerp(wp.lerp({c}, {xp}, {fx}), wp.lerp({yp}, {xpyp}, {fx}), {fy})",
     "interpolates the image bilinearly between the pixel and its +x, +y neighbours", "y: sample interp",
     kStencil},
};

} // namespace
} // namespace imaging_data

std::span<const IdiomSpec> imaging_idioms() {
    return imaging_data::kImaging;
}

std::span<const RoleSpec> imaging_roles() {
    return imaging_data::kRoles;
}

} // namespace ws::synth
