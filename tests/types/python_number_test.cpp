// Python's arithmetic on ints and floats (src/types/pyint.h, python_number.h)
// against CPython 3.11's own answers: python_number_cases.txt holds thousands
// of operations with the results CPython computed (made by
// gen_python_number_cases.py), plus hand-checked cases below.
#include "types/python_number.h"

#include <bit>
#include <cmath>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

namespace ws {
namespace {

using python::BinOp;
using python::CmpOp;

Constant decode(const std::string& s) {
    std::string v = s.substr(2);
    if (s[0] == 'b') return Constant::py_bool(v == "True");
    if (s[0] == 'f') return Constant::py_float(std::bit_cast<double>(std::stoull(v, nullptr, 16)));
    bool neg = v[0] == '-';
    PyInt i = *PyInt::parse(neg ? v.substr(1) : v);
    return Constant::py_int(neg ? -i : i);
}

std::string encode(const Constant& c) {
    switch (c.kind) {
    case Constant::Kind::PyBool: return c.b ? "b:True" : "b:False";
    case Constant::Kind::PyInt: return "i:" + c.i.str() + " (decimal)";
    case Constant::Kind::PyFloat: {
        char buf[32];
        std::snprintf(buf, sizeof buf, "f:%016llx",
                      static_cast<unsigned long long>(std::bit_cast<uint64_t>(c.f)));
        return buf;
    }
    default: return "?";
    }
}

bool same(const Constant& got, const std::string& want) {
    Constant w = decode(want);
    if (got.kind != w.kind) return false;
    switch (w.kind) {
    case Constant::Kind::PyBool: return got.b == w.b;
    case Constant::Kind::PyInt: return got.i == w.i;
    default:
        return (std::isnan(got.f) && std::isnan(w.f)) ||
               std::bit_cast<uint64_t>(got.f) == std::bit_cast<uint64_t>(w.f);
    }
}

BinOp binop(const std::string& s) {
    static const std::pair<const char*, BinOp> k[] = {
        {"+", BinOp::Add},       {"-", BinOp::Sub},    {"*", BinOp::Mult},  {"/", BinOp::Div},
        {"//", BinOp::FloorDiv}, {"%", BinOp::Mod},    {"**", BinOp::Pow},  {"<<", BinOp::LShift},
        {">>", BinOp::RShift},   {"&", BinOp::BitAnd}, {"|", BinOp::BitOr}, {"^", BinOp::BitXor}};
    for (auto [n, op] : k)
        if (s == n) return op;
    throw std::runtime_error("bad op " + s);
}

CmpOp cmpop(const std::string& s) {
    static const std::pair<const char*, CmpOp> k[] = {{"==", CmpOp::Eq}, {"!=", CmpOp::NotEq},
                                                      {"<", CmpOp::Lt},  {"<=", CmpOp::LtE},
                                                      {">", CmpOp::Gt},  {">=", CmpOp::GtE}};
    for (auto [n, op] : k)
        if (s == n) return op;
    throw std::runtime_error("bad op " + s);
}

python::UnaryOp unop(const std::string& s) {
    if (s == "-") return python::UnaryOp::Neg;
    if (s == "+") return python::UnaryOp::Pos;
    if (s == "~") return python::UnaryOp::Invert;
    return python::UnaryOp::Not;
}

// One case: our results, each encoded like the file's.
std::vector<Constant> compute(const std::string& op, const std::vector<Constant>& a) {
    if (op.rfind("bin", 0) == 0) return {python::binary(binop(op.substr(3)), a[0], a[1])};
    if (op.rfind("cmp", 0) == 0) return {Constant::py_bool(python::compare(cmpop(op.substr(3)), a[0], a[1]))};
    if (op.rfind("un", 0) == 0) return {python::unary(unop(op.substr(2)), a[0])};
    if (op == "int") return {python::to_int(a[0])};
    if (op == "float") return {python::to_float(a[0])};
    if (op == "abs") return {python::abs(a[0])};
    if (op == "round1") return {python::round(a[0])};
    if (op == "round2") return {python::round(a[0], a[1])};
    if (op == "pow3") return {python::pow(a[0], a[1], a[2])};
    if (op == "divmod") {
        auto [q, r] = python::divmod(a[0], a[1]);
        return {q, r};
    }
    std::vector<const Constant*> xs;
    for (const Constant& c : a) xs.push_back(&c);
    if (op == "min") return {python::min(xs)};
    if (op == "max") return {python::max(xs)};
    throw std::runtime_error("bad op " + op);
}

TEST(PythonNumber, MatchesCPython) {
    std::ifstream in(WS_PYTHON_NUMBER_CASES);
    ASSERT_TRUE(in) << "cannot read " << WS_PYTHON_NUMBER_CASES;
    std::string line;
    int cases = 0, failures = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> f;
        std::stringstream ss(line);
        for (std::string t; std::getline(ss, t, '\t');) f.push_back(t);
        auto arrow = std::find(f.begin(), f.end(), "=>");
        ASSERT_NE(arrow, f.end()) << line;
        std::vector<Constant> args;
        for (auto it = f.begin() + 1; it != arrow; ++it) args.push_back(decode(*it));
        std::vector<std::string> want(arrow + 1, f.end());
        ++cases;
        std::string got;
        bool ok;
        try {
            std::vector<Constant> r = compute(f[0], args);
            ok = r.size() == want.size();
            for (size_t k = 0; ok && k < r.size(); ++k)
                ok = want[k][1] == ':' && want[k][0] != 'E' && want[k][0] != 'N' && same(r[k], want[k]);
            for (const Constant& c : r) got += encode(c) + " ";
        } catch (const python::Error& e) {
            ok = want[0] == "E:" + e.type();
            got = std::string("raised ") + e.what();
        } catch (const python::NotModeled& e) {
            ok = want[0] == "N:complex";
            got = std::string("not modelled: ") + e.what();
        }
        if (!ok && ++failures <= 30) ADD_FAILURE() << line << "\n  got: " << got;
    }
    EXPECT_GT(cases, 5000);
    EXPECT_EQ(failures, 0) << "of " << cases << " cases";
}

TEST(PyInt, TextAndLimits) {
    EXPECT_EQ(PyInt::parse("0x1_0000_0000_0000_0000")->str(), "18446744073709551616");
    EXPECT_EQ(PyInt::parse("0o777")->str(), "511");
    EXPECT_EQ(PyInt::parse("0B1010")->str(), "10");
    EXPECT_EQ(PyInt::parse("123_456_789_012_345_678_901_234_567_890")->str(),
              "123456789012345678901234567890");
    EXPECT_FALSE(PyInt::parse("0x"));
    EXPECT_EQ(PyInt(INT64_MIN).str(), "-9223372036854775808");
    EXPECT_EQ((-PyInt(INT64_MIN)).str(), "9223372036854775808");
    EXPECT_FALSE((-PyInt(INT64_MIN)).fits_int64());
    EXPECT_EQ((PyInt(INT64_MAX) + 1 - 1).to_int64(), INT64_MAX);
    EXPECT_TRUE((PyInt(INT64_MAX) + 1 - 1).fits_int64()); // back to the inline form
    EXPECT_EQ(PyInt::from_u64(UINT64_MAX).str(), "18446744073709551615");
    EXPECT_EQ(PyInt(-1).low_u64(), UINT64_MAX);
    EXPECT_EQ(PyInt(1).shl(64).low_u64(), 0u);
    EXPECT_EQ((PyInt(1).shl(64) + 5).low_u64(), 5u);
    EXPECT_EQ((-PyInt(1).shl(64) - 1).low_u64(), UINT64_MAX);
    EXPECT_EQ(PyInt(0).bit_length(), 0u);
    EXPECT_EQ(PyInt(INT64_MIN).bit_length(), 64u);
    EXPECT_EQ(PyInt(-5).shr(1000).str(), "-1");
    EXPECT_EQ(PyInt(5).shr(1000).str(), "0");
    EXPECT_EQ(PyInt::from_double(-1e300).compare(-1e300), 0);
    EXPECT_EQ(PyInt::from_double(2.5).str(), "2");
    EXPECT_EQ(PyInt::from_double(-2.5).str(), "-2");
    EXPECT_EQ(PyInt(1).shl(1024).compare(INFINITY), -1);
    EXPECT_EQ(PyInt(1).shl(1024).compare(-INFINITY), 1);
}

TEST(PythonNumber, SizeLimitIsNotModeled) {
    Constant two = Constant::py_int(2), big = Constant::py_int(PyInt(1).shl(30));
    EXPECT_THROW(python::binary(BinOp::Pow, two, big), python::NotModeled);
    EXPECT_THROW(python::binary(BinOp::LShift, two, big), python::NotModeled);
    // Cheap whatever the size: shifting right, zero and one to any power, shifting zero.
    EXPECT_EQ(python::binary(BinOp::RShift, two, big).i, PyInt(0));
    EXPECT_EQ(python::binary(BinOp::Pow, Constant::py_int(1), big).i, PyInt(1));
    EXPECT_EQ(python::binary(BinOp::Pow, Constant::py_int(-1), big).i, PyInt(1));
    EXPECT_EQ(python::binary(BinOp::LShift, Constant::py_int(0), big).i, PyInt(0));
    // Python raises before any size question.
    EXPECT_THROW(python::binary(BinOp::LShift, big, Constant::py_int(-1)), python::Error);
}

TEST(PythonNumber, NegativeFloatToFractionalPowerIsComplex) {
    EXPECT_THROW(python::binary(BinOp::Pow, Constant::py_float(-8.0), Constant::py_float(1.0 / 3)),
                 python::NotModeled);
    EXPECT_EQ(python::binary(BinOp::Pow, Constant::py_float(-8.0), Constant::py_float(3.0)).f, -512.0);
}

} // namespace
} // namespace ws
