"""The post-game audit: what happened in secret, shown and proven (docs/principles.md, principle 5).

The pure modules (``timeline``, ``story``, ``charts``, ``proof``, ``snapshots``,
``verify_export``) import nothing from Django, so a third party can verify an exported log with
this package alone; ``export`` and ``views`` read the database.
"""
