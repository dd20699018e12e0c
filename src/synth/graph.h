// The data-flow graph of one kernel: idiom instances (nodes) wired output to
// input, the kernel inputs they read (externals) and where their results go
// (sinks). Built by the composer in topological order (a node's inputs exist
// before it), then written out as Python by the emitter.
#pragma once

#include "synth/idiom.h"

#include <array>
#include <string>
#include <vector>

namespace ws::synth {

// How a kernel input reaches the computation.
enum class Access : uint8_t {
    Element,  // an array read at the thread's own element
    Endpoint, // an array read at an index taken from an index array (gathers, neighbours)
    Neighbor, // a grid array read at an offset from the thread's cell (stencils)
    Uniform,  // the same for every thread: a parameter, module constant, struct field or literal
    Provided, // made by the kernel's pattern (an RNG state, a loop index, a coordinate)
};

// Loop patterns split a kernel into the part before the loop, the loop body
// and the part after it; values cross from the body to after only through
// accumulators. Other patterns use Stage::Pre only.
enum class Stage : uint8_t { Pre, Body, Post };

struct Value {
    PortType type = PortType::F;
    Facts facts;
    double mag = 1.0; // bound on the magnitude of its components
    std::string role;
    std::string noun; // for descriptions, e.g. "the spring force"
    bool uniform = false;
    Stage stage = Stage::Pre;
    int node = -1;        // producing node, or -1
    int port = 0;         // output port of that node
    int external = -1;    // or the external it reads
    int accumulator = -1; // or the loop accumulator it is
    int consumers = 0;    // node inputs and sinks that read it

    // Whether its largest or smallest over many elements is one number whatever the inputs: a
    // value in [0, 1] comes from a step, a mask or a clamp, which reach 0 and 1 on many elements;
    // a whole-valued one (a sign, a count) takes few values; a gated one is 0 on many.
    bool extremes_saturate() const { return facts.unit01 || facts.whole || facts.often_zero; }
};

struct Node {
    const Idiom* idiom = nullptr;
    Stage stage = Stage::Pre;
    std::vector<int> inputs;  // value per input port
    std::vector<int> outputs; // value per output port
    bool helper = false;      // written as a @wp.func call
    // Nested helpers: this node's helper first calls the helper of node `nested`,
    // whose only result feeds input `nested_port`; that node is then not written
    // in the kernel (`inside`).
    int nested = -1;
    int nested_port = -1;
    bool inside = false;
};

struct External {
    std::string role;
    PortType type = PortType::F;
    Facts facts;          // what the data guarantees (its range is chosen to match)
    double max_abs = 0.0; // a cap on its range (0: the role's range)
    Access access = Access::Element;
    int endpoint = -1;           // Endpoint: which gathered index
    std::array<int, 3> offset{}; // Neighbor: the offset
    std::string default_value;   // Uniform: a typical literal
    std::string port_name;       // the port it was made for
    std::string group;           // externals of one group share an array (stencil neighbours)
    bool invariant = false;      // read once before a loop although a loop body uses it
    int value = -1;
};

enum class SinkKind : uint8_t {
    Store,     // out[element] = v
    AtomicAdd, // accumulated with an atomic add (at an endpoint, a bin or one slot)
    AtomicSub,
    AtomicMax,
    AtomicMin,
    Compact, // appended through an atomic counter when a condition holds
};

struct Sink {
    int value = -1;
    SinkKind kind = SinkKind::Store;
    int endpoint = -1;  // atomics at a gathered index
    int condition = -1; // Compact: the boolean value
    int in_place = -1;  // Store: the external whose array is written back
};

// A loop accumulator: `acc = zero` before the loop, `acc op= v` in the body. Query loops also
// count where a condition holds (`if hit: n += 1`) and keep the nearest hit of a ray
// (`if hit: t_best = wp.min(t_best, t)`, the condition being the hit its idiom reports).
struct Accumulator {
    int source = -1; // the body value accumulated
    int value = -1;  // the value after the loop
    enum class Op : uint8_t { Sum, Mean, Max, Min, Count, Nearest } op = Op::Sum;
    int condition = -1; // Nearest: the body's hit flag
};

struct Graph {
    std::vector<Value> values;
    std::vector<Node> nodes;
    std::vector<External> externals;
    std::vector<Sink> sinks;
    std::vector<Accumulator> accumulators;

    // Values produced so far that nothing reads yet (in creation order).
    std::vector<int> open_values() const;
};

} // namespace ws::synth
