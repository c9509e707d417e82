"""The front door (``notebooks/index.ipynb``): every registered game with a picture of its
board drawn by the game's own renderer (the opening position, scaled down), players and
length, and "Learn it" → "Play it" → "Analyse it" links in that order; one language switch
for the whole page; the Binder links. Broken game packages are skipped."""

from __future__ import annotations

import html as _html
from functools import lru_cache
from pathlib import Path

import ipywidgets as W

from gamekit.core import available, get, new

from .i18n import LANGUAGE_CHOICES, ui

__all__ = ["games", "games_table", "page", "front", "front_html", "front_document", "card_html",
           "BINDER"]

#: the notebooks a game may have, in the order a newcomer takes them (a replay is extra)
STEPS = ("learn", "play", "analyse", "replay")

#: the public Binder of the repository (the README's badge)
BINDER = "https://mybinder.org/v2/gh/OWNER/gamekit/HEAD?urlpath=voila%2Frender%2Fnotebooks%2F"

_CSS = """<style>
.gamekit-home{display:flex;flex-wrap:wrap;gap:14px;max-width:1260px}
.gamekit-home .gk-game{flex:0 0 290px;width:290px;min-width:0;border:1px solid #d0d4da;
 border-radius:8px;padding:10px;background:#fff;box-sizing:border-box}
.gamekit-home h3{margin:4px 0 2px;font-size:1.15em}
.gamekit-home .gk-facts{color:#444;margin:0 0 8px;font-size:.92em}
.gamekit-home .gk-thumb{width:268px;height:170px;overflow:hidden;border-radius:6px;
 background:#f4f5f7;position:relative;pointer-events:none}
.gamekit-home .gk-thumb>div{transform:scale(.3);transform-origin:0 0;width:920px}
.gamekit-home .gk-steps{display:flex;flex-wrap:wrap;gap:6px;margin-top:8px}
.gamekit-home .gk-steps a{padding:4px 10px;border-radius:14px;background:#1f5fa8;color:#fff;
 text-decoration:none;font-size:.92em;white-space:nowrap}
.gamekit-home .gk-steps a:hover{background:#174b86}
.gamekit-home .gk-steps .gk-arrow{color:#888;align-self:center}
.gamekit-home .gk-steps a.gk-extra{background:#fff;color:#1f5fa8;border:1px solid #1f5fa8}
.gamekit-intro{max-width:900px;font-size:1.02em;line-height:1.45}
</style>"""


def games() -> list[dict]:
    """One row per registered game (``gamekit.core.available()``: packages that fail to
    import are left out and reported in ``gamekit.core.registry.BROKEN``)."""
    rows = []
    for game in available():
        info = get(game)
        st = info.state
        rows.append({
            "id": info.id,
            "en": st.title.get("en", info.id),
            "pt": st.title.get("pt", st.title.get("en", info.id)),
            "players": f"{st.min_players}–{st.max_players}",
            "min_players": st.min_players,
            "max_players": st.max_players,
            "bots": ", ".join(["random", *info.agents, "lookahead"]),
        })
    return sorted(rows, key=lambda r: (r["min_players"], r["en"]))  # solo games first


def _notebooks(game: str, root: Path | None = None) -> list[str]:
    """The steps the game has a notebook for (``<root>/<game>/<step>.ipynb``; ``root``: the
    notebooks folder, by default the working folder, where Voilà runs a notebook)."""
    folder = (root or Path.cwd()) / game
    if not folder.is_dir():  # not run from notebooks/: every game has learn, play, analyse
        return ["learn", "play", "analyse"]
    return [s for s in STEPS if (folder / f"{s}.ipynb").is_file()]


@lru_cache(maxsize=16)
def _thumbnail(game: str, lang: str = "en") -> str:
    """The board of a new game at the default player count, drawn by the game's renderer."""
    info = get(game)
    if info.render is None:
        return ""
    try:
        return info.render(new(game, seed=0), lang=lang)
    except Exception:  # noqa: BLE001 - a picture that fails must not break the front door
        return ""


def card_html(row: dict, lang: str = "en", steps: list[str] | None = None,
              root: Path | None = None) -> str:
    """One game's card: title, board picture, players and length, the step links."""
    game = row["id"]
    title = row["pt"] if lang == "pt" else row["en"]
    players = ui("home.players", lang, lo=row["min_players"], hi=row["max_players"])
    length_key = f"home.length@{game}"
    from gamekit.core import CATALOG

    length = ui(length_key, lang) if CATALOG.has("ui", length_key) else ""
    facts = " · ".join(s for s in (players, length) if s)
    steps = steps if steps is not None else _notebooks(game, root)
    main = [s for s in steps if s != "replay"]
    arrow = "<span class='gk-arrow'>→</span>"
    links = arrow.join(_link(game, step, lang) for step in main) + "".join(
        _link(game, step, lang, "gk-extra") for step in steps if step not in main)
    board = _thumbnail(game, lang)
    thumb = f"<div class='gk-thumb' aria-hidden='true'><div>{board}</div></div>" if board else ""
    return (f"<div class='gk-game' data-game='{_html.escape(game)}'>"
            f"<h3>{_html.escape(title)}</h3><p class='gk-facts'>{_html.escape(facts)}</p>"
            f"{thumb}<div class='gk-steps'>{links}</div></div>")


#: a click follows the link itself: in Voilà an output's relative link is otherwise taken over
#: by the page's link handler and goes nowhere (a notebook's own Markdown links are not)
_FOLLOW = "window.location.href=this.getAttribute('href');return false;"


def _link(game: str, step: str, lang: str, cls: str = "") -> str:
    return (f"<a href='{game}/{step}.ipynb' class='{cls}' data-step='{step}' "
            f"onclick=\"{_FOLLOW}\">{_html.escape(ui('home.' + step, lang))}</a>")


def _page_html(lang: str, root: Path | None = None) -> str:
    from .board import CSS as BOARD_CSS

    cards = "".join(card_html(row, lang, root=root) for row in games())
    binder = _html.escape(BINDER + "index.ipynb")
    intro = (f"<div class='gamekit-intro'><p>{_html.escape(ui('home.intro', lang))}</p>"
             f"<p>{_html.escape(ui('home.order', lang))} "
             f"<a href='{binder}' target='_blank' rel='noopener'>"
             f"{_html.escape(ui('home.binder', lang))}</a></p></div>")
    return f"{BOARD_CSS}{_CSS}{intro}<div class='gamekit-home'>{cards}</div>"


def page(lang: str = "en") -> W.VBox:
    """The front door: one language switch, the introduction and a card per game."""
    switch = W.ToggleButtons(options=LANGUAGE_CHOICES, value=lang,
                             tooltips=[ui("language", code) for _, code in LANGUAGE_CHOICES])
    switch.add_class("gamekit-language")
    body = W.HTML(_page_html(lang))
    body.add_class("gamekit-front")
    switch.observe(lambda c: setattr(body, "value", _page_html(c["new"])), names="value")
    return W.VBox([switch, body])


_SWITCH_CSS = """<style>
.gamekit-front-static .gk-radio{position:absolute;opacity:0;width:1px;height:1px}
.gamekit-front-static .gk-switch{display:inline-flex;margin:0 0 10px}
.gamekit-front-static .gk-switch label{padding:5px 14px;border:1px solid #9aa4b1;cursor:pointer;
 background:#f4f5f7;color:#1f2933;font-size:.95em}
.gamekit-front-static .gk-switch label:first-child{border-radius:6px 0 0 6px}
.gamekit-front-static .gk-switch label:last-child{border-radius:0 6px 6px 0;border-left:0}
.gamekit-front-static .gk-in-pt,
#gk-lang-pt:checked~.gk-in-en{display:none}
#gk-lang-pt:checked~.gk-in-pt{display:block}
#gk-lang-en:checked~.gk-switch label[for=gk-lang-en],
#gk-lang-pt:checked~.gk-switch label[for=gk-lang-pt]{background:#1f5fa8;color:#fff}
.gamekit-front-static .gk-radio:focus-visible~.gk-switch{outline:2px solid #1f5fa8}
</style>"""


def front(lang: str = "en"):
    """The front door as plain HTML (no widget): both languages drawn once and a language
    switch made of two radio buttons and CSS, so the page is usable as soon as its one output
    arrives (no widget has to connect to the kernel; issue 27: the front door was 15–20 s)."""
    from IPython.display import HTML

    return HTML(front_html(lang))


def front_html(lang: str = "en", root: Path | None = None) -> str:
    """The front door's HTML (``front``); ``root``: the notebooks folder (its links)."""
    radios = "".join(
        f"<input type='radio' class='gk-radio' name='gk-lang' id='gk-lang-{code}'"
        f"{' checked' if code == lang else ''} aria-label='{_html.escape(label)}'>"
        for label, code in LANGUAGE_CHOICES)
    labels = "".join(f"<label for='gk-lang-{code}' title='{_html.escape(ui('language', code))}'>"
                     f"{_html.escape(label)}</label>" for label, code in LANGUAGE_CHOICES)
    bodies = "".join(f"<div class='gk-in-{code}' lang='{'pt-BR' if code == 'pt' else 'en'}'>"
                     f"{_page_html(code, root)}</div>" for _label, code in LANGUAGE_CHOICES)
    return (f"{_SWITCH_CSS}<div class='gamekit-front-static gamekit-front'>{radios}"
            f"<div class='gk-switch gamekit-language' role='radiogroup'>{labels}</div>"
            f"{bodies}</div>")


def front_document(root: Path) -> str:
    """The front door as a whole page that needs no kernel and no script (``make app`` serves
    it at ``index.ipynb``: usable as soon as it arrives; the notebook stays for Binder and
    JupyterLab). ``root``: the notebooks folder."""
    title = " · ".join(dict.fromkeys(ui("home.title", code) for _l, code in LANGUAGE_CHOICES))
    return ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            "<link rel='icon' href='data:,'>"
            f"<title>{_html.escape(title)}</title><style>body{{margin:24px 32px;"
            "font:14px system-ui,-apple-system,'Segoe UI',sans-serif;color:#1f2933}"
            "h1{font-size:1.6em;margin:0 0 12px}</style></head><body>"
            f"<h1>gamekit</h1>{front_html('en', root)}</body></html>")


def games_table() -> W.HTML:
    """The games as a plain table (both languages), for JupyterLab readers and tests."""
    head = "<tr><th>game · jogo</th><th>players · jogadores</th></tr>"
    body = "".join(
        f"<tr><td><b>{_html.escape(g['en'])}</b> · <i>{_html.escape(g['pt'])}</i></td>"
        f"<td>{g['players']}</td></tr>"
        for g in games()
    )
    return W.HTML(f"<table class='gamekit-games'>{head}{body}</table>")
