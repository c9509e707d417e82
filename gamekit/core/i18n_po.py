"""Reading and writing the catalog's gettext ``.po`` files with Babel (see ``i18n``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog as PoCatalog
from babel.messages.catalog import Message
from babel.messages.pofile import read_po, write_po

__all__ = ["read_folder", "read_file", "write_file", "NAMES_SUFFIX"]

NAMES_SUFFIX = ".names"
"""``msgctxt`` suffix of component display names (``"race.names"``)."""


def read_file(path: Path, locale: str | None = None) -> PoCatalog:
    """Parse one ``.po`` file (raises ``ValueError`` naming the file when it is malformed)."""
    with open(path, "rb") as fh:
        try:
            return read_po(fh, locale=None, abort_invalid=True)
        except Exception as exc:  # babel raises PoFileError; name the file
            raise ValueError(f"{path}: {exc}") from exc


def _flag(message: Message, prefix: str) -> str | None:
    for flag in message.flags:
        if flag.startswith(prefix):
            return flag[len(prefix):]
    return None


def read_folder(
    folder: Path, locales: Mapping[str, str]
) -> tuple[dict[tuple[str, str], dict[str, Any]], dict[str, str],
           dict[tuple[str, str], dict[str, str]], dict[str, str]]:
    """Messages ``{ns.key: {lang: template | (one, other)}}``, plural count parameters,
    names ``{(ns, ident): {lang: name, "pt_g": gender, "pt_1": singular, "pt_a": word}}`` of every
    ``<locale>.po`` in ``folder`` (a name with a plural form is shown singular after a count of 1),
    and the zero forms ``{ns.key: other key}`` of plural messages flagged ``zero:<key>``."""
    messages: dict[tuple[str, str], dict[str, Any]] = {}
    counts: dict[str, str] = {}
    zeros: dict[str, str] = {}
    names: dict[tuple[str, str], dict[str, str]] = {}
    for lang, locale in locales.items():
        path = folder / f"{locale}.po"
        if not path.exists():
            raise FileNotFoundError(f"message catalog {path} is missing (package data?)")
        for msg in read_file(path, locale):
            if not msg.id or not msg.context:
                continue
            key = msg.id[0] if isinstance(msg.id, tuple) else msg.id
            if msg.context.endswith(NAMES_SUFFIX):
                entry = names.setdefault((msg.context[: -len(NAMES_SUFFIX)], key), {})
                if isinstance(msg.id, tuple):  # a counted name: "1 Crédito", "2 Créditos"
                    entry[f"{lang}_1"], entry[lang] = msg.string[0], msg.string[1]
                elif msg.string:
                    entry[lang] = msg.string
                gender = _flag(msg, "gender:")
                if gender:
                    entry[f"{lang}_g"] = gender
                amount = _flag(msg, "amount:")
                if amount:  # a word between count and name in amounts: "3 de Poder"
                    entry[f"{lang}_a"] = amount
                continue
            full = (msg.context, key)
            if isinstance(msg.id, tuple):
                messages.setdefault(full, {})[lang] = tuple(msg.string)
                counts[f"{msg.context}.{key}"] = _flag(msg, "count:") or "n"
                zero = _flag(msg, "zero:")
                if zero:  # a count of 0 is worded by another message ("sem terraformação")
                    zeros[f"{msg.context}.{key}"] = zero
            elif msg.string:
                messages.setdefault(full, {})[lang] = msg.string
    return messages, counts, names, zeros


def write_file(path: Path, locale: str, entries: Iterable[dict[str, Any]], project: str) -> None:
    """Write entries ``{context, key, text (str or pair), comments, flags}`` as ``path``."""
    cat = PoCatalog(locale=locale, project=project, fuzzy=False)
    cat._num_plurals, cat._plural_expr = 2, "(n != 1)"  # both languages: 1 vs 0, 2, 3…
    for e in entries:
        text = e["text"]
        msgid: Any = (e["key"], e["key"]) if isinstance(text, tuple) else e["key"]
        cat.add(msgid, text, context=e["context"], auto_comments=e.get("comments", ()),
                flags=e.get("flags", ()))
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as fh:
        write_po(fh, cat, width=100, omit_header=False, sort_output=False)
