// Continuum mechanics: FEM and MPM kinematics (deformation gradients, strain
// measures), constitutive models (linear elastic, St.Venant-Kirchhoff,
// neo-Hookean, corotated, snow plasticity), rotation extraction, APIC/MLS-MPM
// transfers, cloth membranes, and the small dense linear algebra they are made
// of (grammar in src/synth/idiom.h). Matrix inverses are guarded by their
// determinant; Warp's inverse of an exactly singular matrix is zero.
#include "synth/library.h"
#include "synth/roles.h"

namespace ws::synth {

namespace continuum_data {
namespace {

constexpr RoleSpec kRoles[] = {
    // ---- kinematics
    {"deformation gradient", "deformation gradient", 0.5, 1.5, "F F_e def_grad", "F def_grad particle_F"},
    {"displacement gradient", "displacement gradient", -0.2, 0.2, "H grad_u du_dx", "grad_u disp_grads"},
    {"velocity gradient", "velocity gradient", -1.0, 1.0, "L grad_v", "grad_v vel_grads"},
    {"affine velocity", "velocity gradient", -1.0, 1.0, "C affine_C", "particle_C affine C"},
    {"shape matrix", "shape matrix", -1.0, 1.0, "Ds D_s", "shape_mats Ds"},
    {"rest shape inverse", "rest shape inverse", -2.0, 2.0, "Dm_inv inv_Dm X_inv",
     "tet_poses rest_inv Dm_inv"},
    {"deformation gradient column", "deformation gradient column", -1.0, 1.0, "f1 f_col", "F_cols"},
    {"rest position", "rest position", -1.0, 1.0, "X X0 rest_pos", "rest_positions X0 particle_X", true},
    {"volume ratio", "volume ratio", 0.5, 1.5, "J det_F", "J volume_ratios"},
    {"plastic volume ratio", "volume ratio", 0.8, 1.2, "Jp J_p", "Jp plastic_J"},
    {"area ratio", "area ratio", 0.5, 1.5, "J_area area_ratio", "area_ratios"},
    {"volume", "volume", 0.01, 0.1, "vol V0 rest_vol", "volumes tet_volumes particle_vol"},
    {"area", "area", 0.01, 0.1, "area A0 rest_area", "areas tri_areas"},
    {"Cauchy-Green tensor", "stretch tensor", 0.5, 1.5, "C_rc cauchy_green", "cauchy_green"},
    {"principal stretches", "principal stretches", 0.5, 1.5, "stretch lam_p", "stretches"},
    {"first invariant", "invariant", 2.0, 4.0, "I1 Ic", "invariants"},
    // ---- strain and stress
    {"strain", "strain", -0.2, 0.2, "eps E strain", "strains"},
    {"strain rate", "strain rate", -1.0, 1.0, "D strain_rate", "strain_rates"},
    {"spin tensor", "spin tensor", -1.0, 1.0, "W spin", "spins", false, true},
    {"normal strains", "normal strains", -0.2, 0.2, "eps_n normal_strain", "normal_strains"},
    {"stress", "stress", -1.0, 1.0, "sigma stress P", "stresses stress"},
    {"equivalent stress", "equivalent stress", 0.0, 2.0, "sigma_vm vm", "vm_stress"},
    {"energy density", "energy", 0.0, 2.0, "psi energy_density", "energy_density psi"},
    // ---- material parameters
    {"shear modulus", "Lame parameter", 1.0, 10.0, "mu k_mu", "mu_arr shear_moduli"},
    {"Lame lambda", "Lame parameter", 1.0, 20.0, "lam k_lambda", "lambdas lame_lambda"},
    {"elastic modulus", "elastic modulus", 100.0, 1000.0, "E_mod youngs", "moduli youngs_moduli"},
    {"Poisson ratio", "Poisson ratio", 0.1, 0.45, "nu poisson", "poisson_ratios"},
    {"hardening coefficient", "hardening coefficient", 5.0, 10.0, "xi hardening", "hardening"},
    {"critical compression", "plastic limit", 0.01, 0.05, "theta_c crit_compress", "theta_c"},
    {"critical stretch", "plastic limit", 0.005, 0.01, "theta_s crit_stretch", "theta_s"},
    // ---- MPM grids
    {"grid inverse spacing", "inverse spacing", 8.0, 64.0, "inv_dx", "inv_dxs"},
    {"grid cell", "grid cell", 0.0, 32.0, "base cell", "base_cells cells"},
    {"cell fraction", "cell fraction", 0.5, 1.5, "fx frac", "fracs"},
    {"interpolation weights", "interpolation weights", 0.0, 1.0, "wx weights", "weights"},
    {"node offset", "node offset", -0.05, 0.05, "dpos node_off", "dpos offsets"},
    {"affine momentum", "affine momentum", -1.0, 1.0, "affine A_p", "affine_momenta"},
    {"grid momentum", "grid momentum", -1.0, 1.0, "mv grid_mv", "grid_mv grid_momentum"},
    // ---- small dense linear algebra
    {"covariance", "covariance", -1.0, 1.0, "cov Sigma", "covariances"},
    {"right-hand side", "right-hand side", -1.0, 1.0, "b rhs", "rhs b"},
};

constexpr IdiomSpec kContinuum[] = {
    // ---- element kinematics
    {"tet_edge_matrix", Domain::Continuum,
     "x0: V3 position, x1: V3 position, x2: V3 position, x3: V3 position -> Ds: M33 shape matrix",
     "wp.matrix_from_cols({x1} - {x0}, {x2} - {x0}, {x3} - {x0})",
     "builds the edge matrix of the tetrahedron from its corner positions", "Ds: Ds D_s", kPair},
    {"tet_edge_matrix_elementwise", Domain::Continuum,
     "x0: V3 position, x1: V3 position, x2: V3 position, x3: V3 position -> Ds: M33 shape matrix",
     "$e1 = {x1} - {x0}\n"
     "$e2 = {x2} - {x0}\n"
     "$e3 = {x3} - {x0}\n"
     "{Ds} = wp.mat33($e1[0], $e2[0], $e3[0], $e1[1], $e2[1], $e3[1], $e1[2], $e2[2], $e3[2])",
     "builds the edge matrix of the tetrahedron from its corner positions",
     "Ds: Ds D_s; e1: x10 e1; e2: x20 e2; e3: x30 e3", kPair},
    {"tet_volume", Domain::Continuum, "Ds: M33 shape matrix -> V: F volume", "wp.determinant({Ds}) / 6.0",
     "computes the signed volume spanned by {Ds}", "V: vol tet_vol"},
    {"triangle_edge_matrix_2d", Domain::Continuum,
     "x0: V2 position, x1: V2 position, x2: V2 position -> Ds: M22 shape matrix",
     "wp.mat22({x1}[0] - {x0}[0], {x2}[0] - {x0}[0], {x1}[1] - {x0}[1], {x2}[1] - {x0}[1])",
     "builds the edge matrix of the triangle from its corner positions", "Ds: Ds D_s", kPair},
    {"triangle_area_2d", Domain::Continuum, "Ds: M22 shape matrix -> A: F0+ area",
     "0.5 * wp.abs(wp.determinant({Ds}))", "computes the area of the triangle spanned by {Ds}",
     "A: area tri_area"},
    {"deformation_gradient", Domain::Continuum,
     "Ds: M33 shape matrix, Dm_inv: M33 rest shape inverse -> F: M33 deformation gradient", "{Ds} @ {Dm_inv}",
     "computes the deformation gradient of {Ds} against {Dm_inv}", "F: F F_e"},
    {"deformation_gradient_2d", Domain::Continuum,
     "Ds: M22 shape matrix, Dm_inv: M22 rest shape inverse -> F: M22 deformation gradient", "{Ds} * {Dm_inv}",
     "computes the deformation gradient of {Ds} against {Dm_inv}", "F: F F_e"},
    {"rest_shape_inverse", Domain::Continuum, "Dm: M33 shape matrix -> Dm_inv: M33 rest shape inverse",
     "$det = wp.determinant({Dm})\n"
     "{Dm_inv} = wp.mat33(0.0)\n"
     "if wp.abs($det) > 1.0e-8:\n"
     "    {Dm_inv} = wp.inverse({Dm})",
     "inverts {Dm}, leaving zero for a degenerate element", "Dm_inv: Dm_inv inv_Dm; det: det det_Dm",
     kBranch},
    {"rest_shape_inverse_2d", Domain::Continuum, "Dm: M22 shape matrix -> Dm_inv: M22 rest shape inverse",
     "$det = {Dm}[0, 0] * {Dm}[1, 1] - {Dm}[0, 1] * {Dm}[1, 0]\n"
     "{Dm_inv} = wp.mat22(0.0, 0.0, 0.0, 0.0)\n"
     "if wp.abs($det) > 1.0e-8:\n"
     "    {Dm_inv} = wp.mat22({Dm}[1, 1], -{Dm}[0, 1], -{Dm}[1, 0], {Dm}[0, 0]) * (1.0 / $det)",
     "inverts {Dm} by its adjugate", "Dm_inv: Dm_inv inv_Dm; det: det det_Dm", kBranch},
    {"deformation_from_displacement", Domain::Continuum,
     "H: M33 displacement gradient -> F: M33 deformation gradient", "wp.identity(n=3, dtype=float) + {H}",
     "forms the deformation gradient of {H}", "F: F def_grad"},
    {"volume_ratio", Domain::Continuum, "F: M33 deformation gradient -> J: F volume ratio",
     "wp.determinant({F})", "computes the volume ratio of {F}", "J: J det_F"},
    {"area_ratio_2d", Domain::Continuum, "F: M22 deformation gradient -> J: F area ratio",
     "wp.determinant({F})", "computes the area ratio of {F}", "J: J det_F"},

    // ---- strain measures
    {"right_cauchy_green", Domain::Continuum, "F: M33 deformation gradient -> C: M33 Cauchy-Green tensor",
     "wp.transpose({F}) @ {F}", "computes the right Cauchy-Green tensor of {F}", "C: C FtF"},
    {"left_cauchy_green", Domain::Continuum, "F: M33 deformation gradient -> B: M33 Cauchy-Green tensor",
     "{F} * wp.transpose({F})", "computes the left Cauchy-Green tensor of {F}", "B: B FFt"},
    {"green_strain", Domain::Continuum, "F: M33 deformation gradient -> E: M33 strain",
     "0.5 * (wp.transpose({F}) @ {F} - wp.identity(n=3, dtype=float))",
     "computes the Green-Lagrange strain of {F}", "E: E strain"},
    {"green_strain_2d", Domain::Continuum, "F: M22 deformation gradient -> E: M22 strain",
     "0.5 * (wp.transpose({F}) * {F} - wp.identity(n=2, dtype=float))",
     "computes the Green-Lagrange strain of {F}", "E: E strain"},
    {"small_strain", Domain::Continuum, "H: M33 displacement gradient -> eps: M33 strain",
     "0.5 * ({H} + wp.transpose({H}))", "computes the infinitesimal strain of {H}", "eps: eps strain"},
    {"rate_of_deformation", Domain::Continuum,
     "L: M33!S velocity gradient -> D: M33 strain rate, W: M33 spin tensor",
     "$Lt = wp.transpose({L})\n"
     "{D} = 0.5 * ({L} + $Lt)\n"
     "{W} = 0.5 * ({L} - $Lt)",
     "splits {L} into its strain rate and spin", "D: D strain_rate; W: W spin; Lt: Lt L_T"},
    {"normal_strains", Domain::Continuum, "eps: M33 strain -> n: V3 normal strains", "wp.get_diag({eps})",
     "reads the normal components of {eps}", "n: eps_n normal_strain"},
    {"strain_invariants", Domain::Continuum,
     "C: M33 Cauchy-Green tensor -> I1: F first invariant, I2: F value, I3: F volume ratio",
     "{I1} = wp.trace({C})\n"
     "{I2} = 0.5 * ({I1} * {I1} - wp.trace({C} @ {C}))\n"
     "{I3} = wp.determinant({C})",
     "computes the three invariants of {C}", "I1: I1 Ic; I2: I2 IIc; I3: I3 IIIc"},
    {"principal_stretches", Domain::Continuum, "F: M33 deformation gradient -> s: V3 principal stretches",
     "$Q = wp.mat33()\n"
     "$lam = wp.vec3()\n"
     "wp.eig3(wp.transpose({F}) @ {F}, $Q, $lam)\n"
     "{s} = wp.vec3(wp.sqrt(wp.max($lam[0], 0.0)), wp.sqrt(wp.max($lam[1], 0.0)), wp.sqrt(wp.max($lam[2], "
     "0.0)))",
     "computes the principal stretches of {F} from the eigenvalues of its Cauchy-Green tensor",
     "s: stretches lam_p; Q: Q evecs; lam: evals lam2", kHelper},

    // ---- constitutive models
    {"lame_parameters", Domain::Continuum,
     "E: F+ # elastic modulus =400.0, nu: F+~0.45 # Poisson ratio =0.3 -> mu: F+ shear modulus, lam: F+ Lame "
     "lambda",
     "{mu} = {E} / (2.0 * (1.0 + {nu}))\n"
     "{lam} = {E} * {nu} / ((1.0 + {nu}) * (1.0 - 2.0 * {nu}))",
     "converts {E} and {nu} to Lame parameters", "mu: mu k_mu; lam: lam k_lambda"},
    {"linear_elastic_stress", Domain::Continuum,
     "eps: M33 strain, mu: F+ # shear modulus, lam: F+ # Lame lambda -> sigma: M33 stress",
     "2.0 * {mu} * {eps} + {lam} * wp.trace({eps}) * wp.identity(n=3, dtype=float)",
     "computes the linear elastic stress of {eps}", "sigma: sigma stress"},
    {"stvk_stress", Domain::Continuum,
     "F: M33 deformation gradient, mu: F+ # shear modulus, lam: F+ # Lame lambda -> P: M33 stress",
     "$E = 0.5 * (wp.transpose({F}) @ {F} - wp.identity(n=3, dtype=float))\n"
     "{P} = {F} @ (2.0 * {mu} * $E + {lam} * wp.trace($E) * wp.identity(n=3, dtype=float))",
     "computes the St.Venant-Kirchhoff first Piola stress of {F}", "P: P stress; E: E strain", kHelper},
    {"stable_neo_hookean_stress", Domain::Continuum,
     "F: M33 deformation gradient, mu: F+ # shear modulus, lam: F+ # Lame lambda -> P: M33 stress",
     "$cols = wp.transpose({F})\n"
     "$dJdF = wp.matrix_from_cols(\n"
     "    wp.cross($cols[1], $cols[2]), wp.cross($cols[2], $cols[0]), wp.cross($cols[0], $cols[1])\n"
     ")\n"
     "$J = wp.determinant({F})\n"
     "$alpha = 1.0 + {mu} / {lam}\n"
     "{P} = {mu} * {F} + {lam} * ($J - $alpha) * $dJdF",
     "computes the stable neo-Hookean first Piola stress of {F}",
     "P: P stress; cols: Ft f_cols; dJdF: dJdF cof; J: J det_F; alpha: alpha", kHelper},
    {"neo_hookean_stress", Domain::Continuum,
     "F: M33 deformation gradient, mu: F+ # shear modulus, lam: F+ # Lame lambda -> P: M33 stress",
     "$J = wp.determinant({F})\n"
     "$F_inv_t = wp.mat33(0.0)\n"
     "if wp.abs($J) > 1.0e-6:\n"
     "    $F_inv_t = wp.transpose(wp.inverse({F}))\n"
     "{P} = {mu} * ({F} - $F_inv_t) + {lam} * wp.log(wp.max($J, 1.0e-6)) * $F_inv_t",
     "computes the compressible neo-Hookean first Piola stress of {F}",
     "P: P stress; J: J det_F; F_inv_t: F_inv_T F_it", kBranch | kHelper},
    {"neo_hookean_energy", Domain::Continuum,
     "F: M33 deformation gradient, mu: F+ # shear modulus, lam: F+ # Lame lambda -> psi: F energy density",
     "$log_j = wp.log(wp.max(wp.determinant({F}), 1.0e-6))\n"
     "{psi} = 0.5 * {mu} * (wp.ddot({F}, {F}) - 3.0) - {mu} * $log_j + 0.5 * {lam} * $log_j * $log_j",
     "computes the neo-Hookean energy density of {F}", "psi: psi energy; log_j: log_J lnJ"},
    {"stvk_energy", Domain::Continuum,
     "E: M33 strain, mu: F+ # shear modulus, lam: F+ # Lame lambda -> psi: F energy density",
     "{mu} * wp.ddot({E}, {E}) + 0.5 * {lam} * wp.trace({E}) * wp.trace({E})",
     "computes the St.Venant-Kirchhoff energy density of {E}", "psi: psi energy"},
    {"fixed_corotated_stress", Domain::Continuum,
     "F: M33 deformation gradient, mu: F+ # shear modulus, lam: F+ # Lame lambda -> tau: M33 stress",
     "$U = wp.mat33()\n"
     "$sig = wp.vec3()\n"
     "$V = wp.mat33()\n"
     "wp.svd3({F}, $U, $sig, $V)\n"
     "$J = $sig[0] * $sig[1] * $sig[2]\n"
     "$R = $U @ wp.transpose($V)\n"
     "{tau} = 2.0 * {mu} * ({F} - $R) @ wp.transpose({F}) + wp.identity(n=3, dtype=float) * ({lam} * $J * "
     "($J - 1.0))",
     "computes the fixed-corotated Kirchhoff stress of {F}",
     "tau: tau stress; U: U; sig: sig; V: V; J: J; R: R", kHelper},
    {"corotated_stress_2d", Domain::Continuum,
     "F: M22 deformation gradient, R: M22 rotation matrix, mu: F+ # shear modulus, lam: F+ # Lame lambda "
     "-> P: M22 stress",
     "$J = wp.determinant({F})\n"
     "$cof = wp.mat22({F}[1, 1], -{F}[1, 0], -{F}[0, 1], {F}[0, 0])\n"
     "{P} = 2.0 * {mu} * ({F} - {R}) + {lam} * ($J - 1.0) * $cof",
     "computes the corotated first Piola stress of {F} about {R}", "P: P stress; J: J; cof: cof JFinvT"},
    {"fluid_pressure_stress", Domain::Continuum,
     "J: F~2 volume ratio, E: F+ # elastic modulus =400.0 -> tau: M33 stress",
     "{E} * {J} * ({J} - 1.0) * wp.identity(n=3, dtype=float)",
     "computes the Kirchhoff stress of a weakly compressible fluid at {J}", "tau: tau stress"},
    {"snow_plasticity", Domain::Continuum,
     "F: M33 deformation gradient, Jp: F+~2 plastic volume ratio, theta_c: F+ # critical compression, "
     "theta_s: F+ # critical stretch -> F_e: M33 deformation gradient, Jp_new: F plastic volume ratio",
     "$U = wp.mat33()\n"
     "$sig = wp.vec3()\n"
     "$V = wp.mat33()\n"
     "wp.svd3({F}, $U, $sig, $V)\n"
     "$lo = 1.0 - {theta_c}\n"
     "$hi = 1.0 + {theta_s}\n"
     "$sig_c = wp.vec3(wp.clamp($sig[0], $lo, $hi), wp.clamp($sig[1], $lo, $hi), wp.clamp($sig[2], $lo, "
     "$hi))\n"
     "{Jp_new} = {Jp} * ($sig[0] * $sig[1] * $sig[2]) / ($sig_c[0] * $sig_c[1] * $sig_c[2])\n"
     "{F_e} = $U @ wp.diag($sig_c) @ wp.transpose($V)",
     "clamps the singular values of {F} to the snow yield limits, moving the excess into {Jp}",
     "F_e: F_e F_elastic; Jp_new: Jp_new Jp1; U: U; sig: sig; V: V; lo: sig_min lo; hi: sig_max hi; sig_c: "
     "sig_c",
     kHelper},
    {"snow_hardening", Domain::Continuum,
     "Jp: F+~2 plastic volume ratio, mu0: F+ # shear modulus, lam0: F+ # Lame lambda, "
     "xi: F+~10 # hardening coefficient =10.0 -> mu: F+~mu0*30000 shear modulus, lam: F+~lam0*30000 Lame "
     "lambda",
     "$h = wp.exp({xi} * (1.0 - {Jp}))\n"
     "{mu} = {mu0} * $h\n"
     "{lam} = {lam0} * $h",
     "hardens {mu0} and {lam0} by the plastic compression {Jp}", "mu: mu k_mu; lam: lam la; h: h hardening"},
    {"von_mises_stress", Domain::Continuum, "sigma: M33 stress -> vm: F0+ equivalent stress",
     "$s = {sigma} - (wp.trace({sigma}) / 3.0) * wp.identity(n=3, dtype=float)\n"
     "{vm} = wp.sqrt(1.5 * wp.ddot($s, $s))",
     "computes the von Mises equivalent stress of {sigma}", "vm: sigma_vm vm; s: s dev"},
    {"hydrostatic_pressure", Domain::Continuum, "sigma: M33 stress -> p: F pressure",
     "-wp.trace({sigma}) / 3.0", "computes the hydrostatic pressure of {sigma}", "p: p pressure"},
    {"traction", Domain::Continuum, "sigma: M33 stress, n: V3u normal -> t: V3 force", "{sigma} @ {n}",
     "computes the traction of {sigma} on the plane with normal {n}", "t: traction t_n"},
    {"cauchy_from_piola", Domain::Continuum,
     "P: M33 stress, F: M33 deformation gradient -> sigma: M33~1e6 stress",
     "$J = wp.determinant({F})\n"
     "{sigma} = wp.mat33(0.0)\n"
     "if wp.abs($J) > 1.0e-6:\n"
     "    {sigma} = ({P} @ wp.transpose({F})) / $J",
     "converts {P} from first Piola to Cauchy stress through {F}", "sigma: sigma cauchy; J: J det_F",
     kBranch},

    // ---- rotation extraction
    {"polar_rotation_svd", Domain::Continuum, "F: M33 deformation gradient -> R: M33u rotation matrix",
     "$U = wp.mat33()\n"
     "$sig = wp.vec3()\n"
     "$V = wp.mat33()\n"
     "wp.svd3({F}, $U, $sig, $V)\n"
     "{R} = $U @ wp.transpose($V)",
     "extracts the rotation of {F} from its singular value decomposition", "R: R rot; U: U; sig: sig; V: V"},
    {"extract_rotation", Domain::Continuum,
     "A: M33 deformation gradient, q: Qu orientation -> q_new: Qu orientation",
     "$a = wp.transpose({A})\n"
     "{q_new} = {q}\n"
     "for _ in range(4):\n"
     "    $r = wp.transpose(wp.quat_to_matrix({q_new}))\n"
     "    $omega = wp.cross($r[0], $a[0]) + wp.cross($r[1], $a[1]) + wp.cross($r[2], $a[2])\n"
     "    $omega = $omega / (wp.abs(wp.dot($r[0], $a[0]) + wp.dot($r[1], $a[1]) + wp.dot($r[2], $a[2])) + "
     "1.0e-9)\n"
     "    $w = wp.length($omega)\n"
     "    if $w > 1.0e-9:\n"
     "        {q_new} = wp.normalize(wp.quat_from_axis_angle($omega / $w, $w) * {q_new})",
     "refines the rotation {q} of {A} by Mueller's iterative rotation extraction",
     "q_new: q_rot q; a: A_cols a_t; r: R_cols r_t; omega: omega; w: w_len", kLoop | kHelper},
    {"polar_rotation_2d", Domain::Continuum, "F: M22 deformation gradient -> R: M22u rotation matrix",
     "$x = {F}[0, 0] + {F}[1, 1]\n"
     "$y = {F}[1, 0] - {F}[0, 1]\n"
     "$d = wp.sqrt($x * $x + $y * $y)\n"
     "{R} = wp.identity(n=2, dtype=float)\n"
     "if $d > 1.0e-8:\n"
     "    $c = $x / $d\n"
     "    $s = $y / $d\n"
     "    {R} = wp.mat22($c, -$s, $s, $c)",
     "extracts the rotation of {F} in closed form", "R: R rot; x: a x; y: b y; d: d r; c: c; s: s", kBranch},
    {"rotation_2d", Domain::Continuum, "theta: F angle -> R: M22 rotation matrix",
     "$c = wp.cos({theta})\n"
     "$s = wp.sin({theta})\n"
     "{R} = wp.mat22($c, -$s, $s, $c)",
     "builds the 2D rotation by {theta}", "R: R rot; c: c cos_t; s: s sin_t"},
    {"qr_rotation", Domain::Continuum, "F: M33 deformation gradient -> Q: M33 rotation matrix",
     "{Q} = wp.mat33()\n"
     "$R = wp.mat33()\n"
     "wp.qr3({F}, {Q}, $R)",
     "takes the orthogonal factor of the QR decomposition of {F}", "Q: Q R_qr; R: R upper"},

    // ---- MPM transfers
    {"mpm_base_cell", Domain::Continuum,
     "x: V3~4 position, inv_dx: F+~64 # grid inverse spacing =32.0 -> base: V3I grid cell, fx: V3 cell "
     "fraction",
     "$gp = {x} * {inv_dx}\n"
     "{base} = wp.vec3i(int($gp[0] - 0.5), int($gp[1] - 0.5), int($gp[2] - 0.5))\n"
     "{fx} = $gp - wp.vec3(float({base}[0]), float({base}[1]), float({base}[2]))",
     "finds the lower grid node of {x} and its offset in cells",
     "base: base cell; fx: fx frac; gp: grid_pos gp"},
    {"seed_in_cell", Domain::Continuum,
     "cell: V3I[0,31] grid cell, state: U rng state, dx: F+ # grid spacing =0.03125 -> x: V3 position",
     "$jitter = wp.vec3(wp.randf({state}), wp.randf({state}), wp.randf({state}))\n"
     "{x} = (wp.vec3(float({cell}[0]), float({cell}[1]), float({cell}[2])) + $jitter) * {dx}",
     "places a particle at a random point of the grid cell {cell}", "x: x_seed p; jitter: jitter offset",
     kRandom | kF32Only},
    {"quadratic_bspline_weights", Domain::Continuum,
     "fx: V3 cell fraction -> w0: V3 interpolation weights, w1: V3 interpolation weights, w2: V3 "
     "interpolation weights",
     "$a = wp.vec3(1.5) - {fx}\n"
     "$b = {fx} - wp.vec3(1.0)\n"
     "$c = {fx} - wp.vec3(0.5)\n"
     "{w0} = 0.5 * wp.cw_mul($a, $a)\n"
     "{w1} = wp.vec3(0.75) - wp.cw_mul($b, $b)\n"
     "{w2} = 0.5 * wp.cw_mul($c, $c)",
     "evaluates the quadratic B-spline weights of {fx}", "w0: w0; w1: w1; w2: w2; a: d0; b: d1; c: d2"},
    {"node_weight", Domain::Continuum,
     "wx: V3 interpolation weights, wy: V3 interpolation weights, wz: V3 interpolation weights -> w: F01 "
     "weight",
     "{wx}[0] * {wy}[1] * {wz}[2]", "multiplies {wx}, {wy} and {wz} into the weight of one grid node",
     "w: weight w_node"},
    {"mls_mpm_affine", Domain::Continuum,
     "tau: M33 stress, C: M33 affine velocity, m: F+ mass, vol: F+ volume, dt: F+ # time step =0.001, "
     "inv_dx: F+ # grid inverse spacing =32.0 -> affine: M33 affine momentum",
     "$scale = -{dt} * {vol} * 4.0 * {inv_dx} * {inv_dx}\n"
     "{affine} = $scale * {tau} + {m} * {C}",
     "combines {tau} and {C} into the MLS-MPM affine momentum", "affine: affine A_p; scale: stress_scale k"},
    {"apic_node_momentum", Domain::Continuum,
     "affine: M33 affine momentum, v: V3 velocity, m: F+ mass, w: F01 weight, dpos: V3 node offset "
     "-> mv: V3 grid momentum",
     "{w} * ({m} * {v} + {affine} @ {dpos})", "computes the APIC momentum a particle gives a node at {dpos}",
     "mv: mv dmv"},
    {"grid_velocity_update", Domain::Continuum,
     "mv: V3 grid momentum, m: F0+ mass, g: V3 # gravity =wp.vec3(0.0, -9.8, 0.0), dt: F+ # time step =0.001 "
     "-> v: V3 velocity",
     "{v} = wp.vec3(0.0)\n"
     "if {m} > 1.0e-10:\n"
     "    {v} = {mv} / {m} + {dt} * {g}",
     "turns {mv} into a node velocity under {g}", "v: v_grid v_node", kBranch},
    {"apic_affine_contribution", Domain::Continuum,
     "w: F01 weight, v: V3 velocity, dpos: V3 node offset, inv_dx: F+ # grid inverse spacing =32.0 "
     "-> C: M33 affine velocity",
     "4.0 * {inv_dx} * {inv_dx} * {w} * wp.outer({v}, {dpos})",
     "computes the APIC affine velocity that the node at {dpos} gives back", "C: dC C_node"},
    {"update_deformation_gradient", Domain::Continuum,
     "F: M33 deformation gradient, C: M33 affine velocity, dt: F+ # time step =0.001 -> F_new: M33 "
     "deformation gradient",
     "(wp.identity(n=3, dtype=float) + {dt} * {C}) @ {F}", "advances {F} by {C} over {dt}",
     "F_new: F_new F1"},

    // ---- particle-based continua (peridynamics, SPH elasticity)
    {"bond_stretch", Domain::Continuum,
     "xa: V3 position, xb: V3 position, Xa: V3 rest position, Xb: V3 rest position -> s: F~1000 strain",
     "$rest = wp.length({Xb} - {Xa})\n"
     "{s} = (wp.length({xb} - {xa}) - $rest) / wp.max($rest, 1.0e-6)",
     "computes the stretch of the bond between two particles against its rest length",
     "s: stretch s_bond; rest: rest_len l0", kPair},
    {"bond_force", Domain::Continuum,
     "xa: V3 position, xb: V3 position, s: F~10 strain, c: F+ # stiffness =50.0 -> f: V3~c*s force",
     "$d = {xb} - {xa}\n"
     "{f} = {c} * {s} * $d / wp.max(wp.length($d), 1.0e-6)",
     "computes the peridynamic bond force of {s}", "f: f_bond fb; d: xi d", kPair},
    {"sph_velocity_gradient", Domain::Continuum,
     "xa: V3 position, xb: V3 position, va: V3 velocity, vb: V3 velocity, vol: F+ volume, "
     "h: F+ # smoothing length =0.2 -> L: M33 velocity gradient",
     "$d = {xa} - {xb}\n"
     "$r = wp.length($d)\n"
     "$q = wp.max({h} - $r, 0.0)\n"
     "$grad_w = (-45.0 / (3.14159265 * wp.pow({h}, 6.0))) * $q * $q * $d / wp.max($r, 1.0e-6)\n"
     "{L} = {vol} * wp.outer({vb} - {va}, $grad_w)",
     "computes the SPH velocity gradient a neighbour contributes through the spiky kernel",
     "L: L grad_v; d: d x_ab; r: r dist; q: q h_r; grad_w: grad_w dW", kPair},

    // ---- cloth membranes
    {"membrane_deformation", Domain::Continuum,
     "x0: V3 position, x1: V3 position, x2: V3 position, Dm_inv: M22 rest shape inverse "
     "-> f1: V3 deformation gradient column, f2: V3 deformation gradient column",
     "$x10 = {x1} - {x0}\n"
     "$x20 = {x2} - {x0}\n"
     "{f1} = $x10 * {Dm_inv}[0, 0] + $x20 * {Dm_inv}[1, 0]\n"
     "{f2} = $x10 * {Dm_inv}[0, 1] + $x20 * {Dm_inv}[1, 1]",
     "computes the two columns of the membrane deformation gradient of the triangle against {Dm_inv}",
     "f1: f1 F_u; f2: f2 F_v; x10: x10 e1; x20: x20 e2", kPair},
    {"membrane_invariants", Domain::Continuum,
     "f1: V3 deformation gradient column, f2: V3 deformation gradient column -> Ic: F0+ first invariant, "
     "J: F0+ area ratio",
     "{Ic} = wp.dot({f1}, {f1}) + wp.dot({f2}, {f2})\n"
     "{J} = wp.length(wp.cross({f1}, {f2}))",
     "computes the stretch invariant and area ratio of {f1} and {f2}", "Ic: Ic I1; J: J area_ratio"},
    {"membrane_green_strain", Domain::Continuum,
     "f1: V3 deformation gradient column, f2: V3 deformation gradient column -> E: M22 strain",
     "$off = wp.dot({f1}, {f2})\n"
     "{E} = 0.5 * (wp.mat22(wp.dot({f1}, {f1}), $off, $off, wp.dot({f2}, {f2})) - wp.identity(n=2, "
     "dtype=float))",
     "computes the in-plane Green strain of {f1} and {f2}", "E: E strain; off: f12 shear"},
    {"membrane_energy", Domain::Continuum,
     "Ic: F0+~100 first invariant, J: F0+ area ratio, mu: F+ # shear modulus, lam: F+ # Lame lambda "
     "-> psi: F energy density",
     "$alpha = 1.0 + {mu} / {lam}\n"
     "{psi} = 0.5 * {mu} * ({Ic} - 2.0) + 0.5 * {lam} * ({J} - $alpha) * ({J} - $alpha)",
     "computes the stable neo-Hookean membrane energy of {Ic} and {J}", "psi: psi energy; alpha: alpha"},

    // ---- small dense linear algebra
    {"matvec_by_rows", Domain::Continuum, "A: M33 matrix, x: V3 vector -> y: V3 vector",
     "wp.vec3(wp.dot({A}[0], {x}), wp.dot({A}[1], {x}), wp.dot({A}[2], {x}))",
     "multiplies {x} by {A} row by row", "y: y Ax"},
    {"transpose_matvec", Domain::Continuum, "A: M33 matrix, x: V3 vector -> y: V3 vector",
     "wp.transpose({A}) @ {x}", "multiplies {x} by the transpose of {A}", "y: y At_x"},
    {"solve_3x3", Domain::Continuum, "A: M33 matrix, b: V3 right-hand side -> x: V3 vector",
     "$det = wp.determinant({A})\n"
     "{x} = wp.vec3(0.0)\n"
     "if wp.abs($det) > 1.0e-6:\n"
     "    {x} = wp.inverse({A}) @ {b}",
     "solves the 3x3 linear system of {A} and {b}, giving zero when it is singular",
     "x: x sol; det: det det_A", kBranch},
    {"solve_2x2_cramer", Domain::Continuum, "A: M22 matrix, b: V2 right-hand side -> x: V2 vector",
     "$det = {A}[0, 0] * {A}[1, 1] - {A}[0, 1] * {A}[1, 0]\n"
     "{x} = wp.vec2(0.0)\n"
     "if wp.abs($det) > 1.0e-6:\n"
     "    {x} = wp.vec2({b}[0] * {A}[1, 1] - {A}[0, 1] * {b}[1], {A}[0, 0] * {b}[1] - {b}[0] * {A}[1, 0]) / "
     "$det",
     "solves the 2x2 linear system of {A} and {b} by Cramer's rule", "x: x sol; det: det det_A", kBranch},
    {"symmetric_eigenvalues_2x2", Domain::Continuum, "S: M22 matrix -> l1: F value, l2: F value",
     "$mean = 0.5 * ({S}[0, 0] + {S}[1, 1])\n"
     "$half = 0.5 * ({S}[0, 0] - {S}[1, 1])\n"
     "$r = wp.sqrt($half * $half + {S}[0, 1] * {S}[0, 1])\n"
     "{l1} = $mean + $r\n"
     "{l2} = $mean - $r",
     "computes the eigenvalues of the symmetric {S}",
     "l1: lambda_max l1; l2: lambda_min l2; mean: m_avg mean_d; half: half_diff h; r: radius r"},
    {"symmetric_eigen_3x3", Domain::Continuum, "C: M33 covariance -> Q: M33 rotation matrix, d: V3 value",
     "{Q} = wp.mat33()\n"
     "{d} = wp.vec3()\n"
     "wp.eig3({C}, {Q}, {d})",
     "computes the eigenvectors and eigenvalues of the symmetric {C}", "Q: Q evecs; d: evals d"},
    {"frobenius_norm", Domain::Continuum, "A: M33!u matrix -> n: F0+o value",
     "$s = float(0.0)\n"
     "for $r in range(3):\n"
     "    for $c in range(3):\n"
     "        $s += {A}[$r, $c] * {A}[$r, $c]\n"
     "{n} = wp.sqrt($s)",
     "computes the Frobenius norm of {A} element by element",
     "n: norm_F fro; s: sum_sq acc; r: r row; c: c col", kLoop},
    {"frobenius_norm_ddot", Domain::Continuum, "A: M33!u matrix -> n: F0+o value",
     "wp.sqrt(wp.ddot({A}, {A}))", "computes the Frobenius norm of {A}", "n: norm_F fro"},
    // A ratio, not the yes/no test: a random or physical 3x3 matrix is almost never
    // strictly diagonally dominant, so a kernel gated on the test writes constants.
    {"diagonal_dominance", Domain::Continuum, "A: M33 matrix -> ratio: F0+ value",
     "{ratio} = float(1.0e30)\n"
     "for $r in range(3):\n"
     "    $off = float(0.0)\n"
     "    for $c in range(3):\n"
     "        if $c != $r:\n"
     "            $off += wp.abs({A}[$r, $c])\n"
     "    {ratio} = wp.min({ratio}, wp.abs({A}[$r, $r]) / wp.max($off, 1.0e-6))",
     "measures how strongly the diagonal of {A} dominates its rows",
     "ratio: dominance dd_ratio; r: r row; off: off_sum off; c: c col", kLoop},
    {"deviatoric_part", Domain::Continuum, "A: M33 matrix -> D: M33 ^A",
     "{A} - (wp.trace({A}) / 3.0) * wp.identity(n=3, dtype=float)", "removes the hydrostatic part of {A}",
     "D: dev A_dev"},
    {"symmetric_part", Domain::Continuum, "A: M33 matrix -> S: M33S ^A", "0.5 * ({A} + wp.transpose({A}))",
     "takes the symmetric part of {A}", "S: sym A_sym"},
    {"covariance_update", Domain::Continuum,
     "C: M33 covariance, d: V3 vector, w: F01 weight -> C_new: M33 covariance",
     "{C} + {w} * wp.outer({d}, {d})", "adds the weighted outer product of {d} to {C}", "C_new: cov Sigma"},
    {"point_covariance", Domain::Continuum, "x: V3 position, mean: V3 center -> C: M33 covariance",
     "$d = {x} - {mean}\n"
     "{C} = wp.outer($d, $d)",
     "computes the covariance contribution of {x} about {mean}", "C: cov C_i; d: d dx"},
    {"inertia_from_covariance", Domain::Continuum, "C: M33 covariance, m: F+ mass -> I: M33 inertia tensor",
     "{m} * (wp.trace({C}) * wp.identity(n=3, dtype=float) - {C})",
     "converts the second moment {C} of {m} to an inertia tensor", "I: I inertia"},
    {"plane_projector", Domain::Continuum, "n: V3u normal -> P: M33 matrix",
     "wp.identity(n=3, dtype=float) - wp.outer({n}, {n})",
     "builds the projector onto the plane orthogonal to {n}", "P: P proj"},
    {"polar_rotation_higham", Domain::Continuum, "F: M33 deformation gradient -> R: M33u rotation matrix",
     "{R} = {F}\n"
     "for _ in range(6):\n"
     "    if wp.abs(wp.determinant({R})) > 1.0e-6:\n"
     "        {R} = 0.5 * ({R} + wp.transpose(wp.inverse({R})))",
     "extracts the rotation of {F} by Higham's polar iteration", "R: R rot", kLoop},
    {"incremental_deformation_exp", Domain::Continuum,
     "L: M33~4 velocity gradient, dt: F+ # time step -> F_inc: M33 deformation gradient",
     "$A = {dt} * {L}\n"
     "{F_inc} = wp.identity(n=3, dtype=float)\n"
     "$term = wp.identity(n=3, dtype=float)\n"
     "for $k in range(1, 8):\n"
     "    $term = $term @ $A / float($k)\n"
     "    {F_inc} = {F_inc} + $term",
     "computes the incremental deformation of {L} over {dt} with a Taylor-series matrix exponential",
     "F_inc: F_inc dF; A: A L_dt; term: term; k: k n", kLoop},
    {"power_iteration", Domain::Continuum,
     "C: M33 covariance, v0: V3u direction -> v: V3~1 direction, lam: F value",
     "{v} = {v0}\n"
     "for _ in range(8):\n"
     "    {v} = wp.normalize({C} @ {v})\n"
     "{lam} = wp.dot({v}, {C} @ {v})",
     "finds the dominant eigenvector of {C} by power iteration from {v0}",
     "v: axis v_max; lam: lambda_max eig_max", kLoop},
    {"compliance_strain", Domain::Continuum,
     "sigma: M33 stress, mu: F+ # shear modulus, lam: F+ # Lame lambda -> eps: M33 strain",
     "$tr = wp.trace({sigma})\n"
     "{eps} = ({sigma} - ({lam} / (2.0 * {mu} + 3.0 * {lam})) * $tr * wp.identity(n=3, dtype=float)) / (2.0 "
     "* {mu})",
     "recovers the linear elastic strain of {sigma}", "eps: eps strain; tr: tr_s p3"},
    {"rotate_tensor", Domain::Continuum, "R: M33 rotation matrix, A: M33 matrix -> B: M33 ^A",
     "{R} @ {A} @ wp.transpose({R})", "rotates {A} by {R}", "B: A_rot A_world"},
    {"plane_stress_2d", Domain::Continuum,
     "eps: M22 strain, E: F+ # elastic modulus =400.0, nu: F+~0.45 # Poisson ratio =0.3 -> sigma: M22 stress",
     "$c = {E} / (1.0 - {nu} * {nu})\n"
     "$g = 1.0 - {nu}\n"
     "{sigma} = $c * wp.mat22(\n"
     "    {eps}[0, 0] + {nu} * {eps}[1, 1], $g * {eps}[0, 1], $g * {eps}[1, 0], {eps}[1, 1] + {nu} * "
     "{eps}[0, 0]\n"
     ")",
     "computes the plane-stress response to {eps}", "sigma: sigma stress; c: c_e scale; g: g shear_f"},
    {"householder_reflector", Domain::Continuum, "n: V3u normal -> H: M33 matrix",
     "wp.identity(n=3, dtype=float) - 2.0 * wp.outer({n}, {n})",
     "builds the Householder reflection across {n}", "H: H refl"},
};

} // namespace
} // namespace continuum_data

std::span<const IdiomSpec> continuum_idioms() {
    return continuum_data::kContinuum;
}

std::span<const RoleSpec> continuum_roles() {
    return continuum_data::kRoles;
}

} // namespace ws::synth
