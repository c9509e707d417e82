"""The Race for the Galaxy lesson: texts (en + pt-BR, catalog namespace ``lesson.race``),
chapters, quizzes, common-mistake scenarios and the scoring explanation.

Rule sections are named as in the Portuguese rulebook (``shared/rules``, pt-BR) and, in
English, as the engine's catalog names them (``rule.*`` messages of ``race``).

The lesson's game is the first-game setup for 2 players (start worlds 1 and 2 with their
preset hands: Epsilon Eridani and Alpha Centauri), heuristic bots, seed 4: in it a development
is placed for 0 cards with the Develop bonus (Public Works, which does not draw for itself), a
development placed in Develop helps conquer a military world in the same round's Settle, a
world is settled with a start world's discount, both Consume: Trade and Consume: 2x VP are
chosen, Produce fills production and windfall worlds, Trade sells before consuming, and the
game ends because the VP chips run out in round 12 (more VP are earned than the pool holds).
"""

from __future__ import annotations

import html as _html
from pathlib import Path
from typing import Any

from gamekit.core import CATALOG, get

from ..lesson import record_game, steps_diagram

G = "race"
#: the game's lesson support (``register(lesson=...)``): card data, scoring, drawings
K = get(G).lesson
COPIES, SIX_DEV, six_dev_points = K.COPIES, K.SIX_DEV, K.six_dev_points
NS = "lesson.race"
SEED = 4
PLAYERS = 2
OPTIONS = {"first_game": True}
RECORD = Path(__file__).parent / "data" / f"race-{PLAYERS}p-seed{SEED}.json"


def make_record(seed: int = SEED, path: Path | None = None) -> Path:
    """Play the lesson's game again with today's bots and save its record."""
    return record_game(G, PLAYERS, seed, path or RECORD, OPTIONS)


TEXTS: dict[str, dict[str, str]] = {
    "title": {
        "en": "<h2>Learn <i>Race for the Galaxy</i> by watching a game</h2>",
        "pt": "<h2>Aprenda <i>Race for the Galaxy</i> assistindo a uma partida</h2>",
    },
    "goal": {
        "en": "<h3>1. The goal in three sentences</h3><p>You build a space empire out of cards "
              "— <b>worlds</b> and <b>developments</b> — and the player with the most victory "
              "points (VP) wins. The game ends after the round in which someone has "
              "<b>12 cards</b> in their tableau or the <b>VP chips</b> run out (usually 7 to 11 "
              "rounds). The tension: every card is at once something to build, money to pay "
              "with, and (face down on a world) a good to sell or consume — a card spent is a "
              "card you will never build <small>(Overview; Game end)</small>.</p>",
        "pt": "<h3>1. O objetivo em três frases</h3><p>Você constrói um império espacial com "
              "cartas — <b>mundos</b> e <b>desenvolvimentos</b> — e vence quem tiver mais pontos "
              "de vitória (PV). A partida termina ao fim da rodada em que alguém tiver "
              "<b>12 cartas</b> na área de jogo ou em que as <b>fichas de PV</b> acabarem "
              "(geralmente de 7 a 11 rodadas). A tensão: cada carta é ao mesmo tempo algo a "
              "construir, dinheiro para pagar e (virada sobre um mundo) um bem para vender ou "
              "consumir — uma carta gasta é uma carta que você nunca vai baixar "
              "<small>(Visão geral; Fim de jogo)</small>.</p>",
    },
    "pieces": {
        "en": "<h3>2. The pieces at a glance</h3><p>Worlds are round (○ cost in cards, or a red "
              "● <b>defense</b> for a military world, which must be conquered); developments "
              "are square (◆ cost). The colour is the kind of good a world holds: Novelty (blue), "
              "Rare Elements (brown), Genes (green), Alien Technology (yellow); a small square "
              "on a world is a good. Roman numerals list the phases in which a card has a "
              "power; VP are printed on each card (? for the six-cost developments, which score "
              "at the end) <small>(Components; III: Settle)</small>.</p>",
        "pt": "<h3>2. As peças num relance</h3><p>Os mundos são redondos (○ custo em cartas, ou "
              "um ● vermelho com a <b>defesa</b> de um mundo militar, que precisa ser "
              "conquistado); os desenvolvimentos são quadrados (◆ custo). A cor é o tipo de bem "
              "do mundo: Artigos de Luxo (azul), Elementos Raros (marrom), Genes (verde), "
              "Tecnologia Alienígena (amarelo); um quadradinho sobre um mundo é um bem. Os "
              "números romanos indicam as fases em que a carta tem habilidade; os PV estão "
              "impressos em cada carta (? nos desenvolvimentos de custo 6, que pontuam no fim) "
              "<small>(Componentes; III: Colonização)</small>.</p>",
    },
    "round_shape": {
        "en": "<h3>3. The shape of a round</h3><p>Everyone chooses one of seven action cards "
              "<i>secretly and at the same time</i>; then all are revealed. Only the chosen "
              "phases happen, always in the order I Explore, II Develop, III Settle, IV Consume, "
              "V Produce. In each phase <b>every</b> player performs the action; the players who "
              "chose it also get its <b>bonus</b>. A phase chosen by both happens once. At the "
              "end of the round, hands above 10 cards are cut to 10 <small>(How to play; "
              "Cards, chips and round end)</small>.</p>",
        "pt": "<h3>3. A forma de uma rodada</h3><p>Cada um escolhe uma das sete cartas de ação "
              "<i>em segredo e ao mesmo tempo</i>; depois todas são reveladas. Só as fases "
              "escolhidas acontecem, sempre na ordem I Descoberta, II Desenvolvimento, "
              "III Colonização, IV Consumo, V Produção. Em cada fase <b>todos</b> os jogadores "
              "realizam a ação; quem a escolheu recebe também o <b>bônus</b>. Uma fase escolhida "
              "pelos dois acontece uma só vez. No fim da rodada, quem tem mais de 10 cartas na "
              "mão descarta até ficar com 10 <small>(Como jogar; Cartas, fichas e fim da "
              "rodada)</small>.</p>",
    },
    "game_intro": {
        "en": "<h3>4. A game, step by step</h3><p>Two players, the <b>first-game setup</b>: "
              "start worlds 1 and 2 and their four preset cards, no initial discard. Bots decide "
              "for both; we see every hand. The board below each text is the game at that "
              "moment.</p>",
        "pt": "<h3>4. Uma partida, passo a passo</h3><p>Dois jogadores, a <b>preparação da "
              "primeira partida</b>: mundos iniciais 1 e 2 e as quatro cartas predefinidas de "
              "cada um, sem descarte inicial. Bots decidem pelos dois; vemos todas as mãos. O "
              "tabuleiro abaixo de cada texto é a partida naquele momento.</p>",
    },
    "setup": {
        "en": "<p><b>Setup.</b> Player 1 starts with <i>Epsilon Eridani</i> (start world 1: "
              "+1 military, a consume power), Player 2 with <i>Alpha Centauri</i> (start world 2: "
              "Rare Elements worlds cost 1 less and it counts +1 military against them; it "
              "starts with a good, as a windfall world). 24 VP chips (12 per player) are in the "
              "pool <small>(Setup)</small>.</p>",
        "pt": "<p><b>Preparação.</b> O Jogador 1 começa com <i>Epsilon Eridani</i> (mundo "
              "inicial 1: +1 de Militarismo, uma habilidade de consumo), o Jogador 2 com "
              "<i>Alpha Centauri</i> (mundo inicial 2: mundos de Elementos Raros custam 1 a "
              "menos e ele tem +1 de Militarismo contra eles; começa com um bem, como mundo "
              "explorável). Há 24 fichas de PV (12 por jogador) na reserva "
              "<small>(Preparação)</small>.</p>",
    },
    "r1_develop": {
        "en": "<h4>Round 1 · II. Develop</h4><p>The action cards are revealed: Player 1 chose "
              "<b>Develop</b>, Player 2 <b>Settle</b>. So this round has exactly two phases, "
              "Develop then Settle, and <i>both</i> players may place a card in each. In "
              "Develop each player puts a development face down (or nothing), all are revealed "
              "together, and each pays its ◆ cost by discarding cards from hand. The bonus: "
              "whoever chose Develop pays one card less <small>(II: Develop)</small>.</p>",
        "pt": "<h4>Rodada 1 · II. Desenvolvimento</h4><p>As cartas de ação são reveladas: o "
              "Jogador 1 escolheu <b>Desenvolvimento</b>, o Jogador 2 <b>Colonização</b>. Esta "
              "rodada tem portanto duas fases, Desenvolvimento e depois Colonização, e "
              "<i>os dois</i> jogadores podem baixar uma carta em cada uma. No Desenvolvimento "
              "cada um coloca um desenvolvimento virado para baixo (ou nada), todos revelam ao "
              "mesmo tempo e pagam o custo ◆ descartando cartas da mão. O bônus: quem escolheu "
              "Desenvolvimento descarta uma carta a menos "
              "<small>(II: Desenvolvimento)</small>.</p>",
    },
    "r1_settle": {
        "en": "<h4>Round 1 · III. Settle</h4><p>Player 1 placed <i>Public Works</i> (cost 1) for "
              "<b>0 cards</b>: the Develop bonus. Its power \"draw a card after developing\" did "
              "<b>not</b> draw for itself — a card's powers start in the <i>next</i> phase. "
              "Player 2 also developed (<i>Expedition Force</i>) but paid the full cost, 1 card: "
              "no bonus without the action card <small>(II: Develop; Powers)</small>. Now "
              "Settle: each player may place one world. A world with a ○ cost is paid in cards; "
              "a military world (red ●) is <b>conquered</b>: military ≥ defense, no cards paid. "
              "The Settle bonus is one card drawn after placing a world <small>(III: Settle)"
              "</small>.</p>",
        "pt": "<h4>Rodada 1 · III. Colonização</h4><p>O Jogador 1 baixou <i>Public Works</i> "
              "(Obras Públicas, custo 1) por <b>0 cartas</b>: o bônus do Desenvolvimento. "
              "A habilidade \"compre "
              "uma carta após desenvolver\" <b>não</b> comprou para ela mesma — as habilidades "
              "de uma carta só valem a partir da fase <i>seguinte</i>. O Jogador 2 também "
              "desenvolveu (<i>Expedition Force</i>), mas pagou o custo inteiro, 1 carta: sem a "
              "carta de ação, sem bônus <small>(II: Desenvolvimento; Habilidades)</small>. Agora "
              "a Colonização: cada jogador pode baixar um mundo. Um mundo com custo ○ é pago "
              "em cartas; um mundo militar (● vermelho) é <b>conquistado</b>: Militarismo ≥ "
              "defesa, sem pagar cartas. O bônus da Colonização é comprar uma carta depois de "
              "baixar um mundo <small>(III: Colonização)</small>.</p>",
    },
    "r2_choose": {
        "en": "<h4>Round 2 · the choice</h4><p>Round 1 is over. Player 1 paid 2 cards for "
              "<i>Gem World</i> and drew nothing (Player 1 chose Develop, not Settle). Player 2 "
              "<b>conquered</b> <i>Rebel Miners</i> (defense 2) with military 2: +1 from Alpha "
              "Centauri against Rare Elements worlds and +1 from Expedition Force, placed in the "
              "Develop phase just before — it already works in Settle, the next phase — and drew "
              "its Settle bonus card <small>(III: Settle, Military conquest; Powers)</small>.</p>",
        "pt": "<h4>Rodada 2 · a escolha</h4><p>A rodada 1 terminou. O Jogador 1 pagou 2 cartas "
              "por <i>Gem World</i> e não comprou nada (escolheu Desenvolvimento, não "
              "Colonização). O Jogador 2 <b>conquistou</b> <i>Rebel Miners</i> (defesa 2) com "
              "Militarismo 2: +1 de Alpha Centauri contra mundos de Elementos Raros e +1 da "
              "Expedition Force, baixada no Desenvolvimento logo antes — ela já vale na "
              "Colonização, a fase seguinte — e comprou a carta do bônus da Colonização "
              "<small>(III: Colonização, Conquista Militar; Habilidades)</small>.</p>",
    },
    "r2_explore": {
        "en": "<h4>Round 2 · I. Explore</h4><p>Player 1 chose <b>Explore +1,+1</b>, Player 2 "
              "<b>Consume: Trade</b>. Explore: everyone draws 2 cards and keeps 1. Player 1's "
              "bonus: draw one more and keep one more (3, keep 2); the other Explore card gives "
              "+5 cards to look at instead. Player 2 looks at 3 too, but keeps 1: its "
              "Expedition Force draws one more card when exploring "
              "<small>(I: Explore)</small>.</p>",
        "pt": "<h4>Rodada 2 · I. Descoberta</h4><p>O Jogador 1 escolheu <b>Descoberta +1,+1</b>, "
              "o Jogador 2 <b>Consumo: Venda</b>. Descoberta: todos compram 2 cartas e ficam "
              "com 1. O bônus do Jogador 1: compra uma a mais e fica com uma a mais (3, fica "
              "com 2); a outra carta de Descoberta dá +5 cartas para escolher. O Jogador 2 "
              "também olha 3, mas fica com 1: a Expedition Force compra uma carta a mais na "
              "Descoberta <small>(I: Descoberta)</small>.</p>",
    },
    "r3_choose": {
        "en": "<h4>Round 3 · after Consume</h4><p>In round 2's Consume phase Player 2, who chose "
              "<b>Consume: Trade</b>, first <b>sold</b> the Rare Elements good of Alpha Centauri "
              "for 3 cards (Novelty 2, Rare 3, Genes 4, Alien 5). Then everyone must use their "
              "consume powers, discarding goods for VP chips and cards — Player 1 has two such "
              "powers but no good yet <small>(IV: Consume; $: Trade)</small>.</p>",
        "pt": "<h4>Rodada 3 · depois do Consumo</h4><p>Na fase de Consumo da rodada 2, o "
              "Jogador 2, que escolheu <b>Consumo: Venda</b>, primeiro <b>vendeu</b> o bem de "
              "Elementos Raros de Alpha Centauri por 3 cartas (Luxo 2, Raros 3, Genes 4, "
              "Alienígena 5). Depois todos devem usar suas habilidades de consumo, descartando "
              "bens por fichas de PV e cartas — o Jogador 1 tem duas dessas habilidades, mas "
              "ainda nenhum bem <small>(IV: Consumo; $: Venda)</small>.</p>",
    },
    "r3_settle": {
        "en": "<h4>Round 3 · III. Settle</h4><p>Explore again for Player 1, Settle for Player 2. "
              "Both have put a world face down: Player 1 <i>Empath World</i> (a windfall world: "
              "it gets a good the moment it is placed), Player 2 <i>Comet Zone</i>, a Rare "
              "Elements world of cost 3.</p>",
        "pt": "<h4>Rodada 3 · III. Colonização</h4><p>Descoberta de novo para o Jogador 1, "
              "Colonização para o Jogador 2. Os dois colocaram um mundo virado para baixo: o "
              "Jogador 1 <i>Empath World</i> (um mundo explorável: recebe um bem assim que é "
              "baixado), o Jogador 2 <i>Comet Zone</i>, um mundo de Elementos Raros de "
              "custo 3.</p>",
    },
    "r4_choose": {
        "en": "<h4>Round 4 · the choice</h4><p>Comet Zone cost Player 2 only 2 cards: Alpha "
              "Centauri makes Rare Elements worlds 1 cheaper (the Settle bonus is not a "
              "discount: it is the card drawn afterwards). Empath World came with its windfall "
              "Genes good <small>(III: Settle, windfall worlds)</small>.</p>",
        "pt": "<h4>Rodada 4 · a escolha</h4><p>Comet Zone custou só 2 cartas ao Jogador 2: "
              "Alpha Centauri deixa os mundos de Elementos Raros 1 mais baratos (o bônus da "
              "Colonização não é desconto: é a carta comprada depois). Empath World veio com o "
              "seu bem de exploração, Genes <small>(III: Colonização, mundos exploráveis)"
              "</small>.</p>",
    },
    "r5_choose": {
        "en": "<h4>Round 5 · the choice</h4><p>Round 4: Player 2 conquered <i>New "
              "Survivalists</i> (defense 1); Player 1, with Consume: Trade, sold the Genes good "
              "for 4 cards. Now both choose <b>Produce</b>: the phase happens once, and both get "
              "the bonus <small>(How to play)</small>.</p>",
        "pt": "<h4>Rodada 5 · a escolha</h4><p>Rodada 4: o Jogador 2 conquistou <i>New "
              "Survivalists</i> (defesa 1); o Jogador 1, com Consumo: Venda, vendeu o bem de "
              "Genes por 4 cartas. Agora os dois escolhem <b>Produção</b>: a fase acontece uma "
              "vez, e os dois recebem o bônus <small>(Como jogar)</small>.</p>",
    },
    "r6_choose": {
        "en": "<h4>Round 6 · after Produce</h4><p>Produce put a good (a face-down card from the "
              "deck) on every <b>production world</b> (filled circle) without one; the bonus "
              "put one more on a <b>windfall world</b> without a good (Empath World, Alpha "
              "Centauri). Gem World and Comet Zone also draw a card when they produce "
              "<small>(V: Produce)</small>.</p>",
        "pt": "<h4>Rodada 6 · depois da Produção</h4><p>A Produção colocou um bem (uma carta do "
              "estoque virada para baixo) em cada <b>mundo produtor</b> (círculo preenchido) sem "
              "bem; o bônus colocou mais um num <b>mundo explorável</b> sem bem (Empath World, "
              "Alpha Centauri). Gem World e Comet Zone também compram uma carta quando produzem "
              "<small>(V: Produção)</small>.</p>",
    },
    "r6_consume": {
        "en": "<h4>Round 6 · IV. Consume</h4><p>Player 1 chose <b>Consume: 2x VP</b>, Player 2 "
              "Develop. In Develop, Player 1 paid the full 5 for <i>Consumer Markets</i> — and "
              "now Public Works, in play since round 1, drew its card. Player 2 paid 2 for "
              "<i>Mining Conglomerate</i> (cost 3, Develop bonus). Next, every consume power is "
              "<b>mandatory</b>: Player 1 will turn goods into VP chips, doubled by the 2x bonus "
              "<small>(IV: Consume)</small>.</p>",
        "pt": "<h4>Rodada 6 · IV. Consumo</h4><p>O Jogador 1 escolheu <b>Consumo: PV x2</b>, o "
              "Jogador 2 Desenvolvimento. No Desenvolvimento o Jogador 1 pagou os 5 inteiros "
              "por <i>Consumer Markets</i> — e agora Public Works, em jogo desde a rodada 1, "
              "comprou a sua carta. O Jogador 2 pagou 2 por <i>Mining Conglomerate</i> "
              "(custo 3, bônus do Desenvolvimento). Em seguida, toda habilidade de consumo é "
              "<b>obrigatória</b>: o Jogador 1 vai transformar bens em fichas de PV, dobradas "
              "pelo bônus x2 <small>(IV: Consumo)</small>.</p>",
    },
    "r10_consume": {
        "en": "<h4>Rounds 7–10 · engines</h4><p>Rounds 7 and 9 are Produce again (both chose "
              "it), round 8 Consume and Settle: goods become cards and VP chips, and every chip "
              "taken empties the pool (12 left after round 8). In round 8's Settle Player 2 paid "
              "6 cards for <i>Alien Robotic Factory</i>, an Alien Technology production world. "
              "Round 10: Player 1 chose <b>Consume: 2x VP</b>, Player 2 <b>Consume: Trade</b>. "
              "Player 1 resolves first (lower start world). Player 2 will first <b>sell</b> its "
              "Alien Technology good — the most valuable, 5 cards — and only then use its "
              "consume powers on the other goods <small>(IV: Consume; $: Trade; Who goes "
              "first?)</small>.</p>",
        "pt": "<h4>Rodadas 7–10 · motores</h4><p>As rodadas 7 e 9 são de novo de Produção (os "
              "dois a escolheram), a rodada 8 de Consumo e Colonização: os bens viram cartas e "
              "fichas de PV, e cada ficha recebida esvazia a reserva (restam 12 depois da "
              "rodada 8). Na Colonização da rodada 8 o Jogador 2 pagou 6 cartas por <i>Alien "
              "Robotic Factory</i>, um mundo produtor de Tecnologia Alienígena. Rodada 10: o "
              "Jogador 1 escolheu <b>Consumo: PV x2</b>, o Jogador 2 <b>Consumo: Venda</b>. O "
              "Jogador 1 resolve primeiro (mundo inicial de número menor). O Jogador 2 vai "
              "primeiro <b>vender</b> o seu bem de Tecnologia Alienígena — o mais valioso, 5 "
              "cartas — e só depois usar as habilidades de consumo nos outros bens "
              "<small>(IV: Consumo; $: Venda; Quem joga primeiro?)</small>.</p>",
    },
    "game_end": {
        "en": "<h4>Round 12 · the end</h4><p>In round 12 both chose Consume: 2x VP. The pool "
              "held 6 chips but the players earned 8: every VP is still paid (with the 10-VP "
              "chips), the pool ends at −2, and the game ends at the end of this round (the "
              "round is always finished). Nobody reached 12 cards <small>(Game end)</small>.</p>",
        "pt": "<h4>Rodada 12 · o fim</h4><p>Na rodada 12 os dois escolheram Consumo: PV x2. A "
              "reserva tinha 6 fichas, mas os jogadores ganharam 8: todos os PV são pagos mesmo "
              "assim (com as fichas de 10 PV), a reserva termina em −2 e a partida termina no "
              "fim desta rodada (a rodada é sempre concluída). Ninguém chegou a 12 cartas "
              "<small>(Fim de jogo)</small>.</p>",
    },
    "flows_caption": {
        "en": "<p><b>Where did it all go? Round {n}.</b> Each band is cards, goods or VP chips "
              "moving between places: cards from the deck into hands, from hands into tableaus "
              "or the discard pile (payments), goods onto worlds and off them (sold or "
              "consumed), VP chips from the pool. Below: Player 1's stocks so far.</p>",
        "pt": "<p><b>Para onde foi tudo? Rodada {n}.</b> Cada faixa são cartas, bens ou fichas "
              "de PV mudando de lugar: cartas do estoque para a mão, da mão para a área de jogo "
              "ou para o descarte (pagamentos), bens para os mundos e para fora deles (vendidos "
              "ou consumidos), fichas de PV da reserva. Abaixo: os estoques do Jogador 1 até "
              "agora.</p>",
    },
    "scoring_intro": {
        "en": "<h3>6. Scoring, explained from the breakdown</h3><p>At the end each player adds "
              "the VP printed on the cards of their tableau, their VP chips and the points of "
              "their six-cost developments. A tie is won by the most cards in hand plus goods "
              "<small>(Game end)</small>.</p>",
        "pt": "<h3>6. A pontuação, explicada a partir da decomposição</h3><p>No fim cada jogador "
              "soma os PV impressos nas cartas da área de jogo, as fichas de PV e os pontos dos "
              "desenvolvimentos de custo 6. Um empate é decidido por mais cartas na mão mais "
              "bens <small>(Fim de jogo)</small>.</p>",
    },
    "mistakes_intro": {
        "en": "<h3>7. Common mistakes</h3><p>Each one as a tiny scenario: the board shows the "
              "moment.</p>",
        "pt": "<h3>7. Erros comuns</h3><p>Cada um como um pequeno cenário: o tabuleiro mostra o "
              "momento.</p>",
    },
    "m_public_works": {
        "en": "<p><b>“Why did Public Works not draw a card?”</b> A card's powers do not work in "
              "the phase in which it is placed, so Public Works never draws for itself; it "
              "draws from the next Develop phase on (round 6 here) "
              "<small>(Powers)</small>.</p>",
        "pt": "<p><b>“Por que Public Works (Obras Públicas) não comprou uma carta?”</b> As "
              "habilidades de uma carta não valem na fase em que ela é baixada: Public Works "
              "nunca compra para si mesma; compra a partir da fase de Desenvolvimento "
              "seguinte (aqui, na rodada 6) <small>(Habilidades)</small>.</p>",
    },
    "m_next_phase": {
        "en": "<p><b>“Can a development placed this round help in Settle?”</b> Yes: “the next "
              "phase” is meant literally. Expedition Force, placed in round 1's Develop, added "
              "its +1 military in round 1's Settle, and Rebel Miners was conquered "
              "<small>(Powers; III: Settle)</small>.</p>",
        "pt": "<p><b>“Um desenvolvimento baixado nesta rodada ajuda na Colonização?”</b> Sim: "
              "“a fase seguinte” é literal. A Expedition Force, baixada no Desenvolvimento da "
              "rodada 1, somou seu +1 de Militarismo na Colonização da rodada 1, e Rebel Miners "
              "foi conquistado <small>(Habilidades; III: Colonização)</small>.</p>",
    },
    "m_military_cards": {
        "en": "<p><b>“I have 6 cards — why can't I settle Malevolent Lifeforms?”</b> A military "
              "world (red ●, defense 4) is never paid in cards: it is conquered with military "
              "≥ its defense. Player 1 has military 1, so Settle offers only Gem World, Spice "
              "World and Rebel Fuel Cache (defense 1) — or nothing. Only Contact Specialist "
              "lets you pay for a military world (defense − 1) <small>(III: Settle, Military "
              "conquest)</small>.</p>",
        "pt": "<p><b>“Tenho 6 cartas — por que não posso colonizar Malevolent Lifeforms?”</b> Um "
              "mundo militar (● vermelho, defesa 4) nunca é pago em cartas: é conquistado com "
              "Militarismo ≥ defesa. O Jogador 1 tem Militarismo 1, então a Colonização só "
              "oferece Gem World, Spice World e Rebel Fuel Cache (defesa 1) — ou nada. Só o "
              "Especialista em Contato permite pagar por um mundo militar (defesa − 1) "
              "<small>(III: Colonização, Conquista Militar)</small>.</p>",
    },
    "m_bonus_chooser": {
        "en": "<p><b>“Player 2 drew a card after settling — why not Player 1?”</b> Both players "
              "perform every chosen phase, but only those who chose the action card get its "
              "bonus: Player 1 settled Gem World in a Settle phase chosen by Player 2, so "
              "Player 1 paid the full cost and drew nothing <small>(How to play)</small>.</p>",
        "pt": "<p><b>“O Jogador 2 comprou uma carta depois de colonizar — e o Jogador 1 não?”</b> "
              "Os dois realizam todas as fases escolhidas, mas só quem escolheu a carta de ação "
              "recebe o bônus: o Jogador 1 colonizou Gem World numa Colonização escolhida pelo "
              "Jogador 2, então pagou o custo inteiro e não comprou nada "
              "<small>(Como jogar)</small>.</p>",
    },
    "try_intro": {
        "en": "<h3>8. Try it yourself</h3><p>Fork the game at Player 1's very first choice: "
              "Develop (what the bot chose) against Settle; each line is played to the end by the "
              "same bots.</p>",
        "pt": "<h3>8. Experimente</h3><p>Bifurcamos a partida na primeira escolha do Jogador 1: "
              "Desenvolvimento (o que o bot escolheu) contra Colonização; cada linha é jogada "
              "até o fim pelos mesmos bots.</p>",
    },
    "explore": {
        "en": "<p>Below, the whole game in the interactive widget: travel in time with the "
              "slider, step decision by decision, filter the flows.</p>",
        "pt": "<p>Abaixo, a partida inteira no widget interativo: viaje no tempo com o cursor, "
              "avance decisão a decisão, filtre os fluxos.</p>",
    },
    # quizzes
    "q_phases": {
        "en": "Player 1 will choose Develop and Player 2 Settle. Which phases happen in round 1?",
        "pt": "O Jogador 1 vai escolher Desenvolvimento e o Jogador 2 Colonização. Quais fases "
              "acontecem na rodada 1?",
    },
    "q_phases_why": {
        "en": "only the chosen phases happen, in numeric order, each once (How to play).",
        "pt": "só as fases escolhidas acontecem, em ordem numérica, uma vez cada (Como jogar).",
    },
    "q_pw_cost": {
        "en": "How many cards will Player 1 discard to place Public Works (◆ cost 1)?",
        "pt": "Quantas cartas o Jogador 1 vai descartar para baixar Public Works (custo ◆ 1)?",
    },
    "q_pw_cost_why": {
        "en": "Player 1 chose Develop: one card less (II: Develop).",
        "pt": "o Jogador 1 escolheu Desenvolvimento: uma carta a menos (II: Desenvolvimento).",
    },
    "q_conquer": {
        "en": "How will Player 2 place Rebel Miners, a military world of defense 2?",
        "pt": "Como o Jogador 2 vai baixar Rebel Miners, um mundo militar de defesa 2?",
    },
    "q_conquer_why": {
        "en": "military 2 (Alpha Centauri +1 against Rare worlds, Expedition Force +1) matches "
              "the defense: conquered, no cards paid (III: Settle).",
        "pt": "Militarismo 2 (Alpha Centauri +1 contra mundos Raros, Expedition Force +1) iguala "
              "a defesa: conquistado, sem pagar cartas (III: Colonização).",
    },
    "q_trade": {
        "en": "Player 2 chose Consume: Trade. How many cards will selling the Rare Elements "
              "good give?",
        "pt": "O Jogador 2 escolheu Consumo: Venda. Quantas cartas a venda do bem de Elementos "
              "Raros vai dar?",
    },
    "q_trade_why": {
        "en": "Rare Elements sell for 3 (Novelty 2, Genes 4, Alien 5) ($: Trade).",
        "pt": "Elementos Raros valem 3 (Luxo 2, Genes 4, Alienígena 5) ($: Venda).",
    },
    "q_comet": {
        "en": "How many cards will Player 2 discard for Comet Zone (○ cost 3)?",
        "pt": "Quantas cartas o Jogador 2 vai descartar por Comet Zone (custo ○ 3)?",
    },
    "q_comet_why": {
        "en": "3 − 1 (Alpha Centauri: Rare Elements worlds cost 1 less); the Settle bonus is a "
              "card drawn afterwards (III: Settle).",
        "pt": "3 − 1 (Alpha Centauri: mundos de Elementos Raros custam 1 a menos); o bônus da "
              "Colonização é uma carta comprada depois (III: Colonização).",
    },
    "q_goods": {
        "en": "Both chose Produce. How many goods will Player 2 have after it?",
        "pt": "Os dois escolheram Produção. Quantos bens o Jogador 2 terá depois dela?",
    },
    "q_goods_why": {
        "en": "one on each production world (Rebel Miners, Comet Zone, New Survivalists) and, "
              "with the bonus, one on the windfall world Alpha Centauri (V: Produce).",
        "pt": "um em cada mundo produtor (Rebel Miners, Comet Zone, New Survivalists) e, com o "
              "bônus, um no mundo explorável Alpha Centauri (V: Produção).",
    },
    "choice.develop_settle": {"en": "II Develop, III Settle", "pt": "II Desenvolvimento, "
                                                                   "III Colonização"},
    "choice.all": {"en": "all five phases", "pt": "as cinco fases"},
    "choice.develop": {"en": "II Develop only", "pt": "só II Desenvolvimento"},
    "choice.conquer": {"en": "conquer it (0 cards)", "pt": "conquistar (0 cartas)"},
    "choice.pay2": {"en": "pay 2 cards", "pt": "pagar 2 cartas"},
    "choice.cannot": {"en": "it cannot", "pt": "não pode"},
    # scoring explanation
    "score_total": {"en": "<b>{who}</b> ({world}) scores <b>{vp} VP</b>:",
                    "pt": "<b>{who}</b> ({world}) faz <b>{vp} PV</b>:"},
    "score_tableau": {"en": "{vp} VP printed on the {n} cards of the tableau: {detail}.",
                      "pt": "{vp} PV impressos nas {n} cartas da área de jogo: {detail}."},
    "score_chips": {"en": "{vp} VP in chips, won by consuming goods (IV: Consume).",
                    "pt": "{vp} PV em fichas, ganhos consumindo bens (IV: Consumo)."},
    "score_six": {"en": "{vp} VP from the six-cost development {card}: {detail}.",
                  "pt": "{vp} PV do desenvolvimento de custo 6 {card}: {detail}."},
    "score_six_none": {"en": "nothing in the tableau matches it",
                       "pt": "nada na área de jogo corresponde a ele"},
    "score_military": {"en": "total military {n} × {vp}", "pt": "Militarismo total {n} × {vp}"},
    "score_chips3": {"en": "{n} chips ÷ 3 × {vp}", "pt": "{n} fichas ÷ 3 × {vp}"},
    "score_other": {
        "en": "{who} scores {vp} VP: {tableau} printed, {chips} in chips, {six} from six-cost "
              "developments.",
        "pt": "{who} faz {vp} PV: {tableau} impressos, {chips} em fichas, {six} de "
              "desenvolvimentos de custo 6.",
    },
    "score_tie": {
        "en": "{others} also scored {vp} VP: the tie is broken by cards in hand plus goods "
              "({a} against {b}) <small>(Game end)</small>.",
        "pt": "{others} também fez {vp} PV: o empate é decidido por cartas na mão mais bens "
              "({a} contra {b}) <small>(Fim de jogo)</small>.",
    },
    "score_winner": {"en": "<b>Winner: {who}.</b>", "pt": "<b>Vencedor: {who}.</b>"},
}

CATALOG.add(NS, TEXTS)

#: chapter -> where the lesson plays on to (``Lesson.reach`` arguments)
CHAPTERS: dict[str, dict[str, Any]] = {
    "setup": {"at": {}},
    "r1_develop": {"at": {"round": 1, "phase": "develop"}},
    "r1_settle": {"at": {"round": 1, "phase": "settle"}},
    "r2_choose": {"at": {"round": 2, "phase": "choose"}},
    "r2_explore": {"at": {"round": 2, "phase": "explore"}},
    "r3_choose": {"at": {"round": 3, "phase": "choose"}},
    "r3_settle": {"at": {"round": 3, "phase": "settle"}},
    "r4_choose": {"at": {"round": 4, "phase": "choose"}},
    "r5_choose": {"at": {"round": 5, "phase": "choose"}, "board": False},
    "r6_choose": {"at": {"round": 6, "phase": "choose"}},
    "r6_consume": {"at": {"round": 6, "phase": "consume"}},
    "r10_consume": {"at": {"round": 10, "phase": "consume"}},
    "game_end": {"at": {"phase": "end"}},
}


# --------------------------------------------------------------------------- quizzes
def _phases(lesson: Any, rnd: int) -> list[str]:
    return [e.data["name"].split(":", 1)[1] for e in lesson.final().events
            if e.kind == "phase" and e.round == rnd]


def _phases_answer(lesson: Any) -> str:
    got = _phases(lesson, 1)
    return {("develop", "settle"): "develop_settle", ("develop",): "develop"}.get(
        tuple(got), "all")


def _first(lesson: Any, kind: str, pred) -> Any:
    return next((e for e in lesson.final().events if e.kind == kind and pred(e)), None)


def paid_for(lesson: Any, seat: int, card: str) -> int:
    """Cards ``seat`` discarded to place ``card`` (the pay events just before its placing)."""
    paid = 0
    for e in lesson.final().events:
        if e.seat != seat:
            continue
        if e.kind == "pay":
            paid += 1
        elif e.kind == "place":
            if e.data["card"] == card:
                return paid
            paid = 0
        elif e.kind in ("phase", "round_start"):
            paid = 0
    return -1


def _conquer_answer(lesson: Any) -> str:
    if _first(lesson, "conquer", lambda e: e.data["card"] == "rebel_miners"):
        return "conquer"
    if _first(lesson, "place", lambda e: e.data["card"] == "rebel_miners"):
        return "pay2"
    return "cannot"


def _trade_answer(lesson: Any) -> int:
    e = _first(lesson, "sell", lambda e: e.rule == "trade" and e.seat == 1)
    return e.data["n"] if e else 0


def _goods_after_produce(lesson: Any) -> int:
    rnd = next(e.round for e in lesson.final().events
               if e.kind == "phase" and e.data["name"] == "phase:produce")
    here = lesson.session.index
    lesson.session.to_end()
    try:
        i = next(i for i in range(lesson.session.length + 1) if lesson.session.where(i)[0] > rnd)
        return len(lesson.session.state_at(i).goods[1])
    finally:
        lesson.session.goto(here)


QUIZZES: dict[str, dict[str, Any]] = {
    "q_phases": {
        "choices": lambda lesson: ["develop", "develop_settle", "all"],
        "answer": _phases_answer,
    },
    "q_pw_cost": {
        "choices": lambda lesson: [0, 1, 2],
        "answer": lambda lesson: paid_for(lesson, 0, "public_works"),
    },
    "q_conquer": {
        "choices": lambda lesson: ["pay2", "conquer", "cannot"],
        "answer": _conquer_answer,
    },
    "q_trade": {"choices": lambda lesson: [2, 3, 4, 5], "answer": _trade_answer},
    "q_comet": {
        "choices": lambda lesson: [1, 2, 3],
        "answer": lambda lesson: paid_for(lesson, 1, "comet_zone"),
    },
    "q_goods": {"choices": lambda lesson: [2, 3, 4], "answer": _goods_after_produce},
}


# --------------------------------------------------------------------------- drawings
_SAMPLES = (
    ("epsilon_eridani", {"en": "start world", "pt": "mundo inicial"}),
    ("gem_world", {"en": "production world", "pt": "mundo produtor"}),
    ("empath_world", {"en": "windfall world", "pt": "mundo explorável"}),
    ("rebel_miners", {"en": "military world", "pt": "mundo militar"}),
    ("public_works", {"en": "development", "pt": "desenvolvimento"}),
    ("free_trade_association", {"en": "six-cost development",
                                "pt": "desenvolvimento de custo 6"}),
)


def _pieces(lesson: Any, lang: str) -> str:
    cards = "".join(
        f"<div style='display:inline-block;margin:3px;vertical-align:top;text-align:center'>"
        f"<div style='font-size:11px;color:#555'>{_html.escape(label[lang])}</div>"
        f"{K.card_html(cid, lang, good='genes' if cid == 'empath_world' else None)}</div>"
        for cid, label in _SAMPLES
    )
    goods = " ".join(
        f"<span style='display:inline-block;margin-right:8px'><span style='display:inline-block;"
        f"width:11px;height:11px;background:{K.GOOD_COLOURS[g][0]};border:1px solid #222'>"
        f"</span> {_html.escape(CATALOG.name(G, g, lang))}</span>"
        for g in ("novelty", "rare", "genes", "alien")
    )
    return (f"<div class='gamekit-board rftg-board' style='font-family:system-ui,sans-serif;"
            f"font-size:12px'><div>{cards}</div><div style='margin-top:6px'>{goods}</div></div>")


_STEPS = {
    "en": (("Action choice", "secret, simultaneous"), ("I Explore", "+5 | +1,+1"),
           ("II Develop", "−1 card"), ("III Settle", "+1 card after"),
           ("IV Consume", "$ Trade | 2x VP"), ("V Produce", "+1 windfall good"),
           ("Round end", "hand ≤ 10")),
    "pt": (("Escolha das ações", "secreta, simultânea"), ("I Descoberta", "+5 | +1,+1"),
           ("II Desenvolvimento", "−1 carta"), ("III Colonização", "+1 carta depois"),
           ("IV Consumo", "$ Venda | PV x2"), ("V Produção", "+1 bem explorável"),
           ("Fim da rodada", "mão ≤ 10")),
}


def _round_diagram(lesson: Any, lang: str) -> str:
    note = {"en": "dashed: only if someone chose it · bonus for the chooser",
            "pt": "tracejado: só se alguém escolheu · bônus para quem escolheu"}[lang]
    colours = ("#555", "#3d7fd9", "#8a5a2b", "#3aa655", "#c0392b", "#d4b000", "#555")
    return steps_diagram(_STEPS[lang], colours, lambda name: name[:1] in "IV", note,
                         css_class="rftg-board")


EXTRAS = {"pieces": _pieces, "round_shape": _round_diagram}


# --------------------------------------------------------------------------- scenarios
def _find_public_works(lesson: Any, final: Any) -> int | None:
    return lesson.find_event("place", lambda e: e.data.get("card") == "public_works")


def _find_conquer(lesson: Any, final: Any) -> int | None:
    return lesson.find_event("conquer", lambda e: e.round == 1)


def _find_gem_world(lesson: Any, final: Any) -> int | None:
    return lesson.find_event("place", lambda e: e.data.get("card") == "gem_world")


def military_state() -> Any:
    """A tiny game: Player 1 (military 1) holds 6 cards and a military world of defense 4,
    both players chose Settle; the Settle pick is pending."""
    from gamekit.core import new

    st = new(G, players=2, seed=1, start_worlds=["epsilon_eridani", "alpha_centauri"],
             hands=[["malevolent_lifeforms", "gem_world", "spice_world", "rebel_fuel_cache",
                     "public_works", "investment_credits"],
                    ["comet_zone", "expedition_force", "mining_robots", "rebel_miners"]])
    st.apply("p1 choose settle")
    st.apply("p2 choose settle")
    return st


SCENARIOS = {
    "m_public_works": {"find": _find_public_works},
    "m_next_phase": {"find": _find_conquer},
    "m_military_cards": {"find": lambda lesson, final: military_state()},
    "m_bonus_chooser": {"find": _find_gem_world},
}


def fork_point(lesson: Any) -> tuple[int, Any]:
    """Player 1's first action choice and another action card (Settle, or Develop)."""
    from gamekit.core import Action

    i, a = lesson.first_action(lambda a: a.seat == 0 and a.verb == "choose",
                               "action choice of Player 1")
    return i, Action(0, "choose", ("settle" if a.args[0] != "settle" else "develop",))


# --------------------------------------------------------------------------- scoring
def _six_detail(lesson: Any, dev: str, tab: list[int], chips: int, lang: str) -> str:
    formulas = [(vp, f) for vp, f, _cond in SIX_DEV[dev] if f]
    mil_vp = sum(vp for vp, f in formulas if f == "total_military")
    parts = []
    for c in tab:  # what each card scores alone, without the once-only formulas
        pts = six_dev_points(dev, [c], 0) - mil_vp * COPIES[c].mil
        if pts:
            parts.append(f"{CATALOG.name(G, COPIES[c].id, lang)} +{pts}")
    for vp, f in formulas:
        if f == "total_military":
            mil = sum(COPIES[c].mil for c in tab)
            parts.append(lesson.text("score_military", n=mil, vp=vp))
        elif f == "vp_chips_div_3":
            parts.append(lesson.text("score_chips3", n=chips, vp=vp))
    return ", ".join(parts) or lesson.text("score_six_none")


def explain_score(lesson: Any, state: Any, result: Any) -> list[str]:
    """Every VP of the winner traced to its source (printed VP, chips, six-cost devs)."""
    lang = lesson.lang
    t = lesson.text
    w = result.winners[0]
    name = CATALOG.text(G, "seat", lang, n=w + 1)
    tab = state.tab[w]
    b = result.breakdown[w]
    world = CATALOG.name(G, COPIES[state.start[w]].id, lang)
    lines = [t("score_total", who=name, world=world, vp=result.scores[w])]
    detail = ", ".join(f"{CATALOG.name(G, COPIES[c].id, lang)} {COPIES[c].vp}" for c in tab
                       if COPIES[c].vp)
    lines.append("• " + t("score_tableau", vp=b["tableau"], n=len(tab), detail=detail))
    if b.get("chips"):
        lines.append("• " + t("score_chips", vp=b["chips"]))
    for key, vp in b.items():
        if key.startswith("six_dev:"):
            dev = key.split(":", 1)[1]
            lines.append("• " + t("score_six", vp=vp, card=CATALOG.name(G, dev, lang),
                                  detail=_six_detail(lesson, dev, tab, state.chips[w], lang)))
    for s in range(state.players):
        if s == w:
            continue
        bs = result.breakdown[s]
        six = sum(v for k, v in bs.items() if k.startswith("six_dev:"))
        lines.append(t("score_other", who=CATALOG.text(G, "seat", lang, n=s + 1),
                       vp=result.scores[s], tableau=bs["tableau"], chips=bs["chips"], six=six))
    tied = [s for s in range(state.players) if s != w and result.scores[s] == result.scores[w]]
    if tied:
        others = ", ".join(CATALOG.text(G, "seat", lang, n=s + 1) for s in tied)
        lines.append(t("score_tie", others=others, vp=result.scores[w],
                       a=state.tiebreak(w)[0],
                       b=", ".join(str(state.tiebreak(s)[0]) for s in tied)))
    lines.append(t("score_winner", who=", ".join(CATALOG.text(G, "seat", lang, n=x + 1)
                                               for x in result.winners)))
    return lines
