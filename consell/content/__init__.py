"""Content packs: the cards of the game as validated YAML data (docs/principles.md, principle 6,
rules §6).

The validator (``schema``, ``cards``, ``abilities``, ``effects``, ``fields``) and the YAML
reader are pure Python; ``models``, ``loader``, ``export``, ``catalog``, ``checks`` and
``admin`` are the Django side.
"""
