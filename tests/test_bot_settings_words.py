"""`/mahjong rules` and `/settings` in plain words (issue 28, item 5): one sentence per difference
in the reader's language, values as the commands take them, identifiers only in small print;
and the catalogue's slips (item 9): plurals, the adjustment refusal, one German term per thing.

Through the offline Discord harness for dmjl, huabao and rumisberg with house rules, in English
and German."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
from discord_harness import ChannelSpec, FakeUser, GuildSpec, Harness, Overwrite
from test_bot_discord import CHANNEL, GUILD, config, guilds, make_bot, open_table

import bot.i18n.settings as vocabulary
import bot.settings_registry as registry
from bot.app import MahjongBot
from bot.i18n import CATALOGUE, text
from engine.rulesets import RULESETS, get_ruleset
from engine.settings import SPECS

SNAKE = re.compile(r"(?<![\w/.])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w/])")
PYTHON = re.compile(r"\b(?:True|False|None)\b")
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{4,}")

HOUSE_RULES = {  # each ruleset with house rules of every kind of value: a number, yes/no, a choice
    "dmjl": {"limit": "300", "seven_pairs": "true", "draw_settlement": "mutual"},
    "huabao": {"mj_bonus": "30", "winning_tile_points": "true", "earthly_value": "limit"},
    "rumisberg": {"gulasch_stake": "250", "fishing": "false", "pot_reading": "hand_value_undoubled"},
}


def english_only() -> frozenset[str]:
    """Words of four letters or more the catalogue uses in English and never in German."""
    english: set[str] = set()
    german: set[str] = set()
    for en, de in CATALOGUE.values():
        english.update(w.lower() for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", en)))
        german.update(w.lower() for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", de)))
    return frozenset(english - german - {"mahjong", "jongg"})


def slips(said: str, lang: str) -> list[str]:
    """What a person should not read: a snake_case identifier outside a `-# ` small-print line,
    a Python literal, an English word in German."""
    found: list[str] = []
    foreign = english_only() if lang == "de" else frozenset()
    for line in said.splitlines():
        found += PYTHON.findall(line)
        if line.startswith("-# "):
            continue
        found += SNAKE.findall(re.sub(r"<[#@&!]*\d+>", " ", line))
        found += [w for w in WORD.findall(line) if w.lower() in foreign]
    return found


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness[MahjongBot]]:
    harness = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds())
    yield harness
    await harness.close()


def boss(h: Harness[MahjongBot], locale: str = "en-US") -> FakeUser:
    return h.user(1, "Boss", permissions=discord.Permissions(manage_guild=True), locale=locale)


async def house_rules(h: Harness[MahjongBot], ruleset: str) -> list[str]:
    """Set ``ruleset`` and its house rules for the server through /settings set; the answers."""
    answers = []
    for name, value in {"ruleset": ruleset, **HOUSE_RULES[ruleset]}.items():
        rec = await h.slash(
            "settings set", user=boss(h), channel=CHANNEL, options={"name": name, "value": value}
        )
        assert rec.answered and not rec.ephemeral, rec.text
        answers.append(rec.text)
    return answers


@pytest.mark.parametrize("ruleset", list(HOUSE_RULES))
async def test_rules_and_settings_show_read_as_sentences(h: Harness[MahjongBot], ruleset: str) -> None:
    answers = await house_rules(h, ruleset)
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    await open_table(h, alice, bob)
    english, german = h.user(300, "ed", locale="en-GB"), h.user(400, "Grete", locale="de")
    for user, lang in ((english, "en"), (german, "de")):
        rules = await h.slash("mahjong rules", user=user, channel=CHANNEL)
        shown = await h.slash("settings show", user=user, channel=CHANNEL)
        for said in (rules.text, shown.text):
            assert not slips(said, lang), (lang, slips(said, lang), said)
            # no value written as code (a command and the ruleset's name as typed may be)
            readable = "\n".join(line for line in said.splitlines() if not line.startswith("-# "))
            assert "`" not in re.sub(rf"`/[^`]+`|`{ruleset}`", "", readable), said
        assert all(len(r.text) <= 2000 for r in shown.message_requests)
        assert len(rules.text) <= 2000
        # every difference of the ruleset and every house rule has its sentence
        parent = RULESETS[ruleset].parent
        if parent:
            for what, mine, theirs in RULESETS[ruleset].diff(get_ruleset(parent)):
                sentence = registry.difference(what, mine, theirs, lang)  # type: ignore[arg-type]
                assert sentence in rules.text and sentence in shown.text
        defaults = get_ruleset(ruleset).defaults
        stored = (await h.bot.storage.table_rules(GUILD, None)).settings
        for name in HOUSE_RULES[ruleset]:
            entry = registry.ENTRIES[name]
            sentence = entry.sentence(getattr(stored, name), getattr(defaults, name), lang)  # type: ignore[arg-type]
            assert f"- {sentence}" in rules.text and f"- {sentence}" in shown.text
            assert name in [line for line in shown.text.splitlines() if line.startswith("-# ")][-1] or any(
                name in line for line in shown.text.splitlines() if line.startswith("-# ")
            )
    for said in answers:  # the set confirmations: the setting in words, its identifier in small print
        assert not slips(said, "en"), said
    h.check()


async def test_the_sentences_read_as_the_brief_asks(h: Harness[MahjongBot]) -> None:
    await house_rules(h, "huabao")
    await h.bot.storage.set_house_rule(GUILD, "game_length", "rounds:1", actor_id=1)
    alice, bob = h.user(100, "alice"), h.user(200, "bob")
    await open_table(h, alice, bob)
    said = (await h.slash("mahjong rules", user=bob, channel=CHANNEL)).text
    assert "- Mah-Jongg bonus: 10 instead of 20" in said
    assert "- Points for the winning tile: yes instead of no" in said  # the house rule over huabao
    assert (
        "-# As typed in /settings: `earthly_value`, `game_length`, `mj_bonus`, `winning_tile_points`" in said
    )
    german = (await h.slash("mahjong rules", user=h.user(400, "Grete", locale="de"), channel=CHANNEL)).text
    assert "- Mah-Jongg-Bonus: 10 statt 20" in german and "- Mah-Jongg-Bonus: 30 statt 10" in german
    assert "Partie über 1 Runde," in german  # one round, not "Runde(n)"
    rec = await h.slash(
        "settings set", user=boss(h, "de"), channel=CHANNEL, options={"name": "limit", "value": "10000"}
    )
    assert "hat Limit für diesen Server auf 10.000 gesetzt (vorher 500)." in rec.text
    assert rec.text.endswith("\n-# So in /settings getippt: `limit`")
    rec = await h.slash(
        "settings set", user=boss(h, "de"), channel=CHANNEL, options={"name": "seven_pairs", "value": "ja"}
    )
    assert "Sieben Paare gewinnen für diesen Server auf ja gesetzt (vorher nein)" in rec.text
    assert (await h.bot.storage.table_rules(GUILD, None)).settings.seven_pairs is True
    h.check()


async def test_settings_suggestions_name_settings_and_values_in_words(h: Harness[MahjongBot]) -> None:
    rec = await h.autocomplete("settings set", "name", "flower", user=boss(h, "de"), channel=CHANNEL)
    names = [c["name"] for c in rec.choices]
    assert names and names[0].startswith("Verdopplungen für Bonussteine · ")
    assert next(c["value"] for c in rec.choices) == "flower_double_model"
    assert not any(SNAKE.search(n) for n in names)
    rec = await h.autocomplete(
        "settings set", "value", "", user=boss(h), channel=CHANNEL, options={"name": "flower_double_model"}
    )
    assert [c["value"] for c in rec.choices] == ["dmjl", "per_category", "additive"]
    assert not any(SNAKE.search(c["name"]) for c in rec.choices)
    h.check()


def test_every_setting_every_choice_and_every_rule_has_words_in_both_languages() -> None:
    assert set(registry.ENTRIES) <= set(vocabulary.LABELS)
    for spec in SPECS:
        for choice in spec.choices:
            assert (spec.name, choice) in vocabulary.CHOICES, (spec.name, choice)
    for ruleset in RULESETS.values():
        for feature in ruleset.features:
            assert feature.name in vocabulary.FEATURES, feature.name
    for pairs in (vocabulary.LABELS, vocabulary.CHOICES, vocabulary.FEATURES):
        for en, de in pairs.values():  # type: ignore[attr-defined]
            assert en and de and not SNAKE.search(en) and not SNAKE.search(de)
    assert registry.words("fishing", True, "de") == "ja" and registry.words("fishing", False, "en") == "no"
    assert registry.words("game_length", "hands:1", "en") == "1 hand"


def test_counts_are_singular_and_plural() -> None:
    assert text("length_hands", "en", n=1) == "1 hand" and text("length_hands", "en", n=2) == "2 hands"
    assert text("length_hands", "de", n=1) == "1 Spiel" and text("length_hands", "de", n=0) == "0 Spiele"
    assert text("length_rounds", "en", n=1) == "1 prevailing-wind round"
    one = text("stats_table_longest", "en", hands=1, game=3, started="a", ended="b")
    assert "**1** hand (game 3" in one
    assert "**1** Spiel (Partie 3" in text(
        "stats_table_longest", "de", hands=1, game=3, started="a", ended="b"
    )
    assert "**12** hands" in text("stats_table_longest", "en", hands=12, game=3, started="a", ended="b")


def test_the_adjustment_refusal_says_what_was_wrong_once() -> None:
    english = text("chips_bad_adjustment", "en", amount=0)
    german = text("chips_bad_adjustment", "de", amount=0)
    assert "not 0, not 0" not in english and "nicht 0, nicht 0" not in german
    assert english.count("0;") == 1 and english.endswith("you gave 0.")
    assert "−1,000,000,000" in english and "−1.000.000.000" in german  # a true minus sign


def test_one_german_word_for_each_thing() -> None:
    """Kong (not Kang), Stein (not Ziegel), a drawn hand is unentschieden (not Remis), a chow is a
    Chow (not Strasse or Chi), a Gulasch go-around is an Umlauf (a Runde is a prevailing wind's):
    in every German text of the catalogue and every setting's words."""
    german = [de for _, de in CATALOGUE.values()]
    german += [de for _, de in vocabulary.LABELS.values()] + [de for _, de in vocabulary.CHOICES.values()]
    german += [de for _, de in vocabulary.FEATURES.values()] + list(vocabulary.RULE_HELP_DE.values())
    for said in german:
        assert not re.search(r"Kang|[Zz]iegel|[Rr]emis|Stra(ss|ß)e|\bChi\b|Spass|abschliess", said), said
        assert not re.search(r"Runde \{n\} von|eine Runde mit der Mauer", said), said
        assert not re.search(
            r"\b(?:true|false|none|everyone|rounds|hands)\b", re.sub(r"\{[^}]*\}", "", said)
        ), said


def test_an_unnamed_season_is_named_in_german() -> None:
    assert (
        text("chips_balance", "de", who="Ada", chips="5", season="Season 2")
        == "Ada hat **5** Chips in Saison 2."
    )
    assert text("chips_balance", "en", who="Ada", chips="5", season="Season 2").endswith("in Season 2.")
    assert text("chips_leaderboard", "de", season="Herbstliga") == "Rangliste von Herbstliga"


async def test_german_values_are_taken_as_typed(h: Harness[MahjongBot]) -> None:
    chef = boss(h, "de")
    answers = {}
    for name, value in (("seven_pairs", "nein"), ("game_length", "Spiele:16"), ("balance_floor", "keiner")):
        options = {"name": name, "value": value}
        rec = await h.slash("settings set", user=chef, channel=CHANNEL, options=options)
        assert rec.answered and not rec.ephemeral, rec.text
        answers[name] = rec.text
    rules = await h.bot.storage.table_rules(GUILD, None)
    assert (rules.settings.seven_pairs, rules.settings.game_length) == (False, "hands:16")
    said = answers["game_length"]
    assert "Länge einer Partie für diesen Server auf 16 Spiele gesetzt (vorher 4 Runden)" in said
    assert "auf keiner (0) gesetzt" in answers["balance_floor"]
    options = {"name": "seven_pairs", "value": "x"}
    rec = await h.slash("settings set", user=chef, channel=CHANNEL, options=options)
    assert rec.ephemeral and "Sieben Paare gewinnen nimmt ja oder nein, nicht" in rec.text
    h.check()


async def test_missing_permissions_are_named_as_discord_names_them(tmp_path: Path) -> None:
    deny = discord.Permissions(embed_links=True, attach_files=True).value
    guild = GuildSpec(
        GUILD, "Club", channels=[ChannelSpec(CHANNEL, "table", overwrites=(Overwrite(GUILD, 0, deny=deny),))]
    )
    h = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=[guild])
    try:
        for locale, said in (
            ("en-US", "Embed Links, Attach Files"),
            ("de", "Links einbetten, Dateien anhängen"),
        ):
            rec = await h.slash("mahjong new", user=h.user(100, "alice", locale=locale), channel=CHANNEL)
            assert rec.ephemeral and rec.text.endswith(f": {said}."), rec.text
        h.check()
    finally:
        await h.close()


async def test_an_unknown_setting_lists_the_settings_in_small_print(h: Harness[MahjongBot]) -> None:
    for locale, lang in (("en-US", "en"), ("de", "de")):
        options = {"name": "colour", "value": "red"}
        rec = await h.slash("settings set", user=boss(h, locale), channel=CHANNEL, options=options)
        first, small = rec.text.split("\n")
        assert rec.ephemeral and "colour" in first and small.startswith("-# ") and "mj_bonus" in small
        assert not slips(rec.text, lang), rec.text
    h.check()


async def test_a_value_that_is_no_choice_is_refused_with_the_choices_in_words(h: Harness[MahjongBot]) -> None:
    for locale, lang, words in (
        ("en-US", "en", "one per own tile or two per bouquet"),
        ("de", "de", "zwei je Bouquet"),
    ):
        options = {"name": "flower_double_model", "value": "lots"}
        rec = await h.slash("settings set", user=boss(h, locale), channel=CHANNEL, options=options)
        assert rec.ephemeral and words in rec.text and not slips(rec.text, lang), rec.text
        assert rec.text.endswith(": `dmjl`, `per_category`, `additive`")  # the names to type, in small print
    h.check()
