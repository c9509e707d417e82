"""Messages of Gaia Project (English and Brazilian Portuguese) and display names.

Names come from the component data (``Name`` with the pt-BR rulebook's wording where it has
one). Rule keys are the rulebook's section headings ("Fase III: Ações", "9) Ganhando Poder", …).
Ids that clash between kinds are prefixed in events: ``track:terra``, ``final:gaia``,
``fedtoken:gleens``.
"""

from __future__ import annotations

from gamekit.core import CATALOG

from .components import (
    BOARD_ACTIONS,
    BOOSTERS,
    BUILDINGS,
    FACTIONS,
    FEDERATION_TOKENS,
    FINAL_SCORING,
    PLANETS,
    RESOURCES,
    ROUND_SCORING,
    TECH,
    TRACKS,
)


def _n(name, ident: str) -> dict[str, str]:
    return {"en": name.en or ident, "pt": name.pt}


def _fed_name(t) -> dict[str, str]:
    if t.id == "gleens":
        return {"en": "Gleens federation token", "pt": "Indicador de Aliança dos Gleens"}
    gain = ", ".join(f"{v} {_EN_RES.get(k, k)}" for k, v in t.gain.items())
    pt = {"credits": "Créditos", "ore": "Minério", "knowledge": "Conhecimento", "qic": "C.I.Q.",
          "power_tokens": "Marcadores de Poder"}
    gain_pt = ", ".join(f"{v} {pt[k]}" for k, v in t.gain.items())
    return {"en": f"federation token {t.vp} VP" + (f" + {gain}" if gain else ""),
            "pt": f"Indicador de Aliança {t.vp} PV" + (f" + {gain_pt}" if gain_pt else "")}


_EN_RES = {"credits": "credits", "ore": "ore", "knowledge": "knowledge", "qic": "QIC",
           "power_charge": "power charge", "power_tokens": "power tokens"}
_EN_ACTION = {"step": "build a mine with 1 free terraforming step",
              "range+3": "build a mine or start a Gaia project with range +3"}
_EN_PER = {"mine": "mine", "trading_station": "trading station", "research_lab": "research lab",
           "big_building": "planetary institute and academy", "gaia_planet": "Gaia planet"}


def _booster_name(b) -> dict[str, str]:
    """English booster names (the data has the rulebook's Portuguese only)."""
    parts = ["income " + ", ".join(f"{v} {_EN_RES[k]}" for k, v in b.income.items())]
    if b.action:
        parts.append("action: " + _EN_ACTION[b.action])
    if b.pass_per:
        parts.append(f"pass: {b.pass_vp} VP per {_EN_PER[b.pass_per]}")
    return {"en": "; ".join(parts), "pt": b.name.pt.rstrip(".")}


NAMES: dict[str, dict[str, str]] = {}
NAMES.update({k: _n(v.name, k) for k, v in FACTIONS.items()})
NAMES.update({k: _n(v.name, k) for k, v in PLANETS.items()})
NAMES.update({v.code: _n(v.name, k) for k, v in BUILDINGS.items()})
NAMES.update({k: _n(v.name, k) for k, v in RESOURCES.items()})
NAMES.update({"track:" + k: _n(v.name, k) for k, v in TRACKS.items()})
NAMES.update({k: _n(v.name, k) for k, v in TECH.items()})
NAMES.update({k: _booster_name(v) for k, v in BOOSTERS.items()})
NAMES.update({k: _n(v.name, k) for k, v in ROUND_SCORING.items()})
NAMES.update({"final:" + k: _n(v.name, k) for k, v in FINAL_SCORING.items()})
NAMES.update({k: _n(v.name, k) for k, v in BOARD_ACTIONS.items()})
NAMES.update({"fedtoken:" + k: _fed_name(v) for k, v in FEDERATION_TOKENS.items()})
NAMES.update({
    "lost": {"en": "Lost Planet", "pt": "Planeta Escuro"},
    "empty": {"en": "empty space", "pt": "espaço vazio"},
    "power": {"en": "power", "pt": "Poder"},
    "power_charge": {"en": "power charge", "pt": "carga de Poder"},
    "power_tokens": {"en": "power tokens", "pt": "Marcadores de Poder"},
    "vp": {"en": "VP", "pt": "PV"},
    "up-lowest": {"en": "advance a lowest research track", "pt": "avançar numa pesquisa mais baixa"},
    "space-station": {"en": "place a space station", "pt": "colocar uma Estação Espacial"},
    "swap-PI": {"en": "swap the planetary institute with a mine",
                "pt": "trocar o Instituto Planetário com uma Mina"},
    "down-lab": {"en": "turn a research lab back into a trading station",
                 "pt": "rebaixar um Laboratório de Pesquisa a Estação de Comércio"},
    "use": {"en": "use", "pt": "usar"},
    "custom": {"en": "chosen hex by hex", "pt": "escolhida espaço a espaço"},
    "keep": {"en": "keep", "pt": "guardar"},
    "tokens": {"en": "new power tokens", "pt": "novos Marcadores de Poder"},
    "charge": {"en": "power charge", "pt": "carga de Poder"},
    # score and flow places (the flows panel and the VP breakdown name them)
    "board_action": {"en": "power and QIC actions", "pt": "ações de Poder e de C.I.Q."},
    "gaia_area": {"en": "Gaia area", "pt": "Área Gaia"},
    "end_resources": {"en": "resources left at the end", "pt": "recursos no fim do jogo"},
})
# final scoring (the tiles' own names) and research VP at the end of the game, per track
NAMES.update({"end_" + k: NAMES["final:" + k] for k in FINAL_SCORING})
NAMES.update({"end_research_" + k: {"en": f"research: {NAMES['track:' + k]['en']}",
                                    "pt": f"pesquisa: {NAMES['track:' + k]['pt']}"}
              for k in TRACKS})

MESSAGES = {
    # --- rulebook sections
    "rule.setup": {"en": "Setup", "pt": "Preparação"},
    "rule.rounds": {"en": "Rounds", "pt": "Rodadas"},
    "rule.income": {"en": "Phase I: Income", "pt": "Fase I: Renda"},
    "rule.gaia": {"en": "Phase II: Gaia / 2) Start a Gaia project",
                  "pt": "Fase II: Gaia / 2) Iniciar um Projeto Gaia"},
    "rule.mine": {"en": "1) Build a mine", "pt": "1) Construir uma Mina"},
    "rule.upgrade": {"en": "3) Upgrade a structure", "pt": "3) Melhorando suas Estruturas"},
    "rule.federation": {"en": "4) Form a federation", "pt": "4) Forjando Alianças"},
    "rule.research": {"en": "5) Research", "pt": "5) Pesquisa e Tecnologias"},
    "rule.tech": {"en": "Tech tiles", "pt": "Tecnologias (Apêndice VI)"},
    "rule.power_qic": {"en": "6) Power and QIC actions", "pt": "6) Ações de Poder e C.I.Q."},
    "rule.special": {"en": "7) Special actions", "pt": "7) Ações Especiais"},
    "rule.pass": {"en": "8) Pass", "pt": "8) Passando a vez"},
    "rule.leech": {"en": "9) Gaining power", "pt": "9) Ganhando Poder"},
    "rule.free": {"en": "10) Free actions", "pt": "10) Ações Livres"},
    "rule.faction": {"en": "Appendix I: Factions", "pt": "Apêndice I: Facções"},
    "rule.end": {"en": "End of the game and scoring", "pt": "Fim do Jogo e Pontuação"},
    # --- events
    "bid": {"en": "{who} bids {n} VP for {faction}.", "pt": "{who} oferece {n} PV por {faction}."},
    "faction": {"en": "{who} plays the {faction}.", "pt": "{who} joga com {faction}."},
    "build_mine": {"en": "{who} builds a mine on {hex} ({planet}, {steps} terraforming steps).",
                   "pt": "{who} constrói uma Mina em {hex} ({planet}, {steps} passos de "
                         "terraformação)."},
    "guest_mine": {"en": "{who} builds a mine on {hex}, a planet an opponent colonised.",
                   "pt": "{who} constrói uma Mina em {hex}, planeta colonizado por um oponente."},
    "place_pi": {"en": "{who} places the planetary institute on {hex}.",
                 "pt": "{who} coloca o Instituto Planetário em {hex}."},
    "booster": {"en": "{who} takes a round booster ({booster})",
                "pt": "{who} pega um Marcador de Bônus ({booster})"},
    "round_start": {"en": "Round {n} begins (round scoring: {tile}).",
              "pt": "Começa a rodada {n} (pontuação da rodada: {tile})."},
    "income": {"en": "{who} receives income: {got}.", "pt": "{who} recebe renda: {got}."},
    "income_order": {"en": "{who} takes {n} {first} of the income now.",
                     "pt": "{who} recebe agora {n} {first} da renda."},
    "gaia_planet": {"en": "The Transdim planet {hex} becomes a Gaia planet.",
                    "pt": "O planeta Transdim {hex} se torna um planeta Gaia."},
    "gaia_back": {"en": "{who} takes {n} power tokens back from the Gaia area.",
                  "pt": "{who} recupera {n} Marcadores de Poder da área Gaia."},
    "gaia_project": {"en": "{who} starts a Gaia project on {hex} ({n} power tokens).",
                     "pt": "{who} inicia um Projeto Gaia em {hex} ({n} Marcadores de Poder)."},
    "upgrade": {"en": "{who} upgrades the {old} on {hex} to a {new}.",
                "pt": "{who} melhora {old} em {hex} para {new}."},
    "research": {"en": "{who} advances on {track} to level {level}.",
                 "pt": "{who} avança em {track} para o nível {level}."},
    "tech": {"en": "{who} takes the tech tile '{tile}'.",
             "pt": "{who} pega a Tecnologia '{tile}'."},
    "tech_advanced": {"en": "{who} takes the advanced tech tile '{tile}'.",
                      "pt": "{who} pega a Tecnologia Avançada '{tile}'."},
    "cover": {"en": "{who} covers the tech tile '{tile}'.",
              "pt": "{who} cobre a Tecnologia '{tile}'."},
    "board_action": {"en": "{who} takes the action '{action}'.",
                     "pt": "{who} realiza a ação '{action}'."},
    "special": {"en": "{who} takes a special action ({action})",
                "pt": "{who} realiza uma ação especial ({action})"},
    "federation": {"en": "{who} forms a federation of {n} structures with {sats} satellites.",
                   "pt": "{who} forma uma Aliança de {n} estruturas com {sats} satélites."},
    "fed_token": {"en": "{who} takes a {token}.", "pt": "{who} pega um {token}."},
    "rescore": {"en": "{who} gains the reward of the {token} again.",
                "pt": "{who} recolhe novamente a recompensa do {token}."},
    "lost_planet": {"en": "{who} places the Lost Planet on {hex}.",
                    "pt": "{who} coloca o Planeta Escuro em {hex}."},
    "station": {"en": "{who} places a space station on {hex}.",
                "pt": "{who} coloca uma Estação Espacial em {hex}."},
    "downlab": {"en": "{who} turns the research lab on {hex} back into a trading station.",
                "pt": "{who} rebaixa o Laboratório de Pesquisa em {hex} a Estação de Comércio."},
    "brainstone": {"en": "{who}'s brainstone goes to bowl {bowl}.",
                   "pt": "O Cristal Cerebral de {who} vai para a área {bowl}."},
    "brainstone_gaia": {"en": "{who}'s brainstone goes to the Gaia area as one of the tokens.",
                        "pt": "O Cristal Cerebral de {who} vai para a área Gaia como um dos "
                              "marcadores."},
    "brainstone_discard": {"en": "{who} discards the brainstone as one of the tokens.",
                           "pt": "{who} descarta o Cristal Cerebral como um dos marcadores."},
    "brainstone_spend": {"en": "{who} chooses to {choice} the brainstone.",
                         "pt": "{who} escolhe {choice} o Cristal Cerebral."},
    "recall": {"en": "{who} moves the gaiaformer away from the Gaia planet {hex}.",
               "pt": "{who} retira o Gaiaformador do planeta Gaia {hex}."},
    "swap": {"en": "{who} swaps the planetary institute with the mine on {hex}.",
             "pt": "{who} troca o Instituto Planetário de lugar com a Mina em {hex}."},
    "itars": {"en": "{who} discards 4 power tokens from the Gaia area for a tech tile.",
              "pt": "{who} descarta 4 Marcadores de Poder da área Gaia por uma Tecnologia."},
    "terrans": {"en": "{who} cashes {n} Gaia-area tokens for {got} (planetary institute).",
                "pt": "{who} converte {n} marcadores da área Gaia em {got} (Instituto "
                      "Planetário)."},
    "convert": {"en": "{who} converts {paid} into {got}.", "pt": "{who} converte {paid} em {got}."},
    "burn": {"en": "{who} burns power (sacrifices a token in bowl II).",
             "pt": "{who} faz um Sacrifício de Poder (remove um marcador da Área II)."},
    "pass": {"en": "{who} passes.", "pt": "{who} passa a vez."},
    "leech": {"en": "{who} charges {n} power for {vp} VP.",
              "pt": "{who} carrega {n} de Poder por {vp} PV."},
    "decline": {"en": "{who} declines the power.", "pt": "{who} recusa o Poder."},
    "final_tile": {"en": "Final scoring: {tile}.", "pt": "Pontuação final: {tile}."},
    "game_end": {"en": "The game ends after round 6.", "pt": "O jogo termina após a rodada 6."},
    # --- decisions
    "ask.faction": {"en": "Choose your faction", "pt": "Escolha sua facção"},
    "ask.auction": {"en": "Name a faction or outbid its holder (VP paid at the end)",
                    "pt": "Escolha uma facção ou cubra o lance de quem a tem (PV pagos no fim)"},
    "ask.auction_name": {"en": "Name a faction for the auction (the bids come once everyone "
                               "has named one)",
                         "pt": "Indique uma facção para o leilão (os lances vêm quando todos "
                               "tiverem indicado uma)"},
    "ask.auction_bid": {"en": "Bid VP on a named faction: nobody holds it (0 or more) or outbid "
                              "its holder (VP paid at the end)",
                        "pt": "Dê um lance em PV por uma facção indicada: sem dono (0 ou mais) ou "
                              "cobrindo o lance de quem a tem (PV pagos no fim)"},
    "auction_name": {"en": "{who} names {faction} for the auction.",
                     "pt": "{who} indica {faction} para o leilão."},
    "ask.place": {"en": "Place a starting structure on a planet of your home type",
                  "pt": "Coloque uma estrutura inicial num planeta do seu tipo"},
    "ask.booster": {"en": "Take a round booster", "pt": "Pegue um Marcador de Bônus"},
    "ask.income_order": {"en": "Power tokens and power charges arrive together: which next?",
                         "pt": "Marcadores e cargas de Poder chegam juntos: qual agora?"},
    "ask.itars": {"en": "Discard 4 Gaia-area tokens for a tech tile?",
                  "pt": "Descartar 4 marcadores da área Gaia por uma Tecnologia?"},
    "ask.terrans": {"en": "Cash Gaia-area tokens as power on their way to bowl II?",
                    "pt": "Converter marcadores da área Gaia como Poder a caminho da Área II?"},
    "ask.turn": {"en": "Your turn: take a main action (free actions first if you like)",
                 "pt": "Sua vez: faça uma ação principal (ações livres antes, se quiser)"},
    "ask.after": {"en": "Free actions, or end your turn",
                  "pt": "Ações livres, ou encerre sua vez"},
    "ask.mine": {"en": "Build a mine with the action's bonus",
                 "pt": "Construa uma Mina com o bônus da ação"},
    "ask.tech": {"en": "Take a tech tile", "pt": "Pegue uma Tecnologia"},
    "ask.cover": {"en": "Cover one of your basic tech tiles",
                  "pt": "Cubra uma das suas Tecnologias básicas"},
    "ask.step": {"en": "Advance one research level (or not)",
                 "pt": "Avance um nível de pesquisa (ou não)"},
    "ask.fedpick": {"en": "Lay out your federation: add a structure or a satellite space, or "
                          "finish", "pt": "Monte sua Aliança: acrescente uma estrutura ou um "
                                          "espaço de Satélite, ou conclua"},
    "ask.fedtoken": {"en": "Take a federation token", "pt": "Pegue um Indicador de Aliança"},
    "ask.rescore": {"en": "Which federation token's reward again?",
                    "pt": "A recompensa de qual Indicador de Aliança, de novo?"},
    "ask.lost": {"en": "Place the Lost Planet on an empty space in range",
                 "pt": "Coloque o Planeta Escuro num espaço vazio ao alcance"},
    "ask.station": {"en": "Place a space station", "pt": "Coloque uma Estação Espacial"},
    "ask.downlab": {"en": "Which research lab goes back to a trading station?",
                    "pt": "Qual Laboratório de Pesquisa volta a ser Estação de Comércio?"},
    "ask.brainstone": {"en": "Where does your brainstone go?",
                       "pt": "Para onde vai seu Cristal Cerebral?"},
    "ask.brainstone_spend": {"en": "Pay with the brainstone (worth 3)?",
                             "pt": "Pagar com o Cristal Cerebral (vale 3)?"},
    "ask.recall": {"en": "Which gaiaformer do you move to the new Transdim planet?",
                   "pt": "Qual Gaiaformador você move para o novo planeta Transdim?"},
    "ask.swap": {"en": "Which mine changes places with your planetary institute?",
                 "pt": "Qual Mina troca de lugar com seu Instituto Planetário?"},
    "ask.tokens": {"en": "Take a power token from which bowl ({n} to go)?",
                   "pt": "De qual área sai o Marcador de Poder ({n} restantes)?"},
    "ask.leech": {"en": "A neighbour built: charge power for VP?",
                  "pt": "Um vizinho construiu: carregar Poder em troca de PV?"},
    "seat": {"en": "Player {n}", "pt": "Jogador {n}"},
}

# ------------------------------------------------------------------ decision buttons
def _amounts(d: dict, lang: str) -> str:
    return " + ".join(f"{n} {NAMES[r][lang] if r in NAMES else r}" for r, n in d.items())


def _conversion_names() -> dict[str, dict[str, str]]:
    """Names of the free conversions (``convert 4pw-q``) and the Terrans' Gaia-phase ones,
    written from their costs and gains (rulebook "10) Ações Livres", Apêndice I)."""
    from .actions import FREE
    from .subdecisions import _TERRANS

    special = {"gf-q": ({"en": "a gaiaformer", "pt": "um Gaiaformador"}),
               "t3-k": ({"en": "1 power token from bowl III", "pt": "1 Marcador de Poder da Área III"})}
    out = {}
    for fid, (cost, gain, _faction, _pi) in FREE.items():
        out[fid] = {lang: f"{special[fid][lang] if fid in special else _amounts(cost, lang)} → "
                          f"{_amounts(gain, lang)}" for lang in ("en", "pt")}
    for fid, (n, gain) in _TERRANS.items():
        out[fid] = {"en": f"{n} from the Gaia area → {_amounts(gain, 'en')}",
                    "pt": f"{n} da Área Gaia → {_amounts(gain, 'pt')}"}
    return out


NAMES.update(_conversion_names())
NAMES.update({k: _fed_name(v) for k, v in FEDERATION_TOKENS.items() if k not in NAMES})
NAMES.update({
    "done": {"en": "done", "pt": "pronto"},
    "cancel": {"en": "cancel", "pt": "cancelar"},
    "discard": {"en": "discard it as one of the tokens", "pt": "descartá-lo como um dos marcadores"},
    # leech buttons: "take power: 3", "take power: 3 (the token first)" (Taklons PI)
    "leech": {"en": "take power:", "pt": "receber Poder:"},
    "token_first": {"en": "(the token first)", "pt": "(o marcador antes)"},
    "tech": {"en": "take a tech tile", "pt": "pegar uma Peça de Tecnologia"},
})

ACTS = {
    "action": ("take the action: {a0}", "ação: {a0}"),
    "bid": ("bid {a1} VP for {a0}", "oferecer {a1} PV por {a0}"),
    "booster": ("take the booster: {a0}", "pegar o Bônus: {a0}"),
    "brainstone": ("brainstone: {a0}", "Cristal Cerebral: {a0}"),
    "build": ("build a mine on {a0}", "construir uma Mina em {a0}"),
    "burn": ("burn 1 power (bowl II → III)", "queimar 1 de Poder (Área II → III)"),
    "convert": ("convert {a0}", "converter {a0}"),
    "cover": ("cover {a0}", "cobrir {a0}"),
    "decline": ("decline the power", "recusar o Poder"),
    "downlab": ("turn the research lab on {a0} into a trading station",
                "rebaixar o Laboratório em {a0} a Estação de Comércio"),
    "end": ("end the turn", "encerrar a vez"),
    "faction": ("play {a0}", "jogar com {a0}"),
    "federation": ("form a federation: {a0}", "formar uma Federação: {a0}"),
    "fedhex": ("federation: {a0}", "Federação: {a0}"),
    "fedtoken": ("take the federation token: {a0}", "pegar a Ficha de Federação: {a0}"),
    "gaia": ("start a Gaia project on {a0}", "iniciar um Projeto Gaia em {a0}"),
    "income": ("income first: {a0} {a1}", "renda primeiro: {a0} {a1}"),
    "itars": ("Itars: {a0}", "Itars: {a0}"),
    "lost": ("place the Lost Planet on {a0}", "colocar o Planeta Perdido em {a0}"),
    "name": ("name {a0} for the auction", "indicar {a0} para o leilão"),
    "pass": ("pass", "passar a vez"),
    "place": ("place a mine on {a0}", "colocar uma Mina em {a0}"),
    "recall": ("recall: {a0}", "recolher: {a0}"),
    "research": ("research: {a0}", "pesquisar: {a0}"),
    "special": ("special action: {a0}", "ação especial: {a0}"),
    "station": ("place a space station on {a0}", "colocar uma Estação Espacial em {a0}"),
    "step": ("advance on {a0}", "avançar em {a0}"),
    "swap": ("swap: {a0}", "trocar: {a0}"),
    "tech": ("take the tech tile: {a0}", "pegar a Peça de Tecnologia: {a0}"),
    "terrans": ("Terrans: {a0}", "Terranos: {a0}"),
    "tokens": ("income first: {a0} new power tokens", "renda primeiro: {a0} novos Marcadores de Poder"),
    "upgrade": ("upgrade {a0} to {a1}", "melhorar {a0} para {a1}"),
}
MESSAGES.update({"act." + verb: {"en": en, "pt": pt} for verb, (en, pt) in ACTS.items()})

CATALOG.add("gaia", MESSAGES)
CATALOG.add_names("gaia", NAMES)
