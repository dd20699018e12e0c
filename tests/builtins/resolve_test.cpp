// Hand-written checks of the builtin API on calls kernels make all the time;
// the differential test covers the breadth against real Warp.
#include "builtins/builtin.h"
#include "builtins/type_pattern.h"
#include "builtins/warp_namespace.h"

#include <gtest/gtest.h>

namespace ws::builtins {
namespace {

CallArg value(TypeRef t) {
    return CallArg{t, nullptr, nullptr, nullptr};
}
CallArg constant(const Constant& c) {
    return CallArg{c.type, nullptr, &c, nullptr};
}
TypeRef f32() {
    return types::float32();
}
TypeRef vec3f() {
    return types::vector(3, Scalar::Float32);
}

// The whole path codegen takes for one call.
struct Outcome {
    const Overload* ov = nullptr;
    std::vector<BoundArg> bound;
    ResultOrError result;
    Dispatch dispatch;
    std::string native;
    bool init_list = false;
};

Outcome call(std::string_view key, std::vector<CallArg> args,
             std::vector<std::pair<std::string, CallArg>> kwargs = {},
             std::span<const std::pair<std::string, CallArg>> type_args = {}, int min_outputs = 0) {
    Outcome o;
    const Builtin* b = find(key);
    EXPECT_NE(b, nullptr) << key;
    if (!b) return o;
    o.ov = resolve(*b, args, kwargs, min_outputs);
    if (!o.ov) return o;
    auto bound = builtins::bind(*o.ov, args, kwargs, type_args);
    EXPECT_TRUE(bound.has_value());
    if (!bound) return o;
    o.bound = std::move(*bound);
    o.result = result_of(*o.ov, o.bound);
    if (!o.result.result) return o;
    o.dispatch = dispatch(*o.ov, o.bound, *o.result.result);
    o.native = native_name(*o.ov, o.dispatch);
    o.init_list = uses_initializer_list(*o.ov, o.bound, *o.result.result);
    return o;
}

TEST(BuiltinsRegistry, FindsBuiltins) {
    ASSERT_NE(find("add"), nullptr);
    EXPECT_EQ(find("no_such_builtin"), nullptr);
    const Builtin* compose = find("transform_compose");
    ASSERT_NE(compose, nullptr);
    EXPECT_TRUE(compose->python_defined);
    EXPECT_TRUE(compose->overloads.empty());
    EXPECT_EQ(registry_warp_version(), "1.19.0");
    EXPECT_GT(all_builtins().size(), 300u);
}

TEST(BuiltinsRegistry, OverloadFacts) {
    const Builtin* sqrt = find("sqrt");
    ASSERT_NE(sqrt, nullptr);
    for (const Overload* ov : sqrt->overloads) {
        EXPECT_TRUE(ov->require_original_output_arg);
        EXPECT_EQ(ov->ns, "wp::");
        EXPECT_EQ(ov->native_func, "sqrt");
    }
    const Builtin* tid = find("tid");
    ASSERT_EQ(tid->overloads.size(), 4u);
    EXPECT_EQ(tid->overloads[1]->native_func, "builtin_tid2d");
    EXPECT_EQ(tid->overloads[1]->ns, "");
    EXPECT_TRUE(find("atomic_add")->overloads[0]->skip_replay);
    EXPECT_FALSE(find("floor")->overloads[0]->is_differentiable);
}

TEST(BuiltinsResolve, ScalarMath) {
    Outcome o = call("sin", {value(f32())});
    ASSERT_NE(o.ov, nullptr);
    ASSERT_TRUE(o.result.result);
    EXPECT_EQ(o.result.result->types, std::vector<TypeRef>{f32()});
    EXPECT_EQ(o.native, "sin");
    EXPECT_EQ(o.dispatch.args.size(), 1u);

    // No integer sine.
    EXPECT_EQ(call("sin", {value(types::int32())}).ov, nullptr);

    // Mixed precisions resolve to the generic overload, whose rule rejects them.
    Outcome mixed = call("add", {value(f32()), value(types::scalar(Scalar::Float64))});
    ASSERT_NE(mixed.ov, nullptr);
    EXPECT_FALSE(mixed.result.result);
    EXPECT_NE(mixed.result.error.find("Input types must be the same"), std::string::npos);
}

TEST(BuiltinsResolve, VectorConstructor) {
    TypeArgs vec3(vec3f());
    Constant one = Constant::py_float(1.0), two = Constant::py_int(2);
    Outcome o = call("vector", {constant(one), constant(two), value(f32())}, {}, vec3.args());
    ASSERT_NE(o.ov, nullptr);
    ASSERT_TRUE(o.result.result) << o.result.error;
    EXPECT_EQ(o.result.result->types.at(0), vec3f());
    EXPECT_EQ(o.native, "vec_t<3, wp::float32>");
    ASSERT_EQ(o.dispatch.args.size(), 3u);
    EXPECT_EQ(o.dispatch.args[0].bound_index, 0); // already a float32 constant
    ASSERT_TRUE(o.dispatch.args[1].constant);     // the int literal becomes a float32 constant
    EXPECT_EQ(o.dispatch.args[1].constant->type, f32());
    EXPECT_EQ(o.dispatch.args[1].constant->as_double(), 2.0);
    EXPECT_EQ(o.dispatch.args[2].bound_index, 2);
    EXPECT_FALSE(o.init_list);

    // A runtime float64 cannot initialize a vec3f.
    Outcome bad = call("vector", {value(types::scalar(Scalar::Float64))}, {}, vec3.args());
    ASSERT_NE(bad.ov, nullptr);
    EXPECT_FALSE(bad.result.result);
}

TEST(BuiltinsResolve, MatrixVectorProduct) {
    Outcome o = call("mul", {value(types::matrix(3, 3, Scalar::Float32)), value(vec3f())});
    ASSERT_TRUE(o.result.result);
    EXPECT_EQ(o.result.result->types.at(0), vec3f());
    EXPECT_EQ(o.native, "mul");
}

TEST(BuiltinsResolve, TidOutputs) {
    Outcome one = call("tid", {});
    ASSERT_NE(one.ov, nullptr);
    EXPECT_EQ(one.ov->native_func, "builtin_tid1d");
    Outcome two = call("tid", {}, {}, {}, 2);
    ASSERT_NE(two.ov, nullptr);
    EXPECT_EQ(two.ov->native_func, "builtin_tid2d");
    EXPECT_EQ(two.result.result->types.size(), 2u);
    EXPECT_EQ(call("tid", {}, {}, {}, 5).ov, nullptr);
}

TEST(BuiltinsResolve, ArraysAndAtomics) {
    TypeRef arr = types::array(f32(), 2);
    Outcome addr = call("address", {value(arr), value(types::int32()), value(types::int32())});
    ASSERT_TRUE(addr.result.result) << addr.result.error;
    EXPECT_EQ(addr.result.result->types.at(0), types::reference(f32()));

    Outcome at = call("atomic_add", {value(arr), value(types::int32()), value(types::int32()), value(f32())});
    ASSERT_NE(at.ov, nullptr);
    ASSERT_TRUE(at.result.result) << at.result.error;
    EXPECT_EQ(at.result.result->types.at(0), f32());
    EXPECT_TRUE(at.ov->skip_replay);
    EXPECT_EQ(at.dispatch.args.size(), 4u);

    Outcome load = call("load", {value(types::reference(vec3f()))});
    ASSERT_TRUE(load.result.result);
    EXPECT_EQ(load.result.result->types.at(0), vec3f());
    ASSERT_EQ(load.dispatch.args.size(), 1u);
    EXPECT_TRUE(load.dispatch.args[0].as_reference);
}

TEST(BuiltinsResolve, LenOfVectorFolds) {
    Outcome o = call("len", {value(vec3f())});
    ASSERT_TRUE(o.result.result);
    EXPECT_EQ(o.result.result->kind, CallResult::Kind::Constant);
    EXPECT_EQ(o.result.result->constant->as_int64(), 3);
}

TEST(BuiltinsBind, TypeArgumentConflict) {
    TypeArgs vec3(vec3f());
    const Overload* ov = resolve(*find("vector"), {}, {}, 0);
    ASSERT_NE(ov, nullptr);
    CallArg f64;
    f64.type_object = types::scalar(Scalar::Float64);
    std::vector<std::pair<std::string, CallArg>> kwargs = {{"dtype", f64}};
    std::string error;
    EXPECT_FALSE(builtins::bind(*ov, {}, kwargs, vec3.args(), &error));
    EXPECT_NE(error.find("Remove the extraneous `dtype` parameter"), std::string::npos);
}

TEST(BuiltinsPatterns, GenericMatching) {
    const TypePattern* p = parse_pattern("vec(*,Float)");
    EXPECT_TRUE(matches(*p, vec3f()));
    EXPECT_FALSE(matches(*p, types::vector(3, Scalar::Int32)));
    EXPECT_FALSE(matches(*p, types::quaternion(Scalar::Float32)));
    const TypePattern* arr = parse_pattern("array(*,1)");
    EXPECT_TRUE(matches(*arr, types::array(vec3f(), 3))); // Warp never checks ndim
    EXPECT_TRUE(matches(*arr, types::array(f32(), 1, ArrayClass::FixedArray)));
    EXPECT_FALSE(matches(*arr, types::array(f32(), 1, ArrayClass::IndexedArray)));
    EXPECT_FALSE(matches(*parse_pattern("Scalar"), types::boolean()));
    EXPECT_TRUE(matches(*parse_pattern("tuple(int32,...)"), types::tuple({types::int32(), types::int32()})));
}

} // namespace
} // namespace ws::builtins
