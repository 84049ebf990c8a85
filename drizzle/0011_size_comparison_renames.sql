-- The weekly size comparisons now name only things with a picture of their own; favourites of the
-- renamed weeks' inspiration ideas follow their new ids.
UPDATE "favorite_templates" SET "template_id" = CASE "template_id"
  WHEN 'week-8-raspberry' THEN 'week-8-kidney-bean'
  WHEN 'week-11-lime' THEN 'week-11-kiwi'
  WHEN 'week-12-plum' THEN 'week-12-tomato'
  WHEN 'week-22-papaya' THEN 'week-22-cucumber'
  WHEN 'week-23-grapefruit' THEN 'week-23-bunch-of-grapes'
  WHEN 'week-25-cauliflower' THEN 'week-25-sweet-potato'
  WHEN 'week-29-butternut-squash' THEN 'week-29-loaf-of-bread'
  WHEN 'week-38-leek' THEN 'week-38-winter-melon'
END
WHERE "template_id" IN ('week-8-raspberry', 'week-11-lime', 'week-12-plum', 'week-22-papaya', 'week-23-grapefruit', 'week-25-cauliflower', 'week-29-butternut-squash', 'week-38-leek');
