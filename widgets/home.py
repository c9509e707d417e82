"""The index notebook's table of games (every registered game; broken packages are skipped)."""

from __future__ import annotations

import html as _html

import ipywidgets as W

from gamekit.core import available, get

__all__ = ["games", "games_table"]


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
