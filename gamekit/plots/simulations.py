"""Charts of simulated games: win rates, final VP, VP by source."""

from __future__ import annotations

from collections.abc import Sequence


# --------------------------------------------------------------------------- simulations
def win_rate_figure(frame, by: str | Sequence[str], title: str = ""):
    """Bar chart of the win rate (shared wins count as wins) grouped by column(s) ``by``."""
    import plotly.express as px

    cols = [by] if isinstance(by, str) else list(by)
    table = frame.groupby(cols, dropna=False)["winner"].mean().reset_index()
    table["label"] = table[cols].astype(str).agg(" / ".join, axis=1)
    return px.bar(table, x="label", y="winner", title=title or None,
                  labels={"winner": "win rate", "label": " / ".join(cols)}, height=320)


def vp_box_figure(frame, by: str, title: str = ""):
    """Box plot of final VP grouped by ``by``."""
    import plotly.express as px

    return px.box(frame, x=by, y="score", points=False, title=title or None, height=320)


def vp_sources_figure(frame, by: str | None = None, title: str = ""):
    """Mean VP by source (the ``vp_*`` columns of a simulation), optionally grouped by ``by``."""
    import plotly.express as px

    vp_cols = [c for c in frame.columns if c.startswith("vp_")]
    if by is None:
        table = frame[vp_cols].mean().rename(lambda c: c[3:]).reset_index()
        table.columns = ["source", "vp"]
        return px.bar(table, x="source", y="vp", title=title or None, height=320)
    table = frame.groupby(by)[vp_cols].mean().reset_index().melt(id_vars=by, var_name="source",
                                                                  value_name="vp")
    table["source"] = table["source"].str[3:]
    return px.bar(table, x=by, y="vp", color="source", barmode="stack", title=title or None,
                  height=340)

