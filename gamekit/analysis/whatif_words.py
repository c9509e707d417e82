"""The what-if answer in words (English and Brazilian Portuguese, the ``analysis`` catalog):
"Take the Zeppelin: wins 46 % (40–52 %) against 31 % for the next best (Airship), mainly from
4.0 more VP from Krystallium", or "Close call" with the reason instead of a ranking."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ..core import Action
from .labels import _name, text

__all__ = ["verdict", "method_note"]


def _pct(x: float) -> str:
    return f"{100 * x:.0f} %"


def _vp(x: float, lang: str) -> str:
    shown = f"{x:.1f}"
    return shown.replace(".", ",") if lang == "pt" else shown


def verdict(table: Any, lang: str = "en", label: Callable[[Action], str] = str) -> str:
    """One or two sentences: the ranked best option and why, or a close call and why.
    ``label`` names an option (default: its text form; front-ends pass their button label)."""
    attrs = table.attrs
    rows = table.to_dict("records")
    best = rows[0]
    option = label(best["option"])
    if attrs["verdict"] == "only":
        return text("whatif.verdict.only", lang, option=option)
    budget = attrs.get("budget") or attrs["seconds"]
    seconds = f"{budget:g}".replace(".", ",") if lang == "pt" else f"{budget:g}"
    if attrs["reason"] == "partial":  # not every option played once: no comparison to make
        return text("whatif.verdict.partial", lang, seconds=seconds, count=len(rows),
                    done=sum(1 for r in rows if r["rollouts"]))
    second = rows[1]
    other = label(second["option"])
    if attrs["verdict"] == "ranked":
        why = _why(best, second, attrs.get("game"), lang)
        if round(best["win_rate"], 2) == round(second["win_rate"], 2):
            return text("whatif.verdict.ranked_vp", lang, option=option, other=other,
                        win=_pct(best["win_rate"]),
                        vp=_vp(best["margin"] - second["margin"], lang), why=why)
        return text("whatif.verdict.ranked", lang, option=option, other=other,
                    win=_pct(best["win_rate"]), low=_pct(best["win_low"]),
                    high=_pct(best["win_high"]), next=_pct(second["win_rate"]), why=why)
    racing = [r for r in rows if r["in_race"]]
    reason = text("whatif.reason." + attrs["reason"], lang, n=attrs["rollouts"],
                  seconds=seconds)
    return text("whatif.verdict.close", lang, count=len(racing), option=option, other=other,
                win=_pct(best["win_rate"]), low=_pct(best["win_low"]),
                high=_pct(best["win_high"]), next=_pct(second["win_rate"]), reason=reason)


def _why(best: dict, second: dict, game: str | None, lang: str) -> str:
    """", mainly from 4.0 more VP from <source>": the VP source whose mean grew most."""
    gains = {s: v - second["vp"].get(s, 0.0) for s, v in best["vp"].items()}
    if not gains or game is None:
        return ""
    source, gain = max(sorted(gains.items()), key=lambda kv: kv[1])
    if not gain >= 0.5 or math.isnan(gain):
        return ""
    head, _, detail = source.partition(":")  # "per_type:structure": the structure cards
    shown = (_name(game, source, lang) or (detail and _name(game, detail, lang))
             or _name(game, head, lang) or source.replace("_", " "))
    return text("whatif.verdict.why", lang, vp=_vp(gain, lang), source=shown)


def method_note(table: Any, lang: str = "en") -> str:
    """How the answer was reached: rollouts per option, to the end or a horizon, time used."""
    attrs = table.attrs
    key = "whatif.method" if attrs.get("horizon") is None else "whatif.method_horizon"
    return text(key, lang, n=attrs["rollouts"], seconds=_vp(attrs["seconds"], lang),
                horizon=attrs.get("horizon"))
