"""The site's faction auctions (not in the rulebook; reference samples/README.md "Auction"):
``bid-while-choosing`` and ``choose-bid``, in the engine and through the importer, with
hand-written records; an option gamekit does not know is refused by name."""

from __future__ import annotations

import json
import random

import pytest
from gaia_helpers import needs_ref, scenarios

from gamekit.core import IllegalAction, RecordError
from gamekit.games.gaia.importer import import_bytes, import_game
from gamekit.games.gaia.state import GaiaState


def _record(lines: list[str], auction: str) -> tuple[dict, dict]:
    data = scenarios()
    sc = next(s for s in data["scenarios"] if s["id"] == "setup-auction-ivits-pi-last")
    setup = data["setups"][sc["setup_ref"]]
    return ({"moves": [sc["moves"][0], *lines], "map": setup["map"],
             "engine_options": {"auction": auction}}, setup)


BID_WHILE_CHOOSING = ["p1 faction ivits", "p2 faction terrans", "p3 bid ivits 1",
                      "p1 bid terrans 1", "p2 bid ivits 2", "p3 bid terrans 2",
                      "p1 faction gleens"]
CHOOSE_BID = ["p1 faction ivits", "p2 faction terrans", "p3 faction gleens",
              "p1 bid terrans 0", "p2 bid terrans 1", "p3 bid ivits 0", "p1 bid gleens 2"]
SETUP_MINES = ["terrans build m 1x0", "gleens build m -5x7"]


@needs_ref
@pytest.mark.parametrize("auction, lines, factions, bids, order", [
    ("bid-while-choosing", BID_WHILE_CHOOSING, ["gleens", "ivits", "terrans"], [0, 2, 2],
     [1, 2, 0]),
    ("choose-bid", CHOOSE_BID, ["gleens", "terrans", "ivits"], [2, 1, 0], [2, 1, 0]),
])
def test_a_hand_written_auction_imports(auction, lines, factions, bids, order):
    """Seats get the factions they won, bids are kept for the end, and the naming order is
    the order of the set-up and of round 1 (the Ivits' PI comes after every mine)."""
    record, setup = _record(lines + SETUP_MINES, auction)
    state = import_game(record, setup)
    assert [p.faction for p in state.pl] == factions
    assert [p.bid for p in state.pl] == bids
    assert state.order == order
    assert state.decision(state.to_move()[0]).kind == "place"


@needs_ref
def test_choose_bid_names_first_then_bids():
    record, setup = _record(CHOOSE_BID[:3], "choose-bid")
    state = import_game(record, setup)
    assert all(p.faction is None for p in state.pl)  # naming holds nothing yet
    d = state.decision(0)
    assert d.kind == "auction_bid"
    bids = {(a.args[0], a.args[1]) for a in d.legal}
    assert ("ivits", 0) in bids and ("ivits", 9) in bids and ("ivits", 10) not in bids
    assert {a.verb for a in d.legal} == {"bid"}  # no new faction once the list is made


def test_choose_bid_in_the_engine_refuses_what_the_rules_forbid():
    s = GaiaState.new(3, 4, auction="choose-bid")
    assert s.decision(0).kind == "auction_name"
    s.apply("p1 name ivits")
    before = s.to_dict()
    for bad in ("p2 name ivits", "p2 bid ivits 3", "p2 faction terrans"):
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert s.to_dict() == before  # an illegal action changes nothing
    s.apply("p2 name terrans")
    s.apply("p3 name gleens")
    s.apply("p1 bid ivits 0")
    before = s.to_dict()
    for bad in ("p2 bid ivits 0", "p2 bid ivits 10", "p1 bid gleens 0"):
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert s.to_dict() == before
    s.apply("p2 bid ivits 3")  # outbids p1, who acts again after p3
    assert s.to_move() == (2,)
    s.apply("p3 bid terrans 0")
    assert s.to_move() == (0,)
    s.apply("p1 bid gleens 1")
    assert [p.faction for p in s.pl] == ["gleens", "ivits", "terrans"]
    assert s.order == [1, 2, 0]  # ivits, terrans, gleens: the naming order
    rng = random.Random(2)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions(s.to_move()[0])))
    assert s.pl[1].vp_by.get("bid", 0) == -3 or s.pl[1].vp == 0  # paid at the end


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_auction_questions_and_buttons_in_both_languages(lang):
    from gamekit.core import CATALOG

    s = GaiaState.new(3, 4, auction="choose-bid")
    q = s.decision(0).question(lang)
    assert q and "auction_name" not in q
    labels = [CATALOG.text("gaia", "act." + a.verb, lang, a0=a.args[0])
              for a in s.decision(0).legal]
    assert all("{" not in x and "_" not in x for x in labels)
    for line in ("p1 name ivits", "p2 name terrans", "p3 name gleens"):
        s.apply(line)
    a = s.decision(0).legal[0]
    text = CATALOG.text("gaia", "act.bid", lang, a0=a.args[0], a1=a.args[1])
    assert ("VP" if lang == "en" else "PV") in text and "ivits" not in text


@needs_ref
@pytest.mark.parametrize("options, named", [
    ({"auction": "choose-bid", "turbo": True}, "turbo"),
    ({"auction": "dutch"}, "auction"),
])
def test_a_record_with_an_unknown_option_is_refused_naming_it(options, named):
    record, setup = _record(CHOOSE_BID, "choose-bid")
    record["engine_options"] = options
    with pytest.raises(RecordError, match=named):
        import_game(record, setup)
    raw = json.dumps({**record, "setup": setup}).encode()
    with pytest.raises(RecordError, match=named):
        import_bytes(raw)


def test_a_position_in_the_middle_of_choose_bid_plays_on_alike():
    from gamekit.core.invariants import reloaded, same_future

    s = GaiaState.new(3, 4, auction="choose-bid")
    for line in ("p1 name ivits", "p2 name terrans", "p3 name gleens", "p1 bid ivits 0"):
        s.apply(line)
    again = reloaded(s)
    assert again.to_dict() == s.to_dict() and again.decision(1).kind == "auction_bid"
    same_future(s, again, 3)
