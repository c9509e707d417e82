"""Write a gamekit Gaia record as a boardgamers.space record (the samples' form): the ``init``
line, the engine options, the map hex by hex, the explicit ``setup`` (tiles, boosters, the
Terraforming-5 token) and one move line per player's turn, decision or reply, in the site's
notation (reference ``samples/README.md`` "Move notation grammar").

The record is replayed action by action; each action becomes the clause of the notation that
:mod:`.importer` reads back into the same action, so ``import(write(r))`` gives ``r``'s actions.
The site knows only its own readings of the rules: a record played with a rulebook reading the
notation cannot express (the player's choice of bowls, a moved gaiaformer, the clockwise turn
order, …) is refused with an error naming the option."""

from __future__ import annotations

from typing import Any

from gamekit.core import GameRecord, RecordError

from .build import taklons_pi
from .components import PLANETS
from .federation import fed_values
from .geometry import qxr
from .importer import SITE_READINGS, _Importer
from .setup import ADV_POS, BASIC_POS
from .state import GaiaState

__all__ = ["write_record", "ExportError"]

_CONVERT = {"4pw-q": "4pw for 1q", "3pw-o": "3pw for 1o", "4pw-k": "4pw for 1k",
            "1pw-c": "1pw for 1c", "q-o": "1q for 1o", "k-c": "1k for 1c", "o-c": "1o for 1c",
            "o-t": "1o for 1t", "4c-q": "4c for 1q", "3c-o": "3c for 1o", "4c-k": "4c for 1k",
            "gf-q": "1gf for 1q", "t3-k": "t-a3 for 1k", "4pw-oc": "4pw for 1o,1c",
            "2pw-2c": "2pw for 2c", "6pw-2o": "6pw for 2o"}
_TERRANS = {"4tg-q": "4tg for 1q", "3tg-o": "3tg for 1o", "4tg-k": "4tg for 1k",
            "1tg-c": "1tg for 1c"}
_SPECIAL = {"tech9": "4pw", "advtech11": "3o", "advtech13": "3k", "advtech3": "q,5c",
            "booster4": "step", "booster5": "range+3"}
#: follow-up decisions, written in the line of the clause that asked them
_SUB = {"mine", "tech", "cover", "step", "fedpick", "fedtoken", "rescore", "lost", "station",
        "downlab", "swap", "recall", "tokens", "brainstone", "brainstone_spend", "booster"}
#: decisions whose clauses share a line: a turn (main and free actions), income, Gaia phase
_GROUP = {"turn": "turn", "after": "turn", "income_order": "income", "itars": "gaia",
          "terrans": "gaia"}

class ExportError(RecordError):
    """A gamekit record the site's notation cannot express (names the option or the move)."""


def write_record(record: GameRecord) -> dict[str, Any]:
    """The boardgamers.space record of a gamekit Gaia record (JSON-able, like the samples)."""
    if record.game != "gaia":
        raise ExportError(f"only Gaia Project records are written in this notation, not "
                          f"{record.game!r}")
    for key, site in SITE_READINGS.items():
        if record.options.get(key) != site:
            raise ExportError(f"option {key}={record.options.get(key)!r}: the site plays only "
                              f"{site!r}; this game cannot be written in its notation")
    state = GaiaState.new(record.players, record.seed, **record.options)
    setup, hexes = _setup(state), _hexes(state)  # before any tile is taken
    w = _Writer(state)
    for n, move in enumerate(record.moves, 1):
        if move.startswith("chance "):
            continue  # a set-up draw: the seeded state above made it again
        try:
            w.action(move)
        except (KeyError, ValueError, IndexError) as exc:
            raise ExportError(f"move {n} {move!r} has no form in the notation ({exc})") from None
    w.close()
    return {"moves": [f"init {record.players} {record.seed}", *w.lines],
            "engine_options": _engine_options(record.options),
            "map": {"hexes_at_init": hexes}, "setup": setup}


def _engine_options(o: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"layout": "standard"}
    if o.get("auction"):
        out["auction"] = o["auction"]
    if o.get("board_setup"):
        out["advancedRules"] = True
    if o.get("faction_variant", "standard") != "standard":
        out["factionVariant"] = o["faction_variant"]
        out["factionVariantVersion"] = o.get("faction_variant_version", 0)
    out.update(o.get("site_options") or {})  # rule-free options of an imported record
    return out


def _hexes(state: GaiaState) -> list[dict[str, Any]]:
    sp = state.space
    return [{"q": h[0], "r": h[1], "sector": sp.sector[h], "label": state.label(h),
             "planet": PLANETS[t].letter} for h, t in sorted(sp.planets.items())]


def _setup(state: GaiaState) -> dict[str, Any]:
    tech = dict(zip(BASIC_POS, [state.tech_at[p] for p in BASIC_POS], strict=True))
    tech.update({p: state.adv_at[p] for p in ADV_POS})
    return {"tech_tiles": tech, "round_scoring": list(state.round_tiles),
            "final_scoring": list(state.final_tiles), "boosters": list(state.boosters),
            "terraforming_track_federation": state.terra_fed}


class _Writer:
    """Turns the actions into lines: a line is one player's run of clauses; it ends with
    ``.`` when the player ends the turn."""

    def __init__(self, state: GaiaState) -> None:
        self.s = state
        self.lines: list[str] = []
        self.seat: int | None = None
        self.who = ""
        self.clauses: list[str] = []
        self.open = False  # the line may take the same player's follow-ups
        self.group = ""  # what started the line (a turn, income, the Gaia phase, ...)
        self.main = False  # the line holds its turn's main action
        self.fed: list[str] | None = None  # a federation waiting for its token
        self.turns: list[str] = []  # sectors turned in the board set-up: "CENTRE STEPS"

    def close(self, dot: bool = False) -> None:
        if self.clauses:
            self.lines.append(f"{self.who} {'. '.join(self.clauses)}" + ("." if dot else ""))
        self.clauses, self.seat, self.open, self.main = [], None, False, False

    def start(self, seat: int, kind: str) -> None:
        group = _GROUP.get(kind, kind)
        if self.seat == seat and self.open and (kind in _SUB or (group == self.group
                                                                 and kind != "leech")):
            return
        self.close()
        p = self.s.pl[seat]
        self.seat, self.who, self.open, self.group = seat, p.faction or f"p{seat + 1}", True, group

    def action(self, move: str) -> None:
        st = self.s
        top = st.stack[-1]
        seat, kind, data = top.seat, top.kind, st.data_of(top)
        words = move.split()
        verb, args = words[1], words[2:]
        if int(words[0][1:]) - 1 != seat:
            raise ValueError(f"seat {words[0]} does not decide now")
        before = {h for f in st.pl[seat].feds for h in f}
        self.start(seat, kind)
        clause = self.clause(seat, kind, data, verb, args)
        self.main = self.main or kind == "turn" and verb not in ("convert", "burn")
        if move.endswith("fedhex cancel"):
            self.main = False  # the federation laid out by hand was given up: no main action
        st.apply(move)
        if verb == "federation" and args[0] != "custom" or (verb == "fedhex"
                                                             and args[0] == "done"):
            new = {h for f in st.pl[seat].feds for h in f} - before
            self.fed = sorted(st.label(h) for h in new)
            left = _Importer._adjacent_own(new, set(fed_values(st, seat)))
            if left and st.pl[seat].faction != "ivits":
                raise ValueError("the federation leaves out the adjacent structure(s) "
                                 f"{', '.join(sorted(st.label(h) for h in left))}; the site "
                                 "always adds them")
        if clause:
            self.clauses.append(clause)
        if verb == "end" or (verb in ("itars", "terrans") and args[0] == "done"):
            self.close(dot=verb == "end")
        elif self.group == "turn" and self.clauses and self.main and (
                not st.stack or st.stack[-1].seat != seat or st.stack[-1].kind == "turn"):
            # the turn ended by itself (no free action left): a pass line has no dot
            self.close(dot=not self.clauses[-1].startswith("pass"))
        elif verb in ("faction", "name", "bid", "place", "booster") or move.endswith("rotate done"):
            self.close()

    def _after_pass(self) -> bool:
        return bool(self.clauses) and self.clauses[-1] == "pass"

    def clause(self, seat: int, kind: str, data: dict, verb: str, args: list[str]) -> str:
        """The clause of one action ('' when it only finishes an earlier clause): the verb's
        writer in ``_CLAUSES`` (a closed table; an unknown verb is a ``KeyError``)."""
        return _CLAUSES[verb](self, seat, kind, data, args)

    def _rotate(self, args: list[str]) -> str:
        """One line for the whole board set-up, as the site writes it."""
        if args[0] != "done":
            self.turns.append(f"{qxr(self.s.space.centres[args[0]])} {args[1]}")
            return ""
        turns, self.turns = self.turns, []
        return f"rotate {' '.join(turns)}" if turns else ""

    def _booster(self, args: list[str]) -> str:
        if self._after_pass():
            self.clauses[-1] = f"pass {args[0]}"
            return ""
        return f"booster {args[0]}"

    def _bonus(self, args: list[str]) -> str:
        """The Itars' and Terrans' Gaia-phase spending."""
        if args[0] == "done":
            return "" if self.clauses else "decline"
        return "spend 4tg for tech" if args[0] == "tech" else f"spend {_TERRANS[args[0]]}"

    def _tech(self, verb: str, args: list[str]) -> str:
        where = {t: pos for pos, t in {**self.s.tech_at, **self.s.adv_at}.items()}
        return f"{verb} {where[args[0]]}"

    def _special(self, seat: int, args: list[str]) -> str:
        if args[0] == "ac2":
            return "special 4c" if self.s.pl[seat].faction == "baltaks" else "special q"
        return f"special {_SPECIAL.get(args[0], args[0])}"

    def _fedtoken(self, args: list[str]) -> str:
        hexes, self.fed = self.fed or [], None
        return f"federation {','.join(hexes)} {args[0]}"

    def _charge(self, seat: int, args: list[str]) -> str:
        if len(args) > 1:
            return f"charge 1t,{args[0]}pw"
        return f"charge {args[0]}pw,1t" if taklons_pi(self.s, seat) else f"charge {args[0]}pw"

    @staticmethod
    def _brainstone(kind: str, arg: str) -> str:
        if kind == "brainstone_spend":
            return "brainstone area1" if arg == "use" else "brainstone area3"
        return {"4": "brainstone gaia", "discard": "brainstone discard"}.get(
            arg, f"brainstone area{arg}")


def _convert(args: list[str]) -> str:
    if args[-1] == "pw-c":  # the Taklons' bundle
        return f"spend {args[0]}pw for {args[0]}c"
    return f"spend {_CONVERT[args[0]]}"


def _fixed(text: str) -> Any:
    return lambda w, seat, kind, data, args: text


#: verb -> the writer of its clause ``(writer, seat, kind, data, args) -> str``
_CLAUSES: dict[str, Any] = {
    "rotate": lambda w, seat, kind, data, args: w._rotate(args),
    "faction": lambda w, seat, kind, data, args: f"faction {args[0]}",
    "name": lambda w, seat, kind, data, args: f"faction {args[0]}",
    "bid": lambda w, seat, kind, data, args: f"bid {args[0]} {args[1]}",
    "place": lambda w, seat, kind, data, args: f"build {data['code']} {args[0]}",
    "booster": lambda w, seat, kind, data, args: w._booster(args),
    "income": lambda w, seat, kind, data, args:
        f"income {args[1]}{'pw' if args[0] == 'charge' else 't'}",
    "itars": lambda w, seat, kind, data, args: w._bonus(args),
    "terrans": lambda w, seat, kind, data, args: w._bonus(args),
    "build": lambda w, seat, kind, data, args: f"build m {args[0]}",
    "gaia": lambda w, seat, kind, data, args: f"build gf {args[0]}",
    "upgrade": lambda w, seat, kind, data, args: f"build {args[1]} {args[0]}",
    "station": lambda w, seat, kind, data, args: f"build sp {args[0]}",
    "downlab": lambda w, seat, kind, data, args: f"build ts {args[0]}",
    "research": lambda w, seat, kind, data, args:
        "decline" if args[0] == "none" else f"up {args[0]}",
    "tech": lambda w, seat, kind, data, args: w._tech("tech", args),
    "cover": lambda w, seat, kind, data, args: w._tech("cover", args),
    "action": lambda w, seat, kind, data, args: f"action {args[0]}",
    "special": lambda w, seat, kind, data, args: w._special(seat, args),
    "convert": lambda w, seat, kind, data, args: _convert(args),
    "burn": _fixed("burn 1"),
    "pass": _fixed("pass"),
    "federation": _fixed(""),  # written with its token
    "fedhex": _fixed(""),
    "fedtoken": lambda w, seat, kind, data, args: w._fedtoken(args),
    "rescore": lambda w, seat, kind, data, args: f"fedtile {args[0]}",
    "lost": lambda w, seat, kind, data, args: f"lostPlanet {args[0]}",
    "swap": lambda w, seat, kind, data, args: f"swap-PI {args[0]}",
    "leech": lambda w, seat, kind, data, args: w._charge(seat, args),
    "decline": _fixed("decline"),
    "brainstone": lambda w, seat, kind, data, args: w._brainstone(kind, args[0]),
    "end": _fixed(""),
}
_CLAUSES["step"] = _CLAUSES["research"]


def export_bytes(data: bytes, source: str = "record") -> bytes:
    """A gamekit record (JSON bytes) as a boardgamers.space record (JSON bytes)."""
    import json

    record = GameRecord.from_dict(json.loads(data), source)
    return json.dumps(write_record(record), indent=1).encode("utf-8")
