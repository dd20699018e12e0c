// synthesize(): one kernel from (seed, index, categories). Everything random
// comes from an Rng seeded by a hash of (seed, index), so a kernel never
// depends on other kernels, threads or machines.
#include "synth/kernel_builder.h"
#include "synth/recipes.h"
#include "synth/synth.h"

#include <array>

namespace ws::synth {

namespace {

using Recipe = void (*)(KernelBuilder&);

struct RecipeRow {
    Category category;
    Recipe recipe;
};

constexpr RecipeRow kRecipes[] = {
    {Category::Arithmetic, recipe_arithmetic},
    {Category::Math, recipe_math},
    {Category::Vector, recipe_vector},
    {Category::Matrix, recipe_matrix},
    {Category::QuatTransform, recipe_quat_transform},
    {Category::ControlFlow, recipe_control_flow},
    {Category::Loops, recipe_loops},
    {Category::Atomic, recipe_atomic},
    {Category::Stencil, recipe_stencil},
    {Category::Functions, recipe_functions},
    {Category::Random, recipe_random},
    {Category::Physics, recipe_physics},
};

} // namespace

uint64_t kernel_seed(uint64_t seed, uint64_t index) {
    return hash_combine(hash_combine(seed, 0x5EEDull), index);
}

SynthKernel synthesize(const SynthOptions& options, uint64_t index) {
    const std::vector<Category>& cats = options.categories.empty() ? all_categories() : options.categories;
    const uint64_t h = kernel_seed(options.seed, index);
    const Category category = cats[hash_combine(h, hash_name("category")) % cats.size()];

    Rng rng(h);
    Policy policy = draw_policy(rng, category);
    Module mod(category, policy, rng.fork(hash_name("module")));
    KernelBuilder kb(mod);
    for (const auto& row : kRecipes)
        if (row.category == category) row.recipe(kb);

    SynthKernel out;
    out.python_source = kb.render();
    out.kernel_name = mod.kernel_name;
    out.category = category;
    out.features = mod.feats.list();
    out.launch = kb.launch_spec();
    return out;
}

} // namespace ws::synth
