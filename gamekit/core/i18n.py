"""The one message catalog: every narration and interface string, in English and Portuguese.

Games add their messages at import (``CATALOG.add("race", {...})``) and the names of their
components (``CATALOG.add_names("race", {"old_earth": {"en": ..., "pt": ...}})``). A message is a
``str.format`` template; parameters that are component ids are shown by their localized name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["CATALOG", "Catalog", "LANGUAGES", "t"]

LANGUAGES = ("en", "pt")


class _Params(dict):
    """Format mapping: unknown keys render as ``{key}`` instead of failing."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Catalog:
    """Messages keyed ``<namespace>.<key>`` with one template per language."""

    def __init__(self) -> None:
        self.messages: dict[str, dict[str, str]] = {}
        self.names: dict[str, dict[str, dict[str, str]]] = {}

    def add(self, namespace: str, messages: Mapping[str, Mapping[str, str]]) -> None:
        """Register messages; each needs a template for every language in ``LANGUAGES``."""
        for key, langs in messages.items():
            missing = [lang for lang in LANGUAGES if not langs.get(lang)]
            if missing:
                raise ValueError(f"message {namespace}.{key} lacks language(s) {missing}")
            self.messages[f"{namespace}.{key}"] = dict(langs)

    def add_names(self, namespace: str, names: Mapping[str, Mapping[str, str]]) -> None:
        """Register display names of component ids (cards, resources, tiles)."""
        table = self.names.setdefault(namespace, {})
        for ident, langs in names.items():
            if not langs.get("en"):
                raise ValueError(f"name of {namespace}:{ident} lacks English")
            table[ident] = dict(langs)

    def add_defaults(
        self,
        namespace: str,
        messages: Mapping[str, Mapping[str, str]] = {},  # noqa: B006 (read only)
        names: Mapping[str, Mapping[str, str]] = {},  # noqa: B006 (read only)
    ) -> None:
        """Add messages and names only where ``namespace`` has none yet (a front-end's
        fallback words never override the engine's own)."""
        self.add(namespace, {k: v for k, v in messages.items() if not self.has(namespace, k)})
        table = self.names.get(namespace, {})
        self.add_names(namespace, {k: v for k, v in names.items() if k not in table})

    def name(self, namespace: str, ident: Any, lang: str = "en") -> str:
        """Localized display name of a component id (falls back to English, then the id)."""
        entry = self.names.get(namespace, {}).get(ident) if isinstance(ident, str) else None
        if entry is None:
            return str(ident)
        return entry.get(lang) or entry["en"]

    def has(self, namespace: str, key: str) -> bool:
        return f"{namespace}.{key}" in self.messages or f"core.{key}" in self.messages

    def text(self, namespace: str, key: str, lang: str = "en", /, **params: Any) -> str:
        """Render message ``key`` of ``namespace`` (or of ``core``) in ``lang``."""
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; choose one of {LANGUAGES}")
        entry = self.messages.get(f"{namespace}.{key}") or self.messages.get(f"core.{key}")
        if entry is None:
            shown = ", ".join(f"{k}={v}" for k, v in params.items())
            return f"{key}({shown})" if shown else key
        values = _Params()
        table = self.names.get(namespace, {})
        for k, v in params.items():
            values[k] = self._show(table, v, lang)
        return entry[lang].format_map(values)

    @staticmethod
    def _show(table: Mapping[str, Mapping[str, str]], value: Any, lang: str) -> str:
        if isinstance(value, str):
            entry = table.get(value)
            return (entry.get(lang) or entry["en"]) if entry else value
        if isinstance(value, (list, tuple)):
            return ", ".join(Catalog._show(table, v, lang) for v in value) or "—"
        if isinstance(value, dict):
            return ", ".join(
                f"{v} {Catalog._show(table, k, lang)}" for k, v in value.items()
            ) or "—"
        return str(value)

    def missing(self) -> list[str]:
        """Keys lacking a language (always empty: ``add`` refuses them); for tests."""
        return [k for k, v in self.messages.items() if any(not v.get(x) for x in LANGUAGES)]


CATALOG = Catalog()


def t(namespace: str, key: str, lang: str = "en", /, **params: Any) -> str:
    """Shortcut for ``CATALOG.text``."""
    return CATALOG.text(namespace, key, lang, **params)


CATALOG.add(
    "core",
    {
        "seat": {"en": "Player {n}", "pt": "Jogador {n}"},
        "game_over": {"en": "The game is over.", "pt": "O jogo terminou."},
        "winner": {"en": "{seats} win(s) with {score} VP.", "pt": "{seats} vence(m) com {score} PV."},
        "illegal": {"en": "Illegal action {action}: {why}", "pt": "Ação ilegal {action}: {why}"},
        "not_your_turn": {
            "en": "it is not player {seat}'s decision now (waiting for {waiting})",
            "pt": "não é a vez do jogador {seat} decidir (aguarda-se {waiting})",
        },
        "not_legal": {
            "en": "not among the legal actions of this decision ({question})",
            "pt": "não está entre as ações legais desta decisão ({question})",
        },
        "choose": {"en": "Choose an action", "pt": "Escolha uma ação"},
        "round": {"en": "Round {n}", "pt": "Ronda {n}"},
        "total": {"en": "Total", "pt": "Total"},
        "rule": {"en": "Rule: {section}", "pt": "Regra: {section}"},
    },
)
