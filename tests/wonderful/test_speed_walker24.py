"""Session 24's walker (issue 31): what the walker now reads from its own tables or tests
inline is, over many random games, what a from-scratch computation gives — a production
step's ``tokens`` steps (``matters`` asked in the seat loop, the supremacy winner again), the
copy of a card an action names (``_copy`` called only when it may count more than one), a
token placement's logged text (``_USE_TEXT`` by seat, kind and label) and each seat's Empire
production (``play``'s ``prods``)."""

from __future__ import annotations

import functools
import random

from wonderful_helpers import play_random_games

from gamekit.core.actions import _text
from gamekit.games.wonderful import placements, playout, production
from gamekit.games.wonderful.actions import action
from gamekit.games.wonderful.data import CARDS, CHARACTERS


def test_a_production_steps_tokens_steps_are_those_matters_gives(monkeypatch):
    """After ``_produce`` (cubes produced, the supremacy token gained), a seat has a
    decision exactly when it has cubes to place, the science choice, or a ``tokens`` step
    that asks something (``placements.matters`` of a fresh count of its area); and its
    Empire-only production is ``production.amount``'s."""
    seen = {"alone": 0, "none": 0, "winner": 0}
    real = playout._produce

    @functools.wraps(real)
    def checked(state, r, cnts, prods):
        for s, seat in enumerate(state.seats):
            if not seat.built:
                assert prods[s][r] == production.amount(seat, state.side, r)
        groups = real(state, r, cnts, prods)
        winner = state.supremacy[-1]["seat"]
        for s, seat in enumerate(state.seats):
            asks = placements.matters(seat, placements.counts_of(seat.construction))
            mine = groups[s]
            if mine is None:
                assert not asks
                seen["none"] += 1
            else:
                assert mine[0] == ("tokens", s, ())
                if len(mine) == 1:  # the tokens step alone: it asks something
                    assert asks
                    seen["alone"] += 1
                    seen["winner"] += s == winner and not placements.matters(
                        _without(seat, state.supremacy[-1]["token"]), placements.counts_of(seat.construction))
        return groups

    monkeypatch.setattr(playout, "_produce", checked)
    chunks = random.Random(24)
    for players in (2, 3, 4, 5):
        play_random_games(players, 500, chunks)
    # (``winner``: tokens steps that ask only because of the supremacy token just gained)
    assert seen["none"] > 1000 and seen["alone"] > 100 and seen["winner"] > 10


def _without(seat, token: str | None):
    """A copy of ``seat`` without one ``token`` (the supremacy token it just gained)."""
    before = seat.copy()
    if token in CHARACTERS:
        setattr(before, token + "s", getattr(before, token + "s") - 1)
    return before


def _copies(entries: list, j: int, cid: str) -> int:
    """Which copy of ``cid`` the entry at ``j`` is, counted over the earlier entries."""
    return 1 + [other for other, _fills in entries[:j]].count(cid)


def test_the_copy_an_action_names_is_the_count_of_earlier_copies():
    """The walker's test before ``_copy`` (only ``j > 1``, or a first entry of the card)
    and ``_copy`` itself give 1 + the earlier entries of the card, areas with copies
    included."""
    rng = random.Random(8)
    cards = sorted(CARDS)[:4]  # few cards: copies are frequent
    more = 0
    for _ in range(3000):
        entries = [(rng.choice(cards), ("",)) for _ in range(rng.randint(1, 6))]
        j = rng.randrange(len(entries))
        cid = entries[j][0]
        copy = playout._copy(entries, j, cid) if j > 1 or j and entries[0][0] == cid else 1
        assert copy == _copies(entries, j, cid)
        more += copy > 1
    assert more > 500


def test_a_token_placements_text_is_the_actions_text(monkeypatch):
    """Every text ``_USE_TEXT`` holds after many random games is the text of the ``use``
    action it stands for (a character on its space; a Krystallium on a resource or a
    Krystallium space names the kind), and the walker filled it for every kind of token."""
    for by_kind in playout._USE_TEXT:
        for texts in by_kind.values():
            texts.clear()
    chunks = random.Random(31)
    for players in (2, 4, 5):
        play_random_games(players, 40, chunks)
    kinds = set()
    for s, by_kind in enumerate(playout._USE_TEXT):
        for kind, texts in by_kind.items():
            for label, text in texts.items():
                args = (kind, label) if kind in CHARACTERS else ("krystallium", label, kind)
                assert text == _text(action(s, "use", args))
                kinds.add(kind)
    assert {"krystallium", "financier", "general"} <= kinds and len(kinds) >= 6
