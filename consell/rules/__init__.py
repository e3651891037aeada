"""The rules of El Consell del Rei as a pure Python library (DESIGN principle 1).

Nothing here imports Django, reads the clock or touches a database: every function takes plain
values, a ``Ruleset`` and, where chance is involved, a ``Dice``, and returns new values. The
section numbers in docstrings refer to ``shared/rules/consell-del-rei.md``.
"""
