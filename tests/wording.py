"""The wording checker: every word a person reads in the bot's messages, checked for what the
engine's words look like (issue 28's acceptance).

It reads what the offline Discord recorded (:class:`discord_harness.Harness`): every message the
bot sent or edited (content, embeds, Components V2 text displays), every button label, select
placeholder and option (label and description), the modals it showed (title, labels,
placeholders, prefilled values, text displays), autocomplete choices' names and every
attachment's ``description`` (an image's alt text). Custom ids and select values are not read
by people and are not checked.

The rules, each reported per message with the offending snippet (:class:`Violation`):

``identifier``
    A setting identifier: any snake_case word (``mj_bonus``, ``flower_double_model``), and a
    settings-registry name without an underscore (``riichi``, ``dora``) where it is written as
    code (in backticks, or followed by ``=``). Allowed in Discord's small print (a line that
    starts with ``-# ``) and where the user typed it.
``tile_code``
    A tile code (``5p``, ``1z``, ``7z``, ``3f``, compact runs such as ``123m`` or ``19m5p``,
    with word boundaries: ``5px``, ``30s``, ``1st`` are not codes). Allowed inside inline code
    (backticks): that is how the bot shows notation as an example of what to type. Allowed where
    the user typed it: a code whose tiles all appear in what the people typed in the
    interactions that wrote this message (slash options, autocomplete input, modal values, the
    tiles picked in the /score hand builder, whose card teaches the notation to type).
    Small print does not allow a tile code, nor does a fenced block (```), which shows text as
    code but is no example of what to type.
``python``
    A Python literal or leak: ``True``/``False``/``None`` as words, a list/dict/tuple repr
    (``['``, ``{'``, ``('x',``), ``<... object at``, an enum repr (``<Wind.EAST: 0>``,
    ``ActionKind.DISCARD``), ``Traceback``, an exception class name (``ValueError``,
    ``MahjongError``).
``language``
    A word of the other language. The vocabularies come from the catalogue
    (``bot.i18n.CATALOGUE``, ``COMMAND_TEXT``) and the engine's tile names: words of four
    letters or more found only in the German texts are German, only in the English texts
    English (words both use, such as names and rule terms, are in neither; :data:`SHARED` lists
    words that are words in both languages). A message's language is the majority of its
    vocabulary words (all its parts together); the minority's words are flagged. Given a
    language (``lang=``, a table known to speak it), every word of the other language is flagged.

Text the people typed (the whole value and each of its words, in the interactions that wrote the
message), ``<@id>``, ``<t:...>``, custom emoji and URLs are taken out before any rule runs; the
people's, guild's, channel's and roles' names and the slash commands' paths (``/chips history``)
are words of neither language.

An :class:`Allow` entry lets one known, reasoned case through (``rule``, a regex the snippet must
match in full, optionally a regex the message's text must contain; a ``reason`` is required).
:data:`ALLOWED` is the project's list.

Use: ``violations = check_harness(h)`` (or ``assert_clean(h)``); ``check_text(text)`` for one
synthetic message.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from discord_harness import (
    AUTOCOMPLETE_RESULT,
    MODAL,
    SELECT_TYPES,
    TEXT_DISPLAY,
    TEXT_INPUT,
    Harness,
    InteractionRecord,
    Request,
    walk_components,
)

Lang = Literal["en", "de"]
Rule = Literal["identifier", "tile_code", "python", "language"]

__all__ = [
    "ALLOWED",
    "SHARED",
    "Allow",
    "Piece",
    "Violation",
    "assert_clean",
    "check_harness",
    "check_pieces",
    "check_text",
    "detect_language",
    "report",
    "vocabularies",
]


# --------------------------------------------------------------------------- results


@dataclass(frozen=True)
class Violation:
    """One thing a person should not read: which rule, where, the snippet and its context."""

    rule: Rule
    where: str
    """The request (``#12 message.create``) and the part (``text``, ``label``, ``option 3
    description``, ``attachment hand.png description``, ...)."""
    snippet: str
    context: str
    """Up to 60 characters either side of the snippet."""
    line: str = ""
    """The whole line of the text the snippet is in (to find what wrote it)."""

    def __str__(self) -> str:
        return f"[{self.rule}] {self.where}: {self.snippet!r} in …{self.context}…"


@dataclass(frozen=True)
class Allow:
    """One accepted exception: the snippet (in full) matches ``snippet``; ``rule`` as named;
    optionally the message's text contains ``context``. ``reason`` says why it is right."""

    rule: Rule
    snippet: str
    reason: str
    context: str = ""

    def __post_init__(self) -> None:
        if not self.reason.strip():
            raise ValueError(f"an allow-list entry needs a reason: {self}")

    def allows(self, violation: Violation, text: str) -> bool:
        return (
            violation.rule == self.rule
            and re.fullmatch(self.snippet, violation.snippet) is not None
            and (not self.context or re.search(self.context, text) is not None)
        )


ALLOWED: tuple[Allow, ...] = ()
"""The project's accepted exceptions, each with its reason (none yet: add an entry only for a
case a person reads rightly, e.g. ``Allow("tile_code", r"5p", "a rules quote", context=r"^§")``)."""


@dataclass
class Piece:
    """One text a person reads, where it is, and which text the user typed for it."""

    where: str
    text: str
    typed: frozenset[str] = frozenset()
    """The user's typed values (and their words) that may appear as they are."""
    typed_tiles: frozenset[str] = frozenset()
    """Every single tile code the user typed (``123m`` gives ``1m 2m 3m``)."""
    group: str = ""
    """Pieces of one message share a group: the language is decided over the group."""


# --------------------------------------------------------------------------- patterns

SNAKE = re.compile(r"(?<![\w/.])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w/])")
TILE_CODE = re.compile(r"(?<![\w.,/#:+\-])(?:[1-9]+[mpsz]|[1-8]+f)+(?![\w])")
TILE_RUN = re.compile(r"([1-9]+)([mpszf])")
INLINE_CODE = re.compile(r"`[^`\n]+`")
MARKUP = re.compile(r"<(?:@[!&]?|#|t:|a?:\w+:)[^>\s]*>|\b\w+://\S+")
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+")
PYTHON: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b(?:True|False|None)\b"), "a Python boolean or None"),
    (re.compile(r"\[\s*['\"]|['\"]\s*\]"), "a list's repr"),
    (re.compile(r"\{\s*['\"]"), "a dict's or set's repr"),
    (re.compile(r"\(\s*'[^'\n]*'\s*,"), "a tuple's repr"),
    (re.compile(r"<[\w.]+ object at 0x[0-9a-f]+>|\bobject at 0x[0-9a-f]+"), "an object's repr"),
    (re.compile(r"<\w+\.\w+: [^>]*>"), "an enum's repr"),
    (
        re.compile(r"\b(?:Wind|ActionKind|Phase|EndReason|MeldKind|GroupKind|EventKind|Lang)\.[A-Z_]{2,}\b"),
        "an enum member's name",
    ),
    (re.compile(r"\b(?:Position|Tile|Wind|Action|Hand|Meld)\(\S"), "a value's repr"),
    (re.compile(r"\bTraceback\b"), "a traceback"),
    (re.compile(r"\b[A-Z][A-Za-z]*(?:Error|Exception)\b"), "an exception's class name"),
)

SHARED: frozenset[str] = frozenset(
    {
        # words in both languages (a German text may say "also", an English one "hand")
        "also",
        "jong",  # "Mah-Jong-Club Rumisberg", a club's own name (seed 002), in both languages
        "hand",
        "hands",
        "wind",
        "winds",
        "bald",
        "fast",
        "rest",
        "gift",
        "kind",
        "link",
        "mist",
        "name",
        "note",
        "start",
        "stop",
        "status",
        "test",
        "will",
        "warm",
        "wild",
        "runde",
        "modus",
        "mode",
        "server",
        "chat",
        "team",
        "limit",
        "bonus",
        "info",
        "option",
        "optionen",
        "level",
        "computer",
        "computers",
        "chips",
        "discord",
        "button",
        "buttons",
        "ende",
        "main",
        "fisch",
        "minimum",
        "standard",
        "bots",
        "clubs",
        "club",
        "text",
        # names and rule terms both languages use
        "pong",
        "kong",
        "kang",
        "chow",
        "riichi",
        "dora",
        "gulasch",
        "mahjong",
        "jongg",
        "dmjl",
        "huabao",
        "rumisberg",
        "wikibooks",
        "jiangxi",
        "ada",
        "alice",
        "bob",
    }
)
"""Words that belong to neither vocabulary: the same word in both languages, names, rule terms."""


# --------------------------------------------------------------------------- vocabularies


def _words(text: str) -> set[str]:
    text = re.sub(r"\{[^{}]*\}", " ", text)  # placeholders
    text = INLINE_CODE.sub(" ", text)
    return {w.lower() for w in WORD.findall(text) if len(w) >= 4}


@cache
def vocabularies() -> tuple[frozenset[str], frozenset[str]]:
    """(English-only, German-only) words: from the catalogue, the settings' words, the scoring
    items' names and the engine's tile names."""
    from bot.i18n import CATALOGUE, COMMAND_TEXT
    from bot.i18n.settings import CHOICES, FEATURES, LABELS, RULE_HELP_DE, RULE_HELP_EN
    from engine.rulesets import RULESETS
    from engine.tiles import TILES, tile_name

    english: set[str] = set()
    german: set[str] = set()
    for en, de in CATALOGUE.values():
        english |= _words(en)
        german |= _words(de)
    for en_command, de_command in COMMAND_TEXT.items():
        english |= _words(en_command)
        german |= _words(de_command)
    for tile in TILES:
        for ruleset in ("", "jiangxi"):  # jiangxi's names (Zhong, Wan) are the same in both
            english |= _words(tile_name(tile, "en", ruleset))
            german |= _words(tile_name(tile, "de", ruleset))
    # the settings' words (labels, choices, rules a ruleset adds, help) and the scoring items' names
    pairs: list[tuple[str, str]] = [*LABELS.values(), *CHOICES.values(), *FEATURES.values()]
    pairs += [(RULE_HELP_EN.get(key, ""), help_de) for key, help_de in RULE_HELP_DE.items()]
    pairs += [(en, de) for ruleset in RULESETS.values() for de, en in ruleset.names.values()]
    for en, de in pairs:
        english |= _words(en)
        german |= _words(de)
    return frozenset(english - german - SHARED), frozenset(german - english - SHARED)


def detect_language(words: Iterable[str]) -> tuple[Lang | None, list[str], list[str]]:
    """The majority language of ``words`` (None on a tie), with the English-only and German-only
    words found."""
    en_only, de_only = vocabularies()
    listed = list(words)
    english = [w for w in listed if w.lower() in en_only]
    german = [w for w in listed if w.lower() in de_only]
    if len(english) > len(german):
        return "en", english, german
    if len(german) > len(english):
        return "de", english, german
    return None, english, german


# --------------------------------------------------------------------------- checking


def _context(text: str, start: int, end: int) -> str:
    return text[max(0, start - 60) : end + 60].replace("\n", " ⏎ ")


def _line(text: str, start: int) -> str:
    begin = text.rfind("\n", 0, start) + 1
    stop = text.find("\n", start)
    return text[begin : len(text) if stop < 0 else stop]


def _blank(text: str, spans: Iterable[tuple[int, int]]) -> str:
    chars = list(text)
    for start, end in spans:
        for i in range(start, end):
            if chars[i] != "\n":
                chars[i] = " "
    return "".join(chars)


def _without_typed(text: str, typed: Iterable[str]) -> str:
    """``text`` with every occurrence of a typed value or word blanked (longest first)."""
    for value in sorted(typed, key=len, reverse=True):
        if len(value) < 2:
            continue
        pattern = rf"(?<!\w){re.escape(value)}(?!\w)"  # whole words: typed "5p" is not in "15p"
        text = re.sub(pattern, lambda m: " " * len(m.group()), text, flags=re.IGNORECASE)
    return text


def tiles_of(code: str) -> set[str]:
    """The single tile codes a compact code names: ``19m5p`` gives ``1m 9m 5p``."""
    return {f"{digit}{suit}" for digits, suit in TILE_RUN.findall(code) for digit in digits}


def typed_words(values: Iterable[str]) -> tuple[frozenset[str], frozenset[str]]:
    """(the values and their words, every tile they name) for what a user typed."""
    typed: set[str] = set()
    tiles: set[str] = set()
    for value in values:
        value = value.strip()
        if not value:
            continue
        typed.add(value)
        typed.update(w for w in re.split(r"[\s,;]+", value) if w)
        for match in TILE_CODE.finditer(value):
            tiles |= tiles_of(match.group())
        for match in re.finditer(r"[1-9]+[mpszf]", value):
            tiles |= tiles_of(match.group())
    return frozenset(typed), frozenset(tiles)


def _identifier_names() -> frozenset[str]:
    from bot.settings_registry import ENTRIES

    return frozenset(ENTRIES)


def _violation(rule: Rule, piece: Piece, snippet: str, span: tuple[int, int]) -> Violation:
    return Violation(rule, piece.where, snippet, _context(piece.text, *span), _line(piece.text, span[0]))


def _commands_pattern(commands: Iterable[str]) -> re.Pattern[str]:
    """A slash command as written in a text (``/mahjong new``, ``/chips history``): the words of
    the command's path are names, in no language."""
    paths = sorted({c.strip().lstrip("/") for c in commands if c.strip()}, key=len, reverse=True)
    alternatives = "|".join(re.escape(p) for p in paths) or r"(?!)"
    return re.compile(rf"(?<![\w<])/(?:{alternatives})(?![\w])|(?<![\w<])/[a-z]+(?![\w/])")


def _check_piece(
    piece: Piece, names: frozenset[str], commands: re.Pattern[str]
) -> tuple[list[Violation], list[str]]:
    """The violations of one piece besides the language, and its words for the language check."""
    found: list[Violation] = []
    original = piece.text
    text = MARKUP.sub(lambda m: " " * len(m.group()), original)
    text = commands.sub(lambda m: " " * len(m.group()), text)
    text = _without_typed(text, piece.typed)

    # identifiers: not in small print
    lines = text.split("\n")
    not_small = "\n".join(" " * len(line) if line.lstrip().startswith("-# ") else line for line in lines)
    for match in SNAKE.finditer(not_small):
        found.append(_violation("identifier", piece, match.group(), match.span()))
    for match in re.finditer(r"`\s*([a-z]+)\s*(?:=[^`]*)?`|\b([a-z]+)\s*=", not_small):
        name = match.group(1) or match.group(2)
        if name in names:
            found.append(_violation("identifier", piece, name, match.span()))

    # tile codes: not in inline code, unless the user typed every tile
    no_code = _blank(text, (m.span() for m in INLINE_CODE.finditer(text)))
    for match in TILE_CODE.finditer(no_code):
        if tiles_of(match.group()) <= piece.typed_tiles:
            continue
        found.append(_violation("tile_code", piece, match.group(), match.span()))

    # Python
    for pattern, _what in PYTHON:
        for match in pattern.finditer(text):
            found.append(_violation("python", piece, match.group(), match.span()))

    words = WORD.findall(SNAKE.sub(" ", no_code))  # an identifier is reported as one, not as words
    return found, words


def check_pieces(
    pieces: Sequence[Piece],
    *,
    lang: Lang | None = None,
    allowed: Iterable[Allow] = ALLOWED,
    names: Iterable[str] = (),
    commands: Iterable[str] = (),
) -> list[Violation]:
    """Every violation in ``pieces``; pieces of one ``group`` are one message for the language.

    ``lang``: the language every piece must be in (None: each message's majority); ``names``:
    people's and places' names, taken out of the text first; ``commands``: the slash commands'
    paths (``mahjong new``), names in no language.
    """
    registry = _identifier_names()
    command_pattern = _commands_pattern(commands)
    allow = list(allowed)
    name_words = {w.lower() for name in names for w in WORD.findall(name)}
    en_only, de_only = vocabularies()
    out: list[Violation] = []
    groups: dict[str, list[tuple[Piece, list[str]]]] = {}
    for piece in pieces:
        found, words = _check_piece(piece, registry, command_pattern)
        words = [w for w in words if w.lower() not in name_words]
        out.extend(v for v in found if not any(a.allows(v, piece.text) for a in allow))
        groups.setdefault(piece.group or piece.where, []).append((piece, words))
    for members in groups.values():
        every = [w for _piece, words in members for w in words]
        majority = lang or detect_language(every)[0]
        if majority is None:
            continue
        foreign = de_only if majority == "en" else en_only
        for piece, words in members:
            for word in words:
                if word.lower() not in foreign:
                    continue
                at = re.search(rf"\b{re.escape(word)}\b", piece.text)
                span = at.span() if at else (0, 0)
                v = Violation(
                    "language",
                    f"{piece.where} (in {majority})",
                    word,
                    _context(piece.text, *span),
                    _line(piece.text, span[0]),
                )
                if not any(a.allows(v, piece.text) for a in allow):
                    out.append(v)
    return out


def check_text(
    text: str,
    *,
    lang: Lang | None = None,
    typed: Iterable[str] = (),
    allowed: Iterable[Allow] = ALLOWED,
    commands: Iterable[str] = (),
) -> list[Violation]:
    """The violations of one message text (``typed``: what the user typed for it; ``commands``:
    slash command paths it may name, such as ``chips history``)."""
    words, tiles = typed_words(typed)
    return check_pieces([Piece("text", text, words, tiles)], lang=lang, allowed=allowed, commands=commands)


# --------------------------------------------------------------------------- the harness


BUILDER_PICKS = "mj:bs:"
"""The custom_id prefix of the /score hand builder's controls (bot/cogs/builder.py)."""


def _typed_values(rec: InteractionRecord) -> list[str]:
    """What the user typed in an interaction: slash and autocomplete options, modal inputs, the
    tiles picked in the /score hand builder (notation the user composes there), and the message
    a message command reads (**Score this hand**)."""
    out: list[str] = []
    data = rec.payload.get("data") or {}

    def options(nodes: Iterable[Mapping[str, Any]]) -> None:
        for node in nodes:
            if node.get("options"):
                options(node["options"])
            value = node.get("value")
            if isinstance(value, str):
                out.append(value)

    if rec.kind in ("slash", "autocomplete"):
        options(data.get("options") or [])
    if rec.kind == "select" and (rec.custom_id or "").startswith(BUILDER_PICKS):
        out += rec.values  # the /score builder: the user composes the hand's notation by picking
    if rec.kind == "modal":
        for component in walk_components(data.get("components") or []):
            if isinstance(component.get("value"), str):
                out.append(component["value"])
    if rec.kind == "message command":  # issue 31 install: Score this hand reads the target message
        for message in (data.get("resolved") or {}).get("messages", {}).values():
            out.append(str(message.get("content") or ""))
    return out


def _origin(component: Mapping[str, Any]) -> str:
    """Where a component comes from, for the report: its custom_id's first two parts."""
    custom_id = component.get("custom_id")
    return f" [{':'.join(str(custom_id).split(':')[:2])}]" if isinstance(custom_id, str) else ""


def _message_pieces(body: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """(part, text) of every text a person reads in a message body."""
    content = body.get("content")
    if isinstance(content, str) and content:
        yield "content", content
    for e, embed in enumerate(body.get("embeds") or []):
        for key in ("title", "description"):
            if embed.get(key):
                yield f"embed {e} {key}", str(embed[key])
        if (embed.get("author") or {}).get("name"):
            yield f"embed {e} author", str(embed["author"]["name"])
        for f, fld in enumerate(embed.get("fields") or []):
            yield f"embed {e} field {f}", f"{fld.get('name', '')}\n{fld.get('value', '')}"
        if (embed.get("footer") or {}).get("text"):
            yield f"embed {e} footer", str(embed["footer"]["text"])
    for component in walk_components(body.get("components") or []):
        ctype = component.get("type")
        origin = _origin(component)
        if ctype == TEXT_DISPLAY and isinstance(component.get("content"), str):
            yield "text display", component["content"]
        for key in ("label", "placeholder", "title", "description"):
            if isinstance(component.get(key), str) and component[key]:
                yield f"{key}{origin}", component[key]
        if ctype == TEXT_INPUT and isinstance(component.get("value"), str) and component["value"]:
            yield f"input value{origin}", component["value"]
        if ctype in SELECT_TYPES:
            for o, option in enumerate(component.get("options") or []):
                yield f"option {o} label{origin}", str(option.get("label", ""))
                if option.get("description"):
                    yield f"option {o} description{origin}", str(option["description"])
        for i, item in enumerate(component.get("items") or []):
            if isinstance(item, dict) and item.get("description"):
                yield f"gallery {i} description", str(item["description"])
    for attachment in body.get("attachments") or []:
        if isinstance(attachment, dict) and attachment.get("description"):
            yield f"attachment {attachment.get('filename', '?')} description", str(attachment["description"])


def _values_of(
    req: Request, typed_by: Mapping[int, list[str]], written: dict[int, frozenset[str]]
) -> set[str]:
    """What the people typed for what ``req`` writes: in its interaction (or the one whose
    handling made it), and into the message it edits or the message the interaction came from."""
    recs = [r for r in (req.interaction, req.caused_by) if r is not None]
    values = {v for r in recs for v in typed_by.get(id(r), [])}
    if req.target is not None:
        for r in recs:
            if r.message_id is not None:  # a modal submitted from a message, a click on it
                values |= written.get(r.message_id, frozenset())
        values |= written.get(req.target.id, frozenset())
        written[req.target.id] = frozenset(values)
    return values


def _typed_into(h: Harness[Any], written: dict[int, frozenset[str]]) -> None:
    typed_by: dict[int, list[str]] = {id(rec): _typed_values(rec) for rec in h.interactions}
    for req in h.requests:
        if req.ok:
            _values_of(req, typed_by, written)


def harness_pieces(h: Harness[Any], before: Sequence[Harness[Any]] = ()) -> list[Piece]:
    """Every text a person reads in what the bot sent through ``h``. ``before``: earlier harnesses
    on the same fake Discord (a restart), whose messages ``h`` may edit: what the people typed
    into those messages counts for the edits too."""
    written: dict[int, frozenset[str]] = {}  # message id -> what people typed in what wrote it
    words_of: dict[frozenset[str], tuple[frozenset[str], frozenset[str]]] = {}
    pieces: list[Piece] = []
    for earlier in before:
        _typed_into(earlier, written)
    typed_by: dict[int, list[str]] = {id(rec): _typed_values(rec) for rec in h.interactions}
    for req in h.requests:
        if not req.ok:
            continue
        values = _values_of(req, typed_by, written)
        key = frozenset(values)
        if key not in words_of:
            words_of[key] = typed_words(key)
        typed, tiles = words_of[key]
        group = f"#{req.seq} {req.kind}"
        body = req.body
        if req.callback_type == MODAL and body is not None:
            if body.get("title"):
                pieces.append(Piece(f"{group} modal title", str(body["title"]), typed, tiles, group))
            for part, text in _message_pieces({"components": body.get("components") or []}):
                pieces.append(Piece(f"{group} modal {part}", text, typed, tiles, group))
            continue
        if req.callback_type == AUTOCOMPLETE_RESULT and req.json is not None:
            for c, choice in enumerate((req.json.get("data") or {}).get("choices") or []):
                pieces.append(Piece(f"{group} choice {c}", str(choice.get("name", "")), typed, tiles, group))
            continue
        if not req.has_message or body is None:
            continue
        described: set[str] = set()  # an image's description is read once (gallery, attachment, file)
        for part, text in _message_pieces(body):
            if "description" in part and part.split()[0] in ("gallery", "attachment"):
                if text in described:
                    continue
                described.add(text)
            pieces.append(Piece(f"{group} {part}", text, typed, tiles, group))
        for sent in req.files:
            if sent.description and sent.description not in described:
                pieces.append(
                    Piece(f"{group} file {sent.filename} description", sent.description, typed, tiles, group)
                )
    return pieces


def _names(h: Harness[Any]) -> list[str]:
    backend = h.backend
    names: list[str] = []
    for user in backend.users.values():
        names += [n for n in (user.name, user.global_name, user.nick) if n]
    for guild in backend.guilds.values():
        names.append(guild.name)
        names += [c.name for c in guild.channels]
        names += [r.name for r in guild.roles]
    return names


def check_harness(
    h: Harness[Any],
    *,
    lang: Lang | None = None,
    allowed: Iterable[Allow] = ALLOWED,
    before: Sequence[Harness[Any]] = (),
) -> list[Violation]:
    """Every violation in what the bot sent through ``h`` (``lang``: the language all of it must
    be in; None: each message's majority; ``before``: see :func:`harness_pieces`)."""
    return check_pieces(
        harness_pieces(h, before), lang=lang, allowed=allowed, names=_names(h), commands=_command_paths(h)
    )


def _command_paths(h: Harness[Any]) -> list[str]:
    """Every registered slash command's path: ``mahjong``, ``mahjong new``, ``settings set``..."""
    paths: list[str] = []

    def walk(prefix: str, options: Iterable[Mapping[str, Any]]) -> None:
        for option in options:
            if option.get("type") in (1, 2):
                path = f"{prefix} {option['name']}"
                paths.append(path)
                walk(path, option.get("options") or [])

    for commands in h.backend.commands.values():
        for command in commands:
            paths.append(str(command["name"]))
            walk(str(command["name"]), command.get("options") or [])
    return paths


def _shape(line: str) -> str:
    """A line with its tile codes and numbers blurred: lines that differ only there are one case."""
    return re.sub(r"\d+", "9", TILE_CODE.sub("◆", line))


def report(violations: Sequence[Violation], limit: int = 40) -> str:
    """The violations grouped by rule, part of a message and the line's shape: one line each with
    how often, the snippets seen and one context."""
    groups: dict[tuple[str, str, str], list[Violation]] = {}
    for v in violations:
        key = (v.rule, re.sub(r"#\d+ |\b\d+ ", "", v.where), _shape(v.line))
        groups.setdefault(key, []).append(v)
    lines = []
    for (rule, where, _), found in groups.items():
        snippets = list(dict.fromkeys(v.snippet for v in found))
        shown = ", ".join(repr(s) for s in snippets[:8]) + (", …" if len(snippets) > 8 else "")
        lines.append(f"[{rule}] {where} ×{len(found)}: {shown} in …{found[0].context}…")
    more = len(lines) - limit
    return "\n".join(lines[:limit] + ([f"... and {more} more"] if more > 0 else []))


def assert_clean(h: Harness[Any], *, lang: Lang | None = None, allowed: Iterable[Allow] = ALLOWED) -> None:
    """Fail with a report if anything a person reads in ``h`` breaks a wording rule."""
    found = check_harness(h, lang=lang, allowed=allowed)
    if found:
        raise AssertionError(f"{len(found)} wording violations:\n{report(found, limit=200)}")
