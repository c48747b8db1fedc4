-- _common.lua: prepended by RedisScript to every neardup script (one EVALSHA each).
--
-- KEYS[1]  {ns}:config  the namespace's settings hash; its hash tag puts every key the script
--                       names ({ns}:...) in the same cluster slot
-- ARGV[1]  layout fingerprint (16 hex)   ARGV[2]  layout description (stored on first use)
-- ARGV[3]  layout parameters, packed by RedisCodec.params (big-endian):
--            1 flags (1 counting Bloom, 2 confirm exact)   2 SimHash max distance k
--            3-4 max candidates   5-6 scan cap of band / core buckets   7 NT = SimHash tables
--            8 Bloom k   9.. per table its tag bytes and non-key bytes (1 + 1); then G (the
--            SimHash group bits, 1), and, read only to remove a page: registry keys 4, Bloom
--            shards 4, Bloom cells per shard 4, SimHash blocks 1, the NT table masks 8 each
--            (IndexLayout)
-- ARGV[4..] the script's own arguments (see each script's header)
--
-- Key names: RedisKeys's rule, P .. kind (.. number), with P = "{ns}:" taken from KEYS[1] (the
-- config key the client names). The client sends the key names of a page it checks; the scripts
-- build names only for what the client cannot know before the call: a record or live bit by the
-- seq the script hands out, a removed page's keys from its record (re-crawl, remove, expire).
-- They are built below, in record_key, live_key, CTR, TOP, MIRRORS and rare()'s bloom_key, digest_key,
-- core_key, title_key and sim_address, and nowhere else; KeyNamesAgreeTest compares them, and the addresses
-- of bloom_block and sim_address, with what the client sends.
--   P..'config' hash   P..'n' counters hash   P..'top' zset seq -> copies
--   P..'m'      mirrors   field site hash(8) -> the hashes of its mirror sites, 8 bytes each
--   P..'u:'..i  registry  field urlhash(8)  -> seq
--   P..'r:'..i  records   field seq         -> record, i = floor(seq / 64)
--   P..'f:'..i  Bloom shard string of blocks of 512 cells (64 bytes of bits, or 256 bytes of
--               4-bit counters); a digest sets k cells of one block (BloomMath)
--   P..'d:'..i  digest map field digest[1..8] -> seq
--   P..'s:'..t..':'..g  SimHash table t, group g (the first G bits of the table's key): string
--               of entries tag .. non-key bits (.. seq 5 in table 0), IndexLayout.simhashEntry
--   P..'b:'..i  LSH bands   string of entries: address[5..8] .. seq 5
--   P..'c:'..i  core terms  string of entries: address(8) .. seq 5
--   P..'t:'..i  titles    field title key(8) -> originals (records 'u' or 's') recorded under it;
--                         field pattern key(8) -> pages recorded under the title's pattern
--                         (check_and_record.lua counts them, nothing uncounts them)
--
-- Record (built by the client, RedisRecord.encode, with verdict 'u' (or 's' without near lookup)
-- and no original; the script rewrites bytes 1-6 of an exact copy and of a near duplicate, and
-- sets flag 2 of a unique page whose check found candidates or its canonical):
--   1 verdict code (u e n s)   2-6 original seq (0 = none)   7-14 fetchedAt   15-30 digest
--   31-38 simhash (zeros when not in the near structures)
--   39 flags: 1 = near (in the near structures), 2 = its check found candidates or its canonical
--      and no decision about it has come since (set by the script; cleared by record_near.lua when
--      the detector says it stays unique, and by a replay whose second look finds nothing);
--      4 = a recheck (sent by the client, cleared before the record is stored); 8 = an earlier
--      version of the url may be in the index (set by check_and_record.lua when the page replaced
--      an original, or a copy with flag 8; kept by every rewrite of the record)
--   40-47 core-term address (zeros: none); no band addresses: removal leaves a page's band
--      entries, and lookups drop those of pages found gone (check_and_record.lua)
--   48-55 title key (PageEntry.titleKey: the site and the title; zeros: none): a record 'u' or
--      's' counts in P..'t:' under it (count_title in rare())
--   56.. url, id ("" when = url), title, sketch, each as varint length .. bytes
--
-- Errors: every call goes through R(), which turns a Redis error into
-- "NEARDUP_WRONGTYPE key=<key> <error>" for a key of another type, else "NEARDUP_ERR <error>
-- (key=<key>)" (out of memory at maxmemory, a replica after a failover: the client says which);
-- settings drift is "NEARDUP_MISCONFIGURED key=...". All are raised with error(), so the reply
-- is a script error containing that text (the client reads the first "NEARDUP_" marker). Redis
-- does not roll a script back: the drift check and a page's registry read come before its first
-- write; a foreign key type met later refuses the page after some of its writes (docs/STORE.md,
-- "Errors").
--
-- Cost notes (Redis 6.2 runs this whole file on every call, and the Lua around the commands costs
-- more than the commands themselves; callgrind, docs/STORE.md): each ARGV element, each new Lua
-- string, each closure (and each upvalue it captures) and each table costs about as much as a
-- cheap Redis command. So the client packs constants into ARGV[3], sends key names and whole
-- records; scripts keep their per-call code at the top level of the chunk (a function would be
-- one more closure capturing ~30 upvalues), except the per-page function of the multi-page
-- scripts, created once per call and shared by its pages; numbers go to Redis as strings ('1',
-- not 1: Redis formats a Lua number with snprintf); and rare paths build their helpers only when
-- they run.

local byte, sub, char, find, floor = string.byte, string.sub, string.char, string.find, math.floor
local band, bxor, rshift, type, unpack, tonumber = bit.band, bit.bxor, bit.rshift, type, unpack, tonumber
local rcall = redis.pcall
local CFG = KEYS[1]
local P = sub(CFG, 1, #CFG - 6)
local CTR = P .. 'n'
local TOP = P .. 'top'
local MIRRORS = P .. 'm'
local PR = ARGV[3]
local FLAGS, MAXD, MAXC1, MAXC2, CAP1, CAP2, NT, K = byte(PR, 1, 8)
local COUNTING, CONFIRM = FLAGS % 2 == 1, FLAGS >= 2
local MAXC, CAP = MAXC1 * 256 + MAXC2, CAP1 * 256 + CAP2

local function R(cmd, key, ...)
  local r = rcall(cmd, key, ...)
  if type(r) == 'table' and r.err then
    if find(r.err, 'WRONGTYPE', 1, true) then
      error('NEARDUP_WRONGTYPE key=' .. tostring(key) .. ' ' .. r.err, 0)
    end
    error('NEARDUP_ERR ' .. r.err .. ' (key=' .. tostring(key) .. ')', 0)
  end
  return r
end

-- every script starts here: the namespace's settings must be this process's (or are stored now)
do
  local fp = R('HGET', CFG, 'fp')
  if not fp then
    -- created (µs since 1970, TIME): which life of the namespace this is, so that compact.lua
    -- knows it was reset while it ran
    redis.replicate_commands() -- writes after TIME (6.2 with lua-replicate-commands no)
    local t = redis.call('TIME')
    R('HSET', CFG, 'fp', ARGV[1], 'layout', ARGV[2], 'created', t[1] .. string.format('%06d', t[2]))
  elseif fp ~= ARGV[1] then
    local stored = R('HGET', CFG, 'layout') or '?'
    error('NEARDUP_MISCONFIGURED key=' .. CFG .. ' stored: ' .. stored .. ' | this process: ' .. ARGV[2], 0)
  end
end

local function seq5(seq)
  local hi = floor(seq / 4294967296)
  local lo = seq - hi * 4294967296
  return char(hi, floor(lo / 16777216), floor(lo / 65536) % 256, floor(lo / 256) % 256, lo % 256)
end

-- A lookup's evidence for one page it found, one number (not a table per page: a page that shares
-- common band values finds hundreds): (hamming + 1) * HAM + core-term match * CORE + band hits,
-- hamming + 1 = 0 when not a SimHash neighbour. Band hits stay under CORE: a page has at most
-- 65,535 bands (2 bytes of its record).
local HAM, CORE = 131072, 65536
-- rank * SEQ + seq sorts by rank, then seq (seqs are 5 bytes)
local SEQ = 1099511627776

local function unseq5(s, i)
  local a, b, c, d, e = byte(s, i, i + 4)
  return (((a * 256 + b) * 256 + c) * 256 + d) * 256 + e
end

-- ---- records (layout in the header above) ----
-- the hash that holds page seq's record (field: seq)
local function record_key(seq)
  return P .. 'r:' .. floor(seq / 64)
end

-- the bitmap that says which seqs have a record (bit seq mod 2^32; compact.lua reads it)
local function live_key(seq)
  return P .. 'l:' .. floor(seq / 4294967296)
end

local function get_record(seq)
  return R('HGET', record_key(seq), seq)
end

-- the record with flags byte 39 set to f
local function with_flags(rec, f)
  return sub(rec, 1, 38) .. char(f) .. sub(rec, 40)
end

-- the url of a record: its first string
local function record_url(rec)
  local o = 56
  local len, mul = 0, 1
  while true do
    local b = byte(rec, o)
    o = o + 1
    len = len + (b % 128) * mul
    if b < 128 then break end
    mul = mul * 128
  end
  return sub(rec, o, o + len - 1)
end

-- the reply form of a page's original: {seq, record} (the client decodes the record), or false.
-- One step further when that original has become a duplicate itself since (a copy offered
-- before the original's own near decision was recorded: FingerprintStore.recordNear).
-- A copy whose original is gone (removed or re-crawled), or is a copy whose original is gone, is
-- an orphan: the page it copies left the store, and the copy was kept out of the index, so it
-- must not stand for that content. It is never a candidate, an exact match or a canonical
-- target, and offered again it is decided again (FingerprintStore, "Orphans"). The second value
-- says so (a second return value, not a helper: every closure costs each call).
local function original_reply(rec)
  local o = unseq5(rec, 2)
  if o == 0 then return false, false end
  local r = get_record(o)
  if not r then return false, true end
  local oo = unseq5(r, 2)
  if oo == 0 then return {o, r}, false end
  local r2 = get_record(oo)
  if r2 then return {oo, r2}, false end
  return false, true
end

-- ---- removal: a re-crawl (check_and_record.lua) and remove.lua; builds addresses in Lua ----

-- the 1-based start of the first entry (width w) at or after init that begins with pat, or nil;
-- pat may be a whole entry. Unaligned occurrences (inside other entries) are skipped.
local function find_entry(v, pat, init, w)
  while true do
    local p = find(v, pat, init, true)
    if not p then return nil end
    if (p - 1) % w == 0 then return p end
    init = p + 1
  end
end

-- ---- rare paths: removal (a re-crawl, remove.lua), the pages of a SimHash match outside
-- table 0, and ranking a lookup that found more than MAXC pages (rare in small namespaces; at
-- scale most lookups, but the helpers are built once per call, not per page). Redis runs this
-- whole file on every call, and every closure it creates costs, so these helpers are created
-- only by the calls that need them: rare().remove_page(...) ----
local RARE
local function rare()
  if RARE then return RARE end
  local BIT = {128, 64, 32, 16, 8, 4, 2, 1}
  local function u32(s, i)
    local a, b, c, d = byte(s, i, i + 3)
    return ((a * 256 + b) * 256 + c) * 256 + d
  end
  -- counting filter only: decrements the digest's counters, leaving saturated (15) ones alone
  local function bloom_remove(key, first, last, cells)
    local blk = R('GETRANGE', key, first, last)
    local b = {byte(blk, 1, #blk)}
    for i = 1, #cells, 2 do
      local c = byte(cells, i) * 256 + byte(cells, i + 1)
      local j = math.floor(c / 2) + 1
      local x = b[j] or 0
      local v, one = x % 16, 1
      if c % 2 == 0 then v, one = math.floor(x / 16), 16 end
      if v > 0 and v < 15 then b[j] = x - one end
    end
    if #blk > 0 then R('SETRANGE', key, first, char(unpack(b, 1, #blk))) end
  end

  -- ---- SimHash entries (IndexLayout.simhashEntry), for the rare paths: removal, and finding
  -- the pages of a fingerprint matched outside table 0 ----
  local SP = 10 + 2 * NT -- offset of the removal parameters in ARGV[3]
  local G = byte(PR, SP - 1)
  local MASKS = SP + 13
  local NU, SHARDS, CELLS = u32(PR, SP), u32(PR, SP + 4), u32(PR, SP + 8)

  -- the keys of a digest's Bloom shard and digest-map hash, and of a core-term address's group
  -- (16-byte digest, 8-byte address; RedisCodec names the same for the page's check)
  local function bloom_key(digest)
    return P .. 'f:' .. (u32(digest, 1) % SHARDS)
  end
  local function digest_key(digest)
    return P .. 'd:' .. (u32(digest, 13) % NU)
  end
  local function core_key(core)
    return P .. 'c:' .. (u32(core, 1) % NU)
  end
  -- an original (record 'u' or 's') counts under its title key in P..'t:' (CheckResult.titlePages);
  -- adds delta ('1' or '-1') for record rec, when it is an original with a title key; a count of 0
  -- leaves the hash
  local function title_key(tk)
    return P .. 't:' .. (u32(tk, 1) % NU)
  end
  local function count_title(rec, delta)
    local v = sub(rec, 1, 1)
    if v ~= 'u' and v ~= 's' then return end
    local tk = sub(rec, 48, 55)
    if tk == '\0\0\0\0\0\0\0\0' then return end
    local k = title_key(tk)
    if R('HINCRBY', k, tk, delta) <= 0 then R('HDEL', k, tk) end
  end
  -- a counting filter's block of a digest: its first byte in the shard, and its K cells in the
  -- block (2 bytes each), as BloomMath.blockOf and cellsInBlock place them
  local function bloom_block(digest)
    local h1, h2 = u32(digest, 9), u32(digest, 13)
    if h2 % 2 == 0 then h2 = h2 + 1 end
    local cells = {}
    for i = 0, K - 1 do
      local c = (h1 + i * h2) % 512
      cells[#cells + 1] = char(math.floor(c / 256), c % 256)
    end
    return (u32(digest, 5) % (CELLS / 512)) * 256, table.concat(cells)
  end

  -- the blocks (IndexLayout.masks): {first bit, width, in table t's key}; the first 64 % B are wider
  local function sim_blocks(t)
    local nb = byte(PR, SP + 12)
    local base, extra, out, s = math.floor(64 / nb), 64 % nb, {}, 0
    for b = 1, nb do
      local w = base + (b <= extra and 1 or 0)
      local key = bit.band(byte(PR, MASKS + 8 * t + math.floor(s / 8)), BIT[s % 8 + 1]) ~= 0
      out[b] = {s, w, key}
      s = s + w
    end
    return out
  end

  -- bits s..s+w-1 (w <= 16, 0 = most significant) of an 8-byte string, as a number
  local function bits16(fp, s, w)
    local i = math.floor(s / 8) + 1
    local a, b, c = byte(fp, i, i + 2)
    return math.floor(((a * 256 + (b or 0)) * 256 + (c or 0)) / 2 ^ (24 - s % 8 - w)) % 2 ^ w
  end

  -- packs bit fields left-aligned into bytes: add(v, w) appends the w low bits of v; add() ends
  local function bit_writer()
    local out, acc, n = {}, 0, 0
    return function(v, w)
      if not v then
        if n > 0 then out[#out + 1] = acc * 2 ^ (8 - n) end
        return char(unpack(out))
      end
      acc, n = acc * 2 ^ w + v, n + w
      while n >= 8 do
        local d = 2 ^ (n - 8)
        out[#out + 1] = math.floor(acc / d)
        acc, n = acc % d, n - 8
      end
    end
  end

  -- the group key and the entry (without seq) of fingerprint fp (8 bytes) in table t (0-based)
  local function sim_address(t, fp)
    local tag, rest = bit_writer(), bit_writer()
    local g, gn = 0, 0 -- the group: the first G key bits
    for _, bl in ipairs(sim_blocks(t)) do
      local s, w = bl[1], bl[2]
      while w > 0 do
        local c = w > 16 and 16 or w
        local v = bits16(fp, s, c)
        if not bl[3] then
          rest(v, c)
        else
          local take = math.min(G - gn, c)
          if take > 0 then
            g, gn = g * 2 ^ take + math.floor(v / 2 ^ (c - take)), gn + take
          end
          if c > take then tag(v % 2 ^ (c - take), c - take) end
        end
        s, w = s + c, w - c
      end
    end
    return P .. 's:' .. t .. ':' .. g, tag() .. rest()
  end

  -- the fingerprint positions of table t's non-key bits, in order
  local function rest_positions(t)
    local out = {}
    for _, bl in ipairs(sim_blocks(t)) do
      if not bl[3] then for p = bl[1], bl[1] + bl[2] - 1 do out[#out + 1] = p end end
    end
    return out
  end

  -- removes page seq (record rec) from every structure except the registry
  local function remove_page(seq, rec)
    local digest = sub(rec, 15, 30)
    -- the record first: at maxmemory (noeviction) Redis refuses a script's first write that may
    -- use memory (the Bloom counters' SETRANGE, a SET) and checks none after it; an HDEL it lets
    -- through, so pages can be removed and expired when memory is full
    R('HDEL', record_key(seq), seq)
    if COUNTING then
      local first, cells = bloom_block(digest)
      bloom_remove(bloom_key(digest), first, first + 255, cells)
    end
    if CONFIRM then
      local k, f = digest_key(digest), sub(digest, 1, 8)
      if R('HGET', k, f) == tostring(seq) then R('HDEL', k, f) end
    end
    if byte(rec, 39) % 2 == 1 then
      -- the page's buckets: {group key, entry}, as RedisCodec.addGroups builds them
      local sh, s5 = sub(rec, 31, 38), seq5(seq)
      local bs = {}
      -- Only table 0's entries carry the seq. A page the SimHash cap kept out of the tables (its
      -- fingerprint was there MAXC times) has no entry in table 0, and the entries of its
      -- fingerprint in the other tables are other pages': leave the tables alone.
      local k0, e0 = sim_address(0, sh)
      local v0 = R('GET', k0)
      if v0 and find_entry(v0, e0 .. s5, 1, #e0 + 5) then
        for t = 0, NT - 1 do
          local k, e = sim_address(t, sh)
          bs[#bs + 1] = {k, t == 0 and e .. s5 or e}
        end
      end
      -- band entries stay: lookups drop them when they find the page gone (check_and_record.lua)
      local core = sub(rec, 40, 47)
      if core ~= '\0\0\0\0\0\0\0\0' then
        bs[#bs + 1] = {core_key(core), core .. s5}
      end
      -- one GET per group, splice, SET (DEL when emptied); a group named twice is read again
      for i = 1, #bs do
        local k, e = bs[i][1], bs[i][2]
        local v = R('GET', k)
        local p = v and find_entry(v, e, 1, #e)
        if p then
          v = sub(v, 1, p - 1) .. sub(v, p + #e)
          if v == '' then R('DEL', k) else R('SET', k, v) end
        end
      end
    end
    -- a copy no longer counts for its original: the page it was counted for, or that page's
    -- original when it has become a copy since (record_near moved the count there)
    local o = unseq5(rec, 2)
    local r = o ~= 0 and get_record(o)
    if r then
      local m = tostring(unseq5(r, 2) ~= 0 and unseq5(r, 2) or o)
      local c = tonumber(R('ZSCORE', TOP, m) or '0')
      if c > 1 then R('ZINCRBY', TOP, '-1', m) elseif c > 0 then R('ZREM', TOP, m) end
    end
    count_title(rec, '-1')
    R('SETBIT', live_key(seq), seq % 4294967296, '0')
    R('ZREM', TOP, seq)
  end
  -- expiry: true when the record was fetched before the cutoff (ms, 0..2^53); a time before 1970
  -- (a negative long: first byte >= 128) counts as 0, as StoreMaintenance.expiryTime
  local function fetched_before(rec, cutoff)
    local a, b, c, d, e, f, g, h = byte(rec, 7, 14)
    if a >= 128 then return cutoff > 0 end
    return ((((((a * 256 + b) * 256 + c) * 256 + d) * 256 + e) * 256 + f) * 256 + g) * 256 + h < cutoff
  end
  -- the order a lookup with more than MAXC candidates keeps them (found: seq -> evidence, packed
  -- as HAM and CORE say; MemoryFingerprintStore.byEvidence): SimHash neighbours first, nearest
  -- first; then (among neighbours at one distance too) the most band hits plus core-term match,
  -- counted up to 255; then the earliest. Replaces each seq with its key rank * SEQ + seq (rank <
  -- 17 * 256: distances are at most 8) and sorts the keys: numbers compare in C, where a Lua
  -- comparator called hundreds of times would cost more than the rest of the lookup. The caller
  -- takes seq = key % SEQ of the keys it reads.
  local function rank_keys(seqs, found)
    for i = 1, #seqs do
      local s = seqs[i]
      local c = found[s]
      local h = floor(c / HAM) -- hamming + 1
      local e = c % CORE + floor(c / CORE) % 2
      if e > 255 then e = 255 end
      seqs[i] = ((h > 0 and h - 1 or 16) * 256 + 255 - e) * SEQ + s
    end
    table.sort(seqs)
  end
  -- candidates (5 slots each, the first {seq, record}) sorted by seq (numbers sorted in C: a Lua
  -- comparator would cost more than the rest of the ranking)
  local function by_seq(cands)
    local at, seqs, out = {}, {}, {}
    for i = 1, #cands, 5 do
      local s = cands[i][1]
      at[s] = i
      seqs[#seqs + 1] = s
    end
    table.sort(seqs)
    for _, s in ipairs(seqs) do
      local i = at[s]
      for k = i, i + 4 do out[#out + 1] = cands[k] end
    end
    return out
  end
  -- v (a band group) without the entries of bucket tag e (entries of width w) whose page is in
  -- gone (seq -> true): the entries removal left (remove_page), found by a lookup; and how many
  local function drop_entries(v, e, w, gone)
    local out, from = {}, 1
    local p = find_entry(v, e, 1, w)
    while p do
      if gone[unseq5(v, p + #e)] then
        out[#out + 1] = sub(v, from, p - 1)
        from = p + w
      end
      p = find_entry(v, e, p + w, w)
    end
    if from == 1 then return v, 0 end
    out[#out + 1] = sub(v, from)
    return table.concat(out), #out - 1
  end
  RARE = {sim_address = sim_address, rest_positions = rest_positions, remove_page = remove_page,
    bloom_key = bloom_key, digest_key = digest_key, core_key = core_key, bloom_block = bloom_block,
    title_key = title_key, count_title = count_title,
    fetched_before = fetched_before, rank_keys = rank_keys, by_seq = by_seq,
    drop_entries = drop_entries, BIT = BIT}
  return RARE
end
