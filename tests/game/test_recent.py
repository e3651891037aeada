"""The bounded memo the live pages' caches share (consell/game/recent.py)."""

from __future__ import annotations

from consell.game.recent import Recent


def test_the_oldest_entry_goes_first_and_a_read_keeps_an_entry_young():
    memo: Recent[str] = Recent(2)
    memo.put("a", "A")
    memo.put("b", "B")
    assert memo.get("a") == "A"  # now the younger of the two
    memo.put("c", "C")
    assert memo.get("b") is None
    assert (memo.get("a"), memo.get("c")) == ("A", "C")
