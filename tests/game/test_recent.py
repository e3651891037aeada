"""The bounded memo the live pages' caches share (consell/game/recent.py)."""

from __future__ import annotations

from consell.game.recent import Recent, kept_for


class Catalog(dict):
    """A stand-in owner: a dict subclass can be told apart by identity, as catalogs are."""


def test_the_oldest_entry_goes_first_and_a_read_keeps_an_entry_young():
    memo: Recent[str] = Recent(2)
    memo.put("a", "A")
    memo.put("b", "B")
    assert memo.get("a") == "A"  # now the younger of the two
    memo.put("c", "C")
    assert memo.get("b") is None
    assert (memo.get("a"), memo.get("c")) == ("A", "C")


def test_an_entry_kept_for_an_owner_is_built_once_and_only_served_to_that_owner():
    memo: Recent[tuple[Catalog, list[str]]] = Recent(8)
    built = []

    def build(owner: Catalog) -> list[str]:
        built.append(owner)
        return [f"built for {len(built)}"]

    first = Catalog(x=1)
    one = kept_for(memo, first, ("k",), lambda: build(first))
    assert kept_for(memo, first, ("k",), lambda: build(first)) is one
    assert len(built) == 1

    # Another owner under the same identity (as when Python gives a freed object's identity
    # to a new one) is not served the first owner's entry.
    other = Catalog(x=2)
    memo.put((id(other), "k"), (first, one))
    assert kept_for(memo, other, ("k",), lambda: build(other)) is not one
    assert built == [first, other]
