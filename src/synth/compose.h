// Composition by data flow: a kernel's graph grows from a root idiom, each
// input wired to a value the kernel has, to another idiom's result or to a new
// kernel input, and each result fed to a consumer idiom or left for the
// pattern to write out. Every value is read, every input comes from somewhere,
// and values flow only between ports of compatible roles.
#pragma once

#include "synth/graph.h"
#include "synth/plan.h"

#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace ws::synth {

// How the pattern wants new kernel inputs read and which idioms fit it.
struct CompositionRules {
    // The access of a new input for port `port` of `idiom` (non-uniform ports;
    // uniform ones are always Access::Uniform). Default: Access::Element.
    std::function<External(const Idiom& idiom, int port, Stage stage)> place;
    // Whether an idiom may be used at all in this kernel (e.g. stencil idioms
    // only in stencil kernels). Default: every idiom without a pattern trait.
    std::function<bool(const Idiom&)> allows;
};

class Composer {
  public:
    Composer(Plan& plan, Dice& dice, CompositionRules rules);

    // Adds an instance of `idiom` in `stage`, `fixed` inputs (port, value)
    // given, the others wired. `role_hint` is the role generic inputs take.
    int add(const Idiom& idiom, Stage stage, const std::vector<std::pair<int, int>>& fixed = {},
            int depth = 0, const std::string& role_hint = "");
    // A root idiom of the plan's domain, weighted by the category's preferences.
    const Idiom* pick_root(const std::function<bool(const Idiom&)>& filter = {});
    // Grows from open values: consumers while the budget lasts.
    void grow(Stage stage, int budget);
    // A consumer of value `v`: the idiom and the port `v` feeds.
    std::optional<std::pair<const Idiom*, int>> pick_consumer(int v, Stage stage);
    // A new kernel input feeding `port` of `idiom`.
    int external(const Idiom& idiom, int port, Stage stage, const std::string& role);
    // A uniform kernel input the pattern reads itself (a hash grid's id, a query radius).
    int pattern_input(const std::string& role, PortType type, const std::string& default_value = "");
    // A value not made by an idiom (an accumulator, a pattern's own value).
    int add_value(Value v);

    Plan& plan;
    Dice& dice;

  private:
    CompositionRules rules_;
    std::vector<const Idiom*> active_; // idioms whose inputs are being wired
    // Values the port being wired, and the producers made for it, keep apart from.
    struct Apart {
        int value;
        bool distinct; // a pair's endpoint: not even computed from the same data
    };
    std::vector<Apart> apart_;
    bool kept_apart(int v) const;
    int wire(const Idiom& idiom, int port, Stage stage, int depth, const std::string& role_hint,
             const std::vector<int>& taken);
    int wire_value(const Idiom& idiom, int port, Stage stage, int depth, const std::string& role,
                   const std::vector<int>& taken);
    std::vector<int> candidates(const Port& port, const std::string& role, Stage stage,
                                const std::vector<int>& taken) const;
    const Idiom* pick_producer(const Port& port, const std::string& role, int depth);
    int weight(const Idiom& idiom) const;
    int add_external(const Port& p, External e, Stage stage, const std::string& role);
    void set_outputs(int node);
};

struct Role;

// Whether a value with these properties may feed the port.
bool fits(const Value& v, const Port& port, const std::string& role);
// Whether it may feed the port as the port's own role, with `v_role` = find_role(v.role): for a
// caller that tries one value on many ports.
bool fits(const Value& v, const Role* v_role, const Port& port);

} // namespace ws::synth
