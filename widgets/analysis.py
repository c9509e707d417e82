"""Analysis of simulated games for the ``analyse`` notebooks: ``gamekit.simulate`` frames,
honest tables (rates with intervals, small groups not ranked, VP differences, seat order) and
figures, all labelled in the reader's language (``gamekit.analysis``). While games run, a
widget progress bar shows (never a text bar: the pages are served by Voilà)."""

from __future__ import annotations

import html as _html
import re
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W
import pandas as pd

from gamekit import analysis, simulate
from gamekit.analysis import readable, stored
from gamekit.analysis.stored import built_cards
from gamekit.core import get
from gamekit.stats import MIN_GAMES

from .figure_view import drawn_later, figure_view, redraw
from .i18n import LANGUAGE_CHOICES
from .ready import preheated

__all__ = ["Analysis", "summary", "ProgressBar"]

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def summary(frame: pd.DataFrame, by: str | Sequence[str]) -> pd.DataFrame:
    """Seats, win rate with its Wilson interval and VP (mean, std, min, max) grouped by
    column(s) ``by``, best win rate first."""
    cols = [by] if isinstance(by, str) else list(by)
    table = analysis.win_table(frame, cols, min_games=0).set_index(cols)
    g = frame.groupby(cols, dropna=False)["score"]
    out = pd.DataFrame({
        "seats": table["games"],
        "win_rate": table["win_rate"].round(3),
        "win_low": table["win_low"].round(3),
        "win_high": table["win_high"].round(3),
        "vp_mean": g.mean().round(1),
        "vp_std": g.std().round(1),
        "vp_min": g.min(),
        "vp_max": g.max(),
    })
    return out.sort_values("win_rate", ascending=False)


class ProgressBar(W.HBox):
    """A widget progress bar with a localized caption; ``update(done, total)`` is the
    ``progress`` function ``gamekit.simulate`` calls."""

    def __init__(self, game: str, lang: str = "en"):
        self.game = game
        self.lang = lang
        self.bar = W.IntProgress(min=0, max=1, value=0, layout=W.Layout(width="300px"))
        self.caption = W.HTML()
        super().__init__([self.bar, self.caption])
        self.add_class("gamekit-progress")

    def update(self, done: int, total: int) -> None:
        self.bar.max = max(1, total)
        self.bar.value = done
        key = "done" if done >= total else "progress"
        title = get(self.game).state.title
        self.caption.value = analysis.text(key, self.lang, done=done, total=total,
                                           game=title.get(self.lang) or title.get("en"))


class Analysis:
    """``n`` simulated games per option set (e.g. per empire side), one frame for all.

    ``progress``: a widget bar displayed while the games run (``True``), or none. ``lang``:
    the language of the tables and figures (``en`` or ``pt``). ``frame``: games already
    played (Gaia Project's ``survey``, say): shown as they are, none run. ``study``: the
    seeded games stored with the package (``gamekit.analysis.stored``): the page opens on
    them, none run, and ``more()`` plays further games of the same series on demand."""

    def __init__(self, game: str, n: int = 40, players: int | None = None,
                 agents: Sequence[str] | None = None, seed: int = 0,
                 variants: dict[str, dict[str, Any]] | None = None, progress: bool = True,
                 lang: str = "en", frame: pd.DataFrame | None = None, study: str | None = None):
        info = get(game)
        self.study = stored.STUDIES[(game, study)] if study is not None else None
        if self.study is not None:
            frame = stored.load(game, study)
            n, seed, players = self.study.n, self.study.seed, self.study.players
            agents, variants = self.study.agents, self.study.variants
        self.game = game
        self.lang = lang
        self._switch: W.ToggleButtons | None = None
        self._renderers: list[Callable[[], None]] = []
        self._linked: list[Analysis] = []
        self.players = players or info.default_players
        self.agents = tuple(agents or ("random",) * self.players)
        self.n = n
        self.seed = seed
        self.variants = variants or {"": {}}
        self._derived: list[tuple[Analysis, Callable[[pd.DataFrame], pd.DataFrame]]] = []
        self._owner: Analysis | None = None  # the analysis whose switch this one follows
        self.progress = ProgressBar(game, lang) if progress and frame is None else None
        if frame is not None:
            self.frame = frame
            return
        if self.progress is not None:
            from IPython.display import display

            display(self.progress)
        frames = []
        for label, options in self.variants.items():
            f = simulate(game, self.agents, n=n, seed=seed, players=self.players,
                         options=options, progress=self._report(len(frames)),
                         columns=built_cards)
            if label:
                f["variant"] = label
            frames.append(f)
        self.frame = pd.concat(frames, ignore_index=True)

    # ------------------------------------------------------------------ language
    def language(self) -> W.ToggleButtons:
        """The page's one language switch: every table and figure shown through ``show``
        follows it."""
        if self._switch is None:
            self._switch = W.ToggleButtons(options=LANGUAGE_CHOICES, value=self.lang)
            self._switch.add_class("gamekit-language")
            self._switch.observe(lambda c: self.set_lang(c["new"]), names="value")
        return self._switch

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        for other in self._linked:
            other.lang = lang
        if self._switch is not None and self._switch.value != lang:
            self._switch.value = lang
        for render in self._renderers:
            render()

    def link(self, *others: Analysis) -> None:
        """Other analyses of the same page follow this one's language switch."""
        for other in others:
            other.lang = self.lang
            other._owner = self
            self._linked.append(other)

    def derive(self, make: Callable[[pd.DataFrame], pd.DataFrame]) -> Analysis:
        """An analysis of part of this one's games (``make(frame)``; the same bots and seed, so
        its prose names them), linked to its language switch and made again when ``more()``
        adds games."""
        other = Analysis(self.game, players=self.players, agents=self.agents, seed=self.seed,
                         lang=self.lang, frame=make(self.frame))
        self._derived.append((other, make))
        self.link(other)
        return other

    @property
    def _page(self) -> Analysis:
        """The analysis whose language switch draws this one's prose, tables and figures."""
        return self._owner or self

    def facts(self) -> dict[str, Any]:
        """What the prose may name, in the page's language: ``games`` (in the frame), ``seed``,
        ``bots`` (the study's bots by name, a list: ``{bots:and}``) and ``bot`` (the first of
        them, whose seats the tables follow); never a bot's raw id."""
        games = self.frame.drop_duplicates(["game_index"] + (
            ["variant"] if "variant" in self.frame else [])).shape[0]
        bots = list(dict.fromkeys(
            str(analysis.value_label(self.game, a, self.lang, "agent")) for a in self.agents))
        return {"games": games, "seed": self.seed, "bots": bots, "bot": bots[0]}

    def note(self) -> W.HTML:
        """A sentence saying where the figures come from (games, seed, the bots that played)."""
        box = W.HTML()
        box.add_class("gamekit-prose")

        def render() -> None:
            words = analysis.text("stored_note", self.lang, **self.facts())
            box.value = f"<p><i>{_html.escape(words)}</i></p>"

        self._page._renderers.append(render)
        render()
        return box

    def more(self, count: int = 20) -> W.VBox:
        """A button that plays ``count`` more games of the stored series (the next seeds),
        adds them to the page's frame and draws every table and figure again."""
        if self.study is None:
            raise ValueError("more() needs the games of a stored study (study=...)")
        button = W.Button(layout=W.Layout(width="auto"))
        button.add_class("gamekit-more")
        bar = ProgressBar(self.game, self.lang)
        bar.layout.display = "none"

        def label() -> None:
            button.description = analysis.text("play_more", self.lang, count=count)
            bar.lang = self.lang

        def run(_button: Any) -> None:
            button.disabled = True
            bar.layout.display = None
            first = int(self.frame["game_index"].max()) + 1
            extra = stored.run(self.study, n=count, first=first, progress=bar.update)
            self.frame = stored.combine(self.frame, extra)
            self.n = first + count
            for other, make in self._derived:
                other.frame = make(self.frame)
            self._page.set_lang(self._page.lang)  # every table and figure again, with the new games
            button.disabled = False

        button.on_click(run)
        self._page._renderers.append(label)
        label()
        return W.VBox([button, bar])

    def say(self, key: str, heading: bool = False) -> W.HTML:
        """A paragraph (or a section ``heading``) of the page's prose, ``page.<game>.<key>``
        in the ``analysis`` catalog, in the page's language at every switch; it may name this
        analysis's ``facts`` (``{bot}``, ``{bots:and}``, ``{games}``, ``{seed}``). ``**words**``
        are shown bold."""
        box = W.HTML()
        box.add_class("gamekit-prose")

        def render() -> None:
            full = f"page.{key}" if key.startswith("common.") else f"page.{self.game}.{key}"
            words = _html.escape(analysis.text(full, self.lang, **self.facts()))
            words = _BOLD.sub(r"<b>\1</b>", words)
            box.value = f"<h2>{words}</h2>" if heading else f"<p>{words}</p>"

        self._page._renderers.append(render)
        render()
        return box

    def heading(self, key: str) -> W.HTML:
        """A section title of the page's prose (``say(key, heading=True)``)."""
        return self.say(key, heading=True)

    def show(self, make: Callable[[], Any]) -> W.Box:
        """A widget showing ``make()`` — a table (``self.table(...)``) or a figure
        (``self.win_rate(...)``) — made again in the page's language at every switch."""
        box = W.VBox()

        def render() -> None:
            shown = make()
            if isinstance(shown, readable.Shown):
                box.children = (W.HTML(shown._repr_html_()),)
            elif isinstance(shown, pd.DataFrame):
                box.children = (W.HTML(readable.Shown(shown)._repr_html_()),)
            elif hasattr(shown, "to_plotly_json"):
                # the figure's JSON in an Output widget (figure_view: no 5 MB plotly.js per
                # figure); redrawn in place at a language switch, no model left behind
                old = box.children[0] if box.children else None
                if isinstance(old, W.Output):
                    redraw(old, shown)
                elif preheated():  # the page answers first, its figures follow
                    box.children = drawn_later(shown)
                else:
                    box.children = (figure_view(shown),)
            else:
                box.children = (W.HTML(f"<p>{_html.escape(str(shown))}</p>"),)

        self._page._renderers.append(render)
        render()
        return box

    def _report(self, part: int):
        if self.progress is None:
            return False
        total = self.n * len(self.variants)
        return lambda done, _n: self.progress.update(part * self.n + done, total)

    # ------------------------------------------------------------------ numbers (raw)
    def stats(self, by: str | Sequence[str], min_games: int = MIN_GAMES) -> pd.DataFrame:
        """``gamekit.stats.win_table``: win rate and VP with intervals; groups with fewer than
        ``min_games`` seats are listed but not ranked."""
        return analysis.win_table(self.frame, by, min_games=min_games)

    # ------------------------------------------------------------------ tables (shown)
    def preview(self, columns: Sequence[str] = ("game_index", "seat", "agent", "score",
                                                "winner"), rows: int = 6) -> readable.Shown:
        """The first rows of the frame (a few columns), labelled for the page."""
        cols = [c for c in columns if c in self.frame]
        return readable.preview_rows(self.frame[cols].head(rows), self.game, self.lang)

    def table(self, by: str | Sequence[str], min_games: int = MIN_GAMES) -> readable.Shown:
        """The ``stats`` table for people: rates as "41 % (35–47 %)", games beside every
        figure, a sentence saying whether the leader is really ahead."""
        return readable.win_rows(self.stats(by, min_games), by, self.game, self.lang, min_games)

    def seats(self) -> readable.Shown:
        """Seat-order effect: win rate per seat beside the rate if seats made no difference."""
        return readable.seat_rows(analysis.seat_table(self.frame), self.game, self.lang)

    def difference(self, by: str, a: Any, b: Any) -> readable.Shown:
        """Mean VP of group ``a`` minus group ``b`` with a Welch interval (one row)."""
        row = analysis.vp_difference(self.frame, by, a, b)
        return readable.difference_rows(row, by, a, b, self.game, self.lang)

    def games_needed(self, margin: float = 0.05, rate: float = 0.5) -> str:
        """How many games pin a win rate near ``rate`` to ±``margin``, as a sentence."""
        return analysis.games_needed_text(margin, rate, self.lang)

    def vp_table(self, by: str | Sequence[str], merge: bool = True) -> readable.Shown:
        """Mean VP by source grouped by column(s) ``by`` (detailed sources merged per kind),
        with the seats of each group."""
        counts = self.frame.groupby(by, dropna=False).size()
        return readable.vp_rows(analysis.vp_sources(self.frame, by, merge), counts,
                                self.game, self.lang)

    def sources(self, merge: bool = True) -> pd.DataFrame:
        """The frame, with the ``vp_<kind>:<detail>`` columns added up per kind if ``merge``."""
        return analysis.tables.merged(self.frame) if merge else self.frame

    def cards(self, top: int = 15, min_built: int = MIN_GAMES) -> readable.Shown:
        """Cards by the win rate of the seats that built them (lower bound first); cards
        built fewer than ``min_built`` times are not ranked and not shown here."""
        if "cards" not in self.frame:
            return readable.win_rows(pd.DataFrame(), "card", self.game, self.lang)
        table = analysis.card_table(self.frame, "cards", min_games=min_built)
        table = table[table["rank"].notna()].head(top).reset_index(drop=True)
        return readable.win_rows(table, "card", self.game, self.lang, min_built, games="built")

    # ------------------------------------------------------------------ figures
    def win_rate(self, by: str | Sequence[str], title: str = "", min_games: int = MIN_GAMES):
        return analysis.win_rate_figure(self.stats(by, min_games), by, self.game, self.lang,
                                        title)

    def vp(self, by: str, title: str = "", column: str = "score"):
        """Final VP (or ``column``) per group of ``by``, as boxes."""
        return analysis.vp_box_figure(self.frame, by, self.game, self.lang, title, column)

    def histogram(self, column: str, by: str, title: str = ""):
        """How many games had each value of ``column`` (one row per game), stacked by ``by``."""
        games = self.frame.drop_duplicates("game_index")
        return analysis.figures.histogram_figure(games, column, by, self.game, self.lang, title)

    def vp_sources(self, by: str, title: str = "", merge: bool = True):
        return analysis.vp_sources_figure(self.frame, by, self.game, self.lang, title, merge)
