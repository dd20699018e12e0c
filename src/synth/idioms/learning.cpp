// Idioms of the learning domain (grammar in src/synth/idiom.h).
#include "synth/library.h"
#include "synth/roles.h"

namespace ws::synth {

std::span<const IdiomSpec> learning_idioms() {
    return {};
}


namespace {

constexpr RoleSpec kRoles[] = {
    // ---- learning
    {"activation", "value", -1.0, 1.0, "h act z", "activations hidden z"},
    {"logit", "value", -2.0, 2.0, "logit z", "logits scores"},
    {"probability", "fraction", 0.0, 1.0, "prob p", "probs probabilities"},
    {"target", "value", -1.0, 1.0, "y target label", "targets labels y"},
    {"prediction", "value", -1.0, 1.0, "y_hat pred", "preds predictions"},
    {"gradient", "gradient", -1.0, 1.0, "g grad", "grads gradients g"},
    {"parameter", "parameter", -1.0, 1.0, "w theta param", "params weights theta"},
    {"learning rate", "learning rate", 1.0e-4, 1.0e-2, "lr learning_rate", "lrs"},
    {"momentum", "momentum", 0.8, 0.99, "beta momentum mu", "betas"},
    {"first moment", "first moment", -1.0, 1.0, "m m_t", "m moments exp_avg"},
    {"second moment", "second moment", 0.0, 1.0, "v v_t", "v sq_avg exp_avg_sq"},
    {"loss", "loss", 0.0, 2.0, "loss l", "losses loss"},
    {"bias", "offset", -0.5, 0.5, "b bias", "biases bias b"},
};

} // namespace

std::span<const RoleSpec> learning_roles() {
    return kRoles;
}

} // namespace ws::synth
