"""Federations by partition for the Gaia bots (session 25, issue 32): candidates the engine's
list misses, formed through the hex-by-hex path.

The engine lists federations grown greedily from each group of unfederated structures
(:func:`.federation.fed_search`); a federation that leaves a group out so that the group can
join a later one is often missing ("4) Forjando Alianças": the player chooses the planets
freely, value 7 or more, fewest satellites, nothing unneeded). Here the same search runs again
with each group of the seat's unfederated structures left out in turn; a candidate is kept
when ``fed_pick_valid`` accepts it, the seat can pay its satellites, it is not listed already,
and its hexes can be picked one by one (each next to the selection, ``fed_pick_options``). It
is played as one move: ``federation custom``, the picks, ``fedhex done``
(:class:`PartsAgent`, the completer trying those moves beside its own)."""

from __future__ import annotations

from gamekit.core import Action

from .actions import plain_action
from .bot_finisher import CompleterAgent
from .bots import _custom
from .federation import (
    banned_hexes,
    components_of,
    custom_federation_ok,
    fed_base,
    fed_pick_options,
    fed_pick_valid,
    fed_search,
    federation_options,
    lost_hex,
    satellite_cap,
    search_starts,
)

__all__ = ["extra_federations", "pick_order", "PartsAgent", "MACRO", "spare_share"]

#: first argument of a partition federation played as one move (never a legal action's)
MACRO = "=parts"
#: pairs of groups left out at most (the first ones in the search's order)
_PAIRS = 45
#: joins a search makes at most (the engine's 4 never joins the seven single mines of a
#: federation of value 7, as voyager-6's Terrans formed in round 6)
_DEPTH = 7


def extra_federations(st, seat: int) -> list[tuple[str, tuple]]:
    """``[(key, picks in order)]``: federations of ``seat`` the engine does not list, found
    by its search with one group of unfederated structures left out at a time (see the
    module docstring); remembered by the seat's structures, federations and satellite cap."""
    if not custom_federation_ok(st, seat):
        return []
    base = fed_base(st, seat)
    vals, need, cap = base[0], base[2], satellite_cap(st, seat)
    key = (seat, tuple(vals.items()), tuple(map(frozenset, st.pl[seat].feds)), cap,
           frozenset(st.ptype), frozenset(st.pl[seat].satellites))
    memo = st.__dict__.get("_parts_memo")
    if memo is None:
        memo = st._parts_memo = {}
    got = memo.get(key)
    if got is None:
        if len(memo) >= 256:
            memo.clear()
        got = memo[key] = _search(st, seat, vals, need, cap)
    return got


def _search(st, seat: int, vals: dict, need: int, cap: int) -> list:
    listed = set(federation_options(st, seat))
    banned = banned_hexes(st, seat)
    groups = search_starts(vals, components_of(st, vals), banned)
    out: dict = {}
    for group in _left_out(groups):
        rest = {h: v for h, v in vals.items() if h not in group}
        if sum(rest.values()) < need:
            continue
        comps = components_of(st, rest)
        found: list = []
        walks = (frozenset(rest), frozenset(banned | group), lost_hex(st))
        for comp in search_starts(rest, comps, banned):
            fed_search(st, seat, comp, frozenset(), comps, banned | group, need, found, _DEPTH,
                       walks, None, {}, cap)
        for fkey, hexes, sats in found:
            if fkey in listed or fkey in out or len(sats) > cap:
                continue
            picks = pick_order(st, seat, hexes | sats)
            if picks is not None:
                out[fkey] = tuple(st.label(h) for h in picks)
    return sorted(out.items())


def _left_out(groups: list) -> list[frozenset]:
    """What each search leaves out: each group, then each pair of groups (a federation
    may need two groups kept for a later one: two planets of a sector)."""
    pairs = [a | b for i, a in enumerate(groups) for b in groups[i + 1:]]
    return groups + pairs[:_PAIRS]


def pick_order(st, seat: int, sel: frozenset) -> list | None:
    """The hexes of ``sel`` in an order the hex-by-hex path takes (each among
    ``fed_pick_options`` of the picks before it), or None when ``fed_pick_valid`` refuses
    the whole or no order is found."""
    if not fed_pick_valid(st, seat, set(sel)):
        return None
    order: list = []
    have: set = set()
    while len(order) < len(sel):
        nxt = next((h for h in fed_pick_options(st, seat, have) if h in sel), None)
        if nxt is None:
            return None
        order.append(nxt)
        have.add(nxt)
    return order


def macro_moves(st, seat: int) -> list[Action]:
    """The partition federations as moves ``Action(seat, "federation", (MACRO, picks...))``."""
    return [Action(seat, "federation", (MACRO, *picks))
            for _key, picks in extra_federations(st, seat)]


def play_macro(s, action: Action, check: bool = False) -> None:
    """Form a partition federation on ``s``: the custom path's picks, then ``done``
    (``check``: each action checked legal, as the game checks a player's)."""
    seat = action.seat
    s.apply(plain_action(seat, "federation", "custom"), check)
    for label in action.args[1:]:
        s.apply(plain_action(seat, "fedhex", label), check)
    s.apply(plain_action(seat, "fedhex", "done"), check)


def spare_share(st, seat: int) -> float:
    """The share (up to 1) of a federation's value held by the seat's unfederated structures
    that touch none of its federations: what a later federation may still take ("4) Forjando
    Alianças": no hex next to an earlier federation); 0 for the Ivits (one federation)."""
    if st.pl[seat].faction == "ivits":
        return 0.0
    base = fed_base(st, seat)
    banned = banned_hexes(st, seat)
    free = sum(v for h, v in base[0].items() if h not in banned)
    return min(free, base[2]) / base[2]


def _is_macro(a: Action) -> bool:
    return a.verb == "federation" and bool(a.args) and a.args[0] == MACRO


class PartsAgent(CompleterAgent):
    """The completer trying the partition federations too (see the module docstring): in
    rounds 1–5's one-action look and in round 6's beam, each valued as its other moves."""

    name = "fedparts"

    def __init__(self, seed: int = 0, spare: float = 0.0, **search) -> None:
        super().__init__(seed, **search)
        #: the picks still to give of the partition federation chosen (then ``done``)
        self._queue: list[str] = []
        #: VP a whole federation's value of free structures is worth in rounds 1–5
        self.spare = spare

    def value(self, state, seat: int) -> float:
        """The completer's value; in rounds 1–5 plus ``spare`` times the share of a
        federation's value the seat's free structures hold (``spare_share``)."""
        v = super().value(state, seat)
        if self.spare and 1 <= state.round <= 5 and not state.over:
            v += self.spare * spare_share(state, seat)
        return v

    def choose(self, view, decision):
        legal = decision.legal
        if decision.kind == "fedpick":
            want = self._queue.pop(0) if self._queue else "cancel"
            return next((a for a in legal if a.args == (want,)), legal[-1])
        self._queue = []
        got = super().choose(view, decision)
        if _is_macro(got):
            self._queue = [*got.args[1:], "done"]
            return next(a for a in legal if _custom(a))
        return got

    def _play(self, s, action: Action) -> None:
        if _is_macro(action):
            play_macro(s, action)
        else:
            s.apply(action, False)

    def _turn(self, state, seat: int, legal: list[Action]) -> Action:
        return super()._turn(state, seat, [*legal, *_moves(state, seat, legal)])

    def _last_turn(self, state, seat: int, legal: list[Action]) -> Action:
        return super()._last_turn(state, seat, [*legal, *_moves(state, seat, legal)])

    def _more(self, s, seat: int) -> list[Action]:
        legal = super()._more(s, seat)
        return [*legal, *_moves(s, seat, legal)] if legal else legal


def _moves(state, seat: int, legal: list[Action]) -> list[Action]:
    """The partition federations, when the turn lets the seat lay one out by hand."""
    if not any(_custom(a) for a in legal):
        return []
    return macro_moves(state, seat)
