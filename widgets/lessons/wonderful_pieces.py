"""The drawings of the It's a Wonderful World lesson: the pieces at a glance, the annotated card
and Empire card (the rulebook's "Anatomia de uma carta"), and the shape of a round.

Every word comes from the lesson's prose (``lesson.text``); the numbers of the annotated card
are read off the card data (``get("wonderful").lesson.CARDS``).
"""

from __future__ import annotations

import html as _html
from typing import Any

from gamekit.core import CATALOG, get

G = "wonderful"
K = get(G).lesson
CARDS, RES, TYPES = K.CARDS, K.RES, K.TYPES
#: the card the lesson annotates: it has a cost, a production, VP, a construction bonus and a
#: recycling bonus (every part of a development card but a per-type production)
ANATOMY_CARD = "treasure_of_the_templars"


def pieces(lesson: Any, lang: str) -> str:
    """One card of each type and every cube and character."""
    samples: dict[str, str] = {}
    for cid, c in CARDS.items():
        samples.setdefault(c.type, cid)
    cards = "".join(
        f"<div style='display:inline-block;margin:3px;vertical-align:top'>"
        f"<div class='gkw-small'>{_html.escape(CATALOG.name(G, t, lang))}</div>"
        f"{K.card_html(samples[t], lang)}</div>"
        for t in TYPES
    )
    cubes = " ".join(
        f"<span class='gkw-amt'>{K.cube(k, size=14, title=CATALOG.name(G, k, lang))} "
        f"{_html.escape(CATALOG.name(G, k, lang))}</span>"
        for k in (*RES, "krystallium", "financier", "general")
    )
    return (f"{K.CSS}<div class='gamekit-board gkw-board'><div>{cards}</div>"
            f"<div style='margin-top:6px'>{cubes}</div></div>")


def _amounts(amounts: dict[str, int], lang: str) -> str:
    return ", ".join(f"{n} {CATALOG.name(G, k, lang)}" for k, n in amounts.items() if n)


def anatomy_parts(cid: str, lang: str, text: Any) -> list[tuple[str, str]]:
    """The parts of card ``cid`` in words: (part, what this card says), in reading order."""
    c = CARDS[cid]
    prod = _amounts(dict(zip(RES, c.prod_fixed, strict=True)), lang)
    parts = [
        (text("anat_name"), text("anat_name_is", name=CATALOG.name(G, cid, lang),
                                 type=CATALOG.name(G, c.type, lang))),
        (text("anat_cost"), text("anat_cost_is", n=len(c.spaces),
                                 cubes=_amounts(c.cost, lang))),
        (text("anat_prod"), text("anat_prod_is", what=prod) if prod else text("anat_none")),
        (text("anat_vp"), text("anat_vp_is", n=c.vp_fixed) if c.vp_fixed else text("anat_none")),
        (text("anat_bonus"), text("anat_bonus_is", what=_amounts(c.bonus, lang))
         if c.bonus else text("anat_none")),
        (text("anat_recycle"), text("anat_recycle_is", what=CATALOG.name(G, c.recycle, lang))),
    ]
    return parts


def anatomy(lesson: Any, lang: str) -> str:
    """The annotated development card and the Empire card of Player 1, before the game."""
    def text(key: str, **params: Any) -> str:
        return lesson.text(key, lang, **params)

    rows = "".join(f"<tr><td><b>{i}. {part}</b></td><td>{what}</td></tr>"
                   for i, (part, what) in enumerate(anatomy_parts(ANATOMY_CARD, lang, text), 1))
    st = lesson.session.state_at(0)
    emp = st.seats[0].empire
    side = K.facts(emp)["sides"][st.side]
    vp = "; ".join(
        [text("anat_emp_type", n=n, type=CATALOG.name(G, t, lang))
         for t, n in side.get("vp_per_type", {}).items()]
        + [text("anat_emp_char", n=n, kind=CATALOG.name(G, k, lang))
           for k, n in side.get("vp_per_character", {}).items()])
    empire = text("anat_empire", name=CATALOG.name(G, emp, lang), side=st.side,
                  prod=_amounts(side["produces"], lang), vp=vp or text("anat_none"))
    return (f"{K.CSS}<div class='gamekit-board gkw-board gamekit-anatomy'>"
            f"<div style='display:inline-block;vertical-align:top;margin-right:10px'>"
            f"{K.card_html(ANATOMY_CARD, lang)}</div>"
            f"<table style='display:inline-table;font-size:12px'>{rows}</table>"
            f"<p class='gkw-small'>{empire}</p></div>")


def round_shape(lesson: Any, lang: str) -> str:
    """The three phases of a round, then the five production steps in order."""
    def box(title: str, note: str, colour: str) -> str:
        return (f"<div style='display:inline-block;border:2px solid {colour};border-radius:6px;"
                f"padding:4px 8px;margin:2px;text-align:center'><b>{title}</b>"
                f"<div class='gkw-small'>{note}</div></div>")

    t = lesson.text
    steps = "".join(K.cube(r, size=14, title=CATALOG.name(G, r, lang)) for r in RES)
    return (
        f"{K.CSS}<div class='gkw-board'>"
        f"{box(t('diagram_draft', lang), t('diagram_draft_note', lang), '#2f7fd1')} → "
        f"{box(t('diagram_planning', lang), t('diagram_planning_note', lang), '#3aa655')} → "
        f"{box(t('diagram_production', lang), t('diagram_production_note', lang), '#d9a70b')}"
        f" <span>{steps}</span> <span class='gkw-small'>{t('diagram_rounds', lang)}</span>"
        f"</div>"
    )


EXTRAS = {"pieces": pieces, "round_shape": round_shape, "anatomy": anatomy}
