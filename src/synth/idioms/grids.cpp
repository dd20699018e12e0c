// Grids and PDEs: stencils (ports named by offset, see pattern_stencil.cpp),
// diffusion, waves, advection (grammar in src/synth/idiom.h).
#include "synth/library.h"
#include "synth/roles.h"

namespace ws::synth {

namespace {

constexpr RoleSpec kRoles[] = {
    {"field value", "field", -1.0, 1.0, "u phi val", "u field grid phi"},
    {"previous field value", "field", -1.0, 1.0, "u_prev phi_old", "u_prev prev field_old"},
    {"source term", "field", -1.0, 1.0, "rhs f_src source", "rhs source b"},
    {"grid spacing", "grid spacing", 0.05, 0.2, "h dx spacing", "spacings"},
    {"diffusivity", "diffusivity", 0.01, 0.1, "kappa alpha nu", "diffusivity"},
    {"wave speed", "speed", 0.5, 2.0, "c wave_speed", "wave_speeds"},
    {"advection speed", "speed", -1.0, 1.0, "u_adv vel_x", "u_adv"},
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
     "xmym: F field value, xpym: F field value, xmyp: F field value, xpyp: F field value -> b: F~1 field value",
     "({c} + {xm} + {xp} + {ym} + {yp} + {xmym} + {xpym} + {xmyp} + {xpyp}) / 9.0",
     "averages {c} over its 3x3 neighbourhood", "b: blurred avg", kStencil},
    {"jacobi_step", Domain::Grids,
     "xm: F field value, xp: F field value, ym: F field value, yp: F field value, rhs: F source term, "
     "h: F+ # grid spacing =0.1 -> u: F~2 field value",
     "0.25 * ({xm} + {xp} + {ym} + {yp} - {h} * {h} * {rhs})",
     "relaxes the Poisson equation with {rhs} by one Jacobi sweep", "u: u_new relaxed", kStencil},
    {"heat_step_2d", Domain::Grids,
     "c: F field value, xm: F field value, xp: F field value, ym: F field value, yp: F field value, "
     "kappa: F+ # diffusivity =0.05, dt: F+ # time step =0.01, h: F+ # grid spacing =0.1 -> u: F~5 field value",
     "{c} + {kappa} * {dt} * ({xm} + {xp} + {ym} + {yp} - 4.0 * {c}) / ({h} * {h})",
     "advances the heat equation for {c} by one explicit step", "u: u_new u_next", kStencil},
    {"central_gradient_2d", Domain::Grids,
     "xm: F field value, xp: F field value, ym: F field value, yp: F field value, h: F+ # grid spacing =0.1 "
     "-> g: V2~20 gradient",
     "wp.vec2(({xp} - {xm}) / (2.0 * {h}), ({yp} - {ym}) / (2.0 * {h}))",
     "takes the central-difference gradient of the field", "g: grad g", kStencil},
    {"upwind_advect_x", Domain::Grids,
     "c: F field value, xm: F field value, xp: F field value, u: F # advection speed =0.5, "
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
};

} // namespace

std::span<const IdiomSpec> grid_idioms() {
    return kGrids;
}

std::span<const RoleSpec> grid_roles() {
    return kRoles;
}

} // namespace ws::synth
