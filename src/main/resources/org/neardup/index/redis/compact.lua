-- compact.lua: the writing half of FingerprintStore.compact, for some band groups.
--
-- KEYS[1]   {ns}:config            ARGV[1..3] the layout (see _common.lua)
-- ARGV[4..] per group, 4 each: its number; its value as the client read it; that value without
--           the entries of pages that are gone; their 5-byte seqs, one string
--
-- Removal leaves a page's band entries (its record lists no band addresses; check_and_record.lua
-- drops those a lookup meets). RedisFingerprintStore.compact finds the rest with plain commands:
-- it reads the groups with MGET, and the seqs it lists here had no record when it asked (a copy
-- of the live bitmap, live_key in _common.lua, tells which to ask). A seq without a record never
-- has one again (a page that comes back gets a new seq; a recheck replaces its record inside one
-- call of check_and_record.lua), so the entries of a listed seq can go whenever. A group still as
-- the client read it takes the client's value; one that changed since (a page appended, a lookup
-- dropped entries) is rewritten here without the listed seqs' entries, so nothing appended since
-- is lost. A group left empty is deleted.
-- Reply: the number of entries dropped.

local dropped = 0
for a = 4, #ARGV, 4 do
  local k = P .. 'b:' .. ARGV[a]
  local v = R('GET', k)
  local rest
  if v == ARGV[a + 1] then
    rest = ARGV[a + 2]
    dropped = dropped + (#v - #rest) / 9
  elseif v then
    local gone, listed = {}, ARGV[a + 3]
    for p = 1, #listed, 5 do gone[sub(listed, p, p + 4)] = true end
    local out, from = {}, 1
    for p = 1, #v - 8, 9 do
      if gone[sub(v, p + 4, p + 8)] then
        out[#out + 1] = sub(v, from, p - 1)
        from = p + 9
        dropped = dropped + 1
      end
    end
    if from > 1 then
      out[#out + 1] = sub(v, from)
      rest = table.concat(out)
    end
  end
  if rest then
    if rest == '' then R('DEL', k) else R('SET', k, rest) end
  end
end
return dropped
