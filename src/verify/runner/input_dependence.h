// Whether a kernel's outputs depend on its inputs: the forward pass runs again
// on inputs drawn anew from the same ranges, and every output array is
// compared with the first run's, component by component, bit for bit.
//
// Outputs are the arrays the launch specification marks as outputs, plus any
// other array the first forward pass changed (written in place). Inputs are
// every other argument, arrays and values alike.
//
// Draws, in this order, stopping as soon as every output has changed once:
//   1. uniform over each input's range, every component different from the
//      first draw where the range allows it (an integer range of one value
//      does not; bools are flipped);
//   2. every component in the lowest eighth of its range (bools false);
//   3. every component in the highest eighth of its range (bools true);
//   4.-8. each component in the lowest or the highest eighth, a coin flip
//      per component.
// The skewed draws move counts, histograms and thresholds that uniform draws
// could leave equal by chance: a count of elements above 0.9, and (the mixed
// draws) a comparison between two inputs, `if s >= x[i]`, that draws moving
// every input the same way leave alone.
//
// Verdict: an output array is input-independent when it stays bit-identical
// to the first run's under all eight draws; the check fails when ANY output is
// (a kernel that computes even one output from nothing is not worth training
// on), or when the kernel has no output at all. Entries a kernel leaves
// untouched (writes under a condition) are fine as long as some entry of the
// array changes. Most records cost one extra forward pass; only records that
// have an input-independent output pay all eight (the gradient check costs
// about thirty).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ws::verify::runner {

class RecordRun;

// "pass" or "fail: outputs ignore the inputs: <names> (...)" / "fail: no
// output: ...". `first` holds every argument's primal bytes after the first
// forward pass on the initial inputs. Leaves the run reset to its initial state.
std::string input_dependence(RecordRun& run, const std::vector<std::vector<uint8_t>>& first);

} // namespace ws::verify::runner
