"""Agents: the heuristic plays a coherent game and beats random players; look-ahead runs."""


import gamekit
from gamekit.core import make_agent, play


def test_heuristic_beats_random():
    df = gamekit.simulate("wonderful", ["heuristic", "random", "random", "random"], n=24,
                          progress=False)
    h = df[df.agent == "heuristic"]
    r = df[df.agent == "random"]
    assert h.winner.mean() >= 0.9
    assert h.score.mean() > 3 * r.score.mean()


def test_heuristic_plays_every_mode():
    for players, opts in ((1, {}), (1, {"scenario": "CO2"}), (2, {}), (5, {"empire_side": "B"})):
        st = gamekit.new("wonderful", players=players, seed=3, **opts)
        agents = [make_agent("wonderful", "heuristic", s) for s in range(players)]
        play(st, agents)
        assert st.is_over()
        assert max(st.result().scores) > 15


def test_lookahead_agent_runs_on_views():
    st = gamekit.new("wonderful", players=3, seed=1)
    agent = make_agent("wonderful", "lookahead:1", 0)
    agent.max_actions = 3
    for _ in range(3):
        seat = st.to_move()[0]
        st.apply(agent.choose(st.view(seat), st.decision(seat)))
    assert st.round == 1 and st.phase == "draft"


def test_heuristic_choices_in_hand_built_situations():
    from wonderful_helpers import give, new, to_planning, to_step

    from gamekit.games.wonderful.bots import HeuristicAgent

    bot = HeuristicAgent(0)
    # a cube goes on the card it completes rather than on the Empire card
    st = new(3)
    st = give(st, 0, constr=[("wind_turbines", {"materials": 1}), "nuclear_plant"])
    st = to_step(st, "materials")
    a = bot.choose(st.view(0), st.decision(0))
    assert str(a) == "p1 place materials wind_turbines"
    # a token that completes a card is used; the science bonus follows the multipliers
    st = new(3)
    st = give(st, 0, constr=[("center_of_the_earth", {"exploration": 5})], gen=2,
         built=["secret_society"])
    st = to_planning(st, {0: ["zeppelin"], 1: ["zeppelin"], 2: ["zeppelin"]})
    st.apply("p1 keep zeppelin")
    assert st.decision(0).kind == "tokens"
    assert str(bot.choose(st.view(0), st.decision(0))) == "p1 use general center_of_the_earth"
    # never discards a card under construction
    for _ in range(5):
        seat = st.to_move()[0]
        act = bot.choose(st.view(seat), st.decision(seat))
        assert act.verb != "discard"
        st.apply(act)


def test_heuristic_discards_after_the_last_step_to_complete_a_card():
    from wonderful_helpers import give, new, to_step

    from gamekit.games.wonderful.bots import HeuristicAgent

    bot = HeuristicAgent(0)
    st = new(3)
    st = give(st, 0, constr=[("giant_tower", {"materials": 2, "gold": 2, "financier": 1}),
                        "tank_division", "zeppelin"], cubes={"materials": 4})
    st = to_step(st, "exploration", round=4)
    while not st.is_over():
        st.apply(bot.choose(st.view(0), st.decision(0)))
    assert st.built[0] == ["giant_tower"] and st.score(0) == 10
    assert len(st.seats[0].construction) == 1  # one discard was enough
