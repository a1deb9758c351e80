-- Up Migration
-- The filter searches read their (city|state, rating, id) index in order and probe each row's
-- specialty link until the page is full. With a city list as a parameter the planner misjudges
-- a big city's size and sorted all of its rows for a merge join against every link of the
-- specialty instead (16 ms for Fort Lauderdale at 1,000,000 contractors, against 2 ms probing):
-- merge joins are off here, as hash joins already are (0008).
alter function app_hidden.search_contractors(text, text, text, text, integer, integer, numeric, uuid)
  set enable_mergejoin to off;
