// The tiles category: draws a tile family and its launch, and the activations its epilogues
// share with the learning domain's idioms.
#include "synth/instance.h"
#include "synth/library.h"
#include "synth/stats.h"
#include "synth/tile_kernel.h"

#include <fmt/format.h>

namespace ws::synth::tiles {

namespace {

// One-input activations of the learning library that read well as a tile_map callable.
constexpr std::string_view kActivations[] = {"relu",    "gelu_tanh",       "gelu_erf",   "silu", "softplus",
                                             "sigmoid", "tanh_activation", "hard_swish", "selu"};

std::string replace_all(std::string s, std::string_view from, std::string_view to) {
    for (size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size()))
        s.replace(p, from.size(), to);
    return s;
}

} // namespace

std::string tile_activation(TileKernel& k, std::string& phrase) {
    // A builtin now and then: wp.tanh is what people pass to tile_map most.
    if (k.dice.below(5) == 0) {
        phrase = "applies tanh";
        return "wp.tanh";
    }
    const Idiom* idiom = nullptr;
    while (!idiom) idiom = Library::get().find(kActivations[k.dice.below(std::size(kActivations))]);
    const std::string name(idiom->id());
    std::string text = fmt::format("@wp.func\ndef {}(x: {})", name, k.real());
    text += k.dice.on(Knob::PReturnAnnot) ? fmt::format(" -> {}:\n", k.real()) : ":\n";
    for (const std::string& l : render_helper_body(*idiom, k.fp, {"x"})) text += "    " + l + "\n";
    k.func(text);
    // "applies a ReLU to {x}" -> "applies a ReLU"
    phrase = replace_all(std::string(idiom->spec->phrase), " to {x}", "");
    phrase = replace_all(phrase, " {x}", "");
    return name;
}

SynthKernel synthesize_tile_kernel(Dice& dice, Scalar fp) {
    TileKernel k(dice, fp);
    static constexpr int kBlocks[] = {64, 128, 256};
    k.block_dim = kBlocks[dice.among({Knob::WBlock64, Knob::WBlock128, Knob::WBlock256}) % 3];
    switch (dice.among({Knob::WTileGemm, Knob::WTileReduce, Knob::WTileRows, Knob::WTileStencil,
                        Knob::WTileFft, Knob::WTileSolve, Knob::WTileScan})) {
    case 1: tile_reduce(k); break;
    case 2: tile_rows(k); break;
    case 3: tile_stencil(k); break;
    case 4: tile_fft(k); break;
    case 5: tile_solve(k); break;
    case 6: tile_scan(k); break;
    default: tile_gemm(k); break;
    }
    SynthKernel out;
    out.python_source = k.render(dice.on(Knob::PDocstring));
    out.kernel_name = k.name;
    out.category = Category::Tiles;
    out.description = k.description;
    out.launch = k.launch(); // features: by synthesize(), for the attempt it keeps
    return out;
}

} // namespace ws::synth::tiles
