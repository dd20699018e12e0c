// Grids and PDEs: stencils (ports named by offset, see pattern_stencil.cpp),
// diffusion, waves, advection (grammar in src/synth/idiom.h).
#include "synth/library.h"
#include "synth/roles.h"

namespace ws::synth {

namespace grids_data {
namespace {

constexpr RoleSpec kRoles[] = {
    {"field value", "field", -1.0, 1.0, "u phi val", "u field grid phi"},
    {"previous field value", "field", -1.0, 1.0, "u_prev phi_old", "u_prev prev field_old"},
    {"source term", "field", -1.0, 1.0, "rhs f_src source", "rhs source b"},
    {"grid spacing", "grid spacing", 0.05, 0.2, "h dx spacing", "spacings"},
    {"diffusivity", "diffusivity", 0.01, 0.1, "kappa alpha nu", "diffusivity"},
    {"wave speed", "speed", 0.5, 2.0, "c wave_speed", "wave_speeds"},
    {"advection speed", "speed", -1.0, 1.0, "u_adv vel_x", "u_adv"},
    {"pressure field", "pressure", -1.0, 1.0, "p pressure", "p pressure"},
};

constexpr IdiomSpec kGrids[] = {
    {"laplacian_2d", Domain::Grids,
     "c: F field value, xm: F field value, xp: F field value, ym: F field value, yp: F field value, "
     "h: F+ # grid spacing =0.1 -> lap: F~1e4 field value",
     "({xm} + {xp} + {ym} + {yp} - 4.0 * {c}) / ({h} * {h})", "takes the five-point Laplacian of {c}",
     "lap: lap laplacian", kStencil},
    {"laplacian_3d", Domain::Grids,
     "c: F field value, xm: F field value, xp: F field value, ym: F field value, yp: F field value, "
     "zm: F field value, zp: F field value, h: F+ # grid spacing =0.1 -> lap: F~1e4 field value",
     "({xm} + {xp} + {ym} + {yp} + {zm} + {zp} - 6.0 * {c}) / ({h} * {h})",
     "takes the seven-point Laplacian of {c}", "lap: lap laplacian", kStencil},
    {"box_blur_3x3", Domain::Grids,
     "c: F field value, xm: F field value, xp: F field value, ym: F field value, yp: F field value, "
     "xmym: F field value, xpym: F field value, xmyp: F field value, xpyp: F field value -> b: F~1 field "
     "value",
     "({c} + {xm} + {xp} + {ym} + {yp} + {xmym} + {xpym} + {xmyp} + {xpyp}) / 9.0",
     "averages {c} over its 3x3 neighbourhood", "b: blurred avg", kStencil},
    {"jacobi_step", Domain::Grids,
     "xm: F field value, xp: F field value, ym: F field value, yp: F field value, rhs: F source term, "
     "h: F+ # grid spacing =0.1 -> u: F~2 field value",
     "0.25 * ({xm} + {xp} + {ym} + {yp} - {h} * {h} * {rhs})",
     "relaxes the Poisson equation with {rhs} by one Jacobi sweep", "u: u_new relaxed", kStencil},
    {"heat_step_2d", Domain::Grids,
     "c: F field value, xm: F field value, xp: F field value, ym: F field value, yp: F field value, "
     "kappa: F+ # diffusivity =0.05, dt: F+ # time step =0.01, h: F+ # grid spacing =0.1 -> u: F~5 field "
     "value",
     "{c} + {kappa} * {dt} * ({xm} + {xp} + {ym} + {yp} - 4.0 * {c}) / ({h} * {h})",
     "advances the heat equation for {c} by one explicit step", "u: u_new u_next", kStencil},
    {"central_gradient_2d", Domain::Grids,
     "xm: F field value, xp: F field value, ym: F field value, yp: F field value, h: F+ # grid spacing =0.1 "
     "-> g: V2~20 gradient",
     "wp.vec2(({xp} - {xm}) / (2.0 * {h}), ({yp} - {ym}) / (2.0 * {h}))",
     "takes the central-difference gradient of the field", "g: grad g", kStencil},
    {"upwind_advect_x", Domain::Grids,
     "c: F field value, xm: F field value, xp: F field value, u: F # advection speed, "
     "dt: F+ # time step =0.01, h: F+ # grid spacing =0.1 -> n: F~3 field value",
     "$flux = {u} * ({c} - {xm})\n"
     "if {u} < 0.0:\n"
     "    $flux = {u} * ({xp} - {c})\n"
     "{n} = {c} - {dt} / {h} * $flux",
     "advects {c} along x with an upwind difference", "n: u_new advected; flux: flux du", kStencil | kBranch},
    {"wave_step_2d", Domain::Grids,
     "c: F field value, xm: F field value, xp: F field value, ym: F field value, yp: F field value, "
     "prev: F previous field value, speed: F+ # wave speed =1.0, dt: F+ # time step =0.01, "
     "h: F+ # grid spacing =0.1 -> n: F~10 field value",
     "$lap = ({xm} + {xp} + {ym} + {yp} - 4.0 * {c}) / ({h} * {h})\n"
     "{n} = 2.0 * {c} - {prev} + {speed} * {speed} * {dt} * {dt} * $lap",
     "advances the wave equation for {c} from {prev} by one leapfrog step", "n: u_next h_new; lap: lap",
     kStencil},
    {"divergence_2d", Domain::Grids,
     "xm: V2 velocity, xp: V2 velocity, ym: V2 velocity, yp: V2 velocity, h: F+ # grid spacing =0.1 -> div: "
     "F~40 field value",
     "({xp}[0] - {xm}[0] + {yp}[1] - {ym}[1]) / (2.0 * {h})",
     "takes the central-difference divergence of the velocity field", "div: div divergence", kStencil},
    {"vorticity_2d", Domain::Grids,
     "xm: V2 velocity, xp: V2 velocity, ym: V2 velocity, yp: V2 velocity, h: F+ # grid spacing =0.1 -> w: "
     "F~40 field value",
     "(({xp}[1] - {xm}[1]) - ({yp}[0] - {ym}[0])) / (2.0 * {h})",
     "computes the vorticity (curl) of the velocity field", "w: curl omega vort", kStencil},
    {"gradient_magnitude_2d", Domain::Grids,
     "xm: F field value, xp: F field value, ym: F field value, yp: F field value, h: F+ # grid spacing =0.1 "
     "-> g: F0+~30 field value",
     "$gx = ({xp} - {xm}) / (2.0 * {h})\n"
     "$gy = ({yp} - {ym}) / (2.0 * {h})\n"
     "{g} = wp.sqrt($gx * $gx + $gy * $gy)",
     "measures the magnitude of the field's gradient", "g: grad_mag gmag; gx: gx dudx; gy: gy dudy",
     kStencil},
    {"pressure_projection_2d", Domain::Grids,
     "u: V2 velocity, xm: F pressure field, xp: F pressure field, ym: F pressure field, yp: F pressure "
     "field, dt: F+ # time step =0.01, "
     "h: F+ # grid spacing =0.1 -> v: V2~20 velocity",
     "{u} - {dt} / (2.0 * {h}) * wp.vec2({xp} - {xm}, {yp} - {ym})",
     "subtracts the pressure gradient from {u} to make it divergence free", "v: u_new v_proj", kStencil},
    {"diffusion_3d_step", Domain::Grids,
     "c: F field value, xm: F field value, xp: F field value, ym: F field value, yp: F field value, "
     "zm: F field value, zp: F field value, kappa: F+ # diffusivity =0.05, dt: F+ # time step =0.01, "
     "h: F+ # grid spacing =0.1 -> u: F~5 field value",
     "$lap = ({xm} + {xp} + {ym} + {yp} + {zm} + {zp} - 6.0 * {c}) / ({h} * {h})\n"
     "{u} = {c} + {kappa} * {dt} * $lap",
     "advances the 3D diffusion of {c} by one explicit step", "u: u_new u_next; lap: lap", kStencil},
    {"max_neighbor", Domain::Grids,
     "c: F field value, xm: F field value, xp: F field value, ym: F field value, yp: F field value -> m: F~1 "
     "field value",
     "wp.max(wp.max(wp.max({xm}, {xp}), wp.max({ym}, {yp})), {c})",
     "takes the largest value of {c} and its four neighbours (a dilation)", "m: dilated local_max", kStencil},
    {"local_extremum", Domain::Grids,
     "c: F field value, xm: F field value, xp: F field value, ym: F field value, yp: F field value -> p: B "
     "condition",
     "{c} > {xm} and {c} > {xp} and {c} > {ym} and {c} > {yp}",
     "tests whether {c} is a strict local maximum of the field", "p: is_peak peak", kStencil | kPredicate},
    {"weighted_laplacian_smooth", Domain::Grids,
     "c: F field value, xm: F field value, xp: F field value, ym: F field value, yp: F field value, "
     "lam: F01 # blend factor =0.5 -> s: F~2 field value",
     "{c} + {lam} * (0.25 * ({xm} + {xp} + {ym} + {yp}) - {c})",
     "relaxes {c} toward the mean of its neighbours by {lam}", "s: smoothed relaxed", kStencil},
    {"biharmonic_1d", Domain::Grids,
     "c: F field value, xm: F field value, xp: F field value, h: F+ # grid spacing =0.1 -> d2: F~1e3 field "
     "value",
     "({xp} - 2.0 * {c} + {xm}) / ({h} * {h})", "takes the second derivative of {c} along x", "d2: uxx d2u",
     kStencil},
    {"cfl_number", Domain::Grids,
     "u: V2 velocity, dt: F+ # time step =0.02, h: F+ # grid spacing =0.05 -> c: F0+~2 value",
     "(wp.abs({u}[0]) + wp.abs({u}[1])) * {dt} / {h}", "computes the CFL number of {u}", "c: cfl courant"},
};

} // namespace
} // namespace grids_data

std::span<const IdiomSpec> grid_idioms() {
    return grids_data::kGrids;
}

std::span<const RoleSpec> grid_roles() {
    return grids_data::kRoles;
}

} // namespace ws::synth
