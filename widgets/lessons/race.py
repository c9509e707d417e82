"""The Race for the Galaxy lesson: texts (en + pt-BR, catalog namespace ``lesson.race``),
chapters, quizzes, common-mistake scenarios and the scoring explanation.

Rule sections are named as in the Portuguese rulebook (``shared/rules``, pt-BR) and, in
English, as the engine's catalog names them (``rule.*`` messages of ``race``).

The lesson's game is the first-game setup for 2 players (start worlds 1 and 2 with their
preset hands: Epsilon Eridani and Alpha Centauri), heuristic bots, seed 4: in it a development
is placed for 0 cards with the Develop bonus (Public Works, which does not draw for itself), a
development placed in Develop helps conquer a military world in the same round's Settle, a
world is settled with a start world's discount, both Consume: Trade and Consume: 2x VP are
chosen, Produce fills production and windfall worlds, Trade sells before consuming, and the
game ends because the VP chips run out in round 12 (more VP are earned than the pool holds).
"""

from __future__ import annotations

import html as _html
from pathlib import Path
from typing import Any

from gamekit.core import CATALOG, get

from . import forks, prose
from .guided_tables import Setup
from .making import record_game, steps_diagram

G = "race"
#: the game's lesson support (``register(lesson=...)``): card data, scoring, drawings
K = get(G).lesson
COPIES, SIX_DEV, six_dev_points = K.COPIES, K.SIX_DEV, K.six_dev_points
NS = "lesson.race"
SEED = 4
PLAYERS = 2
OPTIONS = {"first_game": True}
RECORD = Path(__file__).parent / "data" / f"race-{PLAYERS}p-seed{SEED}.json"


def make_record(seed: int = SEED, path: Path | None = None) -> Path:
    """Play the lesson's game again with today's bots and save its record."""
    return record_game(G, PLAYERS, seed, path or RECORD, OPTIONS)


#: the lesson's prose: widgets/lessons/text/{game}.{en,pt}.md (``prose.load``)
TEXTS: dict[str, dict[str, str]] = prose.load(G)

CATALOG.add(NS, TEXTS)

#: chapter -> where the lesson plays on to (``Lesson.reach`` arguments)
CHAPTERS: dict[str, dict[str, Any]] = {
    "setup": {"at": {}},
    "r1_develop": {"at": {"round": 1, "phase": "develop"}},
    "r1_settle": {"at": {"round": 1, "phase": "settle"}},
    "r2_choose": {"at": {"round": 2, "phase": "choose"}},
    "r2_explore": {"at": {"round": 2, "phase": "explore"}},
    "r3_choose": {"at": {"round": 3, "phase": "choose"}},
    "r3_settle": {"at": {"round": 3, "phase": "settle"}},
    "r4_choose": {"at": {"round": 4, "phase": "choose"}},
    "r5_choose": {"at": {"round": 5, "phase": "choose"}},
    "r6_choose": {"at": {"round": 6, "phase": "choose"}},
    "r6_consume": {"at": {"round": 6, "phase": "consume"}},
    # every round has a board: the rounds the narrative sums up get one each
    "r7_board": {"at": {"round": 7, "phase": "choose"}},
    "r8_board": {"at": {"round": 8, "phase": "consume"}},
    "r9_board": {"at": {"round": 9, "phase": "choose"}},
    "r10_consume": {"at": {"round": 10, "phase": "consume"}},
    "r11_board": {"at": {"round": 11, "phase": "choose"}},
    "game_end": {"at": {"phase": "end"}},
}


# --------------------------------------------------------------------------- quizzes
def _phases(lesson: Any, rnd: int) -> list[str]:
    return [e.data["name"].split(":", 1)[1] for e in lesson.final().events
            if e.kind == "phase" and e.round == rnd]


def _phases_answer(lesson: Any) -> str:
    got = _phases(lesson, 1)
    return {("develop", "settle"): "develop_settle", ("develop",): "develop"}.get(
        tuple(got), "all")


def _first(lesson: Any, kind: str, pred) -> Any:
    return next((e for e in lesson.final().events if e.kind == kind and pred(e)), None)


def paid_for(lesson: Any, seat: int, card: str) -> int:
    """Cards ``seat`` discarded to place ``card`` (the pay events just before its placing)."""
    paid = 0
    for e in lesson.final().events:
        if e.seat != seat:
            continue
        if e.kind == "pay":
            paid += 1
        elif e.kind == "place":
            if e.data["card"] == card:
                return paid
            paid = 0
        elif e.kind in ("phase", "round_start"):
            paid = 0
    return -1


def _conquer_answer(lesson: Any) -> str:
    if _first(lesson, "conquer", lambda e: e.data["card"] == "rebel_miners"):
        return "conquer"
    if _first(lesson, "place", lambda e: e.data["card"] == "rebel_miners"):
        return "pay2"
    return "cannot"


def _trade_answer(lesson: Any) -> int:
    e = _first(lesson, "sell", lambda e: e.rule == "trade" and e.seat == 1)
    return e.data["n"] if e else 0


def _goods_after_produce(lesson: Any) -> int:
    rnd = next(e.round for e in lesson.final().events
               if e.kind == "phase" and e.data["name"] == "phase:produce")
    here = lesson.session.index
    lesson.session.to_end()
    try:
        i = next(i for i in range(lesson.session.length + 1) if lesson.session.where(i)[0] > rnd)
        return len(lesson.session.state_at(i).seats[1].goods)
    finally:
        lesson.session.goto(here)


# --------------------------------------------------------------------------- facts
def card(cid: str) -> Any:
    """The card data of ``cid`` (its first copy)."""
    return next(c for c in COPIES if c.id == cid)


def _events(lesson: Any, kind: str, **match: Any) -> list:
    return [e for e in lesson.final().events if e.kind == kind
            and all(e.data.get(k) == v or getattr(e, k, None) == v for k, v in match.items())]


def _military_at_conquest(lesson: Any, seat: int, world: str) -> int:
    """``seat``'s military against ``world`` when conquering it (tableau powers summed)."""
    i = lesson.find_event("conquer", lambda e: e.data.get("card") == world)
    tab = lesson.session.state_at(i).seats[seat].tableau
    return sum(COPIES[c].mil + max(COPIES[c].mil_good) for c in tab if COPIES[c].id != world)


def _both_chose(lesson: Any, action: str, rounds: range) -> dict[str, str]:
    found = [r for r in rounds if {e.seat for e in _events(lesson, "choose", action=action)
                                   if e.round == r} == {0, 1}]
    head, last = ", ".join(map(str, found[:-1])), str(found[-1])
    return {"en": f"{head} and {last}" if head else last,
            "pt": f"{head} e {last}" if head else last}


def _pool_after(lesson: Any, rnd: int) -> int:
    return [e.data["pool"] for e in _events(lesson, "vp") if e.round <= rnd][-1]


def _final_round(lesson: Any) -> int:
    return lesson.final().round


def military_of(lesson: Any, seat: int, index: int) -> int:
    """``seat``'s printed military (every card's +/− summed, bonuses against one kind left out)
    in the position after ``index`` actions (the public position format)."""
    tableau = lesson.session.state_at(index).to_dict()["seats"][seat]["tableau"]
    return sum(card(cid).mil for cid in tableau)


def _empath_military(lesson: Any) -> tuple[int, int]:
    """Player 1's military just before and just after placing Empath World."""
    i = lesson.find_event("place", lambda e: e.data.get("card") == "empath_world")
    return military_of(lesson, 0, i - 1), military_of(lesson, 0, i)


def _round_count(lesson: Any, kind: str, rnd: int, seat: int | None = None, **match: Any) -> int:
    """Events of ``kind`` in round ``rnd`` (of ``seat``, with data matching ``match``)."""
    return sum(1 for e in _events(lesson, kind, **match)
               if e.round == rnd and (seat is None or e.seat == seat))


def _empty_production(lesson: Any, rnd: int) -> int:
    """Production worlds of both players without a good when round ``rnd``'s choice is made."""
    seats = lesson.session.state_at(choice_index(lesson, 0, rnd)).to_dict()["seats"]
    return sum(1 for s in seats for cid in s["tableau"]
               if card(cid).production and cid not in s["goods"])


def _tiny_military(lesson: Any) -> int:
    st = military_state()
    return sum(COPIES[c].mil for c in st.seats[0].tableau)


def _final_scores(lesson: Any) -> dict[str, str]:
    """The recorded game's final scores in words ("26 to 22")."""
    a, b = lesson.final().result().scores
    return {"en": f"{a} to {b}", "pt": f"{a} a {b}"}


#: what the prose states about the lesson's game (placeholder -> computed from the game)
FACTS: dict[str, Any] = {
    "final_scores": _final_scores,
    "playouts": lambda lesson: forks.DEFAULT_PLAYOUTS,
    "ee_mil": lambda lesson: card("epsilon_eridani").mil,
    "ac_rare_mil": lambda lesson: max(card("alpha_centauri").mil_good),
    "ac_discount": lambda lesson: card("comet_zone").cost - paid_for(lesson, 1, "comet_zone"),
    "start_pool": lambda lesson: lesson.session.state_at(0).pool,
    "pool_per_player": lambda lesson: lesson.session.state_at(0).pool // lesson.state.players,
    "pw_cost": lambda lesson: card("public_works").cost,
    "pw_paid": lambda lesson: paid_for(lesson, 0, "public_works"),
    "ef_paid": lambda lesson: paid_for(lesson, 1, "expedition_force"),
    "ef_mil": lambda lesson: card("expedition_force").mil,
    "ef_round": lambda lesson: _events(lesson, "place", card="expedition_force")[0].round,
    "gem_paid": lambda lesson: paid_for(lesson, 0, "gem_world"),
    "rm_defense": lambda lesson: _events(lesson, "conquer", card="rebel_miners")[0].data["defense"],
    "rm_military": lambda lesson: _military_at_conquest(lesson, 1, "rebel_miners"),
    "p1_explore_n": lambda lesson: _events(lesson, "explore", seat=0)[0].data["n"],
    "p1_explore_keep": lambda lesson: _events(lesson, "explore", seat=0)[0].data["keep"],
    "p2_explore_n": lambda lesson: _events(lesson, "explore", seat=1)[0].data["n"],
    "p2_explore_keep": lambda lesson: _events(lesson, "explore", seat=1)[0].data["keep"],
    "trade1_round": lambda lesson: _events(lesson, "sell", seat=1)[0].round,
    "trade1_n": lambda lesson: _events(lesson, "sell", seat=1)[0].data["n"],
    "trade2_n": lambda lesson: _events(lesson, "sell", seat=0)[0].data["n"],
    "trade3_n": lambda lesson: _events(lesson, "sell", seat=1)[-1].data["n"],
    "comet_cost": lambda lesson: card("comet_zone").cost,
    "comet_paid": lambda lesson: paid_for(lesson, 1, "comet_zone"),
    "ns_round": lambda lesson: _events(lesson, "conquer", card="new_survivalists")[0].round,
    "ns_defense": lambda lesson: card("new_survivalists").defense,
    "cm_paid": lambda lesson: paid_for(lesson, 0, "consumer_markets"),
    "pw_round": lambda lesson: _events(lesson, "place", card="public_works")[0].round,
    "pw_draw_round": lambda lesson: _events(lesson, "draw", seat=0, why="develop_after")[0].round,
    "mc_paid": lambda lesson: paid_for(lesson, 1, "mining_conglomerate"),
    "mc_cost": lambda lesson: card("mining_conglomerate").cost,
    "engines_from": lambda lesson: CHAPTERS["r6_consume"]["at"]["round"] + 1,
    "both_produce": lambda lesson: _both_chose(
        lesson, "produce", range(CHAPTERS["r6_consume"]["at"]["round"] + 1,
                                 CHAPTERS["r10_consume"]["at"]["round"])),
    "factory_round": lambda lesson: _events(lesson, "place", card="alien_robotic_factory")[0].round,
    "factory_paid": lambda lesson: paid_for(lesson, 1, "alien_robotic_factory"),
    "pool_after_factory": lambda lesson: _pool_after(
        lesson, _events(lesson, "place", card="alien_robotic_factory")[0].round),
    "last_pool": lambda lesson: _pool_after(lesson, _final_round(lesson) - 1),
    "last_earned": lambda lesson: sum(e.data["n"] for e in _events(lesson, "vp")
                                      if e.round == _final_round(lesson)),
    "pool_end": lambda lesson: lesson.final().pool,
    "ml_hand": lambda lesson: len(military_state().seats[0].hand),
    "ml_defense": lambda lesson: card("malevolent_lifeforms").defense,
    "ml_military": _tiny_military,
    "rfc_defense": lambda lesson: card("rebel_fuel_cache").defense,
    "empath_mil": lambda lesson: card("empath_world").mil,
    "p1_hand_r2": lambda lesson: len(seat_at_choice(lesson, 0, 2)["hand"]),
    "r1_paid_p1": lambda lesson: _round_count(lesson, "pay", 1, 0),
    "r1_paid_p2": lambda lesson: _round_count(lesson, "pay", 1, 1),
    "r5_goods": lambda lesson: _round_count(lesson, "good", 5),
    "r5_windfall": lambda lesson: _round_count(lesson, "good", 5, why="windfall"),
    "r6_goods": lambda lesson: _round_count(lesson, "discard_good", 6),
    "r6_vp": lambda lesson: sum(e.data["n"] for e in _events(lesson, "vp") if e.round == 6),
    "x2_round": lambda lesson: CHAPTERS["r6_consume"]["at"]["round"],
    "r7_empty": lambda lesson: _empty_production(lesson, 7),
    "r7_goods": lambda lesson: _round_count(lesson, "good", 7),
    "r8_goods_p1": lambda lesson: len(seat_at_choice(lesson, 0, 8)["goods"]),
    "r11_discarded": lambda lesson: _round_count(lesson, "discard", 11, 1),
    "p2_prod_r5": lambda lesson: sum(1 for cid in seat_at_choice(lesson, 1, 5)["tableau"]
                                     if card(cid).production),
    "p1_mil_before": lambda lesson: _empath_military(lesson)[0],
    "p1_mil_after": lambda lesson: _empath_military(lesson)[1],
}

#: numbers of the rules and of the printed cards (not of the game) the game's sections state
RULE_NUMBERS = {
    "en": ("start world 1", "start world 2", "Explore +1,+1", "draws 2 cards and keeps 1",
           "+5 cards", "(Novelty 2, Rare 3, Genes 4, Alien 5)", "(Novelty 2, Genes 4, Alien 5)",
           "2x VP", "the 2x bonus", "10-VP chips", "Nobody reached 12 cards", "(defense − 1)", "+5 shows"),
    "pt": ("mundo inicial 1", "mundo inicial 2", "Descoberta +1,+1", "compram 2 cartas e ficam com 1",
           "+5 cartas", "(Luxo 2, Raros 3, Genes 4, Alienígena 5)", "(Luxo 2, Genes 4, Alienígena 5)",
           "PV x2", "bônus x2", "fichas de 10 PV", "Ninguém chegou a 12 cartas", "(defesa − 1)",
           "PVs x2", "a +5 mostra"),
}


def choice_index(lesson: Any, seat: int, rnd: int) -> int:
    """History index of ``seat``'s action choice in round ``rnd`` (the moment asked about):
    the seat's k-th choose action is its k-th choose event."""
    k = [e.round for e in _events(lesson, "choose", seat=seat)].index(rnd)
    here = lesson.session.index
    lesson.session.to_end()
    try:
        found = [i for i, a in enumerate(lesson.session.history())
                 if a.seat == seat and a.verb == "choose"]
    finally:
        lesson.session.goto(here)
    return found[k]


def seat_at_choice(lesson: Any, seat: int, rnd: int) -> dict[str, Any]:
    """``seat``'s part of the public position when choosing its action in round ``rnd``."""
    return lesson.session.state_at(choice_index(lesson, seat, rnd)).to_dict()["seats"][seat]


def chose(lesson: Any, seat: int, rnd: int) -> str:
    """The action card ``seat`` chose in round ``rnd`` of the lesson's game."""
    return _events(lesson, "choose", seat=seat, round=rnd)[0].data["action"]


def _decide(seat: int, rnd: int, choices: list[str], taught_by: str) -> dict[str, Any]:
    """A "what would you do here?" question: ``seat``'s action choice of round ``rnd``; the
    answer is the choice made in the game (its ``_why`` explains it from the rules, taught by
    the prose key ``taught_by`` earlier in the notebook)."""
    return {"choices": lambda lesson: choices,
            "answer": lambda lesson: {"develop": "develop_action"}.get(
                chose(lesson, seat, rnd), chose(lesson, seat, rnd)),
            "at": {"round": rnd, "phase": "choose"}, "board": True, "decision": True,
            "kind": "decide", "taught_by": taught_by,
            # decided by the lesson's playouts (``lessons.verdicts``): the moment and the
            # choices as the actions of the seat there
            "index": lambda lesson: choice_index(lesson, seat, rnd),
            "actions": lambda lesson: _choice_actions(lesson, seat, rnd, choices)}


#: a quiz choice -> the action card it names (``choose`` actions' argument)
_CARD = {"develop_action": "develop", "explore_5": "explore_5_0"}


def _choice_actions(lesson: Any, seat: int, rnd: int, choices: list[str]) -> dict[str, Any]:
    legal = lesson.session.state_at(choice_index(lesson, seat, rnd)).decision(seat).legal
    by_card = {a.args[0]: a for a in legal if a.verb == "choose"}
    return {c: by_card[_CARD.get(c, c)] for c in choices}


def _rule(choices: list, answer: Any, taught_by: str) -> dict[str, Any]:
    """A question on a rule the prose key ``taught_by`` taught earlier in the notebook."""
    return {"choices": lambda lesson: choices, "answer": answer, "kind": "rule",
            "taught_by": taught_by}


#: ``taught_by``: the prose key that teaches the quiz's rule, earlier in the notebook (checked
#: by tests/widgets/test_lesson_newcomer.py)
QUIZZES: dict[str, dict[str, Any]] = {
    "q_r1_choice": _decide(0, 1, ["develop_action", "settle", "explore_5"], "round_shape"),
    "q_r2_choice": _decide(0, 2, ["explore_5", "explore_1_1", "develop_action"], "round_shape"),
    "q_r4_choice": _decide(0, 4, ["consume_trade", "consume_x2", "produce"], "r3_choose"),
    "q_r5_choice": _decide(1, 5, ["settle", "consume_trade", "produce"], "round_shape"),
    "q_r10_choice": _decide(1, 10, ["consume_trade", "consume_x2"], "consume_how"),
    "q_r12_choice": _decide(0, 12, ["produce", "consume_trade", "consume_x2"], "consume_how"),
    "q_phases": _rule(["develop", "develop_settle", "all"], _phases_answer, "round_shape"),
    "q_pw_cost": _rule([0, 1, 2], lambda lesson: paid_for(lesson, 0, "public_works"),
                       "r1_develop"),
    "q_conquer": _rule(["pay2", "conquer", "cannot"], _conquer_answer, "r1_settle"),
    "q_trade": _rule([2, 3, 4, 5], _trade_answer, "round_shape"),
    "q_comet": _rule([1, 2, 3], lambda lesson: paid_for(lesson, 1, "comet_zone"), "setup"),
    "q_goods": _rule([2, 3, 4], _goods_after_produce, "round_shape"),
}


# --------------------------------------------------------------------------- drawings
_SAMPLES = (
    ("epsilon_eridani", {"en": "start world", "pt": "mundo inicial"}),
    ("gem_world", {"en": "production world", "pt": "mundo produtor"}),
    ("empath_world", {"en": "windfall world", "pt": "mundo explorável"}),
    ("rebel_miners", {"en": "military world", "pt": "mundo militar"}),
    ("public_works", {"en": "development", "pt": "desenvolvimento"}),
    ("free_trade_association", {"en": "six-cost development",
                                "pt": "desenvolvimento de custo 6"}),
)


def _pieces(lesson: Any, lang: str) -> str:
    cards = "".join(
        f"<div style='display:inline-block;margin:3px;vertical-align:top;text-align:center'>"
        f"<div style='font-size:11px;color:#555'>{_html.escape(label[lang])}</div>"
        f"{K.card_html(cid, lang, good='genes' if cid == 'empath_world' else None)}</div>"
        for cid, label in _SAMPLES
    )
    goods = " ".join(
        f"<span style='display:inline-block;margin-right:8px'><span style='display:inline-block;"
        f"width:11px;height:11px;background:{K.GOOD_COLOURS[g][0]};border:1px solid #222'>"
        f"</span> {_html.escape(CATALOG.name(G, g, lang))}</span>"
        for g in ("novelty", "rare", "genes", "alien")
    )
    return (f"<div class='gamekit-board rftg-board' style='font-family:system-ui,sans-serif;"
            f"font-size:12px'><div>{cards}</div><div style='margin-top:6px'>{goods}</div></div>")


_STEPS = {
    "en": (("Action choice", "secret, simultaneous"), ("I Explore", "+5 | +1,+1"),
           ("II Develop", "−1 card"), ("III Settle", "+1 card after"),
           ("IV Consume", "$ Trade | 2x VP"), ("V Produce", "+1 windfall good"),
           ("Round end", "hand ≤ 10")),
    "pt": (("Escolha das ações", "secreta, simultânea"), ("I Descoberta", "+5 | +1,+1"),
           ("II Desenvolvimento", "−1 carta"), ("III Colonização", "+1 carta depois"),
           ("IV Consumo", "$ Venda | PV x2"), ("V Produção", "+1 bem explorável"),
           ("Fim da rodada", "mão ≤ 10")),
}


def _round_diagram(lesson: Any, lang: str) -> str:
    note = {"en": "dashed: only if someone chose it · bonus for the chooser",
            "pt": "tracejado: só se alguém escolheu · bônus para quem escolheu"}[lang]
    colours = ("#555", "#3d7fd9", "#8a5a2b", "#3aa655", "#c0392b", "#d4b000", "#555")
    return steps_diagram(_STEPS[lang], colours, lambda name: name[:1] in "IV", note,
                         css_class="rftg-board")


#: the annotated cards: a development and two worlds (one a start world), their powers by phase
ANATOMY = ("public_works", "gem_world", "epsilon_eridani")


def _anatomy(lesson: Any, lang: str) -> str:
    cards = "".join(
        f"<div style='display:inline-block;margin:3px 18px 3px 3px;vertical-align:top;"
        f"transform:scale(1.3);transform-origin:top left;width:175px;height:120px'>"
        f"{K.card_html(cid, lang)}</div>" for cid in ANATOMY)
    return (f"<div class='gamekit-board rftg-board' style='font-family:system-ui,sans-serif;"
            f"font-size:12px'>{cards}</div>")


EXTRAS = {"pieces": _pieces, "round_shape": _round_diagram, "anatomy": _anatomy}


# --------------------------------------------------------------------------- scenarios
def _find_public_works(lesson: Any, final: Any) -> int | None:
    return lesson.find_event("place", lambda e: e.data.get("card") == "public_works")


def _find_conquer(lesson: Any, final: Any) -> int | None:
    return lesson.find_event("conquer", lambda e: e.round == 1)


def _find_gem_world(lesson: Any, final: Any) -> int | None:
    return lesson.find_event("place", lambda e: e.data.get("card") == "gem_world")


def military_state() -> Any:
    """A tiny game: Player 1 (military 1) holds 6 cards and a military world of defense 4,
    both players chose Settle; the Settle pick is pending."""
    from gamekit.core import new

    st = new(G, players=2, seed=1, start_worlds=["epsilon_eridani", "alpha_centauri"],
             hands=[["malevolent_lifeforms", "gem_world", "spice_world", "rebel_fuel_cache",
                     "public_works", "investment_credits"],
                    ["comet_zone", "expedition_force", "mining_robots", "rebel_miners"]])
    st.apply("p1 choose settle")
    st.apply("p2 choose settle")
    return st


SCENARIOS = {
    "m_public_works": {"find": _find_public_works},
    "m_next_phase": {"find": _find_conquer},
    "m_military_cards": {"find": lambda lesson, final: military_state()},
    "m_bonus_chooser": {"find": _find_gem_world},
}


def fork_choices(lesson: Any) -> tuple[int, list[Any]]:
    """Player 1's first action choice and every action card Player 1 could choose there (the
    fork of "Try it yourself", compared over playouts by ``lessons.forks``)."""
    i, a = lesson.first_action(lambda a: a.seat == 0 and a.verb == "choose",
                               "action choice of Player 1")
    return i, [a] + [b for b in lesson.session.state_at(i).decision(0).legal if b != a]


def fork_point(lesson: Any) -> tuple[int, Any]:
    """Player 1's first action choice and another action card (Settle, or Develop)."""
    from gamekit.core import Action

    i, a = lesson.first_action(lambda a: a.seat == 0 and a.verb == "choose",
                               "action choice of Player 1")
    return i, Action(0, "choose", ("settle" if a.args[0] != "settle" else "develop",))


# --------------------------------------------------------------------------- scoring
def _six_detail(lesson: Any, dev: str, tab: list[int], chips: int, lang: str) -> str:
    formulas = [(vp, f) for vp, f, _cond in SIX_DEV[dev] if f]
    mil_vp = sum(vp for vp, f in formulas if f == "total_military")
    parts = []
    for c in tab:  # what each card scores alone, without the once-only formulas
        pts = six_dev_points(dev, [c], 0) - mil_vp * COPIES[c].mil
        if pts:
            parts.append(f"{CATALOG.name(G, COPIES[c].id, lang)} +{pts}")
    for vp, f in formulas:
        if f == "total_military":
            mil = sum(COPIES[c].mil for c in tab)
            parts.append(lesson.text("score_military", n=mil, vp=vp))
        elif f == "vp_chips_div_3":
            parts.append(lesson.text("score_chips3", n=chips, vp=vp))
    return ", ".join(parts) or lesson.text("score_six_none")


def explain_score(lesson: Any, state: Any, result: Any) -> list[str]:
    """Every VP of the winner traced to its source (printed VP, chips, six-cost devs)."""
    lang = lesson.lang
    t = lesson.text
    w = result.winners[0]
    name = CATALOG.text(G, "seat", lang, n=w + 1)
    tab = state.seats[w].tableau
    b = result.breakdown[w]
    world = CATALOG.name(G, COPIES[state.seats[w].start].id, lang)
    lines = [t("score_total", who=name, world=world, vp=result.scores[w])]
    detail = ", ".join(f"{CATALOG.name(G, COPIES[c].id, lang)} {COPIES[c].vp}" for c in tab
                       if COPIES[c].vp)
    lines.append("• " + t("score_tableau", vp=b["tableau"], n=len(tab), detail=detail))
    if b.get("chips"):
        lines.append("• " + t("score_chips", vp=b["chips"]))
    for key, vp in b.items():
        if key.startswith("six_dev:"):
            dev = key.split(":", 1)[1]
            lines.append("• " + t("score_six", vp=vp, card=CATALOG.name(G, dev, lang),
                                  detail=_six_detail(lesson, dev, tab, state.seats[w].chips, lang)))
    for s in range(state.players):
        if s == w:
            continue
        bs = result.breakdown[s]
        six = sum(v for k, v in bs.items() if k.startswith("six_dev:"))
        lines.append(t("score_other", who=CATALOG.text(G, "seat", lang, n=s + 1),
                       vp=result.scores[s], tableau=bs["tableau"], chips=bs["chips"], six=six))
    tied = [s for s in range(state.players) if s != w and result.scores[s] == result.scores[w]]
    if tied:
        others = ", ".join(CATALOG.text(G, "seat", lang, n=s + 1) for s in tied)
        lines.append(t("score_tie", others=others, vp=result.scores[w],
                       a=state.tiebreak(w)[0],
                       b=", ".join(str(state.tiebreak(s)[0]) for s in tied)))
    lines.append(t("score_winner", who=", ".join(CATALOG.text(G, "seat", lang, n=x + 1)
                                               for x in result.winners)))
    return lines


#: the guided first game (``lessons.guided``): the rulebook's first-game set-up, 2 players
GUIDED = Setup(players=2, seed=11, playouts=10, options=lambda support: {"first_game": True})
