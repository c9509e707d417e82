"""The scan behind the per-game guards against white-box test set-ups (issue 10)."""

from __future__ import annotations

from state_writes import writes

CAUGHT = '''
s.ask = [(0, "after", {})]
s._legal_cache = {}
s.pl[1].passed = True
s.gf[h] = 0
p.res["qic"] += 5
p.bowls.bowl1, p.bowls.bowl2 = 0, 2
s.discard.extend(s.deck)
s.seats[1].hand.append(c)
p.res.update(ore=3)
del s.deck[:-5]
'''

FINE = '''
import sys
import pytest
data = s.position()["state"]
data["deck"] = []
data["players"][0]["resources"]["qic"] = 5
mine = data["seats"][1]
mine["hand"].extend(cards)
s.quiet = True
sys.path.insert(0, "x")
with pytest.raises(AttributeError):
    card.home = "ice"
'''


def test_every_kind_of_state_write_is_found(tmp_path):
    f = tmp_path / "test_caught.py"
    f.write_text(CAUGHT, encoding="utf-8")
    found = writes(f)
    assert len(found) == 11  # the tuple assignment writes two attributes
    assert {w.split()[1] for w in found} == {"ask", "_legal_cache", "passed", "gf", "res",
                                              "bowl1", "bowl2", "discard", "hand", "deck"}


def test_position_edits_switches_and_refused_writes_are_not_writes(tmp_path):
    f = tmp_path / "test_fine.py"
    f.write_text(FINE, encoding="utf-8")
    assert writes(f) == []
