#include "synth/probe/value.h"

#include "types/constant.h"

#include <cmath>
#include <cstring>

namespace ws::synth::probe {

bool is_float(Sc s) {
    return s == Sc::F16 || s == Sc::F32 || s == Sc::F64;
}

bool is_signed(Sc s) {
    return s == Sc::I8 || s == Sc::I16 || s == Sc::I32 || s == Sc::I64;
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

int Type::size() const {
    switch (kind) {
    case Kind::Scalar: return 1;
    case Kind::Vec: return rows;
    case Kind::Mat: return rows * cols;
    case Kind::Quat: return 4;
    case Kind::Transform: return 7;
    default: return 0;
    }
}

void ArgList::push_back(Value v) {
    if (big_.empty() && n_ < small_.size()) {
        small_[n_++] = std::move(v);
        return;
    }
    if (big_.empty()) big_.assign(small_.begin(), small_.end());
    big_.push_back(std::move(v));
    ++n_;
}

void ArgList::resize(size_t n) {
    while (n_ < n) push_back(Value{});
}

double Value::num() const {
    if (t.kind != Kind::Scalar) throw Unsupported("a scalar was expected");
    return is_float(t.sc) ? c[0] : double(i);
}

double fit(Sc s, double v) {
    if (s == Sc::F32) return double(float(v));
    if (s == Sc::F16) return double(round_to_half(float(v)));
    if (s == Sc::F64) return v;
    if (!std::isfinite(v) || std::fabs(v) > 9.2e18) throw Unsupported("an integer out of range");
    return double(wrap_int(s, int64_t(v)));
}

int64_t wrap_int(Sc s, int64_t v) {
    switch (s) {
    case Sc::Bool: return v != 0;
    case Sc::I8: return int8_t(v);
    case Sc::U8: return uint8_t(v);
    case Sc::I16: return int16_t(v);
    case Sc::U16: return uint16_t(v);
    case Sc::I32: return int32_t(v);
    case Sc::U32: return uint32_t(v);
    default: return v;
    }
}

Value make_scalar(Sc s, double v) {
    if (!is_float(s)) {
        if (!std::isfinite(v) || std::fabs(v) > 9.2e18) throw Unsupported("an integer out of range");
        return make_int(s, int64_t(v));
    }
    Value r;
    r.t = {Kind::Scalar, s};
    r.c[0] = fit(s, v);
    return r;
}

Value make_int(Sc s, int64_t v) {
    Value r;
    r.t = {Kind::Scalar, s};
    r.i = wrap_int(s, v);
    return r;
}

Value make_bool(bool b) {
    return make_int(Sc::Bool, b ? 1 : 0);
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

double comp(const Value& v, int k) {
    if (v.t.kind == Kind::Scalar) return v.num();
    if (k >= v.t.size()) throw Unsupported("a component out of range");
    return v.c[size_t(k)];
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
