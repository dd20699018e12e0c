// Reading and writing the scalar components that ws_arg_desc describes, as
// doubles. The runner fills inputs, forms the loss and compares adjoints in
// double precision whatever the kernel's scalar types are.
#pragma once

#include "verify/runner/abi.h"

#include <cstdint>
#include <cstring>
#include <string_view>

namespace ws::verify::runner {

bool is_float(int scalar);
int scalar_size(int scalar);
std::string_view scalar_name(int scalar);
// Machine epsilon of a float scalar type (0 for integers).
double scalar_epsilon(int scalar);

double load_scalar(const void* p, int scalar);
void store_scalar(void* p, int scalar, double v);

// IEEE 754 binary16 <-> float, round to nearest even (the runner cannot use
// Warp's own conversions: it does not include Warp's headers).
uint16_t float_to_half(float f);
float half_to_float(uint16_t h);
// bfloat16 <-> float as Warp's native library converts (round to nearest even, NaN kept a NaN).
uint16_t float_to_bfloat16(float f);
float bfloat16_to_float(uint16_t h);

} // namespace ws::verify::runner
