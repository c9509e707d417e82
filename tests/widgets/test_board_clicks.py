"""The board is the interface (issue 13 "Every board playable on its own", issue 12 "Deciding on
the map"), in pure Python: renderers mark the legal actions of the person's decision with
``data-action``, a click on one applies it through the buttons' path, anything else is refused
with the game unchanged; a whole game of each of the three older games is played by clicking
the board (buttons only where the board has no piece for the decision); the turn banner, the
player panels and the score track."""

from __future__ import annotations

import html as _html
import random
import re

import pytest

import gamekit
from gamekit.core import Action, get, make_agent
from gamekit_widgets import App
from gamekit_widgets.board import CSS, board_html
from gamekit_widgets.turn import banner_text, players_html

MARKED = re.compile(r"data-action='([^']*)'")


def marked(html: str) -> list[str]:
    return [_html.unescape(x) for x in MARKED.findall(html)]


def app_for(game: str, players: int, seed: int = 0) -> App:
    return App(game, players=players, human=0, seed=seed, flows=False)


@pytest.mark.parametrize("game, players, share", [
    ("wonderful", 3, .5), ("race", 2, .5), ("bluemoon", 3, .9), ("gaia", 2, .9)])
def test_every_marked_element_is_a_legal_action_of_the_decision(game, players, share):
    """Over a random game, each renderer marks only actions of the decision it was given,
    each exactly as its text form, and marks nothing for another seat's decision."""
    s = gamekit.new(game, players=players, seed=4)
    agents = [make_agent(game, "random", i) for i in range(players)]
    render = get(game).render
    total = shown = 0
    for _ in range(250):
        if not s.to_move():
            break
        seat = s.to_move()[0]
        d = s.decision(seat)
        view = s.view(seat)
        texts = marked(render(view, actions=d.legal))
        legal = {str(a) for a in d.legal}
        assert set(texts) <= legal, set(texts) - legal
        assert all(Action.parse(t) in d.legal for t in texts)
        total += len(legal)
        shown += len(set(texts))
        other = (seat + 1) % players
        if game != "gaia":  # the other seat's view: its own board shows none of ours
            assert not marked(render(s.view(other), actions=()))
        s.apply(agents[seat].choose(view if agents[seat].needs_view else None, d))
    assert shown > share * total, (shown, total)  # choices about things are on the board


def test_a_board_click_applies_the_action_like_its_button():
    app = app_for("wonderful", 3)
    session = app.session
    texts = marked(app.view.board.value)
    assert texts and all(t.startswith("p1 draft ") for t in texts)
    assert set(texts) == {str(a) for a in app.view.decision.actions}
    before = session.index
    app.view.board.click(texts[-1])
    assert session.index > before and session.message == ""
    assert Action.parse(texts[-1]) in session.actions
    # the board now offers the next decision (the draft goes on)
    assert marked(app.view.board.value) and texts[-1] not in marked(app.view.board.value)


@pytest.mark.parametrize("text", [
    "p2 draft zeppelin",          # another seat's action
    "p1 draft no_such_card",      # not a choice of the decision
    "p1 ??? 'unclosed",           # not an action at all
    "p1 done",                    # a verb of another decision
])
def test_a_click_that_is_no_choice_is_refused_and_changes_nothing(text):
    app = app_for("wonderful", 3)
    session = app.session
    before = (session.index, session.state.fingerprint(), app.view.board.value)
    app.view.board.click(text)
    assert (session.index, session.state.fingerprint(), app.view.board.value) == before
    assert "Not allowed" in app.view.decision.message.value
    app.view.set_lang("pt")
    app.view.board.click(text)
    assert "não" in app.view.decision.message.value.lower()


def test_a_board_message_from_the_browser_is_bounded():
    app = app_for("wonderful", 3)
    index = app.session.index
    app.view.board._message(None, {"event": "act", "action": "p1 draft " + "x" * 5000}, [])
    app.view.board._message(None, {"event": "act", "action": 42}, [])
    app.view.board._message(None, ["not", "a", "dict"], [])
    assert app.session.index == index


@pytest.mark.parametrize("game, players, seed, limit", [
    ("wonderful", 3, 1, 400), ("race", 2, 2, 600), ("bluemoon", 3, 3, 1500), ("gaia", 2, 1, 3000)])
def test_a_whole_game_by_clicking_the_board(game, players, seed, limit):
    app = app_for(game, players, seed)
    rng = random.Random(seed)
    board = buttons = 0
    for _ in range(limit):
        if app.session.over():
            break
        texts = marked(app.view.board.value)
        if texts:
            before = app.session.index
            app.view.board.click(rng.choice(texts))
            assert app.session.index > before, app.view.decision.message.value
            board += 1
        else:
            visible = app.view.decision.visible_buttons
            assert visible, "the person must decide but nothing is offered"
            rng.choice(visible).click()
            buttons += 1
    assert app.session.over(), (board, buttons)
    assert board > 2 * buttons, (board, buttons)
    assert "gk-over" in app.view.banner.value
    assert not marked(app.view.board.value)


def test_banner_says_whose_turn_and_what_to_decide():
    app = app_for("wonderful", 3)
    text, cls = banner_text(app.session, "en")
    assert text.startswith("Your turn: ") and text.endswith("— secret") and cls == "gk-yours"
    assert "Sua vez" in banner_text(app.session, "pt")[0]
    turns = app_for("bluemoon", 3)  # one seat at a time: the next one thinks
    turns.session.autoplay = False
    for _ in range(5):
        if not turns.session.waiting_for_human():
            break
        assert turns.view.decision.click(Action(0, "done"))
    assert banner_text(turns.session, "en") == ("Player 2 is thinking…", "")
    assert banner_text(turns.session, "pt")[0] == "Jogador 2 está pensando…"
    assert "is thinking" in turns.view.banner.value
    app.session.to_end()
    while not app.session.over():  # the person's decisions: the first choice each time
        app.view.decision.visible_buttons[0].click()
        app.session.to_end()
    text, cls = banner_text(app.session, "en")
    assert text.startswith("Game over: Player ") and " wins with " in text and cls == "gk-over"


def test_player_panels_show_score_holdings_and_who_decides():
    app = app_for("bluemoon", 3)
    html = players_html(app.session, "en")
    assert len(re.findall("class='gamekit-player[ ']", html)) == 3
    assert "Player 1 (you)" in html and "deciding" in html
    assert "Hand 8" in html and "Crystals ?" in html  # the others' crystals are hidden
    assert html.count("gk-tok") == 3 and "gamekit-track" in html
    pt = players_html(app.session, "pt")
    assert "Jogador 1 (você)" in pt and "Mão 8" in pt and "decidindo" in pt
    assert not re.search(r">[a-z]+_[a-z_]+<|\bp\d\b", pt)


def test_race_cards_show_full_names_powers_and_the_decision():
    from gamekit.games.race.render import card_html, powers_lines

    html = card_html("consumer_markets")
    assert "Consumer Markets" in html and "overflow:hidden" not in html
    assert ("IV", "1 Novelty → 1 VP ×3") in powers_lines("consumer_markets")
    assert "V" in dict(powers_lines("consumer_markets"))
    assert "development" in html and "cost 5" in html.replace("&#9670;", "")
    assert "Novelty" in card_html("consumer_markets", "pt") or "Luxo" in card_html(
        "consumer_markets", "pt")
    app = app_for("race", 2)
    texts = marked(app.view.board.value)
    assert texts and all(t.startswith("p1 discard ") for t in texts)  # the start hand


def test_bluemoon_hand_as_cards_and_buildings_to_move_to():
    app = app_for("bluemoon", 3)
    board = app.view.board.value
    hand = app.session.state.to_dict()["hands"][0]
    assert "Your hand (8)" in board
    assert board.count("class='bm-card'") == sum(hand.values())
    moves = [t for t in marked(board) if " move " in t]
    assert moves and all(re.fullmatch(r"p1 move \d \d", t) for t in moves)
    for t in moves:  # a building cell carries each move
        r, c = map(int, t.split()[2:])
        tile = app.session.state.to_dict()["city"][r][c]
        assert f"data-tile='{tile}' data-action='{t}'" in board
    app.view.board.click(moves[0])
    assert app.session.message == ""


def test_gaia_hexes_of_a_which_hex_decision_are_clickable():
    app = App("gaia", players=2, human=0, seed=0, flows=False)
    app.view.decision.visible_buttons[0].click()  # a faction: a button
    texts = marked(app.view.board.value)
    assert texts and all(t.startswith("p1 place ") for t in texts)
    assert "g class='gaia-hex gamekit-target' data-hex=" in app.view.board.value
    app.view.board.click(texts[0])
    assert app.session.message == "" and Action.parse(texts[0]) in app.session.actions


def test_disabled_buttons_look_disabled_and_the_panel_is_an_anywidget():
    assert "button:disabled" in CSS and "cursor: default" in CSS
    app = app_for("wonderful", 3)
    board = app.view.board
    assert board._esm and "data-action" in board._esm and "keydown" in board._esm
    assert "[data-action]" in board._css
    toy = gamekit.new("wonderful", players=2, seed=0)
    assert board_html(toy) == board_html(toy, actions=None)


def _shown_words(board: str) -> str:
    """The words a person reads on a board: its text and its hovers."""
    titles = " ".join(re.findall(r"title='([^']*)'", board))
    return _html.unescape(re.sub(r"<[^>]+>", " ", board) + " " + titles)


def test_gaia_decisions_are_made_on_their_pieces_with_words_on_hover():
    """Faction cards, research steps, action spaces, conversions: each marked on its piece,
    its hover telling cost and gain (rulebook "6) Ações de Poder e C.I.Q.", "10) Ações
    Livres")."""
    app = App("gaia", players=2, human=0, seed=0, flows=False)
    board = app.view.board.value
    cards = re.findall(r"class='gaia-faction-card' data-faction='([a-z-]+)'( data-action)?", board)
    assert len(cards) == 14 and sum(1 for _, a in cards if a) == len(app.view.decision.actions)
    assert "home planet: Terra" in board
    state = app.session.state.clone()
    rng = random.Random(0)
    while not any(a.verb == "research" for a in state.legal_actions(0)):
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
    d = state.decision(0)
    from gamekit.games.gaia.render import html
    en = html(state.view(0), "en", actions=d.legal)
    research = [a for a in d.legal if a.verb == "research"]
    for a in research:  # the next level of the track
        level = state.pl[0].research[a.args[0]] + 1
        assert re.search(rf"data-level='{level}' data-action='{re.escape(str(a))}'><title>"
                         r"Advance on [A-Z][a-z]+.*to level \d; costs 4 knowledge", en)
    for a in d.legal:
        if a.verb == "action":
            assert re.search(rf"data-action='{re.escape(str(a))}' title='Take the action: "
                             r"[^']*— \d+ power → ", en), a
        if a.verb == "convert" and len(a.args) == 1:
            assert f"data-action='{a}' title='Convert " in en
    assert set(marked(en)) >= {str(a) for a in d.legal if a.verb in ("research", "convert")}
    assert not marked(html(state.view(1), "en", actions=()))


def test_gaia_on_the_board_in_portuguese_shows_no_raw_id_or_english_word():
    app = App("gaia", players=2, human=0, seed=3, flows=False)
    app.view.set_lang("pt")
    rng = random.Random(3)
    english = re.compile(r"\b(the|take|research|power|convert|pass|booster|home|level|costs|"
                         r"free|actions?|tokens?|space|player|not available)\b", re.I)
    for _ in range(3000):
        if app.session.over():
            break
        board = app.view.board.value
        words = _shown_words(board)
        assert not re.search(r"\b[a-z]+_[a-z_]+\b|\bp\d\b", words), words
        assert not english.search(words), english.search(words)
        texts = marked(board)
        if texts:
            app.view.board.click(rng.choice(texts))
        else:
            rng.choice(app.view.decision.visible_buttons).click()
    assert app.session.over()


def test_gaia_leech_offer_on_the_board_of_the_player_who_decides():
    """A neighbour built: the charge is offered beside the bowls of the seat that decides, its
    hover telling the VP it costs; declining stays a button (no piece)."""
    from gamekit.games.gaia.render import html

    state = gamekit.new("gaia", players=2, seed=0)
    agents = [make_agent("gaia", "random", i) for i in range(2)]
    for _ in range(200):
        seat = state.to_move()[0]
        d = state.decision(seat)
        if d.kind == "leech":
            break
        state.apply(agents[seat].choose(None, d))
    assert d.kind == "leech", "no leech in this game"
    board = html(state.view(seat), "en", actions=d.legal)
    front = board.split(f"class='gaia-faction' data-seat='{seat}'")[1].split("gaia-section")[0]
    for a in d.legal:
        if a.verb == "leech":
            n = a.args[0]
            assert re.search(rf"data-action='{re.escape(str(a))}' title='Take {n} power[^']*"
                             rf"— costs {max(0, n - 1)} VP'", front), a
    assert str(Action(seat, "decline")) not in marked(board)
    assert set(marked(board)) == {str(a) for a in d.legal if a.verb != "decline"}


def test_gaia_decision_buttons_speak_in_words_in_both_languages():
    """Issue 26: the buttons beside the board name a research track by its name ("advance on
    Navigation", "avançar em Navegação"), a booster's action by what it does, never an id."""
    from gamekit_widgets.decision import action_label

    s = gamekit.new("gaia", players=2, seed=5)
    rng = random.Random(5)
    raw = re.compile(r"\b(nav|int|eco|sci|terra|none|booster\d+|up-lowest)\b|\w+_\w+")
    labels = {"en": set(), "pt": set()}
    for _ in range(1500):
        if not s.to_move():
            break
        d = s.decision(s.to_move()[0])
        for a in d.legal:
            for lang in labels:
                labels[lang].add(action_label("gaia", a, lang, d))
        s.apply(rng.choice(d.legal))
    for lang, words in labels.items():
        bad = sorted(w for w in words if raw.search(w.replace("Terraforming", "")
                                                   .replace("Terraformação", "")))
        assert not bad, (lang, bad[:5])
    assert {"advance on Navigation", "advance on Artificial Intelligence",
            "advance on Economy", "advance on Science"} <= labels["en"]
    assert {"avançar em Navegação", "avançar em Economia"} <= labels["pt"]


def test_bluemoon_done_is_a_piece_of_the_persons_own_area():
    """Issue 26: "done" has a piece: the figure's own tile in the movement ("stop here"), a
    control beside the hand in the other steps, in words in both languages."""
    from gamekit.games.bluemoon.render import html

    s = gamekit.new("bluemoon", players=3, seed=0)
    rng = random.Random(0)
    stages = set()
    for _ in range(300):
        if not s.to_move() or stages >= {"move", "act", "refill"}:
            break
        seat = s.to_move()[0]
        d = s.decision(seat)
        done = [a for a in d.legal if a.verb == "done"]
        if done and d.kind in ("move", "act", "refill"):
            en, pt = (html(s.view(seat), lang, actions=d.legal) for lang in ("en", "pt"))
            target = f"data-action='{done[0]}'"
            assert en.count(target) == 1, d.kind
            if d.kind == "move":
                shown = s.view(seat).to_dict()
                r, c = shown["figures"][seat]
                tid = shown["city"][r][c]
                assert re.search(rf"data-tile='{tid}' {target} title='End your movement", en)
                assert "parar aqui" in pt
            else:
                assert re.search(rf"class='gamekit-chip bm-done' {target}", en)
                assert {"act": "end your turn", "refill": "draw now"}[d.kind] in en
                assert {"act": "encerrar o turno", "refill": "comprar agora"}[d.kind] in pt
            stages.add(d.kind)
        s.apply(rng.choice(d.legal))
    assert stages >= {"move", "act", "refill"}


def test_gaia_wheel_on_the_deciding_board_shows_the_steps_and_ore_of_each_planet():
    """Issue 26: the terraforming wheel on the deciding seat's board: the steps from the home
    planet to each type ("1) Construir uma Mina"), the ore they cost at the seat's Terraforming
    level, the types the decision can build a mine on ringed."""
    from gamekit.games.gaia.components import FACTIONS, HOME_PLANETS, terraform_steps
    from gamekit.games.gaia.render import html

    s = gamekit.new("gaia", players=2, seed=3)
    rng = random.Random(3)
    while not any(a.verb == "build" for a in s.legal_actions(s.to_move()[0])):
        s.apply(rng.choice(s.legal_actions(s.to_move()[0])))
    seat = s.to_move()[0]
    d = s.decision(seat)
    p = s.pl[seat]
    home, ore = FACTIONS[p.faction].home, p.ore_per_step()
    en = html(s.view(seat), "en", actions=d.legal)
    wheel = en[en.index("<svg class='gaia-steps-wheel'"):]
    wheel = wheel[:wheel.index("</svg>")]
    found = dict(re.findall(r"data-planet='([a-z]+)' data-steps='(\d)'", wheel))
    assert found == {k: str(terraform_steps(home, k)) for k in HOME_PLANETS}
    assert found[home] == "0" and sorted(set(found.values())) == ["0", "1", "2", "3"]
    for kind, n in found.items():
        assert re.search(rf"data-planet='{kind}' data-steps='{n}'><title>[A-Z][a-z]+: {n} "
                         rf"terraforming steps, {int(n) * ore} ore</title>", wheel)
    kinds = {s.ptype.get(tuple(s.hex_of(a.args[0])), s.space.planets.get(tuple(s.hex_of(
        a.args[0])))) for a in d.legal if a.verb == "build"}
    ringed = set(re.findall(r"data-planet='([a-z]+)' data-steps='\d'><title>[^<]*</title>"
                            r"<circle[^>]*stroke='#ffb300'", wheel))
    assert ringed == kinds & set(HOME_PLANETS)
    pt = html(s.view(seat), "pt", actions=d.legal)
    assert "Roda de Terraformação" in pt and f"{ore} Minério" in pt
