"""Messages (English and Portuguese) and component names of It's a Wonderful World.

Rule keys are the Portuguese rulebook's section headings (snake_case, no accents); their
messages give the heading in Portuguese and its English translation.
"""

from __future__ import annotations

from gamekit.core import CATALOG

from .data import CARDS, EMPIRES, SCENARIOS, SOLO

__all__ = ["MESSAGES", "NAMES", "RULES", "EVENT_KINDS", "ASK_KINDS"]

RULES = {
    "rule.preparacao": {"en": "IV Setup", "pt": "IV Preparação"},
    "rule.como_jogar": {"en": "V How to play", "pt": "V Como jogar"},
    "rule.fase_de_seleccao": {"en": "A. Draft phase", "pt": "A. Fase de Selecção"},
    "rule.fase_de_planeamento": {"en": "B. Planning phase", "pt": "B. Fase de Planeamento"},
    "rule.fase_de_producao": {"en": "C. Production phase", "pt": "C. Fase de Produção"},
    "rule.bonus_supremacia": {
        "en": "C. Production phase, 2. Supremacy bonus",
        "pt": "C. Fase de Produção, 2. Bónus Supremacia",
    },
    "rule.construcao": {
        "en": "C. Production phase, 3. Construction",
        "pt": "C. Fase de Produção, 3. Construção",
    },
    "rule.transformar_krystallium": {
        "en": "Turning cubes into Krystallium", "pt": "Transformar cubos em Krystallium",
    },
    "rule.descartar_em_construcao": {
        "en": "Discarding a card under construction",
        "pt": "Descartar uma carta \"Em Construção\"",
    },
    "rule.final_do_jogo": {"en": "VI End of the game", "pt": "VI Final do jogo"},
    "rule.modo_2_jogadores": {"en": "2-player mode", "pt": "Modo 2 jogadores"},
    "rule.modo_a_solo": {"en": "Solo mode", "pt": "Modo a solo"},
    "rule.cenarios_a_solo": {"en": "Solo scenarios", "pt": "Cenários a solo"},
}

EVENTS = {
    "setup": {
        "en": "A game for {players} player(s) with side {side} of the Empire cards: {empires}.",
        "pt": "Um jogo para {players} jogador(es) com o lado {side} das cartas Império: {empires}.",
    },
    "scenario_setup": {
        "en": "Scenario {scenario}: {cards} start in {who}'s construction area.",
        "pt": "Cenário {scenario}: {cards} começam na área de Construção de {who}.",
    },
    "projects_formed": {
        "en": "{piles} Development Projects of {size} face-down cards are formed; the rest is the deck.",
        "pt": "Formam-se {piles} Projectos de Desenvolvimento de {size} cartas viradas para baixo; o resto é o baralho.",
    },
    "round_start": {"en": "Round {n} begins.", "pt": "Começa a ronda {n}."},
    "round_end": {"en": "Round {n} ends.", "pt": "Termina a ronda {n}."},
    "deal": {
        "en": "Each player is dealt {size} development cards; this round the cards pass {direction}.",
        "pt": "Cada jogador recebe {size} cartas de Desenvolvimento; nesta ronda as cartas passam para a {direction}.",
    },
    "picked": {
        "en": "{who} secretly picks {card}.",
        "pt": "{who} escolhe em segredo {card}.",
    },
    "picked_face_down": {
        "en": "{who} picks a card face down.",
        "pt": "{who} escolhe uma carta, virada para baixo.",
    },
    "reveal": {
        "en": "Everyone reveals the picked card: {picks}.",
        "pt": "Todos mostram a carta escolhida: {picks}.",
    },
    "passed": {
        "en": "The remaining hands of {size} card(s) pass to the {direction}.",
        "pt": "As mãos restantes de {size} carta(s) passam para a {direction}.",
    },
    "last_card": {
        "en": "Everyone keeps the last card passed to them: {picks}.",
        "pt": "Cada um fica com a última carta que recebeu: {picks}.",
    },
    "leftover_discarded": {
        "en": "The last {size} cards of each hand are discarded without recycling bonus.",
        "pt": "As últimas {size} cartas de cada mão são descartadas sem Bónus de Reciclagem.",
    },
    "project_taken": {
        "en": "{who} takes Development Project {sequence} of this round: {cards}.",
        "pt": "{who} pega no Projecto de Desenvolvimento {sequence} desta ronda: {cards}.",
    },
    "phase_planning": {
        "en": "Planning: each drafted card is kept for construction or recycled.",
        "pt": "Planeamento: cada carta seleccionada é guardada para Construção ou reciclada.",
    },
    "kept": {
        "en": "{who} slates {card} for construction.",
        "pt": "{who} guarda {card} para Construção.",
    },
    "recycled": {
        "en": "{who} recycles {card} and takes 1 {resource}.",
        "pt": "{who} recicla {card} e recebe 1 {resource}.",
    },
    "placed": {
        "en": "{who} places {n} {resource} on {target}.",
        "pt": "{who} coloca {n} {resource} em {target}.",
    },
    "placed_empire": {
        "en": "{who} places {n} {resource} on the Empire card.",
        "pt": "{who} coloca {n} {resource} na carta Império.",
    },
    "produce": {
        "en": "{resource} production by seat: {amounts}.",
        "pt": "Produção de {resource} por jogador: {amounts}.",
    },
    "supremacy_won": {
        "en": "{who} produced the most {resource} and wins the supremacy bonus ({token}).",
        "pt": "{who} produziu mais {resource} e ganha o Bónus Supremacia ({token}).",
    },
    "supremacy_none": {
        "en": "Nobody wins the {resource} supremacy bonus.",
        "pt": "Ninguém ganha o Bónus Supremacia de {resource}.",
    },
    "supremacy_choice": {
        "en": "{who} chooses a {token} as the science supremacy bonus.",
        "pt": "{who} escolhe um {token} como Bónus Supremacia da Ciência.",
    },
    "built": {
        "en": "{who} completes {card}, which joins the Empire (construction bonus: {bonus}).",
        "pt": "{who} conclui {card}, que se junta ao Império (Bónus de Construção: {bonus}).",
    },
    "krystallium_made": {
        "en": "{who} turns 5 cubes on the Empire card ({cubes}) into 1 Krystallium.",
        "pt": "{who} transforma 5 cubos da carta Império ({cubes}) em 1 Krystallium.",
    },
    "token_used": {
        "en": "{who} places a {token} on {target}.",
        "pt": "{who} coloca um {token} em {target}.",
    },
    "discarded": {
        "en": "{who} discards {card} from construction and puts its recycling bonus ({resource}) on the Empire card; what was on it is lost.",
        "pt": "{who} descarta {card} da Construção e coloca o seu Bónus de Reciclagem ({resource}) na carta Império; o que estava nela perde-se.",
    },
    "exchange_started": {
        "en": "{who} discards {card} to look at cards from the deck (one more to discard).",
        "pt": "{who} descarta {card} para ver cartas do baralho (falta descartar mais uma).",
    },
    "exchange_drawn": {
        "en": "{who} discarded {cards} and draws {drawn}.",
        "pt": "{who} descartou {cards} e tira {drawn}.",
    },
    "exchange_taken": {
        "en": "{who} keeps {card} and discards {discarded}.",
        "pt": "{who} fica com {card} e descarta {discarded}.",
    },
    "game_end": {
        "en": "The game is over. Scores by seat: {scores}.",
        "pt": "O jogo terminou. Pontuação por jogador: {scores}.",
    },
    "solo_rating": {
        "en": "Solo rating: {vp} VP, {band}.",
        "pt": "Classificação a solo: {vp} PV, {band}.",
    },
    "scenario_result": {
        "en": "Scenario {scenario}: all cards built: {built}; medal: {medal}.",
        "pt": "Cenário {scenario}: todas as cartas construídas: {built}; medalha: {medal}.",
    },
}

SUMMARY = {
    "summary_seat": {
        "en": "{who} ({empire}): {built} built, {constr} under construction, {kryst} Krystallium, "
              "{fin} financier(s), {gen} general(s), {vp} VP",
        "pt": "{who} ({empire}): {built} construídas, {constr} em construção, {kryst} Krystallium, "
              "{fin} Financeiro(s), {gen} General(is), {vp} PV",
    },
}

ASKS = {
    "ask.draft": {
        "en": "Pick card {n} of 7 to draft (the rest pass {direction})",
        "pt": "Escolhe a carta {n} de 7 a seleccionar (as restantes passam para a {direction})",
    },
    "ask.plan": {
        "en": "Keep a drafted card for construction or recycle it ({n} left)",
        "pt": "Guarda uma carta seleccionada para Construção ou recicla-a (faltam {n})",
    },
    "ask.place": {
        "en": "Place one {resource} cube ({n} to place) on a card under construction or the Empire card",
        "pt": "Coloca um cubo {resource} ({n} por colocar) numa carta Em Construção ou na carta Império",
    },
    "ask.supremacy": {
        "en": "Choose the {resource} supremacy bonus: a financier or a general",
        "pt": "Escolhe o Bónus Supremacia de {resource}: um Financeiro ou um General",
    },
    "ask.tokens": {
        "en": "Place Krystallium or characters, or discard a card under construction, now; "
              "or be done",
        "pt": "Coloca Krystallium ou Personagens, ou descarta uma carta Em Construção, agora; "
              "ou termina",
    },
    "ask.exchange_second": {
        "en": "Discard a second card (after {card}) to look at 5 cards from the deck",
        "pt": "Descarta uma segunda carta (depois de {card}) para ver 5 cartas do baralho",
    },
    "ask.exchange_take": {
        "en": "Keep one of the 5 cards drawn; the other 4 are discarded",
        "pt": "Fica com uma das 5 cartas tiradas; as outras 4 são descartadas",
    },
}

MESSAGES = {**RULES, **EVENTS, **ASKS, **SUMMARY}
EVENT_KINDS = tuple(EVENTS)
ASK_KINDS = tuple(k.split(".", 1)[1] for k in ASKS)

NAMES: dict[str, dict[str, str]] = {
    "materials": {"en": "materials", "pt": "Matéria-prima"},
    "energy": {"en": "energy", "pt": "Energia"},
    "science": {"en": "science", "pt": "Ciência"},
    "gold": {"en": "gold", "pt": "Ouro"},
    "exploration": {"en": "exploration", "pt": "Exploração"},
    "krystallium": {"en": "Krystallium", "pt": "Krystallium"},
    "financier": {"en": "financier", "pt": "Financeiro"},
    "general": {"en": "general", "pt": "General"},
    "choice": {"en": "financier or general", "pt": "Financeiro ou General"},
    "structure": {"en": "structure", "pt": "Estrutura"},
    "vehicle": {"en": "vehicle", "pt": "Veículo"},
    "research": {"en": "research", "pt": "Investigação"},
    "project": {"en": "project", "pt": "Projecto"},
    "discovery": {"en": "discovery", "pt": "Descoberta"},
    "empire": {"en": "the Empire card", "pt": "a carta Império"},
    "left": {"en": "left", "pt": "esquerda"},
    "right": {"en": "right", "pt": "direita"},
    "none": {"en": "none", "pt": "nenhuma"},
    "yes": {"en": "yes", "pt": "sim"},
    "no": {"en": "no", "pt": "não"},
    "bronze": {"en": "bronze", "pt": "bronze"},
    "silver": {"en": "silver", "pt": "prata"},
}
for _c in CARDS.values():
    NAMES[_c.id] = {"en": _c.en, "pt": _c.pt or _c.en}
for _e in EMPIRES.values():
    NAMES[_e.id] = {"en": _e.en, "pt": _e.pt or _e.en}
for _s in SCENARIOS.values():
    NAMES[_s["code"]] = {"en": f"{_s['code']} {_s['en']}", "pt": f"{_s['code']} {_s['pt']}"}
for _low, _en, _pt in SOLO["rating"]:
    NAMES[_en] = {"en": _en, "pt": _pt}

CATALOG.add("wonderful", MESSAGES)
CATALOG.add_names("wonderful", NAMES)
