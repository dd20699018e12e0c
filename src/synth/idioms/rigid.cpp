// Rigid bodies: quaternions, transforms, spatial vectors, joints, inertia,
// impulses and contacts on bodies (grammar in src/synth/idiom.h). Spatial
// vectors follow Warp's convention: the top half is angular, the bottom linear.
// The two-vector `wp.spatial_vector(w, v)` constructor exists in float32 only,
// so the idioms that use it are kF32Only (and a component form is given too).
#include "synth/library.h"
#include "synth/roles.h"

namespace ws::synth {

namespace rigid_data {
namespace {

constexpr RoleSpec kRoles[] = {
    // ---- poses and frames
    {"body transform", "body transform", -1.0, 1.0, "X_wb pose body_tf", "body_q body_X poses transforms"},
    {"joint frame", "joint frame", -1.0, 1.0, "X_pj joint_tf X_j", "joint_X_p joint_frames joint_X"},
    {"orientation", "orientation", -1.0, 1.0, "q rot orient", "body_rot orientations quats rotations"},
    {"target orientation", "orientation", -1.0, 1.0, "q_target q_goal", "target_rot goal_quats"},
    {"previous orientation", "orientation", -1.0, 1.0, "q_prev q_old", "prev_rot body_q_prev"},
    {"rotation matrix", "rotation matrix", -1.0, 1.0, "R rot_mat", "rot_mats rotation_matrices"},
    {"homogeneous transform", "homogeneous transform", -1.0, 1.0, "M xform world_mat",
     "xforms world_matrices"},
    {"homogeneous point", "homogeneous point", -1.0, 1.0, "h p_h", "hpoints homogeneous_points", true},
    {"local point", "local point", -0.5, 0.5, "p_local anchor offset", "local_points anchors body_offsets",
     true},
    {"center of mass", "position", -1.0, 1.0, "com x_com", "body_com coms", true},
    {"roll angle", "angle", -1.0, 1.0, "roll", "rolls"},
    {"pitch angle", "angle", -1.0, 1.0, "pitch", "pitches"},
    {"yaw angle", "angle", -3.0, 3.0, "yaw heading", "yaws headings"},
    // ---- motion and forces
    {"angular velocity", "angular velocity", -2.0, 2.0, "w omega ang_vel",
     "body_w omegas angular_velocities"},
    {"torque", "torque", -1.0, 1.0, "tau torque", "torques body_tau"},
    {"lever arm", "lever arm", -0.5, 0.5, "r arm", "lever_arms arms"},
    {"twist", "twist", -1.0, 1.0, "twist v_s", "body_qd twists"},
    {"wrench", "wrench", -1.0, 1.0, "wrench f_s", "body_f wrenches"},
    {"spatial acceleration", "spatial acceleration", -1.0, 1.0, "a_s acc_s", "body_qdd spatial_accels"},
    {"joint motion subspace", "joint motion subspace", -1.0, 1.0, "S motion", "joint_S motion_subspaces"},
    {"angular momentum", "angular momentum", -1.0, 1.0, "L ang_mom", "angular_momenta"},
    {"power", "power", -2.0, 2.0, "power p_mech", "powers"},
    {"rotation error", "rotation error", -1.0, 1.0, "err rot_err", "rot_errors"},
    // ---- mass properties
    {"inertia tensor", "inertia tensor", 0.05, 0.5, "I inertia I_body", "body_inertia inertias"},
    {"inverse inertia", "inverse inertia", 0.5, 2.0, "I_inv inv_I", "body_inv_inertia inv_inertias"},
    {"principal moments", "principal moments", 0.05, 0.5, "moments I_diag", "principal_moments moments"},
    {"box half extents", "box half extents", 0.1, 1.0, "half_ext extents", "half_extents box_sizes"},
    {"effective mass", "effective mass", 0.1, 2.0, "m_eff k_eff", "eff_masses"},
    // ---- contacts
    {"contact normal", "direction", -1.0, 1.0, "n contact_n", "contact_normals normals"},
    {"impulse", "impulse", -1.0, 1.0, "J impulse", "impulses"},
    {"normal impulse", "impulse magnitude", 0.0, 1.0, "jn lambda_n", "normal_impulses"},
    {"constraint error", "constraint error", -0.1, 0.1, "err c_err", "errors constraint_errors"},
    {"compliance", "compliance", 1.0e-6, 1.0e-4, "alpha compliance", "compliances"},
    // ---- joints
    {"joint angle", "joint angle", -1.5, 1.5, "q_j theta joint_q", "joint_q joint_angles"},
    {"joint target", "joint target", -1.5, 1.5, "q_target target", "joint_target targets"},
    {"joint velocity", "joint velocity", -2.0, 2.0, "qd joint_qd", "joint_qd joint_vel"},
    {"joint torque", "joint torque", -2.0, 2.0, "tau_j joint_tau", "joint_tau joint_act"},
    {"joint lower limit", "lower bound", -1.5, -0.5, "q_min lower", "joint_limit_lower"},
    {"joint upper limit", "upper bound", 0.5, 1.5, "q_max upper", "joint_limit_upper"},
    {"joint type", "joint type", 0.0, 2.0, "jtype joint_type", "joint_type joint_types"},
    {"parent index", "parent index", -1.0, 7.0, "parent", "joint_parent parents"},
};

constexpr IdiomSpec kRigid[] = {
    // ---- quaternions
    {"axis_angle_quat", Domain::Rigid, "axis: V3u axis, angle: F angle -> q: Qu orientation",
     "wp.quat_from_axis_angle({axis}, {angle})", "builds the rotation of {angle} about {axis}",
     "q: q rot q_axis"},
    {"euler_to_quat", Domain::Rigid,
     "roll: F roll angle, pitch: F pitch angle, yaw: F yaw angle -> q: Qu orientation",
     "wp.quat_rpy({roll}, {pitch}, {yaw})", "builds an orientation from {roll}, {pitch} and {yaw}",
     "q: q rot q_rpy"},
    {"rotate_by_quat", Domain::Rigid, "q: Qu orientation, v: V3 vector -> r: V3~v ^v",
     "wp.quat_rotate({q}, {v})", "rotates {v} by {q}", "r: v_world rotated"},
    {"rotate_by_quat_inv", Domain::Rigid, "q: Qu orientation, v: V3 vector -> r: V3~v ^v",
     "wp.quat_rotate_inv({q}, {v})", "rotates {v} into the frame of {q}", "r: v_local v_body"},
    {"rotate_by_quat_explicit", Domain::Rigid, "q: Qu orientation, v: V3 vector -> r: V3~v*3 ^v",
     "$u = wp.vec3({q}[0], {q}[1], {q}[2])\n"
     "$t = 2.0 * wp.cross($u, {v})\n"
     "{r} = {v} + {q}[3] * $t + wp.cross($u, $t)",
     "rotates {v} by {q} with the two-cross-product formula", "r: v_rot rotated; u: u q_vec; t: t tw"},
    {"compose_rotations", Domain::Rigid, "qa: Qu orientation, qb: Qu orientation -> q: Qu orientation",
     "{qa} * {qb}", "composes {qa} with {qb}", "q: q_total q_wc"},
    {"relative_rotation", Domain::Rigid, "qa: Qu orientation, qb: Qu orientation -> q: Qu orientation",
     "wp.quat_inverse({qa}) * {qb}", "computes the rotation that takes {qa} to {qb}", "q: q_rel dq", kPair},
    {"slerp_orientation", Domain::Rigid,
     "qa: Qu orientation, qb: Qu orientation, t: F01 blend factor -> q: Qu orientation",
     "wp.quat_slerp({qa}, {qb}, {t})", "interpolates spherically from {qa} to {qb} by {t}",
     "q: q_interp q_t"},
    {"nlerp_orientation", Domain::Rigid,
     "qa: Qu orientation, qb: Qu orientation, t: F01 blend factor -> q: Qu orientation",
     "$q_end = {qb}\n"
     "if wp.dot({qa}, {qb}) < 0.0:\n"
     "    $q_end = -{qb}\n"
     "{q} = wp.normalize(wp.lerp({qa}, $q_end, {t}))",
     "blends {qa} toward {qb} by {t} along the shorter arc, keeping it unit length",
     "q: q_blend q_t; q_end: q_end q1", kBranch},
    {"integrate_orientation", Domain::Rigid,
     "q: Qu orientation, w: V3~100 angular velocity, dt: F+ # time step -> q_new: Qu orientation",
     "wp.normalize({q} + wp.quat({w}, 0.0) * {q} * (0.5 * {dt}))",
     "advances {q} by {w} over {dt}, keeping it unit length", "q_new: q_new rot_next q1"},
    {"integrate_orientation_exp", Domain::Rigid,
     "q: Qu orientation, w: V3 angular velocity, dt: F+ # time step =0.01 -> q_new: Qu orientation",
     "$speed = wp.length({w})\n"
     "{q_new} = {q}\n"
     "if $speed > 1.0e-6:\n"
     "    {q_new} = wp.quat_from_axis_angle({w} / $speed, $speed * {dt}) * {q}",
     "rotates {q} by the exact exponential of {w} over {dt}", "q_new: q_new rot_next; speed: w_len ang_speed",
     kBranch},
    {"random_orientation", Domain::Rigid, "state: U rng state -> q: Qu orientation",
     "$u1 = wp.randf({state})\n"
     "$u2 = wp.randf({state})\n"
     "$u3 = wp.randf({state})\n"
     "$a = wp.sqrt(1.0 - $u1)\n"
     "$b = wp.sqrt($u1)\n"
     "{q} = wp.quat(\n"
     "    $a * wp.sin(6.28318531 * $u2), $a * wp.cos(6.28318531 * $u2),\n"
     "    $b * wp.sin(6.28318531 * $u3), $b * wp.cos(6.28318531 * $u3),\n"
     ")",
     "draws a uniformly random orientation (Shoemake's method)",
     "q: q_rand rot; u1: u1; u2: u2; u3: u3; a: a r1; b: b r2", kRandom | kF32Only},
    {"quat_to_rotation_matrix", Domain::Rigid, "q: Qu orientation -> R: M33u rotation matrix",
     "wp.quat_to_matrix({q})", "converts {q} to a rotation matrix", "R: R rot_mat"},
    {"rotation_matrix_to_quat", Domain::Rigid, "R: M33 rotation matrix -> q: Qu orientation",
     "wp.normalize(wp.quat_from_matrix({R}))", "extracts the orientation of {R}", "q: q rot"},
    {"rotation_angle", Domain::Rigid, "q: Qu orientation -> a: F0+~4 angle",
     "2.0 * wp.acos(wp.clamp(wp.abs({q}[3]), 0.0, 1.0))", "measures the rotation angle of {q}",
     "a: angle theta"},
    {"quat_axis_and_angle", Domain::Rigid, "q: Qu orientation -> axis: V3~1 axis, angle: F~7 angle",
     "{axis} = wp.vec3()\n"
     "{angle} = float(0.0)\n"
     "wp.quat_to_axis_angle({q}, {axis}, {angle})",
     "splits {q} into a rotation axis and angle", "axis: axis rot_axis; angle: angle theta"},
    {"twist_about_axis", Domain::Rigid, "q: Qu orientation, axis: V3u axis -> a: F~7 joint angle",
     "$proj = wp.dot(wp.vec3({q}[0], {q}[1], {q}[2]), {axis})\n"
     "{a} = 2.0 * wp.atan2($proj, {q}[3])",
     "measures the twist of {q} about {axis}", "a: theta twist; proj: proj p_axis"},
    {"angle_between_orientations", Domain::Rigid, "qa: Qu orientation, qb: Qu orientation -> d: F0+~4 angle",
     "2.0 * wp.acos(wp.min(wp.abs(wp.dot({qa}, {qb})), 1.0))", "measures the angle between {qa} and {qb}",
     "d: ang_dist theta", kPair},
    {"orientation_error", Domain::Rigid,
     "q: Qu orientation, q_target: Qu target orientation -> e: V3~2 rotation error",
     "$dq = {q_target} * wp.quat_inverse({q})\n"
     "{e} = 2.0 * wp.vec3($dq[0], $dq[1], $dq[2])\n"
     "if $dq[3] < 0.0:\n"
     "    {e} = -{e}",
     "computes the rotation error from {q} to {q_target}", "e: err rot_err; dq: dq q_err", kBranch},
    {"orientation_error_where", Domain::Rigid,
     "q: Qu orientation, q_target: Qu target orientation -> e: V3~2 rotation error",
     "$dq = {q_target} * wp.quat_inverse({q})\n"
     "{e} = wp.where($dq[3] < 0.0, -2.0, 2.0) * wp.vec3($dq[0], $dq[1], $dq[2])",
     "computes the rotation error from {q} to {q_target} along the shorter arc",
     "e: err rot_err; dq: dq q_err", kBranch},
    {"attitude_pd_torque", Domain::Rigid,
     "e: V3 rotation error, w: V3 angular velocity, kp: F+ # stiffness =20.0, kd: F0+ # damping =0.5 "
     "-> tau: V3~kp*e+kd*w torque",
     "{kp} * {e} - {kd} * {w}", "computes the PD torque that drives {e} to zero against {w}",
     "tau: tau torque"},
    {"rotation_between", Domain::Rigid, "a: V3u direction, b: V3u direction -> q: Qu orientation",
     "$c = wp.cross({a}, {b})\n"
     "$d = wp.dot({a}, {b})\n"
     "{q} = wp.quat_identity()\n"
     "if $d > -0.9999:\n"
     "    $w = 1.0 + $d\n"
     "    {q} = wp.normalize(wp.quat($c[0], $c[1], $c[2], $w))\n"
     "else:\n"
     "    $perp = wp.cross({a}, wp.vec3(1.0, 0.0, 0.0))\n"
     "    if wp.length($perp) < 1.0e-3:\n"
     "        $perp = wp.cross({a}, wp.vec3(0.0, 1.0, 0.0))\n"
     "    {q} = wp.quat_from_axis_angle(wp.normalize($perp), 3.14159265)",
     "finds the shortest rotation taking {a} to {b}",
     "q: q_align rot; c: axis c; d: cos_t d; w: w qw; perp: perp ortho", kBranch},
    {"quat_to_euler_angles", Domain::Rigid,
     "q: Qu orientation -> roll: F~4 roll angle, pitch: F~2 pitch angle, yaw: F~4 yaw angle",
     "$x = {q}[0]\n"
     "$y = {q}[1]\n"
     "$z = {q}[2]\n"
     "$w = {q}[3]\n"
     "{roll} = wp.atan2(2.0 * ($w * $x + $y * $z), 1.0 - 2.0 * ($x * $x + $y * $y))\n"
     "{pitch} = wp.asin(wp.clamp(2.0 * ($w * $y - $z * $x), -1.0, 1.0))\n"
     "{yaw} = wp.atan2(2.0 * ($w * $z + $x * $y), 1.0 - 2.0 * ($y * $y + $z * $z))",
     "converts {q} to roll, pitch and yaw angles",
     "roll: roll; pitch: pitch; yaw: yaw; x: qx; y: qy; z: qz; w: qw", kHelper},
    {"angular_velocity_from_rotations", Domain::Rigid,
     "q_prev: Qu previous orientation, q: Qu orientation, dt: F+ # time step -> w: V3 angular velocity",
     "$dq = {q} * wp.quat_inverse({q_prev})\n"
     "{w} = wp.vec3($dq[0], $dq[1], $dq[2]) * (2.0 / {dt})\n"
     "if $dq[3] < 0.0:\n"
     "    {w} = -{w}",
     "recovers the angular velocity that turned {q_prev} into {q} over {dt}", "w: w omega; dq: dq q_delta",
     kBranch},

    // ---- transforms
    {"make_transform", Domain::Rigid, "p: V3 position, q: Qu orientation -> X: T body transform",
     "wp.transform({p}, {q})", "assembles a pose from {p} and {q}", "X: X_wb pose tf"},
    {"local_to_world_point", Domain::Rigid,
     "X: T body transform, p: V3 local point -> x: V3~X*4+p*4 position", "wp.transform_point({X}, {p})",
     "maps {p} to world space with {X}", "x: x_world p_world"},
    {"local_to_world_vector", Domain::Rigid, "X: T body transform, v: V3 vector -> d: V3~v*4 ^v",
     "wp.transform_vector({X}, {v})", "rotates {v} into world space with {X}", "d: v_world dir_world"},
    {"world_to_local_point", Domain::Rigid, "X: T body transform, x: V3 position -> p: V3 local point",
     "wp.transform_point(wp.transform_inverse({X}), {x})", "expresses {x} in the body frame of {X}",
     "p: p_local x_body"},
    {"chain_transforms", Domain::Rigid,
     "X_wp: T body transform, X_pc: T joint frame -> X_wc: T body transform",
     "wp.transform_multiply({X_wp}, {X_pc})", "chains {X_wp} with {X_pc}", "X_wc: X_wc X_child"},
    {"relative_transform", Domain::Rigid, "Xa: T body transform, Xb: T body transform -> X: T joint frame",
     "wp.transform_multiply(wp.transform_inverse({Xa}), {Xb})", "computes the pose of {Xb} relative to {Xa}",
     "X: X_rel X_ab", kPair},
    {"invert_transform", Domain::Rigid, "X: T body transform -> Xi: T ^X", "wp.transform_inverse({X})",
     "inverts {X}", "Xi: X_inv X_bw"},
    {"transform_origin", Domain::Rigid, "X: T body transform -> p: V3 position",
     "wp.transform_get_translation({X})", "takes the origin of {X}", "p: origin x_body"},
    {"transform_orientation", Domain::Rigid, "X: T body transform -> q: Qu orientation",
     "wp.normalize(wp.transform_get_rotation({X}))", "takes the orientation of {X}", "q: q rot"},
    {"parent_frame_or_world", Domain::Rigid,
     "parent: I[-1,7] parent index, X_parent: T body transform -> X_wp: T body transform",
     "{X_wp} = wp.transform_identity()\n"
     "if {parent} >= 0:\n"
     "    {X_wp} = {X_parent}",
     "takes {X_parent} as the parent frame, or the world frame for a root body", "X_wp: X_wp X_parent_w",
     kBranch},
    {"joint_world_frame", Domain::Rigid,
     "parent: I[-1,7] parent index, X_parent: T body transform, X_pj: T joint frame -> X_wj: T body "
     "transform",
     "{X_wj} = {X_pj}\n"
     "if {parent} >= 0:\n"
     "    {X_wj} = wp.transform_multiply({X_parent}, {X_pj})",
     "places {X_pj} in world space through {X_parent}", "X_wj: X_wj X_joint", kBranch},
    {"joint_transform", Domain::Rigid,
     "jtype: I[0,2] joint type, axis: V3u axis, q: F joint angle -> X_j: T joint frame",
     "{X_j} = wp.transform_identity()\n"
     "if {jtype} == 0:\n"
     "    {X_j} = wp.transform({axis} * {q}, wp.quat_identity())\n"
     "elif {jtype} == 1:\n"
     "    {X_j} = wp.transform(wp.vec3(0.0), wp.quat_from_axis_angle({axis}, {q}))",
     "computes the joint transform of a prismatic, revolute or fixed joint at {q}", "X_j: X_j X_joint",
     kBranch | kHelper},
    {"revolute_joint_transform", Domain::Rigid, "axis: V3u axis, q: F joint angle -> X_j: T joint frame",
     "wp.transform(wp.vec3(0.0), wp.quat_from_axis_angle({axis}, {q}))",
     "builds the transform of a revolute joint turned by {q} about {axis}", "X_j: X_j X_rev"},
    {"prismatic_joint_transform", Domain::Rigid, "axis: V3u axis, q: F joint angle -> X_j: T joint frame",
     "wp.transform({axis} * {q}, wp.quat_identity())",
     "builds the transform of a prismatic joint slid by {q} along {axis}", "X_j: X_j X_slide"},
    {"interpolate_pose", Domain::Rigid,
     "Xa: T body transform, Xb: T body transform, t: F01 blend factor -> X: T body transform",
     "$p = wp.lerp(wp.transform_get_translation({Xa}), wp.transform_get_translation({Xb}), {t})\n"
     "$q = wp.quat_slerp(wp.transform_get_rotation({Xa}), wp.transform_get_rotation({Xb}), {t})\n"
     "{X} = wp.transform($p, $q)",
     "interpolates {Xa} toward {Xb} by {t}", "X: X_interp pose_t; p: p_t pos; q: q_t rot"},

    // ---- homogeneous 4x4 matrices
    {"transform_to_mat44", Domain::Rigid, "X: T body transform -> M: M44 homogeneous transform",
     "$R = wp.quat_to_matrix(wp.transform_get_rotation({X}))\n"
     "$p = wp.transform_get_translation({X})\n"
     "{M} = wp.mat44(\n"
     "    $R[0, 0], $R[0, 1], $R[0, 2], $p[0],\n"
     "    $R[1, 0], $R[1, 1], $R[1, 2], $p[1],\n"
     "    $R[2, 0], $R[2, 1], $R[2, 2], $p[2],\n"
     "    0.0, 0.0, 0.0, 1.0,\n"
     ")",
     "writes {X} as a homogeneous 4x4 matrix", "M: M world_mat; R: R rot; p: p t", kHelper},
    {"mat44_apply_homogeneous", Domain::Rigid,
     "M: M44 homogeneous transform, p: V3 position -> h: V4 homogeneous point",
     "{M} @ wp.vec4({p}[0], {p}[1], {p}[2], 1.0)", "applies {M} to {p} in homogeneous coordinates",
     "h: h p_h"},
    {"perspective_divide", Domain::Rigid, "h: V4 homogeneous point -> p: V3 position",
     "$w = wp.where(wp.abs({h}[3]) > 1.0e-6, {h}[3], 1.0)\n"
     "{p} = wp.vec3({h}[0], {h}[1], {h}[2]) / $w",
     "divides {h} by its w component", "p: p x_proj; w: w h_w"},
    {"mat44_transform_point", Domain::Rigid,
     "M: M44 homogeneous transform, p: V3 local point -> x: V3 position", "wp.transform_point({M}, {p})",
     "maps {p} through {M}", "x: x_world p_world"},
    {"mat44_transform_vector", Domain::Rigid, "M: M44 homogeneous transform, v: V3 vector -> d: V3 ^v",
     "wp.transform_vector({M}, {v})", "maps {v} as a direction through {M}", "d: v_world dir_world"},
    {"chain_mat44", Domain::Rigid,
     "A: M44 homogeneous transform, B: M44 homogeneous transform -> C: M44 homogeneous transform",
     "{A} @ {B}", "multiplies {A} by {B}", "C: M_total M_ab"},
    {"invert_mat44", Domain::Rigid, "M: M44 homogeneous transform -> M_inv: M44 homogeneous transform",
     "{M_inv} = wp.identity(n=4, dtype=float)\n"
     "if wp.abs(wp.determinant({M})) > 1.0e-6:\n"
     "    {M_inv} = wp.inverse({M})",
     "inverts {M}, keeping the identity when it is singular", "M_inv: M_inv inv_mat", kBranch},

    // ---- spatial vectors
    {"make_twist", Domain::Rigid, "w: V3 angular velocity, v: V3 velocity -> s: SV twist",
     "wp.spatial_vector({w}, {v})", "packs {w} and {v} into a twist", "s: twist v_s", kF32Only},
    {"make_twist_components", Domain::Rigid, "w: V3 angular velocity, v: V3 velocity -> s: SV twist",
     "wp.spatial_vector({w}[0], {w}[1], {w}[2], {v}[0], {v}[1], {v}[2])", "packs {w} and {v} into a twist",
     "s: twist v_s"},
    {"split_twist", Domain::Rigid, "s: SV twist -> w: V3 angular velocity, v: V3 velocity",
     "{w} = wp.spatial_top({s})\n"
     "{v} = wp.spatial_bottom({s})",
     "splits {s} into its angular and linear parts", "w: w omega; v: v vel"},
    {"twist_point_velocity", Domain::Rigid, "s: SV twist, p: V3 position -> v: V3 velocity",
     "wp.spatial_bottom({s}) + wp.cross(wp.spatial_top({s}), {p})", "evaluates the velocity of {s} at {p}",
     "v: v_p vel_point"},
    {"wrench_power", Domain::Rigid, "s: SV twist, f: SV wrench -> P: F power", "wp.spatial_dot({s}, {f})",
     "computes the power of {f} on {s}", "P: power p_mech"},
    {"wrench_at_point", Domain::Rigid, "f: V3 force, r: V3 lever arm -> W: SV wrench",
     "wp.spatial_vector(wp.cross({r}, {f}), {f})", "builds the wrench of {f} applied at {r}", "W: wrench f_s",
     kF32Only},
    {"velocity_product_acceleration", Domain::Rigid,
     "v: SV twist, S: SV joint motion subspace, qd: F joint velocity -> a: SV spatial acceleration",
     "wp.spatial_cross({v}, {S} * {qd})",
     "computes the velocity-product acceleration of {v} with {S} moving at {qd}", "a: a_vp c_s"},
    {"propagate_twist", Domain::Rigid,
     "v_parent: SV twist, S: SV joint motion subspace, qd: F joint velocity -> v: SV twist",
     "{v_parent} + {S} * {qd}", "adds the motion of {S} at {qd} to {v_parent}", "v: v_child twist"},
    {"revolute_motion_subspace", Domain::Rigid,
     "X: T body transform, axis: V3u axis -> S: SV joint motion subspace",
     "$a = wp.transform_vector({X}, {axis})\n"
     "{S} = wp.spatial_vector($a, wp.cross(wp.transform_get_translation({X}), $a))",
     "computes the world motion subspace of a revolute joint about {axis} at {X}", "S: S motion; a: axis_w a",
     kF32Only},
    {"twist_to_world", Domain::Rigid, "X: T body transform, s: SV twist -> s_w: SV twist",
     "$w = wp.transform_vector({X}, wp.spatial_top({s}))\n"
     "$v = wp.transform_vector({X}, wp.spatial_bottom({s})) + wp.cross(wp.transform_get_translation({X}), "
     "$w)\n"
     "{s_w} = wp.spatial_vector($w, $v)",
     "transforms {s} by {X}", "s_w: twist_w v_s_w; w: w omega; v: v vel", kF32Only | kHelper},
    {"joint_force_projection", Domain::Rigid,
     "S: SV joint motion subspace, f: SV wrench -> tau: F joint torque", "wp.spatial_dot({S}, {f})",
     "projects {f} onto {S}", "tau: tau_j joint_tau"},

    // ---- body dynamics and contacts
    {"lever_arm", Domain::Rigid, "x: V3 position, com: V3 center of mass -> r: V3 lever arm", "{x} - {com}",
     "takes the lever arm from {com} to {x}", "r: r arm"},
    {"point_velocity", Domain::Rigid,
     "v: V3 velocity, w: V3 angular velocity, r: V3 lever arm -> vp: V3~v+w*r*2 velocity",
     "{v} + wp.cross({w}, {r})", "computes the velocity of the body point at {r}", "vp: v_point vp"},
    {"torque_of_force", Domain::Rigid, "r: V3 lever arm, f: V3 force -> tau: V3~r*f*2 torque",
     "wp.cross({r}, {f})", "computes the torque of {f} applied at {r}", "tau: tau torque"},
    {"contact_effective_mass", Domain::Rigid,
     "inv_m: F0+ inverse mass, I_inv: M33 inverse inertia, r: V3 lever arm, n: V3u contact normal "
     "-> m_eff: F+ effective mass",
     "$rn = wp.cross({r}, {n})\n"
     "{m_eff} = 1.0 / wp.max({inv_m} + wp.dot($rn, {I_inv} @ $rn), 1.0e-6)",
     "computes the effective mass of the contact at {r} along {n}", "m_eff: m_eff k_n; rn: rn r_x_n"},
    {"restitution_impulse", Domain::Rigid,
     "vrel: V3 velocity, n: V3u contact normal, m_eff: F+ effective mass, e: F01 # restitution "
     "-> J: V3 impulse",
     "$vn = wp.dot({vrel}, {n})\n"
     "{J} = wp.vec3(0.0)\n"
     "if $vn < 0.0:\n"
     "    {J} = -(1.0 + {e}) * $vn * {m_eff} * {n}",
     "computes the restitution impulse for {vrel} along {n}", "J: J impulse; vn: vn v_n", kBranch},
    {"apply_impulse", Domain::Rigid,
     "v: V3 velocity, w: V3 angular velocity, J: V3 impulse, r: V3 lever arm, inv_m: F0+ inverse mass, "
     "I_inv: M33 inverse inertia -> v_new: V3 velocity, w_new: V3 angular velocity",
     "{v_new} = {v} + {J} * {inv_m}\n"
     "{w_new} = {w} + {I_inv} @ wp.cross({r}, {J})",
     "applies {J} at {r} to the linear and angular velocities", "v_new: v_new v1; w_new: w_new w1"},
    {"coulomb_friction_clamp", Domain::Rigid,
     "jt: V3 impulse, jn: F0+ normal impulse, mu: F01 # friction coefficient =0.5 -> jc: V3~jt impulse",
     "$jt_len = wp.length({jt})\n"
     "{jc} = {jt}\n"
     "if $jt_len > {mu} * {jn}:\n"
     "    {jc} = {jt} * ({mu} * {jn} / $jt_len)",
     "clamps {jt} to the Coulomb cone of {jn}", "jc: jt_clamped j_fric; jt_len: jt_len", kBranch},
    {"impulse_along_normal", Domain::Rigid, "J: V3 impulse, n: V3u contact normal -> jn: F~J normal impulse",
     "wp.dot({J}, {n})", "takes the normal component of {J}", "jn: jn j_normal"},

    {"relative_contact_velocity", Domain::Rigid,
     "va: V3 velocity, vb: V3 velocity, wa: V3 angular velocity, wb: V3 angular velocity, ra: V3 lever arm, "
     "rb: V3 lever arm -> vrel: V3~va+vb+wa*ra*2+wb*rb*2 velocity",
     "({vb} + wp.cross({wb}, {rb})) - ({va} + wp.cross({wa}, {ra}))",
     "computes the relative velocity of two bodies at their contact points", "vrel: v_rel dv", kPair},
    {"joint_position_error", Domain::Rigid,
     "Xa: T body transform, Xb: T body transform, pa: V3 local point, pb: V3 local point -> err: V3 "
     "constraint error",
     "wp.transform_point({Xb}, {pb}) - wp.transform_point({Xa}, {pa})",
     "measures how far {pa} and {pb} of two jointed bodies drift apart", "err: err c_pos", kPair},
    {"xpbd_positional_impulse", Domain::Rigid,
     "err: V3 constraint error, wa: F0+ inverse mass, wb: F0+ inverse mass, alpha: F+ # compliance =1.0e-6, "
     "dt: F+ # time step -> p: V3 impulse",
     "$alpha_t = {alpha} / ({dt} * {dt})\n"
     "{p} = -{err} / ({wa} + {wb} + $alpha_t)",
     "computes the XPBD impulse that closes {err} between two bodies with compliance {alpha}",
     "p: p_corr dlambda; alpha_t: alpha_t alpha_dt", kPair},

    // ---- inertia
    {"world_inertia", Domain::Rigid,
     "q: Qu orientation, I_body: M33 inertia tensor -> I_w: M33 inertia tensor",
     "$R = wp.quat_to_matrix({q})\n"
     "{I_w} = $R @ {I_body} @ wp.transpose($R)",
     "rotates {I_body} into world space with {q}", "I_w: I_world I_w; R: R rot"},
    {"world_inverse_inertia", Domain::Rigid,
     "X: T body transform, I_inv: M33 inverse inertia -> I_inv_w: M33 inverse inertia",
     "$R = wp.quat_to_matrix(wp.transform_get_rotation({X}))\n"
     "{I_inv_w} = $R * {I_inv} * wp.transpose($R)",
     "rotates {I_inv} into world space with {X}", "I_inv_w: inv_I_world I_inv_w; R: R rot"},
    {"point_mass_inertia", Domain::Rigid, "m: F+ mass, r: V3 lever arm -> I: M33 inertia tensor",
     "{m} * (wp.dot({r}, {r}) * wp.identity(n=3, dtype=float) - wp.outer({r}, {r}))",
     "computes the inertia of {m} concentrated at {r}", "I: I_pt inertia"},
    {"box_inertia", Domain::Rigid, "m: F+ mass, h: V3+ box half extents -> I: M33 inertia tensor",
     "$sq = wp.cw_mul({h}, {h})\n"
     "{I} = ({m} / 3.0) * wp.diag(wp.vec3($sq[1] + $sq[2], $sq[0] + $sq[2], $sq[0] + $sq[1]))",
     "computes the inertia of a solid box from {m} and {h}", "I: I_box inertia; sq: h2 ext_sq"},
    {"sphere_inertia", Domain::Rigid, "m: F+ mass, r: F+ radius -> I: M33 inertia tensor",
     "(0.4 * {m} * {r} * {r}) * wp.identity(n=3, dtype=float)",
     "computes the inertia of a solid sphere from {m} and {r}", "I: I_sphere inertia"},
    {"inertia_inverse", Domain::Rigid, "I: M33 inertia tensor -> I_inv: M33 inverse inertia",
     "{I_inv} = wp.mat33(0.0)\n"
     "if wp.abs(wp.determinant({I})) > 1.0e-8:\n"
     "    {I_inv} = wp.inverse({I})",
     "inverts {I}, leaving zero for a static body", "I_inv: I_inv inv_I", kBranch},
    {"diagonal_inverse_inertia", Domain::Rigid,
     "moments: V3+ principal moments -> I_inv: M33 inverse inertia",
     "wp.diag(wp.cw_div(wp.vec3(1.0), {moments}))", "builds the inverse inertia of {moments}",
     "I_inv: I_inv inv_I"},
    {"principal_moments_of", Domain::Rigid, "I: M33 inertia tensor -> d: V3 principal moments",
     "wp.get_diag({I})", "reads the diagonal moments of {I}", "d: moments I_diag"},
    {"angular_momentum", Domain::Rigid,
     "I: M33 inertia tensor, w: V3 angular velocity -> L: V3 angular momentum", "{I} @ {w}",
     "computes the angular momentum of {w} under {I}", "L: L ang_mom"},
    {"rotational_energy", Domain::Rigid, "I: M33 inertia tensor, w: V3 angular velocity -> e: F energy",
     "0.5 * wp.dot({w}, {I} @ {w})", "computes the rotational kinetic energy of {w}", "e: ke_rot e_rot"},
    {"gyroscopic_torque", Domain::Rigid, "I: M33 inertia tensor, w: V3 angular velocity -> tau: V3 torque",
     "-wp.cross({w}, {I} @ {w})", "computes the gyroscopic torque of {w}", "tau: tau_gyro gyro"},
    {"integrate_angular_velocity", Domain::Rigid,
     "q: Qu orientation, w: V3 angular velocity, tau: V3 torque, I: M33 inertia tensor, "
     "I_inv: M33 inverse inertia, dt: F+ # time step =0.01 -> w_new: V3 angular velocity",
     "$wb = wp.quat_rotate_inv({q}, {w})\n"
     "$tb = wp.quat_rotate_inv({q}, {tau}) - wp.cross($wb, {I} @ $wb)\n"
     "{w_new} = wp.quat_rotate({q}, $wb + {I_inv} @ $tb * {dt})",
     "advances {w} under {tau} in the body frame of {q}", "w_new: w_new w1; wb: wb w_body; tb: tb t_body",
     kHelper},

    {"implicit_gyroscopic_step", Domain::Rigid,
     "w: V3 angular velocity, I: M33 inertia tensor, dt: F+ # time step -> w_new: V3 angular velocity",
     "$Iw = {I} @ {w}\n"
     "$f = {dt} * wp.cross({w}, $Iw)\n"
     "$jac = {I} + {dt} * (wp.skew({w}) @ {I} - wp.skew($Iw))\n"
     "{w_new} = {w}\n"
     "if wp.abs(wp.determinant($jac)) > 1.0e-8:\n"
     "    {w_new} = {w} - wp.inverse($jac) @ $f",
     "takes one implicit Newton step of the gyroscopic term for {w}",
     "w_new: w_new w1; Iw: Iw L; f: f_gyro residual; jac: J jac", kBranch | kHelper},
    {"substep_euler_equations", Domain::Rigid,
     "w: V3~10 angular velocity, tau: V3~10 torque, I: M33 inertia tensor, I_inv: M33 inverse inertia, "
     "dt: F+ # time step -> w_new: V3 angular velocity",
     "$h = {dt} / 4.0\n"
     "{w_new} = {w}\n"
     "for _ in range(4):\n"
     "    {w_new} = {w_new} + $h * ({I_inv} @ ({tau} - wp.cross({w_new}, {I} @ {w_new})))",
     "integrates Euler's equations for {w} under {tau} in four substeps", "w_new: w_new w1; h: h sub_dt",
     kLoop},
    {"xpbd_body_correction", Domain::Rigid,
     "x: V3 position, q: Qu orientation, p: V3 impulse, r: V3 lever arm, inv_m: F0+ inverse mass, "
     "I_inv: M33 inverse inertia -> x_new: V3 position, q_new: Qu orientation",
     "{x_new} = {x} + {p} * {inv_m}\n"
     "$dw = {I_inv} @ wp.cross({r}, {p})\n"
     "{q_new} = wp.normalize({q} + 0.5 * wp.quat($dw, 0.0) * {q})",
     "applies {p} at {r} as a positional correction to the pose of a body",
     "x_new: x_new x1; q_new: q_new q1; dw: dw dtheta", kHelper},
    {"body_kinetic_energy", Domain::Rigid,
     "v: V3 velocity, w: V3 angular velocity, m: F+ mass, I: M33 inertia tensor -> e: F energy",
     "0.5 * {m} * wp.dot({v}, {v}) + 0.5 * wp.dot({w}, {I} @ {w})",
     "computes the kinetic energy of a body moving at {v} and spinning at {w}", "e: ke energy"},
    {"anchor_spring", Domain::Rigid,
     "X: T body transform, p: V3 local point, target: V3 position, v: V3 velocity, "
     "k: F+ # stiffness =20.0, c: F0+ # damping =0.5 -> f: V3 force, tau: V3 torque",
     "$x = wp.transform_point({X}, {p})\n"
     "{f} = {k} * ({target} - $x) - {c} * {v}\n"
     "{tau} = wp.cross($x - wp.transform_get_translation({X}), {f})",
     "pulls {p} toward {target} with a damped spring", "f: f_spring f; tau: tau torque; x: x_anchor p_world"},

    // ---- rotation matrices
    {"rodrigues_rotate", Domain::Rigid, "v: V3 vector, axis: V3u axis, theta: F angle -> r: V3~v*3 ^v",
     "$c = wp.cos({theta})\n"
     "$s = wp.sin({theta})\n"
     "{r} = {v} * $c + wp.cross({axis}, {v}) * $s + {axis} * (wp.dot({axis}, {v}) * (1.0 - $c))",
     "rotates {v} by {theta} about {axis} with Rodrigues' formula",
     "r: v_rot rotated; c: c cos_t; s: s sin_t"},
    {"rodrigues_matrix", Domain::Rigid, "axis: V3u axis, theta: F angle -> R: M33u rotation matrix",
     "$K = wp.skew({axis})\n"
     "{R} = wp.identity(n=3, dtype=float) + wp.sin({theta}) * $K + (1.0 - wp.cos({theta})) * ($K @ $K)",
     "builds the rotation matrix of {theta} about {axis}", "R: R rot_mat; K: K k_hat"},
    {"integrate_rotation_matrix", Domain::Rigid,
     "R: M33 rotation matrix, w: V3~100 angular velocity, dt: F+ # time step =0.01 -> R_new: M33 rotation "
     "matrix",
     "{R} + {dt} * wp.skew({w}) @ {R}", "advances {R} by {w} over {dt}", "R_new: R_new R1"},
    {"orthonormalize_rows", Domain::Rigid, "R: M33 rotation matrix -> Q: M33 rotation matrix",
     "$r0 = wp.normalize({R}[0])\n"
     "$r1 = wp.normalize({R}[1] - wp.dot({R}[1], $r0) * $r0)\n"
     "{Q} = wp.matrix_from_rows($r0, $r1, wp.cross($r0, $r1))",
     "restores orthonormal rows to {R} by Gram-Schmidt", "Q: R_ortho Q; r0: r0 x_axis; r1: r1 y_axis"},

    // ---- joints
    {"joint_pd_torque", Domain::Rigid,
     "q: F joint angle, qd: F joint velocity, target: F joint target, ke: F+ # stiffness =50.0, "
     "kd: F0+ # damping =0.5 -> tau: F~ke*q+ke*target+kd*qd joint torque",
     "{ke} * ({target} - {q}) - {kd} * {qd}", "computes the PD torque that drives {q} to {target}",
     "tau: tau_j act"},
    {"joint_limit_torque", Domain::Rigid,
     "q: F joint angle, lower: F # joint lower limit =-1.0, upper: F # joint upper limit =1.0, "
     "ke: F+ # stiffness =50.0 -> tau: F~ke*q+ke*lower+ke*upper joint torque",
     "{tau} = 0.0\n"
     "if {q} < {lower}:\n"
     "    {tau} = {ke} * ({lower} - {q})\n"
     "elif {q} > {upper}:\n"
     "    {tau} = {ke} * ({upper} - {q})",
     "computes the torque that pushes {q} back between {lower} and {upper}", "tau: tau_limit limit_f",
     kBranch},
    {"clamp_joint_angle", Domain::Rigid,
     "q: F joint angle, lower: F # joint lower limit =-1.0, upper: F # joint upper limit =1.0 -> qc: F~2 "
     "joint angle",
     "wp.clamp({q}, {lower}, {upper})", "clamps {q} to its limits", "qc: q_clamped qc"},
    {"integrate_joint", Domain::Rigid,
     "q: F joint angle, qd: F joint velocity, tau: F joint torque, dt: F+ # time step =0.01 "
     "-> q_new: F joint angle, qd_new: F joint velocity",
     "{qd_new} = {qd} + {tau} * {dt}\n"
     "{q_new} = {q} + {qd_new} * {dt}",
     "advances {q} and {qd} under {tau}", "q_new: q_new q1; qd_new: qd_new qd1"},
};

} // namespace
} // namespace rigid_data

std::span<const IdiomSpec> rigid_idioms() {
    return rigid_data::kRigid;
}

std::span<const RoleSpec> rigid_roles() {
    return rigid_data::kRoles;
}

} // namespace ws::synth
