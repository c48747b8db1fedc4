-- _common.lua: prepended by RedisScripts to every neardup script (one EVALSHA each).
--
-- KEYS[1]  {ns}:config   the namespace's settings hash; its hash tag puts every key the script
--                        derives from it ({ns}:...) in the same cluster slot
-- ARGV[1]  layout fingerprint (16 hex)        ARGV[2]  layout description (stored on first use)
-- ARGV[3]  Bloom shards                       ARGV[4]  Bloom cells per shard
-- ARGV[5]  Bloom k                            ARGV[6]  counting Bloom (0/1)
-- ARGV[7]  confirm exact (0/1)                ARGV[8]  registry / digest / core-term bucket keys
-- ARGV[9]  SimHash keys per table             ARGV[10] LSH band bucket keys
-- ARGV[11] SimHash max distance k             ARGV[12] max candidates
-- ARGV[13] scan cap for band / core buckets   ARGV[14] SimHash table masks, 8 bytes each
-- ARGV[15..] the script's own arguments (see each script's header)
--
-- Key names (mirrors org.neardup.index.redis.RedisKeys; P = "{ns}:"):
--   P..'config' hash   P..'n' counters hash   P..'top' zset seq -> copies
--   P..'u:'..i  registry  field urlhash(8)  -> seq
--   P..'r:'..i  records   field seq         -> cmsgpack record, i = floor(seq / 64)
--   P..'f:'..i  Bloom shard string (bits, or 4-bit counters)
--   P..'d:'..i  digest map field digest[1..8] -> seq
--   P..'s:'..t..':'..i  SimHash table t, string of entries: masked fingerprint bytes .. fingerprint 8
--                       .. seq 5 (big-endian)
--   P..'b:'..i  LSH bands   string of entries: address[5..8] .. seq 5
--   P..'c:'..i  core terms  string of entries: address(8) .. seq 5
--
-- Record (cmsgpack array): 1 verdict code, 2 original seq, 3 fetchedAt, 4 simhash (8 bytes, ""
-- when not in the near structures), 5 digest (16), 6 core-term address (8 or ""), 7 band
-- addresses (8 bytes each), 8 id ("" when equal to the url), 9 url, 10 title, 11 sketch.
--
-- Errors: every call goes through R(), which turns a Redis error into
-- "NEARDUP_WRONGTYPE key=<key> <error>"; settings drift is "NEARDUP_MISCONFIGURED key=...".
-- Redis does not roll a script back: all checks that can fail run before the first write.

local P = string.sub(KEYS[1], 1, #KEYS[1] - 6)
local CFG = KEYS[1]
local CTR = P .. 'n'
local TOP = P .. 'top'
local SHARDS = tonumber(ARGV[3])
local CELLS = tonumber(ARGV[4])
local K = tonumber(ARGV[5])
local COUNTING = ARGV[6] == '1'
local CONFIRM = ARGV[7] == '1'
local NU = tonumber(ARGV[8])
local NS = tonumber(ARGV[9])
local NB = tonumber(ARGV[10])
local MAXD = tonumber(ARGV[11])
local MAXC = tonumber(ARGV[12])
local CAP = tonumber(ARGV[13])
local MASKS = ARGV[14]
local NT = #MASKS / 8
local byte, sub, char, concat = string.byte, string.sub, string.char, table.concat
local band, bxor = bit.band, bit.bxor
local POP = {0,1,1,2,1,2,2,3,1,2,2,3,2,3,3,4,1,2,2,3,2,3,3,4,2,3,3,4,3,4,4,5,1,2,2,3,2,3,3,4,2,3,3,4,3,4,4,5,2,3,3,4,3,4,4,5,3,4,4,5,4,5,5,6,1,2,2,3,2,3,3,4,2,3,3,4,3,4,4,5,2,3,3,4,3,4,4,5,3,4,4,5,4,5,5,6,2,3,3,4,3,4,4,5,3,4,4,5,4,5,5,6,3,4,4,5,4,5,5,6,4,5,5,6,5,6,6,7,1,2,2,3,2,3,3,4,2,3,3,4,3,4,4,5,2,3,3,4,3,4,4,5,3,4,4,5,4,5,5,6,2,3,3,4,3,4,4,5,3,4,4,5,4,5,5,6,3,4,4,5,4,5,5,6,4,5,5,6,5,6,6,7,2,3,3,4,3,4,4,5,3,4,4,5,4,5,5,6,3,4,4,5,4,5,5,6,4,5,5,6,5,6,6,7,3,4,4,5,4,5,5,6,4,5,5,6,5,6,6,7,4,5,5,6,5,6,6,7,5,6,6,7,6,7,7,8}

local function R(cmd, key, ...)
  local r = redis.pcall(cmd, key, ...)
  if type(r) == 'table' and r.err then
    error('NEARDUP_WRONGTYPE key=' .. key .. ' ' .. r.err, 0)
  end
  return r
end

local function check_config()
  local fp = R('HGET', CFG, 'fp')
  if not fp then
    R('HSET', CFG, 'fp', ARGV[1], 'layout', ARGV[2])
  elseif fp ~= ARGV[1] then
    local stored = R('HGET', CFG, 'layout') or '?'
    error('NEARDUP_MISCONFIGURED key=' .. CFG .. ' stored: ' .. stored .. ' | this process: ' .. ARGV[2], 0)
  end
end

local function u32(s, i)
  local a, b, c, d = byte(s, i, i + 3)
  return ((a * 256 + b) * 256 + c) * 256 + d
end

local function seq5(seq)
  local hi = math.floor(seq / 4294967296)
  local lo = seq - hi * 4294967296
  return char(hi, math.floor(lo / 16777216), math.floor(lo / 65536) % 256, math.floor(lo / 256) % 256, lo % 256)
end

local function unseq5(s, i)
  local a, b, c, d, e = byte(s, i, i + 4)
  return (((a * 256 + b) * 256 + c) * 256 + d) * 256 + e
end

-- ---- records ----
local function rkey(seq) return P .. 'r:' .. math.floor(seq / 64) end

local function get_record(seq)
  local v = R('HGET', rkey(seq), seq)
  if not v then return nil end
  return cmsgpack.unpack(v)
end

local function put_record(seq, rec)
  R('HSET', rkey(seq), seq, cmsgpack.pack(rec))
end

-- the reply form of a page: {seq, code, original, fetchedAt, simhash(8), id, url, title, sketch}
local function page_reply(seq, rec)
  if not rec then return false end
  local id = rec[8]
  if id == '' then id = rec[9] end
  return {seq, rec[1], rec[2], rec[3], rec[4], id, rec[9], rec[10], rec[11]}
end

local function original_reply(rec)
  if not rec or rec[2] == 0 then return false end
  return page_reply(rec[2], get_record(rec[2]))
end

-- ---- Bloom filter ----
local function bloom_args(digest, op, arg)
  local shard = u32(digest, 1) % SHARDS
  local h1, h2 = u32(digest, 5), u32(digest, 9)
  local a = {}
  for i = 0, K - 1 do
    local pos = (h1 + i * h2) % CELLS
    if COUNTING then
      a[#a + 1] = op; a[#a + 1] = 'u4'; a[#a + 1] = '#' .. pos
    else
      a[#a + 1] = op; a[#a + 1] = 'u1'; a[#a + 1] = pos
    end
    if arg then a[#a + 1] = arg end
  end
  return P .. 'f:' .. shard, a
end

-- adds the digest; true when every cell was already set ("might have been seen")
local function bloom_add(digest)
  local key, a = bloom_args(digest, COUNTING and 'INCRBY' or 'SET', 1)
  local r
  if COUNTING then r = R('BITFIELD', key, 'OVERFLOW', 'SAT', unpack(a)) else r = R('BITFIELD', key, unpack(a)) end
  for i = 1, #r do
    if COUNTING then
      if r[i] < 2 then return false end
    elseif r[i] == 0 then return false end
  end
  return true
end

-- counting filter only: decrements the digest's counters, leaving saturated (15) ones alone
local function bloom_remove(digest)
  if not COUNTING then return end
  local key, a = bloom_args(digest, 'GET')
  local r = R('BITFIELD', key, unpack(a))
  local d = {}
  for i = 1, #r do
    if r[i] > 0 and r[i] < 15 then
      d[#d + 1] = 'INCRBY'; d[#d + 1] = 'u4'; d[#d + 1] = a[3 * i]; d[#d + 1] = -1
    end
  end
  if #d > 0 then R('BITFIELD', key, 'OVERFLOW', 'SAT', unpack(d)) end
end

-- ---- digest map ----
local function dkey(digest) return P .. 'd:' .. (u32(digest, 13) % NU), sub(digest, 1, 8) end

-- ---- bucket groups: SimHash tables, LSH bands, core terms ----
-- Every bucket structure is a set of plain string keys ("groups"); a group is the concatenation
-- of fixed-width entries  tag .. payload  where tag names the bucket inside the group. A page's
-- groups are all read with one MGET and all written back with one MSET, instead of one HGET and
-- one HSET per bucket. Entries are appended, so every bucket lists its pages earliest first.
--   SimHash table t: tag = fingerprint masked to the table's key bytes (its non-zero mask bytes),
--                    payload = fingerprint 8 + seq 5
--   LSH bands:       tag = address bytes 5..8 (bytes 1..4 choose the group), payload = seq 5
--   core terms:      tag = address (8), payload = seq 5

-- the bucket of fingerprint sh in table t: group key and tag
local function saddr(t, sh)
  local m = { byte(MASKS, t * 8 + 1, t * 8 + 8) }
  local f = {}
  local num = 0
  for j = 1, 8 do
    if m[j] ~= 0 then
      local b = band(byte(sh, j), m[j])
      f[#f + 1] = char(b)
      num = (num * 256 + b) % NS
    end
  end
  return P .. 's:' .. t .. ':' .. num, concat(f)
end

local function baddr(a8) return P .. 'b:' .. (u32(a8, 1) % NB), sub(a8, 5, 8) end
local function caddr(a8) return P .. 'c:' .. (u32(a8, 1) % NU), a8 end

-- the 1-based start of the first entry (width w) at or after init that begins with pat, or nil;
-- pat may be a whole entry. Unaligned occurrences (inside other entries) are skipped.
local find = string.find
local function find_entry(v, pat, init, w)
  while true do
    local p = find(v, pat, init, true)
    if not p then return nil end
    if (p - 1) % w == 0 then return p end
    init = p + 1
  end
end

-- the buckets of one page: list of {key, tag, width, entry}; SimHash tables first (NT of them),
-- then bands, then core. entry is the page's own entry (s5 = its 5-byte seq).
local function page_buckets(sh, bands, core, s5)
  local out = {}
  for t = 0, NT - 1 do
    local k, f = saddr(t, sh)
    out[#out + 1] = {k, f, #f + 13, f .. sh .. s5}
  end
  for i = 1, #bands, 8 do
    local k, f = baddr(sub(bands, i, i + 7))
    out[#out + 1] = {k, f, 9, f .. s5}
  end
  if core ~= '' then
    local k, f = caddr(core)
    out[#out + 1] = {k, f, 13, f .. s5}
  end
  return out
end

-- reads the groups of these buckets with one MGET: key -> value ('' when absent)
local function read_groups(bs)
  local ks, idx = {}, {}
  for i = 1, #bs do
    local k = bs[i][1]
    if not idx[k] then ks[#ks + 1] = k; idx[k] = true end
  end
  local vals = {}
  if #ks == 0 then return vals end
  local r = R('MGET', ks[1], unpack(ks, 2))
  for i = 1, #ks do vals[ks[i]] = r[i] or '' end
  return vals
end

-- writes changed groups back: one MSET for the non-empty ones, one DEL for the emptied ones
local function write_groups(vals, changed)
  local set, del = {}, {}
  for k in pairs(changed) do
    local v = vals[k]
    if v == '' then del[#del + 1] = k else set[#set + 1] = k; set[#set + 1] = v end
  end
  if #set > 0 then R('MSET', set[1], unpack(set, 2)) end
  if #del > 0 then R('DEL', del[1], unpack(del, 2)) end
end

-- removes page seq (record rec) from every structure except the registry
local function remove_page(seq, rec)
  local digest = rec[5]
  bloom_remove(digest)
  if CONFIRM then
    local k, f = dkey(digest)
    if R('HGET', k, f) == tostring(seq) then R('HDEL', k, f) end
  end
  local sh = rec[4]
  if sh ~= '' then
    local bs = page_buckets(sh, rec[7], rec[6], seq5(seq))
    local vals = read_groups(bs)
    local changed = {}
    for i = 1, #bs do
      local k, w, e = bs[i][1], bs[i][3], bs[i][4]
      local v = vals[k]
      local p = find_entry(v, e, 1, w)
      if p then
        vals[k] = sub(v, 1, p - 1) .. sub(v, p + w)
        changed[k] = true
      end
    end
    write_groups(vals, changed)
  end
  R('HDEL', rkey(seq), seq)
  R('ZREM', TOP, seq)
  R('HINCRBY', CTR, 'live', -1)
end

local function run(main)
  local ok, res = pcall(main)
  if ok then return res end
  if type(res) == 'table' and res.err then return redis.error_reply(res.err) end
  return redis.error_reply(tostring(res))
end
