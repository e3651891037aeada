"""The rules of El Consell del Rei as a pure Python library (docs/principles.md, principle 1).

Nothing here imports Django, reads the clock or touches a database: every function takes plain
values, a ``Ruleset`` and, where chance is involved, a ``Dice``, and returns new values. The
section numbers (§) and rulings (G##) cited in docstrings are listed in ``docs/rulings.md``.
"""
