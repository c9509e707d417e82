"""Forks of a lesson's game ("Try it yourself", issue "Lessons that teach"): at a decision of
the learner's seat, every choice the rules allow there, each played out about 20 times by bots,
compared with intervals.

Shared by every game's lesson; it reaches the game only through the public API: the fork is
copied through a position (``save_position`` / ``position``), the choices are the seat's legal
actions (``state.decision``), the playouts are ``play`` with ``make_agent`` bots.

* ``options(state, seat, played)`` -- the learner's choices at the fork, the played one first;
* ``replay(state, line)`` -- the recorded line played exactly from the fork (the game the
  lesson showed, e.g. It's a Wonderful World's 50-50-36);
* ``compare(state, seat, played, line, playouts=20)`` -- a ``Fork``: each choice's playouts
  (the seat's final VP, win share and margin over the best other seat), ranked best first, each
  compared with the played choice (Welch interval of the margins);
* ``rows(fork, lang)`` / ``table_html(fork, lang)`` -- the ranked table in words (catalog
  namespace ``lesson``, keys ``fork_*``), no raw ids. A game whose score is not VP words its
  columns itself: its lesson prose (namespace ``lesson.<game>``) may hold ``fork_col_vp``,
  ``fork_col_margin``, ``fork_better``, ``fork_worse``, ``fork_unclear`` (Blue Moon City counts
  offerings), looked up before the shared words.

Playouts never peek: each starts from a sample of what the learner's seat can see
(``agent_view(seat).determinize``: the deck order and the other hands drawn at random), and
playout ``i`` uses the same sample and the same bot seeds for every choice (common random
numbers: the choices differ by the choice, not by the luck of the draw); the bot seeds change
from playout to playout, so a game with nothing hidden (Gaia Project) still varies its playouts
where the bots break ties at random. Seeded: the same arguments give the same table.
"""

from __future__ import annotations

import html as _html
import random
from dataclasses import dataclass, field
from typing import Any

from gamekit.core import CATALOG, Action, GameState, get, make_agent, play
from gamekit.core.agents import outcome
from gamekit.core.positions import position, save_position
from gamekit.stats import mean_interval, wilson

from ..decision import action_label

__all__ = ["Branch", "Fork", "ForkError", "options", "replay", "compare", "rows", "table_html",
           "DEFAULT_PLAYOUTS"]

#: playouts per choice by default (the issue's "about 20 playouts per branch")
DEFAULT_PLAYOUTS = 20


class ForkError(ValueError):
    """A fork that cannot be compared: the message names the problem."""


@dataclass(frozen=True)
class Branch:
    """One choice at the fork and its playouts (the seat's final VP, win share, margin)."""

    action: Action
    played: bool
    vps: tuple[int, ...]
    wins: tuple[float, ...]
    margins: tuple[int, ...]
    confidence: float = 0.95
    #: 1 = best (win share, then margin); equal values share a rank
    rank: int = 0
    #: margin of this choice less the played one's, with an interval (None for the played one)
    versus: tuple[float, float, float] | None = None

    @property
    def playouts(self) -> int:
        return len(self.vps)

    @property
    def win_rate(self) -> float:
        return sum(self.wins) / self.playouts if self.playouts else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        return wilson(sum(self.wins), self.playouts, self.confidence)

    @property
    def vp(self) -> tuple[float, float, float]:
        """Mean final VP with its interval ``(mean, low, high)``."""
        return mean_interval([float(v) for v in self.vps], self.confidence)

    @property
    def margin(self) -> tuple[float, float, float]:
        """Mean VP over the best other seat, with its interval."""
        return mean_interval([float(v) for v in self.margins], self.confidence)

    @property
    def value(self) -> float:
        return self.win_rate + 0.01 * self.margin[0]


@dataclass(frozen=True)
class Fork:
    """A compared fork: the seat deciding, its choices best first, the recorded line's end."""

    game: str
    seat: int
    branches: list[Branch]
    #: the result of the recorded line (``scores``, ``winners``), None when no line was given
    recorded: Any = None
    seed: int = 0
    agent: str = "heuristic"
    notes: dict[str, Any] = field(default_factory=dict)

    @property
    def played(self) -> Branch | None:
        return next((b for b in self.branches if b.played), None)


def _copy(state: GameState) -> GameState:
    """The fork as a fresh playable state, through the public position API."""
    if state.viewer is not None:
        raise ForkError("a fork needs the full game, not one seat's view")
    if state.is_over():
        raise ForkError("the game is over: there is no choice left to fork")
    return position(save_position(state), state.game)


def _seat(state: GameState, seat: int | None) -> int:
    to_move = state.to_move()
    if seat is None:
        if not to_move:
            raise ForkError("nobody decides in this position: there is no fork")
        return to_move[0]
    if seat not in to_move:
        raise ForkError(f"seat {seat + 1} does not decide here (deciding: "
                        f"{', '.join(str(s + 1) for s in to_move) or 'nobody'})")
    return seat


def options(state: GameState, seat: int | None = None, played: Action | None = None,
            limit: int = 8, seed: int = 0, choices: list[Action] | None = None) -> list[Action]:
    """The choices of ``seat`` (default: the first to decide) at the fork: ``choices`` (a
    lesson's own selection, each checked legal) or all its legal actions, ``played`` first;
    past ``limit`` a seeded sample of the others is kept."""
    seat = _seat(state, seat)
    legal = list(state.decision(seat).legal)
    for a in ([played] if played is not None else []) + list(choices or []):
        if a not in legal:
            raise ForkError(f"the choice {a} is not legal for seat {seat + 1} here")
    if choices is not None:
        legal = list(dict.fromkeys(choices))
    if played in legal:
        legal.remove(played)
    if limit < 1:
        raise ForkError(f"limit must be at least 1, got {limit}")
    keep = limit - (played is not None)
    if len(legal) > keep:
        legal = random.Random(seed).sample(legal, keep)
    return ([played] if played is not None else []) + legal


def replay(state: GameState, line: list[Action]) -> GameState:
    """The recorded ``line`` (actions from the fork on) applied exactly to a copy of ``state``:
    the game the lesson showed. ``ForkError`` names the first action the rules refuse."""
    game = _copy(state)
    for i, action in enumerate(line):
        try:
            game.apply(action)
        except ValueError as exc:
            raise ForkError(f"action {i + 1} of the recorded line ({action}) is refused: "
                            f"{exc}") from None
    return game


def _playout_agent(game: str, agent: str, seed: int):
    """The bot a playout uses: ``agent``, or the cheaper one it names for rollouts
    (``rollout_policy``: Gaia's heuristic plays its greedy agent there)."""
    cheap = getattr(get(game).agents.get(agent), "rollout_policy", None)
    return cheap(seed) if cheap is not None else make_agent(game, agent, seed)


def _playouts(base: GameState, seat: int, action: Action, samples: list[int], agent: str,
              seed: int) -> tuple[list[int], list[float], list[int]]:
    vps, wins, margins = [], [], []
    view = base.agent_view(seat)
    for k in samples:
        game = view.determinize(random.Random(k))
        game.apply(action)
        agents = [_playout_agent(base.game, agent, k + 7 + 101 * s) for s in range(base.players)]
        play(game, agents)
        win, margin = outcome(game, seat)
        vps.append(game.result().scores[seat] if game.is_over() else game.score(seat))
        wins.append(win)
        margins.append(margin)
    return vps, wins, margins


def compare(state: GameState, seat: int | None = None, played: Action | None = None,
            line: list[Action] | None = None, playouts: int = DEFAULT_PLAYOUTS, seed: int = 0,
            agent: str = "heuristic", limit: int = 8, confidence: float = 0.95,
            choices: list[Action] | None = None) -> Fork:
    """Every choice of ``seat`` at the fork ``state`` (or the lesson's ``choices``, see
    ``options``), ``playouts`` bot playouts each, ranked best first.

    ``played`` is the choice made in the lesson's game (default: ``line[0]``); ``line`` the
    recorded actions from the fork on, replayed exactly (``Fork.recorded``). Each choice's
    ``versus`` is its margin less the played one's, playout by playout (the same samples), with
    an interval."""
    if playouts < 2:
        raise ForkError(f"need at least 2 playouts per choice to give an interval, got {playouts}")
    if line is not None:
        if not line:
            raise ForkError("the recorded line is empty")
        played = played or line[0]
        if line[0] != played:
            raise ForkError(f"the recorded line starts with {line[0]}, not the played {played}")
    base = _copy(state)
    seat = _seat(base, played.seat if played is not None else seat)
    choices = options(base, seat, played, limit, seed, choices)
    recorded = replay(base, line).result() if line is not None else None
    samples = [seed * 1_000_003 + i for i in range(playouts)]
    measured = [(a, _playouts(base, seat, a, samples, agent, seed)) for a in choices]
    first = measured[0][1][2] if played is not None else None
    branches = []
    for a, (vps, wins, margins) in measured:
        versus = None
        if first is not None and a != played:
            versus = mean_interval([float(m - f) for m, f in zip(margins, first, strict=True)],
                                   confidence)
        branches.append(Branch(a, a == played, tuple(vps), tuple(wins), tuple(margins),
                               confidence, versus=versus))
    values = sorted({round(b.value, 9) for b in branches}, reverse=True)
    ranked = [Branch(b.action, b.played, b.vps, b.wins, b.margins, confidence,
                     values.index(round(b.value, 9)) + 1, b.versus) for b in branches]
    ranked.sort(key=lambda b: (b.rank, not b.played))
    return Fork(base.game, seat, ranked, recorded, seed, agent)


# --------------------------------------------------------------------------- words
def _t(key: str, lang: str, game: str | None = None, **params: Any) -> str:
    """A fork word: the game's lesson's own (``lesson.<game>``), else the shared one."""
    ns = f"lesson.{game}" if game and CATALOG.has(f"lesson.{game}", key) else "lesson"
    return CATALOG.text(ns, key, lang, **params)


def _num(x: float, lang: str, digits: int = 1) -> str:
    text = f"{x:.{digits}f}"
    return text.replace(".", ",") if lang == "pt" else text


def _pct(x: float, lang: str) -> str:
    return f"{round(100 * x)} %"


def _verdict(b: Branch, lang: str, game: str | None = None) -> str:
    if b.played:
        return _t("fork_is_played", lang)
    if b.versus is None:
        return "—"
    d, low, high = b.versus
    key = "fork_better" if low > 0 else "fork_worse" if high < 0 else "fork_unclear"
    return _t(key, lang, game, d=_num(abs(d), lang))


def rows(fork: Fork, lang: str = "en", state: GameState | None = None) -> list[dict[str, str]]:
    """The ranked table in words: one dict per choice (column title -> cell), best first.
    ``state`` (the fork) lets a game word a choice with what the decision names."""
    decision = state.decision(fork.seat) if state is not None else None
    out = []
    for b in fork.branches:
        win_lo, win_hi = b.win_interval
        vp, vp_lo, vp_hi = b.vp
        m, m_lo, m_hi = b.margin
        out.append({
            _t("fork_col_rank", lang): str(b.rank),
            _t("fork_col_choice", lang): action_label(fork.game, b.action, lang, decision),
            _t("fork_col_playouts", lang): str(b.playouts),
            _t("fork_col_wins", lang): _t("fork_range", lang, x=_pct(b.win_rate, lang),
                                          lo=_pct(win_lo, lang), hi=_pct(win_hi, lang)),
            _t("fork_col_vp", lang, fork.game): _t("fork_range", lang, x=_num(vp, lang),
                                                   lo=_num(vp_lo, lang), hi=_num(vp_hi, lang)),
            _t("fork_col_margin", lang, fork.game): _t("fork_range", lang, x=_num(m, lang),
                                                       lo=_num(m_lo, lang), hi=_num(m_hi, lang)),
            _t("fork_col_versus", lang): _verdict(b, lang, fork.game),
        })
    return out


def table_html(fork: Fork, lang: str = "en", state: GameState | None = None) -> str:
    """The ranked table (HTML, class ``gamekit-fork``) with a caption saying who decides, how
    many playouts, and how the recorded line ended."""
    table = rows(fork, lang, state)
    head = "".join(f"<th>{_html.escape(k)}</th>" for k in table[0])
    body = "".join("<tr>" + "".join(f"<td>{_html.escape(v)}</td>" for v in r.values())
                   + "</tr>" for r in table)
    who = CATALOG.text(fork.game, "seat", lang, n=fork.seat + 1)
    caption = _t("fork_caption", lang, who=who, n=fork.branches[0].playouts,
                 level=_pct(fork.branches[0].confidence, lang))
    if fork.recorded is not None:
        scores = ", ".join(f"{CATALOG.text(fork.game, 'seat', lang, n=s + 1)}: {v}"
                           for s, v in enumerate(fork.recorded.scores))
        caption += " " + _t("fork_recorded", lang, scores=scores)
    return (f"<table class='gamekit-fork'><caption>{_html.escape(caption)}</caption>"
            f"<tr>{head}</tr>{body}</table>")
