-- Decision 051: stops made from a child's pickup point (the route editor's "stop from a child", a plan's
-- acceptance) used to be named after that child's address, which every family and driver on the route reads.
-- Such a stop is recognised by its name being exactly the name that rule gave (the trimmed address, cut to 99
-- characters and an ellipsis past 100) of a child whose pickup point is within 500 m of it (the planner's stops
-- sit near, not always on, the child's point). Each is renamed "Stop N" (in the order they were made), and the
-- trips' copies of it under its old name too (a parent's history shows them). Stops of children since deleted, or
-- whose address changed since, cannot be told from a stop the office named after a street, and are left as named.
WITH child_names AS (
  SELECT
    CASE WHEN length(btrim(pickup_address)) > 100 THEN left(btrim(pickup_address), 99) || '…'
      ELSE btrim(pickup_address) END AS name,
    pickup_lat AS lat,
    pickup_lng AS lng
  FROM students
  WHERE pickup_address IS NOT NULL AND btrim(pickup_address) <> ''
),
named AS (
  SELECT s.id, s.name AS old_name, 'Stop ' || row_number() OVER (ORDER BY s.created_at, s.id) AS new_name
  FROM stops s
  WHERE EXISTS (
    SELECT 1 FROM child_names c
    WHERE c.name = s.name
      -- About 500 m: 0.0045 degrees of latitude, and of longitude scaled by the latitude.
      AND abs(s.lat - c.lat) < 0.0045
      AND abs(s.lng - c.lng) * cos(radians(s.lat)) < 0.0045
  )
),
renamed AS (
  UPDATE stops SET name = named.new_name FROM named WHERE stops.id = named.id RETURNING stops.id
)
UPDATE trip_stops SET name = named.new_name
FROM named
WHERE trip_stops.stop_id = named.id AND trip_stops.name = named.old_name;
