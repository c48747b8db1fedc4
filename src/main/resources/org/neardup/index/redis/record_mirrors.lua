-- record_mirrors.lua: FingerprintStore.recordMirrors.
--
-- KEYS[1]   {ns}:config            ARGV[1..3] the layout (see _common.lua)
-- ARGV[4]   the most mirrors a site keeps (Mirrors.MAX)
-- ARGV[5..] pairs of site hashes (8 bytes each, Mirrors.hash): each site of a pair becomes a
--           mirror of the other. P..'m' maps a site hash to its mirrors' hashes, concatenated in
--           the order they were learned; a site that has ARGV[4] of them takes no more.
--
-- Reply: the number of mirrors added (0 when every pair was known).

local MAX = tonumber(ARGV[4])

local function add(site, mirror)
  local m = R('HGET', MIRRORS, site) or ''
  if #m >= 8 * MAX then return 0 end
  for i = 1, #m, 8 do
    if sub(m, i, i + 7) == mirror then return 0 end
  end
  R('HSET', MIRRORS, site, m .. mirror)
  return 1
end

local added = 0
for i = 5, #ARGV - 1, 2 do
  added = added + add(ARGV[i], ARGV[i + 1]) + add(ARGV[i + 1], ARGV[i])
end
return added
