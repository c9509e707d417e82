"""The index notebook's table of games (every registered game package that imports)."""

from __future__ import annotations

import html as _html
import importlib
import pkgutil

import ipywidgets as W

__all__ = ["games", "games_table"]


def games() -> list[dict]:
    """One row per game package under ``gamekit.games`` (broken packages are skipped)."""
    import gamekit.games as pkg
    from gamekit.core import get

    rows = []
    for mod in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        if not mod.ispkg:
            continue
        try:
            importlib.import_module(f"gamekit.games.{mod.name}")
            info = get(mod.name)
        except Exception:  # a game still being written: not listed
            continue
        st = info.state
        rows.append({
            "id": info.id,
            "en": st.title.get("en", info.id),
            "pt": st.title.get("pt", st.title.get("en", info.id)),
            "players": f"{st.min_players}–{st.max_players}",
            "bots": ", ".join(["random", *info.agents, "lookahead"]),
        })
    return rows


def games_table() -> W.HTML:
    head = "<tr><th>game · jogo</th><th>players · jogadores</th><th>bots</th></tr>"
    body = "".join(
        f"<tr><td><b>{_html.escape(g['en'])}</b> · <i>{_html.escape(g['pt'])}</i> "
        f"<code>{_html.escape(g['id'])}</code></td><td>{g['players']}</td>"
        f"<td>{_html.escape(g['bots'])}</td></tr>"
        for g in games()
    )
    return W.HTML(f"<table class='gamekit-games'>{head}{body}</table>")
