-- expire.lua: the second phase of StoreMaintenance.expire: removes pages found by find_expired.lua.
--
-- KEYS[1]   {ns}:config            ARGV[1..3] the layout (see _common.lua)
-- ARGV[4]   cutoff: epoch ms
-- ARGV[5..] per page: seq, its url's registry key, url hash (8 bytes)
--
-- A page is removed (as remove.lua does) only if its record is still there and still first
-- recorded before the cutoff: a re-crawl (or an orphan decided again) since the first phase gave
-- the url a new seq and a new time. Its registry field goes only while it names this seq. Reply:
-- the number removed.

local cutoff = tonumber(ARGV[4])
local n = 0
for i = 5, #ARGV - 2, 3 do
  local seq = tonumber(ARGV[i])
  local rec = get_record(seq)
  if rec and rare().fetched_before(rec, cutoff) then
    rare().remove_page(seq, rec)
    if R('HGET', ARGV[i + 1], ARGV[i + 2]) == ARGV[i] then R('HDEL', ARGV[i + 1], ARGV[i + 2]) end
    n = n + 1
  end
end
if n > 0 then R('HINCRBY', CTR, 'expired', tostring(n)) end
return n
