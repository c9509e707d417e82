"""Import a boardgamers.space record (read by :mod:`.notation`) into a gamekit game.

Every clause of every move line becomes one or more gamekit actions, each applied with the
legal-action check; the first clause that does not fit raises :class:`ImportError_` (a
``RecordError``) naming the line, the move, the clause and why. The set-up (map, tiles, boosters,
Terraforming-5 token) comes from the record's explicit ``setup``; the anchor engine's turn order
(order of passing) is switched on, as the reference README's "Engine deviations" require.

Both faction auctions of the site (``bid-while-choosing``, ``choose-bid``) are imported; an
option the reader does not know is refused by name, rule-free ones are kept (``site_options``).
A clause selects its handler in the closed table ``_HANDLERS``. The site's readings (leech
round the seating an auction made, the Nevlas PI's 2-power tokens in every conversion, …) and
the per-line check of the record's power summaries (:func:`disagreement`, ``gamekit replay
--checkpoints``) are described in docs/games/gaia.md, "Importing real records".
"""

from __future__ import annotations

import re
from typing import Any

from gamekit.core import CATALOG, IllegalAction, ParseError, RecordError
from gamekit.core import Action as Action_

from .commands import (
    Action,
    Bid,
    Booster,
    Brainstone,
    Build,
    Burn,
    Charge,
    Cover,
    Decline,
    Faction,
    Federation,
    FedTile,
    Income,
    LostPlanet,
    Pass,
    Rotate,
    Special,
    Spend,
    SwapPI,
    Tech,
    Up,
)
from .directcheck import checked_apply
from .federation import custom_federation_ok, fed_values, federation_options
from .fedlookup import federation_option
from .linechecks import differences, disagreement, seat_of_line, site_checkpoints
from .notation import (
    MAX_JSON,
    GameNotation,
    Move,
    NotationError,
    parse_json,
    read_record,
    site_options,
)
from .state import GaiaState

__all__ = ["SETUP_KEYS", "SITE_READINGS", "ImportError_", "import_bytes", "import_game",
           "setup_options"]

_SPEND = {("pw", "q"): ("4pw-q", 4), ("pw", "o"): ("3pw-o", 3), ("pw", "k"): ("4pw-k", 4),
          ("pw", "c"): ("1pw-c", 1), ("q", "o"): ("q-o", 1), ("k", "c"): ("k-c", 1),
          ("o", "c"): ("o-c", 1), ("o", "t"): ("o-t", 1), ("c", "q"): ("4c-q", 4),
          ("c", "o"): ("3c-o", 3), ("c", "k"): ("4c-k", 4), ("gf", "q"): ("gf-q", 1),
          ("t-a3", "k"): ("t3-k", 1)}
#: Nevlas PI: the conversion of two units (a token pays 2 power) and of one
_NEVLAS = {"c": ("2pw-2c", "1pw-c"), "o": ("6pw-2o", "3pw-o")}
_SPECIAL = {"4pw": "tech9", "q": "ac2", "4c": "ac2", "3o": "advtech11", "3k": "advtech13",
            "q,5c": "advtech3", "step": "booster4", "range+3": "booster5"}
_UPGRADES = ("ts", "lab", "PI", "ac1", "ac2")
_MAIN = frozenset({"build", "gaia", "upgrade", "research", "action", "special", "federation",
                   "pass"})
_NO_FEDERATION = ("no legal federation joins exactly these hexes (with the fewest satellites "
                  "and no structure it does not need)")


def _refusal(exc: IllegalAction) -> str:
    """The engine's reason with the rulebook section it cites, by its English title."""
    why = str(exc)
    if exc.rule:
        section = CATALOG.text("gaia", f"rule.{exc.rule}", "en")
        why = why.replace(f" [rule: {exc.rule}]", f" [rulebook: {section}]")
    return why


class ImportError_(RecordError):
    """A record line that the engine does not accept (names the line, move and reason)."""


#: the anchor engine's readings where it differs from the rulebook (reference README
#: "Engine deviations"): the importer switches them on, the writer needs them
SITE_READINGS: dict[str, Any] = {"turn_order": "variable", "token_bowls": "lowest_first",
                                 "ivits_threshold": "federations", "gaiaformer_recall": False,
                                 "lost_planet_on_satellites": False, "refuse_wasted": True,
                                 "lantids_guest_mines": "engine", "final_conversion": "engine"}


def setup_options(setup: dict[str, Any], space) -> dict[str, Any]:
    """gamekit options from a sample's explicit ``setup`` and the record's map."""
    tech = setup["tech_tiles"]
    basic = ["terra", "nav", "int", "gaia", "eco", "sci", "free1", "free2", "free3"]
    return {
        "map": [[h[0], h[1], space.sector[h], t] for h, t in sorted(space.planets.items())],
        "round_tiles": list(setup["round_scoring"]),
        "final_tiles": list(setup["final_scoring"]),
        "boosters": list(setup["boosters"]),
        "tech": [tech[p] for p in basic],
        "advanced_tech": [tech["adv-" + t] for t in basic[:6]],
        "terra_fed": setup["terraforming_track_federation"],
        **SITE_READINGS,
    }


def _start(g: GameNotation, setup: dict[str, Any], rotated: bool) -> GaiaState:
    """The game before its first move line: the record's map, its explicit set-up and the
    engine options its options map to (rule-free ones kept in ``site_options``)."""
    if g.space is None:
        raise ImportError_("has no map: give 'map' (hexes_at_init, hexes or sectors), "
                           "'setup.map' or the 'map' option", field="map")
    options = setup_options(setup, g.space)
    if g.options.get("auction"):  # both site options; the notation reader refuses others
        options["auction"] = g.options["auction"]
    if g.options.get("advancedRules") and not rotated:  # the last player turns sectors
        options["board_setup"] = True
    if g.options.get("factionVariant"):  # standard, more-balanced, beta (checked by the reader)
        options["faction_variant"] = g.options["factionVariant"]
        options["faction_variant_version"] = g.options.get("factionVariantVersion") or 0
    if site_options(g.options):
        options["site_options"] = site_options(g.options)
    return GaiaState.new(g.init.players, g.init.seed, **options)


def import_game(record: dict[str, Any] | GameNotation, setup: dict[str, Any],
                upto: int | None = None, each=None, rotated: bool = False) -> GaiaState:
    """Replay ``record`` (a sample object or a read notation) on the explicit ``setup``;
    ``each(move, state)`` is called after every line; ``rotated``: the record's map is the
    one after its ``rotate`` line. Returns the state."""
    g = record if isinstance(record, GameNotation) else read_record(record)
    state = _start(g, setup, rotated)
    imp = _Importer(state, rotated)
    for move in g.moves[:upto]:
        imp.line(move)
        if each:
            each(move, state)
    return state


#: what a record's explicit ``setup`` must give (the tiles of the recorded game)
SETUP_KEYS = ("tech_tiles", "round_scoring", "final_scoring", "boosters",
              "terraforming_track_federation")


def _decode(data: bytes, source: str) -> tuple[GameNotation, dict[str, Any], Any]:
    """The read notation and the explicit set-up of a record's bytes (bounded, JSON only)."""
    if not isinstance(data, (bytes, bytearray)) or len(data) > MAX_JSON:
        raise ImportError_(f"a record of at most {MAX_JSON} bytes is read", source)
    try:
        text = bytes(data).removeprefix(b"\xef\xbb\xbf").decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ImportError_(f"is not UTF-8 text (bad byte at offset {exc.start})", source,
                           kind="not_text") from None
    try:
        raw = parse_json(text)  # bounded: JSON only, size and depth checked
        notation = read_record(raw)
    except NotationError as exc:
        raise NotationError(exc.problem, exc.line, exc.text, source=source,
                            kind=exc.kind) from None
    setup = raw.get("setup") if isinstance(raw, dict) else None
    if not isinstance(setup, dict):
        raise ImportError_("needs its explicit 'setup' (scoring tiles, boosters, tech tiles, the "
                           "terraforming federation): the site derives them from its own seed",
                           source, "setup")
    missing = [k for k in SETUP_KEYS if k not in setup]
    if missing:
        raise ImportError_(f"setup lacks {', '.join(missing)}", source, "setup")
    return notation, setup, raw.get("checkpoints")


def import_bytes(data: bytes, source: str = "upload", report=None) -> GaiaState:
    """A boardgamers.space record as the samples give it (JSON: ``moves`` from the ``init``
    line, the map, and the explicit ``setup`` — tiles, boosters, tech and the terraforming
    federation, which the site derives from its own seed) replayed to its last line; every
    line is checked against the legal actions. ``report(text)`` (e.g. ``print``) receives,
    per line, where our state and the record disagree: the line's power summary, and the
    record's per-line ``checkpoints`` when it has them (the samples' format). Only ``RecordError``
    escapes: a set-up that cannot start a game is named as such, a line the rules refuse is
    named by its number, clause and reason."""
    notation, setup, checkpoints = _decode(data, source)
    by_line = site_checkpoints(checkpoints) if report is not None else {}
    try:
        state = _start(notation, setup, False)
    except ImportError_ as exc:
        raise ImportError_(exc.problem, source, exc.field) from None
    except (KeyError, TypeError, IndexError, ValueError, AttributeError) as exc:
        raise ImportError_(f"setup is incomplete or malformed ({type(exc).__name__}: "
                           f"{str(exc)[:120]})", source, "setup") from None
    imp = _Importer(state)
    for move in notation.moves:
        try:
            imp.line(move)
        except RecordError as exc:
            raise ImportError_(exc.problem, source, f"moves[{move.line - 1}]") from None
        except (KeyError, TypeError, IndexError, ValueError, AttributeError) as exc:
            raise ImportError_(f"line {move.line}: {move.text[:120]!r}: cannot be replayed "
                               f"({type(exc).__name__}: {str(exc)[:80]})", source,
                               f"moves[{move.line - 1}]") from None
        if report is not None:
            for text in (disagreement(move, state), *differences(move, state, by_line)):
                if text:
                    report(text)
    return state


#: a word that reads back as itself from an action's text (ASCII, no space, quote or
#: backslash, and not a number); anything else goes through ``Action.parse``
_WORD = re.compile(r"(?!-*[0-9]+$)[A-Za-z0-9_+.:,-]+")


def _plain(arg: Any) -> bool:
    """Whether ``arg`` reads back as itself from an action's text: a small ``int`` or a
    ``_WORD``."""
    if type(arg) is int:
        return -1_000_000 < arg < 1_000_000
    return type(arg) is str and _WORD.fullmatch(arg) is not None


def _action(seat: int, verb: str, args: tuple) -> Action_:
    """The action the text ``p<seat+1> <verb> <args>`` reads as (``Action.parse``), made
    directly when every argument reads back as itself; a malformed one: ``IllegalAction``."""
    if all(_plain(a) for a in args):
        return Action_(seat, verb, args)
    text = " ".join([f"p{seat + 1}", verb, *map(str, args)])
    try:
        return Action_.parse(text)
    except ParseError as exc:
        raise IllegalAction(str(exc), text) from None


class _Importer:
    def __init__(self, state: GaiaState, rotated: bool = False) -> None:
        self.s = state
        self.rotated = rotated
        self.main_done = False  # a main action was taken in the current line

    def fail(self, move: Move, clause: Any, why: str) -> None:
        raise ImportError_(f"line {move.line}: {move.text!r}: in {clause!s:.60}: {why}")

    def seat_of(self, move: Move) -> int:
        seat = seat_of_line(self.s, move)
        if seat is not None:
            return seat
        raise ImportError_(f"line {move.line}: {move.text!r}: no seat plays {move.player!r}")

    def kind(self, seat: int) -> str | None:
        top = self.s.front()
        return top.kind if top is not None and top.seat == seat else None

    def do(self, move: Move, clause: Any, seat: int, verb: str, *args: Any,
           proven: bool = False) -> None:
        """Apply one action, checked against the legal actions (``proven``: already applied
        to an identical copy, so not checked twice)."""
        try:
            action = _action(seat, verb, args)
            if proven:
                self.s.apply(action, check=False)
            else:
                checked_apply(self.s, action)
        except IllegalAction as exc:
            self.fail(move, clause, _refusal(exc))
        self.main_done = self.main_done or verb in _MAIN

    def line(self, move: Move) -> None:
        seat = self.seat_of(move)
        self.main_done = False
        gaia_phase = self.kind(seat) in ("terrans", "itars")
        for clause in move.clauses:
            self._board_ready(move, clause)
            handler = _HANDLERS.get(type(clause))  # closed table: data never names a method
            if handler is None:
                self.fail(move, clause, f"the clause '{clause.verb}' is not imported yet")
            handler(self, move, clause, seat)
        if gaia_phase and self.kind(seat) in ("terrans", "itars"):
            self.do(move, "end of the Gaia phase", seat, self.kind(seat), "done")
        if move.ends_turn and self.kind(seat) == "after":
            self.do(move, "end of turn", seat, "end")
        elif move.ends_turn and self.kind(seat) == "turn" and not self.main_done:
            self.fail(move, "end of turn", "a turn needs one main action before it ends")

    # ------------------------------------------------------------------ clauses
    def _bid(self, m, c, seat):
        self.do(m, c, seat, "bid", c.faction, c.vp)

    def _faction(self, m, c, seat):
        self.do(m, c, seat, "name" if self.kind(seat) == "auction_name" else "faction", c.faction)

    def _build(self, m, c, seat):
        label = self.s.label(c.hex.hex)
        kind = self.kind(seat)
        verb = {"place": "place", "mine": "build", "station": "station",
                "downlab": "downlab"}.get(kind)
        if verb:
            if kind == "mine" and c.building == "gf":
                verb = "gaia"
            self.do(m, c, seat, verb, label)
        elif c.building == "m":
            self.do(m, c, seat, "build", label)
        elif c.building == "gf":
            self.do(m, c, seat, "gaia", label)
        elif c.building in _UPGRADES:
            self.do(m, c, seat, "upgrade", label, c.building)
        else:
            self.fail(m, c, f"cannot build {c.building!r} now (decision {kind})")

    def _booster(self, m, c, seat):
        self.do(m, c, seat, "booster", c.booster)

    def _income(self, m, c, seat):
        if self.kind(seat) != "income_order":
            self.fail(m, c, "no income is waiting for an order (the rest came automatically)")
        for item in c.items:
            if self.kind(seat) != "income_order":
                return  # the rest of the income is applied automatically
            self.do(m, c, seat, "income", "tokens" if item.unit == "t" else "charge", item.count)

    def _spend(self, m, c, seat):
        if [(a.count, a.unit) for a in c.cost + c.gain] == [(4, "pw"), (1, "o"), (1, "c")]:
            self.do(m, c, seat, "convert", "4pw-oc")
            return
        if len(c.cost) != 1 or len(c.gain) != 1:
            self.fail(m, c, "bundled conversions are not imported yet")
        cost, gain = c.cost[0], c.gain[0]
        if cost.unit == "tg" and gain.unit == "tech":
            self.do(m, c, seat, "itars", "tech")
            return
        if cost.unit == "tg":
            got = _SPEND.get(("pw", gain.unit))
            if got is None:
                self.fail(m, c, f"no free action converts power into {gain.unit}")
            fid, per = got
            self._exact(m, c, per)
            for _ in range(cost.count // per):
                self.do(m, c, seat, "terrans", f"{per}tg-{fid.split('-')[1]}")
            return
        if (cost.unit == "pw" and len(c.gain) == 1 and gain.unit in _NEVLAS
                and self.s.pl[seat].token_power() == 2):
            # Nevlas PI (site reading): a bowl-III token pays 2 power in every conversion, so
            # 'spend 4pw for 4c' moves 2 tokens (2 x 2pw-2c), '9pw for 3o' 5 (6pw-2o, 3pw-o)
            pair, single = _NEVLAS[gain.unit]
            for fid in [pair] * (gain.count // 2) + [single] * (gain.count % 2):
                self.do(m, c, seat, "convert", fid)
            return
        if (cost.unit, gain.unit) == ("pw", "c") and cost.count == gain.count > 1 \
                and self.s.pl[seat].brainstone == 3:  # Taklons: one payment, the brainstone 3
            self.do(m, c, seat, "convert", cost.count, "pw-c")
            return
        got = _SPEND.get((cost.unit, gain.unit))
        if got is None:
            self.fail(m, c, f"no free action converts {cost.unit} into {gain.unit}")
        fid, per = got
        self._exact(m, c, per)
        times = gain.count if per == 1 or cost.unit != "pw" else cost.count // per
        if cost.unit == "pw" and gain.unit == "c":
            times = cost.count
        for _ in range(times):
            self.do(m, c, seat, "convert", fid)

    def _exact(self, m, c, per: int) -> None:
        """A conversion's cost is ``per`` times its gain ("Ações Livres": 4 power for 1 QIC,
        3 for 1 ore, ...): a clause claiming another rate is refused, not rounded."""
        cost, gain = c.cost[0], c.gain[0]
        if cost.count != per * gain.count:
            self.fail(m, c, f"{cost.count}{cost.unit} do not buy {gain.count}{gain.unit}: the "
                      f"free action's rate is {per}{cost.unit} for 1{gain.unit} "
                      f"[rulebook: {CATALOG.text('gaia', 'rule.free', 'en')}]")

    def _burn(self, m, c, seat):
        for _ in range(c.count):
            self.do(m, c, seat, "burn")

    def _up(self, m, c, seat):
        self.do(m, c, seat, "step" if self.kind(seat) == "step" else "research", c.track)

    def _tech(self, m, c, seat):
        tile = self.s.tech_at.get(c.position) or self.s.adv_at.get(c.position)
        self.do(m, c, seat, "tech", tile)

    def _cover(self, m, c, seat):
        self.do(m, c, seat, "cover", self.s.tech_at[c.position])

    def _decline(self, m, c, seat):
        kind = self.kind(seat)
        if kind == "leech":
            self.do(m, c, seat, "decline")
        elif kind == "step":
            self.do(m, c, seat, "step", "none")
        elif kind in ("itars", "terrans"):
            self.do(m, c, seat, kind, "done")
        else:
            self.fail(m, c, f"nothing to decline now (decision {kind})")

    def _charge(self, m, c, seat):
        pw = [a.count for a in c.items if a.unit == "pw"]
        token_first = c.items[0].unit == "t"
        args = (pw[0] if pw else 0, "token_first") if token_first else (pw[0],)
        self.do(m, c, seat, "leech", *args)

    def _action(self, m, c, seat):
        self.do(m, c, seat, "action", c.action)

    def _fedtile(self, m, c, seat):
        self.do(m, c, seat, "rescore", c.token)

    def _special(self, m, c, seat):
        self.do(m, c, seat, "special", _SPECIAL.get(c.action, c.action))

    def _lostplanet(self, m, c, seat):
        self.do(m, c, seat, "lost", self.s.label(c.hex.hex))

    def _swappi(self, m, c, seat):
        self.do(m, c, seat, "swap", self.s.label(c.hex.hex))

    def _board_ready(self, m, c) -> None:
        """The board set-up ends with the first clause that turns no sector."""
        st = self.s
        top = st.front()
        if top is not None and top.kind == "rotate" and not isinstance(c, Rotate):
            self.do(m, "end of the board set-up", top.seat, "rotate", "done")

    def _rotate(self, m, c, seat):
        """Each sector named by its centre turns in place (option ``board_setup``), and the
        board is ready (the site takes one ``rotate`` line for the whole set-up); with
        ``rotated`` the record's map is already the one after the rotation."""
        if self.rotated:
            return
        if self.kind(seat) != "rotate":
            self.fail(m, c, "no board set-up now: sectors turn only before the factions are "
                      "chosen, by the last player, with the option advancedRules")
        for ref, steps in c.turns:
            centre = ref.hex
            sector = self.s.space.sector.get(centre) if centre is not None else None
            if sector is None or self.s.space.centres.get(sector) != centre:
                self.fail(m, c, f"no sector has its centre at {ref.text}")
            if steps:
                self.do(m, c, seat, "rotate", sector, steps)
        self.do(m, c, seat, "rotate", "done")  # one rotate line is the whole set-up (site)

    def _brainstone(self, m, c, seat):
        kind = self.kind(seat)
        dest = c.destination
        if kind == "brainstone_spend":
            self.do(m, c, seat, "brainstone", "use" if dest == "area1" else "keep")
        elif kind == "brainstone":
            arg = 4 if dest == "gaia" else dest if dest == "discard" else int(dest[-1])
            self.do(m, c, seat, "brainstone", arg)
        # otherwise our engine had only one place for it (the record restates it)

    def _pass(self, m, c, seat):
        self.do(m, c, seat, "pass")
        if c.booster:
            self.do(m, c, seat, "booster", c.booster)

    def _federation(self, m, c, seat):
        """The record names the federation's hexes: take the listed candidate with exactly
        those structures and satellites, else lay it out hex by hex (``federation custom``),
        else (Ivits) the closest candidate."""
        wanted = {h.hex for h in c.hexes}
        st = self.s
        own = set(st.pl[seat].built) | st.pl[seat].guest
        own |= {h for h, s in st.stations.items() if s == seat}
        wanted |= self._adjacent_own(wanted, set(fed_values(st, seat)))
        want_b = wanted & own
        # the listed candidate with exactly these structures, found without listing them all
        exact = federation_option(st, seat, frozenset(want_b))
        if exact is not None and exact[1] == wanted - own:
            self.do(m, c, seat, "federation", "+".join(sorted(st.label(h) for h in want_b)))
        elif custom_federation_ok(st, seat):
            picks = [st.label(h) for h in self._chain(wanted, want_b)] + ["done"]
            self._lay_out(m, c, seat, picks)
        elif st.pl[seat].faction == "ivits" and (opts := federation_options(st, seat)):
            def fit(item):  # the single federation grows
                hexes, sats = item[1]
                return (len(want_b - hexes), len(hexes - want_b), len(sats ^ (wanted - own)))

            self.do(m, c, seat, "federation", min(opts.items(), key=fit)[0])
        else:
            self.fail(m, c, _NO_FEDERATION)
        self.do(m, c, seat, "fedtoken", c.token)

    def _lay_out(self, m, c, seat: int, picks: list[str]) -> None:
        """Lay the federation out hex by hex, every pick checked. A refused pick ends the
        import (``fail``: the record cannot be replayed), so no copy is tried first: the
        half-laid state is never returned."""
        try:
            checked_apply(self.s, Action_(seat, "federation", ("custom",)))
            for pick in picks:
                self.s.apply(f"p{seat + 1} fedhex {pick}")
        except IllegalAction:
            self.fail(m, c, _NO_FEDERATION)
        self.main_done = True

    @staticmethod
    def _adjacent_own(cells: set, unfederated: set) -> set:
        """Own unfederated structures touching ``cells`` (the engine adds them)."""
        from gamekit.kit.hexgrid import neighbours

        out: set = set()
        todo = list(cells)
        while todo:
            h = todo.pop()
            for n in neighbours(h):
                if n in unfederated and n not in cells and n not in out:
                    out.add(n)
                    todo.append(n)
        return out

    @staticmethod
    def _chain(wanted: set, start_from: set) -> list:
        """The hexes in an order where each touches one before it (from a structure)."""
        from gamekit.kit.hexgrid import neighbours

        first = min(start_from) if start_from else min(wanted)
        order, seen, todo = [first], {first}, [first]
        while todo:
            h = todo.pop(0)
            for n in sorted(neighbours(h)):
                if n in wanted and n not in seen:
                    seen.add(n)
                    order.append(n)
                    todo.append(n)
        return order + sorted(wanted - seen)


#: clause type -> how it is imported (closed: a record never names a method)
_HANDLERS = {
    Bid: _Importer._bid, Faction: _Importer._faction, Build: _Importer._build,
    Booster: _Importer._booster, Income: _Importer._income, Spend: _Importer._spend,
    Burn: _Importer._burn, Up: _Importer._up, Tech: _Importer._tech, Cover: _Importer._cover,
    Decline: _Importer._decline, Charge: _Importer._charge, Action: _Importer._action,
    FedTile: _Importer._fedtile, Special: _Importer._special, LostPlanet: _Importer._lostplanet,
    SwapPI: _Importer._swappi, Rotate: _Importer._rotate, Brainstone: _Importer._brainstone,
    Pass: _Importer._pass, Federation: _Importer._federation,
}
