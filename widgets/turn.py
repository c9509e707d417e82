"""Above the board: the turn banner (whose turn, what to decide) and a panel per seat (score,
holdings, the active marker) with a score track. Generic: every number comes from the engine
contract (``to_move``, ``decision``, ``scores``, ``holdings`` of the seat's view)."""

from __future__ import annotations

import html as _html
from typing import Any

import ipywidgets as W

from gamekit.core import CATALOG, GameState

from .decision import seat_name
from .i18n import game_ui, ui
from .session import Session

__all__ = ["TurnBanner", "PlayerPanels", "banner_text", "SEAT_COLOURS"]

#: seat colours of the panels and the score track (a number is written beside each colour)
SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")

CSS = """
<style>
.gamekit-banner { font-size: 15px; font-weight: 600; padding: 6px 10px; border-radius: 6px;
  background: #eef3fb; border-left: 5px solid #1f77b4; margin: 4px 0; }
.gamekit-banner.gk-yours { background: #fff4d6; border-left-color: #ffb300; }
.gamekit-banner.gk-over { background: #e9f7ee; border-left-color: #2ca02c; }
.gamekit-banner small { font-weight: 400; color: #555; margin-left: 6px; }
.gamekit-players { display: flex; flex-wrap: wrap; gap: 6px; align-items: stretch; }
.gamekit-player { border: 1px solid #d0d4da; border-radius: 6px; padding: 3px 8px;
  font-size: 12px; min-width: 130px; border-top-width: 4px; }
.gamekit-player.gk-active { box-shadow: 0 0 0 2px #ffb300; }
.gamekit-player .gk-who { font-weight: 700; }
.gamekit-player .gk-vp { font-weight: 700; float: right; margin-left: 8px; }
.gamekit-player .gk-hold { color: #333; }
.gamekit-track { position: relative; margin: 6px 24px 4px 14px; border-left: 2px solid #999;
  border-right: 2px solid #999; }
.gamekit-track .gk-lane { position: relative; height: 14px; border-bottom: 1px dashed #ccc; }
.gamekit-track .gk-tok { position: absolute; top: 0; width: 14px; height: 14px;
  margin-left: -7px; border-radius: 50%; color: #fff; font-size: 9px; text-align: center;
  line-height: 14px; font-weight: 700; border: 1px solid #000; box-sizing: border-box; }
.gamekit-track .gk-end { position: absolute; right: -22px; top: 0; font-size: 10px;
  color: #666; }
</style>
"""


def _who_list(game: str, seats: list[int], lang: str) -> str:
    return ", ".join(seat_name(game, s, lang) for s in seats)


def banner_text(session: Session, lang: str = "en") -> tuple[str, str]:
    """The banner's words and its CSS class: the person's turn and question, who is thinking,
    or who won."""
    state = session.state
    game = session.game
    seats = list(state.to_move())
    if not seats:
        res = state.result()
        who = _who_list(game, list(res.winners), lang)
        return ui("banner_over", lang, who=who, score=res.scores[res.winners[0]]), "gk-over"
    seat = session.acting_seat()
    if seat is not None:
        d = state.decision(seat)
        q = d.question(lang)
        if session.human is not None and seat == session.human:
            text = ui("banner_yours", lang, question=q)
            cls = "gk-yours"
        else:
            text = ui("banner_decides", lang, who=seat_name(game, seat, lang), question=q)
            cls = ""
        if d.secret:
            text += " — " + ui("banner_secret", lang)
        return text, cls
    others = [s for s in seats if s != session.human]
    return ui("banner_thinking", lang, who=_who_list(game, others, lang), n=len(others)), ""


class TurnBanner(W.HTML):
    """One line: "Your turn: choose a card to draft — secret" / "Player 2 is thinking…";
    with ``players=True`` the seats' panels and the score track below it, in the same widget
    (a click changes both: one message to the page instead of two). Its style (``CSS``) is in
    the page once, not in every value a click sends."""

    def __init__(self, players: bool = False, **kw: Any):
        super().__init__(**kw)
        self.with_players = players
        self.add_class("gamekit-banner-box")

    def show(self, session: Session, lang: str = "en", shown: GameState | None = None) -> None:
        """The banner (and the panels) of ``session`` (``shown``: the person's view of the
        state, if already made)."""
        text, cls = banner_text(session, lang)
        hint = ""
        if cls == "gk-yours":
            hint = f"<small>{_html.escape(ui('banner_click', lang))}</small>"
        value = (f"<div class='gamekit-banner {cls}' role='status'>"
                 f"{_html.escape(text)}{hint}</div>")
        if self.with_players:
            value += players_html(session, lang, shown)
        if value != self.value:
            self.value = value


def _holdings(state: GameState, seat: int, lang: str) -> str:
    """``Hand 7 · Crystals 2`` from the seat's holdings (``?`` where hidden; one resource kept
    in several places reads ``Token 6/4``; the score is shown apart)."""
    found: dict[str, list[str]] = {}
    for (place, res), n in state.holdings(seat).items():
        if place == "vp" or (n == 0 and place != "hand"):
            continue
        label = CATALOG.name(state.game, place if res in ("card", "vp") else res, lang)
        found.setdefault(label[:1].upper() + label[1:], []).append("?" if n is None else str(n))
    return " · ".join(f"{_html.escape(k)} {'/'.join(v)}" for k, v in found.items())


def players_html(session: Session, lang: str = "en", shown: GameState | None = None) -> str:
    """A panel per seat and the score track below them (``shown``: the person's view of the
    state, if already made)."""
    state = session.state
    if shown is None:
        shown = state if session.human is None else state.view(session.human)
    scores = state.scores()
    active = set(state.to_move())
    panels = []
    for seat in range(state.players):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        name = seat_name(state.game, seat, lang)
        if seat == session.human:
            name += f" ({ui('you', lang)})"
        mark = f" · {ui('panel_active', lang)}" if seat in active else ""
        vp = game_ui("panel_score", state.game, lang, n=scores[seat]["total"])
        cls = "gamekit-player gk-active" if seat in active else "gamekit-player"
        panels.append(
            f"<div class='{cls}' data-seat='{seat}' style='border-top-color:{colour}'>"
            f"<span class='gk-who' style='color:{colour}'>{_html.escape(name)}</span>"
            f"<span class='gk-vp'>{_html.escape(vp)}</span><br>"
            f"<span class='gk-hold'>{_holdings(shown, seat, lang)}"
            f"{_html.escape(mark)}</span></div>")
    return (f"<div class='gamekit-players'>{''.join(panels)}</div>"
            f"{track_html(state.game, {s: b['total'] for s, b in scores.items()}, lang)}")


def track_html(game: str, totals: dict[int, int], lang: str = "en") -> str:
    """A lane per seat from 0 to the leader's score (at least 10), the seat's numbered token
    at its score."""
    top = max([10, *totals.values()])
    lanes = []
    for seat, n in sorted(totals.items()):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        tip = f"{seat_name(game, seat, lang)}: {game_ui('panel_score', game, lang, n=n)}"
        lanes.append(f"<div class='gk-lane'><span class='gk-tok' data-seat='{seat}' "
                     f"title='{_html.escape(tip, quote=True)}' style='left:"
                     f"{100 * max(n, 0) / top:.1f}%;background:{colour}'>{seat + 1}</span></div>")
    label = _html.escape(ui("score_track", lang))
    return (f"<div class='gamekit-track' role='img' aria-label='{label}'>{''.join(lanes)}"
            f"<span class='gk-end'>{top}</span></div>")


class PlayerPanels(W.HTML):
    """Every seat's panel (score, holdings, deciding) and the score track."""

    def __init__(self, **kw: Any):
        super().__init__(**kw)
        self.add_class("gamekit-players-box")

    def show(self, session: Session, lang: str = "en") -> None:
        value = players_html(session, lang)
        if value != self.value:
            self.value = value
