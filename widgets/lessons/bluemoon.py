"""The Blue Moon City lesson: texts (en + pt-BR, catalog namespace ``lesson.bluemoon``),
chapters, quizzes, common-mistake scenarios and the end of the game explained.

Rule sections are named as in the Portuguese (Galápagos) rulebook of the CMON edition
(``shared/rules/blue-moon-city.pt-BR.txt``) and, in English, as the engine's catalog names them
(``rule.*`` messages of ``bluemoon``).

The lesson's game is a 3-player game in the base city (standard set-up), heuristic bots, seed
101 (recorded in ``data/bluemoon-3p-seed101.json``), on the rulebook's default rules (the Royal
Palace takes one colour for all its spaces). Of seeds 1-700 it shows the most of the lesson's
story (docs/lessons/rules.md): Player 3 fixes the palace's colour with its first contribution, a
dragon moved by a card power gives a golden scale, a Lux recolours cards and a Khind is wasted,
Player 2 gets a scale for the first contribution only and rebuilds the Water Temple in round 1,
cards won in a player's own turn wait face down, neighbourhood bonuses, the last golden scale
starts a scale scoring (one of them a tie), Player 1 makes an offering and a Pillar offering in
the same turn, a majority tie, and Player 1 wins with the fifth offering in round 19.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gamekit.core import CATALOG, Action, get

from . import forks, prose
from .bluemoon_board import EXTRAS as EXTRAS  # the lesson's drawings
from .bluemoon_board import _seat, _tile_def
from .bluemoon_board import board_html as board_html  # the lesson's own board
from .bluemoon_plans import (
    khind_actions,
    khind_pay,
    offer_or_wait,
    palace_actions,
    palace_second,
    turn_index,
    turn_plans,
)
from .bluemoon_scenes import khind_option, khind_state, legal_text, offering_state, tiny_offer
from .guided_tables import Setup
from .making import record_game

G = "bluemoon"
#: the game's lesson support (``register(lesson=...)``): peoples, colours, ``arrange``
K = get(G).lesson
NS = "lesson.bluemoon"
SEED = 101
PLAYERS = 3
#: the rulebook's default rules (the Royal Palace: one colour for all its spaces)
OPTIONS: dict[str, Any] = {}
RECORD = Path(__file__).parent / "data" / f"bluemoon-{PLAYERS}p-seed{SEED}.json"


def make_record(seed: int = SEED, path: Path | None = None) -> Path:
    """Play the lesson's game again with today's bots and save its record."""
    return record_game(G, PLAYERS, seed, path or RECORD, OPTIONS)


#: the lesson's prose: widgets/lessons/text/{game}.{en,pt}.md (``prose.load``)
TEXTS: dict[str, dict[str, str]] = prose.load(G)

CATALOG.add(NS, TEXTS)


# --------------------------------------------------------------------------- moments
def _at_stage(rnd: int, seat: int, stage: str):
    """The first moment of ``seat``'s (0-based) ``stage`` in round ``rnd`` (or anything later),
    read from the public position (its ``turn``)."""
    def there(st: Any) -> bool:
        if st.is_over() or st.round > rnd:
            return True
        turn = st.to_dict()["turn"]
        return st.round == rnd and turn["seat"] == seat + 1 and turn["stage"] == stage
    return there


def turn_start(rnd: int, seat: int):
    """The start of ``seat``'s (0-based) turn in round ``rnd`` (or the end of the game)."""
    return _at_stage(rnd, seat, "move")


def refill_of(rnd: int, seat: int):
    """``seat``'s refill phase in round ``rnd`` (before the draw)."""
    return _at_stage(rnd, seat, "refill")


def after_event(kind: str, seat: int, rnd: int):
    """Right after ``seat``'s first event of ``kind`` in round ``rnd``."""
    return lambda st: st.is_over() or st.round > rnd or any(
        e.kind == kind and e.seat == seat and e.round == rnd for e in st.events)


#: chapter -> where the lesson plays on to (a predicate, or ``Lesson.reach`` arguments)
CHAPTERS: dict[str, dict[str, Any]] = {
    "setup": {"at": {}},
    # round 1 introduces one rule per example, as the rulebook does
    "r1_move": {"at": _at_stage(1, 2, "act")},
    "r1_contribute": {"at": after_event("contribute", 2, 1)},
    "r1_more": {"at": refill_of(1, 2)},
    "r1_p1": {"at": turn_start(1, 0)},
    "r1_dragon": {"at": after_event("dragon_moves", 0, 1)},
    "r1_p2": {"at": turn_start(1, 1)},
    # the keys name the chapters' places in the notebook (they date from an earlier recorded
    # game); each chapter's heading says its round
    "r2_p3": {"at": turn_start(2, 2)},
    "r3_end": {"at": refill_of(2, 2)},
    "r4_end": {"at": refill_of(3, 0)},
    "r4_p1": {"at": refill_of(4, 0)},
    "r5_refill": {"at": refill_of(5, 0)},
    "r6_end": {"at": turn_start(6, 1)},
    "r7_p2": {"at": turn_start(7, 0)},
    "r10_p2": {"at": turn_start(7, 1)},
    "r8_end": {"at": refill_of(8, 1)},
    "r9_p2": {"at": turn_start(9, 1)},
    "r10_p3": {"at": refill_of(10, 1)},
    "r11_end": {"at": refill_of(11, 1)},
    "r12_p3": {"at": refill_of(12, 1)},
    "r13_p2": {"at": refill_of(13, 1)},
    "r12_end": {"at": refill_of(14, 1)},
    "r15_p2": {"at": refill_of(15, 1)},
    "r16_p2": {"at": refill_of(16, 1)},
    "r13_end": {"at": refill_of(17, 1)},
    "r18_p2": {"at": refill_of(18, 1)},
    "game_end": {"at": {"phase": "end"}},
}


# --------------------------------------------------------------------------- quizzes
def _events(lesson: Any, kind: str, **match: Any) -> list:
    return [e for e in lesson.final().events if e.kind == kind
            and all((e.data.get(k) if k not in ("seat", "round") else getattr(e, k)) == v
                    for k, v in match.items())]


def dragon_scales(lesson: Any, seat: int, rnd: int) -> int:
    """Golden scales ``seat`` got from dragons in round ``rnd``."""
    return sum(e.data["n"] for e in _events(lesson, "dragon_scales", seat=seat, round=rnd))


def neighbourhood_bonuses(lesson: Any, seat: int, tile: str) -> int:
    """Neighbourhood bonuses ``seat`` got when ``tile`` was rebuilt: one per rebuilt neighbour
    (each thing a bonus gives is told once, naming the neighbour)."""
    given = [e for kind, word in (("gain_crystals", "source"), ("gain_scales", "source"),
                                  ("draw", "why"))
             for e in _events(lesson, kind, seat=seat, at=tile) if e.data[word] == "neighbourhood"]
    return len({e.data["tile"] for e in given})


def scale_crystals(lesson: Any, seat: int, nth: int = 0) -> int:
    """Crystals ``seat`` got from the ``nth`` scale scoring (0: the first)."""
    scorings = [e for e in lesson.final().events if e.kind in ("scale_scoring", "scale_score")]
    starts = [i for i, e in enumerate(scorings) if e.kind == "scale_scoring"]
    if nth >= len(starts):
        return 0
    end = starts[nth + 1] if nth + 1 < len(starts) else len(scorings)
    return next((e.data["crystals"] for e in scorings[starts[nth]:end] if e.seat == seat), 0)


def pillar_cost(lesson: Any, seat: int) -> int:
    """What ``seat``'s first Pillar offering cost (the offer event after the Pillar card)."""
    ev = lesson.final().events
    for i, e in enumerate(ev):
        if (e.kind == "play_power" and e.seat == seat and e.data["card"].startswith("pillar")):
            return next(x.data["cost"] for x in ev[i:] if x.kind == "offer")
    return 0


def crystals_at(lesson: Any, at: Any, seat: int = 0) -> int:
    """``seat``'s crystals at the moment ``at`` (a predicate of the state) of the lesson's game,
    read from the public position; the lesson stays where it is."""
    here = lesson.session.index
    try:
        lesson.session.goto(0)
        lesson.session.until(at)
        return lesson.state.to_dict()["crystals"][seat]
    finally:
        lesson.session.goto(here)


def _fork_index(lesson: Any) -> int:
    return lesson.first_action(lambda a: a.seat == 0 and a.verb == "pillar", "Pillar offering")[0]


def _offered_in(lesson: Any, seat: int, rnd: int) -> bool:
    return bool(_events(lesson, "offer", seat=seat, round=rnd))


def _decide(at: Any, choices: list[str], answer: Any, taught_by: str) -> dict[str, Any]:
    """A "what would you do here?" question at the moment ``at``; ``answer`` (of the lesson)
    is the choice the rules favour, explained in the question's ``_why``; ``taught_by`` is the
    prose key teaching its rule, earlier in the notebook."""
    return {"choices": lambda lesson: choices, "answer": answer, "at": at, "board": True,
            "decision": True, "kind": "decide", "taught_by": taught_by}


def palace_colour(lesson: Any) -> str:
    """The colour the first contribution to the Royal Palace fixed for all its spaces."""
    return _ev(lesson, "contribute_start", tile="royal_palace").data["colour"]


def _palace_later(lesson: Any) -> dict[str, Any]:
    """Player 1's later contribution to the palace (round 6): the colour it had to use."""
    return _ev(lesson, "contribute_start", seat=0, tile="royal_palace").data


def _pillar_actions(lesson: Any) -> dict[str, Any]:
    """Player 1's choices after its round-10 offering: the Pillar, or ``done``."""
    legal = lesson.session.state_at(_fork_index(lesson)).decision(0).legal
    return {"pillar": next(a for a in legal if a.verb == "pillar"),
            "stop": next(a for a in legal if a.verb == "done")}


def _by_playouts(spec: dict[str, Any], index: Any, actions: Any,
                 played: Any = None) -> dict[str, Any]:
    """``spec`` decided by the lesson's playouts (``lessons.verdicts``) from the history index
    ``index`` (of the lesson), its choices being ``actions`` (of the lesson); ``played`` (of
    the lesson): the choice the recorded game made, when it is not the rules' answer."""
    return {**spec, "index": index, "actions": actions,
            **({"played": played} if played is not None else {})}


def _rule(choices: list, answer: Any, taught_by: str) -> dict[str, Any]:
    """A question on a rule the prose key ``taught_by`` taught earlier in the notebook."""
    return {"choices": lambda lesson: choices, "answer": answer, "kind": "rule",
            "taught_by": taught_by}


#: ``taught_by``: the prose key that teaches the quiz's rule, earlier in the notebook (checked
#: by tests/widgets/test_lesson_newcomer.py)
QUIZZES: dict[str, dict[str, Any]] = {
    # the palace is red for everyone now: pay a second red space, or keep the cards
    "q_palace_colour": _by_playouts(_decide(
        after_event("contribute", 2, 1), ["pay", "keep"], lambda lesson: "keep",
        "r1_contribute"), lambda lesson: palace_second(lesson)[0], palace_actions,
        lambda lesson: "pay"),
    # the fewest cards that reach the space's value
    "q_khind_pay": _by_playouts(_decide(
        after_event("dragon_moves", 0, 1), ["all_three", "mimixes"],
        lambda lesson: "mimixes" if _enough_without(lesson, 0, "water_temple", "khind")
        >= _values(lesson, 0, "water_temple")[0] else "all_three", "pieces"),
        lambda lesson: khind_pay(lesson)[0], khind_actions, lambda lesson: "all_three"),
    # whole turns compared: walk and offer, or stay and contribute
    "q_first_offering": _by_playouts(_decide(
        turn_start(7, 0), ["wait", "offer"], lambda lesson: "offer", "turn_shape"),
        lambda lesson: turn_index(lesson, turn_start(7, 0)), turn_plans(turn_start(7, 0)),
        lambda lesson: "offer" if _offered_in(lesson, 0, 7) else "wait"),
    "q_pillar_decide": _by_playouts(_decide(
        after_event("offer", 0, 7), ["stop", "pillar"],
        lambda lesson: "pillar" if _pillar(lesson) else "stop", "pieces"),
        _fork_index, _pillar_actions),
    "q_win_offer": _by_playouts(_decide(
        turn_start(19, 0), ["wait", "offer"],
        lambda lesson: "offer" if _offered_in(lesson, 0, 19) else "wait", "goal"),
        lambda lesson: turn_index(lesson, turn_start(19, 0)), offer_or_wait(turn_start(19, 0))),
    "q_scale": _rule([0, 1, 2], lambda lesson: dragon_scales(lesson, 0, 1), "turn_shape"),
    "q_second_scale": _rule([0, 1, 2], lambda lesson: dragon_scales(lesson, 1, 1), "turn_shape"),
    "q_neighbours": _rule([1, 2, 4], lambda lesson: neighbourhood_bonuses(
        lesson, 1, "market_hall"), "anatomy"),
    # the second scale scoring: Player 1 and Player 2 tied for the most
    "q_scale_scoring": _rule([3, 5, 6], lambda lesson: scale_crystals(lesson, 0, 1),
                             "r5_refill"),
    "q_pillar": _rule([8, 9, 10], lambda lesson: pillar_cost(lesson, 0), "pieces"),
}


# --------------------------------------------------------------------------- scenarios
def _find_second_contribution(lesson: Any, final: Any) -> int | None:
    return lesson.find_event("flip", lambda e: e.data["tile"] == "water_temple")


def _find_pending(lesson: Any, final: Any) -> int | None:
    return lesson.find_event("flip", lambda e: e.data["tile"] == "royal_palace")


def _find_one_offering(lesson: Any, final: Any) -> Any:
    return offering_state()


SCENARIOS = {
    "m_scales_first": {"find": _find_second_contribution},
    "m_pending": {"find": _find_pending},
    "m_one_offering": {"find": _find_one_offering},
    "m_khind": {"find": lambda lesson, final: khind_state()},
}


# --------------------------------------------------------------------------- facts
def _ev(lesson: Any, kind: str, **match: Any) -> Any:
    """The first event of ``kind`` matching ``match`` in the lesson's game."""
    return _events(lesson, kind, **match)[0]


def _values(lesson: Any, seat: int, tile: str) -> list[int]:
    """The values of ``seat``'s contributions to ``tile`` in the order they were made."""
    return [e.data["value"] for e in _events(lesson, "contribute", seat=seat, tile=tile)]


def _built(lesson: Any, tile: str) -> int:
    return _ev(lesson, "building_complete", tile=tile).round


def _offers(lesson: Any, seat: int) -> list[Any]:
    return _events(lesson, "offer", seat=seat)


def _pillar(lesson: Any) -> Any:
    return next(e for e in _events(lesson, "play_power", seat=0)
                if e.data["card"].startswith("pillar"))


def _both(rounds: list[int]) -> dict[str, str]:
    head, last = ", ".join(map(str, rounds[:-1])), str(rounds[-1])
    return {"en": f"{head} and {last}" if head else last,
            "pt": f"{head} e {last}" if head else last}


def _overpaid(lesson: Any, seat: int, tile: str, nth: int) -> int:
    """How much more than the space's number ``seat``'s ``nth`` payment on ``tile`` came to
    (the running total of its last card paid, less the value)."""
    ev = lesson.final().events
    ends = [i for i, e in enumerate(ev) if e.kind == "contribute" and e.seat == seat
            and e.data["tile"] == tile]
    i = ends[nth]
    paid = next(e for e in reversed(ev[:i]) if e.kind == "pay" and e.seat == seat)
    return paid.data["total"] - ev[i].data["value"]


def _enough_without(lesson: Any, seat: int, tile: str, people: str) -> int:
    """The value of ``seat``'s first payment on ``tile`` without its cards of ``people``."""
    cards = _ev(lesson, "contribute", seat=seat, tile=tile).data["cards"]
    return sum(int(c.rsplit("_", 1)[1]) for c in cards if not c.startswith(people))


def _refill(lesson: Any, seat: int, rnd: int) -> tuple[int, int]:
    """Cards ``seat`` discarded and drew in its refill of round ``rnd``."""
    drew = _ev(lesson, "draw", seat=seat, round=rnd, why="refill").data["n"]
    return len(_events(lesson, "discard", seat=seat, round=rnd)), drew


def _final_scores(lesson: Any) -> dict[str, str]:
    """The recorded game's final offerings, seat by seat ("5, 1 and 3")."""
    return _both(lesson.final().result().scores)


def _scoring(lesson: Any, nth: int) -> list[int]:
    """The scales each seat held at the ``nth`` scale scoring (0: the first)."""
    return _events(lesson, "scale_scoring")[nth].data["scales"]


def _majority_markers(lesson: Any, seat: int, tile: str) -> int:
    return len(_values(lesson, seat, tile))


def _next_cost(lesson: Any, at: Any) -> int:
    """The obelisk's lowest free space at the moment ``at`` of the lesson's game."""
    here = lesson.session.index
    try:
        lesson.session.goto(0)
        lesson.session.until(at)
        d = lesson.state.to_dict()["obelisk"]
        return d["costs"][len(d["filled"])]
    finally:
        lesson.session.goto(here)


def _gained(lesson: Any, kind: str, seat: int, source: str, at: str) -> int:
    """What ``seat`` gained (``gain_crystals``/``gain_scales``) from ``source`` when ``at`` was
    rebuilt."""
    return sum(e.data["n"] for e in _events(lesson, kind, seat=seat, source=source, at=at))


#: what the prose states about the lesson's game (placeholder -> computed from the game)
FACTS: dict[str, Any] = {
    "final_scores": _final_scores,
    "playouts": lambda lesson: forks.DEFAULT_PLAYOUTS,
    "p3_refill_discarded": lambda lesson: _refill(lesson, 2, 1)[0],
    "p3_refill_drew": lambda lesson: _refill(lesson, 2, 1)[1],
    "reshuffle_round": lambda lesson: _events(lesson, "reshuffle")[0].round,
    "p1_r1_scales": lambda lesson: dragon_scales(lesson, 0, 1),
    "players": lambda lesson: lesson.state.players,
    "other_tiles": lambda lesson: sum(1 for t in lesson.session.state_at(0).to_dict()["tiles"]
                                      if t != "central_square")
    - sum(1 for t in lesson.state.tiles if t.group == "starting"),
    "start_cards": lambda lesson: _ev(lesson, "draw", seat=0, why="setup").data["n"],
    "markers": lambda lesson: lesson.session.state_at(0).seats[0].markers,
    "scales": lambda lesson: lesson.session.state_at(0).supply,
    "obelisk_n": lambda lesson: len(lesson.state.to_dict()["obelisk"]["costs"]),
    "obelisk_costs": lambda lesson: " ".join(map(str, lesson.state.to_dict()["obelisk"]["costs"])),
    # round 1: the palace, the Water Temple
    "pal_paid": lambda lesson: len([e for e in _events(lesson, "contribute", seat=2, round=1)
                                    if e.data["tile"] == "royal_palace"]),
    "pal_spaces": lambda lesson: len(_tile_def(lesson, "royal_palace").spaces),
    "pal_v1": lambda lesson: _values(lesson, 2, "royal_palace")[0],
    "pal_v2": lambda lesson: _values(lesson, 2, "royal_palace")[1],
    "pal_rest": lambda lesson: len(_tile_def(lesson, "royal_palace").spaces) - 1,
    "pal_p1_v": lambda lesson: _palace_later(lesson)["value"],
    "wt_v1": lambda lesson: _values(lesson, 0, "water_temple")[0],
    "wt_mimix": lambda lesson: _enough_without(lesson, 0, "water_temple", "khind"),
    "wt_round": lambda lesson: _built(lesson, "water_temple"),
    "wt_v2": lambda lesson: _values(lesson, 1, "water_temple")[0],
    "wt_v3": lambda lesson: _values(lesson, 1, "water_temple")[1],
    "wt_v3_over": lambda lesson: _overpaid(lesson, 1, "water_temple", 1),
    "wt_p2": lambda lesson: _majority_markers(lesson, 1, "water_temple"),
    "wt_p1": lambda lesson: _majority_markers(lesson, 0, "water_temple"),
    "wt_maj_crystals": lambda lesson: _gained(lesson, "gain_crystals", 1, "majority",
                                              "water_temple"),
    "wt_con_crystals": lambda lesson: _gained(lesson, "gain_crystals", 0, "construction",
                                              "water_temple"),
    # rounds 2-5: cards won in one's own turn, neighbourhood bonuses, the first scale scoring
    "th_cards": lambda lesson: _ev(lesson, "draw", seat=2, why="majority",
                                   at="trading_house").data["n"],
    "th_con_crystals": lambda lesson: _gained(lesson, "gain_crystals", 2, "construction",
                                              "trading_house"),
    "wa_scales": lambda lesson: _gained(lesson, "gain_scales", 0, "neighbourhood", "watchtower"),
    "ho_scales": lambda lesson: _gained(lesson, "gain_scales", 2, "neighbourhood", "hospice"),
    "ft_p3": lambda lesson: _majority_markers(lesson, 2, "fire_temple"),
    "ft_p2": lambda lesson: _majority_markers(lesson, 1, "fire_temple"),
    "ss_p1": lambda lesson: _scoring(lesson, 0)[0],
    "ss_p2": lambda lesson: _scoring(lesson, 0)[1],
    "ss_p3": lambda lesson: _scoring(lesson, 0)[2],
    "ss_p1_crystals": lambda lesson: scale_crystals(lesson, 0),
    "ss_p3_crystals": lambda lesson: scale_crystals(lesson, 2),
    "thermae_neigh": lambda lesson: _gained(lesson, "gain_crystals", 0, "neighbourhood",
                                            "thermae"),
    "p2_offer1": lambda lesson: _offers(lesson, 1)[0].data["cost"],
    "p2_offer1_round": lambda lesson: _offers(lesson, 1)[0].round,
    "p3_offer1": lambda lesson: _offers(lesson, 2)[0].data["cost"],
    # rounds 6-7: the Market Hall, the palace, the first offering question, the Pillar
    "offer1_had": lambda lesson: crystals_at(lesson, turn_start(7, 0)),
    "offer1": lambda lesson: _next_cost(lesson, turn_start(7, 0)),
    "mh_round": lambda lesson: _built(lesson, "market_hall"),
    "mh_p2": lambda lesson: _majority_markers(lesson, 1, "market_hall"),
    "mh_p1": lambda lesson: _majority_markers(lesson, 0, "market_hall"),
    "mh_scales": lambda lesson: _gained(lesson, "gain_scales", 0, "neighbourhood",
                                        "market_hall"),
    "mh_crystals": lambda lesson: _gained(lesson, "gain_crystals", 0, "neighbourhood",
                                          "market_hall"),
    "pal_maj": lambda lesson: _majority_markers(lesson, 2, "royal_palace"),
    "pal_con_crystals": lambda lesson: _gained(lesson, "gain_crystals", 0, "construction",
                                               "royal_palace"),
    "pal_con_cards": lambda lesson: _ev(lesson, "draw", seat=0, why="construction",
                                        at="royal_palace").data["n"],
    "fork_round": lambda lesson: _pillar(lesson).round,
    "r10_offer": lambda lesson: [e for e in _offers(lesson, 0)
                                 if e.round == _pillar(lesson).round][0].data["cost"],
    "pillar_x": lambda lesson: int(_pillar(lesson).data["card"].rsplit("_", 1)[1]),
    "pillar_cost": lambda lesson: pillar_cost(lesson, 0),
    "pillar_had": lambda lesson: lesson.session.state_at(_fork_index(lesson)).to_dict()[
        "crystals"][0],
    "r10_offers": lambda lesson: [e for e in _offers(lesson, 0)
                                  if e.round == _pillar(lesson).round][-1].data["n"],
    "r10_left": lambda lesson: _ev(lesson, "game_won").data["n"] - [
        e for e in _offers(lesson, 0) if e.round == _pillar(lesson).round][-1].data["n"],
    # rounds 8-17
    "p3_offer2": lambda lesson: _offers(lesson, 2)[1].data["cost"],
    "ss2_p1": lambda lesson: _scoring(lesson, 1)[0],
    "ss2_p1_crystals": lambda lesson: scale_crystals(lesson, 0, 1),
    "ss2_p2_crystals": lambda lesson: scale_crystals(lesson, 1, 1),
    "if_p3": lambda lesson: _majority_markers(lesson, 2, "iron_foundry"),
    "if_p1": lambda lesson: _majority_markers(lesson, 0, "iron_foundry"),
    "mt_p2": lambda lesson: _majority_markers(lesson, 1, "monastery_tower"),
    "mt_p3": lambda lesson: _majority_markers(lesson, 2, "monastery_tower"),
    "cr_p3": lambda lesson: _majority_markers(lesson, 2, "city_residence"),
    "p3_offer3": lambda lesson: _offers(lesson, 2)[2].data["cost"],
    "ss3_p3": lambda lesson: _scoring(lesson, 2)[2],
    "ss3_p3_crystals": lambda lesson: scale_crystals(lesson, 2, 2),
    "p3_offer4": lambda lesson: _offers(lesson, 2)[3].data["cost"],
    "p1_offer3": lambda lesson: _offers(lesson, 0)[2].data["cost"],
    "p1_offer4": lambda lesson: _offers(lesson, 0)[3].data["cost"],
    "p2_offers18": lambda lesson: len([e for e in _offers(lesson, 1) if e.round <= 18]),
    "cv_scales": lambda lesson: dragon_scales(lesson, 0, _built(lesson, "caravanserai")),
    "ss4_p1_crystals": lambda lesson: scale_crystals(lesson, 0, 3),
    "ss4_p2_crystals": lambda lesson: scale_crystals(lesson, 1, 3),
    # the end
    "win_crystals": lambda lesson: crystals_at(lesson, turn_start(19, 0)),
    "win_offers": lambda lesson: len([e for e in _offers(lesson, 0) if e.round < 19]),
    "end_p1_offer": lambda lesson: _offers(lesson, 0)[-1].data["cost"],
    "win_n": lambda lesson: _ev(lesson, "game_won").data["n"],
    "th_scale_rounds": lambda lesson: _both([e.round for e in _events(
        lesson, "dragon_scales", seat=0, tile="thermae")]),
    "oo_crystals": lambda lesson: tiny_offer()[0],
    "oo_cost": lambda lesson: tiny_offer()[1],
    "oo_next": lambda lesson: tiny_offer()[2],
    "oo_legal": lambda lesson: legal_text(offering_state()),
    "kh_face": lambda lesson: 2 + 3,  # the printed numbers of the cards named: Terrah 2, Khind 3
    "kh_spaces": lambda lesson: ", ".join(str(v) for _c, v in
                                          _tile_def(lesson, "earth_temple").spaces),
    "kh_legal": lambda lesson: legal_text(khind_state()),
    "kh_space": lambda lesson: khind_option()[0],
    "kh_total": lambda lesson: khind_option()[1],
}

#: numbers of the rules (not of the game) the game's sections state; cards are named with their
#: printed value ("Lux 2", "Pillar 1": names, not counts)
RULE_NUMBERS = {
    "en": ("2006", "(value 1: any tile)", "up to 4 brown cards", "always a wild 1",
           "has at least 3", "tied for the most, each gets 3", "nobody else has 3",
           "a pair: one wild 3", "a **wild 1**", "only two Mimix 1s/2s make a wild 3",
           "6 crystals (3 each if tied); 3 or more scales: 3 crystals",
           "+ 1 for a Pillar 1 (+ 2 for a Pillar 2)"),
    "pt": ("2006", "(valor 1: qualquer peça)", "até 4 cartas", "curinga de valor 1",
           "tem pelo menos 3", "empatados com mais, cada um recebe 3", "ninguém mais tem 3",
           "um par: um curinga de valor 3", "**curinga de valor 1**",
           "só dois Mimix de valor 1/2 formam um curinga de valor 3",
           "6 cristais (3 cada em caso de empate); 3 ou mais escamas: 3 cristais",
           "+ 1 por uma Pillar 1 (+ 2 por uma Pillar 2)"),
}
NUMBERED_NAMES = r"\b(?:Vulca|Terrah|Aqua|Venti|Khind|Mimix|Lux|Pillar) [123]\b"


def fork_choices(lesson: Any) -> tuple[int, list[Any]]:
    """Player 1's first Pillar card, right after the offering before it: the Pillar offering
    (played) or ending the contribution phase (compared over playouts by ``lessons.forks``)."""
    i, a = lesson.first_action(lambda a: a.seat == 0 and a.verb == "pillar",
                               "Pillar offering of Player 1")
    return i, [a, Action(0, "done", ())]


def fork_point(lesson: Any) -> tuple[int, Any]:
    """Player 1's first Pillar card: the point right after the offering before it, and the
    alternative of ending the contribution phase instead."""
    i, _a = lesson.first_action(lambda a: a.seat == 0 and a.verb == "pillar",
                                "Pillar offering of Player 1")
    return i, Action(0, "done", ())


# --------------------------------------------------------------------------- the end
def explain_score(lesson: Any, state: Any, result: Any) -> list[str]:
    """Every offering of the winner and every crystal traced to its source."""
    lang = lesson.lang
    t = lesson.text
    w = result.winners[0]
    ev = state.events
    lines = [t("score_total", who=_seat(w, lang), n=state.seats[w].offerings)]
    offers, spent, pillar = [], 0, 0
    for e in ev:
        if e.seat != w:
            continue
        if e.kind == "play_power" and e.data["card"].startswith("pillar"):
            pillar = int(e.data["card"][-1])
        elif e.kind == "offer":
            cost = e.data["cost"]
            spent += cost
            offers.append(t("score_pillar", round=e.round, cost=cost, x=pillar) if pillar
                          else t("score_offer", round=e.round, cost=cost))
            pillar = 0
    lines.append("• " + t("score_spent", n=spent, detail="; ".join(offers)))
    won = {"majority": 0, "construction": 0, "neighbourhood": 0, "scales": 0}
    for e in ev:
        if e.seat != w:
            continue
        if e.kind == "gain_crystals":
            won[e.data["source"]] += e.data["n"]
        elif e.kind == "scale_score":
            won["scales"] += e.data["crystals"]
    detail = ", ".join(t("score_src_" + k, n=v) for k, v in won.items() if v)
    lines.append("• " + t("score_won", n=sum(won.values()), detail=detail,
                          left=state.seats[w].crystals))
    for s in range(state.players):
        if s != w:
            lines.append(t("score_other", who=_seat(s, lang), n=state.seats[s].offerings,
                           c=state.seats[s].crystals))
    lines.append(t("score_winner", who=", ".join(_seat(x, lang) for x in result.winners)))
    return lines


#: the guided first game (``lessons.guided``): the rulebook's first-game set-up, 2 players
GUIDED = Setup(players=2, seed=3, playouts=4)
