"""The rules of It's a Wonderful World as a ``GameState`` (see the package docstring for readings).

Per seat the state keeps plain lists (cheap to clone): the draft hand, the secret pick, the
drafted (selection) area, the construction area, built cards, cubes on the Empire card, the
Krystallium stock, character tokens and the cubes waiting to be placed. A card under
construction is a tuple ``(card_id, fills)`` where ``fills`` has one entry per cost space
(``""`` for empty, else the kind placed on it: the resource, ``krystallium`` or a character).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import compress
from typing import Any

from gamekit.core import Action, Decision, GameState, Option, OptionError

from . import position
from .data import (
    CARDS,
    CHARACTERS,
    DECK,
    EMPIRES,
    RES,
    RIDX,
    SCENARIOS,
    SOLO,
    SUPREMACY,
    TYPES,
)
from .scoring import breakdown, rating, scenario_outcome

__all__ = ["WonderfulState"]

_KRYST_OK = frozenset(RES) | {"krystallium"}
_LEFT_ROUNDS = (1, 3)


def _check_empires(value: list, players: int) -> str | None:
    if len(value) != players:
        return f"give one empire per seat ({players}), got {len(value)}"
    bad = [e for e in value if e not in EMPIRES]
    if bad:
        return f"unknown empire(s) {bad}; choose from {sorted(EMPIRES)}"
    if len(set(value)) != len(value):
        return "each seat needs a different empire"
    return None


def _check_deck(value: list, players: int) -> str | None:
    bad = [c for c in value if c not in CARDS]
    if bad:
        return f"unknown card id(s) {sorted(set(bad))[:5]}"
    counts = Counter(value)
    over = [c for c, n in counts.items() if n > CARDS[c].copies]
    if over:
        return ", ".join(f"{c} has {CARDS[c].copies} copies, listed {counts[c]} times" for c in over)
    return None


def _check_scenario(value: str, players: int) -> str | None:
    if value not in SCENARIOS:
        return f"unknown scenario {value!r}; choose from {sorted(SCENARIOS)}"
    if players != 1:
        return f"solo scenarios are played by 1 player, not {players}"
    return None


def _labels(entries: list) -> list[str]:
    """Action labels of construction entries: the card id, ``id.2`` for a second copy, ..."""
    seen: dict[str, int] = {}
    out = []
    for cid, _ in entries:
        k = seen.get(cid, 0) + 1
        seen[cid] = k
        out.append(cid if k == 1 else f"{cid}.{k}")
    return out


def _unique(cards: list) -> list:
    return list(dict.fromkeys(cards))


#: the actions naming one card, built once: ``_CARD_ACTS[verb][seat][card_id]``
_CARD_ACTS = {
    verb: [{cid: Action(seat, verb, (cid,)) for cid in CARDS} for seat in range(5)]
    for verb in ("draft", "keep", "recycle", "exchange", "take")
}
_OTHER_ACTS: dict = {}
_DISCARD: list[dict] = [{} for _ in range(5)]
_SEATS = [tuple(range(n)) for n in range(6)]


def _act(seat: int, verb: str, args: tuple) -> Action:
    """A shared (immutable) action value: legal lists are rebuilt often."""
    key = (seat, verb, args)
    a = _OTHER_ACTS.get(key)
    if a is None:
        a = _OTHER_ACTS[key] = Action(seat, verb, args)
    return a


class WonderfulState(GameState):
    game = "wonderful"
    title = {"en": "It's a Wonderful World", "pt": "É um Maravilhoso Mundo"}
    min_players = 1
    max_players = 5
    options_spec = {
        "empire_side": Option(
            "empire_side", str, None, ("A", "B"),
            "side of the Empire cards for all players (default A; B in solo scenarios)",
        ),
        "empires": Option(
            "empires", list, None, None, "empire id per seat (default: dealt at random)",
            _check_empires,
        ),
        "deck": Option(
            "deck", list, None, None,
            "card ids on top of the deck in this order (the rest of the 150 cards is shuffled "
            "below; all 150 fixes the whole order)", _check_deck,
        ),
        "scenario": Option(
            "scenario", str, None, None, "solo scenario CO1-CO6 (1 player)", _check_scenario,
        ),
        "solo_exchange": Option(
            "solo_exchange", bool, True, None,
            "solo: allow discarding 2 cards to look at 5 from the deck and keep 1",
        ),
    }
    ledger_places = ("hand", "drafted", "construction", "built", "empire", "pending")
    #: safety limit (core ``max_decisions``): the game has 4 rounds of bounded draft, planning
    #: and production steps; the longest of 1,500 random games took 456 decisions (5 players),
    #: of 30 heuristic 5-player games 563. 5,000 is ~9 times that: only a bug reaches it.
    max_decisions = 5_000

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        n = self.players
        opts = self.options
        scenario = opts["scenario"]
        side = opts["empire_side"]
        if scenario is not None:
            want = SCENARIOS[scenario]["side"]
            if side is not None and side != want:
                raise OptionError(
                    f"option 'empire_side' of wonderful: scenario {scenario} is played with "
                    f"side {want}, not {side}"
                )
            side = want
        self.side = side or "A"
        self.scenario = scenario
        if opts["empires"] is not None:
            self.empires = list(opts["empires"])
        else:
            self.empires = self.chance.sample("empires", sorted(EMPIRES), n)
        # the deck: scenario cards come out first, then the explicit top, then the rest shuffled
        rest = Counter(DECK)
        setup_cards = list(SCENARIOS[scenario]["cards"]) if scenario else []
        rest.subtract(setup_cards)
        top = list(opts["deck"] or [])
        rest.subtract(top)
        short = sorted(c for c, k in rest.items() if k < 0)
        if short:
            raise OptionError(
                f"option 'deck' of wonderful: too many copies of {short} once the scenario "
                f"cards are set aside"
            )
        below = []
        for c in DECK:
            if rest[c] > 0:
                rest[c] -= 1
                below.append(c)
        if below:
            self.chance.shuffle("deck", below)
        self.deck = top + below
        self.discard: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.picks: list[str | None] = [None] * n
        self.drafted: list[list[str]] = [[] for _ in range(n)]
        self.constr: list[list[tuple]] = [[] for _ in range(n)]
        self.built: list[list[str]] = [[] for _ in range(n)]
        self.cubes: list[list[int]] = [[0] * 5 for _ in range(n)]
        self.kryst = [0] * n
        self.fin = [0] * n
        self.gen = [0] * n
        self.pend_res = [-1] * n
        self.pend_n = [0] * n
        self.pend_src: list[str] = [""] * n
        self.choosing = [False] * n
        self.ready = [False] * n
        self.need = [False] * n
        self.step = -1
        self.produced: list[list[int]] = [[0] * 5 for _ in range(n)]
        self.supremacy: list[list] = []
        self.projects: list[list[str]] = []
        self.sequence = 0
        self.looking: list[str] = []
        self.exch_first: str | None = None
        self.packets: list[int] = [0] * n
        self.seen: list[int] = [0] * n
        self._tm: tuple[int, ...] = ()
        self.emit(
            "setup", rule="preparacao", side=self.side, empires=list(self.empires),
            players=n,
        )
        for cid in setup_cards:
            self.constr[0].append((cid, ("",) * len(CARDS[cid].spaces)))
            self.flow(0, "card", 1, "deck", "construction")
        if setup_cards:
            self.emit(
                "scenario_setup", 0, rule="cenarios_a_solo", scenario=scenario,
                cards=setup_cards,
            )
        if n == 1:
            piles, size = SOLO["projects"]["piles"], SOLO["projects"]["cards_per_pile"]
            self.projects = [self.deck[i * size:(i + 1) * size] for i in range(piles)]
            del self.deck[: piles * size]
            self.emit("projects_formed", rule="modo_a_solo", piles=piles, size=size)
        self._start_round()

    # ------------------------------------------------------------------ flow of play
    def _start_round(self) -> None:
        self.round += 1
        self.step = -1
        self.produced = [[0] * 5 for _ in range(self.players)]
        self.emit("round_start", rule="como_jogar", n=self.round)
        n = self.players
        if n == 1:
            self.phase = "planning"
            self.sequence = 0
            self.ready = [False]
            self._solo_take_pile()
            self._refresh_all()
            return
        self.phase = "draft"
        size = 10 if n == 2 else 7
        deck = self.deck
        for s in range(n):
            self.hands[s] = deck[:size]
            del deck[:size]
            self.flow(s, "card", size, "deck", "hand")
        # which dealt hand ("packet") each seat holds, and the packets each seat has held
        self.packets = list(range(n))
        self.seen = [1 << s for s in range(n)]
        self.emit(
            "deal", rule="modo_2_jogadores" if n == 2 else "fase_de_seleccao", size=size,
            direction="left" if self.round in _LEFT_ROUNDS else "right",
        )
        self._refresh_all()

    def _solo_take_pile(self) -> None:
        pile = self.projects.pop(0)
        self.drafted[0] = list(pile)
        self.flow(0, "card", len(pile), "projects", "drafted")
        self.emit(
            "project_taken", 0, rule="modo_a_solo", cards=list(pile),
            sequence=self.sequence + 1,
        )

    def _reveal(self) -> None:
        n = self.players
        picks = self.picks
        for s in range(n):
            self.drafted[s].append(picks[s])
            self.flow(s, "card", 1, "hand", "drafted")
        self.emit("reveal", rule="fase_de_seleccao", picks=list(picks))
        self.picks = [None] * n
        hands = self.hands
        if n == 2 and len(hands[0]) == 3:
            for s in range(n):
                self.discard.extend(hands[s])
                self.flow(s, "card", 3, "hand", "discard")
            self.emit("leftover_discarded", rule="modo_2_jogadores", size=3)
            self.hands = [[] for _ in range(n)]
            self._start_planning()
            return
        d = 1 if self.round in _LEFT_ROUNDS else -1
        new = [None] * n
        packets = [0] * n
        for s in range(n):
            t = (s + d) % n
            new[t] = hands[s]
            packets[t] = self.packets[s]
            k = len(hands[s])
            self.flow(s, "card", k, "hand", f"pass:p{t + 1}")
            self.flow(t, "card", k, f"pass:p{s + 1}", "hand")
        self.hands = new
        self.packets = packets
        for t in range(n):
            self.seen[t] |= 1 << packets[t]
        self.emit("passed", rule="fase_de_seleccao", direction="left" if d == 1 else "right",
                  size=len(new[0]))
        if n > 2 and len(new[0]) == 1:
            last = [h[0] for h in new]
            for s in range(n):
                self.drafted[s].append(last[s])
                self.flow(s, "card", 1, "hand", "drafted")
            self.hands = [[] for _ in range(n)]
            self.emit("last_card", rule="fase_de_seleccao", picks=last)
            self._start_planning()
        else:
            self._refresh_all()

    def _start_planning(self) -> None:
        self.phase = "planning"
        self.ready = [False] * self.players
        self.emit("phase_planning", rule="fase_de_planeamento")
        self._refresh_all()

    def _start_step(self, r: int) -> None:
        """Production step of resource ``r``: produce, supremacy, then placement decisions."""
        self.phase = "production"
        self.step = r
        n = self.players
        res = RES[r]
        totals = []
        for s in range(n):
            total, sources = self._production(s, r)
            totals.append(total)
            self.produced[s][r] = total
            for src, k in sources:
                self.flow(s, res, k, "income:" + src, "pending")
            self.pend_res[s] = r
            self.pend_n[s] = total
            self.pend_src[s] = "production"
        self.emit("produce", rule="fase_de_producao", resource=res, amounts=totals)
        # supremacy bonus
        winner = None
        if n == 1:
            if totals[0] >= SOLO["supremacy_min"]:
                winner = 0
        else:
            best = max(totals)
            if totals.count(best) == 1:
                winner = totals.index(best)
        token = SUPREMACY[r]
        self.supremacy.append(
            {"round": self.round, "step": res, "seat": winner,
             "token": None if winner is None else token, "production": totals}
        )
        if winner is None:
            self.emit("supremacy_none", rule="bonus_supremacia", resource=res)
        elif token == "choice":
            self.choosing[winner] = True
            self.emit("supremacy_won", winner, rule="bonus_supremacia", resource=res,
                      token="choice")
        else:
            self._gain_token(winner, token, "supremacy:" + res)
            self.emit("supremacy_won", winner, rule="bonus_supremacia", resource=res,
                      token=token)
        self.ready = [False] * n
        for s in range(n):
            self._autoplace(s)
        self._refresh_all()

    def _end_round(self) -> None:
        self.step = -1
        self.emit("round_end", rule="como_jogar", n=self.round)
        if self.round >= 4:
            self.phase = "end"
            self._tm = ()
            self.need = [False] * self.players
            scores = [self.score(s) for s in range(self.players)]
            self.emit("game_end", rule="final_do_jogo", scores=scores)
            if self.players == 1:
                rate = rating(self)
                self.emit("solo_rating", 0, rule="modo_a_solo", vp=rate["vp"],
                          band=rate["band"])
                if self.scenario:
                    out = scenario_outcome(self)
                    self.emit(
                        "scenario_result", 0, rule="cenarios_a_solo", scenario=self.scenario,
                        medal=out["medal"] or "none", built="yes" if out["built_all"] else "no",
                    )
            return
        self._start_round()

    def _progress(self) -> None:
        """Move the game on while nobody has anything to decide."""
        while True not in self.need and self.phase != "end":
            if self.phase == "planning":
                self._start_step(0)
            elif self.phase == "production":
                if self.step < 4:
                    self._start_step(self.step + 1)
                else:
                    self._end_round()
            else:  # pragma: no cover - the draft always waits for picks
                raise AssertionError(f"stuck in phase {self.phase}")
        self._tm = tuple(compress(_SEATS[self.players], self.need))

    # ------------------------------------------------------------------ who decides
    def _needs(self, s: int) -> bool:
        phase = self.phase
        if phase == "draft":
            return self.picks[s] is None
        if phase == "end":
            return False
        if self.pend_n[s] or self.choosing[s]:
            return True
        if phase == "planning" and (self.drafted[s] or self.looking or self.exch_first):
            return True
        return not self.ready[s] and (self._usable(s) or self._discard_completes(s))

    def _discard_completes(self, s: int) -> bool:
        """Whether discarding other cards under construction could make enough Krystallium
        (with the tokens held) to complete a card: then the moment matters, since a card built
        now produces in the next step (or scores, after the last one)."""
        entries = self.constr[s]
        m = len(entries)
        if m < 2:
            return False
        kryst = self.kryst[s] + (sum(self.cubes[s]) + m - 1) // 5
        if kryst == self.kryst[s]:
            return False
        f, g = self.fin[s], self.gen[s]
        for cid, fills in entries:
            need_k = need_f = need_g = 0
            for kind, x in zip(CARDS[cid].spaces, fills):
                if not x:
                    if kind == "financier":
                        need_f += 1
                    elif kind == "general":
                        need_g += 1
                    else:
                        need_k += 1
            if need_k <= kryst and need_f <= f and need_g <= g:
                return True
        return False

    def _refresh_all(self) -> None:
        self.need = [self._needs(s) for s in range(self.players)]
        self._progress()

    def _usable(self, s: int) -> bool:
        """Whether seat ``s`` holds a token (Krystallium, character) it could place now."""
        k, f, g = self.kryst[s], self.fin[s], self.gen[s]
        if not (k or f or g):
            return False
        for cid, fills in self.constr[s]:
            spaces = CARDS[cid].spaces
            for i, x in enumerate(fills):
                if not x:
                    kind = spaces[i]
                    if kind == "financier":
                        if f:
                            return True
                    elif kind == "general":
                        if g:
                            return True
                    elif k:
                        return True
        return False

    def to_move(self) -> tuple[int, ...]:
        return self._tm

    def is_over(self) -> bool:
        return self.phase == "end"

    # ------------------------------------------------------------------ production helpers
    def _production(self, s: int, r: int) -> tuple[int, list]:
        emp = EMPIRES[self.empires[s]].sides[self.side].prod[r]
        sources: dict[str, int] = {}
        if emp:
            sources[self.empires[s]] = emp
        built = self.built[s]
        counts = None
        for cid in built:
            c = CARDS[cid]
            k = c.prod_fixed[r]
            if c.prod_per:
                if counts is None:
                    counts = self._type_counts(s)
                for rr, t, a in c.prod_per:
                    if rr == r:
                        k += a * counts[t]
            if k:
                sources[cid] = sources.get(cid, 0) + k
        return sum(sources.values()), list(sources.items())

    def _type_counts(self, s: int) -> list[int]:
        counts = [0] * 5
        for cid in self.built[s]:
            counts[CARDS[cid].tidx] += 1
        return counts

    def production_of(self, s: int) -> dict[str, int]:
        """What seat ``s`` would produce of each resource now (built cards and Empire)."""
        return {RES[r]: self._production(s, r)[0] for r in range(5)}

    def _gain_token(self, s: int, token: str, source: str, n: int = 1) -> None:
        if token == "financier":
            self.fin[s] += n
        elif token == "general":
            self.gen[s] += n
        else:
            self.kryst[s] += n
        self.flow(s, token, n, source, "empire")

    def _to_empire(self, s: int, r: int, m: int, source: str) -> None:
        """Put ``m`` cubes of resource ``r`` on the Empire card; every 5 make a Krystallium."""
        self.flow(s, RES[r], m, source, "empire")
        c = self.cubes[s]
        tot = sum(c)
        while m > 0:
            take = min(m, 5 - tot)
            c[r] += take
            m -= take
            tot += take
            if tot == 5:
                for i in range(5):
                    if c[i]:
                        self.flow(s, RES[i], c[i], "empire", "krystallium")
                self.flow(s, "krystallium", 1, "conversion", "empire")
                self.emit("krystallium_made", s, rule="transformar_krystallium",
                          cubes={RES[i]: c[i] for i in range(5) if c[i]})
                c[:] = [0, 0, 0, 0, 0]
                tot = 0
                self.kryst[s] += 1

    def _has_space(self, s: int, kind: str) -> bool:
        for cid, fills in self.constr[s]:
            spaces = CARDS[cid].spaces
            for i, x in enumerate(fills):
                if not x and spaces[i] == kind:
                    return True
        return False

    def _autoplace(self, s: int) -> None:
        """Pending cubes with nowhere to go but the Empire card are placed there at once."""
        m = self.pend_n[s]
        if m and not self._has_space(s, RES[self.pend_res[s]]):
            r = self.pend_res[s]
            self.pend_n[s] = 0
            self.emit("placed_empire", s, rule="construcao", resource=RES[r], n=m)
            self._to_empire(s, r, m, "pending")

    def _fill(self, s: int, idx: int, space: str, what: str, source: str) -> None:
        """Put ``what`` on the first empty ``space`` of construction entry ``idx``."""
        cid, fills = self.constr[s][idx]
        spaces = CARDS[cid].spaces
        for i, x in enumerate(fills):
            if not x and spaces[i] == space:
                break
        else:  # pragma: no cover - legality guarantees a space
            raise AssertionError(f"no empty {space} space on {cid}")
        fills = fills[:i] + (what,) + fills[i + 1:]
        self.flow(s, what, 1, source, "construction")
        if "" in fills:
            self.constr[s][idx] = (cid, fills)
        else:
            self._complete(s, idx, fills)

    def _complete(self, s: int, idx: int, fills: tuple) -> None:
        cid = self.constr[s].pop(idx)[0]
        for kind, k in Counter(fills).items():
            self.flow(s, kind, k, "construction", "supply")
        self.flow(s, "card", 1, "construction", "built")
        self.built[s].append(cid)
        c = CARDS[cid]
        for token, k in c.bonus.items():
            self._gain_token(s, token, "bonus:" + cid, k)
        self.emit("built", s, rule="construcao", card=cid, bonus=dict(c.bonus))

    def _index(self, s: int, label: str) -> int:
        cid, _, k = label.partition(".")
        want = int(k) if k else 1
        seen = 0
        for i, (c, _) in enumerate(self.constr[s]):
            if c == cid:
                seen += 1
                if seen == want:
                    return i
        raise KeyError(label)

    # ------------------------------------------------------------------ legal actions
    def _legal(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == "draft":
            tbl = _CARD_ACTS["draft"][seat]
            return [tbl[c] for c in _unique(self.hands[seat])]
        if self.choosing[seat]:
            return [_act(seat, "supremacy", (t,)) for t in CHARACTERS]
        if self.pend_n[seat]:
            res = RES[self.pend_res[seat]]
            out = []
            seen: dict[str, int] = {}
            for cid, fills in self.constr[seat]:
                k = seen.get(cid, 0) + 1
                seen[cid] = k
                spaces = CARDS[cid].spaces
                for i, x in enumerate(fills):
                    if not x and spaces[i] == res:
                        out.append(_act(seat, "place", (res, cid if k == 1 else f"{cid}.{k}")))
                        break
            out.append(_act(seat, "place", (res, "empire")))
            return out
        if phase == "planning":
            if self.looking:
                tbl = _CARD_ACTS["take"][seat]
                return [tbl[c] for c in _unique(self.looking)]
            drafted = _unique(self.drafted[seat])
            if self.exch_first:
                tbl = _CARD_ACTS["exchange"][seat]
                return [tbl[c] for c in drafted]
            if drafted:
                out = []
                keep, recycle = _CARD_ACTS["keep"][seat], _CARD_ACTS["recycle"][seat]
                for c in drafted:
                    out.append(keep[c])
                    out.append(recycle[c])
                if (self.players == 1 and self.options["solo_exchange"]
                        and len(self.drafted[seat]) >= 2 and len(self.deck) >= 5):
                    tbl = _CARD_ACTS["exchange"][seat]
                    out.extend(tbl[c] for c in drafted)
                self._any_time(seat, out)
                return out
        out = [_act(seat, "done", ())]
        self._any_time(seat, out)
        return out

    def _any_time(self, seat: int, out: list) -> None:
        """Actions allowed at any time: place a token, discard a card under construction."""
        k, f, g = self.kryst[seat], self.fin[seat], self.gen[seat]
        entries = self.constr[seat]
        if not entries:
            return
        labels = _labels(entries)
        if k or f or g:
            for (cid, fills), lab in zip(entries, labels):
                spaces = CARDS[cid].spaces
                done: set = set()
                for i, x in enumerate(fills):
                    if x:
                        continue
                    kind = spaces[i]
                    if kind in done:
                        continue
                    done.add(kind)
                    if kind == "financier":
                        if f:
                            out.append(_act(seat, "use", ("financier", lab)))
                    elif kind == "general":
                        if g:
                            out.append(_act(seat, "use", ("general", lab)))
                    elif k:
                        out.append(_act(seat, "use", ("krystallium", lab, kind)))
        table = _DISCARD[seat]
        for lab in labels:
            a = table.get(lab)
            if a is None:
                a = table[lab] = Action(seat, "discard", (lab,))
            out.append(a)

    def _decide(self, seat: int, legal: list[Action]) -> Decision:
        phase = self.phase
        if phase == "draft":
            return Decision(
                self.game, seat, "draft", tuple(legal),
                {"n": len(self.drafted[seat]) + 1,
                 "direction": "left" if self.round in _LEFT_ROUNDS else "right"},
                ("draft",), secret=True,
            )
        step = RES[self.step] if phase == "production" and self.step >= 0 else None
        outer = ("planning",) if phase == "planning" else ("production", step)
        if self.choosing[seat]:
            return Decision(self.game, seat, "supremacy", tuple(legal), {"resource": step},
                            outer + ("supremacy",))
        if self.pend_n[seat]:
            res = RES[self.pend_res[seat]]
            src = self.pend_src[seat]
            return Decision(
                self.game, seat, "place", tuple(legal), {"resource": res, "n": self.pend_n[seat]},
                outer + ((src,) if src != "production" else ()) + ("place",),
            )
        if phase == "planning":
            if self.looking:
                return Decision(self.game, seat, "exchange_take", tuple(legal), {},
                                outer + ("exchange", "take"))
            if self.exch_first:
                return Decision(self.game, seat, "exchange_second", tuple(legal),
                                {"card": self.exch_first}, outer + ("exchange", "discard"))
            if self.drafted[seat]:
                return Decision(self.game, seat, "plan", tuple(legal),
                                {"n": len(self.drafted[seat])}, outer + ("card",))
        return Decision(self.game, seat, "tokens", tuple(legal), {"phase": phase, "step": step},
                        outer + ("tokens",))

    # ------------------------------------------------------------------ apply
    def _apply(self, action: Action) -> None:
        s = action.seat
        getattr(self, "_do_" + action.verb)(s, *action.args)
        if self.phase == "draft":
            if all(p is not None for p in self.picks):
                self._reveal()
            else:
                self.need[s] = False
                self._tm = tuple(x for x in self._tm if x != s)
            return
        if self.players == 1 and self.phase == "planning" and self.sequence == 0:
            if not (self.drafted[0] or self.pend_n[0] or self.looking or self.exch_first):
                self.sequence = 1
                self._solo_take_pile()
        self.need[s] = self._needs(s)
        self._progress()

    def _do_draft(self, s: int, cid: str) -> None:
        self.hands[s].remove(cid)
        self.picks[s] = cid
        self.emit("picked", s, rule="fase_de_seleccao", visible=[s], card=cid)
        self.emit("picked_face_down", s, rule="fase_de_seleccao")

    def _do_keep(self, s: int, cid: str) -> None:
        self.drafted[s].remove(cid)
        self.constr[s].append((cid, ("",) * len(CARDS[cid].spaces)))
        self.flow(s, "card", 1, "drafted", "construction")
        self.emit("kept", s, rule="fase_de_planeamento", card=cid)

    def _do_recycle(self, s: int, cid: str) -> None:
        self.drafted[s].remove(cid)
        self.discard.append(cid)
        self.flow(s, "card", 1, "drafted", "discard")
        r = CARDS[cid].recycle_idx
        self.flow(s, RES[r], 1, "recycle:" + cid, "pending")
        self.pend_res[s] = r
        self.pend_n[s] = 1
        self.pend_src[s] = "recycle:" + cid
        self.emit("recycled", s, rule="fase_de_planeamento", card=cid, resource=RES[r])
        self._autoplace(s)

    def _do_place(self, s: int, res: str, target: str) -> None:
        r = RIDX[res]
        self.pend_n[s] -= 1
        if target == "empire":
            self.emit("placed_empire", s, rule="construcao", resource=res, n=1)
            self._to_empire(s, r, 1, "pending")
        else:
            self.emit("placed", s, rule="construcao", resource=res, n=1,
                      target=target.partition(".")[0], label=target)
            self._fill(s, self._index(s, target), res, res, "pending")
        if self.pend_n[s]:
            self._autoplace(s)

    def _do_use(self, s: int, token: str, target: str, space: str | None = None) -> None:
        idx = self._index(s, target)
        if token == "krystallium":
            self.kryst[s] -= 1
        elif token == "financier":
            self.fin[s] -= 1
        else:
            self.gen[s] -= 1
        self.emit("token_used", s, rule="transformar_krystallium" if token == "krystallium"
                  else "construcao", token=token, target=target.partition(".")[0], label=target)
        self._fill(s, idx, space or token, token, "empire")

    def _do_discard(self, s: int, target: str) -> None:
        cid, fills = self.constr[s].pop(self._index(s, target))
        for kind, k in Counter(x for x in fills if x).items():
            self.flow(s, kind, k, "construction", "supply")
        self.flow(s, "card", 1, "construction", "discard")
        self.discard.append(cid)
        self.emit("discarded", s, rule="descartar_em_construcao", card=cid,
                  resource=CARDS[cid].recycle)
        self._to_empire(s, CARDS[cid].recycle_idx, 1, "recycle:" + cid)

    def _do_done(self, s: int) -> None:
        self.ready[s] = True

    def _do_supremacy(self, s: int, token: str) -> None:
        self.choosing[s] = False
        self._gain_token(s, token, "supremacy:science")
        self.supremacy[-1]["token"] = token
        self.emit("supremacy_choice", s, rule="bonus_supremacia", token=token)
        self._autoplace(s)

    def _do_exchange(self, s: int, cid: str) -> None:
        self.drafted[s].remove(cid)
        self.discard.append(cid)
        self.flow(s, "card", 1, "drafted", "discard")
        if self.exch_first is None:
            self.exch_first = cid
            self.emit("exchange_started", s, rule="modo_a_solo", card=cid)
            return
        first, self.exch_first = self.exch_first, None
        self.looking = self.deck[:5]
        del self.deck[:5]
        self.flow(s, "card", 5, "deck", "hand")
        self.emit("exchange_drawn", s, rule="modo_a_solo", visible=[s],
                  cards=[first, cid], drawn=list(self.looking))

    def _do_take(self, s: int, cid: str) -> None:
        looking = self.looking
        looking.remove(cid)
        self.drafted[s].append(cid)
        self.flow(s, "card", 1, "hand", "drafted")
        self.discard.extend(looking)
        self.flow(s, "card", len(looking), "hand", "discard")
        self.emit("exchange_taken", s, rule="modo_a_solo", card=cid, discarded=list(looking))
        self.looking = []

    # ------------------------------------------------------------------ explanations
    def why_illegal(self, action: Action) -> tuple[str, str | None]:
        s, verb, args = action.seat, action.verb, action.args
        phase = self.phase
        card = args[0] if args and isinstance(args[0], str) else None
        if verb == "draft":
            if phase != "draft":
                return "cards are drafted only in the draft phase", "fase_de_seleccao"
            if card not in self.hands[s]:
                return f"{card!r} is not in your hand", "fase_de_seleccao"
        if phase == "draft":
            return "now every player picks one card of the hand in secret", "fase_de_seleccao"
        if self.choosing[s] and verb != "supremacy":
            return "first choose the science supremacy bonus (financier or general)", (
                "bonus_supremacia")
        if self.pend_n[s] and verb != "place":
            return (f"the {RES[self.pend_res[s]]} cube(s) must be placed at once",
                    "construcao")
        if verb == "place":
            if self.pend_n[s] and args and args[0] != RES[self.pend_res[s]]:
                return f"the cube to place is {RES[self.pend_res[s]]}", "construcao"
            return ("a resource cube goes only on a matching empty space of a card under "
                    "construction, or on the Empire card; placed cubes never move", "construcao")
        if verb in ("keep", "recycle"):
            if phase != "planning":
                return ("cards are kept or recycled only in the planning phase",
                        "fase_de_planeamento")
            if card not in self.drafted[s]:
                return f"{card!r} is not in your selection area", "fase_de_planeamento"
        if verb == "use":
            return ("a token goes only on a matching empty space (Krystallium replaces any "
                    "resource, never a character), and you must hold it",
                    "transformar_krystallium")
        if verb == "discard":
            return "only a card in your construction area can be discarded", (
                "descartar_em_construcao")
        if verb in ("exchange", "take"):
            return ("solo only: discard 2 cards of the hand (which needs 2 cards, and 5 in the "
                    "deck) to look at 5 and keep 1", "modo_a_solo")
        if verb == "supremacy":
            return "only the science supremacy winner chooses a character", "bonus_supremacia"
        return "", None

    # ------------------------------------------------------------------ scoring
    def score_breakdown(self, seat: int) -> dict[str, int]:
        return breakdown(self, seat)

    def tiebreak(self, seat: int) -> tuple:
        return (len(self.built[seat]), self.fin[seat] + self.gen[seat])

    def rating(self) -> dict[str, Any]:
        """Solo: the rating band (side A first loses 15 VP) and, in a scenario, the medal."""
        return rating(self)

    def sim_columns(self, seat: int) -> dict[str, Any]:
        out: dict[str, Any] = {"empire": self.empires[seat], "side": self.side,
                               "built": len(self.built[seat])}
        if self.players == 1:
            out["rating"] = rating(self)["band"]
            if self.scenario:
                out["scenario"] = self.scenario
                out["medal"] = scenario_outcome(self)["medal"] or "none"
        return out

    # ------------------------------------------------------------------ ledger & invariants
    def holdings(self, seat: int) -> dict[tuple[str, str], int]:
        out: dict[tuple[str, str], int] = {}
        hand = len(self.hands[seat]) + (self.picks[seat] is not None)
        if seat == 0:
            hand += len(self.looking)
        for place, k in (("hand", hand), ("drafted", len(self.drafted[seat])),
                         ("construction", len(self.constr[seat])),
                         ("built", len(self.built[seat]))):
            if k:
                out[(place, "card")] = k
        for _cid, fills in self.constr[seat]:
            for x in fills:
                if x:
                    out[("construction", x)] = out.get(("construction", x), 0) + 1
        for r in range(5):
            if self.cubes[seat][r]:
                out[("empire", RES[r])] = self.cubes[seat][r]
        for name, k in (("krystallium", self.kryst[seat]), ("financier", self.fin[seat]),
                        ("general", self.gen[seat])):
            if k:
                out[("empire", name)] = k
        if self.pend_n[seat]:
            out[("pending", RES[self.pend_res[seat]])] = self.pend_n[seat]
        return out

    def all_cards(self) -> list[str]:
        """Every card of the game wherever it is (hidden ones as ``"?"`` in a view)."""
        out = list(self.deck) + list(self.discard) + list(self.looking)
        for pile in self.projects:
            out.extend(pile)
        for s in range(self.players):
            out.extend(self.hands[s])
            if self.picks[s] is not None:
                out.append(self.picks[s])
            out.extend(self.drafted[s])
            out.extend(c for c, _ in self.constr[s])
            out.extend(self.built[s])
        return out

    def check_invariants(self) -> None:
        """Conservation of the 150 cards; no negative stock; construction entries consistent."""
        cards = self.all_cards()
        assert len(cards) == len(DECK), f"{len(cards)} cards in play, not {len(DECK)}"
        if self.viewer is None:
            assert Counter(cards) == Counter(DECK), "the cards in play are not the deck"
        for s in range(self.players):
            c = self.cubes[s]
            assert all(x >= 0 for x in c) and sum(c) < 5, f"seat {s} empire cubes {c}"
            for name, k in (("krystallium", self.kryst[s]), ("financier", self.fin[s]),
                            ("general", self.gen[s]), ("pending", self.pend_n[s])):
                assert k >= 0, f"seat {s} has {k} {name}"
            assert self.pend_n[s] == 0 or self.pend_res[s] >= 0
            for cid, fills in self.constr[s]:
                spaces = CARDS[cid].spaces
                assert len(fills) == len(spaces)
                assert "" in fills, f"seat {s}: complete card {cid} left under construction"
                for kind, x in zip(spaces, fills):
                    assert x in ("", kind) or (x == "krystallium" and kind in _KRYST_OK), (
                        f"seat {s}: {x} on a {kind} space of {cid}"
                    )
            if self.phase != "production":
                assert self.pend_n[s] == 0 or self.phase == "planning"
            assert self.need[s] == self._needs(s) or self.phase == "end"
        assert self._tm == tuple(s for s in range(self.players) if self.need[s])

    # ------------------------------------------------------------------ copies & views
    def clone(self) -> WonderfulState:
        c, d = self._clone_base()
        d["deck"] = list(self.deck)
        d["discard"] = list(self.discard)
        d["hands"] = [list(h) for h in self.hands]
        d["picks"] = list(self.picks)
        d["drafted"] = [list(h) for h in self.drafted]
        d["constr"] = [list(h) for h in self.constr]
        d["built"] = [list(h) for h in self.built]
        d["cubes"] = [list(h) for h in self.cubes]
        for name in ("kryst", "fin", "gen", "pend_res", "pend_n", "pend_src", "choosing",
                     "ready", "need", "empires"):
            d[name] = list(d[name])
        d["produced"] = [list(h) for h in self.produced]
        d["supremacy"] = [dict(x) for x in self.supremacy]
        d["projects"] = [list(p) for p in self.projects]
        d["looking"] = list(self.looking)
        d["packets"] = list(self.packets)
        d["seen"] = list(self.seen)
        return c

    def view(self, seat: int | None) -> WonderfulState:
        v = self._view_base(seat, self.clone())
        # an explicit deck order would let a seat rebuild the hidden cards (the core drops
        # the seed); its length stays known
        if self.options.get("deck") is not None:
            v.options = {**self.options, "deck": ["?"] * len(self.options["deck"])}
        for o in range(self.players):
            if o != seat:
                # a hand this seat has held (and passed on) stays known until its holder
                # picks from it in secret
                known = (seat is not None and v.picks[o] is None
                         and self.seen[seat] >> self.packets[o] & 1)
                if not known:
                    v.hands[o] = ["?"] * len(v.hands[o])
                if v.picks[o] is not None:
                    v.picks[o] = "?"
        v.deck = ["?"] * len(v.deck)
        v.projects = [["?"] * len(p) for p in v.projects]
        if seat != 0:
            v.looking = ["?"] * len(v.looking)
        return v

    def determinize(self, rng: random.Random) -> WonderfulState:
        full = self.clone()
        full.viewer = None
        known = Counter(c for c in self.all_cards() if c != "?")
        unknown = list((Counter(DECK) - known).elements())
        rng.shuffle(unknown)
        it = iter(unknown)
        full.deck = [next(it) for _ in full.deck]
        for o in range(self.players):
            full.hands[o] = [c if c != "?" else next(it) for c in full.hands[o]]
            if full.picks[o] == "?":
                full.picks[o] = next(it)
        full.projects = [[next(it) for _ in p] for p in full.projects]
        full.looking = [c if c != "?" else next(it) for c in full.looking]
        return full

    def summary(self, lang: str = "en", seat: int | None = None) -> list[str]:
        """One line per seat (what a table would say at a glance), in ``lang``."""
        out = []
        for s in range(self.players) if seat is None else (seat,):
            out.append(self.text(
                "summary_seat", lang, who=self.text("seat", lang, n=s + 1),
                empire=self.empires[s], built=len(self.built[s]),
                constr=len(self.constr[s]), kryst=self.kryst[s], fin=self.fin[s],
                gen=self.gen[s], vp=self.score(s),
            ))
        return out

    # ------------------------------------------------------------------ serialisation
    @classmethod
    def position_schema(cls, players: int) -> dict[str, Any]:
        return position.schema(players)

    def _load(self, data: dict[str, Any]) -> None:
        position.load(self, data)

    def to_dict(self) -> dict[str, Any]:
        seats = []
        for s in range(self.players):
            entries = self.constr[s]
            labels = _labels(entries)
            construction = []
            for (cid, fills), lab in zip(entries, labels):
                spaces = CARDS[cid].spaces
                construction.append({
                    "card": cid, "label": lab,
                    "spaces": [{"kind": k, "filled_by": x or None} for k, x in zip(spaces, fills)],
                })
            b = breakdown(self, s)
            seats.append({
                "seat": s,
                "empire": self.empires[s],
                "built": list(self.built[s]),
                "built_by_type": dict(zip(TYPES, self._type_counts(s))),
                "construction": construction,
                "drafted": list(self.drafted[s]),
                "hand": list(self.hands[s]),
                "pick": self.picks[s],
                "empire_cubes": {RES[r]: self.cubes[s][r] for r in range(5)},
                "krystallium": self.kryst[s],
                "financier": self.fin[s],
                "general": self.gen[s],
                "pending": (
                    {"resource": RES[self.pend_res[s]], "amount": self.pend_n[s],
                     "source": self.pend_src[s]} if self.pend_n[s] else None
                ),
                "choosing_supremacy": self.choosing[s],
                "done": self.ready[s],
                "packet": self.packets[s],
                "packets_seen": [p for p in range(self.players) if self.seen[s] >> p & 1],
                "production": self.production_of(s),
                "produced_this_round": {RES[r]: self.produced[s][r] for r in range(5)},
                "score": b,
                "total": sum(b.values()),
            })
        out: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "side": self.side,
            "round": self.round,
            "phase": self.phase,
            "step": RES[self.step] if self.step >= 0 else None,
            "draft_direction": (
                ("left" if self.round in _LEFT_ROUNDS else "right")
                if self.phase == "draft" else None
            ),
            "to_move": list(self._tm),
            "deck_size": len(self.deck),
            "deck": list(self.deck),
            "discard": list(self.discard),
            "supremacy": [dict(x) for x in self.supremacy],
            "seats": seats,
            "solo": None,
        }
        if self.players == 1:
            out["solo"] = {
                "projects": [list(p) for p in self.projects],
                "sequence": self.sequence + 1,
                "looking": list(self.looking),
                "exchange_first": self.exch_first,
                "rating": rating(self),
                "scenario": scenario_outcome(self) if self.scenario else None,
            }
        return out
