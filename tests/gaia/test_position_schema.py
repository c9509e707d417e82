"""One source per shape (issue 24): the Gaia position schema against what the engine holds and
writes. The player part against ``Player`` (every attribute saved and read back, or listed in
``NOT_SAVED`` with why), the state part against ``to_dict()``, the decision kinds against
their dispatch tables, and every queue entry random games make against its kind's schema."""

from __future__ import annotations

import json
import random
from functools import cache

from jsonschema import Draft202012Validator

import gamekit
from gamekit.games.gaia import GaiaState
from gamekit.games.gaia.decisions import ASKS, DATA, FIELDS, THEN_ARGS, Kind, Then
from gamekit.games.gaia.player import Player
from gamekit.games.gaia.position import NOT_SAVED, OPTIONAL, PHASES, STAGES, schema
from gamekit.games.gaia.subdecisions import CONTINUATIONS, DO, HANDLERS, LEGAL


@cache
def _states() -> tuple:
    """States at many points of random games (2-4 players, Taklons and an auction among them),
    each with the state read back from its position."""
    out = []
    for g, (n, opts) in enumerate([(2, {"factions": ["taklons", "lantids"]}),
                                   (3, {"auction": "bid-while-choosing"}),
                                   (4, {"token_bowls": "choose", "board_setup": True})]):
        s = GaiaState.new(n, g, **opts)
        rng = random.Random(g)
        k = 0
        while not s.is_over():
            if k % 23 == 0:
                out.append((s.clone(), gamekit.position(json.loads(json.dumps(s.position())))))
            s.apply(rng.choice(s.legal_actions(s.to_move()[0])))
            k += 1
    return tuple(out)


def test_the_schema_has_exactly_the_fields_to_dict_writes():
    for s, _ in _states()[::7]:
        sch = schema(s.players)
        d = s.to_dict()
        # everything to_dict writes, and the older positions' queue ``ask`` (read at load only)
        assert set(sch["properties"]) == set(d) | {"ask"} == set(sch["required"]) | set(OPTIONAL)
        assert "stack" in d and "ask" not in d
        player = sch["properties"]["players"]["items"]
        for p in d["players"]:
            assert set(player["properties"]) == set(p) == set(player["required"])
        assert player["additionalProperties"] is False and sch["additionalProperties"] is False


def test_every_player_attribute_is_saved_and_read_back_or_derived():
    """A ``Player`` attribute the position forgot would read back as its default: each one is
    equal after the round trip, or ``NOT_SAVED`` says where it comes from."""
    blank = vars(Player(0))
    assert set(NOT_SAVED) <= set(blank)
    for s, t in _states():
        for p, q in zip(s.pl, t.pl, strict=True):
            for attr in blank:
                if attr == "bowls":  # saved as its four bowls (the ledger counts start anew)
                    assert p.bowls.as_tuple() == q.bowls.as_tuple()
                elif attr == "range_bonus":
                    assert getattr(p, attr) == getattr(q, attr) == 0
                elif attr == "counts":  # from the pieces on the map (a 0 left after a move)
                    assert {k: v for k, v in p.counts.items() if v} == q.counts
                else:  # board and counts are derived: equal too
                    assert getattr(p, attr) == getattr(q, attr), attr


def test_stages_and_phases_are_the_ones_the_engine_reaches():
    seen = {(s.stage, s.phase) for s, _ in _states()}
    assert {st for st, _ in seen} <= set(STAGES) and {ph for _, ph in seen} <= set(PHASES)
    assert {"setup", "actions"} <= {st for st, _ in seen}


def test_every_kind_has_a_schema_and_a_dispatch_entry_and_nothing_else_does():
    assert set(DATA) == set(Kind)
    assert set(HANDLERS) == set(LEGAL) == set(DO) == set(Kind) - {Kind.INCOME_REST}
    assert set(CONTINUATIONS) == {Kind.INCOME_REST} and set(THEN_ARGS) == set(Then)
    # the stack's closed table is DATA itself: the same kinds, each with its fields in order
    assert set(ASKS.kinds) == set(map(str, Kind)) == set(FIELDS)
    for kind, fields in ASKS.kinds.items():
        assert tuple(fields) == FIELDS[kind] == tuple(DATA[Kind(kind)]["properties"])
    for legal, do in HANDLERS.values():
        assert legal.__name__.lstrip("_").startswith("legal_")
        assert do.__name__.lstrip("_").startswith("do_")


def test_every_queue_entry_of_random_games_fits_its_kinds_schema():
    """The engine writes no data that its schema would refuse (or that a position could not
    carry): every entry met, validated by its kind's schema alone."""
    seen = set()
    for s, _ in _states():
        validator = Draft202012Validator(ASKS.schema(s.players))
        entries = ASKS.to_data(s.stack)
        assert not list(validator.iter_errors(json.loads(json.dumps(entries))))
        assert ASKS.from_data(json.loads(json.dumps(entries)), s.players) == s.stack
        seen |= {e.kind for e in s.stack}
    assert len(seen) >= 8
