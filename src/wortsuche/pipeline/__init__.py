"""The runner: one puzzle from words and options, step after step (run.py), and the search for
a size when none is given (sizes.py)."""
