-- 0006_table_settings: the settings of a server's or a channel's tables that are not house rules.
--
-- Why: /settings lets a club choose, per server and per channel (the channel's
-- choice over the server's), the language a table speaks, the turn and claim
-- times, the pause before the next hand starts by itself (0: the Next hand
-- button), and who may open and who may stop a table (everyone, or a role);
-- and, for the whole server, the starting chips of its next season. Until now
-- these came only from the bot's configuration. A table takes them when it
-- opens. Storage checks each value's bounds before it writes it and logs every
-- change in settings_log (kind 'table_setting') with who made it.
--
-- Like house_rules: one row per set value, the value as JSON text
-- ("de", 45, 0 for everyone, a role id); a setting without a row is not set
-- here (the server's, else the bot's configuration applies).
--
-- PostgreSQL: the same table as migrations/sqlite/0006_table_settings.sql (types as in 0001).

CREATE TABLE table_settings (
    guild_id    BIGINT NOT NULL REFERENCES guilds (guild_id),
    channel_id  BIGINT NOT NULL,
    name        TEXT NOT NULL,
    value       TEXT NOT NULL,
    changed_by  BIGINT,
    changed_at  TEXT NOT NULL,
    PRIMARY KEY (guild_id, channel_id, name)
);
