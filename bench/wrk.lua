-- wrk script for the bench (bench/load.ts): cycles through the request list in the file named
-- by the first script argument (one request per line: method, tab, path, tab, body), each
-- thread from its own place in the list, and prints the result as one JSON line.
local threads = 0
local requests = {}
local next_index = 0

function setup(thread)
  thread:set("offset", threads * 37)
  threads = threads + 1
end

function init(args)
  for line in io.lines(args[1]) do
    local method, path, body = line:match("^(%u+)\t([^\t]*)\t(.*)$")
    requests[#requests + 1] = wrk.format(method, path, nil, body ~= "" and body or nil)
  end
  next_index = offset or 0
end

function request()
  next_index = next_index % #requests + 1
  return requests[next_index]
end

-- The latency distribution as 200 quantiles (0.5% steps), so that runs can be combined
-- (bench/slices.ts).
function done(summary, latency, _)
  local e = summary.errors
  local q = {}
  for i = 1, 200 do q[i] = string.format("%d", latency:percentile(i / 2)) end
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"quantilesUs":[%s],"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\n',
    summary.requests, summary.duration, table.concat(q, ","),
    e.connect, e.read, e.write, e.status, e.timeout))
end
