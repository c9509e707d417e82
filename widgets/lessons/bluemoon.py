"""The Blue Moon City lesson: texts (en + pt-BR, catalog namespace ``lesson.bluemoon``),
chapters, quizzes, common-mistake scenarios and the end of the game explained.

Rule sections are named as in the Portuguese (Galápagos) rulebook of the CMON edition
(``shared/rules/blue-moon-city.pt-BR.txt``) and, in English, as the engine's catalog names them
(``rule.*`` messages of ``bluemoon``).

The lesson's game is a 3-player game in the base city (standard set-up), heuristic bots, seed 17
(recorded in ``data/bluemoon-3p-seed17.json``), played with the 2006 reading of the Royal Palace
(option ``palace_colour_per_space``: a colour per space; the rulebook's default is one colour for
all its spaces, and the lesson says so). It is one of the shortest of the first seeds (14
rounds) and in it: Player 3 pays the wild spaces of the Royal Palace, a Lux recolours cards, a
dragon is moved by a card power and gives a golden scale, Player 2 pays with Mimix pairs and
Khind wilds and gets a scale for the first contribution only, buildings are completed with
majority, construction and neighbourhood bonuses, cards won in a player's own turn wait face
down, the last golden scale starts a scale scoring, Player 1 makes an offering and a Pillar
offering in the same turn, and Player 1 wins with the fifth offering in round 14.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gamekit.core import CATALOG, Action, get

from ..decision import action_label
from . import forks, prose
from .bluemoon_board import EXTRAS as EXTRAS  # the lesson's drawings
from .bluemoon_board import _seat, _tile_def
from .bluemoon_board import board_html as board_html  # the lesson's own board
from .bluemoon_plans import turn_index, turn_plans
from .guided_tables import Setup
from .making import record_game

G = "bluemoon"
#: the game's lesson support (``register(lesson=...)``): peoples, colours, ``arrange``
K = get(G).lesson
NS = "lesson.bluemoon"
SEED = 17
PLAYERS = 3
#: the recorded game follows the 2006 reading of the Royal Palace (a colour per space)
OPTIONS: dict[str, Any] = {"palace_colour_per_space": True}
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
    "r2_p3": {"at": turn_start(2, 2)},
    "r3_end": {"at": refill_of(3, 1)},
    "r4_end": {"at": refill_of(4, 1)},
    "r5_refill": {"at": refill_of(5, 0)},
    "r6_end": {"at": refill_of(6, 1)},
    "r7_p2": {"at": turn_start(7, 1)},
    "r8_end": {"at": refill_of(8, 1)},
    "r9_p2": {"at": turn_start(9, 1)},
    "r10_p2": {"at": turn_start(10, 1)},
    "r11_end": {"at": refill_of(11, 1)},
    "r12_end": {"at": refill_of(12, 1)},
    "r13_end": {"at": refill_of(13, 1)},
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


def scale_crystals(lesson: Any, seat: int) -> int:
    """Crystals ``seat`` got from the first scale scoring."""
    e = next(iter(_events(lesson, "scale_score", seat=seat)), None)
    return e.data["crystals"] if e else 0


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


def _recorded(lesson: Any, pred: Any, what: str) -> tuple[int, list[Any]]:
    """The history index of the first action ``pred`` accepts and the recorded actions of its
    seat from there to its ``done`` (the whole step, e.g. a payment card by card)."""
    index, first = lesson.first_action(pred, what)
    here = lesson.session.index
    lesson.session.to_end()
    try:
        line = []
        for a in lesson.session.history()[index:]:
            if a.seat == first.seat:
                line.append(a)
                if a.verb == "done":
                    return index, line
        return index, line
    finally:
        lesson.session.goto(here)


def _palace_pay(lesson: Any) -> tuple[int, list[Any]]:
    """Player 3's contribution to a palace space paid with its Mimix (round 1)."""
    here = lesson.session.index
    lesson.session.to_end()
    history = lesson.session.history()
    lesson.session.goto(here)
    for i, a in enumerate(history):
        if a.seat == 2 and a.verb == "contribute" and len(a.args) == 2:
            index, line = _recorded(lesson, lambda x, i=i: x is history[i], "palace payment")
            if any(x.verb == "pay" and x.args[0].startswith("mimix") for x in line):
                return index, line
    raise LookupError("no palace space paid with a Mimix in the lesson's game")


def _palace_actions(lesson: Any) -> dict[str, Any]:
    """The two colours ``q_palace_colour`` offers, as Player 3's contributions to the space."""
    index, line = _palace_pay(lesson)
    space = line[0].args[0]
    legal = lesson.session.state_at(index).decision(2).legal
    return {c: next(a for a in legal if a.verb == "contribute" and a.args == (space, c))
            for c in ("black", "brown")}


def _khind_pay(lesson: Any) -> tuple[int, list[Any]]:
    """Player 1's payment of the Fire Temple in round 1, card by card (the Khind first)."""
    return _recorded(lesson, lambda a: a.seat == 0 and a.verb == "pay"
                     and a.args[0].startswith("khind"), "payment with the Khind")


def _khind_actions(lesson: Any) -> dict[str, Any]:
    """The recorded payment (all three cards) and the same without the Khind, as lines."""
    _, line = _khind_pay(lesson)
    return {"all_three": tuple(line), "terrahs": tuple(line[1:])}


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
    # the colour a Mimix counts its value in: naming it keeps the Lux in hand
    "q_palace_colour": _by_playouts(_decide(
        after_event("contribute", 2, 1), ["black", "brown"],
        lambda lesson: K.COLOURS[K.PEOPLES.index("mimix")], "r1_contribute"),
        lambda lesson: _palace_pay(lesson)[0], _palace_actions,
        lambda lesson: _palace_pay(lesson)[1][0].args[1]),
    # the fewest cards that reach the space's value
    "q_khind_pay": _by_playouts(_decide(
        after_event("dragon_moves", 0, 1), ["all_three", "terrahs"],
        lambda lesson: "terrahs" if _enough_without(lesson, 0, "fire_temple", "khind")
        >= _values(lesson, 0, "fire_temple")[0] else "all_three", "pieces"),
        lambda lesson: _khind_pay(lesson)[0], _khind_actions, lambda lesson: "all_three"),
    # whole turns compared: walk and offer, or stay and contribute
    "q_first_offering": _by_playouts(_decide(
        turn_start(6, 0), ["contribute", "offer"],
        lambda lesson: "offer" if _offered_in(lesson, 0, 6) else "contribute", "turn_shape"),
        lambda lesson: turn_index(lesson, turn_start(6, 0)), turn_plans(turn_start(6, 0))),
    "q_pillar_decide": _by_playouts(_decide(
        after_event("offer", 0, 10), ["stop", "pillar"],
        lambda lesson: "pillar" if _pillar(lesson) else "stop", "pieces"),
        _fork_index, _pillar_actions),
    "q_win_offer": _by_playouts(_decide(
        turn_start(14, 0), ["contribute", "offer"],
        lambda lesson: "offer" if _offered_in(lesson, 0, 14) else "contribute", "goal"),
        lambda lesson: turn_index(lesson, turn_start(14, 0)), turn_plans(turn_start(14, 0))),
    "q_scale": _rule([0, 1, 2], lambda lesson: dragon_scales(lesson, 0, 1), "turn_shape"),
    "q_second_scale": _rule([0, 1, 2], lambda lesson: dragon_scales(lesson, 1, 1), "turn_shape"),
    "q_neighbours": _rule([1, 2, 4], lambda lesson: neighbourhood_bonuses(
        lesson, 2, "city_residence"), "anatomy"),
    "q_scale_scoring": _rule([3, 5, 6], lambda lesson: scale_crystals(lesson, 0), "turn_shape"),
    "q_pillar": _rule([8, 9, 10], lambda lesson: pillar_cost(lesson, 0), "pieces"),
}


# --------------------------------------------------------------------------- scenarios
def _find_second_contribution(lesson: Any, final: Any) -> int | None:
    return lesson.find_event("flip", lambda e: e.data["tile"] == "great_hall")


def _find_pending(lesson: Any, final: Any) -> int | None:
    return lesson.find_event("flip", lambda e: e.data["tile"] == "royal_palace")


def offering_state(pillar: bool = False) -> Any:
    """A tiny game: Player 1 on the Central Square with 20 crystals has just made an offering
    (``pillar``: with a Pillar 1 in hand)."""
    from gamekit.core import new
    arrange = K.arrange

    st = new(G, players=3, seed=1, first_player=1)
    hand = ["vulca_3", "terrah_2", "aqua_1", "khind_1", "mimix_2", "lux_3", "venti_3",
            "pillar_1" if pillar else "pillar_3"]
    st = arrange(st, hands={0: hand}, crystals={0: 20})
    st.apply("p1 done")
    st.apply("p1 offer")
    return st


def _find_one_offering(lesson: Any, final: Any) -> Any:
    return offering_state()


def khind_state() -> Any:
    """A tiny game: Player 1 on the Earth Temple (red 5 4 3) with Terrah 2, Khind 3 and no other
    red card, movement ended."""
    from gamekit.core import new
    arrange = K.arrange

    st = new(G, players=3, seed=1, first_player=1)
    cell = st.to_dict()["tiles"]["earth_temple"]["cell"]
    st = arrange(st, hands={0: ["terrah_2", "khind_3", "vulca_3", "aqua_3", "venti_3", "pillar_3",
                           "lux_3", "mimix_3"]}, positions={0: tuple(cell)})
    st.apply("p1 done")
    return st


SCENARIOS = {
    "m_scales_first": {"find": _find_second_contribution},
    "m_pending": {"find": _find_pending},
    "m_one_offering": {"find": _find_one_offering},
    "m_khind": {"find": lambda lesson, final: khind_state()},
}


def legal_text(state: Any) -> dict[str, str]:
    """The options Player 1 has in ``state``, as the decision panel labels them, per language."""
    d = state.decision(0)
    return {lang: ", ".join(action_label(G, a, lang, d) for a in d.legal) for lang in ("en", "pt")}


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


def _offering_before(lesson: Any) -> int:
    i = lesson.find_event("offer", lambda e: e.seat == 0)
    return lesson.session.state_at(i - 1).seats[0].crystals


def _khind_option() -> tuple[int, int]:
    """The space (1-based) and value Player 1 can pay in the Khind scenario."""
    st = khind_state()
    a = next(a for a in st.decision(0).legal if a.verb == "contribute")
    tile = st.tiles[st.board[st.seats[0].figure]]
    return a.args[0] + 1, tile.spaces[a.args[0]][1]


def _tiny_offer() -> tuple[int, int, int]:
    """The offering scenario: crystals before the offer, its cost, the next space's cost."""
    st = offering_state()
    cost = next(e for e in st.events if e.kind == "offer").data["cost"]
    d = st.to_dict()["obelisk"]
    return st.seats[0].crystals + cost, cost, d["costs"][len(d["filled"])]


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


#: what the prose states about the lesson's game (placeholder -> computed from the game)
FACTS: dict[str, Any] = {
    "final_scores": _final_scores,
    "playouts": lambda lesson: forks.DEFAULT_PLAYOUTS,
    "pal_v2_over": lambda lesson: _overpaid(lesson, 2, "royal_palace", 1),
    "cr_v1": lambda lesson: _values(lesson, 0, "city_residence")[0],
    "cr_v2": lambda lesson: _values(lesson, 0, "city_residence")[1],
    "r6_scales": lambda lesson: dragon_scales(lesson, 1, 6),
    "r8_offer": lambda lesson: _offers(lesson, 2)[0].data["cost"],
    "citadel_markers": lambda lesson: _ev(lesson, "majority", tile="citadel").data["n"],
    "r11_offer": lambda lesson: _offers(lesson, 1)[0].data["cost"],
    "r12_scales": lambda lesson: dragon_scales(lesson, 2, 12),
    "et_p1": lambda lesson: len(_values(lesson, 0, "earth_temple")),
    "et_p3": lambda lesson: len(_values(lesson, 2, "earth_temple")),
    "pillar_had": lambda lesson: lesson.session.state_at(_fork_index(lesson)).to_dict()[
        "crystals"][0],
    "r10_left": lambda lesson: _ev(lesson, "game_won").data["n"] - [
        e for e in _offers(lesson, 0) if e.round == _pillar(lesson).round][-1].data["n"],
    "r14_crystals": lambda lesson: crystals_at(lesson, turn_start(14, 0)),
    "r14_offers": lambda lesson: len([e for e in _offers(lesson, 0) if e.round < 14]),
    "p3_refill_discarded": lambda lesson: _refill(lesson, 2, 1)[0],
    "p3_refill_drew": lambda lesson: _refill(lesson, 2, 1)[1],
    "reshuffle_round": lambda lesson: _events(lesson, "reshuffle")[0].round,
    "p1_r1_scales": lambda lesson: dragon_scales(lesson, 0, 1),
    "ft_terrah": lambda lesson: _enough_without(lesson, 0, "fire_temple", "khind"),
    "players": lambda lesson: lesson.state.players,
    "other_tiles": lambda lesson: sum(1 for t in lesson.session.state_at(0).to_dict()["tiles"]
                                      if t != "central_square")
    - sum(1 for t in lesson.state.tiles if t.group == "starting"),
    "start_cards": lambda lesson: _ev(lesson, "draw", seat=0, why="setup").data["n"],
    "markers": lambda lesson: lesson.session.state_at(0).seats[0].markers,
    "scales": lambda lesson: lesson.session.state_at(0).supply,
    "obelisk_n": lambda lesson: len(lesson.state.to_dict()["obelisk"]["costs"]),
    "obelisk_costs": lambda lesson: " ".join(map(str, lesson.state.to_dict()["obelisk"]["costs"])),
    "pal_paid": lambda lesson: len([e for e in _events(lesson, "contribute", seat=2, round=1)
                                    if e.data["tile"] == "royal_palace"]),
    "pal_spaces": lambda lesson: len(_tile_def(lesson, "royal_palace").spaces),
    "pal_v1": lambda lesson: _values(lesson, 2, "royal_palace")[0],
    "pal_v2": lambda lesson: _values(lesson, 2, "royal_palace")[1],
    "pal_v3": lambda lesson: _values(lesson, 2, "royal_palace")[2],
    "pal_rest": lambda lesson: len(_tile_def(lesson, "royal_palace").spaces) - 1,
    "ft_v1": lambda lesson: _values(lesson, 0, "fire_temple")[0],
    "gh_round": lambda lesson: _built(lesson, "great_hall"),
    "gh_v1": lambda lesson: _values(lesson, 1, "great_hall")[0],
    "gh_v2": lambda lesson: _values(lesson, 1, "great_hall")[1],
    "gh_maj_scales": lambda lesson: _ev(lesson, "gain_scales", source="majority",
                                        tile="great_hall").data["n"],
    "gh_con_crystals": lambda lesson: _ev(lesson, "gain_crystals", source="construction",
                                          tile="great_hall").data["n"],
    "after_gh": lambda lesson: _built(lesson, "great_hall") + 1,
    "lib_round": lambda lesson: _built(lesson, "library"),
    "lib_p2": lambda lesson: len(_values(lesson, 1, "library")),
    "lib_p1": lambda lesson: len(_values(lesson, 0, "library")),
    "pal_maj": lambda lesson: _ev(lesson, "majority", tile="royal_palace").data["n"],
    "pal_con_crystals": lambda lesson: _ev(lesson, "gain_crystals", seat=0, source="construction",
                                           tile="royal_palace").data["n"],
    "pal_con_cards": lambda lesson: _ev(lesson, "draw", seat=0, why="construction").data["n"],
    "ft_round": lambda lesson: _built(lesson, "fire_temple"),
    "ft_p1_markers": lambda lesson: _ev(lesson, "majority", tile="fire_temple").data["n"],
    "ft_con_crystals": lambda lesson: _ev(lesson, "gain_crystals", seat=0, source="construction",
                                          tile="fire_temple").data["n"],
    "offer1_had": _offering_before,
    "offer1": lambda lesson: _offers(lesson, 0)[0].data["cost"],
    "offer2": lambda lesson: _offers(lesson, 0)[1].data["cost"],
    "cr_round": lambda lesson: _built(lesson, "city_residence"),
    "ss_p1": lambda lesson: _ev(lesson, "scale_scoring").data["scales"][0],
    "ss_p3": lambda lesson: _ev(lesson, "scale_scoring").data["scales"][2],
    "ss_p1_crystals": lambda lesson: scale_crystals(lesson, 0),
    "ss_p2_crystals": lambda lesson: scale_crystals(lesson, 1),
    "fork_round": lambda lesson: _pillar(lesson).round,
    "r10_offer": lambda lesson: [e for e in _offers(lesson, 0)
                                 if e.round == _pillar(lesson).round][0].data["cost"],
    "pillar_x": lambda lesson: int(_pillar(lesson).data["card"].rsplit("_", 1)[1]),
    "pillar_cost": lambda lesson: pillar_cost(lesson, 0),
    "r10_offers": lambda lesson: [e for e in _offers(lesson, 0)
                                  if e.round == _pillar(lesson).round][-1].data["n"],
    "end_p3_offer": lambda lesson: _offers(lesson, 2)[-1].data["cost"],
    "end_p1_offer": lambda lesson: _offers(lesson, 0)[-1].data["cost"],
    "win_n": lambda lesson: _ev(lesson, "game_won").data["n"],
    "ft_scale_rounds": lambda lesson: _both([e.round for e in _events(
        lesson, "dragon_scales", seat=0, tile="fire_temple")]),
    "oo_crystals": lambda lesson: _tiny_offer()[0],
    "oo_cost": lambda lesson: _tiny_offer()[1],
    "oo_next": lambda lesson: _tiny_offer()[2],
    "oo_legal": lambda lesson: legal_text(offering_state()),
    "kh_face": lambda lesson: 2 + 3,  # the printed numbers of the cards named: Terrah 2, Khind 3
    "kh_spaces": lambda lesson: ", ".join(str(v) for _c, v in
                                          _tile_def(lesson, "earth_temple").spaces),
    "kh_legal": lambda lesson: legal_text(khind_state()),
    "kh_space": lambda lesson: _khind_option()[0],
    "kh_total": lambda lesson: _khind_option()[1],
}

#: numbers of the rules (not of the game) the game's sections state; cards are named with their
#: printed value ("Lux 2", "Pillar 1": names, not counts)
RULE_NUMBERS = {
    "en": ("2006", "(value 1: any tile)", "up to 4 red cards", "always a wild 1",
           "three wild 1s: a Mimix 1 alone counts 1", "has at least 3", "a **wild 1**",
           "only two Mimix 1s/2s make a wild 3",
           "6 crystals (3 each if tied); 3 or more scales: 3 crystals",
           "+ 1 for a Pillar 1 (+ 2 for a Pillar 2)"),
    "pt": ("2006", "(valor 1: qualquer peça)", "até 4 cartas", "curinga de valor 1",
           "três curingas de valor 1: um Mimix 1 sozinho vale 1", "tem pelo menos 3",
           "**curinga de valor 1**", "só dois Mimix de valor 1/2 formam um curinga de valor 3",
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
