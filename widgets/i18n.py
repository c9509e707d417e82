"""Interface text of the front-end: the ``ui`` namespace of the message catalog (en + pt)."""

from __future__ import annotations

from typing import Any

from gamekit.core import CATALOG

__all__ = ["ui", "UI_MESSAGES", "LANGUAGE_CHOICES"]

LANGUAGE_CHOICES = (("English", "en"), ("Português", "pt"))

UI_MESSAGES: dict[str, dict[str, str]] = {
    # step controls
    "back": {"en": "Back", "pt": "Voltar"},
    "back_tip": {"en": "Go back one decision", "pt": "Voltar uma decisão atrás"},
    "next": {"en": "Next decision", "pt": "Decisão seguinte"},
    "next_tip": {"en": "Play the next decision", "pt": "Jogar a decisão seguinte"},
    "next_phase": {"en": "Next phase", "pt": "Fase seguinte"},
    "next_round": {"en": "Next round", "pt": "Ronda seguinte"},
    "to_end": {"en": "To the end", "pt": "Até ao fim"},
    "bots": {"en": "Play bots until my turn", "pt": "Jogar os bots até à minha vez"},
    "timeline": {"en": "Timeline", "pt": "Cronologia"},
    "position": {
        "en": "Step {i} of {n} · {where}",
        "pt": "Passo {i} de {n} · {where}",
    },
    "setup": {"en": "Setup", "pt": "Preparação"},
    "over": {"en": "Game over", "pt": "Fim do jogo"},
    # decisions
    "decides": {"en": "{who} decides: {question}", "pt": "{who} decide: {question}"},
    "your_turn": {"en": "Your decision: {question}", "pt": "A tua decisão: {question}"},
    "waiting": {"en": "Waiting for {seats}…", "pt": "À espera de {seats}…"},
    "no_decision": {"en": "Nobody has to decide: the game is over.",
                    "pt": "Ninguém tem de decidir: o jogo terminou."},
    "secret": {"en": "(secret choice)", "pt": "(escolha secreta)"},
    "suggest": {"en": "Suggest", "pt": "Sugerir"},
    "suggest_tip": {
        "en": "Let the bot suggest the next actions of this step; edit them, then confirm",
        "pt": "O bot sugere as próximas ações deste passo; edite-as e depois confirme",
    },
    "suggest_count": {"en": "How many", "pt": "Quantas"},
    "suggested": {
        "en": "Suggested actions (one per line, editable):",
        "pt": "Ações sugeridas (uma por linha, editáveis):",
    },
    "confirm": {"en": "Confirm", "pt": "Confirmar"},
    "cancel": {"en": "Cancel", "pt": "Cancelar"},
    "applied": {"en": "{n} action(s) applied.", "pt": "{n} ação(ões) aplicada(s)."},
    "nothing_to_suggest": {"en": "Nothing to suggest now.", "pt": "Nada a sugerir agora."},
    "illegal": {"en": "Not allowed: {why}", "pt": "Não permitido: {why}"},
    # narration
    "narration": {"en": "What happened", "pt": "O que aconteceu"},
    "nothing_yet": {"en": "Nothing has happened yet.", "pt": "Ainda nada aconteceu."},
    "rule": {"en": "Rule: {section}", "pt": "Regra: {section}"},
    "earlier": {"en": "… and {n} earlier event(s)", "pt": "… e {n} evento(s) anterior(es)"},
    # flows
    "flows": {"en": "Flows", "pt": "Fluxos"},
    "sankey": {"en": "Where resources went", "pt": "Para onde foram os recursos"},
    "over_time": {"en": "Over time", "pt": "Ao longo do tempo"},
    "scores": {"en": "Scores", "pt": "Pontuação"},
    "seat_filter": {"en": "Player", "pt": "Jogador"},
    "round_filter": {"en": "Round", "pt": "Ronda"},
    "all": {"en": "All", "pt": "Todos"},
    "resource_filter": {"en": "Resource", "pt": "Recurso"},
    "detail": {"en": "Detailed places", "pt": "Locais detalhados"},
    "all_rounds": {"en": "All rounds", "pt": "Todas as rondas"},
    "stocks": {"en": "Resources of {who}", "pt": "Recursos de {who}"},
    "vp_time": {"en": "Victory points", "pt": "Pontos de vitória"},
    "loading": {"en": "Loading the flows…", "pt": "A carregar os fluxos…"},
    "no_flows": {"en": "No resource has moved yet.", "pt": "Ainda nenhum recurso se moveu."},
    # app
    "new_game": {"en": "New game", "pt": "Novo jogo"},
    "players": {"en": "Players", "pt": "Jogadores"},
    "you_play": {"en": "You play", "pt": "Jogas com"},
    "spectator": {"en": "Nobody (watch the bots)", "pt": "Ninguém (ver os bots)"},
    "bot": {"en": "Bots", "pt": "Bots"},
    "seed": {"en": "Seed", "pt": "Semente"},
    "autoplay": {"en": "Bots play on after my move", "pt": "Os bots jogam após a minha jogada"},
    "start": {"en": "Start", "pt": "Começar"},
    "save": {"en": "Save game", "pt": "Guardar jogo"},
    "load": {"en": "Load game", "pt": "Carregar jogo"},
    "download": {"en": "Download {name}", "pt": "Descarregar {name}"},
    "loaded": {"en": "Game loaded: {n} actions.", "pt": "Jogo carregado: {n} ações."},
    "load_error": {"en": "Could not load: {why}", "pt": "Não foi possível carregar: {why}"},
    "upload_too_big": {
        "en": "the file is {mib} MiB; a game record may have at most {max} MiB.",
        "pt": "o arquivo tem {mib} MiB; um registro de jogo pode ter no máximo {max} MiB.",
    },
    "upload_not_text": {"en": "the file is not text (UTF-8).",
                        "pt": "o arquivo não é texto (UTF-8)."},
    "upload_too_deep": {
        "en": "the file nests more than {max} levels deep; it is not a game record.",
        "pt": "o arquivo tem mais de {max} níveis aninhados; não é um registro de jogo.",
    },
    "upload_not_json": {
        "en": "the file is not JSON; load a file saved by this app.",
        "pt": "o arquivo não é JSON; carregue um arquivo salvo por este aplicativo.",
    },
    "upload_not_record": {
        "en": "the file is JSON but not a game record saved by gamekit.",
        "pt": "o arquivo é JSON, mas não é um registro de jogo salvo pelo gamekit.",
    },
    "upload_unknown_game": {
        "en": "the record is of a game this app does not know.",
        "pt": "o registro é de um jogo que este aplicativo não conhece.",
    },
    "upload_other_game": {
        "en": "this is a record of {other}; this app plays {game}.",
        "pt": "este é um registro de {other}; este aplicativo joga {game}.",
    },
    "upload_bad_move": {
        "en": "move {n} of the record is not allowed by the rules (was the file changed?).",
        "pt": "o lance {n} do registro não é permitido pelas regras (o arquivo foi alterado?).",
    },
    "upload_bad_setup": {
        "en": "the record's set-up (players or options) is not valid for this game.",
        "pt": "a preparação do registro (jogadores ou opções) não é válida para este jogo.",
    },
    "upload_failed": {"en": "the file could not be read as a game record.",
                      "pt": "o arquivo não pôde ser lido como registro de jogo."},
    "option_error": {"en": "Cannot start: {why}", "pt": "Não é possível começar: {why}"},
    "status": {
        "en": "{game} · {where} · {scores}",
        "pt": "{game} · {where} · {scores}",
    },
    "winner": {"en": "Winner: {who} ({score} VP)", "pt": "Vencedor: {who} ({score} PV)"},
    "you": {"en": "you", "pt": "tu"},
    "language": {"en": "Language", "pt": "Língua"},
    "default": {"en": "(default)", "pt": "(predefinição)"},
    # lessons
    "quiz_reveal": {"en": "Show the answer (play on)", "pt": "Mostrar a resposta (continuar)"},
    "quiz_right": {"en": "Right!", "pt": "Certo!"},
    "quiz_wrong": {"en": "Not quite.", "pt": "Não exatamente."},
    "answer": {"en": "Answer: {answer}", "pt": "Resposta: {answer}"},
    "breakdown_line": {"en": "{vp} VP from {source}", "pt": "{vp} PV de {source}"},
}

CATALOG.add("ui", UI_MESSAGES)


def ui(key: str, lang: str = "en", /, **params: Any) -> str:
    """An interface message in ``lang``."""
    return CATALOG.text("ui", key, lang, **params)
