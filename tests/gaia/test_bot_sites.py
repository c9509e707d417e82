"""The Gaia site scout (a variant of the completer, session 23, issue 32; not registered): its
rounds 1–5 value the free planets in range whose mine is cheap; it decides from the seat's view
alone, the same choice for the same seed (figures: docs/bots.md, "Session 23")."""

from __future__ import annotations

from gaia_helpers import completer_game, play_from_views, with_seat

from gamekit.games.gaia.bot_eval import SCHOLAR, position_value
from gamekit.games.gaia.bot_finisher import CompleterAgent
from gamekit.games.gaia.bot_sites import SitesAgent, sites, sites_value
from gamekit.games.gaia.components import terraform_steps
from gamekit.games.gaia.research import TRACKS
from gamekit.kit.hexgrid import distance


def _brute(state, seat: int, ore: int) -> int:
    """The sites counted from the rules' own terms: every free planet within the navigation
    range of a structure, its mine's ore at the terraforming level."""
    p = state.pl[seat]
    rng = TRACKS["nav"].levels[p.research["nav"]].range
    step = TRACKS["terra"].levels[p.research["terra"]].ore_per_step
    n = 0
    for h, kind in state.ptype.items():
        if (h in state.owner or kind in ("empty", "lost", "transdim")
                or min(distance(h, b) for b in p.built) > rng):
            continue
        if kind == "gaia":
            n += state.gf.get(h, seat) == seat
        else:
            n += 1 + terraform_steps(p.board.home, kind) * step <= ore
    return n


def test_sites_match_a_count_from_range_and_terraforming() -> None:
    state = completer_game(1001, 3)
    got = []
    for seat in range(4):
        for ore in (1, 4, 99):
            assert sites(state, seat, ore) == _brute(state, seat, ore)
        got.append(sites(state, seat, 99))
    assert any(got)  # the case has sites
    far = with_seat(state, 0, research={"nav": 5, "terra": 5})
    assert sites(far, 0, 4) == _brute(far, 0, 4) > sites(state, 0, 4)


def test_sites_are_worth_up_to_the_cap_in_rounds_one_to_five() -> None:
    state = completer_game(1001, 3)
    far = with_seat(state, 0, research={"nav": 5, "terra": 5})
    n = sites(far, 0, 4)
    assert n > 2
    base = position_value(far, 0, SCHOLAR)
    assert sites_value(far, 0, worth=0.5, cap=2) == base + 0.5 * 2
    assert sites_value(far, 0, worth=0.5, cap=99) == base + 0.5 * n
    assert sites_value(far, 0, worth=0.0) == base
    late = with_seat(completer_game(1001, 5), 0, research={"nav": 5, "terra": 5})
    k = min(4, sites(late, 0, 4))
    assert sites_value(late, 0) == position_value(late, 0, SCHOLAR) + k / 3


def test_it_decides_from_the_view_the_same_for_the_same_seed() -> None:
    """Four site scouts play the set-up and the first turns: a choice is legal, leaves the view
    as it was and is the one a twin of the same seed makes."""
    state, agents = play_from_views(SitesAgent, 7, 50)
    assert state.round >= 1 and isinstance(agents[0], CompleterAgent)
