-- wrk script (throughput.py): through the proxy, one request in ten carries the organizer's session
-- (its answer is for them alone) and the rest are anonymous; every answer is checked. A personal answer
-- must be the signed-in page, marked no-store, never from the proxy's cache; an anonymous one must
-- never be a signed-in page. With one connection per thread, a thread has one request out at a time;
-- when nginx closes a kept-alive connection before answering, wrk asks for that request again.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  session = os.getenv("GG_SESSION")
  marker = 'href="/accounts/"'  -- the header's link to "My events", shown to a signed-in visitor only
  sent, checked, personal, wrong, leaked = 0, 0, 0, 0, 0
  pending = nil
end

function request()
  if pending == nil then
    sent = sent + 1
    pending = sent % 10 == 0
  end
  if pending then
    return wrk.format(nil, nil, {["Cookie"] = "sessionid=" .. session})
  end
  return wrk.format()
end

function response(status, headers, body)
  local mine = pending
  pending = nil
  local signed_in = body:find(marker, 1, true) ~= nil
  checked = checked + 1
  if mine then
    personal = personal + 1
    local cache = headers["X-Proxy-Cache"] or ""
    local control = headers["Cache-Control"] or ""
    if not signed_in or cache == "HIT" or cache == "STALE" or cache == "UPDATING"
        or not control:find("no-store", 1, true) then
      wrong = wrong + 1
    end
  elseif signed_in then
    leaked = leaked + 1
  end
end

function done(summary, latency, requests)
  local totals = {checked = 0, personal = 0, wrong = 0, leaked = 0}
  for _, thread in ipairs(threads) do
    for name, _ in pairs(totals) do
      totals[name] = totals[name] + thread:get(name)
    end
  end
  io.write(string.format("CHECKED %d PERSONAL %d WRONG %d LEAKED %d\n", totals.checked, totals.personal,
                         totals.wrong, totals.leaked))
end
