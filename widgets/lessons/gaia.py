"""The Gaia Project lesson: chapters, quizzes, common-mistake scenarios, the fork and the scoring
explanation of a recorded 2-player first game (catalog namespace ``lesson.gaia``).

The prose is Markdown (``text/gaia.en.md``, ``text/gaia.pt.md``, read by :mod:`.prose`); every
number it states about the game is a placeholder (``{leech_n}``) filled by :func:`facts` from
the recorded game itself, so the text cannot drift from the game it shows. Numbers of the rules
themselves (6 rounds, 18/12/6 VP) are written out; ``RULE_NUMBERS`` lists them for the test.
Rule sections are named as in the pt-BR rulebook (``shared/rules/gaia-project.pt-BR.txt``).

The game: the rulebook's first game for 2 players ("A Primeira Partida": Hadsch Hallas and
Xenos, first-game map), heuristic bots, seed 23 — chosen because every action type happens in
it: mines with terraforming steps, upgrades up to an academy and the planetary institute, tech
tiles, research, power and QIC actions, special actions, passing with boosters, leech, a
federation for each player and a Gaia project that the next Gaia phase turns into a Gaia planet.
"""

from __future__ import annotations

import html as _html
import re
from functools import cache
from pathlib import Path
from typing import Any

from gamekit.core import CATALOG, GameRecord, get

from . import gaia_pieces, prose
from .forks import DEFAULT_PLAYOUTS
from .guided_tables import Setup
from .making import record_game, steps_diagram

G = "gaia"
NS = "lesson.gaia"
#: what the lesson uses of the game (``register(lesson=...)``): the map legend, the phases
K = get(G).lesson
SEED = 23
PLAYERS = 2
OPTIONS = {"factions": list(K.FIRST_GAME_FACTIONS[PLAYERS]), "layout": "first_game"}
RECORD = Path(__file__).parent / "data" / f"gaia-{PLAYERS}p-seed{SEED}.json"
#: numbers of the rules the prose may write out (everything else is a placeholder)
RULE_NUMBERS = frozenset({
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12", "14", "15", "18", "30",
})
_PLACEHOLDER = re.compile(r"\{([a-z0-9_]+)\}")


def board_html(state: Any, lang: str) -> str:
    """The lesson's board: the game's own with every space named on the map (the lesson's
    text, tables and buttons name spaces, ``7A6``; the play app names them on request)."""
    return get(G).render(state, lang=lang, names=True)


def make_record(seed: int = SEED, path: Path | None = None) -> Path:
    """Play the lesson's game again with today's bots and save its record."""
    return record_game(G, PLAYERS, seed, path or RECORD, OPTIONS)


# --------------------------------------------------------------------------- facts
def _first(final: Any, kind: str, pred=lambda e: True) -> Any:
    return next(e for e in final.events if e.kind == kind and pred(e))


@cache
def _session() -> Any:
    """The recorded game as a session played to its end (states at any index)."""
    from ..session import Session

    session = Session.from_record(GameRecord.load(RECORD), human=None, goto_end=False)
    session.to_end()
    return session


def final_state() -> Any:
    """The recorded game played to its end (the facts of the prose come from it)."""
    return _session().state


def moment(pred) -> int:
    """History index of the first position of the recorded game that ``pred`` accepts."""
    session = _session()
    for i in range(session.length + 1):
        if pred(session.state_at(i)):
            return i
    raise LookupError("the lesson's game never reaches that moment")


def state_at(index: int) -> Any:
    return _session().state_at(index)


def facts(final: Any | None = None) -> dict[str, int]:
    """Every number the prose states, read from the game: ``{placeholder: value}``."""
    final = final or final_state()
    res = final.result()
    inc = _first(final, "income", lambda e: e.round == 1 and e.seat == 0).data["got"]
    leech = _first(final, "leech")
    terra = _first(final, "build_mine", lambda e: e.round > 0 and e.data["steps"] > 0)
    fed = _first(final, "federation")
    gaia = _first(final, "gaia_project")
    planet = _first(final, "gaia_planet")
    passed = _first(final, "pass", lambda e: e.round == 1)
    gaia_level = max([e.data["level"] for e in final.events[:final.events.index(gaia)]
                      if e.kind == "research" and e.seat == gaia.seat
                      and e.data["track"] == "track:gaia"], default=0)
    mines0 = sum(1 for e in final.events if e.kind == "build_mine" and e.round == 0
                 and e.seat == 0)
    mines1 = sum(1 for e in final.events if e.kind == "build_mine" and e.round == 0
                 and e.seat == 1)
    w = res.winners[0]
    by = res.breakdown[w]
    return {
        "start_mines_a": mines0, "start_mines_b": mines1,
        "r1_credits": inc.get("credits", 0), "r1_ore": inc.get("ore", 0),
        "r1_knowledge": inc.get("knowledge", 0), "r1_qic": inc.get("qic", 0),
        "first_pass_seat": passed.seat + 1,
        "terra_round": terra.round, "terra_steps": terra.data["steps"],
        "terra_seat": terra.seat + 1,
        "terra_round_vp": sum(f.amount for f in final.flows if f.round == terra.round
                              and f.seat == terra.seat and f.source == "score:round"),
        "leech_round": leech.round, "leech_seat": leech.seat + 1, "leech_n": leech.data["n"],
        "leech_vp": leech.data["vp"],
        "leech_count": sum(1 for e in final.events if e.kind == "leech"),
        "leech_paid_a": -res.breakdown[0].get("leech", 0),
        "leech_paid_b": -res.breakdown[1].get("leech", 0),
        "fed_round": fed.round, "fed_seat": fed.seat + 1, "fed_n": fed.data["n"],
        "fed_sats": fed.data["sats"],
        "gaia_round": gaia.round, "gaia_tokens": gaia.data["n"], "gaia_seat": gaia.seat + 1,
        "gaia_phase_round": planet.round, "gaia_level": gaia_level,
        "lab_round": _first(final, "research").round,
        "power_round": _first(final, "board_action", _power_action).round,
        "special_round": _first(final, "special").round,
        "vp_a": res.scores[0], "vp_b": res.scores[1], "winner_seat": w + 1,
        "winner_vp": res.scores[w], "winner_round_vp": by.get("round", 0),
        **_decision_facts(final), **_flow_facts(final),
        **gaia_pieces.piece_facts(pieces_state()),
    }


def pieces_state() -> Any:
    """The start of round 1 of the recorded game: the pieces shown before the game."""
    return state_at(moment(lambda st: st.round == 1))


def _moved(final: Any, rnd: int, resource: str, source: str, target: str) -> int:
    """How much ``resource`` moved from ``source`` to ``target`` places in round ``rnd``, all
    players together (the ledger the round's flow chart draws)."""
    return sum(f.amount for f in final.flows if f.round == rnd and f.resource == resource
               and f.source.split(":")[0] == source and f.target.split(":")[0] == target)


def _flow_facts(final: Any) -> dict[str, int]:
    """The finding of each round's flow chart the lesson shows (rounds 1 and 3)."""
    return {
        "r1_upgrade_credits": _moved(final, 1, "credits", "stock", "upgrade"),
        "r1_upgrade_ore": _moved(final, 1, "ore", "stock", "upgrade"),
        "r1_income_credits": _moved(final, 1, "credits", "income", "stock"),
        "r3_charged": _moved(final, 3, "token", "bowl1", "bowl2"),
        "r3_to_bowl3": _moved(final, 3, "token", "bowl2", "bowl3"),
        "r3_spent": _moved(final, 3, "token", "bowl3", "bowl1"),
    }


def _decision_facts(final: Any) -> dict[str, int]:
    """The numbers the "what would you do here?" questions and the fork state."""
    power = state_at(moment(_power_pick_moment))
    return {
        "leech_free_round": state_at(moment(_leech_free_moment)).round,
        "leech_late_n": next(a.args[0] for a in state_at(moment(_leech_late_moment)).decision(
            0).legal if a.verb == "leech"),
        "leech_late_vp": next(a.args[0] for a in state_at(moment(_leech_late_moment)).decision(
            0).legal if a.verb == "leech") - 1,
        "booster_round": state_at(moment(_booster_moment)).round,
        "power_pick_round": power.round, "power_pick_bowl3": power.pl[0].bowls.bowl3,
        "fork_round": _first(final, "gaia_planet", lambda e: e.seat == 0).round,
        "playouts": DEFAULT_PLAYOUTS,
    }


def _fill(text: str, values: dict[str, int]) -> str:
    """Fill the fact placeholders (other braces stay for the catalog's own ``format``)."""
    def one(m: re.Match) -> str:
        key = m.group(1)
        return str(values[key]) if key in values else m.group(0)

    return _PLACEHOLDER.sub(one, text)


def texts() -> dict[str, dict[str, str]]:
    """The prose with every fact filled in (``{key: {lang: html}}``)."""
    values = facts()
    return {key: {lang: _fill(html, values) for lang, html in langs.items()}
            for key, langs in prose.load(G).items()}


# --------------------------------------------------------------------------- chapters
def after(kind: str, n: int = 1, pred=lambda e: True):
    """A state predicate: the ``n``-th event of ``kind`` (accepted by ``pred``) happened."""
    def there(st: Any) -> bool:
        return st.is_over() or sum(1 for e in st.events if e.kind == kind and pred(e)) >= n

    return there


def _power_action(e: Any) -> bool:
    return str(e.data.get("action", "")).startswith("power")


def _terraformed(action: Any) -> bool:
    """``action`` is the recorded game's first mine built with terraforming steps."""
    mine = _first(final_state(), "build_mine", lambda e: e.round > 0 and e.data["steps"] > 0)
    return action.seat == mine.seat and action.args[0] == mine.data["hex"]


#: ``decision(lesson) -> (history index, action)``: the decision of the recorded game the
#: chapter's "The decision:" sentence names (its premises: tests/widgets/test_gaia_lesson.py)
CHAPTERS: dict[str, dict[str, Any]] = {
    "setup": {"at": {}},
    "r1_income": {"at": {"round": 1}},
    "r1_lab": {"at": after("research"), "decision": lambda lesson: lesson.first_action(
        lambda a: a.seat == 0 and a.verb == "upgrade" and a.args[1] == "lab", "lab of Player 1")},
    "r1_pass": {"at": {"round": 2}},
    "r2_power": {"at": after("board_action", pred=_power_action)},
    "r3_terraform": {"at": after("build_mine", pred=lambda e: e.round > 0
                                 and e.data["steps"] > 0),
                     "decision": lambda lesson: lesson.first_action(
                         lambda a: a.verb == "build" and _terraformed(a),
                         "mine with terraforming")},
    "r3_leech": {"at": after("leech")},
    "r4_special": {"at": after("special")},
    "r4_federation": {"at": after("fed_token")},
    "r5_gaia": {"at": after("gaia_project"), "decision": lambda lesson: lesson.first_action(
        lambda a: a.verb == "gaia", "Gaia project")},
    "r6_gaia_phase": {"at": after("gaia_planet")},
    "game_end": {"at": lambda st: st.is_over()},
}


def _seat(n: int) -> tuple:
    return ("seat", n)


def _around(n: int) -> list[int]:
    return sorted({max(0, n - 2), n, n + 3})


def _asks(st: Any, seat: int, kind: str) -> bool:
    """``seat`` decides a ``kind`` decision (``turn``, ``leech``…) in ``st``."""
    return not st.is_over() and seat in st.to_move() and st.decision(seat).kind == kind


def _leech_free_moment(st: Any) -> bool:
    """Player 1's first offer of power from an opponent's building ("9) Ganhando Poder")."""
    return _asks(st, 0, "leech")


def _power_pick_moment(st: Any) -> bool:
    """Player 1's first turn with power actions open but fewer than 4 power in bowl III."""
    return (_asks(st, 0, "turn") and st.pl[0].bowls.bowl3 < 4
            and any(a.verb == "action" and a.args[0].startswith("power")
                    for a in st.decision(0).legal))


def _leech_late_moment(st: Any) -> bool:
    """Player 1's offer of power in the last round ("9) Ganhando Poder")."""
    return st.round == 6 and _asks(st, 0, "leech")


def _booster_moment(st: Any) -> bool:
    """Player 1's pick of a round booster when passing in round 3 ("8) Passar a Vez")."""
    return st.round == 3 and _asks(st, 0, "booster")


def _gaia_mine_moment(st: Any) -> bool:
    """Player 1's first turn with a mine on the Gaia planet of its own project possible."""
    target = _first(final_state(), "gaia_planet", lambda e: e.seat == 0).data["hex"]
    return _asks(st, 0, "turn") and any(a.verb == "build" and a.args[0] == target
                                        for a in st.decision(0).legal)


def _late_project_moment(st: Any) -> bool:
    """Player 1's turn of the last round, after its research, with a Gaia project possible."""
    return (st.round == 6 and _asks(st, 0, "turn")
            and any(e.kind == "research" and e.seat == 0 and e.round == 6 for e in st.events)
            and any(a.verb == "gaia" for a in st.decision(0).legal))


def _leech_free_answer(lesson: Any) -> str:
    """Take it when the power costs nothing: n power costs n - 1 VP."""
    offer = next(a for a in lesson.state.decision(0).legal if a.verb == "leech")
    return "take_power" if offer.args[0] - 1 == 0 else "decline"


def _power_pick_answer(lesson: Any) -> str:
    """The power action bowl III can pay (the other costs more than it holds)."""
    legal = {a.args[0] for a in lesson.state.decision(0).legal if a.verb == "action"}
    return next(c for c in POWER_PICK if c in legal)


#: what each booster of the round-3 pick scores when its owner passes: VP per building kind
BOOSTER_PASS_VP = {"booster6": {"m": 1}, "booster8": {"lab": 3}, "booster9": {"pi": 4, "ac": 4}}


def _booster_answer(lesson: Any) -> str:
    """The booster whose pass VP Player 1's buildings of the moment count highest (the
    playouts, not this count, decide the question: its income counts too)."""
    counts = lesson.state.pl[0].counts
    return max(BOOSTER_PASS_VP, key=lambda b: sum(counts.get(k, 0) * v
                                                  for k, v in BOOSTER_PASS_VP[b].items()))


def _booster_actions(lesson: Any) -> dict[str, Any]:
    legal = _legal_at(_booster_moment)
    return {b: next(a for a in legal if a.verb == "booster" and a.args[0] == b)
            for b in BOOSTER_PASS_VP}


def _booster_played(lesson: Any) -> str:
    """The booster Player 1 took in the recorded game."""
    return _session().history()[moment(_booster_moment)].args[0]


def _decide(at: Any, choices: list[str], answer: Any, taught_by: str) -> dict[str, Any]:
    """A "what would you do here?" question on the board of the moment ``at``; ``answer`` is
    the choice the rules favour there, explained in the question's ``_why``."""
    return {"choices": lambda lesson: choices, "answer": answer, "at": at, "board": True,
            "decision": True, "kind": "decide", "taught_by": taught_by}


def _legal_at(pred) -> list[Any]:
    """Player 1's legal actions at the first moment ``pred`` accepts."""
    return list(state_at(moment(pred)).decision(0).legal)


def _leech_free_actions(lesson: Any) -> dict[str, Any]:
    legal = _legal_at(_leech_free_moment)
    return {"take_power": next(a for a in legal if a.verb == "leech"),
            "decline": next(a for a in legal if a.verb == "decline")}


def _gaia_mine_actions(lesson: Any) -> dict[str, Any]:
    """The mine on the Gaia planet, or the academy with the QIC action (``ac2``)."""
    target = _first(final_state(), "gaia_planet", lambda e: e.seat == 0).data["hex"]
    legal = _legal_at(_gaia_mine_moment)
    return {"academy": next(a for a in legal if a.verb == "upgrade" and a.args[-1] == "ac2"),
            "gaia_mine": next(a for a in legal if a.verb == "build" and a.args[0] == target)}


def _late_project_actions(lesson: Any) -> dict[str, Any]:
    """A Gaia project on the first planet offered, or passing."""
    legal = _legal_at(_late_project_moment)
    return {"gaia_project": next(a for a in legal if a.verb == "gaia"),
            "pass": next(a for a in legal if a.verb == "pass")}


def _leech_late_actions(lesson: Any) -> dict[str, Any]:
    legal = _legal_at(_leech_late_moment)
    return {"take_power": next(a for a in legal if a.verb == "leech"),
            "decline": next(a for a in legal if a.verb == "decline")}


def _leech_late_answer(lesson: Any) -> str:
    """Decline when the power taken cannot reach bowl III this round: bowl III and II are
    empty, so the tokens land in bowl II and no power action can be paid any more."""
    bowls = lesson.state.pl[0].bowls
    return "decline" if bowls.bowl3 == 0 and bowls.bowl2 == 0 else "take_power"


def _leech_played(lesson: Any) -> str:
    """What Player 1 did with the first power offered (the recorded game)."""
    action = _session().history()[moment(_leech_free_moment)]
    return "take_power" if action.verb == "leech" else "decline"


def _by_playouts(spec: dict[str, Any], at: Any, actions: Any,
                 played: Any = None) -> dict[str, Any]:
    """``spec`` decided by the lesson's playouts (``lessons.verdicts``) from the first moment
    ``at`` accepts, its choices being ``actions`` (of the lesson); ``played``: the recorded
    game's choice, when it may differ from the rules' answer."""
    return {**spec, "index": lambda lesson: moment(at), "actions": actions,
            **({"played": played} if played is not None else {})}


#: the two power actions the power question offers: 7 credits (4 power), 2 tokens (3 power)
POWER_PICK = ("power4", "power7")

#: ``kind``: ``rule`` (what the rules give) or ``decide`` ("what would you do here?", on the
#: board of the moment ``at``); ``taught_by``: the prose key teaching its rule, earlier in the
#: notebook (checked by tests/widgets/test_lesson_newcomer.py)
QUIZZES: dict[str, dict[str, Any]] = {
    "q_income": {
        "choices": lambda lesson: _around(facts(lesson.final())["r1_credits"]),
        "answer": lambda lesson: facts(lesson.final())["r1_credits"],
        "kind": "rule", "taught_by": "round_shape",
    },
    "q_leech": {
        "choices": lambda lesson: [0, 1, 2, 3],
        "answer": lambda lesson: facts(lesson.final())["leech_vp"],
        "kind": "rule", "taught_by": "round_shape",
    },
    "q_next_first": {
        "choices": lambda lesson: [_seat(s) for s in range(lesson.state.players)],
        "answer": lambda lesson: _seat(facts(lesson.final())["first_pass_seat"] - 1),
        "kind": "rule", "taught_by": "round_shape",
    },
    "q_gaia_tokens": {
        "choices": lambda lesson: [3, 4, 6],
        "answer": lambda lesson: facts(lesson.final())["gaia_tokens"],
        "kind": "rule", "taught_by": "power_cycle",
    },
    "q_booster": _by_playouts(_decide(_booster_moment, list(BOOSTER_PASS_VP), _booster_answer,
                                      "r1_pass"),
                              _booster_moment, _booster_actions, _booster_played),
    "q_leech_free": _by_playouts(_decide(_leech_free_moment, ["take_power", "decline"],
                                         _leech_free_answer, "r3_leech"),
                                 _leech_free_moment, _leech_free_actions, _leech_played),
    # a rule question on the board: the 7-credit action is not legal there (no playout can
    # try it), so the rules answer, each option's feedback citing the rule
    "q_power_pick": {"choices": lambda lesson: list(POWER_PICK), "answer": _power_pick_answer,
                     "at": _power_pick_moment, "board": True, "kind": "rule",
                     "taught_by": "r2_power"},
    "q_leech_late": _by_playouts(_decide(_leech_late_moment, ["take_power", "decline"],
                                         _leech_late_answer, "r3_leech"),
                                 _leech_late_moment, _leech_late_actions,
                                 lambda lesson: _session().history()[
                                     moment(_leech_late_moment)].verb.replace("leech",
                                                                              "take_power")),
    "q_gaia_mine": _by_playouts(_decide(
        _gaia_mine_moment, ["academy", "gaia_mine"],
        lambda lesson: "gaia_mine" if lesson.state.round == 6
        and "gaia" in lesson.state.to_dict()["final_tiles"] else "academy", "r6_gaia_phase"),
        _gaia_mine_moment, _gaia_mine_actions),
    "q_late_project": _by_playouts(_decide(
        _late_project_moment, ["gaia_project", "pass"],
        lambda lesson: "pass" if lesson.state.round == 6 else "gaia_project", "r6_gaia_phase"),
        _late_project_moment, _late_project_actions),
}


# --------------------------------------------------------------------------- drawings
def _pieces(lesson: Any, lang: str) -> str:
    return K.legend_html(lang)


def _round_shape(lesson: Any, lang: str) -> str:
    steps = [(lesson.text(f"phase_{k}"), lesson.text(f"phase_{k}_note"))
             for k in ("income", "gaia", "actions", "cleanup")]
    return steps_diagram(steps, ("#d9a70b", "#3aa655", "#2f7fd1", "#888888"),
                         lambda name: name == lesson.text("phase_gaia"),
                         lesson.text("round_shape_note"), "gaia-round-shape")


def _power_cycle(lesson: Any, lang: str) -> str:
    """Both players' power cycles over the rounds up to the leech chapter's round (a fixed
    moment of the game, whatever point the lesson has reached)."""
    rnd = facts(lesson.final())["leech_round"]
    index = lesson.find_event("round_start", lambda e: e.data["n"] == rnd + 1)
    shot = lesson.session.state_at(index) if index is not None else lesson.final()
    return "".join(K.power_cycle_svg(shot, s, lang) for s in range(shot.players))


def _anatomy(lesson: Any, lang: str) -> str:
    """Player 1's faction board, the terraforming wheel, a tech tile and a booster, annotated."""
    return gaia_pieces.anatomy_html(pieces_state(), lang, lambda key: lesson.text(key, lang))


EXTRAS = {"pieces": _pieces, "anatomy": _anatomy, "round_shape": _round_shape,
          "power_cycle": _power_cycle}


# --------------------------------------------------------------------------- scenarios
SCENARIOS = {
    "m_leech_cost": {"find": lambda lesson, final: lesson.find_event("leech")},
    "m_gaia_wait": {"find": lambda lesson, final: lesson.find_event("gaia_planet")},
    "m_booster_back": {"find": lambda lesson, final: lesson.find_event(
        "booster", lambda e: e.round == 1)},
    "m_terraform_cost": {"find": lambda lesson, final: lesson.find_event(
        "build_mine", lambda e: e.round > 0 and e.data["steps"] > 0)},
}


def _gaia_hex(final: Any) -> str:
    """The planet Player 1's Gaia project turned into a Gaia planet."""
    return _first(final, "gaia_planet", lambda e: e.seat == 0).data["hex"]


def _played(lesson: Any, index: int) -> Any:
    """The action of the recorded game after ``index`` actions (the lesson stays put)."""
    here = lesson.session.index
    lesson.session.to_end()
    try:
        return lesson.session.action_at(index)
    finally:
        lesson.session.goto(here)


def fork_index(lesson: Any) -> int:
    """The fork: Player 1's first turn of the game in which a mine on the Gaia planet of its own
    project was possible (the last round: it upgraded to an academy instead, and never built
    there)."""
    target = _gaia_hex(lesson.final())
    here = lesson.session.index
    lesson.session.to_end()
    try:
        for i, a in enumerate(lesson.session.history()):
            if a.seat != 0 or a.verb in ("income", "leech", "decline", "tech", "step", "end",
                                         "tokens", "booster", "charge"):
                continue
            st = lesson.session.state_at(i)
            if any(b.verb == "build" and b.args[0] == target for b in st.legal_actions(0)):
                return i
    finally:
        lesson.session.goto(here)
    raise LookupError("no turn of Player 1 with a mine on its Gaia planet in reach")


def fork_choices(lesson: Any) -> tuple[int, list[Any]]:
    """At ``fork_index``: the choice played, the mine on the Gaia planet, a mine on another
    planet, a new Gaia project and passing, compared over playouts by ``lessons.forks``
    ("1) Construir uma Mina", "2) Iniciar um Projeto Gaia", "8) Passar")."""
    i = fork_index(lesson)
    legal = lesson.session.state_at(i).decision(0).legal
    target = _gaia_hex(lesson.final())
    gaia_mine = next(a for a in legal if a.verb == "build" and a.args[0] == target)
    other_mine = next(a for a in legal if a.verb == "build" and a != gaia_mine)
    project = next(a for a in legal if a.verb == "gaia")
    passing = next(a for a in legal if a.verb == "pass")
    return i, list(dict.fromkeys([_played(lesson, i), gaia_mine, other_mine, project, passing]))


def fork_point(lesson: Any) -> tuple[int, Any]:
    """The same fork as one alternative (``Lesson.fork``): the mine on the Gaia planet."""
    i, choices = fork_choices(lesson)
    return i, choices[1]


# --------------------------------------------------------------------------- scoring
def explain_score(lesson: Any, state: Any, result: Any) -> list[str]:
    """Every VP of the winner traced to its source (the score breakdown), then the others."""
    lang = lesson.lang
    t = lesson.text
    w = result.winners[0]
    faction = CATALOG.name(G, state.pl[w].faction, lang)
    lines = [t("score_total", who=CATALOG.text(G, "seat", lang, n=w + 1), faction=faction,
               vp=result.scores[w])]
    for key, vp in result.breakdown[w].items():
        if vp:
            lines.append("• " + t("score_line", vp=vp, source=_html.escape(
                CATALOG.name(G, key, lang))))
    for s in range(state.players):
        if s != w:
            lines.append(t("score_other", who=CATALOG.text(G, "seat", lang, n=s + 1),
                           faction=CATALOG.name(G, state.pl[s].faction, lang),
                           vp=result.scores[s]))
    return lines


def placeholders(text: str) -> set[str]:
    """The fact placeholders a prose text uses (for the test)."""
    return set(_PLACEHOLDER.findall(text))


CATALOG.add(NS, texts())


#: the guided first game (``lessons.guided``): the rulebook's first-game set-up, 2 players
GUIDED = Setup(players=2, seed=7, playouts=6, options=lambda support: {
    "factions": list(support.FIRST_GAME_FACTIONS[2]), "layout": "first_game"})
