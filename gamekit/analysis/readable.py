"""Tables for people: the ``stats`` tables turned into what a reader expects on a page.

Rates as percentages with their 95 % interval ("41 % (35–47 %)"), VP with one decimal in the
page's language ("52,3" in Portuguese), the number of games beside every figure, no index
column, no True/False/NaN ("—" for what is not there), seats from 1, and a sentence under each
table saying what it shows and whether a difference is real (interval overlap / Welch
interval excluding 0, ``gamekit.stats``)."""

from __future__ import annotations

import html as _html
import math
from collections.abc import Sequence
from typing import Any

import pandas as pd

from ..stats import MIN_GAMES
from .labels import column_label, labelled, text, value_label

__all__ = ["Shown", "percent", "number", "rate_interval", "mean_interval", "win_rows",
           "seat_rows", "difference_rows", "vp_rows", "preview_rows", "unit"]


#: a table people read: a line under the header, rows apart, figures aligned right
TABLE_CSS = """<style>
.gamekit-shown{margin:6px 0 14px;max-width:1240px;overflow-x:auto}
.gamekit-shown table.gamekit-table{border-collapse:collapse;font-size:13px;line-height:1.35}
.gamekit-shown .gamekit-table th{text-align:left;border-bottom:2px solid #888;padding:4px 10px;
 font-weight:600;vertical-align:bottom}
.gamekit-shown .gamekit-table td{padding:3px 10px;border-bottom:1px solid #e3e3e3;
 font-variant-numeric:tabular-nums;white-space:nowrap}
.gamekit-shown .gamekit-table tr:nth-child(even) td{background:#f7f8fa}
.gamekit-shown .gamekit-note{margin:6px 0 0;color:#333;font-style:italic;max-width:900px;
 line-height:1.4}
</style>"""


class Shown(pd.DataFrame):
    """A table as a page shows it: no index column, "—" for missing cells, its ``note`` (a
    sentence saying what the table means) underneath."""

    _metadata = ["note"]
    note: str = ""

    @property
    def _constructor(self):
        return Shown

    def _repr_html_(self) -> str:
        table = self.to_html(index=False, na_rep="—", classes="gamekit-table", border=0,
                             justify="left")
        note = f"<p class='gamekit-note'>{_html.escape(self.note)}</p>" if self.note else ""
        return f"{TABLE_CSS}<div class='gamekit-shown'>{table}{note}</div>"


def _missing(x: Any) -> bool:
    return x is None or x is pd.NA or (isinstance(x, float) and math.isnan(x))


def number(x: Any, lang: str = "en", digits: int = 1, sign: bool = False) -> str:
    """``x`` with ``digits`` decimals, a decimal comma in Portuguese; "—" when missing."""
    if _missing(x):
        return "—"
    out = f"{float(x):+.{digits}f}" if sign else f"{float(x):.{digits}f}"
    return out.replace(".", ",") if lang == "pt" else out


def percent(x: Any, lang: str = "en") -> str:
    """A rate as a whole percentage: "41 %"."""
    return "—" if _missing(x) else f"{round(float(x) * 100)} %"


def rate_interval(rate: Any, low: Any, high: Any, lang: str = "en") -> str:
    """"41 % (35–47 %)"."""
    if _missing(low) or _missing(high):
        return percent(rate, lang)
    return f"{percent(rate, lang)} ({round(float(low) * 100)}–{percent(high, lang)})"


def mean_interval(mean: Any, low: Any, high: Any, lang: str = "en", sign: bool = False) -> str:
    """"52.3 (50.1–54.5)" ("52,3 (50,1–54,5)" in Portuguese)."""
    if _missing(low) or _missing(high):
        return number(mean, lang, sign=sign)
    return f"{number(mean, lang, sign=sign)} ({number(low, lang)}–{number(high, lang)})"


def unit(game: str, lang: str = "en") -> str:
    """What the game's score counts ("VP"; Blue Moon City's offerings)."""
    key = f"unit@{game}"
    return text(key if _has(key) else "unit", lang)


def _has(key: str) -> bool:
    from ..core import CATALOG

    return CATALOG.has("analysis", key)


def _sentence(words: str) -> str:
    """A sentence starts with a capital ("Bot heurístico vence…")."""
    return words[:1].upper() + words[1:]


def _shown(frame: pd.DataFrame, game: str, lang: str, note: str) -> Shown:
    out = Shown(labelled(frame, game, lang).reset_index(drop=True))
    out.note = note
    return out


def _group(row: Any, cols: Sequence[str], game: str, lang: str) -> str:
    return " / ".join(str(value_label(game, row[c], lang, c)) for c in cols)


def win_rows(table: pd.DataFrame, by: str | Sequence[str], game: str, lang: str = "en",
             min_games: int = MIN_GAMES, games: str = "games") -> Shown:
    """A ``win_table`` (or ``card_table``: ``games="built"``) for people: group, games, wins,
    win rate with interval, mean VP with interval, rank ("—" under ``min_games``), and a
    sentence saying whether the best group is really ahead."""
    cols = [by] if isinstance(by, str) else list(by)
    if table.empty:
        return _shown(pd.DataFrame(columns=[*cols, games]), game, lang, text("no_rows", lang))
    out = table[[*cols, games, "wins"]].copy()
    out["win_rate"] = [rate_interval(r, lo, hi, lang) for r, lo, hi
                       in zip(table["win_rate"], table["win_low"], table["win_high"], strict=True)]
    out["vp_mean"] = [mean_interval(m, max(lo, 0.0) if m >= 0 else lo, hi, lang) for m, lo, hi
                      in zip(table["vp_mean"], table["vp_low"], table["vp_high"], strict=True)]
    out["rank"] = [("—" if _missing(r) else str(int(r))) for r in table["rank"]]
    return _shown(out, game, lang, _win_note(table, cols, game, lang, min_games, games))


def _win_note(table: pd.DataFrame, cols: Sequence[str], game: str, lang: str,
              min_games: int, games: str) -> str:
    head = (text("note.cards", lang, unit=unit(game, lang)) if games == "built" else
            text("note.win", lang, n=int(table[games].sum()), unit=unit(game, lang)))
    ranked = table[table["rank"].notna()].sort_values("win_low", ascending=False)
    if len(ranked) < 2:
        return f"{head} {text('note.too_few', lang, n=min_games)}"
    best, second = ranked.iloc[0], ranked.iloc[1]
    names = {"best": _group(best, cols, game, lang), "second": _group(second, cols, game, lang)}
    clear = best["win_low"] > ranked.iloc[1:]["win_high"].max()
    verdict = _sentence(text("note.real" if clear else "note.overlap", lang, **names))
    unranked = text("note.unranked", lang, n=min_games) if len(ranked) < len(table) else ""
    return " ".join(s for s in (head, verdict, unranked) if s)


def seat_rows(table: pd.DataFrame, game: str, lang: str = "en") -> Shown:
    """A ``seat_table`` for people: seat (from 1), games, wins, win rate with interval, the
    rate expected if seats made no difference, and a sentence on the seat-order effect."""
    if table.empty:
        return _shown(pd.DataFrame(columns=["seat"]), game, lang, text("no_rows", lang))
    out = table[["seat", "games", "wins"]].copy()
    out["win_rate"] = [rate_interval(r, lo, hi, lang) for r, lo, hi
                       in zip(table["win_rate"], table["win_low"], table["win_high"], strict=True)]
    out["expected"] = [percent(e, lang) for e in table["expected"]]
    expected = percent(table["expected"].iloc[0], lang)
    off = table[table["effect"]]
    if off.empty:
        note = text("note.no_seat_effect", lang, expected=expected,
                    n=int(table["games"].iloc[0]))
    else:
        row = off.iloc[0]
        note = text("note.seat_effect", lang, seat=int(row["seat"]) + 1, expected=expected,
                    rate=rate_interval(row["win_rate"], row["win_low"], row["win_high"], lang))
    return _shown(out, game, lang, note)


def difference_rows(row: dict[str, Any], by: str, a: Any, b: Any, game: str,
                    lang: str = "en") -> Shown:
    """A ``vp_difference`` for people: what is compared, the difference of mean VP with its
    interval, the games on each side, and whether the difference is real."""
    names = {"a": value_label(game, a, lang, by), "b": value_label(game, b, lang, by)}
    out = pd.DataFrame([{
        "comparison": text("compare", lang, **names),
        "difference": mean_interval(row["difference"], row["low"], row["high"], lang, True),
        "games_a": row["games_a"], "games_b": row["games_b"]}])
    key = "note.diff_real" if row["significant"] else "note.diff_unclear"
    more = "more" if row["difference"] >= 0 else "less"
    note = _sentence(text(key, lang, **names, d=number(abs(row["difference"]), lang),
                          unit=unit(game, lang), more=text(more, lang)))
    shown = _shown(out, game, lang, note)
    return shown.rename(columns={column_label(game, "games_a", lang):
                                 text("games_of", lang, who=names["a"]),
                                 column_label(game, "games_b", lang):
                                 text("games_of", lang, who=names["b"])})


def vp_rows(table: pd.DataFrame, counts: pd.Series, game: str, lang: str = "en") -> Shown:
    """Mean VP per source (columns) per group (index), with the games of each group."""
    out = table.copy()
    for col in out.columns:
        out[col] = [number(v, lang) for v in out[col]]
    out.insert(0, "games", counts.reindex(out.index).to_numpy())
    out = out.reset_index()
    return _shown(out, game, lang, text("note.vp", lang, unit=unit(game, lang)))


def preview_rows(frame: pd.DataFrame, game: str, lang: str = "en") -> Shown:
    """The first rows of a frame: one row per seat per game, games counted from 1."""
    out = frame.copy()
    if "game_index" in out:
        out["game_index"] = out["game_index"] + 1
    return _shown(out, game, lang, text("note.preview", lang))
