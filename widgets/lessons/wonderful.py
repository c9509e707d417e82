"""The It's a Wonderful World lesson: texts (en + pt, catalog namespace ``lesson.wonderful``),
chapters (each naming one decision of the recorded game), quizzes ("what would you do here?" on
the board, and rules just taught), edge-case scenarios, the fork and the scoring explanation.

What the prose states about the game is computed in ``wonderful_facts``; the drawings (pieces,
annotated card, round shape) are in ``wonderful_pieces``.

Rule sections are named as in the Portuguese rulebook (``shared/rules``), with the English
translation used by the engine's catalog (``rule.*`` messages of ``wonderful``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gamekit.core import CATALOG, get

from . import prose, verdicts
from . import wonderful_facts as F
from .guided_tables import Setup
from .making import record_game
from .wonderful_pieces import EXTRAS  # noqa: F401  (the lesson content names its drawings)

G = "wonderful"
#: the game's lesson support (``register(lesson=...)``): card data and drawings of pieces
K = get(G).lesson
CARDS, RES, TYPES, facts = K.CARDS, K.RES, K.TYPES, K.facts
NS = "lesson.wonderful"
#: the lesson's game: 3 players, heuristic bots, seed 31 (a tie-break decides the winner, and
#: a supremacy tie, Krystallium, builds during planning, characters placed a round later and the
#: rulebook's Wind Turbines example all happen)
SEED = 31
RECORD = Path(__file__).parent / "data" / f"wonderful-3p-seed{SEED}.json"


def make_record(seed: int = SEED, path: Path | None = None) -> Path:
    """Play the lesson's game again with today's bots and save its record."""
    return record_game(G, 3, seed, path or RECORD)

#: the lesson's prose: widgets/lessons/text/{game}.{en,pt}.md (``prose.load``)
TEXTS: dict[str, dict[str, str]] = prose.load(G)

CATALOG.add(NS, TEXTS)

# --------------------------------------------------------------------------- facts
#: what the prose states about the lesson's game (placeholder -> computed from the game)
FACTS: dict[str, Any] = {
    **F.FACTS,
    # the scenarios
    "tie_round": lambda lesson: F.supremacy_tie(lesson)["round"],
    "tie_res": lambda lesson: F.name(F.supremacy_tie(lesson)["step"]),
    "tie_amount": lambda lesson: max(F.supremacy_tie(lesson)["production"]),
    "tie_seats": lambda lesson: _tied(lesson),
    "k_seat": lambda lesson: F.seat_name(F.kryst_made(lesson).seat),
    "k_round": lambda lesson: F.kryst_made(lesson).round,
    "k_cubes": lambda lesson: sum(F.kryst_made(lesson).data["cubes"].values()),
    "disc_card": lambda lesson: F.name(_discard(lesson)[1].args[0]),
    "disc_cubes": lambda lesson: _discard(lesson)[2],
    "disc_bonus": lambda lesson: F.name(CARDS[_discard(lesson)[1].args[0]].recycle),
    # the flows of each round
    "r1_gold_recycled": lambda lesson: sum(
        1 for e in F.events(lesson, "recycled", round=1) if e.data["resource"] == "gold"),
    "r2_built_me": lambda lesson: len(F.events(lesson, "built", round=2, seat=F.ME)),
    "r2_built_before": lambda lesson: len([e for e in F.events(lesson, "built", seat=F.ME)
                                           if e.round < 2]),
}


def _tied(lesson: Any) -> dict[str, str]:
    x = F.supremacy_tie(lesson)
    top = max(x["production"])
    seats = [s for s, v in enumerate(x["production"]) if v == top]
    return {lang: F.names_of([F.seat_name(s)[lang] for s in seats], lang) for lang in F.LANGS}


def _discard(lesson: Any) -> tuple[int, Any, int]:
    """The what-if of "discarding a card under construction": at Player 1's first decision of
    round 4's planning, the card with the most cubes on it (history index, action, cubes)."""
    i, _ = _decision(lesson, 4, lambda a: a.seat == F.ME and a.verb in ("keep", "recycle"))
    st = lesson.session.state_at(i)
    area = st.to_dict()["seats"][F.ME]["construction"]
    cubes = {e["label"]: sum(1 for sp in e["spaces"] if sp["filled_by"]) for e in area}
    label = max(cubes, key=cubes.get)
    return i, next(a for a in st.legal_actions(F.ME)
                   if a.verb == "discard" and a.args[0] == label), cubes[label]


#: numbers of the rules (not of the game) the prose of the game's sections states
RULE_NUMBERS = {
    "en": ("there are 5 of any kinds",),  # Turning cubes into Krystallium
    "pt": ("há 5, de quaisquer tipos",),
}


# --------------------------------------------------------------------------- chapters
def _rounds_of_actions(lesson: Any) -> list[int]:
    """The round of every action of the lesson's game (replayed once, then kept)."""
    found = getattr(lesson, "_action_rounds", None)
    if found is None:
        here = lesson.session.index
        lesson.session.to_end()
        actions = lesson.session.history()
        lesson.session.goto(here)
        st = lesson.session.state_at(0).clone()
        found = []
        for a in actions:
            found.append(st.round)
            st.apply(a)
        lesson._action_rounds = found
    return found


def _decision(lesson: Any, rnd: int, pred: Any, phase: str | None = None) -> tuple[int, Any]:
    """History index and action of the first action of round ``rnd`` (and ``phase``) that
    ``pred`` accepts."""
    rounds = _rounds_of_actions(lesson)
    actions = lesson.session.history()
    for i, r in enumerate(rounds):
        if r == rnd and pred(actions[i]) and (
                phase is None or lesson.session.state_at(i).phase == phase):
            return i, actions[i]
    raise LookupError(f"no such decision in round {rnd} of the lesson's game")


def _by(seat: int, verb: str, first: str | None = None) -> Any:
    return lambda a: a.seat == seat and a.verb == verb and (first is None
                                                           or a.args[0] == first)


def _dec(rnd: int, seat: int, verb: str, first: Any = None, phase: str | None = None) -> Any:
    """A chapter's decision: the first ``verb`` of ``seat`` in round ``rnd`` (``first``: its
    first argument, or a function of the lesson giving it; ``phase``: only in that phase)."""
    def find(lesson: Any) -> tuple[int, Any]:
        arg = first(lesson) if callable(first) else first
        return _decision(lesson, rnd, _by(seat, verb, arg), phase)
    return find


def _step(rnd: int, step: str) -> Any:
    """The first moment of a production step (before anybody places its cubes)."""
    return lambda st: st.is_over() or st.round > rnd or (
        st.round == rnd and st.phase == "production" and st.to_dict().get("step") == step)


#: chapter -> where the lesson plays on to (``at``: ``Lesson.reach`` arguments or a predicate),
#: whether the board is drawn, and the decision of the game it names (``decision(lesson)`` ->
#: history index and action; the chapter's text names its card)
CHAPTERS: dict[str, dict[str, Any]] = {
    "setup": {"at": {}, "board": True},
    "r1_draft": {"at": {"round": 1, "phase": "draft"}, "decision": _dec(1, F.ME, "draft")},
    "r1_planning": {"at": {"round": 1, "phase": "planning"},
                    "decision": _dec(1, F.ME, "recycle")},
    "r1_production": {"at": _step(1, "energy"),
                      "decision": _dec(1, 1, "place", "materials", "production")},
    "r2_draft": {"at": {"round": 2, "phase": "draft"}, "decision": _dec(2, F.ME, "draft")},
    "r2_planning": {"at": {"round": 2, "phase": "planning"},
                    "decision": _dec(2, F.ME, "recycle", lambda lesson: F.recycled_for(
                        lesson, 2, "science")[0])},
    "r2_production": {"at": _step(2, "exploration"), "decision": _dec(2, F.ME, "use")},
    "r3_draft": {"at": {"round": 3, "phase": "draft"}, "decision": _dec(3, F.ME, "draft")},
    "r3_planning": {"at": {"round": 3, "phase": "planning"},
                    "decision": _dec(3, F.ME, "recycle", lambda lesson: F.recycled_for(
                        lesson, 3, "energy")[0])},
    "r4_draft": {"at": {"round": 4, "phase": "draft"}, "decision": _dec(4, F.ME, "draft")},
    "r4_planning": {"at": {"round": 4, "phase": "planning"}, "decision": _dec(4, F.ME, "use")},
}


# --------------------------------------------------------------------------- quizzes
def _seat(n: int) -> tuple:
    return ("seat", n)


def _supremacy_winner(lesson: Any, rnd: int, res: str) -> Any:
    x = F.supremacy(lesson, rnd, res)
    return "nobody" if x["seat"] is None else _seat(x["seat"])


def _moment(lesson: Any, **at: Any) -> int:
    """The history index of the moment ``at`` (``Lesson.reach`` arguments); the lesson stays
    where it is."""
    here = lesson.session.index
    lesson.session.goto(0)
    lesson.reach(**at)
    found = lesson.session.index
    lesson.session.goto(here)
    return found


def _keep_or_recycle(lesson: Any, index: int, card: str) -> dict[str, Any]:
    """The learner's two choices for ``card`` at the planning moment ``index``, as actions."""
    legal = lesson.session.state_at(index).decision(F.ME).legal
    return {verb: next(a for a in legal if a.verb == verb and a.args[0] == card)
            for verb in ("keep", "recycle")}


def _verb_of(lesson: Any, rnd: int, card: Any) -> str:
    """``keep`` or ``recycle``: what Player 1 did with ``card`` in round ``rnd``."""
    return _decision(lesson, rnd, lambda a: a.seat == F.ME and a.verb in ("keep", "recycle")
                     and a.args[0] == card)[1].verb


def _r4_card(lesson: Any) -> str:
    """A card Player 1 drafted in round 4 that needs more cubes than one production gives."""
    return F.events(lesson, "recycled", round=4, seat=F.ME)[0].data["card"]


#: ``kind``: ``rule`` (a rule just taught) or ``decide`` ("what would you do here?", on the
#: board of the moment ``at``); ``taught_by``: the prose key teaching its rule (before it)
QUIZZES: dict[str, dict[str, Any]] = {
    "q_draft_size": {
        "kind": "rule", "taught_by": "r1_draft",
        "choices": lambda lesson: [5, 7, 10],
        "answer": lambda lesson: sum(
            1 for e in lesson.final().events
            if e.kind in ("kept", "recycled") and e.seat == F.ME and e.round == 1),
    },
    "q_gold": {
        "kind": "decide", "taught_by": "anatomy", "board": True,
        "at": {"round": 1, "phase": "planning"},
        "choices": lambda lesson: ["keep", "recycle"],
        "answer": lambda lesson: _verb_of(lesson, 1, F.r1_gold_cards(lesson)[0]),
        # decided by the lesson's playouts (``lessons.verdicts``)
        "index": lambda lesson: _moment(lesson, round=1, phase="planning"),
        "actions": lambda lesson: _keep_or_recycle(
            lesson, _moment(lesson, round=1, phase="planning"), F.r1_gold_cards(lesson)[0]),
    },
    "q_energy": {
        "kind": "rule", "taught_by": "round_shape", "at": {"round": 1, "phase": "production"},
        "choices": lambda lesson: [_seat(s) for s in range(lesson.state.players)] + ["nobody"],
        "answer": lambda lesson: _supremacy_winner(lesson, lesson.state.round, "energy"),
    },
    "q_pass": {
        "kind": "rule", "taught_by": "round_shape",
        "choices": lambda lesson: [_seat(s) for s in range(1, lesson.state.players)],
        "answer": lambda lesson: _seat((F.ME - 1) % lesson.state.players),
    },
    "q_science": {
        "kind": "decide", "taught_by": "r1_planning", "board": True,
        "at": {"round": 2, "phase": "planning"},
        "choices": lambda lesson: list(lesson.state.to_dict()["seats"][F.ME]["drafted"]),
        "answer": lambda lesson: F.recycled_for(lesson, 2, "science")[0],
    },
    "q_generals": {
        "kind": "decide", "taught_by": "r2_draft", "board": True,
        "at": _step(2, "exploration"),
        "choices": lambda lesson: ["place_now", "keep_them"],
        "answer": lambda lesson: "place_now" if F.used_generals(lesson).round == 2
        else "keep_them",
    },
    "q_last": {
        "kind": "decide", "taught_by": "r4_draft", "board": True,
        "at": {"round": 4, "phase": "planning"},
        "choices": lambda lesson: ["keep", "recycle"],
        "answer": lambda lesson: _verb_of(lesson, 4, _r4_card(lesson)),
        "index": lambda lesson: _moment(lesson, round=4, phase="planning"),
        "actions": lambda lesson: _keep_or_recycle(
            lesson, _moment(lesson, round=4, phase="planning"), _r4_card(lesson)),
    },
}
FACTS["r4_card"] = lambda lesson: F.name(_r4_card(lesson))
FACTS["r4_card_cost"] = lambda lesson: len(CARDS[_r4_card(lesson)].spaces)
FACTS["r4_card_res"] = lambda lesson: F.name(next(iter(CARDS[_r4_card(lesson)].cost)))
FACTS["r4_need"] = lambda lesson: _r4_need(lesson)[0]
FACTS["r4_prod"] = lambda lesson: _r4_need(lesson)[1]
#: the VP margin keeping the last round's card gains over recycling it, in the lesson's
#: playouts (``lessons.verdicts``: the recorded game recycled it, the playouts keep it)
FACTS["r4_keep_gain"] = lambda lesson: round(
    verdicts.stored(G, "q_last")["means"]["keep"] - verdicts.stored(G, "q_last")["means"]["recycle"])


def _r4_need(lesson: Any) -> tuple[int, int]:
    """At round 4's planning: Player 1's empty spaces of the last round's card's resource on
    its cards under construction, and its production of that resource."""
    res = next(iter(CARDS[_r4_card(lesson)].cost))
    i, _ = _decision(lesson, 4, lambda a: a.seat == F.ME and a.verb in ("keep", "recycle"))
    seat = lesson.session.state_at(i).to_dict()["seats"][F.ME]
    empty = sum(1 for e in seat["construction"] for sp in e["spaces"]
                if sp["kind"] == res and not sp["filled_by"])
    return empty, seat["production"][res]


# --------------------------------------------------------------------------- scenarios
def _find_tie(lesson: Any, final: Any) -> int | None:
    return lesson.find_event("supremacy_none", lambda e: max(
        F.supremacy(lesson, e.round, e.data["resource"])["production"]) > 0)


def _find_kryst(lesson: Any, final: Any) -> int | None:
    return lesson.find_event("krystallium_made")


def _find_planning_build(lesson: Any, final: Any) -> int | None:
    return lesson.find_event("built", lambda e: e.phase == "planning")


def _find_wait(lesson: Any, final: Any) -> int | None:
    """Player 1 at the start of the round in which it places the generals it kept."""
    i, _ = _decision(lesson, F.used_generals(lesson).round, lambda a: a.seat == F.ME)
    return i


def _find_discard(lesson: Any, final: Any) -> Any:
    """What if Player 1 had discarded its fullest card under construction (a copy)?"""
    i, action, _ = _discard(lesson)
    st = lesson.session.state_at(i).clone()
    st.apply(action)
    return st


def _find_kryst_end(lesson: Any, final: Any) -> int | None:
    here = lesson.session.index
    lesson.session.to_end()
    n = lesson.session.length
    lesson.session.goto(here)
    return n


SCENARIOS = {
    "m_tie": {"find": _find_tie},
    "m_krystallium": {"find": _find_kryst},
    "m_planning_build": {"find": _find_planning_build},
    "m_wait": {"find": _find_wait},
    "m_discard": {"find": _find_discard},
    "m_kryst_end": {"find": _find_kryst_end},
}


# --------------------------------------------------------------------------- try it yourself
def fork_choices(lesson: Any) -> tuple[int, list[Any]]:
    """Player 1's first keep/recycle decision: keep the card or recycle it (the fork of "Try
    it yourself", compared over playouts by ``lessons.forks``)."""
    from gamekit.core import Action

    i, a = lesson.first_action(lambda a: a.seat == F.ME and a.verb in ("keep", "recycle"),
                               "planning decision of Player 1")
    return i, [a, Action(F.ME, "recycle" if a.verb == "keep" else "keep", a.args)]


def fork_point(lesson: Any) -> tuple[int, Any]:
    """The same fork as one alternative (``Lesson.fork``)."""
    i, (_played, other) = fork_choices(lesson)
    return i, other


FACTS["fork_card"] = lambda lesson: F.name(fork_choices(lesson)[1][0].args[0])


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


#: the guided first game (``lessons.guided``): the rulebook's first-game set-up, 2 players
GUIDED = Setup(players=2, seed=5, playouts=8, options=lambda support: {"empire_side": "A"})
