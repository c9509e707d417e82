"""The one message catalog: every narration and interface string, in English and Portuguese.

The words live in gettext ``.po`` files, one per language (``en.po``, ``pt_BR.po``) in a
``locale/`` folder per domain (``gamekit/core/locale``, ``gamekit/games/<id>/locale``, the
front-end's ``locale``); :meth:`Catalog.load` reads a folder once, at import, into plain dicts, so
rendering a message afterwards is a dict lookup and a ``str.format``. See docs/i18n.md.

In a ``.po`` file ``msgctxt`` is the namespace (``"race"``, ``"race.board"``) or, for the display
name of a component, ``"<namespace>.names"``; ``msgid`` is the key. A plural message has
``msgid_plural`` and ``msgstr[0]``/``msgstr[1]``, chosen by the parameter its ``count:<param>``
flag names; a ``zero:<key>`` flag words a count of 0 by message ``<key>`` instead. A Portuguese
name may carry a ``gender:f`` (``m``, ``mp``, ``fp``) flag; a name with a
plural form (``msgid_plural``) is shown singular after a count of 1 in an amounts mapping.

Games may still add messages from Python (``CATALOG.add("gaia", {...})``) and names
(``CATALOG.add_names``); a key a ``.po`` file gives wins over the same key added from Python.

Templates are ``str.format`` strings. A parameter that is a component id shows its localized
name; a format spec adds an article or a contraction that agrees with the name's gender
(Portuguese ``{tile:no}`` → "no Palácio", "na Torre", a ``proper`` name "em Alpha Centauri";
``{tile:O}`` capitalized; ``{who:ao}`` → "ao Jogador 1"; ``{x:o}``,
``{x:do}``, ``{x:pelo}``, ``{x:um}``; English ``{tile:the}``), or picks a word by gender
(``{tile:g:reconstruído/reconstruída}``); ``{space:base1}`` shows a 0-based index from 1;
``{seats:and}`` joins a list with the language's "and" ("A, B e C"; ``{cards:and{split}}`` puts
the text of ``split`` after every item); ``{bonus:opt: (bônus: %)}``
shows the text around a value only when the value is not empty; ``{pool:n:ficha/fichas}`` a
number with its noun ("1 ficha"); ``{n:+d}`` a signed change ("+2", "-1"); ``{bowl:roman}`` "II";
``{pool:min0}`` a count shown no lower than 0; ``{medal:as:medal}`` the name ``medal.<id>`` (the
same id worded for one context).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

__all__ = ["CATALOG", "Catalog", "LANGUAGES", "LOCALES", "Phrase", "Reason", "reason", "t"]

LANGUAGES = ("en", "pt")
LOCALES = {"en": "en", "pt": "pt_BR"}
"""File name (gettext locale) of each language code."""

_ARTICLES = {  # spec -> forms for masculine, feminine, masculine plural, feminine plural and
    # a proper name said without article ("em Alpha Centauri", "de Velha Terra")
    "o": ("o", "a", "os", "as", ""),
    "do": ("do", "da", "dos", "das", "de"),
    "no": ("no", "na", "nos", "nas", "em"),
    "ao": ("ao", "à", "aos", "às", "a"),
    "pelo": ("pelo", "pela", "pelos", "pelas", "por"),
    "um": ("um", "uma", "uns", "umas", ""),
}
_GENDERS = ("m", "f", "mp", "fp", "proper")


class _Shown(str):
    """A rendered parameter that knows its Portuguese gender (for articles and agreement) and,
    for spec ``as:<kind>``, the id it names and the names it came from."""

    gender = "m"
    ident: Any = None
    names: Mapping[str, Mapping[str, str]] = {}
    lang = "en"

    def __format__(self, spec: str) -> str:
        if not spec or spec == "and":  # "and" joins lists; one name is itself
            return str(self)
        if spec.startswith("opt:"):
            return _optional(self, spec)
        if spec.startswith("as:"):  # the name of the id in a context: "medal.gold"
            entry = self.names.get(f"{spec[3:]}.{self.ident}")
            return str(self) if entry is None else entry.get(self.lang) or entry["en"]
        if spec == "the":
            return "the " + self
        if spec.startswith("g:"):
            forms = spec[2:].split("/")
            idx = _GENDERS.index(self.gender) % 4  # a proper name agrees as masculine
            return forms[idx if idx < len(forms) else idx % 2]
        forms = _ARTICLES.get(spec.lower())
        if forms is None:
            return format(str(self), spec)
        article = forms[_GENDERS.index(self.gender)]
        if not article:
            return str(self)
        return f"{article.capitalize() if spec[0].isupper() else article} {self}"


class _List(str):
    """A rendered list parameter ("A, B, C"); spec ``and`` joins its last item with the
    language's conjunction ("A, B and C", "A, B e C"); text after ``and`` follows every item
    (``{cards:and{split}}``: "Vulca 1≈, Aqua 2≈ e Lux 3≈")."""

    items: tuple[str, ...] = ()
    conj = "and"

    def __format__(self, spec: str) -> str:
        if spec.startswith("opt:"):
            return _optional(self, spec)
        if not spec.startswith("and"):
            return format(str(self), spec)
        after = spec[3:]
        items = [item + after for item in self.items] if self.items else [str(self) + after]
        if len(items) < 2:
            return items[0]
        return f"{', '.join(items[:-1])} {self.conj} {items[-1]}"


_CONJUNCTION = {"en": "and", "pt": "e"}


_AT = re.compile(r"%(do|no|ao|pelo|um|o|Do|No|Ao|O|the)?(?!\w)")


def _optional(value: str, spec: str) -> str:
    """Spec ``opt:<text>``: ``<text>`` with ``%`` replaced by the value, or nothing when the
    value is empty (an empty list or amounts: "—"); ``%do``, ``%no``, ``%the``... put the value
    with its article or contraction (``{tile:opt: %do}``: " da Casa de Comércio")."""
    if not value or value == "—":
        return ""
    return _AT.sub(lambda m: format(value, m.group(1)) if m.group(1) else str(value), spec[4:])


class _Number(int):
    """A rendered integer parameter; spec ``base1`` shows a 0-based index counted from 1,
    ``roman`` a small number in Roman numerals (Gaia Project's power bowls I, II, III),
    ``n:<one>/<other>`` the number and the noun agreeing with it ("1 ficha", "3 fichas");
    other specs are ``int`` specs (``+d``: a signed change, "+2", "-1")."""

    def __format__(self, spec: str) -> str:
        if spec == "base1":
            return str(int(self) + 1)
        if spec == "roman":
            return _roman(int(self))
        if spec == "min0":  # a count that cannot go below 0 (chips left in a pool)
            return str(max(int(self), 0))
        if spec.startswith("n:"):
            one, _, other = spec[2:].partition("/")
            return f"{int(self)} {one if _plural_index(self) == 0 else other or one}"
        return format(int(self), spec)


def _roman(n: int) -> str:
    if not 0 < n < 40:
        return str(n)
    tens, units = divmod(n, 10)
    return "X" * tens + ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX")[units]


def _shown(text: str, gender: str | None = None) -> _Shown:
    out = _Shown(text)
    if gender:
        out.gender = gender
    return out


_SPEC = re.compile(r"\{[^{}:]*:[^}]*\}")  # a field with a spec (which may hold a nested field)
_PLAIN: dict[str, bool] = {}  # template -> has no format spec


class _Missing(str):
    """A parameter the caller did not give: shown as ``{key}`` whatever its format spec."""

    def __format__(self, spec: str) -> str:
        return str(self)


class _Params(dict):
    """Format mapping: unknown keys render as ``{key}`` instead of failing."""

    def __missing__(self, key: str) -> str:
        return _Missing("{" + key + "}")


class Catalog:
    """Messages keyed ``<namespace>.<key>`` with one template (or plural pair) per language."""

    def __init__(self) -> None:
        self.messages: dict[str, dict[str, Any]] = {}
        self.counts: dict[str, str] = {}
        #: plural messages worded by another message when their count is 0 (``zero:<key>``)
        self.zeros: dict[str, str] = {}
        self.names: dict[str, dict[str, dict[str, str]]] = {}
        self._from_po: set[str] = set()
        self._space: dict[str, tuple[str, str]] = {}  # full key -> (namespace, key)
        self.loaded: list[Path] = []

    # --- registering -------------------------------------------------------------------------
    def add(self, namespace: str, messages: Mapping[str, Mapping[str, Any]]) -> None:
        """Register messages; each needs a template for every language in ``LANGUAGES``.

        A template may be a pair ``(singular, plural)``; then ``"count"`` names the parameter
        that chooses (default ``"n"``). Keys a ``.po`` file already gave are left as they are.
        """
        for key, langs in messages.items():
            missing = [lang for lang in LANGUAGES if not langs.get(lang)]
            if missing:
                raise ValueError(f"message {namespace}.{key} lacks language(s) {missing}")
            full = f"{namespace}.{key}"
            if full in self._from_po:
                continue
            entry = {lang: _form(langs[lang]) for lang in LANGUAGES}
            self.messages[full] = entry
            self._space[full] = (namespace, key)
            if any(isinstance(v, tuple) for v in entry.values()):
                self.counts[full] = str(langs.get("count", "n"))

    def add_names(self, namespace: str, names: Mapping[str, Mapping[str, str]]) -> None:
        """Register display names of component ids (cards, resources, tiles)."""
        table = self.names.setdefault(namespace, {})
        for ident, langs in names.items():
            if not langs.get("en"):
                raise ValueError(f"name of {namespace}:{ident} lacks English")
            if f"{namespace}.names.{ident}" in self._from_po:
                continue
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

    def load(self, folder: str | Path) -> None:
        """Read ``en.po`` and ``pt_BR.po`` of ``folder`` into the catalog (once per folder)."""
        from .i18n_po import read_folder

        folder = Path(folder)
        if folder in self.loaded:
            return
        self.loaded.append(folder)
        messages, counts, names, zeros = read_folder(folder, LOCALES)
        for (namespace, key), entry in messages.items():
            full = f"{namespace}.{key}"
            self.messages[full] = entry
            self._space[full] = (namespace, key)
            self._from_po.add(full)
        self.counts.update(counts)
        self.zeros.update(zeros)
        for (namespace, ident), entry in names.items():
            self.names.setdefault(namespace, {})[ident] = entry
            self._from_po.add(f"{namespace}.names.{ident}")

    def namespace(self, namespace: str) -> dict[str, dict[str, Any]]:
        """The messages of one namespace, ``{key: {lang: template}}`` (for tests and tools)."""
        return {key: self.messages[full] for full, (ns, key) in self._space.items()
                if ns == namespace}

    # --- reading -----------------------------------------------------------------------------
    def name(self, namespace: str, ident: Any, lang: str = "en", count: Any = None) -> str:
        """Localized display name of a component id (falls back to English, then the id);
        with ``count``, the singular form after exactly one ("1 Minério", "2 Minérios")."""
        entry = self.names.get(namespace, {}).get(ident) if isinstance(ident, str) else None
        if entry is None:
            return str(ident)
        if count is not None and _plural_index(count) == 0 and entry.get(f"{lang}_1"):
            return entry[f"{lang}_1"]
        return entry.get(lang) or entry["en"]

    def has(self, namespace: str, key: str) -> bool:
        return f"{namespace}.{key}" in self.messages or f"core.{key}" in self.messages

    def text(self, namespace: str, key: str, lang: str = "en", /, **params: Any) -> str:
        """Render message ``key`` of ``namespace`` (or of ``core``) in ``lang``."""
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; choose one of {LANGUAGES}")
        full = f"{namespace}.{key}"
        entry = self.messages.get(full)
        if entry is None:
            full = f"core.{key}"
            entry = self.messages.get(full)
        if entry is None:
            shown = ", ".join(f"{k}={v}" for k, v in params.items())
            return f"{key}({shown})" if shown else key
        template = entry[lang]
        if isinstance(template, tuple):
            count = params.get(self.counts.get(full, "n"), 1)
            if count == 0 and full in self.zeros:  # "sem terraformação", not "0 passos"
                return self.text(namespace, self.zeros[full], lang, **params)
            template = template[_plural_index(count)]
        values = _Params()
        table = self.names.get(namespace, {})
        plain = _PLAIN.get(template)
        if plain is None:
            plain = _PLAIN[template] = _SPEC.search(template) is None
        show = self._show_plain if plain else self._show
        for k, v in params.items():
            values[k] = show(table, v, lang)
        out = template.format_map(values)
        if out.endswith("..") and not out.endswith("..."):  # a name ending "C.I.Q." ends it
            return out[:-1]
        return out

    @staticmethod
    def _show_plain(table: Mapping[str, Mapping[str, str]], value: Any, lang: str) -> str:
        """Like ``_show`` for templates without format specs (the common, faster case)."""
        if isinstance(value, str):
            entry = table.get(value)
            if entry is not None:
                return entry.get(lang) or entry["en"]
            if "." in value:
                return str(Catalog._show(table, value, lang))
            return value
        show = Catalog._show_plain
        if isinstance(value, (list, tuple)):
            return ", ".join([show(table, v, lang) for v in value]) or "—"
        if isinstance(value, dict):
            return ", ".join([f"{v} {_counted(table, k, v, lang)}" for k, v in value.items()]) or "—"
        return str(value)

    @staticmethod
    def _show(table: Mapping[str, Mapping[str, str]], value: Any, lang: str) -> Any:
        if isinstance(value, str):
            entry = table.get(value)
            if entry is None:
                base, dot, copy = value.partition(".")
                if dot and base in table:  # one copy of a component: "mega_drill.2"
                    return _shown(f"{Catalog._show(table, base, lang)} ({copy})")
                return value if isinstance(value, _Shown) else _shown(value)
            out = _shown(entry.get(lang) or entry["en"], entry.get(f"{lang}_g"))
            out.ident, out.names, out.lang = value, table, lang
            return out
        if isinstance(value, (list, tuple)):
            items = tuple(str(Catalog._show(table, v, lang)) for v in value)
            out = _List(", ".join(items) or "—")
            out.items, out.conj = items, _CONJUNCTION.get(lang, "and")
            return out
        if isinstance(value, dict):  # amounts: a list ("1 Crédito, 2 Minérios"; spec and)
            items = tuple(f"{v} {_counted(table, k, v, lang)}" for k, v in value.items())
            out = _List(", ".join(items) or "—")
            out.items, out.conj = items, _CONJUNCTION.get(lang, "and")
            return out
        if isinstance(value, int) and not isinstance(value, bool):
            return _Number(value)
        return value if isinstance(value, float) else str(value)

    def missing(self) -> list[str]:
        """Keys lacking a language (always empty: ``add`` refuses them); for tests."""
        return [k for k, v in self.messages.items() if any(not v.get(x) for x in LANGUAGES)]


def _counted(table: Mapping[str, Mapping[str, str]], ident: Any, count: Any, lang: str) -> str:
    """The name of ``ident`` after the number ``count`` of an amounts mapping: its singular
    form (``<lang>_1``, a ``.po`` name with a plural) after exactly 1, else the name; a name
    flagged ``amount:<word>`` (``<lang>_a``) puts the word first ("3 de Poder")."""
    entry = table.get(ident) if isinstance(ident, str) else None
    if entry is None:
        return str(Catalog._show_plain(table, ident, lang))
    word = (_plural_index(count) == 0 and entry.get(f"{lang}_1")) or entry.get(lang) or entry["en"]
    before = entry.get(f"{lang}_a")
    return f"{before} {word}" if before else word


def _form(value: Any) -> Any:
    return tuple(value) if isinstance(value, (list, tuple)) else value


def _plural_index(count: Any) -> int:
    """Plural form: 0 for exactly one, else 1 (English and Brazilian usage: "0 cartas"); a
    list counts its items (one score: "The game is over: 12 VP")."""
    if isinstance(count, (list, tuple)):
        count = len(count)
    try:
        return 0 if abs(int(count)) == 1 else 1
    except (TypeError, ValueError):
        return 1


CATALOG = Catalog()


def t(namespace: str, key: str, lang: str = "en", /, **params: Any) -> str:
    """Shortcut for ``CATALOG.text``."""
    return CATALOG.text(namespace, key, lang, **params)


class Reason:
    """A message not yet rendered: catalog key and parameters, worded in any language later
    (why an action is refused: ``IllegalAction.explain(lang)``). A parameter may itself be a
    ``Reason`` (rendered in the same language)."""

    __slots__ = ("namespace", "key", "params")

    def __init__(self, namespace: str, key: str, params: Mapping[str, Any] | None = None):
        self.namespace = namespace
        self.key = key
        self.params = dict(params or {})

    def text(self, lang: str = "en") -> str:
        params = {k: v.text(lang) if isinstance(v, Reason) else v for k, v in self.params.items()}
        return CATALOG.text(self.namespace, self.key, lang, **params)

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"Reason({self.namespace!r}, {self.key!r}, {self.params!r})"


class Phrase(Reason):
    """A parameter of a ``Reason`` worded by a function of the language (a decision's
    question, the seats waiting)."""

    __slots__ = ("words",)

    def __init__(self, words: Any):
        super().__init__("core", "", {})
        self.words = words

    def text(self, lang: str = "en") -> str:
        return str(self.words(lang))


def reason(game: str, key: str, /, **params: Any) -> Reason:
    """A refusal reason of ``game``: its message ``refuse.<key>`` (rendered when shown)."""
    return Reason(game, "refuse." + key, params)


CATALOG.load(Path(__file__).with_name("locale"))
