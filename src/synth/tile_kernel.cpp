// The kernel under construction of a tile family, and the module text it renders to.
#include "synth/tile_kernel.h"

#include "synth/pytext.h"
#include "synth/writer.h"

#include <fmt/format.h>

namespace ws::synth::tiles {

TileKernel::TileKernel(Dice& d, Scalar precision) : dice(d), fp(precision) {
    real_ = fp == Scalar::F64 ? "wp.float64" : (dice.on(Knob::PBuiltinScalars) ? "float" : "wp.float32");
    // wp.array[T] and ndim= are both spellings people use; the explicit wp.array2d is the usual one.
    const size_t style = dice.among({Knob::WArrayCall, Knob::WArrayItem, Knob::WArrayNd, Knob::WArrayNdim});
    array_style_ = style == 1 ? 1 : (style == 3 ? 2 : 0);
    wp_constant_ = dice.on(Knob::PTileWpConstant);
}

const std::string& pick(Dice& dice, const std::vector<std::string>& names) {
    return dice.pick(names);
}

std::string TileKernel::lit(std::string_view digits) const {
    return float_literal(digits, fp);
}

std::string TileKernel::inverse(const std::string& name, int64_t value) {
    if (fp != Scalar::F64) return "(1.0 / float(" + name + "))";
    return real_constant("INV_" + name, fmt::format("{}", 1.0 / static_cast<double>(value)));
}

std::string TileKernel::constant(const std::string& name, int64_t value) {
    constants_.push_back(wp_constant_ ? fmt::format("{} = wp.constant({})", name, value)
                                      : fmt::format("{} = {}", name, value));
    return name;
}

std::string TileKernel::constant_expr(const std::string& name, const std::string& expr) {
    constants_.push_back(wp_constant_ ? fmt::format("{} = wp.constant({})", name, expr)
                                      : fmt::format("{} = {}", name, expr));
    return name;
}

std::string TileKernel::real_constant(const std::string& name, std::string_view digits) {
    constants_.push_back(fmt::format("{} = wp.constant({})", name, lit(digits)));
    return name;
}

std::string TileKernel::annotation(const std::string& dtype, size_t ndim) const {
    if (array_style_ == 2 && ndim > 1) return fmt::format("wp.array(dtype={}, ndim={})", dtype, ndim);
    const std::string base = ndim > 1 ? fmt::format("wp.array{}d", ndim) : "wp.array";
    return array_style_ == 1 ? fmt::format("{}[{}]", base, dtype) : fmt::format("{}(dtype={})", base, dtype);
}

std::string TileKernel::array(const std::string& name, const std::string& dtype, std::vector<int64_t> shape,
                              double lo, double hi, bool output, bool in_place) {
    ArgSpec a;
    a.name = name;
    a.type = annotation(dtype, shape.size());
    a.shape = std::move(shape);
    a.is_output = output;
    a.min_value = output && !in_place ? 0.0 : lo;
    a.max_value = output && !in_place ? 0.0 : hi;
    args_.push_back(std::move(a));
    return name;
}

std::string TileKernel::scalar(const std::string& name, double lo, double hi) {
    args_.push_back(ArgSpec{name, real_, {}, lo, hi, false});
    return name;
}

std::string TileKernel::render(bool docstring) const {
    std::string out = "import warp as wp\n";
    if (!constants_.empty()) {
        out += "\n";
        for (const std::string& c : constants_) out += c + "\n";
    }
    for (const std::string& f : funcs_) out += "\n\n" + f;
    std::vector<std::pair<std::string, std::string>> signature;
    for (const ArgSpec& a : args_) signature.emplace_back(a.name, a.type);
    out += "\n\n" + kernel_header(name, signature);
    if (docstring)
        for (const std::string& l : docstring_lines(description)) out += (l.empty() ? "" : "    ") + l + "\n";
    for (const std::string& l : body) out += "    " + l + "\n";
    return out;
}

} // namespace ws::synth::tiles
