"""Read-only views: what a viewer's view is made of can be read and never changed.

A view, its board and its log lines are shared: the board by every viewer of a version, a log
line by every player who may read it, a kept part by every page that shows the same data.
Changing one in place would change what other viewers see, and what a kept rendering's key
says it shows. So a view is frozen as it leaves the projection: its mappings are ``Frozen``
and its lists tuples, and anything that tries to change one raises instead.
"""

from __future__ import annotations

from typing import Any, NoReturn


class Frozen(dict[str, Any]):
    """A mapping of a view: a dict to everything that reads it (templates, JSON, digests), but
    one that refuses every change. Made by ``freeze``, which freezes what it holds too."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("a view is read only: build a new mapping instead of changing this one")

    __setitem__ = __delitem__ = _refuse
    clear = pop = popitem = setdefault = update = __ior__ = _refuse

    def __reduce__(self) -> tuple[type[Frozen], tuple[dict[str, Any]]]:
        # Pickled (Django's cache) as its items, so a kept view comes back frozen.
        return (Frozen, (dict(self),))

    def __copy__(self) -> Frozen:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Frozen:
        return self


def freeze(value: Any) -> Any:
    """``value`` with every dict made ``Frozen`` and every list a tuple, all the way down.

    What is frozen already (a ``Frozen``, the board's ``Digested``) is taken as it is, so a
    shared piece is walked once, when it is made, not once per viewer."""
    kind = type(value)
    if kind is dict:
        return Frozen({key: freeze(item) for key, item in value.items()})
    if kind is list or kind is tuple:
        return tuple(freeze(item) for item in value)
    return value
