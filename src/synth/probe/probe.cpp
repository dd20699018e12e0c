#include "synth/probe/probe.h"

#include "syntax/parser.h"
#include "synth/probe/machine.h"
#include "synth/rng.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <utility>

namespace ws::synth {

// Apart from the rest of ws::synth (and of a unity batch): the driver sees all of namespace probe.
namespace probe_driver {
namespace {

using namespace probe;

// The first draw, and the redraws that must differ from it in every component that can.
enum class Draw { Initial, Uniform };

// The samples a probe tries in turn, until every output moves: more threads and more redraws
// each time, so a kernel whose outputs plainly depend on the inputs costs a few runs of four
// threads, and one whose outputs move rarely must show it on many.
struct Sample {
    int64_t threads;
    uint64_t redraws;
};
constexpr Sample kSamples[] = {{4, 2}, {32, 3}, {128, 5}};
constexpr int64_t kBudget = 200'000;      // statements per run
constexpr uint64_t kWholeGridRedraws = 3; // an aggregate output, checked on every thread

// Rng(seed)'s outputs, its four words of state made only for a second output: most draws of an
// integer or a bool take one (Rng::first_output()).
class LazyRng {
  public:
    explicit LazyRng(uint64_t seed) : seed_(seed) {}
    uint64_t next() {
        if (outputs_++ == 0) return Rng::first_output(seed_);
        if (outputs_ == 2) rng_ = std::make_unique<Rng>(seed_), rng_->next(); // the first, taken already
        return rng_->next();
    }
    uint64_t below(uint64_t n) { return Rng::below_of(*this, n); }

  private:
    uint64_t seed_;
    int outputs_ = 0;
    std::unique_ptr<Rng> rng_; // on the heap: rare, and no uninitialized state to hold meanwhile
};

// The kernel's arguments, drawn from the launch specification as the verifier draws them.
// Run 0 is the first draw; every later run draws anew, each component different from run 0's
// where its range allows. Array elements are drawn on demand from a hash of (run, array,
// element), so a run costs what the kernel reads, not the size of its arrays.
class Bench final : public ArrayInputs {
  public:
    Bench(Machine& m, const LaunchSpec& launch) : launch_(launch) {
        const auto& params = m.kernel().args.args;
        if (params.size() != launch.args.size()) throw Unsupported("the launch specification");
        args.reserve(params.size()); // no values moved as the lists grow
        elements_.reserve(params.size()), array_param_.reserve(params.size());
        m.arrays.reserve(m.arrays.size() + params.size());
        for (size_t k = 0; k < params.size(); ++k) {
            const ArgSpec& spec = launch.args[k];
            if (!params[k].annotation || params[k].name != spec.name)
                throw Unsupported("the launch specification");
            const Value t = m.annotation(params[k].annotation);
            if (t.array_ndim == 0) {
                args.push_back(make_zero(t.t));
                continue;
            }
            if (int(spec.shape.size()) != t.array_ndim) throw Unsupported("an array's shape");
            m.arrays.push_back({t.t, spec.shape, {}, false});
            Value a{};
            a.t.kind = Kind::Array;
            a.array = int(m.arrays.size() - 1);
            args.push_back(a);
            array_param_.push_back(k);
            elements_.push_back(element_draw(t.t, spec));
        }
        m.inputs = this;
    }

    // Draws the scalar and struct arguments of run `run`; arrays are drawn as they are read.
    void start_run(uint64_t run) {
        run_ = run;
        for (size_t k = 0; k < args.size(); ++k)
            if (args[k].t.kind != Kind::Array)
                args[k] = draw(args[k].t, launch_.args[k], hash_combine(k, 0x5CA1));
    }

    // Element `flat` of array `array` at the start of the current run.
    // The draw of each array's elements is decided once per array (a kernel reads many elements):
    // the same values as draw(), without looking up the specification and range on every read.
    // The float draws of float32 and float64, the most frequent, call nothing (so save few
    // registers); the rare ones run out of line.
    Value element(int array, int64_t flat) override {
        const ElementDraw& d = elements_[size_t(array)];
        const uint64_t key = hash_combine(uint64_t(array) + 1, uint64_t(flat));
        if (d.how == ElementDraw::FloatScalar)
            return draw_float_scalar<fit_wide>(d.elem.sc, d.lo, d.hi, hash_combine(key, run_));
        if (d.how == ElementDraw::Float)
            return draw_float<fit_wide>(d.elem, d.lo, d.hi, hash_combine(key, run_));
        if (d.how == ElementDraw::IntScalar) return draw_int_element(d, key);
        return element_other(size_t(array), key);
    }

    // The element in run `run` (the current run is kept).
    Value element_in_run(int array, int64_t flat, uint64_t run) {
        const uint64_t current = std::exchange(run_, run);
        Value v = element(array, flat);
        run_ = current;
        return v;
    }

    const std::string& name_of(int array) const { return launch_.args[array_param_[size_t(array)]].name; }

    std::vector<Value> args;

  private:
    // How the elements of one array are drawn (the cases of draw(), and an output's constant fill).
    struct ElementDraw {
        // FloatScalar, Float: of float32 or float64 (fit_wide()); HalfScalar, Half: of float16.
        enum How : uint8_t { FloatScalar, Float, HalfScalar, Half, IntScalar, Other, Constant } how;
        Type elem;
        double lo, hi; // the range, ordered as draw() orders it (IntScalar: as integer_range() rounds it)
        const ArgSpec* spec;
        // IntScalar but for bools: the integers in the range, and Rng::below()'s bound for them
        // (0 when there are none to count: draw_int_scalar() then draws as draw() does).
        uint64_t count, limit;
        std::unique_ptr<Value> filled; // Constant: the element, made on first read (apart: rare and large)
    };

    // element() of any other draw.
    [[gnu::noinline]] Value element_other(size_t array, uint64_t key) {
        ElementDraw& d = elements_[array];
        switch (d.how) {
        case ElementDraw::FloatScalar: // element()'s, as Float and IntScalar
        case ElementDraw::HalfScalar:
            return draw_float_scalar(d.elem.sc, d.lo, d.hi, hash_combine(key, run_));
        case ElementDraw::Float:
        case ElementDraw::Half: return draw_float(d.elem, d.lo, d.hi, hash_combine(key, run_));
        case ElementDraw::IntScalar: return draw_int_scalar(d.elem.sc, d.lo, d.hi, key);
        case ElementDraw::Other: return draw_other(d.elem, *d.spec, key);
        case ElementDraw::Constant: break;
        }
        // The same in every run and every element: made once per array.
        if (!d.filled) d.filled = std::make_unique<Value>(fill(make_zero(d.elem), d.spec->min_value));
        return *d.filled;
    }
    // fit() of float32 or float64 alone, with no call for the others.
    static double fit_wide(Sc s, double v) { return s == Sc::F32 ? double(float(v)) : v; }

    static ElementDraw element_draw(const Type& t, const ArgSpec& spec) {
        ElementDraw d{ElementDraw::Other, t, spec.min_value, spec.max_value, &spec, 0, 0, nullptr};
        if (!(d.lo <= d.hi)) std::swap(d.lo, d.hi);
        if (spec.is_output && spec.min_value == spec.max_value)
            d.how = ElementDraw::Constant;
        else if (t.kind != Kind::Struct && is_float(t.sc))
            d.how = t.sc == Sc::F16
                        ? (t.kind == Kind::Scalar ? ElementDraw::HalfScalar : ElementDraw::Half)
                        : (t.kind == Kind::Scalar ? ElementDraw::FloatScalar : ElementDraw::Float);
        else if (t.kind == Kind::Scalar)
            d.how = ElementDraw::IntScalar, integer_range(d.lo, d.hi);
        if (d.how == ElementDraw::IntScalar && t.sc != Sc::Bool) {
            d.count = uint64_t(d.hi - d.lo) + 1; // as integer_component() counts them
            if (d.count != 0) d.limit = Rng::below_limit(d.count);
        }
        return d;
    }

    Value fill(Value r, double x) {
        if (r.items) {
            auto items = std::make_shared<std::vector<Value>>(*r.items);
            for (Value& f : *items) f = fill(f, x);
            r.items = items;
            return r;
        }
        if (r.t.kind == Kind::Scalar) return make_scalar(r.t.sc, x);
        for (int c = 0; c < r.t.size(); ++c) r.c[size_t(c)] = fit(r.t.sc, x);
        return r;
    }

    // A value of type `t` for the slot `key` (an argument or an array element) in this run.
    Value draw(const Type& t, const ArgSpec& spec, uint64_t key) {
        if (t.kind == Kind::Struct || !is_float(t.sc)) return draw_other(t, spec, key);
        double lo = spec.min_value, hi = spec.max_value;
        if (!(lo <= hi)) std::swap(lo, hi);
        if (t.kind == Kind::Scalar) return draw_float_scalar(t.sc, lo, hi, hash_combine(key, run_));
        return draw_float(t, lo, hi, hash_combine(key, run_));
    }

    // draw() of a struct, an integer or a bool.
    [[gnu::noinline]] Value draw_other(const Type& t, const ArgSpec& spec, uint64_t key) {
        if (t.kind == Kind::Struct) {
            Value r = make_zero(t);
            for (size_t f = 0; f < r.items->size(); ++f)
                (*r.items)[f] = draw((*r.items)[f].t, spec, hash_combine(key, f + 1));
            return r;
        }
        double lo = spec.min_value, hi = spec.max_value;
        if (!(lo <= hi)) std::swap(lo, hi);
        if (t.kind == Kind::Scalar) { // the frequent case
            integer_range(lo, hi);
            return draw_int_scalar(t.sc, lo, hi, key);
        }
        LazyRng rng(hash_combine(key, run_));
        // The first redraw of an integer keeps apart from the first draw (see component()).
        const bool needs_first = run_ == 1 && !is_float(t.sc);
        Value r = make_zero(t);
        Value first;
        if (needs_first) first = first_draw(t, spec, key);
        for (int c = 0; c < r.t.size(); ++c)
            r.c[size_t(c)] = component(rng, t.sc, lo, hi, run_ == 1, needs_first ? first.c[size_t(c)] : 0.0);
        return r;
    }

    // draw_int_scalar() of an array's element, from the generator's first output when it falls
    // below the limit (it almost always does) and, in the first redraw, differs from the first
    // draw's; the count and limit made once per array.
    [[gnu::noinline]] Value draw_int_element(const ElementDraw& d, uint64_t key) {
        const Sc s = d.elem.sc;
        if (double v; first_in_range(d, key, run_, v)) {
            if (run_ != 1) return make_int(s, int64_t(v));
            if (double first; first_in_range(d, key, 0, first) && v != double(wrap_int(s, int64_t(first))))
                return make_int(s, int64_t(v));
        }
        return draw_int_scalar(s, d.lo, d.hi, key);
    }
    // Whether the generator of `key` in run `run` draws its first output below the limit: then
    // `v`, the integer integer_component() makes of it.
    static bool first_in_range(const ElementDraw& d, uint64_t key, uint64_t run, double& v) {
        const uint64_t x = Rng::first_output(hash_combine(key, run));
        if (x >= d.limit) return false;
        v = d.lo + double(x % d.count);
        return true;
    }

    // draw() of an integer or bool scalar in the range integer_range() made. The first redraw
    // keeps apart from the first draw's value, made here as draw() made it in run 0 (with no
    // draw() to call again).
    Value draw_int_scalar(Sc s, double lo, double hi, uint64_t key) {
        double first = 0.0;
        if (run_ == 1) {
            LazyRng first_rng(hash_combine(key, 0));
            first = double(wrap_int(s, int64_t(integer_component(first_rng, s, lo, hi, false, 0.0))));
        }
        LazyRng rng(hash_combine(key, run_));
        return make_int(s, int64_t(integer_component(rng, s, lo, hi, run_ == 1, first)));
    }

    // draw() of a float scalar or composite, the most frequent: one output of the generator per
    // component, nothing to keep apart from the first draw, the value made in place (as
    // make_scalar() or make_zero() and component() make it).
    template <double (*kFit)(Sc, double) = fit>
    static Value draw_float_scalar(Sc s, double lo, double hi, uint64_t seed) {
        Value r;
        r.t = {Kind::Scalar, s};
        r.c[0] = kFit(s, kFit(s, lo + (hi - lo) * double(Rng::first_output(seed) >> 11) * 0x1.0p-53));
        return r;
    }
    // Inline: element() draws a composite with no call.
    template <double (*kFit)(Sc, double) = fit>
    static Value draw_float(const Type& t, double lo, double hi, uint64_t seed) {
        // The size and type read once: a store to `r.c` may alias `t` for the compiler.
        const int n = t.size();
        const Sc s = t.sc;
        auto uniform = [&](uint64_t x) { return kFit(s, lo + (hi - lo) * double(x >> 11) * 0x1.0p-53); };
        Value r; // every component is drawn: no zeros first (make_zero())
        r.t = t;
        Rng rng(seed);
        for (int c = 0; c < n; ++c) r.c[size_t(c)] = uniform(rng.next());
        return r;
    }

    // The value run 0 drew for `key`.
    Value first_draw(const Type& t, const ArgSpec& spec, uint64_t key) {
        const uint64_t run = std::exchange(run_, 0);
        Value v = draw(t, spec, key);
        run_ = run;
        return v;
    }

    // One component, uniform over the range (integers inclusive). The first redraw (`apart`) is
    // the verifier's: each integer differs from the first draw's `first` wherever the range
    // allows, each bool is flipped. Later redraws are fresh (forcing them apart from the first
    // draw would make them repeat each other on small ranges).
    static double component(LazyRng& rng, Sc s, double lo, double hi, bool apart, double first) {
        if (is_float(s)) return fit(s, lo + (hi - lo) * double(rng.next() >> 11) * 0x1.0p-53);
        integer_range(lo, hi);
        return integer_component(rng, s, lo, hi, apart, first);
    }
    // The integers of an ordered range: an array's elements round it once, not at every draw.
    static void integer_range(double& lo, double& hi) {
        lo = std::ceil(lo), hi = std::max(lo, std::floor(hi));
    }
    // component() of an integer or bool (which ignores the range), the range made by integer_range().
    static double integer_component(LazyRng& rng, Sc s, double lo, double hi, bool apart, double first) {
        if (s == Sc::Bool) return apart ? 1.0 - first : double(rng.next() & 1);
        double v = lo + double(rng.below(uint64_t(hi - lo) + 1));
        for (int tries = 0; apart && tries < 8 && v == first; ++tries)
            v = lo + double(rng.below(uint64_t(hi - lo) + 1));
        if (apart && v == first) v = first == lo ? hi : lo;
        return v;
    }

    const LaunchSpec& launch_;
    std::vector<size_t> array_param_;   // the parameter of each array
    std::vector<ElementDraw> elements_; // how each array's elements are drawn
    uint64_t run_ = 0;
};

// Whether an output array holds the same values after two runs, over the elements either run
// wrote (an element one run left alone holds that run's initial value).
bool same_output(Bench& bench, int array, const std::unordered_map<int64_t, Written>& a, uint64_t run_a,
                 const std::unordered_map<int64_t, Written>& b, uint64_t run_b) {
    auto value_in = [&](const std::unordered_map<int64_t, Written>& w, uint64_t run, int64_t flat) {
        if (auto it = w.find(flat); it != w.end()) return it->second.value;
        return bench.element_in_run(array, flat, run);
    };
    for (const auto& [flat, w] : a)
        if (!same_bits(w.value, value_in(b, run_b, flat))) return false;
    for (const auto& [flat, w] : b)
        if (!a.count(flat) && !same_bits(value_in(a, run_a, flat), w.value)) return false;
    return true;
}

// The check on `threads`: Depends, Ignores (the outputs that did not move), or Unknown when
// these threads write nothing.
struct Outcome {
    ProbeResult result;
    bool aggregate = false; // an output written by several threads (see ArrayBuf::shared)
};

// With `may_stop` (the previous sample found outputs that ignore the inputs, so this sample's
// verdict is Ignores whether its runs finish or not) the redraws stop once no output has moved:
// the verdict is already Ignores. Not for an aggregate on part of the grid, which is checked on
// every thread unless a run fails.
Outcome check(Machine& m, const LaunchSpec& launch, const std::vector<int64_t>& threads, uint64_t redraws,
              bool may_stop) {
    Bench bench(m, launch);
    bench.start_run(0);
    m.launch(bench.args, launch.dim, threads, kBudget);
    // Each run's writes are moved out of the machine (its next launch clears them).
    std::vector<std::unordered_map<int64_t, Written>> first;
    for (ArrayBuf& a : m.arrays) first.push_back(std::move(a.written));
    std::vector<int> outputs; // arrays marked as outputs or written in place
    for (size_t k = 0, a = 0; k < bench.args.size(); ++k) {
        if (bench.args[k].t.kind != Kind::Array) continue;
        if (launch.args[k].is_output || !first[a].empty()) outputs.push_back(int(a));
        ++a;
    }
    if (outputs.empty()) return {{ProbeVerdict::Unknown, "no output written"}};
    bool aggregate = false;
    for (int a : outputs) aggregate = aggregate || m.arrays[size_t(a)].shared;
    int64_t total = 1;
    for (int64_t d : launch.dim) total *= d;
    may_stop = may_stop && !(aggregate && int64_t(threads.size()) < total);
    // Every output must differ between every two runs (the first and each uniform redraw): the
    // verifier's skewed draws (all low, all high, mixed) catch some outputs that rarely move, but
    // not reliably, so a kernel whose output moves only in corners of its input ranges or on a
    // few of its elements is drawn again.
    std::vector<bool> moved(outputs.size(), true);
    std::vector<std::vector<std::unordered_map<int64_t, Written>>> runs(outputs.size());
    for (size_t o = 0; o < outputs.size(); ++o) runs[o].push_back(std::move(first[size_t(outputs[o])]));
    for (uint64_t run = 1; run <= redraws; ++run) {
        bench.start_run(run);
        m.launch(bench.args, launch.dim, threads, kBudget);
        for (size_t o = 0; o < outputs.size(); ++o) {
            const int a = outputs[o];
            for (uint64_t earlier = 0; earlier < run && moved[o]; ++earlier)
                if (same_output(bench, a, runs[o][earlier], earlier, m.arrays[size_t(a)].written, run))
                    moved[o] = false;
            runs[o].push_back(std::move(m.arrays[size_t(a)].written));
        }
        if (may_stop && std::find(moved.begin(), moved.end(), true) == moved.end()) break;
    }
    if (std::find(moved.begin(), moved.end(), false) == moved.end())
        return {{ProbeVerdict::Depends, ""}, aggregate};
    std::string names;
    for (size_t o = 0; o < outputs.size(); ++o)
        if (!moved[o]) names += (names.empty() ? "" : ", ") + bench.name_of(outputs[o]);
    return {{ProbeVerdict::Ignores, names}, aggregate};
}

// `n` thread ids spread over the grid, starting with the first ones (boundaries, early returns).
std::vector<int64_t> sample_threads(int64_t total, int64_t n) {
    std::vector<int64_t> t;
    for (int64_t i = 0; i < n / 2; ++i) t.push_back(i);
    for (int64_t i = 0; i < n - n / 2; ++i) t.push_back(n / 2 + (total - n / 2) * i / (n - n / 2));
    return t;
}

} // namespace
} // namespace probe_driver

ProbeResult probe_dependence(const std::string& python_source, const LaunchSpec& launch) {
    std::unique_ptr<ast::Module> module;
    try {
        module = parse_module(std::make_shared<SourceFile>("probe.py", python_source));
    } catch (const std::exception& e) {
        return {ProbeVerdict::Unknown, std::string("not parsed: ") + e.what()};
    }
    return probe_dependence(*module, launch);
}

// Most kernels show every output moving on a few threads; only the others pay for more.
ProbeResult probe_dependence(const ast::Module& module, const LaunchSpec& launch) {
    using namespace probe_driver;
    try {
        int64_t total = 1;
        for (int64_t d : launch.dim) total *= d;
        // A larger sample that cannot finish (over the budget, a branch the interpreter does not
        // model) leaves the verdict of the last sample that did. An aggregate output (a maximum
        // over the launch, an atomic count) may saturate on the whole grid and not on a sample:
        // it is checked on every thread.
        std::optional<ProbeResult> r;
        Machine m(module); // one for every check: what it compiles is kept (see Machine::reset())
        bool used = false;
        for (const Sample& sample : kSamples) {
            const int64_t n = std::min(sample.threads, total);
            Outcome o;
            try {
                if (std::exchange(used, true)) m.reset();
                const bool may_stop = r && r->verdict == ProbeVerdict::Ignores;
                o = check(m, launch, sample_threads(total, n), sample.redraws, may_stop);
            } catch (const Unsupported&) {
                if (!r) throw;
                return *r;
            }
            if (o.aggregate && n < total) {
                std::vector<int64_t> all(static_cast<size_t>(total));
                for (int64_t t = 0; t < total; ++t) all[size_t(t)] = t;
                m.reset();
                return check(m, launch, all, kWholeGridRedraws, false).result;
            }
            r = o.result;
            if (r->verdict == ProbeVerdict::Depends) break;
        }
        return *r;
    } catch (const Unsupported& e) {
        return {ProbeVerdict::Unknown, e.what()};
    } catch (const std::exception& e) {
        return {ProbeVerdict::Unknown, std::string("not parsed: ") + e.what()};
    }
}

} // namespace ws::synth
