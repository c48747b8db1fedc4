-- key_names.lua (tests only): the key names and SimHash entries _common.lua builds, for
-- KeyNamesAgreeTest to compare with the client's.
--
-- KEYS[1]   {ns}:config            ARGV[1..3] the layout (see _common.lua)
-- ARGV[4]   a seq                  ARGV[5] a record (RedisRecord.encode)
--
-- Reply: the counters and top keys; the record hash and live bitmap of the seq; the Bloom shard,
-- digest map and core-term group of the record's digest and core-term address; the first byte of
-- the digest's counting-filter block and its cells; then per SimHash table the group key and the
-- entry (without seq) of the record's SimHash; then the mirrors hash; last, the titles hash of the
-- record's title key.

local seq, rec = tonumber(ARGV[4]), ARGV[5]
local r = rare()
local digest = sub(rec, 15, 30)
local first, cells = r.bloom_block(digest)
local out = {CTR, TOP, record_key(seq), live_key(seq), r.bloom_key(digest), r.digest_key(digest),
  r.core_key(sub(rec, 40, 47)), first, cells}
for t = 0, NT - 1 do
  local k, e = r.sim_address(t, sub(rec, 31, 38))
  out[#out + 1] = k
  out[#out + 1] = e
end
out[#out + 1] = MIRRORS
out[#out + 1] = r.title_key(sub(rec, 48, 55))
return out
