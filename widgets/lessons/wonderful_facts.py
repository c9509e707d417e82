"""What the It's a Wonderful World lesson states about its recorded game, computed from it.

Every number (and every card or seat the narration names) of the sections that tell the game
is a placeholder; ``FACTS`` maps each placeholder to a function of the lesson that reads it off
the game (the events of ``lesson.final()`` and the states of ``lesson.session``). A name is a
``{"en": ..., "pt": ...}`` dict. The rules cited are the Portuguese rulebook's sections
(``shared/rules/its-a-wonderful-world.pt-PT.txt``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamekit.core import CATALOG, get

G = "wonderful"
K = get(G).lesson
CARDS = K.CARDS
LANGS = ("en", "pt")
#: the seat the lesson follows (its decisions are the chapters' decisions)
ME = 0


# --------------------------------------------------------------------------- helpers
def name(ident: str) -> dict[str, str]:
    """A component's name in both languages."""
    return {lang: CATALOG.name(G, ident, lang) for lang in LANGS}


def seat_name(seat: int) -> dict[str, str]:
    return {lang: CATALOG.text(G, "seat", lang, n=seat + 1) for lang in LANGS}


def names(idents: list[str]) -> dict[str, str]:
    """Names joined as a person lists them ("A and B", "A e B")."""
    return {lang: names_of([CATALOG.name(G, i, lang) for i in idents], lang) for lang in LANGS}


def events(lesson: Any, kind: str, **match: Any) -> list:
    """Events of ``kind`` of the whole game whose fields (``round``, ``phase``, ``seat``) or
    data match ``match``."""
    out = []
    for e in lesson.final().events:
        if e.kind != kind:
            continue
        if all((getattr(e, k) if k in ("round", "phase", "seat") else e.data.get(k)) == v
               for k, v in match.items()):
            out.append(e)
    return out


def first(lesson: Any, kind: str, **match: Any) -> Any:
    found = events(lesson, kind, **match)
    if not found:
        raise LookupError(f"no {kind} event matching {match} in the lesson's game")
    return found[0]


def supremacy(lesson: Any, rnd: int, res: str) -> dict[str, Any]:
    return next(x for x in lesson.final().supremacy if x["round"] == rnd and x["step"] == res)


def produced(lesson: Any, rnd: int, res: str, seat: int) -> int:
    return supremacy(lesson, rnd, res)["production"][seat]


def rounds(lesson: Any) -> int:
    return len(events(lesson, "round_start"))


def cost(cid: str, kind: str) -> int:
    return CARDS[cid].cost.get(kind, 0)


def production(cid: str, res: str) -> int:
    return CARDS[cid].prod_fixed[K.RES.index(res)]


# --------------------------------------------------------------------------- the game's story
def r1_first_pick(lesson: Any) -> str:
    return first(lesson, "picked", round=1, seat=ME).data["card"]


def r1_gold_cards(lesson: Any) -> list[str]:
    """The cards Player 1 recycled for gold in round 1's planning."""
    return [e.data["card"] for e in events(lesson, "recycled", round=1, seat=ME)
            if e.data["resource"] == "gold"]


def r1_gold_target(lesson: Any) -> str:
    """The card Player 1's recycled gold went onto (round 1's first gold placement)."""
    _, a = lesson.first_action(lambda a: a.seat == ME and a.verb == "place"
                               and a.args[0] == "gold", "gold placed by Player 1")
    return a.args[1]


def wind_turbines(lesson: Any) -> Any:
    """The rulebook's Wind Turbines example in the game: a card built in round 1's materials
    step (the first build of a production phase)."""
    return first(lesson, "built", round=1, phase="production")


def planning_build(lesson: Any, rnd: int, seat: int = ME) -> str:
    return first(lesson, "built", round=rnd, phase="planning", seat=seat).data["card"]


def recycled_for(lesson: Any, rnd: int, resource: str, seat: int = ME) -> list[str]:
    return [e.data["card"] for e in events(lesson, "recycled", round=rnd, seat=seat)
            if e.data["resource"] == resource]


def generals_at(lesson: Any, rnd: int, seat: int = ME) -> int:
    """Generals on the seat's Empire card when round ``rnd`` starts."""
    return sum(1 for e in events(lesson, "supremacy_won", seat=seat)
               if e.round < rnd and e.data["token"] == "general") - sum(
        1 for e in events(lesson, "token_used", seat=seat, token="general") if e.round < rnd)


def used_generals(lesson: Any, seat: int = ME) -> Any:
    return first(lesson, "token_used", seat=seat, token="general")


def kryst_made(lesson: Any) -> Any:
    return first(lesson, "krystallium_made")


def supremacy_tie(lesson: Any) -> dict[str, Any]:
    return next(x for x in lesson.final().supremacy if x["seat"] is None
                and max(x["production"]) > 0)


def r4_recycled(lesson: Any) -> int:
    return len(events(lesson, "recycled", round=4, seat=ME))


def final_seat(lesson: Any, seat: int = ME) -> dict[str, Any]:
    return lesson.final().to_dict()["seats"][seat]


# --------------------------------------------------------------------------- the facts
def _r(fn: Callable[[Any], str]) -> Callable[[Any], dict[str, str]]:
    """A fact naming the card ``fn`` finds."""
    return lambda lesson: name(fn(lesson))


def _empire_vp(lesson: Any, ty: str) -> int:
    emp = lesson.final().seats[ME].empire
    return K.facts(emp)["sides"][lesson.final().side]["vp_per_type"].get(ty, 0)


FACTS: dict[str, Callable[[Any], Any]] = {
    "players": lambda lesson: lesson.state.players,
    "side": lambda lesson: first(lesson, "setup").data["side"],
    "deck": lambda lesson: len(lesson.session.state_at(0).all_cards()),
    "hand": lambda lesson: first(lesson, "deal").data["size"],
    "passed": lambda lesson: first(lesson, "passed").data["size"],
    "rounds": rounds,
    "me": lambda lesson: seat_name(ME),
    "empire": lambda lesson: name(lesson.final().seats[ME].empire),
    # round 1
    "r1_pick": _r(r1_first_pick),
    "r1_pick_type": lambda lesson: name(CARDS[r1_first_pick(lesson)].type),
    "emp_vp_disc": lambda lesson: _empire_vp(lesson, CARDS[r1_first_pick(lesson)].type),
    "r1_pick_gen_vp": lambda lesson: CARDS[r1_first_pick(lesson)].vp_per_char[1],
    "r1_kept": lambda lesson: len(events(lesson, "kept", round=1, seat=ME)),
    "r1_recycled": lambda lesson: len(events(lesson, "recycled", round=1, seat=ME)),
    "r1_gold_cards": lambda lesson: names(r1_gold_cards(lesson)),
    "r1_gold_n": lambda lesson: len(r1_gold_cards(lesson)),
    "r1_gold_card": lambda lesson: name(r1_gold_cards(lesson)[0]),
    "gold_target": _r(r1_gold_target),
    "gold_target_gold": lambda lesson: cost(r1_gold_target(lesson), "gold"),
    "r1_gold_made": lambda lesson: sum(produced(lesson, 1, "gold", s)
                                       for s in range(lesson.state.players)),
    "cc_cost": lambda lesson: len(CARDS[r1_gold_cards(lesson)[0]].spaces),
    "wt_seat": lambda lesson: seat_name(wind_turbines(lesson).seat),
    "wt": lambda lesson: name(wind_turbines(lesson).data["card"]),
    "wt_cost": lambda lesson: len(CARDS[wind_turbines(lesson).data["card"]].spaces),
    "wt_energy": lambda lesson: production(wind_turbines(lesson).data["card"], "energy"),
    "wt_seat_energy": lambda lesson: produced(lesson, 1, "energy", wind_turbines(lesson).seat),
    "r1_energy_me": lambda lesson: produced(lesson, 1, "energy", ME),
    # round 2
    "r2_pick": lambda lesson: name(first(lesson, "picked", round=2, seat=ME).data["card"]),
    "r2_pick_vp": lambda lesson: CARDS[first(lesson, "picked", round=2,
                                             seat=ME).data["card"]].vp_fixed,
    "r2_pick_gen": lambda lesson: cost(first(lesson, "picked", round=2, seat=ME).data["card"],
                                       "general"),
    "r2_generals": lambda lesson: generals_at(lesson, 2),
    "r2_built": _r(lambda lesson: planning_build(lesson, 2)),
    "r2_science_card": lambda lesson: name(recycled_for(lesson, 2, "science")[0]),
    "r2_built_sci": lambda lesson: production(planning_build(lesson, 2), "science"),
    "r2_built_expl": lambda lesson: production(planning_build(lesson, 2), "exploration"),
    "r2_expl_me": lambda lesson: produced(lesson, 2, "exploration", ME),
    "gen_target": lambda lesson: name(used_generals(lesson).data["target"]),
    "gen_used": lambda lesson: len(events(lesson, "token_used", round=2, seat=ME,
                                          token="general")),
    "gen_round": lambda lesson: used_generals(lesson).round,
    # round 3
    "r3_left": lambda lesson: rounds(lesson) - 3 + 1,
    "r3_pick": lambda lesson: name(first(lesson, "picked", round=3, seat=ME).data["card"]),
    "r3_pick_kryst": lambda lesson: CARDS[first(lesson, "picked", round=3,
                                                seat=ME).data["card"]].bonus.get("krystallium", 0),
    "r3_built": _r(lambda lesson: planning_build(lesson, 3)),
    "r3_energy_cards": lambda lesson: names(recycled_for(lesson, 3, "energy")),
    "r3_built_expl": lambda lesson: production(planning_build(lesson, 3), "exploration"),
    "r3_expl_me": lambda lesson: produced(lesson, 3, "exploration", ME),
    "r3_expl_cards": lambda lesson: produced(lesson, 3, "exploration", ME) - K.facts(
        lesson.final().seats[ME].empire)["sides"][lesson.final().side]["produces"].get(
        "exploration", 0),
    # round 4
    "r4_pick": lambda lesson: name(first(lesson, "picked", round=4, seat=ME).data["card"]),
    "r4_pick_rec": lambda lesson: name(CARDS[first(lesson, "picked", round=4,
                                                   seat=ME).data["card"]].recycle),
    "r4_recycled": r4_recycled,
    "r4_built": _r(lambda lesson: planning_build(lesson, 4)),
    "r4_built_kryst": lambda lesson: CARDS[planning_build(lesson, 4)].bonus.get("krystallium"),
    "r4_kryst_card": lambda lesson: name(first(lesson, "token_used", round=4, seat=ME,
                                               token="krystallium").data["target"]),
    "kryst_end": lambda lesson: final_seat(lesson)["krystallium"],
    "kryst_made_r4": lambda lesson: len(events(lesson, "krystallium_made", round=4)),
}


def names_of(words: list[str], lang: str) -> str:
    """Words joined as a person lists them in ``lang``."""
    last = {"en": " and ", "pt": " e "}[lang]
    return (", ".join(words[:-1]) + last + words[-1]) if len(words) > 1 else words[0]
