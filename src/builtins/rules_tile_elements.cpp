// tile_astype: every element of a tile converted to another scalar type. (tile_from_thread is
// in rules_tile_construct.cpp, the scatters in rules_tile_inplace.cpp.)
#include "builtins/rules_tile.h"

#include <fmt/format.h>

namespace ws::builtins::detail {

namespace tile_elements_rules {
namespace {

// tile_astype(t, dtype): a register tile of the same shape.
ResultOrError astype(const RuleCall& call, std::string_view) {
    TypeRef t = call.type("t");
    TypeRef dtype = call.type_value("dtype");
    if (!dtype || !dtype->is_scalar()) return unsupported("tile_astype() of this dtype is not supported");
    return value(types::tile(dtype, t->tile_shape, false));
}

// tile_astype<Result>(t)
Dispatch astype_dispatch(const RuleCall& call, const CallResult& result) {
    Dispatch d;
    d.args.push_back(DispatchArg{call.find("t"), std::nullopt});
    d.template_args = {result.types.at(0)->ctype};
    return d;
}

constexpr ValueRule kValueRules[] = {
    {"tile_astype_value_func", astype},
};

constexpr DispatchRule kDispatchRules[] = {
    {"tile_astype_dispatch_func", astype_dispatch},
};

} // namespace
} // namespace tile_elements_rules

std::span<const ValueRule> tile_element_value_rules() {
    return tile_elements_rules::kValueRules;
}
std::span<const DispatchRule> tile_element_dispatch_rules() {
    return tile_elements_rules::kDispatchRules;
}

} // namespace ws::builtins::detail
