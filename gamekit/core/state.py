"""The engine contract: one base class every game's state derives from.

A game subclass implements the rules in a handful of methods (``_setup``, ``to_move``,
``_legal``, ``_decide``, ``_apply``, ``is_over``, ``score_breakdown``, ``tiebreak``, ``view``,
``determinize``, ``holdings``, ``to_dict``); the base class gives everything else the same
shape in every game: checked ``apply`` that leaves the state untouched on an illegal action,
cached legal lists, events and flows, chance, records, results and clones.
"""

from __future__ import annotations

import html as _html
import pickle
import random
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .actions import Action, IllegalAction, ParseError, _text, action_text, show, validate_action
from .decisions import Decision
from .events import Event, Flow, narrated
from .i18n import CATALOG, LANGUAGES, Phrase, Reason
from .options import Option, OptionError, validate_options
from .positions import save_position
from .record_format import GameRecord
from .registry import get
from .rng import ARRANGE, Chance

__all__ = ["GameState", "Result", "VIEW_SEED"]

_new = tuple.__new__  # a ``Flow`` without its keyword-handling constructor (``flow``, hot path)


#: the seed of every view's ``Chance``: a view carries no real generator state (it would let a
#: bot predict the deck) and no OS entropy (bots that draw from it would not replay). A view's
#: chance is never meant to be drawn from; agents that play a view out reseed it (see
#: ``LookaheadAgent``).
VIEW_SEED = "gamekit view: no information"


#: at most this many moves of a walker (phases and steps passed while nobody decides) between
#: two decisions; a real game passes a few dozen at most (a whole round with nothing to do)
WALK_LIMIT = 10_000


class StuckGame(RuntimeError):
    """A game moved on ``WALK_LIMIT`` times without anyone deciding: it would never stop."""

    def __init__(self, game: str, where: str) -> None:
        super().__init__(f"{game}: the game moved on {WALK_LIMIT} times without a decision "
                         f"({where}); it would never stop")


def ranks_of(keys: list) -> list[int]:
    """Each key's rank: 1 + how many keys are greater (equal keys share a rank). In the
    keys sorted from the greatest the first equal one has exactly those before it."""
    desc = sorted(keys, reverse=True)
    return [1 + desc.index(k) for k in keys]


@dataclass
class Result:
    """Final scores, ranks (1 = best; equal ranks share) and winners after the tie-breaks."""

    scores: list[int]
    breakdown: list[dict[str, int]]
    ranks: list[int]
    winners: list[int]
    tiebreaks: list[tuple] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "scores": self.scores,
            "ranks": self.ranks,
            "winners": self.winners,
            "breakdown": self.breakdown,
            "tiebreaks": [list(t) for t in self.tiebreaks],
        }


class GameState:
    """Base of every game's state. Subclasses set the class attributes and the rule hooks."""

    game: ClassVar[str] = ""
    #: public event kind -> the kind of its secret twin (one fact, told once per seat:
    #: ``gamekit.core.events.narrated``)
    twins: ClassVar[dict[str, str]] = {}
    title: ClassVar[dict[str, str]] = {}
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    options_spec: ClassVar[dict[str, Option]] = {}
    #: places whose flows are folded for the ledger check (see ``holdings``)
    ledger_places: ClassVar[tuple[str, ...]] = ()
    #: options that fix hidden setup (a deck order, hands): views blank them
    secret_options: ClassVar[tuple[str, ...]] = ()
    #: safety limit: ``play``, ``run_one``, ``simulate`` and ``random_playout`` stop a game after
    #: this many decisions (actions, not chance lines) and report it unfinished. Games override
    #: it with a bound well above their longest real game (document the figure).
    max_decisions: ClassVar[int] = 100_000
    #: stopping points (``course.BOUNDARIES``) where the game pauses before the automatic
    #: effects of what comes next; empty in play and playouts (see ``run_to``)
    stop_at: frozenset[str] = frozenset()
    #: the boundaries this game can stop at (games walking a ``course.Course``)
    stopping_points: ClassVar[tuple[str, ...]] = ()
    #: the boundary the game is paused at (nobody to move until ``resume()``), else ``None``
    paused: str | None = None
    #: the pending decisions (``gamekit.core.stack``), bottom first; empty for a game that
    #: still keeps its own flags
    stack: tuple = ()

    players: int
    seed: Any
    options: dict[str, Any]
    log: list[str]
    events: list[Event]
    flows: list[Flow]
    chance: Chance
    round: int
    phase: str
    quiet: bool
    viewer: int | None

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(
        cls, players: int, seed: Any = 0, *, chance: Iterable[str] = (), quiet: bool = False,
        **options: Any,
    ) -> GameState:
        """A new game. ``chance`` feeds recorded chance lines (used by ``replay``); ``quiet``
        tells no events from the set-up on (simulations: the same game, sooner)."""
        if not isinstance(players, int) or isinstance(players, bool):
            raise OptionError(f"players must be an integer, got {players!r}")
        if not cls.min_players <= players <= cls.max_players:
            raise OptionError(
                f"{cls.game} is played by {cls.min_players} to {cls.max_players} players, "
                f"not {players}"
            )
        opts = validate_options(cls.game, cls.options_spec, players, options)
        self = cls.__new__(cls)
        self.players = players
        self.seed = seed
        self.options = opts
        self.log = []
        self.events = []
        self.flows = []
        self.chance = Chance(seed, self.log, chance)
        self.round = 0
        self.phase = "setup"
        self.quiet = quiet
        self.viewer = None
        self._legal_cache: dict[int, list[Action]] = {}
        self._setup()
        return self

    # ------------------------------------------------------------------ hooks (rules)
    def _setup(self) -> None:
        """Lay out the game (after ``players``, ``options`` and ``chance`` are set)."""
        raise NotImplementedError

    def to_move(self) -> tuple[int, ...]:
        """Seats that must decide now (several in simultaneous steps); empty when over."""
        raise NotImplementedError

    def _legal(self, seat: int) -> list[Action]:
        """Legal actions of ``seat`` now (short, atomic)."""
        raise NotImplementedError

    def _decide(self, seat: int, legal: list[Action]) -> Decision:
        """The decision of ``seat`` (kind, params, stack) around its ``legal`` actions."""
        return Decision(self.game, seat, "choose", tuple(legal))

    def _apply(self, action: Action) -> None:
        """Carry out a legal action (mutates the state)."""
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def score_breakdown(self, seat: int) -> dict[str, int]:
        """Live score of ``seat`` by source; the total is the sum of the values."""
        raise NotImplementedError

    def tiebreak(self, seat: int) -> tuple:
        """Key compared (higher is better) between seats tied on score."""
        return ()

    def why_illegal(self, action: Action) -> tuple[str | Reason, str | None]:
        """Explain why ``action`` (known not legal) is illegal: (reason, rule section). The
        reason is a ``Reason`` (``gamekit.core.i18n.reason(game, key, **params)``: the
        catalog's ``refuse.<key>``, worded in any language); ``""`` when there is none."""
        return "", None

    def view(self, seat: int | None) -> GameState:
        """What ``seat`` may see (``None``: a spectator): a state with hidden parts masked."""
        raise NotImplementedError

    def determinize(self, rng: random.Random) -> GameState:
        """On a view: a full state that fills every hidden part at random, consistently."""
        raise NotImplementedError

    def holdings(self, seat: int) -> dict[tuple[str, str], int]:
        """Current ``(place, resource) -> amount`` of ``seat`` over ``ledger_places``."""
        return {}

    def to_dict(self) -> dict[str, Any]:
        """The whole (visible) state as JSON-able data, without the log and events."""
        raise NotImplementedError

    @classmethod
    def position_schema(cls, players: int) -> dict[str, Any] | None:
        """JSON schema of ``to_dict()`` for ``players`` seats (``None``: no positions yet)."""
        return None

    def _load(self, data: dict[str, Any]) -> None:
        """Fill the game's fields from ``to_dict()`` data (schema-valid) on a blank state made
        by ``gamekit.core.positions``; raise ``PositionError`` naming a field that breaks a
        rule. Must leave the state exactly as ``to_dict()`` describes it."""
        raise NotImplementedError

    def arrangeable(self) -> tuple[str, ...]:
        """What ``arrange`` can force in this game (e.g. ``("deck",)``); none by default."""
        return ()

    def _arrange(self, kind: str, values: list[str]) -> None:
        """Force ``kind`` (one of ``arrangeable()``): check every value first and raise
        ``ValueError`` naming the one that does not fit, then change the state."""
        raise ValueError(f"{self.game} cannot arrange {kind!r}")

    def _resume(self) -> None:
        """Go on from a pause at a boundary (games walking a ``course.Course``: their loop that
        advances while nobody decides)."""
        raise NotImplementedError(f"{self.game} has no stopping points")

    # ------------------------------------------------------------------ contract
    def pause_at(self, *boundaries: str) -> GameState:
        """Stop at these boundaries from now on (``"step"``, ``"phase"``, ``"round"``; none:
        never): the game pauses there, before what comes next happens, until ``resume()``."""
        wrong = [b for b in boundaries if b not in self.stopping_points]
        if wrong:
            raise ValueError(f"{self.game} cannot stop at the boundary {wrong[0]!r}: it stops "
                             f"at {', '.join(self.stopping_points) or 'none'}")
        self.stop_at = frozenset(boundaries)
        return self

    def resume(self) -> GameState:
        """Go on from the boundary the game is paused at (to the next decision or pause)."""
        from .course import RESUMED

        if self.paused is None or self.paused.startswith(RESUMED):
            raise IllegalAction("resume: the game is not paused at a boundary", None)
        self.paused = RESUMED + self.paused
        self._legal_cache = {}
        self._resume()
        if self.paused is not None and self.paused.startswith(RESUMED):
            self.paused = None
        return self

    def arrange(self, kind: str, *values: str) -> GameState:
        """Force what chance gives next, at this point of the game, as a line the record keeps
        (``chance arrange <kind> <values>``) and replays at its place: e.g.
        ``arrange("deck", "old_earth", "alien_robot_sentry")`` puts those cards on top of the
        draw pile, so the next two cards drawn are they (the per-game draw order says who draws
        them; docs/positions.md). ``arrangeable()`` lists the kinds. A value that does not fit
        raises ``IllegalAction`` naming it, and the state is unchanged."""
        words = [kind, *values]
        if len(words) > 400 or not all(
            0 < len(w) <= 60 and w.replace("_", "").replace("-", "").replace(".", "").isalnum()
            and w.isascii() for w in words
        ):
            raise IllegalAction(f"arrange {' '.join(words)[:80]!r}: not a kind and value ids", None)
        if self.is_over():
            raise IllegalAction(f"arrange {kind}: the game is over", None)
        kinds = self.arrangeable()
        if kind not in kinds:
            raise IllegalAction(
                f"arrange {kind}: {self.game} can arrange {', '.join(kinds) or 'nothing'}", None)
        try:
            self._arrange(kind, list(values))
        except ValueError as exc:
            raise IllegalAction(f"arrange {kind}: {exc}", None) from None
        self.log.append(ARRANGE + " ".join(words))
        self._legal_cache = {}
        return self

    def legal_actions(self, seat: int) -> list[Action]:
        """Legal actions of ``seat`` now (cached until the next ``apply``)."""
        cache = self._legal_cache
        got = cache.get(seat)
        if got is None:
            got = cache[seat] = self._legal(seat) if seat in self.to_move() else []
        return got

    def decision(self, seat: int) -> Decision:
        """The pending decision of ``seat`` (raises if it has none)."""
        if seat not in self.to_move():
            raise IllegalAction(
                CATALOG.text("core", "not_your_turn", "en", seat=seat + 1, waiting=self._waiting())
            )
        return self._decide(seat, self.legal_actions(seat))

    def decisions(self) -> list[Decision]:
        """All pending decisions (one per seat that must decide now)."""
        return [self.decision(s) for s in self.to_move()]

    def apply(self, action: Action | str, check: bool = True) -> GameState:
        """Apply one action (or its text form). Illegal or malformed: ``IllegalAction``, and
        the state (log, chance, everything) is unchanged. ``check=False`` skips every check
        (the playouts' fast path): only for actions taken from ``legal_actions``."""
        if isinstance(action, str):
            try:
                action = Action.parse(action)
            except ParseError as exc:
                raise IllegalAction(str(exc), action) from None
        if check:
            self._check(action)
        self.log.append(_text(action))  # the cached text form (str() without the call)
        self._legal_cache = {}
        self._apply(action)
        return self

    def play_random(self, rngs: list[random.Random], limit: int) -> int:
        """Play at most ``limit`` decisions, each seat choosing uniformly among its legal
        actions with its own generator: ``legal[rngs[seat].randrange(len(legal))]`` (no draw
        when one action is legal); actions are applied unchecked. Returns the decisions made.
        The playouts' and ``simulate``'s random games run here; a game may override it with a
        tighter loop that plays exactly the same games."""
        n = 0
        to_move, legal_actions, apply = self.to_move, self.legal_actions, self.apply
        # ``randrange(k)`` for k > 0 is ``_randbelow(k)`` after argument checks: the same draws
        draws = [rng._randbelow for rng in rngs]
        while n < limit:
            seats = to_move()
            if not seats:
                break
            seat = seats[0]
            legal = legal_actions(seat)
            k = len(legal)
            apply(legal[draws[seat](k)] if k > 1 else legal[0], False)
            n += 1
        return n

    def _check(self, action: Action) -> None:
        """Refuse a malformed action (by its shape, before any comparison) or an illegal one."""
        validate_action(action)
        seat = action.seat
        if self.is_over():
            raise IllegalAction(Reason("core", "refuse.game_over"), action,
                                prefix=f"{action_text(action)}: ")
        if self.paused is not None:
            raise IllegalAction(f"{action_text(action)}: the game is paused at a {self.paused} boundary "
                                "(resume() first)", action, reason=Reason("core", "refuse.paused"))
        if seat not in self.to_move():
            why = Reason("core", "refuse.not_your_turn", {
                "who": Reason(self.game, "seat", {"n": seat + 1}),
                "waiting": Phrase({lang: self._waiting(lang) for lang in LANGUAGES}.get)})
            english = CATALOG.text("core", "not_your_turn", "en", seat=seat + 1,
                                   waiting=self._waiting())
            raise IllegalAction(f"{action_text(action)}: {english}", action, reason=why)
        if not self._is_legal(action, seat):
            why, rule, english = self._explain(action, seat, self.legal_actions(seat))
            raise IllegalAction(english or why, action, rule, prefix=f"{action_text(action)}: ",
                                reason=why)

    def _is_legal(self, action: Action, seat: int) -> bool:
        """Whether ``action`` (well formed, of ``seat``, who decides now) is in
        ``legal_actions(seat)``. A game may answer without building the whole list (a targeted
        test, e.g. by the action's verb) when it is exactly equivalent to membership: prove it
        with a property test over random states."""
        legal = self._legal_cache.get(seat)
        if legal is None:
            legal = self._legal_cache[seat] = self._legal(seat)
        return action in legal

    def _explain(self, action: Action, seat: int, legal: list[Action]
                 ) -> tuple[Reason, str | None, str | None]:
        """Why ``action`` is not in ``legal``: (reason, rule section, English line or None).
        The game's reason (a ``Reason``), else the decision's question; an English-only text
        of the game, or a sample of the legal actions, goes only to the English line."""
        try:
            why, rule = self.why_illegal(action)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            why, rule = "", None  # a well-formed action of an unexpected shape for the verb
        if isinstance(why, Reason):
            return why, rule, None
        decision = self._decide(seat, legal)
        general = Reason("core", "refuse.not_legal_now", {"question": Phrase(decision.question)})
        if not why:
            sample = ", ".join(str(a) for a in legal[:6])
            more = f" … ({len(legal)} in all)" if len(legal) > 6 else ""
            why = general.text("en") + f"; legal now: {sample}{more}"
        return general, rule, why

    def _waiting(self, lang: str = "en") -> str:
        """The seats that must decide now, by their shown names ("Player 1, Player 3")."""
        names = [CATALOG.text(self.game, "seat", lang, n=s + 1) for s in self.to_move()]
        return ", ".join(names) or CATALOG.text("core", "nobody_waiting", lang)

    def emit(
        self,
        kind: str,
        seat: int | None = None,
        rule: str | None = None,
        visible: Iterable[int] | None = None,
        **data: Any,
    ) -> None:
        """Append an event (skipped in ``quiet`` look-ahead rollouts)."""
        if self.quiet:
            return
        vis = None if visible is None else frozenset(visible)
        self.events.append(
            Event(self.game, self.round, self.phase, seat, kind, data, rule, vis)
        )

    def flow(self, seat: int, resource: str, amount: int, source: str, target: str) -> None:
        """Record a resource movement (always kept: the ledger must balance)."""
        if amount:
            self.flows.append(_new(Flow, (self.round, self.phase, seat, resource, amount, source,
                                          target)))

    def scores(self) -> dict[int, dict[str, int]]:
        """Live breakdown per seat, with a ``total`` entry."""
        out = {}
        for s in range(self.players):
            b = dict(self.score_breakdown(s))
            b["total"] = sum(b.values())
            out[s] = b
        return out

    def score(self, seat: int) -> int:
        return sum(self.score_breakdown(seat).values())

    def result(self, final: bool = False) -> Result:
        """Final scores, ranks and winners (tie-breaks of the rulebook). ``final`` declares a
        position final (e.g. one set up to study the end): its live scores are ranked."""
        if not final and not self.is_over():
            raise IllegalAction("the game is not over yet: no result")
        seats = range(self.players)
        breakdown = [dict(self.score_breakdown(s)) for s in seats]
        scores = [sum(b.values()) for b in breakdown]
        ties = [tuple(self.tiebreak(s)) for s in seats]
        ranks = ranks_of(list(zip(scores, ties)))
        winners = [s for s in seats if ranks[s] == 1]
        return Result(scores, breakdown, ranks, winners, ties)

    def narration(self, lang: str = "en", seat: int | None = None) -> list[str]:
        """The narrated events visible to ``seat`` (``None``: public ones only), one per fact
        (a public event is not told beside its secret twin the seat sees: ``twins``)."""
        return [e.text(lang) for e in narrated(self.events, seat, self.twins)]

    def position(self) -> dict[str, Any]:
        """This state as a JSON position (``gamekit.position(data)`` reads it back)."""
        return save_position(self)

    def record(self) -> GameRecord:
        """The game so far as a ``GameRecord`` (JSON-able)."""
        if self.viewer is not None:
            raise IllegalAction("a view cannot be recorded: it hides parts of the game")
        return GameRecord(self.game, self.players, self.seed, dict(self.options), list(self.log))

    def clone(self) -> GameState:
        """An independent copy (pickle round-trip: fast and safe for nested data)."""
        return pickle.loads(pickle.dumps(self, pickle.HIGHEST_PROTOCOL))

    def _clone_base(self) -> tuple[GameState, dict[str, Any]]:
        """Start of a hand-written ``clone``: a new state whose attribute dict is a shallow
        copy, with its own log, events, flows, chance and an empty legal cache. The game then
        copies its own mutable containers into the returned dict."""
        new = object.__new__(type(self))
        d = self.__dict__.copy()
        new.__dict__ = d
        d["log"] = list(self.log)
        d["events"] = list(self.events)
        d["flows"] = list(self.flows)
        d["options"] = dict(self.options)
        d["chance"] = self.chance.copy(d["log"])
        d["_legal_cache"] = {}
        return new, d

    def fingerprint(self) -> bytes:
        """Bytes that change whenever anything in the state changes (for tests)."""
        return pickle.dumps(
            (self.to_dict(), self.log, self.events, self.flows, self.round, self.phase), 4
        )

    def decisions_made(self) -> int:
        """Actions applied so far (the log without its chance and arrangement lines; 0 on a
        view)."""
        return sum(1 for line in self.log if not line.startswith("chance "))

    @contextmanager
    def without_history(self) -> Iterator[GameState]:
        """Set the log, events and flows aside for the ``with`` block (then put them back).

        Inside it, ``view``, ``clone`` and ``determinize`` work on the position alone and cost
        nothing per past move. The state must not be changed inside the block."""
        saved = self.log, self.events, self.flows
        self.log, self.events, self.flows = [], [], []
        try:
            yield self
        finally:
            self.log, self.events, self.flows = saved

    def agent_view(self, seat: int | None) -> GameState:
        """``view(seat)`` without the history (empty log, events and flows): what an agent
        decides from. Built without copying the history, so its cost does not grow with the
        game's length; the same for every game (no per-game code)."""
        saved = self.log, self.events, self.flows, self.chance
        self.log, self.events, self.flows = [], [], []
        self.chance = Chance(VIEW_SEED, self.log)  # the view's own: the real one is not copied
        try:
            return self.view(seat)
        finally:
            self.log, self.events, self.flows, self.chance = saved

    def _view_base(self, seat: int | None, clone: GameState) -> GameState:
        """Helper for ``view``: strip the log, hidden events and chance from a clone. The view's
        chance is a fresh generator with the fixed ``VIEW_SEED`` (no information, no OS
        entropy). ``seat`` is a seat number in range or ``None`` (``ValueError`` otherwise)."""
        if seat is not None and not (type(seat) is int and 0 <= seat < self.players):
            raise ValueError(f"view: no seat {show(seat)} in a game of {self.players} "
                             f"(seats 0 to {self.players - 1}, or None for a spectator)")
        clone.viewer = seat
        clone.seed = None  # with the seed a bot could rebuild every hidden card
        if self.secret_options:
            clone.options = {
                k: (None if k in self.secret_options else v) for k, v in self.options.items()
            }
        clone.log = []
        clone.events = [e for e in self.events if e.seen_by(seat)]
        clone.chance = Chance(VIEW_SEED, clone.log)
        clone._legal_cache = {}
        return clone

    def _repr_html_(self) -> str:
        """Notebook display: the board renderer the game registered (``register(render=...)``),
        else the state's one-line summary."""
        try:
            render = get(self.game).render
        except OptionError:  # a game class used without registering it
            render = None
        if render is not None:
            return render(self)
        return f"<pre class='gamekit-board'>{_html.escape(repr(self))}</pre>"

    def text(self, key: str, lang: str = "en", **params: Any) -> str:
        return CATALOG.text(self.game, key, lang, **params)

    def __repr__(self) -> str:
        status = "over" if self.is_over() else f"round {self.round}, {self.phase}"
        return f"<{type(self).__name__} {self.game} {self.players}p seed={self.seed} {status}>"

    # pickling: the legal cache is rebuilt on demand
    def __getstate__(self) -> dict[str, Any]:
        d = self.__dict__.copy()
        d["_legal_cache"] = {}
        return d
