-- compact.lua: FingerprintStore.compact of band groups ARGV[4] .. ARGV[4] + ARGV[5] - 1.
--
-- KEYS[1]   {ns}:config            ARGV[1..3] the layout (see _common.lua)
-- ARGV[4]   the first group number   ARGV[5] how many groups
--
-- Removal leaves a page's band entries (its record lists no band addresses; check_and_record.lua
-- drops those a lookup meets): here every entry (4-byte tag, 5-byte seq) whose page has no
-- record any more goes, and a group left empty is deleted. An entry whose page was recorded again
-- under its seq without near structures stays (a lookup skips and drops it).
-- Reply: the number of entries dropped.

local first, n = tonumber(ARGV[4]), tonumber(ARGV[5])
local dropped = 0
local live = {} -- seq -> its record exists
for g = first, first + n - 1 do
  local k = P .. 'b:' .. g
  local v = R('GET', k)
  if v then
    local out, from = {}, 1
    for p = 1, #v, 9 do
      local s = unseq5(v, p + 4)
      local l = live[s]
      if l == nil then
        l = R('HEXISTS', record_key(s), s) == 1
        live[s] = l
      end
      if not l then
        out[#out + 1] = sub(v, from, p - 1)
        from = p + 9
        dropped = dropped + 1
      end
    end
    if from > 1 then
      out[#out + 1] = sub(v, from)
      local rest = table.concat(out)
      if rest == '' then R('DEL', k) else R('SET', k, rest) end
    end
  end
end
return dropped
