"""Known open issues that other work is fixing: a finding they explain is counted and listed
under its issue, and does not fail a run. Each rule is narrow (kind, message or diff shape,
and the construct in the file); delete a rule when its fix lands, and re-run the campaign.

Empty now: the constant-evaluation rules (big integers, Python-exact arithmetic, Warp's
constant-expression errors), the void-call crash and the deep-expression stack overflow were
deleted when their fixes landed (issue 9). A rule is a pair (name, predicate(text, finding)).
"""

RULES = []


def classify(text, finding):
    """The known issue explaining a finding, or None."""
    for name, rule in RULES:
        if rule(text, finding):
            return name
    return None
