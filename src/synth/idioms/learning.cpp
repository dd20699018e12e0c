// Machine learning pieces: activations and their derivatives, losses and their
// gradients, normalisation, optimiser steps, softmax and attention pieces,
// quantisation and learning-rate schedules (grammar in src/synth/idiom.h).
// Per-row reductions (softmax sums, RMS, gradient norms) come from the rows
// pattern: body idioms make the terms, post idioms turn the sums into results.
#include "synth/library.h"
#include "synth/roles.h"

namespace ws::synth {

namespace learning_data {
namespace {

constexpr RoleSpec kRoles[] = {
    // ---- values flowing through a network
    {"activation", "value", -1.0, 1.0, "h act z", "activations hidden z"},
    {"logit", "value", -2.0, 2.0, "logit z", "logits scores"},
    {"probability", "fraction", 0.0, 1.0, "prob p", "probs probabilities"},
    {"target", "value", -1.0, 1.0, "y target label", "targets labels y"},
    {"binary target", "value", 0.0, 1.0, "y label target", "labels targets y_true"},
    {"prediction", "value", -1.0, 1.0, "y_hat pred", "preds predictions"},
    {"gradient", "gradient", -1.0, 1.0, "g grad", "grads gradients g"},
    {"parameter", "parameter", -1.0, 1.0, "w theta param", "params weights theta"},
    {"bias", "offset", -0.5, 0.5, "b bias", "biases bias b"},
    {"loss", "loss", 0.0, 2.0, "loss l", "losses loss"},
    {"squared magnitude", "squared magnitude", 0.0, 1.0, "sq x2", "sq squares"},
    {"gradient norm", "norm", 0.1, 4.0, "grad_norm total_norm gnorm", "grad_norms norms"},
    {"variance", "variance", 0.01, 1.0, "var variance", "var variances batch_var"},
    {"inverse standard deviation", "inverse std", 1.0, 10.0, "inv_std rstd", "inv_std rstd"},
    {"latent mean", "latent mean", -1.0, 1.0, "mu z_mean", "mu z_mean"},
    {"log variance", "log variance", -2.0, 1.0, "logvar log_var", "logvar log_var"},
    {"max logit", "max logit", 2.0, 3.0, "m z_max row_max", "row_max max_logits"},
    {"partition sum", "partition sum", 1.0, 10.0, "denom sum_exp", "row_sum denoms sum_exp"},
    {"unnormalized weight", "unnormalized weight", 0.0, 1.0, "e w_exp", "exp_weights"},
    {"query", "query", -1.0, 1.0, "q query", "queries q"},
    {"key vector", "key vector", -1.0, 1.0, "k key_vec", "keys k"},
    {"value vector", "value vector", -1.0, 1.0, "v_val value", "values v"},
    {"quantized value", "quantized value", -128.0, 255.0, "q qx", "q_vals quantized"},
    {"step", "step", 0.0, 10000.0, "step t it", "steps"},
    {"class label", "class label", 0.0, 3.0, "label cls", "labels classes"},
    {"averaged parameter", "parameter", -1.0, 1.0, "w_ema shadow", "ema_params shadow_params"},
    {"ema decay", "ema decay", 0.99, 0.9999, "ema_decay decay", "ema_decays"},
    {"running variance", "variance", 0.01, 1.0, "running_var run_var", "running_var running_vars"},
    // ---- hyper-parameters
    {"pre-activation", "value", -1.0, 1.0, "z pre a_in", "pre_act z"},
    {"gain", "scale", 0.5, 1.5, "gamma gain", "gamma gains ln_weight"},
    {"loss scale", "loss scale", 128.0, 65536.0, "loss_scale scale", "loss_scales"},
    {"minimum learning rate", "learning rate", 0.0, 1.0e-4, "lr_min eta_min", "lr_mins"},
    {"total steps", "total steps", 1000.0, 10000.0, "total_steps max_steps", "total_steps"},
    {"warmup steps", "warmup steps", 10.0, 1000.0, "warmup warmup_steps", "warmups"},
    {"decay interval", "decay interval", 10.0, 1000.0, "step_size decay_every", "step_sizes"},
    {"decay rate", "decay rate", 1.0e-4, 1.0e-2, "decay_rate k_decay", "decay_rates"},
    {"learning rate", "learning rate", 1.0e-4, 1.0e-2, "lr learning_rate", "lrs"},
    {"momentum", "momentum", 0.8, 0.99, "beta momentum mu", "betas"},
    {"second moment decay", "second moment decay", 0.99, 0.999, "beta2 b2 rho", "beta2"},
    {"first moment", "first moment", -1.0, 1.0, "m m_t", "m moments exp_avg"},
    {"second moment", "second moment", 0.0, 1.0, "v v_t", "v sq_avg exp_avg_sq"},
    {"momentum buffer", "first moment", -1.0, 1.0, "buf mom", "momentum_buffer bufs"},
    {"weight decay", "weight decay", 1.0e-4, 0.1, "weight_decay wd", "weight_decay"},
    {"regularization strength", "regularization strength", 1.0e-4, 0.1, "lam reg l2_lambda", "lams"},
    {"negative slope", "negative slope", 0.01, 0.3, "alpha negative_slope slope", "slopes"},
    {"transition point", "threshold", 0.1, 1.0, "delta beta", "deltas"},
    {"clip value", "clip value", 0.1, 1.0, "clip_value clip", "clip_values"},
    {"max norm", "max norm", 0.5, 2.0, "max_norm clip_norm", "max_norms"},
    {"temperature", "temperature", 0.5, 2.0, "temperature tau temp", "temperatures"},
    {"attention scale", "attention scale", 0.1, 1.0, "scale inv_sqrt_d", "scales"},
    {"quantization scale", "quantization scale", 0.005, 0.05, "q_scale scale_q", "scales q_scales"},
    {"zero point", "zero point", 0.0, 255.0, "zero_point zp", "zero_points"},
    {"label smoothing", "label smoothing", 0.0, 0.2, "smoothing eps_ls", "smoothing"},
    {"decay factor", "decay factor", 0.1, 0.9, "gamma decay", "gammas"},
};

constexpr IdiomSpec kLearning[] = {
    // ---- activations
    {"relu", Domain::Learning, "x: F!n activation -> y: F0+z~x ^x", "wp.max({x}, 0.0)",
     "applies a ReLU to {x}", "y: h relu_out a"},
    {"leaky_relu", Domain::Learning, "x: F activation, alpha: F+ # negative slope =0.01 -> y: F~x ^x",
     "wp.where({x} > 0.0, {x}, {alpha} * {x})", "applies a leaky ReLU with {alpha} to {x}", "y: h leaky a"},
    {"leaky_relu_max", Domain::Learning, "x: F activation, alpha: F01 # negative slope =0.2 -> y: F~x ^x",
     "wp.max({x}, {alpha} * {x})",
     "applies a leaky ReLU to {x} as the maximum of it and its product with {alpha}", "y: h leaky a"},
    {"elu", Domain::Learning, "x: F activation, alpha: F+ # scale -> y: F~x+alpha ^x",
     "{y} = {x}\n"
     "if {x} < 0.0:\n"
     "    {y} = {alpha} * (wp.exp({x}) - 1.0)",
     "applies an ELU to {x}, saturating at minus {alpha}", "y: h elu_out a", kBranch},
    {"selu", Domain::Learning, "x: F~20 activation -> y: F~x*2+2 ^x",
     "1.0507 * wp.where({x} > 0.0, {x}, 1.6733 * (wp.exp({x}) - 1.0))", "applies a SELU to {x}",
     "y: h selu_out a"},
    {"gelu_tanh", Domain::Learning, "x: F~10 activation -> y: F~x ^x",
     "0.5 * {x} * (1.0 + wp.tanh(0.7978846 * ({x} + 0.044715 * {x} * {x} * {x})))",
     "applies the tanh approximation of GELU to {x}", "y: h gelu a"},
    {"gelu_erf", Domain::Learning, "x: F activation -> y: F~x ^x",
     "0.5 * {x} * (1.0 + wp.erf({x} * 0.70710678))", "applies the exact GELU to {x}", "y: h gelu a"},
    {"silu", Domain::Learning, "x: F~20 activation -> y: F~x ^x", "{x} / (1.0 + wp.exp(-{x}))",
     "applies SiLU (swish) to {x}", "y: h swish a"},
    {"swish_beta", Domain::Learning, "x: F~10 activation, beta: F+ # scale =1.702 -> y: F~x ^x",
     "$s = 1.0 / (1.0 + wp.exp(-{beta} * {x}))\n"
     "{y} = {x} * $s",
     "applies swish to {x}, with {beta} sharpening the gate", "y: h swish a; s: gate sig"},
    {"softplus", Domain::Learning, "x: F activation -> y: F0+~x+1 ^x",
     "wp.max({x}, 0.0) + wp.log(1.0 + wp.exp(-wp.abs({x})))", "applies a numerically stable softplus to {x}",
     "y: sp softplus_x"},
    {"sigmoid", Domain::Learning, "x: F~30 logit -> p: F01 probability", "1.0 / (1.0 + wp.exp(-{x}))",
     "squashes {x} with a sigmoid", "p: p prob sig"},
    {"stable_sigmoid", Domain::Learning, "x: F logit -> p: F01 probability",
     "$e = wp.exp(-wp.abs({x}))\n"
     "{p} = wp.where({x} >= 0.0, 1.0 / (1.0 + $e), $e / (1.0 + $e))",
     "evaluates a sigmoid of {x} without overflow for either sign", "p: p prob sig; e: e ez"},
    {"tanh_activation", Domain::Learning, "x: F activation -> y: F~1 ^x", "wp.tanh({x})",
     "applies tanh to {x}", "y: h t a"},
    {"hard_sigmoid", Domain::Learning, "x: F logit -> p: F01 probability",
     "wp.clamp({x} / 6.0 + 0.5, 0.0, 1.0)", "applies a hard sigmoid to {x}", "p: gate p"},
    {"hard_swish", Domain::Learning, "x: F activation -> y: F~x ^x",
     "{x} * wp.clamp({x} + 3.0, 0.0, 6.0) / 6.0", "applies hard swish to {x}", "y: h a"},
    {"mish", Domain::Learning, "x: F~20 activation -> y: F~x ^x", "{x} * wp.tanh(wp.log(1.0 + wp.exp({x})))",
     "applies mish to {x}", "y: h mish_out a"},
    {"relu6", Domain::Learning, "x: F!n activation -> y: F0+z~x ^x", "wp.clamp({x}, 0.0, 6.0)",
     "applies ReLU6 to {x}", "y: h a"},

    // ---- derivatives of activations (backward passes)
    {"relu_backward", Domain::Learning, "x: F!n activation, g: F gradient -> dx: F~g gradient",
     "wp.where({x} > 0.0, {g}, 0.0)", "passes {g} back through a ReLU at {x}", "dx: dx grad_in"},
    {"sigmoid_backward", Domain::Learning, "s: F01 probability, g: F gradient -> dx: F~g*0.25 gradient",
     "{g} * {s} * (1.0 - {s})", "passes {g} back through a sigmoid whose output is {s}", "dx: dx grad_in"},
    {"tanh_backward", Domain::Learning, "y: F~1 activation, g: F gradient -> dx: F~g gradient",
     "{g} * (1.0 - {y} * {y})", "passes {g} back through a tanh whose output is {y}", "dx: dx grad_in"},

    // ---- losses and their gradients
    {"squared_error", Domain::Learning,
     "pred: F~100 prediction, y: F~100 target -> l: F0+~pred*pred+y*y+pred*y*2 loss",
     "$d = {pred} - {y}\n"
     "{l} = 0.5 * $d * $d",
     "computes half the squared error between {pred} and {y}", "l: loss se; d: diff err r"},
    {"mse_loss_grad", Domain::Learning,
     "pred: F~100 prediction, y: F~100 target -> l: F0+~pred*pred+y*y+pred*y*2 loss, g: F~pred*2+y*2 "
     "gradient",
     "$r = {pred} - {y}\n"
     "{l} = $r * $r\n"
     "{g} = 2.0 * $r",
     "computes the squared error of {pred} against {y} and its gradient",
     "l: loss se; g: grad dl_dpred; r: r residual"},
    {"absolute_error", Domain::Learning, "pred: F prediction, y: F target -> l: F0+~pred+y loss",
     "wp.abs({pred} - {y})", "computes the absolute error between {pred} and {y}", "l: loss ae"},
    {"l1_grad", Domain::Learning, "pred: F prediction, y: F target -> g: Fu~1 gradient",
     "wp.sign({pred} - {y})", "computes the gradient of the absolute error of {pred} against {y}",
     "g: grad dl_dpred"},
    {"huber_loss", Domain::Learning,
     "pred: F~100 prediction, y: F~100 target, delta: F+ # transition point =1.0 -> l: "
     "F0+~pred*pred+y*y+pred*y*2 loss",
     "$r = wp.abs({pred} - {y})\n"
     "if $r <= {delta}:\n"
     "    {l} = 0.5 * $r * $r\n"
     "else:\n"
     "    {l} = {delta} * ($r - 0.5 * {delta})",
     "computes the Huber loss of {pred} against {y}, quadratic up to {delta}", "l: loss huber; r: r abs_err",
     kBranch},
    {"huber_grad", Domain::Learning,
     "pred: F prediction, y: F target, delta: F+ # transition point =1.0 -> g: F~delta gradient",
     "wp.clamp({pred} - {y}, -{delta}, {delta})", "computes the Huber gradient of {pred} against {y}",
     "g: grad dl_dpred"},
    {"smooth_l1", Domain::Learning,
     "pred: F~100 prediction, y: F~100 target, beta: F+ # transition point =0.5 -> l: "
     "F0+~pred+y+pred*pred*10+y*y*10 loss",
     "$r = wp.abs({pred} - {y})\n"
     "{l} = wp.where($r < {beta}, 0.5 * $r * $r / {beta}, $r - 0.5 * {beta})",
     "computes the smooth L1 loss of {pred} against {y}", "l: loss sl1; r: r abs_err"},
    {"log_cosh_loss", Domain::Learning, "pred: F prediction, y: F target -> l: F~pred+y loss",
     "$a = wp.abs({pred} - {y})\n"
     "{l} = $a + wp.log(1.0 + wp.exp(-2.0 * $a)) - 0.6931472",
     "computes the log-cosh loss of {pred} against {y}", "l: loss lc; a: a abs_err"},
    {"bce_with_logits", Domain::Learning, "z: F logit, y: F01 binary target -> l: F0+~z+1 loss",
     "wp.max({z}, 0.0) - {z} * {y} + wp.log(1.0 + wp.exp(-wp.abs({z})))",
     "computes the binary cross-entropy of {z} against {y}", "l: loss bce"},
    {"bce_logits_grad", Domain::Learning, "z: F~30 logit, y: F01 binary target -> g: F~1 gradient",
     "1.0 / (1.0 + wp.exp(-{z})) - {y}",
     "computes the gradient of the binary cross-entropy of {z} against {y}", "g: grad dl_dz"},
    {"hinge_loss", Domain::Learning, "z: F logit, y: F target -> l: F0+z~z*y+1 loss",
     "wp.max(0.0, 1.0 - {y} * {z})", "computes the hinge loss of {z} for {y}", "l: loss hinge"},
    {"cross_entropy_term", Domain::Learning, "p: F01 probability, y: F01 binary target -> l: F0+~17 loss",
     "-{y} * wp.log(wp.max({p}, 1.0e-7))", "computes the cross-entropy term of {p} for {y}",
     "l: loss ce nll"},
    {"focal_term", Domain::Learning, "p: F01 probability, gamma: F+ # exponent =2.0 -> l: F0+~17 loss",
     "-wp.pow(1.0 - {p}, {gamma}) * wp.log(wp.max({p}, 1.0e-7))",
     "computes the focal loss term of {p}, focusing with {gamma}", "l: loss focal"},
    {"gaussian_kl", Domain::Learning,
     "mu: F~10 latent mean, logvar: F~10 log variance -> kl: F~mu*mu+30000 loss",
     "-0.5 * (1.0 + {logvar} - {mu} * {mu} - wp.exp({logvar}))",
     "computes the KL divergence from the unit normal of a Gaussian with {mu} and {logvar}", "kl: kl kl_div"},
    {"binary_entropy_bits", Domain::Learning, "p: F01 probability -> h: F0+~1 loss",
     "$q = wp.clamp({p}, 1.0e-6, 1.0 - 1.0e-6)\n"
     "{h} = -($q * wp.log2($q) + (1.0 - $q) * wp.log2(1.0 - $q))",
     "computes the binary entropy of {p} in bits", "h: entropy h_bits; q: q p_c"},
    {"smooth_label", Domain::Learning,
     "y: F01 binary target, eps: F01 # label smoothing =0.1 -> s: F01 binary target",
     "{y} * (1.0 - {eps}) + 0.5 * {eps}", "smooths {y} by {eps}", "s: y_smooth target_s"},
    {"l2_penalty", Domain::Learning,
     "w: F~100 parameter, lam: F+ # regularization strength =1.0e-4 -> r: F0+~w*w*lam loss",
     "0.5 * {lam} * {w} * {w}", "computes the L2 penalty of {w} weighted by {lam}", "r: penalty reg"},
    {"l1_penalty", Domain::Learning,
     "w: F parameter, lam: F+ # regularization strength =1.0e-4 -> r: F0+~w*lam loss", "{lam} * wp.abs({w})",
     "computes the L1 penalty of {w} weighted by {lam}", "r: penalty reg"},

    // ---- layers and normalisation
    {"weighted_input", Domain::Learning, "w: F parameter, x: F activation -> p: F~w*x pre-activation",
     "{w} * {x}", "weighs {x} by {w}", "p: wx prod"},
    {"add_bias", Domain::Learning, "z: F pre-activation, b: F bias -> y: F~z+b ^z", "{z} + {b}",
     "adds {b} to {z}", "y: z a_in pre"},
    {"square_value", Domain::Learning, "x: F!u~100 value -> sq: F0+~x*x squared magnitude", "{x} * {x}",
     "squares {x}", "sq: sq x2"},
    {"standardize", Domain::Learning,
     "x: F activation, mean: F mean, inv_std: F+ inverse standard deviation -> y: F~x*inv_std+mean*inv_std "
     "^x",
     "({x} - {mean}) * {inv_std}", "standardizes {x} with {mean} and {inv_std}", "y: x_hat xn normed"},
    {"inv_std_from_variance", Domain::Learning,
     "var: F0+ variance, eps: F+ # tolerance =1.0e-5 -> r: F+~1000 inverse standard deviation",
     "1.0 / wp.sqrt({var} + {eps})", "computes the inverse standard deviation from {var}", "r: inv_std rstd"},
    {"inverse_rms", Domain::Learning,
     "ms: F0+ squared magnitude, eps: F+ # tolerance =1.0e-6 -> r: F+~1000 inverse standard deviation",
     "1.0 / wp.sqrt({ms} + {eps})", "computes the inverse root mean square from {ms}", "r: inv_rms rrms"},
    {"rms_normalize", Domain::Learning,
     "x: F activation, ms: F0+ squared magnitude, eps: F+ # tolerance =1.0e-6 -> y: F~x*1000 ^x",
     "{x} / wp.sqrt({ms} + {eps})", "divides {x} by the root of {ms}", "y: x_norm normed"},
    {"variance_from_moments", Domain::Learning,
     "ms: F0+ squared magnitude, m: F~100 activation -> var: F0+~ms+m*m variance",
     "wp.max({ms} - {m} * {m}, 0.0)", "computes the variance from {ms} and {m}", "var: var variance"},
    {"scale_shift", Domain::Learning, "x: F activation, gamma: F gain, beta: F bias -> y: F~x*gamma+beta ^x",
     "{gamma} * {x} + {beta}", "applies the affine map of {gamma} and {beta} to {x}", "y: out y"},
    {"batchnorm_inference", Domain::Learning,
     "x: F activation, mean: F mean, var: F0+ variance, gamma: F gain, beta: F bias, eps: F+ # tolerance "
     "=1.0e-5 "
     "-> y: F~x*gamma*1000+mean*gamma*1000+beta ^x",
     "{gamma} * ({x} - {mean}) / wp.sqrt({var} + {eps}) + {beta}",
     "normalizes {x} by {mean} and {var} with a learned scale and shift", "y: bn_out y", kHelper},

    // ---- optimiser steps
    {"sgd_step", Domain::Learning,
     "w: F parameter, g: F gradient, lr: F+ # learning rate =0.01 -> w_new: F~w+lr*g parameter",
     "{w} - {lr} * {g}", "takes a gradient descent step on {w} along {g} with {lr}",
     "w_new: w_new theta_new"},
    {"sgd_momentum", Domain::Learning,
     "w: F parameter, g: F gradient, buf: F momentum buffer, lr: F+ # learning rate =0.01, mu: F01 # "
     "momentum =0.9 "
     "-> w_new: F~w+lr*buf+lr*g parameter, buf_new: F~buf+g momentum buffer",
     "{buf_new} = {mu} * {buf} + {g}\n"
     "{w_new} = {w} - {lr} * {buf_new}",
     "takes a momentum SGD step on {w} with {g}, updating {buf}",
     "w_new: w_new theta_new; buf_new: buf_new mom"},
    {"nesterov_step", Domain::Learning,
     "w: F parameter, g: F gradient, buf: F momentum buffer, lr: F+ # learning rate =0.01, mu: F01 # "
     "momentum =0.9 "
     "-> w_new: F~w+lr*buf+lr*g*2 parameter, buf_new: F~buf+g momentum buffer",
     "{buf_new} = {mu} * {buf} + {g}\n"
     "{w_new} = {w} - {lr} * ({g} + {mu} * {buf_new})",
     "takes a Nesterov momentum step on {w} with {g}, updating {buf}",
     "w_new: w_new theta_new; buf_new: buf_new mom"},
    {"adam_moments", Domain::Learning,
     "g: F~100 gradient, m: F first moment, v: F0+ second moment, b1: F01 # momentum =0.9, "
     "b2: F01 # second moment decay =0.999 -> m_new: F~m+g first moment, v_new: F0+~v+g*g second moment",
     "{m_new} = {b1} * {m} + (1.0 - {b1}) * {g}\n"
     "{v_new} = {b2} * {v} + (1.0 - {b2}) * {g} * {g}",
     "updates {m} and {v} with {g}", "m_new: m_new m_t; v_new: v_new v_t"},
    {"adam_bias_correction", Domain::Learning,
     "m: F first moment, v: F0+ second moment, b1: F01 # momentum =0.9, b2: F01 # second moment decay "
     "=0.999, "
     "t: I[1,10000] # step -> m_hat: F~m*100 first moment, v_hat: F0+~v*1000 second moment",
     "{m_hat} = {m} / (1.0 - wp.pow({b1}, float({t})))\n"
     "{v_hat} = {v} / (1.0 - wp.pow({b2}, float({t})))",
     "corrects the bias of {m} and {v} at {t}", "m_hat: m_hat mhat; v_hat: v_hat vhat"},
    {"adam_update", Domain::Learning,
     "w: F parameter, m_hat: F first moment, v_hat: F0+ second moment, lr: F+ # learning rate =0.001, "
     "eps: F+ # tolerance =1.0e-8 -> w_new: F~w+lr*m_hat*100000000 parameter",
     "{w} - {lr} * {m_hat} / (wp.sqrt({v_hat}) + {eps})",
     "applies the Adam update to {w} with {m_hat} and {v_hat}", "w_new: w_new theta_new"},
    {"adamw_step", Domain::Learning,
     "w: F parameter, g: F~100 gradient, m: F first moment, v: F0+ second moment, lr: F+ # learning rate "
     "=0.001, "
     "b1: F01 # momentum =0.9, b2: F01 # second moment decay =0.999, wd: F+ # weight decay =0.01, "
     "t: I[1,10000] # step, eps: F+ # tolerance =1.0e-8 "
     "-> w_new: F~w+lr*w*wd+lr*m*100000000+lr*g*100000000 parameter, m_new: F~m+g first moment, "
     "v_new: F0+~v+g*g second moment",
     "{m_new} = {b1} * {m} + (1.0 - {b1}) * {g}\n"
     "{v_new} = {b2} * {v} + (1.0 - {b2}) * {g} * {g}\n"
     "$m_hat = {m_new} / (1.0 - wp.pow({b1}, float({t})))\n"
     "$v_hat = {v_new} / (1.0 - wp.pow({b2}, float({t})))\n"
     "{w_new} = {w} * (1.0 - {lr} * {wd}) - {lr} * $m_hat / (wp.sqrt($v_hat) + {eps})",
     "takes an AdamW step on {w} with {g}, updating {m} and {v}",
     "w_new: w_new theta_new; m_new: m_new m_t; v_new: v_new v_t; m_hat: m_hat mhat; v_hat: v_hat vhat",
     kHelper},
    {"decoupled_weight_decay", Domain::Learning,
     "w: F parameter, lr: F+ # learning rate =0.001, wd: F+ # weight decay =0.01 -> w_new: F~w parameter",
     "{w} * (1.0 - {lr} * {wd})", "decays {w} by {wd} scaled with {lr}", "w_new: w_decayed w_new"},
    {"l2_gradient", Domain::Learning,
     "g: F gradient, w: F parameter, wd: F+ # weight decay =1.0e-4 -> g2: F~g+w*wd gradient",
     "{g} + {wd} * {w}", "adds the L2 weight decay of {w} to {g}", "g2: g_reg grad"},
    {"rmsprop_step", Domain::Learning,
     "w: F parameter, g: F~100 gradient, v: F0+ second moment, lr: F+ # learning rate =0.001, "
     "rho: F01 # second moment decay =0.99, eps: F+ # tolerance =1.0e-8 -> w_new: F~w+lr*100 parameter, "
     "v_new: F0+~v+g*g second moment",
     "{v_new} = {rho} * {v} + (1.0 - {rho}) * {g} * {g}\n"
     "{w_new} = {w} - {lr} * {g} / (wp.sqrt({v_new}) + {eps})",
     "takes an RMSProp step on {w} with {g}, updating {v}", "w_new: w_new theta_new; v_new: v_new sq_avg"},
    {"adagrad_step", Domain::Learning,
     "w: F parameter, g: F~100 gradient, acc: F0+ second moment, lr: F+ # learning rate =0.01, "
     "eps: F+ # tolerance =1.0e-10 -> w_new: F~w+lr parameter, acc_new: F0+~acc+g*g second moment",
     "{acc_new} = {acc} + {g} * {g}\n"
     "{w_new} = {w} - {lr} * {g} / (wp.sqrt({acc_new}) + {eps})",
     "takes an Adagrad step on {w} with {g}, accumulating its square in {acc}",
     "w_new: w_new theta_new; acc_new: acc_new sum_sq"},

    // ---- gradient hygiene
    {"clip_grad_value", Domain::Learning, "g: F gradient, c: F+ # clip value =1.0 -> gc: F~c gradient",
     "wp.clamp({g}, -{c}, {c})", "clips {g} to plus or minus {c}", "gc: g_clipped grad"},
    {"clip_grad_global_norm", Domain::Learning,
     "g: F gradient, norm: F+ gradient norm, max_norm: F+ # max norm =1.0 -> gc: F~g gradient",
     "{g} * wp.min(1.0, {max_norm} / wp.max({norm}, 1.0e-6))",
     "rescales {g} so that {norm} stays below {max_norm}", "gc: g_clipped grad"},
    {"clip_grad_vector_norm", Domain::Learning,
     "g: V3 gradient, max_norm: F+ # max norm =1.0 -> gc: V3~g gradient",
     "$n = wp.length({g})\n"
     "{gc} = {g}\n"
     "if $n > {max_norm}:\n"
     "    {gc} = {g} * ({max_norm} / $n)",
     "clips the norm of {g} to {max_norm}", "gc: g_clipped grad; n: gnorm norm", kBranch},
    {"norm_from_sum_squares", Domain::Learning, "s: F0+ squared magnitude -> n: F0+~s+1 gradient norm",
     "wp.sqrt({s})", "takes the square root of {s} as a norm", "n: grad_norm total_norm"},
    {"zero_nonfinite_grad", Domain::Learning, "g: F gradient -> gs: F~g gradient",
     "{gs} = {g}\n"
     "if wp.isnan({g}) or wp.isinf({g}):\n"
     "    {gs} = 0.0",
     "replaces {g} by zero where it is NaN or infinite", "gs: g_safe grad", kBranch},
    // Not finiteness alone: the inputs a kernel is verified on are finite.
    {"bad_grad", Domain::Learning, "g: F>0.5 gradient, c: F+ # clip value =0.5 -> bad: B condition",
     "not wp.isfinite({g}) or wp.abs({g}) > {c}",
     "tests whether {g} is not finite or exceeds {c} in magnitude", "bad: bad found_inf", kPredicate},
    {"unscale_grad", Domain::Learning, "g: F gradient, s: F+ # loss scale =1024.0 -> gu: F~g*0.008 gradient",
     "{g} / {s}", "unscales {g} by {s}", "gu: g_unscaled grad"},

    // ---- softmax and attention
    {"stable_exp", Domain::Learning, "z: F~20 logit, m: F max logit -> e: F+~1e9 unnormalized weight",
     "wp.exp({z} - {m})", "exponentiates {z} shifted by {m}", "e: e ez w"},
    {"softmax_prob", Domain::Learning,
     "z: F~20 logit, m: F max logit, s: F+ partition sum -> p: F0+~1e18 probability",
     "wp.exp({z} - {m}) / {s}", "normalizes {z} into a softmax probability with {m} and {s}", "p: p prob"},
    {"log_softmax", Domain::Learning,
     "z: F logit, m: F max logit, s: F+ partition sum -> lp: Fn~z+m+10 logit", "{z} - {m} - wp.log({s})",
     "computes the log-softmax of {z} from {m} and {s}", "lp: logp log_prob"},
    {"log_sum_exp", Domain::Learning, "m: F max logit, s: F+ partition sum -> lse: F~m+10 logit",
     "{m} + wp.log({s})", "computes the log-sum-exp from {m} and {s}", "lse: lse logz"},
    {"temperature_scale", Domain::Learning, "z: F logit, tau: F+ # temperature =0.7 -> zs: F~z*2 ^z",
     "{z} / {tau}", "divides {z} by {tau}", "zs: z_scaled scaled"},
    {"attention_score", Domain::Learning,
     "q: V4 query, k: V4 key vector, scale: F+ # attention scale =0.5 -> s: F~q*k*scale*4 logit",
     "wp.dot({q}, {k}) * {scale}", "scores {q} against {k} with a scaled dot product", "s: score logit"},
    {"weighted_value", Domain::Learning,
     "p: F0+~1e9 unnormalized weight, v: V4 value vector -> o: V4~p*v value vector", "{p} * {v}",
     "weighs {v} by {p}", "o: contrib wv"},
    {"normalize_attention", Domain::Learning, "o: V4 value vector, s: F+ partition sum -> out: V4~o*10 ^o",
     "{o} / {s}", "normalizes {o} by {s}", "out: attn_out context"},

    // ---- small classifiers over four classes (wp.vec4 of logits)
    {"dense_unit_vec4", Domain::Learning,
     "w: V4 parameter, x: V4 activation, b: F bias -> z: F~w*x*4+b pre-activation", "wp.dot({w}, {x}) + {b}",
     "computes the pre-activation of a unit with weights {w} on {x} plus {b}", "z: z pre"},
    {"logsumexp_vec4", Domain::Learning, "z: V4 logit -> lse: F~z+2 logit",
     "$m = wp.max(wp.max({z}[0], {z}[1]), wp.max({z}[2], {z}[3]))\n"
     "$s = float(0.0)\n"
     "for $k in range(4):\n"
     "    $s += wp.exp({z}[$k] - $m)\n"
     "{lse} = $m + wp.log($s)",
     "computes the log-sum-exp over the four classes of {z}",
     "lse: lse logz; m: m z_max; s: s sum_exp; k: k c", kLoop},
    {"softmax_vec4", Domain::Learning, "z: V4 logit -> p: V4~1 probability",
     "$m = wp.max(wp.max({z}[0], {z}[1]), wp.max({z}[2], {z}[3]))\n"
     "$e = wp.vec4(wp.exp({z}[0] - $m), wp.exp({z}[1] - $m), wp.exp({z}[2] - $m), wp.exp({z}[3] - $m))\n"
     "{p} = $e / ($e[0] + $e[1] + $e[2] + $e[3])",
     "turns {z} into softmax probabilities over four classes", "p: probs p; m: m z_max; e: e ez"},
    {"cross_entropy_vec4", Domain::Learning, "z: V4~20 logit, c: I[0,3] class label -> l: F0+~z*2+2 loss",
     "$m = wp.max(wp.max({z}[0], {z}[1]), wp.max({z}[2], {z}[3]))\n"
     "$s = float(0.0)\n"
     "for $k in range(4):\n"
     "    $s += wp.exp({z}[$k] - $m)\n"
     "{l} = $m + wp.log($s) - {z}[{c}]",
     "computes the cross-entropy of {z} over four classes for {c}",
     "l: loss ce; m: m z_max; s: s sum_exp; k: k j", kLoop},
    {"smoothed_cross_entropy_vec4", Domain::Learning,
     "p: V4~1 probability, c: I[0,3] class label, eps: F01 # label smoothing =0.1 -> l: F0+~20 loss",
     "{l} = float(0.0)\n"
     "for $k in range(4):\n"
     "    $q = 0.25 * {eps}\n"
     "    if $k == {c}:\n"
     "        $q += 1.0 - {eps}\n"
     "    {l} -= $q * wp.log(wp.max({p}[$k], 1.0e-7))",
     "computes the label-smoothed cross-entropy of {p} for {c}", "l: loss ce; k: k j; q: q target_k",
     kLoop | kBranch},
    {"argmax_vec4", Domain::Learning, "z: V4 logit -> c: I[0,3] class label",
     "{c} = int(0)\n"
     "for $k in range(1, 4):\n"
     "    if {z}[$k] > {z}[{c}]:\n"
     "        {c} = $k",
     "picks the class with the largest entry of {z}", "c: pred_cls best; k: k j", kLoop | kBranch},
    {"prediction_correct", Domain::Learning,
     "pred: I[0,3] class label, c: I[0,3] class label -> ok: B condition", "{pred} == {c}",
     "tests whether {pred} matches {c}", "ok: correct hit", kPredicate},

    // ---- averaging
    {"ema_update", Domain::Learning,
     "avg: F averaged parameter, w: F parameter, decay: F01 # ema decay =0.999 -> a: F~avg+w averaged "
     "parameter",
     "{decay} * {avg} + (1.0 - {decay}) * {w}",
     "moves {avg} toward {w} as an exponential moving average with {decay}", "a: w_ema shadow"},
    {"running_stat_update", Domain::Learning,
     "run: F0+ running variance, batch: F0+ variance, mom: F01 # momentum =0.9 -> r: F0+~run+batch running "
     "variance",
     "{mom} * {run} + (1.0 - {mom}) * {batch}", "updates {run} with {batch} from the current batch",
     "r: running_var var_new"},

    // ---- quantisation
    {"fake_quantize", Domain::Learning,
     "x: F~1000 activation, s: F+ # quantization scale =0.02 -> y: F~x+s*128 ^x",
     "$q = wp.clamp(wp.round({x} / {s}), -128.0, 127.0)\n"
     "{y} = $q * {s}",
     "fake-quantizes {x} to int8 steps of {s}", "y: x_q fq; q: q q_int"},
    {"fake_quantize_affine", Domain::Learning,
     "x: F~1000 activation, s: F+ # quantization scale =0.02, zp: I[0,255] # zero point -> y: F~s*256 ^x",
     "$q = wp.clamp(wp.round({x} / {s}) + float({zp}), 0.0, 255.0)\n"
     "{y} = ($q - float({zp})) * {s}",
     "fake-quantizes {x} to uint8 steps of {s} around {zp}", "y: x_q fq; q: q q_int"},
    {"quantize_int8", Domain::Learning,
     "x: F~1000 activation, s: F+ quantization scale -> q: I[-127,127] quantized value",
     "int(wp.clamp(wp.round({x} / {s}), -127.0, 127.0))", "quantizes {x} to a symmetric int8 code with {s}",
     "q: q qx"},
    {"quantize_uint8", Domain::Learning,
     "x: F~1000 activation, s: F+ quantization scale, zp: I[0,255] # zero point -> q: I[0,255] quantized "
     "value",
     "wp.int32(wp.clamp(wp.round({x} / {s}) + float({zp}), 0.0, 255.0))",
     "quantizes {x} to a uint8 code with {s} and {zp}", "q: q qx"},
    {"dequantize_symmetric", Domain::Learning,
     "q: I[-128,255] quantized value, s: F+ quantization scale -> x: F~s*256 activation", "float({q}) * {s}",
     "dequantizes {q} with {s}", "x: x_dq deq"},
    {"dequantize_affine", Domain::Learning,
     "q: I[-128,255] quantized value, s: F+ quantization scale, zp: I[0,255] # zero point -> x: F~s*400 "
     "activation",
     "float({q} - {zp}) * {s}", "dequantizes {q} with {s} around {zp}", "x: x_dq deq"},
    {"absmax_scale", Domain::Learning, "a: F0+ activation -> s: F+~a*0.008 quantization scale",
     "wp.max({a}, 1.0e-8) / 127.0", "derives an int8 quantization scale from {a} as the absolute maximum",
     "s: q_scale scale"},

    // ---- learning-rate schedules, applied where they are used: a kernel takes
    // the step count and computes the rate it updates its parameters with
    {"cosine_annealed_sgd", Domain::Learning,
     "w: F parameter, g: F gradient, lr_max: F+ # learning rate =0.001, lr_min: F0+ # minimum learning rate "
     "=0.0, "
     "t: I[0,10000] # step, total: I[1000,10000] # total steps -> w_new: F~w+lr_max*g+lr_min*g parameter",
     "$lr_t = {lr_min} + 0.5 * ({lr_max} - {lr_min}) * (1.0 + wp.cos(3.14159265 * float({t}) / "
     "float({total})))\n"
     "{w_new} = {w} - $lr_t * {g}",
     "steps {w} along {g} with a rate annealed from {lr_max} toward {lr_min} over {total}",
     "w_new: w_new theta_new; lr_t: lr_t eta"},
    {"warmup_sgd", Domain::Learning,
     "w: F parameter, g: F gradient, lr: F+ # learning rate =0.001, t: I[0,10000] # step, "
     "warmup: I[10,1000] # warmup steps -> w_new: F~w+lr*g parameter",
     "$lr_t = {lr} * wp.min(1.0, float({t} + 1) / float({warmup}))\n"
     "{w_new} = {w} - $lr_t * {g}",
     "steps {w} along {g} with {lr} warmed up linearly over {warmup}",
     "w_new: w_new theta_new; lr_t: lr_t lr_warm"},
    {"step_decay_momentum", Domain::Learning,
     "w: F parameter, g: F gradient, buf: F momentum buffer, lr: F+ # learning rate =0.1, t: I[0,10000] # "
     "step, "
     "every: I[10,1000] # decay interval =100, gamma: F01 # decay factor =0.5, mu: F01 # momentum =0.9 "
     "-> w_new: F~w+lr*buf+lr*g parameter, buf_new: F~buf+g momentum buffer",
     "$lr_t = {lr} * wp.pow({gamma}, float({t} // {every}))\n"
     "{buf_new} = {mu} * {buf} + {g}\n"
     "{w_new} = {w} - $lr_t * {buf_new}",
     "takes a momentum step on {w} with {lr} decayed by {gamma} at each multiple of {every}",
     "w_new: w_new theta_new; buf_new: buf_new mom; lr_t: lr_t lr_step"},
    {"exp_decay_sgd", Domain::Learning,
     "w: F parameter, g: F gradient, lr: F+ # learning rate =0.01, k: F+ # decay rate =0.001, t: I[0,10000] "
     "# step "
     "-> w_new: F~w+lr*g parameter",
     "$lr_t = {lr} * wp.exp(-{k} * float({t}))\n"
     "{w_new} = {w} - $lr_t * {g}",
     "steps {w} along {g} with {lr} decayed exponentially at {k}",
     "w_new: w_new theta_new; lr_t: lr_t lr_exp"},
    {"warmup_cosine_sgd", Domain::Learning,
     "w: F parameter, g: F gradient, lr: F+ # learning rate =0.001, t: I[0,10000] # step, "
     "warmup: I[10,1000] # warmup steps, total: I[1000,10000] # total steps -> w_new: F~w+lr*g parameter",
     "if {t} < {warmup}:\n"
     "    $lr_t = {lr} * float({t}) / float({warmup})\n"
     "else:\n"
     "    $progress = float({t} - {warmup}) / float(wp.max({total} - {warmup}, 1))\n"
     "    $lr_t = 0.5 * {lr} * (1.0 + wp.cos(3.14159265 * wp.min($progress, 1.0)))\n"
     "{w_new} = {w} - $lr_t * {g}",
     "steps {w} along {g} with {lr} warmed up over {warmup} ahead of a cosine decay",
     "w_new: w_new theta_new; lr_t: lr_t lr_sched; progress: progress frac", kBranch},
    {"noam_adam_update", Domain::Learning,
     "w: F parameter, m_hat: F first moment, v_hat: F0+ second moment, lr: F+ # learning rate =0.001, "
     "t: I[0,10000] # step, warmup: I[10,1000] # warmup steps -> w_new: F~w+lr*m_hat*100000000 parameter",
     "$s = float(max({t}, 1))\n"
     "$lr_t = {lr} * wp.min(1.0 / wp.sqrt($s), $s / wp.pow(float({warmup}), 1.5))\n"
     "{w_new} = {w} - $lr_t * {m_hat} / (wp.sqrt({v_hat}) + 1.0e-8)",
     "applies the Adam update of {m_hat} and {v_hat} to {w} with {lr} on an inverse square root schedule",
     "w_new: w_new theta_new; s: s t_f; lr_t: lr_t lr_noam"},
    {"poly_decay_sgd", Domain::Learning,
     "w: F parameter, g: F gradient, lr: F+ # learning rate =0.01, t: I[0,10000] # step, "
     "total: I[10000,10000] # total steps, power: F+ # exponent =0.9 -> w_new: F~w+lr*g parameter",
     "$lr_t = {lr} * wp.pow(1.0 - float({t}) / float({total}), {power})\n"
     "{w_new} = {w} - $lr_t * {g}",
     "steps {w} along {g} with {lr} decayed polynomially over {total}",
     "w_new: w_new theta_new; lr_t: lr_t lr_poly"},
};

} // namespace
} // namespace learning_data

std::span<const IdiomSpec> learning_idioms() {
    return learning_data::kLearning;
}

std::span<const RoleSpec> learning_roles() {
    return learning_data::kRoles;
}

} // namespace ws::synth
