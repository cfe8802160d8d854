-- 0013_ratings: a placeholder in branch h29-recstore only.
--
-- Why: versions run without a gap, so 0014 (recorded entries) needs a 0013 here; the rating
-- helper's own 0013_ratings.sql replaces this file when the branches are merged.
SELECT 1;
