"""The position schema of each game (``position_schema``, the one source of a position's shape)
against its seat class: every field of the seat is saved under a key the schema names (or is
declared derived or transient here, with the reason), so a field added to a seat without a
place in positions fails here."""

from __future__ import annotations

from dataclasses import fields

import pytest

from gamekit.core.registry import get
from gamekit.games.bluemoon.seat import BlueMoonSeat
from gamekit.games.race.seat import RaceSeat
from gamekit.games.wonderful.seat import SeatState

#: seat field -> the key of the seat's object in the position (None: not saved, rebuilt)
RACE = {"start": "start_world", "tableau": "tableau", "hand": "hand", "explored": "explore",
        "goods": "goods", "chips": "vp_chips", "action_picks": "actions", "chosen": "chosen",
        "temp_military": "temp_military", "keep_left": "keep",  # the step: the core stack
        "consume_used": "consume_used", "produced": "produced", "produced_on": "produced_on",
        "windfall_queue": "windfall_queue"}
WONDERFUL = {"empire": "empire", "hand": "hand", "pick": "pick", "drafted": "drafted",
             "construction": "construction", "built": "built", "empire_cubes": "empire_cubes",
             "krystallium": "krystallium", "financiers": "financier", "generals": "general",
             "done": "done",  # the pending decisions: the position's ``stack``
             "produced": "produced_this_round", "packet": "packet",
             "packets_seen": "packets_seen"}
#: Blue Moon City saves seats as per-seat lists of the top level
BLUEMOON = {"hand": "hands", "hand_size": None,  # the hand's size is recomputed
            "pending": "pending", "crystals": "crystals", "scales": "scales",
            "markers": "markers", "offerings": "offerings", "offering_kinds": "offering_kinds",
            "contributions": "contributions", "figure": "figures"}


def _seat_keys(game: str, players: int) -> set[str]:
    schema = get(game).state.position_schema(players)
    if game == "bluemoon":
        return set(schema["properties"])
    return set(schema["properties"]["seats"]["items"]["properties"])


@pytest.mark.parametrize(("game", "cls", "mapping"), [
    ("race", RaceSeat, RACE), ("wonderful", SeatState, WONDERFUL),
    ("bluemoon", BlueMoonSeat, BLUEMOON)])
def test_every_seat_field_has_its_place_in_the_schema(game, cls, mapping):
    names = {f.name for f in fields(cls)}
    assert names == set(mapping), f"seat fields without a position key: {names ^ set(mapping)}"
    keys = _seat_keys(game, get(game).state.min_players)
    missing = {k for k in mapping.values() if k is not None} - keys
    assert not missing, f"keys not in the schema: {missing}"
