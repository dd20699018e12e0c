"""Known open issues that other work is fixing: a finding they explain is counted and listed
under its issue, and does not fail a run. Each rule is narrow (kind, message or diff shape,
and the construct in the file); delete a rule when its fix lands, and re-run the campaign.
"""
import ast
import re


def _tree(text):
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def none_value_used(text, finding):
    """The value of a call that returns nothing (a @wp.func without `return VALUE`, or a builtin
    such as wp.expect_eq) used as a value: assigned, or an argument. Warp rejects it with
    "'NoneType' object has no attribute 'type'"; warpsynth dereferences the missing value."""
    if finding["kind"] != "crash" or not finding["detail"].startswith(("signal", "sanitizer")):
        return False
    if any("'NoneType' object has no attribute 'type'" in s["warp"]["text"]
           for s in finding.get("sides", {}).values() if s["warp"]["status"] == "reject"):
        return True
    # Warp accepts it when the function has a return annotation (`-> T`): its C++ just lacks
    # the return statement
    tree = _tree(text)
    if tree is None:
        return False
    void = {d.name for d in ast.walk(tree) if isinstance(d, ast.FunctionDef)
            and any("func" in ast.unparse(x) for x in d.decorator_list)
            and not any(isinstance(r, ast.Return) and r.value is not None for r in ast.walk(d))}
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in void
               for n in ast.walk(tree))


def deep_expression(text, finding):
    """Very deep nesting or very long expressions: stack overflow in the recursive parser/lowering."""
    if finding["kind"] != "crash":
        return False
    if "stack-overflow" in finding["detail"]:
        return True
    tree = _tree(text)
    depth = max_depth(tree) if tree is not None else 10 ** 6
    return depth > 200


def max_depth(tree):
    best, todo = 0, [(tree, 0)]
    while todo:
        n, d = todo.pop()
        best = max(best, d)
        todo.extend((c, d + 1) for c in ast.iter_child_nodes(n))
    return best


CONST_VALUE_LINE = re.compile(r"^[-+]\s*(const\s+)?\S+ var_\w+ = .*;$")


def big_integer(tree):
    """An integer literal, or a power of literals, beyond 64 bits."""
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and type(n.value) is int and abs(n.value) >= 2 ** 63:
            return True
        if (isinstance(n, ast.BinOp) and isinstance(n.op, ast.Pow) and isinstance(n.left, ast.Constant)
                and isinstance(n.right, ast.Constant) and type(n.left.value) is int
                and type(n.right.value) is int and 0 <= n.right.value < 4096 and abs(n.left.value) > 1
                and n.right.value * abs(n.left.value).bit_length() > 63):
            return True
    return False


def constant_value_only(text, finding):
    """A mismatch where the only differing lines are constants' values (constant evaluation),
    or any mismatch in a file with integers beyond 64 bits (a static expression warpsynth
    cannot evaluate stays unresolved, which also moves its kernel in the module)."""
    if finding["kind"] != "mismatch":
        return False
    tree = _tree(text)
    if tree is not None and big_integer(tree):
        return True
    diffs = [s.get("diff", "") for s in finding.get("sides", {}).values() if s.get("diff")]
    changed = [l for d in diffs for l in d.splitlines()
               if l[:1] in "+-" and not l.startswith(("+++", "---"))]
    return bool(changed) and all(CONST_VALUE_LINE.match(l) for l in changed)


BIG_INT = re.compile(r"integer literal is too large|does not fit in N bits")
WARP_CONST_REJECT = re.compile(r"Error evaluating static expression|negative shift count|division by zero|ZeroDivisionError|OverflowError|"
                               r"cannot be interpreted as an integer|too large|out of range")


def constant_validity(text, finding):
    """Constant-expression validity: huge integers warpsynth refuses, constant-expression errors
    (negative shifts, division by zero, huge ints, a float in range) Warp raises."""
    if finding["kind"] == "ws_rejects":
        return bool(BIG_INT.search(finding["detail"]))
    if finding["kind"] == "warp_rejects":
        return any(WARP_CONST_REJECT.search(s["warp"]["text"]) for s in finding.get("sides", {}).values()
                   if s["warp"]["status"] == "reject")
    return False


RULES = [
    ("consteval: constant values (big integers, Python-exact arithmetic)", constant_value_only),
    ("consteval: constant-expression validity (huge ints, shifts, division by zero)", constant_validity),
    ("codegen: the value of a call returning nothing is used (segfault)", none_value_used),
    ("limits: very deep or long expressions (stack overflow)", deep_expression),
]


def classify(text, finding):
    """The known issue explaining a finding, or None."""
    for name, rule in RULES:
        if rule(text, finding):
            return name
    return None
