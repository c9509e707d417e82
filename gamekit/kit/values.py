"""Value equality for the kit's small mutable pieces (slots classes): two pieces are equal
when every slot holds an equal value, so states holding them compare by content."""

from __future__ import annotations

__all__ = ["SlotsEq"]


class SlotsEq:
    """Mixin: ``==`` compares every slot of the class (and its bases); unhashable."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]  (mutable: equal values, no hash)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        names = [n for cls in type(self).__mro__ for n in getattr(cls, "__slots__", ())]
        return all(getattr(self, n, None) == getattr(other, n, None) for n in names)
