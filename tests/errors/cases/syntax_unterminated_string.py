import warp as wp

NAME = "unterminated

# expect-error: 3:8: unterminated string literal (detected at line 3)
