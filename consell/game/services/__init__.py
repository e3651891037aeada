"""Services: the only code that changes a game (docs/principles.md, principle 4).

Views and consumers parse input, check access, and call one of these; each runs inside
``store.change`` so its events and new state are saved together, or not at all.
"""
