"""The shared fork tool of the lessons (widgets/lessons/forks.py): the recorded line replays
exactly, every choice is played out from what the learner can see, ranked with intervals, in
words; bad forks are refused with a message naming the problem."""

from __future__ import annotations

import random
import re

import pytest

from gamekit.core import Action
from gamekit_widgets.lesson import Lesson
from gamekit_widgets.lessons import forks


@pytest.fixture(scope="module")
def fork_point():
    lesson = Lesson("wonderful")
    index, choices = lesson.content.fork_choices(lesson)
    lesson.session.to_end()
    line = list(lesson.session.history()[index:])
    return lesson, lesson.session.state_at(index), line, choices


def test_replay_gives_the_recorded_game(fork_point):
    lesson, base, line, _ = fork_point
    final = forks.replay(base, line)
    assert final.is_over()
    assert final.result().scores == lesson.final().result().scores == [50, 50, 36]
    assert final.result().winners == [1]


def test_compare_ranks_every_choice_with_intervals(fork_point):
    _, base, line, _ = fork_point
    fork = forks.compare(base, line=line, playouts=4, seed=3)
    legal = base.decision(0).legal
    assert fork.seat == 0 and fork.recorded.scores == [50, 50, 36]
    assert {b.action for b in fork.branches} <= set(legal)
    assert len(fork.branches) == min(8, len(legal))
    assert [b.action for b in fork.branches if b.played] == [line[0]]
    assert fork.played.versus is None
    values = [b.value for b in fork.branches]
    assert values == sorted(values, reverse=True)
    assert [b.rank for b in fork.branches] == sorted(b.rank for b in fork.branches)
    for b in fork.branches:
        assert b.playouts == 4
        low, high = b.win_interval
        assert 0 <= low <= b.win_rate <= high <= 1
        mean, lo, hi = b.vp
        assert lo <= mean <= hi and mean == sum(b.vps) / 4
        if not b.played:  # paired with the played choice's playouts, sample by sample
            diffs = [m - f for m, f in zip(b.margins, fork.played.margins, strict=True)]
            assert b.versus[0] == pytest.approx(sum(diffs) / 4)


def test_compare_is_seeded_and_never_peeks(fork_point):
    """Same seed, same table; a position that looks the same to Player 1 (other hands and the
    deck drawn differently) gives the same table too: playouts start from Player 1's view."""
    _, base, line, choices = fork_point
    a = forks.compare(base, choices=choices, played=line[0], playouts=3, seed=5)
    b = forks.compare(base, choices=choices, played=line[0], playouts=3, seed=5)
    other = base.agent_view(0).determinize(random.Random(99))
    assert other.to_dict() != base.to_dict()
    c = forks.compare(other, choices=choices, played=line[0], playouts=3, seed=5)
    assert [x.vps for x in a.branches] == [x.vps for x in b.branches] == [x.vps for x in
                                                                          c.branches]
    assert [x.action for x in a.branches] and {x.action for x in a.branches} == set(choices)


def test_options_puts_the_played_choice_first_and_samples_past_the_limit(fork_point):
    _, base, line, _ = fork_point
    chosen = forks.options(base, 0, line[0], limit=3, seed=1)
    assert chosen[0] == line[0] and len(chosen) == 3 and len(set(chosen)) == 3
    assert forks.options(base, 0, line[0], limit=3, seed=1) == chosen


def test_table_in_words_in_both_languages(fork_point):
    _, base, line, choices = fork_point
    fork = forks.compare(base, line=line, choices=choices, playouts=3)
    for lang, words in (("en", ("Player 1", "keep", "recycle", "the choice played")),
                        ("pt", ("Jogador 1", "guardar", "reciclar", "a escolha feita"))):
        html = forks.table_html(fork, lang, base)
        text = re.sub(r"<[^>]+>", " ", html)
        for word in words:
            assert word in text, (lang, word)
        assert "Player 1: 50, Player 2: 50, Player 3: 36" in text or lang == "pt"
        assert "_" not in text and not re.search(r"\bp\d\b", text)
        assert len(forks.rows(fork, lang, base)) == 2


def test_bad_forks_are_refused_with_the_reason(fork_point):
    lesson, base, line, _ = fork_point
    with pytest.raises(forks.ForkError, match="not legal"):
        forks.options(base, 0, Action(0, "keep", ("no_such_card",)))
    with pytest.raises(forks.ForkError, match="does not decide"):
        forks.options(base, 5)
    with pytest.raises(forks.ForkError, match="view"):
        forks.compare(base.agent_view(0), seat=0, playouts=2)
    with pytest.raises(forks.ForkError, match="over"):
        forks.compare(lesson.final(), playouts=2)
    with pytest.raises(forks.ForkError, match="at least 2 playouts"):
        forks.compare(base, line=line, playouts=1)
    with pytest.raises(forks.ForkError, match="starts with"):
        other = next(a for a in base.decision(0).legal if a != line[0])
        forks.compare(base, line=line, played=other, playouts=2)
    with pytest.raises(forks.ForkError, match="action 2 of the recorded line"):
        forks.replay(base, [line[0], Action(0, "keep", ("no_such_card",))])


# --------------------------------------------------------------------------- Gaia Project
@pytest.fixture(scope="module")
def gaia_fork():
    from gamekit_widgets.lessons import gaia

    lesson = Lesson("gaia")
    out = lesson.try_it()
    index, choices = gaia.fork_choices(lesson)
    return lesson, index, choices, lesson.fork_table, out


def test_gaia_fork_is_the_named_moment_of_the_game_shown(gaia_fork):
    """The last round: Player 1's Gaia project has just become a Gaia planet (no mine on it in
    the recorded game); the choices are the academy played, the mine there, another mine, a new
    Gaia project and passing, each played out 20 times; the played line is the record."""
    from gamekit_widgets.lessons import gaia

    lesson, index, choices, fork, _ = gaia_fork
    final = lesson.final()
    base = lesson.session.state_at(index)
    planet = next(e for e in final.events if e.kind == "gaia_planet" and e.seat == 0)
    assert base.round == planet.round == gaia.facts()["fork_round"] == 6
    assert not any(e.kind == "build_mine" and e.data["hex"] == planet.data["hex"]
                   for e in final.events)  # the bot never built on it
    assert [c.verb for c in choices] == ["upgrade", "build", "build", "gaia", "pass"]
    assert choices[1].args[0] == planet.data["hex"] and set(choices) <= set(base.decision(0).legal)
    assert fork.recorded.scores == final.result().scores == [74, 70]
    assert {b.action for b in fork.branches} == set(choices)
    assert all(b.playouts == gaia.facts()["playouts"] == 20 for b in fork.branches)
    assert fork.played.action == choices[0]


def test_gaia_fork_table_numbers_come_from_playouts_of_that_position(gaia_fork):
    """Each branch's first playout is played again by hand from the position shown (the sample
    and bot seeds ``compare`` documents) and gives the same final VP and lead; the table's
    cells are the means of the branch's playouts."""
    from gamekit.core import make_agent, play
    from gamekit.core.agents import outcome

    lesson, index, _choices, fork, out = gaia_fork
    base = lesson.session.state_at(index)
    k = fork.seed * 1_000_003
    for b in fork.branches:
        game = base.agent_view(0).determinize(random.Random(k))
        game.apply(b.action)
        play(game, [make_agent("gaia", "greedy", k + 7 + 101 * s) for s in range(2)])
        assert (game.result().scores[0], outcome(game, 0)[1]) == (b.vps[0], b.margins[0])
    lesson.set_lang("en")
    text = re.sub(r"<[^>]+>", " ", out.value)
    assert "Player 1: 74, Player 2: 70" in text
    for b in fork.branches:
        assert f"{sum(b.vps) / len(b.vps):.1f} (" in text
    best = fork.branches[0]
    assert best.action == _choices[1] and best.versus[1] > 0  # the mine there: clearly better
    assert "clearly better" in text and "_" not in text


def test_fork_columns_speak_each_games_score(fork_point):
    """Blue Moon City scores offerings: its fork columns and verdicts say so; the VP games keep
    the shared words."""
    lesson = Lesson("bluemoon")
    index, choices = lesson.content.fork_choices(lesson)
    lesson.session.to_end()
    line = list(lesson.session.history()[index:])
    base = lesson.session.state_at(index)
    fork = forks.compare(base, line=line, choices=choices, playouts=2)
    for lang, unit, vp in (("en", "offerings", "VP"), ("pt", "oferendas", "PV")):
        header = list(forks.rows(fork, lang, base)[0])
        assert any(unit in h for h in header) and not any(vp in h for h in header), lang
        cells = " ".join(v for r in forks.rows(fork, lang, base) for v in r.values())
        assert f" {vp} " not in f" {cells} ", lang
    _, wbase, wline, wchoices = fork_point
    wfork = forks.compare(wbase, line=wline, choices=wchoices, playouts=2)
    assert "final VP" in forks.rows(wfork, "en")[0]
    assert "PV finais" in forks.rows(wfork, "pt")[0]

