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

UPDATE games
   SET overrides = json_remove(overrides, '$.traditional_limit_hands', '$.nine_lanterns_easy')
 WHERE ruleset IN ('dmjl', 'rumisberg')
   AND json_valid(overrides)
   AND (json_type(overrides, '$.traditional_limit_hands') IS NOT NULL
        OR json_type(overrides, '$.nine_lanterns_easy') IS NOT NULL);

UPDATE games
   SET overrides = json_remove(
           overrides, '$.original_call', '$.zero_point_basis', '$.rob_concealed_kong_13_orphans'
       )
 WHERE ruleset = 'huabao'
   AND json_valid(overrides)
   AND (json_type(overrides, '$.original_call') IS NOT NULL
        OR json_type(overrides, '$.zero_point_basis') IS NOT NULL
        OR json_type(overrides, '$.rob_concealed_kong_13_orphans') IS NOT NULL);
