"""The rulebook's worked examples as the site records them (issue 25): the record
``records/rulebook-examples.json`` (Terrans, Hadsch Hallas, Nevlas and Geodens; written by
``records/make_synthetic.py``, which steers the heuristic agent into the examples' moves) is read
line by line through the importer, and at the line where each example happens the state before
and after it must show the rulebook's figures; the same line changed against the rule is refused
with the line and clause named. (The record's final VP and breakdown are checked with the rest of
the corpus in ``test_import_records.py``.)"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from gamekit.core import RecordError
from gamekit.games.gaia.importer import import_bytes
from gamekit.games.gaia.state import GaiaState

RECORD = json.loads((Path(__file__).parent / "records" / "rulebook-examples.json")
                    .read_text(encoding="utf-8"))
LINES: list[str] = RECORD["moves"]


@cache
def after(count: int) -> GaiaState:
    """The state after the record's first ``count`` lines."""
    return import_bytes(json.dumps({**RECORD, "moves": LINES[:count]}).encode(), "rulebook")


def first(pattern: str) -> int:
    """The index of the first line matching ``pattern`` (regex, from the line's start)."""
    found = next((i for i, text in enumerate(LINES) if re.match(pattern, text)), None)
    assert found is not None, f"the record has no line matching {pattern!r}"
    return found


def seat(state: GaiaState, faction: str) -> int:
    return next(i for i, p in enumerate(state.pl) if p.faction == faction)


def refused(index: int, text: str) -> RecordError:
    """The record with line ``index`` replaced by ``text``, which the importer must refuse."""
    data = {**RECORD, "moves": [*LINES[:index], text]}
    with pytest.raises(RecordError) as caught:
        import_bytes(json.dumps(data).encode(), "rulebook")
    return caught.value


def test_a_research_step_costs_four_knowledge_and_terraforming_gets_cheaper():
    """"Progredindo nas Áreas de Pesquisa": a step costs 4 knowledge; "Terraformação": a step
    of terraforming costs 3 ore on levels 0-1, 2 on level 2, 1 from level 3 (the Geodens of the
    rulebook's example pay 1)."""
    i = first(r"geodens up terra\.$")
    before, now = after(i), after(i + 1)
    g = seat(before, "geodens")
    assert before.pl[g].research["terra"] == 1 and now.pl[g].research["terra"] == 2
    assert now.pl[g].res["knowledge"] == before.pl[g].res["knowledge"] - 4
    assert (before.pl[g].ore_per_step(), now.pl[g].ore_per_step()) == (3, 2)
    third = next(j for j in range(i + 1, len(LINES)) if re.match(r"geodens .*up terra\.", LINES[j]))
    assert after(third + 1).pl[g].research["terra"] == 3
    assert after(third + 1).pl[g].ore_per_step() == 1
    low = before.pl[g].res["knowledge"]
    assert low >= 4  # and with fewer than 4 knowledge the same line is refused:
    error = refused(i, f"geodens spend {low}k for {low}c. up terra.")
    assert f"line {i + 1}" in str(error) and "up terra" in str(error), error


def test_a_gaia_project_moves_six_tokens_on_gaia_levels_1_and_2():
    """"Iniciar um Projeto Gaia": on Projeto Gaia levels 1 and 2 a gaiaformer costs 6 power
    tokens moved from bowls I-III to the Gaia area (4 on level 3, 3 on levels 4-5)."""
    i = first(r"terrans build gf ")
    before, now = after(i), after(i + 1)
    t = seat(before, "terrans")
    level = before.pl[t].research["gaia"]
    cost = {1: 6, 2: 6, 3: 4, 4: 3, 5: 3}[level]
    b, n = before.pl[t].bowls, now.pl[t].bowls
    assert n.gaia - b.gaia == cost
    assert (b.bowl1 + b.bowl2 + b.bowl3) - (n.bowl1 + n.bowl2 + n.bowl3) == cost


def test_terrans_pi_cashes_the_gaia_tokens_like_spent_power():
    """Apêndice I, Terranos: with the planetary institute, the tokens going back from the Gaia
    area to bowl II in the Gaia phase may be spent like power on free actions (4 → 1 QIC,
    1 → 1 credit); every token still reaches bowl II. Buying more than the tokens pay for is
    refused."""
    i = first(r"terrans spend \d+tg for ")
    before, now = after(i), after(i + 1)
    t = seat(before, "terrans")
    assert "PI" in before.pl[t].built.values()
    b, n = before.pl[t].bowls, now.pl[t].bowls
    tokens = b.gaia
    assert tokens > 0 and n.gaia == 0 and n.bowl2 == b.bowl2 + tokens
    spent = sum(int(x) for x in re.findall(r"spend (\d+)tg", LINES[i]))
    assert spent == tokens
    for what, gain in re.findall(r"spend \d+tg for (\d+)([a-z]+)", LINES[i]):
        key = {"q": "qic", "c": "credits", "o": "ore", "k": "knowledge"}[gain]
        assert now.pl[t].res[key] > before.pl[t].res[key], (what, gain)
    error = refused(i, f"terrans spend {tokens}tg for {tokens}q.")
    assert f"line {i + 1}" in str(error) and "rate is 4tg for 1q" in str(error), error


def test_hadsch_hallas_pi_buys_ore_with_three_credits_and_only_with_it():
    """Apêndice I, Hadsch Hallas: with the planetary institute, free actions may be paid with
    credits (3 credits → 1 ore); before it is built the same clause is refused."""
    i = first(r"hadsch-hallas spend 3c for 1o\.")
    h = seat(after(i), "hadsch-hallas")
    assert "PI" in after(i).pl[h].built.values()
    built = first(r"hadsch-hallas build PI ")
    earlier = next(j for j in range(built - 1, 0, -1)
                   if LINES[j].startswith("hadsch-hallas ") and "pass" not in LINES[j]
                   and after(j).pl[h].res["credits"] >= 3)
    error = refused(earlier, f"hadsch-hallas spend 3c for 1o. {LINES[earlier].split(' ', 1)[1]}")
    assert f"line {earlier + 1}" in str(error) and "3c for 1o" in str(error)
    rest = LINES[i].split(" ", 1)[1].replace("spend 3c for 1o", "spend 4c for 1o", 1)
    error = refused(i, f"hadsch-hallas {rest}")
    assert "rate is 3c for 1o" in str(error) and "Free actions" in str(error), error


def test_nevlas_pi_a_bowl_iii_token_pays_two_power():
    """Apêndice I, Nevlas: with the planetary institute a token of bowl III pays 2 power, so a
    power action costing X takes ⌈X/2⌉ tokens to bowl I (the odd one wastes a power)."""
    cost = {"power1": 7, "power2": 5, "power3": 4, "power4": 4, "power5": 4, "power6": 3,
            "power7": 3}
    built = first(r"nevlas build PI ")
    i = next(j for j in range(built + 1, len(LINES))
             if re.fullmatch(r"nevlas action power\d\.", LINES[j]))
    before, now = after(i), after(i + 1)
    v = seat(before, "nevlas")
    price = cost[LINES[i].split()[2].rstrip(".")]
    b, n = before.pl[v].bowls, now.pl[v].bowls
    assert b.bowl3 >= (price + 1) // 2
    assert b.bowl3 - n.bowl3 == (price + 1) // 2 == n.bowl1 - b.bowl1
