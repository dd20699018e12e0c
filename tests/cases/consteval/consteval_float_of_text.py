import warp as wp

# float() of a str at module level, as Python computes it: signs, spaces, underscores
# between digits (PEP 515), inf/infinity/nan in any case, correct rounding, overflow to inf.
INF = wp.constant(float("inf"))
NEG_INF = wp.constant(float(" -Infinity\n"))
NAN = wp.constant(float("nan"))
NAN_MOD = wp.constant(float("Infinity") % 7)
THOUSAND = wp.constant(float("1_000.2_5"))
SMALL = wp.constant(float("+1.5E-3"))
HALF = wp.constant(float(".5"))
FIVE = wp.constant(float("5."))
TENTH = wp.constant(float("0.1"))
TINY = wp.constant(float("2.4703282292062328e-324"))
HUGE = wp.constant(float("1e4_00"))
NEG_ZERO = wp.constant(float("-0"))


@wp.kernel
def float_of_text(out: wp.array(dtype=float)):
    out[0] = INF
    out[1] = NEG_INF
    out[2] = NAN
    out[3] = NAN_MOD
    out[4] = THOUSAND
    out[5] = SMALL
    out[6] = HALF + FIVE + TENTH
    out[7] = TINY
    out[8] = HUGE
    out[9] = NEG_ZERO
    out[10] = wp.static(float("-nan") + float("\t1e1\x0c"))
