"""Gaia Project drawings for a game's story: every seat's power cycle (a static Sankey of the
token flows, rulebook "Poder", "9) Ganhando Poder") and the VP race by round. Static SVG (no
plotly.js), so a replay can redraw them at every step of its timeline."""

from __future__ import annotations

from collections import defaultdict

from gamekit import plots
from gamekit.core import CATALOG

from .power_cycle import POWER_CYCLE_COLOURS, leech_charges, power_cycle_data
from .svg_map import G, esc, seat_colour, t


def power_cycle_svg(state, seat: int, lang: str = "en", width: int = 560,
                    height: int = 260) -> str:
    """One seat's power cycle so far (charges split by income, leech and other actions)."""
    data = power_cycle_data(state.flows, seats=[seat], leech=leech_charges(
        state.events), lang=lang)
    title = f"{CATALOG.text(G, 'board.power_cycle', lang)} · {_who_text(state, seat, lang)}"
    if not data["value"]:
        return f"<div class='gaia-power-cycle'><b>{esc(title)}</b>: {t('board.no_power_yet', lang)}</div>"
    return (f"<div class='gaia-power-cycle' data-seat='{seat}'>"
            f"{plots.sankey_svg(data, width=width, height=height, title=title)}"
            f"{_cause_legend(lang)}</div>")


def _cause_legend(lang: str) -> str:
    """The link colours: charges by income, leech and other actions; burns; other moves."""
    items = "".join(
        f"<span style='white-space:nowrap'><span style='display:inline-block;width:10px;"
        f"height:10px;background:{c}'></span> {esc(CATALOG.text('gaia.pc', k, lang))}"
        f"</span>" for k, c in POWER_CYCLE_COLOURS.items())
    return f"<div style='display:flex;gap:10px;flex-wrap:wrap;font-size:11px'>{items}</div>"


def _who_text(state, seat: int, lang: str) -> str:
    text = CATALOG.text(G, "seat", lang, n=seat + 1)
    if state.pl[seat].faction:
        text += " · " + CATALOG.name(G, state.pl[seat].faction, lang)
    return text


def vp_rounds(state) -> list[dict]:
    """VP of every seat at the end of each round so far (round 0: after the set-up)."""
    gained: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for f in state.flows:
        if f.resource != "vp":
            continue
        if f.target == "vp":
            gained[f.round][f.seat] += f.amount
        elif f.source == "vp":
            gained[f.round][f.seat] -= f.amount
    rows, total = [], [0] * state.players
    for r in range(0, state.round + 1):
        for s in range(state.players):
            total[s] += gained[r][s]
        rows.append({"step": str(r), **{f"p{s + 1}": total[s] for s in range(state.players)}})
    return rows


def vp_race_svg(state, lang: str = "en", width: int = 560, height: int = 220) -> str:
    """Each seat's VP at the end of each round (the current round so far)."""
    import pandas as pd

    frame = pd.DataFrame(vp_rounds(state))
    cols = [f"p{s + 1}" for s in range(state.players)]
    return ("<div class='gaia-vp-race'>" + plots.lines_svg(
        frame, cols, labels=[_who_text(state, s, lang) for s in range(state.players)],
        colours=[seat_colour(s) for s in range(state.players)], width=width, height=height,
        title=CATALOG.text(G, "board.vp_race", lang)) + "</div>")


def story_html(state, lang: str = "en") -> str:
    """The VP race and every seat's power cycle, side by side where there is room."""
    cycles = "".join(f"<div style='flex:1 1 480px'>{power_cycle_svg(state, s, lang)}</div>"
                     for s in range(state.players))
    return (f"<div class='gaia-story' style='display:flex;flex-wrap:wrap;gap:8px'>"
            f"<div style='flex:1 1 480px'>{vp_race_svg(state, lang)}</div>{cycles}</div>")


def vp_sources_html(state, lang: str = "en") -> str:
    """Every seat's VP by round and source (the flow ledger, ``plots.vp_by_round_frame``;
    round 0: the set-up and the start, "Fim do Jogo" in the last round), one table per seat
    with a total row; every source and heading named by the catalog."""
    parts = []
    for s in range(state.players):
        frame = plots.vp_by_round_frame(state.flows, s)
        if frame.empty:
            continue
        cols = list(frame.columns)
        head = "".join(f"<th>{esc(CATALOG.name(G, c, lang))}</th>" for c in cols)
        body = "".join(
            f"<tr><th>{esc(CATALOG.text(G, 'ui.round', lang, n=r))}</th>"
            + "".join(f"<td>{int(frame.at[r, c])}</td>" for c in cols)
            + f"<td><b>{int(frame.loc[r].sum())}</b></td></tr>" for r in frame.index)
        total = "".join(f"<td><b>{int(frame[c].sum())}</b></td>" for c in cols)
        parts.append(
            f"<table class='gaia-vp-sources' data-seat='{s}' style='border-collapse:collapse;"
            f"font-size:12px;margin:4px 0'><caption style='text-align:left'>"
            f"{esc(CATALOG.text(G, 'board.vp_sources', lang))} · {esc(_who_text(state, s, lang))}"
            f"</caption><tr><th></th>{head}<th>{t('board.total', lang)}</th></tr>{body}"
            f"<tr><th>{t('board.total', lang)}</th>{total}<td><b>{int(frame.values.sum())}</b>"
            f"</td></tr></table>")
    return "<div class='gaia-vp-sources-all'>" + "".join(parts) + "</div>"


__all__ = ["power_cycle_svg", "vp_race_svg", "vp_rounds", "story_html", "vp_sources_html"]
