"""The importer against what a real boardgamers.space record may hold: record words never
name code (closed tables), the site's annotations anywhere after the clauses, rule-free and
unknown options, a set-up that is missing or broken vs a move the rules refuse, and the
site's Nevlas PI reading. The corpus of whole records is in ``test_import_records.py``."""

from __future__ import annotations

import inspect
import json
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest

from gamekit.cli import main
from gamekit.core import RecordError
from gamekit.games.gaia import importer as I
from gamekit.games.gaia import notation as N
from gamekit.games.gaia.commands import CLAUSES, Clause

VOYAGER = Path(__file__).parent / "records" / "voyager-6-qxr.json"


def _voyager(**change) -> dict:
    data = json.loads(VOYAGER.read_bytes())
    data.pop("expected")
    data.update(change)
    return data


def _import(data: dict, source: str = "game.json"):
    return I.import_bytes(json.dumps(data).encode(), source)


# ------------------------------------------------------------------------ closed tables
@pytest.mark.parametrize("verb", ["c_faction", "__init__", "_build", "fail", "clause", "hex",
                                  "__class__", "swap_PI", "lostplanet", "Build"])
def test_a_line_naming_a_method_is_refused_cleanly(verb):
    data = _voyager()
    data["moves"] = data["moves"][:5] + [f"p1 {verb} terrans"]
    with pytest.raises(N.NotationError) as info:
        _import(data)
    assert info.value.line == 6 and "unknown command" in info.value.problem
    assert verb[:40] in str(info.value)


def test_dispatch_is_by_closed_tables():
    assert set(N._READERS) == set(CLAUSES)
    assert set(I._HANDLERS) == set(CLAUSES.values())
    for module in (N, I):
        assert "getattr(self" not in inspect.getsource(module)


def test_a_clause_the_importer_has_no_entry_for_names_line_and_clause():
    @dataclass(frozen=True)
    class Odd(Clause):
        verb: ClassVar[str] = "odd"
        note: str | None = None

    move = N.Move(7, "p1 odd", "p1", 1, None, (Odd(),), False)
    state = I.import_game(_voyager(moves=_voyager()["moves"][:5]), _voyager()["setup"])
    with pytest.raises(I.ImportError_, match=r"line 7: 'p1 odd': .*'odd' is not imported"):
        I._Importer(state).line(move)


# --------------------------------------------------------------------------- annotations
@pytest.mark.parametrize("text, notes, clauses", [
    ("terrans build m 3A5. (2/4/0/0 ⇒ 2/4/0/0)", ("(2/4/0/0 ⇒ 2/4/0/0)",), 1),
    ("taklons build ts 1A1. (1/5,B/0/0 ⇒ 0/4/0/6) [3c 1o]", ("(1/5,B/0/0 ⇒ 0/4/0/6)",
                                                            "[3c 1o]"), 1),
    ("gleens charge 2pw (1/3/0/0 ⇒ 0/2/2/0)", (), 1),
    ("p1 up nav (1 ⇒ 2). spend 1pw for 1c. (0/0/2/0 ⇒ 1/0/1/0)", ("(0/0/2/0 ⇒ 1/0/1/0)",), 2),
    ("p1 pass booster4 returning booster3", (), 1),
])
def test_annotations_anywhere_after_the_clauses_are_read_and_kept(text, notes, clauses):
    m = N.parse_move(text)
    assert m.notes == notes and len(m.clauses) == clauses
    assert N.write_move(m) == text
    assert N.parse_move(N.write_move(m)) == m


def test_a_power_summary_between_clauses_is_skipped_like_the_site_does():
    m = N.parse_move("p1 burn 1. (0/4/2/0 ⇒ 0/2/3/0). spend 1pw for 1c.")
    assert [c.verb for c in m.clauses] == ["burn", "spend"] and m.ends_turn
    assert m.notes == ("(0/4/2/0 ⇒ 0/2/3/0)",)
    assert N.parse_move(N.write_move(m)).clauses == m.clauses
    with pytest.raises(N.NotationError, match="not only annotations"):
        N.parse_move("p1 (0/4/2/0 ⇒ 0/2/3/0).")


def test_power_after_reads_the_last_summary_and_the_brainstone():
    m = N.parse_move("taklons burn 2. spend 4pw for 4c (0/6/0,B/0 ⇒ 1,B/2/1/0)")
    assert N.power_after(m) == ((1, 2, 1, 0), 1)
    assert N.power_after(N.parse_move("p1 build m 3A5. (2/4/0/0 ⇒ 2/3/1/0)")) == \
        ((2, 3, 1, 0), None)
    assert N.power_after(N.parse_move("p1 build m 3A5.")) is None
    from gamekit.games.gaia.linechecks import bowls_text

    assert bowls_text((1, 2, 1, 0), 3) == "1/2/1,B/0"


# ------------------------------------------------------------------------------ options
def test_rule_free_options_are_kept_and_written_back():
    opts = {"layout": "standard", "creator": 2, "noFedCheck": True, "timePerMove": 3600,
            "unrated": True}
    record = _import(_voyager(engine_options=opts)).record()
    assert record.options["site_options"] == {"creator": 2, "noFedCheck": True,
                                              "timePerMove": 3600, "unrated": True}
    from gamekit.games.gaia.writer import write_record

    assert {k: v for k, v in write_record(record)["engine_options"].items()
            if k != "layout"} == {k: v for k, v in opts.items() if k != "layout"}


@pytest.mark.parametrize("opts, words", [
    ({"creatorName": "x"}, "unknown option 'creatorName'"),
    ({"frontiers": True}, "expansion"),
    ({"customBoardSetup": True}, "customBoardSetup"),
    ({"creator": "alice"}, "creator must be a whole number"),
    ({"noFedCheck": 1}, "noFedCheck must be true or false"),
])
def test_unknown_or_wrong_options_are_refused_by_name(opts, words):
    with pytest.raises(RecordError, match=words):
        _import(_voyager(engine_options=opts))


def test_site_options_as_a_gamekit_option_are_checked():
    from gamekit.core import OptionError
    from gamekit.games.gaia.state import GaiaState

    with pytest.raises(OptionError, match="site_options"):
        GaiaState.new(2, "s", site_options={"layout": "xshape"})
    assert GaiaState.new(2, "s", site_options={"creator": 1}).options["site_options"] == \
        {"creator": 1}


# ------------------------------------------------------------------- set-up and refusals
def test_a_record_without_a_map_says_so():
    data = _voyager()
    del data["map"]
    data["setup"] = {k: v for k, v in data["setup"].items() if k != "map"}
    with pytest.raises(I.ImportError_, match="has no map") as info:
        _import(data, "nomap.json")
    assert "nomap.json" in str(info.value)


def test_a_broken_setup_is_named_as_the_setup():
    data = _voyager()
    data["setup"]["boosters"] = ["booster99"]
    with pytest.raises(I.ImportError_, match="setup is incomplete or malformed"):
        _import(data)


def test_a_move_the_rules_refuse_is_never_called_a_setup_problem():
    data = _voyager()
    data["moves"] = data["moves"][:17] + ["gleens up nav. up nav."]
    with pytest.raises(I.ImportError_) as info:
        _import(data, "g.json")
    text = str(info.value)
    assert "line 18" in text and "up nav" in text and "setup" not in text
    assert info.value.field == "moves[17]" and "g.json" in text


def test_a_refusal_names_line_clause_and_rulebook_section():
    data = _voyager()
    data["moves"] = data["moves"][:17] + ["gleens build m -2x0."]
    with pytest.raises(I.ImportError_) as info:
        _import(data)
    text = str(info.value)
    assert "line 18: 'gleens build m -2x0.': in build m -2x0:" in text
    assert text.endswith("[rulebook: 1) Build a mine]")


def test_non_utf8_and_deep_nesting_name_the_file_in_words():
    with pytest.raises(RecordError, match=r"record mine\.json: is not UTF-8 text"):
        I.import_bytes(b'{"moves": ["\xff"]}', "mine.json")
    deep = b'{"moves": ' + b"[" * 40 + b"]" * 40 + b"}"
    with pytest.raises(RecordError, match=r"record deep\.json: is nested more than 12 levels"):
        I.import_bytes(deep, "deep.json")
    deeper = b"[" * 100_000 + b"]" * 100_000
    with pytest.raises(RecordError, match="nested more than"):
        I.import_bytes(deeper, "deeper.json")


# ------------------------------------------------------------------------ Nevlas reading
@pytest.mark.parametrize("line, tokens, gain", [
    ("p1 spend 4pw for 4c", 2, {"credits": 4}),
    ("p1 spend 2pw for 2c", 1, {"credits": 2}),
    ("p1 spend 3pw for 3c", 2, {"credits": 3}),
    ("p1 spend 3pw for 1o", 2, {"ore": 1}),
    ("p1 spend 6pw for 2o", 3, {"ore": 2}),
    ("p1 spend 4pw for 1q", 2, {"qic": 1}),
])
def test_nevlas_pi_tokens_pay_two_power_in_every_conversion(line, tokens, gain):
    """Site reading (docs/games/gaia.md): with the PI, a bowl-III token pays 2 power in every
    conversion; the record names the power, the importer moves half as many tokens."""
    from gaia_helpers import scenario_parts

    sc, setup, opts = scenario_parts("nevlas-pi-power-actions")
    rec = {"moves": sc["moves"], "map": setup["map"], "engine_options": opts}
    before = I.import_game(rec, setup).pl[0]
    after = I.import_game({**rec, "moves": [*sc["moves"], line]}, setup).pl[0]
    assert before.faction == "nevlas" and before.token_power() == 2
    assert before.bowls.bowl3 - after.bowls.bowl3 == tokens
    assert after.bowls.bowl1 - before.bowls.bowl1 == tokens
    assert {k: after.res[k] - before.res[k] for k in after.res
            if after.res[k] != before.res[k]} == gain


# ---------------------------------------------------------------------------- the CLI
def test_replay_checkpoints_prints_each_disagreeing_line(tmp_path, capsys):
    data = json.loads((VOYAGER.parent / "voyager-6-annotated.json").read_bytes())
    i = next(i for i, m in enumerate(data["moves"]) if m.endswith("⇒ 0/1/6/0)"))
    data["moves"][i] = data["moves"][i].replace("⇒ 0/1/6/0)", "⇒ 0/2/5/0)")
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", "--from", "boardgamers", str(path), "--checkpoints"]) == 0
    out, err = capsys.readouterr()
    first, scores = out.splitlines()
    assert first == (f"line {i + 1}: ivits bowls: the record says 0/2/5/0, gamekit has "
                     "0/1/6/0")
    assert json.loads(scores) == {"p1": 132, "p2": 171, "p3": 194, "p4": 139}
    assert "1 line(s)" in err
    assert main(["replay", str(path), "--checkpoints"]) == 2
    assert "--from" in capsys.readouterr().err


# ------------------------------------------------------------- leech order after an auction
def test_leech_goes_round_the_seating_the_auction_made():
    """Site reading (docs/games/gaia.md): after a faction auction the table is in the order
    the factions were named, and leech offers go clockwise round that table."""
    path = VOYAGER.parent / "auction-4p.json"
    data = json.loads(path.read_bytes())
    data.pop("expected")
    state = _import({**data, "moves": data["moves"][:7]})
    # named: taklons (p1, then outbid by p3), nevlas (p2, then outbid by p1), ivits (p4),
    # terrans (p2)
    assert [p.faction for p in state.pl] == ["nevlas", "terrans", "taklons", "ivits"]
    assert state.table == [2, 0, 3, 1]
    assert state.position()["state"]["table"] == [2, 0, 3, 1]
    import gamekit

    assert gamekit.position(state.position(), "gaia").table == [2, 0, 3, 1]
    # terrans (p2) build: taklons (p3), nevlas (p1), ivits (p4) decide in that order
    i = data["moves"].index("terrans build lab 7A6. tech nav. up nav.")
    assert data["moves"][i + 1:i + 3] == ["nevlas charge 2pw", "ivits charge 1pw"]
    seat_order = [*data["moves"][:i + 1], "ivits charge 1pw", "nevlas charge 2pw"]
    with pytest.raises(I.ImportError_, match=rf"line {i + 2}: 'ivits charge 1pw'"):
        _import({**data, "moves": seat_order})


# ---------------------------------------------------------------------- hostile records
_VALUES = [None, 0, -1, 10**9, "x", [], {}, [1], {"a": 1}, True, 1.5, "booster1", ["tech1"] * 9]


def _paths(o, p=()):
    yield p
    if isinstance(o, dict):
        for k, v in o.items():
            yield from _paths(v, (*p, k))
    elif isinstance(o, list):
        for i, v in enumerate(o[:3]):
            yield from _paths(v, (*p, i))


def test_a_broken_setup_map_or_option_is_only_ever_a_record_error():
    """Seeded mutations of the set-up, the map and the options (a value replaced by one of
    the wrong kind, or a key removed): each is a ``RecordError``, never a crash."""
    import random

    base = _voyager()
    base["moves"] = base["moves"][:12]
    parts = {k: base[k] for k in ("setup", "map", "engine_options")}
    paths = [p for p in _paths(parts) if p]
    rng = random.Random(30)
    refused = 0
    for _ in range(120):
        data = json.loads(json.dumps(base))
        path = rng.choice(paths)
        at = data
        for k in path[:-1]:
            at = at[k]
        if isinstance(at, dict) and rng.random() < 0.3:
            del at[path[-1]]
        else:
            at[path[-1]] = rng.choice(_VALUES)
        try:
            _import(data)
        except RecordError:
            refused += 1
    assert refused > 30  # many mutations break the set-up; the rest still import


def test_a_mutated_line_is_only_ever_a_record_error():
    import random

    base = _voyager()
    words = sorted({w for m in base["moves"] for w in m.replace(".", " . ").split()}) + [
        "(1/2/3/4 ⇒ 1/2/3/4)", "[x]", "..", "__init__", "c_build", "⇒", "-99x99", "99A99"]
    rng = random.Random(25)
    for _ in range(120):
        i = rng.randrange(5, 60)
        moves = base["moves"][:i + 1]
        ws = moves[-1].split()
        ws[rng.randrange(len(ws))] = rng.choice(words)
        moves[-1] = " ".join(ws)
        try:
            _import({**base, "moves": moves})
        except RecordError:
            pass


def test_checkpoints_compare_every_player_with_the_records_own_checkpoints(tmp_path, capsys):
    """A record in the samples' format carries the site's state after every line: the
    shipped voyager-6 agrees everywhere; one value changed is reported on its line."""
    from gamekit.games.gaia.samples import sample_data

    data = sample_data("voyager-6")
    path = tmp_path / "v6.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", "--from", "boardgamers", str(path), "--checkpoints"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == ['{"p1": 132, "p2": 171, "p3": 194, "p4": 139}']
    assert "0 line(s)" in err
    cp = data["checkpoints"][99]  # after line 101
    cp[4][1][1] += 5  # the terrans' credits
    path.write_text(json.dumps(data), encoding="utf-8")
    main(["replay", "--from", "boardgamers", str(path), "--checkpoints"])
    first = capsys.readouterr().out.splitlines()[0]
    want = cp[4][1][1]
    assert first == (f"line {cp[0] + 1}: terrans: the record says credits {want}; gamekit has "
                     f"credits {want - 5}")


@pytest.mark.parametrize("checkpoints", [
    "x", 7, [[1]], [None, {}], [[5, 1, "roundMove", 1, [[1, 2]]]],
    [[5, 1, "roundMove", 1, [[0] * 10] * 3]], [["5", 1, "roundMove", 1, []]],
])
def test_checkpoints_of_another_shape_are_left_out(checkpoints):
    data = _voyager(checkpoints=checkpoints)
    data["moves"] = data["moves"][:12]
    found: list[str] = []
    I.import_bytes(json.dumps(data).encode(), "odd.json", report=found.append)
    assert found == []  # a 3-player row set in a 4-player game, or no rows: not compared
