// Writing a planned kernel as Python: parameters (with their launch
// specification), module constants and helpers, reads of kernel inputs, idiom
// instances inline or as @wp.func calls, and writes of results. A pattern
// drives the layout of the body (thread indices, loops, guards) through the
// services here.
#pragma once

#include "synth/graph.h"
#include "synth/names.h"
#include "synth/plan.h"

#include <map>
#include <string>
#include <vector>

namespace ws::synth {

// A description as a kernel docstring: words wrapped at about 80 columns, in triple quotes;
// lines unindented.
std::vector<std::string> docstring_lines(const std::string& text);

// Lines of one function body, with the current indentation.
class Body {
  public:
    void line(const std::string& text);
    void open(const std::string& header); // `header:` and indent
    void close();
    void blank();
    int depth() const { return indent_; }
    const std::vector<std::string>& lines() const { return lines_; }

  private:
    std::vector<std::string> lines_;
    int indent_ = 1;
};

// The range a kernel input's values are drawn from: its role's, narrowed to
// what the ports it feeds require.
std::pair<double, double> value_range(const External& e);

// How array parameters are annotated in this kernel.
enum class ArrayStyle : uint8_t { Call, Item, Nd, Ndim };

class KernelWriter {
  public:
    KernelWriter(Plan& plan, Dice& dice);

    Plan& plan;
    Dice& dice;
    Body body;
    NameSet names; // the kernel's identifiers (parameters and locals)

    // ---- types ----
    std::string type_name(PortType t) const;
    std::string array_annotation(PortType t, int ndim, bool float16 = false) const;

    // ---- parameters, in the order the pattern declares them ----
    // An array parameter; returns its name. `base` is a preferred name.
    std::string array_param(const std::vector<std::string>& candidates, PortType t,
                            std::vector<int64_t> shape, double lo, double hi, bool output,
                            bool float16 = false);
    // An array of 0/1 flags (uint8, int or bool elements).
    std::string mask_param(const std::vector<std::string>& candidates, std::vector<int64_t> shape);
    // An array of wp.vec2i/wp.vec3i indices in [0, max].
    std::string index_vector_param(const std::vector<std::string>& candidates, int n,
                                   std::vector<int64_t> shape, double max);
    std::string scalar_param(const std::vector<std::string>& candidates, PortType t, double lo, double hi);
    // Uniform externals: a parameter, a module constant, a literal.
    void declare_uniforms();
    // Kernel parameters for every array external, keyed by their array
    // (externals of one role read at several endpoints share an array).
    std::string array_of(int external, std::vector<int64_t> shape, int extra_dims = 0);

    // ---- values ----
    // Sets how an external's value is read (`x[i]`); bound to a local when it
    // is read more than once or the style says so.
    void read(int external, const std::string& access_text);
    void read_all(Stage stage, const std::string& index_text);
    const std::string& text(int value) const { return text_[static_cast<size_t>(value)]; }
    const std::vector<std::string>& texts() const { return text_; }
    // The value's text where an operator will be applied to it.
    std::string operand(int value) const;
    // Binds a value to a local name (if it is not one already) and returns it.
    std::string bind(int value, const std::vector<std::string>& candidates);
    void set_text(int value, std::string text);

    // ---- idioms ----
    void write_nodes(Stage stage);

    // ---- writes ----
    // `name` per external for in-place writes.
    const std::string& array_name(int external) const;
    void store(const std::string& array, const std::string& index, int value);
    // An input array that the kernel also writes (in place).
    void mark_output(const std::string& array);

    // Output arrays and what they hold, for the description: (value, array).
    std::vector<std::pair<int, std::string>> outputs;

    // ---- the module ----
    std::string render(const std::string& kernel_name, const std::string& description) const;
    LaunchSpec launch() const;
    // A module-level name (kernel, helper) from the candidates.
    std::string module_name(const std::vector<std::string>& candidates) { return module_fresh(candidates); }
    // Names a new output array for a value's role.
    std::vector<std::string> output_names(int value) const;

  private:
    struct Param {
        std::string name, annotation;
    };
    std::vector<Param> params_;
    std::vector<ArgSpec> args_;
    std::vector<std::string> module_lines_;       // constants
    std::vector<std::string> helper_texts_;       // @wp.func definitions
    std::vector<std::string> struct_texts_;       // @wp.struct definitions
    std::map<const Idiom*, std::string> helpers_; // idiom -> helper name
    NameSet module_names_;
    std::vector<std::string> text_;             // per value
    std::map<std::string, std::string> arrays_; // array key -> parameter name
    std::vector<std::string> external_arrays_;  // per external (array externals)
    ArrayStyle style_;
    bool builtin_scalars_;

    std::string fresh(const std::vector<std::string>& candidates);
    std::string module_fresh(const std::vector<std::string>& candidates);
    void write_node(int node);
    std::string helper(const Idiom& idiom);
    std::string nested_helper(const Node& n);
    std::string uniform_text(int external);
    void declare_struct(const std::vector<size_t>& externals);
};

} // namespace ws::synth
