-- find_expired.lua: the first phase of StoreMaintenance.expire; reads only.
--
-- KEYS[1]   {ns}:config            ARGV[1..3] the layout (see _common.lua)
-- ARGV[4]   cutoff: epoch ms       ARGV[5] first record key number i ({ns}:r:<i>, seqs 64i..64i+63)
-- ARGV[6]   number of record keys to read
--
-- Reply: a flat list seq, url, ... of the records in those keys whose fetchedAt (bytes 7-14) is
-- before the cutoff, in no order. The client hashes the urls (Lua has no MD5) for expire.lua,
-- which checks every page again before it removes it.

local cutoff, first = tonumber(ARGV[4]), tonumber(ARGV[5])
local out = {}
for i = first, first + tonumber(ARGV[6]) - 1 do
  local kv = R('HGETALL', record_key(64 * i))
  for j = 1, #kv, 2 do
    if rare().fetched_before(kv[j + 1], cutoff) then
      out[#out + 1] = kv[j]
      out[#out + 1] = record_url(kv[j + 1])
    end
  end
end
return out
