// Category recipes: each builds one kernel of its category with a
// KernelBuilder (parameters, a category-specific core, policy-driven filler
// statements, finish). Split over recipes_*.cpp by theme.
#pragma once

#include "synth/kernel_builder.h"

#include <utility>

namespace ws::synth {

void recipe_arithmetic(KernelBuilder& kb);
void recipe_math(KernelBuilder& kb);
void recipe_vector(KernelBuilder& kb);
void recipe_matrix(KernelBuilder& kb);
void recipe_quat_transform(KernelBuilder& kb);
void recipe_control_flow(KernelBuilder& kb);
void recipe_loops(KernelBuilder& kb);
void recipe_atomic(KernelBuilder& kb);
void recipe_stencil(KernelBuilder& kb);
void recipe_functions(KernelBuilder& kb);
void recipe_random(KernelBuilder& kb);
void recipe_physics(KernelBuilder& kb);

// Shared by the recipes (recipes_common.cpp).
namespace recipe {

// A scalar element type for data arrays: the kernel float mostly, else the
// integer types the palette enables.
SType data_scalar(KernelBuilder& kb, bool allow_int);
// A value type for data arrays drawn from the palette (vectors, matrices...).
SType data_type(KernelBuilder& kb);
// Input value range for an array/parameter of this type.
std::pair<double, double> value_range(KernelBuilder& kb, const SType& t);
// `count` grid inputs of the given types (or drawn ones) and `outs` grid outputs.
void grid_inputs(KernelBuilder& kb, int count, bool allow_int);
void grid_outputs(KernelBuilder& kb, int count, bool allow_int);
// Defines `name = value` and returns the variable's name.
std::string let(KernelBuilder& kb, NameRole role, const Value& v, const std::string& name = "");
// An index the recipe uses again later by name: random statements in between
// must not reassign it (it would leave the array's bounds).
std::string let_index(KernelBuilder& kb, NameRole role, const Value& v, const std::string& name = "");
int pick_ndim(KernelBuilder& kb, int w1, int w2, int w3, int w4 = 0);

} // namespace recipe

} // namespace ws::synth
