// Particle physics: forces, integrators, collisions, SPH weights (grammar in idiom.h).
#include "synth/library.h"
#include "synth/roles.h"

namespace ws::synth {

namespace particles_data {
namespace {

constexpr IdiomSpec kParticles[] = {
    {"add_gravity", Domain::Particles,
     "a: V3 acceleration, g: V3 # gravity =wp.vec3(0.0, -9.8, 0.0) -> a2: V3~a+10 acceleration", "{a} + {g}",
     "adds {g} to {a}", "a2: accel a_total"},
    {"force_to_accel", Domain::Particles,
     "f: V3 force, inv_m: F0+ inverse mass -> a: V3~f*inv_m acceleration", "{f} * {inv_m}",
     "converts {f} to an acceleration with {inv_m}", "a: accel a"},
    {"mass_to_inv_mass", Domain::Particles, "m: F+ mass -> w: F+~20 inverse mass", "1.0 / {m}", "inverts {m}",
     "w: inv_m w"},
    {"integrate_velocity", Domain::Particles,
     "v: V3 velocity, a: V3 acceleration, dt: F+ # time step =0.01 -> v_new: V3~v+a*dt velocity",
     "{v} + {a} * {dt}", "advances {v} by {a} over {dt}", "v_new: v_new vel_next v1"},
    {"integrate_position", Domain::Particles,
     "x: V3 position, v: V3 velocity, dt: F+ # time step =0.01 -> x_new: V3~x+v*dt position",
     "{x} + {v} * {dt}", "moves {x} along {v} for {dt}", "x_new: x_new pos_next x1"},
    {"semi_implicit_euler", Domain::Particles,
     "x: V3 position, v: V3 velocity, f: V3 force, inv_m: F0+ inverse mass, "
     "g: V3 # gravity =wp.vec3(0.0, -9.8, 0.0), dt: F+ # time step =0.01 "
     "-> x_new: V3~x+v*dt+f*inv_m*dt*dt+10*dt*dt position, v_new: V3~v+f*inv_m*dt+10*dt velocity",
     "{v_new} = {v} + ({f} * {inv_m} + {g}) * {dt}\n"
     "{x_new} = {x} + {v_new} * {dt}",
     "advances {x} and {v} one semi-implicit Euler step under {f} and {g}",
     "x_new: x_new x1; v_new: v_new v1"},
    {"linear_damping", Domain::Particles,
     "v: V3 velocity, k: F01 # damping =0.1, dt: F+ # time step =0.01 -> v2: V3~v velocity",
     "{v} * (1.0 - {k} * {dt})", "damps {v} by {k} over {dt}", "v2: v_damped vd"},
    {"exponential_damping", Domain::Particles,
     "v: V3 velocity, k: F0+ # damping =0.5, dt: F+ # time step =0.01 -> v2: V3~v velocity",
     "{v} * wp.exp(-{k} * {dt})", "damps {v} exponentially with {k}", "v2: v_damped vd"},
    {"quadratic_drag", Domain::Particles,
     "v: V3~10 velocity, c: F0+ # drag coefficient =0.5 -> f: V3~c*v*v*2 force",
     "-{c} * wp.length({v}) * {v}", "computes the quadratic drag force on {v}", "f: f_drag drag"},
    {"wind_drag", Domain::Particles,
     "v: V3 velocity, wind: V3 # velocity =wp.vec3(1.0, 0.0, 0.0), c: F0+ # drag coefficient =0.5 -> f: "
     "V3~c*v+c*wind force",
     "{c} * ({wind} - {v})", "computes the drag of {wind} on a particle moving at {v}", "f: f_wind"},
    {"sum_forces", Domain::Particles, "a: V3 force, b: V3 force -> f: V3~a+b force", "{a} + {b}",
     "adds {a} and {b}", "f: f_total f_net"},
    {"spring_force", Domain::Particles,
     "xa: V3 position, xb: V3 position, rest: F+ rest length, ke: F+ # stiffness =50.0 -> f: V3~ke*4 force",
     "$d = {xb} - {xa}\n"
     "$l = wp.length($d)\n"
     "{f} = {ke} * ($l - {rest}) * $d / wp.max($l, 1.0e-6)",
     "computes the Hooke spring force between {xa} and {xb}", "f: f_spring fs; d: d delta; l: l length",
     kPair},
    {"damped_spring_force", Domain::Particles,
     "xa: V3 position, xb: V3 position, va: V3 velocity, vb: V3 velocity, rest: F+ rest length, "
     "ke: F+ # stiffness =50.0, kd: F0+ # damping =0.5 -> f: V3~ke*4+kd*4 force",
     "$d = {xb} - {xa}\n"
     "$l = wp.length($d)\n"
     "$n = $d / wp.max($l, 1.0e-6)\n"
     "$vrel = wp.dot({vb} - {va}, $n)\n"
     "{f} = ({ke} * ($l - {rest}) + {kd} * $vrel) * $n",
     "computes the damped spring force between {xa} and {xb}",
     "f: f_spring fs; d: d delta; l: l length; n: n dir; vrel: v_rel rel_speed", kPair | kHelper},
    {"pair_distance", Domain::Particles, "xa: V3 position, xb: V3 position -> d: F0+~xa+xb distance",
     "wp.length({xb} - {xa})", "measures the distance between {xa} and {xb}", "d: dist r", kPair},
    {"contact_repulsion", Domain::Particles,
     "xa: V3 position, xb: V3 position, r: F+ # radius =0.2, ke: F+ # stiffness =50.0 -> f: V3~ke*r*2 force",
     "$d = {xa} - {xb}\n"
     "$dist = wp.length($d)\n"
     "$pen = 2.0 * {r} - $dist\n"
     "{f} = wp.vec3(0.0)\n"
     "if $pen > 0.0:\n"
     "    {f} = $d / wp.max($dist, 1.0e-6) * ({ke} * $pen)",
     "computes the contact force pushing {xa} away from {xb}",
     "f: f_contact fc; d: d delta; dist: dist; pen: pen depth", kPair | kBranch},
    {"ground_bounce", Domain::Particles,
     "x: V3 position, v: V3 velocity, ground: F # ground height =0.0, e: F01 # restitution =0.5 "
     "-> xc: V3~x+1 position, vc: V3~v velocity",
     "{xc} = {x}\n"
     "{vc} = {v}\n"
     "if {x}[1] < {ground}:\n"
     "    {xc} = wp.vec3({x}[0], {ground}, {x}[2])\n"
     "    {vc} = wp.vec3({v}[0], -{e} * {v}[1], {v}[2])",
     "bounces {x} and {v} off the ground plane at {ground}", "xc: x_c x_new; vc: v_c v_new", kBranch},
    {"ground_friction", Domain::Particles,
     "v: V3 velocity, x: V3 position, ground: F # ground height =0.0, mu: F01 # friction coefficient =0.5 -> "
     "vf: V3~v velocity",
     "{vf} = {v}\n"
     "if {x}[1] <= {ground}:\n"
     "    {vf} = wp.vec3({v}[0] * (1.0 - {mu}), {v}[1], {v}[2] * (1.0 - {mu}))",
     "slows the sliding part of {v} by {mu} where {x} touches the ground", "vf: v_f v_fric", kBranch},
    {"sphere_pushout", Domain::Particles,
     "x: V3 position, c: V3 # center =wp.vec3(0.0, 0.0, 0.0), r: F+ # radius =0.5 -> xc: V3~x+c+r position",
     "$d = {x} - {c}\n"
     "$dist = wp.length($d)\n"
     "{xc} = {x}\n"
     "if $dist < {r}:\n"
     "    {xc} = {c} + $d * ({r} / wp.max($dist, 1.0e-6))",
     "pushes {x} out of the sphere around {c}", "xc: x_c x_new; d: d offset; dist: dist", kBranch},
    {"kinetic_energy", Domain::Particles, "v: V3 velocity, m: F+ mass -> e: F0+~m*v*v*3 energy",
     "0.5 * {m} * wp.dot({v}, {v})", "computes the kinetic energy of a particle of {m} moving at {v}",
     "e: ke_i energy"},
    {"poly6_weight", Domain::Particles,
     "r: F0+ distance, h: F+ # smoothing length =0.2 -> w: F0+z~1e7 weight",
     "$q = wp.max({h} * {h} - {r} * {r}, 0.0)\n"
     "{w} = 315.0 / (64.0 * 3.14159265 * wp.pow({h}, 9.0)) * $q * $q * $q",
     "evaluates the SPH poly6 kernel at {r} for support {h}", "w: w_poly6 w; q: q diff"},
    {"tait_pressure", Domain::Particles,
     "rho: F+~4 density, rho0: F+ # rest density =1.0, k: F+ # stiffness =20.0 -> p: F~k*20000 pressure",
     "{k} * (wp.pow({rho} / {rho0}, 7.0) - 1.0)", "computes the Tait pressure of {rho} around {rho0}",
     "p: p pressure"},
    {"linear_pressure", Domain::Particles,
     "rho: F density, rho0: F+ # rest density =1.0, k: F+ # stiffness =20.0 -> p: F~k*rho+k*rho0 pressure",
     "{k} * ({rho} - {rho0})", "computes the pressure of {rho} around {rho0}", "p: p pressure"},
    {"spiky_gradient", Domain::Particles,
     "xa: V3 position, xb: V3 position, h: F+ # smoothing length =0.2 -> g: V3~1e6 gradient",
     "$r = {xa} - {xb}\n"
     "$d = wp.length($r)\n"
     "{g} = wp.vec3(0.0)\n"
     "if $d > 1.0e-6 and $d < {h}:\n"
     "    $q = {h} - $d\n"
     "    {g} = -45.0 / (3.14159265 * wp.pow({h}, 6.0)) * $q * $q * ($r / $d)",
     "evaluates the gradient of the SPH spiky kernel between {xa} and {xb}",
     "g: grad_w gw; r: r_ij rel; d: dist r_len; q: q diff", kPair | kBranch},
    {"viscosity_laplacian", Domain::Particles,
     "r: F0+ distance, h: F+ # smoothing length =0.2 -> w: F0+z~1e6 weight",
     "{w} = 0.0\n"
     "if {r} < {h}:\n"
     "    {w} = 45.0 / (3.14159265 * wp.pow({h}, 6.0)) * ({h} - {r})",
     "evaluates the Laplacian of the SPH viscosity kernel at {r}", "w: lap_w w_visc", kBranch},
    {"cubic_spline_weight", Domain::Particles,
     "r: F0+ distance, h: F+ # smoothing length =0.2 -> w: F0+z~1e3 weight",
     "$q = {r} / {h}\n"
     "$sigma = 8.0 / (3.14159265 * {h} * {h} * {h})\n"
     "{w} = 0.0\n"
     "if $q <= 0.5:\n"
     "    {w} = $sigma * (6.0 * ($q * $q * $q - $q * $q) + 1.0)\n"
     "elif $q <= 1.0:\n"
     "    $t = 1.0 - $q\n"
     "    {w} = $sigma * 2.0 * $t * $t * $t",
     "evaluates the cubic spline SPH kernel at {r}", "w: w_ij w; q: q; sigma: sigma norm; t: t one_minus_q",
     kBranch},
    {"pbd_distance_correction", Domain::Particles,
     "xa: V3 position, xb: V3 position, wa: F0+ inverse mass, wb: F0+ inverse mass, rest: F+ rest length, "
     "k: F01 # stiffness =0.5 -> dx: V3~10 displacement",
     "$d = {xa} - {xb}\n"
     "$l = wp.length($d)\n"
     "$w = {wa} + {wb}\n"
     "{dx} = wp.vec3(0.0)\n"
     "if $l > 1.0e-6 and $w > 0.0:\n"
     "    {dx} = -{k} * {wa} / $w * ($l - {rest}) * ($d / $l)",
     "computes the position-based distance-constraint correction of {xa} toward {xb}",
     "dx: dx corr delta_x; d: d diff; l: l length; w: w_sum w", kPair | kBranch},
    {"apply_correction", Domain::Particles, "x: V3 position, dx: V3 displacement -> y: V3~x+dx position",
     "{x} + {dx}", "applies {dx} to {x}", "y: x_corr x_new"},
    {"velocity_from_positions", Domain::Particles,
     "x_new: V3 position, x_old: V3 position, dt: F+ # time step =0.01 -> v: V3~1e3 velocity",
     "({x_new} - {x_old}) / {dt}", "recovers the velocity from {x_new} and {x_old} over {dt}", "v: v v_new",
     kPair},
    {"dem_normal_force", Domain::Particles,
     "xa: V3 position, xb: V3 position, va: V3 velocity, vb: V3 velocity, r: F+ # radius =0.2, "
     "kn: F+ # stiffness =100.0, kd: F0+ # damping =0.5 -> f: V3~kn*r*2+kd*4 force",
     "$d = {xa} - {xb}\n"
     "$dist = wp.length($d)\n"
     "{f} = wp.vec3(0.0)\n"
     "if $dist < 2.0 * {r} and $dist > 1.0e-6:\n"
     "    $n = $d / $dist\n"
     "    $vn = wp.dot({va} - {vb}, $n)\n"
     "    {f} = ({kn} * (2.0 * {r} - $dist) - {kd} * $vn) * $n",
     "computes the damped normal contact force between two grains at {xa} and {xb}",
     "f: f_n fn; d: d diff; dist: dist; n: n normal; vn: vn v_rel", kPair | kBranch | kHelper},
    {"coulomb_friction", Domain::Particles,
     "vt: V3 velocity, fn: F0+ force, mu: F01 # friction coefficient =0.5 -> ft: V3~mu*fn force",
     "$speed = wp.length({vt})\n"
     "{ft} = wp.vec3(0.0)\n"
     "if $speed > 1.0e-6:\n"
     "    {ft} = -{mu} * {fn} * {vt} / $speed",
     "computes the Coulomb friction force opposing the sliding velocity {vt}",
     "ft: f_t friction; speed: vt_len speed", kBranch},
    {"buoyancy_force", Domain::Particles,
     "rho: F+ density, rho0: F+ # rest density =1.0, g: V3 # gravity =wp.vec3(0.0, -9.8, 0.0) -> f: "
     "V3~20+rho*10 force",
     "({rho0} - {rho}) * {g}", "computes the buoyancy force of a parcel of {rho} in a fluid of {rho0}",
     "f: f_buoy buoyancy"},
    {"verlet_position", Domain::Particles,
     "x: V3 position, x_prev: V3 position, a: V3 acceleration, dt: F+ # time step =0.01 -> x_next: "
     "V3~x*2+x_prev+a position",
     "2.0 * {x} - {x_prev} + {a} * ({dt} * {dt})",
     "advances {x} by a position-Verlet step from {x_prev} under {a}", "x_next: x_next x1", kPair},
    {"plane_collision", Domain::Particles,
     "x: V3 position, v: V3 velocity, n: V3u normal, d: F # plane offset =0.0, e: F01 # restitution =0.3 "
     "-> xc: V3~x+2 position, vc: V3~v*2 velocity",
     "$dist = wp.dot({x}, {n}) - {d}\n"
     "{xc} = {x}\n"
     "{vc} = {v}\n"
     "if $dist < 0.0:\n"
     "    {xc} = {x} - $dist * {n}\n"
     "    $vn = wp.dot({v}, {n})\n"
     "    if $vn < 0.0:\n"
     "        {vc} = {v} - (1.0 + {e}) * $vn * {n}",
     "projects {x} out of the plane with normal {n} and reflects the normal part of {v}",
     "xc: x_c x_new; vc: v_c v_new; dist: dist sd; vn: vn v_n", kBranch},
    {"periodic_wrap", Domain::Particles, "x: V3 position, box: F+ # scale =2.0 -> y: V3~box position",
     "{x} - {box} * wp.vec3(wp.floor({x}[0] / {box}), wp.floor({x}[1] / {box}), wp.floor({x}[2] / {box}))",
     "wraps {x} into the periodic box of side {box}", "y: x_wrapped x_pbc"},
    {"spring_potential", Domain::Particles,
     "xa: V3 position, xb: V3 position, rest: F+ rest length, ke: F+ # stiffness =50.0 -> e: F0+~ke*4 energy",
     "$stretch = wp.length({xb} - {xa}) - {rest}\n"
     "{e} = 0.5 * {ke} * $stretch * $stretch",
     "computes the potential energy stored in the spring between {xa} and {xb}",
     "e: energy pe; stretch: stretch dl", kPair},
    {"lennard_jones_force", Domain::Particles,
     "xa: V3 position, xb: V3 position, eps: F+ # energy =0.01, sigma: F+ # radius =0.05 -> f: V3~1e4 force",
     "$r = {xa} - {xb}\n"
     "$d2 = wp.max(wp.dot($r, $r), {sigma} * {sigma} * 0.64)\n"
     "$s6 = wp.pow({sigma} * {sigma} / $d2, 3.0)\n"
     "{f} = 24.0 * {eps} * (2.0 * $s6 * $s6 - $s6) / $d2 * $r",
     "computes the Lennard-Jones force between {xa} and {xb}",
     "f: f_lj force; r: r_ij rel; d2: r2 d2; s6: s6 sr6", kPair},
    {"gravity_attraction", Domain::Particles,
     "xa: V3 position, xb: V3 position, mb: F+ mass, soft: F+ # smoothing length =0.1 -> a: V3~1e3 "
     "acceleration",
     "$r = {xb} - {xa}\n"
     "$d2 = wp.dot($r, $r) + {soft} * {soft}\n"
     "{a} = {mb} * $r / ($d2 * wp.sqrt($d2))",
     "computes the softened gravitational pull of a body of {mb} at {xb} on {xa}",
     "a: acc a_grav; r: r_ij d; d2: r2 dist2", kPair},
    // ---- SPH and neighbour counts: pair terms summed over neighbours (hash-grid loops)
    {"sph_density_term", Domain::Particles,
     "xa: V3 position, xb: V3 position, m: F+ mass, h: F+ # smoothing length =0.2 -> rho: F0+z~1e7 density",
     "$r2 = wp.length_sq({xa} - {xb})\n"
     "$q = wp.max({h} * {h} - $r2, 0.0)\n"
     "{rho} = {m} * 315.0 / (64.0 * 3.14159265 * wp.pow({h}, 9.0)) * $q * $q * $q",
     "weighs the mass {m} at {xb} by the SPH poly6 kernel around {xa}",
     "rho: rho_ij w_rho; r2: r2 dist_sq; q: q diff", kPair},
    {"sph_pressure_force", Domain::Particles,
     "xa: V3 position, xb: V3 position, pa: F pressure, pb: F pressure, rho_b: F+ density, "
     "h: F+ # smoothing length =0.2 -> f: V3~1e3 force",
     "$r = {xa} - {xb}\n"
     "$d = wp.length($r)\n"
     "{f} = wp.vec3(0.0)\n"
     "if $d > 1.0e-6 and $d < {h}:\n"
     "    $q = {h} - $d\n"
     "    {f} = -($r / $d) * ({pa} + {pb}) / (2.0 * {rho_b}) * $q * $q",
     "computes the SPH pressure force of the particle at {xb} on the one at {xa}",
     "f: f_press pressure_force; r: r_ij rel; d: dist r_len; q: q diff", kPair | kBranch | kHelper},
    {"sph_viscosity_force", Domain::Particles,
     "xa: V3 position, xb: V3 position, va: V3 velocity, vb: V3 velocity, rho_b: F+ density, "
     "h: F+ # smoothing length =0.2, mu: F0+ # viscosity =0.1 -> f: V3~mu*8 force",
     "$d = wp.length({xb} - {xa})\n"
     "{f} = wp.vec3(0.0)\n"
     "if $d < {h}:\n"
     "    {f} = {mu} * ({vb} - {va}) / {rho_b} * ({h} - $d)",
     "computes the SPH viscosity force pulling {va} toward {vb}", "f: f_visc viscous_force; d: dist r_len",
     kPair | kBranch | kHelper},
    {"within_radius", Domain::Particles,
     "xa: V3 position, xb: V3 position, r: F+ # search radius =0.2 -> near: B condition",
     "wp.length_sq({xb} - {xa}) < {r} * {r}", "tests whether {xb} lies within {r} of {xa}",
     "near: near in_range", kPair | kPredicate},
    {"speed_of", Domain::Particles, "v: V3 velocity -> s: F0+~v*2 speed", "wp.length({v})",
     "measures the speed of {v}", "s: speed vmag"},
    {"momentum", Domain::Particles, "m: F+ mass, v: V3 velocity -> p: V3~m*v linear momentum", "{m} * {v}",
     "computes the momentum of a particle of {m} moving at {v}", "p: p mom"},
    {"impulse_to_velocity", Domain::Particles,
     "v: V3 velocity, j: V3 linear momentum, inv_m: F0+ inverse mass -> v2: V3~v+j*inv_m velocity",
     "{v} + {j} * {inv_m}", "changes {v} by the impulse {j} scaled by {inv_m}", "v2: v_new v1"},
};

} // namespace
} // namespace particles_data

std::span<const IdiomSpec> particle_idioms() {
    return particles_data::kParticles;
}

namespace particles_data {
namespace {

constexpr RoleSpec kRoles[] = {
    // ---- particles and rigid bodies
    {"position", "position", -1.0, 1.0, "x p pos", "x positions particle_x points pos", true},
    {"velocity", "velocity", -1.0, 1.0, "v vel", "v velocities vel particle_v"},
    {"force", "force", -1.0, 1.0, "f force", "f forces particle_f"},
    {"acceleration", "acceleration", -1.0, 1.0, "a accel", "accel accelerations"},
    {"gravity", "acceleration", -10.0, 0.0, "gravity g", "gravity"},
    {"mass", "mass", 0.5, 2.0, "m mass", "masses mass particle_mass"},
    {"inverse mass", "inverse mass", 0.0, 2.0, "inv_m w inv_mass", "inv_mass inv_masses particle_inv_mass"},
    {"time step", "time step", 0.001, 0.02, "dt", "dt"},
    {"stiffness", "stiffness", 10.0, 100.0, "ke k stiffness", "stiffness ke"},
    {"damping", "damping", 0.0, 1.0, "kd damping", "damping kd"},
    {"rest length", "distance", 0.1, 1.0, "rest rest_length l0", "rest_lengths rest spring_rest"},
    // Large enough that contacts happen among points drawn in [-1, 1]^3.
    {"radius", "radius", 0.1, 0.3, "r radius", "radii radius particle_radius"},
    {"ground height", "height", -1.0, 0.0, "ground ground_y floor_y", "ground_heights"},
    {"restitution", "restitution", 0.0, 1.0, "restitution e_rest bounce", "restitution"},
    {"friction coefficient", "friction", 0.1, 1.0, "mu friction", "friction mu"},
    {"smoothing length", "radius", 0.1, 0.5, "h smoothing_length support", "support_radii"},
    {"density", "density", 0.5, 2.0, "rho density", "densities rho"},
    {"rest density", "density", 0.5, 2.0, "rho0 rest_density", "rest_densities"},
    {"pressure", "pressure", 0.0, 2.0, "p pressure", "pressures"},
    {"energy", "energy", 0.0, 2.0, "e energy", "energies"},
    {"speed limit", "speed", 0.5, 1.5, "max_speed v_max speed_limit", "max_speeds"},
    {"speed", "speed", 0.0, 2.0, "speed s", "speeds"},
    {"displacement", "displacement", -0.1, 0.1, "dx delta", "deltas corrections dx"},
    {"linear momentum", "linear momentum", -1.0, 1.0, "p impulse", "momenta impulses"},
    {"drag coefficient", "damping", 0.0, 1.0, "drag c_drag k_drag", "drag"},
};

} // namespace
} // namespace particles_data

std::span<const RoleSpec> particle_roles() {
    return particles_data::kRoles;
}

} // namespace ws::synth
