#include "synth/probe/value.h"

#include "types/constant.h"

#include <cmath>
#include <cstring>

namespace ws::synth::probe {

void throw_unsupported(const char* what) {
    throw Unsupported(what);
}

int bits_of(Sc s) {
    switch (s) {
    case Sc::Bool: return 1;
    case Sc::I8:
    case Sc::U8: return 8;
    case Sc::I16:
    case Sc::U16:
    case Sc::F16: return 16;
    case Sc::I32:
    case Sc::U32:
    case Sc::F32: return 32;
    default: return 64;
    }
}

void ArgList::spill(Value&& v) {
    if (big_.empty()) {
        big_.reserve(n_ + 1);
        for (size_t k = 0; k < n_; ++k) big_.push_back(std::move(small()[k]));
        std::destroy_n(small(), n_);
    }
    big_.push_back(std::move(v));
    ++n_;
}

ArgList::operator Args() const {
    const Value* v = data();
    if (in_small()) {
        for (size_t k = 0; k < n_; ++k) small_ptrs_[k] = v + k;
        return {small_ptrs_.data(), n_};
    }
    big_ptrs_.resize(n_);
    for (size_t k = 0; k < n_; ++k) big_ptrs_[k] = v + k;
    return {big_ptrs_.data(), n_};
}

void ArgList::resize(size_t n) {
    while (n_ < n) push_back(Value{});
}

double fit_slow(Sc s, double v) {
    if (s == Sc::F32) return double(float(v));
    if (s == Sc::F16) return double(round_to_half(float(v)));
    if (s == Sc::F64) return v;
    if (!std::isfinite(v) || std::fabs(v) > 9.2e18) throw Unsupported("an integer out of range");
    return double(wrap_int(s, int64_t(v)));
}

Value make_int_of(Sc s, double v) {
    if (!std::isfinite(v) || std::fabs(v) > 9.2e18) throw Unsupported("an integer out of range");
    return make_int(s, int64_t(v));
}

Value make_zero(const Type& t) {
    Value r;
    r.t = t;
    r.c.fill(0.0);
    if (t.kind == Kind::Struct) {
        r.items = std::make_shared<std::vector<Value>>();
        for (const Type& f : t.st->types) r.items->push_back(make_zero(f));
    }
    if (t.kind == Kind::Quat) r.c[3] = 1.0;
    if (t.kind == Kind::Transform) r.c[6] = 1.0;
    return r;
}

Value type_value(const Type& t) {
    Value r;
    r.t = t;
    r.is_type = true;
    return r;
}

bool same_bits(const Value& a, const Value& b) {
    if (a.t.kind != b.t.kind) return false;
    if (a.items || b.items) {
        if (!a.items || !b.items || a.items->size() != b.items->size()) return false;
        for (size_t k = 0; k < a.items->size(); ++k)
            if (!same_bits((*a.items)[k], (*b.items)[k])) return false;
        return true;
    }
    if (a.t.kind == Kind::Scalar && !is_float(a.t.sc)) return a.i == b.i;
    const int n = a.t.kind == Kind::Scalar ? 1 : a.t.size();
    return std::memcmp(a.c.data(), b.c.data(), sizeof(double) * size_t(n)) == 0;
}

} // namespace ws::synth::probe
