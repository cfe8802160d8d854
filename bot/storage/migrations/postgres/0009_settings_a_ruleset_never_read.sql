-- 0009_settings_a_ruleset_never_read: stored games lose overrides their ruleset never read.
--
-- Why: dmjl and rumisberg took traditional_limit_hands and nine_lanterns_easy (Hua Bao's
-- traditional limit hands, which their tables do not have), huabao took original_call,
-- zero_point_basis (DMJL's call at the beginning and zero-point hand, which its table does
-- not have) and rob_concealed_kong_13_orphans (thirteen orphans is no winning hand there):
-- set to anything they changed nothing (issue 25 item 5). Those rulesets no longer
-- take them, so a stored game with one in its overrides could not be rebuilt; the override
-- had no effect on it, and is dropped. House rules (house_rules) stay: they belong to a server
-- or channel, not to a ruleset, and still count where a ruleset takes them (huabao takes
-- traditional_limit_hands, dmjl original_call); storage skips them where it does not.
--
-- PostgreSQL: the same change to the same rows as migrations/sqlite/0009_..., which reads
--   UPDATE games SET overrides = json_remove(overrides, <keys>)
--    WHERE ruleset IN (...) AND json_valid(overrides) AND <a key is there>
-- PostgreSQL has no json_valid before version 16 (IS JSON), and a cast of text that is not JSON
-- fails the statement, so one block goes through the games of those rulesets and leaves alone
-- what SQLite leaves alone: overrides that are not JSON, not an object, or have none of the keys.
-- It writes what SQLite's json_remove writes: the object's other members in their order, the
-- text minified (no white space outside strings). Where the two can differ only for text no bot
-- wrote (the bot writes compact JSON with unique keys): a key written with escapes is written
-- again as to_json escapes it, and a dropped key given twice is dropped twice (json_remove drops
-- its first occurrence).

DO $$
DECLARE
    game record;
    doc json;
    dropped text[];
BEGIN
    FOR game IN
        SELECT game_id, ruleset, overrides FROM games
         WHERE ruleset IN ('dmjl', 'rumisberg', 'huabao')
         ORDER BY game_id
    LOOP
        dropped := CASE game.ruleset
            WHEN 'huabao' THEN ARRAY['original_call', 'zero_point_basis', 'rob_concealed_kong_13_orphans']
            ELSE ARRAY['traditional_limit_hands', 'nine_lanterns_easy']
        END;
        BEGIN
            doc := game.overrides::json;
        EXCEPTION WHEN data_exception THEN
            doc := NULL;  -- not JSON: json_valid() is false, the row stays as it is
        END;
        CONTINUE WHEN doc IS NULL OR json_typeof(doc) <> 'object';
        CONTINUE WHEN NOT EXISTS (SELECT 1 FROM json_each(doc) AS member WHERE member.key = ANY (dropped));
        UPDATE games
           SET overrides = regexp_replace(
                   '{' || COALESCE(
                       (SELECT string_agg(to_json(kept.key)::text || ':' || kept.value::text, ','
                                          ORDER BY kept.position)
                          FROM json_each(doc) WITH ORDINALITY AS kept (key, value, position)
                         WHERE kept.key <> ALL (dropped)),
                       ''
                   ) || '}',
                   '("(?:[^"\\]|\\.)*")|[ \t\n\r]+', '\1', 'g'
               )
         WHERE game_id = game.game_id;
    END LOOP;
END
$$;
