"""The It's a Wonderful World lesson: texts (en + pt, catalog namespace ``lesson.wonderful``),
chapters, quizzes, edge-case scenarios and the scoring explanation.

Rule sections are named as in the Portuguese rulebook (``shared/rules``), with the English
translation used by the engine's catalog (``rule.*`` messages of ``wonderful``).
"""

from __future__ import annotations

import html as _html
from pathlib import Path
from typing import Any

from gamekit.core import CATALOG, get

from ..lesson import record_game

G = "wonderful"
#: the game's lesson support (``register(lesson=...)``): card data and drawings of pieces
K = get(G).lesson
CARDS, RES, TYPES, facts = K.CARDS, K.RES, K.TYPES, K.facts
NS = "lesson.wonderful"
#: the lesson's game: 3 players, heuristic bots, seed 31 (a tie-break decides the winner, and
#: a supremacy tie, Krystallium and a build during planning all happen)
SEED = 31
RECORD = Path(__file__).parent / "data" / f"wonderful-3p-seed{SEED}.json"


def make_record(seed: int = SEED, path: Path | None = None) -> Path:
    """Play the lesson's game again with today's bots and save its record."""
    return record_game(G, 3, seed, path or RECORD)

TEXTS: dict[str, dict[str, str]] = {
    "title": {
        "en": "<h2>Learn <i>It's a Wonderful World</i> by watching a game</h2>",
        "pt": "<h2>Aprenda <i>It's a Wonderful World</i> assistindo a um jogo</h2>"
    },
    "goal": {
        "en": "<h3>1. The goal in three sentences</h3><p>You lead a growing Empire and score the "
              "most victory points (VP) after <b>4 rounds</b>. Each round you <b>draft</b> "
              "development cards, then either <b>build</b> them (pay their cost with resource "
              "cubes over the rounds; built cards produce every round and score VP) or "
              "<b>recycle</b> them for one cube right now. The tension: every card is either a "
              "long-term investment or immediate fuel — and you cannot do both "
              "<small>(I Objective and concept)</small>.</p>",
        "pt": "<h3>1. O objetivo em três frases</h3><p>Você lidera um Império em expansão, e "
              "ganha quem tiver mais Pontos de Vitória (PV) ao fim de <b>4 rodadas</b>. Em "
              "cada rodada você <b>seleciona</b> cartas de Desenvolvimento e depois as "
              "<b>guarda para Construção</b> (paga o custo com cubos de Recursos ao longo das "
              "rodadas; as cartas construídas produzem em toda rodada e dão PV) ou as "
              "<b>recicla</b> para ganhar um cubo na hora. A tensão: cada carta é um "
              "investimento de longo prazo ou combustível imediato — nunca as duas coisas "
              "<small>(I Objetivo e conceito)</small>.</p>"    },
    "pieces": {
        "en": "<h3>2. The pieces at a glance</h3><p>Five card types, each with its colour and "
              "the resource always in its cost; five resources (produced in this order), "
              "Krystallium (red: 5 cubes on your Empire card become one; it replaces any "
              "resource) and two characters, financiers and generals (won as supremacy and "
              "construction bonuses, worth VP) <small>(II Contents)</small>.</p>",
        "pt": "<h3>2. As peças num relance</h3><p>Cinco tipos de cartas, cada um com sua cor e "
              "o Recurso que está sempre no seu custo; cinco Recursos (produzidos nesta "
              "ordem), o Krystallium (vermelho: 5 cubos na carta Império viram um; substitui "
              "qualquer Recurso) e dois Personagens, Financeiros e Generais (ganhos como Bônus "
              "de Supremacia e de Construção, valem PV) <small>(II Conteúdo)</small>.</p>"   },
    "round_shape": {
        "en": "<h3>3. The shape of a round</h3><p>Every round has three phases. In the "
              "<b>draft</b> everyone picks a card <i>secretly and at the same time</i>, then "
              "passes the rest (left in rounds 1 and 3, right in rounds 2 and 4). "
              "<b>Planning</b> is simultaneous too: each drafted card is kept or recycled. "
              "<b>Production</b> has five steps, one per resource; whoever produces strictly the "
              "most of a resource wins its supremacy bonus <small>(V How to play)</small>.</p>",
        "pt": "<h3>3. O formato de uma rodada</h3><p>Cada rodada tem três fases. Na "
              "<b>Seleção</b> todos escolhem uma carta <i>em segredo e ao mesmo tempo</i> e "
              "passam as restantes (para a esquerda nas rodadas 1 e 3, para a direita nas "
              "rodadas 2 e 4). O <b>Planejamento</b> também é simultâneo: cada carta "
              "selecionada é guardada ou reciclada. A <b>Produção</b> tem cinco etapas, uma "
              "por Recurso; quem produz estritamente mais de um Recurso ganha o Bônus de "
              "Supremacia dele <small>(V Como jogar)</small>.</p>",
    },
    "game_intro": {
        "en": "<h3>4. A seeded game, step by step</h3><p>Three players, bots deciding for "
              "everyone; we watch with every card face up. The board below is the game at the "
              "moment of each cell.</p>",
        "pt": "<h3>4. Um jogo, passo a passo</h3><p>Três jogadores, com bots decidindo por "
              "todos; vemos todas as cartas viradas para cima. O tabuleiro abaixo mostra o "
              "jogo no momento de cada célula.</p>"
    },
    "setup": {
        "en": "<p><b>Setup.</b> Each player gets an Empire card (side A here: each Empire "
              "produces and scores differently); the 150 development cards are shuffled "
              "<small>(IV Setup)</small>.</p>",
        "pt": "<p><b>Preparação.</b> Cada jogador recebe uma carta Império (aqui o lado A: "
              "cada Império produz e pontua de um jeito diferente); as 150 cartas de "
              "Desenvolvimento são embaralhadas <small>(IV Preparação)</small>.</p>"   },
    "r1_draft": {
        "en": "<h4>Round 1 · A. Draft</h4><p>Each player is dealt 7 cards, keeps one face "
              "down, and passes the other 6 to the <b>left</b>; all picks are revealed at "
              "once. This repeats until everyone has 7 cards in their selection area "
              "<small>(A. Draft phase)</small>.</p>",
        "pt": "<h4>Rodada 1 · A. Seleção</h4><p>Cada jogador recebe 7 cartas, fica com uma "
              "virada para baixo e passa as outras 6 para a <b>esquerda</b>; as escolhas são "
              "reveladas ao mesmo tempo. Isso se repete até todos terem 7 cartas na área de "
              "Seleção <small>(A. Fase de Seleção)</small>.</p>"    },
    "r1_planning": {
        "en": "<h4>Round 1 · B. Planning</h4><p>The 7 drafted cards are in each selection "
              "area. For each one: <b>keep it</b> (it goes to the construction area, empty "
              "spaces waiting for cubes) or <b>recycle it</b> (discard it and take its recycling "
              "cube, placed at once on a card under construction or on the Empire card). A "
              "recycled cube that fills a card's last space completes it immediately "
              "<small>(B. Planning phase)</small>.</p>",
        "pt": "<h4>Rodada 1 · B. Planejamento</h4><p>As 7 cartas selecionadas estão na área de "
              "Seleção. Para cada uma: <b>guardá-la para Construção</b> (ela vai para a área "
              "de Construção, com espaços vazios esperando cubos) ou <b>reciclá-la</b> (você a "
              "descarta e recebe o cubo de reciclagem, colocado na hora numa carta Em "
              "Construção ou na carta Império). Um cubo reciclado que preenche o último espaço "
              "de uma carta a conclui imediatamente <small>(B. Fase de "
              "Planejamento)</small>.</p>",
    },
    "r1_production": {
        "en": "<h4>Round 1 · C. Production</h4><p>Five steps: materials, energy, science, "
              "gold, exploration. In each, every player counts the icons of that resource on "
              "their Empire card and <i>built</i> cards (cards under construction produce "
              "nothing), the single highest producer takes the supremacy bonus, and everyone "
              "places the cubes at once: on matching empty spaces, or on the Empire card "
              "<small>(C. Production phase)</small>. The board shows the materials step.</p>",
        "pt": "<h4>Rodada 1 · C. Produção</h4><p>Cinco etapas: Matéria-prima, Energia, "
              "Ciência, Ouro, Exploração. Em cada uma, cada jogador conta os ícones desse "
              "Recurso na sua carta Império e nas cartas <i>construídas</i> (as cartas Em "
              "Construção não produzem); quem produz mais (sem empate) ganha o Bônus de "
              "Supremacia, e todos colocam os cubos na hora: em espaços vazios do mesmo tipo "
              "ou na carta Império <small>(C. Fase de Produção)</small>. O tabuleiro mostra a "
              "etapa da Matéria-prima.</p>"
    },
    "r2_draft": {
        "en": "<h4>Round 2 · Draft to the right</h4><p>The cards under construction and the "
              "cubes on them stay from round to round. The new draft passes to the "
              "<b>right</b>, so you now feed a different neighbour <small>(A. Draft phase)"
              "</small>.</p>",
        "pt": "<h4>Rodada 2 · Seleção para a direita</h4><p>As cartas Em Construção e os cubos "
              "sobre elas passam de uma rodada para a outra. A nova Seleção passa para a "
              "<b>direita</b>: agora você alimenta o outro vizinho <small>(A. Fase de "
              "Seleção)</small>.</p>",
    },
    "r2_production": {
        "en": "<h4>Round 2 · Production</h4><p>Built cards now add their icons: some produce "
              "one cube per card of a type in your Empire, so engines grow fast "
              "<small>(C. Production phase)</small>.</p>",
        "pt": "<h4>Rodada 2 · Produção</h4><p>As cartas construídas agora somam seus ícones: "
              "algumas produzem um cubo para cada carta de um tipo no seu Império, e os "
              "motores crescem rápido <small>(C. Fase de Produção)</small>.</p>"    },
    "r3_draft": {
        "en": "<h4>Round 3 · Left again</h4><p>Half the game is gone: cards drafted now have "
              "only two production phases left to pay for themselves.</p>",
        "pt": "<h4>Rodada 3 · De novo para a esquerda</h4><p>Metade do jogo já passou: as "
              "cartas selecionadas agora só têm duas fases de Produção para se pagarem.</p>"  },
    "r4_draft": {
        "en": "<h4>Round 4 · The last round</h4><p>Production now matters only to finish cards "
              "that score VP; a card still under construction at the end scores nothing "
              "<small>(VI End of the game)</small>.</p>",
        "pt": "<h4>Rodada 4 · A última rodada</h4><p>A Produção só interessa para concluir "
              "cartas que dão PV; uma carta ainda Em Construção no fim não vale nada "
              "<small>(VI Final do jogo)</small>.</p>",
    },
    "flows_intro": {
        "en": "<h3>5. Where did it all go?</h3>",
        "pt": "<h3>5. Para onde foi tudo?</h3>",
    },
    "flows_caption": {
        "en": "<p><b>Round {n}.</b> Each band is cubes or cards moving between places (colour = "
              "resource): production flows into cubes to place, cubes go onto cards under "
              "construction or the Empire card, and completed cards return their cubes to the "
              "supply. Below: the stocks of Player 1 over the game so far.</p>",
        "pt": "<p><b>Rodada {n}.</b> Cada faixa são cubos ou cartas mudando de lugar (cor = "
              "Recurso): a Produção gera cubos a colocar, os cubos vão para cartas Em "
              "Construção ou para a carta Império, e as cartas concluídas devolvem os cubos à "
              "reserva. Abaixo: os recursos do Jogador 1 ao longo do jogo.</p>",
    },
    "scoring_intro": {
        "en": "<h3>6. Scoring, explained from the breakdown</h3><p>At the end of round 4 each "
              "player adds direct VP, combined VP (per card of a type), generals and "
              "financiers. Krystallium and unbuilt cards score nothing <small>(VI End of the "
              "game)</small>.</p>",
        "pt": "<h3>6. A pontuação, explicada a partir da decomposição</h3><p>No fim da rodada "
              "4 cada jogador soma os PV diretos, os PV combinados (por carta de um tipo), os "
              "Generais e os Financeiros. O Krystallium e as cartas não construídas não valem "
              "nada <small>(VI Final do jogo)</small>.</p>",
    },
    "mistakes_intro": {
        "en": "<h3>7. Common mistakes</h3><p>Each one happened in our game; the board shows the "
              "moment.</p>",
        "pt": "<h3>7. Erros comuns</h3><p>Cada um aconteceu no nosso jogo; o tabuleiro mostra "
              "o momento.</p>",
    },
    "m_tie": {
        "en": "<p><b>“Why did nobody get the bonus?”</b> A tie for the highest production gives "
              "the supremacy bonus to nobody — not to all the tied players "
              "<small>(C. Production phase, 2. Supremacy bonus)</small>.</p>",
        "pt": "<p><b>“Por que ninguém ganhou o bônus?”</b> Um empate na produção mais alta não "
              "dá o Bônus de Supremacia a ninguém — nem a todos os empatados <small>(C. Fase "
              "de Produção, 2. Bônus de Supremacia)</small>.</p>"   },
    "m_krystallium": {
        "en": "<p><b>“Where did my cubes go?”</b> Cubes on the Empire card cannot be taken back "
              "for construction; as soon as there are 5 of any kinds they become one Krystallium "
              "<small>(Turning cubes into Krystallium)</small>.</p>",
        "pt": "<p><b>“Para onde foram os meus cubos?”</b> Os cubos na carta Império não voltam "
              "para a Construção; assim que há 5, de quaisquer tipos, eles viram um "
              "Krystallium <small>(Transformar cubos em Krystallium)</small>.</p>",
    },
    "m_planning_build": {
        "en": "<p><b>“Can a card built during planning produce this round?”</b> Yes: a recycled "
              "cube that completes a card builds it at once, and it produces in this round's "
              "production <small>(B. Planning phase, note)</small>.</p>",
        "pt": "<p><b>“Uma carta construída no Planejamento produz nesta rodada?”</b> Sim: um "
              "cubo reciclado que conclui uma carta a constrói na hora, e ela já produz na "
              "Produção desta rodada <small>(B. Fase de Planejamento, nota)</small>.</p>",
    },
    "m_unbuilt": {
        "en": "<p><b>“My construction area was full — why so few VP?”</b> Cards still under "
              "construction at the end score nothing, whatever is on them "
              "<small>(VI End of the game)</small>.</p>",
        "pt": "<p><b>“Minha área de Construção estava cheia — por que tão poucos PV?”</b> As "
              "cartas ainda Em Construção no fim não valem nada, tenham o que tiverem "
              "<small>(VI Final do jogo)</small>.</p>",
    },
    "try_intro": {
        "en": "<h3>8. Try it yourself</h3><p>Fork the game at Player 1's first planning "
              "decision: the line actually played and the other option, each played out by the "
              "same bots.</p>",
        "pt": "<h3>8. Experimente</h3><p>Bifurcamos o jogo na primeira decisão de Planejamento "
              "do Jogador 1: a linha jogada e a outra opção, cada uma jogada até o fim pelos "
              "mesmos bots.</p>",
    },
    "explore": {
        "en": "<p>Below, the whole game in the interactive widget: travel in time with the "
              "slider, step decision by decision, filter the flows.</p>",
        "pt": "<p>Abaixo, o jogo inteiro no widget interativo: viaje no tempo com o cursor, "
              "avance decisão a decisão, filtre os fluxos.</p>"   },
    # quizzes
    "q_draft_size": {
        "en": "After the draft, how many cards will each player have in the selection area?",
        "pt": "Depois da Seleção, quantas cartas cada jogador terá na área de Seleção?"},
    "q_draft_size_why": {
        "en": "7 picks from hands of 7 (3–5 players; 10 are dealt with 2 players).",
        "pt": "7 escolhas de mãos de 7 (3–5 jogadores; com 2 jogadores cada um recebe 10)."   },
    "q_energy": {
        "en": "Who will win the energy supremacy bonus (a general) this round?",
        "pt": "Quem vai ganhar o Bônus de Supremacia de Energia (um General) nesta rodada?"
    },
    "q_energy_why": {
        "en": "Only the single highest energy production wins it; a tie gives it to nobody.",
        "pt": "Só a produção de Energia mais alta, sem empate, o ganha; um empate não o dá a "
              "ninguém."
    },
    "q_pass": {
        "en": "In round 2, who receives the cards Player 1 passes?",
        "pt": "Na rodada 2, quem recebe as cartas que o Jogador 1 passa?",
    },
    "q_pass_why": {
        "en": "Rounds 2 and 4 pass to the right (the previous seat).",
        "pt": "As rodadas 2 e 4 passam para a direita (o lugar anterior).",
    },
    "choice.nobody": {"en": "nobody (tie)", "pt": "ninguém (empate)"},
    # scoring explanation
    "score_total": {"en": "<b>{who}</b> ({empire}) scores <b>{vp} VP</b>:",
                    "pt": "<b>{who}</b> ({empire}) faz <b>{vp} PV</b>:"},
    "score_cards": {"en": "{vp} direct VP from {detail}.",
                    "pt": "{vp} PV diretos de {detail}."},
    "score_type": {
        "en": "{vp} combined VP for {type} cards: multiplier {mult} ({detail}) × "
              "{type} cards built: {count}.",
        "pt": "{vp} PV combinados por cartas {type}: multiplicador {mult} ({detail}) × cartas "
              "{type} construídas: {count}."
    },
    "score_chars": {
        "en": "{vp} VP from {count} {kind}(s), each worth {mult} ({detail}).",
        "pt": "{vp} PV de {kind} ({count}), cada um valendo {mult} ({detail}).",
    },
    "score_base": {"en": "base 1", "pt": "base 1"},
    "score_tie": {
        "en": "{others} also scored {vp} VP: the tie is broken by the number of cards in the "
              "Empire ({a} against {b}), then by characters <small>(VI End of the game)"
              "</small>.",
        "pt": "{others} também fez {vp} PV: o empate é decidido pelo número de cartas no "
              "Império ({a} contra {b}), depois pelos Personagens <small>(VI Final do "
              "jogo)</small>.",
    },
    "score_winner": {"en": "<b>Winner: {who}.</b>", "pt": "<b>Vencedor: {who}.</b>"},
}

CATALOG.add(NS, TEXTS)

#: chapter -> where the lesson plays on to (``Lesson.reach`` arguments)
CHAPTERS: dict[str, dict[str, Any]] = {
    "setup": {"at": {}, "board": True},
    "r1_draft": {"at": {"round": 1, "phase": "draft"}},
    "r1_planning": {"at": {"round": 1, "phase": "planning"}},
    "r1_production": {"at": {"round": 1, "phase": "production"}},
    "r2_draft": {"at": {"round": 2, "phase": "draft"}, "board": False},
    "r2_production": {"at": {"round": 2, "phase": "production"}},
    "r3_draft": {"at": {"round": 3, "phase": "draft"}, "board": False},
    "r4_draft": {"at": {"round": 4, "phase": "draft"}, "board": False},
}


def _seat(n: int) -> tuple:
    return ("seat", n)


def _supremacy_winner(lesson: Any, rnd: int, res: str) -> Any:
    for x in lesson.final().supremacy:
        if x["round"] == rnd and x["step"] == res:
            return "nobody" if x["seat"] is None else _seat(x["seat"])
    return "nobody"


QUIZZES: dict[str, dict[str, Any]] = {
    "q_draft_size": {
        "choices": lambda lesson: [5, 7, 10],
        "answer": lambda lesson: sum(
            1 for e in lesson.final().events
            if e.kind in ("kept", "recycled") and e.seat == 0 and e.round == 1
        ),
    },
    "q_energy": {
        "choices": lambda lesson: [_seat(s) for s in range(lesson.state.players)] + ["nobody"],
        "answer": lambda lesson: _supremacy_winner(lesson, lesson.state.round, "energy"),
    },
    "q_pass": {
        "choices": lambda lesson: [_seat(s) for s in range(1, lesson.state.players)],
        "answer": lambda lesson: _seat((0 - 1) % lesson.state.players),
    },
}


# --------------------------------------------------------------------------- drawings
def _pieces(lesson: Any, lang: str) -> str:
    samples = {}
    for cid, c in CARDS.items():
        samples.setdefault(c.type, cid)
    cards = "".join(
        f"<div style='display:inline-block;margin:3px;vertical-align:top'>"
        f"<div class='gkw-small'>{_html.escape(CATALOG.name(G, t, lang))}</div>"
        f"{K.card_html(samples[t], lang)}</div>"
        for t in TYPES
    )
    cubes = " ".join(
        f"<span class='gkw-amt'>{K.cube(k, size=14)} {_html.escape(CATALOG.name(G, k, lang))}"
        "</span>"
        for k in (*RES, "krystallium", "financier", "general")
    )
    return (f"{K.CSS}<div class='gamekit-board gkw-board'><div>{cards}</div>"
            f"<div style='margin-top:6px'>{cubes}</div></div>")


def _round_diagram(lesson: Any, lang: str) -> str:
    def box(text: str, colour: str, note: str = "") -> str:
        return (f"<div style='display:inline-block;border:2px solid {colour};border-radius:6px;"
                f"padding:4px 8px;margin:2px;text-align:center'><b>{_html.escape(text)}</b>"
                f"<div class='gkw-small'>{_html.escape(note)}</div></div>")

    words = {
        "en": ("A. Draft", "secret, simultaneous · 7 picks", "B. Planning",
               "simultaneous · keep or recycle", "C. Production", "5 steps · supremacy"),
        "pt": ("A. Selecção", "secreta, simultânea · 7 escolhas", "B. Planeamento",
               "simultâneo · guardar ou reciclar", "C. Produção", "5 passos · supremacia"),
    }[lang]
    steps = "".join(K.cube(r, size=14) for r in RES)
    return (
        f"{K.CSS}<div class='gkw-board'>{box(words[0], '#2f7fd1', words[1])} → "
        f"{box(words[2], '#3aa655', words[3])} → {box(words[4], '#d9a70b', words[5])}"
        f" <span title='materials → exploration'>{steps}</span> ×4</div>"
    )


EXTRAS = {"pieces": _pieces, "round_shape": _round_diagram}


# --------------------------------------------------------------------------- scenarios
def _find_tie(lesson: Any, final: Any) -> int | None:
    return lesson.find_event("supremacy_none")


def _find_kryst(lesson: Any, final: Any) -> int | None:
    return lesson.find_event("krystallium_made")


def _find_planning_build(lesson: Any, final: Any) -> int | None:
    return lesson.find_event("built", lambda e: e.phase == "planning")


def _find_end(lesson: Any, final: Any) -> int | None:
    here = lesson.session.index
    lesson.session.to_end()
    n = lesson.session.length
    lesson.session.goto(here)
    return n


SCENARIOS = {
    "m_tie": {"find": _find_tie},
    "m_krystallium": {"find": _find_kryst},
    "m_planning_build": {"find": _find_planning_build},
    "m_unbuilt": {"find": _find_end},
}


def fork_point(lesson: Any) -> tuple[int, Any]:
    """Player 1's first keep/recycle decision and the other option."""
    from gamekit.core import Action

    i, a = lesson.first_action(lambda a: a.seat == 0 and a.verb in ("keep", "recycle"),
                               "planning decision of Player 1")
    return i, Action(0, "recycle" if a.verb == "keep" else "keep", a.args)


# --------------------------------------------------------------------------- scoring
def explain_score(lesson: Any, state: Any, result: Any) -> list[str]:
    """Every VP of the winner traced to its source (cards, empire, characters)."""
    lang = lesson.lang
    t = lesson.text
    w = result.winners[0]
    name = CATALOG.text(G, "seat", lang, n=w + 1)
    emp_id = state.seats[w].empire
    emp = facts(emp_id)["sides"][state.side]
    emp_type = emp.get("vp_per_type", {})
    emp_char = emp.get("vp_per_character", {})
    empire = CATALOG.name(G, emp_id, lang)
    b = result.breakdown[w]
    lines = [t("score_total", who=name, empire=empire, vp=result.scores[w])]
    built = state.built[w]
    # direct VP
    direct = [(cid, CARDS[cid].vp_fixed) for cid in built if CARDS[cid].vp_fixed]
    if b.get("cards"):
        detail = ", ".join(f"{CATALOG.name(G, c, lang)} {v}" for c, v in direct)
        lines.append("• " + t("score_cards", vp=b["cards"], detail=detail))
    counts = {ty: sum(1 for c in built if CARDS[c].type == ty) for ty in TYPES}
    for ti, ty in enumerate(TYPES):
        vp = b.get(f"per_type:{ty}", 0)
        if not vp:
            continue
        parts = []
        if emp_type.get(ty):
            parts.append(f"{empire} {emp_type[ty]}")
        parts += [f"{CATALOG.name(G, c, lang)} {CARDS[c].vp_per_type[ti]}" for c in built
                  if CARDS[c].vp_per_type[ti]]
        mult = vp // max(1, counts[ty])
        lines.append("• " + t("score_type", vp=vp, type=CATALOG.name(G, ty, lang), mult=mult,
                              detail=" + ".join(parts), count=counts[ty]))
    for key, ci, kind in (("generals", 1, "general"), ("financiers", 0, "financier")):
        vp = b.get(key, 0)
        if not vp:
            continue
        count = state.seats[w].generals if kind == "general" else state.seats[w].financiers
        parts = [t("score_base")]
        if emp_char.get(kind):
            parts.append(f"{empire} +{emp_char[kind]}")
        parts += [f"{CATALOG.name(G, c, lang)} +{CARDS[c].vp_per_char[ci]}" for c in built
                  if CARDS[c].vp_per_char[ci]]
        lines.append("• " + t("score_chars", vp=vp, count=count,
                              kind=CATALOG.name(G, kind, lang), mult=vp // max(1, count),
                              detail=" + ".join(parts)))
    tied = [s for s in range(state.players) if s != w and result.scores[s] == result.scores[w]]
    if tied:
        others = ", ".join(CATALOG.text(G, "seat", lang, n=s + 1) for s in tied)
        lines.append(t("score_tie", others=others, vp=result.scores[w], a=len(built),
                       b=", ".join(str(len(state.built[s])) for s in tied)))
    lines.append(t("score_winner", who=", ".join(CATALOG.text(G, "seat", lang, n=x + 1)
                                               for x in result.winners)))
    return lines
