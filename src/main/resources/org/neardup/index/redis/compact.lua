-- compact.lua: the writing half of StoreMaintenance.compact, for some band groups.
--
-- KEYS[1]   {ns}:config            ARGV[1..3] the layout (see _common.lua)
-- ARGV[4]   the seq counter and ARGV[5] the config's created field ('' when it has none) as
--           the client read them before it began
-- ARGV[6..] per group, 4 each: its key; its value as the client read it; that value without
--           the entries of pages that are gone; their 5-byte seqs, one string
--
-- Removal leaves a page's band entries (its record lists no band addresses; check_and_record.lua
-- drops those a lookup meets). RedisMaintenance.compact finds the rest with plain commands:
-- it reads the groups with MGET, and the seqs it lists here had no record when it copied the live
-- bitmap (live_key in _common.lua: set and cleared with the record). A seq without a record never
-- has one again (a page that comes back gets a new seq; a recheck replaces its record inside one
-- call of check_and_record.lua), so the entries of a listed seq can go whenever. A group still as
-- the client read it takes the client's value; one that changed since (a page appended, a lookup
-- dropped entries) is rewritten here without the listed seqs' entries, so nothing appended since
-- is lost. A group left empty is deleted.
-- The invariant holds while the namespace lives. After a reset, seqs start again at 1 and a
-- listed seq can name a new page; after a failover that lost writes, the counter can go back and
-- give a lost page's seq to another. So the script stops with NEARDUP_RESET, before it drops
-- anything, when the config was created again (its created field differs) or the counter is
-- below the one the client read. Not caught: a failover that lost a removal (the page is back,
-- and its band entries may go; its SimHash and core terms still find it).
-- Reply: the number of entries dropped.

if (R('HGET', CFG, 'created') or '') ~= ARGV[5] then
  error('NEARDUP_RESET key=' .. CFG .. ': the namespace was reset while compact ran;'
    .. ' nothing more was dropped', 0)
end
if tonumber(R('HGET', CTR, 'seq') or '0') < tonumber(ARGV[4]) then
  error('NEARDUP_RESET key=' .. CTR .. ': its seq went back below ' .. ARGV[4] .. ' while compact'
    .. ' ran (writes lost in a failover?); nothing more was dropped, run it again', 0)
end

local dropped, wrote = 0, false
for a = 6, #ARGV, 4 do
  local k = ARGV[a]
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
    -- At maxmemory (noeviction) Redis refuses a script's first write that may use memory (SET)
    -- and checks none after it; a DEL it lets through. So the first rewrite frees its group
    -- before it writes it, and compaction runs when memory is full, when it is needed most.
    if not wrote or rest == '' then R('DEL', k) end
    if rest ~= '' then R('SET', k, rest) end
    wrote = true
  end
end
return dropped
