"""Source-level mutations of a Warp Python file, for the differential fuzzer.

Every mutation edits the original text in place (a node's exact span, or whole lines for
statements), so the rest of the file keeps its formatting. A mutant is 1-3 mutations of one
seed file; it is always valid Python (checked with `ast.parse`), Warp may or may not accept it.
`mutant(text, rng)` returns (new_text, [category, ...]) or None when nothing applied.
"""
import ast
import re

# --- vocabularies -------------------------------------------------------------------------
SCALARS = ["float32", "float64", "float16", "int32", "int64", "uint32", "int8", "uint8",
           "int16", "uint16", "uint64", "bool"]
SCALAR_ALIASES = ["float", "int", "bool"]
VECS = ["vec2", "vec3", "vec4", "vec2f", "vec3d", "vec4h", "vec2i", "vec3i", "vec4i", "vec2ui",
        "vec3ui", "vec2d", "vec3f", "vec4d", "spatial_vector", "spatial_vectorf", "spatial_vectord"]
MATS = ["mat22", "mat33", "mat44", "mat22d", "mat33d", "mat44d", "mat33h", "mat22f", "mat44f",
        "spatial_matrix", "spatial_matrixd"]
QUATS = ["quat", "quatf", "quatd", "quath", "transform", "transformf", "transformd", "transformh"]
TYPE_FAMILIES = [SCALARS, VECS, MATS, QUATS]
ALL_TYPES = set(SCALARS) | set(VECS) | set(MATS) | set(QUATS)

BUILTIN_GROUPS = [  # same arity and argument kinds within a group
    ["sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "exp", "log", "log2",
     "log10", "sqrt", "cbrt", "abs", "floor", "ceil", "round", "rint", "trunc", "frac", "sign",
     "degrees", "radians", "erf", "erfc", "erfinv", "erfcinv"],
    ["min", "max", "pow", "atan2", "mod", "div", "mul", "add", "sub", "floordiv", "step"],
    ["bit_and", "bit_or", "bit_xor", "lshift", "rshift", "min", "max", "mod", "add", "sub", "mul", "div"],
    ["isnan", "isinf", "isfinite", "nonzero", "sign", "abs"],
    ["dot", "cross", "cw_mul", "cw_div", "outer", "min", "max", "add", "sub", "mul"],
    ["length", "length_sq", "norm_l1", "norm_l2", "determinant", "trace"],
    ["normalize", "abs", "neg", "transpose", "inverse", "diag", "get_diag", "skew", "quat_inverse",
     "transform_inverse"],
    ["clamp", "lerp", "smoothstep"],
    ["atomic_add", "atomic_sub", "atomic_min", "atomic_max", "atomic_exch"],
    ["atomic_and", "atomic_or", "atomic_xor", "atomic_add", "atomic_sub"],
    ["randf", "randi", "randn"],
    ["sample_unit_sphere", "sample_unit_disk", "sample_unit_cube", "sample_unit_square",
     "sample_unit_ring", "sample_unit_sphere_surface", "sample_unit_hemisphere"],
    ["noise", "pnoise", "curlnoise"],
    ["transform_point", "transform_vector", "quat_rotate", "quat_rotate_inv", "mul"],
    ["vec3", "vec3d", "vec3h", "vec3f", "vec3i"],
    ["vec2", "vec2d", "vec2h", "vec2i", "vec2ui"],
    ["vec4", "vec4d", "quat", "quatd", "vec4h"],
    ["mat33", "mat33d", "mat33h", "mat33f"],
    ["mat22", "mat22d", "mat22h"],
    ["int", "float", "bool", "int32", "int64", "float32", "float64", "float16", "uint32", "int8",
     "uint8", "uint64", "uint16"],
]
BINOPS = [ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow, ast.LShift,
          ast.RShift, ast.BitOr, ast.BitXor, ast.BitAnd, ast.MatMult]
BINOP_TEXT = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//",
              ast.Mod: "%", ast.Pow: "**", ast.LShift: "<<", ast.RShift: ">>", ast.BitOr: "|",
              ast.BitXor: "^", ast.BitAnd: "&", ast.MatMult: "@"}
CMPOPS = ["<", "<=", ">", ">=", "==", "!=", "is", "is not", "in", "not in"]
UNARY = ["-", "+", "~", "not "]

LITERAL_EXTREMES = [
    "0", "-1", "1", "2", "-0", "0.0", "-0.0", "1.0", "0.5", "True", "False", "None",
    "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808", "18446744073709551615",
    "18446744073709551616", "340282366920938463463374607431768211456", "-(2**70)", "2**64",
    "10**30", "0xFFFFFFFF", "0x7FFFFFFFFFFFFFFF", "0o777", "0b1011", "1_000_000", "1e308",
    "-1e308", "1.7976931348623157e308", "1e309", "-1e309", "2.2250738585072014e-308",
    "5e-324", "1e-320", "1e-45", "1.4e-45", "3.4028235e38", "3.5e38", "65504.0", "65520.0",
    "6e-8", "1e-300", "0.1", "1e16", "9007199254740993", "float('nan')", "float('inf')",
    "float('-inf')", "float(\"nan\")", "float('Infinity')", "float('-nan')", "wp.inf", "-wp.inf",
    "wp.nan", "wp.pi", "wp.e", "math.inf", "1j", "0x10", "1.", ".5",
    "1e0", "00", "0_0", "1E-3",
]
INT_EXTREMES = [l for l in LITERAL_EXTREMES if re.fullmatch(r"-?\(?-?(0[xX][\da-fA-F_]+|[\doObB_*]+)\)?", l)]
FLOAT_EXTREMES = [l for l in LITERAL_EXTREMES if l not in INT_EXTREMES and l not in ("True", "False", "None", "1j")]
STATIC_WRAPS = ["wp.static({e})", "wp.static(({e}) + 0)", "wp.static(-({e}))", "wp.static(2 * ({e}))",
                "wp.static(({e}) // 2)", "wp.static(({e}) % 3)", "wp.static(({e}) ** 2)",
                "wp.static(({e}) >> 1)", "wp.static(({e}) << 2)", "wp.static(({e}) / 3)",
                "wp.static(abs({e}))", "wp.static(int({e}))", "wp.static(float({e}))",
                "wp.static(min({e}, 3))", "wp.static(({e}) if True else 0)", "wp.static(-(({e}) // 7))"]
CONST_DEFS = ["wp.constant({v})", "{v}", "wp.constant(wp.float32({v}))", "wp.constant(wp.int32({v}))",
              "wp.constant(wp.float64({v}))", "wp.constant(wp.uint32({v}))", "wp.constant(wp.int64({v}))",
              "wp.constant(wp.float16({v}))", "wp.constant(wp.vec3({v}, {v}, {v}))", "wp.constant({v} * 2)",
              "wp.constant(-{v})", "wp.constant({v} // 3)", "wp.constant({v} % 7)", "wp.constant({v} << 3)",
              "wp.constant({v} / 4)", "int({v})", "float({v})", "wp.constant({v} ** 3)"]
RANGE_FORMS = ["range({n})", "range(0)", "range(-3)", "range(1)", "range(16)", "range(17)", "range(100)",
               "range(5, 0, -1)", "range(0, 10, 3)", "range(10, 0, -3)", "range(0, 0)", "range(3, 3)",
               "range(2, 8)", "range({d})", "range(0, {d})", "range({d}, 0, -1)", "range(0, {d}, 2)",
               "range(-2, {d})", "range(0, 20, -1)", "range(4, -4, -2)", "range(wp.static(4))",
               "range(0, 1, 1)", "range(0, 2147483647, 1073741824)", "range(-1, -5, -1)",
               "range(int(3.0))", "range(2 + 2)", "range(0, 3, {d})"]
WRAPS = ["if True:", "if False:", "if {c}:", "for _fz in range(1):", "for _fz in range(2):",
         "for _fz in range(0):", "for _fz in range({d}):", "while False:", "if not {c}:",
         "for _fz in range(20):", "for _fz in range(3, 0, -1):"]
WRAP_TAILS = ["", "", "", "else", "elif", "break-loop"]


# --- helpers ------------------------------------------------------------------------------
class Source:
    """The text of a file as lines, with UTF-8 byte offsets (ast's col_offset) mapped to text."""

    def __init__(self, text):
        self.text = text
        self.lines = text.splitlines(True)

    def offset(self, line, col):
        """Character offset into text of (1-based line, UTF-8 byte column)."""
        start = sum(len(l) for l in self.lines[:line - 1])
        raw = self.lines[line - 1].encode("utf-8")[:col].decode("utf-8", "replace")
        return start + len(raw)

    def span(self, node):
        return self.offset(node.lineno, node.col_offset), self.offset(node.end_lineno, node.end_col_offset)

    def segment(self, node):
        a, b = self.span(node)
        return self.text[a:b]

    def replace(self, node, new):
        a, b = self.span(node)
        return self.text[:a] + new + self.text[b:]


def is_warp_def(d):
    """@wp.kernel / @wp.func (any spelling with kernel/func) and their decorated variants."""
    for dec in d.decorator_list:
        s = ast.unparse(dec)
        if re.search(r"\b(kernel|func|func_native|func_grad|func_replay|overload)\b", s):
            return True
    return False


def warp_defs(tree):
    return [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and is_warp_def(n)]


def nodes_in(defs, kinds):
    out = []
    for d in defs:
        for stmt in d.body:
            for n in ast.walk(stmt):
                if isinstance(n, kinds) and hasattr(n, "end_col_offset"):
                    out.append(n)
    return out


def names_in(defs):
    """Local variable and parameter names used in the Warp defs (for dynamic bounds, conditions)."""
    names = set()
    for d in defs:
        for a in d.args.args:
            names.add(a.arg)
        for n in ast.walk(d):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                names.add(n.id)
    return sorted(names)


def int_like_names(defs):
    names = set()
    for d in defs:
        for n in ast.walk(d):
            if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
                v = n.value
                if isinstance(v, ast.Call) and ast.unparse(v.func) in ("wp.tid", "tid", "int", "wp.int32"):
                    names.add(n.targets[0].id)
                if isinstance(v, ast.Constant) and type(v.value) is int:
                    names.add(n.targets[0].id)
        for a in d.args.args:
            if a.annotation is not None and ast.unparse(a.annotation) in ("int", "wp.int32", "wp.int64"):
                names.add(a.arg)
    return sorted(names)


def line_indent(line):
    return line[:len(line) - len(line.lstrip(" \t"))]


def stmt_lines(src, stmt):
    """(first, last) 1-based line range of a statement with its decorators, or None when it
    shares a line with another statement (`a = 1; b = 2`) or starts mid-line."""
    decorators = getattr(stmt, "decorator_list", [])
    first = min([stmt.lineno] + [d.lineno for d in decorators])
    if not decorators and len(line_indent(src.lines[first - 1])) != stmt.col_offset:
        return None
    last = stmt.end_lineno
    tail = src.lines[last - 1].encode("utf-8")[stmt.end_col_offset:].decode("utf-8", "replace").strip()
    if tail and not tail.startswith("#"):
        return None
    return first, last


def statement_sites(tree):
    """(stmt, parent body list) for every statement inside a Warp def (not the def itself)."""
    sites = []

    def visit(body):
        for s in body:
            sites.append((s, body))
            for field in ("body", "orelse", "finalbody"):
                sub = getattr(s, field, None)
                if isinstance(sub, list) and sub and isinstance(sub[0], ast.stmt):
                    visit(sub)
    for d in warp_defs(tree):
        visit(d.body)
    return sites


# --- mutation operators -------------------------------------------------------------------
# Each takes (src: Source, tree, rng) and returns new text or None.

def m_type_swap(src, tree, rng):
    cands = []
    for n in ast.walk(tree):
        if (isinstance(n, ast.Attribute) and n.attr in ALL_TYPES and isinstance(n.value, ast.Name)
                and n.value.id in ("wp", "warp")):
            cands.append(n)
        elif isinstance(n, ast.Name) and n.id in ("float", "int", "bool") and isinstance(n.ctx, ast.Load):
            cands.append(n)
    if not cands:
        return None
    n = rng.choice(cands)
    old = n.attr if isinstance(n, ast.Attribute) else n.id
    fam = next((f for f in TYPE_FAMILIES if old in f), SCALARS)
    pool = fam if rng.random() < 0.75 else rng.choice(TYPE_FAMILIES)
    new = rng.choice([t for t in pool if t != old] or pool)
    if isinstance(n, ast.Attribute) and rng.random() < 0.6:
        # every use of the type at once (kernels stay consistent: Warp does not convert implicitly)
        text = src.text
        same = [x for x in cands if isinstance(x, ast.Attribute) and x.attr == old]
        for x in sorted(same, key=lambda x: (x.lineno, x.col_offset), reverse=True):
            text = Source(text).replace(x, f"{ast.unparse(x.value)}.{new}")
        return text
    if isinstance(n, ast.Attribute):
        return src.replace(n, f"{ast.unparse(n.value)}.{new}")
    return src.replace(n, rng.choice(SCALAR_ALIASES + [f"wp.{new}"]))


def m_operator_swap(src, tree, rng):
    defs = warp_defs(tree)
    cands = nodes_in(defs, (ast.BinOp, ast.Compare, ast.UnaryOp, ast.BoolOp, ast.AugAssign))
    if not cands:
        return None
    n = rng.choice(cands)
    if isinstance(n, ast.BinOp):
        op = BINOP_TEXT[rng.choice(BINOPS)]
        return src.replace(n, f"{src.segment(n.left)} {op} {src.segment(n.right)}")
    if isinstance(n, ast.AugAssign):
        op = BINOP_TEXT[rng.choice(BINOPS)]
        return src.replace(n, f"{src.segment(n.target)} {op}= {src.segment(n.value)}")
    if isinstance(n, ast.Compare):
        parts = [src.segment(n.left)]
        for c in n.comparators:
            parts += [rng.choice(CMPOPS), src.segment(c)]
        return src.replace(n, " ".join(parts))
    if isinstance(n, ast.UnaryOp):
        return src.replace(n, f"{rng.choice(UNARY)}{src.segment(n.operand)}")
    op = rng.choice([" and ", " or "])
    return src.replace(n, op.join(f"({src.segment(v)})" for v in n.values))


def m_builtin_swap(src, tree, rng):
    defs = warp_defs(tree)
    cands = [c for c in nodes_in(defs, ast.Call) if isinstance(c.func, (ast.Attribute, ast.Name))]
    if not cands:
        return None
    c = rng.choice(cands)
    f = c.func
    name = f.attr if isinstance(f, ast.Attribute) else f.id
    groups = [g for g in BUILTIN_GROUPS if name in g]
    if groups and rng.random() < 0.8:
        new = rng.choice(rng.choice(groups))
    else:
        called = sorted({(x.func.attr if isinstance(x.func, ast.Attribute) else x.func.id) for x in cands})
        new = rng.choice(called + rng.choice(BUILTIN_GROUPS))
    if isinstance(f, ast.Attribute):
        return src.replace(f, f"{src.segment(f.value)}.{new}")
    return src.replace(f, new if rng.random() < 0.5 else f"wp.{new}")


def m_literal_extreme(src, tree, rng):
    cands = [n for n in ast.walk(tree) if isinstance(n, ast.Constant) and not isinstance(n.value, str)
             and hasattr(n, "end_col_offset")]
    if not cands:
        return None
    n = rng.choice(cands)
    lit = rng.choice(LITERAL_EXTREMES)
    if rng.random() < 0.75:  # mostly keep the literal's kind: Warp does not mix int and float
        pool = INT_EXTREMES if type(n.value) is int else FLOAT_EXTREMES if type(n.value) is float else None
        lit = rng.choice(pool) if pool else lit
    if lit.startswith("math.") and "import math" not in src.text:
        lit = "wp.inf"
    return src.replace(n, lit if re.fullmatch(r"[\w.]+", lit) else f"({lit})")


def constant_like(n):
    """Literals and module-constant-looking names (UPPER_CASE), and arithmetic of those."""
    return all(isinstance(x, (ast.Constant, ast.BinOp, ast.UnaryOp, ast.operator, ast.unaryop,
                              ast.expr_context))
               or (isinstance(x, ast.Name) and x.id.isupper())
               for x in ast.walk(n))


def m_static_expr(src, tree, rng):
    defs = warp_defs(tree)
    choice = rng.random()
    if choice < 0.5:  # wrap a constant-looking expression of a Warp def in wp.static(...)
        cands = [n for n in nodes_in(defs, (ast.Constant, ast.BinOp, ast.Name, ast.UnaryOp))
                 if not isinstance(getattr(n, "ctx", ast.Load()), ast.Store)]
        cands = [n for n in cands if not (isinstance(n, ast.Constant) and isinstance(n.value, str))
                 and (rng.random() < 0.15 or constant_like(n))]
        if not cands:
            return None
        n = rng.choice(cands)
        return src.replace(n, rng.choice(STATIC_WRAPS).format(e=src.segment(n)))
    # a module-level constant defined from an expression, used inside a Warp def
    consts = [n for n in nodes_in(defs, ast.Constant) if type(n.value) in (int, float)]
    if not consts:
        return None
    n = rng.choice(consts)
    name = f"FZ_C{rng.randrange(1000)}"
    if rng.random() < 0.6:  # the same value through a module constant: Warp should accept it
        v = src.segment(n)
        definition = rng.choice(["{v}", "wp.constant({v})"]).format(v=v)
        use = rng.choice([name, f"wp.static({name})"])
    else:
        pool = INT_EXTREMES if type(n.value) is int else FLOAT_EXTREMES
        v = rng.choice([src.segment(n)] * 3 + pool)
        definition = rng.choice(CONST_DEFS).format(v=f"({v})" if not re.fullmatch(r"[\w.]+", v) else v)
        use = rng.choice([name, f"wp.static({name})", f"{name} + 1", f"-{name}", f"{name} * {name}"])
    text = src.replace(n, use if re.fullmatch(r"\w+", use) else f"({use})")
    first = 1
    # after the imports: the first top-level statement that is not an import
    at = next((s for s in tree.body if not isinstance(s, (ast.Import, ast.ImportFrom, ast.Expr))), None)
    line = (min([at.lineno] + [d.lineno for d in getattr(at, "decorator_list", [])]) if at else first)
    lines = text.splitlines(True)
    lines.insert(line - 1, f"{name} = {definition}\n")
    return "".join(lines)


def m_loop_bounds(src, tree, rng):
    defs = warp_defs(tree)
    ints = int_like_names(defs) or ["1"]
    d = rng.choice(ints)
    form = rng.choice(RANGE_FORMS)
    new = form.format(n=rng.choice([0, 1, 2, 3, 16, 17, 64, 1000]), d=d)
    loops = [n for n in nodes_in(defs, ast.For) if isinstance(n.iter, ast.Call)
             and ast.unparse(n.iter.func) in ("range", "wp.range")]
    if loops and rng.random() < 0.7:
        loop = rng.choice(loops)
        return src.replace(loop.iter, new)
    sites = [(s, b) for s, b in statement_sites(tree) if stmt_lines(src, s)]
    if not sites:
        return None
    s, _ = rng.choice(sites)
    return wrap_lines(src, s, f"for _fz in {new}:", "")


def wrap_lines(src, stmt, header, tail):
    rng_lines = stmt_lines(src, stmt)
    if rng_lines is None:
        return None
    first, last = rng_lines
    lines = list(src.lines)
    ind = line_indent(lines[first - 1])
    body = ["    " + l if l.strip() else l for l in lines[first - 1:last]]
    if body and not body[-1].endswith("\n"):
        body[-1] += "\n"
    extra = [f"{ind}{t}\n" for t in tail.splitlines()] if tail else []
    lines[first - 1:last] = [f"{ind}{header}\n"] + body + extra
    return "".join(lines)


def m_nesting(src, tree, rng):
    sites = [(s, b) for s, b in statement_sites(tree) if stmt_lines(src, s)]
    if not sites:
        return None
    s, _ = rng.choice(sites)
    names = int_like_names(warp_defs(tree)) or ["1"]
    d = rng.choice(names)
    c = rng.choice([f"{d} > 0", f"{d} == 0", "True", f"{d} % 2 == 1", f"not {d}", f"{d}"])
    header = rng.choice(WRAPS).format(c=c, d=d)
    tail = rng.choice(WRAP_TAILS)
    ind = line_indent(src.lines[s.lineno - 1])
    if tail == "break-loop":
        tail = ""
    elif tail and header.startswith(("for", "while")):
        tail = "else:\n    pass" if tail.startswith("else") else ""
    elif tail.startswith("elif"):
        tail = f"elif {c}:\n    pass"
    elif tail.startswith("else"):
        tail = "else:\n    pass"
    if header.startswith(("for", "while")) and rng.random() < 0.3:
        header_stmt = rng.choice(["break", "continue"])
        text = wrap_lines(src, s, header, "")
        if text is None:
            return None
        first, _ = stmt_lines(src, s)
        lines = text.splitlines(True)
        lines.insert(first, f"{ind}    if {c}:\n{ind}        {header_stmt}\n")
        return "".join(lines)
    return wrap_lines(src, s, header, tail)


def defines_used_name(stmt, tree):
    stored = {n.id for n in ast.walk(stmt) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    return any(isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id in stored for n in ast.walk(tree))


def m_stmt_delete(src, tree, rng):
    sites = [(s, b) for s, b in statement_sites(tree) if stmt_lines(src, s)]
    if rng.random() < 0.7:  # mostly keep definitions that are read later (Warp: undefined symbol)
        sites = [(s, b) for s, b in sites if not defines_used_name(s, tree)] or sites
    if not sites:
        return None
    s, body = rng.choice(sites)
    first, last = stmt_lines(src, s)
    lines = list(src.lines)
    ind = line_indent(lines[first - 1])
    lines[first - 1:last] = [f"{ind}pass\n"] if len(body) == 1 else []
    return "".join(lines)


def m_stmt_duplicate(src, tree, rng):
    sites = [(s, b) for s, b in statement_sites(tree) if stmt_lines(src, s)]
    if not sites:
        return None
    s, body = rng.choice(sites)
    first, last = stmt_lines(src, s)
    lines = list(src.lines)
    chunk = lines[first - 1:last]
    if chunk and not chunk[-1].endswith("\n"):
        chunk[-1] += "\n"
    if rng.random() < 0.5 or len(body) < 2:
        lines[last:last] = chunk  # right after itself
    else:  # somewhere else in the same block
        other = rng.choice(body)
        r = stmt_lines(src, other)
        if r is None:
            return None
        at = r[0] - 1 if rng.random() < 0.5 else r[1]
        lines[at:at] = chunk
    return "".join(lines)


def m_arg_swap(src, tree, rng):
    defs = warp_defs(tree)
    cands = [c for c in nodes_in(defs, ast.Call) if len(c.args) >= 1]
    if not cands:
        return None
    c = rng.choice(cands)
    args = [src.segment(a) for a in c.args]
    kind = rng.random()
    if len(args) >= 2 and kind < 0.8:
        i, j = rng.sample(range(len(args)), 2)
        args[i], args[j] = args[j], args[i]
    elif kind < 0.9:
        args.pop(rng.randrange(len(args)))
    else:
        args.insert(rng.randrange(len(args) + 1), rng.choice(args + ["0", "1.0"]))
    kw = [src.segment(k) for k in c.keywords]
    return src.replace(c, f"{src.segment(c.func)}({', '.join(args + kw)})")


def m_name_swap(src, tree, rng):
    """Replace a variable read with another variable of the same def (type and scope changes)."""
    defs = warp_defs(tree)
    if not defs:
        return None
    d = rng.choice(defs)
    loads = [n for n in ast.walk(d) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)]
    names = names_in([d])
    if not loads or len(names) < 2:
        return None
    n = rng.choice(loads)
    return src.replace(n, rng.choice([x for x in names if x != n.id] or names))


OPERATORS = {
    "type_swap": (m_type_swap, 3),
    "operator_swap": (m_operator_swap, 3),
    "builtin_swap": (m_builtin_swap, 3),
    "literal_extreme": (m_literal_extreme, 3),
    "static_expr": (m_static_expr, 2),
    "loop_bounds": (m_loop_bounds, 2),
    "nesting": (m_nesting, 2),
    "stmt_delete": (m_stmt_delete, 2),
    "stmt_duplicate": (m_stmt_duplicate, 2),
    "arg_swap": (m_arg_swap, 2),
    "name_swap": (m_name_swap, 1),
}


def mutate_once(text, rng):
    names = list(OPERATORS)
    weights = [OPERATORS[n][1] for n in names]
    for _ in range(8):
        name = rng.choices(names, weights)[0]
        try:
            tree = ast.parse(text)
            new = OPERATORS[name][0](Source(text), tree, rng)
        except (SyntaxError, ValueError, IndexError, RecursionError):
            new = None
        if new is None or new == text:
            continue
        try:
            ast.parse(new)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        return new, name
    return None


def mutant(text, rng, max_mutations=3):
    """1..max_mutations stacked mutations of text: (new_text, categories) or None."""
    want = rng.choice([1, 1, 1, 2, 2, 3][: 2 * max_mutations])
    cats = []
    for _ in range(want):
        r = mutate_once(text, rng)
        if r is None:
            break
        text, cat = r
        cats.append(cat)
    return (text, cats) if cats else None
