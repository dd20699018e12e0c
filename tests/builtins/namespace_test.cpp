// Checks of the `warp` namespace table and function_key_counts.
#include "builtins/warp_namespace.h"

#include <cmath>
#include <gtest/gtest.h>

namespace ws::builtins {
namespace {

TEST(WarpNamespace, Types) {
    const NamespaceEntry* vec3 = lookup("warp", "vec3");
    ASSERT_NE(vec3, nullptr);
    EXPECT_EQ(vec3->kind, NamespaceKind::CompositeType);
    EXPECT_EQ(vec3->type, types::vector(3, Scalar::Float32));
    ASSERT_NE(vec3->builtin, nullptr);
    EXPECT_EQ(vec3->builtin->key, "vector");

    const NamespaceEntry* sv = lookup("warp", "spatial_vector");
    ASSERT_NE(sv, nullptr);
    EXPECT_EQ(sv->type, types::vector(6, Scalar::Float32));

    const NamespaceEntry* xf = lookup("warp", "transform");
    ASSERT_NE(xf, nullptr);
    EXPECT_EQ(xf->extra, "transformation");

    const NamespaceEntry* f64 = lookup("warp", "float64");
    ASSERT_NE(f64, nullptr);
    EXPECT_EQ(f64->kind, NamespaceKind::ScalarType);
    EXPECT_EQ(f64->type, types::scalar(Scalar::Float64));

    const NamespaceEntry* a2 = lookup("warp", "array2d");
    ASSERT_NE(a2, nullptr);
    EXPECT_EQ(a2->kind, NamespaceKind::ArrayClass);
    EXPECT_EQ(a2->ndim, 2);
}

TEST(WarpNamespace, FunctionsAndConstants) {
    const NamespaceEntry* sin = lookup("warp", "sin");
    ASSERT_NE(sin, nullptr);
    EXPECT_EQ(sin->kind, NamespaceKind::Builtin);
    EXPECT_NE(sin->builtin, nullptr);

    EXPECT_EQ(lookup("warp", "transform_compose")->kind, NamespaceKind::PythonFunc);
    EXPECT_EQ(lookup("warp", "kernel")->kind, NamespaceKind::PythonCallable);
    EXPECT_EQ(lookup("warp.types", "vector")->kind, NamespaceKind::PythonCallable);
    EXPECT_EQ(lookup("warp.types", "vector")->payload, "warp._src.types.vector");
    EXPECT_EQ(lookup("warp", "types")->kind, NamespaceKind::Module);
    EXPECT_EQ(lookup("warp", "nonexistent"), nullptr);

    const NamespaceEntry* pi = lookup("warp", "pi");
    ASSERT_NE(pi, nullptr);
    EXPECT_EQ(pi->kind, NamespaceKind::Float);
    EXPECT_DOUBLE_EQ(pi->float_value, M_PI);
    EXPECT_TRUE(std::isinf(lookup("warp", "inf")->float_value));
}

TEST(WarpNamespace, FunctionKeyCounts) {
    EXPECT_EQ(function_key_count("transform_compose"), 3);
    EXPECT_EQ(function_key_count("norm_l2"), 1);
    EXPECT_EQ(function_key_count("my_function"), 0);
    EXPECT_FALSE(function_key_counts().empty());
}

TEST(WarpNamespace, ConstructorTypeArgs) {
    TypeArgs m(types::matrix(3, 3, Scalar::Float64));
    ASSERT_EQ(m.args().size(), 2u);
    EXPECT_EQ(m.args()[0].first, "shape");
    ASSERT_NE(m.args()[0].second.tuple_values, nullptr);
    EXPECT_EQ(m.args()[0].second.tuple_values->at(1).as_int64(), 3);
    EXPECT_EQ(m.args()[1].second.type_object, types::scalar(Scalar::Float64));
    EXPECT_EQ(constructor_key(types::quaternion(Scalar::Float32)), "quaternion");
    TypeArgs q(types::quaternion(Scalar::Float16));
    ASSERT_EQ(q.args().size(), 1u);
    EXPECT_EQ(q.args()[0].first, "dtype");
}

} // namespace
} // namespace ws::builtins
