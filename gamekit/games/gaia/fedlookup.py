"""One federation of a turn's legal list, found without listing them all (rulebook "4) Forjando
Alianças"; the candidates are ``federation.federation_options``).

A candidate's structures only grow from the group its search starts from, so the candidate
with exactly the structures ``want`` comes from a search that starts inside ``want`` and never
joins a group outside it: the other starts and branches are skipped. Checking a replayed
``federation`` line, or forming the federation, then costs a few walks instead of the whole
search (the answers equal ``federation_options``: tests/gaia/test_speed_fedlookup.py)."""

from __future__ import annotations

from typing import Any

from . import federation as fed

__all__ = ["federation_option", "form_federation", "option_by_key"]

#: a candidate: (structure hexes, satellite hexes)
Option = tuple[frozenset, frozenset]


def option_by_key(st: Any, seat: int, key: str) -> Option | None:
    """``fed.federation_options(st, seat).get(key)`` (``key``: the structures' labels joined by
    ``+``, sorted, as the legal list names them)."""
    if not fed.fed_supply_any(st):
        return None
    base = fed.fed_base(st, seat)
    if _listed(st, seat, base):
        return fed.fed_options(st, seat, base).get(key)
    labels = set(key.split("+"))
    label = st.label
    want = frozenset(h for h in base[0] if label(h) in labels)
    if not want or "+".join(sorted(label(h) for h in want)) != key:
        return None
    return federation_option(st, seat, want)


def federation_option(st: Any, seat: int, want: frozenset) -> Option | None:
    """The entry of ``fed.federation_options(st, seat)`` whose structures are exactly ``want``, or
    None. Remembered with the seat's ``_fed_base`` entry (the same content key); when the
    whole list is known already (or for the Ivits' single growing federation) it is read
    from there."""
    if not fed.fed_supply_any(st):
        return None
    base = fed.fed_base(st, seat)
    if _listed(st, seat, base):
        options = fed.fed_options(st, seat, base)
        key = "+".join(sorted(st.label(h) for h in want))
        return options.get(key)
    vals, total, need = base[0], base[1], base[2]
    if total < need or not want <= vals.keys():
        return None
    memo_key = (want, fed.lost_hex(st))  # clones share the entry: the Lost Planet's hex too
    found = base[4].get(memo_key)
    if found is None:
        found = base[4][memo_key] = _found_within(st, seat, vals, need, want)
    cap = fed.satellite_cap(st, seat)
    best = None
    for sats in found:  # the first with the fewest satellites the seat can pay
        if len(sats) <= cap and (best is None or len(sats) < len(best)):
            best = sats
    return None if best is None else (want, best)


def _listed(st: Any, seat: int, base: list) -> bool:
    """Whether the whole list is read instead: known already, or the Ivits' single federation
    (it grows from structures federated before, outside the unfederated values)."""
    p = st.pl[seat]
    return (base[3] is not None or fed.satellite_cap(st, seat) in base[5]
            or (p.faction == "ivits" and bool(p.feds)))


def _found_within(st: Any, seat: int, vals: dict, need: int, want: frozenset) -> list:
    """The satellites of every candidate of ``_fed_found`` with structures ``want``, in the
    order found: the same starts in the same order, only those inside ``want``."""
    banned = fed.banned_hexes(st, seat)
    comps = fed.components_of(st, vals)
    walks = (frozenset(vals), frozenset(banned), fed.lost_hex(st))
    found: list = []
    seen: dict = {}
    for comp in fed.search_starts(vals, comps, banned):
        if comp <= want:
            fed.fed_search(st, seat, comp, frozenset(), comps, banned, need, found, 4, walks,
                           want, seen)
    return [sats for _, hexes, sats in found if hexes == want]


def form_federation(st: Any, seat: int, key: str) -> None:
    got = option_by_key(st, seat, key)
    if got is None:
        raise KeyError(key)
    hexes, sats = got
    fed.form_hexes(st, seat, set(hexes), set(sats))
