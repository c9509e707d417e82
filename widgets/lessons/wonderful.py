"""The It's a Wonderful World lesson: texts (en + pt, catalog namespace ``lesson.wonderful``),
chapters, quizzes, edge-case scenarios and the scoring explanation.

Rule sections are named as in the Portuguese rulebook (``shared/rules``), with the English
translation used by the engine's catalog (``rule.*`` messages of ``wonderful``).
"""

from __future__ import annotations

import html as _html
from pathlib import Path
from typing import Any

from gamekit.core import CATALOG, get

from ..lesson import record_game
from . import prose

G = "wonderful"
#: the game's lesson support (``register(lesson=...)``): card data and drawings of pieces
K = get(G).lesson
CARDS, RES, TYPES, facts = K.CARDS, K.RES, K.TYPES, K.facts
NS = "lesson.wonderful"
#: the lesson's game: 3 players, heuristic bots, seed 31 (a tie-break decides the winner, and
#: a supremacy tie, Krystallium and a build during planning all happen)
SEED = 31
RECORD = Path(__file__).parent / "data" / f"wonderful-3p-seed{SEED}.json"


def make_record(seed: int = SEED, path: Path | None = None) -> Path:
    """Play the lesson's game again with today's bots and save its record."""
    return record_game(G, 3, seed, path or RECORD)

#: the lesson's prose: widgets/lessons/text/{game}.{en,pt}.md (``prose.load``)
TEXTS: dict[str, dict[str, str]] = prose.load(G)

CATALOG.add(NS, TEXTS)

# --------------------------------------------------------------------------- facts
def _first(lesson: Any, kind: str) -> Any:
    return next(e for e in lesson.final().events if e.kind == kind)


def _rounds(lesson: Any) -> int:
    return sum(1 for e in lesson.final().events if e.kind == "round_start")


#: what the prose states about the lesson's game (placeholder -> computed from the game)
FACTS: dict[str, Any] = {
    "players": lambda lesson: lesson.state.players,
    "side": lambda lesson: _first(lesson, "setup").data["side"],
    "deck": lambda lesson: len(lesson.session.state_at(0).all_cards()),
    "hand": lambda lesson: _first(lesson, "deal").data["size"],
    "passed": lambda lesson: _first(lesson, "passed").data["size"],
    # production phases left to a card drafted in the chapter "r3_draft" (its own included)
    "r3_left": lambda lesson: _rounds(lesson) - CHAPTERS["r3_draft"]["at"]["round"] + 1,
}

#: numbers of the rules (not of the game) the prose of the game's sections states
RULE_NUMBERS = {
    "en": ("there are 5 of any kinds",),  # Turning cubes into Krystallium
    "pt": ("há 5, de quaisquer tipos",),
}

#: chapter -> where the lesson plays on to (``Lesson.reach`` arguments)
CHAPTERS: dict[str, dict[str, Any]] = {
    "setup": {"at": {}, "board": True},
    "r1_draft": {"at": {"round": 1, "phase": "draft"}},
    "r1_planning": {"at": {"round": 1, "phase": "planning"}},
    "r1_production": {"at": {"round": 1, "phase": "production"}},
    "r2_draft": {"at": {"round": 2, "phase": "draft"}, "board": False},
    "r2_production": {"at": {"round": 2, "phase": "production"}},
    "r3_draft": {"at": {"round": 3, "phase": "draft"}, "board": False},
    "r4_draft": {"at": {"round": 4, "phase": "draft"}, "board": False},
}


def _seat(n: int) -> tuple:
    return ("seat", n)


def _supremacy_winner(lesson: Any, rnd: int, res: str) -> Any:
    for x in lesson.final().supremacy:
        if x["round"] == rnd and x["step"] == res:
            return "nobody" if x["seat"] is None else _seat(x["seat"])
    return "nobody"


QUIZZES: dict[str, dict[str, Any]] = {
    "q_draft_size": {
        "choices": lambda lesson: [5, 7, 10],
        "answer": lambda lesson: sum(
            1 for e in lesson.final().events
            if e.kind in ("kept", "recycled") and e.seat == 0 and e.round == 1
        ),
    },
    "q_energy": {
        "choices": lambda lesson: [_seat(s) for s in range(lesson.state.players)] + ["nobody"],
        "answer": lambda lesson: _supremacy_winner(lesson, lesson.state.round, "energy"),
    },
    "q_pass": {
        "choices": lambda lesson: [_seat(s) for s in range(1, lesson.state.players)],
        "answer": lambda lesson: _seat((0 - 1) % lesson.state.players),
    },
}


# --------------------------------------------------------------------------- drawings
def _pieces(lesson: Any, lang: str) -> str:
    samples = {}
    for cid, c in CARDS.items():
        samples.setdefault(c.type, cid)
    cards = "".join(
        f"<div style='display:inline-block;margin:3px;vertical-align:top'>"
        f"<div class='gkw-small'>{_html.escape(CATALOG.name(G, t, lang))}</div>"
        f"{K.card_html(samples[t], lang)}</div>"
        for t in TYPES
    )
    cubes = " ".join(
        f"<span class='gkw-amt'>{K.cube(k, size=14)} {_html.escape(CATALOG.name(G, k, lang))}"
        "</span>"
        for k in (*RES, "krystallium", "financier", "general")
    )
    return (f"{K.CSS}<div class='gamekit-board gkw-board'><div>{cards}</div>"
            f"<div style='margin-top:6px'>{cubes}</div></div>")


def _round_diagram(lesson: Any, lang: str) -> str:
    def box(text: str, colour: str, note: str = "") -> str:
        return (f"<div style='display:inline-block;border:2px solid {colour};border-radius:6px;"
                f"padding:4px 8px;margin:2px;text-align:center'><b>{_html.escape(text)}</b>"
                f"<div class='gkw-small'>{_html.escape(note)}</div></div>")

    words = {
        "en": ("A. Draft", "secret, simultaneous · 7 picks", "B. Planning",
               "simultaneous · keep or recycle", "C. Production", "5 steps · supremacy"),
        "pt": ("A. Selecção", "secreta, simultânea · 7 escolhas", "B. Planeamento",
               "simultâneo · guardar ou reciclar", "C. Produção", "5 passos · supremacia"),
    }[lang]
    steps = "".join(K.cube(r, size=14) for r in RES)
    return (
        f"{K.CSS}<div class='gkw-board'>{box(words[0], '#2f7fd1', words[1])} → "
        f"{box(words[2], '#3aa655', words[3])} → {box(words[4], '#d9a70b', words[5])}"
        f" <span title='materials → exploration'>{steps}</span> ×4</div>"
    )


EXTRAS = {"pieces": _pieces, "round_shape": _round_diagram}


# --------------------------------------------------------------------------- scenarios
def _find_tie(lesson: Any, final: Any) -> int | None:
    return lesson.find_event("supremacy_none")


def _find_kryst(lesson: Any, final: Any) -> int | None:
    return lesson.find_event("krystallium_made")


def _find_planning_build(lesson: Any, final: Any) -> int | None:
    return lesson.find_event("built", lambda e: e.phase == "planning")


def _find_end(lesson: Any, final: Any) -> int | None:
    here = lesson.session.index
    lesson.session.to_end()
    n = lesson.session.length
    lesson.session.goto(here)
    return n


SCENARIOS = {
    "m_tie": {"find": _find_tie},
    "m_krystallium": {"find": _find_kryst},
    "m_planning_build": {"find": _find_planning_build},
    "m_unbuilt": {"find": _find_end},
}


def fork_choices(lesson: Any) -> tuple[int, list[Any]]:
    """Player 1's first keep/recycle decision: keep the card or recycle it (the fork of "Try
    it yourself", compared over playouts by ``lessons.forks``)."""
    from gamekit.core import Action

    i, a = lesson.first_action(lambda a: a.seat == 0 and a.verb in ("keep", "recycle"),
                               "planning decision of Player 1")
    return i, [a, Action(0, "recycle" if a.verb == "keep" else "keep", a.args)]


def fork_point(lesson: Any) -> tuple[int, Any]:
    """Player 1's first keep/recycle decision and the other option."""
    from gamekit.core import Action

    i, a = lesson.first_action(lambda a: a.seat == 0 and a.verb in ("keep", "recycle"),
                               "planning decision of Player 1")
    return i, Action(0, "recycle" if a.verb == "keep" else "keep", a.args)


# --------------------------------------------------------------------------- scoring
def explain_score(lesson: Any, state: Any, result: Any) -> list[str]:
    """Every VP of the winner traced to its source (cards, empire, characters)."""
    lang = lesson.lang
    t = lesson.text
    w = result.winners[0]
    name = CATALOG.text(G, "seat", lang, n=w + 1)
    emp_id = state.seats[w].empire
    emp = facts(emp_id)["sides"][state.side]
    emp_type = emp.get("vp_per_type", {})
    emp_char = emp.get("vp_per_character", {})
    empire = CATALOG.name(G, emp_id, lang)
    b = result.breakdown[w]
    lines = [t("score_total", who=name, empire=empire, vp=result.scores[w])]
    built = state.built[w]
    # direct VP
    direct = [(cid, CARDS[cid].vp_fixed) for cid in built if CARDS[cid].vp_fixed]
    if b.get("cards"):
        detail = ", ".join(f"{CATALOG.name(G, c, lang)} {v}" for c, v in direct)
        lines.append("• " + t("score_cards", vp=b["cards"], detail=detail))
    counts = {ty: sum(1 for c in built if CARDS[c].type == ty) for ty in TYPES}
    for ti, ty in enumerate(TYPES):
        vp = b.get(f"per_type:{ty}", 0)
        if not vp:
            continue
        parts = []
        if emp_type.get(ty):
            parts.append(f"{empire} {emp_type[ty]}")
        parts += [f"{CATALOG.name(G, c, lang)} {CARDS[c].vp_per_type[ti]}" for c in built
                  if CARDS[c].vp_per_type[ti]]
        mult = vp // max(1, counts[ty])
        lines.append("• " + t("score_type", vp=vp, type=CATALOG.name(G, ty, lang), mult=mult,
                              detail=" + ".join(parts), count=counts[ty]))
    for key, ci, kind in (("generals", 1, "general"), ("financiers", 0, "financier")):
        vp = b.get(key, 0)
        if not vp:
            continue
        count = state.seats[w].generals if kind == "general" else state.seats[w].financiers
        parts = [t("score_base")]
        if emp_char.get(kind):
            parts.append(f"{empire} +{emp_char[kind]}")
        parts += [f"{CATALOG.name(G, c, lang)} +{CARDS[c].vp_per_char[ci]}" for c in built
                  if CARDS[c].vp_per_char[ci]]
        lines.append("• " + t("score_chars", vp=vp, count=count,
                              kind=CATALOG.name(G, kind, lang), mult=vp // max(1, count),
                              detail=" + ".join(parts)))
    tied = [s for s in range(state.players) if s != w and result.scores[s] == result.scores[w]]
    if tied:
        others = ", ".join(CATALOG.text(G, "seat", lang, n=s + 1) for s in tied)
        lines.append(t("score_tie", others=others, vp=result.scores[w], a=len(built),
                       b=", ".join(str(len(state.built[s])) for s in tied)))
    lines.append(t("score_winner", who=", ".join(CATALOG.text(G, "seat", lang, n=x + 1)
                                               for x in result.winners)))
    return lines
