-- 0001_initial: the club's first persistent state.
--
-- Why: before this the bot forgot everything on restart. A club configures its
-- tables once (ruleset and house rules, per server and per channel) and expects
-- them to stay, with a record of who changed what and when; and the bot must
-- remember the people it plays with (display name last seen, language).
--
-- Conventions for every migration: Discord ids (guild, channel, user) are
-- INTEGER snowflakes; channel_id 0 means "the whole server" (snowflakes are
-- never 0); times are ISO 8601 UTC text written by the bot's clock; setting
-- values are JSON text (true, 300, "dmjl").

CREATE TABLE guilds (
    guild_id    INTEGER PRIMARY KEY,
    created_at  TEXT NOT NULL
);

-- The ruleset chosen for a server (channel_id 0) or one channel (overrides the server's).
CREATE TABLE scope_rulesets (
    guild_id    INTEGER NOT NULL REFERENCES guilds (guild_id),
    channel_id  INTEGER NOT NULL,
    ruleset     TEXT NOT NULL,
    changed_by  INTEGER,
    changed_at  TEXT NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
) WITHOUT ROWID;

-- House-rule overrides only (never the ruleset's defaults), already validated
-- against engine.settings by the storage layer before they are written.
CREATE TABLE house_rules (
    guild_id    INTEGER NOT NULL REFERENCES guilds (guild_id),
    channel_id  INTEGER NOT NULL,
    name        TEXT NOT NULL,
    value       TEXT NOT NULL,
    changed_by  INTEGER,
    changed_at  TEXT NOT NULL,
    PRIMARY KEY (guild_id, channel_id, name)
) WITHOUT ROWID;

-- Every change of a ruleset, house rule or club option: who, what, when, from what to what.
-- kind: 'ruleset', 'house_rule' or 'club_option'; old/new value NULL when unset.
CREATE TABLE settings_log (
    change_id   INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL REFERENCES guilds (guild_id),
    channel_id  INTEGER NOT NULL,
    kind        TEXT NOT NULL,
    name        TEXT NOT NULL,
    old_value   TEXT,
    new_value   TEXT,
    changed_by  INTEGER,
    changed_at  TEXT NOT NULL
);
CREATE INDEX settings_log_by_guild ON settings_log (guild_id, change_id);

CREATE TABLE players (
    user_id       INTEGER PRIMARY KEY,
    display_name  TEXT NOT NULL,
    language      TEXT,
    first_seen    TEXT NOT NULL,
    last_seen     TEXT NOT NULL
);
