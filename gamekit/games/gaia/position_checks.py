"""What a Gaia position must mean, beyond its shape (``position.schema``): checks run on the
state ``position.load`` filled, each refusal a ``PositionError`` naming the field.

The round is where it can be (a stage of its round, a turn order of every seat), every seat
and index in range, every reference consistent (a faction for every seat once they are
chosen, a tile or booster held once, pieces on hexes of the map that can hold them, a
decision for a seat that can make it), counts within the rules (pieces on the faction
board, federation tokens in the box, gaiaformers unlocked), and the decision in front has
something legal (rulebook "Preparação", "Rodadas", Apêndice I).
"""

from __future__ import annotations

from collections import Counter

from gamekit.core.positions import PositionError

from .components import FEDERATION_TOKENS
from .decisions import Kind
from .economy import brainstone_dests, plain_tokens
from .subdecisions import legal_kind

__all__ = ["check", "need", "whole_numbers"]

#: decisions made before a seat has a faction
_BEFORE_FACTION = {Kind.FACTION, Kind.AUCTION, Kind.AUCTION_NAME, Kind.AUCTION_BID, Kind.ROTATE}
_AUCTION = {Kind.AUCTION, Kind.AUCTION_NAME, Kind.AUCTION_BID}
#: a stage -> the rounds it can be in (0: set-up; "income" closes rounds 0-5)
_ROUNDS = {"setup": range(0, 1), "income": range(0, 6)}


def need(ok: bool, field: str, problem: str) -> None:
    if not ok:
        raise PositionError(f"position field {field}: {problem}")


def whole_numbers(data) -> None:
    """A Gaia position counts in whole numbers: a JSON schema's ``integer`` also takes ``2.0``,
    which no rule may index with or count in (refused here, naming the field)."""
    stack = [(data, "")]
    while stack:
        node, path = stack.pop()
        if isinstance(node, float):
            need(False, path.lstrip("."), f"{node!r} is not a whole number")
        elif isinstance(node, dict):
            stack.extend((v, f"{path}.{k}") for k, v in node.items())
        elif isinstance(node, list):
            stack.extend((v, f"{path}[{i}]") for i, v in enumerate(node))


def _round(state) -> None:
    n = state.players
    need(state.round in _ROUNDS.get(state.stage, range(1, 7)), "stage",
         f"{state.stage!r} cannot come in round {state.round}")
    need(sorted(state.order) == list(range(n)), "order", "must hold every seat once")
    passed = [s for s, p in enumerate(state.pl) if p.passed]
    need(sorted(state.passed_order) == passed, "passed_order",
         "must list the seats that passed, each once")
    need(not state.pending_seats or state.stage in ("income_run", "gaia_run"), "pending_seats",
         f"seats wait only in a run of income or of the Gaia phase, not at {state.stage!r}")


def _player(state, s: int, p) -> None:
    where = f"players[{s}]"
    if p.faction is None:
        need(state.stage == "setup", where + ".faction", "no faction after the set-up")
        need(not (p.built or p.guest or p.booster or p.tech or p.fed_tokens),
             where + ".faction", "pieces or tiles held without a faction")
        return
    need(p.booster is not None or state.stage == "setup", where + ".booster",
         "every seat holds a booster after the set-up")
    for b in p.board.buildings.values():
        need(p.counts.get(b.code, 0) <= b.count, where + ".buildings",
             f"{p.counts.get(b.code, 0)} pieces of {b.code}; the board holds {b.count}")
    need(not p.guest or p.faction == "lantids", where + ".guest_mines", "Lantids only")
    need(all(state.owner.get(h, s) != s for h in p.guest), where + ".guest_mines",
         "a guest mine stands on a planet another player colonised")
    need(p.covered <= set(p.tech), where + ".covered", "covers a tile not held")
    need(len(p.covered) <= len(p.advanced), where + ".covered",
         "more covered tiles than advanced tiles")
    need(set(p.tech) <= set(state.tech_at.values()), where + ".tech", "a tile not in this game")
    need(set(p.advanced) <= set(state.adv_at.values()), where + ".advanced",
         "a tile not in this game")
    stone = p.brainstone
    if stone is not None:
        need(bool(p.board.extra.get("brainstone_bowl")), where + ".brainstone", "Taklons only")
        need(p.bowls.as_tuple()[stone - 1] >= 1, where + ".brainstone",
             f"bowl {stone} holds no token")
    placed = sum(1 for x in state.gf.values() if x == s)
    need(placed + p.gf_gaia <= p.gaiaformers, where + ".gaiaformers",
         f"{placed + p.gf_gaia} gaiaformers out, {p.gaiaformers} unlocked")
    on_map = state.space.sector
    need(all(h in on_map for f in p.feds for h in f) and p.satellites <= on_map.keys(),
         where + ".federations", "a hex off the map")


def _players(state) -> None:
    for s, p in enumerate(state.pl):
        _player(state, s, p)
    homes = [p.board.home for p in state.pl if p.board]
    need(len(set(homes)) == len(homes), "players[].faction", "two factions of one home planet")
    lost = sum(p.counts.get("lost", 0) for p in state.pl)
    need(lost <= 1, "players[].buildings", "the lost planet twice")


def _tiles(state) -> None:
    basic, adv = list(state.tech_at.values()), list(state.adv_at.values())
    need(len(set(basic)) == len(basic), "tech", "a tile on two places")
    need(len(set(adv)) == len(adv), "advanced_tech", "a tile on two places")
    need(state.basic_left <= set(basic), "basic_left", "a tile not in this game")
    need(state.adv_left <= set(adv), "advanced_left", "a tile not in this game")
    held = [t for p in state.pl for t in p.advanced]
    need(len(set(held)) == len(held) and not state.adv_left & set(held), "advanced_left",
         "an advanced tile held twice")
    boosters = state.booster_pool + [p.booster for p in state.pl if p.booster]
    need(len(set(boosters)) == len(boosters), "boosters", "a booster held twice")
    tokens = Counter(t for p in state.pl for t, _ in p.fed_tokens)
    tokens.update(state.fed_supply)
    if state.terra_fed:
        tokens[state.terra_fed] += 1
    over = [t for t, k in tokens.items() if k > FEDERATION_TOKENS[t].copies]
    need(not over, "federation_supply", f"more federation tokens than the box holds: {over}")


def _map_pieces(state) -> None:
    """Planets as the map has them, but for Gaia planets made of Transdim planets and the lost
    planet on an empty hex; gaiaformers on those, space stations on empty hexes."""
    for h, t in state.space.planets.items():
        now = state.ptype.get(h)
        if t != "empty":
            ok = now == t or (t == "transdim" and now == "gaia")
        else:
            ok = now is None or (now == "lost" and h in state.owner)
        need(ok, "planets", f"{state.label(h)} is {now!r} on a map that has {t!r} there")
    need(all((code == "lost") == (state.ptype[h] == "lost")
             for p in state.pl for h, code in p.built.items()),
         "planets", "the lost planet's piece stands on the lost planet, alone")
    need(all(state.ptype[h] in ("transdim", "gaia") for h in state.gf), "gaiaformers",
         "a gaiaformer stands on a Transdim or Gaia planet only")
    need(not any(h in state.ptype or h in state.owner for h in state.stations),
         "space_stations", "a space station stands on an empty hex")


def _auction(state) -> None:
    a = state.auction_state
    if a is None:
        return
    need(state.stage == "setup" and bool(state.options["auction"]), "auction",
         "an auction runs only in the set-up of a game with the option")
    holders = list(a["holder"].values())
    need(len(set(holders)) == len(holders), "auction.holder", "a seat holds two factions")
    need(set(a["bid"]) == set(a["holder"]) and set(a["holder"]) <= set(a["named"]),
         "auction.bid", "bids and holders must name the same named factions")


def _entry(state, i: int, seat: int, kind: str, data: dict) -> None:
    where = f"stack[{i}]"
    p = state.pl[seat]
    need(kind in _BEFORE_FACTION or p.faction is not None, where,
         f"{kind}: seat {seat + 1} has no faction")
    need(kind not in _AUCTION or state.auction_state is not None, where,
         f"{kind}: no auction runs")
    need(kind != Kind.PLACE or state.stage == "setup", where, "placement is in the set-up")
    if kind == Kind.BRAINSTONE:
        need(p.brainstone in (1, 2, 3), where, f"{kind}: the seat has no brainstone in a bowl")
        _brainstone(state, where + ".data", seat, data)
    elif kind == Kind.BRAINSTONE_SPEND:
        need(p.brainstone == 3, where, f"{kind}: the brainstone is not in bowl III")
        n, plain = data["n"], p.bowls.bowl3 - 1
        need(data["wasted"] == max(0, 3 - n) and (plain >= n if n >= 3 else plain < n),
             where + ".data.n", f"the Taklons choose how to pay {n} only as the rules ask")
    elif kind == Kind.COVER:
        need(len(p.covered) < len(p.advanced), where, f"{kind}: no advanced tile to cover for")
    elif kind == Kind.TOKENS:
        need(data["n"] <= sum(plain_tokens(state, seat)), where + ".data.n",
             "more tokens than held")
    elif kind == Kind.FEDPICK:
        labels = {state.label(h) for h in state.space.planets}
        need(set(data["sel"]) <= labels, where + ".data.sel", "a hex not on the map")
    elif kind == Kind.INCOME_REST:
        need(i < len(state.stack) - 1, where, "a step waits behind a decision, never on top")


def _brainstone(state, where: str, seat: int, data: dict) -> None:
    """Where the Taklons' brainstone may go: bowls for a charge (those it can reach, for an
    income charge still to come), its bowl or the Gaia area / the box when tokens are taken
    (while ordinary tokens would do)."""
    p = state.pl[seat]
    dests, bowls = data["dests"], p.bowls.as_tuple()
    need(not ("take" in data and "charges" in data), where, "take or charges, not both")
    if "take" in data:
        n, to_gaia, _why = data["take"]
        need(list(dests) == [p.brainstone, 4 if to_gaia else "discard"], where + ".dests",
             "its bowl, or where the tokens go")
        need(n <= sum(bowls[:3]) - 1, where + ".take", "more tokens than the bowls hold")
    elif "charges" in data:
        need(p.brainstone in (1, 2) and set(dests) <= set(
            brainstone_dests(state, seat, data["charges"][0])), where + ".dests",
            "bowls the charge cannot bring the brainstone to")
    else:
        need(all(d in (1, 2, 3) and bowls[d - 1] >= 1 for d in dests), where + ".dests",
             "a bowl with no token")


def _queue(state) -> None:
    for i in range(len(state.stack) - 1, -1, -1):  # the top (deciding now) first
        entry = state.stack[i]
        _entry(state, i, entry.seat, entry.kind, state.data_of(entry))
    need(state.over or bool(state.stack), "stack", "nobody decides in a game that is not over")


def _front(state) -> None:
    """The invariants hold and the decision in front has something legal."""
    try:
        state.check_invariants()
        state._legal_cache = {}
        if state.stack and not state.over:
            top = state.stack[-1]
            need(bool(legal_kind(state, top.seat, top.kind, state.data_of(top))),
                 f"stack[{len(state.stack) - 1}]", f"{top.kind}: nothing is legal")
    except PositionError:
        raise
    except (AssertionError, LookupError, TypeError, ValueError, AttributeError) as exc:
        raise PositionError(f"position breaks a rule: {str(exc)[:160]}") from None


def check(state) -> None:
    """Every check above, in order; the first problem is raised."""
    _round(state)
    _players(state)
    _tiles(state)
    _map_pieces(state)
    _auction(state)
    _queue(state)
    _front(state)
