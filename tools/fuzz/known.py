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


def func_without_return_used(text, finding):
    """A @wp.func with no `return VALUE` whose call result is used (assigned, an operand)."""
    if finding["kind"] != "crash" or not finding["detail"].startswith(("signal", "sanitizer")):
        return False
    tree = _tree(text)
    if tree is None:
        return False
    void = set()
    for d in ast.walk(tree):
        if isinstance(d, ast.FunctionDef) and any("func" in ast.unparse(x) for x in d.decorator_list):
            if not any(isinstance(r, ast.Return) and r.value is not None for r in ast.walk(d)):
                void.add(d.name)
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in void:
            return True
    return False


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


def constant_value_only(text, finding):
    """A mismatch where the only differing lines are constants' values (constant evaluation)."""
    if finding["kind"] != "mismatch":
        return False
    diffs = [s.get("diff", "") for s in finding.get("sides", {}).values() if s.get("diff")]
    changed = [l for d in diffs for l in d.splitlines()
               if l[:1] in "+-" and not l.startswith(("+++", "---"))]
    return bool(changed) and all(CONST_VALUE_LINE.match(l) for l in changed)


BIG_INT = re.compile(r"integer literal is too large|does not fit in N bits")
WARP_CONST_REJECT = re.compile(r"negative shift count|division by zero|ZeroDivisionError|OverflowError|"
                               r"cannot be interpreted as an integer|too large|out of range")


def constant_validity(text, finding):
    """Constant-expression validity: huge integers warpsynth refuses, constant-expression errors
    (negative shifts, division by zero, huge ints, a float in range) Warp raises."""
    if finding["kind"] == "ws_rejects":
        return bool(BIG_INT.search(finding["detail"]))
    if finding["kind"] == "warp_rejects":
        return bool(WARP_CONST_REJECT.search(finding["detail"]))
    return False


RULES = [
    ("consteval: constant values (big integers, Python-exact arithmetic)", constant_value_only),
    ("consteval: constant-expression validity (huge ints, shifts, division by zero)", constant_validity),
    ("codegen: @wp.func without return whose result is used (segfault)", func_without_return_used),
    ("limits: very deep or long expressions (stack overflow)", deep_expression),
]


def classify(text, finding):
    """The known issue explaining a finding, or None."""
    for name, rule in RULES:
        if rule(text, finding):
            return name
    return None
