"""The Blue Moon City lesson: texts (en + pt-BR, catalog namespace ``lesson.bluemoon``),
chapters, quizzes, common-mistake scenarios and the end of the game explained.

Rule sections are named as in the Portuguese (Galápagos) rulebook of the CMON edition
(``shared/rules/blue-moon-city.pt-BR.txt``) and, in English, as the engine's catalog names them
(``rule.*`` messages of ``bluemoon``).

The lesson's game is a 3-player game in the base city (standard set-up), heuristic bots, seed 17
(recorded in ``data/bluemoon-3p-seed17.json``), played with the 2006 reading of the Royal Palace
(option ``palace_colour_per_space``: a colour per space; the rulebook's default is one colour for
all its spaces, and the lesson says so). It is one of the shortest of the first seeds (14
rounds) and in it: Player 3 pays the wild spaces of the Royal Palace, a Lux recolours cards, a
dragon is moved by a card power and gives a golden scale, Player 2 pays with Mimix pairs and
Khind wilds and gets a scale for the first contribution only, buildings are completed with
majority, construction and neighbourhood bonuses, cards won in a player's own turn wait face
down, the last golden scale starts a scale scoring, Player 1 makes an offering and a Pillar
offering in the same turn, and Player 1 wins with the fifth offering in round 14.
"""

from __future__ import annotations

import html as _html
from pathlib import Path
from typing import Any

from gamekit.core import CATALOG, Action, get

from ..lesson import record_game, steps_diagram

G = "bluemoon"
#: the game's lesson support (``register(lesson=...)``): peoples, colours, ``arrange``
K = get(G).lesson
NS = "lesson.bluemoon"
SEED = 17
PLAYERS = 3
#: the recorded game follows the 2006 reading of the Royal Palace (a colour per space)
OPTIONS: dict[str, Any] = {"palace_colour_per_space": True}
RECORD = Path(__file__).parent / "data" / f"bluemoon-{PLAYERS}p-seed{SEED}.json"


def make_record(seed: int = SEED, path: Path | None = None) -> Path:
    """Play the lesson's game again with today's bots and save its record."""
    return record_game(G, PLAYERS, seed, path or RECORD, OPTIONS)


def _sec(en: str, pt: str) -> dict[str, str]:
    return {"en": f"<small>({en})</small>", "pt": f"<small>({pt})</small>"}


TEXTS: dict[str, dict[str, str]] = {
    "title": {
        "en": "<h2>Learn <i>Blue Moon City</i> by watching a game</h2>",
        "pt": "<h2>Aprenda <i>Blue Moon City</i> assistindo a uma partida</h2>",
    },
    "goal": {
        "en": "<h3>1. The goal in three sentences</h3><p>You rebuild the ruined city by "
              "<b>contributing</b> cards of its eight peoples to its buildings; finished buildings "
              "pay crystals, golden scales and cards. Crystals buy <b>offerings</b> at the obelisk "
              "in the Central Square, and the first player to make <b>5 offerings</b> (with 3 "
              "players; 6 with 2, 4 with 4) wins at once — usually after 15 to 20 rounds. The "
              "tension: every card is either a contribution of its colour or a one-shot power "
              "(moving you, a dragon, or your payment), and your 10 markers are shared between "
              "the buildings and the obelisk <small>(Overview; End of the game)</small>.</p>",
        "pt": "<h3>1. O objetivo em três frases</h3><p>Você reconstrói a cidade em ruínas "
              "<b>contribuindo</b> com cartas dos seus oito povos para as construções; as "
              "construções concluídas rendem cristais, escamas douradas e cartas. Os cristais "
              "compram <b>oferendas</b> ao Obelisco na Praça Central, e vence imediatamente quem "
              "fizer primeiro <b>5 oferendas</b> (com 3 jogadores; 6 com 2, 4 com 4) — em geral "
              "depois de 15 a 20 rodadas. A tensão: cada carta é ou uma contribuição da sua cor "
              "ou um poder de uso único (mover você, um dragão ou o seu pagamento), e os seus 10 "
              "marcadores se dividem entre as construções e o Obelisco "
              "<small>(Visão Geral; Fim do Jogo)</small>.</p>",
    },
    "pieces": {
        "en": "<h3>2. The pieces at a glance</h3><p>The city is a 5×5 grid of buildings around "
              "the <b>Central Square</b> (the four starting buildings touch it). Each ruined "
              "building shows its <b>contribution spaces</b>: a colour and a value (a ● of a "
              "player's colour marks a space already paid); a rebuilt one is green. ♟ are the "
              "players' figures, 🐉 the three dragons. Beside the city: each player's cards, "
              "crystals (secret in the real game), golden scales, markers in reserve and "
              "offerings, and the obelisk's next cost. Below, the eight peoples: a card counts "
              "its value in its colour, or is discarded for its power <small>(Components; Card "
              "powers)</small>.</p><p><b>Be aware:</b> no public source gives every tile's "
              "numbers. The colours and values of 14 base tiles and most majority and "
              "construction bonuses are <b>reconstructed</b> by gamekit (playable values that "
              "respect every known total), and so is the split of each people's 10 cards into "
              "1s, 2s and 3s; the Royal Palace, the temples, the University, the City Residence "
              "and the obelisk are verified. <code>docs/games/bluemoon.md</code> marks every "
              "value.</p>",
        "pt": "<h3>2. As peças num relance</h3><p>A cidade é uma grade 5×5 de construções em "
              "volta da <b>Praça Central</b> (as quatro construções iniciais encostam nela). Cada "
              "construção em escombros mostra os seus <b>espaços de contribuição</b>: uma cor e "
              "um valor (um ● da cor de um jogador marca um espaço já pago); uma reconstruída "
              "fica verde. ♟ são as miniaturas dos jogadores, 🐉 os três dragões. Ao lado da "
              "cidade: as cartas de cada jogador, os cristais (secretos no jogo de verdade), as "
              "escamas douradas, os marcadores na reserva e as oferendas, e o custo seguinte do "
              "Obelisco. Abaixo, os oito povos: uma carta vale o seu número na sua cor, ou é "
              "descartada pelo seu poder <small>(Componentes; Poderes das Cartas)</small>.</p>"
              "<p><b>Atenção:</b> nenhuma fonte pública dá os números de todas as peças. As "
              "cores e valores de 14 peças básicas e a maioria dos bônus majoritários e de "
              "construção foram <b>reconstruídos</b> pelo gamekit (valores jogáveis que respeitam "
              "todos os totais conhecidos), assim como a divisão das 10 cartas de cada povo em "
              "1, 2 e 3; o Palácio Real, os templos, a Universidade, a Residência Citadina e o "
              "Obelisco são verificados. <code>docs/games/bluemoon.md</code> marca cada "
              "valor.</p>",
    },
    "turn_shape": {
        "en": "<h3>3. The shape of a turn</h3><p>Players take turns clockwise; a turn has "
              "three phases, always in this order. <b>Movement</b> (optional): up to 2 "
              "orthogonal steps, and any movement powers (Vulca, Terrah, Aqua move a dragon; "
              "Venti moves you). <b>Contribution</b> (optional): on the building where you stand, "
              "pay as many spaces as you like, each one separately with cards of its colour; "
              "or, on the Central Square, make <b>one</b> offering. <b>Refill</b> (mandatory): "
              "discard up to 2 cards, then draw 2 more than you discarded. Nothing happens out "
              "of turn except receiving rewards <small>(How to play; Movement phase; "
              "Contribution phase; Refill phase)</small>.</p>",
        "pt": "<h3>3. A forma de um turno</h3><p>Os jogadores jogam em sentido horário; um "
              "turno tem três fases, sempre nesta ordem. <b>Movimentação</b> (opcional): até 2 "
              "passos ortogonais, e quaisquer poderes de movimento (Vulca, Terrah, Aqua movem um "
              "dragão; Venti move você). <b>Contribuição</b> (opcional): na construção onde você "
              "está, pague quantos espaços quiser, cada um separadamente com cartas da sua cor; "
              "ou, na Praça Central, faça <b>uma</b> oferenda. <b>Reposição</b> (obrigatória): "
              "descarte até 2 cartas e compre 2 a mais do que descartou. Fora do seu turno nada "
              "acontece, a não ser receber bônus <small>(Como Jogar; Fase de Movimentação; Fase "
              "de Contribuição; Fase de Reposição)</small>.</p>",
    },
    "game_intro": {
        "en": "<h3>4. A game, step by step</h3><p>Three players in the base city, standard "
              "set-up, bots deciding for everyone; we see every hand. Each board below is the "
              "game at that moment; the text explains what just happened.</p>",
        "pt": "<h3>4. Uma partida, passo a passo</h3><p>Três jogadores na cidade básica, "
              "preparação padrão, bots decidindo por todos; vemos todas as mãos. Cada tabuleiro "
              "abaixo é a partida naquele momento; o texto explica o que acabou de "
              "acontecer.</p>",
    },
    "setup": {
        "en": "<p><b>Set-up.</b> The four starting buildings (Royal Palace, Fire, Earth and "
              "Water Temples) lie next to the Central Square, the other 16 around them at random. "
              "All figures start on the Central Square, the dragons outside the city. Each player "
              "has 8 cards and 10 markers; 10 golden scales (3 players) wait beside the obelisk, "
              "whose 13 spaces cost 7 7 7 7 8 8 9 9 10 10 11 11 12 crystals. The first player is "
              "drawn at random: <b>Player 3</b>, then Player 1, then Player 2 "
              "<small>(Set-up)</small>.</p>",
        "pt": "<p><b>Preparação.</b> As quatro construções iniciais (Palácio Real, Templos do "
              "Fogo, da Terra e da Água) ficam junto à Praça Central, as outras 16 em volta, ao "
              "acaso. Todas as miniaturas começam na Praça Central, os dragões fora da cidade. "
              "Cada jogador tem 8 cartas e 10 marcadores; 10 escamas douradas (3 jogadores) "
              "esperam ao lado do Obelisco, cujos 13 espaços custam 7 7 7 7 8 8 9 9 10 10 11 11 "
              "12 cristais. O primeiro jogador é sorteado: <b>Jogador 3</b>, depois o Jogador 1, "
              "depois o Jogador 2 <small>(Preparação)</small>.</p>",
    },
    "r1_p1": {
        "en": "<h4>Round 1 · Player 3 at the Royal Palace</h4><p>Player 3 walked one step to "
              "the Royal Palace and paid <b>three</b> of its four wild spaces in one turn, each "
              "one separately: 5 in black (Vulca 2 + Vulca 2 + a Terrah 1 turned black by "
              "discarding a <b>Lux 2</b>), 4 in blue (Aqua 3 + Aqua 2: overpaying is allowed), 3 "
              "with a Mimix 3 turned black by another Lux 2. This game was played with the 2006 "
              "rules' reading: a colour per palace space. Our rulebook (and gamekit unless told "
              "otherwise) says <b>one colour for all</b> the palace's spaces: the first "
              "contribution, here black, would fix black for the other three "
              "<small>(Contribution phase; Card powers: Lux)</small>.</p>",
        "pt": "<h4>Rodada 1 · Jogador 3 no Palácio Real</h4><p>O Jogador 3 andou um passo até o "
              "Palácio Real e pagou <b>três</b> dos seus quatro espaços curinga num só turno, "
              "cada um separadamente: 5 em preto (Vulca 2 + Vulca 2 + um Terrah 1 que virou preto "
              "com o descarte de um <b>Lux 2</b>), 4 em azul (Aqua 3 + Aqua 2: pagar a mais é "
              "permitido), 3 com um Mimix 3 que virou preto com outro Lux 2. Esta partida foi "
              "jogada com a leitura das regras de 2006: uma cor por espaço do palácio. O nosso "
              "livro de regras (e o gamekit, salvo outra opção) diz <b>uma cor para todos</b> os "
              "espaços do palácio: a primeira contribuição, aqui em preto, fixaria o preto para "
              "os outros três <small>(Fase de Contribuição; Poderes das "
              "Cartas: Lux)</small>.</p>",
    },
    "r1_p2": {
        "en": "<h4>Round 1 · Player 1 and the blue dragon</h4><p>In the movement phase Player 1 "
              "walked to the Fire Temple and discarded an <b>Aqua 1</b> to put the <b>blue "
              "dragon</b> there (value 1: any tile). Then a <b>Lux 1</b> turned up to 4 red cards black, and "
              "Player 1 paid the black 5 with Terrah 3 + Terrah 2 + a <b>Khind</b> (a Khind is "
              "always a wild 1, whatever its number). Contributing where a dragon stands gives a "
              "<b>golden scale</b> <small>(Card powers: Aqua, Lux, Khind; Golden scales & "
              "dragons)</small>.</p>",
        "pt": "<h4>Rodada 1 · Jogador 1 e o Dragão Azul</h4><p>Na fase de movimentação o "
              "Jogador 1 andou até o Templo do Fogo e descartou um <b>Aqua 1</b> para colocar o "
              "<b>Dragão Azul</b> ali (valor 1: qualquer peça). Depois um <b>Lux 1</b> mudou até 4 "
              "cartas vermelhas para preto, e o Jogador 1 pagou o 5 preto com Terrah 3 + Terrah "
              "2 + um <b>Khind</b> (um Khind é sempre um curinga de valor 1, qualquer que seja o "
              "seu número). Contribuir onde há um dragão dá uma <b>escama dourada</b> "
              "<small>(Poderes das Cartas: Aqua, Lux, Khind; Escamas Douradas & "
              "Dragões)</small>.</p>",
    },
    "r2_p3": {
        "en": "<h4>Round 1 · Player 2 rebuilds the Great Hall</h4><p>Player 2 discarded a "
              "<b>Terrah 1</b> to put the green dragon on the Great Hall and paid its brown 4 "
              "with two Mimix 2 (on a brown space Mimix count their value) — one golden scale. "
              "Then the brown 3 with Mimix 1 + Khind + Khind (three wild 1s: a Mimix 1 alone "
              "counts 1): <b>no</b> second scale, only the first contribution of a turn earns "
              "them. That was the last space: the Great Hall is <b>rebuilt</b>. Player 2, alone "
              "on it, takes the majority bonus (1 scale) and the construction bonus (1 crystal), "
              "gets the markers back, and the tile turns to its rebuilt side (the Great Hall's "
              "spaces and bonuses are reconstructed values) "
              "<small>(Scoring the buildings; Golden scales & dragons)</small>.</p>",
        "pt": "<h4>Rodada 1 · Jogador 2 reconstrói o Grande Salão</h4><p>O Jogador 2 descartou "
              "um <b>Terrah 1</b> para colocar o Dragão Verde no Grande Salão e pagou o seu 4 "
              "marrom com dois Mimix 2 (num espaço marrom os Mimix valem o seu número) — uma "
              "escama dourada. Depois o 3 marrom com Mimix 1 + Khind + Khind (três curingas de "
              "valor 1: um Mimix 1 sozinho vale 1): <b>nenhuma</b> segunda escama, só a primeira "
              "contribuição do turno as rende. Era o último espaço: o Grande Salão está "
              "<b>reconstruído</b>. O Jogador 2, único nele, recebe o bônus majoritário (1 "
              "escama) e o de construção (1 cristal), recolhe os marcadores, e a peça é virada "
              "para o lado reconstruído (os espaços e bônus do Grande Salão são valores "
              "reconstruídos) <small>(Pontuação das Construções; Escamas Douradas & "
              "Dragões)</small>.</p>",
    },
    "r5_refill": {
        "en": "<h4>Rounds 2–5 · rewards</h4><p>Player 3 flew with a <b>Venti 1</b> (any tile) "
              "and paid a yellow space with a Pillar card — a Pillar is also just a yellow "
              "card. In round 4 the Library was rebuilt: Player 2 had 2 markers on it, Player 1 "
              "one, so Player 2 took the majority. Now, in round 5, Player 1 paid the palace's "
              "last space. Player 3 has the majority (3 markers); both get the construction "
              "bonus, 1 crystal and <b>1 card</b>. Player 3's card went straight to the hand (not "
              "Player 3's turn), Player 1's lies <b>face down</b> (\"won this turn\", beside the "
              "hand) until after the refill draw (the palace's majority and construction bonuses "
              "are reconstructed values) <small>(Available rewards)</small>.</p>",
        "pt": "<h4>Rodadas 2–5 · bônus</h4><p>O Jogador 3 voou com um <b>Venti 1</b> (qualquer "
              "peça) e pagou um espaço amarelo com uma carta Pillar — uma Pillar também é só uma "
              "carta amarela. Na rodada 4 a Biblioteca foi reconstruída: o Jogador 2 tinha 2 "
              "marcadores nela, o Jogador 1 um, então o Jogador 2 levou a maioria. Agora, na "
              "rodada 5, o Jogador 1 pagou o último espaço do palácio. O Jogador 3 tem a maioria "
              "(3 marcadores); os dois recebem o bônus de construção, 1 cristal e <b>1 carta</b>. "
              "A carta do Jogador 3 foi direto para a mão (não era o turno dele), a do Jogador 1 "
              "fica <b>virada para baixo</b> (\"ganhas neste turno\", ao lado da mão) até depois "
              "da compra da reposição (os bônus majoritário e de construção do palácio são valores "
              "reconstruídos) <small>(Bônus Disponíveis)</small>.</p>",
    },
    "r7_p2": {
        "en": "<h4>Rounds 6–7 · the first offerings</h4><p>In round 6 Player 3 finished the "
              "Fire Temple; Player 1 (2 markers) took its majority, both its construction bonus "
              "(3 crystals; both reconstructed values) — rewards come in other players' turns too. With 8 crystals Player 1 walked to the Central Square and made the "
              "first <b>offering</b>: 7 crystals and a marker on the obelisk's lowest free "
              "space. In round 7 Player 3 finished the City Residence, next to the rebuilt "
              "Library and Fire Temple: each contributor got the <b>neighbourhood bonus</b> of "
              "both, once each. Player 1 offered again (7) <small>(Scoring the buildings; "
              "Crystals & the obelisk)</small>.</p>",
        "pt": "<h4>Rodadas 6–7 · as primeiras oferendas</h4><p>Na rodada 6 o Jogador 3 concluiu "
              "o Templo do Fogo; o Jogador 1 (2 marcadores) levou a maioria, os dois o bônus de "
              "construção (3 cristais; os dois, valores reconstruídos) — bônus chegam também no turno dos outros. Com 8 cristais o Jogador 1 foi à Praça Central e fez a "
              "primeira <b>oferenda</b>: 7 cristais e um marcador no espaço livre mais baixo do "
              "Obelisco. Na rodada 7 o Jogador 3 concluiu a Residência Citadina, vizinha da "
              "Biblioteca e do Templo do Fogo já reconstruídos: cada um que contribuiu recebeu o "
              "<b>bônus de proximidade</b> dos dois, uma vez cada. O Jogador 1 fez outra oferenda "
              "(7) <small>(Pontuação das Construções; Cristais & Obelisco)</small>.</p>",
    },
    "r9_p2": {
        "en": "<h4>Round 9 · the scale scoring</h4><p>Player 1's contribution to the Monastery "
              "Tower, where a dragon stands, took the <b>last golden scale</b>. The scales are "
              "scored at once, before the building's rewards: Player 1 has the most (5) and "
              "gets 6 crystals, Player 2 has at least 3 and gets 3; both return their scales. "
              "Player 3, with 2, gets nothing but keeps them for the next scoring. Then the "
              "tower's own rewards were handed out, with the returned scales back in the supply "
              "<small>(Scoring the golden scales)</small>.</p>",
        "pt": "<h4>Rodada 9 · a pontuação das escamas</h4><p>A contribuição do Jogador 1 para a "
              "Torre do Monastério, onde há um dragão, levou a <b>última escama dourada</b>. As "
              "escamas são pontuadas imediatamente, antes dos bônus da construção: o Jogador 1 "
              "tem mais (5) e recebe 6 cristais, o Jogador 2 tem pelo menos 3 e recebe 3; os dois "
              "devolvem as escamas. O Jogador 3, com 2, não recebe nada mas fica com elas para a "
              "próxima pontuação. Depois vieram os bônus da própria torre, com as escamas "
              "devolvidas de volta à reserva <small>(Pontuação das Escamas Douradas)</small>.</p>",
    },
    "r10_p2": {
        "en": "<h4>Round 10 · two offerings in one turn</h4><p>Only one offering a turn is "
              "allowed — unless you discard a <b>Pillar</b> right after it. Player 1 offered 8 "
              "crystals (the next space), then discarded a Pillar 1 for one more offering at the "
              "next space's price + 1: 8 + 1 = 9. Player 1 now has 4 offerings; one more wins "
              "<small>(Crystals & the obelisk; Card powers: Pillar)</small>.</p>",
        "pt": "<h4>Rodada 10 · duas oferendas num turno</h4><p>Só uma oferenda por turno é "
              "permitida — a não ser que você descarte uma <b>Pillar</b> logo depois dela. O "
              "Jogador 1 ofereceu 8 cristais (o espaço seguinte) e depois descartou uma Pillar 1 "
              "para mais uma oferenda pelo preço do espaço seguinte + 1: 8 + 1 = 9. O Jogador 1 "
              "tem agora 4 oferendas; mais uma e vence <small>(Cristais & Obelisco; Poderes das "
              "Cartas: Pillar)</small>.</p>",
    },
    "game_end": {
        "en": "<h4>Round 14 · the end</h4><p>Player 3 offered 9, then Player 1 paid 10 "
              "crystals for the <b>fifth offering</b> and won at once — the round is not "
              "finished. Had every building been rebuilt first, play would go on until nobody "
              "could pay the next space; then most offerings, then most crystals left win "
              "<small>(End of the game)</small>.</p>",
        "pt": "<h4>Rodada 14 · o fim</h4><p>O Jogador 3 ofereceu 9, depois o Jogador 1 pagou 10 "
              "cristais pela <b>quinta oferenda</b> e venceu imediatamente — a rodada não é "
              "concluída. Se todas as construções tivessem sido reconstruídas antes, o jogo "
              "continuaria até ninguém poder pagar o espaço seguinte; então vence quem tiver mais "
              "oferendas, depois mais cristais restantes <small>(Fim do Jogo)</small>.</p>",
    },
    "flows_caption": {
        "en": "<p><b>Where did it all go? Round {n}.</b> Each band is cards, crystals, golden "
              "scales or markers moving: cards from the deck to hands, from hands through "
              "payments into buildings or to card powers, markers onto buildings and back, "
              "crystals and scales from rewards, crystals onto the obelisk. Below: Player 1's "
              "stocks so far.</p>",
        "pt": "<p><b>Para onde foi tudo? Rodada {n}.</b> Cada faixa são cartas, cristais, "
              "escamas douradas ou marcadores mudando de lugar: cartas do baralho para as mãos, "
              "das mãos pelos pagamentos para as construções ou para os poderes, marcadores para "
              "as construções e de volta, cristais e escamas dos bônus, cristais para o "
              "Obelisco. Abaixo: os estoques do Jogador 1 até agora.</p>",
    },
    "fork_col_scores": {"en": "final offerings", "pt": "oferendas no fim"},
    "fork_summary": {
        "en": "{who} makes {a} offerings on the played line and {b} on the alternative.",
        "pt": "{who} faz {a} oferendas na linha jogada e {b} na alternativa.",
    },
    "scoring_intro": {
        "en": "<h3>6. The end, explained</h3><p>The score of Blue Moon City is the number of "
              "offerings; crystals left only break ties when the game ends because every "
              "building is rebuilt. Here is where every crystal of the winner came from and "
              "where it went <small>(Crystals & the obelisk; End of the game)</small>.</p>",
        "pt": "<h3>6. O fim, explicado</h3><p>A pontuação de Blue Moon City é o número de "
              "oferendas; os cristais restantes só desempatam quando o jogo termina porque "
              "todas as construções foram reconstruídas. Eis de onde veio cada cristal do "
              "vencedor e para onde foi <small>(Cristais & Obelisco; Fim do Jogo)</small>.</p>",
    },
    "mistakes_intro": {
        "en": "<h3>7. Common mistakes</h3><p>Each one as a tiny scenario: the board shows the "
              "moment.</p>",
        "pt": "<h3>7. Erros comuns</h3><p>Cada um como um pequeno cenário: o tabuleiro mostra o "
              "momento.</p>",
    },
    "m_scales_first": {
        "en": "<p><b>“Two contributions next to a dragon — why only one scale?”</b> A dragon "
              "rewards only the <b>first</b> contribution of your turn (one scale per dragon on "
              "the tile). Player 2 paid two spaces of the Great Hall under the green dragon and "
              "got one scale from it (the second scale below is the majority bonus). A new turn "
              "counts again: Player 1 got a scale at the Fire Temple in rounds 1 and 2 "
              "<small>(Golden scales & dragons)</small>.</p>",
        "pt": "<p><b>“Duas contribuições junto a um dragão — por que só uma escama?”</b> Um "
              "dragão recompensa só a <b>primeira</b> contribuição do seu turno (uma escama por "
              "dragão na peça). O Jogador 2 pagou dois espaços do Grande Salão com o Dragão Verde "
              "e ganhou uma escama dele (a segunda escama abaixo é o bônus majoritário). Um novo "
              "turno conta de novo: o Jogador 1 ganhou uma escama no Templo do Fogo nas rodadas 1 "
              "e 2 <small>(Escamas Douradas & Dragões)</small>.</p>",
    },
    "m_pending": {
        "en": "<p><b>“I won a card — can I use it right away?”</b> Not if you won it in your "
              "own turn: it lies face down, unseen, and joins your hand after your refill draw. "
              "Below, Player 1 has just completed the Royal Palace: its construction card is "
              "<i>won this turn</i>, while Player 3's card is already in hand "
              "<small>(Available rewards)</small>.</p>",
        "pt": "<p><b>“Ganhei uma carta — posso usá-la já?”</b> Não se você a ganhou no seu "
              "próprio turno: ela fica virada para baixo, sem olhar, e entra na mão depois da "
              "compra da reposição. Abaixo, o Jogador 1 acabou de concluir o Palácio Real: a sua "
              "carta de construção está <i>ganha neste turno</i>, enquanto a do Jogador 3 já está "
              "na mão <small>(Bônus Disponíveis)</small>.</p>",
    },
    "m_one_offering": {
        "en": "<p><b>“I have 20 crystals — why can't I offer twice?”</b> One offering a turn at "
              "the Central Square. A tiny scenario: Player 1 stands on the square with 20 "
              "crystals and made an offering of 7; the only choices left are <code>{legal}"
              "</code>. With a Pillar 1 in hand there would also be one more offering at 7 + 1 "
              "<small>(Crystals & the obelisk; Card powers: Pillar)</small>.</p>",
        "pt": "<p><b>“Tenho 20 cristais — por que não posso fazer duas oferendas?”</b> Uma "
              "oferenda por turno na Praça Central. Um pequeno cenário: o Jogador 1 está na "
              "praça com 20 cristais e fez uma oferenda de 7; as únicas escolhas que restam são "
              "<code>{legal}</code>. Com uma Pillar 1 na mão haveria ainda mais uma oferenda por "
              "7 + 1 <small>(Cristais & Obelisco; Poderes das Cartas: Pillar)</small>.</p>",
    },
    "m_khind": {
        "en": "<p><b>“Terrah 2 and Khind 3 make 5 — why can't I pay the red 5?”</b> A Khind is "
              "always a <b>wild 1</b>, whatever its number: Terrah 2 + Khind = 3. A tiny "
              "scenario: Player 1 stands on the Earth Temple (red 5, 4, 3) holding Terrah 2, "
              "Khind 3 and no other red card; the choices are <code>{legal}</code> — space 2 is "
              "the red 3. A Mimix 3 does not help either: only two Mimix 1s/2s make a wild 3 "
              "<small>(Card powers: Khind, Mimix)</small>. (Khind cards' printed values are not "
              "known to us; they never matter.)</p>",
        "pt": "<p><b>“Terrah 2 e Khind 3 dão 5 — por que não posso pagar o 5 vermelho?”</b> Um "
              "Khind é sempre um <b>curinga de valor 1</b>, qualquer que seja o seu número: "
              "Terrah 2 + Khind = 3. Um pequeno cenário: o Jogador 1 está no Templo da Terra "
              "(vermelho 5, 4, 3) com Terrah 2, Khind 3 e nenhuma outra carta vermelha; as "
              "escolhas são <code>{legal}</code> — o espaço 2 é o 3 vermelho. Um Mimix 3 também "
              "não ajuda: só dois Mimix de valor 1/2 formam um curinga de valor 3 "
              "<small>(Poderes das Cartas: Khind, Mimix)</small>. (Os números impressos nas "
              "cartas Khind não nos são conhecidos; nunca importam.)</p>",
    },
    "try_intro": {
        "en": "<h3>8. Try it yourself</h3><p>Fork the game in round 10, right after Player 1's "
              "offering of 8: the Pillar offering (what the bot did) against keeping the Pillar "
              "and ending the contribution phase; both lines are played to the end by the same "
              "bots.</p>",
        "pt": "<h3>8. Experimente</h3><p>Bifurcamos a partida na rodada 10, logo depois da "
              "oferenda de 8 do Jogador 1: a oferenda com a Pillar (o que o bot fez) contra "
              "guardar a Pillar e encerrar a fase de contribuição; cada linha é jogada até o fim "
              "pelos mesmos bots.</p>",
    },
    "explore": {
        "en": "<p>Below, the whole game in the interactive widget: travel in time with the "
              "slider, step decision by decision, filter the flows.</p>",
        "pt": "<p>Abaixo, a partida inteira no widget interativo: viaje no tempo com o cursor, "
              "avance decisão a decisão, filtre os fluxos.</p>",
    },
    # quizzes
    "q_scale": {
        "en": "Player 1 will put the blue dragon on the Fire Temple and contribute there. How many "
              "golden scales will Player 1 get?",
        "pt": "O Jogador 1 vai colocar o Dragão Azul no Templo do Fogo e contribuir ali. Quantas "
              "escamas douradas o Jogador 1 vai receber?",
    },
    "q_scale_why": {
        "en": "one per dragon on the tile, for the first contribution of the turn (Golden scales "
              "& dragons).",
        "pt": "uma por dragão na peça, pela primeira contribuição do turno (Escamas Douradas & "
              "Dragões).",
    },
    "q_second_scale": {
        "en": "Player 2 will pay two spaces of the Great Hall, where the green dragon stands. How "
              "many scales will the dragon give?",
        "pt": "O Jogador 2 vai pagar dois espaços do Grande Salão, onde está o Dragão Verde. "
              "Quantas escamas o dragão vai dar?",
    },
    "q_second_scale_why": {
        "en": "only the first contribution of a turn earns dragon scales (Golden scales & "
              "dragons).",
        "pt": "só a primeira contribuição do turno rende escamas de dragão (Escamas Douradas & "
              "Dragões).",
    },
    "q_neighbours": {
        "en": "Player 3 will finish the City Residence, next to the rebuilt Library and Fire "
              "Temple. How many neighbourhood bonuses will Player 3 get?",
        "pt": "O Jogador 3 vai concluir a Residência Citadina, vizinha da Biblioteca e do Templo "
              "do Fogo já reconstruídos. Quantos bônus de proximidade o Jogador 3 vai receber?",
    },
    "q_neighbours_why": {
        "en": "one from each rebuilt orthogonal neighbour, once per contributor however many "
              "markers (Scoring the buildings).",
        "pt": "um de cada vizinho ortogonal reconstruído, uma vez por jogador, com quantos "
              "marcadores for (Pontuação das Construções).",
    },
    "q_scale_scoring": {
        "en": "Player 1 will take the last golden scale and hold the most (5). How many crystals "
              "will the scale scoring give Player 1?",
        "pt": "O Jogador 1 vai pegar a última escama dourada e ter o maior número (5). Quantos "
              "cristais a pontuação das escamas vai dar ao Jogador 1?",
    },
    "q_scale_scoring_why": {
        "en": "the most scales: 6 crystals (3 each if tied); 3 or more scales: 3 crystals "
              "(Scoring the golden scales).",
        "pt": "o maior número de escamas: 6 cristais (3 cada em caso de empate); 3 ou mais "
              "escamas: 3 cristais (Pontuação das Escamas Douradas).",
    },
    "q_pillar": {
        "en": "Player 1 will offer 8 crystals, then discard a Pillar 1. What will the second "
              "offering cost?",
        "pt": "O Jogador 1 vai oferecer 8 cristais e depois descartar uma Pillar 1. Quanto vai "
              "custar a segunda oferenda?",
    },
    "q_pillar_why": {
        "en": "the next space (8) + 1 for a Pillar 1 (+ 2 for a Pillar 2) (Card powers: Pillar).",
        "pt": "o espaço seguinte (8) + 1 por uma Pillar 1 (+ 2 por uma Pillar 2) (Poderes das "
              "Cartas: Pillar).",
    },
    # the end explained
    "score_total": {"en": "<b>{who}</b> made <b>{n} offerings</b> and won at once:",
                    "pt": "<b>{who}</b> fez <b>{n} oferendas</b> e venceu imediatamente:"},
    "score_offer": {"en": "round {round}: {cost} crystals at the Central Square",
                    "pt": "rodada {round}: {cost} cristais na Praça Central"},
    "score_pillar": {"en": "round {round}: {cost} crystals with a Pillar (the next space + {x})",
                     "pt": "rodada {round}: {cost} cristais com uma Pillar (o espaço seguinte + {x})"},
    "score_spent": {"en": "{n} crystals went to the obelisk: {detail}.",
                    "pt": "{n} cristais foram para o Obelisco: {detail}."},
    "score_won": {"en": "{n} crystals were won: {detail}; {left} are left.",
                  "pt": "{n} cristais foram ganhos: {detail}; restam {left}."},
    "score_src_majority": {"en": "{n} from majority bonuses", "pt": "{n} de bônus majoritários"},
    "score_src_construction": {"en": "{n} from construction bonuses",
                               "pt": "{n} de bônus de construção"},
    "score_src_neighbourhood": {"en": "{n} from neighbourhood bonuses",
                                "pt": "{n} de bônus de proximidade"},
    "score_src_scales": {"en": "{n} from scale scorings", "pt": "{n} de pontuações de escamas"},
    "score_other": {"en": "{who}: offerings {n}, crystals left {c}.",
                    "pt": "{who}: oferendas {n}, cristais restantes {c}."},
    "score_winner": {"en": "<b>Winner: {who}.</b>", "pt": "<b>Vencedor: {who}.</b>"},
    # board
    "b_cards": {"en": "cards", "pt": "cartas"},
    "b_pending": {"en": "won this turn", "pt": "ganhas neste turno"},
    "b_crystals": {"en": "crystals", "pt": "cristais"},
    "b_scales": {"en": "scales", "pt": "escamas"},
    "b_markers": {"en": "markers", "pt": "marcadores"},
    "b_offerings": {"en": "offerings", "pt": "oferendas"},
    "b_hand": {"en": "hand", "pt": "mão"},
    "b_obelisk": {"en": "obelisk: {filled} of {n} spaces filled, next costs {next} · golden "
                        "scales left: {scales}",
                  "pt": "Obelisco: {filled} de {n} espaços preenchidos, o seguinte custa {next} · "
                        "escamas douradas restantes: {scales}"},
    "b_turn": {"en": "round {round}, {who}: {stage}", "pt": "rodada {round}, {who}: {stage}"},
    "b_over": {"en": "the game is over", "pt": "a partida terminou"},
    "stage.move": {"en": "movement", "pt": "movimentação"},
    "stage.teleport": {"en": "movement (Venti 1)", "pt": "movimentação (Venti 1)"},
    "stage.dragon": {"en": "movement (a dragon)", "pt": "movimentação (um dragão)"},
    "stage.act": {"en": "contribution", "pt": "contribuição"},
    "stage.pay": {"en": "contribution (paying)", "pt": "contribuição (pagando)"},
    "stage.refill": {"en": "refill", "pt": "reposição"},
    "stage.over": {"en": "over", "pt": "fim"},
    "p_people": {"en": "people", "pt": "povo"},
    "p_colour": {"en": "colour", "pt": "cor"},
    "p_power": {"en": "power (discard the card)", "pt": "poder (descarte a carta)"},
}

_POWERS = {
    "vulca": ("1: the red dragon to any tile · 2: the red dragon up to 3 steps",
              "1: o Dragão Vermelho para qualquer peça · 2: o Dragão Vermelho até 3 passos"),
    "terrah": ("1: the green dragon to any tile · 2: the green dragon up to 3 steps",
               "1: o Dragão Verde para qualquer peça · 2: o Dragão Verde até 3 passos"),
    "aqua": ("1: the blue dragon to any tile · 2: the blue dragon up to 3 steps",
             "1: o Dragão Azul para qualquer peça · 2: o Dragão Azul até 3 passos"),
    "venti": ("1: your figure to any tile · 2: 2 more steps",
              "1: sua miniatura para qualquer peça · 2: mais 2 passos"),
    "khind": ("always a wild 1 (added to any colour)",
              "sempre um curinga de valor 1 (somado a qualquer cor)"),
    "mimix": ("two 1s/2s make one wild 3", "dois de valor 1/2 formam um curinga de valor 3"),
    "lux": ("1: up to 4 cards of one colour change colour · 2: one card",
            "1: até 4 cartas de uma cor mudam de cor · 2: uma carta"),
    "pillar": ("1 / 2: one more offering after an offering, + 1 / + 2 crystals",
               "1 / 2: mais uma oferenda depois de uma oferenda, + 1 / + 2 cristais"),
}
for _p, (_en, _pt) in _POWERS.items():
    TEXTS["power." + _p] = {"en": _en, "pt": _pt}

CATALOG.add(NS, TEXTS)


# --------------------------------------------------------------------------- moments
def turn_start(rnd: int, seat: int):
    """The start of ``seat``'s (0-based) turn in round ``rnd`` (or the end of the game)."""
    return lambda st: st.is_over() or st.round > rnd or (
        st.round == rnd and st.cur == seat and st.stage == "move")


def refill_of(rnd: int, seat: int):
    """``seat``'s refill phase in round ``rnd`` (before the draw)."""
    return lambda st: st.is_over() or (st.round > rnd) or (
        st.round == rnd and st.cur == seat and st.stage == "refill")


#: chapter -> where the lesson plays on to (a predicate, or ``Lesson.reach`` arguments)
CHAPTERS: dict[str, dict[str, Any]] = {
    "setup": {"at": {}},
    "r1_p1": {"at": turn_start(1, 0)},
    "r1_p2": {"at": turn_start(1, 1)},
    "r2_p3": {"at": turn_start(2, 2)},
    "r5_refill": {"at": refill_of(5, 0)},
    "r7_p2": {"at": turn_start(7, 1)},
    "r9_p2": {"at": turn_start(9, 1)},
    "r10_p2": {"at": turn_start(10, 1)},
    "game_end": {"at": {"phase": "end"}},
}


# --------------------------------------------------------------------------- quizzes
def _events(lesson: Any, kind: str, **match: Any) -> list:
    return [e for e in lesson.final().events if e.kind == kind
            and all((e.data.get(k) if k not in ("seat", "round") else getattr(e, k)) == v
                    for k, v in match.items())]


def dragon_scales(lesson: Any, seat: int, rnd: int) -> int:
    """Golden scales ``seat`` got from dragons in round ``rnd``."""
    return sum(e.data["n"] for e in _events(lesson, "dragon_scales", seat=seat, round=rnd))


def neighbourhood_bonuses(lesson: Any, seat: int, tile: str) -> int:
    return len(_events(lesson, "neighbourhood", seat=seat, tile=tile))


def scale_crystals(lesson: Any, seat: int) -> int:
    """Crystals ``seat`` got from the first scale scoring."""
    e = next(iter(_events(lesson, "scale_score", seat=seat)), None)
    return e.data["crystals"] if e else 0


def pillar_cost(lesson: Any, seat: int) -> int:
    """What ``seat``'s first Pillar offering cost (the offer event after the Pillar card)."""
    ev = lesson.final().events
    for i, e in enumerate(ev):
        if (e.kind == "play_power" and e.seat == seat and e.data["card"].startswith("pillar")):
            return next(x.data["cost"] for x in ev[i:] if x.kind == "offer")
    return 0


QUIZZES: dict[str, dict[str, Any]] = {
    "q_scale": {"choices": lambda lesson: [0, 1, 2],
                "answer": lambda lesson: dragon_scales(lesson, 0, 1)},
    "q_second_scale": {"choices": lambda lesson: [0, 1, 2],
                       "answer": lambda lesson: dragon_scales(lesson, 1, 1)},
    "q_neighbours": {"choices": lambda lesson: [1, 2, 4],
                     "answer": lambda lesson: neighbourhood_bonuses(lesson, 2, "city_residence")},
    "q_scale_scoring": {"choices": lambda lesson: [3, 5, 6],
                        "answer": lambda lesson: scale_crystals(lesson, 0)},
    "q_pillar": {"choices": lambda lesson: [8, 9, 10],
                 "answer": lambda lesson: pillar_cost(lesson, 0)},
}


# --------------------------------------------------------------------------- drawings
def _seat(n: int, lang: str) -> str:
    return CATALOG.text(G, "seat", lang, n=n + 1)


def _chip(card: str, lang: str, n: int = 1) -> str:
    people, value = card.rsplit("_", 1)
    colour = K.COLOURS[K.PEOPLES.index(people)]
    bg = K.SPACE_COLOURS.get(colour, "#2e8b57" if colour == "green" else "#ccc")
    fg = "#000" if colour in ("white", "yellow", "grey") else "#fff"
    title = _html.escape(CATALOG.name(G, card, lang))
    times = f"×{n}" if n > 1 else ""
    return (f"<span title='{title}' style='display:inline-block;background:{bg};color:{fg};"
            f"border:1px solid #555;border-radius:3px;padding:0 3px;margin:1px;font-size:11px'>"
            f"{_html.escape(people[:2].title())}{value}{times}</span>")


def board_html(state: Any, lang: str = "en") -> str:
    """The engine's city picture with a side panel in the lesson's language (every hand and
    the cards won this turn are shown: the lesson watches the bots)."""
    t = lambda key, **kw: CATALOG.text(NS, key, lang, **kw)  # noqa: E731
    d = state.to_dict()
    heads = "".join(f"<th>{_html.escape(t(k))}</th>" for k in
                    ("b_cards", "b_crystals", "b_scales", "b_markers", "b_offerings", "b_hand"))
    rows = []
    for s in range(d["players"]):
        hand = d["hands"][s]
        size = hand.get("hidden", sum(hand.values()))
        chips = "".join(_chip(c, lang, n) for c, n in hand.items() if c != "hidden")
        pending = d["pending"][s]
        if pending:
            chips += (f" <i style='color:#777'>+{len(pending)} {_html.escape(t('b_pending'))}"
                      "</i>")
        crystals = "?" if d["crystals"][s] is None else d["crystals"][s]
        rows.append(
            f"<tr><td style='color:{K.SEAT_COLOURS[s]};white-space:nowrap'><b>{_html.escape(_seat(s, lang))}"
            f"</b></td><td>{size}</td><td>{crystals}</td><td>{d['scales'][s]}</td>"
            f"<td>{d['markers'][s]}</td><td>{d['offerings'][s]}</td><td>{chips}</td></tr>")
    costs = d["obelisk"]["costs"]
    filled = len(d["obelisk"]["filled"])
    nxt = costs[filled] if filled < len(costs) else "—"
    turn = d["turn"]
    status = t("b_over") if d["over"] else t(
        "b_turn", round=turn["round"], who=_seat(turn["seat"] - 1, lang),
        stage=t("stage." + turn["stage"]))
    side = (f"<table style='font-size:12px;border-collapse:collapse'><tr><th></th>{heads}</tr>"
            f"{''.join(rows)}</table><div style='font-size:12px;margin-top:4px'>"
            f"{_html.escape(t('b_obelisk', filled=filled, n=len(costs), next=nxt, scales=d['scale_supply']))}"
            f"</div><div style='font-size:12px'><b>{_html.escape(status)}</b></div>")
    return get(G).render(state, lang, side=side)


def _pieces(lesson: Any, lang: str) -> str:
    t = lambda key: _html.escape(CATALOG.text(NS, key, lang))  # noqa: E731
    rows = []
    for people, colour in zip(K.PEOPLES, K.COLOURS, strict=True):
        rows.append(f"<tr><td>{_chip(people + '_3', lang)} "
                    f"{_html.escape(CATALOG.name(G, people + '_3', lang)[:-2])}</td>"
                    f"<td>{_html.escape(CATALOG.name(G, colour, lang))}</td>"
                    f"<td>{t('power.' + people)}</td></tr>")
    return (f"<div class='gamekit-board' style='font-family:system-ui,sans-serif;font-size:12px'>"
            f"<table style='border-collapse:collapse'><tr><th>{t('p_people')}</th>"
            f"<th>{t('p_colour')}</th><th>{t('p_power')}</th></tr>{''.join(rows)}</table></div>")


_STEPS = {
    "en": (("1 Movement", "0–2 steps · powers"), ("2 Contribution", "pay spaces | 1 offering"),
           ("3 Refill", "discard ≤ 2, draw 2 more"), ("4 Next player", "clockwise")),
    "pt": (("1 Movimentação", "0–2 passos · poderes"),
           ("2 Contribuição", "pagar espaços | 1 oferenda"),
           ("3 Reposição", "descarte ≤ 2, compre 2 a mais"), ("4 Próximo jogador", "sentido horário")),
}


def _turn_diagram(lesson: Any, lang: str) -> str:
    note = {"en": "dashed: optional · rewards can come in any player's turn",
            "pt": "tracejado: opcional · bônus podem chegar no turno de qualquer jogador"}[lang]
    return steps_diagram(_STEPS[lang], ("#3d7fd9", "#8a5a2b", "#3aa655", "#555"),
                         lambda name: name[:1] in "12", note)


EXTRAS = {"pieces": _pieces, "turn_shape": _turn_diagram}


# --------------------------------------------------------------------------- scenarios
def _find_second_contribution(lesson: Any, final: Any) -> int | None:
    return lesson.find_event("flip", lambda e: e.data["tile"] == "great_hall")


def _find_pending(lesson: Any, final: Any) -> int | None:
    return lesson.find_event("flip", lambda e: e.data["tile"] == "royal_palace")


def offering_state(pillar: bool = False) -> Any:
    """A tiny game: Player 1 on the Central Square with 20 crystals has just made an offering
    (``pillar``: with a Pillar 1 in hand)."""
    from gamekit.core import new
    arrange = K.arrange

    st = new(G, players=3, seed=1, first_player=1)
    hand = ["vulca_3", "terrah_2", "aqua_1", "khind_1", "mimix_2", "lux_3", "venti_3",
            "pillar_1" if pillar else "pillar_3"]
    arrange(st, hands={0: hand}, crystals={0: 20})
    st.apply("p1 done")
    st.apply("p1 offer")
    return st


def _find_one_offering(lesson: Any, final: Any) -> Any:
    return offering_state()


def khind_state() -> Any:
    """A tiny game: Player 1 on the Earth Temple (red 5 4 3) with Terrah 2, Khind 3 and no other
    red card, movement ended."""
    from gamekit.core import new
    arrange = K.arrange

    st = new(G, players=3, seed=1, first_player=1)
    cell = st.to_dict()["tiles"]["earth_temple"]["cell"]
    arrange(st, hands={0: ["terrah_2", "khind_3", "vulca_3", "aqua_3", "venti_3", "pillar_3",
                           "lux_3", "mimix_3"]}, positions={0: tuple(cell)})
    st.apply("p1 done")
    return st


SCENARIOS = {
    "m_scales_first": {"find": _find_second_contribution},
    "m_pending": {"find": _find_pending},
    "m_one_offering": {"find": _find_one_offering},
    "m_khind": {"find": lambda lesson, final: khind_state()},
}


def legal_text(state: Any) -> str:
    return ", ".join(str(a) for a in state.decision(0).legal)


# the scenarios' texts name the legal actions the engine offers there
CATALOG.add(NS, {key: {lang: TEXTS[key][lang].replace("{legal}", legal_text(fn()))
                       for lang in ("en", "pt")}
                 for key, fn in (("m_one_offering", offering_state), ("m_khind", khind_state))})


def fork_point(lesson: Any) -> tuple[int, Any]:
    """Player 1's first Pillar card: the point right after the offering before it, and the
    alternative of ending the contribution phase instead."""
    i, _a = lesson.first_action(lambda a: a.seat == 0 and a.verb == "pillar",
                                "Pillar offering of Player 1")
    return i, Action(0, "done", ())


# --------------------------------------------------------------------------- the end
def explain_score(lesson: Any, state: Any, result: Any) -> list[str]:
    """Every offering of the winner and every crystal traced to its source."""
    lang = lesson.lang
    t = lesson.text
    w = result.winners[0]
    ev = state.events
    lines = [t("score_total", who=_seat(w, lang), n=state.offers[w])]
    offers, spent, pillar = [], 0, 0
    for e in ev:
        if e.seat != w:
            continue
        if e.kind == "play_power" and e.data["card"].startswith("pillar"):
            pillar = int(e.data["card"][-1])
        elif e.kind == "offer":
            cost = e.data["cost"]
            spent += cost
            offers.append(t("score_pillar", round=e.round, cost=cost, x=pillar) if pillar
                          else t("score_offer", round=e.round, cost=cost))
            pillar = 0
    lines.append("• " + t("score_spent", n=spent, detail="; ".join(offers)))
    won = {"majority": 0, "construction": 0, "neighbourhood": 0, "scales": 0}
    for e in ev:
        if e.seat != w:
            continue
        if e.kind == "gain_crystals":
            won[e.data["source"]] += e.data["n"]
        elif e.kind == "scale_score":
            won["scales"] += e.data["crystals"]
    detail = ", ".join(t("score_src_" + k, n=v) for k, v in won.items() if v)
    lines.append("• " + t("score_won", n=sum(won.values()), detail=detail,
                          left=state.crystals[w]))
    for s in range(state.players):
        if s != w:
            lines.append(t("score_other", who=_seat(s, lang), n=state.offers[s],
                           c=state.crystals[s]))
    lines.append(t("score_winner", who=", ".join(_seat(x, lang) for x in result.winners)))
    return lines
